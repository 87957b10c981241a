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
use super::text::{t, tf};

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
        let text = match self {
            SgfError::Empty => {
                t("There is no SGF text: paste a game record or open an .sgf file first")
                    .to_string()
            }
            SgfError::TooLarge { bytes } => tf(
                "The text is {} KB, larger than the {} KB any game record needs: check that it is an SGF file",
                &[&(bytes / 1024), &(MAX_SGF_BYTES / 1024)],
            ),
            SgfError::NotSgf => {
                t("This is not an SGF game record (it should start with '(;')").to_string()
            }
            SgfError::Truncated { line } => tf(
                "The SGF text is cut off (it ends at line {} in the middle of the game)",
                &[line],
            ),
            SgfError::Syntax { line, message } => tf("SGF error at line {}: {}", &[line, message]),
            SgfError::TooDeep { line, limit } => tf(
                "The SGF variations are nested too deeply (more than {} levels, at line {})",
                &[limit, line],
            ),
            SgfError::NotGo(gm) => tf("This SGF is not a game of Go (GM[{}])", &[gm]),
            SgfError::BadSize(sz) => tf(
                "Wrong board size SZ[{}]: square boards from {} to {} are supported",
                &[sz, &MIN_SIZE, &MAX_SIZE],
            ),
            SgfError::BadValue {
                property,
                value,
                line,
            } => tf(
                "SGF property {}[{}] at line {} is not valid",
                &[property, value, line],
            ),
            SgfError::OffBoard {
                move_number,
                value,
                size,
            } => tf(
                "Move {} ({}) is off the {}x{} board",
                &[move_number, value, size, size],
            ),
            SgfError::BadMove { move_number, error } => tf("Move {}: {}", &[move_number, error]),
            SgfError::BadSetup(why) => tf("The SGF set-up stones are not valid: {}", &[why]),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for SgfError {}

#[cfg(test)]
mod tests;
