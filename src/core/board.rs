//! The stones on the board and the mechanics of placing one: captures, liberties and the
//! Zobrist hash. The rules (whose turn, ko, superko, suicide) live in `game`.

use std::fmt;

use super::color::Color;
use super::point::{MAX_SIZE, MIN_SIZE, Point};
use super::zobrist;

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
            BoardError::BadSize(s) => write!(
                f,
                "A board of size {s} is not supported (sizes {MIN_SIZE} to {MAX_SIZE})"
            ),
            BoardError::OffBoard { point, size } => {
                write!(f, "Point {} is off the {size}x{size} board", point.to_sgf())
            }
        }
    }
}

impl std::error::Error for BoardError {}

const EMPTY: u8 = 0;

fn cell_of(color: Color) -> u8 {
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

/// Work space reused by flood fills so that playing a move does not allocate.
#[derive(Clone, Debug, Default)]
struct Scratch {
    mark: Vec<u32>,
    stamp: u32,
    stack: Vec<u16>,
    captured: Vec<u16>,
}

impl Scratch {
    fn next_stamp(&mut self, area: usize) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 || self.mark.len() != area {
            self.mark.clear();
            self.mark.resize(area, 0);
            self.stamp = 1;
        }
        self.stamp
    }
}

/// What placing one stone did to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// How many opponent stones were captured.
    pub captured: u32,
    /// The point of the captured stone when exactly one was captured.
    pub single_capture: Option<Point>,
    /// True when the new stone's own chain has no liberty left (a suicide if left so).
    pub self_atari_empty: bool,
    /// True when the new stone stands alone with exactly one liberty: with `single_capture`
    /// this is the shape of a ko.
    pub lone_with_one_liberty: bool,
}

/// The stones on a square board of side 5 to 25, with an incrementally kept Zobrist hash.
#[derive(Clone, Debug)]
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
            Some(usize::from(p.y) * usize::from(self.size) + usize::from(p.x))
        } else {
            None
        }
    }

    /// The point at a flat index (the inverse of `index`).
    pub fn point(&self, i: usize) -> Point {
        let s = usize::from(self.size);
        Point::new((i % s) as u8, (i / s) as u8)
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

    fn set_index(&mut self, i: usize, stone: Option<Color>) {
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
    fn neighbours(&self, i: usize, out: &mut [usize; 4]) -> usize {
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
    fn cell(&self, i: usize) -> u8 {
        self.cells.get(i).copied().unwrap_or(EMPTY)
    }

    /// True when the chain through `start` touches an empty point. When `collect` is set and
    /// it has none, the chain's points are appended to the capture list.
    fn chain_has_liberty(&mut self, start: usize, collect: bool) -> bool {
        let colour = self.cell(start);
        if colour == EMPTY {
            return true;
        }
        let stamp = self.scratch.next_stamp(self.cells.len());
        let mut stack = std::mem::take(&mut self.scratch.stack);
        stack.clear();
        let first_captured = self.scratch.captured.len();
        stack.push(start as u16);
        if let Some(m) = self.scratch.mark.get_mut(start) {
            *m = stamp;
        }
        let mut found = false;
        let mut nb = [0usize; 4];
        while let Some(i) = stack.pop() {
            let i = usize::from(i);
            if collect {
                self.scratch.captured.push(i as u16);
            }
            let n = self.neighbours(i, &mut nb);
            for &j in nb.iter().take(n) {
                let c = self.cell(j);
                if c == EMPTY {
                    found = true;
                    break;
                }
                if c == colour
                    && let Some(m) = self.scratch.mark.get_mut(j)
                    && *m != stamp
                {
                    *m = stamp;
                    stack.push(j as u16);
                }
            }
            if found {
                break;
            }
        }
        if found && collect {
            self.scratch.captured.truncate(first_captured);
        }
        stack.clear();
        self.scratch.stack = stack;
        found
    }

    /// Places a stone of `color` on the empty point at index `i`, removes every opponent chain
    /// left without liberties, and reports what happened. The caller decides about suicide (see
    /// `remove_chain`) and can undo the placement with `undo_place`.
    pub(crate) fn place(&mut self, i: usize, color: Color) -> Placement {
        self.scratch.captured.clear();
        self.set_index(i, Some(color));
        let enemy = cell_of(!color);
        let own = cell_of(color);
        let mut nb = [0usize; 4];
        let n = self.neighbours(i, &mut nb);
        for &j in nb.iter().take(n) {
            if self.cell(j) == enemy {
                let before = self.scratch.captured.len();
                if !self.chain_has_liberty(j, true) {
                    let end = self.scratch.captured.len();
                    for k in before..end {
                        let idx = self.scratch.captured.get(k).copied().unwrap_or(0);
                        self.set_index(usize::from(idx), None);
                    }
                }
            }
        }
        let captured = self.scratch.captured.len() as u32;
        let single_capture = if captured == 1 {
            self.scratch
                .captured
                .first()
                .map(|&c| self.point(usize::from(c)))
        } else {
            None
        };
        let mut empties = 0;
        let mut friends = 0;
        for &j in nb.iter().take(n) {
            let c = self.cell(j);
            if c == EMPTY {
                empties += 1;
            } else if c == own {
                friends += 1;
            }
        }
        let self_atari_empty = empties == 0 && !self.chain_has_liberty(i, false);
        Placement {
            captured,
            single_capture,
            self_atari_empty,
            lone_with_one_liberty: friends == 0 && empties == 1,
        }
    }

    /// Takes back the last `place` of `color` at `i`: removes the stone and puts the captured
    /// stones back.
    pub(crate) fn undo_place(&mut self, i: usize, color: Color) {
        self.set_index(i, None);
        let captured = std::mem::take(&mut self.scratch.captured);
        for &c in &captured {
            self.set_index(usize::from(c), Some(!color));
        }
        self.scratch.captured = captured;
        self.scratch.captured.clear();
    }

    fn chain_indices(&mut self, start: usize) -> Vec<usize> {
        let colour = self.cell(start);
        if colour == EMPTY {
            return Vec::new();
        }
        let stamp = self.scratch.next_stamp(self.cells.len());
        let mut out = vec![start];
        if let Some(m) = self.scratch.mark.get_mut(start) {
            *m = stamp;
        }
        let mut k = 0;
        let mut nb = [0usize; 4];
        while let Some(&i) = out.get(k) {
            k += 1;
            let n = self.neighbours(i, &mut nb);
            for &j in nb.iter().take(n) {
                if self.cell(j) == colour
                    && let Some(m) = self.scratch.mark.get_mut(j)
                    && *m != stamp
                {
                    *m = stamp;
                    out.push(j);
                }
            }
        }
        out
    }

    /// The stones of the chain through `p` (empty when `p` is empty or off the board).
    pub fn chain(&self, p: Point) -> Vec<Point> {
        let Some(i) = self.index(p) else {
            return Vec::new();
        };
        let mut copy = self.clone();
        copy.chain_indices(i)
            .into_iter()
            .map(|j| self.point(j))
            .collect()
    }

    /// The number of liberties of the chain through `p` (0 for an empty point).
    pub fn liberties(&self, p: Point) -> usize {
        let Some(i) = self.index(p) else {
            return 0;
        };
        let mut copy = self.clone();
        let chain = copy.chain_indices(i);
        let mut libs: Vec<usize> = Vec::new();
        let mut nb = [0usize; 4];
        for &c in &chain {
            let n = self.neighbours(c, &mut nb);
            for &j in nb.iter().take(n) {
                if self.cell(j) == EMPTY && !libs.contains(&j) {
                    libs.push(j);
                }
            }
        }
        libs.len()
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
