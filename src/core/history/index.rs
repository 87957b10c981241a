//! The index of the stored games: what the game list shows of each game (players, board,
//! rules, date, result, in progress or finished, and for a game in progress its clock's last
//! state), kept beside the games so the list is drawn without reading or replaying a record.
//!
//! Each game's entry is one line of text under its own key (`sk.idx.<id>`), so a save rewrites
//! one short line, never the whole index. Layout 1 of a line: the layout version, then the
//! fields in the order of [`IndexEntry::encode`], separated by tabs (a tab, a line break or a
//! backslash in a field is written `\t`, `\n`, `\\`). An optional field that is absent is
//! empty. A line of another layout, or one that cannot be read, is rebuilt from the record.
//!
//! An entry says which record it was made from (its number of events, the time of the last,
//! and a fingerprint of the settings): a game saved since by a build that keeps no index, or
//! by another tab, no longer fits its entry, and the entry is made again from the record.
//! Entries of games no longer stored are dropped; a game with no entry gets one. So the index
//! can be missing, stale or damaged and the list still shows every game.
//!
//! The clock's last state of a game in progress is when its running side's flag falls if no
//! one presses (and the result the clock gives then, under a rule that ends the game on a
//! flag): the list shows the flag from the time now, as the clock would.

use std::collections::HashMap;

use super::date::Date;
use super::summary::{GameStatus, GameSummary};
use crate::core::clock::{ClockState, next_flag_at};
use crate::core::color::Color;
use crate::core::count::{CountState, Decision, result_words};
use crate::core::live::replay;
use crate::core::preset::Preset;
use crate::core::record::{GameRecord, GameSettings, decided_words};

/// The layout of an entry this version writes.
pub const INDEX_SCHEMA: u32 = 1;
/// The prefix of every entry's key; the game's id follows.
pub const INDEX_PREFIX: &str = "sk.idx.";

/// The key of game `id`'s entry.
pub fn index_key(id: &str) -> String {
    format!("{INDEX_PREFIX}{id}")
}

/// Which record an entry was made from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// Events in the record.
    pub events: usize,
    /// The time of the last event.
    pub last_at_ms: Option<i64>,
    /// A fingerprint of the settings ([`settings_print`]).
    pub settings: u64,
}

impl Made {
    /// What tells `record` apart from a changed one.
    pub fn of(record: &GameRecord) -> Made {
        Made {
            events: record.events().len(),
            last_at_ms: record.events().last().map(|e| e.at_ms),
            settings: settings_print(&record.settings),
        }
    }
}

/// A game's clock as its last event left it, for a game in progress.
#[derive(Clone, Debug, PartialEq)]
pub struct ClockLast {
    /// The side whose clock runs.
    pub running: Color,
    /// When its flag falls if no one presses (Unix ms); `None` when it never falls.
    pub flag_at_ms: Option<i64>,
    /// The result the clock gives once that flag falls, as SGF `RE` (a rule that ends the game
    /// on a flag), else `None`.
    pub flag_result: Option<String>,
}

/// What the game list shows of one game, as stored in the index.
#[derive(Clone, Debug, PartialEq)]
pub struct IndexEntry {
    /// The summary as of when the entry was made (its flag as of then).
    pub summary: GameSummary,
    /// The words of a referee's decision behind a `Void` result.
    pub decided: Option<String>,
    /// The clock of a game in progress whose clock runs.
    pub clock: Option<ClockLast>,
    /// The rules' preset (the summary names it in the language in use).
    pub preset: Preset,
    /// The record it was made from.
    pub made: Made,
}

impl IndexEntry {
    /// The entry of a stored game, replaying its record once as of `now_ms`.
    pub fn of(id: &str, created_ms: i64, record: &GameRecord, now_ms: i64) -> IndexEntry {
        match replay(record, record.events().len()) {
            Ok(now) => IndexEntry::of_state(
                id,
                created_ms,
                record,
                &now.count,
                now.clock.as_ref(),
                now_ms,
            ),
            // A record that does not replay: its summary from its settings, not replayed again.
            Err(e) => IndexEntry::from_summary(
                GameSummary::unreplayed(id, created_ms, record, e.to_string()),
                record,
                None,
            ),
        }
    }

    /// The entry of a stored game from what its record has made of the count and the clock
    /// (the live game's state), with no replay.
    pub fn of_state(
        id: &str,
        created_ms: i64,
        record: &GameRecord,
        count: &CountState,
        clock: Option<&ClockState>,
        now_ms: i64,
    ) -> IndexEntry {
        let summary = GameSummary::of_state(id, created_ms, record, count, clock, now_ms);
        let last = match (&summary.result, clock) {
            (None, Some(c)) => clock_last(&c.at(now_ms.max(c.as_of_ms))),
            _ => None,
        };
        IndexEntry::from_summary(summary, record, last)
    }

    fn from_summary(
        mut summary: GameSummary,
        record: &GameRecord,
        clock: Option<ClockLast>,
    ) -> IndexEntry {
        // When the list changes next is the clock's to say ([`IndexEntry::summary`]).
        summary.next_flag_ms = None;
        summary.result_words = None;
        IndexEntry {
            decided: decided_words(record.events()).map(str::to_string),
            made: Made::of(record),
            preset: record.settings.preset,
            clock,
            summary,
        }
    }

    /// Whether the entry was made from `record` as it is now.
    pub fn fits(&self, created_ms: i64, record: &GameRecord) -> bool {
        self.summary.created_ms == created_ms
            && self.made.events == record.events().len()
            && self.made.last_at_ms == record.events().last().map(|e| e.at_ms)
            && self.made.settings == settings_print(&record.settings)
    }

    /// What the list shows of the game at `now_ms`: a running clock's flag falls at its time.
    /// Its `next_flag_ms` is when that changes what the list shows: the flag's time, not the
    /// end of a byo-yomi period before it.
    pub fn summary(&self, now_ms: i64) -> GameSummary {
        let mut s = self.summary.clone();
        if let Some(clock) = &self.clock
            && s.result.is_none()
        {
            let fell = clock.flag_at_ms.is_some_and(|at| now_ms >= at);
            if fell {
                s.flag = s.flag.or(Some(clock.running));
                s.result = clock.flag_result.clone();
                s.next_flag_ms = None;
            } else {
                s.next_flag_ms = clock.flag_at_ms;
            }
            s.clock_running = s.result.is_none();
            if s.result.is_some() {
                s.status = GameStatus::Finished;
            }
        }
        s.result_words = s.result.as_deref().map(|re| match &self.decided {
            Some(words) if re == "Void" => Decision::shown_words(words).to_string(),
            _ => result_words(re),
        });
        s
    }

    /// The entry as one line of the current layout.
    pub fn encode(&self) -> String {
        let s = &self.summary;
        let opt = |v: &Option<String>| v.clone().unwrap_or_default();
        let num = |v: Option<i64>| v.map(|n| n.to_string()).unwrap_or_default();
        let color = |c: Option<Color>| c.map(|c| c.sgf().to_string()).unwrap_or_default();
        let fields = [
            INDEX_SCHEMA.to_string(),
            s.id.clone(),
            s.created_ms.to_string(),
            self.made.events.to_string(),
            num(self.made.last_at_ms),
            format!("{:x}", self.made.settings),
            s.black.clone(),
            s.white.clone(),
            opt(&s.black_rank),
            opt(&s.white_rank),
            s.size.to_string(),
            self.preset.id().to_string(),
            s.handicap.to_string(),
            s.komi.to_string(),
            opt(&s.event),
            opt(&s.round),
            opt(&s.place),
            s.date.map(|d| d.to_string()).unwrap_or_default(),
            s.started_ms.to_string(),
            s.last_activity_ms.to_string(),
            s.moves.to_string(),
            opt(&s.result),
            opt(&self.decided),
            color(s.flag),
            color(self.clock.as_ref().map(|c| c.running)),
            num(self.clock.as_ref().and_then(|c| c.flag_at_ms)),
            opt(&self.clock.as_ref().and_then(|c| c.flag_result.clone())),
            opt(&s.problem),
        ];
        fields
            .iter()
            .map(|f| escape(f))
            .collect::<Vec<_>>()
            .join("\t")
    }

    /// Reads a line written by [`IndexEntry::encode`]; the error says why it cannot be read
    /// (another layout, a field missing or not a number).
    pub fn decode(line: &str) -> Result<IndexEntry, String> {
        let f: Vec<String> = line.split('\t').map(unescape).collect();
        if f.first().map(String::as_str) != Some("1") {
            return Err(format!(
                "index entry of layout {:?}, not {INDEX_SCHEMA}",
                f.first()
            ));
        }
        if f.len() != 28 {
            return Err(format!("index entry of {} fields, not 28", f.len()));
        }
        let opt = |i: usize| (!f[i].is_empty()).then(|| f[i].clone());
        let int = |i: usize| {
            f[i].parse::<i64>()
                .map_err(|_| format!("index field {i} is not a number: {:?}", f[i]))
        };
        let opt_int = |i: usize| {
            if f[i].is_empty() {
                Ok(None)
            } else {
                int(i).map(Some)
            }
        };
        let small = |i: usize| u8::try_from(int(i)?).map_err(|_| format!("index field {i}"));
        let color = |i: usize| match f[i].as_str() {
            "" => Ok(None),
            "B" => Ok(Some(Color::Black)),
            "W" => Ok(Some(Color::White)),
            other => Err(format!("index field {i} is no colour: {other:?}")),
        };
        let preset =
            Preset::from_id(&f[11]).ok_or_else(|| format!("unknown preset {:?}", f[11]))?;
        let date = match opt(17) {
            Some(d) => Some(Date::parse(&d)?),
            None => None,
        };
        let result = opt(21);
        let clock = match color(24)? {
            Some(running) => Some(ClockLast {
                running,
                flag_at_ms: opt_int(25)?,
                flag_result: opt(26),
            }),
            None => None,
        };
        let summary = GameSummary {
            id: f[1].clone(),
            created_ms: int(2)?,
            black: f[6].clone(),
            white: f[7].clone(),
            black_rank: opt(8),
            white_rank: opt(9),
            size: small(10)?,
            rules: preset.name(),
            handicap: small(12)?,
            komi: f[13].parse().map_err(|_| format!("komi {:?}", f[13]))?,
            event: opt(14),
            round: opt(15),
            place: opt(16),
            date,
            started_ms: int(18)?,
            last_activity_ms: int(19)?,
            moves: u32::try_from(int(20)?).map_err(|_| "index field 20".to_string())?,
            events: usize::try_from(int(3)?).map_err(|_| "index field 3".to_string())?,
            status: if result.is_some() {
                GameStatus::Finished
            } else {
                GameStatus::InProgress
            },
            result,
            result_words: None,
            clock_running: clock.is_some(),
            flag: color(23)?,
            next_flag_ms: None,
            problem: opt(27),
        };
        Ok(IndexEntry {
            made: Made {
                events: summary.events,
                last_at_ms: opt_int(4)?,
                settings: u64::from_str_radix(&f[5], 16)
                    .map_err(|_| format!("index fingerprint {:?}", f[5]))?,
            },
            decided: opt(22),
            preset,
            clock,
            summary,
        })
    }
}

/// The clock's last state of a game in progress: whose clock runs, and when its flag falls if
/// no one presses (the clock's next boundaries followed to the flag: a period used up is a
/// boundary too).
fn clock_last(clock: &ClockState) -> Option<ClockLast> {
    let running = clock.ticking()?;
    let mut state = clock.clone();
    let mut flag_at_ms = None;
    // A period is a boundary: a byo-yomi of 30 periods has 31 before the flag.
    for _ in 0..1000 {
        if let Some((_, at)) = state.first_flag() {
            flag_at_ms = Some(at);
            break;
        }
        let Some(next) = next_flag_at(&state) else {
            break;
        };
        state = state.at(next.max(state.as_of_ms.saturating_add(1)));
    }
    Some(ClockLast {
        running,
        flag_at_ms,
        flag_result: state.result().map(str::to_string),
    })
}

/// A fingerprint of the settings the list shows (names, ranks, board, preset, handicap, komi,
/// event, round, place, date, an imported result) and of the time control's main time: FNV-1a
/// over them. A change of any of them tells; the rest of the settings (the rules in full, the
/// time control) are fixed when a game starts.
pub fn settings_print(settings: &GameSettings) -> u64 {
    let s = settings;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut add = |bytes: &[u8]| {
        for b in bytes.iter().chain(&[0xff]) {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let none = String::new();
    for text in [
        &s.black,
        &s.white,
        s.black_rank.as_ref().unwrap_or(&none),
        s.white_rank.as_ref().unwrap_or(&none),
        s.event.as_ref().unwrap_or(&none),
        s.round.as_ref().unwrap_or(&none),
        s.place.as_ref().unwrap_or(&none),
        &s.created,
        s.result.as_ref().unwrap_or(&none),
    ] {
        add(text.as_bytes());
    }
    add(s.preset.id().as_bytes());
    add(&[s.size, s.handicap.stones]);
    add(&s.komi.to_bits().to_le_bytes());
    add(&s.time_control.map_or(-1, |c| c.main_ms).to_le_bytes());
    h
}

fn escape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    for c in field.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(field: &str) -> String {
    let mut out = String::with_capacity(field.len());
    let mut chars = field.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => out.push(other),
            None => out.push('\\'),
        }
    }
    out
}

/// The index of every stored game: what the list shows of each, and which entries changed
/// since they were last written.
#[derive(Clone, Debug, Default)]
pub struct GameIndex {
    entries: HashMap<String, IndexEntry>,
    /// Entries made or changed since the last [`GameIndex::take_writes`].
    changed: Vec<String>,
    /// Entries dropped since then (their games are no longer stored).
    dropped: Vec<String>,
    /// How many games were replayed to make entries.
    replays: u64,
    /// Stored entries that could not be read (they are made again from their records).
    unreadable: u64,
}

/// Adds `id` to `list` unless it is there.
fn note(list: &mut Vec<String>, id: &str) {
    if !list.iter().any(|x| x == id) {
        list.push(id.to_string());
    }
}

/// What the index must write: `(key, line)` to set, keys to remove.
pub type Writes = (Vec<(String, String)>, Vec<String>);

impl GameIndex {
    /// An empty index: every game is indexed from its record.
    pub fn new() -> GameIndex {
        GameIndex::default()
    }

    /// The index as stored: `(key, line)` of each entry key (any other key is ignored). A line
    /// that cannot be read, or whose key names another game, is left out, to be made again.
    pub fn read<'a>(stored: impl IntoIterator<Item = (&'a str, &'a str)>) -> GameIndex {
        let mut index = GameIndex::new();
        for (key, line) in stored {
            let Some(id) = key.strip_prefix(INDEX_PREFIX) else {
                continue;
            };
            match IndexEntry::decode(line) {
                Ok(entry) if entry.summary.id == id => {
                    index.entries.insert(id.to_string(), entry);
                }
                _ => {
                    // Removed, unless its game is stored: then it is made again.
                    index.unreadable += 1;
                    note(&mut index.dropped, id);
                }
            }
        }
        index
    }

    /// The list's summaries of `games` (id, time stored, record), in their order, as of
    /// `now_ms`. A game whose entry fits its record costs no replay; the others are indexed
    /// again: from `live` (the id of the game being shown and what its record has made of the
    /// count and the clock) when it is that game, else by a replay. Entries of games not given
    /// are dropped.
    pub fn summaries<'a>(
        &mut self,
        games: impl IntoIterator<Item = (&'a str, i64, &'a GameRecord)>,
        live: Option<(&str, &CountState, Option<&ClockState>)>,
        now_ms: i64,
    ) -> Vec<GameSummary> {
        let mut kept = HashMap::with_capacity(self.entries.len());
        let mut out = Vec::new();
        for (id, created_ms, record) in games {
            let entry = match self.entries.remove(id) {
                Some(e) if e.fits(created_ms, record) => e,
                _ => {
                    note(&mut self.changed, id);
                    self.dropped.retain(|d| d != id);
                    match live {
                        Some((live_id, count, clock)) if live_id == id => {
                            IndexEntry::of_state(id, created_ms, record, count, clock, now_ms)
                        }
                        _ => {
                            self.replays += 1;
                            IndexEntry::of(id, created_ms, record, now_ms)
                        }
                    }
                }
            };
            out.push(entry.summary(now_ms));
            kept.insert(id.to_string(), entry);
        }
        for id in self.entries.keys() {
            self.changed.retain(|c| c != id);
            note(&mut self.dropped, id);
        }
        self.entries = kept;
        out
    }

    /// What the list shows of every game indexed, newest first (by the time each was stored,
    /// then by id), as of `now_ms`, from the entries alone: the list as the app starts, before
    /// any record is read.
    pub fn listed(&self, now_ms: i64) -> Vec<GameSummary> {
        let mut entries: Vec<&IndexEntry> = self.entries.values().collect();
        entries.sort_by(|a, b| {
            (b.summary.created_ms, &b.summary.id).cmp(&(a.summary.created_ms, &a.summary.id))
        });
        entries.into_iter().map(|e| e.summary(now_ms)).collect()
    }

    /// Indexes one game again from what its record has made of the count and the clock (a
    /// save of the game being shown), with no replay.
    pub fn saved(
        &mut self,
        id: &str,
        created_ms: i64,
        record: &GameRecord,
        count: &CountState,
        clock: Option<&ClockState>,
        now_ms: i64,
    ) {
        let entry = IndexEntry::of_state(id, created_ms, record, count, clock, now_ms);
        if self.entries.get(id) != Some(&entry) {
            self.entries.insert(id.to_string(), entry);
            note(&mut self.changed, id);
            self.dropped.retain(|d| d != id);
        }
    }

    /// Indexes one game again from its record, replaying it, unless its entry fits it (a
    /// save of a game not shown: an import, a game put back).
    pub fn made_again(&mut self, id: &str, created_ms: i64, record: &GameRecord, now_ms: i64) {
        if self
            .entries
            .get(id)
            .is_some_and(|e| e.fits(created_ms, record))
        {
            return;
        }
        self.replays += 1;
        self.entries.insert(
            id.to_string(),
            IndexEntry::of(id, created_ms, record, now_ms),
        );
        note(&mut self.changed, id);
        self.dropped.retain(|d| d != id);
    }

    /// Forgets a deleted game.
    pub fn remove(&mut self, id: &str) {
        if self.entries.remove(id).is_some() {
            note(&mut self.dropped, id);
        }
        self.changed.retain(|c| c != id);
    }

    /// The entry of game `id`.
    pub fn entry(&self, id: &str) -> Option<&IndexEntry> {
        self.entries.get(id)
    }

    /// What to write to bring the stored index up to date, and forgets it.
    pub fn take_writes(&mut self) -> Writes {
        let set = std::mem::take(&mut self.changed)
            .into_iter()
            .filter_map(|id| Some((index_key(&id), self.entries.get(&id)?.encode())))
            .collect();
        let removed = std::mem::take(&mut self.dropped)
            .into_iter()
            .map(|id| index_key(&id))
            .collect();
        (set, removed)
    }

    /// How many games were replayed to make entries since the index was read.
    pub fn replays(&self) -> u64 {
        self.replays
    }

    /// Whether the entries tell the list all it would learn by reading `stored` (the ids of
    /// the stored games, from their keys alone): an entry was read for each of them and for no
    /// other game, none could not be read, and each game is finished. A game in progress may
    /// have been saved after its entry was written (its entry follows a second after a save,
    /// and a phone can die in that second), so its record is read; a finished game's entry
    /// was written with its result.
    pub fn covers(&self, stored: &[&str]) -> bool {
        self.unreadable == 0
            && stored.len() == self.entries.len()
            && stored.iter().all(|id| {
                self.entries
                    .get(*id)
                    .is_some_and(|e| e.summary.status == GameStatus::Finished)
            })
    }

    /// How many stored entries could not be read.
    pub fn unreadable(&self) -> u64 {
        self.unreadable
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether it holds no entry.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
