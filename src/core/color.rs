//! The two players' colours.

use serde::{Deserialize, Serialize};

use super::text::t;

/// A player's colour; `!color` is the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Color {
    /// The player who moves first in an even game.
    Black,
    /// The player who receives komi.
    White,
}

impl Color {
    /// Both colours, Black first.
    pub const BOTH: [Color; 2] = [Color::Black, Color::White];

    /// The colour's name in English, as records, files and comparisons keep it.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::White => "White",
        }
    }

    /// The colour's name as a player reads it, in the language in use.
    pub fn shown(self) -> &'static str {
        match self {
            Color::Black => t("Black"),
            Color::White => t("White"),
        }
    }

    /// The SGF letter for the colour: `B` or `W`.
    pub fn sgf(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour arrays.
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

impl std::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_of_each_colour() {
        assert_eq!(!Color::Black, Color::White);
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::White.index(), 1);
    }
}
