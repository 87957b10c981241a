//! From a reading to the game: the position as the players confirmed it, painted onto the
//! game's board with the events the board's set-up writes (`Event::StonesPainted`, which the
//! count takes as the final position copied from a real board), and the chains it holds
//! without a liberty, which no final position has: the screen flags them for a look.

use crate::core::board::Board;
use crate::core::{Color, Point};

/// The strokes that turn `board` into `stones` (row by row, `size` a side): the points that
/// change, by the stone they get (Black, White, emptied), leaving out strokes with no point.
/// `None` when the position is not of the board's size.
pub fn strokes(
    board: &Board,
    stones: &[Option<Color>],
) -> Option<Vec<(Vec<Point>, Option<Color>)>> {
    let size = usize::from(board.size());
    if stones.len() != size * size {
        return None;
    }
    let mut out = Vec::new();
    for wanted in [Some(Color::Black), Some(Color::White), None] {
        let points: Vec<Point> = (0..stones.len())
            .filter(|&i| stones[i] == wanted)
            .map(|i| Point::new((i % size) as u8, (i / size) as u8))
            .filter(|&p| board.get(p) != wanted)
            .collect();
        if !points.is_empty() {
            out.push((points, wanted));
        }
    }
    Some(out)
}

/// The points (indices row by row) of every chain of `stones` (`size` a side) with no
/// liberty.
pub fn breathless(stones: &[Option<Color>], size: usize) -> Vec<usize> {
    if stones.len() != size * size {
        return Vec::new();
    }
    let mut seen = vec![false; stones.len()];
    let mut out = Vec::new();
    for start in 0..stones.len() {
        let Some(color) = stones[start] else { continue };
        if seen[start] {
            continue;
        }
        let (mut chain, mut stack, mut free) = (Vec::new(), vec![start], false);
        seen[start] = true;
        while let Some(i) = stack.pop() {
            chain.push(i);
            let (x, y) = (i % size, i / size);
            let around = [
                (x > 0).then(|| i - 1),
                (x + 1 < size).then(|| i + 1),
                (y > 0).then(|| i - size),
                (y + 1 < size).then(|| i + size),
            ];
            for j in around.into_iter().flatten() {
                match stones[j] {
                    None => free = true,
                    Some(c) if c == color && !seen[j] => {
                        seen[j] = true;
                        stack.push(j);
                    }
                    Some(_) => {}
                }
            }
        }
        if !free {
            out.extend(chain);
        }
    }
    out.sort_unstable();
    out
}
