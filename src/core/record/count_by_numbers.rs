//! What the players counted on a real board, kept in the record as they entered it: the
//! numbers read off the board under territory or area counting, checked against the board and
//! the rules. The count adds to them what the rules add (komi, handicap compensation).

use serde::{Deserialize, Serialize};

use crate::core::color::Color;
use crate::core::rules::{Counting, Rules};
use crate::core::text::{t, tf};

/// What the players counted on the real board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CountByNumbers {
    /// Territory counting: each player's territory after the opponent's prisoners and pass
    /// stones were filled into it. Below zero only under rules with negative territory (LGC).
    Filled {
        /// Black's territory, White's prisoners filled in.
        black: i32,
        /// White's territory, Black's prisoners filled in.
        white: i32,
    },
    /// Territory counting: territory and the prisoners in the lids (pass stones included),
    /// counted apart (index by `Color::index`).
    Apart {
        /// Empty points each colour surrounds, dead stones removed.
        territory: [u32; 2],
        /// Stones in each colour's lid: captures, dead stones removed, pass stones.
        prisoners: [u32; 2],
    },
    /// Area counting: stones and territory. `white: None` when only Black's area was counted:
    /// White's is the rest of the board.
    Area {
        /// Black's stones and territory.
        black: u32,
        /// White's stones and territory, if counted.
        white: Option<u32>,
    },
}

impl CountByNumbers {
    /// Checks the numbers against the board size and the rules; the error says what is wrong
    /// and what to enter instead.
    pub fn check(&self, size: u8, rules: &Rules) -> Result<(), String> {
        let points = u32::from(size) * u32::from(size);
        let board = tf("the {} points of a {}×{} board", &[&points, &size, &size]);
        match (self, rules.counting) {
            (CountByNumbers::Area { .. }, Counting::Territory) => {
                return Err(
                    t("These rules count territory: enter each player's territory.").into(),
                );
            }
            (CountByNumbers::Filled { .. } | CountByNumbers::Apart { .. }, Counting::Area) => {
                return Err(
                    t("These rules count area: enter each player's stones and territory.").into(),
                );
            }
            _ => {}
        }
        match *self {
            CountByNumbers::Filled { black, white } => {
                let lowest = -(i64::from(points) * 4);
                for (color, t) in [(Color::Black, black), (Color::White, white)] {
                    let t = i64::from(t);
                    if t < 0 && !rules.negative_territory {
                        return Err(tf(
                            "{}'s territory is below zero, which these rules do not count: \
                             enter the territory and the prisoners apart.",
                            &[&color.shown()],
                        ));
                    }
                    if t > i64::from(points) || t < lowest {
                        return Err(tf(
                            "{}'s territory of {} cannot be: a {}×{} board has {} \
                             points.",
                            &[&color.shown(), &t, &size, &size, &points],
                        ));
                    }
                }
                let sum = i64::from(black.max(0)) + i64::from(white.max(0));
                if sum > i64::from(points) {
                    return Err(tf(
                        "The two territories add up to {}, more than {}.",
                        &[&sum, &board],
                    ));
                }
            }
            CountByNumbers::Apart {
                territory,
                prisoners,
            } => {
                let sum = u64::from(territory[0]) + u64::from(territory[1]);
                if sum > u64::from(points) {
                    return Err(tf(
                        "The two territories add up to {}, more than {}.",
                        &[&sum, &board],
                    ));
                }
                for color in Color::BOTH {
                    let n = prisoners.get(color.index()).copied().unwrap_or(0);
                    if n > points * 4 {
                        return Err(tf(
                            "{} prisoners for {} is more than a game can have.",
                            &[&n, &color.shown()],
                        ));
                    }
                }
            }
            CountByNumbers::Area { black, white } => {
                let sum = u64::from(black) + u64::from(white.unwrap_or(0));
                if sum > u64::from(points) {
                    return Err(match white {
                        Some(_) => tf("The two areas add up to {}, more than {}.", &[&sum, &board]),
                        None => tf("Black's area of {} is more than {}.", &[&black, &board]),
                    });
                }
            }
        }
        Ok(())
    }

    /// The prisoners entered, if counted apart.
    pub fn prisoners(&self) -> Option<[u32; 2]> {
        match self {
            CountByNumbers::Apart { prisoners, .. } => Some(*prisoners),
            _ => None,
        }
    }

    /// How the players counted, in English words as the SGF game comment writes them
    /// ([`CountByNumbers::method_shown`] for the screen).
    pub fn method(&self) -> &'static str {
        match self {
            CountByNumbers::Filled { .. } => {
                "Counted by the players on the real board: territory with the prisoners filled in"
            }
            CountByNumbers::Apart { .. } => {
                "Counted by the players on the real board: territory and prisoners apart"
            }
            CountByNumbers::Area { white: None, .. } => {
                "Counted by the players on the real board: Black's area, White's the rest of the \
                 board"
            }
            CountByNumbers::Area { .. } => {
                "Counted by the players on the real board: each player's area"
            }
        }
    }

    /// [`CountByNumbers::method`] in the language in use, for the screen (the SGF game comment
    /// keeps the English of `method`).
    pub fn method_shown(&self) -> &'static str {
        match self {
            CountByNumbers::Filled { .. } => t(
                "Counted by the players on the real board: territory with the prisoners filled in",
            ),
            CountByNumbers::Apart { .. } => {
                t("Counted by the players on the real board: territory and prisoners apart")
            }
            CountByNumbers::Area { white: None, .. } => t(
                "Counted by the players on the real board: Black's area, White's the rest of the \
                 board",
            ),
            CountByNumbers::Area { .. } => {
                t("Counted by the players on the real board: each player's area")
            }
        }
    }
}
