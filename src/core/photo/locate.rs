//! Where the grid of the game's size lies in a picture, and how sure: the grid's two families
//! of lines ([`super::lines`]); for each pair of their outermost clear lines, the rectangle they
//! make mapped to a square with room around it, and the game's number of evenly spaced lines
//! fitted there across and down; the best such grid mapped back, then fitted again on a square
//! made from its own corners. The corners are sure when the grid found stands well above the
//! same grid one line off (the outermost lines told from the board's edge and its first inner
//! line) and its lines are clear.

use super::homography::Homography;
use super::lines::{Line, families, fit_evenly, hough, profiles, rectify, ridges};
use super::picture::{least, most};

/// The grid found: its corner points in the picture's pixels (top left, top right, bottom
/// right, bottom left as the picture shows them), how well it fits, and whether that is sure.
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub corners: [(f64, f64); 4],
    /// The fit's score: line strength at the lines less between them, against the mean line
    /// strength of the square (noise fits 0.1 to 0.4, a board's grid 3 to 6).
    pub score: f64,
    /// How far the fit stands above the grid one line off, as a share of its score.
    pub margin: f64,
    /// How clearly the grid's lines end at its outermost lines rather than one line further
    /// or short (infinite where not measured).
    pub ended: f64,
    /// How strong the lines two and three spacings beyond the grid's outermost lines are,
    /// against the grid's own ([`beyond`]): a grid of half the board's spacing continues.
    /// Measured only where the rest makes the grid sure (infinite elsewhere).
    pub beyond: f64,
    /// Whether the corners may be taken without asking the player.
    pub sure: bool,
}

/// The side of the squares the grid is fitted on.
const COARSE: usize = 288;
const FINE: usize = 480;

/// Below this margin over the grid one line off, the corners are asked for.
const SURE_MARGIN: f64 = 0.25;
/// Below this score, the lines are too faint for the corners to be sure.
const SURE_SCORE: f64 = 2.8;
/// Where the grid one line off fits nearly as well, the corners are sure when the lines end at
/// the grid's outermost lines this clearly (a share of the measure, against the grid one line
/// off: [`shift_by_ends`]) and the grid is this clear.
const SURE_ENDED: f64 = 0.75;
const SURE_ENDED_SCORE: f64 = 2.0;
/// Above this margin the grid one line off fits worse than none (its lines fall where the
/// profile is weakest, between stones or across a pattern): the fit is not the board's grid.
const MOST_MARGIN: f64 = 1.0;

/// Below this fit no grid is seen: the lines found are not the game's evenly spaced ones.
const NO_GRID: f64 = 0.6;

/// Below [`NO_GRID`] but at least this, a grid is guessed and its corners asked of the player
/// (a floor's boards and random noise fit 0.1 to 0.42).
const GUESS: f64 = 0.45;

/// The lines taken first: at least this share of the strongest's votes.
const CLEAR: f64 = 0.05;
/// The faint lines, taken where the clear ones make no families.
const FAINT: f32 = 0.01;

/// Above this, the longer side of the rectangle a grid shows against its shorter is no board's
/// ([`shape`]: the labelled grids of the real photos show 1.00 to 1.09).
const MOST_ASPECT: f64 = 1.25;

/// Above this, the lines beyond a grid's ends are too strong for it to be the board's whole
/// grid ([`beyond`]).
const MOST_BEYOND: f64 = 0.3;

/// Above this, the rectangle a grid shows is too long for the grid to be sure (a steep view
/// from far, a long lens, shows a board longer than [`MOST_ASPECT`] at the focal lengths
/// [`shape`] tries).
const SURE_ASPECT: f64 = 1.4;

/// Whether a grid's corners show a rectangle of a board's shape, up to `most`.
fn board_like(corners: [(f64, f64); 4], w: usize, h: usize, most: f64) -> bool {
    shape(corners, w, h).0 <= most
}

/// A candidate grid's rank: one of a board's shape above any other, then by its fit.
fn rank(found: &Found, w: usize, h: usize) -> (bool, f64) {
    (board_like(found.corners, w, h, MOST_ASPECT), found.score)
}

/// A quadrilateral moved `share` of the way towards its middle.
fn inside(q: [(f64, f64); 4], share: f64) -> [(f64, f64); 4] {
    let (mx, my) = q
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0 / 4.0, s.1 + p.1 / 4.0));
    q.map(|(x, y)| (x + (mx - x) * share, y + (my - y) * share))
}

/// The four corners of a quadrilateral in the order top left, top right, bottom right, bottom
/// left, by their angle around its middle.
fn ordered(mut q: [(f64, f64); 4]) -> [(f64, f64); 4] {
    let (mx, my) = q
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0 / 4.0, s.1 + p.1 / 4.0));
    q.sort_by(|a, b| {
        (a.1 - my)
            .atan2(a.0 - mx)
            .total_cmp(&(b.1 - my).atan2(b.0 - mx))
    });
    // Sorted from -180 degrees: top left first when the picture's y runs down.
    let start = (0..4)
        .min_by(|&i, &j| (q[i].0 + q[i].1).total_cmp(&(q[j].0 + q[j].1)))
        .unwrap_or(0);
    [
        q[start],
        q[(start + 1) % 4],
        q[(start + 2) % 4],
        q[(start + 3) % 4],
    ]
}

/// The lines of a family in order across it, with the clear ones (at least a third of the
/// strongest's votes).
pub fn across(family: &[Line], w: usize, h: usize) -> Vec<Line> {
    let (cx, cy) = (w as f64 / 2.0, h as f64 / 2.0);
    let top = family.iter().map(|l| l.votes).fold(0.0, f64::max);
    // A common direction for the normals, so the distances from the middle compare.
    let (ra, rb) = (family[0].a, family[0].b);
    let mut out: Vec<(f64, Line)> = family
        .iter()
        .filter(|l| l.votes >= top / 6.0)
        .map(|l| {
            let sign = if l.a * ra + l.b * rb < 0.0 { -1.0 } else { 1.0 };
            (sign * (l.c - l.a * cx - l.b * cy), *l)
        })
        .collect();
    out.sort_by(|a, b| a.0.total_cmp(&b.0));
    out.into_iter().map(|(_, l)| l).collect()
}

/// The grid of `n` lines fitted on the square made of `quad` (picture pixels) placed at
/// `[inset, side - inset]`: its corners in the picture and the fit's score and margin.
fn fit_on(
    (l, w, h): (&[f32], usize, usize),
    quad: [(f64, f64); 4],
    (side, inset): (usize, f64),
    n: usize,
    (spacing, ends): ((f64, f64), bool),
) -> Option<Found> {
    let s = side as f64;
    let inner = [
        (inset, inset),
        (s - inset, inset),
        (s - inset, s - inset),
        (inset, s - inset),
    ];
    let map = Homography::from_corners(inner, quad)?;
    let outline = [(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)].map(|(x, y)| map.apply(x, y));
    let sq = rectify(l, w, h, outline, side)?;
    let (rows, cols) = profiles(&sq, side, 2);
    let (mut x0, xs, xscore, xoff) = fit_evenly(&cols, n, spacing)?;
    let (mut y0, ys, yscore, yoff) = fit_evenly(&rows, n, spacing)?;
    let mut ended = f64::INFINITY;
    if ends {
        // Where a grid one line off fits as well, the lines' ends tell: the grid's lines
        // stop at its outermost lines.
        let (dy, cy) = shift_by_ends(&sq, side, (x0, xs), (y0, ys), n, false);
        let (dx, cx) = shift_by_ends(&sq, side, (y0, ys), (x0, xs), n, true);
        y0 += dy * ys;
        x0 += dx * xs;
        ended = cy.min(cx);
    }
    let last = (n - 1) as f64;
    let at = |i: f64, j: f64| map.apply(x0 + i * xs + 0.5, y0 + j * ys + 0.5);
    let corners = [at(0.0, 0.0), at(last, 0.0), at(last, last), at(0.0, last)];
    let score = xscore.min(yscore);
    let margin = ((xscore - xoff) / xscore.max(1e-6)).min((yscore - yoff) / yscore.max(1e-6));
    Some(Found {
        corners,
        score,
        margin,
        ended,
        beyond: 0.0,
        sure: false,
    })
}

/// Which of the grids whose lines across start at `start - spacing`, `start` and
/// `start + spacing` (as -1, 0, 1) has lines along (at `along`) that run from its first line
/// across to its last and no further, and by how much it stands above the next best (a share
/// of its own measure). `flip`: the lines along are rows (the lines across are columns).
fn shift_by_ends(
    sq: &[f32],
    side: usize,
    (a0, a_step): (f64, f64),
    (start, step): (f64, f64),
    n: usize,
    flip: bool,
) -> (f64, f64) {
    let r = 2usize;
    // How much the pixel at `along` (across the line) and `t` (along it) lies on a line along.
    let on = |along: usize, t: usize| -> f32 {
        let (x, y) = if flip { (t, along) } else { (along, t) };
        if x < r || y < r || x + r >= side || y + r >= side {
            return 0.0;
        }
        let v = sq[y * side + x];
        let around = if flip {
            least(sq[(y - r) * side + x], sq[(y + r) * side + x])
        } else {
            least(sq[y * side + x - r], sq[y * side + x + r])
        };
        if v <= 0.0 || around <= 0.0 {
            return 0.0;
        }
        most((around - v) / (around + 0.03), 0.0)
    };
    // The lines along, between `from` and `to` across them: mean strength.
    let segment = |from: f64, to: f64| -> f64 {
        let (mut sum, mut count) = (0.0f64, 0usize);
        let (lo, hi) = (
            from.min(to).max(0.0) as usize,
            to.max(from).max(0.0) as usize,
        );
        for i in 1..n - 1 {
            let c = (a0 + i as f64 * a_step).round();
            if c < 1.0 || c + 1.0 >= side as f64 {
                continue;
            }
            let c = c as usize;
            for t in lo..=hi.min(side - 1) {
                sum += f64::from(on(c - 1, t).max(on(c, t)).max(on(c + 1, t)));
                count += 1;
            }
        }
        sum / count.max(1) as f64
    };
    let last = (n - 1) as f64;
    let measure = |first: f64| -> f64 {
        let end = first + last * step;
        let inside = segment(first + 0.2 * step, first + 0.8 * step)
            + segment(end - 0.8 * step, end - 0.2 * step);
        let beyond = segment(first - 0.8 * step, first - 0.2 * step)
            + segment(end + 0.2 * step, end + 0.8 * step);
        inside - beyond
    };
    let mut tried = [-1.0, 0.0, 1.0].map(|d| (d, measure(start + d * step)));
    tried.sort_by(|a, b| b.1.total_cmp(&a.1));
    let clarity = (tried[0].1 - tried[1].1) / tried[0].1.abs().max(1e-6);
    (tried[0].0, clarity)
}

/// The homogeneous form of a line in coordinates centred on the picture and scaled by `k`.
fn homogeneous(l: &Line, cx: f64, cy: f64, k: f64) -> [f64; 3] {
    [l.a, l.b, -(l.c - l.a * cx - l.b * cy) / k]
}

/// The point all of a family's lines pass nearest (homogeneous, unit length): the smallest
/// eigenvector of the sum of their outer products, by Jacobi rotations.
fn vanishing(family: &[[f64; 3]]) -> [f64; 3] {
    let mut m = [[0.0f64; 3]; 3];
    for l in family {
        for i in 0..3 {
            for j in 0..3 {
                m[i][j] += l[i] * l[j];
            }
        }
    }
    let mut v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for _ in 0..30 {
        for (p, q) in [(0, 1), (0, 2), (1, 2)] {
            if m[p][q].abs() < 1e-15 {
                continue;
            }
            let theta = 0.5 * (2.0 * m[p][q]).atan2(m[q][q] - m[p][p]);
            let (c, s) = (theta.cos(), theta.sin());
            for row in &mut m {
                let (a, b) = (row[p], row[q]);
                row[p] = c * a - s * b;
                row[q] = s * a + c * b;
            }
            let (rp, rq) = (m[p], m[q]);
            for k in 0..3 {
                m[p][k] = c * rp[k] - s * rq[k];
                m[q][k] = s * rp[k] + c * rq[k];
            }
            for row in &mut v {
                let (a, b) = (row[p], row[q]);
                row[p] = c * a - s * b;
                row[q] = s * a + c * b;
            }
        }
    }
    let k = (0..3)
        .min_by(|&a, &b| m[a][a].total_cmp(&m[b][b]))
        .unwrap_or(0);
    [v[0][k], v[1][k], v[2][k]]
}

/// The inverse of a 3×3 matrix, if any.
fn inverse(m: [[f64; 3]; 3]) -> Option<[[f64; 3]; 3]> {
    let c = |i: usize, j: usize| {
        let (a, b) = ((i + 1) % 3, (i + 2) % 3);
        let (x, y) = ((j + 1) % 3, (j + 2) % 3);
        m[a][x] * m[b][y] - m[a][y] * m[b][x]
    };
    let det = m[0][0] * c(0, 0) + m[0][1] * c(0, 1) + m[0][2] * c(0, 2);
    if det.abs() < 1e-12 {
        return None;
    }
    Some(std::array::from_fn(|i| {
        std::array::from_fn(|j| c(j, i) / det)
    }))
}

fn apply(m: &[[f64; 3]; 3], p: [f64; 3]) -> [f64; 3] {
    std::array::from_fn(|i| m[i][0] * p[0] + m[i][1] * p[1] + m[i][2] * p[2])
}

fn cross3(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Quadrilaterals (picture pixels) that hold the grid as a rectangle of the board's plane: the
/// picture seen with both families' vanishing points sent to infinity (the families then
/// parallel to the axes), the box of their clear lines, and the box of all but the outermost
/// line on each side (a table's edge beside the board).
pub fn boxes(a: &[Line], b: &[Line], w: usize, h: usize) -> Vec<[(f64, f64); 4]> {
    let (cx, cy, k) = (w as f64 / 2.0, h as f64 / 2.0, w.max(h) as f64 / 2.0);
    let ha: Vec<[f64; 3]> = a.iter().map(|l| homogeneous(l, cx, cy, k)).collect();
    let hb: Vec<[f64; 3]> = b.iter().map(|l| homogeneous(l, cx, cy, k)).collect();
    let (va, vb) = (vanishing(&ha), vanishing(&hb));
    // The middle of the lines' crossings as the origin.
    let (ra, rb) = (ha[ha.len() / 2], hb[hb.len() / 2]);
    let origin = cross3(ra, rb);
    if origin[2].abs() < 1e-12 {
        return Vec::new();
    }
    let origin = origin.map(|x| x / origin[2]);
    // Columns: the b family's point (x at infinity), the a family's (y), the origin.
    let sign = |v: [f64; 3]| if v[2] < 0.0 { v.map(|x| -x) } else { v };
    let (vb, va) = (sign(vb), sign(va));
    let back = [
        [vb[0], va[0], origin[0]],
        [vb[1], va[1], origin[1]],
        [vb[2], va[2], origin[2]],
    ];
    let Some(to) = inverse(back) else {
        return Vec::new();
    };
    let position = |l: [f64; 3], other: [f64; 3], axis: usize| -> Option<f64> {
        let p = apply(&to, cross3(l, other));
        (p[2].abs() > 1e-12).then(|| p[axis] / p[2])
    };
    let mut xs: Vec<f64> = ha.iter().filter_map(|&l| position(l, rb, 0)).collect();
    let mut ys: Vec<f64> = hb.iter().filter_map(|&l| position(l, ra, 1)).collect();
    if xs.len() < 2 || ys.len() < 2 {
        return Vec::new();
    }
    xs.sort_by(f64::total_cmp);
    ys.sort_by(f64::total_cmp);
    let corner = |x: f64, y: f64| -> Option<(f64, f64)> {
        let p = apply(&back, [x, y, 1.0]);
        (p[2].abs() > 1e-12).then(|| (p[0] / p[2] * k + cx, p[1] / p[2] * k + cy))
    };
    let mut out = Vec::new();
    let (nx, ny) = (xs.len(), ys.len());
    let mut spans = vec![((0, nx - 1), (0, ny - 1))];
    if nx >= 4 && ny >= 4 {
        spans.push(((1, nx - 2), (1, ny - 2)));
    }
    for ((x0, x1), (y0, y1)) in spans {
        let q = [
            corner(xs[x0], ys[y0]),
            corner(xs[x1], ys[y0]),
            corner(xs[x1], ys[y1]),
            corner(xs[x0], ys[y1]),
        ];
        if let [Some(a), Some(b), Some(c), Some(d)] = q {
            out.push(ordered([a, b, c, d]));
        }
    }
    out
}

/// The grid of `n` lines in the picture of luminance `l` (`w` × `h`), if any is seen, sure or
/// a best guess for the player to correct. `outline`, the board's outline where its wood
/// was seen, is tried as a rectangle of the board's plane too.
pub fn locate(
    l: &[f32],
    w: usize,
    h: usize,
    n: usize,
    outline: Option<[(f64, f64); 4]>,
) -> Option<Found> {
    let lines = hough(&ridges(l, w, h), (w, h), 90, FAINT);
    // The clear lines first; the faint ones too where the clear ones make no families (a grid
    // mostly under stones, whose clearest lines are the board's and the table's edges).
    let top = lines.first().map_or(0.0, |l| l.votes);
    let clear: Vec<Line> = lines
        .iter()
        .copied()
        .filter(|l| l.votes >= CLEAR * top)
        .collect();
    let mut pairs = families(&clear, w, h);
    if pairs.is_empty() {
        pairs = families(&lines, w, h);
    }
    if pairs.is_empty() && outline.is_none() {
        return None;
    }
    // Where no grid fits, the wood's outline (a little inside) is the guess to correct.
    let fallback = outline.map(|q| Found {
        corners: inside(q, 0.05),
        score: 0.0,
        margin: 0.0,
        ended: 0.0,
        beyond: 0.0,
        sure: false,
    });
    let side = COARSE as f64;
    let inset = 0.12 * side;
    let inner = side - 2.0 * inset;
    let spacing = (inner * 0.3 / (n as f64 - 1.0), side / (n as f64 - 1.0));
    let mut best: Option<Found> =
        outline.and_then(|quad| fit_on((l, w, h), quad, (COARSE, inset), n, (spacing, false)));
    // The best fit of any shape: the guess where none of a board's shape fits.
    let mut fittest = best;
    for (f1, f2) in &pairs {
        let (a, b) = (across(f1, w, h), across(f2, w, h));
        if a.len() < 2 || b.len() < 2 {
            continue;
        }
        for quad in boxes(&a, &b, w, h) {
            let far = quad.iter().any(|&(x, y)| {
                x < -(w as f64) || y < -(h as f64) || x > 2.0 * w as f64 || y > 2.0 * h as f64
            });
            if far {
                continue;
            }
            let Some(found) = fit_on((l, w, h), quad, (COARSE, inset), n, (spacing, false)) else {
                continue;
            };
            if best.is_none_or(|b| rank(&found, w, h) > rank(&b, w, h)) {
                best = Some(found);
            }
            if fittest.is_none_or(|b| found.score > b.score) {
                fittest = Some(found);
            }
        }
    }
    let Some(coarse) = best
        .filter(|b| b.score >= NO_GRID)
        .or(fittest.filter(|b| b.score >= NO_GRID))
    else {
        // A faint grid: the best guess, its corners asked (the wood's outline where it was seen).
        return fallback.or(fittest.filter(|b| b.score >= GUESS));
    };
    // Again, finer, on the square of the grid's own corners with a cell's margin around.
    let side = FINE as f64;
    let cell = side / (n as f64 + 1.0);
    let spacing = (0.85 * cell, 1.15 * cell);
    let fine =
        fit_on((l, w, h), coarse.corners, (FINE, cell), n, (spacing, true)).unwrap_or(coarse);
    let fits = board_like(fine.corners, w, h, SURE_ASPECT)
        && fine.margin <= MOST_MARGIN
        && ((fine.margin >= SURE_MARGIN && fine.score >= SURE_SCORE)
            || (fine.ended >= SURE_ENDED && fine.score >= SURE_ENDED_SCORE));
    // The lines beyond its ends are measured only for a grid sure by the rest (a square more).
    let beyond = if fits {
        beyond((l, w, h), fine.corners, n)
    } else {
        f64::INFINITY
    };
    Some(Found {
        beyond,
        sure: fits && beyond <= MOST_BEYOND,
        ..fine
    })
}

/// The shape of the rectangle of the board's plane that the quadrilateral `corners` (picture
/// pixels, the picture `w` × `h`) shows, for a camera whose axis passes through the picture's
/// middle: its longer side against its shorter at the focal length (0.6 to 2.1 times the
/// picture's longer side, a phone's or a webcam's) that makes it most nearly square, and the
/// cosine of the angle between its sides there (0 for a right angle). A board's grid is 1 to
/// 1.1; a grid of half or twice the board's spacing one way, or a pattern's, shows a shape no
/// board has.
pub fn shape(corners: [(f64, f64); 4], w: usize, h: usize) -> (f64, f64) {
    let (cx, cy, k) = (w as f64 / 2.0, h as f64 / 2.0, w.max(h) as f64);
    let quad = corners.map(|(x, y)| ((x - cx) / k, (y - cy) / k));
    let Some(map) =
        Homography::from_corners([(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)], quad)
    else {
        return (f64::INFINITY, 1.0);
    };
    let m = map.0;
    let mut best = (f64::INFINITY, f64::INFINITY);
    for step in 0..=30 {
        let f = 0.6 + 0.05 * f64::from(step);
        let a = [m[0] / f, m[3] / f, m[6]];
        let b = [m[1] / f, m[4] / f, m[7]];
        let dot = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
        let (na, nb) = (
            (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt(),
            (b[0] * b[0] + b[1] * b[1] + b[2] * b[2]).sqrt(),
        );
        let cos = (dot / (na * nb).max(1e-12)).abs();
        let aspect = na.max(nb) / na.min(nb).max(1e-12);
        if aspect < best.0 {
            best = (aspect, cos);
        }
    }
    best
}

/// How strong the lines two and three spacings beyond the outermost lines of the grid of `n`
/// lines whose corners are `corners` are, against the grid's own lines: the picture mapped to
/// a square with four spacings around the grid, the ridge profiles across and down read at the
/// grid's lines and at those beyond. A board's grid ends at its border, with the wood and the
/// table beyond; a grid of half the board's spacing, or a part of it, continues.
pub fn beyond((l, w, h): (&[f32], usize, usize), corners: [(f64, f64); 4], n: usize) -> f64 {
    let side = FINE as f64;
    let cell = side / (n as f64 - 1.0 + 8.0);
    let inset = 4.0 * cell;
    let inner = [
        (inset, inset),
        (side - inset, inset),
        (side - inset, side - inset),
        (inset, side - inset),
    ];
    let Some(map) = Homography::from_corners(inner, corners) else {
        return f64::INFINITY;
    };
    let outline =
        [(0.0, 0.0), (side, 0.0), (side, side), (0.0, side)].map(|(x, y)| map.apply(x, y));
    let Some(sq) = rectify(l, w, h, outline, FINE) else {
        return f64::INFINITY;
    };
    let (rows, cols) = profiles(&sq, FINE, 2);
    let strongest = |p: &[f32], at: f64| -> f64 {
        let i = (at - 0.5).round();
        if i < 1.0 || i + 1.0 >= p.len() as f64 {
            return 0.0;
        }
        let i = i as usize;
        f64::from(p[i - 1].max(p[i]).max(p[i + 1]))
    };
    let (mut on, mut off) = (0.0, 0.0);
    for p in [&rows, &cols] {
        for i in 0..n {
            on += strongest(p, inset + i as f64 * cell);
        }
        for k in [2.0, 3.0] {
            off += strongest(p, inset - k * cell);
            off += strongest(p, side - inset + k * cell);
        }
    }
    (off / 8.0) / (on / (2 * n) as f64).max(1e-9)
}

#[cfg(test)]
mod tests {
    use super::shape;

    /// A rectangle `(w, h)` of the board's plane, tilted `tilt` radians about its x axis,
    /// `distance` away from a camera of focal length `f` pixels, seen in a 1280×960 picture.
    fn seen(w: f64, h: f64, tilt: f64, distance: f64, f: f64) -> [(f64, f64); 4] {
        [(-w, -h), (w, -h), (w, h), (-w, h)].map(|(x, y)| {
            let (y3, z3) = (y * tilt.cos(), distance + y * tilt.sin());
            (640.0 + f * x / z3, 480.0 + f * y3 / z3)
        })
    }

    #[test]
    fn a_square_board_seen_at_an_angle_shows_a_square() {
        for tilt in [0.0f64, 0.5, 0.9] {
            let (aspect, _) = shape(seen(1.0, 1.0, tilt, 4.0, 1100.0), 1280, 960);
            assert!(aspect < 1.05, "tilt {tilt}: {aspect}");
        }
    }

    #[test]
    fn a_grid_of_half_the_spacing_one_way_shows_no_board() {
        let (aspect, _) = shape(seen(0.5, 1.0, 0.9, 4.0, 1100.0), 1280, 960);
        assert!(aspect > 1.6, "{aspect}");
    }
}
