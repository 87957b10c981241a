//! The game record: the settings of a game and an append-only log of timestamped events. The
//! state of the game is derived by replaying the log; undo drops the last event.

use std::fmt;

mod count_by_numbers;
mod decision;
mod event;
mod settings;

use serde::{Deserialize, Serialize};

pub use count_by_numbers::CountByNumbers;
pub use decision::Decision;
pub use event::{
    Event, EventKind, MoveClock, MoveStep, TimedEvent, decided_words, referee_lines,
    referee_lines_shown,
};
pub(crate) use event::{clock_events, count_events, referee_events};

pub use settings::{GameSettings, Pairing};

use super::clock::ClockError;
use super::game::Game;
use super::handicap;
use super::moves::{Move, PlayError, PlayOutcome};
use super::text::{t, tf};

/// The version of the stored record format; bump it (and migrate) when the format changes.
pub const RECORD_SCHEMA: u32 = 1;

/// Why a record cannot be replayed or an event not appended.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The settings cannot start a game (the text says why).
    BadSettings(String),
    /// Event number `index` (from 0) cannot be applied.
    BadEvent { index: usize, error: PlayError },
    /// Event number `index` (from 0) is one the clock refuses (or the game has no clock).
    BadClockEvent {
        index: usize,
        error: Option<ClockError>,
    },
    /// The record was written by a newer version of the app.
    NewerSchema(u32),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadSettings(why) => {
                f.write_str(&tf("The game settings are invalid: {}", &[why]))
            }
            ReplayError::BadEvent { index, error } => f.write_str(&tf(
                "Event {} of the record cannot be applied: {}",
                &[&(index + 1), error],
            )),
            ReplayError::BadClockEvent { index, error } => match error {
                Some(error) => f.write_str(&tf(
                    "Event {} of the record cannot be applied: {}",
                    &[&(index + 1), error],
                )),
                None => f.write_str(&tf(
                    "Event {} of the record is a clock event, but the game has no clock",
                    &[&(index + 1)],
                )),
            },
            ReplayError::NewerSchema(v) => f.write_str(&tf(
                "This game was saved by a newer version of the app (format {}, this app reads {})",
                &[v, &RECORD_SCHEMA],
            )),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A whole game: settings and the log of events. The log is read with `events` and written
/// only through `Live` (`live::LiveMut::commit`), which checks each event the way replay does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The format version (`RECORD_SCHEMA` when written by this app).
    pub schema: u32,
    /// The settings.
    pub settings: GameSettings,
    /// The log, oldest first.
    events: Vec<TimedEvent>,
}

/// How one log stands to another of the same game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogChange {
    /// The same settings and events.
    Same,
    /// The same settings; the log starts with every event of the other and has `added` more.
    Longer {
        /// How many events follow the other's.
        added: usize,
    },
    /// Anything else: other settings, or an event that differs (an undo, another tab's log).
    Other,
}

impl GameRecord {
    /// A new record with no events yet, after checking that the settings can start a game.
    pub fn new(settings: GameSettings) -> Result<GameRecord, ReplayError> {
        let r = GameRecord {
            schema: RECORD_SCHEMA,
            settings,
            events: Vec::new(),
        };
        r.new_game()?;
        Ok(r)
    }

    /// A record as it was stored or received, not yet checked: `Live::load` (or `replay`) says
    /// whether it can be played.
    pub fn from_parts(schema: u32, settings: GameSettings, events: Vec<TimedEvent>) -> GameRecord {
        GameRecord {
            schema,
            settings,
            events,
        }
    }

    /// The log, oldest first.
    pub fn events(&self) -> &[TimedEvent] {
        &self.events
    }

    /// How this log stands to `earlier`: the same, the same with events added, or other.
    pub fn compared_to(&self, earlier: &GameRecord) -> LogChange {
        if self.settings != earlier.settings || !self.events.starts_with(&earlier.events) {
            LogChange::Other
        } else if self.events.len() == earlier.events.len() {
            LogChange::Same
        } else {
            LogChange::Longer {
                added: self.events.len() - earlier.events.len(),
            }
        }
    }

    /// The game before any event.
    pub fn new_game(&self) -> Result<Game, ReplayError> {
        if self.schema > RECORD_SCHEMA {
            return Err(ReplayError::NewerSchema(self.schema));
        }
        if self.settings.handicap.stones > handicap::MAX_HANDICAP {
            return Err(ReplayError::BadSettings(tf(
                "a handicap of {} stones is more than {}",
                &[&self.settings.handicap.stones, &handicap::MAX_HANDICAP],
            )));
        }
        if !self.settings.komi.is_finite() {
            return Err(ReplayError::BadSettings(
                t("komi is not a number").to_string(),
            ));
        }
        Game::new(self.settings.rules.clone(), self.settings.size)
            .map_err(|e| ReplayError::BadSettings(e.to_string()))
    }

    /// The events appended in order (the log's one writer, `Live`, checked them).
    pub(crate) fn push(&mut self, event: TimedEvent) {
        self.events.push(event);
    }

    /// Keeps the first `len` events (the log's one writer, `Live`, replays after).
    pub(crate) fn truncate(&mut self, len: usize) {
        self.events.truncate(len);
    }

    /// The indices of move events that no longer count because they were unwound or removed
    /// as illegal (they stay in the log for the referee).
    pub fn cancelled_events(&self) -> Vec<usize> {
        let mut live: Vec<usize> = Vec::new();
        let mut cancelled = Vec::new();
        for (i, e) in self.events.iter().enumerate() {
            match e.event.move_step() {
                MoveStep::Move(_) => live.push(i),
                MoveStep::Unwound(to_move_index) => {
                    let keep = (to_move_index as usize).min(live.len());
                    cancelled.extend(live.drain(keep..));
                }
                MoveStep::IllegalRemoved => cancelled.extend(live.pop()),
                MoveStep::OffBoard(_) | MoveStep::None => {}
            }
        }
        cancelled.sort_unstable();
        cancelled
    }
}

/// Applies one event to a game. Returns the move's outcome for moves.
pub fn apply(game: &mut Game, event: &Event) -> Result<Option<PlayOutcome>, PlayError> {
    match event {
        Event::HandicapPlaced { points } => game.place_handicap(points).map(|_| None),
        Event::StonesSetUp {
            black,
            white,
            to_move,
        } => game.set_up(black, white, *to_move).map(|_| None),
        Event::StonePlayed {
            color,
            point,
            forced,
            ..
        } => {
            if *forced {
                game.force_play(*color, *point).map(Some)
            } else {
                game.try_play(*color, Move::Play(*point)).map(Some)
            }
        }
        Event::Passed { color, .. } => game.try_play(*color, Move::Pass).map(Some),
        Event::Resigned { color } => game.try_play(*color, Move::Resign).map(Some),
        Event::MovedOffBoard { color } => game.play_off_board(*color).map(Some),
        clock_events!() | count_events!() | referee_events!() => Ok(None),
        Event::StonesPainted { points, stone } => game.paint(points, *stone).map(|_| None),
        Event::PrisonersCounted { black, white } => {
            game.count_prisoners(*black, *white);
            Ok(None)
        }
        Event::PlayResumed { first } => game.resume(*first).map(|_| None),
        Event::AsWritten { what } => game.play_as_written(*what).map(|_| None),
        Event::Unwound { to_move_index } => game
            .unwind_to_before(to_move_index.saturating_add(1))
            .map(|_| None),
        Event::IllegalMoveRemoved { color } => {
            if game.can_remove_illegal().is_none_or(|m| m.color != *color)
                && game.can_claim_off_board() != Some(*color)
            {
                return Err(PlayError::NothingToUndo(tf(
                    "The last move is not an unanswered illegal move by {}",
                    &[&color.shown()],
                )));
            }
            game.remove_last_move().map(|_| None)
        }
    }
}
