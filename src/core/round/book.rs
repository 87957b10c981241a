//! The director's rounds on the phone: each round kept with its pairings, the rules preset of
//! its table codes, and for each table the results received in the order they came (scanned
//! result codes, links opened, the director's own entries). A table is waiting, has its result
//! in, has two different results (both kept, for the director to settle), or has the director's
//! entry; the round says how many results are in, which tables are missing, and the results for
//! the pairing program.
//!
//! Kept as JSON text ([`encode`], [`decode`]) with a layout number; a text that cannot be read
//! whole is refused with the reason, never read in part.

use std::fmt;

use super::code::{CodePlayer, Confirmation, Print, ResultCode, Verdict};
use super::round_code::MAX_TOURNAMENT_TEXT;
use super::{Decided, Outcome, Round, RoundTable, TablePlayer, TimeSettings};
use crate::core::link::bytes::shorten;
use crate::core::new_game::FIELDS;
use crate::core::store::json::{self, Json, JsonError, Value, json_enum, json_struct};
use crate::core::text::{t, tf};

/// The layout of the stored text this app writes; it reads this one and every earlier one.
pub const LAYOUT: u32 = 1;

/// Every round the director keeps on the phone, of any number of tournaments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    rounds: Vec<KeptRound>,
}

/// One round kept: its pairings, the preset of its table codes, and the results received.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRound {
    round: Round,
    preset: String,
    /// For each table of `round.tables`, in the same order, the results in the order received.
    received: Vec<Vec<Received>>,
}

/// A result received for a table.
#[derive(Clone, Debug, PartialEq)]
pub struct Received {
    /// The result code, or the director's own entry.
    pub entry: ResultEntry,
    /// When it was received (milliseconds since 1970, UTC).
    pub at_ms: i64,
    /// How it came in.
    pub source: Source,
}

/// What was received.
#[derive(Clone, Debug, PartialEq)]
pub enum ResultEntry {
    /// A game's result code.
    Code(ResultCode),
    /// The director's entry or correction.
    Director(Verdict),
}

/// How a result came in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// Read by the app's scanner.
    Scanned,
    /// A result code's link opened on this phone (by the camera app, or pasted).
    Link,
    /// Entered by the director named.
    Director { who: String },
}

impl Received {
    /// The result it gives.
    pub fn verdict(&self) -> &Verdict {
        match &self.entry {
            ResultEntry::Code(code) => &code.result,
            ResultEntry::Director(verdict) => verdict,
        }
    }
}

/// Where a table stands.
#[derive(Clone, Debug, PartialEq)]
pub enum TableState {
    /// No result yet.
    Waiting,
    /// Its result is in (the first received of it).
    In(Received),
    /// Different results were received: each, the first of its kind, in the order received.
    /// The director's entry settles it.
    Conflict(Vec<Received>),
    /// The director entered or corrected the result.
    Entered {
        result: Verdict,
        who: String,
        at_ms: i64,
    },
}

impl TableState {
    /// Its name as the round screen marks it: `waiting`, `in`, `conflict`, `entered`.
    pub fn name(&self) -> &'static str {
        match self {
            TableState::Waiting => "waiting",
            TableState::In(_) => "in",
            TableState::Conflict(_) => "conflict",
            TableState::Entered { .. } => "entered",
        }
    }

    /// The table's result, when it has one that stands.
    pub fn result(&self) -> Option<&Verdict> {
        match self {
            TableState::In(received) => Some(received.verdict()),
            TableState::Entered { result, .. } => Some(result),
            TableState::Waiting | TableState::Conflict(_) => None,
        }
    }
}

/// What taking a result code did.
#[derive(Clone, Debug, PartialEq)]
pub enum Taken {
    /// The table's result is in.
    Added { table: u32 },
    /// The table had this result already: nothing changed.
    Again { table: u32 },
    /// The table had a different result: both are kept, for the director to settle.
    Conflict { table: u32 },
    /// Refused; nothing changed.
    Refused(ResultRefusal),
}

impl fmt::Display for Taken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Taken::Added { table } => f.write_str(&tf("Table {}: result in.", &[table])),
            Taken::Again { table } => f.write_str(&tf(
                "Table {}: this result was in already; nothing changed.",
                &[table],
            )),
            Taken::Conflict { table } => f.write_str(&tf(
                "Table {}: a second, different result. Both are kept: check with the players and enter the result.",
                &[table],
            )),
            Taken::Refused(why) => why.fmt(f),
        }
    }
}

/// Why a result was not taken. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultRefusal {
    /// The phone keeps no such round of that tournament.
    NoRound {
        /// The tournament's name as the code carried it (may be shortened or empty).
        tournament: String,
        round: u32,
    },
    /// The round has no such table.
    NoTable { round: u32, table: u32 },
    /// The code names other players than the table's.
    NotThePlayers { table: u32 },
    /// The table's players played with each other's colours.
    ColoursSwapped { table: u32 },
    /// The result's SGF value and its outcome contradict each other.
    Contradictory,
    /// A director's entry without the director's name.
    NoName,
}

impl fmt::Display for ResultRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResultRefusal::NoRound { tournament, round } => f.write_str(&if tournament.is_empty() {
                tf(
                    "This result is of round {}, which this phone does not keep: load that round's pairings first, then scan it again. Nothing was changed.",
                    &[round],
                )
            } else {
                tf(
                    "This result is of round {} of “{}”, which this phone does not keep: load that round's pairings first, then scan it again. Nothing was changed.",
                    &[round, tournament],
                )
            }),
            ResultRefusal::NoTable { round, table } => f.write_str(&tf(
                "Round {} has no table {}: check the table number and enter the result by hand. Nothing was changed.",
                &[round, table],
            )),
            ResultRefusal::NotThePlayers { table } => f.write_str(&tf(
                "This result of table {} names other players than that table's pairing: check who played there and enter the result by hand. Nothing was changed.",
                &[table],
            )),
            ResultRefusal::ColoursSwapped { table } => f.write_str(&tf(
                "At table {} the players played with each other's colours: decide the result and enter it by hand. Nothing was changed.",
                &[table],
            )),
            ResultRefusal::Contradictory => f.write_str(t(
                "This result contradicts itself (its SGF value and its outcome differ). Nothing was changed.",
            )),
            ResultRefusal::NoName => f.write_str(t(
                "Type your name with the result, so the round shows who entered it.",
            )),
        }
    }
}

impl std::error::Error for ResultRefusal {}

/// What keeping a round did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// The round is new on this phone.
    Added,
    /// The round was kept already, the same.
    Unchanged,
    /// The round's pairings or preset changed (no result was in yet).
    Updated,
}

/// Why a round cannot be kept. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeepError {
    /// The round has no tables.
    NoTables { round: u32 },
    /// Two tables have the same number.
    DuplicateTable { table: u32 },
    /// A table's komi is not a number.
    BadKomi { table: u32 },
    /// The round is kept with results in, and its pairings differ.
    ResultsIn { round: u32 },
}

impl fmt::Display for KeepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeepError::NoTables { round } => f.write_str(&tf(
                "Round {} has no games: pair the round in the pairing program first.",
                &[round],
            )),
            KeepError::DuplicateTable { table } => f.write_str(&tf(
                "Two games are at table {}: give each game its own table in the pairing program.",
                &[table],
            )),
            KeepError::BadKomi { table } => f.write_str(&tf(
                "The komi of table {} is not a number.",
                &[table],
            )),
            KeepError::ResultsIn { round } => f.write_str(&tf(
                "Round {} is kept on this phone with results in, and these pairings differ from it. Export its results, then forget the round before loading it again. Nothing was changed.",
                &[round],
            )),
        }
    }
}

impl std::error::Error for KeepError {}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// The rounds kept, in the order they were first kept.
    pub fn rounds(&self) -> &[KeptRound] {
        &self.rounds
    }

    /// The round `number` of `tournament`.
    pub fn round(&self, tournament: &str, number: u32) -> Option<&KeptRound> {
        self.rounds
            .iter()
            .find(|r| r.round.tournament == tournament && r.round.number == number)
    }

    fn round_mut(&mut self, tournament: &str, number: u32) -> Option<&mut KeptRound> {
        self.rounds
            .iter_mut()
            .find(|r| r.round.tournament == tournament && r.round.number == number)
    }

    /// Keeps a round's pairings, with the rules preset of its table codes. A round kept
    /// already (the same tournament and number) is updated while no result is in; with
    /// results in, different pairings are refused.
    pub fn keep(&mut self, round: Round, preset: &str) -> Result<Kept, KeepError> {
        check_round(&round)?;
        let preset = preset.trim();
        match self.round_mut(&round.tournament, round.number) {
            Some(kept) if kept.round == round => {
                if kept.preset == preset {
                    Ok(Kept::Unchanged)
                } else {
                    kept.preset = preset.to_string();
                    Ok(Kept::Updated)
                }
            }
            Some(kept) if kept.received.iter().any(|r| !r.is_empty()) => {
                Err(KeepError::ResultsIn {
                    round: round.number,
                })
            }
            Some(kept) => {
                *kept = KeptRound::new(round, preset);
                Ok(Kept::Updated)
            }
            None => {
                self.rounds.push(KeptRound::new(round, preset));
                Ok(Kept::Added)
            }
        }
    }

    /// Forgets a round and its results; `false` when it was not kept.
    pub fn forget(&mut self, tournament: &str, number: u32) -> bool {
        let before = self.rounds.len();
        self.rounds
            .retain(|r| !(r.round.tournament == tournament && r.round.number == number));
        self.rounds.len() != before
    }

    /// Takes a result code into its round: the round of the code's tournament and number,
    /// the table of its number, whose players' keys must be the code's. The same result again
    /// changes nothing; a different one is kept beside the first, a conflict.
    pub fn take(&mut self, mut code: ResultCode, at_ms: i64, source: Source) -> Taken {
        if !code.result.agrees() {
            return Taken::Refused(ResultRefusal::Contradictory);
        }
        // A total that is not a number could not be stored.
        code.totals = code.totals.filter(|t| t.iter().all(|x| x.is_finite()));
        // A game started from a round code knows the tournament's name as far as the code
        // carried it.
        let named = |name: &str| {
            let name = name.trim();
            Print::of(name) == code.tournament_print
                || Print::of(&shorten(name, MAX_TOURNAMENT_TEXT)) == code.tournament_print
        };
        let Some(kept) = self
            .rounds
            .iter_mut()
            .find(|r| named(&r.round.tournament) && r.round.number == code.round)
        else {
            return Taken::Refused(ResultRefusal::NoRound {
                tournament: code.tournament.clone(),
                round: code.round,
            });
        };
        let table = code.table;
        let Some(index) = kept.round.tables.iter().position(|t| t.number == table) else {
            return Taken::Refused(ResultRefusal::NoTable {
                round: kept.round.number,
                table,
            });
        };
        let (Some(pairing), Some(list)) =
            (kept.round.tables.get(index), kept.received.get_mut(index))
        else {
            return Taken::Refused(ResultRefusal::NoTable {
                round: kept.round.number,
                table,
            });
        };
        let black = Print::of(&pairing.black.key);
        let white = Print::of(&pairing.white.key);
        if (code.black.key, code.white.key) != (black, white) {
            return Taken::Refused(if (code.black.key, code.white.key) == (white, black) {
                ResultRefusal::ColoursSwapped { table }
            } else {
                ResultRefusal::NotThePlayers { table }
            });
        }
        if list.iter().any(|r| *r.verdict() == code.result) {
            return Taken::Again { table };
        }
        let differs = !list.is_empty();
        list.push(Received {
            entry: ResultEntry::Code(code),
            at_ms,
            source,
        });
        if differs {
            Taken::Conflict { table }
        } else {
            Taken::Added { table }
        }
    }

    /// The director's entry or correction of a table's result, by `who` at `at_ms`: it stands
    /// over every result received before it, and settles a conflict.
    pub fn enter(
        &mut self,
        tournament: &str,
        round: u32,
        table: u32,
        result: Verdict,
        who: &str,
        at_ms: i64,
    ) -> Result<TableState, ResultRefusal> {
        let who = who.trim();
        if who.is_empty() {
            return Err(ResultRefusal::NoName);
        }
        if !result.agrees() {
            return Err(ResultRefusal::Contradictory);
        }
        let Some(kept) = self.round_mut(tournament, round) else {
            return Err(ResultRefusal::NoRound {
                tournament: tournament.to_string(),
                round,
            });
        };
        let index = kept.round.tables.iter().position(|t| t.number == table);
        let Some(list) = index.and_then(|i| kept.received.get_mut(i)) else {
            return Err(ResultRefusal::NoTable { round, table });
        };
        list.push(Received {
            entry: ResultEntry::Director(result),
            at_ms,
            source: Source::Director {
                who: who.to_string(),
            },
        });
        Ok(state_of(list))
    }
}

impl KeptRound {
    fn new(round: Round, preset: &str) -> KeptRound {
        let received = vec![Vec::new(); round.tables.len()];
        KeptRound {
            round,
            preset: preset.to_string(),
            received,
        }
    }

    /// The round's pairings.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The rules preset of the round's table codes.
    pub fn preset(&self) -> &str {
        &self.preset
    }

    /// The results received for table `table`, in the order they came.
    pub fn received(&self, table: u32) -> &[Received] {
        self.round
            .tables
            .iter()
            .position(|t| t.number == table)
            .and_then(|i| self.received.get(i))
            .map_or(&[], Vec::as_slice)
    }

    /// Where table `table` stands (`None`: no such table).
    pub fn state(&self, table: u32) -> Option<TableState> {
        self.round
            .tables
            .iter()
            .position(|t| t.number == table)
            .and_then(|i| self.received.get(i))
            .map(|list| state_of(list))
    }

    /// Every table with where it stands, by table number.
    pub fn states(&self) -> Vec<(u32, TableState)> {
        let mut out: Vec<(u32, TableState)> = self
            .round
            .tables
            .iter()
            .zip(&self.received)
            .map(|(t, list)| (t.number, state_of(list)))
            .collect();
        out.sort_by_key(|(n, _)| *n);
        out
    }

    /// How many tables have their result in (received or entered), of how many: `(17, 20)`.
    pub fn in_count(&self) -> (usize, usize) {
        let states = self.states();
        let done = states
            .iter()
            .filter(|(_, s)| matches!(s, TableState::In(_) | TableState::Entered { .. }))
            .count();
        (done, states.len())
    }

    /// The tables still waiting for a result, by number.
    pub fn missing(&self) -> Vec<u32> {
        self.numbers_where(|s| matches!(s, TableState::Waiting))
    }

    /// The tables with different results to settle, by number.
    pub fn conflicts(&self) -> Vec<u32> {
        self.numbers_where(|s| matches!(s, TableState::Conflict(_)))
    }

    fn numbers_where(&self, keep: impl Fn(&TableState) -> bool) -> Vec<u32> {
        self.states()
            .into_iter()
            .filter(|(_, s)| keep(s))
            .map(|(n, _)| n)
            .collect()
    }

    /// The results that stand, by table number, as the pairing program records them: a table
    /// waiting, in conflict, or whose game is to be replayed has none.
    pub fn results(&self) -> Vec<(u32, Decided)> {
        self.states()
            .into_iter()
            .filter_map(|(n, s)| Some((n, s.result()?.decided()?)))
            .collect()
    }
}

/// Where a table stands after the results `list`, in the order received.
fn state_of(list: &[Received]) -> TableState {
    let last_entry = list
        .iter()
        .rposition(|r| matches!(r.entry, ResultEntry::Director(_)));
    match last_entry.and_then(|i| Some((list.get(i)?, list.get(i + 1..)?))) {
        Some((entry, after)) => {
            let mut differing = distinct(after);
            differing.retain(|r| r.verdict() != entry.verdict());
            if differing.is_empty() {
                TableState::Entered {
                    result: entry.verdict().clone(),
                    who: match &entry.source {
                        Source::Director { who } => who.clone(),
                        Source::Scanned | Source::Link => String::new(),
                    },
                    at_ms: entry.at_ms,
                }
            } else {
                differing.insert(0, entry.clone());
                TableState::Conflict(differing)
            }
        }
        None => {
            let mut kinds = distinct(list);
            match kinds.len() {
                0 => TableState::Waiting,
                1 => kinds.pop().map_or(TableState::Waiting, TableState::In),
                _ => TableState::Conflict(kinds),
            }
        }
    }
}

/// The first received of each different result, in the order received.
fn distinct(list: &[Received]) -> Vec<Received> {
    let mut out: Vec<Received> = Vec::new();
    for r in list {
        if !out.iter().any(|o| o.verdict() == r.verdict()) {
            out.push(r.clone());
        }
    }
    out
}

fn check_round(round: &Round) -> Result<(), KeepError> {
    if round.tables.is_empty() {
        return Err(KeepError::NoTables {
            round: round.number,
        });
    }
    for (i, table) in round.tables.iter().enumerate() {
        if round
            .tables
            .get(..i)
            .is_some_and(|before| before.iter().any(|t| t.number == table.number))
        {
            return Err(KeepError::DuplicateTable {
                table: table.number,
            });
        }
        if !table.komi.is_finite() {
            return Err(KeepError::BadKomi {
                table: table.number,
            });
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// The stored text

/// Why the stored rounds cannot be read. Nothing is read from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The text is damaged or not the rounds' text (what is wrong, and where).
    Damaged(String),
    /// The text was written by a newer version of the app.
    NewerLayout(u32),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Damaged(why) => f.write_str(&tf(
                "The rounds kept on this phone cannot be read ({}); nothing was read from them.",
                &[why],
            )),
            BookError::NewerLayout(v) => f.write_str(&tf(
                "The rounds on this phone were kept by a newer version of the app (layout {}; this version reads layout {}): update the app to open them.",
                &[v, &LAYOUT],
            )),
        }
    }
}

impl std::error::Error for BookError {}

/// The book as text to store.
pub fn encode(book: &Book) -> String {
    let rounds = book.rounds.iter().map(round_json).collect();
    Value::Object(vec![
        ("layout".into(), LAYOUT.to_json()),
        ("rounds".into(), Value::Array(rounds)),
    ])
    .to_text()
}

/// Reads a book stored by [`encode`], whole or not at all.
pub fn decode(text: &str) -> Result<Book, BookError> {
    let damaged = |e: JsonError| BookError::Damaged(e.to_string());
    let value = json::parse(text).map_err(damaged)?;
    let fields = json::object(&value, t("the rounds' object")).map_err(damaged)?;
    let layout: u32 = json::field(fields, "layout", None).map_err(damaged)?;
    if layout > LAYOUT {
        return Err(BookError::NewerLayout(layout));
    }
    if layout == 0 {
        return Err(BookError::Damaged(
            t("its layout 0 was never written").into(),
        ));
    }
    let rounds = match fields.iter().find(|(k, _)| k == "rounds") {
        Some((_, Value::Array(items))) => items,
        Some((_, other)) => {
            return Err(damaged(json::expected("a list", other).inside("rounds")));
        }
        None => {
            return Err(BookError::Damaged(tf("missing field `{}`", &[&"rounds"])));
        }
    };
    let mut book = Book::new();
    for (i, item) in rounds.iter().enumerate() {
        let kept = read_round(item)
            .map_err(|e| e.inside(&i.to_string()).inside("rounds"))
            .map_err(damaged)?;
        if book
            .round(&kept.round.tournament, kept.round.number)
            .is_some()
        {
            return Err(BookError::Damaged(tf(
                "round {} of “{}” is there twice",
                &[&kept.round.number, &kept.round.tournament],
            )));
        }
        check_round(&kept.round).map_err(|e| BookError::Damaged(e.to_string()))?;
        book.rounds.push(kept);
    }
    Ok(book)
}

json_enum!(Outcome {
    Black,
    White,
    Jigo,
    BothLose,
    BothWin,
});

json_enum!(Confirmation {
    Unconfirmed,
    BothPlayers,
    RefereeLock,
    RefereeDecision,
});

json_enum!(Source {
    Scanned,
    Link,
    Director { who: req },
});

json_struct!(TablePlayer {
    key: req,
    name: req,
    first_name: req,
    rank: skip,
    club: skip,
});

json_struct!(RoundTable {
    number: req,
    black: req,
    white: req,
    handicap: req,
    komi: req,
});

json_struct!(Verdict {
    re: req,
    outcome: req,
    by_default: skip,
});

json_struct!(CodePlayer {
    key: req,
    name: req,
});

impl Json for Print {
    fn to_json(&self) -> Value {
        self.0.to_json()
    }
    fn from_json(v: &Value) -> Result<Print, JsonError> {
        u32::from_json(v).map(Print)
    }
}

impl Json for ResultCode {
    fn to_json(&self) -> Value {
        let ResultCode {
            tournament,
            tournament_print,
            round,
            table,
            black,
            white,
            result,
            totals,
            confirmed,
            finished_s,
            settings_changed,
        } = self;
        let mut out = Vec::new();
        json::put(&mut out, "tournament", tournament, false);
        json::put(&mut out, "tournament_print", tournament_print, false);
        json::put(&mut out, "round", round, false);
        json::put(&mut out, "table", table, false);
        json::put(&mut out, "black", black, false);
        json::put(&mut out, "white", white, false);
        json::put(&mut out, "result", result, false);
        json::put(&mut out, "totals", &totals.map(Vec::from), true);
        json::put(&mut out, "confirmed", confirmed, false);
        json::put(&mut out, "finished_s", finished_s, false);
        json::put(&mut out, "settings_changed", settings_changed, true);
        Value::Object(out)
    }
    fn from_json(v: &Value) -> Result<ResultCode, JsonError> {
        let fields = json::object(v, t("a result code"))?;
        let totals: Option<Vec<f64>> = json::field(fields, "totals", None)?;
        let totals = match totals.as_deref() {
            None => None,
            Some(&[b, w]) => Some([b, w]),
            Some(_) => return Err(JsonError::new(t("expected two totals")).inside("totals")),
        };
        let result: Verdict = json::field(fields, "result", None)?;
        if !result.agrees() {
            return Err(JsonError::new(t("a result that contradicts itself")).inside("result"));
        }
        Ok(ResultCode {
            tournament: json::field(fields, "tournament", None)?,
            tournament_print: json::field(fields, "tournament_print", None)?,
            round: json::field(fields, "round", None)?,
            table: json::field(fields, "table", None)?,
            black: json::field(fields, "black", None)?,
            white: json::field(fields, "white", None)?,
            result,
            totals,
            confirmed: json::field(fields, "confirmed", None)?,
            finished_s: json::field(fields, "finished_s", None)?,
            settings_changed: json::field(fields, "settings_changed", Some(false))?,
        })
    }
}

impl Json for Received {
    fn to_json(&self) -> Value {
        let mut out = Vec::new();
        json::put(&mut out, "at_ms", &self.at_ms, false);
        json::put(&mut out, "source", &self.source, false);
        match &self.entry {
            ResultEntry::Code(code) => json::put(&mut out, "code", code, false),
            ResultEntry::Director(verdict) => json::put(&mut out, "entered", verdict, false),
        }
        Value::Object(out)
    }
    fn from_json(v: &Value) -> Result<Received, JsonError> {
        let fields = json::object(v, t("a result received"))?;
        let code: Option<ResultCode> = json::field(fields, "code", None)?;
        let entered: Option<Verdict> = json::field(fields, "entered", None)?;
        let entry = match (code, entered) {
            (Some(code), None) => ResultEntry::Code(code),
            (None, Some(verdict)) if verdict.agrees() => ResultEntry::Director(verdict),
            (None, Some(_)) => {
                return Err(JsonError::new(t("a result that contradicts itself")).inside("entered"));
            }
            _ => return Err(JsonError::new(t("expected either `code` or `entered`"))),
        };
        Ok(Received {
            entry,
            at_ms: json::field(fields, "at_ms", None)?,
            source: json::field(fields, "source", None)?,
        })
    }
}

fn round_json(kept: &KeptRound) -> Value {
    let round = &kept.round;
    let time: Vec<(String, String)> = round
        .time
        .fields
        .iter()
        .map(|(k, v)| ((*k).to_string(), v.clone()))
        .collect();
    let tables = round
        .tables
        .iter()
        .zip(&kept.received)
        .map(|(table, received)| {
            let mut value = table.to_json();
            if let Value::Object(fields) = &mut value {
                json::put(fields, "received", received, false);
            }
            value
        })
        .collect();
    let mut out = Vec::new();
    json::put(&mut out, "tournament", &round.tournament, false);
    json::put(&mut out, "number", &round.number, false);
    json::put(&mut out, "size", &round.size, false);
    json::put(&mut out, "time", &time, false);
    json::put(&mut out, "preset", &kept.preset, false);
    out.push(("tables".into(), Value::Array(tables)));
    Value::Object(out)
}

fn read_round(v: &Value) -> Result<KeptRound, JsonError> {
    let fields = json::object(v, t("a round"))?;
    let time: Vec<(String, String)> = json::field(fields, "time", None)?;
    let time = time
        .into_iter()
        .map(|(k, v)| match FIELDS.iter().find(|f| **f == k) {
            Some(name) => Ok((*name, v)),
            None => Err(JsonError::new(tf("unknown time setting `{}`", &[&k])).inside("time")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let items = match fields.iter().find(|(k, _)| k == "tables") {
        Some((_, Value::Array(items))) => items,
        Some((_, other)) => return Err(json::expected("a list", other).inside("tables")),
        None => return Err(JsonError::new(tf("missing field `{}`", &[&"tables"]))),
    };
    let mut tables = Vec::with_capacity(items.len());
    let mut received = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let inside = |e: JsonError| e.inside(&i.to_string()).inside("tables");
        let table = RoundTable::from_json(item).map_err(inside)?;
        let list: Vec<Received> = json::object(item, t("a table"))
            .and_then(|f| json::field(f, "received", None))
            .map_err(inside)?;
        tables.push(table);
        received.push(list);
    }
    Ok(KeptRound {
        round: Round {
            tournament: json::field(fields, "tournament", None)?,
            number: json::field(fields, "number", None)?,
            size: json::field(fields, "size", None)?,
            time: TimeSettings { fields: time },
            tables,
        },
        preset: json::field(fields, "preset", None)?,
        received,
    })
}
