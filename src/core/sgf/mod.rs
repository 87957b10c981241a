//! SGF (`FF[4]`) import and export of a game record: the root properties the app uses, the main
//! line of moves with per-move times and comments, set-up stones. Export then import gives back
//! the same settings and events (timestamps are synthesised on import). A file may hold several
//! games (`import_all`); each move is executed as written, legal or not.

mod parse;

mod export;
mod import;
mod times;

use std::fmt;

use super::moves::PlayError;
use super::point::{MAX_SIZE, MIN_SIZE};

pub use export::{export, export_at};
pub use import::{import, import_all};
pub use parse::MAX_NESTING;

/// The largest SGF text the reader accepts; a game record is far smaller.
pub const MAX_SGF_BYTES: usize = 2 * 1024 * 1024;

/// The private property holding the full rules when they differ from the preset's.
pub(crate) const RULES_PROPERTY: &str = "SKR";

/// Why an SGF text could not be imported; `Display` says what and where.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// There is no text at all.
    Empty,
    /// The text is far larger than any game record.
    TooLarge { bytes: usize },
    /// The text does not start like an SGF game (`(;`).
    NotSgf,
    /// The text ends in the middle of the game.
    Truncated { line: usize },
    /// Something in the text is not SGF.
    Syntax { line: usize, message: String },
    /// Variations are nested deeper than the reader accepts.
    TooDeep { line: usize, limit: usize },
    /// The game is not Go (`GM` is not 1).
    NotGo(String),
    /// The board size is missing a number or is outside 5..=25 or not square.
    BadSize(String),
    /// A property has a value the reader cannot use.
    BadValue {
        property: String,
        value: String,
        line: usize,
    },
    /// A move is off the board.
    OffBoard {
        move_number: u32,
        value: String,
        size: u8,
    },
    /// A move cannot be played even as written (every move the format allows is played, so
    /// this names a fault of the reader rather than of the file).
    BadMove { move_number: u32, error: PlayError },
    /// Setting up the position failed.
    BadSetup(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::Empty => write!(
                f,
                "There is no SGF text: paste a game record or open an .sgf file first"
            ),
            SgfError::TooLarge { bytes } => write!(
                f,
                "The text is {} KB, larger than the {} KB any game record needs: check that it is an SGF file",
                bytes / 1024,
                MAX_SGF_BYTES / 1024
            ),
            SgfError::NotSgf => write!(
                f,
                "This is not an SGF game record (it should start with '(;')"
            ),
            SgfError::Truncated { line } => {
                write!(
                    f,
                    "The SGF text is cut off (it ends at line {line} in the middle of the game)"
                )
            }
            SgfError::Syntax { line, message } => write!(f, "SGF error at line {line}: {message}"),
            SgfError::TooDeep { line, limit } => write!(
                f,
                "The SGF variations are nested too deeply (more than {limit} levels, at line {line})"
            ),
            SgfError::NotGo(gm) => write!(f, "This SGF is not a game of Go (GM[{gm}])"),
            SgfError::BadSize(sz) => write!(
                f,
                "Wrong board size SZ[{sz}]: square boards from {MIN_SIZE} to {MAX_SIZE} are supported"
            ),
            SgfError::BadValue {
                property,
                value,
                line,
            } => write!(
                f,
                "SGF property {property}[{value}] at line {line} is not valid"
            ),
            SgfError::OffBoard {
                move_number,
                value,
                size,
            } => write!(
                f,
                "Move {move_number} ({value}) is off the {size}x{size} board"
            ),
            SgfError::BadMove { move_number, error } => write!(f, "Move {move_number}: {error}"),
            SgfError::BadSetup(why) => write!(f, "The SGF set-up stones are not valid: {why}"),
        }
    }
}

impl std::error::Error for SgfError {}

#[cfg(test)]
mod tests;
