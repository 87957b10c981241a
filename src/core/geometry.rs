//! Where things are on the drawn board: the SVG's coordinate system, the intersection nearest
//! a touch, star points, coordinate labels and the words a screen reader says for a point.

use super::color::Color;
use super::point::Point;
use super::text::tf;

/// The distance between two lines, in SVG units.
pub const UNIT: f64 = 10.0;
/// The space between the outer lines and the edge of the drawing (room for coordinates).
pub const MARGIN: f64 = 10.0;

/// The width (and height) of the drawing of a board of side `size`, in SVG units.
pub fn extent(size: u8) -> f64 {
    f64::from(size.saturating_sub(1)) * UNIT + 2.0 * MARGIN
}

/// The SVG `viewBox` of a board of side `size`.
pub fn view_box(size: u8) -> String {
    let e = extent(size);
    format!("0 0 {e} {e}")
}

/// The SVG coordinate of line `i` (column or row, from 0).
pub fn at(i: u8) -> f64 {
    MARGIN + f64::from(i) * UNIT
}

/// Where the touch area of line `i` starts and how wide it is: a square around the point, and
/// on the edge lines out to the edge of the drawing, so a thumb that lands in the margin still
/// hits the nearest point.
pub fn hit_span(i: u8, size: u8) -> (f64, f64) {
    let centre = at(i);
    let start = if i == 0 { 0.0 } else { centre - UNIT / 2.0 };
    let end = if i + 1 >= size {
        extent(size)
    } else {
        centre + UNIT / 2.0
    };
    (start, end - start)
}

/// The intersection nearest a touch at `fx`, `fy`: fractions (0 to 1) of the drawing's width
/// and height from its top left corner. A touch anywhere in a point's square lands on it, and
/// one in the margin on the nearest edge point, so a thumb need not be exact; `None` only
/// outside the drawing.
pub fn nearest_point(size: u8, fx: f64, fy: f64) -> Option<Point> {
    if size == 0 || !fx.is_finite() || !fy.is_finite() {
        return None;
    }
    let line = |f: f64| -> Option<u8> {
        if !(0.0..=1.0).contains(&f) {
            return None;
        }
        let i = ((f * extent(size) - MARGIN) / UNIT).round();
        Some(i.clamp(0.0, f64::from(size - 1)) as u8)
    };
    Some(Point::new(line(fx)?, line(fy)?))
}

/// The star points (hoshi) drawn on a board of side `size`.
pub fn star_points(size: u8) -> Vec<Point> {
    let centre = (size % 2 == 1).then(|| Point::new(size / 2, size / 2));
    let corners = |e: u8| {
        let f = size - 1 - e;
        [
            Point::new(e, e),
            Point::new(f, e),
            Point::new(e, f),
            Point::new(f, f),
        ]
    };
    let mut points = Vec::new();
    match size {
        15.. => {
            points.extend(corners(3));
            if let Some(c) = centre {
                let (e, f, m) = (3, size - 4, size / 2);
                points.extend([
                    Point::new(m, e),
                    Point::new(e, m),
                    Point::new(f, m),
                    Point::new(m, f),
                ]);
                points.push(c);
            }
        }
        13 | 14 => {
            points.extend(corners(3));
            points.extend(centre);
        }
        9..=12 => {
            points.extend(corners(2));
            points.extend(centre);
        }
        _ => points.extend(centre),
    }
    points
}

/// The label of column `x` as players read it: A–Z without I.
pub fn column_label(x: u8) -> String {
    Point::new(x, 0)
        .to_human(1)
        .trim_end_matches(char::is_numeric)
        .to_string()
}

/// The label of row `y` (from the top) on a board of side `size`: counted from the bottom.
pub fn row_label(y: u8, size: u8) -> String {
    (i32::from(size) - i32::from(y)).to_string()
}

/// What a screen reader says for a point: `D4, black stone`, `D4, empty`.
pub fn point_label(p: Point, size: u8, stone: Option<Color>) -> String {
    let name = p.to_human(size);
    match stone {
        Some(Color::Black) => tf("{}, black stone", &[&name]),
        Some(Color::White) => tf("{}, white stone", &[&name]),
        None => tf("{}, empty", &[&name]),
    }
}

/// The point one step from `p` in direction (`dx`, `dy`), staying on a board of side `size`
/// (arrow keys move the focus and stop at the edge).
pub fn step(p: Point, dx: i8, dy: i8, size: u8) -> Point {
    let clamp = |v: u8, d: i8| -> u8 {
        let n = i16::from(v) + i16::from(d);
        n.clamp(0, i16::from(size.max(1)) - 1) as u8
    };
    Point::new(clamp(p.x, dx), clamp(p.y, dy))
}

/// What a tap on `p` does when a move must be confirmed: the first tap shows a ghost stone,
/// a second tap on the same point plays it. Without confirmation a tap plays at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tap {
    /// Show a ghost stone here and wait for a second tap.
    Ghost(Point),
    /// Play here.
    Play(Point),
}

/// Decides what a tap on `p` does, given the ghost stone shown (if any).
pub fn tap(p: Point, ghost: Option<Point>, confirm: bool) -> Tap {
    if !confirm || ghost == Some(p) {
        Tap::Play(p)
    } else {
        Tap::Ghost(p)
    }
}
