//! The storage adapter: the only code that touches `localStorage`.
//!
//! Each game lives under its own keys, so one unreadable game never hides the others: a head
//! (`sk.game.<id>`: schema version, settings, number of events) and its events in chunks of
//! [`CHUNK`] (`sk.events.<id>.<n>`). A save rewrites only the chunks that changed and then the
//! head, so a press in a long game writes a few kilobytes, not the whole game. A stored value
//! that cannot be read is moved aside under `sk.quarantine.<time>.<original key>`, never
//! deleted, and reported.

use std::cell::RefCell;
use std::collections::HashMap;

use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsCast;

use crate::core::record::{GameRecord, RECORD_SCHEMA, TimedEvent};

/// The schema of the stored layout; bump and migrate when it changes.
pub const STORAGE_SCHEMA: u32 = 1;
/// Events per stored chunk.
pub const CHUNK: usize = 64;
const GAME_PREFIX: &str = "sk.game.";
const EVENTS_PREFIX: &str = "sk.events.";
const QUARANTINE_PREFIX: &str = "sk.quarantine.";

/// The head of a stored game: everything but its events, which are in chunks.
#[derive(Serialize, Deserialize)]
struct Head {
    schema: u32,
    id: String,
    created_ms: i64,
    saved_at_ms: i64,
    event_count: usize,
    /// The record with its events left out.
    record: GameRecord,
}

/// A stored game the app loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredGame {
    pub id: String,
    /// When the game was created on this phone (Unix ms): the order of the game list.
    pub created_ms: i64,
    pub record: GameRecord,
}

/// A stored value that could not be read, kept aside under `kept_as`.
#[derive(Clone, Debug, PartialEq)]
pub struct StorageProblem {
    pub key: String,
    pub kept_as: Option<String>,
    pub message: String,
}

/// What loading found: the games, and anything that could not be read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadReport {
    pub games: Vec<StoredGame>,
    pub problems: Vec<StorageProblem>,
}

/// Why a save did not reach storage.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveError {
    /// The browser refused the write: storage is full or disabled.
    Refused(String),
    /// The game could not be turned into JSON (a bug, never expected).
    Encode(String),
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Refused(why) => write!(
                f,
                "This phone refused to save the game ({why}). The game keeps running; free some space or export games from the home screen."
            ),
            SaveError::Encode(why) => write!(f, "The game could not be encoded for saving: {why}"),
        }
    }
}

thread_local! {
    /// For each game, how many events were last written and the last of them: a record that
    /// still has that event at that place only grew, so only its last chunks are rewritten.
    static WRITTEN: RefCell<HashMap<String, (usize, Option<TimedEvent>)>> = RefCell::new(HashMap::new());
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

fn chunk_key(id: &str, n: usize) -> String {
    format!("{EVENTS_PREFIX}{id}.{n}")
}

fn chunks_for(len: usize) -> usize {
    len.div_ceil(CHUNK)
}

/// Saves one game; called on every change. Only the chunks holding changed events are
/// rewritten, then the head, so an interrupted save leaves the last complete state readable.
pub fn save_game(game: &StoredGame, now_ms: i64) -> Result<(), SaveError> {
    let store =
        storage().ok_or_else(|| SaveError::Refused("local storage is not available".into()))?;
    let events = &game.record.events;
    let (first_changed, old_chunks) = WRITTEN.with(|w| {
        let w = w.borrow();
        match w.get(&game.id) {
            Some((len, last)) => {
                let grew =
                    *len <= events.len() && (*len == 0 || events.get(*len - 1) == last.as_ref());
                (if grew { *len } else { 0 }, chunks_for(*len))
            }
            None => (0, 0),
        }
    });
    let new_chunks = chunks_for(events.len());
    // A game that shrank (an undo) first loses the chunks past its new end, so that no
    // interrupted save can leave a stale chunk behind a full one for the loader to read.
    for n in new_chunks..old_chunks {
        let _ = store.remove_item(&chunk_key(&game.id, n));
    }
    for n in first_changed / CHUNK..new_chunks {
        let slice = &events[n * CHUNK..((n + 1) * CHUNK).min(events.len())];
        let json = serde_json::to_string(slice).map_err(|e| SaveError::Encode(e.to_string()))?;
        store
            .set_item(&chunk_key(&game.id, n), &json)
            .map_err(|e| SaveError::Refused(js_error_text(&e)))?;
    }
    let head = Head {
        schema: STORAGE_SCHEMA,
        id: game.id.clone(),
        created_ms: game.created_ms,
        saved_at_ms: now_ms,
        event_count: events.len(),
        record: GameRecord {
            schema: game.record.schema,
            settings: game.record.settings.clone(),
            events: Vec::new(),
        },
    };
    let json = serde_json::to_string(&head).map_err(|e| SaveError::Encode(e.to_string()))?;
    store
        .set_item(&format!("{GAME_PREFIX}{}", game.id), &json)
        .map_err(|e| SaveError::Refused(js_error_text(&e)))?;
    WRITTEN.with(|w| {
        w.borrow_mut()
            .insert(game.id.clone(), (events.len(), events.last().cloned()))
    });
    Ok(())
}

/// Removes one game from storage.
pub fn delete_game(id: &str) {
    let Some(store) = storage() else {
        return;
    };
    for key in game_keys(&store, id) {
        let _ = store.remove_item(&key);
    }
    let _ = store.remove_item(&side_key(id));
    WRITTEN.with(|w| w.borrow_mut().remove(id));
}

/// The head key and every chunk key of a game.
fn game_keys(store: &web_sys::Storage, id: &str) -> Vec<String> {
    let prefix = format!("{EVENTS_PREFIX}{id}.");
    let mut keys = vec![format!("{GAME_PREFIX}{id}")];
    keys.extend(
        all_keys(store)
            .into_iter()
            .filter(|k| k.starts_with(&prefix)),
    );
    keys
}

fn all_keys(store: &web_sys::Storage) -> Vec<String> {
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .collect()
}

/// Loads every stored game; unreadable values are moved aside and reported.
pub fn load_all(now_ms: i64) -> LoadReport {
    let mut report = LoadReport::default();
    let Some(store) = storage() else {
        report.problems.push(StorageProblem {
            key: String::new(),
            kept_as: None,
            message: "This browser does not allow the app to store games (private mode or storage disabled). Games will be lost when the page closes.".into(),
        });
        return report;
    };
    for key in all_keys(&store) {
        let Some(id) = key.strip_prefix(GAME_PREFIX) else {
            continue;
        };
        match load_game(&store, id) {
            Ok(game) => {
                WRITTEN.with(|w| {
                    w.borrow_mut().insert(
                        game.id.clone(),
                        (game.record.events.len(), game.record.events.last().cloned()),
                    )
                });
                report.games.push(game);
            }
            Err(message) => {
                // Keep every key of the game aside, together, under one time stamp.
                let mut kept_head = None;
                for k in game_keys(&store, id) {
                    let Ok(Some(raw)) = store.get_item(&k) else {
                        continue;
                    };
                    let kept_as = format!("{QUARANTINE_PREFIX}{now_ms}.{k}");
                    if store.set_item(&kept_as, &raw).is_ok() {
                        let _ = store.remove_item(&k);
                        if k == key {
                            kept_head = Some(kept_as);
                        }
                    }
                }
                report.problems.push(StorageProblem {
                    key: key.clone(),
                    kept_as: kept_head,
                    message,
                });
            }
        }
    }
    report
        .games
        .sort_by_key(|g| std::cmp::Reverse(g.created_ms));
    report
}

fn load_game(store: &web_sys::Storage, id: &str) -> Result<StoredGame, String> {
    let raw = store
        .get_item(&format!("{GAME_PREFIX}{id}"))
        .ok()
        .flatten()
        .unwrap_or_default();
    let head = decode_head(&raw)?;
    // Chunks are read in order up to the first partial or missing one. A save cut short
    // between its chunks and its head leaves chunks newer than the head: they are the later
    // truth. Stale chunks never follow a full one: a save removes them before anything else.
    let mut events = Vec::with_capacity(head.event_count);
    for n in 0.. {
        let Some(raw) = store.get_item(&chunk_key(id, n)).ok().flatten() else {
            break;
        };
        let chunk: Vec<TimedEvent> = serde_json::from_str(&raw).map_err(|e| {
            format!("Part {} of a stored game's moves is damaged ({e}). The game was kept aside so it can be exported for repair.", n + 1)
        })?;
        let last = chunk.len() < CHUNK;
        events.extend(chunk);
        if last {
            break;
        }
    }
    let mut record = head.record;
    record.events = events;
    Ok(StoredGame {
        id: head.id,
        created_ms: head.created_ms,
        record,
    })
}

/// Reads a stored head back: `Err` says in words why it cannot be used.
fn decode_head(raw: &str) -> Result<Head, String> {
    let value: serde_json::Value = serde_json::from_str(raw)
        .map_err(|e| format!("A stored game is damaged (not valid JSON: {e}). It was kept aside so it can be exported for repair."))?;
    let schema = value.get("schema").and_then(|s| s.as_u64());
    match schema {
        Some(s) if s > u64::from(STORAGE_SCHEMA) => {
            return Err(format!(
                "A stored game was saved by a newer version of the app (storage version {s}, this app reads {STORAGE_SCHEMA}). Update the app to open it; it was kept aside."
            ));
        }
        Some(_) => {}
        None => {
            return Err(
                "A stored value does not look like a game of this app. It was kept aside.".into(),
            );
        }
    }
    let head: Head = serde_json::from_value(value).map_err(|e| {
        format!("A stored game could not be read ({e}). It was kept aside so it can be exported for repair.")
    })?;
    if head.record.schema > RECORD_SCHEMA {
        return Err(format!(
            "A stored game record is from a newer version of the app (record version {}). Update the app to open it; it was kept aside.",
            head.record.schema
        ));
    }
    Ok(head)
}

/// The player's choices for the clock: sounds, vibration, spoken count. Not part of any game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Prefs {
    /// Beeps when time runs low and on each of the last ten seconds of a period.
    pub sound: bool,
    /// A buzz on each press.
    pub vibrate: bool,
    /// The last seconds spoken aloud in overtime.
    pub voice: bool,
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            sound: false,
            vibrate: true,
            voice: false,
        }
    }
}

const PREFS_KEY: &str = "sk.prefs";

/// The stored preferences, or the defaults when none (or unreadable ones) are stored.
pub fn load_prefs() -> Prefs {
    storage()
        .and_then(|s| s.get_item(PREFS_KEY).ok().flatten())
        .and_then(|raw| serde_json::from_str(&raw).ok())
        .unwrap_or_default()
}

/// Stores the preferences.
pub fn save_prefs(prefs: Prefs) {
    if let (Some(store), Ok(json)) = (storage(), serde_json::to_string(&prefs)) {
        let _ = store.set_item(PREFS_KEY, &json);
    }
}

fn side_key(id: &str) -> String {
    format!("sk.side.{id}")
}

/// Whether the clock of game `id` has Black at the top (the side White chose), so a reload
/// never swaps the halves under the players' hands.
pub fn load_swapped(id: &str) -> bool {
    storage()
        .and_then(|s| s.get_item(&side_key(id)).ok().flatten())
        .is_some_and(|v| v == "1")
}

/// Stores which way round the clock of game `id` is.
pub fn save_swapped(id: &str, swapped: bool) {
    if let Some(store) = storage() {
        let _ = store.set_item(&side_key(id), if swapped { "1" } else { "0" });
    }
}

/// Every quarantined value, for export: `(key, raw text)`.
pub fn quarantined_values() -> Vec<(String, String)> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .filter(|k| k.starts_with(QUARANTINE_PREFIX))
        .filter_map(|k| store.get_item(&k).ok().flatten().map(|v| (k, v)))
        .collect()
}

fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string().unwrap_or_else(|| "unknown error".into())
}

const BOARD_PREFS_KEY: &str = "sk.prefs.board";

/// How the player likes the board, kept between visits (not part of any game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardPrefs {
    /// Coordinates around the board.
    pub coords: bool,
    /// Move numbers on the stones.
    pub numbers: bool,
    /// On 19x19 the first tap shows a ghost stone and the second plays.
    pub confirm: bool,
    /// Entering a move presses the clock.
    pub press_clock: bool,
}

impl Default for BoardPrefs {
    fn default() -> BoardPrefs {
        BoardPrefs {
            coords: true,
            numbers: false,
            confirm: false,
            press_clock: false,
        }
    }
}

/// The board preferences; the defaults when none are stored or they cannot be read.
pub fn load_board_prefs() -> BoardPrefs {
    LocalStorage::get(BOARD_PREFS_KEY).unwrap_or_default()
}

/// Keeps the board preferences for the next visit (a refusal only loses the preference).
pub fn save_board_prefs(prefs: BoardPrefs) {
    let _ = LocalStorage::set(BOARD_PREFS_KEY, prefs);
}

// What other tabs write, how much room the app takes and the session copies of refused games
// live beside the layout above; none of them changes how a game is written.
mod shared;
mod stash;
mod usage;
pub use shared::{KeyOf, key_of, read_claim, reload_game, remove_claim, write_claim};
pub use stash::{stash, stashed, unstash};
pub use usage::{delete_kept_values, keep_aside, usage};
