//! One player's clock: how running time is charged and what a press gives back.

use serde::{Deserialize, Serialize};

use super::time_control::{TimeControl, TimeSystem};
use crate::core::color::Color;

/// One player's time at a moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideClock {
    /// Main time left, in milliseconds (0 once in overtime or flagged).
    pub main_ms: i64,
    /// Whether the main time has run out and overtime (byo-yomi or Canadian) has begun.
    pub in_overtime: bool,
    /// Byo-yomi periods left, the current one included (0 for other systems).
    pub periods_left: u32,
    /// Time left in the current overtime period; before overtime, the full period.
    pub period_ms: i64,
    /// Canadian stones still to play in the current period (0 for other systems).
    pub stones_left: u32,
    /// Presses made by this player: moves and passes.
    pub moves: u32,
    /// The exact instant (epoch ms) the flag fell, computed from timestamps.
    pub flagged_at: Option<i64>,
}

impl SideClock {
    /// A player's clock before the game, from the control (negative settings read as zero).
    pub fn new(control: &TimeControl, color: Color) -> SideClock {
        let (periods_left, period_ms, stones_left) = match control.system {
            TimeSystem::ByoYomi { periods, period_ms } => (periods, period_ms.max(0), 0),
            TimeSystem::Canadian { stones, period_ms } => (0, period_ms.max(0), stones),
            _ => (0, 0, 0),
        };
        SideClock {
            main_ms: control.main_for(color).max(0),
            in_overtime: false,
            periods_left,
            period_ms,
            stones_left,
            moves: 0,
            flagged_at: None,
        }
    }

    /// The time shown big on the clock: main time, or the current period in overtime.
    pub fn shown_ms(&self) -> i64 {
        if self.in_overtime {
            self.period_ms
        } else {
            self.main_ms
        }
    }

    /// All the time the player could still use without another press: main time plus every
    /// byo-yomi period left, or main time plus the current Canadian period. It only grows by a
    /// credit: an increment, a refund, a reload, or a correction.
    pub fn total_ms(&self, system: &TimeSystem) -> i64 {
        match *system {
            TimeSystem::ByoYomi { period_ms, .. } if self.periods_left > 0 => {
                let more = i64::from(self.periods_left - 1).saturating_mul(period_ms.max(0));
                self.main_ms
                    .saturating_add(self.period_ms)
                    .saturating_add(more)
            }
            TimeSystem::Canadian { .. } => self.main_ms.saturating_add(self.period_ms),
            _ => self.main_ms,
        }
    }

    /// The SGF per-move values after a move: `BL`/`WL` (milliseconds left: main time, or the
    /// current period in overtime) and `OB`/`OW` (byo-yomi periods or Canadian stones left, only
    /// in overtime).
    pub fn sgf_time_left(&self) -> (i64, Option<u32>) {
        let overtime = if !self.in_overtime {
            None
        } else if self.stones_left > 0 {
            Some(self.stones_left)
        } else {
            Some(self.periods_left)
        };
        (self.shown_ms(), overtime)
    }

    /// Whether the flag has fallen.
    pub fn flagged(&self) -> bool {
        self.flagged_at.is_some()
    }

    /// Milliseconds this side can run, from now, before its flag falls or its current period ends.
    pub(crate) fn until_boundary(&self, system: &TimeSystem, turn_used_ms: i64) -> Option<i64> {
        if self.flagged() {
            return None;
        }
        let free = match system {
            TimeSystem::Delay { delay_ms } => delay_ms.saturating_sub(turn_used_ms).max(0),
            _ => 0,
        };
        let left = if self.in_overtime {
            self.period_ms
        } else {
            self.main_ms
        };
        Some(free.saturating_add(left))
    }

    /// Charges `elapsed_ms` of running time that began at `start_ms`, `turn_used_ms` into the turn.
    /// Sets the flag at the exact instant the time ran out.
    pub(crate) fn run(
        &mut self,
        system: &TimeSystem,
        start_ms: i64,
        elapsed_ms: i64,
        turn_used_ms: i64,
    ) {
        if self.flagged() || elapsed_ms < 0 {
            return;
        }
        let mut e = elapsed_ms;
        let mut offset: i64 = 0;
        if let TimeSystem::Delay { delay_ms } = system {
            let delay_left = delay_ms.saturating_sub(turn_used_ms).max(0);
            let free = delay_left.min(e);
            offset += free;
            e -= free;
            // Main time only starts to count (and can only fall) once the delay is over.
            if free < delay_left {
                return;
            }
        }
        if !self.in_overtime {
            if e < self.main_ms {
                self.main_ms -= e;
                return;
            }
            offset = offset.saturating_add(self.main_ms);
            e -= self.main_ms;
            self.main_ms = 0;
            match system {
                TimeSystem::ByoYomi { .. } if self.periods_left > 0 => self.in_overtime = true,
                TimeSystem::Canadian { .. } => self.in_overtime = true,
                _ => {
                    self.flag(start_ms, offset);
                    return;
                }
            }
        }
        match *system {
            TimeSystem::ByoYomi { period_ms, .. } => {
                let full = period_ms.max(0);
                if e < self.period_ms {
                    self.period_ms -= e;
                    return;
                }
                e -= self.period_ms;
                offset = offset.saturating_add(self.period_ms);
                self.periods_left = self.periods_left.saturating_sub(1);
                if self.periods_left == 0 || full == 0 {
                    self.flag(start_ms, offset);
                    return;
                }
                // Every further whole period in this think is used up too.
                let used = e / full;
                if used >= i64::from(self.periods_left) {
                    let all = full.saturating_mul(i64::from(self.periods_left));
                    self.flag(start_ms, offset.saturating_add(all));
                    return;
                }
                self.periods_left -= used as u32;
                e -= used * full;
                self.period_ms = full - e;
            }
            TimeSystem::Canadian { .. } => {
                if e < self.period_ms {
                    self.period_ms -= e;
                } else {
                    let at = offset.saturating_add(self.period_ms);
                    self.flag(start_ms, at);
                }
            }
            _ => {}
        }
    }

    fn flag(&mut self, start_ms: i64, offset: i64) {
        self.main_ms = 0;
        self.period_ms = 0;
        self.periods_left = 0;
        self.flagged_at = Some(start_ms.saturating_add(offset));
    }

    /// Applies a press that ends a turn of `turn_used_ms`: increment, delay refund, period reload.
    pub(crate) fn press(&mut self, system: &TimeSystem, turn_used_ms: i64) {
        self.moves = self.moves.saturating_add(1);
        if self.flagged() {
            return;
        }
        match *system {
            TimeSystem::Fischer {
                increment_ms,
                cap_ms,
            } => {
                let added = self.main_ms.saturating_add(increment_ms.max(0));
                self.main_ms = match cap_ms {
                    Some(cap) if added > cap => self.main_ms.max(cap),
                    _ => added,
                };
            }
            TimeSystem::Bronstein { delay_ms } => {
                let back = turn_used_ms.clamp(0, delay_ms.max(0));
                self.main_ms = self.main_ms.saturating_add(back);
            }
            TimeSystem::ByoYomi { period_ms, .. } if self.in_overtime => {
                self.period_ms = period_ms.max(0);
            }
            TimeSystem::Canadian { stones, period_ms } if self.in_overtime => {
                self.stones_left = self.stones_left.saturating_sub(1);
                if self.stones_left == 0 {
                    self.stones_left = stones;
                    self.period_ms = period_ms.max(0);
                }
            }
            _ => {}
        }
    }

    /// Adds (or with a negative `delta_ms` removes) time: main time, or the current period in
    /// overtime. Time added to a fallen flag lifts it (in byo-yomi it gives back the last
    /// period); time never goes below zero.
    pub(crate) fn adjust(&mut self, system: &TimeSystem, delta_ms: i64) {
        if self.flagged() {
            if delta_ms <= 0 {
                return;
            }
            self.flagged_at = None;
            if self.in_overtime && matches!(system, TimeSystem::ByoYomi { .. }) {
                self.periods_left = 1;
            }
        }
        let target = if self.in_overtime {
            &mut self.period_ms
        } else {
            &mut self.main_ms
        };
        *target = target.saturating_add(delta_ms).max(0);
    }
}
