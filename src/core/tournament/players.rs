//! The director's changes to the list of players: add, edit, withdraw from a round on, the
//! registration (final or preliminary), the rounds a player takes part in, and the number of
//! rounds. Every change is checked first and either made whole or refused with a
//! [`PlayerError`] a director can read, the tournament left as it was.

use super::rank::parse_rank;
use super::{MAX_PLAYERS, MAX_ROUNDS, Player, Registration, Tournament};
use crate::core::text::{t, tf};
use std::fmt;

/// Why a change to the players (or to the number of rounds) is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// The family name is empty (or only spaces).
    MissingName,
    /// The name and first name give a key another player already has.
    DuplicateKey {
        /// The key both would have.
        key: String,
        /// The other player, as "Name First name".
        other: String,
    },
    /// The rank is not `30k`..`1k`, `1d`..`9d` or `1p`..`9p`.
    BadRank {
        /// The text as typed.
        text: String,
    },
    /// A line of a pasted list holds nothing that reads as a rank.
    NoRank,
    /// The tournament already holds [`MAX_PLAYERS`] players.
    TooManyPlayers,
    /// No player has this index.
    NoSuchPlayer {
        /// The index asked for.
        player: usize,
    },
    /// The round is not one of the tournament's.
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The tournament's rounds.
        rounds: u32,
    },
    /// The player has a game or the bye in a round the change would take them out of.
    PairedInRound {
        /// The player, as "Name First name".
        player: String,
        /// The round.
        round: u32,
    },
    /// The number of rounds asked is below the rounds already paired, or out of 1..=20.
    BadNumberOfRounds {
        /// The number asked for.
        asked: u32,
        /// The last round with a game or a bye (0: none).
        paired: u32,
    },
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            PlayerError::MissingName => t("The player has no family name.").to_string(),
            PlayerError::DuplicateKey { key, other } => tf(
                "{} is already registered under the same name ({}): add something to tell them apart, such as a second first name.",
                &[other, key],
            ),
            PlayerError::BadRank { text } => tf(
                "\"{}\" is not a rank: write 30k to 1k, 1d to 9d, or 1p to 9p.",
                &[text],
            ),
            PlayerError::NoRank => {
                t("No rank on the line: write it as 30k to 1k, 1d to 9d, or 1p to 9p.").to_string()
            }
            PlayerError::TooManyPlayers => tf(
                "The tournament already has {} players, the most it can hold.",
                &[&MAX_PLAYERS],
            ),
            PlayerError::NoSuchPlayer { player } => {
                tf("There is no player number {}.", &[&(player + 1)])
            }
            PlayerError::NoSuchRound { round, rounds } => tf(
                "There is no round {}: the tournament has {} rounds.",
                &[round, rounds],
            ),
            PlayerError::PairedInRound { player, round } => tf(
                "{} has a game or the bye in round {}: unpair them in that round first.",
                &[player, round],
            ),
            PlayerError::BadNumberOfRounds { asked, paired } => {
                if *asked == 0 || *asked as usize > MAX_ROUNDS {
                    tf(
                        "A tournament has 1 to {} rounds, not {}.",
                        &[&MAX_ROUNDS, asked],
                    )
                } else {
                    tf(
                        "Round {} is already paired: the tournament cannot have fewer than {} rounds.",
                        &[paired, paired],
                    )
                }
            }
        };
        f.write_str(&text)
    }
}

impl std::error::Error for PlayerError {}

/// Reads a rank as typed: `30k` to `1k`, `1d` to `9d`, `1p` to `9p` (counted as 9 dan, as
/// OpenGotha counts professional ranks), case ignored, spaces around ignored.
pub fn rank_from_text(text: &str) -> Result<i32, PlayerError> {
    parse_rank(text).ok_or_else(|| PlayerError::BadRank {
        text: text.trim().to_string(),
    })
}

/// The player's name as every screen and message shows it: first name, then family name, as
/// people write them ([`crate::core::names::person_name`]).
pub fn full_name(p: &Player) -> String {
    crate::core::names::person_name(&p.first_name, &p.name)
}

impl Tournament {
    /// The name of player `player` as every screen shows it ([`full_name`]); empty for no
    /// such player.
    pub fn player_name(&self, player: usize) -> String {
        self.players.get(player).map(full_name).unwrap_or_default()
    }

    /// The player `player`, or the error naming the missing index.
    fn player_checked(&self, player: usize) -> Result<&Player, PlayerError> {
        self.players
            .get(player)
            .ok_or(PlayerError::NoSuchPlayer { player })
    }

    /// Checks that `p` may be registered beside the players other than `except`: a family
    /// name, a rank OpenGotha holds, and a key nobody else has.
    pub fn check_player(&self, p: &Player, except: Option<usize>) -> Result<(), PlayerError> {
        if p.name.trim().is_empty() {
            return Err(PlayerError::MissingName);
        }
        if !(super::rank::MIN_RANK..=super::rank::MAX_RANK).contains(&p.rank) {
            return Err(PlayerError::BadRank {
                text: p.rank.to_string(),
            });
        }
        let key = p.key();
        match self
            .players
            .iter()
            .enumerate()
            .find(|(i, other)| Some(*i) != except && other.key() == key)
        {
            Some((_, other)) => Err(PlayerError::DuplicateKey {
                key,
                other: full_name(other),
            }),
            None => Ok(()),
        }
    }

    /// Registers a new player; returns the index. A player without a rating (no rating origin)
    /// gets the one OpenGotha gives a rank. The participation list is brought to
    /// [`MAX_ROUNDS`] rounds (missing rounds taken as played). As in OpenGotha, a player
    /// registered once rounds are paired takes part in those rounds too (unpaired in them,
    /// which scores nothing) until [`Tournament::set_participation`] says otherwise.
    pub fn add_player(&mut self, mut p: Player) -> Result<usize, PlayerError> {
        if self.players.len() >= MAX_PLAYERS {
            return Err(PlayerError::TooManyPlayers);
        }
        self.check_player(&p, None)?;
        p.participating.resize(MAX_ROUNDS, true);
        if p.rating_origin.is_empty() {
            // No rating given: OpenGotha's Players Manager rates the rank (origin "INI"), and
            // the pairing's tables and seeding read the rating.
            p.rating = super::rank::rating_of_rank(p.rank);
            p.rating_origin = "INI".to_string();
        }
        self.players.push(p);
        Ok(self.players.len() - 1)
    }

    /// Replaces what is known of `player` (name, rank, club...) by `p`; the player's games and
    /// byes stay theirs, and so do the forbidden pairs naming them, under the new key.
    /// Registration and participation are changed by their own functions, which check the
    /// rounds already paired, so `p`'s are not taken.
    pub fn edit_player(&mut self, player: usize, p: Player) -> Result<(), PlayerError> {
        let old = self.player_checked(player)?;
        self.check_player(&p, Some(player))?;
        let (old_key, new_key) = (old.key(), p.key());
        for (a, b) in self.forbidden_pairs.iter_mut() {
            for k in [a, b] {
                if *k == old_key {
                    k.clone_from(&new_key);
                }
            }
        }
        let old = self.player_checked(player)?;
        let kept = Player {
            registration: old.registration,
            participating: old.participating.clone(),
            ..p
        };
        if let Some(slot) = self.players.get_mut(player) {
            *slot = kept;
        }
        Ok(())
    }

    /// The rounds from `from` on in which `player` has a game or the bye.
    fn paired_from(&self, player: usize, from: u32, to: u32) -> Option<u32> {
        (from..=to).find(|&r| {
            self.bye_of(r) == Some(player)
                || self
                    .games_of(r)
                    .any(|g| g.white == player || g.black == player)
        })
    }

    /// Sets whether `player` takes part in `round`. Taking a player out of a round where they
    /// have a game or the bye is refused: unpair them first.
    pub fn set_participation(
        &mut self,
        player: usize,
        round: u32,
        plays: bool,
    ) -> Result<(), PlayerError> {
        let p = self.player_checked(player)?;
        let rounds = self.general.number_of_rounds;
        if round == 0 || round > rounds || round as usize > MAX_ROUNDS {
            return Err(PlayerError::NoSuchRound { round, rounds });
        }
        if !plays && self.paired_from(player, round, round).is_some() {
            return Err(PlayerError::PairedInRound {
                player: full_name(p),
                round,
            });
        }
        if let Some(p) = self.players.get_mut(player) {
            p.participating.resize(MAX_ROUNDS, true);
            if let Some(slot) = p.participating.get_mut(round as usize - 1) {
                *slot = plays;
            }
        }
        Ok(())
    }

    /// Withdraws `player` from round `from` on: OpenGotha has no withdrawal, the player simply
    /// takes part in no round from then, and keeps the games already played. Refused when the
    /// player has a game or the bye in one of those rounds.
    pub fn withdraw(&mut self, player: usize, from: u32) -> Result<(), PlayerError> {
        let p = self.player_checked(player)?;
        let rounds = self.general.number_of_rounds;
        if from == 0 || from > rounds || from as usize > MAX_ROUNDS {
            return Err(PlayerError::NoSuchRound {
                round: from,
                rounds,
            });
        }
        if let Some(round) = self.paired_from(player, from, MAX_ROUNDS as u32) {
            return Err(PlayerError::PairedInRound {
                player: full_name(p),
                round,
            });
        }
        if let Some(p) = self.players.get_mut(player) {
            p.participating.resize(MAX_ROUNDS, true);
            p.participating
                .iter_mut()
                .skip(from as usize - 1)
                .for_each(|r| *r = false);
        }
        Ok(())
    }

    /// Makes `player`'s registration final or preliminary. A preliminary player is not
    /// paired, so one with a game or a bye in any round cannot become preliminary.
    pub fn set_registration(
        &mut self,
        player: usize,
        registration: Registration,
    ) -> Result<(), PlayerError> {
        let p = self.player_checked(player)?;
        if registration == Registration::Preliminary
            && let Some(round) = self.paired_from(player, 1, MAX_ROUNDS as u32)
        {
            return Err(PlayerError::PairedInRound {
                player: full_name(p),
                round,
            });
        }
        if let Some(p) = self.players.get_mut(player) {
            p.registration = registration;
        }
        Ok(())
    }

    /// The last round with a game or a bye (0 when none is paired).
    pub fn last_paired_round(&self) -> u32 {
        let games = self.games.iter().map(|g| g.round).max().unwrap_or(0);
        let byes = self
            .byes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_some())
            .map(|(i, _)| i as u32 + 1)
            .max()
            .unwrap_or(0);
        games.max(byes)
    }

    /// Sets the number of rounds: 1 to [`MAX_ROUNDS`], and never below a round already paired.
    pub fn set_number_of_rounds(&mut self, rounds: u32) -> Result<(), PlayerError> {
        let paired = self.last_paired_round();
        if rounds == 0 || rounds as usize > MAX_ROUNDS || rounds < paired {
            return Err(PlayerError::BadNumberOfRounds {
                asked: rounds,
                paired,
            });
        }
        self.general.number_of_rounds = rounds;
        Ok(())
    }
}
