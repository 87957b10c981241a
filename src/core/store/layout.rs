//! How a game is laid out in a key-value store such as the browser's `localStorage`, and how
//! each stored version is read back.
//!
//! Each game lives under its own keys, so one unreadable game never hides the others: a head
//! (`sk.game.<id>`: layout version, settings, number of events) and its events in chunks. A
//! save rewrites only the chunks that changed and then the head.
//!
//! Versions of the layout:
//! - 1: chunks of 64 events as JSON arrays under `sk.events.<id>.<n>`; the head holds the
//!   settings with the rules in full.
//! - 2: chunks of [`CHUNK`] events as compact text ([`super::codec`]) under `sk.log.<id>.<n>`;
//!   the head leaves out the rules when they are the preset's own (as SGF export does), so a
//!   finished 19x19 game takes about a tenth of what it took in layout 1.
//! - 3: the chunks under `sk.log.<id>.<n>` hold only full chunks of [`CHUNK`] events; the
//!   events after the last full chunk (the open tail, fewer than [`CHUNK`]) are in the head's
//!   `tail`, as the same compact text. A press then writes one value, the head. When the tail
//!   fills a chunk, the chunk is written first and then the head (with an empty tail).
//!
//! The head's version says which keys hold the events. A migration writes the new chunks, then
//! the new head, then removes the old chunks: cut short anywhere, the head in place still
//! points at complete chunks.
//!
//! In layout 3 the head is the one point of truth: it counts its events, and reads exactly its
//! `event_count / CHUNK` chunks and then its tail. A save cut short after a chunk and before
//! the head leaves a chunk the head does not count: it is not read (the save is lost as a
//! whole, as if cut before it began), and the next save writes it again. A save that shortens
//! the log writes the head first and then removes the chunks past it, so an undo cut short
//! never brings an undone event back.
//!
//! Heads are now written with the rules in full, whatever the preset: a game keeps the rules it
//! was started with when a later version changes a preset. A head that left them out (written
//! before) reads with its preset's rules, and is written again with them when it is loaded
//! ([`Loaded::rules_from_preset`]). Earlier builds read such heads too: they read the rules when
//! present.
//!
//! Since layout 2 the head also says who wrote it ([`Stamp`]: the writer, one tab of the app
//! across its reloads, and the game's count of writes), so a tab can tell its own earlier
//! writes from another tab's. Both fields are optional: heads written before them read as
//! written by nobody in particular, and earlier builds ignore them.

use serde::{Deserialize, Serialize};

use super::codec;
use super::json::{self, Json, Value, json_struct};
use crate::core::record::{GameRecord, RECORD_SCHEMA, TimedEvent};
use crate::core::text::{t, tf};

/// The version of the stored layout this app writes.
pub const STORAGE_SCHEMA: u32 = 3;
/// Events per stored chunk.
pub const CHUNK: usize = 256;
/// The prefix of every game head key.
pub const GAME_PREFIX: &str = "sk.game.";
/// The prefix of every chunk key.
pub const LOG_PREFIX: &str = "sk.log.";
/// Layout 1: the prefix of its chunk keys and the events in each chunk.
pub const V1_EVENTS_PREFIX: &str = "sk.events.";
const V1_CHUNK: usize = 64;

/// A stored game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredGame {
    /// The game's id, unique on this phone.
    pub id: String,
    /// When the game was created on this phone (Unix ms): the order of the game list.
    pub created_ms: i64,
    /// The record.
    pub record: GameRecord,
}

/// Who wrote a stored game last, and how many writes it has had.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    /// The writer: one tab of the app, the same across reloads of the tab. Empty in a head
    /// written before writers were recorded.
    #[serde(default)]
    pub writer: String,
    /// The game's count of writes: each write stores one more than the count it replaced.
    #[serde(default)]
    pub seq: u64,
}

impl Stamp {
    /// The stamp of the write that follows `self`, made by `writer`.
    pub fn next(&self, writer: &str) -> Stamp {
        Stamp {
            writer: writer.to_string(),
            seq: self.seq.saturating_add(1),
        }
    }
}

json_struct!(StoredGame {
    id: req,
    created_ms: req,
    record: req,
});

json_struct!(Stamp {
    writer: def(String::new()),
    seq: def(0),
});

/// The head of a stored game: everything but its events, which are in chunks.
pub struct Head {
    /// The layout version the head and its chunks were written in.
    pub schema: u32,
    /// The game's id.
    pub id: String,
    /// When the game was created (Unix ms).
    pub created_ms: i64,
    /// When it was last saved (Unix ms).
    pub saved_at_ms: i64,
    /// How many events the chunks hold.
    pub event_count: usize,
    /// Who wrote it, and its count of writes (stored beside the other fields).
    pub stamp: Stamp,
    /// The record with its events left out.
    pub record: GameRecord,
    /// Layout 3: the events after the last full chunk, held in the head.
    pub tail: Vec<TimedEvent>,
    /// The head left out the rules (as heads did when they were the preset's): they were read
    /// from the preset as this version has it.
    pub rules_from_preset: bool,
}

/// The head key of game `id`.
pub fn head_key(id: &str) -> String {
    format!("{GAME_PREFIX}{id}")
}

/// The key of chunk `n` of game `id`.
pub fn chunk_key(id: &str, n: usize) -> String {
    format!("{LOG_PREFIX}{id}.{n}")
}

/// The key of chunk `n` of game `id` in layout 1.
pub fn v1_chunk_key(id: &str, n: usize) -> String {
    format!("{V1_EVENTS_PREFIX}{id}.{n}")
}

/// Whose chunk `key` holds: the game's id, and whether the current layout reads it (`false`
/// for a chunk an older layout left). `None` for any other key.
pub fn chunk_owner(key: &str) -> Option<(&str, bool)> {
    let (rest, current) = match key.strip_prefix(LOG_PREFIX) {
        Some(rest) => (rest, true),
        None => (key.strip_prefix(V1_EVENTS_PREFIX)?, false),
    };
    let (id, n) = rest.rsplit_once('.')?;
    (!n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())).then_some((id, current))
}

/// How many chunks `len` events take in layout 2 (the last one maybe partial).
pub fn chunks_for(len: usize) -> usize {
    len.div_ceil(CHUNK)
}

/// How many full chunks `len` events fill: the chunks layout 3 stores, the rest being the
/// head's tail.
pub fn full_chunks(len: usize) -> usize {
    len / CHUNK
}

/// The text of the tail of `events` (the events after the last full chunk) from event `from`
/// on, as it stands between the quotes of the head's `tail`: what follows the text of the
/// tail's events before `from`. Escaping is one character at a time, so the text of a tail is
/// the text of its first events followed by the text of the rest.
pub fn encode_tail_from(events: &[TimedEvent], from: usize) -> Result<String, String> {
    let start = from.max(full_chunks(events.len()) * CHUNK);
    let previous = if start > full_chunks(events.len()) * CHUNK {
        events.get(start - 1).map(|e| e.at_ms)
    } else {
        None
    };
    let text = codec::encode_after(previous, events.get(start..).unwrap_or_default())?;
    Ok(json_inner(&text))
}

/// `text` as it stands between the quotes of a JSON string.
fn json_inner(text: &str) -> String {
    let quoted = text.to_string().to_json().to_text();
    quoted
        .get(1..quoted.len().saturating_sub(1))
        .unwrap_or_default()
        .to_string()
}

/// The text of chunk `n` of `events`.
pub fn encode_chunk(events: &[TimedEvent], n: usize) -> Result<String, String> {
    encode_chunk_from(events, n, n * CHUNK)
}

/// The text of chunk `n` of `events` from event `from` on: what follows the text of the
/// chunk's events before `from`, so that a writer that keeps the text it wrote of a chunk
/// only encodes the events added to it since.
pub fn encode_chunk_from(events: &[TimedEvent], n: usize, from: usize) -> Result<String, String> {
    let start = from.max(n * CHUNK);
    let end = ((n + 1) * CHUNK).min(events.len());
    let previous = if start > n * CHUNK {
        events.get(start - 1).map(|e| e.at_ms)
    } else {
        None
    };
    codec::encode_after(previous, events.get(start..end).unwrap_or_default())
}

/// The text of the head of `game`, saved at `saved_at_ms` with `stamp`: its fields in the
/// order of their names, as earlier builds wrote them.
pub fn encode_head(game: &StoredGame, saved_at_ms: i64, stamp: &Stamp) -> Result<String, String> {
    let around = head_around(game, saved_at_ms, stamp);
    let tail = encode_tail_from(game.record.events(), 0)?;
    Ok(format!(
        "{}{}{}{tail}{}",
        around.before,
        head_record_text(game),
        around.middle,
        around.after
    ))
}

/// The text of the head's record: the settings with the rules in full, without the events.
/// It changes only with the settings, so a writer that saves the same game again and again
/// keeps it (see [`head_around`]).
pub fn head_record_text(game: &StoredGame) -> String {
    let record =
        GameRecord::from_parts(game.record.schema, game.record.settings.clone(), Vec::new());
    let mut record = record.to_json();
    record.sort_keys();
    record.to_text()
}

/// The text of a head around its record's text ([`head_record_text`]) and its tail's text
/// ([`encode_tail_from`]): `before` record `middle` tail `after`, the fields in the order of
/// their names. A writer that keeps the record's and the tail's text where the browser holds
/// them passes only these three to it.
pub struct HeadAround {
    /// Up to the record.
    pub before: String,
    /// Between the record and the tail's text.
    pub middle: String,
    /// After the tail's text.
    pub after: String,
}

/// The text of the head of `game` around its record and its tail ([`HeadAround`]).
pub fn head_around(game: &StoredGame, saved_at_ms: i64, stamp: &Stamp) -> HeadAround {
    HeadAround {
        before: format!(
            "{{\"created_ms\":{},\"event_count\":{},\"id\":{},\"record\":",
            game.created_ms.to_json().to_text(),
            game.record.events().len().to_json().to_text(),
            game.id.to_json().to_text(),
        ),
        middle: format!(
            ",\"saved_at_ms\":{},\"schema\":{},\"seq\":{},\"tail\":\"",
            saved_at_ms.to_json().to_text(),
            STORAGE_SCHEMA.to_json().to_text(),
            stamp.seq.to_json().to_text(),
        ),
        after: format!("\",\"writer\":{}}}", stamp.writer.to_json().to_text()),
    }
}

/// Puts back the rules a head left out because they were its preset's; `true` when it did.
fn restore_rules(value: &mut Value) -> Result<bool, String> {
    let Some(Value::Object(settings)) = value.get_mut("record").and_then(|r| r.get_mut("settings"))
    else {
        return Ok(false);
    };
    if settings.iter().any(|(k, _)| k == "rules") {
        return Ok(false);
    }
    let preset = settings
        .iter()
        .find(|(k, _)| k == "preset")
        .map_or(&Value::Null, |(_, v)| v);
    let preset = crate::core::preset::Preset::from_json(preset).map_err(|e| {
        tf(
            "A stored game names rules this app does not know ({}). It was kept aside.",
            &[&e],
        )
    })?;
    settings.push(("rules".into(), preset.rules().to_json()));
    Ok(true)
}

/// Reads the fields of a head (the stamp's beside the others, as they are stored).
fn read_head(value: &Value) -> Result<Head, json::JsonError> {
    let fields = json::object(value, "an object")?;
    Ok(Head {
        schema: json::field(fields, "schema", None)?,
        id: json::field(fields, "id", None)?,
        created_ms: json::field(fields, "created_ms", None)?,
        saved_at_ms: json::field(fields, "saved_at_ms", None)?,
        event_count: json::field(fields, "event_count", None)?,
        stamp: Stamp::from_json(value)?,
        record: json::field(fields, "record", None)?,
        tail: Vec::new(),
        rules_from_preset: false,
    })
}

/// Every key and value a full save of `game` writes, chunks first and the head last.
pub fn encode_game(
    game: &StoredGame,
    saved_at_ms: i64,
    stamp: &Stamp,
) -> Result<Vec<(String, String)>, String> {
    let events = &game.record.events();
    let mut out = Vec::with_capacity(full_chunks(events.len()) + 1);
    for n in 0..full_chunks(events.len()) {
        out.push((chunk_key(&game.id, n), encode_chunk(events, n)?));
    }
    out.push((head_key(&game.id), encode_head(game, saved_at_ms, stamp)?));
    Ok(out)
}

/// Reads a stored head back: `Err` says in words why it cannot be used.
pub fn decode_head(raw: &str) -> Result<Head, String> {
    let mut value = json::parse(raw).map_err(|e| {
        tf(
            "A stored game is damaged (not valid JSON: {}). It was kept aside so it can be exported for repair.",
            &[&e],
        )
    })?;
    match value.get("schema").and_then(|s| s.as_u64()) {
        Some(s) if s > u64::from(STORAGE_SCHEMA) => {
            return Err(tf(
                "A stored game was saved by a newer version of the app (storage version {}, this app reads up to {}). Update the app to open it; it was kept aside.",
                &[&s, &STORAGE_SCHEMA],
            ));
        }
        Some(_) => {}
        None => {
            return Err(t(
                "A stored value does not look like a game of this app. It was kept aside.",
            )
            .into());
        }
    }
    let rules_from_preset = restore_rules(&mut value)?;
    let mut head = read_head(&value).map_err(|e| {
        tf(
            "A stored game could not be read ({}). It was kept aside so it can be exported for repair.",
            &[&e],
        )
    })?;
    if head.record.schema > RECORD_SCHEMA {
        return Err(tf(
            "A stored game record is from a newer version of the app (record version {}). Update the app to open it; it was kept aside.",
            &[&head.record.schema],
        ));
    }
    head.rules_from_preset = rules_from_preset;
    if head.schema >= 3 {
        let tail: String = value
            .get("tail")
            .and_then(|t| t.as_str())
            .unwrap_or_default()
            .to_string();
        head.tail = codec::decode(&tail)
            .and_then(|tail| match tail.len() {
                n if n < CHUNK => Ok(tail),
                n => Err(format!("{n}/{CHUNK}")),
            })
            .map_err(|e| {
                tf(
                    "A stored game could not be read ({}). It was kept aside so it can be exported for repair.",
                    &[&e],
                )
            })?;
    }
    Ok(head)
}

/// Who wrote a stored head, read without the rest of it; the empty stamp when the head
/// names no writer or cannot be read (the full read reports why).
pub fn decode_stamp(raw: &str) -> Stamp {
    json::from_text(raw).unwrap_or_default()
}

/// Reads one chunk of any stored version (JSON in layout 1, compact text since).
pub fn decode_chunk(raw: &str) -> Result<Vec<TimedEvent>, String> {
    if raw.starts_with('[') {
        json::from_text(raw).map_err(|e| e.to_string())
    } else {
        codec::decode(raw)
    }
}

/// A game read back, who wrote it, and whether it was stored in an older layout (to be
/// rewritten).
pub struct Loaded {
    /// The game.
    pub game: StoredGame,
    /// Who wrote it last, and its count of writes.
    pub stamp: Stamp,
    /// The layout version it was stored in, when older than [`STORAGE_SCHEMA`].
    pub older: Option<u32>,
    /// Its head left out the rules, which were read from its preset: it is to be written again
    /// with them, so that it keeps them whatever a later version does to the preset.
    pub rules_from_preset: bool,
}

/// Reads a game stored in layout 3: exactly the full chunks its head counts, then its tail.
fn load_v3(
    get: impl Fn(&str) -> Option<String>,
    id: &str,
    mut head: Head,
) -> Result<Loaded, String> {
    let mut events = Vec::with_capacity(head.event_count);
    for n in 0..full_chunks(head.event_count) {
        let chunk = match get(&chunk_key(id, n)).map(|raw| decode_chunk(&raw)) {
            Some(Ok(chunk)) if chunk.len() == CHUNK => chunk,
            Some(Ok(chunk)) => return Err(part_damaged(n, &format!("{}/{CHUNK}", chunk.len()))),
            Some(Err(e)) => return Err(part_damaged(n, &e)),
            None => return Err(part_damaged(n, &format!("0/{CHUNK}"))),
        };
        events.extend(chunk);
    }
    events.extend(std::mem::take(&mut head.tail));
    if events.len() != head.event_count {
        let n = full_chunks(head.event_count);
        return Err(part_damaged(
            n,
            &format!("{}/{}", events.len(), head.event_count),
        ));
    }
    Ok(loaded(head, events))
}

/// The game of `head` with `events`, and the layout it was read in when older than this one.
fn loaded(head: Head, events: Vec<TimedEvent>) -> Loaded {
    let older = (head.schema < STORAGE_SCHEMA).then_some(head.schema);
    let record = GameRecord::from_parts(head.record.schema, head.record.settings, events);
    Loaded {
        game: StoredGame {
            id: head.id,
            created_ms: head.created_ms,
            record,
        },
        stamp: head.stamp,
        older,
        rules_from_preset: head.rules_from_preset,
    }
}

/// Why part `n` (from 0) of a game's events cannot be read.
fn part_damaged(n: usize, why: &str) -> String {
    tf(
        "Part {} of a stored game's moves is damaged ({}). The game was kept aside so it can be exported for repair.",
        &[&(n + 1), &why],
    )
}

/// Reads game `id` through `get` (a key to its stored value). In layout 3, the chunks the head
/// counts and its tail (see the module documentation). In layouts 1 and 2, chunks are read in
/// order up to the first partial or missing one: a save cut short between its chunks and its
/// head left chunks newer than the head, and they are the later truth. Stale chunks never
/// follow a full one, because a save removed them before anything else.
pub fn load_game(get: impl Fn(&str) -> Option<String>, id: &str) -> Result<Loaded, String> {
    let raw = get(&head_key(id)).unwrap_or_default();
    let head = decode_head(&raw)?;
    if head.schema >= 3 {
        return load_v3(get, id, head);
    }
    let (key, size): (fn(&str, usize) -> String, usize) = if head.schema < 2 {
        (v1_chunk_key, V1_CHUNK)
    } else {
        (chunk_key, CHUNK)
    };
    let mut events = Vec::with_capacity(head.event_count);
    for n in 0.. {
        let Some(raw) = get(&key(id, n)) else {
            break;
        };
        let chunk = decode_chunk(&raw).map_err(|e| part_damaged(n, &e))?;
        let last = chunk.len() < size;
        events.extend(chunk);
        if last {
            break;
        }
    }
    Ok(loaded(head, events))
}
