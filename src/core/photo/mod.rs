//! A board read from a photo: the final position of a game played on a real board, for the
//! players to confirm with a few taps and the count to count. Plain Rust, no image crate;
//! measured on real photos (`benches/photo.rs`; `bench/photo-notes.md` says what was tried):
//!
//! 1. [`picture`]: the browser's RGBA pixels averaged down to at most 1100 pixels a side;
//! 2. [`lines`]: the thin dark lines, gathered into straight lines and the grid's two families;
//! 3. [`locate`]: the game's number of evenly spaced lines fitted on the board's plane, its
//!    corners sure or a best guess ([`find`]'s wood outline is one more candidate);
//! 4. [`grid`]: the board mapped to a square by the homography from those corners
//!    ([`homography`]);
//! 5. [`points`], [`net`]: each point black, white or empty by a small network trained on
//!    crops of real photos ([`weights`]), with how sure. ([`classify`] keeps the signs the
//!    earlier reader used; its `cross` is one of the network's inputs.)
//!
//! A photo it cannot read is refused with what to do ([`PhotoRefusal`]). It never panics on
//! any input; its time is bounded by the downscaled size.

pub mod classify;
pub mod find;
pub mod grid;
pub mod homography;
pub mod lines;
pub mod locate;
pub mod net;
pub mod picture;
pub mod points;
pub mod position;
pub mod weights;

use crate::core::Color;
use classify::{Light, look};
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
    /// Whether the grid's corners were found surely (or placed by a person): when not, the
    /// player is asked to put them on the outermost lines' crossings, and the reading stays
    /// unsure until they do or confirm them.
    pub corners_sure: bool,
}

impl PhotoReading {
    /// How many points are marked for a person to look at.
    pub fn unsure_count(&self) -> usize {
        self.points.iter().filter(|p| p.unsure).count()
    }
}

/// Reads the board in a photo of `width` × `height` RGBA pixels, for a game on a board of
/// `game_size` lines when known (else 9, 13 or 19 as found): the grid found by its lines
/// ([`locate`]), each point read by the classifier ([`net`]). Where the grid's corners are not
/// sure the reading says so ([`PhotoReading::corners_sure`]), read at the best guess. Refused
/// only when it is no picture, too dark, or no grid is seen at all.
pub fn read_photo(
    rgba: &[u8],
    width: usize,
    height: usize,
    game_size: Option<usize>,
) -> Result<PhotoReading, PhotoRefusal> {
    let picture = Picture::from_rgba(rgba, width, height)?;
    if too_dark(&picture) {
        return Err(PhotoRefusal::TooDark);
    }
    let (size, found) = match grid_of(&picture, game_size) {
        Err(PhotoRefusal::NoBoard) if picture.scale > 1 && width * height <= FINER_PIXELS => {
            // A grid too fine for the picture made small: looked for in the photo's own pixels,
            // sure by the same tests (a board's shape, nothing beyond its ends).
            let finer = Picture::averaged(rgba, (width, height), 1);
            grid_of(&finer, game_size)?
        }
        Err(PhotoRefusal::NoBoard) if picture.scale == 1 && width.max(height) > HALVED_SIDE => {
            // A crowded board at the photo's own pixels, where the stones' edges hide the lines:
            // looked for in the photo halved.
            let halved = Picture::averaged(rgba, (width, height), 2);
            grid_of(&halved, game_size)?
        }
        found => found?,
    };
    read_points(&picture, size, found.corners, found.sure)
}

/// Above this side, a photo read at its own pixels that shows no grid is searched halved too.
const HALVED_SIDE: usize = 1000;

/// The largest photo whose own pixels are searched for a grid not seen in the picture made
/// small (a phone's 774×1032 photo of a crowded board).
const FINER_PIXELS: usize = 1_300_000;

/// The grid in a picture, of the game's size or the clearest of 9, 13 and 19, its corners in
/// the photo's pixels.
fn grid_of(
    picture: &Picture,
    game_size: Option<usize>,
) -> Result<(usize, locate::Found), PhotoRefusal> {
    let luma = lines::luma_of(picture);
    let (w, h) = (picture.width, picture.height);
    // The wood's outline, where the wood is seen: a rectangle of the board's plane too.
    let outline = find::wood_colour(picture)
        .ok()
        .and_then(|wood| find::board_corners(picture, &wood).ok());
    let sizes = match game_size {
        Some(n) if matches!(n, 9 | 13 | 19) => vec![n],
        Some(_) => return Err(PhotoRefusal::NoBoard),
        None => vec![19, 13, 9],
    };
    let best = sizes
        .into_iter()
        .filter_map(|n| locate::locate(&luma, w, h, n, outline).map(|f| (n, f)))
        .max_by(|a, b| (a.1.score * a.1.margin).total_cmp(&(b.1.score * b.1.margin)));
    let Some((size, found)) = best else {
        return Err(if blurred(&luma, w, h) {
            PhotoRefusal::Blurred
        } else {
            PhotoRefusal::NoBoard
        });
    };
    let scale = picture.scale as f64;
    let corners = found.corners.map(|(x, y)| (x * scale, y * scale));
    Ok((size, locate::Found { corners, ..found }))
}

/// Whether a picture with no grid seen is blurred: it has shapes (the brightness changes over
/// a few pixels) but hardly any sharp edge (over one pixel), as a photo taken out of focus or
/// moved; a plain table has neither, and is no board rather than blurred.
fn blurred(luma: &[f32], w: usize, h: usize) -> bool {
    let (mut fine, mut coarse) = (0.0f64, 0.0f64);
    for y in (4..h.saturating_sub(4)).step_by(2) {
        for x in (4..w.saturating_sub(4)).step_by(2) {
            let i = y * w + x;
            fine += f64::from((luma[i + 1] - luma[i - 1]).abs());
            coarse += f64::from((luma[i + 4] - luma[i - 4]).abs()) / 4.0;
        }
    }
    let count = ((w / 2) * (h / 2)).max(1) as f64;
    coarse / count > 0.004 && fine < 1.3 * coarse
}

/// Each point of the board of `size` lines whose grid's corners are `corners` (photo pixels),
/// read by the classifier.
fn read_points(
    picture: &Picture,
    size: usize,
    corners: [(f64, f64); 4],
    corners_sure: bool,
) -> Result<PhotoReading, PhotoRefusal> {
    let (square, grid) = placed(picture, size, corners).ok_or(PhotoRefusal::NoBoard)?;
    let inputs = points::features(&square, &grid, &|_| (0.0, 0.0));
    let points = inputs
        .chunks_exact(points::INPUTS)
        .map(|x| {
            let (stone, confidence) = net::judge(x);
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
        corners_sure,
    })
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
    read_points(&picture, size, corners, true)
}

/// The board mapped to a square by the grid's corner points as placed (in the photo's pixels),
/// with a margin of three quarters of a cell around the grid, as a board's, and the grid there.
fn placed(
    picture: &Picture,
    size: usize,
    corners: [(f64, f64); 4],
) -> Option<(grid::Square, grid::Grid)> {
    let scale = picture.scale as f64;
    let s = grid::SQUARE as f64;
    let cell = s / (size as f64 - 1.0 + 1.5);
    let m = 0.75 * cell;
    let placed = corners.map(|(x, y)| (x / scale, y / scale));
    let to_photo = homography::Homography::from_corners(
        [(m, m), (s - m, m), (s - m, s - m), (m, s - m)],
        placed,
    )?;
    let outline = [(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)].map(|(x, y)| to_photo.apply(x, y));
    let square = grid::Square::of(picture, outline)?;
    let grid = grid::Grid {
        size,
        x: (m - 0.5, cell),
        y: (m - 0.5, cell),
        score: 1.0,
        sharpness: 1.0,
    };
    Some((square, grid))
}

/// What the point classifier sees of each point of the board of `size` lines whose grid's
/// corner points are `corners` (as [`read_at_corners`] takes them), each crop moved by
/// `jitter(k)` of a cell: [`points::INPUTS`] values a point, row by row. For training it.
pub fn point_inputs(
    rgba: &[u8],
    width: usize,
    height: usize,
    size: usize,
    corners: [(f64, f64); 4],
    jitter: &dyn Fn(usize) -> (f64, f64),
) -> Option<Vec<f32>> {
    let picture = Picture::from_rgba(rgba, width, height).ok()?;
    let (square, grid) = placed(&picture, size, corners)?;
    Some(points::features(&square, &grid, jitter))
}

/// Where the board's grid lies in a photo of `width` × `height` RGBA pixels, for a game on a
/// board of `game_size` lines when known: its size and its corner points (top left, top right,
/// bottom right, bottom left, in the photo's pixels), when found surely, without reading the
/// points. What a live camera's frames are given to, a few times a second, to draw the grid
/// over the picture.
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
    match grid_of(&picture, game_size)? {
        (size, found) if found.sure => Ok((size, found.corners)),
        _ => Err(PhotoRefusal::NoBoard),
    }
}

/// Whether a picture is too dark to read: its mean brightest channel under 0.12.
fn too_dark(picture: &Picture) -> bool {
    let mean: f32 = picture
        .rgb
        .iter()
        .map(|c| picture::most(picture::most(c[0], c[1]), c[2]))
        .sum::<f32>()
        / picture.rgb.len().max(1) as f32;
    mean < 0.12
}

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
