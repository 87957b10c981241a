//! Why a round's pairs are what they are: each game's cost by criterion, as the pairing
//! computed it from the rounds before (OpenGotha's "pairing details"). A director who doubts a
//! pair reads here which criterion made it.

use super::context::RoundContext;
use super::criteria::{Costs, pair_costs};
use super::standings_order;
use crate::core::tournament::Tournament;

/// One game of the round and what the pairing counted for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairCost {
    /// The game's table, 1-based.
    pub table: u32,
    /// The white player (index into the tournament's players).
    pub white: usize,
    /// The black player.
    pub black: usize,
    /// The pair's cost by criterion; the pairing keeps the set of pairs of the largest total.
    pub costs: Costs,
}

/// Every game of `round`, by table, with its cost as the pairing of that round counts it: from
/// the games of the rounds before, among the players of the round's games and its bye.
pub fn round_costs(tournament: &Tournament, round: u32) -> Vec<PairCost> {
    let mut games: Vec<_> = tournament.games_of(round).copied().collect();
    games.sort_by_key(|g| g.table);
    let mut players: Vec<usize> = games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(tournament.bye_of(round))
        .filter(|&p| p < tournament.players.len())
        .collect();
    if players.is_empty() {
        return Vec::new();
    }
    let history = tournament.before_round(round);
    let ctx = RoundContext::new(&history, round, &players);
    standings_order(&ctx, &mut players);
    // The pairing costs a pair in the order of the pairing window: the better placed first.
    let place = |p: usize| players.iter().position(|&q| q == p).unwrap_or(usize::MAX);
    games
        .iter()
        .filter_map(|g| {
            let (first, second) = if place(g.white) <= place(g.black) {
                (g.white, g.black)
            } else {
                (g.black, g.white)
            };
            let costs = pair_costs(&ctx, ctx.players.get(first)?, ctx.players.get(second)?);
            Some(PairCost {
                table: g.table,
                white: g.white,
                black: g.black,
                costs,
            })
        })
        .collect()
}
