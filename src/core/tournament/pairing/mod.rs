//! The automatic pairing of a round as OpenGotha 3.52 makes it: the players of the round who
//! are not yet paired, one of them given the bye if they are odd, every pair costed by the
//! criteria of `criteria`, and the set of pairs whose costs add up to the most (a maximum
//! weight perfect matching); then colours and handicaps from the handicap settings and table
//! numbers, best score first.

pub mod checks;
pub mod context;
pub mod criteria;
pub mod explain;
mod gabow;
mod games;
pub mod hand;
mod java_sort;

pub use context::{PairingPlayer, RoundContext};
pub use criteria::{Costs, pair_costs};
pub use explain::{PairCost, round_costs};
pub use games::{choose_bye, game_between, number_tables};

use super::{PairedGame, Registration, Tournament};
use crate::core::text::tf;
use std::fmt;

/// Above this many players OpenGotha pairs the best scores first, a part at a time
/// (`Pairing.PAIRING_GROUP_MAX_SIZE`).
pub const PAIRING_GROUP_MAX_SIZE: usize = 600;
/// The smallest part paired on its own (`Pairing.PAIRING_GROUP_MIN_SIZE`).
pub const PAIRING_GROUP_MIN_SIZE: usize = 200;

/// A round's pairing: the new games (tables numbered) and the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPairing {
    /// The new games.
    pub games: Vec<PairedGame>,
    /// The player left without a game, when the players are odd.
    pub bye: Option<usize>,
    /// Games of the pairing the director should see before keeping it: players who met
    /// before, pairs the director forbade.
    pub warnings: Vec<checks::PairingWarning>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// The round is not one of the tournament's.
    NoSuchRound {
        /// The round asked for.
        round: u32,
        /// The tournament's rounds.
        rounds: u32,
    },
    /// Nobody is left to pair.
    NobodyToPair {
        /// The round asked for.
        round: u32,
    },
    /// The file uses settings this app does not know.
    UnknownSettings {
        /// The settings, as the file names them.
        settings: Vec<String>,
    },
    /// The players left are odd and the round's bye is already given.
    OddWithByeGiven {
        /// The round asked for.
        round: u32,
        /// How many players are left.
        left: usize,
    },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            PairingError::NoSuchRound { round, rounds } => tf(
                "Round {} cannot be paired: the tournament has {} rounds.",
                &[round, rounds],
            ),
            PairingError::NobodyToPair { round } => tf(
                "Round {} has nobody left to pair: every player taking part already has a game or the bye.",
                &[round],
            ),
            PairingError::UnknownSettings { settings } => tf(
                "The tournament's file uses settings this app does not know ({}): it pairs nothing rather than pair otherwise than OpenGotha. Pair this round in OpenGotha.",
                &[&settings.join(", ")],
            ),
            PairingError::OddWithByeGiven { round, left } => tf(
                "Round {} has {} players left to pair and its bye is already given: remove the bye, or a game, or mark a player as not taking part.",
                &[round, left],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for PairingError {}

/// The players OpenGotha pairs in `round`: finally registered, taking part in the round, and
/// neither in a game of the round nor its bye; in the order of their keys.
pub fn players_to_pair(t: &Tournament, round: u32) -> Vec<usize> {
    let mut busy = vec![false; t.players.len()];
    for g in t.games_of(round) {
        for p in [g.white, g.black] {
            if let Some(b) = busy.get_mut(p) {
                *b = true;
            }
        }
    }
    if let Some(b) = t.bye_of(round).and_then(|b| busy.get_mut(b)) {
        *b = true;
    }
    let mut players: Vec<(String, usize)> = t
        .players
        .iter()
        .enumerate()
        .filter(|(i, p)| {
            p.registration == Registration::Final
                && p.plays_in(round)
                && !busy.get(*i).copied().unwrap_or(true)
        })
        .map(|(i, p)| (p.key(), i))
        .collect();
    players.sort();
    players.into_iter().map(|(_, i)| i).collect()
}

/// Pairs `round` (1-based) of `tournament`: the games of the rounds before count, games
/// already made in the round stay and their players are not paired again.
pub fn pair_round(tournament: &Tournament, round: u32) -> Result<RoundPairing, PairingError> {
    let rounds = tournament.general.number_of_rounds;
    if round == 0 || round > rounds || round as usize > super::MAX_ROUNDS {
        return Err(PairingError::NoSuchRound { round, rounds });
    }
    if !tournament.unknown_settings.is_empty() {
        return Err(PairingError::UnknownSettings {
            settings: tournament.unknown_settings.clone(),
        });
    }
    let mut players = players_to_pair(tournament, round);
    if players.is_empty() {
        return Err(PairingError::NobodyToPair { round });
    }
    let history = tournament.before_round(round);
    let ctx = RoundContext::new(&history, round, &players);
    standings_order(&ctx, &mut players);
    if players.len() % 2 == 1 && tournament.bye_of(round).is_some() {
        return Err(PairingError::OddWithByeGiven {
            round,
            left: players.len(),
        });
    }
    let bye = if players.len() % 2 == 1 {
        let bye = choose_bye(&ctx, &players);
        players.retain(|&p| Some(p) != bye);
        bye
    } else {
        None
    };
    let mut games = pair_players(&ctx, &players);
    let existing: Vec<PairedGame> = tournament.games_of(round).copied().collect();
    number_tables(&ctx, &mut games, &existing);
    let warnings = checks::warnings(tournament, &games);
    Ok(RoundPairing {
        games,
        bye,
        warnings,
    })
}

/// Puts `players` in the order of OpenGotha's pairing window, which is the order their pairs
/// are costed and matched in: by the standings' criteria before the round, best first, then
/// by name. Of several pairings with the same best total, the matching's choice depends on it.
pub fn standings_order(ctx: &RoundContext, players: &mut [usize]) {
    let t = ctx.tournament;
    let key = |p: usize| ctx.standing_before(p);
    players.sort_by(|&a, &b| {
        let (pa, pb) = (t.players.get(a), t.players.get(b));
        key(b)
            .cmp(&key(a))
            .then_with(|| {
                context::java_compare(pa.map_or("", |p| &p.name), pb.map_or("", |p| &p.name))
            })
            .then_with(|| {
                context::java_compare(
                    pa.map_or("", |p| &p.first_name),
                    pb.map_or("", |p| &p.first_name),
                )
            })
    });
}

/// Pairs `players` (an even number, in the order their pairs are costed), splitting them as
/// OpenGotha does when they are more than [`PAIRING_GROUP_MAX_SIZE`]: the best scores of the
/// strongest category first, a part of at least [`PAIRING_GROUP_MIN_SIZE`] at a time.
pub fn pair_players(ctx: &RoundContext, players: &[usize]) -> Vec<PairedGame> {
    let mut remaining: Vec<usize> = players.to_vec();
    let mut games = Vec::with_capacity(players.len() / 2);
    let (min, max) = ctx.main_score_range();
    let before = ctx.round as i32 - 2;
    let categories = ctx.tournament.general.number_of_categories.clamp(1, 64) as i32;
    while remaining.len() > PAIRING_GROUP_MAX_SIZE {
        let mut part = Vec::new();
        let mut ready = false;
        'categories: for category in 0..categories {
            let mut score = max;
            while score >= min {
                let mut k = 0;
                while k < remaining.len() {
                    let p = remaining.get(k).copied().unwrap_or(0);
                    let fits = ctx.players.get(p).is_some_and(|pp| pp.category <= category)
                        && ctx.main_score(p, before) >= score;
                    if !fits {
                        k += 1;
                        continue;
                    }
                    part.push(remaining.remove(k));
                    if part.len() >= PAIRING_GROUP_MAX_SIZE
                        || remaining.len() <= PAIRING_GROUP_MIN_SIZE
                    {
                        ready = true;
                        break;
                    }
                }
                if part.len() >= PAIRING_GROUP_MIN_SIZE && part.len() % 2 == 0 {
                    ready = true;
                }
                if ready {
                    break 'categories;
                }
                score -= 1;
            }
        }
        if part.is_empty() {
            break;
        }
        games.extend(pair_group(ctx, &part));
    }
    games.extend(pair_group(ctx, &remaining));
    games
}

/// The pairs of one part: the maximum-weight matching of all its pairs' costs.
fn pair_group(ctx: &RoundContext, players: &[usize]) -> Vec<PairedGame> {
    let n = players.len();
    let data: Vec<&PairingPlayer> = players.iter().filter_map(|&p| ctx.players.get(p)).collect();
    if data.len() != n || n < 2 {
        return Vec::new();
    }
    let mut weights = vec![0i64; n * n];
    for (i, p1) in data.iter().enumerate() {
        for (j, p2) in data.iter().enumerate().skip(i + 1) {
            if let Some(w) = weights.get_mut(i * n + j) {
                *w = pair_costs(ctx, p1, p2).total;
            }
        }
    }
    // OpenGotha's own algorithm, so that of pairings of equal total the same one is kept; the
    // general solver only if that search went wrong.
    let mate = gabow::max_weight_matching(&weights, n)
        .unwrap_or_else(|| integer_blossom::max_weight_matching(&weights, n));
    let mut games = Vec::with_capacity(n / 2);
    for (i, m) in mate.iter().enumerate() {
        if let (Some(j), Some(p1)) = (*m, data.get(i))
            && i < j
            && let Some(p2) = data.get(j)
        {
            games.push(game_between(ctx, p1, p2));
        }
    }
    games
}
