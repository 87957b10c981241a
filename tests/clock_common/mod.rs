//! Helpers shared by the clock tests.
#![allow(dead_code)]

use scorekeeper::core::Color::Black;
use scorekeeper::core::clock::*;

/// The epoch time the test clocks start at.
pub const T0: i64 = 1_700_000_000_000;

/// A press (not a pass) by `by`.
pub fn press(by: scorekeeper::core::Color) -> ClockEvent {
    ClockEvent::Pressed { by, pass: false }
}

/// Sudden death with this main time.
pub fn sd(main_ms: i64) -> TimeControl {
    TimeControl::new(main_ms, TimeSystem::SuddenDeath)
}

/// The sentence a rejected event gives.
pub fn said(r: Result<(), ClockError>) -> Result<(), String> {
    r.map_err(|e| e.to_string())
}

/// A clock started with Black to move at `T0`.
pub fn started(control: TimeControl) -> ClockState {
    let mut s = ClockState::new(control);
    s.apply(T0, &ClockEvent::Started { running: Black })
        .unwrap();
    s
}
