//! The director's hand on a pairing: swapping two games' opponents (colours and handicaps
//! recomputed, tables kept), pairing and unpairing by hand, forbidden pairs, pairing the rest,
//! the warnings a pairing gives (repeated games, forbidden pairs) and the checks of each game;
//! and results corrected in an earlier round after the next was paired.

use scorekeeper::core::tournament::pairing::checks::{PairingWarning, check_games};
use scorekeeper::core::tournament::pairing::hand::{HandError, Swap};
use scorekeeper::core::tournament::pairing::{pair_round, players_to_pair};
use scorekeeper::core::tournament::results::{ResultError, result_of_code};
use scorekeeper::core::tournament::standings::standings;
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PairedGame, Player, Tournament,
};

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;
const D: usize = 3;

/// A 1d, B 1k, C 5k, D 10k; default parameters (McMahon, handicap from the McMahon score,
/// correction 1, ceiling 9, bar 4d and floor 20k).
fn tournament() -> Tournament {
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    for (name, rank, club) in [
        ("A", 0, "Lyon"),
        ("B", -1, "Paris"),
        ("C", -5, "lyon"),
        ("D", -10, ""),
    ] {
        t.add_player(Player {
            name: name.to_string(),
            first_name: "X".to_string(),
            rank,
            club: club.to_string(),
            ..Player::default()
        })
        .expect("new player");
    }
    t
}

fn game(round: u32, table: u32, white: usize, black: usize) -> PairedGame {
    PairedGame {
        round,
        table,
        white,
        black,
        handicap: 0,
        known_color: true,
        result: GameResult::UNKNOWN,
    }
}

fn at_table(t: &Tournament, round: u32, table: u32) -> PairedGame {
    *t.games_of(round)
        .find(|g| g.table == table)
        .expect("a game at the table")
}

/// "Handicap based on: If you choose McMahon score, the handicap will be computed according
/// to the current MMS." "Handicap correction: After previous computations, handicap will be
/// decreased by 0, 1, 2 or 3 stones". "Handicap ceiling: The handicap is then limited to this
/// value."
#[test]
fn a_swap_keeps_the_tables_and_recomputes_colours_and_handicaps() {
    let mut t = tournament();
    t.games.push(game(1, 1, A, B));
    t.games.push(game(1, 2, C, D));
    let warnings = t.swap_opponents(1, 1, 2, Swap::Cross).expect("swap");
    assert!(warnings.is_empty());
    // A (1d, MMS 30) against D (10k, MMS 20): 10 levels less the correction of 1.
    let one = at_table(&t, 1, 1);
    assert_eq!((one.white, one.black), (A, D));
    let mms = |rank: i32| rank + 30;
    let expected = (mms(0) - mms(-10) - t.handicap.correction).min(t.handicap.ceiling);
    assert_eq!(i32::from(one.handicap), expected);
    // C (5k) against B (1k): the stronger, B, takes white and gives 4 - 1 stones.
    let two = at_table(&t, 1, 2);
    assert_eq!((two.white, two.black), (B, C));
    assert_eq!(
        i32::from(two.handicap),
        mms(-1) - mms(-5) - t.handicap.correction
    );
    assert_eq!(t.games_of(1).count(), 2);
    // The other crossing: A-C and B-D.
    t.swap_opponents(1, 1, 2, Swap::Straight)
        .expect("swap again");
    let pairs: Vec<(usize, usize)> = t
        .games_of(1)
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    assert!(
        pairs.contains(&(A, B)) && pairs.contains(&(C, D)),
        "{pairs:?}"
    );
}

#[test]
fn a_swap_into_a_repeated_game_says_so() {
    let mut t = tournament();
    t.games.push(game(1, 1, A, D));
    t.games.push(game(1, 2, B, C));
    t.games.push(game(2, 1, A, B));
    t.games.push(game(2, 2, C, D));
    let warnings = t.swap_opponents(2, 1, 2, Swap::Cross).expect("swap");
    assert!(
        warnings.contains(&PairingWarning::Repeated {
            table: 1,
            players: (A, D),
            rounds: vec![1]
        }),
        "{warnings:?}"
    );
    assert_eq!(warnings.len(), 2, "{warnings:?}");
}

#[test]
fn pairing_and_unpairing_by_hand() {
    let mut t = tournament();
    t.pair_by_hand(1, A, D).expect("both free");
    assert_eq!(players_to_pair(&t, 1), [B, C]);
    let before = t.clone();
    assert!(matches!(
        t.pair_by_hand(1, A, B),
        Err(HandError::NotPairable { round: 1, .. })
    ));
    assert_eq!(t.pair_by_hand(1, B, B), Err(HandError::SamePlayer));
    assert_eq!(
        t.pair_by_hand(1, B, 7),
        Err(HandError::NoSuchPlayer { player: 7 })
    );
    assert_eq!(
        t.pair_by_hand(9, B, C),
        Err(HandError::NoSuchRound {
            round: 9,
            rounds: 5
        })
    );
    assert_eq!(t, before, "nothing changed on error");
    t.pair_by_hand(1, B, C).expect("both free");
    assert_eq!(at_table(&t, 1, 2).white, B, "the next free table");
    let removed = t.unpair(1, 1).expect("table 1");
    assert_eq!((removed.white, removed.black), (A, D));
    assert_eq!(players_to_pair(&t, 1), [A, D]);
    assert_eq!(
        t.unpair(1, 1),
        Err(HandError::NoSuchTable { round: 1, table: 1 })
    );
}

/// The pairing leaves the games made by hand as they are and pairs the others.
#[test]
fn the_rest_is_paired_around_the_games_made_by_hand() {
    let mut t = tournament();
    t.pair_by_hand(1, A, D).expect("by hand");
    let rest = t.pair_rest(1).expect("B and C left");
    assert_eq!(rest.games.len(), 1);
    let g = rest.games[0];
    assert_eq!((g.white.min(g.black), g.white.max(g.black)), (B, C));
    assert_ne!(g.table, 1, "table 1 is taken");
    t.keep_pairing(1, &rest).expect("keep");
    assert_eq!(t.games_of(1).count(), 2);
    // Kept twice: its players are no longer free.
    let before = t.clone();
    assert!(matches!(
        t.keep_pairing(1, &rest),
        Err(HandError::NotPairable { .. })
    ));
    assert_eq!(t, before);
}

/// A forbidden pair costs what a duplicate game costs: avoided when another pairing exists,
/// made (and warned of) when none does.
#[test]
fn a_forbidden_pair_is_avoided_when_it_can_be_and_warned_of_when_not() {
    let mut t = tournament();
    let free = pair_round(&t, 1).expect("pairs");
    let natural: Vec<(usize, usize)> = free
        .games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    let (x, y) = natural[0];
    t.forbid_pair(x, y).expect("forbid");
    t.forbid_pair(y, x).expect("twice is once");
    assert_eq!(t.forbidden_pairs.len(), 1);
    let p = pair_round(&t, 1).expect("pairs");
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    assert!(p.games.iter().all(|g| g.opponent_of(x) != Some(y)));
    // Only two players left: the forbidden pair is the only pairing.
    for other in [A, B, C, D].into_iter().filter(|&o| o != x && o != y) {
        t.set_participation(other, 1, false).expect("absent");
    }
    let p = pair_round(&t, 1).expect("pairs");
    assert_eq!(p.games.len(), 1);
    assert!(matches!(
        p.warnings.as_slice(),
        [PairingWarning::Forbidden { .. }]
    ));
    t.allow_pair(x, y);
    assert!(t.forbidden_pairs.is_empty());
}

#[test]
fn a_pairing_that_must_repeat_a_game_says_so() {
    let mut t = tournament();
    for p in [C, D] {
        for r in 1..=2 {
            t.set_participation(p, r, false).expect("absent");
        }
    }
    t.games.push(game(1, 1, A, B));
    let p = pair_round(&t, 2).expect("pairs");
    assert_eq!(
        p.warnings,
        [PairingWarning::Repeated {
            table: p.games[0].table,
            players: (p.games[0].white, p.games[0].black),
            rounds: vec![1]
        }]
    );
}

#[test]
fn each_game_can_be_asked_whether_they_met_and_whether_they_share_a_club() {
    let mut t = tournament();
    t.games.push(game(1, 1, A, B));
    t.games.push(game(2, 1, B, A));
    t.games.push(game(2, 2, C, D));
    t.games.push(game(3, 1, A, C));
    t.games.push(game(3, 2, B, A));
    t.forbid_pair(B, A).expect("forbid");
    let checks = check_games(&t, 3);
    assert_eq!(checks[0].table, 1);
    assert!(checks[0].met_before.is_empty());
    assert!(checks[0].same_club, "Lyon and lyon");
    assert!(!checks[0].forbidden);
    assert_eq!(checks[1].met_before, [1, 2]);
    assert!(!checks[1].same_club);
    assert!(checks[1].forbidden);
    // No club is nobody's club.
    assert!(!check_games(&t, 2)[1].same_club);
}

/// The Games Results frame: "For special results, repeatedly click inside the specific
/// result, until the desired result appears. The list of possible results is given in Games
/// Encoding". A result corrected after the next round was paired changes the standings, not
/// the next round's games.
#[test]
fn a_result_corrected_after_the_next_round_was_paired() {
    let mut t = tournament();
    t.general.number_of_rounds = 2;
    t.games.push(game(1, 1, A, B));
    t.games.push(game(1, 2, C, D));
    t.set_result(1, 1, result_of_code("RESULT_WHITEWINS").expect("code"))
        .expect("set");
    t.set_result(
        1,
        2,
        result_of_code("RESULT_BLACKWINS_BYDEF").expect("code"),
    )
    .expect("set");
    let round2 = pair_round(&t, 2).expect("pairs");
    t.keep_pairing(2, &round2).expect("keep");
    let games2: Vec<PairedGame> = t.games_of(2).copied().collect();
    let place = |t: &Tournament, p: usize| {
        standings(t, 1)
            .into_iter()
            .find(|s| s.player == p)
            .map(|s| s.values[0])
            .expect("listed")
    };
    let a_before = place(&t, A);
    let old = t
        .set_result(1, 1, result_of_code("RESULT_BLACKWINS").expect("code"))
        .expect("correct");
    assert_eq!(old.outcome, GameOutcome::WhiteWins);
    assert_eq!(
        place(&t, A),
        a_before - 2,
        "A lost the point (times two) of the win"
    );
    assert_eq!(t.games_of(2).copied().collect::<Vec<_>>(), games2);
    let d = t
        .games_of(1)
        .find(|g| g.table == 2)
        .expect("table 2")
        .result;
    assert!(d.by_default && d.outcome == GameOutcome::BlackWins);
    let before = t.clone();
    assert_eq!(
        t.set_result(1, 9, GameResult::UNKNOWN),
        Err(ResultError::NoSuchGame { round: 1, table: 9 })
    );
    assert!(matches!(
        result_of_code("WHITE"),
        Err(ResultError::UnknownCode { .. })
    ));
    assert_eq!(t, before);
}

/// The Games Pair frame: "Only one player can be the bye player for a given round."
#[test]
fn the_bye_given_and_taken_back_by_hand() {
    let mut t = tournament();
    t.pair_by_hand(1, A, B).expect("pair");
    assert!(matches!(
        t.give_bye(1, A),
        Err(HandError::NotPairable { round: 1, .. })
    ));
    t.give_bye(1, D).expect("D is free");
    assert_eq!(t.bye_of(1), Some(D));
    let before = t.clone();
    let err = t.give_bye(1, C).expect_err("one bye a round");
    assert_eq!(
        err,
        HandError::ByeGiven {
            player: "X D".to_string(),
            round: 1
        }
    );
    assert!(err.to_string().contains("already given to X D"), "{err}");
    assert_eq!(t, before);
    assert_eq!(players_to_pair(&t, 1), [C]);
    assert_eq!(t.take_back_bye(1), Ok(Some(D)));
    assert_eq!(players_to_pair(&t, 1), [C, D]);
    assert_eq!(t.take_back_bye(1), Ok(None));
}
