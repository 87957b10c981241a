//! Why an OpenGotha file is refused, in words a director can act on: the one refusal of the
//! file's reader (`opengotha`), of its general parameters (`general`) and of the checks a round
//! needs before its tables are played (`round_screen`).

use std::fmt;

use super::opengotha::{MAX_FILE_BYTES, MAX_NODES};
use crate::core::handicap::MAX_HANDICAP;
use crate::core::point::{MAX_SIZE, MIN_SIZE};
use crate::core::text::{number, t, tf};
use crate::core::tournament::{MAX_PLAYERS, MAX_ROUNDS};

/// Why a tournament file is refused. Nothing of a refused file is kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileError {
    /// Over [`MAX_FILE_BYTES`].
    TooLarge { bytes: usize },
    /// Not well-formed XML.
    NotXml {
        line: u32,
        column: u32,
        detail: String,
    },
    /// The file defines its own document type (DTD), where entities could expand without end.
    DocumentType,
    /// More than [`MAX_NODES`] nodes.
    TooManyNodes,
    /// XML, but its root is not `<Tournament>`.
    NotTournament { root: String },
    /// More than 2,000 players.
    TooManyPlayers { count: usize },
    /// A player with an empty name and first name.
    UnnamedPlayer,
    /// Two players with the same key.
    DuplicatePlayer { key: String },
    /// A value that cannot be read.
    BadValue {
        element: &'static str,
        attribute: &'static str,
        value: String,
    },
    /// An attribute the document type requires is missing.
    MissingAttribute {
        element: &'static str,
        attribute: &'static str,
    },
    /// A whole number that is not one (or out of its range).
    BadNumber {
        element: &'static str,
        attribute: &'static str,
        value: String,
    },
    /// A game (at `table`) or a bye (no table) naming nobody of the list of players.
    UnknownPlayer {
        key: String,
        round: u32,
        table: Option<u32>,
    },
    /// Two games at one table in one round.
    DuplicateTable { round: u32, table: u32 },
    /// A player in two games of one round (or against themselves), at these tables.
    PlaysTwice {
        key: String,
        round: u32,
        tables: (u32, u32),
    },
    /// A player both given the bye and playing in a round.
    ByeAlsoPlays { key: String, round: u32 },
    /// A round number outside 1 to 20.
    BadRound { round: u32 },
    /// The McMahon bar below the floor.
    BarBelowFloor { bar: String, floor: String },
    /// A handicap outside 0 to 9.
    BadHandicap {
        round: u32,
        table: u32,
        value: String,
    },
    /// A board size outside 5 to 25.
    BadSize { value: String },
    /// A komi the app cannot count with.
    BadKomi { value: String, reason: String },
    /// A time system OpenGotha does not have.
    UnknownTimeSystem { value: String },
    /// Times no clock of the app can run.
    BadTime { problems: Vec<String> },
    /// The round asked for has no games.
    NoSuchRound { round: u32, rounds: Vec<u32> },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            FileError::TooLarge { bytes } => tf(
                "This file is {} MB; a tournament file is far smaller and at most {} MB is read. Choose the tournament's .xml file.",
                &[
                    &number(&format!("{:.1}", *bytes as f64 / (1024.0 * 1024.0))),
                    &(MAX_FILE_BYTES / (1024 * 1024)),
                ],
            ),
            FileError::NotXml {
                line,
                column,
                detail,
            } => tf(
                "This file is not an OpenGotha tournament file: it is not XML (line {}, column {}: {}). Choose the .xml file OpenGotha saves or exports.",
                &[line, column, detail],
            ),
            FileError::DocumentType => tf(
                "This file declares its own document type (DTD), which OpenGotha never writes and which can define entities that swell to millions of characters, so it is not read. {}",
                &[&resave()],
            ),
            FileError::TooManyNodes => tf(
                "This file holds more elements than any tournament (at most {} are read), so it is not read. Choose the tournament's .xml file.",
                &[&MAX_NODES],
            ),
            FileError::NotTournament { root } => tf(
                "This XML file is not an OpenGotha tournament: its main element is <{}>, not <Tournament>. Choose the tournament file OpenGotha saves or exports.",
                &[root],
            ),
            FileError::TooManyPlayers { count } => tf(
                "The file lists {} players; a tournament holds at most {}.",
                &[count, &MAX_PLAYERS],
            ),
            FileError::UnnamedPlayer => t(
                "A player in the file has neither a name nor a first name. Name every player in OpenGotha, save, and load the file again.",
            )
            .to_string(),
            FileError::DuplicatePlayer { key } => tf(
                "Two players in the file have the same name ({}); OpenGotha tells players apart by name and first name. Rename one in OpenGotha, save, and load the file again.",
                &[key],
            ),
            FileError::BadValue {
                element,
                attribute,
                value,
            } => tf(
                "The file's {} has {}=\"{}\", which cannot be read.",
                &[element, attribute, value],
            ),
            FileError::MissingAttribute { element, attribute } => tf(
                "A <{}> in the file has no {}, which OpenGotha always writes: the file is damaged. {}",
                &[element, attribute, &resave()],
            ),
            FileError::BadNumber {
                element,
                attribute,
                value,
            } => tf(
                "The file's {} “{}” (in <{}>) is not a number OpenGotha writes there: the file is damaged. {}",
                &[attribute, value, element, &resave()],
            ),
            FileError::UnknownPlayer { key, round, table } => unknown_player(key, *round, *table),
            FileError::DuplicateTable { round, table } => tf(
                "Round {} has two games at table {}. Renumber the tables in OpenGotha, save, and load the file again.",
                &[round, table],
            ),
            FileError::PlaysTwice { key, round, tables } => plays_twice(key, *round, *tables),
            FileError::ByeAlsoPlays { key, round } => tf(
                "{} has the bye of round {} and also plays in it. Remove the bye or the game in OpenGotha and save again.",
                &[key, round],
            ),
            FileError::BadRound { round } => tf(
                "The file has a round {}; a tournament has rounds 1 to {}.",
                &[round, &MAX_ROUNDS],
            ),
            FileError::BarBelowFloor { bar, floor } => tf(
                "The McMahon bar ({}) is below the floor ({}). Set the bar at or above the floor in OpenGotha's general settings.",
                &[bar, floor],
            ),
            FileError::BadHandicap {
                round,
                table,
                value,
            } => tf(
                "Round {}, table {} has a handicap of “{}”; a handicap is 0 to {} stones. Correct it in OpenGotha, save, and load the file again.",
                &[round, table, value, &MAX_HANDICAP],
            ),
            FileError::BadSize { value } => tf(
                "The tournament's board size is “{}”; the app plays on boards from {}×{} to {}×{}. Set the size in OpenGotha's game options, save, and load the file again.",
                &[value, &MIN_SIZE, &MIN_SIZE, &MAX_SIZE, &MAX_SIZE],
            ),
            FileError::BadKomi { value, reason } => tf(
                "The tournament's komi is “{}”: {} Set the komi in OpenGotha's game options, save, and load the file again.",
                &[value, reason],
            ),
            FileError::UnknownTimeSystem { value } => tf(
                "The tournament's time system is “{}”, which is none of OpenGotha's (SUDDENDEATH, STDBYOYOMI, CANBYOYOMI, FISCHER). Set the time in OpenGotha's game options, save, and load the file again.",
                &[value],
            ),
            FileError::BadTime { problems } => tf(
                "The tournament's time cannot be set on the clock: {}. Set the time in OpenGotha's game options, save, and load the file again.",
                &[&problems.join("; ")],
            ),
            FileError::NoSuchRound { round, rounds } => no_such_round(*round, rounds),
        };
        f.write_str(&text)
    }
}

fn resave() -> String {
    t("Save the tournament again from OpenGotha and load that file.").to_string()
}

fn unknown_player(key: &str, round: u32, table: Option<u32>) -> String {
    match table {
        Some(table) => tf(
            "Round {}, table {} names the player {}, who is not in the file's list of players. {}",
            &[&round, &table, &key, &resave()],
        ),
        None => tf(
            "Round {} names a player ({}) who is not in the list of players.",
            &[&round, &key],
        ),
    }
}

fn plays_twice(key: &str, round: u32, tables: (u32, u32)) -> String {
    if tables.0 == tables.1 {
        tf(
            "Round {}, table {} pairs {} against themselves. Correct the pairing in OpenGotha, save, and load the file again.",
            &[&round, &tables.0, &key],
        )
    } else {
        tf(
            "In round {}, {} plays at table {} and at table {}. Correct the pairing in OpenGotha, save, and load the file again.",
            &[&round, &key, &tables.0, &tables.1],
        )
    }
}

fn no_such_round(round: u32, rounds: &[u32]) -> String {
    if rounds.is_empty() {
        tf(
            "This file has no games yet. Pair round {} in OpenGotha, save, and load the file again.",
            &[&round],
        )
    } else {
        let list: Vec<String> = rounds.iter().map(u32::to_string).collect();
        tf(
            "Round {} has no games in this file (rounds with games: {}). Pair the round in OpenGotha, save, and load the file again.",
            &[&round, &list.join(", ")],
        )
    }
}

impl std::error::Error for FileError {}
