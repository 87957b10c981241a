//! The app's shared state: every stored game, what loading found, and the commands that change a
//! game. Each change is saved at once through the storage adapter; a change the browser refuses
//! to store stays in memory and is written again as soon as there is room, and a game another
//! tab or window changed is not written from here until this tab has read it again.

use std::cell::Cell;

use leptos::prelude::*;

use super::parts::set_changed;
use super::saving::{self, Saves};
use super::storage::{self, StorageProblem, StoredGame};
use super::time::now_ms;
use crate::core::backup::Write;
use crate::core::history::{GameIndex, GameSummary};
use crate::core::live::{Command, CommandError, Done, LiveMut, LiveState, Refusal};
use crate::core::record::{GameRecord, ReplayError};

/// Shared through context to every page.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every game on this phone, newest first: the one keeper of each record. It notifies when
    /// the list or a game's settings change; the moves and presses of the game being shown
    /// notify through `live` alone, so a press does not wake what reads the list.
    pub games: RwSignal<Vec<StoredGame>>,
    /// Stored values that could not be read (kept aside), shown on the home screen.
    pub problems: RwSignal<Vec<StorageProblem>>,
    /// A new version of the app is installed and waits to be activated between games.
    pub update_waiting: RwSignal<bool>,
    /// The game deleted last, offered for undo.
    pub last_deleted: RwSignal<Option<StoredGame>>,
    /// What the game list shows of each game, as stored beside the games: the list is drawn
    /// from it, and a game is replayed only when its entry does not fit its record.
    pub index: StoredValue<GameIndex>,
    /// Games saved since their entry of the index was last written.
    pub index_due: StoredValue<Vec<String>>,
    /// Changes of the index's entries: what the game list is drawn from.
    pub listed: RwSignal<u64>,
    /// Whether `games` holds the stored games yet: they are read after the first screen is
    /// drawn (`loading`), which shows the list from the index meanwhile.
    pub loaded: RwSignal<bool>,
    /// Games stored when the app started, counted from their keys alone: with no index yet
    /// (stored by an earlier version), the list waits for them rather than greeting a new
    /// player.
    pub stored_at_start: usize,
    /// Whether the list needs the stored games read once it is up (`storage::AtStart`):
    /// otherwise they are read when a screen, a change of another tab or the list's delete,
    /// undo or backup needs them.
    pub read_at_start: bool,
    /// What is not saved, and why (`saving`).
    pub saves: Saves,
    /// Games this tab shows that another tab or window shows too.
    pub open_elsewhere: RwSignal<Vec<String>>,
    /// Whether the browser keeps the app's storage when the phone runs low on space (`None`
    /// until the browser has said).
    pub persisted: RwSignal<Option<bool>>,
    /// What the record of the game being shown has made of its board, clock and count, kept
    /// in step with the record in `games` by every change of it (`dispatch`, `put`) and dropped
    /// when the record leaves the list, so a command needs no replay. Every command goes
    /// through `dispatch`.
    pub live: RwSignal<Option<LiveGame>>,
}

/// The live state of one stored game, or why its record cannot be played.
#[derive(Clone, Debug, PartialEq)]
pub struct LiveGame {
    /// The stored game's id.
    pub id: String,
    /// What its record has made of the game, or the damage that stops its replay.
    pub state: Result<LiveState, ReplayError>,
}

impl AppState {
    /// The app's state as it starts: the index of the stored games, read line by line, and no
    /// game yet; `loading` reads the games once the first screen is drawn.
    pub fn start() -> AppState {
        let storage::AtStart {
            index,
            stored: stored_at_start,
            read: read_at_start,
        } = storage::load_index();
        AppState {
            games: RwSignal::new(Vec::new()),
            problems: RwSignal::new(Vec::new()),
            update_waiting: RwSignal::new(false),
            last_deleted: RwSignal::new(None),
            index: StoredValue::new(index),
            index_due: StoredValue::new(Vec::new()),
            listed: RwSignal::new(0),
            loaded: RwSignal::new(false),
            stored_at_start,
            read_at_start,
            saves: Saves::new(Vec::new()),
            open_elsewhere: RwSignal::new(Vec::new()),
            persisted: RwSignal::new(None),
            live: RwSignal::new(None),
        }
    }

    /// Reads the stored games, with the changes this tab could not store before a reload. The
    /// list brings its index up to date with them when it is shown (`reconcile`).
    pub fn take_stored(&self) {
        let report = storage::load_all(now_ms());
        let mut games = report.games;
        let mut problems = report.problems;
        let mut unsaved = Vec::new();
        for copy in storage::stashed() {
            match games.iter_mut().find(|g| g.id == copy.id) {
                Some(stored) if saving::only_here(stored, Some(&copy)) => {
                    // Another tab wrote the game since: keep this tab's copy aside.
                    if let Ok(problem) = saving::put_aside(&copy) {
                        problems.push(problem);
                        storage::unstash(&copy.id);
                    }
                }
                Some(stored) => {
                    unsaved.push(copy.id.clone());
                    *stored = copy;
                }
                None => {
                    unsaved.push(copy.id.clone());
                    games.push(copy);
                }
            }
        }
        storage::newest_first(&mut games);
        self.games.set(games);
        self.problems.update(|p| p.extend(problems));
        self.saves.unsaved.set(unsaved);
        self.loaded.set(true);
        self.retry_unsaved();
    }

    /// The list's summaries, newest first, tracked, from the index alone: no record is read.
    pub fn listed(&self) -> Vec<GameSummary> {
        self.listed.track();
        self.index
            .try_with_value(|index| index.listed(now_ms()))
            .unwrap_or_default()
    }

    /// Brings the index up to date with the games (an entry missing, stale or unreadable made
    /// again, one of a game no longer stored dropped), writes it, and tells the list.
    pub fn reconcile(&self) {
        self.games.with_untracked(|_| self.summaries_untracked());
    }

    /// The summary of every game, newest first, tracked, from the index: a game is replayed
    /// only when its entry does not fit its record (missing, stale, unreadable), and the
    /// entries made again are written for the next visit.
    pub fn summaries(&self) -> Vec<GameSummary> {
        self.games.track();
        self.summaries_untracked()
    }

    fn summaries_untracked(&self) -> Vec<GameSummary> {
        let now = now_ms();
        let list = self.games.with_untracked(|games| {
            self.live.with_untracked(|live| {
                let live = live.as_ref().and_then(|l| {
                    let state = l.state.as_ref().ok()?;
                    Some((l.id.as_str(), state.count(), state.clock()))
                });
                self.index.try_update_value(|index| {
                    index.summaries(
                        games
                            .iter()
                            .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
                        live,
                        now,
                    )
                })
            })
        });
        self.write_index();
        list.unwrap_or_default()
    }

    /// Game `id` was saved: its entry of the index is written again a moment later, from the
    /// live game when it is that one, so a press pays for no more than this note.
    fn index_soon(&self, id: &str) {
        self.index_due.update_value(|due| {
            if !due.iter().any(|d| d == id) {
                due.push(id.to_string());
            }
        });
        if INDEX_TIMER.with(|t| t.replace(true)) {
            return;
        }
        let app = *self;
        set_timeout(
            move || {
                INDEX_TIMER.with(|t| t.set(false));
                app.write_index();
            },
            std::time::Duration::from_millis(1_000),
        );
    }

    /// Writes the entries of the games saved since they were last written, and any other
    /// entry made or dropped since (the page calls this when it is hidden too).
    pub fn write_index(&self) {
        let Some(due) = self.index_due.try_update_value(std::mem::take) else {
            return;
        };
        let now = now_ms();
        for id in due {
            self.games.with_untracked(|games| {
                let Some(game) = games.iter().find(|g| g.id == id) else {
                    return;
                };
                self.live.with_untracked(|live| {
                    self.index.update_value(|index| match live {
                        Some(LiveGame {
                            id: live_id,
                            state: Ok(state),
                        }) if *live_id == id => {
                            index.saved(
                                &id,
                                game.created_ms,
                                &game.record,
                                state.count(),
                                state.clock(),
                                now,
                            );
                        }
                        _ => index.made_again(&id, game.created_ms, &game.record, now),
                    });
                });
            });
        }
        if let Some(writes) = self.index.try_update_value(GameIndex::take_writes)
            && !(writes.0.is_empty() && writes.1.is_empty())
        {
            storage::write_index(writes);
            self.listed.update(|n| *n = n.wrapping_add(1));
        }
    }

    /// Reads the game with this id without copying it, tracked.
    pub fn with_game<R>(&self, id: &str, read: impl FnOnce(&GameRecord) -> R) -> Option<R> {
        self.games
            .with(|games| games.iter().find(|g| g.id == id).map(|g| read(&g.record)))
    }

    /// Stores a new game and returns its id.
    pub fn create(&self, record: GameRecord) -> String {
        let game = StoredGame {
            id: new_id(),
            created_ms: now_ms(),
            record,
        };
        let id = game.id.clone();
        self.saves.save(&game);
        self.games.update(|games| games.insert(0, game));
        self.index_soon(&id);
        id
    }

    /// Makes stored game `id` the live one, replaying its record once, unless it is already:
    /// every change of the live game's record keeps its state in step where it is made, and a
    /// record that leaves the list takes its state with it. Untracked.
    pub fn make_live(&self, id: &str) {
        let change = self.games.with_untracked(|games| {
            let record = games.iter().find(|g| g.id == id).map(|g| &g.record);
            self.live.with_untracked(|current| match (current, record) {
                (_, None) => current.is_some().then_some(None),
                (Some(live), Some(_)) if live.id == id => None,
                (_, Some(r)) => Some(Some(LiveGame {
                    id: id.to_string(),
                    state: LiveState::load(r),
                })),
            })
        });
        if let Some(next) = change {
            self.live.set(next);
        }
    }

    /// Reads the live game `id` with its record, tracked; `None` when it is not stored here,
    /// the error when its record cannot be played.
    pub fn with_live<R>(
        &self,
        id: &str,
        read: impl FnOnce(&LiveState, &GameRecord) -> R,
    ) -> Option<Result<R, ReplayError>> {
        self.live.with(|l| match l {
            Some(LiveGame { id: live_id, state }) if live_id == id => match state {
                Ok(state) => self.games.with_untracked(|games| {
                    let game = games.iter().find(|g| g.id == id)?;
                    Some(Ok(read(state, &game.record)))
                }),
                Err(e) => Some(Err(e.clone())),
            },
            _ => None,
        })
    }

    /// Puts `fresh` in the place of the list's copy of its game (`at`), and keeps the live
    /// state in step when it is the live game: only the events added are applied where the log
    /// only grew. Untracked: the caller notifies `live` once the list is written.
    fn put(&self, games: &mut [StoredGame], at: usize, fresh: StoredGame) {
        self.live.update_untracked(|l| {
            let Some(live) = l.as_mut().filter(|l| l.id == fresh.id) else {
                return;
            };
            let record = &mut games[at].record;
            let stepped = live
                .state
                .as_mut()
                .is_ok_and(|state| LiveMut { record, state }.follow(&fresh.record).is_ok());
            if !stepped {
                live.state = LiveState::load(&fresh.record);
            }
        });
        games[at] = fresh;
    }

    /// The one door of every change to a game: runs `command` on the live game `id` at `at`
    /// and saves the game at once.
    pub fn dispatch(&self, id: &str, at: i64, command: &Command) -> Result<Done, CommandError> {
        // The game shown is live already; another game is loaded first.
        if self
            .live
            .with_untracked(|l| l.as_ref().is_none_or(|l| l.id != id))
        {
            self.make_live(id);
        }
        let mut changed = false;
        let outcome = self.games.try_update_untracked(|games| {
            let game = games.iter_mut().find(|g| g.id == id)?;
            self.live.try_update_untracked(|l| match l {
                Some(LiveGame { id: live_id, state }) if live_id == id => Some(match state {
                    Ok(state) => {
                        let before = state.revision();
                        let outcome = LiveMut {
                            record: &mut game.record,
                            state,
                        }
                        .run(at, command);
                        changed = state.revision() != before;
                        if changed {
                            self.saves.save(game);
                        }
                        outcome
                    }
                    Err(e) => Err(CommandError::Record(e.clone())),
                }),
                _ => None,
            })?
        });
        if changed {
            self.live.notify();
            self.index_soon(id);
            // The change reached storage, so there may be room for the others now.
            if !self.saves.is_unsaved(id) {
                self.retry_unsaved();
            }
        }
        outcome
            .flatten()
            .unwrap_or(Err(CommandError::Refused(Refusal::NotStored)))
    }

    /// Runs a page's `command` (a clock, board or count command) on game `id` at the time now,
    /// through [`AppState::dispatch`]: what a tap does, whichever page or component it is on.
    pub fn run(&self, id: &str, command: impl Into<Command>) -> Result<(), CommandError> {
        self.dispatch(id, now_ms(), &command.into()).map(|_| ())
    }

    /// Deletes a game from the phone.
    pub fn delete(&self, id: &str) {
        storage::delete_game(id);
        storage::remove_claim(id);
        storage::unstash(id);
        self.games.update(|games| games.retain(|g| g.id != id));
        self.index.update_value(|index| index.remove(id));
        self.write_index();
        self.forget_live(id);
        self.saves.forget(id);
        self.retry_unsaved();
    }

    /// Drops the live state of game `id` once its record has left the list, so a copy of the
    /// game that comes back (an undo, an import, another tab) is replayed, not taken for the
    /// game that left.
    fn forget_live(&self, id: &str) {
        if self
            .live
            .with_untracked(|l| l.as_ref().is_some_and(|l| l.id == id))
        {
            self.live.set(None);
        }
    }

    /// Puts a deleted game back (over a copy of it that came back meanwhile, as stored).
    pub fn restore(&self, game: StoredGame) {
        self.saves.save(&game);
        self.index_soon(&game.id);
        self.last_deleted.set(None);
        self.games
            .update(|games| match games.iter().position(|g| g.id == game.id) {
                Some(at) => self.put(games, at, game),
                None => {
                    games.push(game);
                    storage::newest_first(games);
                }
            });
        self.live.notify();
    }

    /// Adds and replaces games from a backup, as the person chose, and saves each.
    pub fn import(&self, writes: Vec<Write>) -> Imported {
        let mut outcome = Imported::default();
        let mut stored = Vec::with_capacity(writes.len());
        for write in writes {
            let (game, replace) = match write {
                Write::Add(g) => (g, false),
                Write::Replace(g) => (g, true),
            };
            let game = StoredGame {
                id: game.id,
                created_ms: game.created_ms,
                record: game.record,
            };
            if replace {
                // The replacement is a different log, not a longer one: its keys are written
                // afresh rather than after the chunks the old game left. It is first written
                // whole under a spare id, so that a crash while the stored game is rewritten
                // leaves one whole copy (listed as a game of its own); the spare goes once the
                // game is written.
                let spare = StoredGame {
                    id: format!("{}-incoming", game.id),
                    ..game.clone()
                };
                let spare_written = storage::save_game(&spare, now_ms()).is_ok();
                storage::delete_game(&game.id);
                let saved = self.saves.save(&game);
                if spare_written && saved {
                    storage::delete_game(&spare.id);
                }
                if !saved {
                    outcome.unsaved += 1;
                }
                outcome.replaced += 1;
            } else {
                outcome.added += 1;
                if !self.saves.save(&game) {
                    outcome.unsaved += 1;
                }
            }
            self.index_soon(&game.id);
            stored.push(game);
        }
        self.games.update(|games| {
            for game in stored {
                match games.iter().position(|g| g.id == game.id) {
                    Some(at) => self.put(games, at, game),
                    None => games.push(game),
                }
            }
            storage::newest_first(games);
        });
        self.live.notify();
        outcome
    }

    /// Writes again every game whose last save was refused; the warning goes once all are written.
    pub fn retry_unsaved(&self) {
        let ids = self.saves.unsaved.get_untracked();
        if ids.is_empty() {
            return;
        }
        let pending: Vec<StoredGame> = self.games.with_untracked(|games| {
            games
                .iter()
                .filter(|g| ids.contains(&g.id))
                .cloned()
                .collect()
        });
        // A game deleted meanwhile has nothing left to write.
        if pending.len() < ids.len() {
            self.saves
                .unsaved
                .update(|u| u.retain(|id| pending.iter().any(|g| &g.id == id)));
        }
        for game in &pending {
            self.saves.save(game);
        }
        self.saves.settle_error();
    }

    /// Reads game `id` again as another tab or window left it, and writes it from here again.
    /// Whatever only this tab had (changes made after the other tab's) is kept aside first with
    /// the values that could not be read, or offered as a download when even that is refused.
    pub fn reload(&self, id: &str) -> Result<(), String> {
        let fresh = storage::reload_game(id)?;
        let local = self
            .games
            .with_untracked(|games| games.iter().find(|g| g.id == id).cloned());
        if let Some(local) = local.filter(|l| saving::only_here(l, fresh.as_ref())) {
            saving::keep_aside(self.problems, &local)?;
        }
        self.replace(id, fresh);
        Ok(())
    }

    /// Writes game `id` again from this tab's copy, when what is stored is an earlier state of it
    /// that this tab wrote (an earlier document of the tab, writing late).
    pub fn write_again(&self, id: &str) {
        let game = self
            .games
            .with_untracked(|games| games.iter().find(|g| g.id == id).cloned());
        if let Some(game) = game {
            self.saves.save(&game);
        }
    }

    /// Follows a game another tab changed when this tab has nothing of it left to write.
    pub fn follow(&self, id: &str) {
        if let Ok(fresh) = storage::reload_game(id) {
            self.replace(id, fresh);
        }
    }

    fn replace(&self, id: &str, fresh: Option<StoredGame>) {
        let gone = fresh.is_none();
        self.games.update(|games| {
            let at = games.iter().position(|g| g.id == id);
            match (at, fresh) {
                (Some(i), Some(f)) => self.put(games, i, f),
                (Some(i), None) => {
                    games.remove(i);
                }
                (None, Some(f)) => {
                    games.push(f);
                    storage::newest_first(games);
                }
                (None, None) => {}
            }
        });
        if gone {
            self.forget_live(id);
        }
        self.live.notify();
        storage::unstash(id);
        self.saves.forget(id);
        self.saves.settle_error();
    }
}

/// What an import did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Imported {
    /// Games added (new ones and copies).
    pub added: usize,
    /// Games replaced by the file's, as chosen.
    pub replaced: usize,
    /// Games the phone refused to store (they are listed until the page closes).
    pub unsaved: usize,
}

/// Shows the outcome of a change in `message`: cleared on success, the reason in words on
/// refusal. True when the change was made.
pub fn report<T>(message: RwSignal<Option<String>>, outcome: Result<T, CommandError>) -> bool {
    match outcome {
        Ok(_) => {
            // Written only when a message was shown: a press wakes nothing here.
            set_changed(message, &None);
            true
        }
        Err(e) => {
            message.set(Some(e.to_string()));
            false
        }
    }
}

thread_local! {
    /// Whether the index is to be written a moment from now already.
    static INDEX_TIMER: Cell<bool> = const { Cell::new(false) };
}

/// The shared state; pages call this.
pub fn use_app() -> AppState {
    expect_context::<AppState>()
}

fn new_id() -> String {
    let rand = (js_sys::Math::random() * f64::from(u32::MAX)) as u32;
    format!("{:x}-{:08x}", now_ms(), rand)
}
