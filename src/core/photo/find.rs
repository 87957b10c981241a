//! Finding the board in the photo: the wood's colour from the photo's middle (whatever the
//! wood, pale maple to dark walnut, and whatever the light, since hue and saturation change
//! little with brightness), the largest patch of that colour with the stones and lines inside
//! it filled, and its outline's four corners: the sides fitted as straight lines through the
//! outline, so a rounded corner or a stone over the edge does not move them.

use super::PhotoRefusal;
use super::picture::{Picture, hsv, hue_gap};

/// The wood's colour: hue in degrees, saturation and value, each the median over the photo's
/// middle.
#[derive(Clone, Copy, Debug)]
pub struct Wood {
    /// Hue in degrees.
    pub hue: f32,
    /// Saturation, 0 to 1.
    pub sat: f32,
    /// Value, 0 to 1.
    pub value: f32,
}

impl Wood {
    /// Whether a colour is this wood's, in brighter or dimmer light.
    #[inline(always)]
    pub fn holds(&self, c: [f32; 3]) -> bool {
        let (v, s, h) = hsv(c);
        hue_gap(h, self.hue) < 16.0
            && s > 0.5 * self.sat
            && s < 1.0_f32.min(1.8 * self.sat + 0.1)
            && v > 0.25 * self.value
    }
}

/// The median of some values (0 for none).
pub fn median(values: &mut [f32]) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let mid = values.len() / 2;
    *values.select_nth_unstable_by(mid, f32::total_cmp).1
}

/// The wood's colour, from the coloured pixels of the photo's middle (stones are grey), or of
/// the whole photo when its middle holds too little colour (a board half out of the frame).
pub fn wood_colour(picture: &Picture) -> Result<Wood, PhotoRefusal> {
    let (w, h) = (picture.width, picture.height);
    coloured(picture, (w * 3 / 10, w * 7 / 10), (h * 3 / 10, h * 7 / 10))
        .or_else(|_| coloured(picture, (0, w), (0, h)))
}

fn coloured(
    picture: &Picture,
    xs: (usize, usize),
    ys: (usize, usize),
) -> Result<Wood, PhotoRefusal> {
    let (mut hues, mut sats, mut values) = (Vec::new(), Vec::new(), Vec::new());
    for y in (ys.0..ys.1).step_by(2) {
        for x in (xs.0..xs.1).step_by(2) {
            let (v, s, hue) = hsv(picture.rgb[y * picture.width + x]);
            if v > 0.15 && s > 0.18 {
                hues.push(hue);
                sats.push(s);
                values.push(v);
            }
        }
    }
    let seen = (xs.1 - xs.0) * (ys.1 - ys.0) / 4;
    if hues.len() * 5 < seen {
        return Err(PhotoRefusal::NoBoard);
    }
    // Wood hues lie between red and yellow; the median of hues there is safe from wrapping.
    let hue = median(&mut hues);
    Ok(Wood {
        hue,
        sat: median(&mut sats),
        value: median(&mut values),
    })
}

/// Takes a lamp's colour out: the brightest of the photo's pixels that are much greyer than
/// the wood (white stones, a glare spot) are made grey, and every pixel with them; the wood's
/// colour is then taken again. A photo without such pixels is left as it is.
pub fn balance(picture: &mut Picture, wood: Wood) -> Result<Wood, PhotoRefusal> {
    let mut greys: Vec<(f32, [f32; 3])> = picture
        .rgb
        .iter()
        .filter_map(|&c| {
            let (v, s, _) = hsv(c);
            (s < 0.6 * wood.sat && v > wood.value).then_some((v, c))
        })
        .collect();
    if greys.len() < 50 {
        return Ok(wood);
    }
    let top = greys.len() / 10;
    greys.select_nth_unstable_by(top, |a, b| b.0.total_cmp(&a.0));
    let mut mean = [0.0f32; 3];
    for (_, c) in &greys[..top] {
        for k in 0..3 {
            mean[k] += c[k] / top as f32;
        }
    }
    let high = mean[0].max(mean[1]).max(mean[2]);
    let gains = mean.map(|m| (high / m.max(0.05)).clamp(1.0, 1.6));
    if gains.iter().all(|&g| g < 1.03) {
        return Ok(wood);
    }
    for c in &mut picture.rgb {
        for k in 0..3 {
            c[k] = (c[k] * gains[k]).min(1.0);
        }
    }
    wood_colour(picture)
}

/// The four corners of the board in `picture` (top left, top right, bottom right, bottom
/// left, in its pixels): the outline of the patch of `wood`.
pub fn board_corners(picture: &Picture, wood: &Wood) -> Result<[(f64, f64); 4], PhotoRefusal> {
    corners(&board_patch(picture, wood), picture.width, picture.height)
}

/// Whether each pixel of `picture` is of the wood's colour.
pub fn wood_mask(picture: &Picture, wood: &Wood) -> Vec<bool> {
    picture.rgb.iter().map(|&c| wood.holds(c)).collect()
}

/// The board's patch: the largest connected patch of the wood's colour, with its holes (the
/// stones, the lines) filled, as one flag per pixel.
pub fn board_patch(picture: &Picture, wood: &Wood) -> Vec<bool> {
    patch_of(&wood_mask(picture, wood), picture.width, picture.height)
}

/// The largest connected patch of the pixels of `wooden` (`w` × `h`), its holes filled:
/// everything the photo's edge cannot reach without crossing it. Both are found on runs of
/// pixels along the rows, joined where they touch from one row to the next, rather than
/// pixel by pixel.
fn patch_of(wooden: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut patch = vec![true; w * h];
    if w == 0 || h == 0 || wooden.len() != w * h {
        return patch;
    }
    let wood = Runs::of(w, h, |i| wooden[i]);
    let mut sizes = vec![0usize; wood.spans.len()];
    for (k, &(x0, x1, _)) in wood.spans.iter().enumerate() {
        sizes[wood.root(k)] += (x1 - x0) as usize;
    }
    // The biggest patch; of two as big, the one that starts first.
    let (mut best, mut best_size) = (usize::MAX, 0);
    for k in 0..wood.spans.len() {
        let root = wood.root(k);
        if sizes[root] > best_size {
            (best, best_size) = (root, sizes[root]);
        }
    }
    let mut board = vec![false; w * h];
    for (k, &(x0, x1, y)) in wood.spans.iter().enumerate() {
        if wood.root(k) == best {
            let row = y as usize * w;
            board[row + x0 as usize..row + x1 as usize].fill(true);
        }
    }
    // The rest, and which of it the photo's edge reaches.
    let rest = Runs::of(w, h, |i| !board[i]);
    let mut outside = vec![false; rest.spans.len()];
    for (k, &(x0, x1, y)) in rest.spans.iter().enumerate() {
        if x0 == 0 || x1 as usize == w || y == 0 || y as usize + 1 == h {
            outside[rest.root(k)] = true;
        }
    }
    for (k, &(x0, x1, y)) in rest.spans.iter().enumerate() {
        if outside[rest.root(k)] {
            let row = y as usize * w;
            patch[row + x0 as usize..row + x1 as usize].fill(false);
        }
    }
    patch
}

/// The runs of pixels of a picture that have some property, each `(first x, end x, y)`, and
/// which of them touch (four-connected), as a forest whose roots name the patches.
struct Runs {
    spans: Vec<(u32, u32, u32)>,
    parent: Vec<usize>,
}

impl Runs {
    /// The runs of the pixels of a `w` × `h` picture (by index) that `has`, joined.
    fn of(w: usize, h: usize, has: impl Fn(usize) -> bool) -> Runs {
        let mut spans = Vec::new();
        let mut rows = Vec::with_capacity(h + 1);
        for y in 0..h {
            rows.push(spans.len());
            let mut x = 0;
            while x < w {
                if !has(y * w + x) {
                    x += 1;
                    continue;
                }
                let start = x;
                while x < w && has(y * w + x) {
                    x += 1;
                }
                spans.push((start as u32, x as u32, y as u32));
            }
        }
        rows.push(spans.len());
        let mut runs = Runs {
            parent: (0..spans.len()).collect(),
            spans,
        };
        for y in 1..h {
            let (mut i, mut j) = (rows[y - 1], rows[y]);
            while i < rows[y] && j < rows[y + 1] {
                let (a, b) = (runs.spans[i], runs.spans[j]);
                if a.0 < b.1 && b.0 < a.1 {
                    runs.join(i, j);
                }
                if a.1 <= b.1 {
                    i += 1;
                } else {
                    j += 1;
                }
            }
        }
        runs
    }

    /// The root of run `k`'s tree.
    fn root(&self, mut k: usize) -> usize {
        while self.parent[k] != k {
            k = self.parent[k];
        }
        k
    }

    /// Puts runs `a` and `b` in one tree.
    fn join(&mut self, a: usize, b: usize) {
        let (mut a, mut b) = (a, b);
        // Halving the paths on the way keeps the trees flat.
        while self.parent[a] != a {
            self.parent[a] = self.parent[self.parent[a]];
            a = self.parent[a];
        }
        while self.parent[b] != b {
            self.parent[b] = self.parent[self.parent[b]];
            b = self.parent[b];
        }
        if a != b {
            let (low, high) = (a.min(b), a.max(b));
            self.parent[high] = low;
        }
    }
}

/// The four corners of the board's patch, top left, top right, bottom right, bottom left;
/// refused when the patch is too small to be a board or runs out of the photo.
pub fn corners(patch: &[bool], w: usize, h: usize) -> Result<[(f64, f64); 4], PhotoRefusal> {
    corners_within(patch, w, h, 2.0)
}

/// [`corners`], a side being along the photo's edge when within `edge` pixels of it.
fn corners_within(
    patch: &[bool],
    w: usize,
    h: usize,
    edge: f64,
) -> Result<[(f64, f64); 4], PhotoRefusal> {
    if w < 3 || h < 3 || patch.len() != w * h {
        return Err(PhotoRefusal::NoBoard);
    }
    let area = patch.iter().filter(|&&p| p).count();
    if area * 12 < w * h {
        return Err(PhotoRefusal::NoBoard);
    }
    // The outline: pixels of the patch beside one outside it (or the photo's edge).
    let mut outline = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !patch[i] {
                continue;
            }
            let rim = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            if rim || !patch[i - 1] || !patch[i + 1] || !patch[i - w] || !patch[i + w] {
                outline.push((x as f64, y as f64));
            }
        }
    }
    // Along the convex hull, so a stone over the board's edge does not dent a side.
    let outline = hull_path(outline);
    let extreme = |dx: f64, dy: f64| {
        outline
            .iter()
            .copied()
            .max_by(|a, b| (a.0 * dx + a.1 * dy).total_cmp(&(b.0 * dx + b.1 * dy)))
            .unwrap_or((0.0, 0.0))
    };
    let rough = [
        extreme(-1.0, -1.0),
        extreme(1.0, -1.0),
        extreme(1.0, 1.0),
        extreme(-1.0, 1.0),
    ];
    let mut lines = [(0.0, 0.0, 0.0); 4];
    let mut cut = 0;
    for (side, line) in lines.iter_mut().enumerate() {
        let (a, b) = (rough[side], rough[(side + 1) % 4]);
        *line = fit_side(&outline, a, b).ok_or(PhotoRefusal::NoBoard)?;
        // A side lying along the photo's edge is the photo's, not the board's.
        let along = |p: (f64, f64)| {
            p.0 < edge || p.1 < edge || p.0 > (w - 1) as f64 - edge || p.1 > (h - 1) as f64 - edge
        };
        let mid = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        cut += usize::from(along(a) && along(b) && along(mid));
    }
    match cut {
        0 => {}
        1 | 2 => return Err(PhotoRefusal::NotWhole),
        // A patch bounded by the photo on three sides or more is the table or a wall.
        _ => return Err(PhotoRefusal::NoBoard),
    }
    let mut out = [(0.0, 0.0); 4];
    for (i, corner) in out.iter_mut().enumerate() {
        *corner = meet(lines[(i + 3) % 4], lines[i]).ok_or(PhotoRefusal::NoBoard)?;
        let slack = 0.02 * w.max(h) as f64;
        if corner.0 < -slack
            || corner.1 < -slack
            || corner.0 > w as f64 + slack
            || corner.1 > h as f64 + slack
        {
            return Err(PhotoRefusal::NotWhole);
        }
    }
    Ok(out)
}

/// The straight line `a x + b y = c` (with `a² + b² = 1`) through the outline's points along
/// the middle of the side from `from` to `to`.
fn fit_side(outline: &[(f64, f64)], from: (f64, f64), to: (f64, f64)) -> Option<(f64, f64, f64)> {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy);
    if len < 8.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let near: Vec<(f64, f64)> = outline
        .iter()
        .copied()
        .filter(|p| {
            let (px, py) = (p.0 - from.0, p.1 - from.1);
            let t = (px * ux + py * uy) / len;
            let off = (px * uy - py * ux).abs();
            (0.1..0.9).contains(&t) && off < 0.04 * len + 2.0
        })
        .collect();
    if near.len() < 8 {
        return Some((uy, -ux, uy * from.0 - ux * from.1));
    }
    let n = near.len() as f64;
    let (mx, my) = near
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0 / n, s.1 + p.1 / n));
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for p in &near {
        let (x, y) = (p.0 - mx, p.1 - my);
        sxx += x * x;
        sxy += x * y;
        syy += y * y;
    }
    // The line's direction is the main axis of the points; its normal is across it.
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let (a, b) = (-angle.sin(), angle.cos());
    Some((a, b, a * mx + b * my))
}

/// The convex hull of some points, as points every two pixels along its sides.
fn hull_path(mut points: Vec<(f64, f64)>) -> Vec<(f64, f64)> {
    points.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let turn = |o: (f64, f64), a: (f64, f64), b: (f64, f64)| {
        (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
    };
    let mut hull: Vec<(f64, f64)> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let order: Box<dyn Iterator<Item = &(f64, f64)>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in order {
            while hull.len() >= start + 2
                && turn(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0.0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    let mut path = Vec::new();
    for (k, &a) in hull.iter().enumerate() {
        let b = hull[(k + 1) % hull.len()];
        let steps = ((b.0 - a.0).hypot(b.1 - a.1) / 2.0).ceil().max(1.0) as usize;
        for s in 0..steps {
            let t = s as f64 / steps as f64;
            path.push((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t));
        }
    }
    path
}

/// Where two lines `a x + b y = c` meet.
fn meet(l: (f64, f64, f64), m: (f64, f64, f64)) -> Option<(f64, f64)> {
    let det = l.0 * m.1 - l.1 * m.0;
    if det.abs() < 1e-9 {
        return None;
    }
    Some(((l.2 * m.1 - l.1 * m.2) / det, (l.0 * m.2 - l.2 * m.0) / det))
}
