//! How a clock reads on screen.

use serde::{Deserialize, Serialize};

use super::side::SideClock;
use super::state::ClockState;
use super::time_control::{TimeControl, TimeSystem};
use crate::core::Color;
use crate::core::text::{number, t, tf};

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

/// A time as a clock shows it: `4:12`, `1:02:03`, and tenths under ten seconds (`9.7`). A unit
/// shows as long as any of it remains, so `0.0` appears only when the time is gone.
pub fn format_main(ms: i64) -> String {
    if ms <= 0 {
        return number("0.0");
    }
    let tenths = ceil_div(ms, 100);
    if tenths < 100 {
        return number(&format!("{}.{}", tenths / 10, tenths % 10));
    }
    let secs = ceil_div(ms, 1000);
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
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
    fn main_time_shows_minutes_hours_and_tenths() {
        assert_eq!(format_main(252_000), "4:12");
        assert_eq!(format_main(3_723_000), "1:02:03");
        assert_eq!(format_main(9_700), "9.7");
        assert_eq!(format_main(60_000), "1:00");
    }

    #[test]
    fn a_unit_shows_while_any_of_it_remains() {
        assert_eq!(format_main(251_001), "4:12");
        assert_eq!(format_main(10_000), "0:10");
        assert_eq!(format_main(9_999), "0:10");
        assert_eq!(format_main(9_900), "9.9");
        assert_eq!(format_main(1), "0.1");
        assert_eq!(format_main(0), "0.0");
        assert_eq!(format_main(-5), "0.0");
        assert_eq!(format_main(i64::MAX), "2562047788015:12:56");
    }

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
