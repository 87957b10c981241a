//! The cost of pairing two players, one function per criterion of OpenGotha's help page
//! "Pairing evaluation function": the base criteria (avoid duplicate games, random, balance
//! White and Black), the main criteria (avoid mixing categories, minimize score difference,
//! draw-up/draw-down, seeding) and the secondary criteria (minimize handicap, geographical
//! criteria, both applied in part only above the thresholds). The pairing keeps the pairs
//! whose costs add up to the most. Every function reads the players' precomputed numbers and
//! allocates nothing, so all the pairs of a large tournament are costed quickly.

use super::context::{PairingPlayer, RoundContext, SMMS_CORRECTION_MAX, SMMS_CORRECTION_MIN};
use crate::core::text::kept;
use crate::core::tournament::rank::MIN_RANK;
use crate::core::tournament::{DrawMode, PairingRules, PlacementCriterion, SeedSystem};

/// The cost of one pair, criterion by criterion (OpenGotha's names in its weight dumps).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Costs {
    /// `baseDuplicateGameCost`.
    pub duplicate_game: i64,
    /// `baseRandomCost`.
    pub random: i64,
    /// `baseBWBalanceCost`.
    pub white_black_balance: i64,
    /// `mainCategoryCost`.
    pub category: i64,
    /// `mainScoreDiffCost`.
    pub score_difference: i64,
    /// `mainDUDDCost`.
    pub draw_up_draw_down: i64,
    /// `mainSeedCost`.
    pub seeding: i64,
    /// `secHandiCost`.
    pub handicap: i64,
    /// `secGeoCost`.
    pub geography: i64,
    /// `totalCost`: 1 plus all the above (1 so that no pair is worth nothing).
    pub total: i64,
}

/// The concavity function of the help page: `scale * (1 - x) * (1 + k * x)`, so that two
/// small differences cost less than one big one.
pub fn concavity(scale: i64, x: f64, k: f64) -> i64 {
    (scale as f64 * (1.0 - x) * (1.0 + k * x)) as i64
}

/// The cost one criterion gives a pair in the context's round.
pub type CostFn = fn(&RoundContext, &PairingPlayer, &PairingPlayer) -> i64;

/// One pairing criterion: what it weighs, in the director's words (shown on "Why these pairs",
/// translated), the attribute of its weight in OpenGotha's file (its row of
/// `params::PAIRING_PARAMETERS` gives the default), its cost function, and its place among
/// the [`Costs`].
pub struct PairingCriterion {
    pub words: &'static str,
    pub weight: &'static str,
    pub cost: CostFn,
    pub slot: fn(&mut Costs) -> &mut i64,
}

/// Every criterion of OpenGotha's pairing evaluation function. A new criterion is one cost
/// function and one row (and its place in [`Costs`]).
#[rustfmt::skip]
pub const PAIRING_CRITERIA: [PairingCriterion; 9] = [
    PairingCriterion { words: kept("Avoid playing twice"), weight: "paiBaAvoidDuplGame", cost: avoid_duplicate_games, slot: |c| &mut c.duplicate_game },
    PairingCriterion { words: kept("Random"), weight: "paiBaRandom", cost: random, slot: |c| &mut c.random },
    PairingCriterion { words: kept("Black and white balance"), weight: "paiBaBalanceWB", cost: balance_white_and_black, slot: |c| &mut c.white_black_balance },
    PairingCriterion { words: kept("Categories"), weight: "paiMaAvoidMixingCategories", cost: avoid_mixing_categories, slot: |c| &mut c.category },
    PairingCriterion { words: kept("Score difference"), weight: "paiMaMinimizeScoreDifference", cost: minimize_score_difference, slot: |c| &mut c.score_difference },
    PairingCriterion { words: kept("Draw-ups and draw-downs"), weight: "paiMaDUDDWeight", cost: draw_up_draw_down, slot: |c| &mut c.draw_up_draw_down },
    PairingCriterion { words: kept("Seeding"), weight: "paiMaMaximizeSeeding", cost: seeding, slot: |c| &mut c.seeding },
    PairingCriterion { words: kept("Handicap"), weight: "paiSeMinimizeHandicap", cost: minimize_handicap, slot: |c| &mut c.handicap },
    PairingCriterion { words: kept("Geography"), weight: "paiSeAvoidSameGeo", cost: geographical_criteria, slot: |c| &mut c.geography },
];

/// Every criterion's cost of pairing `p1` with `p2` in the context's round, and their total.
pub fn pair_costs(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> Costs {
    let mut c = Costs::default();
    // 1 so that no pair is worth nothing.
    let mut total = 1i64;
    for criterion in &PAIRING_CRITERIA {
        let cost = (criterion.cost)(ctx, p1, p2);
        *(criterion.slot)(&mut c) = cost;
        total = total.saturating_add(cost);
    }
    c.total = total;
    c
}

/// "Avoid duplicate games: set to 500 000 * 10^9 if the two players have not yet played each
/// other. Set to 0 if the two players have already played each other."
/// A pair the director forbade costs what a duplicate game costs (see `hand`).
pub fn avoid_duplicate_games(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    if p1.opponents.contains(&p2.index) || ctx.is_forbidden(p1.index, p2.index) {
        0
    } else {
        ctx.tournament.pairing.avoid_duplicate_game
    }
}

/// OpenGotha's deterministic scrambling of two players' names, between 0 and `max`: not the
/// same for (p1, p2) as for (p2, p1) (`Pairing.detRandom`).
pub fn deterministic_random(max: i64, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    let (first, second, inverse) = if p1.name_units > p2.name_units {
        (&p2.name_units, &p1.name_units, true)
    } else {
        (&p1.name_units, &p2.name_units, false)
    };
    let sum: i64 = first
        .iter()
        .chain(second.iter())
        .enumerate()
        .fold(0i64, |acc, (i, &c)| {
            acc.wrapping_add((c as i64).wrapping_mul(i as i64 + 1))
        });
    let n = sum
        .wrapping_mul(1_234_567)
        .checked_rem(max.saturating_add(1))
        .unwrap_or(0);
    if inverse { max - n } else { n }
}

/// "Random: if the option is selected, set to a value between 0 and 10^9. The deterministic
/// function is a scrambling function of players names." The non-deterministic choice is
/// drawn from the names too, so that the same file pairs the same way here.
pub fn random(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    deterministic_random(ctx.tournament.pairing.random, p1, p2)
}

/// The handicap of a game between the two, positive when `p1` would take white
/// (`Tournament.gameBetween`): from ranks or McMahon scores, capped at the no-handicap
/// threshold, less the correction, at most the ceiling.
pub fn handicap_between(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i32 {
    let handicap = &ctx.tournament.handicap;
    let pseudo = |p: &PairingPlayer| {
        let rank = if handicap.on_mcmahon_score {
            p.mms + MIN_RANK
        } else {
            p.rank
        };
        rank.min(handicap.no_handicap_rank_threshold)
    };
    let correction = handicap.correction.clamp(-9, 9);
    let mut hd = pseudo(p1).saturating_sub(pseudo(p2));
    if hd > 0 {
        hd = (hd - correction).max(0);
    } else if hd < 0 {
        hd = (hd + correction).min(0);
    }
    hd.clamp(-handicap.ceiling.max(0), handicap.ceiling.max(0))
}

/// "Balance White and Black: for each player, the number of games played with White and no
/// handicap is compared with the number of games played with Black and no handicap. If both
/// players give a strictly opposed result, then set to 1 000 000. If one player's balance is 0
/// and the other one's is greater than 1, then set to 500 000. Else set to 0." Only for a pair
/// that would play an even game.
pub fn balance_white_and_black(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    if handicap_between(ctx, p1, p2) != 0 {
        return 0;
    }
    let weight = ctx.tournament.pairing.balance_white_black;
    let (wb1, wb2) = (p1.white_black_balance, p2.white_black_balance);
    if wb1 * wb2 < 0 {
        weight
    } else if (wb1 == 0 && wb2.abs() >= 2) || (wb2 == 0 && wb1.abs() >= 2) {
        weight / 2
    } else {
        0
    }
}

/// "Avoid mixing categories: if both players belong to the same category, then set to
/// 20 000 * 10^9, else set to coef * 20 000 * 10^9 where coef is a number between 0.0 and 1.0,
/// computed by a concavity function." Nothing when there is one category.
pub fn avoid_mixing_categories(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    let categories = ctx.tournament.general.number_of_categories;
    if categories <= 1 {
        return 0;
    }
    let x = (p1.category - p2.category).abs() as f64 / categories as f64;
    let pairing = &ctx.tournament.pairing;
    concavity(pairing.avoid_mixing_categories, x, pairing.concavity_factor)
}

/// "Minimize score difference: if both players have equal score then set to 100 * 10^9, else
/// set to coef * 100 * 10^9 where coef is a number between 0.0 and 1.0, computed by a
/// concavity function." Scores here are score groups; players of different categories get 0.
pub fn minimize_score_difference(
    ctx: &RoundContext,
    p1: &PairingPlayer,
    p2: &PairingPlayer,
) -> i64 {
    if p1.category != p2.category {
        return 0;
    }
    let x = (p1.group - p2.group).abs() as f64 / ctx.number_of_groups.max(1) as f64;
    let pairing = &ctx.tournament.pairing;
    concavity(
        pairing.minimize_score_difference,
        x,
        pairing.concavity_factor,
    )
}

/// The part of the draw-up/draw-down cost that depends on where in its group a player is
/// taken: up to half the weight for the place the mode prefers.
fn place_in_group_cost(mode: DrawMode, half_weight: f64, p: &PairingPlayer) -> f64 {
    let size = p.group_size.max(1) as f64;
    let place = p.inner_placement as f64;
    let room = match mode {
        DrawMode::Top => size - 1.0 - place,
        DrawMode::Middle => size - 1.0 - (2.0 * place - size + 1.0).abs(),
        DrawMode::Bottom => place,
    };
    half_weight * room / size
}

/// "Draw-up Draw-down: aims at choosing players according to their positions inside their
/// group (Top/Middle/Bottom) and at correcting previous draw-ups/draw-downs." Five scenarios,
/// from both players already drawn in the same sense (0) to a pair correcting a previous draw
/// of both (4), add 0 to 4 fifths of the weight to the place-in-group part. Only for players of
/// different groups. "If players belong to different categories, decrease the resulting
/// value" (divided by the category gap plus one, to the fourth power). The help's "if players
/// have a group distance >= 4, set to 0" holds in OpenGotha 3.51; 3.52's dumps cost every
/// distance.
pub fn draw_up_draw_down(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    if p1.group == p2.group {
        return 0;
    }
    let pairing = &ctx.tournament.pairing;
    // Group 0 holds the best score: the upper player has the smaller group number.
    let (upper, lower) = if p1.group < p2.group {
        (p1, p2)
    } else {
        (p2, p1)
    };
    let steps = draw_steps(ctx, upper, lower);
    match pairing.rules {
        // 3.51: nothing from four groups apart, whole numbers throughout.
        PairingRules::OpenGotha351 => {
            let mut cost = 0;
            if (p1.group - p2.group).abs() < 4 {
                let fifth = pairing.draw_up_down_weight / 5;
                cost = place_in_group_whole(pairing.draw_upper_mode, fifth / 2, upper)
                    + place_in_group_whole(pairing.draw_lower_mode, fifth / 2, lower)
                    + steps * fifth;
            }
            let gap = (p1.category - p2.category).abs() as i64 + 1;
            cost / gap / gap / gap / gap
        }
        PairingRules::OpenGotha352 => {
            let fifth = (pairing.draw_up_down_weight / 5) as f64;
            let cost = place_in_group_cost(pairing.draw_upper_mode, fifth / 2.0, upper)
                + place_in_group_cost(pairing.draw_lower_mode, fifth / 2.0, lower)
                + steps as f64 * fifth;
            let category_gap = (p1.category - p2.category).unsigned_abs() as f64 + 1.0;
            (cost.max(0.0) / category_gap.powi(4)) as i64
        }
    }
}

/// The draw-up/draw-down scenario of a pair as fifths of the weight: 0 when both players were
/// already drawn that way, 1 when one was, 2 normally, 3 or 4 (when compensation is on) when
/// the pair corrects an earlier draw of one or both.
fn draw_steps(ctx: &RoundContext, upper: &PairingPlayer, lower: &PairingPlayer) -> i64 {
    let mut scenario = 2;
    if upper.draw_downs > 0 {
        scenario -= 1;
    }
    if lower.draw_ups > 0 {
        scenario -= 1;
    }
    if scenario != 0 && upper.draw_ups > 0 && upper.draw_ups > upper.draw_downs {
        scenario += 1;
    }
    if scenario != 0 && lower.draw_downs > 0 && lower.draw_downs > lower.draw_ups {
        scenario += 1;
    }
    match scenario {
        0 => 0,
        1 => 1,
        s if s > 2 && ctx.tournament.pairing.compensate_draw_up_down => s,
        _ => 2,
    }
}

/// [`place_in_group_cost`] in whole numbers, each division rounded toward zero, as 3.51 has it.
fn place_in_group_whole(mode: DrawMode, half_weight: i64, p: &PairingPlayer) -> i64 {
    let size = i64::from(p.group_size.max(1));
    let place = i64::from(p.inner_placement);
    let room = match mode {
        DrawMode::Top => size - 1 - place,
        DrawMode::Middle => size - 1 - (2 * place - size + 1).abs(),
        DrawMode::Bottom => place,
    };
    half_weight * room / size
}

/// "Seeding: aims at pairing according to chosen seeding system: Split and Random, Split and
/// Fold or Split and Slip. The cost of this criterion is between 0 and maxSeeding = 5 000 000."
/// Only for players of the same group; `cla1`, `cla2` are their places in it.
pub fn seeding(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    if p1.group != p2.group {
        return 0;
    }
    let pairing = &ctx.tournament.pairing;
    let system = if ctx.round <= pairing.last_round_of_seed_system1 {
        pairing.seed_system1
    } else {
        pairing.seed_system2
    };
    if pairing.rules == PairingRules::OpenGotha351 {
        return seeding_whole(system, pairing.maximize_seeding, p1, p2);
    }
    let max = pairing.maximize_seeding as f64;
    let size = p1.group_size as f64;
    let (cla1, cla2) = (p1.inner_placement as f64, p2.inner_placement as f64);
    let cost = match system {
        // "If both players are not in the same half of the group, the cost is randomly chosen
        // between 0.8 * maxSeeding and 1.0 * maxSeeding, else cost = 0."
        SeedSystem::SplitAndRandom => {
            if (2.0 * cla1 < size) != (2.0 * cla2 < size) {
                let range = (pairing.maximize_seeding as f64 * 0.2) as i64;
                max - deterministic_random(range, p1, p2) as f64
            } else {
                0.0
            }
        }
        // "x = cla1 + cla2 - (groupSize - 1); cost = maxSeeding - maxSeeding * x^2 / (groupSize - 1)^2"
        SeedSystem::SplitAndFold => {
            let x = cla1 + cla2 - (size - 1.0);
            let d = (size - 1.0).max(1.0);
            max - max * x / d * x / d
        }
        // "x = 2 * |cla1 - cla2| - groupSize; cost = maxSeeding - maxSeeding * x^2 / groupSize^2"
        SeedSystem::SplitAndSlip => {
            let x = 2.0 * (cla1 - cla2).abs() - size;
            let d = size.max(1.0);
            max - max * x / d * x / d
        }
    };
    cost.round() as i64
}

/// [`seeding`] in whole numbers, each division rounded toward zero, as OpenGotha 3.51 has it.
fn seeding_whole(system: SeedSystem, max: i64, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    let size = i64::from(p1.group_size.max(2));
    let (cla1, cla2) = (i64::from(p1.inner_placement), i64::from(p2.inner_placement));
    match system {
        SeedSystem::SplitAndRandom => {
            if (2 * cla1 < size) != (2 * cla2 < size) {
                max - deterministic_random((max as f64 * 0.2) as i64, p1, p2)
            } else {
                0
            }
        }
        SeedSystem::SplitAndFold => {
            let x = cla1 + cla2 - (size - 1);
            max - (max * x / (size - 1) * x / (size - 1))
        }
        SeedSystem::SplitAndSlip => {
            let x = 2 * (cla1 - cla2).abs() - size;
            max - (max * x / size * x / size)
        }
    }
}

/// Whether the secondary criteria spare `p` ("Secondary criteria are not applied for players
/// above a certain ranking, as set by the organizer, and optionally for players with a number
/// of wins >= (number of rounds) / 2"), and for players whose McMahon start is at the bar.
/// In McMahon OpenGotha 3.52 reads the rank threshold on the McMahon score; 3.51 on the rank
/// and the wins in every system.
pub fn above_secondary_thresholds(ctx: &RoundContext, p: &PairingPlayer) -> bool {
    let t = ctx.tournament;
    let pairing = &t.pairing;
    let rounds = t.general.number_of_rounds as i32;
    let nbw2_threshold = if pairing.secondary_wins_threshold {
        rounds
    } else {
        2 * rounds
    };
    let many_wins = p.nbw_x2 >= nbw2_threshold;
    let at_bar =
        pairing.secondary_bar_threshold && p.mcmahon_start >= t.general.mcmahon_bar - MIN_RANK;
    let strong = if is_mcmahon(ctx) && pairing.rules == PairingRules::OpenGotha352 {
        p.mms >= pairing.secondary_rank_threshold - MIN_RANK
    } else {
        2 * p.rank + p.nbw_x2 >= 2 * pairing.secondary_rank_threshold
    };
    many_wins || at_bar || strong
}

/// Whether the tournament is a McMahon one: in 3.51 its first criterion is the McMahon score
/// (`tournamentType`), in 3.52 its main score is the McMahon or Strasbourg score.
fn is_mcmahon(ctx: &RoundContext) -> bool {
    let placement = &ctx.tournament.placement;
    match ctx.tournament.pairing.rules {
        PairingRules::OpenGotha351 => placement.criteria.first() == Some(&PlacementCriterion::Mms),
        PairingRules::OpenGotha352 => matches!(
            placement.main_criterion(),
            PlacementCriterion::Mms | PlacementCriterion::Sts
        ),
    }
}

/// How many of the two players the secondary criteria spare (0, 1 or 2).
pub fn secondary_case(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> u8 {
    above_secondary_thresholds(ctx, p1) as u8 + above_secondary_thresholds(ctx, p2) as u8
}

/// "Minimize handicap: the maximum value is 20 000 * 10^9. The minimum is 0. Between the
/// extrema, set to coef * 20 000 * 10^9 where coef is a number between 0.0 and 1.0, computed
/// by a concavity function" of the McMahon difference; a player above the thresholds counts
/// with the highest McMahon score of the round.
pub fn minimize_handicap(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    let t = ctx.tournament;
    let general = &t.general;
    let r0 = ctx.round as i32 - 1;
    let max_mms = general.mcmahon_bar + SMMS_CORRECTION_MAX - MIN_RANK + r0;
    let pseudo = |p: &PairingPlayer| {
        if above_secondary_thresholds(ctx, p) {
            max_mms
        } else {
            p.mms
        }
    };
    let range = if is_mcmahon(ctx) {
        ctx.number_of_groups
    } else {
        general.mcmahon_bar - general.mcmahon_floor + SMMS_CORRECTION_MAX - SMMS_CORRECTION_MIN + r0
    };
    let x = (pseudo(p1) - pseudo(p2)).abs() as f64 / range.max(1) as f64;
    concavity(
        t.pairing.minimize_handicap_weight,
        x,
        t.pairing.concavity_factor,
    )
}

/// "Geographical criteria: a malus value is computed if both players belong to the same club
/// or group of clubs. An other one if both players belong to the same country. The values of
/// the malus depends on the 'Prefer a score gap of ...' as defined by the user. The
/// geographical malus is computed as a combination of both malus." In OpenGotha 3.52 a pair
/// with one player above the secondary thresholds gets half way to the full weight, with both
/// the full weight; 3.51 gives every pair the nominal cost.
pub fn geographical_criteria(ctx: &RoundContext, p1: &PairingPlayer, p2: &PairingPlayer) -> i64 {
    let pairing = &ctx.tournament.pairing;
    let max_cost = pairing.avoid_same_geography;
    let range = ctx.number_of_groups.max(1) as f64;
    let country_factor = pairing.prefer_score_gap_to_same_country;
    let club_factor = pairing.prefer_score_gap_to_same_club;
    let country_ratio = if p1.country != p2.country && country_factor != 0 {
        (country_factor as f64 / range).min(1.0)
    } else {
        0.0
    };
    let club_ratio = if p1.club != p2.club && club_factor != 0 {
        (club_factor as f64 * 1.2 / range).min(1.0)
    } else {
        0.0
    };
    let main = country_ratio.max(club_ratio);
    let secondary = country_ratio.min(club_ratio);
    let mut ratio = main + secondary / 2.0;
    if ratio > 0.0 {
        ratio += 0.5 / range;
    }
    let nominal = pairing
        .minimize_score_difference
        .saturating_sub(concavity(max_cost, ratio, pairing.concavity_factor))
        .min(max_cost);
    if pairing.rules == PairingRules::OpenGotha351 {
        return nominal;
    }
    match secondary_case(ctx, p1, p2) {
        0 => nominal,
        1 => ((nominal as f64 + max_cost as f64) * 0.5) as i64,
        _ => max_cost,
    }
}
