//! Copying a position from a real board: a brush that paints black, white or empty, clearing,
//! handicap stones, all turned into record events; and how many taps a position takes.

use super::board::Board;
use super::color::Color;
use super::game::Game;
use super::handicap::{self, HandicapError};
use super::moves::Status;
use super::point::Point;
use super::record::Event;
use super::text::{t, tf};

/// What a tap paints in setup mode. The brush stays selected between taps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Brush {
    #[default]
    Black,
    White,
    Empty,
}

impl Brush {
    /// Every brush, in the order the buttons show them.
    pub const ALL: [Brush; 3] = [Brush::Black, Brush::White, Brush::Empty];

    /// The stone the brush paints (`None`: it empties points).
    pub fn stone(self) -> Option<Color> {
        match self {
            Brush::Black => Some(Color::Black),
            Brush::White => Some(Color::White),
            Brush::Empty => None,
        }
    }

    /// The brush's name on its button.
    pub fn name(self) -> &'static str {
        match self {
            Brush::Black => t("Black"),
            Brush::White => t("White"),
            Brush::Empty => t("Empty"),
        }
    }
}

/// What a stroke that starts on a point holding `current` paints: the brush's stone, or empty
/// when the point already holds that stone, so a second tap takes a misplaced stone off
/// without changing brush.
pub fn stroke_stone(brush: Brush, current: Option<Color>) -> Option<Color> {
    match brush.stone() {
        Some(c) if current == Some(c) => None,
        other => other,
    }
}

/// The event that paints `stone` on `points`, keeping only the points it changes (each once,
/// on the board); `None` when nothing would change.
pub fn paint_event(board: &Board, points: &[Point], stone: Option<Color>) -> Option<Event> {
    let mut changed: Vec<Point> = Vec::new();
    for &p in points {
        if board.contains(p) && board.get(p) != stone && !changed.contains(&p) {
            changed.push(p);
        }
    }
    (!changed.is_empty()).then_some(Event::StonesPainted {
        points: changed,
        stone,
    })
}

/// The event that empties the whole board; `None` when it is empty already.
pub fn clear_event(board: &Board) -> Option<Event> {
    let points: Vec<Point> = board.stones().map(|(p, _)| p).collect();
    paint_event(board, &points, None)
}

/// The event that places Black's customary handicap stones for `stones` stones.
pub fn handicap_event(board: &Board, stones: u8) -> Result<Option<Event>, HandicapError> {
    let points = handicap::fixed_points(board.size(), stones)?;
    Ok(paint_event(board, &points, Some(Color::Black)))
}

/// The event that gives the next move to `color` after a position was set up (SGF `PL`):
/// `None` when it is that player's move already; refused, with what to do, once a move was
/// played or play has stopped.
pub fn to_move_event(game: &Game, color: Color) -> Result<Option<Event>, String> {
    if game.to_move() == color {
        return Ok(None);
    }
    if game.move_number() > 0 || game.status() != Status::Playing {
        return Err(tf(
            "Who moves next is chosen before the first move; now {} is to move (a pass hands the \
             turn over).",
            &[&game.to_move().shown()],
        ));
    }
    Ok(Some(Event::StonesSetUp {
        black: Vec::new(),
        white: Vec::new(),
        to_move: color,
    }))
}

/// The event that sets the prisoners counted in the lids, stepping `color`'s count by `delta`
/// from `current` (`[black, white]` totals); never below zero.
pub fn prisoners_event(current: [u32; 2], color: Color, delta: i32) -> Event {
    let mut counts = current;
    let i = color.index();
    counts[i] = counts[i].saturating_add_signed(delta);
    Event::PrisonersCounted {
        black: counts[0],
        white: counts[1],
    }
}

/// How many touches it takes to copy a position from an empty board, starting with the Black
/// brush selected.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EntryCost {
    /// Stones on the board.
    pub stones: u32,
    /// One tap per stone, plus the brush changes.
    pub taps: u32,
    /// One stroke per straight run of same-coloured neighbours (a tap is a stroke of one),
    /// running along rows or columns, whichever needs fewer, plus the brush changes.
    pub strokes: u32,
    /// One stroke per chain, plus the brush changes: the fewest strokes, for a finger that
    /// traces each chain without lifting (going back over painted stones changes nothing).
    pub chain_strokes: u32,
}

/// Counts the touches needed to enter `board` in setup mode.
pub fn entry_cost(board: &Board) -> EntryCost {
    let size = board.size();
    let mut stones = 0;
    let mut brush_changes = 0;
    let mut strokes = 0;
    for color in Color::BOTH {
        let n = board.count(color);
        stones += n;
        if n > 0 && color == Color::White {
            brush_changes += 1;
        }
        let runs = |by_rows: bool| -> u32 {
            let mut runs = 0;
            for a in 0..size {
                let mut inside = false;
                for b in 0..size {
                    let p = if by_rows {
                        Point::new(b, a)
                    } else {
                        Point::new(a, b)
                    };
                    let here = board.get(p) == Some(color);
                    if here && !inside {
                        runs += 1;
                    }
                    inside = here;
                }
            }
            runs
        };
        strokes += runs(true).min(runs(false));
    }
    let mut seen = vec![false; board.area()];
    let mut chains = 0;
    for (p, _) in board.stones() {
        let Some(i) = board.index(p) else { continue };
        if seen[i] {
            continue;
        }
        chains += 1;
        for q in board.chain(p) {
            if let Some(j) = board.index(q) {
                seen[j] = true;
            }
        }
    }
    EntryCost {
        stones,
        taps: stones + brush_changes,
        strokes: strokes + brush_changes,
        chain_strokes: chains + brush_changes,
    }
}
