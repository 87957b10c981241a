//! How a clock reads on screen.

use serde::{Deserialize, Serialize};

use super::side::SideClock;
use super::state::ClockState;
use super::time_control::{TimeControl, TimeSystem};
use super::time_text::{ceil_div, format_main};
use crate::core::color::Color;
use crate::core::text::{t, tf};

/// What a player's clock area shows as its state (`data-state` in the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SideStatus {
    /// Not this player's turn, or the clock has not started.
    Waiting,
    /// This player's time is running.
    Running,
    /// Both clocks are neutralised (or stopped) and this player's flag is up.
    Paused,
    /// This player's flag has fallen.
    Flagged,
}

impl SideStatus {
    /// The `data-state` value: `waiting`, `running`, `paused` or `flagged`.
    pub fn as_str(self) -> &'static str {
        match self {
            SideStatus::Waiting => "waiting",
            SideStatus::Running => "running",
            SideStatus::Paused => "paused",
            SideStatus::Flagged => "flagged",
        }
    }
}

/// A player's status on the clock face.
pub fn side_status(state: &ClockState, color: Color) -> SideStatus {
    if state.side(color).flagged() {
        SideStatus::Flagged
    } else if state.ticking() == Some(color) {
        SideStatus::Running
    } else if state.started && (state.paused.is_some() || state.stopped || state.frozen()) {
        SideStatus::Paused
    } else {
        SideStatus::Waiting
    }
}

/// The big time on a player's clock: main time, or the current period in overtime.
pub fn clock_text(state: &ClockState, color: Color) -> String {
    format_main(state.side(color).shown_ms())
}

/// The small line under a player's time: the overtime left (`0:23 · 3 periods`,
/// `4:12 · 7 stones`, `0:23 · last period`), what follows the main time (`5 × 0:30`,
/// `15 / 5:00`), or the system (`SD`, `+30s`).
pub fn overtime_label(control: &TimeControl, side: &SideClock) -> String {
    match control.system {
        TimeSystem::SuddenDeath => t("SD").to_string(),
        TimeSystem::Fischer { increment_ms, .. } => format!("+{}", short(increment_ms)),
        TimeSystem::Delay { delay_ms } => tf("delay {}", &[&short(delay_ms)]),
        TimeSystem::Bronstein { delay_ms } => tf("Bronstein {}", &[&short(delay_ms)]),
        TimeSystem::ByoYomi { periods, period_ms } => {
            if !side.in_overtime {
                format!("{periods} × {}", format_main(period_ms))
            } else if side.periods_left <= 1 {
                tf("{} · last period", &[&format_main(side.period_ms)])
            } else {
                tf(
                    "{} · {} periods",
                    &[&format_main(side.period_ms), &side.periods_left],
                )
            }
        }
        TimeSystem::Canadian { stones, period_ms } => {
            if side.in_overtime {
                let n = side.stones_left;
                let time = format_main(side.period_ms);
                if n == 1 {
                    tf("{} · 1 stone", &[&time])
                } else {
                    tf("{} · {} stones", &[&time, &n])
                }
            } else {
                format!("{stones} / {}", format_main(period_ms))
            }
        }
    }
}

/// A short duration for labels: `30s`, `2m`, `1m30s`.
fn short(ms: i64) -> String {
    let s = ceil_div(ms.max(0), 1000);
    match (s / 60, s % 60) {
        (0, s) => format!("{s}s"),
        (m, 0) => format!("{m}m"),
        (m, s) => format!("{m}m{s}s"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_for_each_system() {
        let byo = TimeControl::new(
            0,
            TimeSystem::ByoYomi {
                periods: 5,
                period_ms: 30_000,
            },
        );
        let mut side = SideClock::new(&byo, Color::Black);
        assert_eq!(overtime_label(&byo, &side), "5 × 0:30");
        side.in_overtime = true;
        side.periods_left = 3;
        side.period_ms = 23_000;
        assert_eq!(overtime_label(&byo, &side), "0:23 · 3 periods");
        side.periods_left = 1;
        assert_eq!(overtime_label(&byo, &side), "0:23 · last period");

        let can = TimeControl::new(
            0,
            TimeSystem::Canadian {
                stones: 15,
                period_ms: 300_000,
            },
        );
        let mut side = SideClock::new(&can, Color::Black);
        assert_eq!(overtime_label(&can, &side), "15 / 5:00");
        side.in_overtime = true;
        side.stones_left = 7;
        side.period_ms = 252_000;
        assert_eq!(overtime_label(&can, &side), "4:12 · 7 stones");

        let sd = TimeControl::new(600_000, TimeSystem::SuddenDeath);
        assert_eq!(
            overtime_label(&sd, &SideClock::new(&sd, Color::White)),
            "SD"
        );
        let f = TimeControl::new(
            600_000,
            TimeSystem::Fischer {
                increment_ms: 30_000,
                cap_ms: None,
            },
        );
        assert_eq!(
            overtime_label(&f, &SideClock::new(&f, Color::White)),
            "+30s"
        );
    }
}
