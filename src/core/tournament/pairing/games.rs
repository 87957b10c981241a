//! What comes around the matching: the bye player chosen before it, and after it the colours,
//! handicap and table number of each game, as OpenGotha gives them.

use super::context::{PairingPlayer, RoundContext, java_compare};
use super::criteria::{deterministic_random, handicap_between};
use crate::core::tournament::{GameResult, PairedGame, PlacementCriterion};

/// The bye player among `players` (OpenGotha 3.52's choice, as its files show it): the lowest
/// weight, 1000 for each bye already had plus, in McMahon, the McMahon score (times two) before
/// the round, in other systems the rank plus 40 per win; of equal weights, the last in the
/// order of names.
pub fn choose_bye(ctx: &RoundContext, players: &[usize]) -> Option<usize> {
    let t = ctx.tournament;
    let before = ctx.round as i32 - 2;
    let mcmahon = matches!(
        t.placement.main_criterion(),
        PlacementCriterion::Mms | PlacementCriterion::Sts
    );
    let mut ordered: Vec<(String, usize)> = players
        .iter()
        .filter_map(|&p| {
            t.players
                .get(p)
                .map(|pl| (format!("{} {}", pl.name, pl.first_name), p))
        })
        .collect();
    ordered.sort_by(|a, b| java_compare(&a.0, &b.0));
    let mut best: Option<(i64, usize)> = None;
    for (_, p) in ordered {
        let byes = (1..ctx.round).filter(|&r| t.bye_of(r) == Some(p)).count() as i64;
        let weight = if mcmahon {
            ctx.scores.value(t, p, PlacementCriterion::Mms, before)
        } else {
            let rank = t.players.get(p).map_or(0, |pl| pl.rank as i64);
            rank + 20 * ctx.scores.value(t, p, PlacementCriterion::Nbw, before)
        } + 1000 * byes;
        if best.is_none_or(|(w, _)| weight <= w) {
            best = Some((weight, p));
        }
    }
    best.map(|(_, p)| p)
}

/// The game between two paired players (`Tournament.gameBetween`): the stronger takes white
/// with the handicap; in an even game White goes to the one who had Black more often, or, when
/// equal, as the names' scrambling decides.
pub fn game_between(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> PairedGame {
    let hd = handicap_between(ctx, p1, p2);
    let p1_white = match hd {
        h if h > 0 => true,
        h if h < 0 => false,
        _ => match p1.white_black_balance.cmp(&p2.white_black_balance) {
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Equal => deterministic_random(1, p1, p2) == 0,
        },
    };
    let (white, black) = if p1_white {
        (p1.index, p2.index)
    } else {
        (p2.index, p1.index)
    };
    PairedGame {
        round: ctx.round,
        table: 0,
        white,
        black,
        handicap: hd.unsigned_abs().min(9) as u8,
        known_color: true,
        result: GameResult::UNKNOWN,
    }
}

/// Numbers the new games' tables as OpenGotha does (`renumberTablesByBestScoreThenRating`):
/// each game is ranked by one of its players (the one with the lower scores by the standings'
/// criteria, or, when both have the same, the higher rated), games with better scores first,
/// then higher ratings; tables in `taken` (games already in the round) are skipped.
pub fn number_tables(ctx: &RoundContext, games: &mut [PairedGame], taken: &[u32]) {
    let t = ctx.tournament;
    let scores = |p: usize| ctx.standing_before(p);
    let rating = |p: usize| t.players.get(p).map_or(0, |pl| pl.rating);
    let mut keyed: Vec<(Vec<i64>, i32, PairedGame)> = games
        .iter()
        .map(|g| {
            let (w, b) = (scores(g.white), scores(g.black));
            let shown = match w.cmp(&b) {
                std::cmp::Ordering::Greater => g.black,
                std::cmp::Ordering::Less => g.white,
                std::cmp::Ordering::Equal if rating(g.white) < rating(g.black) => g.black,
                std::cmp::Ordering::Equal => g.white,
            };
            (scores(shown), rating(shown), *g)
        })
        .collect();
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut table = 0;
    for (slot, (_, _, mut g)) in games.iter_mut().zip(keyed) {
        table += 1;
        while taken.contains(&table) {
            table += 1;
        }
        g.table = table;
        *slot = g;
    }
}
