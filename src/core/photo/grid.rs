//! The grid under perspective: the board's patch mapped to a square (the homography from its
//! four corners), then the lines found in that square. Each line is a thin ridge darker than
//! the wood on both sides (a stone's edge is darker on one side only, so it does not count);
//! summed along the rows and the columns the ridges give two profiles, and for each size
//! (9, 13, 19) the evenly spaced lines that fit a profile best are its first and last lines.

use super::homography::Homography;
use super::picture::{Picture, luma};

/// The side of the square the board is mapped to, in pixels.
pub const SQUARE: usize = 608;

/// The board mapped to a square of [`SQUARE`] pixels a side.
pub struct Square {
    /// The colours, row by row.
    pub rgb: Vec<[f32; 3]>,
    /// The value (brightest channel) of each pixel, row by row.
    pub value: Vec<f32>,
    /// The map from the square to the photo (downscaled).
    pub to_photo: Homography,
}

impl Square {
    /// The board inside `corners` (top left, top right, bottom right, bottom left) as a square.
    pub fn of(picture: &Picture, corners: [(f64, f64); 4]) -> Option<Square> {
        let s = SQUARE as f64;
        let to_photo = Homography::from_corners([(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)], corners)?;
        let mut rgb = Vec::with_capacity(SQUARE * SQUARE);
        for y in 0..SQUARE {
            for x in 0..SQUARE {
                let (px, py) = to_photo.apply(x as f64 + 0.5, y as f64 + 0.5);
                rgb.push(picture.sample(px - 0.5, py - 0.5));
            }
        }
        let value = rgb
            .iter()
            .map(|c: &[f32; 3]| c[0].max(c[1]).max(c[2]))
            .collect();
        Some(Square {
            rgb,
            value,
            to_photo,
        })
    }

    /// The luminance at a pixel of the square (0 outside).
    pub fn luma_at(&self, x: i64, y: i64) -> f32 {
        if x < 0 || y < 0 || x >= SQUARE as i64 || y >= SQUARE as i64 {
            return 0.0;
        }
        luma(self.rgb[y as usize * SQUARE + x as usize])
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
    let n = SQUARE as i64;
    let (mut rows, mut cols) = (vec![0.0; SQUARE], vec![0.0; SQUARE]);
    let mut bright = 0.0;
    for y in 0..n {
        for x in 0..n {
            let l = square.luma_at(x, y);
            bright += f64::from(l);
            let down = square
                .luma_at(x, y - reach)
                .min(square.luma_at(x, y + reach))
                - l;
            let across = square
                .luma_at(x - reach, y)
                .min(square.luma_at(x + reach, y))
                - l;
            rows[y as usize] += f64::from(down.max(0.0));
            cols[x as usize] += f64::from(across.max(0.0));
        }
    }
    let norm = 1.0 / SQUARE as f64;
    rows.iter_mut()
        .chain(cols.iter_mut())
        .for_each(|v| *v *= norm);
    (rows, cols, bright / (SQUARE * SQUARE) as f64)
}

/// The best evenly spaced `size` lines in a profile: first line, spacing, score, and the mean
/// strength at the lines. Searched every second pixel, then every half pixel around the best.
pub fn fit_lines(profile: &[f64], size: usize) -> (f64, f64, f64, f64) {
    let len = profile.len();
    let n = len as f64;
    // Each entry the strongest within one pixel, so a line between two pixels still counts.
    let wide: Vec<f64> = (0..len)
        .map(|i| {
            profile[i.saturating_sub(1)..(i + 2).min(len)]
                .iter()
                .copied()
                .fold(0.0, f64::max)
        })
        .collect();
    let at = |p: f64| -> f64 {
        if !(0.0..n - 1.0).contains(&p) {
            return 0.0;
        }
        let (i, f) = (p as usize, p.fract());
        wide[i] * (1.0 - f) + wide[i + 1] * f
    };
    let steps = (size - 1) as f64;
    let score = |a: f64, b: f64| -> (f64, f64) {
        let s = (b - a) / steps;
        let on: f64 = (0..size).map(|i| at(a + i as f64 * s)).sum::<f64>() / size as f64;
        let off: f64 = (0..size - 1)
            .map(|i| at(a + (i as f64 + 0.5) * s))
            .sum::<f64>()
            / steps;
        // Lines beyond the ends mean a bigger grid than this one.
        let beyond = [a - s, b + s]
            .iter()
            .filter(|&&p| p > 2.0 && p < n - 3.0)
            .map(|&p| at(p))
            .fold(0.0, f64::max);
        (on - off - 0.7 * beyond, on)
    };
    let mut best = (0.0, n - 1.0, f64::MIN, 0.0);
    for first in (0..(n * 0.3) as usize).step_by(2) {
        for last in ((n * 0.7) as usize..len).step_by(2) {
            let (value, on) = score(first as f64, last as f64);
            if value > best.2 {
                best = (first as f64, last as f64, value, on);
            }
        }
    }
    let (a0, b0) = (best.0, best.1);
    for da in -4..=4 {
        for db in -4..=4 {
            let (a, b) = (
                (a0 + f64::from(da) * 0.5).max(0.0),
                (b0 + f64::from(db) * 0.5).min(n - 1.0),
            );
            let (value, on) = score(a, b);
            if value > best.2 {
                best = (a, b, value, on);
            }
        }
    }
    (best.0, (best.1 - best.0) / steps, best.2, best.3)
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
