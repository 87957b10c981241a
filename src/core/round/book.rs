//! The director's rounds on the phone: each round kept with the rules preset of its table codes
//! and its inbox, for each table the results received in the order they came (scanned result
//! codes, links opened, the director's own entries). A table is waiting, has its result in, has
//! two different results (both kept, for the director to settle), or has the director's entry;
//! the round says how many results are in, which tables are missing, and the results for the
//! pairing program.
//!
//! A round of a tournament kept on the phone keeps no copy of its pairings: it names its
//! tournament and number, and its tables are drawn from the tournament whenever they are needed
//! (a [`Draw`], `tournament::round_screen::drawn_from`), so a player renamed or a round paired
//! again shows at once. A round with no tournament behind it (tables typed or pasted) keeps its
//! own tables. Each table's inbox names the players its results were received for, so a result
//! never moves onto another pairing's table; nothing received is ever dropped.
//!
//! Kept as JSON text ([`encode`], [`decode`]) with a layout number; a text that cannot be read
//! whole is refused with the reason, never read in part.

mod stored;

use std::borrow::Cow;
use std::fmt;

use super::code::{Print, ResultCode, Verdict};
use super::round_code::MAX_TOURNAMENT_TEXT;
use super::{Decided, Round, RoundTable, TimeSettings};
use crate::core::link::bytes::shorten;
use crate::core::text::{t, tf};

pub use stored::{BookError, LAYOUT, decode, encode};

/// Where the tables of a round drawn from its tournament come from: the round `number` of the
/// tournament named, as the round screen takes it (`None`: no such tournament or round here).
pub type Draw<'a> = &'a dyn Fn(&str, u32) -> Option<Round>;

/// No tournament to draw from: only rounds with tables of their own have tables.
pub fn no_tournament(_: &str, _: u32) -> Option<Round> {
    None
}

/// Every round the director keeps on the phone, of any number of tournaments.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Book {
    rounds: Vec<KeptRound>,
}

/// One round kept: its tournament and number, the preset of its table codes, the results
/// received; and its tables when no tournament is behind it.
#[derive(Clone, Debug, PartialEq)]
pub struct KeptRound {
    /// The tournament's name and the round's number; with the size, time and tables of a round
    /// of its own. A round drawn from its tournament has no tables here.
    round: Round,
    /// Whether the tables are drawn from the tournament kept on the phone.
    drawn: bool,
    preset: String,
    /// The results received, table by table, in the order the tables first received one.
    inbox: Vec<Inbox>,
}

/// The results received for one table and pairing.
#[derive(Clone, Debug, PartialEq)]
pub struct Inbox {
    /// The table's number.
    pub table: u32,
    /// The prints of the keys of the table's Black and White the results were received for.
    pub players: [Print; 2],
    /// The results, in the order received; never empty.
    pub received: Vec<Received>,
}

/// A round as the screen shows it: its tables (its own, or drawn from its tournament) with the
/// results received for each.
#[derive(Clone, Debug)]
pub struct RoundView<'a> {
    round: Cow<'a, Round>,
    kept: &'a KeptRound,
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

    /// Keeps a round with tables of its own (typed or pasted, no tournament behind it), with
    /// the rules preset of its table codes. A round kept already (the same tournament and
    /// number) is updated while no result is in; with results in, different pairings are
    /// refused.
    pub fn keep(&mut self, round: Round, preset: &str) -> Result<Kept, KeepError> {
        check_round(&round)?;
        let preset = preset.trim();
        match self.round_mut(&round.tournament, round.number) {
            Some(kept) if !kept.drawn && kept.round == round => Ok(kept.set_preset(preset)),
            Some(kept) if !kept.inbox.is_empty() => Err(KeepError::ResultsIn {
                round: round.number,
            }),
            Some(kept) => {
                *kept = KeptRound::new(round, false, preset);
                Ok(Kept::Updated)
            }
            None => {
                self.rounds.push(KeptRound::new(round, false, preset));
                Ok(Kept::Added)
            }
        }
    }

    /// Keeps round `round` of a tournament kept on the phone, as drawn from it now, with the
    /// rules preset of its table codes: only its tournament, number and preset are kept, and
    /// its tables are drawn from the tournament whenever needed. A round kept already keeps
    /// every result received (those of another pairing stay in its inbox, shown on no table);
    /// one kept with tables of its own (an earlier layout) now draws them.
    pub fn keep_drawn(&mut self, round: &Round, preset: &str) -> Result<Kept, KeepError> {
        check_round(round)?;
        let preset = preset.trim();
        match self.round_mut(&round.tournament, round.number) {
            Some(kept) if kept.drawn => Ok(kept.set_preset(preset)),
            Some(kept) => {
                kept.round = heading(round);
                kept.drawn = true;
                kept.preset = preset.to_string();
                Ok(Kept::Updated)
            }
            None => {
                self.rounds
                    .push(KeptRound::new(heading(round), true, preset));
                Ok(Kept::Added)
            }
        }
    }

    /// Sets the rules preset of a kept round's table codes; `None` when the round is not kept.
    pub fn set_preset(&mut self, tournament: &str, number: u32, preset: &str) -> Option<Kept> {
        Some(
            self.round_mut(tournament, number)?
                .set_preset(preset.trim()),
        )
    }

    /// Forgets a round and its results; `false` when it was not kept.
    pub fn forget(&mut self, tournament: &str, number: u32) -> bool {
        let before = self.rounds.len();
        self.rounds
            .retain(|r| !(r.round.tournament == tournament && r.round.number == number));
        self.rounds.len() != before
    }

    /// Takes a result code into a round with tables of its own ([`Book::take_drawn`] with no
    /// tournament to draw from).
    pub fn take(&mut self, code: ResultCode, at_ms: i64, source: Source) -> Taken {
        self.take_drawn(code, at_ms, source, &no_tournament)
    }

    /// Takes a result code into its round: the round of the code's tournament and number, the
    /// table of its number (its own, or drawn by `draw` from its tournament), whose players'
    /// keys must be the code's. The same result again changes nothing; a different one is kept
    /// beside the first, a conflict.
    pub fn take_drawn(
        &mut self,
        mut code: ResultCode,
        at_ms: i64,
        source: Source,
        draw: Draw,
    ) -> Taken {
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
        let no_round = || {
            Taken::Refused(ResultRefusal::NoRound {
                tournament: code.tournament.clone(),
                round: code.round,
            })
        };
        let Some(kept) = self
            .rounds
            .iter_mut()
            .find(|r| named(&r.round.tournament) && r.round.number == code.round)
        else {
            return no_round();
        };
        let Some(round) = kept.tables(draw) else {
            return no_round();
        };
        let table = code.table;
        let Some(pairing) = round.tables.iter().find(|t| t.number == table) else {
            return Taken::Refused(ResultRefusal::NoTable {
                round: kept.round.number,
                table,
            });
        };
        let players = players_of(pairing);
        let [black, white] = players;
        if (code.black.key, code.white.key) != (black, white) {
            return Taken::Refused(if (code.black.key, code.white.key) == (white, black) {
                ResultRefusal::ColoursSwapped { table }
            } else {
                ResultRefusal::NotThePlayers { table }
            });
        }
        let Some(list) = kept.inbox_mut(table, players) else {
            return Taken::Refused(ResultRefusal::NoTable {
                round: kept.round.number,
                table,
            });
        };
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

    /// The director's entry into a round with tables of its own ([`Book::enter_drawn`] with no
    /// tournament to draw from).
    pub fn enter(
        &mut self,
        tournament: &str,
        round: u32,
        table: u32,
        result: Verdict,
        who: &str,
        at_ms: i64,
    ) -> Result<TableState, ResultRefusal> {
        let entry = Entry {
            table,
            result,
            who,
            at_ms,
        };
        self.enter_drawn(tournament, round, entry, &no_tournament)
    }

    /// The director's entry or correction of a table's result, by `who` at `at_ms`: it stands
    /// over every result received before it, and settles a conflict.
    pub fn enter_drawn(
        &mut self,
        tournament: &str,
        round: u32,
        entry: Entry,
        draw: Draw,
    ) -> Result<TableState, ResultRefusal> {
        let Entry {
            table,
            result,
            who,
            at_ms,
        } = entry;
        let who = who.trim();
        if who.is_empty() {
            return Err(ResultRefusal::NoName);
        }
        if !result.agrees() {
            return Err(ResultRefusal::Contradictory);
        }
        let no_round = || ResultRefusal::NoRound {
            tournament: tournament.to_string(),
            round,
        };
        let kept = self.round_mut(tournament, round).ok_or_else(no_round)?;
        let drawn = kept.tables(draw).ok_or_else(no_round)?;
        let Some(pairing) = drawn.tables.iter().find(|t| t.number == table) else {
            return Err(ResultRefusal::NoTable { round, table });
        };
        let players = players_of(pairing);
        let Some(list) = kept.inbox_mut(table, players) else {
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

/// A director's entry: the table, the result, who entered it and when.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry<'a> {
    pub table: u32,
    pub result: Verdict,
    pub who: &'a str,
    pub at_ms: i64,
}

/// A round's tournament and number, with no tables.
fn heading(round: &Round) -> Round {
    Round {
        tournament: round.tournament.clone(),
        number: round.number,
        size: 0,
        time: TimeSettings::default(),
        tables: Vec::new(),
    }
}

/// The prints of the keys of a table's Black and White.
fn players_of(table: &RoundTable) -> [Print; 2] {
    [Print::of(&table.black.key), Print::of(&table.white.key)]
}

impl KeptRound {
    fn new(round: Round, drawn: bool, preset: &str) -> KeptRound {
        KeptRound {
            round,
            drawn,
            preset: preset.to_string(),
            inbox: Vec::new(),
        }
    }

    fn set_preset(&mut self, preset: &str) -> Kept {
        if self.preset == preset {
            Kept::Unchanged
        } else {
            self.preset = preset.to_string();
            Kept::Updated
        }
    }

    /// The round's tables: its own, or drawn from its tournament by `draw`.
    fn tables<'a>(&'a self, draw: Draw) -> Option<Cow<'a, Round>> {
        if self.drawn {
            draw(&self.round.tournament, self.round.number).map(Cow::Owned)
        } else {
            Some(Cow::Borrowed(&self.round))
        }
    }

    /// The results received at `table` for the players `players`, made empty if none yet.
    fn inbox_mut(&mut self, table: u32, players: [Print; 2]) -> Option<&mut Vec<Received>> {
        let at = match self
            .inbox
            .iter()
            .position(|i| i.table == table && i.players == players)
        {
            Some(at) => at,
            None => {
                self.inbox.push(Inbox {
                    table,
                    players,
                    received: Vec::new(),
                });
                self.inbox.len() - 1
            }
        };
        self.inbox.get_mut(at).map(|i| &mut i.received)
    }

    /// The tournament's name.
    pub fn tournament(&self) -> &str {
        &self.round.tournament
    }

    /// The round's number.
    pub fn number(&self) -> u32 {
        self.round.number
    }

    /// Whether its tables are drawn from the tournament kept on the phone.
    pub fn drawn(&self) -> bool {
        self.drawn
    }

    /// The round with its tables of its own; a round drawn from its tournament has none here
    /// (its tournament and number only): see [`KeptRound::view`].
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The rules preset of the round's table codes.
    pub fn preset(&self) -> &str {
        &self.preset
    }

    /// Every result received, table by table, those of an earlier pairing too.
    pub fn inbox(&self) -> &[Inbox] {
        &self.inbox
    }

    /// The round with its tables, its own or drawn by `draw` from its tournament (`None`: the
    /// tournament or its round is not there to draw from).
    pub fn view<'a>(&'a self, draw: Draw) -> Option<RoundView<'a>> {
        Some(RoundView {
            round: self.tables(draw)?,
            kept: self,
        })
    }

    /// The round with its tables: its own, or `drawn` (its tournament's round as drawn
    /// already) when it draws them (`None`: it draws them and `drawn` is `None`). A screen
    /// that asks for the round table by table draws it once.
    pub fn view_with<'a>(&'a self, drawn: Option<&'a Round>) -> Option<RoundView<'a>> {
        let round = if self.drawn {
            Cow::Borrowed(drawn?)
        } else {
            Cow::Borrowed(&self.round)
        };
        Some(RoundView { round, kept: self })
    }

    /// The round with its own tables (none when drawn from its tournament).
    fn own(&self) -> RoundView<'_> {
        RoundView {
            round: Cow::Borrowed(&self.round),
            kept: self,
        }
    }

    /// The results received for table `table` of its own tables, in the order they came.
    pub fn received(&self, table: u32) -> &[Received] {
        let Some(pairing) = self.round.tables.iter().find(|t| t.number == table) else {
            return &[];
        };
        self.inbox_of(pairing).map_or(&[], Vec::as_slice)
    }

    /// Where table `table` of its own tables stands (`None`: no such table).
    pub fn state(&self, table: u32) -> Option<TableState> {
        self.own().state(table)
    }

    /// Every table of its own with where it stands, by table number.
    pub fn states(&self) -> Vec<(u32, TableState)> {
        self.own().states()
    }

    /// How many of its own tables have their result in, of how many: `(17, 20)`.
    pub fn in_count(&self) -> (usize, usize) {
        self.own().in_count()
    }

    /// Its own tables still waiting for a result, by number.
    pub fn missing(&self) -> Vec<u32> {
        self.own().missing()
    }

    /// Its own tables with different results to settle, by number.
    pub fn conflicts(&self) -> Vec<u32> {
        self.own().conflicts()
    }

    /// The results that stand at its own tables (see [`RoundView::results`]).
    pub fn results(&self) -> Vec<(u32, Decided)> {
        self.own().results()
    }

    /// The results received at `table` for its players now.
    fn inbox_of(&self, table: &RoundTable) -> Option<&Vec<Received>> {
        let players = players_of(table);
        self.inbox
            .iter()
            .find(|i| i.table == table.number && i.players == players)
            .map(|i| &i.received)
    }
}

impl RoundView<'_> {
    /// The round's pairings.
    pub fn round(&self) -> &Round {
        &self.round
    }

    /// The rules preset of the round's table codes.
    pub fn preset(&self) -> &str {
        &self.kept.preset
    }

    /// Whether the tables are drawn from the tournament kept on the phone.
    pub fn drawn(&self) -> bool {
        self.kept.drawn
    }

    /// The results received for table `table`, in the order they came.
    pub fn received(&self, table: u32) -> &[Received] {
        self.round
            .tables
            .iter()
            .find(|t| t.number == table)
            .and_then(|t| self.kept.inbox_of(t))
            .map_or(&[], Vec::as_slice)
    }

    /// Where table `table` stands (`None`: no such table).
    pub fn state(&self, table: u32) -> Option<TableState> {
        let pairing = self.round.tables.iter().find(|t| t.number == table)?;
        Some(state_of(
            self.kept.inbox_of(pairing).map_or(&[], Vec::as_slice),
        ))
    }

    /// Every table with where it stands, by table number.
    pub fn states(&self) -> Vec<(u32, TableState)> {
        let mut out: Vec<(u32, TableState)> = self
            .round
            .tables
            .iter()
            .map(|t| {
                let list = self.kept.inbox_of(t).map_or(&[][..], Vec::as_slice);
                (t.number, state_of(list))
            })
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
