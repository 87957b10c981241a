//! The photos of `tests/fixtures/photos/` and their truth, shared by `tests/photo_read.rs`
//! and `benches/photo.rs`.

// Each test uses only some of these.
#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};

/// What a photo's truth file says the reader must answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Truth {
    /// The position, row by row (`X` black, `O` white, `.` empty).
    Board(Vec<String>),
    /// A refusal, by its word in the file (`no-board`, `size 13`, …).
    Refuse(String),
}

/// One photo: its name, pixels (RGBA) or `None` when it is no image, size, the game's size,
/// and the truth.
pub struct Photo {
    pub name: String,
    pub rgba: Option<(Vec<u8>, usize, usize)>,
    pub game: Option<usize>,
    pub truth: Truth,
}

/// The folder of the photos.
pub fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/photos")
}

/// Decodes a JPEG file into RGBA pixels, or `None` when it is no JPEG.
pub fn decode(path: &Path) -> Option<(Vec<u8>, usize, usize)> {
    let bytes = fs::read(path).ok()?;
    let mut decoder = jpeg_decoder::Decoder::new(bytes.as_slice());
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

/// Every photo with a truth file, by name.
pub fn photos() -> Vec<Photo> {
    let mut names: Vec<String> = fs::read_dir(folder())
        .expect("the photos' folder")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".txt").map(str::to_string))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let text = fs::read_to_string(folder().join(format!("{name}.txt"))).expect("truth");
            let mut game = None;
            let mut truth = Truth::Board(Vec::new());
            let mut rows = Vec::new();
            for line in text.lines().filter(|l| !l.starts_with('#')) {
                if let Some(n) = line.strip_prefix("game ") {
                    game = n.trim().parse().ok();
                } else if let Some(r) = line.strip_prefix("refuse ") {
                    truth = Truth::Refuse(r.trim().to_string());
                } else if line.starts_with(['X', 'O', '.']) {
                    rows.push(line.trim().to_string());
                }
            }
            if truth == Truth::Board(Vec::new()) {
                truth = Truth::Board(rows);
            }
            let rgba = decode(&folder().join(format!("{name}.jpg")));
            Photo {
                name,
                rgba,
                game,
                truth,
            }
        })
        .collect()
}

/// The word a truth file gives a refusal.
pub fn refusal_word(refusal: &scorekeeper::core::photo::PhotoRefusal) -> String {
    use scorekeeper::core::photo::PhotoRefusal as R;
    match refusal {
        R::NotAnImage => "not-an-image".into(),
        R::TooDark => "too-dark".into(),
        R::Blurred => "blurred".into(),
        R::NoBoard => "no-board".into(),
        R::NotWhole => "not-whole".into(),
        R::WrongSize { found, .. } => format!("size {found}"),
    }
}

/// A reading as rows of `X`, `O`, `.`.
pub fn rows(reading: &scorekeeper::core::photo::PhotoReading) -> Vec<String> {
    use scorekeeper::core::Color;
    reading
        .points
        .chunks(reading.size)
        .map(|row| {
            row.iter()
                .map(|p| match p.stone {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                })
                .collect()
        })
        .collect()
}
