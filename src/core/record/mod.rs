//! The game record: the settings of a game and an append-only log of timestamped events. The
//! state of the game is derived by replaying the log; undo drops the last event.

use std::fmt;

mod event;
mod settings;

use serde::{Deserialize, Serialize};

pub use event::{Event, MoveClock, TimedEvent};
pub use settings::GameSettings;

use super::color::Color;
use super::game::Game;
use super::handicap::{self, HandicapPlacement};
use super::moves::{Move, PlayError, PlayOutcome};

/// The version of the stored record format; bump it (and migrate) when the format changes.
pub const RECORD_SCHEMA: u32 = 1;

/// Why a record cannot be replayed or an event not appended.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The settings cannot start a game (the text says why).
    BadSettings(String),
    /// Event number `index` (from 0) cannot be applied.
    BadEvent { index: usize, error: PlayError },
    /// The record was written by a newer version of the app.
    NewerSchema(u32),
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BadSettings(why) => write!(f, "The game settings are invalid: {why}"),
            ReplayError::BadEvent { index, error } => {
                write!(
                    f,
                    "Event {} of the record cannot be applied: {error}",
                    index + 1
                )
            }
            ReplayError::NewerSchema(v) => write!(
                f,
                "This game was saved by a newer version of the app (format {v}, this app reads {RECORD_SCHEMA})"
            ),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A whole game: settings and the log of events.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The format version (`RECORD_SCHEMA` when written by this app).
    pub schema: u32,
    /// The settings.
    pub settings: GameSettings,
    /// The log, oldest first.
    pub events: Vec<TimedEvent>,
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

    /// A new record whose fixed handicap stones (if any) are already placed, with the live game
    /// to play on. For a free placement call `append` with `Event::HandicapPlaced` instead.
    pub fn start(settings: GameSettings, at_ms: i64) -> Result<(GameRecord, Game), ReplayError> {
        let mut r = GameRecord::new(settings)?;
        let mut game = r.new_game()?;
        let h = r.settings.handicap;
        if h.places_stones() && h.placement == HandicapPlacement::Fixed {
            let points = handicap::fixed_points(r.settings.size, h.stones)
                .map_err(|e| ReplayError::BadSettings(e.to_string()))?;
            r.append(&mut game, at_ms, Event::HandicapPlaced { points })?;
        }
        Ok((r, game))
    }

    /// The game before any event.
    pub fn new_game(&self) -> Result<Game, ReplayError> {
        if self.schema > RECORD_SCHEMA {
            return Err(ReplayError::NewerSchema(self.schema));
        }
        if self.settings.handicap.stones > handicap::MAX_HANDICAP {
            return Err(ReplayError::BadSettings(format!(
                "a handicap of {} stones is more than {}",
                self.settings.handicap.stones,
                handicap::MAX_HANDICAP
            )));
        }
        if !self.settings.komi.is_finite() {
            return Err(ReplayError::BadSettings("komi is not a number".to_string()));
        }
        Game::new(self.settings.rules.clone(), self.settings.size)
            .map_err(|e| ReplayError::BadSettings(e.to_string()))
    }

    /// Derives the game by applying every event in order.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = self.new_game()?;
        for (index, e) in self.events.iter().enumerate() {
            apply(&mut game, &e.event).map_err(|error| ReplayError::BadEvent { index, error })?;
        }
        Ok(game)
    }

    /// Applies `event` to the live `game` and, if that succeeds, appends it to the log. On
    /// error neither changes.
    pub fn append(
        &mut self,
        game: &mut Game,
        at_ms: i64,
        event: Event,
    ) -> Result<Option<PlayOutcome>, ReplayError> {
        let index = self.events.len();
        let mut next = game.clone();
        let outcome =
            apply(&mut next, &event).map_err(|error| ReplayError::BadEvent { index, error })?;
        *game = next;
        self.events.push(TimedEvent { at_ms, event });
        Ok(outcome)
    }

    /// Plays a move for `color` (validated by the rules) and records it.
    pub fn play(
        &mut self,
        game: &mut Game,
        at_ms: i64,
        color: Color,
        mv: Move,
    ) -> Result<PlayOutcome, PlayError> {
        let event = match mv {
            Move::Play(point) => Event::StonePlayed {
                color,
                point,
                forced: false,
                clock: None,
                comment: None,
            },
            Move::Pass => Event::Passed {
                color,
                clock: None,
                comment: None,
            },
            Move::Resign => Event::Resigned { color },
        };
        let mut next = game.clone();
        let outcome = next.try_play(color, mv)?;
        *game = next;
        self.events.push(TimedEvent { at_ms, event });
        Ok(outcome)
    }

    /// Unwinds the game to just before the illegal move that `Game::can_unwind` names, and
    /// records it.
    pub fn unwind(&mut self, game: &mut Game, at_ms: i64) -> Result<(), PlayError> {
        let Some(m) = game.can_unwind() else {
            return Err(PlayError::NothingToUndo(
                "There is no illegal move to unwind within the allowed number of moves".to_string(),
            ));
        };
        let to_move_index = m.move_number.saturating_sub(1);
        game.unwind_to_before(m.move_number)?;
        self.events.push(TimedEvent {
            at_ms,
            event: Event::Unwound { to_move_index },
        });
        Ok(())
    }

    /// Removes the unanswered illegal move named by `Game::can_remove_illegal` and records the
    /// offender's pass that the rules then require.
    pub fn remove_illegal(&mut self, game: &mut Game, at_ms: i64) -> Result<(), PlayError> {
        let Some(m) = game.can_remove_illegal() else {
            return Err(PlayError::NothingToUndo(
                "The last move is not an unanswered illegal move".to_string(),
            ));
        };
        let color = m.color;
        let mut next = game.clone();
        next.remove_last_move()?;
        next.try_play(color, Move::Pass)?;
        *game = next;
        self.events.push(TimedEvent {
            at_ms,
            event: Event::IllegalMoveRemoved { color },
        });
        self.events.push(TimedEvent {
            at_ms,
            event: Event::Passed {
                color,
                clock: None,
                comment: None,
            },
        });
        Ok(())
    }

    /// Drops the last event and returns it (redo is the app's business). Replay afterwards.
    pub fn undo(&mut self) -> Option<TimedEvent> {
        self.events.pop()
    }

    /// Drops the last event together with the `AsWritten` events just before it, which made it
    /// possible (a move of an imported record played as the record has it), so an undo leaves
    /// no turn given or stone taken off for a move that is no longer there. Returns them oldest
    /// first; appending them again in that order redoes the move. Empty for an empty log.
    pub fn undo_with_preparation(&mut self) -> Vec<TimedEvent> {
        let Some(last) = self.events.pop() else {
            return Vec::new();
        };
        let mut out = vec![last];
        while let Some(e) = self
            .events
            .pop_if(|e| matches!(e.event, Event::AsWritten { .. }))
        {
            out.push(e);
        }
        out.reverse();
        out
    }

    /// The indices of move events that no longer count because they were unwound or removed
    /// as illegal (they stay in the log for the referee).
    pub fn cancelled_events(&self) -> Vec<usize> {
        let mut live: Vec<usize> = Vec::new();
        let mut cancelled = Vec::new();
        for (i, e) in self.events.iter().enumerate() {
            match &e.event {
                Event::StonePlayed { .. } | Event::Passed { .. } => live.push(i),
                Event::Unwound { to_move_index } => {
                    let keep = (*to_move_index as usize).min(live.len());
                    cancelled.extend(live.drain(keep..));
                }
                Event::IllegalMoveRemoved { .. } => cancelled.extend(live.pop()),
                _ => {}
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
        Event::Clock { .. }
        | Event::PressWithdrawn { .. }
        | Event::DeadMarked { .. }
        | Event::DeadUnmarked { .. }
        | Event::SekiMarked { .. }
        | Event::SekiUnmarked { .. }
        | Event::AgreementConfirmed { .. }
        | Event::Disputed { .. }
        | Event::KomiChanged { .. }
        | Event::CountLocked
        | Event::CountUnlocked { .. }
        | Event::RefereeNote { .. }
        | Event::CountEntered { .. }
        | Event::ResultDecided { .. } => Ok(None),
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
            if game.can_remove_illegal().is_none_or(|m| m.color != *color) {
                return Err(PlayError::NothingToUndo(format!(
                    "The last move is not an unanswered illegal move by {}",
                    color.name()
                )));
            }
            game.remove_last_move().map(|_| None)
        }
    }
}
