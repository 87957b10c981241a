//! The real photos of real boards and their labels, shared by `benches/photo.rs`,
//! `tests/photo_real_read.rs` and `examples/point_crops.rs`: each photo decoded (JPEG or PNG),
//! turned upright as its EXIF orientation says (as the browser's `createImageBitmap` does),
//! made no longer than 1280 pixels a side (as the app's `decode` does), and its label turned
//! with it; and a reading scored against the label.
//!
//! The photos come from `$PHOTOS_REAL` (default `tests/fixtures/photos-real/`, which git
//! ignores), one folder per set, put there by `scripts/fetch-photos.sh` (run by `root` when the
//! folder is empty). None of them is committed: most are not ours to commit.

// Each user takes some of these.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

use scorekeeper::core::Color;
use scorekeeper::core::photo::PhotoReading;

/// The longer side of the picture the app reads (`components::photo::decode::MAX_SIDE`).
pub const APP_SIDE: usize = 1280;

/// One labelled real photo, upright and at the app's size.
pub struct Real {
    /// The set it comes from (its folder).
    pub set: String,
    /// Its file name without the extension.
    pub name: String,
    /// The game's board size.
    pub game: usize,
    /// The grid's corners in the upright picture's pixels, in the label's order (its first
    /// corner is row 1, column 1 of `rows`).
    pub corners: [(f64, f64); 4],
    /// The position, `X`, `O`, `.` and `?` (either), row by row from the label's first corner.
    pub rows: Vec<Vec<char>>,
    /// RGBA pixels, width and height of the upright picture at the app's size.
    pub rgba: Vec<u8>,
    pub width: usize,
    pub height: usize,
}

/// Where the photos are: `$PHOTOS_REAL`, or `tests/fixtures/photos-real/` (ignored by git).
/// Where that folder holds no set yet, `scripts/fetch-photos.sh` is run once to fill it from
/// the local mirrors of the sets' repositories (it never touches the network). `Err` says what
/// is missing and how to bring it.
pub fn root() -> Result<PathBuf, String> {
    let folder = std::env::var("PHOTOS_REAL")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/photos-real")
        });
    // One fetch at a time: the tests of a file run side by side, and a folder half written by
    // one must not be taken for the whole set by another.
    static FETCH: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _only_one = FETCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if holds_a_set(&folder) {
        return Ok(folder);
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/fetch-photos.sh");
    let run = std::process::Command::new("bash")
        .arg(&script)
        .env("PHOTOS_REAL", &folder)
        .output();
    if holds_a_set(&folder) {
        return Ok(folder);
    }
    let said = match run {
        Ok(out) => String::from_utf8_lossy(&out.stderr).into_owned(),
        Err(e) => e.to_string(),
    };
    Err(format!(
        "THE REAL PHOTOS ARE ABSENT: no set in {}. They are not in the repository; \
         `PHOTOS_REAL={} scripts/fetch-photos.sh` brings them from the local mirrors of their \
         repositories (see tests/fixtures/photos-real-labels/SOURCES.tsv). It said: {said}",
        folder.display(),
        folder.display()
    ))
}

/// The photos' folder for a test: the photos absent fail the test with what to do.
pub fn needed() -> PathBuf {
    root().unwrap_or_else(|e| panic!("{e}"))
}

fn holds_a_set(folder: &Path) -> bool {
    fs::read_dir(folder)
        .map(|d| d.filter_map(Result::ok).any(|e| e.path().is_dir()))
        .unwrap_or(false)
}

/// The label files under `root`, by set and name, sorted.
pub fn labels(root: &Path) -> Vec<(String, PathBuf)> {
    let mut out = Vec::new();
    let Ok(sets) = fs::read_dir(root) else {
        return out;
    };
    for set in sets.filter_map(Result::ok).filter(|e| e.path().is_dir()) {
        let set_name = set.file_name().to_string_lossy().into_owned();
        let Ok(files) = fs::read_dir(set.path()) else {
            continue;
        };
        for f in files.filter_map(Result::ok) {
            let p = f.path();
            if p.extension().is_some_and(|e| e == "txt") {
                out.push((set_name.clone(), p));
            }
        }
    }
    out.sort();
    out
}

/// Every labelled photo under `root` (those whose picture decodes).
pub fn all(root: &Path) -> Vec<Real> {
    labels(root)
        .into_iter()
        .filter_map(|(set, label)| load(&set, &label))
        .collect()
}

/// The photo beside `label` (same name, `.jpg`, `.jpeg` or `.png`), read.
pub fn load(set: &str, label: &Path) -> Option<Real> {
    let text = fs::read_to_string(label).ok()?;
    let stem = label.file_stem()?.to_string_lossy().into_owned();
    let picture = ["jpg", "jpeg", "png", "JPG"]
        .iter()
        .map(|e| label.with_extension(e))
        .find(|p| p.exists())?;
    let (mut game, mut corners, mut rows) = (0, None, Vec::new());
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(n) = line.strip_prefix("game ") {
            game = n.trim().parse().ok()?;
        } else if let Some(c) = line.strip_prefix("corners ") {
            let v: Vec<(f64, f64)> = c
                .split_whitespace()
                .filter_map(|p| {
                    let (x, y) = p.split_once(',')?;
                    Some((x.parse().ok()?, y.parse().ok()?))
                })
                .collect();
            corners = <[(f64, f64); 4]>::try_from(v).ok();
        } else if line.starts_with(['X', 'O', '.', '?']) {
            rows.push(line.trim().chars().collect::<Vec<char>>());
        }
    }
    let corners = corners?;
    if rows.len() != game || rows.iter().any(|r| r.len() != game) {
        return None;
    }
    let bytes = fs::read(&picture).ok()?;
    let (rgba, w, h) = decode(&bytes)?;
    let orientation = exif_orientation(&bytes);
    let (rgba, w, h) = orient(&rgba, w, h, orientation);
    let corners = corners.map(|p| orient_point(p, orientation, (w, h)));
    let (rgba, nw, nh) = shrink(&rgba, w, h, APP_SIDE);
    let k = nw as f64 / w as f64;
    Some(Real {
        set: set.to_string(),
        name: stem,
        game,
        corners: corners.map(|(x, y)| (x * k, y * k)),
        rows,
        rgba,
        width: nw,
        height: nh,
    })
}

/// RGBA pixels of a JPEG or PNG file.
pub fn decode(bytes: &[u8]) -> Option<(Vec<u8>, usize, usize)> {
    if bytes.starts_with(&[0x89, b'P', b'N', b'G']) {
        let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
        decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
        let mut reader = decoder.read_info().ok()?;
        let mut buf = vec![0; reader.output_buffer_size()?];
        let info = reader.next_frame(&mut buf).ok()?;
        let (w, h) = (info.width as usize, info.height as usize);
        let buf = &buf[..info.buffer_size()];
        let rgba = match info.color_type {
            png::ColorType::Rgba => buf.to_vec(),
            png::ColorType::Rgb => buf
                .chunks_exact(3)
                .flat_map(|p| [p[0], p[1], p[2], 255])
                .collect(),
            png::ColorType::Grayscale => buf.iter().flat_map(|&v| [v, v, v, 255]).collect(),
            png::ColorType::GrayscaleAlpha => buf
                .chunks_exact(2)
                .flat_map(|p| [p[0], p[0], p[0], 255])
                .collect(),
            png::ColorType::Indexed => return None,
        };
        return Some((rgba, w, h));
    }
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    let pixels = decoder.decode().ok()?;
    let info = decoder.info()?;
    let (w, h) = (usize::from(info.width), usize::from(info.height));
    let rgba = match info.pixel_format {
        jpeg_decoder::PixelFormat::RGB24 => pixels
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        jpeg_decoder::PixelFormat::L8 => pixels.iter().flat_map(|&v| [v, v, v, 255]).collect(),
        _ => return None,
    };
    Some((rgba, w, h))
}

/// The EXIF orientation of a JPEG (1 when none, or not 1 to 8).
pub fn exif_orientation(bytes: &[u8]) -> u16 {
    let mut i = 2;
    while i + 4 < bytes.len() && bytes[0] == 0xFF && bytes[1] == 0xD8 {
        if bytes[i] != 0xFF {
            break;
        }
        let marker = bytes[i + 1];
        let len = usize::from(u16::from_be_bytes([bytes[i + 2], bytes[i + 3]]));
        if marker == 0xE1 && bytes.get(i + 4..i + 10) == Some(b"Exif\0\0") {
            let tiff = &bytes[i + 10..(i + 2 + len).min(bytes.len())];
            return tiff_orientation(tiff)
                .filter(|o| (1..=8).contains(o))
                .unwrap_or(1);
        }
        if marker == 0xDA {
            break;
        }
        i += 2 + len;
    }
    1
}

fn tiff_orientation(t: &[u8]) -> Option<u16> {
    let le = t.get(0..2)? == b"II";
    let u16_at = |o: usize| -> Option<u16> {
        let b = t.get(o..o + 2)?;
        Some(if le {
            u16::from_le_bytes([b[0], b[1]])
        } else {
            u16::from_be_bytes([b[0], b[1]])
        })
    };
    let u32_at = |o: usize| -> Option<u32> {
        let b = t.get(o..o + 4)?;
        let a = [b[0], b[1], b[2], b[3]];
        Some(if le {
            u32::from_le_bytes(a)
        } else {
            u32::from_be_bytes(a)
        })
    };
    let ifd = u32_at(4)? as usize;
    let n = usize::from(u16_at(ifd)?);
    (0..n).find_map(|k| {
        let e = ifd + 2 + 12 * k;
        (u16_at(e)? == 0x0112).then(|| u16_at(e + 8)).flatten()
    })
}

/// Where the stored pixel `(x, y)` of a `w` × `h` picture lies once turned upright.
fn turn(x: f64, y: f64, w: f64, h: f64, o: u16) -> (f64, f64) {
    match o {
        2 => (w - 1.0 - x, y),
        3 => (w - 1.0 - x, h - 1.0 - y),
        4 => (x, h - 1.0 - y),
        5 => (y, x),
        6 => (h - 1.0 - y, x),
        7 => (h - 1.0 - y, w - 1.0 - x),
        8 => (y, w - 1.0 - x),
        _ => (x, y),
    }
}

/// The picture turned upright.
fn orient(rgba: &[u8], w: usize, h: usize, o: u16) -> (Vec<u8>, usize, usize) {
    if o <= 1 {
        return (rgba.to_vec(), w, h);
    }
    let (nw, nh) = if o >= 5 { (h, w) } else { (w, h) };
    let mut out = vec![0u8; nw * nh * 4];
    for y in 0..h {
        for x in 0..w {
            let (tx, ty) = turn(x as f64, y as f64, w as f64, h as f64, o);
            let (tx, ty) = (tx as usize, ty as usize);
            let s = (y * w + x) * 4;
            let d = (ty * nw + tx) * 4;
            out[d..d + 4].copy_from_slice(&rgba[s..s + 4]);
        }
    }
    (out, nw, nh)
}

/// A labelled point turned upright (`size` is the upright picture's).
fn orient_point(p: (f64, f64), o: u16, (uw, uh): (usize, usize)) -> (f64, f64) {
    // The stored picture's size from the upright one.
    let (w, h) = if o >= 5 { (uh, uw) } else { (uw, uh) };
    turn(p.0, p.1, w as f64, h as f64, o)
}

/// The picture made no longer than `side` a side by averaging (as a browser's canvas does).
pub fn shrink(rgba: &[u8], w: usize, h: usize, side: usize) -> (Vec<u8>, usize, usize) {
    let long = w.max(h);
    if long <= side {
        return (rgba.to_vec(), w, h);
    }
    let s = side as f64 / long as f64;
    let (nw, nh) = (
        ((w as f64 * s).round() as usize).max(1),
        ((h as f64 * s).round() as usize).max(1),
    );
    // Separable box filter: each output pixel the mean of the input span it covers.
    let spans = |n: usize, m: usize| -> Vec<(usize, usize)> {
        (0..m)
            .map(|i| {
                let a = (i as f64 * n as f64 / m as f64).floor() as usize;
                let b = (((i + 1) as f64 * n as f64 / m as f64).ceil() as usize).clamp(a + 1, n);
                (a, b)
            })
            .collect()
    };
    let (xs, ys) = (spans(w, nw), spans(h, nh));
    let mut mid = vec![0u32; nw * h * 3];
    for y in 0..h {
        for (i, &(a, b)) in xs.iter().enumerate() {
            let mut s = [0u32; 3];
            for x in a..b {
                let p = (y * w + x) * 4;
                s[0] += u32::from(rgba[p]);
                s[1] += u32::from(rgba[p + 1]);
                s[2] += u32::from(rgba[p + 2]);
            }
            let n = (b - a) as u32;
            let d = (y * nw + i) * 3;
            mid[d] = s[0] * 16 / n;
            mid[d + 1] = s[1] * 16 / n;
            mid[d + 2] = s[2] * 16 / n;
        }
    }
    let mut out = vec![255u8; nw * nh * 4];
    for (j, &(a, b)) in ys.iter().enumerate() {
        for i in 0..nw {
            let mut s = [0u32; 3];
            for y in a..b {
                let p = (y * nw + i) * 3;
                s[0] += mid[p];
                s[1] += mid[p + 1];
                s[2] += mid[p + 2];
            }
            let n = (b - a) as u32 * 16;
            let d = (j * nw + i) * 4;
            out[d] = ((s[0] + n / 2) / n) as u8;
            out[d + 1] = ((s[1] + n / 2) / n) as u8;
            out[d + 2] = ((s[2] + n / 2) / n) as u8;
        }
    }
    (out, nw, nh)
}

/// How a reading compares with a label.
#[derive(Clone, Copy, Debug, Default)]
pub struct Score {
    /// Points whose stone differs from the label's (a `?` in the label never does).
    pub misread: usize,
    /// Of those, the ones not marked unsure.
    pub hidden: usize,
    /// Points marked unsure.
    pub marked: usize,
    /// Points compared.
    pub points: usize,
    /// The worst distance of a corner found from the label's, in cells (a grid half a cell or
    /// more away from the label's is a wrong grid, whatever the points read).
    pub corner_off: f64,
}

impl Score {
    /// Read perfectly: nothing misread, nothing marked.
    pub fn perfect(&self) -> bool {
        self.misread == 0 && self.marked == 0 && self.corner_off < 0.5
    }

    /// Trustworthy: every misread point marked, and at most 10 marks.
    pub fn trustworthy(&self) -> bool {
        self.hidden == 0 && self.marked <= 10 && self.corner_off < 0.5
    }
}

/// How far corners found in the picture made `scale` times smaller are from the label's, in
/// cells: the farthest corner, at the turn of the board that brings them closest.
pub fn cells_off(real: &Real, found: [(f64, f64); 4], scale: f64) -> f64 {
    let c = real.corners;
    let cell = (c[0].0 - c[1].0).hypot(c[0].1 - c[1].1) / (real.game as f64 - 1.0);
    (0..4)
        .map(|s| {
            (0..4)
                .map(|i| {
                    let (a, b) = (c[i], found[(i + s) % 4]);
                    (a.0 - b.0 * scale).hypot(a.1 - b.1 * scale)
                })
                .fold(0.0, f64::max)
        })
        .fold(f64::INFINITY, f64::min)
        / cell
}

/// A reading scored against the label: the reading's corners are matched to the label's (the
/// turn of the board that brings them closest, since a board seen from any side may be read
/// from any of its corners), and each point compared.
pub fn score(real: &Real, reading: &PhotoReading) -> Score {
    let n = real.game;
    let mut s = Score {
        points: n * n,
        ..Score::default()
    };
    if reading.size != n || reading.points.len() != n * n {
        s.misread = n * n;
        s.hidden = n * n;
        s.marked = reading.unsure_count();
        s.corner_off = f64::INFINITY;
        return s;
    }
    let cell = {
        let c = real.corners;
        let side = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).hypot(a.1 - b.1);
        (side(c[0], c[1]) + side(c[1], c[2]) + side(c[2], c[3]) + side(c[3], c[0]))
            / 4.0
            / (n as f64 - 1.0)
    };
    // Reading corner k+shift is label corner k (same direction around), or mirrored.
    let mut best = (f64::INFINITY, 0usize, false);
    for mirror in [false, true] {
        for shift in 0..4 {
            let off = (0..4)
                .map(|k| {
                    let r = if mirror {
                        (4 - k + shift) % 4
                    } else {
                        (k + shift) % 4
                    };
                    let (a, b) = (real.corners[k], reading.corners[r]);
                    (a.0 - b.0).hypot(a.1 - b.1)
                })
                .fold(0.0, f64::max);
            if off < best.0 {
                best = (off, shift, mirror);
            }
        }
    }
    s.corner_off = best.0 / cell.max(1e-9);
    // The label's point (i, j) in the reading's indices: label corners 0,1,2,3 are (0,0),
    // (n-1,0), (n-1,n-1), (0,n-1) and map to the reading's corners shifted.
    let corner_ij = |k: usize| -> (usize, usize) {
        match k % 4 {
            0 => (0, 0),
            1 => (n - 1, 0),
            2 => (n - 1, n - 1),
            _ => (0, n - 1),
        }
    };
    let (shift, mirror) = (best.1, best.2);
    let r_of = |k: usize| {
        if mirror {
            (4 - k + shift) % 4
        } else {
            (k + shift) % 4
        }
    };
    let (o, ox, oy) = (corner_ij(r_of(0)), corner_ij(r_of(1)), corner_ij(r_of(3)));
    let step = |a: usize, b: usize| -> isize { (b as isize - a as isize).signum() };
    let (dxi, dxj) = (step(o.0, ox.0), step(o.1, ox.1));
    let (dyi, dyj) = (step(o.0, oy.0), step(o.1, oy.1));
    for j in 0..n {
        for i in 0..n {
            let ri = o.0 as isize + dxi * i as isize + dyi * j as isize;
            let rj = o.1 as isize + dxj * i as isize + dyj * j as isize;
            let p = reading.points[rj as usize * n + ri as usize];
            let want = real.rows[j][i];
            let got = match p.stone {
                Some(Color::Black) => 'X',
                Some(Color::White) => 'O',
                None => '.',
            };
            if want != '?' && want != got {
                s.misread += 1;
                if !p.unsure {
                    s.hidden += 1;
                }
            }
        }
    }
    s.marked = reading.unsure_count();
    s
}
