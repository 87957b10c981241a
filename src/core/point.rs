//! Points on the board in SGF coordinates (origin top left).

use serde::{Deserialize, Serialize};

/// The largest board side the app supports.
pub const MAX_SIZE: u8 = 25;
/// The smallest board side the app supports.
pub const MIN_SIZE: u8 = 5;

/// An intersection: column `x` and row `y`, both from 0 at the top left, as in SGF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Point {
    /// The column, 0 at the left.
    pub x: u8,
    /// The row, 0 at the top.
    pub y: u8,
}

impl Point {
    /// The point in column `x`, row `y` (SGF order, from the top left).
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// The point's place in a list of the points of a board of side `size`, row by row from
    /// the top left: the order of the core's board and of what the app draws.
    pub const fn index(self, size: usize) -> usize {
        self.y as usize * size + self.x as usize
    }

    /// The point at place `i` of that list (the inverse of `index`).
    pub const fn at_index(i: usize, size: usize) -> Point {
        Point::new((i % size) as u8, (i / size) as u8)
    }

    /// The two SGF letters of the point (`aa` is the top left corner).
    pub fn to_sgf(self) -> String {
        let mut s = String::with_capacity(2);
        s.push(sgf_letter(self.x));
        s.push(sgf_letter(self.y));
        s
    }

    /// Reads two SGF letters (`a`–`z`, then `A`–`Z`); `None` for anything else.
    pub fn from_sgf(s: &str) -> Option<Point> {
        let mut chars = s.chars();
        let x = sgf_index(chars.next()?)?;
        let y = sgf_index(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Point { x, y })
    }

    /// The coordinate a player reads, `D4` style: columns A–T without I, rows counted from the
    /// bottom of a board of side `size`.
    pub fn to_human(self, size: u8) -> String {
        let col = b"ABCDEFGHJKLMNOPQRSTUVWXYZ"
            .get(self.x as usize)
            .map(|&c| c as char)
            .unwrap_or('?');
        let row = i32::from(size) - i32::from(self.y);
        format!("{col}{row}")
    }
}

fn sgf_letter(i: u8) -> char {
    if i < 26 {
        (b'a' + i) as char
    } else {
        (b'A' + (i - 26).min(25)) as char
    }
}

fn sgf_index(c: char) -> Option<u8> {
    match c {
        'a'..='z' => Some(c as u8 - b'a'),
        'A'..='Z' => Some(c as u8 - b'A' + 26),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_row_by_row_and_at_index_undoes_it() {
        assert_eq!(Point::new(0, 0).index(19), 0);
        assert_eq!(Point::new(18, 0).index(19), 18);
        assert_eq!(Point::new(0, 1).index(19), 19);
        assert_eq!(Point::new(8, 8).index(9), 80);
        for size in [9usize, 13, 19] {
            for i in 0..size * size {
                assert_eq!(Point::at_index(i, size).index(size), i);
            }
        }
    }

    #[test]
    fn sgf_round_trip_and_human_names() {
        let p = Point::from_sgf("dp").unwrap();
        assert_eq!(p, Point::new(3, 15));
        assert_eq!(p.to_sgf(), "dp");
        assert_eq!(p.to_human(19), "D4");
        assert_eq!(Point::new(8, 0).to_human(19), "J19");
        assert_eq!(Point::from_sgf("d"), None);
        assert_eq!(Point::from_sgf("d!"), None);
        assert_eq!(Point::from_sgf("ddd"), None);
    }
}
