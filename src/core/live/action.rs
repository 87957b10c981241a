//! What a command comes to, between the decision (`handle`, which knows every command) and
//! its execution (`LiveMut::run`, which knows none).

use super::entry::ClockAfterMove;
use crate::core::record::{Event, TimedEvent};

/// What a command comes to, decided by `handle` and carried out by `LiveMut::run`, which
/// knows no command.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// These events are appended at the command's time, checked in order, all or none.
    Append {
        /// The events, in order.
        events: Vec<Event>,
        /// For a stone entered with its press: what became of the clock.
        clock: ClockAfterMove,
    },
    /// An accidental press is withdrawn: the log keeps its first `keep` events (the press and
    /// what it completed go) and `withdrawn` logs the withdrawal.
    Withdraw {
        /// How many events stay.
        keep: usize,
        /// The event that logs the withdrawal.
        withdrawn: Event,
    },
    /// Events undone before are appended again with their own times, all or none.
    Redo(Vec<TimedEvent>),
    /// The last event is dropped with what prepared it, and the log replayed.
    Undo,
}

impl Action {
    /// Appending `events`, with the clock untouched.
    pub fn append(events: Vec<Event>) -> Action {
        Action::Append {
            events,
            clock: ClockAfterMove::Untouched,
        }
    }
}
