//! The director's hand on a round's pairing: swap two games' opponents, pair two players by
//! hand, unpair a game, forbid a pair, pair the players still unpaired with the rest left as
//! it is, and the checks each game can be asked (met before? one club? forbidden?).
//!
//! A forbidden pair costs, in the automatic pairing, what a duplicate game costs (the
//! "avoid duplicate games" criterion gives it 0 instead of its weight) rather than being
//! left out of the matching: left out, a round whose only possible pairing holds such a
//! pair (two brothers left alone in the last score group, a small club) could not be paired
//! at all, while costed as a duplicate game it is taken only when nothing else is possible,
//! and then [`warnings`] names it so that the director sees it before keeping the pairing.
//!
//! Colours and handicaps of a game made by hand are given as the automatic pairing gives
//! them (`game_between`): the handicap settings and, in an even game, the colour balance.

use super::context::RoundContext;
use super::{RoundPairing, game_between, pair_round, players_to_pair};
use crate::core::tournament::players::full_name;
use crate::core::tournament::{GameResult, PairedGame, Tournament};
use std::fmt;

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

/// Which of the two crossings a swap of two games makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap {
    /// Games A–B and C–D (A, C white) become A–D and C–B.
    Cross,
    /// Games A–B and C–D become A–C and B–D.
    Straight,
}

/// Why a change by hand is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// The round is not one of the tournament's.
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The tournament's rounds.
        rounds: u32,
    },
    /// No game of the round is at this table.
    NoSuchTable {
        /// The round.
        round: u32,
        /// The table asked for.
        table: u32,
    },
    /// No player has this index.
    NoSuchPlayer {
        /// The index asked for.
        player: usize,
    },
    /// A player cannot play themselves; two tables of a swap must differ.
    SamePlayer,
    /// The player cannot be paired in the round: already paired, the bye, preliminary, or not
    /// taking part.
    NotPairable {
        /// The player, as "Name First name".
        player: String,
        /// The round.
        round: u32,
    },
}

impl fmt::Display for HandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            HandError::NoSuchRound { round, rounds } => write!(
                f,
                "There is no round {round}: the tournament has {rounds} rounds."
            ),
            HandError::NoSuchTable { round, table } => {
                write!(f, "Round {round} has no game at table {table}.")
            }
            HandError::NoSuchPlayer { player } => {
                write!(f, "There is no player number {}.", player + 1)
            }
            HandError::SamePlayer => write!(f, "Choose two different players or tables."),
            HandError::NotPairable { player, round } => write!(
                f,
                "{player} cannot be paired in round {round}: already paired or given the bye, preliminary, or not taking part."
            ),
        }
    }
}

impl std::error::Error for HandError {}

impl RoundContext<'_> {
    /// Whether the director forbade pairing `a` with `b`.
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        !self.forbidden.is_empty() && self.forbidden.contains(&(a.min(b), a.max(b)))
    }
}

/// The tournament's forbidden pairs as player indices (smaller first); pairs naming a key no
/// player has are left out.
pub fn forbidden_indices(t: &Tournament) -> Vec<(usize, usize)> {
    t.forbidden_pairs
        .iter()
        .filter_map(|(a, b)| {
            let (a, b) = (t.player_by_key(a)?, t.player_by_key(b)?);
            Some((a.min(b), a.max(b)))
        })
        .collect()
}

/// Whether the director forbade pairing players `a` and `b`.
pub fn is_forbidden(t: &Tournament, a: usize, b: usize) -> bool {
    forbidden_indices(t).contains(&(a.min(b), a.max(b)))
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
    let forbidden = forbidden_indices(t);
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
    let forbidden = forbidden_indices(t);
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

/// A new game of `round` between `a` and `b` at `table`, coloured and handicapped as the
/// automatic pairing would.
fn hand_game(t: &Tournament, round: u32, a: usize, b: usize, table: u32) -> Option<PairedGame> {
    let history = t.before_round(round);
    let ctx = RoundContext::new(&history, round, &[a, b]);
    let (pa, pb) = (ctx.players.get(a)?, ctx.players.get(b)?);
    Some(PairedGame {
        table,
        ..game_between(&ctx, pa, pb)
    })
}

fn check_round(t: &Tournament, round: u32) -> Result<(), HandError> {
    let rounds = t.general.number_of_rounds;
    if round == 0 || round > rounds || round as usize > crate::core::tournament::MAX_ROUNDS {
        return Err(HandError::NoSuchRound { round, rounds });
    }
    Ok(())
}

fn game_at(t: &Tournament, round: u32, table: u32) -> Result<usize, HandError> {
    t.games
        .iter()
        .position(|g| g.round == round && g.table == table)
        .ok_or(HandError::NoSuchTable { round, table })
}

impl Tournament {
    /// Swaps the opponents of the games at tables `a` and `b` of `round` (see [`Swap`]); the
    /// new games keep the tables, take new colours and handicaps, and have no result. Returns
    /// the new games' warnings.
    pub fn swap_opponents(
        &mut self,
        round: u32,
        a: u32,
        b: u32,
        swap: Swap,
    ) -> Result<Vec<PairingWarning>, HandError> {
        check_round(self, round)?;
        let (ia, ib) = (game_at(self, round, a)?, game_at(self, round, b)?);
        if ia == ib {
            return Err(HandError::SamePlayer);
        }
        let (ga, gb) = match (self.games.get(ia), self.games.get(ib)) {
            (Some(ga), Some(gb)) => (*ga, *gb),
            _ => return Err(HandError::NoSuchTable { round, table: a }),
        };
        let (first, second) = match swap {
            Swap::Cross => ((ga.white, gb.black), (gb.white, ga.black)),
            Swap::Straight => ((ga.white, gb.white), (ga.black, gb.black)),
        };
        let mut t = self.clone();
        t.games
            .retain(|g| !(g.round == round && (g.table == a || g.table == b)));
        let made = [
            hand_game(&t, round, first.0, first.1, a),
            hand_game(&t, round, second.0, second.1, b),
        ];
        let [Some(g1), Some(g2)] = made else {
            return Err(HandError::NoSuchTable { round, table: a });
        };
        t.games.extend([g1, g2]);
        *self = t;
        Ok(warnings(self, &[g1, g2]))
    }

    /// Pairs `a` and `b` by hand in `round`, both taking part and not yet paired, at the first
    /// free table. Returns the game's warnings.
    pub fn pair_by_hand(
        &mut self,
        round: u32,
        a: usize,
        b: usize,
    ) -> Result<Vec<PairingWarning>, HandError> {
        check_round(self, round)?;
        for p in [a, b] {
            if self.players.get(p).is_none() {
                return Err(HandError::NoSuchPlayer { player: p });
            }
        }
        if a == b {
            return Err(HandError::SamePlayer);
        }
        let free = players_to_pair(self, round);
        for p in [a, b] {
            if !free.contains(&p) {
                let player = self.players.get(p).map(full_name).unwrap_or_default();
                return Err(HandError::NotPairable { player, round });
            }
        }
        let taken: Vec<u32> = self.games_of(round).map(|g| g.table).collect();
        let table = (1..).find(|n| !taken.contains(n)).unwrap_or(1);
        let game =
            hand_game(self, round, a, b, table).ok_or(HandError::NoSuchPlayer { player: a })?;
        self.games.push(game);
        Ok(warnings(self, &[game]))
    }

    /// Unpairs the game at `table` of `round`: both players back among the unpaired, the game
    /// and its result gone.
    pub fn unpair(&mut self, round: u32, table: u32) -> Result<PairedGame, HandError> {
        check_round(self, round)?;
        let i = game_at(self, round, table)?;
        Ok(self.games.remove(i))
    }

    /// Forbids pairing `a` with `b` from now on (see the head of this file).
    pub fn forbid_pair(&mut self, a: usize, b: usize) -> Result<(), HandError> {
        let keys = match (self.players.get(a), self.players.get(b)) {
            (Some(pa), Some(pb)) => (pa.key(), pb.key()),
            (None, _) => return Err(HandError::NoSuchPlayer { player: a }),
            (_, None) => return Err(HandError::NoSuchPlayer { player: b }),
        };
        if a == b {
            return Err(HandError::SamePlayer);
        }
        if !is_forbidden(self, a, b) {
            self.forbidden_pairs.push(keys);
        }
        Ok(())
    }

    /// Allows pairing `a` with `b` again.
    pub fn allow_pair(&mut self, a: usize, b: usize) {
        let keys = |p: usize| self.players.get(p).map(|p| p.key()).unwrap_or_default();
        let (ka, kb) = (keys(a), keys(b));
        self.forbidden_pairs
            .retain(|(x, y)| !((*x == ka && *y == kb) || (*x == kb && *y == ka)));
    }

    /// Pairs the players of `round` still unpaired, the games already made left as they are:
    /// the pairing to show (with its warnings); [`Tournament::keep_pairing`] keeps it.
    pub fn pair_rest(&self, round: u32) -> Result<RoundPairing, super::PairingError> {
        pair_round(self, round)
    }

    /// Keeps a pairing of `round` made by [`pair_round`] or [`Tournament::pair_rest`]: its
    /// games are added and its bye given. Refused, nothing changed, when one of its players
    /// is no longer free in the round (the round changed since it was made).
    pub fn keep_pairing(&mut self, round: u32, pairing: &RoundPairing) -> Result<(), HandError> {
        check_round(self, round)?;
        let mut free = players_to_pair(self, round);
        let players = pairing
            .games
            .iter()
            .flat_map(|g| [g.white, g.black])
            .chain(pairing.bye);
        for p in players {
            match free.iter().position(|&f| f == p) {
                Some(i) => {
                    free.swap_remove(i);
                }
                None => {
                    let player = self.players.get(p).map(full_name).unwrap_or_default();
                    return Err(HandError::NotPairable { player, round });
                }
            }
        }
        if pairing.bye.is_some() && self.bye_of(round).is_some() {
            let player = pairing
                .bye
                .and_then(|p| self.players.get(p))
                .map(full_name)
                .unwrap_or_default();
            return Err(HandError::NotPairable { player, round });
        }
        self.games.extend(pairing.games.iter().map(|g| PairedGame {
            round,
            result: GameResult::UNKNOWN,
            ..*g
        }));
        if let Some(bye) = pairing.bye {
            if self.byes.len() < crate::core::tournament::MAX_ROUNDS {
                self.byes.resize(crate::core::tournament::MAX_ROUNDS, None);
            }
            if let Some(slot) = self.byes.get_mut(round as usize - 1) {
                *slot = Some(bye);
            }
        }
        Ok(())
    }
}
