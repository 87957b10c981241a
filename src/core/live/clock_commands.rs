//! What happens at the table: the clock's commands (start, press, pass, pause, corrections)
//! checked against the game and turned into events for the record.
//!
//! A press completes a move. When the move was entered on the board first, the press only
//! records the clock; when it was not (the app used as a clock beside a real board), the press
//! also records a move made off the phone, so the turn, the run of passes and the end of the
//! game stay right. A pass is always a board event and a press together.

use crate::core::clock::{self, ClockEvent, ClockState, PauseReason};
use crate::core::color::Color;
use crate::core::form_values;
use crate::core::game::Game;
use crate::core::moves::{Ending, Move, PlayError, Status};
use crate::core::record::{Event, TimedEvent};
use crate::core::refusal::{CommandError, Refusal};
use crate::core::rules::IllegalMoveProcedure;
use crate::core::text::tf;

use super::action::Action;

/// Something a player or referee asks of the clock.
#[derive(Clone, Debug, PartialEq)]
pub enum ClockCommand {
    /// A player touched their half of the clock.
    Press { by: Color },
    /// The player to move passes (and hands a pass stone over where the rules use them).
    Pass { by: Color },
    /// Both clocks stop for a reason the rules allow.
    Pause { reason: PauseReason },
    /// The clock that was running runs again.
    Resume,
    /// The last press was a mistake.
    UndoPress,
    /// `by` claims the opponent's flag has fallen.
    ClaimFlag { by: Color },
    /// `by` states "illegal move" after the opponent's move and push, before answering it,
    /// under rules where an answered illegal move stands (Dutch 9, Cape Town 6).
    ClaimIllegal { by: Color },
    /// `by` resigns (at any moment, in either player's time); the clocks stop.
    Resign { by: Color },
    /// A referee's correction (time, periods, stones, move count, penalty).
    /// The reason is logged with the correction.
    Correct { event: ClockEvent, reason: String },
}

/// Whether `by` may claim a win on time now: the opponent's flag has fallen and the game is
/// not yet decided.
pub fn claim_possible(clock: &ClockState, by: Color) -> bool {
    clock::result_on_claim(clock, by).is_some() && clock.result().is_none()
}

/// Checks `command` at `at_ms` against the game, the clock as of the last event and the log
/// (`events`, for a press withdrawn), and says what carries it out; nothing is changed.
pub fn handle(
    game: &Game,
    clock: Option<&ClockState>,
    events: &[TimedEvent],
    at_ms: i64,
    command: &ClockCommand,
) -> Result<Action, CommandError> {
    let clock_now = clock.map(|c| c.at(at_ms.max(c.as_of_ms)));
    let clock = || {
        clock_now
            .as_ref()
            .ok_or(CommandError::from(Refusal::NoClock))
    };
    let events = match command {
        ClockCommand::Resign { by } => resign(game, clock_now.as_ref(), *by)?,
        ClockCommand::UndoPress => {
            let (keep, withdrawn) = withdraw_press(events, at_ms)?;
            return Ok(Action::Withdraw { keep, withdrawn });
        }
        ClockCommand::Press { by } => press(game, clock()?, at_ms, *by)?,
        ClockCommand::Pass { by } => pass(game, clock()?, at_ms, *by)?,
        ClockCommand::Pause { reason } => pause(clock()?, at_ms, reason)?,
        ClockCommand::Resume => resume(game, clock()?, at_ms)?,
        ClockCommand::ClaimFlag { by } => claim_flag(clock()?, at_ms, *by)?,
        ClockCommand::ClaimIllegal { by } => claim_illegal(game, clock()?, at_ms, *by)?,
        ClockCommand::Correct { event, reason } => correct(clock()?, at_ms, event, reason)?,
    };
    Ok(Action::append(events))
}

/// `by` resigns, at any moment and with or without a clock; a running clock stops.
fn resign(game: &Game, clock: Option<&ClockState>, by: Color) -> Result<Vec<Event>, CommandError> {
    if let Status::Ended(Ending::Resigned(_)) = game.status() {
        return Err(PlayError::GameOver.into());
    }
    let mut events = vec![Event::Resigned { color: by }];
    if clock.is_some_and(|c| c.started && !c.stopped) {
        events.push(Event::Clock {
            clock: ClockEvent::Stopped,
        });
    }
    Ok(events)
}

/// `by` touches their half of the clock: the start of the game's time, or a press that
/// completes a move (recording the move made off the phone when it was not entered first).
fn press(
    game: &Game,
    clock: &ClockState,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    if !clock.started {
        return start(game, clock, at_ms, by);
    }
    if game.status() != Status::Playing {
        return Err(stopped(game).into());
    }
    let press = ClockEvent::Pressed { by, pass: false };
    clock.check(at_ms, &press).map_err(CommandError::Clock)?;
    let mut events = Vec::new();
    completing_press(&mut events, game, by, press);
    Ok(events)
}

/// The press `by` makes: when `by` is still to move, it completes a move made off the phone,
/// which is recorded before it.
fn completing_press(events: &mut Vec<Event>, game: &Game, by: Color, press: ClockEvent) {
    if game.to_move() == by {
        events.push(Event::MovedOffBoard { color: by });
    }
    events.push(Event::Clock { clock: press });
}

/// The first press, which starts the game's time: by the starter, whose press starts the
/// opponent's clock, or (where the rules make the push only a right) by the player who made
/// the first move.
fn start(
    game: &Game,
    clock: &ClockState,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    let start = game.rules().clock_start;
    let handicap = game.handicap_stones();
    let starter = start.starter(handicap);
    if by == starter {
        return Ok(vec![Event::Clock {
            clock: ClockEvent::Started { running: !starter },
        }]);
    }
    if !(start.may_start(by, handicap) && game.status() == Status::Playing) {
        return Err(Refusal::NotStarter { starter }.into());
    }
    // The push is only a right (Dutch): the other player played the first move and pushes the
    // clock, which starts with the opponent's time.
    let started = ClockEvent::Started { running: by };
    let press = ClockEvent::Pressed { by, pass: false };
    let mut running = clock.clone();
    running
        .apply(at_ms, &started)
        .and_then(|()| running.check(at_ms, &press))
        .map_err(CommandError::Clock)?;
    let mut events = vec![Event::Clock { clock: started }];
    completing_press(&mut events, game, by, press);
    Ok(events)
}

/// `by` passes on the clock: the pass on the board, the press (with a pass stone where the
/// rules use them) and the pause the clock takes by itself when the pass stops play.
fn pass(
    game: &Game,
    clock: &ClockState,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    if !clock.started {
        return Err(Refusal::ClockNotStarted.into());
    }
    if game.to_move() != by && !game.is_closing_pass(by) {
        return Err(Refusal::NotToMove {
            to_move: game.to_move(),
            by,
        }
        .into());
    }
    let press = ClockEvent::Pressed { by, pass: true };
    clock.check(at_ms, &press).map_err(CommandError::Clock)?;
    let mut after = Game::clone(game);
    after.try_play(by, Move::Pass)?;
    let mut events = vec![
        Event::Passed {
            color: by,
            clock: None,
            comment: None,
        },
        Event::Clock { clock: press },
    ];
    if let Some(reason) = pause_after(after.status(), game.status()) {
        events.push(Event::Clock {
            clock: ClockEvent::Paused { reason },
        });
    }
    Ok(events)
}

/// Both clocks stop for a reason the rules allow.
fn pause(clock: &ClockState, at_ms: i64, reason: &PauseReason) -> Result<Vec<Event>, CommandError> {
    let e = ClockEvent::Paused {
        reason: reason.clone(),
    };
    clock.check(at_ms, &e).map_err(CommandError::Clock)?;
    Ok(vec![Event::Clock { clock: e }])
}

/// The clock that was running runs again, while play goes on.
fn resume(game: &Game, clock: &ClockState, at_ms: i64) -> Result<Vec<Event>, CommandError> {
    if game.status() != Status::Playing {
        return Err(stopped(game).into());
    }
    clock
        .check(at_ms, &ClockEvent::Resumed)
        .map_err(CommandError::Clock)?;
    Ok(vec![Event::Clock {
        clock: ClockEvent::Resumed,
    }])
}

/// `by` claims the opponent's flag has fallen.
fn claim_flag(clock: &ClockState, at_ms: i64, by: Color) -> Result<Vec<Event>, CommandError> {
    let e = ClockEvent::FlagClaimed { by };
    clock.check(at_ms, &e).map_err(CommandError::Clock)?;
    Ok(vec![Event::Clock { clock: e }])
}

/// `by` states "illegal move" after the opponent's unanswered move, where the rules let an
/// answered illegal move stand: the move is taken back and the offender's clock restarts.
fn claim_illegal(
    game: &Game,
    clock: &ClockState,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    if game.rules().illegal_moves != IllegalMoveProcedure::AnsweredStands {
        return Err(Refusal::ClaimNotUnderTheseRules.into());
    }
    if illegal_claim_possible(game, clock) != Some(by) {
        return Err(Refusal::IllegalClaimNotNow { by }.into());
    }
    let taken_back = take_back_illegal(Some(clock), !by);
    // The restart is checked like a press: a claim after the claimant's flag fell is refused
    // before anything is written, not halfway through.
    for e in &taken_back {
        if let Event::Clock { clock: c } = e {
            clock.check(at_ms, c).map_err(CommandError::Clock)?;
        }
    }
    Ok(taken_back)
}

/// A referee's correction, logged with its reason: a time adjustment carries it, the other
/// corrections get a note beside them.
fn correct(
    clock: &ClockState,
    at_ms: i64,
    event: &ClockEvent,
    reason: &str,
) -> Result<Vec<Event>, CommandError> {
    clock
        .check(at_ms, event)
        .map_err(CommandError::Correction)?;
    let reason = form_values::reason(reason)
        .map_err(|e| CommandError::Form(tf("The correction was not made. {}", &[&e])))?;
    Ok(match event {
        ClockEvent::Adjusted {
            color, delta_ms, ..
        } => vec![Event::Clock {
            clock: ClockEvent::Adjusted {
                color: *color,
                delta_ms: *delta_ms,
                reason,
            },
        }],
        other => vec![
            Event::RefereeNote { text: reason },
            Event::Clock {
                clock: other.clone(),
            },
        ],
    })
}

/// Who may state "illegal move" now, under rules where an answered illegal move stands: the
/// player whose clock runs, when the opponent's last move (a stone entered on the phone and
/// found illegal, or a move made on a real board only) was pushed and not answered yet.
pub fn illegal_claim_possible(game: &Game, clock: &ClockState) -> Option<Color> {
    if game.rules().illegal_moves != IllegalMoveProcedure::AnsweredStands {
        return None;
    }
    let by = running_unpaused(clock)?;
    let offender = !by;
    let unanswered = game
        .can_remove_illegal()
        .is_some_and(|m| m.color == offender)
        || game.can_claim_off_board() == Some(offender);
    unanswered.then_some(by)
}

/// Whose clock runs, in a game whose time has started and is neither paused nor over (a fallen
/// flag that keeps running included).
fn running_unpaused(clock: &ClockState) -> Option<Color> {
    if !clock.started || clock.stopped || clock.paused.is_some() {
        return None;
    }
    clock.running
}

/// The events that take back the unanswered illegal move `offender` made, under rules where an
/// answered illegal move stands, with the clock as it is now:
/// - not pushed yet: taken back, and the offender moves again (Dutch 7, Cape Town 5: "If a
///   player notes that he made an illegal move before he has pushed the clock, and before his
///   opponent has answered this illegal move, he must take it back immediately. After this he
///   is allowed to make another move.");
/// - pushed: the opponent's claim (Dutch 9, Cape Town 6: "Stating "illegal move", "not
///   allowed" or some such formula he restarts the clock of his opponent. The player who made
///   the illegal move has to remove this stone in his own time. Next he must pass after which
///   he may push the clock again."): the offender's clock restarts and the pass is recorded;
///   the offender's push hands the clock back;
/// - no clock running: the stone goes and the offender passes.
pub fn take_back_illegal(clock: Option<&ClockState>, offender: Color) -> Vec<Event> {
    let removed = Event::IllegalMoveRemoved { color: offender };
    let pass = Event::Passed {
        color: offender,
        clock: None,
        comment: None,
    };
    match clock.and_then(running_unpaused) {
        Some(r) if r == offender => vec![removed],
        Some(_) => vec![
            removed,
            Event::Clock {
                clock: ClockEvent::Restarted { running: offender },
            },
            pass,
        ],
        None => vec![removed, pass],
    }
}

fn stopped(game: &Game) -> Refusal {
    match game.status() {
        Status::Ended(Ending::Resigned(c)) => Refusal::Resigned(c),
        Status::Paused => Refusal::PausedAfterPasses,
        _ => Refusal::EndedAfterPasses,
    }
}

/// The pause the clock takes by itself when a pass stops play: status assessment under the
/// pause rules, counting after a natural ending or when all stones stay on the board.
pub(super) fn pause_after(after: Status, before: Status) -> Option<PauseReason> {
    if after == before {
        return None;
    }
    match after {
        Status::Playing => None,
        Status::Paused => Some(PauseReason::StatusAssessment),
        Status::Ended(Ending::NaturalEnding | Ending::AllStonesAlive) => {
            Some(PauseReason::Counting)
        }
        Status::Ended(Ending::Resigned(_)) => None,
    }
}

/// The pause a pass entered apart from the clock asks of it when it stops play (passes made
/// on the board while the clock is pressed elsewhere, or not at all): the same pause a pass on
/// the clock takes, so a game whose play ended on any screen has no clock running on. Nothing
/// when play goes on, or when the clock has not started, is paused already, is stopped for
/// good or cannot pause (a flag that froze it).
pub(super) fn ending_pause(
    game: &Game,
    clock: Option<&ClockState>,
    at_ms: i64,
    by: Color,
) -> Option<Event> {
    let clock = clock.filter(|c| c.started && !c.stopped && c.paused.is_none())?;
    let reason = pause_after(game.status_if_passed(by), game.status())?;
    let pause = ClockEvent::Paused { reason };
    clock
        .at(at_ms.max(clock.as_of_ms))
        .check(at_ms, &pause)
        .ok()?;
    Some(Event::Clock { clock: pause })
}

/// How long after a press it can still be withdrawn as an accidental press.
pub const UNDO_PRESS_WINDOW_MS: i64 = 10_000;

/// The last command recorded, if it pressed the clock: the index of its press (a pause the
/// press caused may follow it), who pressed, and when.
fn last_press(events: &[TimedEvent]) -> Option<(usize, Color, i64)> {
    let mut end = events.len();
    if let Some(Event::Clock {
        clock: ClockEvent::Paused { .. },
    }) = events.last().map(|e| &e.event)
    {
        end -= 1;
    }
    let index = end.checked_sub(1)?;
    match events.get(index) {
        Some(TimedEvent {
            at_ms,
            event:
                Event::Clock {
                    clock: ClockEvent::Pressed { by, .. },
                },
        }) => Some((index, *by, *at_ms)),
        _ => None,
    }
}

/// Whether the last command can still be withdrawn as an accidental press at `now_ms`.
pub fn press_undoable(events: &[TimedEvent], now_ms: i64) -> bool {
    last_press(events).is_some_and(|(_, _, at)| now_ms.saturating_sub(at) <= UNDO_PRESS_WINDOW_MS)
}

/// How an accidental press made moments ago is withdrawn: the number of events to keep (the
/// press, the off-board move or pass it completed and a pause it caused go, so replay charges
/// the time exactly as if the press had not happened) and the event that logs the withdrawal.
/// Only the events of that one press go, however close in time the presses before it were.
pub fn withdraw_press(events: &[TimedEvent], at_ms: i64) -> Result<(usize, Event), CommandError> {
    let Some((press_index, by, pressed_at_ms)) = last_press(events) else {
        return Err(Refusal::NoPressToUndo.into());
    };
    if at_ms.saturating_sub(pressed_at_ms) > UNDO_PRESS_WINDOW_MS {
        return Err(Refusal::PressTooOld {
            seconds: UNDO_PRESS_WINDOW_MS / 1000,
        }
        .into());
    }
    let completed_move = press_index
        .checked_sub(1)
        .and_then(|i| events.get(i))
        .is_some_and(|e| match &e.event {
            Event::MovedOffBoard { color } | Event::Passed { color, .. } => *color == by,
            _ => false,
        });
    let keep = if completed_move {
        press_index - 1
    } else {
        press_index
    };
    Ok((keep, Event::PressWithdrawn { by, pressed_at_ms }))
}
