//! Scores and standings as OpenGotha's help page "Placement settings" defines them, on a small
//! tournament worked by hand: McMahon starts from the rank between floor and bar, points for
//! wins, draws, byes and absences, SOS with the player's own start for a round not played and
//! the handicap counted, SOS-1, CUSS, and players equal on every criterion sharing a place.

use scorekeeper::core::tournament::scores::Scores;
use scorekeeper::core::tournament::standings::{standings, standings_round};
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PairedGame, PlacementCriterion, Player, Tournament,
};

fn player(name: &str, rank: i32) -> Player {
    Player {
        name: name.to_string(),
        first_name: "X".to_string(),
        rank,
        ..Player::default()
    }
}

fn game(round: u32, white: usize, black: usize, outcome: GameOutcome, handicap: u8) -> PairedGame {
    PairedGame {
        round,
        table: 1,
        white,
        black,
        handicap,
        known_color: true,
        result: GameResult {
            outcome,
            by_default: false,
        },
    }
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;

/// A 1d, B 1k, C 20k, D 25k; default McMahon floor 20k and bar 4d.
/// Round 1: A beats B, C and D draw. Round 2: A beats C, B has the bye, D is absent.
/// Round 3: D (black) beats A, B beats C giving two stones.
fn tournament() -> Tournament {
    let mut t = Tournament {
        players: vec![
            player("A", 0),
            player("B", -1),
            player("C", -20),
            player("D", -25),
        ],
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    t.general.number_of_rounds = 3;
    t.players[D].participating[1] = false;
    t.byes[1] = Some(B);
    t.games = vec![
        game(1, A, B, GameOutcome::WhiteWins, 0),
        game(1, C, D, GameOutcome::Equal, 0),
        game(2, A, C, GameOutcome::WhiteWins, 0),
        game(3, A, D, GameOutcome::BlackWins, 0),
        game(3, B, C, GameOutcome::WhiteWins, 2),
    ];
    t
}

#[test]
fn mcmahon_scores_start_from_the_rank_between_floor_and_bar() {
    // "For instance, a 1 dan player starts with 30 points, a 20 kyu player starts with 10
    // points." A 25 kyu player starts at the floor, 20 kyu.
    let t = tournament();
    let s = Scores::compute(&t);
    let starts: Vec<i32> = s.players.iter().map(|p| p.mcmahon_start).collect();
    assert_eq!(starts, vec![30, 29, 10, 10]);
}

#[test]
fn wins_draws_byes_and_absences_add_to_the_mcmahon_score() {
    // "After each round the MMS of each player is increased by 1 for a win, 1/2 for a draw, 0
    // for a loss. ... Default values are 1/2 point for absence and 1 point for bye. But if the
    // sum of such points is not an integer, it is rounded down to the closest integer."
    let t = tournament();
    let s = Scores::compute(&t);
    let mms = |p: usize| s.players[p].mms_x2.clone();
    assert_eq!(mms(A), vec![62, 64, 64]);
    assert_eq!(mms(B), vec![58, 60, 62], "the bye gives a point");
    assert_eq!(mms(C), vec![21, 21, 21], "a draw gives half a point");
    assert_eq!(
        mms(D),
        vec![21, 21, 23],
        "a lone absence's half point is rounded down"
    );
    assert_eq!(s.players[D].nbw_x2, vec![1, 1, 3], "a draw is half a win");
    assert_eq!(
        s.players[B].nbw_x2,
        vec![0, 2, 4],
        "the bye counts as a win (genNBW2ValueBye = 2)"
    );
}

#[test]
fn sos_takes_the_player_s_own_start_for_a_round_not_played_and_counts_the_handicap() {
    // "If the player does not participate in a round, the opponent's score is replaced by the
    // starting score of the player himself. In handicap games, the opponent's MMS is corrected
    // according to the handicap before addition to the SOSM."
    let t = tournament();
    let s = Scores::compute(&t);
    let sosm = |p: usize| s.players[p].sosm_x2[2];
    assert_eq!(sosm(A), 62 + 21 + 23);
    assert_eq!(
        sosm(B),
        64 + 2 * 29 + (21 + 2 * 2),
        "the bye round counts B's own start"
    );
    assert_eq!(sosm(C), 23 + 64 + (62 - 2 * 2));
    assert_eq!(
        sosm(D),
        21 + 2 * 10 + 64,
        "the absent round counts D's own start"
    );
}

#[test]
fn sos_minus_one_drops_the_worst_opponent_and_cuss_adds_the_rounds() {
    // "SOSW-1 ... Same as SOSW and SOSM but after elimination of 1 or 2 worst opponents
    // scores." "CUSSW after round r is the sum of NBW as computed after round 1 + NBW as
    // computed after round 2 + ... + NBW as computed after round r."
    let t = tournament();
    let s = Scores::compute(&t);
    // A's opponents' wins after round 3: B 2 (bye and round 3), C 1/2 (the draw), D 3/2
    // (times two: 4, 1, 3).
    assert_eq!(s.players[A].sosw_x2[2], 8);
    assert_eq!(s.players[A].sosw_m1_x2[2], 7, "without C");
    assert_eq!(s.players[A].sosw_m2_x2[2], 4, "without C and D");
    assert_eq!(s.players[A].cussw_x2[2], 2 + 4 + 4);
}

#[test]
fn standings_follow_the_criteria_in_order() {
    let t = tournament();
    let lines = standings(&t, 3);
    let order: Vec<usize> = lines.iter().map(|l| l.player).collect();
    assert_eq!(order, vec![A, B, D, C], "by MMS first");
    let places: Vec<u32> = lines.iter().map(|l| l.place).collect();
    assert_eq!(places, vec![1, 2, 3, 4]);
    // With NBW first, A and B (two wins each) are ordered by the next criterion, SOSW.
    let mut t = tournament();
    t.placement.criteria = vec![PlacementCriterion::Nbw, PlacementCriterion::Sosw];
    let lines = standings(&t, 3);
    assert_eq!(lines[0].values[0], 4);
    assert_eq!(lines[1].values[0], 4);
    assert!(
        lines[0].values[1] > lines[1].values[1],
        "SOSW breaks the tie"
    );
    assert_eq!((lines[0].place, lines[1].place), (1, 2));
}

#[test]
fn players_equal_on_every_criterion_share_a_place() {
    let mut t = tournament();
    // C and D after round 1: one draw each, the same start, each other as opponent.
    t.placement.criteria = vec![PlacementCriterion::Mms, PlacementCriterion::Sosm];
    let lines = standings(&t, 1);
    let place = |p: usize| lines.iter().find(|l| l.player == p).map(|l| l.place);
    assert_eq!(place(C), place(D));
    assert_eq!(place(C), Some(3));
    assert_eq!((place(A), place(B)), (Some(1), Some(2)));
}

#[test]
fn standings_are_shown_after_the_last_round_whose_results_are_all_in() {
    let mut t = tournament();
    t.general.number_of_rounds = 5;
    assert_eq!(standings_round(&t, 3), Some(3));
    // Round 4 just paired: its games have no result yet, so the standings stay after round 3
    // rather than count the unplayed pairings.
    t.games.push(game(4, A, C, GameOutcome::Unknown, 0));
    t.games.push(game(4, B, D, GameOutcome::Unknown, 0));
    assert_eq!(standings_round(&t, 4), Some(3));
    // One result of round 4 in is not enough; both are.
    let first = t.games.len() - 2;
    t.games[first].result.outcome = GameOutcome::WhiteWins;
    assert_eq!(standings_round(&t, 4), Some(3));
    t.games.last_mut().expect("a game").result.outcome = GameOutcome::BlackWins;
    assert_eq!(standings_round(&t, 4), Some(4));
    // A round not paired is no round to show; the round worked on bounds the choice.
    assert_eq!(standings_round(&t, 5), Some(4));
    assert_eq!(standings_round(&t, 2), Some(2));
    // A result taken back in round 2: the standings go back to round 1 while working on it.
    let r2 = t.games.iter().position(|g| g.round == 2).expect("round 2");
    t.games[r2].result.outcome = GameOutcome::Unknown;
    assert_eq!(standings_round(&t, 2), Some(1));
    // Before any result is in there are no standings to show.
    for g in t.games.iter_mut().filter(|g| g.round == 1) {
        g.result.outcome = GameOutcome::Unknown;
    }
    assert_eq!(standings_round(&t, 1), None);
    assert_eq!(standings_round(&t, 0), None);
}

#[test]
fn what_waits_on_the_director_is_the_missing_tables_then_the_next_round() {
    use scorekeeper::core::tournament::waiting::{Waiting, waiting};
    let mut t = tournament();
    t.general.number_of_rounds = 4;
    // Round 3 complete, round 4 not paired: round 4 waits to be paired.
    assert_eq!(waiting(&t, 3), Some(Waiting::Pair { round: 4 }));
    assert_eq!(waiting(&t, 4), Some(Waiting::Pair { round: 4 }));
    let mut g = game(4, A, C, GameOutcome::Unknown, 0);
    g.table = 2;
    t.games.push(g);
    t.games.push(game(4, B, D, GameOutcome::WhiteWins, 0));
    assert_eq!(
        waiting(&t, 4),
        Some(Waiting::Results {
            round: 4,
            tables: vec![2],
            done: 1,
            games: 2
        })
    );
    // Round 3 is complete and round 4 paired: nothing waits there.
    assert_eq!(waiting(&t, 3), None);
    t.games
        .iter_mut()
        .for_each(|g| g.result.outcome = GameOutcome::BlackWins);
    // The last round complete: nothing more to pair.
    assert_eq!(waiting(&t, 4), None);
}
