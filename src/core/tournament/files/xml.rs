//! What reading OpenGotha's XML file needs beneath the readers of its parts (the players and
//! games, the parameter sets): the refusal a director reads, and an element's attributes read
//! as text, numbers within OpenGotha's bounds, flags and ranks.

use crate::core::text::tf;
use std::fmt;

use crate::core::tournament::rank::parse_rank;
use crate::core::tournament::{MAX_PLAYERS, MAX_ROUNDS};

/// Why a tournament file is refused; the message says it so a director can act on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentFileError {
    /// Larger than the round reader's limit.
    TooLarge {
        /// The file's size.
        bytes: usize,
    },
    /// Not well-formed XML (or a document type, or too many nodes).
    NotXml {
        /// The parser's description.
        detail: String,
    },
    /// Its root is not `<Tournament>`.
    NotTournament {
        /// The root found.
        root: String,
    },
    /// More than 2,000 players.
    TooManyPlayers {
        /// How many the file lists.
        count: usize,
    },
    /// Two players with the same key.
    DuplicatePlayer {
        /// The key.
        key: String,
    },
    /// A value that cannot be read.
    BadValue {
        /// The element.
        element: &'static str,
        /// The attribute.
        attribute: &'static str,
        /// What the file holds.
        value: String,
    },
    /// A game or bye naming nobody of the list of players.
    UnknownPlayer {
        /// The key written.
        key: String,
        /// Its round.
        round: u32,
    },
    /// A player in two games of one round (or against themselves).
    PlaysTwice {
        /// The player's key.
        key: String,
        /// The round.
        round: u32,
    },
    /// A player both given the bye and playing in a round.
    ByeAlsoPlays {
        /// The player's key.
        key: String,
        /// The round.
        round: u32,
    },
    /// A round number outside 1 to 20.
    BadRound {
        /// The round written.
        round: u32,
    },
    /// The McMahon bar below the floor.
    BarBelowFloor {
        /// The bar, as written.
        bar: String,
        /// The floor, as written.
        floor: String,
    },
}

impl fmt::Display for TournamentFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TournamentFileError::*;
        let text = match self {
            TooLarge { bytes } => tf(
                "This file is {} bytes, too large for a tournament file. Choose the tournament's .xml file saved by OpenGotha.",
                &[bytes],
            ),
            NotXml { detail } => tf(
                "This is not a readable XML file ({}). Save the tournament again from OpenGotha and load that file.",
                &[detail],
            ),
            NotTournament { root } => tf(
                "This XML file holds a <{}>, not an OpenGotha tournament. Choose the tournament's .xml file.",
                &[root],
            ),
            TooManyPlayers { count } => tf(
                "The file lists {} players; a tournament holds at most {}.",
                &[count, &MAX_PLAYERS],
            ),
            DuplicatePlayer { key } => tf(
                "Two players have the same name ({}). Give one of them a different first name in OpenGotha and save again.",
                &[key],
            ),
            BadValue {
                element,
                attribute,
                value,
            } => tf(
                "The file's {} has {}=\"{}\", which cannot be read.",
                &[element, attribute, value],
            ),
            UnknownPlayer { key, round } => tf(
                "Round {} names a player ({}) who is not in the list of players.",
                &[round, key],
            ),
            PlaysTwice { key, round } => tf(
                "{} is in two games of round {}. Remove one of the games in OpenGotha and save again.",
                &[key, round],
            ),
            ByeAlsoPlays { key, round } => tf(
                "{} has the bye of round {} and also plays in it. Remove the bye or the game in OpenGotha and save again.",
                &[key, round],
            ),
            BadRound { round } => tf(
                "The file has a round {}; a tournament has rounds 1 to {}.",
                &[round, &MAX_ROUNDS],
            ),
            BarBelowFloor { bar, floor } => tf(
                "The McMahon bar ({}) is below the floor ({}). Set the bar at or above the floor in OpenGotha's general settings.",
                &[bar, floor],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for TournamentFileError {}

/// An element of the parsed file.
pub(super) type XmlNode<'a, 'i> = roxmltree::Node<'a, 'i>;

/// The first child element named `name`.
pub(super) fn child<'a, 'i>(node: XmlNode<'a, 'i>, name: &str) -> Option<XmlNode<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// An attribute's text, or `default` when the file leaves it out.
pub(super) fn text(node: XmlNode, attribute: &str, default: &str) -> String {
    node.attribute(attribute).unwrap_or(default).to_string()
}

/// An attribute read as a number, `default` when left out; a value that is no number is
/// refused.
pub(super) fn number<T: std::str::FromStr>(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: T,
) -> Result<T, TournamentFileError> {
    match node.attribute(attribute) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| TournamentFileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}

/// A whole number that must lie in `range` (what OpenGotha's settings allow), so that no sum
/// of scores or handicaps can overflow.
pub(super) fn bounded(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: i32,
    range: std::ops::RangeInclusive<i32>,
) -> Result<i32, TournamentFileError> {
    let value = number(node, element, attribute, default)?;
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(TournamentFileError::BadValue {
            element,
            attribute,
            value: value.to_string(),
        })
    }
}

/// An attribute read as `true` or `false`, `default` when left out.
pub(super) fn flag(node: XmlNode, attribute: &str, default: bool) -> bool {
    node.attribute(attribute)
        .map_or(default, |v| v.trim().eq_ignore_ascii_case("true"))
}

/// An attribute read as a rank (`12K`, `3D`), `default` when left out.
pub(super) fn rank(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: i32,
) -> Result<i32, TournamentFileError> {
    match node.attribute(attribute) {
        None => Ok(default),
        Some(v) => parse_rank(v).ok_or(TournamentFileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}
