//! The events of the game log, in the past tense, with their timestamps.

use serde::{Deserialize, Serialize};

use super::count_by_numbers::CountByNumbers;
use super::decision::Decision;
use crate::core::clock::ClockEvent;
use crate::core::color::Color;
use crate::core::moves::AsWritten;
use crate::core::point::Point;
use crate::core::text::{again, tf};

/// Clock readings stored with a move (SGF `BL`/`WL` and `OB`/`OW`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveClock {
    /// Time left for the mover after the move, in milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_left_ms: Option<i64>,
    /// Stones (or periods) left in overtime after the move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overtime_left: Option<u32>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// Something that happened in the game, in the past tense. Applying a recorded event to the
/// game it was recorded for cannot fail; `Live::append` checks that before storing it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// Black's handicap stones were placed; White moves next.
    HandicapPlaced {
        /// The points of Black's handicap stones, in placing order.
        points: Vec<Point>,
    },
    /// A position was set up before the first move (an imported SGF with `AB`/`AW`).
    StonesSetUp {
        /// Black stones.
        black: Vec<Point>,
        /// White stones.
        white: Vec<Point>,
        /// Who plays the first move.
        to_move: Color,
    },
    /// A stone was played. `forced` marks a move that broke the ko, superko or suicide rule but
    /// was played on the board and stands until the illegal-move procedure deals with it.
    StonePlayed {
        /// Who played.
        color: Color,
        /// Where.
        point: Point,
        /// Recorded although it broke a rule (it was played on the board).
        #[serde(default, skip_serializing_if = "is_false")]
        forced: bool,
        /// Clock readings after the move (SGF `BL`/`WL`, `OB`/`OW`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<MoveClock>,
        /// A comment on the move (SGF `C`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        comment: Option<String>,
    },
    /// A player passed.
    Passed {
        /// Who passed.
        color: Color,
        /// Clock readings after the pass.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<MoveClock>,
        /// A comment on the pass.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        comment: Option<String>,
    },
    /// A player resigned.
    Resigned {
        /// Who resigned (the opponent wins).
        color: Color,
    },
    /// Play resumed after a pause or a natural ending, `first` to move.
    PlayResumed {
        /// Who moves first.
        first: Color,
    },
    /// An illegal move noticed in time was unwound: the game went back to the position after
    /// `to_move_index` moves (just before the illegal move, which was move `to_move_index + 1`).
    /// The later moves stay in the log for the referee; they no longer count.
    Unwound {
        /// The number of moves kept.
        to_move_index: u32,
    },
    /// An illegal move noticed before it was answered was taken back: a stone entered on the
    /// phone, or a move made on a real board only. The events after it say what follows: the
    /// offender moves again when the clock was not pushed yet, or passes after a claim.
    IllegalMoveRemoved {
        /// Who made the illegal move.
        color: Color,
    },
    /// A move made on a real board that was completed on the clock but not entered on the
    /// phone (the app used as a clock only).
    MovedOffBoard { color: Color },
    /// An accidental press by `by` at `pressed_at_ms` was withdrawn (its events were dropped);
    /// kept so the referee sees it.
    PressWithdrawn { by: Color, pressed_at_ms: i64 },
    /// Something happened to the clock (a press, a pause, a correction); the board is unchanged.
    Clock { clock: ClockEvent },
    /// A group was marked dead in the count (a tap toggles the whole group; see
    /// `count::group_at`). The stones stay on the board; the count removes them.
    DeadMarked { points: Vec<Point> },
    /// A group marked dead was marked alive again.
    DeadUnmarked { points: Vec<Point> },
    /// A group was marked as living in seki (its eye points count as the rules say).
    SekiMarked { points: Vec<Point> },
    /// A group marked as in seki was unmarked.
    SekiUnmarked { points: Vec<Point> },
    /// `color` confirmed the marks and the count with their own button. Any later change of the
    /// marks, the komi or the prisoners, a dispute or an unlock clears both confirmations.
    AgreementConfirmed { color: Color },
    /// The players could not agree on the status of the groups (`by` said so); under the pause
    /// rules a `PlayResumed` follows.
    Disputed { by: Color },
    /// The komi was changed during the game or the count (logged with the reason).
    KomiChanged { komi: f64, reason: String },
    /// A referee locked the count as it stands.
    CountLocked,
    /// A referee unlocked the count (confirmations are cleared).
    CountUnlocked { reason: String },
    /// Stones were painted onto the board to match a real board (a finished position copied to
    /// count it, or a correction): each point now holds `stone` (`None`: emptied). The turn
    /// and the counts stay.
    StonesPainted {
        points: Vec<Point>,
        stone: Option<Color>,
    },
    /// The prisoners in the lids of a real board were counted: Black holds `black`, White
    /// holds `white` (pass stones included). They replace the prisoners the phone recorded.
    PrisonersCounted { black: u32, white: u32 },
    /// The players entered the count they made on the real board (`None`: they went back to
    /// counting the phone's board). Any later change clears both confirmations.
    CountEntered { count: Option<CountByNumbers> },
    /// A referee's words on what follows (the reason for a correction), kept for the record.
    RefereeNote { text: String },
    /// A result decided other than by counting (forfeit, a referee's decision), as SGF `RE`,
    /// with the decision itself where `RE` cannot tell it (`Void`: both lose, or a replay).
    ResultDecided {
        re: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        decision: Option<Decision>,
    },
    /// An imported record does something the rules of play would refuse, just before the move
    /// it concerns (SGF executes every move as written): that move is played as the record has
    /// it, and the board says so.
    AsWritten { what: AsWritten },
    /// The referee warned `color`, for `reason` (LGC "Warning": two in the same game forfeit it).
    Warned { color: Color, reason: String },
    /// `by` plays on under protest, for `reason` (LGC: "the game is played under protest"),
    /// for the referee to rule on after the game.
    Protested { by: Color, reason: String },
    /// The game is played with other colours or another handicap than its settings say,
    /// noticed too late to restart it (LGC "Colour or handicap error": "the game continues and
    /// the pairing is modified to reflect the actual colours or handicap used"): who really has
    /// Black and White, and the handicap really given.
    ActualPairing {
        black: String,
        white: String,
        handicap: u8,
    },
}

/// What an event concerns: the game on the board, the clock, the count, or the referee's
/// record. Every event is of exactly one kind; [`Event::kind`] says which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// Stones, turn, passes, prisoners or the status of play change.
    Board,
    /// The clock changes; the board does not.
    Clock,
    /// The marks, the komi, the agreement or the count entered change.
    Count,
    /// The referee's record: notes, warnings, protests, decided results, the actual pairing.
    Referee,
}

/// The pattern of every event that changes the game on the board ([`EventKind::Board`]).
macro_rules! board_events {
    () => {
        $crate::core::record::Event::HandicapPlaced { .. }
            | $crate::core::record::Event::StonesSetUp { .. }
            | $crate::core::record::Event::StonePlayed { .. }
            | $crate::core::record::Event::Passed { .. }
            | $crate::core::record::Event::Resigned { .. }
            | $crate::core::record::Event::PlayResumed { .. }
            | $crate::core::record::Event::Unwound { .. }
            | $crate::core::record::Event::IllegalMoveRemoved { .. }
            | $crate::core::record::Event::MovedOffBoard { .. }
            | $crate::core::record::Event::StonesPainted { .. }
            | $crate::core::record::Event::PrisonersCounted { .. }
            | $crate::core::record::Event::AsWritten { .. }
    };
}

/// The pattern of every event that concerns the clock only ([`EventKind::Clock`]).
macro_rules! clock_events {
    () => {
        $crate::core::record::Event::Clock { .. }
            | $crate::core::record::Event::PressWithdrawn { .. }
    };
}

/// The pattern of every event that concerns the count only ([`EventKind::Count`]).
macro_rules! count_events {
    () => {
        $crate::core::record::Event::DeadMarked { .. }
            | $crate::core::record::Event::DeadUnmarked { .. }
            | $crate::core::record::Event::SekiMarked { .. }
            | $crate::core::record::Event::SekiUnmarked { .. }
            | $crate::core::record::Event::AgreementConfirmed { .. }
            | $crate::core::record::Event::Disputed { .. }
            | $crate::core::record::Event::KomiChanged { .. }
            | $crate::core::record::Event::CountLocked
            | $crate::core::record::Event::CountUnlocked { .. }
            | $crate::core::record::Event::CountEntered { .. }
    };
}

/// The pattern of every event of the referee's record ([`EventKind::Referee`]).
macro_rules! referee_events {
    () => {
        $crate::core::record::Event::RefereeNote { .. }
            | $crate::core::record::Event::ResultDecided { .. }
            | $crate::core::record::Event::Warned { .. }
            | $crate::core::record::Event::Protested { .. }
            | $crate::core::record::Event::ActualPairing { .. }
    };
}

pub(crate) use {clock_events, count_events, referee_events};

impl Event {
    /// What the event concerns. The four patterns above hold every event once: an event in
    /// none of them does not compile here, and one in two is an unreachable pattern, which the
    /// lint run refuses.
    pub fn kind(&self) -> EventKind {
        match self {
            board_events!() => EventKind::Board,
            clock_events!() => EventKind::Clock,
            count_events!() => EventKind::Count,
            referee_events!() => EventKind::Referee,
        }
    }

    /// Whether applying the event changes the game on the board (stones, turn, passes,
    /// prisoners, status); the others concern the clock, the count or the referee.
    pub fn touches_board(&self) -> bool {
        self.kind() == EventKind::Board
    }

    /// What the event does to the sequence of moves, for what follows the moves through the
    /// log (the moves that no longer count, the clock after each move).
    pub fn move_step(&self) -> MoveStep {
        match self {
            Event::StonePlayed { color, .. } | Event::Passed { color, .. } => {
                MoveStep::Move(*color)
            }
            Event::MovedOffBoard { color } => MoveStep::OffBoard(*color),
            Event::Unwound { to_move_index } => MoveStep::Unwound(*to_move_index),
            Event::IllegalMoveRemoved { .. } => MoveStep::IllegalRemoved,
            Event::HandicapPlaced { .. }
            | Event::StonesSetUp { .. }
            | Event::Resigned { .. }
            | Event::PlayResumed { .. }
            | Event::StonesPainted { .. }
            | Event::PrisonersCounted { .. }
            | Event::AsWritten { .. } => MoveStep::None,
            clock_events!() | count_events!() | referee_events!() => MoveStep::None,
        }
    }
}

/// What an event does to the sequence of moves ([`Event::move_step`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveStep {
    /// A stone or a pass by this colour on the phone.
    Move(Color),
    /// A move made on the real board only, which a press completed.
    OffBoard(Color),
    /// The moves from this index on are unwound.
    Unwound(u32),
    /// The last move is taken back as illegal.
    IllegalRemoved,
    /// Nothing.
    None,
}

/// The words of the last result decided in `events` where its `RE` cannot tell it (both
/// players lose, a replay), for the game list and the referee screen.
pub fn decided_words(events: &[TimedEvent]) -> Option<&'static str> {
    events.iter().rev().find_map(|e| match &e.event {
        Event::ResultDecided { decision, .. } => Some(decision.and_then(Decision::words)),
        Event::RefereeNote { .. }
        | Event::Warned { .. }
        | Event::Protested { .. }
        | Event::ActualPairing { .. } => None,
        board_events!() | clock_events!() | count_events!() => None,
    })?
}

/// The referee's warnings and the protests of a game, in order, as sentences for the result
/// screen and the SGF game comment.
pub fn referee_lines(events: &[TimedEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            Event::Warned { color, reason } => {
                Some(format!("Warning to {}: {reason}", color.name()))
            }
            Event::Protested { by, reason } => {
                Some(format!("{} plays under protest: {reason}", by.name()))
            }
            Event::ActualPairing {
                black,
                white,
                handicap,
            } => Some(format!(
                "Played with Black: {black}, White: {white}, handicap {handicap}; the pairing is to show this"
            )),
            Event::RefereeNote { .. } | Event::ResultDecided { .. } => None,
            board_events!() | clock_events!() | count_events!() => None,
        })
        .collect()
}

/// The lines of [`referee_lines`] in the language in use, for the result screen (the SGF game
/// comment keeps the English of `referee_lines`). A reason the app wrote is shown in the language
/// in use, one a person typed as typed.
pub fn referee_lines_shown(events: &[TimedEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            Event::Warned { color, reason } => {
                Some(tf("Warning to {}: {}", &[&color.shown(), &again(reason)]))
            }
            Event::Protested { by, reason } => Some(tf(
                "{} plays under protest: {}",
                &[&by.shown(), &again(reason)],
            )),
            Event::ActualPairing {
                black,
                white,
                handicap,
            } => Some(tf(
                "Played with Black: {}, White: {}, handicap {}; the pairing is to show this",
                &[black, white, handicap],
            )),
            Event::RefereeNote { .. } | Event::ResultDecided { .. } => None,
            board_events!() | clock_events!() | count_events!() => None,
        })
        .collect()
}

/// An event with the device time it happened at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimedEvent {
    /// Unix epoch milliseconds from the device.
    pub at_ms: i64,
    /// What happened.
    pub event: Event,
}
