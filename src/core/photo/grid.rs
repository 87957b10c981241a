//! The grid under perspective: the board's patch mapped to a square (the homography from its
//! four corners), then the lines found in that square. Each line is a thin ridge darker than
//! the wood on both sides (a stone's edge is darker on one side only, so it does not count);
//! summed along the rows and the columns the ridges give two profiles, and for each size
//! (9, 13, 19) the evenly spaced lines that fit a profile best are its first and last lines.

use super::homography::Homography;
use super::picture::{Picture, luma};

/// The side of the square the board is mapped to, in pixels.
pub const SQUARE: usize = 400;

/// The board mapped to a square of [`SQUARE`] pixels a side.
pub struct Square {
    /// The colours, row by row.
    pub rgb: Vec<[f32; 3]>,
    /// The luminance of each pixel, row by row.
    pub luma: Vec<f32>,
    /// The map from the square to the photo (downscaled).
    pub to_photo: Homography,
}

impl Square {
    /// The board inside `corners` (top left, top right, bottom right, bottom left) as a square.
    pub fn of(picture: &Picture, corners: [(f64, f64); 4]) -> Option<Square> {
        let s = SQUARE as f64;
        let to_photo = Homography::from_corners([(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)], corners)?;
        let mut rgb = vec![[0.0f32; 3]; SQUARE * SQUARE];
        let h = &to_photo.0;
        // Along a row the map's numerators and denominator each grow by a constant step: one
        // division per pixel.
        for (y, row) in rgb.chunks_exact_mut(SQUARE).enumerate() {
            let fy = y as f64 + 0.5;
            let mut top_x = h[0] * 0.5 + h[1] * fy + h[2];
            let mut top_y = h[3] * 0.5 + h[4] * fy + h[5];
            let mut w = h[6] * 0.5 + h[7] * fy + h[8];
            for out in row.iter_mut() {
                let inv = if w.abs() < 1e-12 { 1e12 } else { 1.0 / w };
                *out = picture.sample(top_x * inv - 0.5, top_y * inv - 0.5);
                top_x += h[0];
                top_y += h[3];
                w += h[6];
            }
        }
        let luma = rgb.iter().map(|&c| luma(c)).collect();
        Some(Square {
            rgb,
            luma,
            to_photo,
        })
    }

    /// The luminance at a pixel of the square (0 outside).
    pub fn luma_at(&self, x: i64, y: i64) -> f32 {
        if x < 0 || y < 0 || x >= SQUARE as i64 || y >= SQUARE as i64 {
            return 0.0;
        }
        self.luma[y as usize * SQUARE + x as usize]
    }
}

/// The grid found in the square: its size, first line and spacing across and down.
#[derive(Clone, Copy, Debug)]
pub struct Grid {
    /// Lines each way.
    pub size: usize,
    /// First line and spacing across (x).
    pub x: (f64, f64),
    /// First line and spacing down (y).
    pub y: (f64, f64),
    /// How clearly the grid stands out: line strength less the strength between lines.
    pub score: f64,
    /// How dark the lines are against the wood, as a share of the wood's brightness.
    pub sharpness: f64,
}

impl Grid {
    /// Where the point at column `i`, row `j` lies in the square.
    pub fn at(&self, i: usize, j: usize) -> (f64, f64) {
        (
            self.x.0 + i as f64 * self.x.1,
            self.y.0 + j as f64 * self.y.1,
        )
    }
}

/// The line profiles of the square: per row (lines across) and per column (lines down), the
/// sum of how much darker each pixel is than both its neighbours `reach` pixels away.
pub fn profiles(square: &Square, reach: i64) -> (Vec<f64>, Vec<f64>, f64) {
    let n = SQUARE;
    let r = usize::try_from(reach).unwrap_or(0).min(n / 2);
    let luma = &square.luma;
    let (mut rows, mut cols) = (vec![0.0f64; n], vec![0.0f64; n]);
    let mut col_sums = vec![0.0f32; n];
    let mut bright = 0.0f64;
    // Outside the square the luminance is 0, so a pixel within `reach` of an edge adds nothing
    // to the profile across that edge.
    for y in 0..n {
        let line = &luma[y * n..(y + 1) * n];
        bright += f64::from(line.iter().sum::<f32>());
        if y >= r && y + r < n {
            let (up, down) = (
                &luma[(y - r) * n..(y - r + 1) * n],
                &luma[(y + r) * n..(y + r + 1) * n],
            );
            let mut row = 0.0f32;
            for x in 0..n {
                row += (up[x].min(down[x]) - line[x]).max(0.0);
            }
            rows[y] = f64::from(row);
        }
        for x in r..n.saturating_sub(r) {
            col_sums[x] += (line[x - r].min(line[x + r]) - line[x]).max(0.0);
        }
    }
    for (c, s) in cols.iter_mut().zip(&col_sums) {
        *c = f64::from(*s);
    }
    let norm = 1.0 / n as f64;
    rows.iter_mut()
        .chain(cols.iter_mut())
        .for_each(|v| *v *= norm);
    (rows, cols, bright / (n * n) as f64)
}

/// The best evenly spaced `size` lines in a profile: first line, spacing, score, and the mean
/// strength at the lines. Searched every second pixel, then every half pixel around the best.
pub fn fit_lines(profile: &[f64], size: usize) -> (f64, f64, f64, f64) {
    let len = profile.len();
    let n = len as f32;
    // Each entry the strongest within one pixel, so a line between two pixels still counts;
    // two entries more, so that a point up to the end reads its neighbour.
    let mut wide: Vec<f32> = (0..len)
        .map(|i| {
            profile[i.saturating_sub(1)..(i + 2).min(len)]
                .iter()
                .copied()
                .fold(0.0, f64::max) as f32
        })
        .collect();
    wide.extend([0.0, 0.0]);
    let wide = wide.as_slice();
    let steps = size.saturating_sub(1).max(1) as f32;
    // The mean strength at the lines from `a` to `b`.
    let strength = |a: f32, b: f32| -> f32 {
        let s = (b - a) / steps;
        let mut on = at(wide, n, b);
        let mut p = a;
        for _ in 1..size {
            on += at(wide, n, p);
            p += s;
        }
        on / size as f32
    };
    // The score of the lines from `a` to `b`, whose strength is `on`.
    let score = |a: f32, b: f32, on: f32| -> (f32, f32) {
        let s = (b - a) / steps;
        let mut off = 0.0;
        let mut p = a + 0.5 * s;
        for _ in 1..size {
            off += at(wide, n, p);
            p += s;
        }
        let off = off / steps;
        // Lines beyond the ends mean a bigger grid than this one.
        let inside = |p: f32| p > 2.0 && p < n - 3.0;
        let before = if inside(a - s) {
            at(wide, n, a - s)
        } else {
            0.0
        };
        let after = if inside(b + s) {
            at(wide, n, b + s)
        } else {
            0.0
        };
        (on - off - 0.7 * before.max(after), on)
    };
    let mut best = (0.0, n - 1.0, f32::MIN, 0.0);
    for first in (0..(n * 0.3) as usize).step_by(2) {
        for last in ((n * 0.7) as usize..len).step_by(2) {
            let (a, b) = (first as f32, last as f32);
            // The score is at most the strength: most pairs end there.
            let on = strength(a, b);
            if on <= best.2 {
                continue;
            }
            let (value, on) = score(a, b, on);
            if value > best.2 {
                best = (first as f32, last as f32, value, on);
            }
        }
    }
    let (a0, b0) = (best.0, best.1);
    for da in -4..=4i8 {
        for db in -4..=4i8 {
            let (a, b) = (
                (a0 + f32::from(da) * 0.5).max(0.0),
                (b0 + f32::from(db) * 0.5).min(n - 1.0),
            );
            let (value, on) = score(a, b, strength(a, b));
            if value > best.2 {
                best = (a, b, value, on);
            }
        }
    }
    let (a, b) = (f64::from(best.0), f64::from(best.1));
    (
        a,
        (b - a) / f64::from(steps),
        f64::from(best.2),
        f64::from(best.3),
    )
}

/// The profile `wide` (`n` entries and two more) at `p`, between entries by weighting the two
/// around it; 0 outside.
#[inline(always)]
fn at(wide: &[f32], n: f32, p: f32) -> f32 {
    if !(p >= 0.0 && p < n - 1.0) {
        return 0.0;
    }
    let i = p as usize;
    let f = p - i as f32;
    match (wide.get(i), wide.get(i + 1)) {
        (Some(&l), Some(&r)) => l + (r - l) * f,
        _ => 0.0,
    }
}

/// The grid of `size` lines that fits the square best, with how well.
pub fn fit(rows: &[f64], cols: &[f64], bright: f64, size: usize) -> Grid {
    let (x0, xs, xscore, xon) = fit_lines(cols, size);
    let (y0, ys, yscore, yon) = fit_lines(rows, size);
    Grid {
        size,
        x: (x0, xs),
        y: (y0, ys),
        score: xscore.min(yscore) / bright.max(1e-3),
        sharpness: (xon + yon) / 2.0 / bright.max(1e-3),
    }
}
