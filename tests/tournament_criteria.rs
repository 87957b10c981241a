//! The placement criteria that look beyond a player's own score: exploits attempted and
//! achieved (EXT, EXR), direct confrontation (DC) and simplified direct confrontation (SDC),
//! on small tournaments worked by hand against the help page "Placement settings".

use scorekeeper::core::tournament::scores::{Scores, difficulty};
use scorekeeper::core::tournament::standings::standings;
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PairedGame, PlacementCriterion, Player, Tournament,
};

fn tournament(ranks: &[i32], rounds: u32, criteria: Vec<PlacementCriterion>) -> Tournament {
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    for (i, &rank) in ranks.iter().enumerate() {
        t.players.push(Player {
            name: format!("P{i}"),
            first_name: "X".to_string(),
            rank,
            ..Player::default()
        });
    }
    t.general.number_of_rounds = rounds;
    t.placement.criteria = criteria;
    t
}

/// A game `winner` won; `white_wins` says which colour that was.
fn won(round: u32, white: usize, black: usize, white_wins: bool, handicap: u8) -> PairedGame {
    PairedGame {
        round,
        table: white as u32 + 1,
        white,
        black,
        handicap,
        known_color: true,
        result: GameResult {
            outcome: if white_wins {
                GameOutcome::WhiteWins
            } else {
                GameOutcome::BlackWins
            },
            by_default: false,
        },
    }
}

/// "if AH < NH, then coef = 0 (easy game); if AH = NH, then coef = 1 (normal game); if AH =
/// NH +1 then coef = 2 ( difficult game); if AH >= NH +2 then coef = 3 (very difficult game)"
#[test]
fn a_game_s_difficulty_is_the_actual_handicap_against_the_natural_one() {
    assert_eq!(difficulty(2, 3), 0);
    assert_eq!(difficulty(-9, 9), 0);
    assert_eq!(difficulty(3, 3), 1);
    assert_eq!(difficulty(4, 3), 2);
    assert_eq!(difficulty(5, 3), 3);
    assert_eq!(difficulty(0, -9), 3);
    assert_eq!(difficulty(i32::MAX, i32::MIN), 3);
}

/// "EXT is the sum of opponents scores, with coef as a weight factor. EXR is the sum of
/// defeated opponents scores, with coef as a weight factor".
#[test]
fn exploits_weigh_the_opponents_wins_by_the_game_s_difficulty() {
    const A: usize = 0; // 1d
    const B: usize = 1; // 1k
    const C: usize = 2; // 5k
    const D: usize = 3; // 10k
    let mut t = tournament(&[0, -1, -5, -10], 2, vec![PlacementCriterion::Nbw]);
    // Round 1: B (black, even) beats A; C (white, 4 stones) beats D.
    t.games.push(won(1, A, B, false, 0));
    t.games.push(won(1, C, D, true, 4));
    // Round 2: A (white, 2 stones) beats C; B (white, even) beats D.
    t.games.push(won(2, A, C, true, 2));
    t.games.push(won(2, B, D, true, 0));
    let s = Scores::compute(&t);
    let wins = |p: usize| s.value(&t, p, PlacementCriterion::Nbw, 1);
    let ext = |p: usize| s.value(&t, p, PlacementCriterion::Ext, 1);
    let exr = |p: usize| s.value(&t, p, PlacementCriterion::Exr, 1);
    // The handicap a player gives: positive as White, negative as Black; the natural one is
    // the rank difference.
    let natural = |p: usize, o: usize| t.players[p].rank - t.players[o].rank;
    // A gave 0 to B (natural 1) and 2 to C (natural 5): two easy games.
    assert_eq!(ext(A), 0);
    // B took no stones from A though a kyu below (a difficult game, coef 2), and won it; B gave
    // no stones to D (easy).
    assert_eq!(ext(B), i64::from(difficulty(0, natural(B, A))) * wins(A));
    assert_eq!(difficulty(0, natural(B, A)), 2);
    assert_eq!(exr(B), ext(B));
    // C as Black took 2 stones where 5 were due (coef 3), and lost it.
    assert_eq!(ext(C), 3 * wins(A));
    assert_eq!(exr(C), 0);
    // D took 4 stones from C where 5 were due (coef 2) and none from B where 9 were (coef 3).
    assert_eq!(ext(D), 2 * wins(C) + 3 * wins(B));
    assert_eq!(exr(D), 0);
    assert_ne!(ext(D), 0);
    // Before any round, there is nothing to count.
    assert_eq!(s.value(&t, D, PlacementCriterion::Ext, -1), 0);
}

fn order(t: &Tournament, round: u32) -> Vec<usize> {
    standings(t, round).into_iter().map(|s| s.player).collect()
}

/// "a player is above the ones he has defeated ... Considering all players with no victory
/// against the group, take the one (or the ones, there can be ties) with the lowest score for
/// parameters after DC. Rank this player last. Remove ranked player from the group and
/// iterate previous step."
#[test]
fn direct_confrontation_puts_a_player_above_the_ones_he_defeated() {
    const P: usize = 0; // 1k
    const Q: usize = 1; // 2k
    const R: usize = 2; // 1d
    const S: usize = 3; // 5k, plays no game
    let mut t = tournament(
        &[-1, -2, 0, -5],
        2,
        vec![PlacementCriterion::Dc, PlacementCriterion::Rank],
    );
    t.games.push(won(1, P, Q, true, 0));
    t.games.push(won(2, Q, R, true, 0));
    // S played no game and had no bye: OpenGotha's standings leave S out. By rank alone: R,
    // P, Q. R won nothing and is last; then Q, whose only victory was against R, already
    // ranked; P beat Q.
    assert_eq!(order(&t, 2), [P, Q, R]);
    let places: Vec<u32> = standings(&t, 2).iter().map(|s| s.place).collect();
    assert_eq!(places, [1, 2, 3]);
    t.placement.criteria = vec![PlacementCriterion::Rank];
    assert_eq!(order(&t, 2), [R, P, Q]);
    // Given the bye of round 2, S is placed: by rank, last.
    t.byes[1] = Some(S);
    assert_eq!(order(&t, 2), [R, P, Q, S]);
}

/// "It detects and removes cycles of victories, by putting players forming a cycle in a single
/// 'node' sharing all victories and defeats against other players of the group."
#[test]
fn a_cycle_of_victories_leaves_its_players_to_the_next_criterion() {
    const P: usize = 0;
    const Q: usize = 1;
    const R: usize = 2;
    const S: usize = 3;
    let mut t = tournament(
        &[-1, -2, 0, 5],
        3,
        vec![PlacementCriterion::Dc, PlacementCriterion::Rank],
    );
    t.games.push(won(1, P, Q, true, 0));
    t.games.push(won(2, Q, R, true, 0));
    t.games.push(won(3, R, P, true, 0));
    // S, the strongest, lost to R, who is in the cycle: the cycle's node beat S.
    t.games.push(won(1, R, S, true, 0));
    let got = order(&t, 3);
    assert_eq!(got, [R, P, Q, S]);
    let dc: Vec<i64> = standings(&t, 3).iter().map(|s| s.values[0]).collect();
    assert_eq!(dc[0], dc[1]);
    assert_eq!(dc[1], dc[2]);
    assert!(dc[2] > dc[3]);
}

/// "if they all have played against each others, SDC value for a player is the number of
/// victory amongs its peers. if they haven't, SDC value is 0 for all of them."
#[test]
fn simplified_direct_confrontation_counts_victories_only_when_all_met() {
    const P: usize = 0; // 1k
    const Q: usize = 1; // 2k
    const R: usize = 2; // 1d
    let mut t = tournament(
        &[-1, -2, 0],
        3,
        vec![PlacementCriterion::Sdc, PlacementCriterion::Rank],
    );
    t.games.push(won(1, P, Q, true, 0));
    t.games.push(won(2, Q, R, true, 0));
    assert_eq!(order(&t, 3), [R, P, Q], "P and R never met: SDC 0 for all");
    t.games.push(won(3, P, R, true, 0));
    let lines = standings(&t, 3);
    assert_eq!(
        lines
            .iter()
            .map(|s| (s.player, s.values[0]))
            .collect::<Vec<_>>(),
        [(P, 2), (Q, 1), (R, 0)]
    );
    // Only players tied on the criteria before SDC form a group.
    t.placement.criteria = vec![PlacementCriterion::Rank, PlacementCriterion::Sdc];
    assert!(standings(&t, 3).iter().all(|s| s.values[1] == 0));
}

/// A chain of victories through a big tied group, ranks against it: the group is ordered along
/// the chain, each player above the one he defeated, and in little time.
#[test]
fn direct_confrontation_orders_a_long_chain_of_victories() {
    let n = 400;
    let ranks: Vec<i32> = (0..n).map(|i| -30 + (i as i32 % 38)).collect();
    let mut t = tournament(
        &ranks,
        2,
        vec![PlacementCriterion::Dc, PlacementCriterion::Rank],
    );
    for i in 0..n - 1 {
        // Round 1: 0 beats 1, 2 beats 3...; round 2: 1 beats 2, 3 beats 4...
        let round = if i % 2 == 0 { 1 } else { 2 };
        t.games.push(won(round, i, i + 1, true, 0));
    }
    let started = std::time::Instant::now();
    assert_eq!(order(&t, 2), (0..n).collect::<Vec<_>>());
    assert!(started.elapsed().as_secs() < 20, "{:?}", started.elapsed());
}
