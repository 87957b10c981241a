//! Time controls: how much time each player has and what happens when the main time runs out.

use serde::{Deserialize, Serialize};

use crate::core::color::Color;
use crate::core::rules::OnFlag;
use crate::core::text::{t, tf};

/// The longest main time the app accepts as a tournament setting (10 hours).
pub const MAX_MAIN_MS: i64 = 10 * 3_600_000;

/// The longest overtime period, increment or delay the app accepts (1 hour).
pub const MAX_PERIOD_MS: i64 = 3_600_000;

/// The kinds of time system, with what the new-game form and a settings link call each and
/// the fields each takes besides the main time. Adding a time system is one kind here and its
/// clock arithmetic in `TimeSystem`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeSystemKind {
    /// Main time only.
    SuddenDeath,
    /// An increment per move.
    Fischer,
    /// Japanese byo-yomi.
    ByoYomi,
    /// Canadian overtime.
    Canadian,
    /// A simple delay per move.
    Delay,
    /// Bronstein delay.
    Bronstein,
}

impl TimeSystemKind {
    /// Every kind, in the order the form lists them.
    pub const ALL: [TimeSystemKind; 6] = [
        TimeSystemKind::SuddenDeath,
        TimeSystemKind::Fischer,
        TimeSystemKind::ByoYomi,
        TimeSystemKind::Canadian,
        TimeSystemKind::Delay,
        TimeSystemKind::Bronstein,
    ];

    /// The id in a settings link (`time=`).
    pub fn id(self) -> &'static str {
        match self {
            TimeSystemKind::SuddenDeath => "sudden",
            TimeSystemKind::Fischer => "fischer",
            TimeSystemKind::ByoYomi => "byoyomi",
            TimeSystemKind::Canadian => "canadian",
            TimeSystemKind::Delay => "delay",
            TimeSystemKind::Bronstein => "bronstein",
        }
    }

    /// The kind a link's id names.
    pub fn from_id(id: &str) -> Option<TimeSystemKind> {
        TimeSystemKind::ALL.into_iter().find(|k| k.id() == id)
    }

    /// The name on the form.
    pub fn label(self) -> &'static str {
        match self {
            TimeSystemKind::SuddenDeath => t("Sudden death"),
            TimeSystemKind::Fischer => t("Fischer"),
            TimeSystemKind::ByoYomi => t("Japanese byo-yomi"),
            TimeSystemKind::Canadian => t("Canadian overtime"),
            TimeSystemKind::Delay => t("Simple delay"),
            TimeSystemKind::Bronstein => t("Bronstein"),
        }
    }

    /// The form's fields this kind takes besides the main time (`main`).
    pub fn fields(self) -> &'static [&'static str] {
        match self {
            TimeSystemKind::SuddenDeath => &[],
            TimeSystemKind::Fischer => &["inc", "cap"],
            TimeSystemKind::ByoYomi => &["periods", "period"],
            TimeSystemKind::Canadian => &["stones", "period"],
            TimeSystemKind::Delay | TimeSystemKind::Bronstein => &["inc"],
        }
    }

    /// Whether this kind takes the form field `name`.
    pub fn takes(self, name: &str) -> bool {
        self.fields().contains(&name)
    }
}

/// What follows the main time, and what a press gives back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TimeSystem {
    /// No overtime: the flag falls when the main time ends.
    SuddenDeath,
    /// Each press adds `increment_ms` (after the move, none before the first); with a cap an
    /// increment never takes the clock above `cap_ms`.
    Fischer {
        /// Time added by each press.
        increment_ms: i64,
        /// The most an increment may bring the clock up to.
        cap_ms: Option<i64>,
    },
    /// Japanese byo-yomi: after the main time, `periods` periods of `period_ms`; a move inside a
    /// period restarts it, an overrun uses it up, the end of the last one is a loss on time.
    ByoYomi {
        /// How many periods each player has.
        periods: u32,
        /// The length of one period.
        period_ms: i64,
    },
    /// Canadian overtime: after the main time, `stones` moves in `period_ms`; when they are
    /// played the period reloads, when the period ends first it is a loss on time. Every press
    /// counts, passes included, and the move during which the main time ran out is the first
    /// stone of the first period.
    Canadian {
        /// Moves (passes included) to make in each period.
        stones: u32,
        /// The length of one period.
        period_ms: i64,
    },
    /// Simple (US) delay: each turn the clock waits `delay_ms` before counting down main time.
    Delay {
        /// The wait at the start of each turn.
        delay_ms: i64,
    },
    /// Bronstein delay: each press gives back the time used this turn, up to `delay_ms`.
    Bronstein {
        /// The most a press gives back.
        delay_ms: i64,
    },
}

/// A complete time setting for one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeControl {
    /// Main time in milliseconds (for both players, or Black's under time odds).
    pub main_ms: i64,
    /// White's main time when it differs from Black's (time odds).
    #[serde(default)]
    pub main_ms_white: Option<i64>,
    /// The overtime or increment system.
    pub system: TimeSystem,
    /// Whether a flag ends the game at once or must be claimed.
    #[serde(default)]
    pub on_flag: OnFlag,
}

impl TimeControl {
    /// A control with the same main time for both players and the default flag rule.
    pub fn new(main_ms: i64, system: TimeSystem) -> TimeControl {
        TimeControl {
            main_ms,
            main_ms_white: None,
            system,
            on_flag: OnFlag::default(),
        }
    }

    /// The same control with White given a different main time (time odds).
    pub fn with_white_main(mut self, main_ms_white: i64) -> TimeControl {
        self.main_ms_white = Some(main_ms_white);
        self
    }

    /// The same control with the given flag rule.
    pub fn with_on_flag(mut self, on_flag: OnFlag) -> TimeControl {
        self.on_flag = on_flag;
        self
    }

    /// The main time a player starts with.
    pub fn main_for(&self, color: Color) -> i64 {
        match color {
            Color::Black => self.main_ms,
            Color::White => self.main_ms_white.unwrap_or(self.main_ms),
        }
    }

    /// Every problem with the setting, in words a tournament director reads; empty when valid.
    pub fn validate(&self) -> Vec<String> {
        self.problems().into_iter().map(|(_, m)| m).collect()
    }

    /// Every problem with the setting, each with the new-game field it concerns (`main`,
    /// `mainw`, `inc`, `cap`, `periods`, `period`, `stones`); empty when valid.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut errors = Vec::new();
        check_main(&mut errors, "main", t("Main time"), self.main_ms);
        if let Some(w) = self.main_ms_white {
            check_main(&mut errors, "mainw", t("White's main time"), w);
        }
        let needs_overtime = |errors: &mut Vec<(&'static str, String)>| {
            if self.main_ms <= 0 {
                errors.push((
                    "main",
                    t("Without overtime the main time must be above zero").to_string(),
                ));
            }
            if self.main_ms_white.is_some_and(|w| w <= 0) {
                errors.push((
                    "mainw",
                    t("Without overtime the main time must be above zero").to_string(),
                ));
            }
        };
        match self.system {
            TimeSystem::SuddenDeath => needs_overtime(&mut errors),
            TimeSystem::Fischer {
                increment_ms,
                cap_ms,
            } => {
                needs_overtime(&mut errors);
                check_extra(&mut errors, "inc", t("The Fischer increment"), increment_ms);
                if let Some(cap) = cap_ms {
                    if cap < self.main_ms.max(self.main_ms_white.unwrap_or(0)) {
                        errors.push((
                            "cap",
                            t("The Fischer cap cannot be below the main time").to_string(),
                        ));
                    }
                    if cap > MAX_MAIN_MS {
                        errors.push((
                            "cap",
                            t("A Fischer cap above 10 hours is not a tournament setting")
                                .to_string(),
                        ));
                    }
                }
            }
            TimeSystem::ByoYomi { periods, period_ms } => {
                if periods < 1 {
                    errors.push((
                        "periods",
                        t("Byo-yomi needs at least one period").to_string(),
                    ));
                }
                if periods > 100 {
                    errors.push((
                        "periods",
                        t("More than 100 byo-yomi periods is not a tournament setting").into(),
                    ));
                }
                check_period(&mut errors, period_ms);
            }
            TimeSystem::Canadian { stones, period_ms } => {
                if stones < 1 {
                    errors.push((
                        "stones",
                        t("Canadian overtime needs at least one stone per period").into(),
                    ));
                }
                if stones > 1000 {
                    errors.push((
                        "stones",
                        t("More than 1000 stones per period is not a tournament setting").into(),
                    ));
                }
                check_period(&mut errors, period_ms);
            }
            TimeSystem::Delay { delay_ms } | TimeSystem::Bronstein { delay_ms } => {
                needs_overtime(&mut errors);
                check_extra(&mut errors, "inc", t("The delay"), delay_ms);
            }
        }
        errors
    }

    /// Reads the new-game link parameters `time`, `main`, `inc`, `cap`, `periods`, `period` and
    /// `stones` (times in whole seconds); other keys are left to other parts of the form.
    /// Returns every problem at once, including those of [`TimeControl::validate`].
    pub fn from_query<'a>(
        params: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<TimeControl, Vec<String>> {
        TimeControl::from_query_fields(params)
            .map_err(|list| list.into_iter().map(|(_, m)| m).collect())
    }

    /// [`TimeControl::from_query`] with each problem tied to the parameter it concerns
    /// (`time` for the system itself).
    pub fn from_query_fields<'a>(
        params: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<TimeControl, Vec<(&'static str, String)>> {
        let mut q = Query::default();
        for (k, v) in params {
            match k {
                "time" => q.time = Some(v),
                "main" => q.main = Some(v),
                "inc" => q.inc = Some(v),
                "cap" => q.cap = Some(v),
                "periods" => q.periods = Some(v),
                "period" => q.period = Some(v),
                "stones" => q.stones = Some(v),
                _ => {}
            }
        }
        // A value in error is replaced by a valid stand-in, so that validation still reports
        // every other problem; the stand-ins never reach the caller, and a field already in
        // error is not reported twice.
        let mut errors = Vec::new();
        let main_ms = seconds(&mut errors, "main", q.main, true).unwrap_or(60_000);
        let ids = {
            let all = TimeSystemKind::ALL.map(TimeSystemKind::id);
            let (last, rest) = all.split_last().unwrap_or((&"", &[]));
            tf("{} or {}", &[&rest.join(", "), last])
        };
        let system = match q.time.map(|id| (id, TimeSystemKind::from_id(id))) {
            None => {
                errors.push((
                    "time",
                    tf("The time system (`time`) is missing: choose {}", &[&ids]),
                ));
                TimeSystem::SuddenDeath
            }
            Some((_, Some(TimeSystemKind::SuddenDeath))) => TimeSystem::SuddenDeath,
            Some((_, Some(TimeSystemKind::Fischer))) => TimeSystem::Fischer {
                increment_ms: seconds(&mut errors, "inc", q.inc, true).unwrap_or(0),
                cap_ms: seconds(&mut errors, "cap", q.cap, false),
            },
            Some((_, Some(TimeSystemKind::ByoYomi))) => TimeSystem::ByoYomi {
                periods: count(&mut errors, "periods", q.periods).unwrap_or(1),
                period_ms: seconds(&mut errors, "period", q.period, true).unwrap_or(30_000),
            },
            Some((_, Some(TimeSystemKind::Canadian))) => TimeSystem::Canadian {
                stones: count(&mut errors, "stones", q.stones).unwrap_or(1),
                period_ms: seconds(&mut errors, "period", q.period, true).unwrap_or(60_000),
            },
            Some((_, Some(TimeSystemKind::Delay))) => TimeSystem::Delay {
                delay_ms: seconds(&mut errors, "inc", q.inc, true).unwrap_or(0),
            },
            Some((_, Some(TimeSystemKind::Bronstein))) => TimeSystem::Bronstein {
                delay_ms: seconds(&mut errors, "inc", q.inc, true).unwrap_or(0),
            },
            Some((other, None)) => {
                errors.push((
                    "time",
                    tf("Unknown time system `{}`: use {}", &[&other, &ids]),
                ));
                TimeSystem::SuddenDeath
            }
        };
        let control = TimeControl::new(main_ms, system);
        let in_error: Vec<&str> = errors.iter().map(|(f, _)| *f).collect();
        let more: Vec<_> = control
            .problems()
            .into_iter()
            .filter(|(f, _)| !in_error.contains(f))
            .collect();
        errors.extend(more);
        if errors.is_empty() {
            Ok(control)
        } else {
            Err(errors)
        }
    }

    /// The SGF `OT` text: `5x30 byo-yomi`, `15/300 Canadian`, `30 Fischer`; `None` for sudden death.
    pub fn ot_text(&self) -> Option<String> {
        match self.system {
            TimeSystem::SuddenDeath => None,
            TimeSystem::Fischer {
                increment_ms,
                cap_ms,
            } => Some(match cap_ms {
                None => format!("{} Fischer", secs(increment_ms)),
                Some(cap) => format!("{} Fischer cap {}", secs(increment_ms), secs(cap)),
            }),
            TimeSystem::ByoYomi { periods, period_ms } => {
                Some(format!("{periods}x{} byo-yomi", secs(period_ms)))
            }
            TimeSystem::Canadian { stones, period_ms } => {
                Some(format!("{stones}/{} Canadian", secs(period_ms)))
            }
            TimeSystem::Delay { delay_ms } => Some(format!("{} simple delay", secs(delay_ms))),
            TimeSystem::Bronstein { delay_ms } => Some(format!("{} Bronstein", secs(delay_ms))),
        }
    }

    /// The SGF `TM` value: main time in seconds (Black's under time odds).
    pub fn tm_seconds(&self) -> f64 {
        self.main_ms as f64 / 1000.0
    }
}

#[derive(Default)]
struct Query<'a> {
    time: Option<&'a str>,
    main: Option<&'a str>,
    inc: Option<&'a str>,
    cap: Option<&'a str>,
    periods: Option<&'a str>,
    period: Option<&'a str>,
    stones: Option<&'a str>,
}

type Problems = Vec<(&'static str, String)>;

fn check_main(errors: &mut Problems, field: &'static str, what: &str, ms: i64) {
    if ms < 0 {
        errors.push((field, tf("{} cannot be negative", &[&what])));
    } else if ms > MAX_MAIN_MS {
        errors.push((
            field,
            tf("{} above 10 hours is not a tournament setting", &[&what]),
        ));
    }
}

fn check_extra(errors: &mut Problems, field: &'static str, what: &str, ms: i64) {
    if ms < 0 {
        errors.push((field, tf("{} cannot be negative", &[&what])));
    } else if ms > MAX_PERIOD_MS {
        errors.push((
            field,
            tf("{} above 1 hour is not a tournament setting", &[&what]),
        ));
    }
}

fn check_period(errors: &mut Problems, ms: i64) {
    if ms < 1000 {
        errors.push((
            "period",
            t("A period must be at least 1 second").to_string(),
        ));
    } else if ms > MAX_PERIOD_MS {
        errors.push((
            "period",
            t("A period above 1 hour is not a tournament setting").to_string(),
        ));
    }
}

/// What a query parameter holds, for messages.
fn what(key: &str) -> &'static str {
    match key {
        "main" => t("The main time"),
        "inc" => t("The increment or delay"),
        "cap" => t("The Fischer cap"),
        "periods" => t("The number of byo-yomi periods"),
        "period" => t("The period"),
        "stones" => t("The number of stones per period"),
        _ => t("This value"),
    }
}

/// Whole seconds from a query value, in milliseconds.
fn seconds(
    errors: &mut Problems,
    key: &'static str,
    v: Option<&str>,
    required: bool,
) -> Option<i64> {
    match v.map(str::trim) {
        None | Some("") => {
            if required {
                errors.push((
                    key,
                    tf(
                        "{} (`{}`) is missing: give it in whole seconds",
                        &[&what(key), &key],
                    ),
                ));
            }
            None
        }
        Some(v) => match v.parse::<i64>() {
            Ok(s) if s < 0 => {
                errors.push((
                    key,
                    tf(
                        "{} cannot be negative (`{}` is {})",
                        &[&what(key), &key, &v],
                    ),
                ));
                None
            }
            Ok(s) => match s.checked_mul(1000) {
                Some(ms) => Some(ms),
                None => {
                    errors.push((key, tf("{} (`{}`) is far too large", &[&what(key), &key])));
                    None
                }
            },
            Err(_) => {
                errors.push((
                    key,
                    tf(
                        "{} (`{}`) must be a whole number of seconds, not “{}”",
                        &[&what(key), &key, &v],
                    ),
                ));
                None
            }
        },
    }
}

fn count(errors: &mut Problems, key: &'static str, v: Option<&str>) -> Option<u32> {
    match v.map(str::trim) {
        None | Some("") => {
            errors.push((
                key,
                tf(
                    "{} (`{}`) is missing: give a whole number",
                    &[&what(key), &key],
                ),
            ));
            None
        }
        Some(v) => match v.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                errors.push((
                    key,
                    tf(
                        "{} (`{}`) must be a whole number, not “{}”",
                        &[&what(key), &key, &v],
                    ),
                ));
                None
            }
        },
    }
}

/// Milliseconds as SGF seconds: `30`, or `2.5` when not whole.
fn secs(ms: i64) -> String {
    if ms % 1000 == 0 {
        format!("{}", ms / 1000)
    } else {
        let s = format!("{:.3}", ms as f64 / 1000.0);
        s.trim_end_matches('0').to_string()
    }
}
