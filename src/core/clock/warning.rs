//! Low-time warnings: the moment the running side's time reaches the point a player chose
//! (a number of seconds of main time), and each of the last seconds of an overtime period.
//! Computed from the clock at the time now, so a warning follows the timestamps, not ticks.

use super::state::ClockState;
use crate::core::color::Color;

/// Where the warnings fall, in whole seconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WarningPoints {
    /// One warning when this much main time is left (0: none).
    pub main_s: u32,
    /// A warning on each of this many last seconds of an overtime period (0: none).
    pub period_s: u32,
}

impl Default for WarningPoints {
    /// Ten seconds of main time; the last five seconds of a period.
    fn default() -> WarningPoints {
        WarningPoints {
            main_s: 10,
            period_s: 5,
        }
    }
}

/// A warning the running side is due, told apart from the one before it: the app sounds one
/// each time the value changes to a new warning.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warning {
    /// `color`'s main time is at or under the chosen point.
    MainLow {
        /// Whose clock.
        color: Color,
    },
    /// `color` is in the last `second` seconds (counting down, 1 the last) of an overtime
    /// period; `periods_left` tells one period's count from the next's.
    PeriodSecond {
        /// Whose clock.
        color: Color,
        /// The seconds left, rounded up.
        second: u32,
        /// Byo-yomi periods left (0 under Canadian overtime).
        periods_left: u32,
        /// Canadian stones left in the period (0 under byo-yomi).
        stones_left: u32,
    },
}

impl Warning {
    /// The seconds to say aloud for a period's count.
    pub fn spoken(&self) -> Option<u32> {
        match self {
            Warning::PeriodSecond { second, .. } => Some(*second),
            Warning::MainLow { .. } => None,
        }
    }
}

/// The warning due now for the side whose clock runs, if any.
pub fn warning_now(clock: &ClockState, points: WarningPoints) -> Option<Warning> {
    let color = clock.ticking()?;
    let side = clock.side(color);
    let ms = side.shown_ms();
    if ms <= 0 || side.flagged() {
        return None;
    }
    let second = u32::try_from((ms + 999) / 1000).unwrap_or(u32::MAX);
    if side.in_overtime {
        (second <= points.period_s).then_some(Warning::PeriodSecond {
            color,
            second,
            periods_left: side.periods_left,
            stones_left: side.stones_left,
        })
    } else {
        (second <= points.main_s).then_some(Warning::MainLow { color })
    }
}

/// The warnings already given, so that each sounds once: a period's second when it comes, and
/// the main-time warning once per side until its main time is above the point again (a
/// correction, an undone press).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Warned {
    last: Option<Warning>,
    main: [bool; 2],
}

impl Warned {
    /// The warning to give now, given the one due (`warning_now`) and the clock it came from.
    pub fn admit(
        &mut self,
        due: Option<Warning>,
        clock: &ClockState,
        points: WarningPoints,
    ) -> Option<Warning> {
        for color in Color::BOTH {
            let side = clock.side(color);
            if !side.in_overtime && side.shown_ms() > i64::from(points.main_s) * 1000 {
                self.main[color.index()] = false;
            }
        }
        let previous = std::mem::replace(&mut self.last, due);
        match due? {
            Warning::MainLow { color } => {
                let given = std::mem::replace(&mut self.main[color.index()], true);
                (!given).then_some(Warning::MainLow { color })
            }
            w @ Warning::PeriodSecond { .. } => (previous != Some(w)).then_some(w),
        }
    }
}
