//! Draws the rendered photos of `tests/fixtures/photos/`: Go boards seen by a phone's camera, with
//! the truth beside each (`NAME.txt`). Run `cargo run --release --example photo_fixtures` to
//! write them again; each case is one row of `CASES` and its seed, so the files come out the same.
//!
//! Every photo is drawn through a projective map from the board's plane to the picture (tilt
//! towards the far edge, a turn, a shift), with wood of several colours and grain, grid lines
//! and star points, stones off their points and of slightly different sizes with their shadows,
//! a light that falls off across the picture, a glare spot, blur, noise and JPEG artefacts. The
//! negative cases are a table with no board, half a board, a board of another size than the
//! game's, a photo too dark and one too blurred.

// Matrix and pixel loops index several arrays at once.
#![allow(clippy::needless_range_loop)]

use std::fs;
use std::path::Path;

/// What a case draws.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// A whole board, to be read.
    Board,
    /// No board on the table.
    NoBoard,
    /// Half the board outside the picture.
    Half,
}

/// One photo: its look, and what the reader must make of it.
struct Case {
    name: &'static str,
    kind: Kind,
    /// Lines of the board drawn, and of the game the photo is read for (0: not given).
    size: usize,
    game: usize,
    seed: u64,
    /// Far edge narrower by this fraction; left edge narrower by this fraction.
    tilt: f64,
    side_tilt: f64,
    /// Turn in degrees, share of the picture's height the board takes, shift (fractions).
    turn: f64,
    scale: f64,
    shift: (f64, f64),
    wood: usize,
    /// Light: the darkest corner's share of the brightest, the overall level.
    falloff: f64,
    level: f64,
    /// Glare: added brightness at its centre (0: none), its radius as a share of the width.
    glare: f64,
    glare_radius: f64,
    blur: usize,
    noise: f64,
    quality: u8,
    /// Stones off their points (share of a cell), share of points with a stone.
    jitter: f64,
    density: f64,
    width: usize,
    height: usize,
    /// What the truth file says the reader must answer instead of a position.
    refuse: Option<&'static str>,
    /// The light's colour, per channel (a warm lamp: more red, less blue).
    tint: [f64; 3],
}

/// Wood colours: pale maple, kaya, orange bamboo, red, dark walnut, grey-brown, near-white.
const WOODS: [[f64; 3]; 7] = [
    [226.0, 196.0, 140.0],
    [218.0, 168.0, 92.0],
    [206.0, 136.0, 64.0],
    [176.0, 96.0, 62.0],
    [128.0, 84.0, 48.0],
    [170.0, 150.0, 118.0],
    [228.0, 214.0, 186.0],
];

/// Table colours behind the board.
const TABLES: [[f64; 3]; 5] = [
    [60.0, 90.0, 60.0],
    [200.0, 200.0, 205.0],
    [40.0, 40.0, 48.0],
    [90.0, 110.0, 150.0],
    [150.0, 60.0, 60.0],
];

#[allow(clippy::too_many_arguments)]
const fn case(
    name: &'static str,
    size: usize,
    seed: u64,
    tilt: f64,
    turn: f64,
    scale: f64,
    wood: usize,
    falloff: f64,
    glare: f64,
    jitter: f64,
    blur: usize,
    quality: u8,
) -> Case {
    Case {
        name,
        kind: Kind::Board,
        size,
        game: size,
        seed,
        tilt,
        side_tilt: 0.0,
        turn,
        scale,
        shift: (0.0, 0.0),
        wood,
        falloff,
        level: 1.0,
        glare,
        glare_radius: 0.12,
        blur,
        noise: 4.0,
        quality,
        jitter,
        density: 0.6,
        width: 960,
        height: 720,
        refuse: None,
        tint: [1.0, 1.0, 1.0],
    }
}

#[rustfmt::skip]
fn cases() -> Vec<Case> {
    let mut all = vec![
        // From nearly above, good light: the easy ones.
        case("19-above-kaya", 19, 1, 0.02, 1.0, 0.92, 1, 0.9, 0.0, 0.05, 0, 85),
        case("13-above-maple", 13, 2, 0.03, -2.0, 0.9, 0, 0.9, 0.0, 0.05, 0, 85),
        case("9-above-orange", 9, 3, 0.04, 3.0, 0.85, 2, 0.9, 0.0, 0.05, 0, 85),
        // Tilted: the far edge narrower, as a player standing by the table shoots it.
        case("19-tilt-kaya", 19, 4, 0.22, 4.0, 0.9, 1, 0.75, 0.0, 0.1, 0, 80),
        case("19-tilt-walnut", 19, 5, 0.28, -6.0, 0.88, 4, 0.7, 0.0, 0.1, 1, 75),
        case("13-tilt-red", 13, 6, 0.25, 8.0, 0.85, 3, 0.7, 0.0, 0.1, 0, 75),
        case("9-tilt-grey", 9, 7, 0.3, -10.0, 0.8, 5, 0.7, 0.0, 0.12, 0, 75),
        // Steep: the far edge at 60 % of the near one.
        case("19-steep-maple", 19, 8, 0.4, 2.0, 0.95, 0, 0.7, 0.0, 0.1, 0, 80),
        case("13-steep-kaya", 13, 9, 0.42, -3.0, 0.9, 1, 0.65, 0.0, 0.1, 0, 80),
        // Glare spots and uneven light.
        case("19-glare-kaya", 19, 10, 0.15, 3.0, 0.9, 1, 0.6, 120.0, 0.08, 0, 80),
        case("19-glare-walnut", 19, 11, 0.2, -4.0, 0.9, 4, 0.6, 140.0, 0.08, 0, 80),
        case("13-glare-maple", 13, 12, 0.18, 5.0, 0.88, 0, 0.55, 110.0, 0.08, 0, 80),
        case("9-dim-corner", 9, 13, 0.12, -5.0, 0.85, 2, 0.4, 0.0, 0.08, 0, 80),
        case("19-dim-corner", 19, 14, 0.18, 6.0, 0.9, 3, 0.45, 0.0, 0.1, 0, 80),
        // Stones well off their points, blur, strong JPEG artefacts.
        case("19-sloppy-stones", 19, 15, 0.15, -2.0, 0.9, 1, 0.8, 0.0, 0.2, 0, 70),
        case("13-sloppy-stones", 13, 16, 0.2, 7.0, 0.9, 5, 0.8, 0.0, 0.2, 0, 70),
        case("19-soft-focus", 19, 17, 0.15, 3.0, 0.92, 0, 0.8, 0.0, 0.08, 2, 70),
        case("9-low-quality", 9, 18, 0.2, -8.0, 0.8, 4, 0.7, 60.0, 0.1, 1, 35),
        case("19-low-quality", 19, 19, 0.2, 5.0, 0.9, 2, 0.7, 0.0, 0.1, 1, 40),
        // Turned further and shot from the side.
        case("19-turned", 19, 20, 0.12, 14.0, 0.85, 1, 0.8, 0.0, 0.08, 0, 80),
        case("13-turned", 13, 21, 0.1, -15.0, 0.8, 3, 0.8, 0.0, 0.08, 0, 80),
    ];
    let mut side = case("19-side-view", 19, 22, 0.1, -3.0, 0.9, 1, 0.7, 0.0, 0.1, 0, 80);
    side.side_tilt = 0.25;
    all.push(side);
    // The board's edge a few pixels from the photo's edge.
    let mut edge = case("19-edge-tight", 19, 23, 0.05, 0.5, 0.97, 1, 0.8, 0.0, 0.08, 0, 80);
    edge.shift = (0.0, -0.019);
    all.push(edge);
    let mut edge13 = case("13-edge-tight", 13, 24, 0.1, 0.0, 1.0, 2, 0.8, 0.0, 0.08, 0, 80);
    edge13.shift = (0.0, -0.0139);
    all.push(edge13);
    // Full-size frames, as a phone's camera gives after the browser's downscale.
    let mut big = case("19-big-glare", 19, 25, 0.2, 3.0, 0.9, 1, 0.6, 130.0, 0.12, 1, 75);
    (big.width, big.height) = (1280, 960);
    all.push(big);
    let mut big2 = case("19-big-steep", 19, 26, 0.38, -5.0, 0.92, 4, 0.6, 0.0, 0.12, 1, 75);
    (big2.width, big2.height) = (1280, 960);
    all.push(big2);
    let mut sparse = case("19-sparse", 19, 27, 0.2, 2.0, 0.9, 0, 0.7, 0.0, 0.1, 0, 80);
    sparse.density = 0.12;
    all.push(sparse);
    let mut portrait = case("9-portrait", 9, 28, 0.25, 4.0, 0.6, 1, 0.7, 0.0, 0.1, 0, 80);
    (portrait.width, portrait.height) = (720, 960);
    all.push(portrait);
    // A game's final position, for the count (`tests/photo_count.rs`): walls, territory.
    let mut last = case("19-final-position", 19, 30, 0.25, 3.0, 0.9, 1, 0.7, 90.0, 0.1, 0, 80);
    last.density = -1.0;
    all.push(last);
    // Harder still: a warm lamp, a board nearly as pale as the white stones, the far edge at
    // 45 % of the near one.
    let mut warm = case("19-warm-lamp", 19, 31, 0.2, -4.0, 0.9, 1, 0.6, 0.0, 0.1, 0, 75);
    warm.tint = [1.1, 0.97, 0.75];
    all.push(warm);
    all.push(case("19-pale-board", 19, 32, 0.2, 3.0, 0.9, 6, 0.7, 0.0, 0.1, 0, 80));
    all.push(case("19-very-steep", 19, 33, 0.55, 2.0, 0.95, 1, 0.7, 0.0, 0.1, 0, 80));
    // The negative cases.
    let mut none = case("no-board", 19, 40, 0.2, 0.0, 0.9, 1, 0.8, 0.0, 0.1, 0, 80);
    none.kind = Kind::NoBoard;
    none.refuse = Some("no-board");
    all.push(none);
    let mut half = case("half-board", 19, 41, 0.2, 0.0, 0.9, 1, 0.8, 0.0, 0.1, 0, 80);
    half.kind = Kind::Half;
    half.shift = (0.45, 0.0);
    half.refuse = Some("not-whole");
    all.push(half);
    let mut other = case("13-for-19", 13, 42, 0.2, 2.0, 0.9, 1, 0.8, 0.0, 0.1, 0, 80);
    other.game = 19;
    other.refuse = Some("size 13");
    all.push(other);
    let mut dark = case("dark", 19, 43, 0.2, 2.0, 0.9, 1, 0.8, 0.0, 0.1, 0, 80);
    dark.level = 0.06;
    dark.refuse = Some("too-dark");
    all.push(dark);
    let mut blurred = case("blurred", 19, 44, 0.2, 2.0, 0.9, 1, 0.8, 0.0, 0.1, 9, 80);
    blurred.refuse = Some("blurred");
    all.push(blurred);
    all
}

/// A small, seeded generator (xorshift64*), so the photos come out the same each run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
    fn gauss(&mut self) -> f64 {
        let (a, b) = (self.next().max(1e-12), self.next());
        (-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()
    }
}

/// The projective map taking `from[i]` to `to[i]`, as the 3x3 matrix's first 8 entries.
fn homography(from: [(f64, f64); 4], to: [(f64, f64); 4]) -> [f64; 9] {
    let mut m = [[0.0; 9]; 8];
    for i in 0..4 {
        let ((x, y), (u, v)) = (from[i], to[i]);
        m[2 * i] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
        m[2 * i + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
    }
    for c in 0..8 {
        let p = (c..8)
            .max_by(|&a, &b| m[a][c].abs().total_cmp(&m[b][c].abs()))
            .unwrap_or(c);
        m.swap(c, p);
        for r in 0..8 {
            if r != c {
                let f = m[r][c] / m[c][c];
                for k in c..9 {
                    m[r][k] -= f * m[c][k];
                }
            }
        }
    }
    let mut h = [0.0; 9];
    for (i, row) in m.iter().enumerate() {
        h[i] = row[8] / row[i];
    }
    h[8] = 1.0;
    h
}

fn apply(h: &[f64; 9], x: f64, y: f64) -> (f64, f64) {
    let w = h[6] * x + h[7] * y + h[8];
    (
        (h[0] * x + h[1] * y + h[2]) / w,
        (h[3] * x + h[4] * y + h[5]) / w,
    )
}

/// One stone: its colour (1 black, 2 white), centre and radius in cells.
#[derive(Clone, Copy)]
struct Stone {
    color: u8,
    x: f64,
    y: f64,
    r: f64,
}

/// What the board holds: size, margin, stones per point.
struct Scene {
    size: usize,
    margin: (f64, f64),
    stones: Vec<Option<Stone>>,
    wood: [f64; 3],
    grain: (f64, f64, f64),
    table: [f64; 3],
}

impl Scene {
    fn board_w(&self) -> f64 {
        (self.size - 1) as f64 + 2.0 * self.margin.0
    }
    fn board_h(&self) -> f64 {
        (self.size - 1) as f64 + 2.0 * self.margin.1
    }

    /// The colour at board coordinates `(u, v)` in cells from the board's top left corner.
    fn colour(&self, u: f64, v: f64, rng: &mut Rng) -> [f64; 3] {
        let (w, h) = (self.board_w(), self.board_h());
        if !(0.0..w).contains(&u) || !(0.0..h).contains(&v) {
            // The board's side below its near edge, then the table.
            if (0.0..w).contains(&u) && (h..h + 0.25).contains(&v) {
                return self.wood.map(|c| c * 0.55);
            }
            let t = 1.0 + 0.05 * ((u * 7.0).sin() * (v * 5.0).cos()) + 0.03 * rng.gauss();
            return self.table.map(|c| c * t);
        }
        let (gx, gy) = (u - self.margin.0, v - self.margin.1);
        let n = (self.size - 1) as f64;
        let grain = 1.0
            + 0.07 * ((u + 0.3 * (v * self.grain.1).sin()) * self.grain.0).sin()
            + 0.03 * ((u * self.grain.2 + v * 0.7).sin());
        let mut c = self.wood.map(|k| k * grain);
        let (ix, iy) = (gx.round(), gy.round());
        let line = 0.035;
        let on_v =
            (gx - ix).abs() < line && (-line..n + line).contains(&gy) && (0.0..=n).contains(&ix);
        let on_h =
            (gy - iy).abs() < line && (-line..n + line).contains(&gx) && (0.0..=n).contains(&iy);
        let star = self.is_star(ix, iy) && (gx - ix).hypot(gy - iy) < 0.1;
        if on_v || on_h || star {
            c = c.map(|k| k * 0.28);
        }
        // Stones near, their shadows first.
        let mut shade = 1.0;
        let mut top: Option<(Stone, f64)> = None;
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (px, py) = (ix as i64 + dx, iy as i64 + dy);
                let Some(s) = self.stone(px, py) else {
                    continue;
                };
                let d = (gx - s.x).hypot(gy - s.y);
                if d < s.r {
                    top = Some((s, d));
                }
                if (gx - s.x - 0.07).hypot(gy - s.y - 0.09) < s.r * 1.02 {
                    shade = 0.62;
                }
            }
        }
        if let Some((s, d)) = top {
            let q = d / s.r;
            if s.color == 1 {
                let hl = (gx - s.x + 0.18 * s.r).hypot(gy - s.y + 0.22 * s.r) / s.r;
                let spec = 55.0 * (-hl * hl * 9.0).exp();
                return [24.0 + spec, 24.0 + spec, 28.0 + spec];
            }
            let f = 1.0 - 0.16 * q * q * q;
            return [236.0 * f, 236.0 * f, 230.0 * f];
        }
        c.map(|k| k * shade)
    }

    fn stone(&self, x: i64, y: i64) -> Option<Stone> {
        let n = self.size as i64;
        if x < 0 || y < 0 || x >= n || y >= n {
            return None;
        }
        self.stones[(y * n + x) as usize]
    }

    fn is_star(&self, x: f64, y: f64) -> bool {
        let stars: &[f64] = match self.size {
            19 => &[3.0, 9.0, 15.0],
            13 => &[3.0, 6.0, 9.0],
            _ => &[2.0, 4.0, 6.0],
        };
        stars.contains(&x) && stars.contains(&y)
    }
}

/// Draws one case; returns the RGB pixels.
fn render(case: &Case, scene: &Scene, rng: &mut Rng) -> Vec<u8> {
    let (w, h) = (case.width as f64, case.height as f64);
    let (bw, bh) = (scene.board_w(), scene.board_h());
    let tall = case.scale * h.min(w);
    let wide = tall * bw / bh;
    let (cx, cy) = (w / 2.0 + case.shift.0 * w, h / 2.0 + case.shift.1 * h);
    let near = wide / 2.0;
    let far = near * (1.0 - case.tilt);
    let depth = tall / 2.0 * (1.0 - 0.35 * case.tilt);
    let left = 1.0 - case.side_tilt;
    let mut quad = [
        (-far, -depth * left.max(0.0)),
        (far, -depth),
        (near, depth),
        (-near, depth * left.max(0.0)),
    ];
    if case.side_tilt > 0.0 {
        quad[0].1 = -depth * left;
        quad[3].1 = depth * left;
    }
    let turn = case.turn.to_radians();
    let image = quad.map(|(x, y)| {
        (
            cx + x * turn.cos() - y * turn.sin(),
            cy + x * turn.sin() + y * turn.cos(),
        )
    });
    let board = [(0.0, 0.0), (bw, 0.0), (bw, bh), (0.0, bh)];
    let inverse = homography(image, board);
    let glare = (rng.range(0.25, 0.75) * w, rng.range(0.25, 0.75) * h);
    let light = (rng.range(0.0, w), rng.range(0.0, h));
    let reach = w.hypot(h);
    let mut px = vec![0.0f64; case.width * case.height * 3];
    for y in 0..case.height {
        for x in 0..case.width {
            let mut sum = [0.0; 3];
            for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let (u, v) = apply(&inverse, x as f64 + sx, y as f64 + sy);
                let c = if case.kind == Kind::NoBoard {
                    scene.colour(-1.0, -1.0, rng)
                } else {
                    scene.colour(u, v, rng)
                };
                for k in 0..3 {
                    sum[k] += c[k] / 4.0;
                }
            }
            let d = (x as f64 - light.0).hypot(y as f64 - light.1) / reach;
            let lit = case.level * (1.0 - (1.0 - case.falloff) * d.min(1.0));
            let g = (x as f64 - glare.0).hypot(y as f64 - glare.1) / (case.glare_radius * w);
            let spot = case.glare * (-g * g).exp();
            for k in 0..3 {
                px[(y * case.width + x) * 3 + k] = sum[k] * lit * case.tint[k] + spot;
            }
        }
    }
    for _ in 0..2 {
        box_blur(&mut px, case.width, case.height, case.blur);
    }
    px.iter()
        .map(|&v| (v + case.noise * rng.gauss()).clamp(0.0, 255.0) as u8)
        .collect()
}

fn box_blur(px: &mut [f64], w: usize, h: usize, r: usize) {
    if r == 0 {
        return;
    }
    let src = px.to_vec();
    for y in 0..h {
        for x in 0..w {
            for k in 0..3 {
                let (lo, hi) = (x.saturating_sub(r), (x + r).min(w - 1));
                let s: f64 = (lo..=hi).map(|i| src[(y * w + i) * 3 + k]).sum();
                px[(y * w + x) * 3 + k] = s / (hi - lo + 1) as f64;
            }
        }
    }
    let src = px.to_vec();
    for y in 0..h {
        for x in 0..w {
            for k in 0..3 {
                let (lo, hi) = (y.saturating_sub(r), (y + r).min(h - 1));
                let s: f64 = (lo..=hi).map(|i| src[(i * w + x) * 3 + k]).sum();
                px[(y * w + x) * 3 + k] = s / (hi - lo + 1) as f64;
            }
        }
    }
}

fn scene(case: &Case, rng: &mut Rng) -> Scene {
    let n = case.size;
    let mut stones = vec![None; n * n];
    for (i, slot) in stones.iter_mut().enumerate() {
        let (x, y) = (i % n, i / n);
        // A negative density draws a final position: Black's wall on the ninth column,
        // White's on the tenth, two stones inside each territory.
        let fixed = match (x, y) {
            (8, _) | (3, 3) | (4, 15) => 1,
            (9, _) | (15, 3) | (14, 14) => 2,
            _ => 0,
        };
        let drawn = if case.density < 0.0 {
            fixed > 0
        } else {
            rng.next() < case.density
        };
        if drawn {
            let color = if case.density < 0.0 {
                fixed
            } else if rng.next() < 0.5 {
                1
            } else {
                2
            };
            let j = case.jitter;
            *slot = Some(Stone {
                color,
                x: (i % n) as f64 + rng.range(-j, j),
                y: (i / n) as f64 + rng.range(-j, j),
                r: 0.47 * rng.range(0.96, 1.03),
            });
        }
    }
    Scene {
        size: n,
        margin: (rng.range(0.5, 0.8), rng.range(0.55, 0.85)),
        stones,
        wood: WOODS[case.wood % WOODS.len()],
        grain: (
            rng.range(6.0, 14.0),
            rng.range(0.5, 2.0),
            rng.range(1.0, 3.0),
        ),
        table: TABLES[(case.seed as usize) % TABLES.len()],
    }
}

fn truth(case: &Case, scene: &Scene) -> String {
    let mut text = format!(
        "# {}: rendered by examples/photo_fixtures.rs (seed {}), tilt {}, turn {} deg, glare {}, blur {}, JPEG quality {}\n",
        case.name, case.seed, case.tilt, case.turn, case.glare, case.blur, case.quality
    );
    text += &format!("game {}\n", case.game);
    if let Some(refuse) = case.refuse {
        text += &format!("refuse {refuse}\n");
        return text;
    }
    text += &format!("read {}\n", case.size);
    for row in scene.stones.chunks(case.size) {
        let line: String = row
            .iter()
            .map(|s| match s.map(|s| s.color) {
                Some(1) => 'X',
                Some(_) => 'O',
                None => '.',
            })
            .collect();
        text += &line;
        text.push('\n');
    }
    text
}

fn main() {
    let dir = Path::new("tests/fixtures/photos");
    fs::create_dir_all(dir).expect("the fixtures' folder");
    let only: Vec<String> = std::env::args().skip(1).collect();
    for case in cases() {
        if !only.is_empty() && !only.iter().any(|o| o == case.name) {
            continue;
        }
        let mut rng = Rng(case.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let scene = scene(&case, &mut rng);
        let rgb = render(&case, &scene, &mut rng);
        let path = dir.join(format!("{}.jpg", case.name));
        let encoder = jpeg_encoder::Encoder::new_file(&path, case.quality).expect("a file");
        encoder
            .encode(
                &rgb,
                case.width as u16,
                case.height as u16,
                jpeg_encoder::ColorType::Rgb,
            )
            .expect("a JPEG");
        fs::write(dir.join(format!("{}.txt", case.name)), truth(&case, &scene)).expect("truth");
        println!("{}", path.display());
    }
    fs::write(
        dir.join("not-an-image.jpg"),
        "This is a text file named like a photo.\n",
    )
    .expect("text");
    fs::write(
        dir.join("not-an-image.txt"),
        "# a text file named .jpg\ngame 19\nrefuse not-an-image\n",
    )
    .expect("truth");
}
