//! What waits on the director while working on a round of the tournament: the tables whose
//! result is not in yet, or the round to pair next. The director's screens show it on top,
//! whichever part of the tournament is open.

use super::pairing::players_to_pair;
use super::standings::round_complete;
use super::{GameOutcome, Tournament};

/// What waits on the director in round `round`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// The round is paired and these tables have no result yet.
    Results {
        /// The round.
        round: u32,
        /// The tables without result, in order.
        tables: Vec<u32>,
        /// Results in.
        done: usize,
        /// Games of the round.
        games: usize,
    },
    /// This round is to be paired: the round worked on has players to pair and no game yet,
    /// or the round worked on is complete and the next is not paired.
    Pair {
        /// The round to pair.
        round: u32,
    },
}

/// What waits on the director working on `round` of `t`, if anything.
pub fn waiting(t: &Tournament, round: u32) -> Option<Waiting> {
    let games: Vec<_> = t.games_of(round).collect();
    if games.is_empty() {
        let rounds = t.general.number_of_rounds;
        return (round >= 1 && round <= rounds && !players_to_pair(t, round).is_empty())
            .then_some(Waiting::Pair { round });
    }
    let mut tables: Vec<u32> = games
        .iter()
        .filter(|g| g.result.outcome == GameOutcome::Unknown)
        .map(|g| g.table)
        .collect();
    if !tables.is_empty() {
        tables.sort_unstable();
        return Some(Waiting::Results {
            round,
            done: games.len() - tables.len(),
            games: games.len(),
            tables,
        });
    }
    let next = round + 1;
    (round_complete(t, round)
        && next <= t.general.number_of_rounds
        && t.games_of(next).next().is_none())
    .then_some(Waiting::Pair { round: next })
}
