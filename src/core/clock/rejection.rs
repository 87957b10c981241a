//! Why the clock refused an event, in words a player or referee reads.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::time_text::format_main;
use crate::core::color::Color;
use crate::core::text::{t, tf};

/// The reason an event was not applied; `to_string()` gives the sentence to show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockError {
    /// The game is over and the clock stopped.
    Stopped,
    /// The game is over on time: this player's flag fell (clocks frozen).
    LostOnTime {
        /// Whose flag fell.
        loser: Color,
    },
    /// A second start.
    AlreadyStarted,
    /// Anything but a start or a correction before the start.
    NotStarted,
    /// A press by the player whose clock is not running.
    NotYourTurn {
        /// Whose clock runs.
        turn: Color,
    },
    /// A pause while paused.
    AlreadyPaused,
    /// A resume while running.
    NotPaused,
    /// An adjustment of zero.
    NoChange,
    /// A penalty or an addition that is not above zero.
    NotPositive,
    /// Setting zero periods.
    NoPeriodLeft,
    /// Setting the periods of a fallen flag.
    FlagDown,
    /// Setting periods outside byo-yomi.
    NotByoYomi,
    /// Setting zero stones.
    NoStoneLeft,
    /// Setting stones before overtime.
    NotInOvertime,
    /// Setting stones outside Canadian overtime.
    NotCanadian,
    /// Setting more byo-yomi periods than the time control gives.
    TooManyPeriods {
        /// The periods of the time control.
        max: u32,
    },
    /// Setting more Canadian stones than a period holds.
    TooManyStones {
        /// The stones per period of the time control.
        max: u32,
    },
    /// A move count no game reaches.
    TooManyMoves {
        /// The most moves a player is credited with.
        max: u32,
    },
    /// Removing more time than the player has on the clock.
    MoreThanLeft {
        /// Whose clock.
        color: Color,
        /// The time shown on that clock.
        left_ms: i64,
    },
    /// Adding more time than any tournament gives at once.
    TooMuchAdded,
    /// A claim against a player whose flag is up.
    FlagNotFallen {
        /// The player claimed against.
        player: Color,
    },
}

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockError::Stopped => f.write_str(t("The game is over: the clock is stopped")),
            ClockError::LostOnTime { loser } => {
                f.write_str(&tf("The game is over: {}'s flag fell", &[&loser.shown()]))
            }
            ClockError::AlreadyStarted => f.write_str(t("The clock has already been started")),
            ClockError::NotStarted => f.write_str(t("The clock has not been started yet")),
            ClockError::NotYourTurn { turn } => f.write_str(&tf(
                "Only the player whose clock runs can press it: it is {}'s turn",
                &[&turn.shown()],
            )),
            ClockError::AlreadyPaused => f.write_str(t("The clock is already paused")),
            ClockError::NotPaused => f.write_str(t("The clock is not paused")),
            ClockError::NoChange => f.write_str(t("An adjustment must add or remove some time")),
            ClockError::NotPositive => f.write_str(t("The time must be above zero")),
            ClockError::NoPeriodLeft => f.write_str(t(
                "At least one period must remain; a flag is a loss on time",
            )),
            ClockError::FlagDown => {
                f.write_str(t("The flag has fallen: add time to lift it first"))
            }
            ClockError::NotByoYomi => f.write_str(t("Periods only exist in byo-yomi")),
            ClockError::NoStoneLeft => {
                f.write_str(t("At least one stone must remain in the period"))
            }
            ClockError::NotInOvertime => f.write_str(t("Stones are only counted in overtime")),
            ClockError::NotCanadian => {
                f.write_str(t("Stones are only counted in Canadian overtime"))
            }
            ClockError::TooManyPeriods { max } => f.write_str(&tf(
                "The time control gives {} periods: set a number from 1 to {}",
                &[max, max],
            )),
            ClockError::TooManyStones { max } => f.write_str(&tf(
                "A period holds {} stones: set a number from 1 to {}",
                &[max, max],
            )),
            ClockError::TooManyMoves { max } => f.write_str(&tf(
                "No game has more than {} moves by one player: check the count and type it again",
                &[max],
            )),
            ClockError::MoreThanLeft { color, left_ms } => f.write_str(&tf(
                "{} has only {} on the clock: remove at most that, or give a time penalty",
                &[&color.shown(), &format_main(*left_ms)],
            )),
            ClockError::TooMuchAdded => f.write_str(t(
                "That adds more than 10 hours: a correction gives back minutes, not hours",
            )),
            ClockError::FlagNotFallen { player } => {
                f.write_str(&tf("{}'s flag has not fallen", &[&player.shown()]))
            }
        }
    }
}

impl std::error::Error for ClockError {}
