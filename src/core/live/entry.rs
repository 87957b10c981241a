//! A stone entered on the phone's board, with the clock press that completes it when the
//! player asked for one: the one way the board page records a move, tested natively.

use super::{BoardCommand, Command, CommandError, Live};
use crate::core::clock::ClockEvent;
use crate::core::color::Color;
use crate::core::point::Point;
use crate::core::record::{Event, TimedEvent};
use crate::core::table;

/// What became of the clock after a stone was entered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClockAfterMove {
    /// Not touched: no press asked for, or the mover's clock does not run.
    Untouched,
    /// Pressed: the opponent's clock runs.
    Pressed,
    /// The move captured as many stones as the rules remove in neutral time: both clocks
    /// are paused with that reason instead; the mover's press restarts the opponent's clock.
    PausedForCaptures,
    /// The press was refused (the move stands); the words say why.
    NotPressed(String),
}

/// Records a stone for `color`, the side to move, at `point` (`forced`: as played on the real
/// board although a rule forbids it), then, with `press` and the mover's clock running, the
/// press that completes it, or the pause for removing captured stones where the capture is
/// big enough for the rules' neutral time. On a refused move nothing changes.
pub fn enter_stone(
    live: &mut Live,
    at_ms: i64,
    color: Color,
    point: Point,
    forced: bool,
    press: bool,
) -> Result<ClockAfterMove, CommandError> {
    let prisoners = |l: &Live| l.game().prisoners(Color::Black) + l.game().prisoners(Color::White);
    let before = prisoners(live);
    live.run(at_ms, &BoardCommand::Play { point, forced }.into())?;
    let running = live.clock().filter(|c| c.started).and_then(|c| c.running);
    if !press || running != Some(color) {
        return Ok(ClockAfterMove::Untouched);
    }
    let removed = prisoners(live).saturating_sub(before);
    let neutral = table::capture_pause(live.game().rules()).filter(|(n, _)| removed >= *n);
    let (command, done) = match neutral {
        Some((_, reason)) => (
            table::Command::Pause { reason },
            ClockAfterMove::PausedForCaptures,
        ),
        None => (table::Command::Press { by: color }, ClockAfterMove::Pressed),
    };
    Ok(match live.run(at_ms, &Command::Clock(command)) {
        Ok(_) => done,
        Err(e) => ClockAfterMove::NotPressed(e.to_string()),
    })
}

/// Whether `clock` is the press (or the pause for removing captures) that `stone` was entered
/// with in one tap by [`enter_stone`]: the two share their time, and the board's undo and redo
/// take them together, as the player made them.
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
