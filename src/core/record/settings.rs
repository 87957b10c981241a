//! The settings of a game: everything fixed when it is created.

use serde::{Deserialize, Serialize};

use crate::core::clock::TimeControl;

use crate::core::handicap::Handicap;
use crate::core::preset::Preset;
use crate::core::rules::Rules;

/// Everything fixed when a game is created.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSettings {
    /// The preset the rules came from.
    pub preset: Preset,
    /// The rules actually used (a copy: a custom game may differ from its preset).
    pub rules: Rules,
    /// The side of the board.
    pub size: u8,
    /// The handicap.
    pub handicap: Handicap,
    /// Komi for White.
    pub komi: f64,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// Black's rank (SGF `BR`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_rank: Option<String>,
    /// White's rank (SGF `WR`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_rank: Option<String>,
    /// The date the game was played, as SGF `DT` writes it (`2026-11-22`).
    pub created: String,
    /// The event (SGF `EV`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<String>,
    /// The round (SGF `RO`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<String>,
    /// The place (SGF `PC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<String>,
    /// The time control the clock runs (absent for a game recorded without the clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control: Option<TimeControl>,
    /// The overtime text of SGF `OT` (`5x30 byo-yomi`), kept as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_control_sgf: Option<String>,
    /// The main time of SGF `TM` in seconds, kept as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_limit_sgf: Option<String>,
    /// A result known from outside the log (SGF `RE` of an imported game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// A comment on the game as a whole (SGF `C` of the root).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The table and the pairing program's keys of the players, for a game started from a
    /// director's table code (SGF has no property for them: they go in `GC`). Last, so the
    /// handed-over form of a game without it is what it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pairing: Option<Pairing>,
    /// The players changed the settings a director's table or round code gave the game, on
    /// purpose, before it started: its result code tells the director so.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub settings_changed: bool,
}

impl GameSettings {
    /// Settings for a game under `preset` on a board of `size`, with the preset's komi for the
    /// handicap and empty names and date.
    pub fn new(preset: Preset, size: u8, handicap: Handicap) -> GameSettings {
        let rules = preset.rules();
        GameSettings {
            preset,
            komi: rules.komi_for(handicap.stones),
            rules,
            size,
            handicap,
            black: String::new(),
            white: String::new(),
            black_rank: None,
            white_rank: None,
            created: String::new(),
            event: None,
            round: None,
            place: None,
            time_control: None,
            time_control_sgf: None,
            time_limit_sgf: None,
            result: None,
            comment: None,
            pairing: None,
            settings_changed: false,
        }
    }
}

/// Where a tournament's pairing put a game: its table and the players as the pairing program
/// names them, so the result finds its way back to the right game in that program.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The table number as the players see it.
    pub table: u32,
    /// Black's key in the pairing program (OpenGotha: name and first name in upper case).
    pub black_key: String,
    /// White's key in the pairing program.
    pub white_key: String,
}
