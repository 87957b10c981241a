//! The bookkeeping of saves: the games whose last change the browser refused to store (kept
//! in the tab's session storage and written again as soon as there is room), the games another
//! tab or window wrote since this tab read them (not written from here until read again), the
//! words of the last refusal, and this tab's copy of a game kept aside when another tab's
//! replaces it.

use leptos::prelude::*;

use super::device;
use super::storage::{self, StorageProblem, StoredGame};
use super::time::now_ms;
use crate::core::record::LogChange;
use crate::core::store::json;
use crate::core::text::{t, tf};

/// What is not saved, and why.
#[derive(Clone, Copy)]
pub struct Saves {
    /// Games whose last changes the browser refused to store (storage full): they keep running
    /// in memory and are written again on each change, after a delete, on a timer and when the
    /// page is hidden.
    pub unsaved: RwSignal<Vec<String>>,
    /// Games another tab or window changed since this tab read them. They are not written from
    /// here until read again, so two tabs never overwrite each other.
    pub changed_elsewhere: RwSignal<Vec<String>>,
    /// The last save that failed, shown until every unsaved game is written.
    pub error: RwSignal<Option<String>>,
}

impl Saves {
    /// With `unsaved` games still to write (found stashed at load).
    pub fn new(unsaved: Vec<String>) -> Saves {
        Saves {
            unsaved: RwSignal::new(unsaved),
            changed_elsewhere: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
        }
    }

    /// Whether game `id` waits to be written.
    pub fn is_unsaved(&self, id: &str) -> bool {
        self.unsaved.with_untracked(|u| u.iter().any(|g| g == id))
    }

    /// Game `id` is gone or read again: nothing of it is left to write.
    pub fn forget(&self, id: &str) {
        for list in [self.unsaved, self.changed_elsewhere] {
            if list.with_untracked(|l| l.iter().any(|g| g == id)) {
                list.update(|l| l.retain(|g| g != id));
            }
        }
    }

    /// Saves one game; false when it was not written (refused, or changed by another tab).
    pub fn save(&self, game: &StoredGame) -> bool {
        let id = &game.id;
        // Another tab wrote this game since: writing here would overwrite its record.
        if self.changed_elsewhere.with_untracked(|c| c.contains(id)) {
            return false;
        }
        let listed = self.is_unsaved(id);
        match storage::save_game(game, now_ms()) {
            Err(storage::SaveError::ChangedElsewhere) => {
                // Found before the browser told: from now on as if it had.
                self.changed_elsewhere.update(|c| c.push(id.clone()));
                false
            }
            Ok(()) => {
                if listed {
                    storage::unstash(id);
                    self.unsaved.update(|u| u.retain(|g| g != id));
                }
                self.settle_error();
                true
            }
            Err(e) => {
                if !listed {
                    self.unsaved.update(|u| u.push(id.clone()));
                }
                // The tab's session storage keeps it across a reload meanwhile.
                storage::stash(game);
                let message = e.to_string();
                if self.error.with_untracked(|m| m.as_ref() != Some(&message)) {
                    self.error.set(Some(message));
                }
                false
            }
        }
    }

    /// Clears the warning once nothing is left unsaved.
    pub fn settle_error(&self) {
        if self.unsaved.with_untracked(Vec::is_empty) && self.error.with_untracked(Option::is_some)
        {
            self.error.set(None);
        }
    }
}

/// Keeps this tab's copy of `game` aside with the values that could not be read: the report of
/// it, or the copy's JSON when storage refused it.
pub fn put_aside(game: &StoredGame) -> Result<StorageProblem, String> {
    let json = json::to_text(&game.record);
    storage::keep_aside(&format!("this-tab.{}", game.id), &json, now_ms())
        .map(kept_problem)
        .map_err(|_| json)
}

/// Keeps this tab's copy of `game` aside (reported in `problems`), or offers it as a download
/// when even that is refused.
pub fn keep_aside(
    problems: RwSignal<Vec<StorageProblem>>,
    game: &StoredGame,
) -> Result<(), String> {
    match put_aside(game) {
        Ok(problem) => {
            problems.update(|p| p.push(problem));
            Ok(())
        }
        Err(json) => device::download(
            &format!("scorekeeper-{}-this-tab.json", game.id),
            &json,
            "application/json",
        )
        .map_err(|e| {
            tf(
                "This tab's copy of the game could be neither stored nor downloaded ({}); it was not replaced.",
                &[&e],
            )
        }),
    }
}

/// The report of this tab's copy of a game, kept aside under `key`.
fn kept_problem(key: String) -> StorageProblem {
    StorageProblem {
        key: String::new(),
        kept_as: Some(key),
        message: t("Another tab or window changed a game this tab had changed too; this tab's copy was kept aside.").into(),
    }
}

/// Whether this tab's copy holds something the stored one lacks: other settings, or events the
/// stored log does not start with.
pub fn only_here(local: &StoredGame, stored: Option<&StoredGame>) -> bool {
    match stored {
        Some(s) => s.record.compared_to(&local.record) == LogChange::Other,
        None => !local.record.events().is_empty(),
    }
}
