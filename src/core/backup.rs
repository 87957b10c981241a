//! One file holding every game on the phone, and putting such a file back: reading it with a
//! message a person understands for each way it can be wrong, and a plan that merges it with
//! the games already here. A game already here is never replaced unless the person chose so.
//!
//! The file: `{"format":"go-scorekeeper-backup","version":1,"exported_ms":…,
//! "games":[{"id":…,"created_ms":…,"record":{…}}]}`, where each record is the game record as
//! the app stores it (settings and the event log).

use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use super::record::{GameRecord, RECORD_SCHEMA};

/// The `format` field that marks a backup of this app.
pub const BACKUP_FORMAT: &str = "go-scorekeeper-backup";
/// The version of the backup format this app writes and reads.
pub const BACKUP_VERSION: u64 = 1;
/// The longest game id accepted from a file.
const MAX_ID_LEN: usize = 64;

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

#[derive(Serialize)]
struct FileOut<'a> {
    format: &'static str,
    version: u64,
    exported_ms: i64,
    games: Vec<GameOut<'a>>,
}

#[derive(Serialize)]
struct GameOut<'a> {
    id: &'a str,
    created_ms: i64,
    record: &'a GameRecord,
}

/// The backup file of `games` (id, time stored, record), made at `exported_ms`.
pub fn export<'a>(
    games: impl IntoIterator<Item = (&'a str, i64, &'a GameRecord)>,
    exported_ms: i64,
) -> String {
    let file = FileOut {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        exported_ms,
        games: games
            .into_iter()
            .map(|(id, created_ms, record)| GameOut {
                id,
                created_ms,
                record,
            })
            .collect(),
    };
    // Records hold only strings, numbers and lists: encoding them cannot fail.
    serde_json::to_string(&file).unwrap_or_default()
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
            BackupError::Empty => write!(f, "The file is empty: it holds no games."),
            BackupError::Sgf => write!(
                f,
                "This is a single game record (SGF), not a backup: open it with “Import SGF”."
            ),
            BackupError::NotJson(why) => write!(
                f,
                "This file is not a backup of this app: it is not the text a backup holds ({why})."
            ),
            BackupError::NotABackup => write!(
                f,
                "This file is not a backup of this app: it comes from another program or holds something else."
            ),
            BackupError::NewerVersion(v) => write!(
                f,
                "This backup was made by a newer version of the app (backup version {v}; this app reads version {BACKUP_VERSION}). Update the app, then import it again."
            ),
            BackupError::NoGames => {
                write!(f, "This backup is damaged: its list of games is missing.")
            }
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
            write!(f, "Game {}: {}", self.position, self.reason)
        } else {
            write!(
                f,
                "Game {} ({}): {}",
                self.position, self.label, self.reason
            )
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
    let value: Value =
        serde_json::from_str(trimmed).map_err(|e| BackupError::NotJson(e.to_string()))?;
    let Some(object) = value.as_object() else {
        return Err(BackupError::NotABackup);
    };
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
                reason: format!(
                    "its id “{}” is already used by an earlier game in the same file",
                    game.id
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
    let Some(object) = entry.as_object() else {
        return Err("it is not a game".to_string());
    };
    let id = match object.get("id").and_then(Value::as_str) {
        None => return Err("it has no id".to_string()),
        Some(id) if !valid_id(id) => {
            return Err(format!(
                "its id is not one this app makes (letters, digits, - and _, at most {MAX_ID_LEN})"
            ));
        }
        Some(id) => id.to_string(),
    };
    let Some(record) = object.get("record") else {
        return Err("its record is missing".to_string());
    };
    if let Some(schema) = record.get("schema").and_then(Value::as_u64)
        && schema > u64::from(RECORD_SCHEMA)
    {
        return Err(format!(
            "it was recorded by a newer version of the app (record version {schema}); update the app to import it"
        ));
    }
    let record: GameRecord = serde_json::from_value(record.clone())
        .map_err(|e| format!("its record cannot be read ({e})"))?;
    record
        .replay()
        .map_err(|e| format!("its record does not make a game: {e}"))?;
    let created_ms = match object.get("created_ms") {
        None => record.events.first().map_or(0, |e| e.at_ms),
        Some(v) => v
            .as_i64()
            .ok_or_else(|| "its time of creation is not a number of milliseconds".to_string())?,
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
    format!("{} – {}", name(&s.black, "Black"), name(&s.white, "White"))
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
        (b, w) => format!("{} – {}", b.unwrap_or("Black"), w.unwrap_or("White")),
    }
}

/// A game in the file whose id is already used here by a different record.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The game in the file; the one here has the same id.
    pub theirs: BackupGame,
}

/// What importing a backup would do, before anything is written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MergePlan {
    /// Games not on the phone: they are added.
    pub new: Vec<BackupGame>,
    /// Games already here with the same record: skipped. Each with the id it has here.
    pub already_here: Vec<(BackupGame, String)>,
    /// Games whose id is used here by a different record: the person chooses.
    pub conflicts: Vec<Conflict>,
    /// Every id used here, so that a copy gets a new one.
    taken: HashSet<String>,
}

/// What to do with a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Keep the game on the phone; skip the one in the file.
    KeepMine,
    /// Replace the game on the phone by the one in the file.
    TakeTheirs,
    /// Keep the game on the phone and add the one in the file under a new id.
    KeepBoth,
}

impl Choice {
    /// All choices, in the order they are offered.
    pub const ALL: [Choice; 3] = [Choice::KeepMine, Choice::TakeTheirs, Choice::KeepBoth];

    /// The words on the choice.
    pub fn label(self) -> &'static str {
        match self {
            Choice::KeepMine => "Keep mine",
            Choice::TakeTheirs => "Take theirs",
            Choice::KeepBoth => "Keep both",
        }
    }
}

/// One change importing makes.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A game that is not here yet (new, or a copy under a new id).
    Add(BackupGame),
    /// A game here replaced by the one in the file, as chosen.
    Replace(BackupGame),
}

impl MergePlan {
    /// Compares the games of a backup with the games here (id and record).
    pub fn new<'a>(
        backup: &Backup,
        here: impl IntoIterator<Item = (&'a str, &'a GameRecord)>,
    ) -> MergePlan {
        let here: Vec<(&str, &GameRecord)> = here.into_iter().collect();
        let by_id: HashMap<&str, &GameRecord> = here.iter().copied().collect();
        // Records that could be equal have the same number of events and the same players:
        // only those are compared in full.
        let mut by_shape: HashMap<Shape, Vec<(&str, &GameRecord)>> = HashMap::new();
        for &(id, record) in &here {
            by_shape
                .entry(shape(record))
                .or_default()
                .push((id, record));
        }
        let mut plan = MergePlan {
            taken: by_id.keys().map(|id| id.to_string()).collect(),
            ..MergePlan::default()
        };
        for game in &backup.games {
            plan.taken.insert(game.id.clone());
            match by_id.get(game.id.as_str()) {
                Some(mine) if **mine == game.record => {
                    plan.already_here.push((game.clone(), game.id.clone()));
                }
                Some(_) => plan.conflicts.push(Conflict {
                    theirs: game.clone(),
                }),
                None => {
                    let copy = by_shape.get(&shape(&game.record)).and_then(|same| {
                        same.iter()
                            .find(|(_, record)| **record == game.record)
                            .map(|(id, _)| id.to_string())
                    });
                    match copy {
                        Some(id) => plan.already_here.push((game.clone(), id)),
                        None => plan.new.push(game.clone()),
                    }
                }
            }
        }
        plan
    }

    /// The changes to make, given one choice per conflict (in the order of `conflicts`).
    /// Refused, changing nothing, while a conflict has no choice.
    pub fn resolve(&self, choices: &[Option<Choice>]) -> Result<Vec<Write>, String> {
        let open = (0..self.conflicts.len())
            .filter(|&i| choices.get(i).copied().flatten().is_none())
            .count();
        if open > 0 {
            return Err(format!(
                "Choose what to do with {} before importing: keep yours, take the one in the file, or keep both.",
                if open == 1 {
                    "the game that differs".to_string()
                } else {
                    format!("the {open} games that differ")
                }
            ));
        }
        let mut taken = self.taken.clone();
        let mut writes: Vec<Write> = self.new.iter().cloned().map(Write::Add).collect();
        for (conflict, choice) in self.conflicts.iter().zip(choices) {
            match choice {
                Some(Choice::TakeTheirs) => writes.push(Write::Replace(conflict.theirs.clone())),
                Some(Choice::KeepBoth) => {
                    let id = copy_id(&conflict.theirs.id, &taken);
                    taken.insert(id.clone());
                    writes.push(Write::Add(BackupGame {
                        id,
                        ..conflict.theirs.clone()
                    }));
                }
                Some(Choice::KeepMine) | None => {}
            }
        }
        Ok(writes)
    }
}

/// What equal records share: the number of events and the players.
type Shape<'a> = (usize, &'a str, &'a str);

fn shape(record: &GameRecord) -> Shape<'_> {
    (
        record.events.len(),
        record.settings.black.as_str(),
        record.settings.white.as_str(),
    )
}

/// A new id for a copy of `id`: `id-copy`, `id-copy2`, … (kept within the id length).
fn copy_id(id: &str, taken: &HashSet<String>) -> String {
    (1u32..)
        .map(|n| {
            let suffix = if n == 1 {
                "-copy".to_string()
            } else {
                format!("-copy{n}")
            };
            let stem: String = id
                .chars()
                .take(MAX_ID_LEN.saturating_sub(suffix.len()))
                .collect();
            format!("{stem}{suffix}")
        })
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or_default()
}
