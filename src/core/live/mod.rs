//! The live game: the record with the board, the clock and the end of the game kept up to date
//! as events are committed, so a tap never replays the log. `LiveMut` (a record and its
//! `LiveState` lent together; `Live` owns both) is the log's one writer: `commit` checks each
//! event exactly as a replay does (one `Following::step` for both), and the log is replayed
//! only on load, after an undo, and by the tests as the oracle.
//!
//! ```
//! use scorekeeper::core::handicap::Handicap;
//! use scorekeeper::core::live::{Command, Live};
//! use scorekeeper::core::record::GameSettings;
//! use scorekeeper::core::{Color, Point, Preset};
//!
//! let settings = GameSettings::new(Preset::Japanese, 9, Handicap::NONE);
//! let mut live = Live::start(settings, 0).unwrap();
//! live.run(1_000, &Command::play(Point::new(2, 2))).unwrap();
//! assert_eq!(live.game().to_move(), Color::White);
//! assert_eq!(live.replays(), 0);
//! ```

mod action;
pub mod clock_commands;
mod command;
mod entry;

use std::sync::Arc;

pub use super::refusal::{CommandError, Refusal};
pub use action::Action;
pub use clock_commands::ClockCommand;
pub use command::{BoardCommand, Command, handle};
pub use entry::ClockAfterMove;
use entry::entered_together;

use super::clock::ClockState;
use super::color::Color;
use super::count::CountState;
use super::game::Game;
use super::handicap::{self, HandicapPlacement};
use super::moves::{Move, PlayError, PlayOutcome, Status};
use super::record::{Event, GameRecord, GameSettings, LogChange, ReplayError, TimedEvent, apply};
use super::table::Table;

/// The board, the clock and the end of the game as the events applied so far leave them.
#[derive(Clone, Debug, PartialEq)]
pub struct Following {
    /// The end of the game, with the board (`count.game`).
    pub count: CountState,
    /// The clock as of the last event; `None` when the game has no time control.
    pub clock: Option<ClockState>,
}

impl Following {
    /// The state before any event of `record`.
    pub fn start(record: &GameRecord) -> Result<Following, ReplayError> {
        let game = record.new_game()?;
        Ok(Following {
            count: CountState::start(game, &record.settings),
            clock: record.settings.time_control.map(ClockState::new),
        })
    }

    /// Applies event number `index` of a log: the board, then the clock, then the end of the
    /// game. The one check of an event, for replay and commit alike. On error the state may be
    /// partly changed; the caller replays.
    pub fn step(
        &mut self,
        index: usize,
        e: &TimedEvent,
    ) -> Result<Option<PlayOutcome>, ReplayError> {
        let before = self.count.game.status();
        // Only an event that touches the board gets the board to itself (a view of the game
        // still shared elsewhere is copied then, not on every press).
        let outcome = if e.event.touches_board() {
            let game = Arc::make_mut(&mut self.count.game);
            apply(game, &e.event).map_err(|error| ReplayError::BadEvent { index, error })?
        } else {
            None
        };
        let stopped = before == Status::Playing && self.count.game.status() != Status::Playing;
        if let Event::Clock { clock: ce } = &e.event {
            let Some(clock) = self.clock.as_mut() else {
                return Err(ReplayError::BadClockEvent { index, error: None });
            };
            clock
                .apply(e.at_ms, ce)
                .map_err(|error| ReplayError::BadClockEvent {
                    index,
                    error: Some(error),
                })?;
        }
        if stopped {
            self.count.stopped_at_ms = Some(e.at_ms);
        }
        let clock_result = self
            .clock
            .as_ref()
            .and_then(|c| c.result().map(str::to_string));
        self.count.follow(&e.event, clock_result);
        Ok(outcome)
    }
}

/// The state after the first `events` events of `record`, with every check of a commit.
pub fn replay(record: &GameRecord, events: usize) -> Result<Following, ReplayError> {
    let mut now = Following::start(record)?;
    for (index, e) in record.events().iter().take(events).enumerate() {
        now.step(index, e)?;
    }
    Ok(now)
}

/// Whether `Following::step` refusing `event` leaves the state as it was.
fn refused_unchanged(event: &Event) -> bool {
    matches!(
        event,
        Event::StonePlayed { forced: false, .. }
            | Event::Passed { .. }
            | Event::Resigned { .. }
            | Event::Clock { .. }
    )
}

/// A commit's refusal as the command's: a move the rules refuse (a pass while play is paused,
/// say) in the rules' words, anything else as a record that cannot take the events.
fn refused(e: ReplayError) -> CommandError {
    match e {
        ReplayError::BadEvent { error, .. } => CommandError::Play(error),
        e => CommandError::Record(e),
    }
}

/// What a command did besides its events.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Done {
    /// The events an undo or a withdrawn press took back, oldest first (for redo).
    pub undone: Vec<TimedEvent>,
    /// For a stone entered with its press: what became of the clock.
    pub clock: ClockAfterMove,
}

impl Done {
    fn undone(undone: Vec<TimedEvent>) -> Done {
        Done {
            undone,
            ..Done::default()
        }
    }
}

/// A game being played: its record and what the record has made of it so far ([`LiveState`],
/// whose reading methods a `Live` offers as its own).
#[derive(Clone, Debug, PartialEq)]
pub struct Live {
    record: GameRecord,
    state: LiveState,
}

/// What a record has made of the board, the clock and the count so far, apart from the record:
/// an owner that keeps the record elsewhere (the app's list of games) keeps this beside it and
/// lends both to each change ([`LiveMut`]).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveState {
    now: Following,
    replays: u32,
    revision: u64,
}

impl std::ops::Deref for Live {
    type Target = LiveState;
    fn deref(&self) -> &LiveState {
        &self.state
    }
}

impl Live {
    /// Replays `record` once; the error says which event it cannot take.
    pub fn load(record: GameRecord) -> Result<Live, ReplayError> {
        Ok(Live {
            state: LiveState::load(&record)?,
            record,
        })
    }

    /// A new game whose fixed handicap stones (if any) are placed already. For a free placement
    /// append `Event::HandicapPlaced` instead.
    pub fn start(settings: GameSettings, at_ms: i64) -> Result<Live, ReplayError> {
        let mut live = Live::load(GameRecord::new(settings)?)?;
        let h = live.record.settings.handicap;
        if h.places_stones() && h.placement == HandicapPlacement::Fixed {
            let points = handicap::fixed_points(live.record.settings.size, h.stones)
                .map_err(|e| ReplayError::BadSettings(e.to_string()))?;
            live.append(at_ms, Event::HandicapPlaced { points })?;
        }
        Ok(live)
    }

    /// The record.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The record, giving up the live state.
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    fn parts(&mut self) -> LiveMut<'_> {
        LiveMut {
            record: &mut self.record,
            state: &mut self.state,
        }
    }

    /// Appends one event ([`LiveMut::append`]).
    pub fn append(&mut self, at_ms: i64, event: Event) -> Result<Option<PlayOutcome>, ReplayError> {
        self.parts().append(at_ms, event)
    }

    /// Plays a move ([`LiveMut::play`]).
    pub fn play(&mut self, at_ms: i64, color: Color, mv: Move) -> Result<PlayOutcome, PlayError> {
        self.parts().play(at_ms, color, mv)
    }

    /// Does what a player or referee asks ([`LiveMut::run`]).
    pub fn run(&mut self, at_ms: i64, command: &Command) -> Result<Done, CommandError> {
        self.parts().run(at_ms, command)
    }

    /// Drops the last event and what goes with it ([`LiveMut::undo`]).
    pub fn undo(&mut self) -> Option<Vec<TimedEvent>> {
        self.parts().undo()
    }

    /// Follows `record` as stored ([`LiveMut::follow`]).
    pub fn follow(&mut self, record: &GameRecord) -> Result<(), ReplayError> {
        self.parts().follow(record)
    }
}

/// A record and its live state borrowed together from whoever keeps them: what every change
/// of a live game works on.
pub struct LiveMut<'a> {
    /// The record.
    pub record: &'a mut GameRecord,
    /// What it has made of the game.
    pub state: &'a mut LiveState,
}

impl LiveMut<'_> {
    /// Checks `events` in order and appends them all at `at_ms`, or none: on error the record
    /// and the state are unchanged and the error names the event refused.
    fn commit(&mut self, at_ms: i64, events: Vec<Event>) -> Result<(), ReplayError> {
        let base = self.record.events().len();
        let events: Vec<TimedEvent> = events
            .into_iter()
            .map(|event| TimedEvent { at_ms, event })
            .collect();
        // Stepped in place: a press must not copy the board. An illegal tap or a press the
        // clock refuses changes nothing before it is refused (`Game::try_play` and
        // `ClockState::apply` check first), so it costs no replay; any other refusal, and a
        // refusal after part of the events, goes back to the record by replaying it.
        for (i, e) in events.iter().enumerate() {
            if let Err(err) = self.state.now.step(base + i, e) {
                if i > 0 || !refused_unchanged(&e.event) {
                    self.reload()?;
                }
                return Err(err);
            }
        }
        if !events.is_empty() {
            self.state.revision += 1;
        }
        for e in events {
            self.record.push(e);
        }
        Ok(())
    }

    /// Appends one event (checked as in `commit`) and returns the move's outcome for moves.
    pub fn append(&mut self, at_ms: i64, event: Event) -> Result<Option<PlayOutcome>, ReplayError> {
        let index = self.record.events().len();
        let e = TimedEvent { at_ms, event };
        let mut next = self.state.now.clone();
        let outcome = next.step(index, &e)?;
        self.state.now = next;
        self.record.push(e);
        self.state.revision += 1;
        Ok(outcome)
    }

    /// Plays a move for `color` (validated by the rules) and records it.
    pub fn play(&mut self, at_ms: i64, color: Color, mv: Move) -> Result<PlayOutcome, PlayError> {
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
        match self.append(at_ms, event) {
            Ok(Some(outcome)) => Ok(outcome),
            Ok(None) => Err(PlayError::GameOver),
            Err(ReplayError::BadEvent { error, .. }) => Err(error),
            Err(e) => Err(PlayError::BadSetup(e.to_string())),
        }
    }

    /// Does what a player or referee asks: [`handle`] decides, and this carries it out
    /// (appends the events, withdraws a press, undoes or redoes). On error nothing changes.
    pub fn run(&mut self, at_ms: i64, command: &Command) -> Result<Done, CommandError> {
        match handle(self.state, self.record, at_ms, command)? {
            Action::Append { events, clock } => {
                self.commit(at_ms, events).map_err(refused)?;
                Ok(Done {
                    clock,
                    ..Done::default()
                })
            }
            Action::Withdraw { keep, withdrawn } => {
                let dropped = self
                    .record
                    .events()
                    .get(keep..)
                    .unwrap_or_default()
                    .to_vec();
                self.record.truncate(keep);
                self.record.push(TimedEvent {
                    at_ms,
                    event: withdrawn,
                });
                self.state.revision += 1;
                self.reload().map_err(CommandError::Record)?;
                Ok(Done::undone(dropped))
            }
            Action::Redo(events) => {
                self.append_all(&events).map_err(CommandError::Record)?;
                Ok(Done::default())
            }
            Action::Undo => self
                .undo()
                .map(Done::undone)
                .ok_or(CommandError::Refused(Refusal::NothingToUndo)),
        }
    }

    /// Drops the last event together with the `AsWritten` events just before it, which made it
    /// possible (a move of an imported record played as the record has it), and replays. A
    /// press entered with its stone in one tap ([`entered_together`]) goes with the stone.
    /// Returns them oldest first (appending them again in that order redoes the move); `None`
    /// for an empty log.
    pub fn undo(&mut self) -> Option<Vec<TimedEvent>> {
        let events = self.record.events();
        let last = events.len().checked_sub(1)?;
        let mut keep = last;
        // A stone and the press made with it in one tap go together.
        if let Some(stone) = keep.checked_sub(1).and_then(|i| events.get(i))
            && events
                .get(keep)
                .is_some_and(|clock| entered_together(stone, clock))
        {
            keep -= 1;
        }
        while keep > 0
            && matches!(
                events.get(keep - 1).map(|e| &e.event),
                Some(Event::AsWritten { .. })
            )
        {
            keep -= 1;
        }
        let dropped = events[keep..].to_vec();
        self.record.truncate(keep);
        self.state.revision += 1;
        // A log that replayed before still does when shortened; if not, the state stays.
        let _ = self.reload();
        Some(dropped)
    }

    /// Follows `record` as stored (another tab, a reload): only the events added since are
    /// applied; any other change is replayed from the start.
    pub fn follow(&mut self, record: &GameRecord) -> Result<(), ReplayError> {
        match record.compared_to(self.record) {
            LogChange::Same => Ok(()),
            LogChange::Longer { added } => {
                let from = record.events().len() - added;
                self.append_all(&record.events()[from..])
            }
            LogChange::Other => {
                let now = replay(record, record.events().len())?;
                *self.record = record.clone();
                self.state.now = now;
                self.state.replays += 1;
                self.state.revision += 1;
                Ok(())
            }
        }
    }

    /// Appends `events` with their own times, each checked as in `append`, all or none: on
    /// error the record and the state are put back as they were.
    fn append_all(&mut self, events: &[TimedEvent]) -> Result<(), ReplayError> {
        let (len, state) = (self.record.events().len(), self.state.clone());
        let outcome = events
            .iter()
            .try_for_each(|e| self.append(e.at_ms, e.event.clone()).map(drop));
        if outcome.is_err() {
            self.record.truncate(len);
            *self.state = state;
        }
        outcome
    }

    fn reload(&mut self) -> Result<(), ReplayError> {
        self.state.replays += 1;
        self.state.now = replay(self.record, self.record.events().len())?;
        Ok(())
    }
}

impl LiveState {
    /// What `record` makes of the game, replayed once; the error says which event it cannot
    /// take.
    pub fn load(record: &GameRecord) -> Result<LiveState, ReplayError> {
        Ok(LiveState {
            now: replay(record, record.events().len())?,
            replays: 0,
            revision: 0,
        })
    }

    /// The game on the board.
    pub fn game(&self) -> &Game {
        &self.now.count.game
    }

    /// The clock as of the last event (`None`: no time control).
    pub fn clock(&self) -> Option<&ClockState> {
        self.now.clock.as_ref()
    }

    /// The clock as it stands at `now_ms` (`None`: no time control).
    pub fn clock_at(&self, now_ms: i64) -> Option<ClockState> {
        self.now
            .clock
            .as_ref()
            .map(|c| c.at(now_ms.max(c.as_of_ms)))
    }

    /// The end of the game as of the last event.
    pub fn count(&self) -> &CountState {
        &self.now.count
    }

    /// The end of the game at `now_ms` (a flag can fall with no event).
    pub fn count_at(&self, now_ms: i64) -> CountState {
        let mut st = self.now.count.clone();
        st.set_clock_result(
            self.clock_at(now_ms)
                .and_then(|c| c.result().map(str::to_string)),
        );
        st
    }

    /// Why a claim on time at `now_ms` comes too late: the game ended before it by a count both
    /// players confirmed (or a referee locked), a resignation, or a referee's decision. The first
    /// ending stands. `None` while a claim can still decide the game.
    pub fn ended_before(&self, now_ms: i64) -> Option<Refusal> {
        let st = self.count_at(now_ms);
        let ended = match st.phase {
            super::count::Phase::Locked => true,
            super::count::Phase::Finished => st.clock_result.is_none(),
            _ => false,
        };
        ended.then(|| Refusal::ClaimAfterEnd(st.result_words().unwrap_or_default()))
    }

    /// The board and the clock at `now_ms`.
    pub fn table_at(&self, now_ms: i64) -> Table {
        Table {
            game: Arc::clone(&self.now.count.game),
            clock: self.clock_at(now_ms),
        }
    }

    /// A number that changes with every change of the record (to tell whether to save).
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// How many times the whole log was replayed since load (after undos and withdrawn presses).
    pub fn replays(&self) -> u32 {
        self.replays
    }
}

impl GameRecord {
    /// Derives the game by applying every event in order, with the same checks as `Live`.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        Ok(Game::clone(&replay(self, self.events().len())?.count.game))
    }
}

impl CountState {
    /// Replays the record as of `now_ms` (the clock needs the time to know a fallen flag).
    /// The error says which event the game cannot take.
    pub fn of(record: &GameRecord, now_ms: i64) -> Result<CountState, ReplayError> {
        let now = replay(record, record.events().len())?;
        let mut st = now.count;
        st.set_clock_result(
            now.clock
                .and_then(|c| c.at(now_ms.max(c.as_of_ms)).result().map(str::to_string)),
        );
        Ok(st)
    }
}
