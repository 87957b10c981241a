//! The director's hand on a round's pairing: swap two games' opponents, pair two players by
//! hand, unpair a game, give or take back the bye, forbid a pair (see `checks` for how the
//! pairing treats it), and pair the players still unpaired with the rest left as it is.
//!
//! Colours and handicaps of a game made by hand are given as the automatic pairing gives
//! them (`game_between`): the handicap settings and, in an even game, the colour balance.

use super::checks::{PairingWarning, is_forbidden, warnings};
use super::context::RoundContext;
use super::{RoundPairing, game_between, pair_round, players_to_pair};
use crate::core::text::{t, tf};
use crate::core::tournament::players::full_name;
use crate::core::tournament::{GameResult, MAX_ROUNDS, PairedGame, Tournament};
use std::fmt;

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
    /// The round's bye is already given, to this player.
    ByeGiven {
        /// The player, as "Name First name".
        player: String,
        /// The round.
        round: u32,
    },
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
        let text = match self {
            HandError::NoSuchRound { round, rounds } => tf(
                "There is no round {}: the tournament has {} rounds.",
                &[round, rounds],
            ),
            HandError::NoSuchTable { round, table } => {
                tf("Round {} has no game at table {}.", &[round, table])
            }
            HandError::NoSuchPlayer { player } => {
                tf("There is no player number {}.", &[&(player + 1)])
            }
            HandError::SamePlayer => t("Choose two different players or tables.").to_string(),
            HandError::ByeGiven { player, round } => tf(
                "The bye of round {} is already given to {}: take it back first.",
                &[round, player],
            ),
            HandError::NotPairable { player, round } => tf(
                "{} cannot be paired in round {}: already paired or given the bye, preliminary, or not taking part.",
                &[player, round],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for HandError {}

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
    if round == 0 || round > rounds || round as usize > MAX_ROUNDS {
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
                let player = self.player_name(p);
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
                    let player = self.player_name(p);
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
            if self.byes.len() < MAX_ROUNDS {
                self.byes.resize(MAX_ROUNDS, None);
            }
            if let Some(slot) = self.byes.get_mut(round as usize - 1) {
                *slot = Some(bye);
            }
        }
        Ok(())
    }

    /// Gives the bye of `round` to `player`, who takes part and is not yet paired in it.
    pub fn give_bye(&mut self, round: u32, player: usize) -> Result<(), HandError> {
        check_round(self, round)?;
        let name = self
            .players
            .get(player)
            .map(full_name)
            .ok_or(HandError::NoSuchPlayer { player })?;
        if let Some(holder) = self.bye_of(round) {
            let player = self.player_name(holder);
            return Err(HandError::ByeGiven { player, round });
        }
        if !players_to_pair(self, round).contains(&player) {
            return Err(HandError::NotPairable {
                player: name,
                round,
            });
        }
        self.byes.resize(self.byes.len().max(MAX_ROUNDS), None);
        if let Some(slot) = self.byes.get_mut(round as usize - 1) {
            *slot = Some(player);
        }
        Ok(())
    }

    /// Takes back the bye of `round`: its player is unpaired again. Returns who had it.
    pub fn take_back_bye(&mut self, round: u32) -> Result<Option<usize>, HandError> {
        check_round(self, round)?;
        Ok(self.byes.get_mut(round as usize - 1).and_then(Option::take))
    }
}
