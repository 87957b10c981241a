//! What the director may want to know of a round's games before keeping a pairing: whether
//! two players met before, whether they share a club, whether the director forbade the pair;
//! and the warnings a pairing carries (repeated games, forbidden pairs).
//!
//! A forbidden pair costs, in the automatic pairing, what a duplicate game costs (the "avoid
//! duplicate games" criterion gives it 0 instead of its weight) rather than being left out of
//! the matching: left out, a round whose only possible pairing holds such a pair (two brothers
//! left alone in the last score group, a small club) could not be paired at all, while costed
//! as a duplicate game it is taken only when nothing else is possible, and then [`warnings`]
//! names it so that the director sees it before keeping the pairing.

use super::context::RoundContext;
use crate::core::tournament::{PairedGame, Tournament};

/// Something about a game the director should see before keeping a pairing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingWarning {
    /// The two players already played each other in `rounds`.
    Repeated {
        /// The game's table.
        table: u32,
        /// White and black.
        players: (usize, usize),
        /// The rounds in which they met.
        rounds: Vec<u32>,
    },
    /// The director forbade this pair.
    Forbidden {
        /// The game's table.
        table: u32,
        /// White and black.
        players: (usize, usize),
    },
}

/// What the director may want to know of one game of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameCheck {
    /// The game's table.
    pub table: u32,
    /// The rounds before this one in which the two players met.
    pub met_before: Vec<u32>,
    /// Whether both have the same (non-empty) club, case ignored.
    pub same_club: bool,
    /// Whether the director forbade this pair.
    pub forbidden: bool,
}

impl RoundContext<'_> {
    /// Whether the director forbade pairing `a` with `b`.
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        !self.forbidden.is_empty() && self.forbidden.contains(&(a.min(b), a.max(b)))
    }
}

/// Whether the director forbade pairing players `a` and `b`.
pub fn is_forbidden(t: &Tournament, a: usize, b: usize) -> bool {
    t.forbidden_indices().contains(&(a.min(b), a.max(b)))
}

/// The rounds before `round` in which `a` and `b` played each other.
pub fn met_before(t: &Tournament, a: usize, b: usize, round: u32) -> Vec<u32> {
    t.games
        .iter()
        .filter(|g| g.round < round && g.opponent_of(a) == Some(b) && a != b)
        .map(|g| g.round)
        .collect()
}

/// Whether `a` and `b` have one club (case ignored; no club is nobody's club).
pub fn same_club(t: &Tournament, a: usize, b: usize) -> bool {
    match (t.players.get(a), t.players.get(b)) {
        (Some(pa), Some(pb)) => {
            !pa.club.trim().is_empty()
                && pa.club.trim().to_lowercase() == pb.club.trim().to_lowercase()
        }
        _ => false,
    }
}

/// The warnings of `games` (all of one round): repeated games and forbidden pairs.
pub fn warnings(t: &Tournament, games: &[PairedGame]) -> Vec<PairingWarning> {
    let forbidden = t.forbidden_indices();
    let mut out = Vec::new();
    for g in games {
        let players = (g.white, g.black);
        let rounds = met_before(t, g.white, g.black, g.round);
        if !rounds.is_empty() {
            out.push(PairingWarning::Repeated {
                table: g.table,
                players,
                rounds,
            });
        }
        if forbidden.contains(&(g.white.min(g.black), g.white.max(g.black))) {
            out.push(PairingWarning::Forbidden {
                table: g.table,
                players,
            });
        }
    }
    out
}

/// What the director may want to know of each game of `round`, by table.
pub fn check_games(t: &Tournament, round: u32) -> Vec<GameCheck> {
    let forbidden = t.forbidden_indices();
    let mut checks: Vec<GameCheck> = t
        .games_of(round)
        .map(|g| GameCheck {
            table: g.table,
            met_before: met_before(t, g.white, g.black, round),
            same_club: same_club(t, g.white, g.black),
            forbidden: forbidden.contains(&(g.white.min(g.black), g.white.max(g.black))),
        })
        .collect();
    checks.sort_by_key(|c| c.table);
    checks
}
