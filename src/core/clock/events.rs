//! What can happen to the clock: presses, pauses, referee corrections, the end of the game.

use serde::{Deserialize, Serialize};

use crate::core::color::Color;
use crate::core::pause::PauseReason;

/// One thing that happened to the clock; the record keeps it with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockEvent {
    /// The game's time starts with `running`'s clock running (see `rules::ClockStart`).
    Started {
        /// The player whose clock runs first.
        running: Color,
    },
    /// The running side completed a move (or a pass, `pass: true`) and pressed the clock.
    Pressed {
        /// The player who pressed.
        by: Color,
        /// Whether the move was a pass (it counts as a move all the same).
        #[serde(default)]
        pass: bool,
    },
    /// Both clocks neutralised; a press by the side to move also ends the pause.
    Paused {
        /// Why.
        reason: PauseReason,
    },
    /// The clock that was running before the pause runs again.
    Resumed,
    /// The pause ends with a chosen player's clock running, as a new turn (Dutch 15.1: "The
    /// player who passed first may move and his clock is restarted").
    ResumedWith {
        /// The player whose clock runs.
        running: Color,
    },
    /// A referee adds (`delta_ms > 0`) or removes time: main time, or the current period in
    /// overtime. Adding time to a fallen flag lifts it.
    Adjusted {
        /// Whose clock.
        color: Color,
        /// Time added (negative: removed).
        delta_ms: i64,
        /// Why, in the referee's words.
        reason: String,
    },
    /// A referee sets the byo-yomi periods left (at least one).
    SetPeriods {
        /// Whose clock.
        color: Color,
        /// Periods left, the current one included.
        periods: u32,
    },
    /// A referee sets the stones still to play in the current Canadian period (at least one).
    SetStones {
        /// Whose clock.
        color: Color,
        /// Stones still to play in this period.
        stones_left: u32,
    },
    /// A referee corrects a player's move count.
    MoveCountCorrected {
        /// Whose count.
        color: Color,
        /// The right number of moves.
        moves: u32,
    },
    /// A time penalty: `ms` taken from the player (Dutch 9: one minute for improper conduct).
    Penalty {
        /// Who is penalised.
        color: Color,
        /// Time taken away.
        ms: i64,
    },
    /// The director adds `ms` to each player's time (Dutch 15.2, Cape Town 11.2).
    BothAdded {
        /// Time added to each player.
        ms: i64,
    },
    /// `by` claims that the opponent's flag has fallen: a loss on time for the opponent.
    FlagClaimed {
        /// The claimant.
        by: Color,
    },
    /// The game is over: both clocks stop for good.
    Stopped,
    /// The player whose clock ran stopped it and restarted `running`'s without a move: a claim
    /// of an illegal move made and pushed by `running` (Dutch 9, Cape Town 6: "Stating
    /// "illegal move", "not allowed" or some such formula he restarts the clock of his
    /// opponent"). A new turn for `running`.
    Restarted {
        /// The player whose clock runs again.
        running: Color,
    },
}

/// A clock event with the device time (epoch milliseconds) at which it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedClockEvent {
    /// Epoch milliseconds of the device when the event happened.
    pub at_ms: i64,
    /// What happened.
    pub event: ClockEvent,
}

impl TimedClockEvent {
    /// An event at a time.
    pub fn new(at_ms: i64, event: ClockEvent) -> TimedClockEvent {
        TimedClockEvent { at_ms, event }
    }
}
