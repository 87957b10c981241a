//! Handicap stones: the customary fixed placements and the check of a free placement.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::point::{MAX_SIZE, MIN_SIZE, Point};
use super::text::tf;

/// The most handicap stones the app places.
pub const MAX_HANDICAP: u8 = 9;

/// How the handicap stones are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandicapPlacement {
    /// On the customary star points.
    Fixed,
    /// Anywhere Black chooses.
    Free,
}

/// The handicap of a game: the number of stones and how they are placed. A count of 0 or 1
/// places no stone (1 means Black moves first with the handicap komi of the rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Handicap {
    /// The number of stones (0 or 1: none placed).
    pub stones: u8,
    /// Fixed or free placement.
    pub placement: HandicapPlacement,
}

impl Handicap {
    /// No handicap: an even game.
    pub const NONE: Handicap = Handicap {
        stones: 0,
        placement: HandicapPlacement::Fixed,
    };

    /// True when stones are placed before play (two or more).
    pub fn places_stones(self) -> bool {
        self.stones >= 2
    }
}

/// Why a handicap placement is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandicapError {
    /// More stones than the board has customary points for.
    TooMany { stones: usize, size: u8 },
    /// The board size is unsupported.
    BadSize(u8),
    /// A point lies off the board.
    OffBoard(Point),
    /// The same point is given twice.
    Duplicate(Point),
    /// A free placement with fewer than two stones.
    TooFew(usize),
}

impl fmt::Display for HandicapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandicapError::TooMany { stones, size } => f.write_str(&tf(
                "{} handicap stones cannot be placed on a {}x{} board",
                &[stones, size, size],
            )),
            HandicapError::BadSize(s) => {
                f.write_str(&tf("A board of size {} is not supported", &[s]))
            }
            HandicapError::OffBoard(p) => f.write_str(&tf(
                "Handicap stone {} is off the board",
                &[&p.to_sgf()],
            )),
            HandicapError::Duplicate(p) => f.write_str(&tf(
                "Handicap stone {} is placed twice",
                &[&p.to_sgf()],
            )),
            HandicapError::TooFew(n) => f.write_str(&tf(
                "A handicap needs at least two stones ({} given); one stone means Black simply moves first",
                &[n],
            )),
        }
    }
}

impl std::error::Error for HandicapError {}

/// The customary points for `stones` handicap stones on a board of side `size`, in the order
/// they are placed. 0 and 1 give no stones. Corners are on the 4-4 points (3-3 on boards smaller
/// than 13); the side points and the centre exist only on odd boards of side 7 or more.
pub fn fixed_points(size: u8, stones: u8) -> Result<Vec<Point>, HandicapError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(HandicapError::BadSize(size));
    }
    if stones <= 1 {
        return Ok(Vec::new());
    }
    let too_many = HandicapError::TooMany {
        stones: usize::from(stones),
        size,
    };
    if stones > MAX_HANDICAP || size < 7 {
        return Err(too_many);
    }
    let e = if size >= 13 { 3 } else { 2 };
    let f = size - 1 - e;
    let m = size / 2;
    let upper_right = Point::new(f, e);
    let lower_left = Point::new(e, f);
    let lower_right = Point::new(f, f);
    let upper_left = Point::new(e, e);
    let centre = Point::new(m, m);
    let left = Point::new(e, m);
    let right = Point::new(f, m);
    let top = Point::new(m, e);
    let bottom = Point::new(m, f);
    if stones >= 5 && size.is_multiple_of(2) {
        return Err(too_many);
    }
    let corners = [upper_right, lower_left, lower_right, upper_left];
    let mut points: Vec<Point> = match stones {
        2..=4 => corners.iter().take(usize::from(stones)).copied().collect(),
        5 => vec![upper_right, lower_left, lower_right, upper_left, centre],
        6 | 7 => corners.iter().copied().chain([left, right]).collect(),
        _ => corners
            .iter()
            .copied()
            .chain([left, right, top, bottom])
            .collect(),
    };
    if stones == 7 || stones == 9 {
        points.push(centre);
    }
    Ok(points)
}

/// Checks a free placement: at least two stones, at most `MAX_HANDICAP`, all on the board and
/// all different.
pub fn check_free(size: u8, points: &[Point]) -> Result<(), HandicapError> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(HandicapError::BadSize(size));
    }
    if points.len() < 2 {
        return Err(HandicapError::TooFew(points.len()));
    }
    if points.len() > usize::from(MAX_HANDICAP) {
        return Err(HandicapError::TooMany {
            stones: points.len(),
            size,
        });
    }
    for (k, p) in points.iter().enumerate() {
        if p.x >= size || p.y >= size {
            return Err(HandicapError::OffBoard(*p));
        }
        if points.iter().take(k).any(|q| q == p) {
            return Err(HandicapError::Duplicate(*p));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sgf(points: &[Point]) -> Vec<String> {
        points.iter().map(|p| p.to_sgf()).collect()
    }

    /// Customary order: "2 = upper-right + lower-left, 3 adds lower-right, 4 adds upper-left,
    /// 5 adds tengen, 6 = four corners + two side points (left and right), 7 = 6 + tengen,
    /// 8 = corners + 4 sides, 9 = 8 + tengen".
    #[test]
    fn customary_handicap_placements_on_19x19() {
        let p = |n| sgf(&fixed_points(19, n).unwrap());
        assert_eq!(p(2), ["pd", "dp"]);
        assert_eq!(p(3), ["pd", "dp", "pp"]);
        assert_eq!(p(4), ["pd", "dp", "pp", "dd"]);
        assert_eq!(p(5), ["pd", "dp", "pp", "dd", "jj"]);
        assert_eq!(p(6), ["pd", "dp", "pp", "dd", "dj", "pj"]);
        assert_eq!(p(7), ["pd", "dp", "pp", "dd", "dj", "pj", "jj"]);
        assert_eq!(p(8), ["pd", "dp", "pp", "dd", "dj", "pj", "jd", "jp"]);
        assert_eq!(p(9), ["pd", "dp", "pp", "dd", "dj", "pj", "jd", "jp", "jj"]);
        assert!(fixed_points(19, 1).unwrap().is_empty());
        assert!(fixed_points(19, 10).is_err());
    }

    /// "9x9 uses the 3-3 points (cc, gg,...) and tengen".
    #[test]
    fn handicap_on_9x9_uses_the_3_3_points_and_tengen() {
        assert_eq!(sgf(&fixed_points(9, 4).unwrap()), ["gc", "cg", "gg", "cc"]);
        assert_eq!(
            sgf(&fixed_points(9, 9).unwrap()),
            ["gc", "cg", "gg", "cc", "ce", "ge", "ec", "eg", "ee"]
        );
        assert_eq!(
            sgf(&fixed_points(13, 5).unwrap()),
            ["jd", "dj", "jj", "dd", "gg"]
        );
    }

    #[test]
    fn free_placement_is_validated() {
        let a = Point::new(0, 0);
        assert!(check_free(9, &[a, Point::new(1, 1)]).is_ok());
        assert_eq!(check_free(9, &[a, a]), Err(HandicapError::Duplicate(a)));
        assert!(matches!(check_free(9, &[a]), Err(HandicapError::TooFew(1))));
        assert!(matches!(
            check_free(9, &[a, Point::new(9, 0)]),
            Err(HandicapError::OffBoard(_))
        ));
    }
}
