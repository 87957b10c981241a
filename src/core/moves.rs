//! Moves, what playing one did, and why one is refused: the vocabulary between the app and
//! `Game`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::color::Color;
use super::point::Point;

/// A player's move: a stone on a point, a pass, or resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// A stone on the point.
    Play(Point),
    /// A pass.
    Pass,
    /// Resignation.
    Resign,
}

/// How play stopped or paused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Status {
    /// Moves are being played.
    Playing,
    /// Play paused after passes: the players now agree on the status of groups, or resume.
    Paused,
    /// The game ended on the board.
    Ended(Ending),
}

/// Why play ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// The given player resigned.
    Resigned(Color),
    /// The consecutive passes of a natural ending (counting follows; a player who finds a point
    /// may resume).
    NaturalEnding,
    /// Both players passed at the start of a resumption: every stone on the board counts as
    /// alive.
    AllStonesAlive,
}

/// The last move made, for display.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub mv: Move,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayOutcome {
    /// The number of the move just made (passes count; handicap placement does not).
    pub move_number: u32,
    /// Opponent stones captured by the move.
    pub captured: u32,
    /// Own stones removed by a suicide (given to the opponent as prisoners).
    pub suicide_removed: u32,
    /// True when the capture is large enough for the rules to pause the clock while the stones
    /// are removed.
    pub neutral_capture: bool,
    /// The game's status after the move.
    pub status: Status,
    /// Set when the move broke a rule but was recorded anyway (forced), with the reason.
    pub illegal: Option<PlayError>,
}

/// Why a move is refused; `Display` gives a message a player can read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The point is not on the board.
    OffBoard { point: Point, size: u8 },
    /// A stone already stands there.
    Occupied { point: Point, size: u8 },
    /// The stone would have no liberty and capture nothing.
    Suicide { point: Point, size: u8 },
    /// Immediate recapture of a single stone in a ko.
    Ko { point: Point, size: u8 },
    /// The play recreates the position after move `repeats_move` (0: the starting position).
    Superko {
        point: Point,
        size: u8,
        repeats_move: u32,
    },
    /// The other player is to move.
    NotYourTurn { color: Color },
    /// Play is paused after passes.
    Paused,
    /// The game is over.
    GameOver,
    /// Handicap or set-up stones can only be placed before the first move.
    SetupAfterStart,
    /// A handicap or set-up list is not valid (the text says why).
    BadSetup(String),
    /// Nothing to unwind or remove.
    NothingToUndo(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::OffBoard { point, size } => {
                write!(f, "Point {} is off the {size}x{size} board", point.to_sgf())
            }
            PlayError::Occupied { point, size } => {
                write!(f, "{} is already occupied", point.to_human(*size))
            }
            PlayError::Suicide { point, size } => write!(
                f,
                "A stone at {} would have no liberties: suicide is not allowed",
                point.to_human(*size)
            ),
            PlayError::Ko { point, size } => write!(
                f,
                "Ko: you cannot retake at {} immediately; play elsewhere first",
                point.to_human(*size)
            ),
            PlayError::Superko { repeats_move, .. } => {
                if *repeats_move == 0 {
                    write!(f, "This recreates the starting position (superko)")
                } else {
                    write!(
                        f,
                        "This recreates the position after move {repeats_move} (superko)"
                    )
                }
            }
            PlayError::NotYourTurn { color } => write!(
                f,
                "It is not {}'s turn: {} is to move",
                color.name(),
                (!*color).name()
            ),
            PlayError::Paused => write!(
                f,
                "Play is paused after the passes: agree on the status of the groups or resume play"
            ),
            PlayError::GameOver => write!(f, "The game is over"),
            PlayError::SetupAfterStart => {
                write!(f, "Stones can be set up only before the first move")
            }
            PlayError::BadSetup(why) => write!(f, "{why}"),
            PlayError::NothingToUndo(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for PlayError {}

/// A move that broke a rule but stands in the record because it was played on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalMove {
    /// The number of the move.
    pub move_number: u32,
    /// Who played it.
    pub color: Color,
    /// Where.
    pub point: Point,
    /// The rule it broke.
    pub reason: PlayError,
}
