//! What comes around the matching: the bye player chosen before it, and after it the colours,
//! handicap and table number of each game, as OpenGotha gives them.

use super::context::{PairingPlayer, RoundContext, java_compare};
use super::criteria::{deterministic_random, handicap_between};
use super::java_sort;
use crate::core::tournament::{GameResult, PairedGame, PairingRules, PlacementCriterion};

/// The bye player among `players` (in the order of the pairing window: by score): the lowest
/// weight, 1000 for each bye already had plus, in OpenGotha 3.51, the rank and the McMahon
/// score (times two) before the round, whatever the system (`chooseAByePlayer`), the last of
/// equal weights; in OpenGotha 3.52 (as its files show it), in McMahon the McMahon score
/// (times two), in other systems the rank plus 40 per win, the last of equal weights in the
/// order of names.
pub fn choose_bye(ctx: &RoundContext, players: &[usize]) -> Option<usize> {
    let t = ctx.tournament;
    if t.pairing.rules == PairingRules::OpenGotha351 {
        let before = ctx.round as i32 - 2;
        let mut best: Option<(i64, usize)> = None;
        for &p in players {
            let byes = (1..ctx.round).filter(|&r| t.bye_of(r) == Some(p)).count() as i64;
            let rank = t.players.get(p).map_or(0, |pl| i64::from(pl.rank));
            let weight =
                rank + ctx.scores.value(t, p, PlacementCriterion::Mms, before) + 1000 * byes;
            if best.is_none_or(|(w, _)| weight <= w) {
                best = Some((weight, p));
            }
        }
        return best.map(|(_, p)| p);
    }
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
/// then higher ratings; the tables of the games already in the round (`existing`) are skipped.
pub fn number_tables(ctx: &RoundContext, games: &mut [PairedGame], existing: &[PairedGame]) {
    if ctx.tournament.pairing.rules == PairingRules::OpenGotha351 {
        return number_tables_351(ctx, games, existing);
    }
    let mut keyed = keyed_games(ctx, games, |p| ctx.standing_before(p));
    keyed.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    put_on_tables(games, keyed, existing);
}

/// A game, keyed for its table by the standing and the rating of the player OpenGotha shows
/// it by: the one with the lower standing, or of two tied, the higher rated.
type KeyedGame = (Vec<i64>, i32, PairedGame);

fn keyed_games(
    ctx: &RoundContext,
    games: &[PairedGame],
    standing: impl Fn(usize) -> Vec<i64>,
) -> Vec<KeyedGame> {
    let t = ctx.tournament;
    let rating = |p: usize| t.players.get(p).map_or(0, |pl| pl.rating);
    games
        .iter()
        .map(|g| {
            let (w, b) = (standing(g.white), standing(g.black));
            let shown = match w.cmp(&b) {
                std::cmp::Ordering::Greater => g.black,
                std::cmp::Ordering::Less => g.white,
                std::cmp::Ordering::Equal if rating(g.white) < rating(g.black) => g.black,
                std::cmp::Ordering::Equal => g.white,
            };
            (standing(shown), rating(shown), *g)
        })
        .collect()
}

/// Gives the games, in the order of `keyed`, the first tables the round's existing games
/// leave free.
fn put_on_tables(games: &mut [PairedGame], keyed: Vec<KeyedGame>, existing: &[PairedGame]) {
    let taken: Vec<u32> = existing.iter().map(|g| g.table).collect();
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

/// Numbers the new games' tables as OpenGotha 3.51 does: as [`number_tables`], but each player
/// is read by the standings' criteria after the round being paired as OpenGotha's scores hold
/// them while it numbers the tables, before the new games are in (a round without a game), and
/// games are ordered by Java's sort, as OpenGotha orders them.
fn number_tables_351(ctx: &RoundContext, games: &mut [PairedGame], existing: &[PairedGame]) {
    let after = ctx.round as i32 - 1;
    let t = ctx.tournament;
    let mut keyed = keyed_games(ctx, games, |p| {
        t.placement
            .criteria
            .iter()
            .map(|&c| ctx.scores.value(t, p, c, after))
            .collect()
    });
    // OpenGotha's comparison: the better game first, and of two tied on score and rating,
    // each says it comes after the other. Where Java's sort gives up on that, the games keep
    // the matching's order, as OpenGotha then leaves them.
    let sorted = java_sort::sort(&mut keyed, |a, b| {
        if (&a.0, a.1) > (&b.0, b.1) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Greater
        }
    });
    if sorted.is_err() {
        keyed = games.iter().map(|g| (Vec::new(), 0, *g)).collect();
    }
    put_on_tables(games, keyed, existing);
}
