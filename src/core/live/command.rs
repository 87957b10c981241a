//! Everything a player or referee asks of a game, as one command type, and the one `handle`
//! that checks a command against the live game and decides what carries it out (an
//! [`Action`]: events to append, a press to withdraw, an undo or a redo).

use super::LiveState;
use super::action::Action;
use super::clock_commands::{self, ClockCommand};
use super::entry::{ClockAfterMove, clock_with_stone};
use crate::core::clock::{ClockEvent, ClockState, PauseReason};
use crate::core::color::Color;
use crate::core::count::{self, CountCommand};
use crate::core::point::Point;
use crate::core::record::{Event, GameRecord, TimedEvent, apply};
use crate::core::refusal::{CommandError, Refusal};
use crate::core::setup;

/// What a player or referee asks, grouped by what it touches.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// The clock: start, press, pass, pause, resume, claim, resign, corrections, undo a press.
    Clock(ClockCommand),
    /// The board: moves entered on the phone, the illegal-move procedures, a position copied
    /// from a real board, undo and redo.
    Board(BoardCommand),
    /// The end of the game: marks, confirmations, disputes, komi, prisoners, the count, the
    /// referee's lock and decisions.
    Count(CountCommand),
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

impl From<ClockCommand> for Command {
    fn from(c: ClockCommand) -> Command {
        Command::Clock(c)
    }
}

impl From<CountCommand> for Command {
    fn from(c: CountCommand) -> Command {
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
    /// clock (`ClockCommand::Pass`: the press, a pass stone where the rules use them);
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

/// Checks `command` at `at_ms` against the live game and its record and says what carries it
/// out; nothing is changed (`LiveMut::run` does it).
pub fn handle(
    live: &LiveState,
    record: &GameRecord,
    at_ms: i64,
    command: &Command,
) -> Result<Action, CommandError> {
    match command {
        Command::Clock(ClockCommand::ClaimFlag { .. })
            if let Some(r) = live.ended_before(at_ms) =>
        {
            Err(r.into())
        }
        Command::Clock(c) => {
            clock_commands::handle(live.game(), live.clock(), record.events(), at_ms, c)
        }
        Command::Count(c) => {
            let count = live.count_at(at_ms);
            count::handle(&count, &record.settings, live.clock(), at_ms, c).map(Action::append)
        }
        Command::Board(b) => board(live, record, at_ms, b),
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

/// What an entry on the phone's board comes to.
fn board(
    live: &LiveState,
    record: &GameRecord,
    at_ms: i64,
    command: &BoardCommand,
) -> Result<Action, CommandError> {
    let game = live.game();
    // A stroke or a clear that changes no point records nothing.
    let one = |e: Option<Event>| Ok(Action::append(e.into_iter().collect()));
    match command {
        BoardCommand::Play {
            point,
            forced,
            press,
        } => {
            let (events, clock) = stone(live, at_ms, *point, *forced, *press)?;
            Ok(Action::Append { events, clock })
        }
        BoardCommand::Pass { clock: true }
            if live
                .clock()
                .is_some_and(|c| c.started && c.running.is_some()) =>
        {
            let by = game.to_move();
            let pass = ClockCommand::Pass { by };
            clock_commands::handle(game, live.clock(), record.events(), at_ms, &pass)
        }
        BoardCommand::Pass { .. } => {
            let color = game.to_move();
            let mut events = vec![Event::Passed {
                color,
                clock: None,
                comment: None,
            }];
            // Play that ends on the board ends on the clock too, as the rules' ending says.
            events.extend(clock_commands::ending_pause(
                game,
                live.clock(),
                at_ms,
                color,
            ));
            Ok(Action::append(events))
        }
        BoardCommand::Unwind => unwind(live).map(Action::append),
        BoardCommand::RemoveIllegal => {
            let m = game
                .can_remove_illegal()
                .ok_or(Refusal::NoIllegalToRemove)?;
            let events = clock_commands::take_back_illegal(live.clock(), m.color);
            Ok(Action::append(events))
        }
        BoardCommand::Paint { points, stone } => {
            one(setup::paint_event(game.board(), points, *stone))
        }
        BoardCommand::Handicap { stones } => one(setup::handicap_event(game.board(), *stones)
            .map_err(|e| CommandError::Form(e.to_string()))?),
        BoardCommand::Clear => one(setup::clear_event(game.board())),
        BoardCommand::ToMove { color } => {
            one(setup::to_move_event(game, *color).map_err(CommandError::Form)?)
        }
        BoardCommand::Prisoners { color, delta } => {
            let current = [game.prisoners(Color::Black), game.prisoners(Color::White)];
            one(Some(setup::prisoners_event(current, *color, *delta)))
        }
        BoardCommand::Undo if record.events().is_empty() => Err(Refusal::NothingToUndo.into()),
        BoardCommand::Undo => Ok(Action::Undo),
        BoardCommand::Redo { events } => Ok(Action::Redo(events.clone())),
    }
}

/// The game goes back to just before the illegal move noticed in time, and the clock to the
/// player who moves then.
fn unwind(live: &LiveState) -> Result<Vec<Event>, CommandError> {
    let game = live.game();
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
