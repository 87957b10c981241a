//! Moves, what playing one did, and why one is refused: the vocabulary between the app and
//! `Game`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::color::Color;
use super::point::Point;
use super::text::{t, tf};

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
            PlayError::OffBoard { point, size } => f.write_str(&tf(
                "Point {} is off the {}x{} board",
                &[&point.to_sgf(), size, size],
            )),
            PlayError::Occupied { point, size } => {
                f.write_str(&tf("{} is already occupied", &[&point.to_human(*size)]))
            }
            PlayError::Suicide { point, size } => f.write_str(&tf(
                "A stone at {} would have no liberties: suicide is not allowed",
                &[&point.to_human(*size)],
            )),
            PlayError::Ko { point, size } => f.write_str(&tf(
                "Ko: you cannot retake at {} immediately; play elsewhere first",
                &[&point.to_human(*size)],
            )),
            PlayError::Superko { repeats_move, .. } => {
                if *repeats_move == 0 {
                    f.write_str(t("This recreates the starting position (superko)"))
                } else {
                    f.write_str(&tf(
                        "This recreates the position after move {} (superko)",
                        &[repeats_move],
                    ))
                }
            }
            PlayError::NotYourTurn { color } => f.write_str(&tf(
                "It is not {}'s turn: {} is to move",
                &[&color.shown(), &(!*color).shown()],
            )),
            PlayError::Paused => f.write_str(t(
                "Play is paused after the passes: agree on the status of the groups or resume play",
            )),
            PlayError::GameOver => f.write_str(t("The game is over")),
            PlayError::SetupAfterStart => {
                f.write_str(t("Stones can be set up only before the first move"))
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

/// Something a game record does that the rules of play would refuse, done as the record has it
/// (an imported SGF: "As long as the given move is syntactically correct it should be
/// executed. It doesn't matter if the move itself is illegal."). It is stored in the log just
/// before the move it concerns, so replay does exactly what the import did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AsWritten {
    /// `color` moves next although the rules give the move to the opponent: two moves of one
    /// colour in a row, or a first move against the player the set-up (`PL`) names.
    OutOfTurn { color: Color },
    /// The next move is on `point` although a stone stands there: the stone is taken off (no
    /// prisoner) and the move is played on the empty point, as SGF says a move is executed.
    OnAStone { point: Point },
    /// The record goes on after play ended or paused by the rules, with `color` to move.
    AfterTheEnd { color: Color },
    /// The record gives a handicap (`HA`) but lists no stones (`AB`): the stones were placed at
    /// the standard points.
    StandardHandicap { stones: u8 },
}

/// An [`AsWritten`] as it stands in the game, with the number of the move it concerns (0 for
/// something done before the first move) and, for a move on a stone, the stone taken off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenNote {
    /// The number of the move it concerns (passes count); 0 before the first move.
    pub move_number: u32,
    /// What the record did.
    pub what: AsWritten,
    /// The stone a move on a stone took off.
    pub replaced: Option<Color>,
}

impl WrittenNote {
    /// A sentence a player can read, with points named as on a board of side `size`.
    pub fn describe(&self, size: u8) -> String {
        let n = self.move_number;
        match self.what {
            AsWritten::OutOfTurn { color } => tf(
                "Move {}: {} plays out of turn ({} was to move); played as the record has it",
                &[&n, &color.shown(), &(!color).shown()],
            ),
            AsWritten::OnAStone { point } => {
                let at = point.to_human(size);
                match self.replaced {
                    Some(Color::Black) => tf(
                        "Move {} is on {}, where a black stone stood; the stone was taken off and the move played as the record has it",
                        &[&n, &at],
                    ),
                    Some(Color::White) => tf(
                        "Move {} is on {}, where a white stone stood; the stone was taken off and the move played as the record has it",
                        &[&n, &at],
                    ),
                    None => tf(
                        "Move {} is on {}, where a stone stood; the stone was taken off and the move played as the record has it",
                        &[&n, &at],
                    ),
                }
            }
            AsWritten::AfterTheEnd { color } => tf(
                "Move {}: the record goes on after play stopped by the rules; {} moves, as the record has it",
                &[&n, &color.shown()],
            ),
            AsWritten::StandardHandicap { stones } => tf(
                "The file gives a handicap of {} stones but lists none: they were placed at the standard points",
                &[&stones],
            ),
        }
    }
}
