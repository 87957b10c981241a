//! The stones on the board and the mechanics of placing one: captures, liberties and the
//! Zobrist hash. The rules (whose turn, ko, superko, suicide) live in `game`.

use std::fmt;

use super::color::Color;
use super::point::{MAX_SIZE, MIN_SIZE, Point};
use super::text::tf;
use super::zobrist;

mod chains;

pub use chains::Placement;
use chains::Scratch;

/// Why a board could not be made or changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// The side is outside `MIN_SIZE..=MAX_SIZE`.
    BadSize(u32),
    /// The point is not on a board of this size.
    OffBoard { point: Point, size: u8 },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::BadSize(s) => f.write_str(&tf(
                "A board of size {} is not supported (sizes {} to {})",
                &[s, &MIN_SIZE, &MAX_SIZE],
            )),
            BoardError::OffBoard { point, size } => f.write_str(&tf(
                "Point {} is off the {}x{} board",
                &[&point.to_sgf(), size, size],
            )),
        }
    }
}

impl std::error::Error for BoardError {}

pub(super) const EMPTY: u8 = 0;

pub(super) fn cell_of(color: Color) -> u8 {
    match color {
        Color::Black => 1,
        Color::White => 2,
    }
}

fn color_of(cell: u8) -> Option<Color> {
    match cell {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// The stones on a square board of side 5 to 25, with an incrementally kept Zobrist hash.
/// (`Default` is an empty stand-in of no size, for a board taken out of a game for a moment.)
#[derive(Clone, Debug, Default)]
pub struct Board {
    size: u8,
    cells: Vec<u8>,
    hash: u64,
    scratch: Scratch,
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size && self.cells == other.cells
    }
}

impl Eq for Board {}

impl Board {
    /// An empty board of side `size`; sizes outside 5..=25 are refused.
    pub fn new(size: u8) -> Result<Board, BoardError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BoardError::BadSize(u32::from(size)));
        }
        let area = usize::from(size) * usize::from(size);
        Ok(Board {
            size,
            cells: vec![EMPTY; area],
            hash: 0,
            scratch: Scratch::default(),
        })
    }

    /// The side of the board.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of intersections.
    pub fn area(&self) -> usize {
        self.cells.len()
    }

    /// True when the point lies on the board.
    pub fn contains(&self, p: Point) -> bool {
        p.x < self.size && p.y < self.size
    }

    /// The flat index of a point on the board, `None` when off the board.
    pub fn index(&self, p: Point) -> Option<usize> {
        if self.contains(p) {
            Some(p.index(usize::from(self.size)))
        } else {
            None
        }
    }

    /// The point at a flat index (the inverse of `index`).
    pub fn point(&self, i: usize) -> Point {
        Point::at_index(i, usize::from(self.size))
    }

    /// The stone on a point, `None` when empty or off the board.
    pub fn get(&self, p: Point) -> Option<Color> {
        self.index(p)
            .and_then(|i| self.cells.get(i))
            .and_then(|&c| color_of(c))
    }

    /// Puts or clears a stone without any capture: for setting up positions (handicap, SGF
    /// `AB`/`AW`, dead-stone removal).
    pub fn set(&mut self, p: Point, stone: Option<Color>) -> Result<(), BoardError> {
        let i = self.index(p).ok_or(BoardError::OffBoard {
            point: p,
            size: self.size,
        })?;
        self.set_index(i, stone);
        Ok(())
    }

    pub(super) fn set_index(&mut self, i: usize, stone: Option<Color>) {
        let Some(cell) = self.cells.get_mut(i) else {
            return;
        };
        if let Some(old) = color_of(*cell) {
            self.hash ^= zobrist::stone_key(old, i);
        }
        *cell = stone.map_or(EMPTY, cell_of);
        if let Some(new) = stone {
            self.hash ^= zobrist::stone_key(new, i);
        }
    }

    /// The positional Zobrist hash, kept up to date move by move.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The positional hash computed from scratch (a check on the incremental one).
    pub fn compute_hash(&self) -> u64 {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| color_of(c).map(|col| zobrist::stone_key(col, i)))
            .fold(0, |h, k| h ^ k)
    }

    /// Every stone on the board with its point, row by row from the top left.
    pub fn stones(&self) -> impl Iterator<Item = (Point, Color)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, &c)| color_of(c).map(|col| (self.point(i), col)))
    }

    /// How many stones of a colour stand on the board.
    pub fn count(&self, color: Color) -> u32 {
        let cell = cell_of(color);
        self.cells.iter().filter(|&&c| c == cell).count() as u32
    }

    /// The raw contents, one byte per point (0 empty, 1 black, 2 white): for snapshots.
    pub(crate) fn raw(&self) -> &[u8] {
        &self.cells
    }

    /// Restores contents saved by `raw` together with their hash.
    pub(crate) fn restore_raw(&mut self, raw: &[u8], hash: u64) {
        if raw.len() == self.cells.len() {
            self.cells.copy_from_slice(raw);
            self.hash = hash;
        }
    }

    /// The neighbours of a flat index, written into `out`; returns how many there are.
    #[inline]
    pub(super) fn neighbours(&self, i: usize, out: &mut [usize; 4]) -> usize {
        let s = usize::from(self.size);
        let (x, y) = (i % s, i / s);
        let mut n = 0;
        if x > 0 {
            out[0] = i - 1;
            n = 1;
        }
        if x + 1 < s {
            out[n] = i + 1;
            n += 1;
        }
        if y > 0 {
            out[n] = i - s;
            n += 1;
        }
        if y + 1 < s {
            out[n] = i + s;
            n += 1;
        }
        n
    }

    /// The neighbouring points of a point on the board.
    pub fn neighbour_points(&self, p: Point) -> Vec<Point> {
        let Some(i) = self.index(p) else {
            return Vec::new();
        };
        let mut nb = [0; 4];
        let n = self.neighbours(i, &mut nb);
        nb.iter().take(n).map(|&j| self.point(j)).collect()
    }

    #[inline]
    pub(super) fn cell(&self, i: usize) -> u8 {
        self.cells.get(i).copied().unwrap_or(EMPTY)
    }
}

impl fmt::Display for Board {
    /// The board as text, one row a line: `X` black, `O` white, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &c) in self.cells.iter().enumerate() {
            let ch = match color_of(c) {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            write!(f, "{ch}")?;
            if (i + 1) % usize::from(self.size) == 0 {
                writeln!(f)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_range_are_refused() {
        assert!(Board::new(4).is_err());
        assert!(Board::new(26).is_err());
        assert!(Board::new(5).is_ok());
        assert!(Board::new(25).is_ok());
    }

    #[test]
    fn place_captures_and_undo_restores() {
        let mut b = Board::new(9).unwrap();
        b.set(Point::new(0, 0), Some(Color::White)).unwrap();
        b.set(Point::new(1, 0), Some(Color::Black)).unwrap();
        let before = b.clone();
        let i = b.index(Point::new(0, 1)).unwrap();
        let pl = b.place(i, Color::Black);
        assert_eq!(pl.captured, 1);
        assert_eq!(pl.single_capture, Some(Point::new(0, 0)));
        assert_eq!(b.get(Point::new(0, 0)), None);
        assert_eq!(b.hash(), b.compute_hash());
        b.undo_place(i, Color::Black);
        assert_eq!(b, before);
        assert_eq!(b.hash(), before.hash());
    }

    #[test]
    fn chain_and_liberties() {
        let mut b = Board::new(9).unwrap();
        b.set(Point::new(0, 0), Some(Color::Black)).unwrap();
        b.set(Point::new(1, 0), Some(Color::Black)).unwrap();
        assert_eq!(b.chain(Point::new(0, 0)).len(), 2);
        assert_eq!(b.liberties(Point::new(0, 0)), 3);
        assert_eq!(b.liberties(Point::new(30, 0)), 0);
    }
}
