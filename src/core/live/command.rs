//! Everything a player or referee asks of a game, as one command type, and the one `handle`
//! that checks a command against the live game and returns the events that carry it out.

use super::LiveState;
use super::clock_commands;
use super::entry::{ClockAfterMove, clock_with_stone};
use crate::core::clock::{ClockEvent, ClockState, PauseReason};
use crate::core::color::Color;
use crate::core::count;
use crate::core::point::Point;
use crate::core::record::{Event, GameSettings, TimedEvent, apply};
use crate::core::refusal::{CommandError, Refusal};
use crate::core::setup;

/// What a player or referee asks, grouped by what it touches.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// The clock: start, press, pass, pause, resume, claim, resign, corrections, undo a press.
    Clock(clock_commands::Command),
    /// The board: moves entered on the phone, the illegal-move procedures, a position copied
    /// from a real board, undo and redo.
    Board(BoardCommand),
    /// The end of the game: marks, confirmations, disputes, komi, prisoners, the count, the
    /// referee's lock and decisions.
    Count(count::Command),
}

impl Command {
    /// The side to move plays a stone at `point`.
    pub fn play(point: Point) -> Command {
        Command::Board(BoardCommand::Play {
            point,
            forced: false,
            press: false,
        })
    }
}

impl From<clock_commands::Command> for Command {
    fn from(c: clock_commands::Command) -> Command {
        Command::Clock(c)
    }
}

impl From<count::Command> for Command {
    fn from(c: count::Command) -> Command {
        Command::Count(c)
    }
}

impl From<BoardCommand> for Command {
    fn from(c: BoardCommand) -> Command {
        Command::Board(c)
    }
}

/// What is entered on the phone's board.
#[derive(Clone, Debug, PartialEq)]
pub enum BoardCommand {
    /// The side to move plays at `point`; `forced` records a stone that broke the ko, superko
    /// or suicide rule because it was played on the real board. With `press`, the same tap
    /// presses the mover's clock when it runs (or pauses both for removing a capture the rules
    /// neutralise); a press the clock refuses leaves the stone recorded (`Done::clock` says
    /// why).
    Play {
        /// Where.
        point: Point,
        /// Recorded although it broke a rule.
        forced: bool,
        /// The clock is pressed with it.
        press: bool,
    },
    /// The side to move passes. With `clock` and the clock running, the pass is made on the
    /// clock (`clock_commands::Command::Pass`: the press, a pass stone where the rules use them);
    /// otherwise only on the board.
    Pass {
        /// Made on the clock too, when it runs.
        clock: bool,
    },
    /// The game goes back to just before the illegal move noticed in time.
    Unwind,
    /// The unanswered illegal move is taken back: before the offender pushed the clock, the
    /// offender moves again; after, the offender's clock restarts and the offender passes
    /// (`clock_commands::take_back_illegal`).
    RemoveIllegal,
    /// Points painted to match a real board (`None`: emptied).
    Paint {
        /// The points of the stroke.
        points: Vec<Point>,
        /// The stone they get.
        stone: Option<Color>,
    },
    /// The fixed handicap points of `stones` stones get Black stones.
    Handicap {
        /// How many stones.
        stones: u8,
    },
    /// Every stone is taken off the board.
    Clear,
    /// After a position is set up, before the first move: who plays next (SGF `PL`).
    ToMove {
        /// The player who moves next.
        color: Color,
    },
    /// The prisoners in one lid step up or down.
    Prisoners {
        /// Whose lid.
        color: Color,
        /// By how many.
        delta: i32,
    },
    /// The last event is dropped (with what prepared it) and the log replayed.
    Undo,
    /// Events undone are appended again, in order.
    Redo {
        /// The events, oldest first.
        events: Vec<TimedEvent>,
    },
}

/// The clock events that make `to_move`'s clock the one that runs, when play goes back to an
/// earlier position (an unwound illegal move): the clocks stop for the referee's arbitration,
/// if they were not stopped already, and restart with `to_move`'s. Nothing when it runs already
/// or the clock has not started or is stopped for good.
fn clock_to(clock: Option<&ClockState>, to_move: Color) -> Vec<Event> {
    let Some(clock) = clock.filter(|c| c.started && !c.stopped) else {
        return Vec::new();
    };
    if clock.running == Some(to_move) {
        return Vec::new();
    }
    let mut events = Vec::new();
    if clock.paused.is_none() {
        events.push(Event::Clock {
            clock: ClockEvent::Paused {
                reason: PauseReason::Arbitration,
            },
        });
    }
    events.push(Event::Clock {
        clock: ClockEvent::ResumedWith { running: to_move },
    });
    events
}

/// Checks `command` at `at_ms` against the live game and returns the events that carry it out,
/// in order; nothing is changed (`LiveMut::run` commits them). Undo and redo are done by
/// `LiveMut::run`, which drops or re-appends events.
pub fn handle(
    live: &LiveState,
    settings: &GameSettings,
    at_ms: i64,
    command: &Command,
) -> Result<Vec<Event>, CommandError> {
    match command {
        Command::Clock(clock_commands::Command::ClaimFlag { .. })
            if let Some(r) = live.ended_before(at_ms) =>
        {
            Err(r.into())
        }
        Command::Clock(c) => clock_commands::handle(live.game(), live.clock(), at_ms, c),
        Command::Count(c) => count::handle(&live.count_at(at_ms), settings, live.clock(), at_ms, c),
        Command::Board(b) => board(live, at_ms, b),
    }
}

/// The stone the side to move plays at `point`, checked by the rules before it is written, and
/// with `press` what the clock does with it: the events, and what became of the clock.
pub(super) fn stone(
    live: &LiveState,
    at_ms: i64,
    point: Point,
    forced: bool,
    press: bool,
) -> Result<(Vec<Event>, ClockAfterMove), CommandError> {
    let game = live.game();
    let color = game.to_move();
    let removed = game.check_stone(color, point, forced)?;
    let mut events = vec![Event::StonePlayed {
        color,
        point,
        forced,
        clock: None,
        comment: None,
    }];
    if !press {
        return Ok((events, ClockAfterMove::Untouched));
    }
    let asked = clock_with_stone(live.clock(), game.rules(), at_ms, color, removed);
    if let Ok(Some(clock)) = &asked {
        events.push(Event::Clock {
            clock: clock.clone(),
        });
    }
    Ok((events, ClockAfterMove::of(asked)))
}

fn board(live: &LiveState, at_ms: i64, command: &BoardCommand) -> Result<Vec<Event>, CommandError> {
    let game = live.game();
    let color = game.to_move();
    // A stroke or a clear that changes no point records nothing.
    let one = |e: Option<Event>| Ok(e.into_iter().collect());
    match command {
        BoardCommand::Play {
            point,
            forced,
            press,
        } => stone(live, at_ms, *point, *forced, *press).map(|(events, _)| events),
        BoardCommand::Pass { clock: true }
            if live
                .clock()
                .is_some_and(|c| c.started && c.running.is_some()) =>
        {
            clock_commands::handle(
                game,
                live.clock(),
                at_ms,
                &clock_commands::Command::Pass { by: color },
            )
        }
        BoardCommand::Pass { .. } => Ok(vec![Event::Passed {
            color,
            clock: None,
            comment: None,
        }]),
        BoardCommand::Unwind => {
            let m = game.can_unwind().ok_or(Refusal::NoIllegalToUnwind)?;
            let unwound = Event::Unwound {
                to_move_index: m.move_number.saturating_sub(1),
            };
            let mut after = game.clone();
            apply(&mut after, &unwound)?;
            let mut events = vec![unwound];
            events.extend(clock_to(live.clock(), after.to_move()));
            Ok(events)
        }
        BoardCommand::RemoveIllegal => {
            let m = game
                .can_remove_illegal()
                .ok_or(Refusal::NoIllegalToRemove)?;
            Ok(clock_commands::take_back_illegal(live.clock(), m.color))
        }
        BoardCommand::Paint { points, stone } => {
            one(setup::paint_event(game.board(), points, *stone))
        }
        BoardCommand::Handicap { stones } => one(setup::handicap_event(game.board(), *stones)
            .map_err(|e| CommandError::Form(e.to_string()))?),
        BoardCommand::Clear => one(setup::clear_event(game.board())),
        BoardCommand::ToMove { color } => setup::to_move_event(game, *color)
            .map(|e| e.into_iter().collect())
            .map_err(CommandError::Form),
        BoardCommand::Prisoners { color, delta } => {
            let current = [game.prisoners(Color::Black), game.prisoners(Color::White)];
            Ok(vec![setup::prisoners_event(current, *color, *delta)])
        }
        BoardCommand::Undo | BoardCommand::Redo { .. } => Ok(Vec::new()),
    }
}
