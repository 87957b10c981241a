//! Groups and the marks on them: a tap on any stone toggles the whole group.

use std::collections::BTreeSet;

use crate::core::board::Board;
use crate::core::point::Point;

/// The group a tap on `point` toggles: the chain of stones through it (stones of one colour
/// connected along the lines), sorted. Empty when the point is empty or off the board.
pub fn group_at(board: &Board, point: Point) -> Vec<Point> {
    let mut g = board.chain(point);
    g.sort_unstable();
    g
}

/// How a group is marked in the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Dead: removed by the count and given to the opponent as prisoners.
    Dead,
    /// Alive in seki: its eye points count as the rules say.
    Seki,
}

/// The marks on the stones of the final position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// Stones marked dead.
    pub dead: BTreeSet<Point>,
    /// Stones marked as in seki.
    pub seki: BTreeSet<Point>,
}

impl Marks {
    /// The mark of the stone on `point`, if any.
    pub fn mark_of(&self, point: Point) -> Option<Mark> {
        if self.dead.contains(&point) {
            Some(Mark::Dead)
        } else if self.seki.contains(&point) {
            Some(Mark::Seki)
        } else {
            None
        }
    }

    /// Marks the points dead (a stone is never both dead and in seki).
    pub fn mark_dead(&mut self, points: &[Point]) {
        for p in points {
            self.seki.remove(p);
            self.dead.insert(*p);
        }
    }

    /// Marks the points alive again.
    pub fn unmark_dead(&mut self, points: &[Point]) {
        for p in points {
            self.dead.remove(p);
        }
    }

    /// Marks the points as in seki (no longer dead).
    pub fn mark_seki(&mut self, points: &[Point]) {
        for p in points {
            self.dead.remove(p);
            self.seki.insert(*p);
        }
    }

    /// Removes the seki mark from the points.
    pub fn unmark_seki(&mut self, points: &[Point]) {
        for p in points {
            self.seki.remove(p);
        }
    }

    /// The dead stones as a sorted list.
    pub fn dead_points(&self) -> Vec<Point> {
        self.dead.iter().copied().collect()
    }

    /// The stones in seki as a sorted list.
    pub fn seki_points(&self) -> Vec<Point> {
        self.seki.iter().copied().collect()
    }

    /// True when nothing is marked.
    pub fn is_empty(&self) -> bool {
        self.dead.is_empty() && self.seki.is_empty()
    }
}
