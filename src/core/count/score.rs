//! The count: territory and prisoners, and stones and territory, side by side.
//!
//! Territory is every empty point (and every point of a stone marked dead, once removed) in a
//! region bordered only by living stones of one colour. A region that touches a group marked
//! as in seki is nobody's territory when the rules do not count seki eyes. One flood fill with
//! a visited array per call: no allocation per point.

use serde::{Deserialize, Serialize};

use super::result::{format_points, re_for_margin, result_words};
use crate::core::board::Board;
use crate::core::color::Color;
use crate::core::point::Point;
use crate::core::rules::{Counting, Rules};
use crate::core::text::{number, tf};

/// Everything the count needs, from a record or entered by hand.
#[derive(Clone, Debug)]
pub struct ScoreInput<'a> {
    /// The final position, dead stones still on it.
    pub board: &'a Board,
    /// Stones marked dead (removed by the count and given to the opponent as prisoners).
    pub dead: &'a [Point],
    /// Stones marked as living in seki.
    pub seki: &'a [Point],
    /// Stones each colour captured during play (index by `Color::index`).
    pub captures: [u32; 2],
    /// Pass stones each colour received (index by `Color::index`).
    pub pass_stones: [u32; 2],
    /// The rules (counting, seki eyes, negative territory, jigo, compensation).
    pub rules: &'a Rules,
    /// Komi for White.
    pub komi: f64,
    /// Handicap stones placed.
    pub handicap: u8,
    /// Who passed last, for the cross-check of the two counts (`None`: not known).
    pub last_passer: Option<Color>,
    /// True when every turn is in the record (moves from an empty board or handicap stones,
    /// no set-up position, no move made off the phone, no prisoners entered by hand): only then
    /// can the two counts be checked against each other.
    pub played_out: bool,
}

/// One colour's side of the count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideScore {
    /// Points of territory: empty points and removed dead stones in regions this colour alone
    /// surrounds.
    pub territory: u32,
    /// Opponent stones captured during play.
    pub captures: u32,
    /// Opponent stones marked dead and removed at the end.
    pub dead_removed: u32,
    /// Pass stones received from the opponent.
    pub pass_stones: u32,
    /// Living stones of this colour on the board.
    pub stones: u32,
    /// Territory after the opponent's prisoners are filled into it (LGC SCORING: "the surplus
    /// is counted as negative territory"): may be below zero, never clamped.
    pub filled_territory: i64,
    /// Komi (White only).
    pub komi: f64,
    /// Points for handicap stones in the area count (White only, per the rules' compensation).
    pub handicap_compensation: f64,
    /// The territory-counting total. Under rules with negative territory it is
    /// `filled_territory + komi`; otherwise `territory + prisoners + komi`. Both give the same
    /// margin.
    pub territory_total: f64,
    /// The area-counting total: `stones + territory + komi + handicap_compensation`.
    pub area_total: f64,
}

impl SideScore {
    /// All the prisoners: captures, dead stones removed and pass stones.
    pub fn prisoners(&self) -> u32 {
        self.captures + self.dead_removed + self.pass_stones
    }
}

/// The count of a finished position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// Black's side.
    pub black: SideScore,
    /// White's side.
    pub white: SideScore,
    /// The counting the rules use (it decides the result).
    pub counting: Counting,
    /// Black's territory total minus White's.
    pub territory_margin: f64,
    /// Black's area total minus White's.
    pub area_margin: f64,
    /// The difference `area_margin - territory_margin` that the rules lead to expect: Black's
    /// extra turns (the handicap stones less one, as White moves first and last after them)
    /// less the area compensation; `None` when the rules
    /// use no pass stones or do not make White pass last, or the turns are not all in the
    /// record (`ScoreInput::played_out`), so the two need not agree.
    pub expected_gap: Option<f64>,
    /// Set when the two margins differ from what the rules expect, with the likely cause.
    pub mismatch: Option<String>,
    /// The margin that decides (Black minus White).
    pub margin: f64,
    /// The result as SGF `RE`.
    pub re: String,
    /// The result in words.
    pub words: String,
}

impl Score {
    /// One colour's side.
    pub fn side(&self, color: Color) -> &SideScore {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// The owner of each point as territory, by flat index (`board.index`): `Some(color)` for
/// territory (dead stones included), `None` for living stones, dame and seki points.
pub fn territory_map(
    board: &Board,
    dead: &[Point],
    seki: &[Point],
    rules: &Rules,
) -> Vec<Option<Color>> {
    let mut owner = vec![0u8; board.area()];
    let _ = fill(board, dead, seki, rules.seki_eyes_count, &mut owner);
    owner
        .into_iter()
        .map(|o| match o {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        })
        .collect()
}

/// Counts of one fill.
struct Fill {
    territory: [u32; 2],
    stones: [u32; 2],
    dead: [u32; 2],
}

const EMPTY: u8 = 0;
const DEAD: u8 = 3;

/// Floods every region of empty and dead points; writes each point's territory owner into
/// `owner` (0 none, 1 Black, 2 White) and returns the counts.
fn fill(
    board: &Board,
    dead: &[Point],
    seki: &[Point],
    seki_eyes_count: bool,
    owner: &mut [u8],
) -> Fill {
    let raw = board.raw();
    let area = raw.len();
    let s = usize::from(board.size());
    // cell: 0 empty, 1 black, 2 white, 3 dead; bit 4 marks a stone in seki.
    let mut cells: Vec<u8> = raw.to_vec();
    let mut counts = Fill {
        territory: [0; 2],
        stones: [0; 2],
        dead: [0; 2],
    };
    for &p in dead {
        if let Some(i) = board.index(p)
            && let Some(c) = cells.get_mut(i)
            && (*c == 1 || *c == 2)
        {
            counts.dead[usize::from(*c - 1)] += 1;
            *c = DEAD;
        }
    }
    for &p in seki {
        if let Some(i) = board.index(p)
            && let Some(c) = cells.get_mut(i)
            && (*c == 1 || *c == 2)
        {
            *c |= 16;
        }
    }
    for &c in &cells {
        match c & 3 {
            1 => counts.stones[0] += 1,
            2 => counts.stones[1] += 1,
            _ => {}
        }
    }
    let mut visited = vec![false; area];
    let mut stack: Vec<usize> = Vec::with_capacity(area);
    let mut region: Vec<usize> = Vec::with_capacity(area);
    for start in 0..area {
        let c = cells.get(start).copied().unwrap_or(EMPTY);
        if (c != EMPTY && c != DEAD) || visited.get(start).copied().unwrap_or(true) {
            continue;
        }
        region.clear();
        stack.clear();
        stack.push(start);
        if let Some(v) = visited.get_mut(start) {
            *v = true;
        }
        // Bits: 1 touches Black, 2 touches White, 16 touches a stone in seki.
        let mut touches = 0u8;
        while let Some(i) = stack.pop() {
            region.push(i);
            let (x, y) = (i % s, i / s);
            let nb = [
                (x > 0).then(|| i - 1),
                (x + 1 < s).then(|| i + 1),
                (y > 0).then(|| i - s),
                (y + 1 < s).then(|| i + s),
            ];
            for j in nb.into_iter().flatten() {
                let cj = cells.get(j).copied().unwrap_or(EMPTY);
                if cj == EMPTY || cj == DEAD {
                    if let Some(v) = visited.get_mut(j)
                        && !*v
                    {
                        *v = true;
                        stack.push(j);
                    }
                } else {
                    touches |= cj;
                }
            }
        }
        let seki_touch = touches & 16 != 0;
        let who = match touches & 3 {
            1 => 1u8,
            2 => 2u8,
            _ => 0,
        };
        if who == 0 || (seki_touch && !seki_eyes_count) {
            continue;
        }
        counts.territory[usize::from(who - 1)] += region.len() as u32;
        for &i in &region {
            if let Some(o) = owner.get_mut(i) {
                *o = who;
            }
        }
    }
    counts
}

/// Counts the position. Both territory and area counting are computed; the rules' counting
/// decides the result.
pub fn score(input: &ScoreInput<'_>) -> Score {
    let mut owner = vec![0u8; input.board.area()];
    let f = fill(
        input.board,
        input.dead,
        input.seki,
        input.rules.seki_eyes_count,
        &mut owner,
    );
    let rules = input.rules;
    // Shown in the area column under either counting, for the side-by-side count.
    let compensation = rules.handicap_compensation.points(input.handicap);
    let side = |c: Color| {
        let i = c.index();
        let o = (!c).index();
        let captures = input.captures.get(i).copied().unwrap_or(0);
        let pass_stones = input.pass_stones.get(i).copied().unwrap_or(0);
        let dead_removed = f.dead.get(o).copied().unwrap_or(0);
        let territory = f.territory.get(i).copied().unwrap_or(0);
        let stones = f.stones.get(i).copied().unwrap_or(0);
        let komi = if c == Color::White { input.komi } else { 0.0 };
        let comp = if c == Color::White { compensation } else { 0.0 };
        (
            captures,
            dead_removed,
            pass_stones,
            territory,
            stones,
            komi,
            comp,
        )
    };
    let make = |c: Color, opp_prisoners: u32| {
        let (captures, dead_removed, pass_stones, territory, stones, komi, comp) = side(c);
        let prisoners = captures + dead_removed + pass_stones;
        let filled = i64::from(territory) - i64::from(opp_prisoners);
        let territory_total = if rules.negative_territory {
            filled as f64 + komi
        } else {
            f64::from(territory) + f64::from(prisoners) + komi
        };
        SideScore {
            territory,
            captures,
            dead_removed,
            pass_stones,
            stones,
            filled_territory: filled,
            komi,
            handicap_compensation: comp,
            territory_total,
            area_total: f64::from(stones) + f64::from(territory) + komi + comp,
        }
    };
    let prisoners_of = |c: Color| {
        let (captures, dead_removed, pass_stones, ..) = side(c);
        captures + dead_removed + pass_stones
    };
    let black = make(Color::Black, prisoners_of(Color::White));
    let white = make(Color::White, prisoners_of(Color::Black));
    let territory_margin = black.territory_total - white.territory_total;
    let area_margin = black.area_total - white.area_total;
    let margin = match rules.counting {
        Counting::Territory => territory_margin,
        Counting::Area => area_margin,
    };
    // Black's extra turns: none in an even game (Black first, White last); with handicap
    // stones Black placed them all but White then moves first and last, so one fewer.
    let extra_turns = if input.handicap >= 2 {
        f64::from(input.handicap - 1)
    } else {
        0.0
    };
    let expected_gap = (rules.pass_stones && rules.white_passes_last && input.played_out)
        .then_some(extra_turns - compensation);
    let mismatch = expected_gap
        .and_then(|gap| cross_check(area_margin - territory_margin - gap, input.last_passer));
    let re = re_for_margin(margin, rules.jigo, input.handicap);
    let words = result_words(&re);
    Score {
        black,
        white,
        counting: rules.counting,
        territory_margin,
        area_margin,
        expected_gap,
        mismatch,
        margin,
        re,
        words,
    }
}

/// The likely cause of a difference `d` (in Black's favour under area counting) between the
/// two margins where the rules make them equal.
fn cross_check(d: f64, last_passer: Option<Color>) -> Option<String> {
    if d.abs() < 0.25 {
        return None;
    }
    let n = number(&format_points(d.abs()));
    let many = d.abs() > 1.25;
    if last_passer == Some(Color::Black) {
        return Some(if !many {
            tf(
                "Area and territory counting differ by {} point: White has not passed last; \
                 White's closing pass (and its pass stone) is missing.",
                &[&n],
            )
        } else {
            tf(
                "Area and territory counting differ by {} points: White has not passed last; \
                 White's closing pass (and its pass stone) is missing.",
                &[&n],
            )
        });
    }
    let (short, over) = if d > 0.0 {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let (short, over) = (short.shown(), over.shown());
    Some(if !many {
        tf(
            "Area and territory counting differ by {} point: {} probably has {} prisoner \
             too few (a pass stone or a captured stone not handed over), or {} {} too many.",
            &[&n, &short, &n, &over, &n],
        )
    } else {
        tf(
            "Area and territory counting differ by {} points: {} probably has {} prisoners \
             too few (a pass stone or a captured stone not handed over), or {} {} too many.",
            &[&n, &short, &n, &over, &n],
        )
    })
}

/// Scores a position with no marks and no prisoners: the function the benchmark calls.
pub fn score_board(board: &Board, rules: &Rules, komi: f64) -> Score {
    score(&ScoreInput {
        board,
        dead: &[],
        seki: &[],
        captures: [0; 2],
        pass_stones: [0; 2],
        rules,
        komi,
        handicap: 0,
        last_passer: None,
        played_out: false,
    })
}
