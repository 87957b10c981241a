//! The app's shared state: every stored game, what loading found, and the commands that change a
//! game. Each change is saved at once through the storage adapter.

use leptos::prelude::*;

use super::storage::{self, StorageProblem, StoredGame};
use super::time::now_ms;
use crate::core::backup::Write;
use crate::core::history::SummaryCache;
use crate::core::record::GameRecord;

/// Shared through context to every page.
#[derive(Clone, Copy)]
pub struct AppState {
    /// Every game on this phone, newest first.
    pub games: RwSignal<Vec<StoredGame>>,
    /// Stored values that could not be read (kept aside), shown on the home screen.
    pub problems: RwSignal<Vec<StorageProblem>>,
    /// The last save that failed, shown until a save succeeds.
    pub save_error: RwSignal<Option<String>>,
    /// A new version of the app is installed and waits to be activated between games.
    pub update_waiting: RwSignal<bool>,
    /// The game deleted last, offered for undo.
    pub last_deleted: RwSignal<Option<StoredGame>>,
    /// The summaries the game list showed last: a game is replayed again only when it changed.
    pub summaries: StoredValue<SummaryCache>,
}

impl AppState {
    /// Loads the stored games.
    pub fn load() -> AppState {
        let report = storage::load_all(now_ms());
        AppState {
            games: RwSignal::new(report.games),
            problems: RwSignal::new(report.problems),
            save_error: RwSignal::new(None),
            update_waiting: RwSignal::new(false),
            last_deleted: RwSignal::new(None),
            summaries: StoredValue::new({
                let mut cache = SummaryCache::new();
                cache.seed(storage::load_settled());
                cache
            }),
        }
    }

    /// A copy of the game with this id, tracked (prefer `with_game` to read a part of it).
    pub fn game(&self, id: &str) -> Option<GameRecord> {
        self.with_game(id, GameRecord::clone)
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
        self.save(&game);
        self.games.update(|games| games.insert(0, game));
        id
    }

    /// Changes one game and saves it at once. `change` returns an error message to refuse.
    pub fn update<R>(&self, id: &str, change: impl FnOnce(&mut GameRecord) -> R) -> Option<R> {
        let mut out = None;
        self.games.update(|games| {
            if let Some(g) = games.iter_mut().find(|g| g.id == id) {
                out = Some(change(&mut g.record));
                self.save(g);
            }
        });
        out
    }

    /// Deletes a game from the phone.
    pub fn delete(&self, id: &str) {
        storage::delete_game(id);
        self.games.update(|games| games.retain(|g| g.id != id));
    }

    /// Puts a deleted game back.
    pub fn restore(&self, game: StoredGame) {
        self.save(&game);
        self.last_deleted.set(None);
        self.games.update(|games| {
            games.push(game);
            games.sort_by_key(|g| std::cmp::Reverse(g.created_ms));
        });
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
                // afresh rather than after the chunks the old game left.
                storage::delete_game(&game.id);
                outcome.replaced += 1;
            } else {
                outcome.added += 1;
            }
            if !self.save(&game) {
                outcome.unsaved += 1;
            }
            stored.push(game);
        }
        self.games.update(|games| {
            for game in stored {
                match games.iter_mut().find(|g| g.id == game.id) {
                    Some(here) => *here = game,
                    None => games.push(game),
                }
            }
            games.sort_by_key(|g| std::cmp::Reverse(g.created_ms));
        });
        outcome
    }

    fn save(&self, game: &StoredGame) -> bool {
        match storage::save_game(game, now_ms()) {
            Ok(()) => {
                if self.save_error.get_untracked().is_some() {
                    self.save_error.set(None);
                }
                true
            }
            Err(e) => {
                self.save_error.set(Some(e.to_string()));
                false
            }
        }
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

/// Shows the outcome of a change in `message`: cleared on success, the reason on refusal.
/// True when the change was made.
pub fn report(message: RwSignal<Option<String>>, outcome: Option<Result<(), String>>) -> bool {
    match outcome {
        Some(Ok(())) => {
            message.set(None);
            true
        }
        Some(Err(e)) => {
            message.set(Some(e));
            false
        }
        None => false,
    }
}

/// The shared state; pages call this.
pub fn use_app() -> AppState {
    expect_context::<AppState>()
}

fn new_id() -> String {
    let rand = (js_sys::Math::random() * f64::from(u32::MAX)) as u32;
    format!("{:x}-{:08x}", now_ms(), rand)
}
