//! Chains and liberties: placing a stone with its captures, taking it back, and the flood fills
//! behind them, reusing a stamp array so that a move does not allocate.

use super::{Board, EMPTY, cell_of};
use crate::core::color::Color;
use crate::core::point::Point;

/// Work space reused by flood fills so that playing a move does not allocate.
#[derive(Clone, Debug, Default)]
pub(super) struct Scratch {
    pub(super) mark: Vec<u32>,
    pub(super) stamp: u32,
    pub(super) stack: Vec<u16>,
    pub(super) captured: Vec<u16>,
}

impl Scratch {
    pub(super) fn next_stamp(&mut self, area: usize) -> u32 {
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

impl Board {
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
