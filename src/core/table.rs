//! What happens at the table: the clock's commands (start, press, pass, pause, corrections)
//! checked against the game and turned into events for the record.
//!
//! A press completes a move. When the move was entered on the board first, the press only
//! records the clock; when it was not (the app used as a clock beside a real board), the press
//! also records a move made off the phone, so the turn, the run of passes and the end of the
//! game stay right. A pass is always a board event and a press together.

use std::sync::Arc;

use super::Color;
use super::clock::{self, ClockEvent, ClockState, PauseReason};
use super::form_values;
use super::game::Game;
use super::moves::{Ending, Move, Status};
use super::preset::LGC_PAUSE_REASONS;
use super::record::{Event, GameRecord, ReplayError, TimedEvent, apply};
use super::rules::{EndOfPlay, Rules};

/// Something a player or referee asks of the clock.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
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
    /// `by` resigns (at any moment, in either player's time); the clocks stop.
    Resign { by: Color },
    /// A referee's correction (time, periods, stones, move count, penalty).
    /// The reason is logged with the correction.
    Correct { event: ClockEvent, reason: String },
}

/// The game and the clock as the record has them at `now_ms`.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Shared, so that a copy of the table (one per frame on the clock) does not copy the game.
    pub game: Arc<Game>,
    /// `None` when the game has no time control.
    pub clock: Option<ClockState>,
    /// How many events of the record are applied.
    applied: usize,
    /// The last event applied, to notice a record that changed behind it.
    last: Option<TimedEvent>,
}

impl Table {
    /// Replays the record. An event the board rejects is a damaged record; the message says
    /// which.
    pub fn of(record: &GameRecord, now_ms: i64) -> Result<Table, String> {
        let mut table = Table::start(record)?;
        table.follow(record)?;
        if let Some(clock) = table.clock.as_mut() {
            clock.advance_to(now_ms);
        }
        Ok(table)
    }

    fn start(record: &GameRecord) -> Result<Table, String> {
        Ok(Table {
            game: Arc::new(record.new_game().map_err(|e| e.to_string())?),
            clock: record.settings.time_control.map(ClockState::new),
            applied: 0,
            last: None,
        })
    }

    /// Brings the table up to date with `record` by applying only the events added since it
    /// was last followed; a record whose earlier events changed (an undo) is replayed from the
    /// start. The clock stands at the last event's time.
    pub fn follow(&mut self, record: &GameRecord) -> Result<(), String> {
        let unchanged = self.applied <= record.events.len()
            && (self.applied == 0 || record.events.get(self.applied - 1) == self.last.as_ref());
        if !unchanged || record.settings.time_control != self.clock.as_ref().map(|c| c.control) {
            *self = Table::start(record)?;
        }
        for (index, e) in record.events.iter().enumerate().skip(self.applied) {
            apply(Arc::make_mut(&mut self.game), &e.event)
                .map_err(|error| ReplayError::BadEvent { index, error }.to_string())?;
            if let (Some(clock), Event::Clock { clock: ce }) = (self.clock.as_mut(), &e.event) {
                let _ = clock.apply(e.at_ms, ce);
            }
        }
        self.applied = record.events.len();
        self.last = record.events.last().cloned();
        Ok(())
    }

    /// Who touches their half to start the game's time: White, who starts Black's clock, or
    /// Black after placing two or more handicap stones, who starts White's.
    pub fn starter(&self) -> Color {
        !clock::first_to_run(self.game.handicap_stones())
    }
}

impl Table {
    /// The result decided at the table so far, as SGF `RE`: a resignation, or a loss on time
    /// once claimed (or at once where the rules freeze the clock on a flag).
    pub fn result(&self) -> Option<String> {
        if let Status::Ended(Ending::Resigned(c)) = self.game.status() {
            return Some(format!("{}+R", (!c).sgf()));
        }
        self.clock
            .as_ref()
            .and_then(|c| c.result())
            .map(str::to_string)
    }
}

/// The reasons the rules in force give for stopping both clocks, as the clock records them:
/// the LGC's twelve circumstances by name, any other preset's in its own words.
pub fn pause_choices(rules: &Rules) -> Vec<PauseReason> {
    rules
        .pause_reasons
        .iter()
        .map(|text| {
            LGC_PAUSE_REASONS
                .iter()
                .position(|l| l == text)
                .and_then(|i| PauseReason::LISTED.get(i).cloned())
                .unwrap_or_else(|| PauseReason::Other { text: text.clone() })
        })
        .collect()
}

/// Whether `by` may claim a win on time now: the opponent's flag has fallen and the game is
/// not yet decided.
pub fn claim_possible(clock: &ClockState, by: Color) -> bool {
    clock::result_on_claim(clock, by).is_some() && clock.result().is_none()
}

/// Checks `command` at `at_ms` and returns the events that carry it out, in order; the record
/// is not changed. The error says in words why the command cannot be done now.
pub fn handle(record: &GameRecord, at_ms: i64, command: &Command) -> Result<Vec<Event>, String> {
    handle_on(&Table::of(record, at_ms)?, at_ms, command)
}

/// Like [`handle`], on a table that already follows the record (the app keeps one), so a
/// press costs no replay.
pub fn handle_on(table: &Table, at_ms: i64, command: &Command) -> Result<Vec<Event>, String> {
    let mut clock_now = table.clock.clone();
    if let Some(c) = clock_now.as_mut() {
        c.advance_to(at_ms);
    }
    if let Command::Resign { by } = command {
        let mut after = Game::clone(&table.game);
        after
            .try_play(*by, Move::Resign)
            .map_err(|e| e.to_string())?;
        let mut events = vec![Event::Resigned { color: *by }];
        if clock_now.as_ref().is_some_and(|c| c.started && !c.stopped) {
            events.push(Event::Clock {
                clock: ClockEvent::Stopped,
            });
        }
        return Ok(events);
    }
    let Some(clock) = &clock_now else {
        return Err("This game has no clock.".into());
    };
    let game = &table.game;
    let mut events = Vec::new();
    match command {
        Command::Press { by } if !clock.started => {
            let starter = table.starter();
            if *by != starter {
                return Err(format!(
                    "{} starts the clock: {}'s time runs first.",
                    starter.name(),
                    (!starter).name()
                ));
            }
            events.push(Event::Clock {
                clock: ClockEvent::Started { running: !starter },
            });
        }
        Command::Press { .. } if game.status() != Status::Playing => {
            return Err(stopped_message(game));
        }
        Command::Press { by } => {
            let press = ClockEvent::Pressed {
                by: *by,
                pass: false,
            };
            clock.check(at_ms, &press).map_err(|e| e.to_string())?;
            if game.status() == Status::Playing && game.to_move() == *by {
                events.push(Event::MovedOffBoard { color: *by });
            }
            events.push(Event::Clock { clock: press });
        }
        Command::Pass { by } => {
            if !clock.started {
                return Err("Start the clock first.".into());
            }
            if game.to_move() != *by && !game.is_closing_pass(*by) {
                return Err(format!(
                    "It is {}'s turn on the board: {} cannot pass now.",
                    game.to_move().name(),
                    by.name()
                ));
            }
            let press = ClockEvent::Pressed {
                by: *by,
                pass: true,
            };
            clock.check(at_ms, &press).map_err(|e| e.to_string())?;
            let mut after = Game::clone(game);
            after.try_play(*by, Move::Pass).map_err(|e| e.to_string())?;
            events.push(Event::Passed {
                color: *by,
                clock: None,
                comment: None,
            });
            events.push(Event::Clock { clock: press });
            if let Some(reason) = pause_after(&after, game) {
                events.push(Event::Clock {
                    clock: ClockEvent::Paused { reason },
                });
            }
        }
        Command::Pause { reason } => {
            let e = ClockEvent::Paused {
                reason: reason.clone(),
            };
            clock.check(at_ms, &e).map_err(|e| e.to_string())?;
            events.push(Event::Clock { clock: e });
        }
        Command::Resume => {
            if game.status() != Status::Playing {
                return Err(stopped_message(game));
            }
            clock
                .check(at_ms, &ClockEvent::Resumed)
                .map_err(|e| e.to_string())?;
            events.push(Event::Clock {
                clock: ClockEvent::Resumed,
            });
        }
        Command::UndoPress => {
            return Err("Undo a press with `undo_press`: it drops the press from the log.".into());
        }
        // Handled above: a resignation needs no clock.
        Command::Resign { .. } => {}
        Command::ClaimFlag { by } => {
            let e = ClockEvent::FlagClaimed { by: *by };
            clock.check(at_ms, &e).map_err(|e| e.to_string())?;
            events.push(Event::Clock { clock: e });
        }
        Command::Correct { event, reason } => {
            clock.check(at_ms, event).map_err(|e| format!("{e}."))?;
            let reason = form_values::reason(reason)
                .map_err(|e| format!("The correction was not made. {e}"))?;
            // A time adjustment carries its reason; the other corrections get a note beside them.
            let event = match event {
                ClockEvent::Adjusted {
                    color, delta_ms, ..
                } => ClockEvent::Adjusted {
                    color: *color,
                    delta_ms: *delta_ms,
                    reason,
                },
                other => {
                    events.push(Event::RefereeNote { text: reason });
                    other.clone()
                }
            };
            events.push(Event::Clock { clock: event });
        }
    }
    Ok(events)
}

fn stopped_message(game: &Game) -> String {
    match game.status() {
        Status::Ended(Ending::Resigned(c)) => format!("{} resigned: the game is over.", c.name()),
        Status::Paused => "Play has paused after the passes: agree on the status of the groups in the count, or resume play from there.".into(),
        _ => "Play has ended after the passes: count the game, or resume play from the count if a point was found.".into(),
    }
}

/// The pause the clock takes by itself when a pass stops play: status assessment under the
/// pause rules, counting after a natural ending or when all stones stay on the board.
fn pause_after(after: &Game, before: &Game) -> Option<PauseReason> {
    if after.status() == before.status() {
        return None;
    }
    match after.status() {
        Status::Playing => None,
        Status::Paused => Some(PauseReason::StatusAssessment),
        Status::Ended(Ending::NaturalEnding | Ending::AllStonesAlive) => {
            Some(PauseReason::Counting)
        }
        Status::Ended(Ending::Resigned(_)) => None,
    }
}

/// Runs `command` and appends its events; on error the record is unchanged.
pub fn execute(record: &mut GameRecord, at_ms: i64, command: &Command) -> Result<(), String> {
    if *command == Command::UndoPress {
        return undo_press(record, at_ms);
    }
    let events = handle(record, at_ms, command)?;
    record
        .events
        .extend(events.into_iter().map(|event| TimedEvent { at_ms, event }));
    Ok(())
}

/// The number of passes that end or pause play under the rules, for display.
pub fn passes_needed(end: EndOfPlay) -> u32 {
    match end {
        EndOfPlay::PauseAfterPasses { passes, .. } | EndOfPlay::NaturalEnding { passes } => passes,
    }
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
pub fn press_undoable(record: &GameRecord, now_ms: i64) -> bool {
    last_press(&record.events)
        .is_some_and(|(_, _, at)| now_ms.saturating_sub(at) <= UNDO_PRESS_WINDOW_MS)
}

/// Withdraws an accidental press made moments ago: the events of that press (the press, the
/// off-board move or pass it completed, a pause it caused) are dropped, so replay charges the
/// time exactly as if the press had not happened, and the withdrawal itself is logged. Only
/// the events of that one press go, however close in time the presses before it were.
pub fn undo_press(record: &mut GameRecord, at_ms: i64) -> Result<(), String> {
    let events = &record.events;
    let Some((press_index, by, pressed_at_ms)) = last_press(events) else {
        return Err("The last thing recorded was not a press of the clock.".into());
    };
    if at_ms.saturating_sub(pressed_at_ms) > UNDO_PRESS_WINDOW_MS {
        return Err(format!(
            "A press can be undone only within {} seconds; ask the referee to correct the time.",
            UNDO_PRESS_WINDOW_MS / 1000
        ));
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
    record.events.truncate(keep);
    record.events.push(TimedEvent {
        at_ms,
        event: Event::PressWithdrawn { by, pressed_at_ms },
    });
    Ok(())
}
