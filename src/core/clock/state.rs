//! The clock as a function of its settings, the event log and the time now.

use serde::{Deserialize, Serialize};

use super::events::{ClockEvent, TimedClockEvent};
use super::rejection::ClockError;
use super::side::SideClock;
use super::time_control::{MAX_MAIN_MS, TimeControl, TimeSystem};
use crate::core::color::Color;
use crate::core::pause::PauseReason;
use crate::core::rules::OnFlag;

/// The most moves (passes included) a referee can credit one player with: no game comes near.
pub const MAX_MOVES: u32 = 1000;

/// Both clocks at one moment, derived from the control and the events up to then.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockState {
    /// The settings the clock runs under.
    pub control: TimeControl,
    /// Black's and White's clocks, indexed by [`Color::index`].
    pub sides: [SideClock; 2],
    /// Whose turn it is: the clock that runs (or would run when not paused); `None` before start.
    pub running: Option<Color>,
    /// Whether the game's time has started.
    pub started: bool,
    /// Why the clocks are neutralised, when they are.
    pub paused: Option<PauseReason>,
    /// Whether the game is over and the clocks frozen for good.
    pub stopped: bool,
    /// Who claimed a loss on time against the opponent.
    pub claimed_by: Option<Color>,
    /// Time the running side has used in the current turn (pauses excluded).
    pub turn_used_ms: i64,
    /// The device time (epoch ms) this state describes.
    pub as_of_ms: i64,
    /// Whether `as_of_ms` has been set by an event or a look at the time.
    #[serde(default)]
    timed: bool,
}

impl ClockState {
    /// The clock before the game starts.
    pub fn new(control: TimeControl) -> ClockState {
        ClockState {
            control,
            sides: [
                SideClock::new(&control, Color::Black),
                SideClock::new(&control, Color::White),
            ],
            running: None,
            started: false,
            paused: None,
            stopped: false,
            claimed_by: None,
            turn_used_ms: 0,
            as_of_ms: 0,
            timed: false,
        }
    }

    /// One player's clock.
    pub fn side(&self, color: Color) -> &SideClock {
        &self.sides[color.index()]
    }

    fn side_mut(&mut self, color: Color) -> &mut SideClock {
        &mut self.sides[color.index()]
    }

    /// Whether the game is over on time with both clocks frozen (a flag under
    /// [`OnFlag::FreezeAll`], or an accepted claim).
    pub fn frozen(&self) -> bool {
        self.stopped
            || (self.control.on_flag == OnFlag::FreezeAll
                && self.sides.iter().any(SideClock::flagged))
    }

    /// The side whose time is being used right now, if any.
    pub fn ticking(&self) -> Option<Color> {
        if !self.started || self.paused.is_some() || self.frozen() {
            return None;
        }
        self.running.filter(|c| !self.side(*c).flagged())
    }

    /// Moves the state forward to `now_ms`, charging the running side. A time earlier than the
    /// state's own (the device clock went back) charges nothing and becomes the new reference.
    pub fn advance_to(&mut self, now_ms: i64) {
        if !self.timed {
            self.timed = true;
            self.as_of_ms = now_ms;
            return;
        }
        let elapsed = now_ms.saturating_sub(self.as_of_ms).max(0);
        if let Some(color) = self.ticking() {
            let system = self.control.system;
            let (start, used) = (self.as_of_ms, self.turn_used_ms);
            let side = self.side_mut(color);
            side.run(&system, start, elapsed, used);
            // Time after a flag fell is not part of the turn.
            let ran = side
                .flagged_at
                .map_or(elapsed, |at| at.saturating_sub(start));
            self.turn_used_ms = used.saturating_add(ran);
        }
        self.as_of_ms = now_ms;
    }

    /// The state as it will be at `now_ms` if nothing else happens.
    pub fn at(&self, now_ms: i64) -> ClockState {
        let mut s = self.clone();
        s.advance_to(now_ms);
        s
    }

    /// Whether `event` at `at_ms` would be accepted, and if not, why (the clock is not changed).
    pub fn check(&self, at_ms: i64, event: &ClockEvent) -> Result<(), ClockError> {
        self.clone().apply(at_ms, event)
    }

    /// Advances to `at_ms` and applies the event. A rejected event changes nothing, and the
    /// reason says why in words a player reads.
    pub fn apply(&mut self, at_ms: i64, event: &ClockEvent) -> Result<(), ClockError> {
        let before = (self.sides, self.turn_used_ms, self.as_of_ms, self.timed);
        self.advance_to(at_ms);
        if let Err(reason) = self.validate(event) {
            (self.sides, self.turn_used_ms, self.as_of_ms, self.timed) = before;
            return Err(reason);
        }
        let system = self.control.system;
        match event {
            ClockEvent::Started { running } => {
                self.started = true;
                self.running = Some(*running);
                self.turn_used_ms = 0;
            }
            ClockEvent::Pressed { by, .. } => {
                // A press ends a pause (the player moves on).
                self.paused = None;
                let used = self.turn_used_ms;
                self.side_mut(*by).press(&system, used);
                self.running = Some(!*by);
                self.turn_used_ms = 0;
            }
            ClockEvent::Paused { reason } => self.paused = Some(reason.clone()),
            ClockEvent::Resumed => self.paused = None,
            ClockEvent::ResumedWith { running } => {
                self.paused = None;
                if self.running != Some(*running) {
                    self.running = Some(*running);
                    self.turn_used_ms = 0;
                }
            }
            ClockEvent::Adjusted {
                color, delta_ms, ..
            } => self.side_mut(*color).adjust(&system, *delta_ms),
            ClockEvent::SetPeriods { color, periods } => {
                self.side_mut(*color).periods_left = *periods;
            }
            ClockEvent::SetStones { color, stones_left } => {
                self.side_mut(*color).stones_left = *stones_left;
            }
            ClockEvent::MoveCountCorrected { color, moves } => {
                self.side_mut(*color).moves = *moves;
            }
            ClockEvent::Penalty { color, ms } => {
                self.side_mut(*color).adjust(&system, ms.saturating_neg());
            }
            ClockEvent::BothAdded { ms } => {
                for side in &mut self.sides {
                    side.adjust(&system, *ms);
                }
            }
            ClockEvent::FlagClaimed { by } => {
                self.claimed_by = Some(*by);
                self.stopped = true;
            }
            ClockEvent::Stopped => self.stopped = true,
            ClockEvent::Restarted { running } => {
                self.running = Some(*running);
                self.turn_used_ms = 0;
            }
        }
        Ok(())
    }

    fn validate(&self, event: &ClockEvent) -> Result<(), ClockError> {
        use ClockError as E;
        if self.stopped {
            return Err(E::Stopped);
        }
        let over_on_time = || match self.frozen_loser() {
            Some(loser) => Err(E::LostOnTime { loser }),
            None => Ok(()),
        };
        let byo = matches!(self.control.system, TimeSystem::ByoYomi { .. });
        let canadian = matches!(self.control.system, TimeSystem::Canadian { .. });
        match event {
            ClockEvent::Started { .. } if self.started => Err(E::AlreadyStarted),
            ClockEvent::Started { .. } => Ok(()),
            _ if !self.started && !is_correction(event) => Err(E::NotStarted),
            ClockEvent::Pressed { by, .. } => {
                over_on_time()?;
                match self.running {
                    Some(turn) if turn != *by => Err(E::NotYourTurn { turn }),
                    _ => Ok(()),
                }
            }
            ClockEvent::Paused { .. } => {
                over_on_time()?;
                match self.paused {
                    Some(_) => Err(E::AlreadyPaused),
                    None => Ok(()),
                }
            }
            ClockEvent::Restarted { running } => {
                over_on_time()?;
                if self.paused.is_some() {
                    return Err(E::AlreadyPaused);
                }
                match self.running {
                    Some(turn) if turn == *running => Err(E::NotYourTurn { turn }),
                    _ => Ok(()),
                }
            }
            ClockEvent::Resumed | ClockEvent::ResumedWith { .. } => {
                over_on_time()?;
                match self.paused {
                    Some(_) => Ok(()),
                    None => Err(E::NotPaused),
                }
            }
            ClockEvent::Adjusted { delta_ms: 0, .. } => Err(E::NoChange),
            ClockEvent::Adjusted { delta_ms, .. } | ClockEvent::BothAdded { ms: delta_ms }
                if *delta_ms > MAX_MAIN_MS =>
            {
                Err(E::TooMuchAdded)
            }
            ClockEvent::Adjusted {
                color, delta_ms, ..
            } if !self.side(*color).flagged()
                && delta_ms.saturating_neg() > self.side(*color).shown_ms() =>
            {
                Err(E::MoreThanLeft {
                    color: *color,
                    left_ms: self.side(*color).shown_ms(),
                })
            }
            ClockEvent::Penalty { ms, .. } | ClockEvent::BothAdded { ms } if *ms <= 0 => {
                Err(E::NotPositive)
            }
            ClockEvent::SetPeriods { .. } if !byo => Err(E::NotByoYomi),
            ClockEvent::SetPeriods { periods: 0, .. } => Err(E::NoPeriodLeft),
            ClockEvent::SetPeriods { periods, .. } if *periods > self.control_periods() => {
                Err(E::TooManyPeriods {
                    max: self.control_periods(),
                })
            }
            ClockEvent::SetPeriods { color, .. } if self.side(*color).flagged() => Err(E::FlagDown),
            ClockEvent::SetStones { .. } if !canadian => Err(E::NotCanadian),
            ClockEvent::SetStones { stones_left: 0, .. } => Err(E::NoStoneLeft),
            ClockEvent::SetStones { stones_left, .. } if *stones_left > self.control_stones() => {
                Err(E::TooManyStones {
                    max: self.control_stones(),
                })
            }
            ClockEvent::SetStones { color, .. } if !self.side(*color).in_overtime => {
                Err(E::NotInOvertime)
            }
            ClockEvent::MoveCountCorrected { moves, .. } if *moves > MAX_MOVES => {
                Err(E::TooManyMoves { max: MAX_MOVES })
            }
            ClockEvent::FlagClaimed { by } if !self.side(!*by).flagged() => {
                Err(E::FlagNotFallen { player: !*by })
            }
            _ => Ok(()),
        }
    }

    fn control_periods(&self) -> u32 {
        match self.control.system {
            TimeSystem::ByoYomi { periods, .. } => periods,
            _ => 0,
        }
    }

    fn control_stones(&self) -> u32 {
        match self.control.system {
            TimeSystem::Canadian { stones, .. } => stones,
            _ => 0,
        }
    }

    /// The player who has lost on time with the clocks frozen ([`OnFlag::FreezeAll`]): the first
    /// flag to fall.
    fn frozen_loser(&self) -> Option<Color> {
        if self.control.on_flag != OnFlag::FreezeAll {
            return None;
        }
        self.first_flag().map(|(c, _)| c)
    }

    /// The first flag to fall: whose, and when (epoch ms). With both fallen, the earlier one
    /// (Black on a tie).
    pub fn first_flag(&self) -> Option<(Color, i64)> {
        let b = self.side(Color::Black).flagged_at;
        let w = self.side(Color::White).flagged_at;
        match (b, w) {
            (Some(b), Some(w)) if w < b => Some((Color::White, w)),
            (Some(b), _) => Some((Color::Black, b)),
            (None, Some(w)) => Some((Color::White, w)),
            (None, None) => None,
        }
    }

    /// The result on time, as SGF `RE`, once it is decided: a claimed flag, or any flag under
    /// [`OnFlag::FreezeAll`].
    pub fn result(&self) -> Option<&'static str> {
        if let Some(by) = self.claimed_by {
            return Some(win_on_time(by));
        }
        self.frozen_loser().map(|loser| win_on_time(!loser))
    }
}

fn is_correction(event: &ClockEvent) -> bool {
    matches!(
        event,
        ClockEvent::Adjusted { .. }
            | ClockEvent::SetPeriods { .. }
            | ClockEvent::MoveCountCorrected { .. }
            | ClockEvent::Penalty { .. }
            | ClockEvent::BothAdded { .. }
    )
}

fn win_on_time(winner: Color) -> &'static str {
    match winner {
        Color::Black => "B+T",
        Color::White => "W+T",
    }
}

/// The SGF `RE` a claim by `by` would give (`B+T` / `W+T`), or `None` if the opponent's flag has
/// not fallen.
pub fn result_on_claim(state: &ClockState, by: Color) -> Option<&'static str> {
    if state.stopped || !state.side(!by).flagged() {
        return None;
    }
    Some(win_on_time(by))
}

/// The clock at `now_ms` after the events, in log order. Rejected events are skipped.
pub fn clock_state<'a>(
    control: &TimeControl,
    events: impl IntoIterator<Item = &'a TimedClockEvent>,
    now_ms: i64,
) -> ClockState {
    clock_state_from(
        control,
        events.into_iter().map(|e| (e.at_ms, &e.event)),
        now_ms,
    )
}

/// [`clock_state`] for a log kept in another shape: `(at_ms, event)` pairs in log order, such as
/// the clock events picked out of a game record.
pub fn clock_state_from<'a>(
    control: &TimeControl,
    events: impl IntoIterator<Item = (i64, &'a ClockEvent)>,
    now_ms: i64,
) -> ClockState {
    let mut state = ClockState::new(*control);
    for (at_ms, event) in events {
        let _ = state.apply(at_ms, event);
    }
    state.advance_to(now_ms);
    state
}

/// The epoch ms at which the running side's flag will fall or its current period will end, so
/// the app can wake exactly then; `None` when no clock runs.
pub fn next_flag_at(state: &ClockState) -> Option<i64> {
    let color = state.ticking()?;
    let left = state
        .side(color)
        .until_boundary(&state.control.system, state.turn_used_ms)?;
    Some(state.as_of_ms.saturating_add(left))
}
