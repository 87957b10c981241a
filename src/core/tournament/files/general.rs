//! OpenGotha's general parameters as the clock and the tables take them: the board size, the
//! komi of an even game and the time system (`GeneralParameterSet size komi basicTime
//! complementaryTimeSystem stdByoYomiTime nbMovesCanTime canByoYomiTime fischerTime`), an
//! attribute left out taking the document type's default, and what the clock cannot run
//! refused.

use super::error::FileError;
use crate::core::clock::{TimeControl, TimeSystemKind};
use crate::core::form_values;
use crate::core::point::{MAX_SIZE, MIN_SIZE};
use crate::core::round::TimeSettings;

/// Komi in a handicap game. OpenGotha keeps one komi, the even games'; handicap games are
/// played with half a point, as the EGF, the LGC ("In a handicap game it is 0.5 to White") and
/// the AGA have it.
pub const HANDICAP_KOMI: f64 = 0.5;

// Defaults of `tournament.dtd`, used when the file leaves an attribute out.
const DEFAULT_BASIC_TIME: &str = "60";
const DEFAULT_TIME_SYSTEM: &str = "CANBYOYOMI";
const DEFAULT_STD_BYO_YOMI_TIME: &str = "30";
const DEFAULT_NB_MOVES_CAN_TIME: &str = "15";
const DEFAULT_CAN_BYO_YOMI_TIME: &str = "300";
const DEFAULT_FISCHER_TIME: &str = "5";
const DEFAULT_SIZE: &str = "19";
const DEFAULT_KOMI: &str = "7.5";

/// The tournament's time system, as OpenGotha's general parameters hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GothaTimeSystem {
    /// `SUDDENDEATH`: main time only.
    SuddenDeath { basic_minutes: u32 },
    /// `STDBYOYOMI`: one byo-yomi period of `seconds` per move.
    StandardByoYomi { basic_minutes: u32, seconds: u32 },
    /// `CANBYOYOMI`: `stones` moves in `seconds`.
    CanadianByoYomi {
        basic_minutes: u32,
        stones: u32,
        seconds: u32,
    },
    /// `FISCHER`: `increment_seconds` added per move.
    Fischer {
        basic_minutes: u32,
        increment_seconds: u32,
    },
}

impl GothaTimeSystem {
    /// The settings link's fields for this time (`time`, `main` in seconds, then `periods` and
    /// `period`, `stones` and `period`, or `inc`).
    pub fn settings(&self) -> TimeSettings {
        let main = |minutes: u32| ("main", (u64::from(minutes) * 60).to_string());
        let fields = match *self {
            GothaTimeSystem::SuddenDeath { basic_minutes } => vec![
                ("time", TimeSystemKind::SuddenDeath.id().to_string()),
                main(basic_minutes),
            ],
            GothaTimeSystem::StandardByoYomi {
                basic_minutes,
                seconds,
            } => vec![
                ("time", TimeSystemKind::ByoYomi.id().to_string()),
                main(basic_minutes),
                ("periods", "1".to_string()),
                ("period", seconds.to_string()),
            ],
            GothaTimeSystem::CanadianByoYomi {
                basic_minutes,
                stones,
                seconds,
            } => vec![
                ("time", TimeSystemKind::Canadian.id().to_string()),
                main(basic_minutes),
                ("stones", stones.to_string()),
                ("period", seconds.to_string()),
            ],
            GothaTimeSystem::Fischer {
                basic_minutes,
                increment_seconds,
            } => vec![
                ("time", TimeSystemKind::Fischer.id().to_string()),
                main(basic_minutes),
                ("inc", increment_seconds.to_string()),
            ],
        };
        TimeSettings { fields }
    }
}

/// The general parameters the tables need.
#[derive(Clone, Debug, PartialEq)]
pub struct General {
    /// Board size, 5 to 25.
    pub size: u8,
    /// Komi in an even game.
    pub komi: f64,
    pub time: GothaTimeSystem,
}

/// The board size, komi and time of the general parameters, each attribute given by `attr`
/// (`None`: left out, the document type's default).
pub fn read_general<'a>(attr: impl Fn(&str) -> Option<&'a str>) -> Result<General, FileError> {
    Ok(General {
        size: read_size(attr("size").unwrap_or(DEFAULT_SIZE))?,
        komi: read_komi(attr("komi").unwrap_or(DEFAULT_KOMI))?,
        time: read_time(&attr)?,
    })
}

fn read_size(text: &str) -> Result<u8, FileError> {
    text.parse::<u8>()
        .ok()
        .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
        .ok_or_else(|| FileError::BadSize {
            value: text.to_string(),
        })
}

fn read_komi(text: &str) -> Result<f64, FileError> {
    // A pairing program writes a decimal point; a comma, which a person may type in a form,
    // is damage in its file.
    form_values::komi_with_point(text).map_err(|reason| FileError::BadKomi {
        value: text.to_string(),
        reason,
    })
}

fn read_time<'a>(attr: &impl Fn(&str) -> Option<&'a str>) -> Result<GothaTimeSystem, FileError> {
    let number = |attribute: &'static str, default: &'static str| {
        let value = attr(attribute).unwrap_or(default);
        whole("GeneralParameterSet", attribute, value)
    };
    let basic_minutes = number("basicTime", DEFAULT_BASIC_TIME)?;
    let system = attr("complementaryTimeSystem").unwrap_or(DEFAULT_TIME_SYSTEM);
    let time = match system {
        "SUDDENDEATH" => GothaTimeSystem::SuddenDeath { basic_minutes },
        "STDBYOYOMI" => GothaTimeSystem::StandardByoYomi {
            basic_minutes,
            seconds: number("stdByoYomiTime", DEFAULT_STD_BYO_YOMI_TIME)?,
        },
        "CANBYOYOMI" => GothaTimeSystem::CanadianByoYomi {
            basic_minutes,
            stones: number("nbMovesCanTime", DEFAULT_NB_MOVES_CAN_TIME)?,
            seconds: number("canByoYomiTime", DEFAULT_CAN_BYO_YOMI_TIME)?,
        },
        "FISCHER" => GothaTimeSystem::Fischer {
            basic_minutes,
            increment_seconds: number("fischerTime", DEFAULT_FISCHER_TIME)?,
        },
        other => {
            return Err(FileError::UnknownTimeSystem {
                value: other.to_string(),
            });
        }
    };
    // The clock's own check of a settings link decides what it can run.
    let settings = time.settings();
    TimeControl::from_query_fields(settings.fields.iter().map(|(k, v)| (*k, v.as_str())))
        .map(|_| time)
        .map_err(|problems| FileError::BadTime {
            problems: problems.into_iter().map(|(_, m)| m).collect(),
        })
}

fn whole(element: &'static str, attribute: &'static str, value: &str) -> Result<u32, FileError> {
    value.parse::<u32>().map_err(|_| FileError::BadNumber {
        element,
        attribute,
        value: value.to_string(),
    })
}
