//! What a small learned classifier sees of each point: a crop around the intersection on the
//! board mapped to a square, as a 7×7 lattice of brightness and of colour, each measured
//! against the whole board's (so a blue lamp, a dim room or a pale board look alike to it), with
//! the board's spread of brightness and the point's light against its neighbours'. The
//! classifier ([`super::net`]) was trained on these crops of real photos (`examples/
//! point_crops.rs` writes them, `scripts/train-points.py` trains it).

use super::classify::cross;
use super::find::median;
use super::grid::{Grid, SQUARE, Square};

/// The crop's lattice: this many samples a side.
pub const PATCH: usize = 7;

/// The crop reaches this share of a cell from the point each way.
const REACH: f64 = 0.45;

/// The board's own figures given with each point: the quantiles of the points' brightness
/// (5, 25, 75, 95 %) and the board's colour.
const GLOBALS: usize = 5;

/// Inputs for one point: brightness and colour lattices, the board's figures, the point's light
/// against its neighbours (brightness and colour), and how clearly the lines cross there.
pub const INPUTS: usize = 2 * PATCH * PATCH + GLOBALS + 3;

/// The colour at `(x, y)` of the square, between pixels by weighting the four around it.
fn at(square: &Square, x: f64, y: f64) -> [f32; 3] {
    let max = (SQUARE - 1) as f64;
    let (x, y) = (x.clamp(0.0, max - 0.001), y.clamp(0.0, max - 0.001));
    let (x0, y0) = (x as usize, y as usize);
    let (fx, fy) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
    let i = y0 * SQUARE + x0;
    let (a, b, c, d) = (
        square.rgb[i],
        square.rgb[i + 1],
        square.rgb[i + SQUARE],
        square.rgb[i + SQUARE + 1],
    );
    std::array::from_fn(|k| {
        let top = a[k] + (b[k] - a[k]) * fx;
        let bottom = c[k] + (d[k] - c[k]) * fx;
        top + (bottom - top) * fy
    })
}

/// Brightness (the mean of the channels) and colour (the spread between them) of a colour.
fn light_colour(c: [f32; 3]) -> (f32, f32) {
    let max = c[0].max(c[1]).max(c[2]);
    let min = c[0].min(c[1]).min(c[2]);
    ((c[0] + c[1] + c[2]) / 3.0, max - min)
}

/// The raw lattices of every point (brightness then colour, `2 × PATCH²` each), row by row.
fn lattices(square: &Square, grid: &Grid, jitter: &dyn Fn(usize) -> (f64, f64)) -> Vec<f32> {
    let n = grid.size;
    let cell = (grid.x.1 + grid.y.1) / 2.0;
    let step = 2.0 * REACH * cell / (PATCH - 1) as f64;
    let half = (PATCH / 2) as f64;
    let mut out = Vec::with_capacity(n * n * 2 * PATCH * PATCH);
    for k in 0..n * n {
        let (cx, cy) = grid.at(k % n, k / n);
        let (jx, jy) = jitter(k);
        let (cx, cy) = (cx + jx * cell, cy + jy * cell);
        let start = out.len();
        out.resize(start + 2 * PATCH * PATCH, 0.0);
        for v in 0..PATCH {
            for u in 0..PATCH {
                let x = cx + (u as f64 - half) * step;
                let y = cy + (v as f64 - half) * step;
                let (l, c) = light_colour(at(square, x, y));
                out[start + v * PATCH + u] = l;
                out[start + PATCH * PATCH + v * PATCH + u] = c;
            }
        }
    }
    out
}

/// The mean of the middle 3×3 of a lattice.
fn middle(lattice: &[f32]) -> f32 {
    let h = PATCH / 2;
    let mut sum = 0.0;
    for v in h - 1..=h + 1 {
        for u in h - 1..=h + 1 {
            sum += lattice[v * PATCH + u];
        }
    }
    sum / 9.0
}

/// The inputs of every point of the grid, `INPUTS` each, row by row; `jitter(k)` moves point
/// `k`'s crop by that share of a cell (none when reading; some when training).
pub fn features(square: &Square, grid: &Grid, jitter: &dyn Fn(usize) -> (f64, f64)) -> Vec<f32> {
    let n = grid.size;
    let count = n * n;
    let raw = lattices(square, grid, jitter);
    let area = PATCH * PATCH;
    let centre: Vec<f32> = (0..count)
        .map(|k| middle(&raw[k * 2 * area..k * 2 * area + area]))
        .collect();
    let tint: Vec<f32> = (0..count)
        .map(|k| middle(&raw[k * 2 * area + area..(k + 1) * 2 * area]))
        .collect();
    let mut sorted = centre.clone();
    sorted.sort_by(f32::total_cmp);
    let q = |p: f32| sorted[((sorted.len() - 1) as f32 * p) as usize];
    let mid = q(0.5);
    let spread = (q(0.95) - q(0.05)).max(0.04);
    let colour = median(&mut tint.clone()).max(0.01);
    let mut out = Vec::with_capacity(count * INPUTS);
    for k in 0..count {
        let lattice = &raw[k * 2 * area..(k + 1) * 2 * area];
        out.extend(lattice[..area].iter().map(|l| (l - mid) / spread));
        out.extend(lattice[area..].iter().map(|c| c / colour - 1.0));
        out.extend([q(0.05), q(0.25), q(0.75), q(0.95)].map(|v| (v - mid) / spread));
        out.push(colour / mid.max(0.02));
        // The point's light against the points within two of it.
        let (i, j) = ((k % n) as isize, (k / n) as isize);
        let mut near = Vec::with_capacity(25);
        let mut near_tint = Vec::with_capacity(25);
        for dj in -2..=2isize {
            for di in -2..=2isize {
                let (a, b) = (i + di, j + dj);
                if a >= 0 && b >= 0 && a < n as isize && b < n as isize {
                    near.push(centre[b as usize * n + a as usize]);
                    near_tint.push(tint[b as usize * n + a as usize]);
                }
            }
        }
        out.push((centre[k] - median(&mut near)) / spread);
        out.push(tint[k] / median(&mut near_tint).max(0.01) - 1.0);
        out.push(cross(square, grid, k % n, k / n));
    }
    out
}
