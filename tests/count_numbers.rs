//! A game played on a real board and counted there: the players enter their numbers, the app
//! adds what the rules add. And no result from a phone's board that does not hold the final
//! position. Each test quotes the clause it checks.

mod count_common;
mod live_helper;

use count_common::*;
use live_helper::execute;
use live_helper::table_of;
use scorekeeper::core::clock::{TimeControl, TimeSystem};
use scorekeeper::core::count::{
    CountByNumbers, CountCommand, NumbersScore, Phase, Tally, score_numbers,
};
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::live::Live;
use scorekeeper::core::live::clock_commands;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::sgf::export_at;
use scorekeeper::core::{Color, Preset};

use Color::{Black, White};

const MIN: i64 = 60_000;

/// A game with a sudden-death clock, nothing played yet.
fn clock_game(preset: Preset, size: u8, handicap: u8) -> GameRecord {
    let mut s = GameSettings::new(
        preset,
        size,
        Handicap {
            stones: handicap,
            placement: HandicapPlacement::Fixed,
        },
    );
    s.time_control = Some(TimeControl::new(12 * MIN, TimeSystem::SuddenDeath));
    Live::start(s, 0).unwrap().into_record()
}

fn at(r: &GameRecord) -> i64 {
    r.events().last().map_or(0, |e| e.at_ms) + 1_000
}

fn press(r: &mut GameRecord, by: Color) {
    let t = at(r);
    live_helper::execute(r, t, &clock_commands::ClockCommand::Press { by })
        .unwrap_or_else(|e| panic!("{by:?}: {e}"));
}

fn clock_pass(r: &mut GameRecord, by: Color) {
    let t = at(r);
    live_helper::execute(r, t, &clock_commands::ClockCommand::Pass { by })
        .unwrap_or_else(|e| panic!("{by:?}: {e}"));
}

/// The phone used as the clock only: the starter's press, `moves` moves made on the real
/// board (each completed by its press), then passes until play stops.
fn clock_only(preset: Preset, size: u8, moves: u32) -> GameRecord {
    let mut r = clock_game(preset, size, 0);
    // Whoever starts the clock, the first press hands the move to Black.
    let starter = table_of(&r, 0).unwrap().starter();
    press(&mut r, starter);
    let mut to_move = Black;
    for _ in 0..moves {
        press(&mut r, to_move);
        to_move = !to_move;
    }
    while state(&r).phase == Phase::Playing {
        clock_pass(&mut r, to_move);
        to_move = !to_move;
    }
    r
}

fn filled(black: i32, white: i32) -> CountByNumbers {
    CountByNumbers::Filled { black, white }
}

fn confirm_both(r: &mut GameRecord) {
    run(r, CountCommand::Confirm { color: Black });
    run(r, CountCommand::Confirm { color: White });
}

fn numbers(r: &GameRecord) -> NumbersScore {
    match state(r).tally() {
        Tally::Numbers(n) => n,
        Tally::Board(_) => panic!("the count should be by numbers"),
    }
}

#[test]
fn cape_town_clock_only_game_counted_by_numbers() {
    // Cape Town 10: "When the game has a natural ending counting is according to the normal
    // rules." Normal rules: territory, the prisoners filled into the opponent's territory;
    // the komi (6.5 here, left to the tournament) goes to White.
    let mut r = clock_only(Preset::CapeTown2005, 19, 120);
    assert_eq!(state(&r).phase, Phase::Counting);
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(60, 55),
        },
    );
    confirm_both(&mut r);
    let st = state(&r);
    assert_eq!(
        st.phase,
        Phase::Locked,
        "both confirmed: the count is locked"
    );
    assert_eq!(st.result().as_deref(), Some("W+1.5"));
    let n = numbers(&r);
    assert_eq!((n.black, n.white), (60.0, 61.5));
    assert_eq!(
        st.tally().method(),
        CountByNumbers::Filled { black: 0, white: 0 }.method()
    );
    // Once locked, only a referee can change it.
    let err = refuse(
        &mut r,
        CountCommand::EnterCount {
            count: filled(61, 55),
        },
    );
    assert!(err.contains("locked"), "{err}");
    run(
        &mut r,
        CountCommand::Unlock {
            reason: "Black's corner counted again".into(),
        },
    );
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(62, 55),
        },
    );
    run(&mut r, CountCommand::Lock);
    let st = state(&r);
    assert_eq!(st.result().as_deref(), Some("B+0.5"));
    assert_eq!(st.unlocks, vec!["Black's corner counted again".to_string()]);
}

#[test]
fn a_clock_only_game_cannot_be_confirmed_on_the_empty_board() {
    // The stones are on the real board; the phone's board is empty: its count would be komi
    // alone. Cape Town 10: counting "according to the normal rules" counts the real position.
    let mut r = clock_only(Preset::CapeTown2005, 19, 40);
    for color in [Black, White] {
        let err = refuse(&mut r, CountCommand::Confirm { color });
        assert!(
            err.contains("40 moves were made on the real board only"),
            "{err}"
        );
        assert!(err.contains("Count by numbers"), "{err}");
        assert!(err.contains("copy"), "{err}");
    }
    let err = refuse(&mut r, CountCommand::Lock);
    assert!(err.contains("real board only"), "{err}");
    assert_eq!(state(&r).result(), None);
    assert!(
        state(&r)
            .notes()
            .iter()
            .any(|n| n.contains("does not hold the final position")),
        "the wizard says why before anyone taps"
    );
}

#[test]
fn a_copied_position_can_be_counted_on_the_phone() {
    // Once the final position is painted onto the phone's board, the board count works again.
    let mut r = clock_only(Preset::CapeTown2005, 9, 10);
    let (black, white) = stones(&WALLS_9);
    push(
        &mut r,
        Event::StonesPainted {
            points: black,
            stone: Some(Black),
        },
    );
    push(
        &mut r,
        Event::StonesPainted {
            points: white,
            stone: Some(White),
        },
    );
    assert!(state(&r).board_holds_position().is_ok());
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    run(&mut r, CountCommand::ToggleDead { point: p("hh") });
    confirm_both(&mut r);
    assert!(matches!(state(&r).tally(), Tally::Board(_)));
    assert_eq!(state(&r).phase, Phase::Locked);
}

#[test]
fn moves_entered_part_of_the_way_do_not_hold_the_position() {
    // Two stones entered on the phone, then the phone used as the clock only.
    let mut r = clock_game(Preset::DutchLightning, 9, 0);
    press(&mut r, White);
    play(&mut r, Black, "ee");
    play(&mut r, White, "cc");
    press(&mut r, Black);
    press(&mut r, White);
    for c in [Black, White, Black, White] {
        clock_pass(&mut r, c);
    }
    let err = refuse(&mut r, CountCommand::Confirm { color: Black });
    assert!(err.contains("real board only"), "{err}");
}

#[test]
fn two_taps_on_an_empty_board_after_stones_were_played_are_refused() {
    // Stones played on the phone, then the board emptied by a painting: no game of stones
    // played ends on an empty board.
    let mut r = empty(Preset::CapeTown2005, 9, 0);
    play(&mut r, Black, "ee");
    play(&mut r, White, "cc");
    push(
        &mut r,
        Event::StonesPainted {
            points: pts(&["ee", "cc"]),
            stone: None,
        },
    );
    for c in [Black, White, Black, White] {
        pass(&mut r, c);
    }
    let err = refuse(&mut r, CountCommand::Confirm { color: Black });
    assert!(err.contains("empty, but 2 stones were played"), "{err}");
}

#[test]
fn a_game_of_passes_alone_is_counted_on_its_empty_board() {
    // Nothing was played: the empty board is the final position.
    let mut r = empty(Preset::CapeTown2005, 9, 0);
    for c in [Black, White, Black, White] {
        pass(&mut r, c);
    }
    confirm_both(&mut r);
    assert_eq!(state(&r).result().as_deref(), Some("W+6.5"));
}

#[test]
fn lgc_negative_territory_by_numbers() {
    // LGC SCORING: "If your opponent has less territory than the number of prisoners you
    // have captured then the surplus is counted as negative territory for your opponent.
    // After accounting for komi the player with the most territory wins." Komi "in an even
    // game is 7.5 to White".
    let mut r = clock_only(Preset::Lgc2023, 19, 30);
    assert_eq!(state(&r).phase, Phase::Agreement);
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(-3, 10),
        },
    );
    confirm_both(&mut r);
    assert_eq!(state(&r).result().as_deref(), Some("W+20.5"));
    let n = numbers(&r);
    assert_eq!((n.black, n.white), (-3.0, 17.5));
}

#[test]
fn lgc_territory_and_prisoners_apart_fill_the_prisoners_in() {
    // LGC SCORING: "Prisoners are placed inside the opponent's territory." Counted apart,
    // Black's 5 points less White's 9 prisoners is -4; White's 20 less Black's 2 is 18.
    let rules = Preset::Lgc2023.rules();
    let count = CountByNumbers::Apart {
        territory: [5, 20],
        prisoners: [2, 9],
    };
    count.check(19, &rules).unwrap();
    let n = score_numbers(&count, &rules, 7.5, 0, 19);
    assert_eq!((n.black, n.white), (-4.0, 25.5));
    assert_eq!(n.re, "W+29.5");
    // The same count with the prisoners filled in gives the same margin.
    let f = score_numbers(&filled(-4, 18), &rules, 7.5, 0, 19);
    assert_eq!(f.margin, n.margin);
}

#[test]
fn london_open_counts_territory_and_white_wins_a_level_handicap_game() {
    // London Open 8: "The score is determined exactly as in normal territory counting i.e.
    // place any prisoners into the opponent's territory." Rule 1: "In a handicap game, White
    // wins Jigo."
    let rules = Preset::LondonOpen.rules();
    let level = score_numbers(&filled(40, 40), &rules, 0.0, 3, 19);
    assert_eq!(level.re, "W+0");
    let even = score_numbers(&filled(50, 42), &rules, 7.5, 0, 19);
    assert_eq!(even.re, "B+0.5");
}

#[test]
fn normal_rules_count_no_territory_below_zero() {
    // Dutch 14 and Cape Town 10: counting "according to the normal rules", where a player's
    // score is territory plus prisoners: filled-in territory below zero is not a count they
    // know, so the app asks for the two apart.
    for preset in [Preset::DutchLightning, Preset::CapeTown2005] {
        let rules = preset.rules();
        let err = filled(-2, 30).check(19, &rules).unwrap_err();
        assert!(err.contains("apart"), "{err}");
        let apart = CountByNumbers::Apart {
            territory: [0, 30],
            prisoners: [0, 2],
        };
        apart.check(19, &rules).unwrap();
        let n = score_numbers(&apart, &rules, 6.5, 0, 19);
        assert_eq!((n.black, n.white), (0.0, 38.5));
        assert_eq!(n.re, "W+38.5");
    }
}

#[test]
fn impossible_numbers_are_refused_and_change_nothing() {
    let mut r = clock_only(Preset::CapeTown2005, 9, 20);
    for (count, says) in [
        (filled(50, 40), "more than the 81 points"),
        (filled(90, 0), "cannot be"),
        (
            CountByNumbers::Area {
                black: 40,
                white: None,
            },
            "count territory",
        ),
    ] {
        let err = refuse(&mut r, CountCommand::EnterCount { count });
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn chinese_area_by_one_colour_and_the_rest_of_the_board() {
    // RULES.md, Counting: "Area counting: stones on the board + territory + komi (+ handicap
    // compensation per preset)". Chinese: 7.5 komi, N points of compensation.
    let mut r = clock_only(Preset::Chinese, 19, 200);
    run(
        &mut r,
        CountCommand::EnterCount {
            count: CountByNumbers::Area {
                black: 185,
                white: None,
            },
        },
    );
    confirm_both(&mut r);
    let n = numbers(&r);
    assert_eq!((n.black, n.white), (185.0, 183.5));
    assert_eq!(state(&r).result().as_deref(), Some("B+1.5"));
    // Both areas entered are checked against the board.
    let rules = Preset::Chinese.rules();
    let err = CountByNumbers::Area {
        black: 185,
        white: Some(180),
    }
    .check(19, &rules)
    .unwrap_err();
    assert!(err.contains("365"), "{err}");
    // Three handicap stones: White receives 3 points (N) under Chinese rules, 2 (N-1) under AGA.
    let count = CountByNumbers::Area {
        black: 190,
        white: Some(171),
    };
    let chinese = score_numbers(&count, &rules, 0.5, 3, 19);
    assert_eq!(chinese.white, 174.5);
    assert_eq!(chinese.re, "B+15.5");
}

#[test]
fn aga_area_compensation_is_one_fewer_than_the_stones() {
    // RULES.md: AGA "N-1 handicap compensation in area counting".
    let mut rules = Preset::Aga.rules();
    rules.counting = scorekeeper::core::rules::Counting::Area;
    let n = score_numbers(
        &CountByNumbers::Area {
            black: 190,
            white: Some(171),
        },
        &rules,
        0.5,
        3,
        19,
    );
    assert_eq!(n.white, 173.5);
}

#[test]
fn new_numbers_clear_the_confirmations_and_a_resumption_drops_them() {
    // LGC Ending the game: a dispute resumes play; the count made before it no longer holds.
    let mut r = clock_only(Preset::Lgc2023, 19, 30);
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(20, 10),
        },
    );
    run(&mut r, CountCommand::Confirm { color: Black });
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(21, 10),
        },
    );
    assert!(!state(&r).has_confirmed(Black));
    run(&mut r, CountCommand::Dispute { by: White });
    assert_eq!(state(&r).numbers, None);
}

#[test]
fn back_to_the_board_count() {
    let mut r = empty(Preset::CapeTown2005, 9, 0);
    for c in [Black, White, Black, White] {
        pass(&mut r, c);
    }
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(3, 0),
        },
    );
    run(&mut r, CountCommand::CountOnBoard);
    assert!(matches!(state(&r).tally(), Tally::Board(_)));
    let err = refuse(&mut r, CountCommand::CountOnBoard);
    assert!(err.contains("already"), "{err}");
}

#[test]
fn sgf_of_a_game_counted_by_numbers_carries_the_numbers() {
    let mut r = clock_only(Preset::CapeTown2005, 19, 12);
    run(
        &mut r,
        CountCommand::EnterCount {
            count: filled(60, 55),
        },
    );
    confirm_both(&mut r);
    let sgf = export_at(&r, at(&r));
    assert!(sgf.contains("RE[W+1.5]"), "{sgf}");
    assert!(
        sgf.contains("GC[Counted by the players on the real board"),
        "{sgf}"
    );
    assert!(sgf.contains("Black 60, White 55"), "{sgf}");
}

#[test]
fn entering_numbers_waits_for_play_to_stop() {
    let mut r = clock_game(Preset::CapeTown2005, 19, 0);
    let at_ms = at(&r);
    let err = execute(
        &mut r,
        at_ms,
        &CountCommand::EnterCount {
            count: filled(1, 1),
        },
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("still going on"), "{err}");
}

#[test]
fn a_confirmation_takes_the_numbers_typed_with_it() {
    // Cape Town 10: "When the game has a natural ending counting is according to the normal
    // rules." The players type what they counted and each confirms: the first confirmation
    // enters the numbers typed, the second confirms the same numbers and settles the count.
    let mut r = clock_only(Preset::CapeTown2005, 19, 6);
    run(
        &mut r,
        CountCommand::ConfirmCount {
            color: Black,
            count: filled(60, 55),
        },
    );
    let st = state(&r);
    assert_eq!(st.numbers, Some(filled(60, 55)));
    assert!(st.has_confirmed(Black) && !st.has_confirmed(White));
    run(
        &mut r,
        CountCommand::ConfirmCount {
            color: White,
            count: filled(60, 55),
        },
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Locked);
    assert_eq!(st.result().as_deref(), Some("W+1.5"));
}

#[test]
fn a_confirmation_of_other_numbers_asks_the_opponent_again() {
    // Both players agree on the count: numbers changed after one confirmation clear it, so the
    // count settles only on numbers both confirmed.
    let mut r = clock_only(Preset::CapeTown2005, 19, 6);
    run(
        &mut r,
        CountCommand::ConfirmCount {
            color: Black,
            count: filled(60, 55),
        },
    );
    run(
        &mut r,
        CountCommand::ConfirmCount {
            color: White,
            count: filled(58, 55),
        },
    );
    let st = state(&r);
    assert_eq!(st.numbers, Some(filled(58, 55)));
    assert_eq!(st.phase, Phase::Counting, "Black has not confirmed 58");
    assert!(!st.has_confirmed(Black) && st.has_confirmed(White));
    // Numbers the rules refuse are refused whole: nothing entered, nobody confirmed.
    let before = r.events().len();
    let err = refuse(
        &mut r,
        CountCommand::ConfirmCount {
            color: Black,
            count: filled(400, 0),
        },
    );
    assert!(!err.is_empty());
    assert_eq!(r.events().len(), before);
    run(
        &mut r,
        CountCommand::ConfirmCount {
            color: Black,
            count: filled(58, 55),
        },
    );
    assert_eq!(state(&r).phase, Phase::Locked);
    assert_eq!(state(&r).result().as_deref(), Some("W+3.5"));
}
