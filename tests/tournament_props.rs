//! Property tests over random input and random sequences of a director's changes: nothing
//! panics, a refused change leaves the tournament as it was, no player has two games (or a
//! game and the bye) in one round, and the files and the round screen can always be made.

use proptest::prelude::*;

use scorekeeper::core::tournament::files::h9::write_h9;
use scorekeeper::core::tournament::files::tou::write_tou;
use scorekeeper::core::tournament::pairing::hand::Swap;
use scorekeeper::core::tournament::player_list::read_player_list;
use scorekeeper::core::tournament::round_screen::screen_round;
use scorekeeper::core::tournament::standings::standings;
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PlacementCriterion, Player, Registration, Tournament,
};

/// One change a director could make.
#[derive(Clone, Debug)]
enum Change {
    Pair(u32, usize, usize),
    Unpair(u32, u32),
    Swap(u32, u32, u32, bool),
    Bye(u32, usize),
    TakeBackBye(u32),
    Result(u32, u32, u8, bool),
    Withdraw(usize, u32),
    Participation(usize, u32, bool),
    Preliminary(usize, bool),
    Forbid(usize, usize),
    PairRest(u32),
    Rounds(u32),
}

fn change() -> impl Strategy<Value = Change> {
    let r = 0u32..5;
    let p = 0usize..8;
    prop_oneof![
        (r.clone(), p.clone(), p.clone()).prop_map(|(r, a, b)| Change::Pair(r, a, b)),
        (r.clone(), 0u32..5).prop_map(|(r, t)| Change::Unpair(r, t)),
        (r.clone(), 0u32..5, 0u32..5, any::<bool>())
            .prop_map(|(r, a, b, c)| Change::Swap(r, a, b, c)),
        (r.clone(), p.clone()).prop_map(|(r, a)| Change::Bye(r, a)),
        r.clone().prop_map(Change::TakeBackBye),
        (r.clone(), 0u32..5, 0u8..6, any::<bool>())
            .prop_map(|(r, t, o, d)| Change::Result(r, t, o, d)),
        (p.clone(), r.clone()).prop_map(|(a, r)| Change::Withdraw(a, r)),
        (p.clone(), r.clone(), any::<bool>()).prop_map(|(a, r, b)| Change::Participation(a, r, b)),
        (p.clone(), any::<bool>()).prop_map(|(a, b)| Change::Preliminary(a, b)),
        (p.clone(), p).prop_map(|(a, b)| Change::Forbid(a, b)),
        r.clone().prop_map(Change::PairRest),
        (0u32..6).prop_map(Change::Rounds),
    ]
}

fn tournament() -> Tournament {
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    t.general.number_of_rounds = 4;
    t.placement.criteria = vec![
        PlacementCriterion::Mms,
        PlacementCriterion::Dc,
        PlacementCriterion::Sdc,
        PlacementCriterion::Ext,
        PlacementCriterion::Exr,
        PlacementCriterion::Sosm,
    ];
    for (i, rank) in [2, 0, -1, -3, -6, -10, -15, -25].into_iter().enumerate() {
        t.add_player(Player {
            name: format!("Player{i}"),
            first_name: "Ann".to_string(),
            rank,
            club: if i % 2 == 0 { "Even" } else { "Odd" }.to_string(),
            ..Player::default()
        })
        .expect("distinct names");
    }
    t
}

const OUTCOMES: [GameOutcome; 6] = [
    GameOutcome::Unknown,
    GameOutcome::WhiteWins,
    GameOutcome::BlackWins,
    GameOutcome::Equal,
    GameOutcome::BothLose,
    GameOutcome::BothWin,
];

/// Applies a change; whether it was made.
fn apply(t: &mut Tournament, c: &Change) -> bool {
    match *c {
        Change::Pair(r, a, b) => t.pair_by_hand(r, a, b).is_ok(),
        Change::Unpair(r, table) => t.unpair(r, table).is_ok(),
        Change::Swap(r, a, b, cross) => {
            let swap = if cross { Swap::Cross } else { Swap::Straight };
            t.swap_opponents(r, a, b, swap).is_ok()
        }
        Change::Bye(r, p) => t.give_bye(r, p).is_ok(),
        Change::TakeBackBye(r) => t.take_back_bye(r).is_ok(),
        Change::Result(r, table, o, by_default) => {
            let outcome = OUTCOMES[usize::from(o) % OUTCOMES.len()];
            t.set_result(
                r,
                table,
                GameResult {
                    outcome,
                    by_default,
                },
            )
            .is_ok()
        }
        Change::Withdraw(p, r) => t.withdraw(p, r).is_ok(),
        Change::Participation(p, r, plays) => t.set_participation(p, r, plays).is_ok(),
        Change::Preliminary(p, pre) => {
            let reg = if pre {
                Registration::Preliminary
            } else {
                Registration::Final
            };
            t.set_registration(p, reg).is_ok()
        }
        Change::Forbid(a, b) => t.forbid_pair(a, b).is_ok(),
        Change::PairRest(r) => match t.pair_rest(r) {
            Ok(p) => t.keep_pairing(r, &p).is_ok(),
            Err(_) => false,
        },
        Change::Rounds(n) => t.set_number_of_rounds(n).is_ok(),
    }
}

fn one_game_a_round(t: &Tournament) -> Result<(), String> {
    for r in 1..=MAX_ROUNDS as u32 {
        let mut seen: Vec<usize> = t.bye_of(r).into_iter().collect();
        let mut tables = Vec::new();
        for g in t.games_of(r) {
            for p in [g.white, g.black] {
                if seen.contains(&p) {
                    return Err(format!("player {p} twice in round {r}"));
                }
                seen.push(p);
            }
            if tables.contains(&g.table) {
                return Err(format!("table {} twice in round {r}", g.table));
            }
            tables.push(g.table);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_director_s_changes_keep_the_tournament_whole(changes in prop::collection::vec(change(), 1..30)) {
        let mut t = tournament();
        for c in &changes {
            let before = t.clone();
            let made = apply(&mut t, c);
            if !made {
                prop_assert_eq!(&t, &before, "refused {:?} changed the tournament", c);
            }
            prop_assert_eq!(one_game_a_round(&t), Ok(()), "after {:?}", c);
        }
        for r in 1..=t.general.number_of_rounds {
            let _ = standings(&t, r);
            if let Ok(round) = screen_round(&t, r) {
                prop_assert_eq!(round.tables.len(), t.games_of(r).count());
            }
        }
        let h9 = write_h9(&t, "fr", true);
        let tou = write_tou(&t);
        prop_assert!(h9.lines().count() >= 11);
        prop_assert!(tou.lines().count() >= 10);
    }

    #[test]
    fn any_pasted_text_reads_without_stopping(text in "\\PC{0,300}") {
        let t = tournament();
        let list = read_player_list(&text, &t);
        prop_assert!(list.players.len() + list.refused.len() <= text.lines().count());
    }

    #[test]
    fn any_csv_like_text_reads_without_stopping(text in "[a-zA-Z0-9é\" ,;\t\r\n]{0,200}") {
        let t = tournament();
        let list = read_player_list(&text, &t);
        for p in &list.players {
            prop_assert!(!p.name.trim().is_empty());
            prop_assert!(t.players.iter().all(|o| o.key() != p.key()));
        }
    }
}
