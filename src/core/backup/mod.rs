//! One file holding every game on the phone, and putting such a file back: reading it with a
//! message a person understands for each way it can be wrong, and a plan that merges it with
//! the games already here. A game already here is never replaced unless the person chose so.
//!
//! The file: `{"format":"go-scorekeeper-backup","version":1,"exported_ms":…,
//! "games":[{"id":…,"created_ms":…,"record":{…}}]}`, where each record is the game record as
//! the app stores it (settings and the event log).

use std::collections::HashSet;
use std::fmt;

use super::store::json::{self, Json, Value};

mod merge;

pub use merge::{Choice, Conflict, MergePlan, Write};

use super::record::{GameRecord, RECORD_SCHEMA};
use super::text::{t, tf};

/// The `format` field that marks a backup of this app.
pub const BACKUP_FORMAT: &str = "go-scorekeeper-backup";
/// The version of the backup format this app writes and reads.
pub const BACKUP_VERSION: u64 = 1;
/// The longest game id accepted from a file.
pub(crate) const MAX_ID_LEN: usize = 64;

/// One game in a backup: its id on the phone it came from, when it was stored there, and the
/// record.
#[derive(Clone, Debug, PartialEq)]
pub struct BackupGame {
    /// The game's id (letters, digits, `-` and `_`).
    pub id: String,
    /// When it was stored on the phone it came from (Unix ms).
    pub created_ms: i64,
    /// The record.
    pub record: GameRecord,
}

/// The backup file of `games` (id, time stored, record), made at `exported_ms`.
pub fn export<'a>(
    games: impl IntoIterator<Item = (&'a str, i64, &'a GameRecord)>,
    exported_ms: i64,
) -> String {
    let games = games
        .into_iter()
        .map(|(id, created_ms, record)| {
            Value::Object(vec![
                ("id".into(), Value::str(id)),
                ("created_ms".into(), created_ms.to_json()),
                ("record".into(), record.to_json()),
            ])
        })
        .collect();
    Value::Object(vec![
        ("format".into(), Value::str(BACKUP_FORMAT)),
        ("version".into(), BACKUP_VERSION.to_json()),
        ("exported_ms".into(), exported_ms.to_json()),
        ("games".into(), Value::Array(games)),
    ])
    .to_text()
}

/// Why a file cannot be read as a backup at all (nothing in it is imported).
#[derive(Clone, Debug, PartialEq)]
pub enum BackupError {
    /// The file is empty.
    Empty,
    /// The file is an SGF game record.
    Sgf,
    /// The file is not JSON text.
    NotJson(String),
    /// The file is JSON, but not a backup of this app.
    NotABackup,
    /// The file is a backup made by a newer version of the app.
    NewerVersion(u64),
    /// The file says it is a backup but has no list of games.
    NoGames,
}

impl fmt::Display for BackupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BackupError::Empty => f.write_str(t("The file is empty: it holds no games.")),
            BackupError::Sgf => f.write_str(t(
                "This is a single game record (SGF), not a backup: open it with “Import SGF”.",
            )),
            BackupError::NotJson(why) => f.write_str(&tf(
                "This file is not a backup of this app: it is not the text a backup holds ({}).",
                &[why],
            )),
            BackupError::NotABackup => f.write_str(t(
                "This file is not a backup of this app: it comes from another program or holds something else.",
            )),
            BackupError::NewerVersion(v) => f.write_str(&tf(
                "This backup was made by a newer version of the app (backup version {}; this app reads version {}). Update the app, then import it again.",
                &[v, &BACKUP_VERSION],
            )),
            BackupError::NoGames => f.write_str(t(
                "This backup is damaged: its list of games is missing.",
            )),
        }
    }
}

impl std::error::Error for BackupError {}

/// A game in the file that cannot be imported, and why; the others still can.
#[derive(Clone, Debug, PartialEq)]
pub struct DamagedGame {
    /// Its place in the file, from 1.
    pub position: usize,
    /// Who played, when the file still says so; else its id, else empty.
    pub label: String,
    /// Why it cannot be imported.
    pub reason: String,
}

impl fmt::Display for DamagedGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.label.is_empty() {
            f.write_str(&tf("Game {}: {}", &[&self.position, &self.reason]))
        } else {
            f.write_str(&tf(
                "Game {} ({}): {}",
                &[&self.position, &self.label, &self.reason],
            ))
        }
    }
}

/// What a backup file holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Backup {
    /// When it was made (Unix ms), if it says.
    pub exported_ms: Option<i64>,
    /// The games that can be imported, in the file's order.
    pub games: Vec<BackupGame>,
    /// The games that cannot, with the reasons.
    pub damaged: Vec<DamagedGame>,
}

/// Reads a backup file. A file that is not a backup is refused as a whole; a damaged game is
/// reported in `damaged` and the others are kept.
pub fn parse(text: &str) -> Result<Backup, BackupError> {
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if trimmed.is_empty() {
        return Err(BackupError::Empty);
    }
    if trimmed.starts_with('(') && trimmed.contains(';') {
        return Err(BackupError::Sgf);
    }
    let value = json::parse(trimmed).map_err(|e| BackupError::NotJson(e.to_string()))?;
    if value.as_object().is_none() {
        return Err(BackupError::NotABackup);
    }
    let object = &value;
    if object.get("format").and_then(Value::as_str) != Some(BACKUP_FORMAT) {
        return Err(BackupError::NotABackup);
    }
    match object.get("version").and_then(Value::as_u64) {
        Some(v) if v > BACKUP_VERSION => return Err(BackupError::NewerVersion(v)),
        Some(v) if v >= 1 => {}
        _ => return Err(BackupError::NotABackup),
    }
    let Some(list) = object.get("games").and_then(Value::as_array) else {
        return Err(BackupError::NoGames);
    };
    let mut backup = Backup {
        exported_ms: object.get("exported_ms").and_then(Value::as_i64),
        games: Vec::new(),
        damaged: Vec::new(),
    };
    let mut seen = HashSet::new();
    for (i, entry) in list.iter().enumerate() {
        match read_game(entry) {
            Ok(game) if !seen.insert(game.id.clone()) => backup.damaged.push(DamagedGame {
                position: i + 1,
                label: players(&game.record),
                reason: tf(
                    "its id “{}” is already used by an earlier game in the same file",
                    &[&game.id],
                ),
            }),
            Ok(game) => backup.games.push(game),
            Err(reason) => backup.damaged.push(DamagedGame {
                position: i + 1,
                label: label_of(entry),
                reason,
            }),
        }
    }
    Ok(backup)
}

fn read_game(entry: &Value) -> Result<BackupGame, String> {
    if entry.as_object().is_none() {
        return Err(t("it is not a game").to_string());
    }
    let object = entry;
    let id = match object.get("id").and_then(Value::as_str) {
        None => return Err(t("it has no id").to_string()),
        Some(id) if !valid_id(id) => {
            return Err(tf(
                "its id is not one this app makes (letters, digits, - and _, at most {})",
                &[&MAX_ID_LEN],
            ));
        }
        Some(id) => id.to_string(),
    };
    let Some(record) = object.get("record") else {
        return Err(t("its record is missing").to_string());
    };
    if let Some(schema) = record.get("schema").and_then(Value::as_u64)
        && schema > u64::from(RECORD_SCHEMA)
    {
        return Err(tf(
            "it was recorded by a newer version of the app (record version {}); update the app to import it",
            &[&schema],
        ));
    }
    let record =
        GameRecord::from_json(record).map_err(|e| tf("its record cannot be read ({})", &[&e]))?;
    record
        .replay()
        .map_err(|e| tf("its record does not make a game: {}", &[&e]))?;
    let created_ms = match object.get("created_ms") {
        None => record.events().first().map_or(0, |e| e.at_ms),
        Some(v) => v
            .as_i64()
            .ok_or_else(|| t("its time of creation is not a number of milliseconds").to_string())?,
    };
    Ok(BackupGame {
        id,
        created_ms,
        record,
    })
}

/// Whether an id from a file is safe to use as a storage key and in a link.
pub fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

fn players(record: &GameRecord) -> String {
    let s = &record.settings;
    let name = |n: &str, fallback: &'static str| {
        if n.trim().is_empty() {
            fallback.to_string()
        } else {
            n.trim().to_string()
        }
    };
    format!(
        "{} – {}",
        name(&s.black, t("Black")),
        name(&s.white, t("White"))
    )
}

/// What a damaged entry still tells about itself: its players, else its id.
fn label_of(entry: &Value) -> String {
    let settings = entry.get("record").and_then(|r| r.get("settings"));
    let name = |key: &str| {
        settings
            .and_then(|s| s.get(key))
            .and_then(Value::as_str)
            .map(str::trim)
            .filter(|n| !n.is_empty())
    };
    match (name("black"), name("white")) {
        (None, None) => entry
            .get("id")
            .and_then(Value::as_str)
            .map(|id| id.chars().take(MAX_ID_LEN).collect())
            .unwrap_or_default(),
        (b, w) => format!(
            "{} – {}",
            b.unwrap_or_else(|| t("Black")),
            w.unwrap_or_else(|| t("White"))
        ),
    }
}
