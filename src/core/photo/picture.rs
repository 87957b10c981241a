//! The photo as the reader works on it: the browser's RGBA pixels averaged down to at most
//! [`MAX_SIDE`] pixels a side (a 40-megapixel photo costs one pass, then a bounded time), as
//! value (the brightest channel), saturation and hue per pixel.

use super::PhotoRefusal;

/// The longest side the reader works at; a bigger photo is averaged down by a whole factor. A
/// phone's 774×1032 photo of a crowded board is read at its own pixels (halved, its cells of
/// 17 pixels lost the lines between touching stones); the app's 1280×960 frame is halved.
pub const MAX_SIDE: usize = 1100;

/// The shortest side of a photo read: a board's grid needs some pixels a line.
const MIN_SIDE: usize = 120;

/// The most pixels a photo may have (a 100-megapixel photo is refused as no photo).
const MAX_PIXELS: usize = 100_000_000;

/// A photo downscaled, one entry per pixel, row by row.
pub struct Picture {
    /// Its width and height in pixels.
    pub width: usize,
    /// Its height in pixels.
    pub height: usize,
    /// Red, green and blue, 0 to 1.
    pub rgb: Vec<[f32; 3]>,
    /// How many of the photo's pixels each side of one of these spans.
    pub scale: usize,
}

impl Picture {
    /// The photo of `width` × `height` RGBA pixels, averaged down to at most [`MAX_SIDE`] a
    /// side; refused when the pixels do not make such a picture or it is too small to hold a
    /// board.
    pub fn from_rgba(rgba: &[u8], width: usize, height: usize) -> Result<Picture, PhotoRefusal> {
        let count = width.checked_mul(height).filter(|&n| n <= MAX_PIXELS);
        if count.is_none_or(|n| n.checked_mul(4) != Some(rgba.len()))
            || width.min(height) < MIN_SIDE
        {
            return Err(PhotoRefusal::NotAnImage);
        }
        Ok(Picture::averaged(
            rgba,
            (width, height),
            width.max(height).div_ceil(MAX_SIDE).max(1),
        ))
    }

    /// The photo of `width` × `height` RGBA pixels (checked by [`Picture::from_rgba`]) averaged
    /// over squares of `k` × `k` pixels.
    pub fn averaged(rgba: &[u8], (width, height): (usize, usize), k: usize) -> Picture {
        let k = k.max(1);
        let (w, h) = (width / k, height / k);
        let mut rgb = vec![[0.0f32; 3]; w * h];
        let scale = 1.0 / (255.0 * (k * k) as f32);
        // Each row of squares summed along the photo's rows in turn (whole numbers: the same
        // sums in any order).
        let mut sums = vec![[0u32; 3]; w];
        for (y, row) in rgb.chunks_exact_mut(w).enumerate() {
            sums.fill([0; 3]);
            for sy in y * k..(y + 1) * k {
                let line = &rgba[sy * width * 4..(sy * width + w * k) * 4];
                for (sum, block) in sums.iter_mut().zip(line.chunks_exact(4 * k)) {
                    for p in block.chunks_exact(4) {
                        sum[0] += u32::from(p[0]);
                        sum[1] += u32::from(p[1]);
                        sum[2] += u32::from(p[2]);
                    }
                }
            }
            for (out, sum) in row.iter_mut().zip(&sums) {
                *out = sum.map(|s| s as f32 * scale);
            }
        }
        Picture {
            width: w,
            height: h,
            rgb,
            scale: k,
        }
    }

    /// This picture averaged down by a whole factor to at most `max_side` pixels a side, with
    /// that factor (1 when it is small enough already: a copy).
    pub fn shrunk(&self, max_side: usize) -> (Picture, usize) {
        let k = self.width.max(self.height).div_ceil(max_side.max(1)).max(1);
        let (w, h) = (self.width / k, self.height / k);
        let mut rgb = vec![[0.0f32; 3]; w * h];
        let share = 1.0 / (k * k) as f32;
        for (y, row) in rgb.chunks_exact_mut(w.max(1)).enumerate() {
            for sy in y * k..(y + 1) * k {
                let line = &self.rgb[sy * self.width..sy * self.width + w * k];
                for (out, block) in row.iter_mut().zip(line.chunks_exact(k)) {
                    for c in block {
                        for i in 0..3 {
                            out[i] += c[i] * share;
                        }
                    }
                }
            }
        }
        let picture = Picture {
            width: w,
            height: h,
            rgb,
            scale: self.scale * k,
        };
        (picture, k)
    }

    /// The colour at `(x, y)`, between pixels by weighting the four around it; black outside.
    #[inline(always)]
    pub fn sample(&self, x: f64, y: f64) -> [f32; 3] {
        if !(x >= 0.0 && y >= 0.0) || x > (self.width - 1) as f64 || y > (self.height - 1) as f64 {
            return [0.0; 3];
        }
        let (x0, y0) = (x as usize, y as usize);
        let (fx, fy) = ((x - x0 as f64) as f32, (y - y0 as f64) as f32);
        let dx = usize::from(x0 + 1 < self.width);
        let dy = if y0 + 1 < self.height { self.width } else { 0 };
        let i = y0 * self.width + x0;
        let (Some(&a), Some(&b), Some(&c), Some(&d)) = (
            self.rgb.get(i),
            self.rgb.get(i + dx),
            self.rgb.get(i + dy),
            self.rgb.get(i + dy + dx),
        ) else {
            return [0.0; 3];
        };
        let mut out = [0.0; 3];
        for k in 0..3 {
            let top = a[k] + (b[k] - a[k]) * fx;
            let bottom = c[k] + (d[k] - c[k]) * fx;
            out[k] = top + (bottom - top) * fy;
        }
        out
    }
}

/// The lesser of two numbers that are not NaN. `f32::min` minds NaN and, at the size-optimised
/// level, is a call to the library's `fminf` (also on wasm32): two calls or more a pixel.
#[inline(always)]
pub fn least(a: f32, b: f32) -> f32 {
    if b < a { b } else { a }
}

/// The greater of two numbers that are not NaN (`f32::max` without its call, as `least`).
#[inline(always)]
pub fn most(a: f32, b: f32) -> f32 {
    if b > a { b } else { a }
}

/// Value (the brightest channel), saturation and hue in degrees of a colour.
#[inline(always)]
pub fn hsv(c: [f32; 3]) -> (f32, f32, f32) {
    let max = most(most(c[0], c[1]), c[2]);
    let min = least(least(c[0], c[1]), c[2]);
    let span = max - min;
    let sat = if max > 1e-6 { span / max } else { 0.0 };
    let hue = if span < 1e-6 {
        0.0
    } else if max == c[0] {
        // Between -1 and 1: taken around the circle without a division's remainder.
        let h = (c[1] - c[2]) / span;
        60.0 * if h < 0.0 { h + 6.0 } else { h }
    } else if max == c[1] {
        60.0 * ((c[2] - c[0]) / span + 2.0)
    } else {
        60.0 * ((c[0] - c[1]) / span + 4.0)
    };
    (max, sat, hue)
}

/// The luminance of a colour (ITU-R BT.601 weights).
#[inline(always)]
pub fn luma(c: [f32; 3]) -> f32 {
    0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
}

/// The distance between two hues in degrees, around the circle.
#[inline(always)]
pub fn hue_gap(a: f32, b: f32) -> f32 {
    let d = (a - b).abs();
    // Hues are 0 to 360, so this is rare: the remainder is taken by whole turns, not by `%`,
    // whose library call the compiler makes on every pixel to spare the branch.
    let d = if d >= 360.0 {
        d - 360.0 * ((d / 360.0) as i64) as f32
    } else {
        d
    };
    least(d, 360.0 - d)
}
