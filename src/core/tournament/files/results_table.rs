//! What the EGD's `.h9` and the FFG's `.tou` results files share: the players in the order of
//! the final standings, each round of each player as a "half game" (the opponent's line
//! number, won/lost/jigo, colour, handicap), and the tournament's time as the EGF classes it.
//!
//! The EGF's rules (the EGD's "Comments on submitting tournament results" page and the EGF
//! tournament class rules, as OpenGotha 3.51's `Tournament.egfClass` also applies them):
//! class A needs a basic time of 60 minutes and an adjusted time of 75, class B 40 and 50,
//! class C 25 and 30; with Fischer time A needs 45 and 75, B 30 and 50, C 20 and 30; a
//! tournament played on the Internet is class D with 40 and 50 (30 and 50 with Fischer time).
//! "Adjusted time = basic time + time equivalent to 45 moves in standard byoyomi", "60 moves in
//! Canadian byoyomi", "Basic time + bonus calculated for 120 moves" with Fischer time, and the
//! basic time alone in sudden death. A tournament meeting none is written `X`, as OpenGotha
//! writes it.

use crate::core::tournament::scores::{Participation, Scores};
use crate::core::tournament::standings::standings;
use crate::core::tournament::{GameOutcome, PlacementCriterion, Tournament};

/// A general attribute of the file (`basicTime`, `komi`, `beginDate`...), empty when absent.
pub fn attribute<'a>(t: &'a Tournament, name: &str) -> &'a str {
    t.general.other.get(name).map_or("", |s| s.as_str())
}

fn seconds(t: &Tournament, name: &str) -> u64 {
    attribute(t, name).trim().parse::<u64>().unwrap_or(0)
}

/// The basic time in seconds and the adjusted time in seconds, by the EGF's rule.
pub fn egf_times(t: &Tournament) -> (u64, u64) {
    let basic = seconds(t, "basicTime").saturating_mul(60);
    let extra = match attribute(t, "complementaryTimeSystem") {
        "STDBYOYOMI" => seconds(t, "stdByoYomiTime").saturating_mul(45),
        "CANBYOYOMI" => {
            let stones = seconds(t, "nbMovesCanTime");
            seconds(t, "canByoYomiTime")
                .saturating_mul(60)
                .checked_div(stones)
                .unwrap_or(0)
        }
        "FISCHER" => seconds(t, "fischerTime").saturating_mul(120),
        _ => 0,
    };
    (basic, basic.saturating_add(extra))
}

/// The EGF class of the tournament: `A`, `B`, `C`, `D` (on the Internet) or `X` (none).
pub fn egf_class(t: &Tournament) -> char {
    let (basic, adjusted) = egf_times(t);
    let fischer = attribute(t, "complementaryTimeSystem") == "FISCHER";
    let meets = |basic_min: u64, adjusted_min: u64| {
        basic >= basic_min * 60 && adjusted >= adjusted_min * 60
    };
    if attribute(t, "bInternet") == "true" {
        let d = if fischer {
            meets(30, 50)
        } else {
            meets(40, 50)
        };
        return if d { 'D' } else { 'X' };
    }
    let classes: [(char, u64, u64); 3] = if fischer {
        [('A', 45, 75), ('B', 30, 50), ('C', 20, 30)]
    } else {
        [('A', 60, 75), ('B', 40, 50), ('C', 25, 30)]
    };
    classes
        .iter()
        .find(|(_, b, a)| meets(*b, *a))
        .map_or('X', |(c, _, _)| *c)
}

/// One round of one player in a results file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HalfGame {
    /// No game: absent, bye, or a game decided by default. `symbol` is `+`, `=` or `-` by the
    /// points the round gave (a bye or absence counts the McMahon points in a McMahon
    /// tournament, the wins otherwise; a game by default its result).
    Free {
        /// `+`, `=` or `-`.
        symbol: char,
    },
    /// A game played.
    Played {
        /// The opponent's line number in the file.
        opponent: usize,
        /// `+`, `-`, `=`, or `?` when the result is not known.
        symbol: char,
        /// `w`, `b`, or `None` when the colours were not published.
        colour: Option<char>,
        /// Handicap stones.
        handicap: u8,
    },
}

/// The players written (finally registered, with at least one game or bye), in the order of
/// the standings after the last round, and each one's place in that order (1 the first; each
/// line has its own number, as the opponents are named by it).
pub fn ordered_players(t: &Tournament) -> Vec<usize> {
    let last = t.general.number_of_rounds;
    standings(t, last)
        .into_iter()
        .map(|s| s.player)
        .filter(|&p| {
            t.games.iter().any(|g| g.white == p || g.black == p) || t.byes.contains(&Some(p))
        })
        .collect()
}

fn symbol_of_points(points_x2: i32) -> char {
    match points_x2 {
        2.. => '+',
        1 => '=',
        _ => '-',
    }
}

/// Each round of `player`, the opponents named by their place in `order`.
pub fn half_games(
    t: &Tournament,
    scores: &Scores,
    order: &[usize],
    player: usize,
) -> Vec<HalfGame> {
    let rounds = t.general.number_of_rounds as usize;
    let mcmahon = matches!(
        t.placement.main_criterion(),
        PlacementCriterion::Mms | PlacementCriterion::Sts
    );
    let g = &t.general;
    let (absent, bye) = if mcmahon {
        (g.mms2_value_absent, g.mms2_value_bye)
    } else {
        (g.nbw2_value_absent, g.nbw2_value_bye)
    };
    let s = scores.players.get(player);
    (0..rounds)
        .map(|r| {
            let participation = s.and_then(|s| s.participation.get(r).copied());
            let game = s
                .and_then(|s| s.game.get(r).copied().flatten())
                .and_then(|i| t.games.get(i));
            match (participation, game) {
                (Some(Participation::Paired), Some(game)) => {
                    let white = game.white == player;
                    let points = if white {
                        game.result.white_points_x2()
                    } else {
                        game.result.black_points_x2()
                    };
                    if game.result.by_default {
                        return HalfGame::Free {
                            symbol: symbol_of_points(points),
                        };
                    }
                    let opponent = game.opponent_of(player).unwrap_or(player);
                    HalfGame::Played {
                        opponent: order
                            .iter()
                            .position(|&p| p == opponent)
                            .map_or(0, |i| i + 1),
                        symbol: if game.result.outcome == GameOutcome::Unknown {
                            '?'
                        } else {
                            symbol_of_points(points)
                        },
                        colour: game.known_color.then_some(if white { 'w' } else { 'b' }),
                        handicap: game.handicap,
                    }
                }
                (Some(Participation::Bye), _) => HalfGame::Free {
                    symbol: symbol_of_points(bye),
                },
                (Some(Participation::Absent), _) => HalfGame::Free {
                    symbol: symbol_of_points(absent),
                },
                _ => HalfGame::Free { symbol: '-' },
            }
        })
        .collect()
}

/// Name and first name as results files write them: the words of each joined by `_`, the two
/// separated by a space.
pub fn unblanked_name(name: &str, first_name: &str) -> String {
    format!("{} {}", unblanked(name), unblanked(first_name))
}

/// The words of `text` joined by `_`, so that a results file's columns stay one word each.
pub fn unblanked(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// `text` cut or padded on the left to `width` characters (right-aligned).
pub fn right(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width {
        text.chars().skip(n - width).collect()
    } else {
        format!("{}{text}", " ".repeat(width - n))
    }
}

/// `text` cut or padded on the right to `width` characters (left-aligned).
pub fn left(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    let n = cut.chars().count();
    format!("{cut}{}", " ".repeat(width - n))
}
