//! A stone entered on the phone's board with the clock press that completes it, in one tap
//! (`BoardCommand::Play` with `press`): what it asks of the clock, and how undo knows the two
//! belong together.

use super::CommandError;
use crate::core::clock::{ClockEvent, ClockState};
use crate::core::color::Color;
use crate::core::record::{Event, TimedEvent};
use crate::core::rules::Rules;

/// What became of the clock after a stone was entered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ClockAfterMove {
    /// Not touched: no press asked for, or the mover's clock does not run (and any command
    /// other than a stone).
    #[default]
    Untouched,
    /// Pressed: the opponent's clock runs.
    Pressed,
    /// The move captured as many stones as the rules remove in neutral time: both clocks
    /// are paused with that reason instead; the mover's press restarts the opponent's clock.
    PausedForCaptures,
    /// The press was refused (the move stands); the words say why.
    NotPressed(String),
}

/// What a stone entered for `color` with its press asks of the clock: the press, or the
/// pause for removing captured stones where the `removed` stones are enough for the rules'
/// neutral time. `Ok(None)` when the mover's clock does not run; the clock's refusal when it
/// cannot take it (the stone stands all the same).
pub(super) fn clock_with_stone(
    clock: Option<&ClockState>,
    rules: &Rules,
    at_ms: i64,
    color: Color,
    removed: u32,
) -> Result<Option<ClockEvent>, CommandError> {
    let Some(clock) = clock.filter(|c| c.started && c.running == Some(color)) else {
        return Ok(None);
    };
    let event = match rules.capture_pause().filter(|(n, _)| removed >= *n) {
        Some((_, reason)) => ClockEvent::Paused { reason },
        None => ClockEvent::Pressed {
            by: color,
            pass: false,
        },
    };
    clock
        .at(at_ms.max(clock.as_of_ms))
        .check(at_ms, &event)
        .map_err(CommandError::Clock)?;
    Ok(Some(event))
}

impl ClockAfterMove {
    /// What became of the clock, from what `clock_with_stone` said.
    pub(super) fn of(asked: Result<Option<ClockEvent>, CommandError>) -> ClockAfterMove {
        match asked {
            Ok(None) => ClockAfterMove::Untouched,
            Ok(Some(ClockEvent::Paused { .. })) => ClockAfterMove::PausedForCaptures,
            Ok(Some(_)) => ClockAfterMove::Pressed,
            Err(why) => ClockAfterMove::NotPressed(why.to_string()),
        }
    }
}

/// Whether `clock` is the press (or the pause for removing captures) that `stone` was entered
/// with in one tap (`BoardCommand::Play` with `press`): the two share their time, and the
/// board's undo and redo take them together, as the player made them.
pub fn entered_together(stone: &TimedEvent, clock: &TimedEvent) -> bool {
    stone.at_ms == clock.at_ms
        && match (&stone.event, &clock.event) {
            (
                Event::StonePlayed { color, .. },
                Event::Clock {
                    clock: ClockEvent::Pressed { by, pass: false },
                },
            ) => color == by,
            (
                Event::StonePlayed { .. },
                Event::Clock {
                    clock: ClockEvent::Paused { .. },
                },
            ) => true,
            _ => false,
        }
}
