//! Finding the board by its grid, not its wood: the thin dark lines of the photo (a ridge,
//! darker than both sides a couple of pixels away, so a stone's edge does not count), gathered
//! into straight lines by a Hough transform, and the lines sorted into the grid's two families
//! (each meets at one vanishing point, as parallel lines seen in perspective do). Two lines of
//! each family make a rectangle of the board's plane; mapped to a square, the grid's lines are
//! evenly spaced there whatever the wood, the cloth or the table around it, and the game's
//! number of lines is fitted to them ([`fit_evenly`]).

use super::homography::Homography;
use super::picture::{Picture, least, luma, most};

/// A straight line `a x + b y = c` with `a² + b² = 1`, in the picture's pixels, and how many
/// ridge pixels voted for it.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub a: f64,
    pub b: f64,
    pub c: f64,
    pub votes: f64,
}

impl Line {
    /// Where two lines meet, if they do within the plane.
    pub fn meet(&self, o: &Line) -> Option<(f64, f64)> {
        let det = self.a * o.b - self.b * o.a;
        if det.abs() < 1e-9 {
            return None;
        }
        Some((
            (self.c * o.b - self.b * o.c) / det,
            (self.a * o.c - self.c * o.a) / det,
        ))
    }
}

/// The luminance of every pixel of the picture.
pub fn luma_of(picture: &Picture) -> Vec<f32> {
    picture.rgb.iter().map(|&c| luma(c)).collect()
}

/// The thin dark lines of a picture: how strongly each pixel lies on one, against the light
/// around it (0 to about 1), and for the pixels that vote for lines (at least `floor`) the
/// direction across the line in degrees (0 to 180; 0 elsewhere).
pub struct Ridges {
    pub strength: Vec<f32>,
    pub normal: Vec<u8>,
    /// The least strength that votes: the clearest 30 % of the ridge pixels, at least 0.05.
    pub floor: f32,
}

/// The ridges of the luminance `l` (`w` × `h`): the curvature of the smoothed luminance across
/// a line (a valley) less any along it (a dark spot curves both ways). The direction is found
/// only where the pixel votes, its strength found first everywhere.
pub fn ridges(l: &[f32], w: usize, h: usize) -> Ridges {
    let mut strength = vec![0.0f32; w * h];
    let mut normal = vec![0u8; w * h];
    if w < 8 || h < 8 || l.len() != w * h {
        return Ridges {
            strength,
            normal,
            floor: 0.05,
        };
    }
    // Smoothed twice by [1 2 1]/4 each way. (Slices, not vectors, indexed: the vector's
    // indexing is a call at the size-optimised build's level.)
    let mut smooth = l.to_vec();
    let mut temp = vec![0.0f32; w * h];
    let (s, t) = (&mut smooth[..], &mut temp[..]);
    for _ in 0..2 {
        for y in 0..h {
            for x in 1..w - 1 {
                let i = y * w + x;
                t[i] = 0.25 * (s[i - 1] + 2.0 * s[i] + s[i + 1]);
            }
            t[y * w] = s[y * w];
            t[y * w + w - 1] = s[y * w + w - 1];
        }
        for y in 1..h - 1 {
            for x in 0..w {
                let i = y * w + x;
                s[i] = 0.25 * (t[i - w] + 2.0 * t[i] + t[i + w]);
            }
        }
    }
    // The second derivatives at pixel `i`: across x, across y, and the half difference and
    // cross term whose angle is the valley's direction.
    let s = &*s;
    let hessian = |i: usize| {
        let c = s[i];
        let xx = s[i - 2] + s[i + 2] - 2.0 * c;
        let yy = s[i - 2 * w] + s[i + 2 * w] - 2.0 * c;
        let xy = s[i + w + 1] + s[i - w - 1] - s[i + w - 1] - s[i - w + 1];
        (c, xx, yy, xy)
    };
    let mut clear = Vec::new();
    for y in 2..h - 2 {
        for x in 2..w - 2 {
            let i = y * w + x;
            let (c, xx, yy, xy) = hessian(i);
            let half = 0.5 * (xx - yy);
            let root = (half * half + xy * xy).sqrt();
            let mean = 0.5 * (xx + yy);
            let (big, small) = (mean + root, mean - root);
            let v = most(big - most(small, 0.0) * 2.0, 0.0) / (c + 0.03);
            if v <= 0.02 {
                continue;
            }
            strength[i] = v;
            clear.push(v);
        }
    }
    // Only the clearest ridge pixels vote.
    let floor = if clear.len() > 20 {
        let k = clear.len() * 7 / 10;
        *clear.select_nth_unstable_by(k, f32::total_cmp).1
    } else {
        0.05
    }
    .max(0.05);
    for y in 2..h - 2 {
        for x in 2..w - 2 {
            let i = y * w + x;
            if strength[i] < floor {
                continue;
            }
            let (_, xx, yy, xy) = hessian(i);
            let angle = 0.5 * xy.atan2(0.5 * (xx - yy)).to_degrees();
            // -90 to 90 degrees taken to 0 to 180 (as `rem_euclid` would, without its
            // division's remainder), then to the nearest whole degree (not negative: a half up).
            let angle = if angle < 0.0 { angle + 180.0 } else { angle };
            normal[i] = ((angle + 0.5) as u16 % 180) as u8;
        }
    }
    Ridges {
        strength,
        normal,
        floor,
    }
}

/// The strongest straight lines of the ridge map (`w` × `h`), at most `most` of them, strongest
/// first, each with at least `least` of the strongest's votes.
pub fn hough(ridges: &Ridges, (w, h): (usize, usize), most: usize, least: f32) -> Vec<Line> {
    const ANGLES: usize = 180;
    let (strength, normal, floor) = (&ridges.strength[..], &ridges.normal[..], ridges.floor);
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let reach = (cx.hypot(cy)).ceil() as usize + 1;
    let rhos = 2 * reach + 1;
    let mut votes = vec![0.0f32; ANGLES * rhos];
    let acc = &mut votes[..];
    let table: Vec<(f32, f32)> = (0..ANGLES)
        .map(|t| {
            let a = (t as f64).to_radians();
            (a.cos() as f32, a.sin() as f32)
        })
        .collect();
    let table = &table[..];
    // Each voting pixel votes for the angles near its own normal.
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let s = strength[i];
            if s < floor {
                continue;
            }
            let centre = usize::from(normal[i]);
            let (px, py) = ((x as f64 - cx) as f32, (y as f64 - cy) as f32);
            // Half-open ranges: an inclusive one steps by a call at the size-optimised level.
            for d in 0..5usize {
                let t = (centre + ANGLES + d - 2) % ANGLES;
                let (c, sn) = table[t];
                let rho = px * c + py * sn;
                // Not negative (a line's distance is at most `reach`): a half up is the nearest.
                let k = (rho + reach as f32 + 0.5) as usize;
                if k < rhos {
                    acc[t * rhos + k] += s.min(0.5);
                }
            }
        }
    }
    // Peaks: the strongest cell within 2 degrees and 3 pixels, around the circle of angles.
    let mut peaks = Vec::new();
    let top = acc.iter().copied().fold(0.0, f32::max);
    let least = least * top;
    for t in 0..ANGLES {
        for k in 3..rhos - 3 {
            let v = acc[t * rhos + k];
            if v < least {
                continue;
            }
            let mut is_peak = true;
            'around: for dt in -2isize..3 {
                let tt = (t as isize + dt).rem_euclid(ANGLES as isize) as usize;
                // Past 180 degrees the same line has the opposite distance.
                let wrap = (t as isize + dt) < 0 || (t as isize + dt) >= ANGLES as isize;
                for dk in -3isize..4 {
                    let kk = if wrap {
                        (2 * reach) as isize - (k as isize + dk)
                    } else {
                        k as isize + dk
                    };
                    if kk < 0 || kk >= rhos as isize || (dt == 0 && dk == 0) {
                        continue;
                    }
                    let o = acc[tt * rhos + kk as usize];
                    if o > v || (o == v && (dt, dk) < (0, 0)) {
                        is_peak = false;
                        break 'around;
                    }
                }
            }
            if is_peak {
                peaks.push((v, t, k));
            }
        }
    }
    peaks.sort_by(|a, b| b.0.total_cmp(&a.0));
    peaks.truncate(most);
    peaks
        .into_iter()
        .map(|(v, t, k)| {
            let (c, s) = (f64::from(table[t].0), f64::from(table[t].1));
            let rho = k as f64 - reach as f64;
            Line {
                a: c,
                b: s,
                c: rho + c * cx + s * cy,
                votes: f64::from(v),
            }
        })
        .collect()
}

/// How far line `l` passes from the vanishing point `v` (a homogeneous point of unit length,
/// in coordinates where the picture spans -1 to 1).
fn miss(l: &Line, v: [f64; 3], norm: (f64, f64, f64)) -> f64 {
    let (cx, cy, s) = norm;
    // The line in the normalised coordinates: a x' + b y' = (c - a cx - b cy) / s.
    let c = (l.c - l.a * cx - l.b * cy) / s;
    (l.a * v[0] + l.b * v[1] - c * v[2]).abs()
}

/// The lines through one vanishing point, and the point.
fn family(lines: &[Line], taken: &[bool], norm: (f64, f64, f64)) -> (Vec<usize>, f64) {
    let (cx, cy, s) = norm;
    let homogeneous = |l: &Line| [l.a, l.b, -(l.c - l.a * cx - l.b * cy) / s];
    let mut best: (Vec<usize>, f64) = (Vec::new(), 0.0);
    for i in 0..lines.len() {
        if taken[i] {
            continue;
        }
        for j in i + 1..lines.len() {
            if taken[j] {
                continue;
            }
            let (p, q) = (homogeneous(&lines[i]), homogeneous(&lines[j]));
            let v = [
                p[1] * q[2] - p[2] * q[1],
                p[2] * q[0] - p[0] * q[2],
                p[0] * q[1] - p[1] * q[0],
            ];
            let len = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt();
            if len < 1e-12 {
                continue;
            }
            let v = v.map(|x| x / len);
            // A vanishing point inside the picture is lines through one spot, not a family.
            if v[2].abs() > 1e-9 && (v[0] / v[2]).abs() < cx / s && (v[1] / v[2]).abs() < cy / s {
                continue;
            }
            let members: Vec<usize> = (0..lines.len())
                .filter(|&k| !taken[k] && miss(&lines[k], v, norm) < 0.006)
                .collect();
            let weight: f64 = members.iter().map(|&k| lines[k].votes.sqrt()).sum();
            if weight > best.1 {
                best = (members, weight);
            }
        }
    }
    best
}

/// Candidates for the grid's two families of lines among `lines`: the two best-supported
/// vanishing points' lines (the second found without the first's lines), and for each the
/// three best of the rest crossing them at 30 degrees or more; the grid's fit tells which pair
/// is the board's (a table's edges or a cloth's pattern may be a family too).
pub fn families(lines: &[Line], w: usize, h: usize) -> Vec<(Vec<Line>, Vec<Line>)> {
    let norm = (w as f64 / 2.0, h as f64 / 2.0, w.max(h) as f64 / 2.0);
    let pick = |set: &[usize]| set.iter().map(|&k| lines[k]).collect::<Vec<Line>>();
    let mean_angle = |set: &[usize]| {
        let (mut sx, mut sy) = (0.0, 0.0);
        for &k in set {
            // Doubled angles: a line and its reverse are one direction.
            let t = lines[k].b.atan2(lines[k].a) * 2.0;
            sx += t.cos();
            sy += t.sin();
        }
        sy.atan2(sx) / 2.0
    };
    let mut out = Vec::new();
    let mut used = vec![false; lines.len()];
    for _ in 0..2 {
        let (first, _) = family(lines, &used, norm);
        if first.len() < 3 {
            break;
        }
        for &k in &first {
            used[k] = true;
        }
        let along = mean_angle(&first);
        let mut taken = vec![false; lines.len()];
        for &k in &first {
            taken[k] = true;
        }
        // Lines close in angle to the first family are not the second.
        for (k, l) in lines.iter().enumerate() {
            let t = l.b.atan2(l.a);
            let d =
                ((t - along).rem_euclid(std::f64::consts::PI) - std::f64::consts::FRAC_PI_2).abs();
            if d > std::f64::consts::FRAC_PI_2 - 0.5 {
                taken[k] = true;
            }
        }
        for _ in 0..2 {
            let (second, _) = family(lines, &taken, norm);
            if second.len() < 3 {
                break;
            }
            for &k in &second {
                taken[k] = true;
            }
            out.push((pick(&first), pick(&second)));
        }
    }
    out
}

/// The luminance of the quadrilateral `quad` (top left, top right, bottom right, bottom left,
/// in the picture's pixels) mapped to a `side` × `side` square, between pixels by weighting.
pub fn rectify(
    l: &[f32],
    w: usize,
    h: usize,
    quad: [(f64, f64); 4],
    side: usize,
) -> Option<Vec<f32>> {
    let s = side as f64;
    let map = Homography::from_corners([(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)], quad)?;
    let m = &map.0;
    let mut out = vec![0.0f32; side * side];
    let (right, bottom) = ((w - 1) as f64, (h - 1) as f64);
    // Along a row the map's numerators and denominator each grow by a constant step: one
    // division per pixel.
    for (y, row) in out.chunks_exact_mut(side).enumerate() {
        let fy = y as f64 + 0.5;
        let mut top_x = m[0] * 0.5 + m[1] * fy + m[2];
        let mut top_y = m[3] * 0.5 + m[4] * fy + m[5];
        let mut d = m[6] * 0.5 + m[7] * fy + m[8];
        for cell in row.iter_mut() {
            let inv = if d.abs() < 1e-12 { 1e12 } else { 1.0 / d };
            let (px, py) = (top_x * inv - 0.5, top_y * inv - 0.5);
            top_x += m[0];
            top_y += m[3];
            d += m[6];
            if !(px >= 0.0 && py >= 0.0 && px < right && py < bottom) {
                continue;
            }
            // Within the picture, so 32 bits hold them: natively a conversion to and from a
            // 64-bit unsigned number is a dozen instructions each way, this one or two.
            let (x0, y0) = (px as i32, py as i32);
            let (fx, fy) = ((px - f64::from(x0)) as f32, (py - f64::from(y0)) as f32);
            let i = y0 as usize * w + x0 as usize;
            let top = l[i] + (l[i + 1] - l[i]) * fx;
            let bottom = l[i + w] + (l[i + w + 1] - l[i + w]) * fx;
            *cell = top + (bottom - top) * fy;
        }
    }
    Some(out)
}

/// Per row and per column of a square of luminance, the sum of how much darker each pixel is
/// than both its neighbours `reach` away, against their light: where lines across and down are.
pub fn profiles(sq: &[f32], side: usize, reach: usize) -> (Vec<f32>, Vec<f32>) {
    let (mut row_sums, mut col_sums) = (vec![0.0f32; side], vec![0.0f32; side]);
    let (rows, cols) = (&mut row_sums[..], &mut col_sums[..]);
    let r = reach;
    for y in r..side.saturating_sub(r) {
        for x in r..side - r {
            let v = sq[y * side + x];
            if v <= 0.0 {
                continue;
            }
            let (u, d) = (sq[(y - r) * side + x], sq[(y + r) * side + x]);
            let (le, ri) = (sq[y * side + x - r], sq[y * side + x + r]);
            let across = least(u, d);
            if across > 0.0 {
                rows[y] += most((across - v) / (across + 0.03), 0.0);
            }
            let down = least(le, ri);
            if down > 0.0 {
                cols[x] += most((down - v) / (down + 0.03), 0.0);
            }
        }
    }
    let n = side as f32;
    for v in rows.iter_mut().chain(cols.iter_mut()) {
        *v /= n;
    }
    (row_sums, col_sums)
}

/// The profile at `p`, the strongest within a pixel, between entries by weighting; 0 outside.
#[inline(always)]
fn at(wide: &[f32], p: f64) -> f32 {
    if p.is_nan() || p < 0.0 || p >= (wide.len() - 1) as f64 {
        return 0.0;
    }
    let i = p as usize;
    let f = (p - i as f64) as f32;
    wide[i] + (wide[i + 1] - wide[i]) * f
}

/// The evenly spaced `n` lines that fit a profile best, spaced `spacing.0` to `spacing.1`:
/// (first line, spacing, score, score of the best fit one line off at either end).
pub fn fit_evenly(profile: &[f32], n: usize, spacing: (f64, f64)) -> Option<(f64, f64, f64, f64)> {
    let len = profile.len();
    if n < 2 || len < 8 {
        return None;
    }
    let wide: Vec<f32> = (0..len)
        .map(|i| {
            profile[i.saturating_sub(1)..(i + 2).min(len)]
                .iter()
                .copied()
                .fold(0.0, f32::max)
        })
        .collect();
    let wide = &wide[..];
    let steps = (n - 1) as f64;
    let strength = |a: f64, s: f64| -> f64 {
        let mut on = 0.0f32;
        for k in 0..n {
            on += at(wide, a + k as f64 * s);
        }
        f64::from(on / n as f32)
    };
    let rest = |a: f64, s: f64, on: f64| -> f64 {
        let mut off = 0.0f32;
        for k in 0..n - 1 {
            off += at(wide, a + (k as f64 + 0.5) * s);
        }
        let outside = at(wide, a - s).max(at(wide, a + n as f64 * s));
        on - f64::from(off / (n - 1) as f32 + 0.8 * outside)
    };
    let score = |a: f64, s: f64| rest(a, s, strength(a, s));
    // As `rest`, but `f64::MIN` as soon as the score cannot pass `floor`: the profile is not
    // negative, so every line half-way summed only lowers it (the same scores where it passes).
    let rest_over = |a: f64, s: f64, on: f64, floor: f64| -> f64 {
        let mut off = 0.0f32;
        for k in 0..n - 1 {
            off += at(wide, a + (k as f64 + 0.5) * s);
            if k % 4 == 3 && on - f64::from(off / (n - 1) as f32) <= floor {
                return f64::MIN;
            }
        }
        let outside = at(wide, a - s).max(at(wide, a + n as f64 * s));
        on - f64::from(off / (n - 1) as f32 + 0.8 * outside)
    };
    let mut best = (0.0, 0.0, f64::MIN);
    let (lo, hi) = (spacing.0.max(3.0), spacing.1.min((len - 2) as f64 / steps));
    let top = wide.iter().copied().fold(0.0f32, f32::max);
    let mut s = lo;
    // Each line's whole and fractional offset from the first at this spacing: the first line
    // at whole pixels, the lines' weights are the same at every start.
    let mut offset_of = vec![(0usize, 0.0f32); n];
    let offsets = &mut offset_of[..];
    while s <= hi {
        for (k, o) in offsets.iter_mut().enumerate() {
            let p = k as f64 * s;
            *o = (p as usize, (p - (p as usize) as f64) as f32);
        }
        let mut a = 1.0;
        while a + steps * s < (len - 1) as f64 {
            // The score is at most the strength: most places end there, many before all their
            // lines are summed (the lines left can add at most the profile's top each).
            let mut on = 0.0f32;
            let mut k = 0;
            let start = a as usize;
            while k < n {
                // Within the profile: the last line is short of its end.
                let (i, f) = offsets[k];
                let (lo, hi) = (wide[start + i], wide[start + i + 1]);
                on += lo + (hi - lo) * f;
                k += 1;
                if k % 4 == 0
                    && best.2 > f64::MIN
                    && f64::from((on + (n - k) as f32 * top) / n as f32) < best.2
                {
                    break;
                }
            }
            let on = if k == n {
                f64::from(on / n as f32)
            } else {
                f64::MIN
            };
            if on > best.2 {
                let v = rest_over(a, s, on, best.2);
                if v > best.2 {
                    best = (a, s, v);
                }
            }
            a += 1.0;
        }
        s += 0.5;
    }
    if best.2 == f64::MIN {
        return None;
    }
    // Finer, around the best.
    let (a0, s0) = (best.0, best.1);
    for da in -4..=4 {
        for ds in -4..=4 {
            let (a, s) = (a0 + f64::from(da) * 0.25, s0 + f64::from(ds) * 0.125);
            let v = score(a, s);
            if v > best.2 {
                best = (a, s, v);
            }
        }
    }
    let (a, s) = (best.0, best.1);
    let shifted = score(a - s, s).max(score(a + s, s));
    // The score against the profile's mean: noise fits some lines, never far above its mean.
    let mean = f64::from(wide.iter().sum::<f32>() / len as f32).max(1e-6);
    Some((a, s, best.2 / mean, shifted / mean))
}
