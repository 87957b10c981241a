//! A result that a referee or director records instead of a count, kept in the record as it
//! was decided, with its SGF `RE` value and its words.

use serde::{Deserialize, Serialize};

use crate::core::color::Color;
use crate::core::text::t;

/// A result that a referee or director records instead of a count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// `loser` forfeits the game (`W+F` when Black forfeits).
    Forfeit {
        /// The player who forfeits.
        loser: Color,
    },
    /// The referee declares `winner` victorious, a loss for the other (`B+` or `W+`).
    Win {
        /// The winner.
        winner: Color,
    },
    /// The referee declares a jigo (`0`).
    Jigo,
    /// Both players lose, as by a forfeit of both (`Void`).
    BothLose,
    /// The game is to be replayed (`Void`).
    Replay,
    /// The game was started with the wrong colours or handicap and is restarted (`Void`; LGC
    /// "Colour or handicap error": "noticed before the third move is completed, then the game
    /// must be restarted").
    Restarted,
}

impl Decision {
    /// The SGF `RE` value of the decision.
    pub fn re(self) -> String {
        match self {
            Decision::Forfeit { loser } => format!("{}+F", (!loser).sgf()),
            Decision::Win { winner } => format!("{}+", winner.sgf()),
            Decision::Jigo => "0".to_string(),
            Decision::BothLose | Decision::Replay | Decision::Restarted => "Void".to_string(),
        }
    }

    /// The result in words where `RE` cannot tell it: `Void` is both a loss for both players
    /// and a game to replay.
    pub fn words(self) -> Option<&'static str> {
        match self {
            Decision::BothLose => Some("Both players lose"),
            Decision::Replay => Some("No result: the game is to be replayed"),
            Decision::Restarted => Some("Restarted: wrong colours or handicap"),
            _ => None,
        }
    }

    /// The words of [`Decision::words`] (as `decided_words` gives them) in the language in
    /// use; any other text as it is.
    pub fn shown_words(words: &str) -> &str {
        match words {
            "Both players lose" => t("Both players lose"),
            "No result: the game is to be replayed" => t("No result: the game is to be replayed"),
            "Restarted: wrong colours or handicap" => t("Restarted: wrong colours or handicap"),
            other => other,
        }
    }

    /// What the decision is called on the result screen.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Forfeit { .. } => "forfeit",
            Decision::Win { .. } => "referee's decision",
            Decision::Jigo => "jigo by decision",
            Decision::BothLose => "both players lose",
            Decision::Replay => "replay",
            Decision::Restarted => "restarted",
        }
    }
}
