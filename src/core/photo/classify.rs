//! Each intersection, black, white or empty, with how sure. Three signs are measured on the
//! board mapped to a square: the brightness of a disc around the point against the wood's
//! light there (a smooth surface fitted to the wood, so a dim corner or a lamp's fall-off
//! does not turn wood into stones), its saturation against the wood's (stones are grey, wood
//! is coloured, a glare spot is neither), and whether the lines are seen crossing at the point
//! (they are on an empty point, even under glare, and hidden by a stone).

use super::find::{Wood, median};
use super::grid::{Grid, SQUARE, Square};
use super::picture::{hsv, hue_gap};
use crate::core::Color;

/// What the reader saw at one point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointSigns {
    /// Brightness of the disc around the point, the wood's light there being 1.
    pub value: f32,
    /// Saturation of the disc with the glare's white taken out, the wood's being 1.
    pub sat: f32,
    /// How much darker the lines through the point are than the wood beside them (about 0.5
    /// on an empty point, about 0 under a stone).
    pub cross: f32,
    /// Brightness of the disc less the white a glare spot adds there, the wood's light being
    /// 1: a black stone stays near 0.2 under glare.
    pub rise: f32,
}

/// The light over the board: the wood's brightness as a quadratic surface over the square,
/// fitted to the wood's pixels, glare taken out; and the white a glare spot adds, read on the
/// wood's pixels of a lattice over the square.
pub struct Light {
    surface: [f64; 6],
    glare: Glare,
}

impl Light {
    /// The surface fitted to the wood's pixels of the square (flat at the wood's median value
    /// when too few are seen), and the glare on a lattice as fine as the `grid`'s cells ask.
    pub fn fit(square: &Square, wood: &Wood, grid: &Grid) -> Light {
        let glare = Glare::of(square, wood, cell_of(grid));
        let mut normal = [[0.0f64; 7]; 6];
        let mut count = 0;
        for y in (0..SQUARE).step_by(4) {
            for x in (0..SQUARE).step_by(4) {
                let c = square.rgb[y * SQUARE + x];
                let (value, sat, hue) = hsv(c);
                if hue_gap(hue, wood.hue) > 16.0
                    || sat < 0.2 * wood.sat
                    || value < 0.25 * wood.value
                {
                    continue;
                }
                count += 1;
                let terms = Light::terms(x as f64, y as f64);
                // A glare spot adds white, which leaves the spread between the channels as it
                // was: the wood's brightness without the glare is its spread over its saturation.
                let v = f64::from(value * sat / wood.sat.max(0.05));
                for (r, row) in normal.iter_mut().enumerate() {
                    for (k, cell) in row.iter_mut().take(6).enumerate() {
                        *cell += terms[r] * terms[k];
                    }
                    row[6] += terms[r] * v;
                }
            }
        }
        let flat = [f64::from(wood.value), 0.0, 0.0, 0.0, 0.0, 0.0];
        let surface = if count < 200 {
            flat
        } else {
            solve(normal).unwrap_or(flat)
        };
        Light { surface, glare }
    }

    fn terms(x: f64, y: f64) -> [f64; 6] {
        let (u, v) = (x / SQUARE as f64 - 0.5, y / SQUARE as f64 - 0.5);
        [1.0, u, v, u * u, u * v, v * v]
    }

    /// The wood's brightness expected at `(x, y)` of the square.
    pub fn at(&self, x: f64, y: f64) -> f32 {
        let t = Light::terms(x, y);
        (t.iter().zip(self.surface).map(|(a, b)| a * b).sum::<f64>()).max(0.02) as f32
    }
}

/// Solves six linear equations (each row: six factors, then the right side).
fn solve(mut m: [[f64; 7]; 6]) -> Option<[f64; 6]> {
    for c in 0..6 {
        let p = (c..6).max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))?;
        m.swap(c, p);
        if m[c][c].abs() < 1e-12 {
            return None;
        }
        for r in 0..6 {
            if r != c {
                let f = m[r][c] / m[c][c];
                let row = m[c];
                for (k, cell) in m[r].iter_mut().enumerate().skip(c) {
                    *cell -= f * row[k];
                }
            }
        }
    }
    Some(std::array::from_fn(|i| m[i][6] / m[i][i]))
}

/// The signs at the point of column `i`, row `j`.
pub fn look(
    square: &Square,
    grid: &Grid,
    light: &Light,
    wood: &Wood,
    i: usize,
    j: usize,
) -> PointSigns {
    let (cx, cy) = grid.at(i, j);
    let cell = (grid.x.1 + grid.y.1) / 2.0;
    let lit = light.at(cx, cy);
    let glare = light.glare.at(cx, cy, 1.5 * cell);
    let (mut values, mut sats, mut lifted) = (
        Vec::with_capacity(40),
        Vec::with_capacity(40),
        Vec::with_capacity(40),
    );
    let r = 0.3 * cell;
    let step = (r / 3.5).max(1.0);
    let mut dy = -r;
    while dy <= r {
        let mut dx = -r;
        while dx <= r {
            if dx.hypot(dy) <= r {
                let c = square_at(square, cx + dx, cy + dy);
                let (v, _, _) = hsv(c);
                let spread = v - c[0].min(c[1]).min(c[2]);
                values.push(v / lit);
                lifted.push((v - glare) / lit);
                sats.push(spread / (v - glare).max(0.02) / wood.sat.max(0.05));
            }
            dx += step;
        }
        dy += step;
    }
    PointSigns {
        value: median(&mut values),
        sat: median(&mut sats),
        cross: cross(square, grid, i, j),
        rise: median(&mut lifted),
    }
}

/// The white a glare spot adds, read on a lattice over the square: at each of its pixels of
/// the wood's hue, what their brightness has beyond their spread between channels over the
/// wood's saturation (which light changes but added white does not); not a number elsewhere.
struct Glare {
    step: f64,
    side: usize,
    added: Vec<f32>,
}

impl Glare {
    /// The lattice every `0.15 cell` (at least 1.5 pixels) over the square.
    fn of(square: &Square, wood: &Wood, cell: f64) -> Glare {
        let step = (0.15 * cell).max(1.5);
        let side = ((SQUARE - 1) as f64 / step) as usize + 1;
        let mut added = Vec::with_capacity(side * side);
        for j in 0..side {
            for i in 0..side {
                let c = square_at(square, i as f64 * step, j as f64 * step);
                let (v, s, h) = hsv(c);
                added.push(
                    if hue_gap(h, wood.hue) < 16.0 && s > 0.15 * wood.sat && v > 0.1 {
                        v - v * s / wood.sat.max(0.05)
                    } else {
                        f32::NAN
                    },
                );
            }
        }
        Glare { step, side, added }
    }

    /// The white added around `(cx, cy)`: the median over the lattice's wood within `reach`.
    fn at(&self, cx: f64, cy: f64, reach: f64) -> f32 {
        let span = |c: f64| {
            let low = ((c - reach) / self.step).ceil().max(0.0) as usize;
            let high = (((c + reach) / self.step).floor().max(-1.0) + 1.0) as usize;
            low..high.min(self.side)
        };
        let (xs, ys) = (span(cx), span(cy));
        let mut seen = Vec::with_capacity(xs.len() * ys.len());
        for j in ys {
            let row = &self.added[j * self.side..(j + 1) * self.side];
            seen.extend(row[xs.clone()].iter().copied().filter(|v| !v.is_nan()));
        }
        if seen.len() < 8 {
            0.0
        } else {
            median(&mut seen).max(0.0)
        }
    }
}

/// The side of a cell of the grid, in the square's pixels.
fn cell_of(grid: &Grid) -> f64 {
    (grid.x.1 + grid.y.1) / 2.0
}

fn square_at(square: &Square, x: f64, y: f64) -> [f32; 3] {
    let (x, y) = (x.round() as i64, y.round() as i64);
    if x < 0 || y < 0 || x >= SQUARE as i64 || y >= SQUARE as i64 {
        return [0.0; 3];
    }
    square.rgb[y as usize * SQUARE + x as usize]
}

/// How much darker the lines leaving the point are than the wood between them: per arm that
/// the grid has (a point on the edge has three, a corner two), the second weakest.
pub(crate) fn cross(square: &Square, grid: &Grid, i: usize, j: usize) -> f32 {
    let (cx, cy) = grid.at(i, j);
    let cell = (grid.x.1 + grid.y.1) / 2.0;
    let l = |x: f64, y: f64| {
        let (x, y) = (x.round() as i64, y.round() as i64);
        square.luma_at(x, y)
    };
    let last = grid.size - 1;
    let arms = [
        (i > 0, -1.0, 0.0),
        (i < last, 1.0, 0.0),
        (j > 0, 0.0, -1.0),
        (j < last, 0.0, 1.0),
    ];
    let mut beside = 0.0;
    let mut n = 0.0;
    let mut contrasts = Vec::with_capacity(4);
    let radii = [0.12, 0.18, 0.24, 0.3];
    for t in radii {
        for (sx, sy) in [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)] {
            beside += l(cx + sx * t * cell, cy + sy * t * cell);
            n += 1.0;
        }
    }
    let beside = beside / n;
    for (exists, ux, uy) in arms {
        if !exists {
            continue;
        }
        let mut arm = 0.0;
        for t in radii {
            let (x, y) = (cx + ux * t * cell, cy + uy * t * cell);
            // The darkest pixel across the line, in case the grid is a pixel off.
            let across = [-1.0, 0.0, 1.0].map(|d| l(x + uy * d, y + ux * d));
            arm += across.iter().copied().fold(f32::MAX, f32::min) / radii.len() as f32;
        }
        contrasts.push((beside - arm) / beside.max(0.02));
    }
    contrasts.sort_by(f32::total_cmp);
    let pick = if contrasts.len() > 2 { 1 } else { 0 };
    contrasts.get(pick).copied().unwrap_or(0.0)
}

/// The stone the signs say, and how sure (0 to 1): each of the three gets a weight from the
/// signs, and the sureness is how far the strongest stands above the next. The limits come
/// from the signs measured on the photos of `tests/fixtures/photos/` (`bench/photo-notes.md`).
pub fn decide(seen: &PointSigns) -> (Option<Color>, f32) {
    let clamp = |v: f32| v.clamp(0.0, 1.0);
    let black = clamp((0.7 - seen.rise) / 0.2);
    let white = clamp((0.45 - seen.sat) / 0.2).min(clamp((seen.rise - 0.7) / 0.2));
    let empty = clamp((seen.sat - 0.45) / 0.2).min(clamp((seen.rise - 0.6) / 0.2));
    let mut ranked = [
        (black, Some(Color::Black)),
        (white, Some(Color::White)),
        (empty, None),
    ];
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    (ranked[0].1, clamp(ranked[0].0 - ranked[1].0))
}
