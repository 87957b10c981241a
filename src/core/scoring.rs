//! A simple counter for a final position: empty regions bordered by one colour are that
//! colour's territory, given the stones marked dead. Seki detection and the counting wizard
//! build on it.

use super::board::Board;
use super::color::Color;
use super::game::Game;
use super::point::Point;
use super::rules::Counting;

/// What is on the board at the end, per colour (index by `Color::index`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Empty points (dead stones' points included) bordered only by that colour.
    pub territory: [u32; 2],
    /// Living stones of that colour.
    pub stones: [u32; 2],
    /// Dead stones of that colour (they become the opponent's prisoners).
    pub dead: [u32; 2],
    /// Empty points bordered by both colours or none.
    pub dame: u32,
}

/// Counts the board with the stones on `dead` removed (points off the board or empty are
/// ignored).
pub fn count(board: &Board, dead: &[Point]) -> Counts {
    let size = usize::from(board.size());
    let area = board.area();
    // 0 empty, 1 black, 2 white, after removing dead stones.
    let mut cells: Vec<u8> = vec![0; area];
    let mut counts = Counts::default();
    for (p, c) in board.stones() {
        if let Some(i) = board.index(p)
            && let Some(cell) = cells.get_mut(i)
        {
            *cell = 1 + c.index() as u8;
        }
    }
    for &p in dead {
        if let (Some(i), Some(c)) = (board.index(p), board.get(p))
            && let Some(cell) = cells.get_mut(i)
            && *cell != 0
        {
            *cell = 0;
            counts.dead[c.index()] += 1;
        }
    }
    for &c in &cells {
        if c != 0 {
            counts.stones[usize::from(c - 1)] += 1;
        }
    }
    let mut seen = vec![false; area];
    let mut stack: Vec<usize> = Vec::with_capacity(area);
    for start in 0..area {
        if cells.get(start) != Some(&0) || seen.get(start) != Some(&false) {
            continue;
        }
        let mut region = 0u32;
        let mut borders = [false; 2];
        stack.clear();
        stack.push(start);
        if let Some(s) = seen.get_mut(start) {
            *s = true;
        }
        while let Some(i) = stack.pop() {
            region += 1;
            let (x, y) = (i % size, i / size);
            let mut visit = |j: usize| match cells.get(j) {
                Some(0) => {
                    if let Some(s) = seen.get_mut(j)
                        && !*s
                    {
                        *s = true;
                        stack.push(j);
                    }
                }
                Some(&c) => {
                    if let Some(b) = borders.get_mut(usize::from(c - 1)) {
                        *b = true;
                    }
                }
                None => {}
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < size {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - size);
            }
            if y + 1 < size {
                visit(i + size);
            }
        }
        match borders {
            [true, false] => counts.territory[0] += region,
            [false, true] => counts.territory[1] += region,
            _ => counts.dame += region,
        }
    }
    counts
}

/// A score by both methods, per colour (komi and compensation included for White).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Territory + prisoners (captures, pass stones, dead stones).
    pub territory: [f64; 2],
    /// Stones + territory.
    pub area: [f64; 2],
    /// The method the rules use.
    pub counting: Counting,
}

impl Score {
    /// Black's total minus White's under the rules' method (positive: Black wins).
    pub fn margin(&self) -> f64 {
        let s = match self.counting {
            Counting::Territory => self.territory,
            Counting::Area => self.area,
        };
        s[0] - s[1]
    }
}

/// Scores a finished game with the given dead stones and komi.
pub fn score(game: &Game, dead: &[Point], komi: f64) -> Score {
    let c = count(game.board(), dead);
    let rules = game.rules();
    let comp = rules.handicap_points(game.handicap_stones());
    let mut territory = [0.0; 2];
    let mut area = [0.0; 2];
    for color in Color::BOTH {
        let i = color.index();
        let o = (!color).index();
        territory[i] =
            f64::from(c.territory[i]) + f64::from(game.prisoners(color)) + f64::from(c.dead[o]);
        area[i] = f64::from(c.territory[i]) + f64::from(c.stones[i]);
    }
    territory[1] += komi;
    area[1] += komi + comp;
    Score {
        territory,
        area,
        counting: rules.counting,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rules::Preset;

    /// LGC, Scoring: "Territory is defined as empty points surrounded by stones of the same
    /// colour." A wall down the middle of a 5x5 board splits it between the colours.
    #[test]
    fn lgc_territory_is_empty_points_surrounded_by_one_colour() {
        let mut g = Game::new(Preset::Lgc2023.rules(), 5).unwrap();
        let black: Vec<Point> = (0..5).map(|y| Point::new(1, y)).collect();
        let white: Vec<Point> = (0..5).map(|y| Point::new(3, y)).collect();
        g.set_up(&black, &white, Color::Black).unwrap();
        let c = count(g.board(), &[]);
        assert_eq!(c.territory, [5, 5]);
        assert_eq!(c.dame, 5);
        let s = score(&g, &[], 7.5);
        assert_eq!(s.margin(), -7.5);
        // A dead white stone inside Black's area becomes territory and a prisoner.
        let mut g = Game::new(Preset::Lgc2023.rules(), 5).unwrap();
        let mut white = white.clone();
        white.push(Point::new(0, 0));
        g.set_up(&black, &white, Color::Black).unwrap();
        let s = score(&g, &[Point::new(0, 0)], 0.5);
        assert_eq!(s.territory, [6.0, 5.5]);
        assert_eq!(s.area, [10.0, 10.5]);
    }
}
