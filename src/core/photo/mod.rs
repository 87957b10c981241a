//! A board read from a photo: the final position of a game played on a real board, for the
//! players to confirm with a few taps and the count to count. Classical image processing in
//! plain Rust (no image crate; `bench/photo-notes.md` says what was tried and measured):
//!
//! 1. [`picture`]: the browser's RGBA pixels averaged down to at most 1000 pixels a side;
//! 2. [`find`]: the wood's colour, the board's patch and its four corners;
//! 3. [`grid`]: the board mapped to a square by the homography from those corners
//!    ([`homography`]), its lines found there, and so its size (9, 13 or 19) and points;
//! 4. [`classify`]: each point black, white or empty, with how sure.
//!
//! A photo it cannot read is refused with what to do ([`PhotoRefusal`]). It never panics on
//! any input; its time is bounded by the downscaled size.

pub mod classify;
pub mod find;
pub mod grid;
pub mod homography;
pub mod picture;
pub mod position;

use crate::core::Color;
use classify::{Light, decide, look};
use picture::Picture;

/// Below this confidence a point is marked for a person to look at.
pub const SURE: f32 = 0.5;

/// Why a photo gave no position, each with what to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhotoRefusal {
    /// The file is not a picture the reader can take (or is too small).
    NotAnImage,
    /// The photo is too dark to tell stones from wood.
    TooDark,
    /// The grid's lines are too soft to place the points.
    Blurred,
    /// No board in the photo.
    NoBoard,
    /// Part of the board is outside the photo.
    NotWhole,
    /// A board of another size than the game's.
    WrongSize {
        /// Lines of the board in the photo.
        found: usize,
        /// Lines of the game's board.
        expected: usize,
    },
}

impl PhotoRefusal {
    /// What to tell the player, in English (the app translates it), without the sizes.
    pub fn message(&self) -> &'static str {
        match self {
            PhotoRefusal::NotAnImage => {
                "This is not a photo the app can read: choose a photo of the board."
            }
            PhotoRefusal::TooDark => "Too dark: more light, please.",
            PhotoRefusal::Blurred => "Blurred: hold the phone still and let it focus.",
            PhotoRefusal::NoBoard => "No board found: get the whole board in the frame.",
            PhotoRefusal::NotWhole => {
                "Part of the board is outside the photo: get the whole board in the frame."
            }
            PhotoRefusal::WrongSize { .. } => {
                "The photo shows a board of another size than the game's."
            }
        }
    }
}

/// What the reader saw at one point.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PointReading {
    /// The stone read, or `None` for an empty point.
    pub stone: Option<Color>,
    /// How sure, 0 to 1.
    pub confidence: f32,
    /// Whether a person must look at it (confidence below [`SURE`]).
    pub unsure: bool,
}

/// A board read from a photo.
#[derive(Clone, Debug, PartialEq)]
pub struct PhotoReading {
    /// Lines each way.
    pub size: usize,
    /// The grid's corner points in the photo's pixels: top left, top right, bottom right,
    /// bottom left (the photo's top edge is the board's top edge as the screen draws it).
    pub corners: [(f64, f64); 4],
    /// Every point, row by row from the top left.
    pub points: Vec<PointReading>,
}

impl PhotoReading {
    /// How many points are marked for a person to look at.
    pub fn unsure_count(&self) -> usize {
        self.points.iter().filter(|p| p.unsure).count()
    }
}

/// Reads the board in a photo of `width` × `height` RGBA pixels, for a game on a board of
/// `game_size` lines when known (else 9, 13 or 19 as found). A reading with many points unsure
/// is tried again with the lamp's colour taken out ([`find::balance`]), and the surer kept.
pub fn read_photo(
    rgba: &[u8],
    width: usize,
    height: usize,
    game_size: Option<usize>,
) -> Result<PhotoReading, PhotoRefusal> {
    let mut picture = Picture::from_rgba(rgba, width, height)?;
    if too_dark(&picture) {
        return Err(PhotoRefusal::TooDark);
    }
    let wood = find::wood_colour(&picture)?;
    let first = read_picture(&picture, wood, game_size)?;
    if first.unsure_count() * 20 <= first.points.len() {
        return Ok(first);
    }
    let balanced = find::balance(&mut picture, wood)?;
    match read_picture(&picture, balanced, game_size) {
        Ok(second) if second.unsure_count() < first.unsure_count() => Ok(second),
        _ => Ok(first),
    }
}

/// Reads the board of `size` lines whose grid's corner points a person placed on the photo
/// (top left, top right, bottom right, bottom left, in the photo's pixels, as
/// [`PhotoReading::corners`] gives them): the corners dragged where the reader put them wrong.
/// The grid is taken as placed, its lines evenly spaced between the corners, and each point read
/// as [`read_photo`] reads it.
pub fn read_at_corners(
    rgba: &[u8],
    width: usize,
    height: usize,
    size: usize,
    corners: [(f64, f64); 4],
) -> Result<PhotoReading, PhotoRefusal> {
    if !matches!(size, 9 | 13 | 19)
        || corners
            .iter()
            .any(|(x, y)| !x.is_finite() || !y.is_finite())
    {
        return Err(PhotoRefusal::NoBoard);
    }
    let picture = Picture::from_rgba(rgba, width, height)?;
    let wood = find::wood_colour(&picture)?;
    let scale = picture.scale as f64;
    // The grid in the square, with a margin of three quarters of a cell around it as a board's.
    let s = grid::SQUARE as f64;
    let cell = s / (size as f64 - 1.0 + 1.5);
    let m = 0.75 * cell;
    let placed = corners.map(|(x, y)| (x / scale, y / scale));
    let to_photo = homography::Homography::from_corners(
        [(m, m), (s - m, m), (s - m, s - m), (m, s - m)],
        placed,
    )
    .ok_or(PhotoRefusal::NoBoard)?;
    let outline = [(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)].map(|(x, y)| to_photo.apply(x, y));
    let square = grid::Square::of(&picture, outline).ok_or(PhotoRefusal::NoBoard)?;
    let grid = grid::Grid {
        size,
        x: (m - 0.5, cell),
        y: (m - 0.5, cell),
        score: 1.0,
        sharpness: 1.0,
    };
    let light = Light::fit(&square, &wood, &grid);
    let points = (0..size * size)
        .map(|k| {
            let (stone, confidence) =
                decide(&look(&square, &grid, &light, &wood, k % size, k / size));
            PointReading {
                stone,
                confidence,
                unsure: confidence < SURE,
            }
        })
        .collect();
    Ok(PhotoReading {
        size,
        corners,
        points,
    })
}

/// Where the board's grid lies in a photo of `width` × `height` RGBA pixels, for a game on a
/// board of `game_size` lines when known: its size and its corner points (top left, top right,
/// bottom right, bottom left, in the photo's pixels), without reading the points. What a live
/// camera's frames are given to, a few times a second, to draw the grid over the picture.
pub fn find_grid(
    rgba: &[u8],
    width: usize,
    height: usize,
    game_size: Option<usize>,
) -> Result<(usize, [(f64, f64); 4]), PhotoRefusal> {
    let picture = Picture::from_rgba(rgba, width, height)?;
    if too_dark(&picture) {
        return Err(PhotoRefusal::TooDark);
    }
    let wood = find::wood_colour(&picture)?;
    let (square, grid) = locate(&picture, &wood, game_size)?;
    Ok((grid.size, grid_corners(&picture, &square, &grid)))
}

/// Whether a picture is too dark to read: its mean brightest channel under 0.12.
fn too_dark(picture: &Picture) -> bool {
    let mean: f32 = picture
        .rgb
        .iter()
        .map(|c| c[0].max(c[1]).max(c[2]))
        .sum::<f32>()
        / picture.rgb.len().max(1) as f32;
    mean < 0.12
}

/// The board of a picture whose wood is `wood` mapped to a square, and its grid there.
fn locate(
    picture: &Picture,
    wood: &find::Wood,
    game_size: Option<usize>,
) -> Result<(grid::Square, grid::Grid), PhotoRefusal> {
    let corners = find::board_corners(picture, wood)?;
    let square = grid::Square::of(picture, corners).ok_or(PhotoRefusal::NoBoard)?;
    let grid = best_grid(&square, game_size)?;
    Ok((square, grid))
}

/// The grid's corner points in the photo's pixels: top left, top right, bottom right, bottom
/// left.
fn grid_corners(picture: &Picture, square: &grid::Square, grid: &grid::Grid) -> [(f64, f64); 4] {
    let last = grid.size - 1;
    let scale = picture.scale as f64;
    let corner = |i: usize, j: usize| {
        let (x, y) = grid.at(i, j);
        let (px, py) = square.to_photo.apply(x + 0.5, y + 0.5);
        (px * scale, py * scale)
    };
    [
        corner(0, 0),
        corner(last, 0),
        corner(last, last),
        corner(0, last),
    ]
}

/// Reads the board in a picture whose wood is `wood`.
fn read_picture(
    picture: &Picture,
    wood: find::Wood,
    game_size: Option<usize>,
) -> Result<PhotoReading, PhotoRefusal> {
    let (square, grid) = locate(picture, &wood, game_size)?;
    let light = Light::fit(&square, &wood, &grid);
    let mut points = Vec::with_capacity(grid.size * grid.size);
    for j in 0..grid.size {
        for i in 0..grid.size {
            let (stone, confidence) = decide(&look(&square, &grid, &light, &wood, i, j));
            points.push(PointReading {
                stone,
                confidence,
                unsure: confidence < SURE,
            });
        }
    }
    Ok(PhotoReading {
        size: grid.size,
        corners: grid_corners(picture, &square, &grid),
        points,
    })
}

/// The grid of the board's size: the sizes 9, 13 and 19 each fitted, the clearest taken; a
/// game's size is kept unless another size stands out clearly.
fn best_grid(square: &grid::Square, game_size: Option<usize>) -> Result<grid::Grid, PhotoRefusal> {
    let (rows, cols, bright) = grid::profiles(square, 4);
    let fits: Vec<grid::Grid> = [9, 13, 19]
        .iter()
        .map(|&n| grid::fit(&rows, &cols, bright, n))
        .collect();
    let best = fits
        .iter()
        .copied()
        .max_by(|a, b| a.score.total_cmp(&b.score))
        .ok_or(PhotoRefusal::NoBoard)?;
    if best.sharpness < BLUR_LIMIT {
        return Err(PhotoRefusal::Blurred);
    }
    if best.score < 0.25 * best.sharpness {
        return Err(PhotoRefusal::NoBoard);
    }
    match game_size.and_then(|n| fits.iter().find(|g| g.size == n)) {
        Some(own) if own.score >= 0.8 * best.score => Ok(*own),
        Some(own) => Err(PhotoRefusal::WrongSize {
            found: best.size,
            expected: own.size,
        }),
        None => Ok(best),
    }
}

/// The weakest line contrast (against the wood's brightness) read as sharp.
const BLUR_LIMIT: f64 = 0.03;

/// The signs of every point, for the benchmark's and the notes' figures.
pub fn signs(
    rgba: &[u8],
    width: usize,
    height: usize,
    size: usize,
) -> Option<(grid::Grid, Vec<classify::PointSigns>)> {
    let picture = Picture::from_rgba(rgba, width, height).ok()?;
    let wood = find::wood_colour(&picture).ok()?;
    let corners = find::board_corners(&picture, &wood).ok()?;
    let square = grid::Square::of(&picture, corners)?;
    let (rows, cols, bright) = grid::profiles(&square, 4);
    let grid = grid::fit(&rows, &cols, bright, size);
    let light = Light::fit(&square, &wood, &grid);
    let seen = (0..size * size)
        .map(|k| look(&square, &grid, &light, &wood, k % size, k / size))
        .collect();
    Some((grid, seen))
}
