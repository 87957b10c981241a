//! The director's round: the pairings of one round read from the pairing program's file (or a
//! typed table list), a code per table that starts its game, the small result code each finished
//! game gives back, the results as they come in, and the round's results written out for the
//! wall and spreadsheets. OpenGotha's file is read and written by the tournament
//! (`core::tournament::files`), from which the round's tables are drawn.
//!
//! - `table_list`: a table list typed or pasted, for a tournament without a pairing program;
//! - `export`: the round's results as CSV and as a plain list for the wall;
//! - `code`: the table code's link and the result code's text, with its checksum;
//! - `round_code`: the code of a whole round, which opens each player's own game;
//! - `book`: the rounds kept on the director's phone, the results in, and their stored text.

pub mod book;
pub mod code;
pub mod export;
pub mod round_code;
pub mod table_list;

/// One player as the pairing program names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePlayer {
    /// The pairing program's key: OpenGotha's name and first name in upper case with the spaces
    /// removed, accents kept (`NEMOANDRÉ`).
    pub key: String,
    /// Family name.
    pub name: String,
    /// First name.
    pub first_name: String,
    /// Rank as the file writes it (`5K`, `2D`), if known.
    pub rank: Option<String>,
    /// Club, if known.
    pub club: Option<String>,
}

impl TablePlayer {
    /// The name as every screen shows it ([`crate::core::names::person_name`]).
    pub fn shown_name(&self) -> String {
        crate::core::names::person_name(&self.first_name, &self.name)
    }
}

/// The time settings of the tournament, as the new-game form's fields and the settings link
/// (`time`, `main`, `periods`, `period`, `stones`, `inc`) take them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeSettings {
    /// The settings link's `(name, value)` pairs, e.g. `[("time", "byoyomi"), ("main", "2700"),
    /// ("periods", "1"), ("period", "30")]`; empty when the file gives no time.
    pub fields: Vec<(&'static str, String)>,
}

/// One table of a round.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundTable {
    /// The table number as the pairing program shows it (1 and up).
    pub number: u32,
    pub black: TablePlayer,
    pub white: TablePlayer,
    /// Handicap stones (0: none).
    pub handicap: u8,
    /// Komi for White.
    pub komi: f64,
}

/// One round's pairings.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// The tournament's name (may be empty for a typed table list).
    pub tournament: String,
    /// The round number (1 and up).
    pub number: u32,
    /// Board size.
    pub size: u8,
    pub time: TimeSettings,
    /// The tables, by number.
    pub tables: Vec<RoundTable>,
}

/// How a game ended, as the pairing program records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Black,
    White,
    Jigo,
    BothLose,
    BothWin,
}

/// A result as the director takes it into the round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    pub outcome: Outcome,
    /// Decided without play (not played, or forfeited): OpenGotha's `_BYDEF` results.
    pub by_default: bool,
}
