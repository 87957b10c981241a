//! The storage adapter: the only code that touches `localStorage`.
//!
//! Each game lives under its own key (`sk.game.<id>`), wrapped in an envelope that carries the
//! schema version, so one unreadable game never hides the others. A stored value that cannot be
//! read is moved aside under `sk.quarantine.<time>.<original key>`, never deleted, and reported.

use gloo_storage::{LocalStorage, Storage};
use serde::{Deserialize, Serialize};

use crate::core::record::{GameRecord, RECORD_SCHEMA};

/// The schema of the stored envelope; bump and migrate when the layout changes.
pub const STORAGE_SCHEMA: u32 = 1;
const GAME_PREFIX: &str = "sk.game.";
const QUARANTINE_PREFIX: &str = "sk.quarantine.";

/// One game as it is stored.
#[derive(Serialize, Deserialize)]
struct Envelope {
    schema: u32,
    id: String,
    created_ms: i64,
    saved_at_ms: i64,
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
    pub quarantined: Vec<String>,
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

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// Saves one game; called on every change.
pub fn save_game(game: &StoredGame, now_ms: i64) -> Result<(), SaveError> {
    let envelope = Envelope {
        schema: STORAGE_SCHEMA,
        id: game.id.clone(),
        created_ms: game.created_ms,
        saved_at_ms: now_ms,
        record: game.record.clone(),
    };
    let json = serde_json::to_string(&envelope).map_err(|e| SaveError::Encode(e.to_string()))?;
    let store =
        storage().ok_or_else(|| SaveError::Refused("local storage is not available".into()))?;
    store
        .set_item(&format!("{GAME_PREFIX}{}", game.id), &json)
        .map_err(|e| SaveError::Refused(js_error_text(&e)))
}

/// Removes one game from storage.
pub fn delete_game(id: &str) {
    LocalStorage::delete(format!("{GAME_PREFIX}{id}"));
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
    let len = store.length().unwrap_or(0);
    let keys: Vec<String> = (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .collect();
    for key in keys {
        if key.starts_with(QUARANTINE_PREFIX) {
            report.quarantined.push(key);
            continue;
        }
        let Some(id) = key.strip_prefix(GAME_PREFIX) else {
            continue;
        };
        let Ok(Some(raw)) = store.get_item(&key) else {
            continue;
        };
        match decode(&raw) {
            Ok(envelope) => report.games.push(StoredGame {
                id: id.to_string(),
                created_ms: envelope.created_ms,
                record: envelope.record,
            }),
            Err(message) => {
                let kept_as = format!("{QUARANTINE_PREFIX}{now_ms}.{key}");
                let kept = store.set_item(&kept_as, &raw).is_ok();
                if kept {
                    let _ = store.remove_item(&key);
                }
                report.quarantined.push(kept_as.clone());
                report.problems.push(StorageProblem {
                    key,
                    kept_as: kept.then_some(kept_as),
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

/// Reads a stored value back: `Err` says in words why it cannot be used.
fn decode(raw: &str) -> Result<Envelope, String> {
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
    let envelope: Envelope = serde_json::from_value(value).map_err(|e| {
        format!("A stored game could not be read ({e}). It was kept aside so it can be exported for repair.")
    })?;
    if envelope.record.schema > RECORD_SCHEMA {
        return Err(format!(
            "A stored game record is from a newer version of the app (record version {}). Update the app to open it; it was kept aside.",
            envelope.record.schema
        ));
    }
    Ok(envelope)
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

use wasm_bindgen::JsCast;

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
