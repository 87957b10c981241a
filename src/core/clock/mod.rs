//! The game clock as a pure function: settings, a log of timestamped events and the time now
//! give both players' clocks. Time is computed from timestamps, never by counting ticks, so a
//! clock rebuilt from the log after a reload shows exactly what it showed before.
//!
//! The app calls [`clock_state`] (or keeps a [`ClockState`] and calls [`ClockState::apply`] and
//! [`ClockState::at`]) and schedules its next redraw with [`next_flag_at`].

#![warn(missing_docs)]

pub mod display;
pub mod events;
pub mod rejection;
pub mod side;
pub mod state;
pub mod time_control;
pub mod time_text;
pub mod warning;

pub use display::{SideStatus, clock_text, overtime_label, side_status};
pub use events::{ClockEvent, TimedClockEvent};
pub use rejection::ClockError;
pub use side::SideClock;
pub use state::{ClockState, clock_state, clock_state_from, next_flag_at, result_on_claim};
pub use time_control::{TimeControl, TimeSystem, TimeSystemKind};
pub use time_text::format_main;
pub use warning::{Warned, Warning, WarningPoints, warning_now};

// Why the clocks stop and what a flag does are data the rules hold; they are named here too,
// with the clock that follows them.
pub use crate::core::pause::PauseReason;
pub use crate::core::rules::OnFlag;
