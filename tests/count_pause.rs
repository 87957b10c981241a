//! The end of the game under the pause rules (LGC, London Open): pause, agreement, dispute and
//! resumption, White passing last. Each test quotes the clause it checks.

mod count_common;
mod live_helper;

use count_common::*;
use live_helper::table_of;
use scorekeeper::core::count::{CountCommand, Phase};
use scorekeeper::core::record::Event;
use scorekeeper::core::{Color, Preset};

use Color::{Black, White};

/// LGC, Ending the game 3: "Play pauses after the minimum number of consecutive passes in which
/// White passes last."
#[test]
fn lgc_pauses_after_the_fewest_passes_with_white_last() {
    let r = paused_lgc();
    assert_eq!(state(&r).phase, Phase::Agreement);
    // White passes first: two passes end with Black, so play goes on until White passes.
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, White);
    pass(&mut r, White);
    pass(&mut r, Black);
    assert_eq!(state(&r).phase, Phase::Playing);
    pass(&mut r, White);
    assert_eq!(state(&r).phase, Phase::Agreement);
    assert!(!state(&r).closing_pass_pending());
}

/// LGC, Ending the game 5: "The players must then attempt to agree on the status of every
/// group." A tap toggles the whole group; both players confirm, each with their own button.
#[test]
fn lgc_agreement_marks_groups_and_both_confirm() {
    let mut r = paused_lgc();
    let e = run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    assert_eq!(
        e,
        vec![Event::DeadMarked {
            points: pts(&["bb"])
        }]
    );
    let e = run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    assert_eq!(
        e,
        vec![Event::DeadUnmarked {
            points: pts(&["bb"])
        }]
    );
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    // A tap on any stone of a chain marks all of it.
    let e = run(&mut r, CountCommand::ToggleDead { point: p("ed") });
    match &e[..] {
        [Event::DeadMarked { points }] => assert_eq!(points.len(), 9),
        other => panic!("{other:?}"),
    }
    run(&mut r, CountCommand::ToggleDead { point: p("ea") });
    run(&mut r, CountCommand::ToggleDead { point: p("hh") });
    run(&mut r, CountCommand::Confirm { color: Black });
    assert!(state(&r).has_confirmed(Black));
    assert!(refuse(&mut r, CountCommand::Confirm { color: Black }).contains("already confirmed"));
    // Changing a mark clears the confirmations.
    run(&mut r, CountCommand::ToggleSeki { point: p("bb") });
    assert!(!state(&r).has_confirmed(Black));
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    run(&mut r, CountCommand::Confirm { color: White });
    assert_eq!(state(&r).phase, Phase::Agreement);
    let e = run(&mut r, CountCommand::Confirm { color: Black });
    // White passed last already: no closing pass.
    assert_eq!(e, vec![Event::AgreementConfirmed { color: Black }]);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Locked);
    // Black: 36 territory + 1 pass stone + 1 dead; White: 27 + 1 + 1 + 7.5.
    assert_eq!(st.result().as_deref(), Some("B+1.5"));
    assert_eq!(st.result_words().as_deref(), Some("Black wins by 1.5"));
    assert!(refuse(&mut r, CountCommand::ToggleDead { point: p("bb") }).contains("locked"));
}

/// LGC, Ending the game 6: "If there is a dispute about the status of any groups then play
/// resumes on the clock, with Black going first."
#[test]
fn lgc_dispute_resumes_with_black_first() {
    let mut r = paused_lgc();
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    let e = run(&mut r, CountCommand::Dispute { by: White });
    assert_eq!(
        e,
        vec![
            Event::Disputed { by: White },
            Event::PlayResumed { first: Black }
        ]
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Playing);
    assert_eq!(st.game.to_move(), Black);
    assert_eq!((st.resumptions, st.disputes), (1, 1));
    assert!(st.marks.is_empty(), "marks go when play resumes");
    // "Resumption can be repeated subject to White passing last."
    play(&mut r, Black, "ba");
    pass(&mut r, White);
    pass(&mut r, Black);
    assert_eq!(state(&r).phase, Phase::Playing);
    pass(&mut r, White);
    assert_eq!(state(&r).phase, Phase::Agreement);
    run(&mut r, CountCommand::Dispute { by: Black });
    assert_eq!(state(&r).resumptions, 2);
}

/// LGC, Ending the game 6: "At the start of a resumption if both players pass then the game
/// stops and all stones remain on the board for counting purposes."
#[test]
fn lgc_two_passes_at_the_start_of_a_resumption_stop_with_every_stone_alive() {
    let mut r = paused_lgc();
    run(&mut r, CountCommand::Dispute { by: Black });
    pass(&mut r, Black);
    pass(&mut r, White);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Counting);
    assert!(st.all_stones_alive());
    assert!(refuse(&mut r, CountCommand::ToggleDead { point: p("bb") }).contains("alive"));
    assert!(refuse(&mut r, CountCommand::Dispute { by: Black }).contains("every stone alive"));
    run(&mut r, CountCommand::Confirm { color: Black });
    run(&mut r, CountCommand::Confirm { color: White });
    let s = state(&r).score();
    // The live White stone at bb spoils Black's area, the Black stone at hh White's.
    assert_eq!((s.black.territory, s.white.territory), (0, 0));
    assert_eq!((s.black.pass_stones, s.white.pass_stones), (2, 2));
    assert_eq!(state(&r).result().as_deref(), Some("W+7.5"));
}

fn paused_london_black_last() -> scorekeeper::core::GameRecord {
    let mut r = from_rows(Preset::LondonOpen, &WALLS_9, White);
    pass(&mut r, White);
    pass(&mut r, Black);
    r
}

/// London Open 5: "Play pauses after two consecutive passes. ... If the status of all groups
/// is agreed, then the players must ensure that White passes last. So if necessary, White must
/// pass again and hand over another pass stone."
#[test]
fn london_open_white_passes_last_on_agreement() {
    let mut r = paused_london_black_last();
    let st = state(&r);
    assert_eq!(st.phase, Phase::Agreement);
    assert!(st.closing_pass_pending());
    assert!(
        st.notes()
            .iter()
            .any(|n| n.contains("White passes once more"))
    );
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    run(&mut r, CountCommand::ToggleDead { point: p("hh") });
    let preview = state(&r).score();
    run(&mut r, CountCommand::Confirm { color: White });
    let e = run(&mut r, CountCommand::Confirm { color: Black });
    assert_eq!(e.len(), 2);
    assert!(matches!(e[1], Event::Passed { color: White, .. }), "{e:?}");
    let st = state(&r);
    assert_eq!(st.phase, Phase::Locked);
    assert_eq!(st.game.last_passer(), Some(White));
    assert_eq!(st.game.pass_stones(Black), 2, "White's second pass stone");
    assert!(!st.closing_pass_pending());
    // The preview already counted White's pass stone.
    assert_eq!(st.score(), preview);
    // Black: 36 + 2 pass stones + 1 dead = 39; White: 27 + 1 + 1 + 7.5 = 36.5.
    assert_eq!(st.result().as_deref(), Some("B+2.5"));
    // A set-up position has no turns to check the two counts against.
    assert_eq!(st.score().expected_gap, None);
}

/// London Open 6: "If there is a dispute about the status of any groups after two consecutive
/// passes, then play resumes on the clock, with the opponent of the last player to pass going
/// first. The resumption can be repeated as many times as necessary with two passes causing the
/// game to pause for an attempt at agreement on group status."
#[test]
fn london_open_dispute_resumes_with_the_opponent_of_the_last_passer() {
    let mut r = paused_london_black_last();
    let e = run(&mut r, CountCommand::Dispute { by: Black });
    assert_eq!(e[1], Event::PlayResumed { first: White });
    assert_eq!(state(&r).game.to_move(), White);
    play(&mut r, White, "ga");
    pass(&mut r, Black);
    pass(&mut r, White);
    assert_eq!(state(&r).phase, Phase::Agreement);
    let e = run(&mut r, CountCommand::Dispute { by: White });
    assert_eq!(e[1], Event::PlayResumed { first: Black });
    assert_eq!(state(&r).resumptions, 2);
}

/// London Open 7: "If at the start of a resumption, both players pass (so making four
/// consecutive passes in all), then the players accept that they cannot agree on the status of
/// all groups. In this case the game stops and all stones remain on the board for counting
/// purposes. Again the players must ensure that White passes last."
#[test]
fn london_open_four_passes_stop_the_game_and_white_passes_last() {
    let mut r = paused_london_black_last();
    run(&mut r, CountCommand::Dispute { by: Black });
    pass(&mut r, White);
    pass(&mut r, Black);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Counting);
    assert!(st.all_stones_alive());
    assert!(st.closing_pass_pending());
    run(&mut r, CountCommand::Confirm { color: Black });
    let e = run(&mut r, CountCommand::Confirm { color: White });
    assert!(matches!(e.last(), Some(Event::Passed { color: White, .. })));
    let st = state(&r);
    assert_eq!(st.phase, Phase::Locked);
    assert_eq!(st.game.last_passer(), Some(White));
    assert!(st.marks.dead.is_empty());
}

/// LGC, Ending the game 6 with a clock: the dispute restarts Black's clock, which was running
/// when play paused after White's pass.
#[test]
fn lgc_dispute_restarts_the_clock_for_black() {
    use scorekeeper::core::clock::{ClockEvent, TimeControl, TimeSystem};
    use scorekeeper::core::live::clock_commands::ClockCommand as Table;
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Black);
    r.settings.time_control = Some(TimeControl::new(600_000, TimeSystem::SuddenDeath));
    live_helper::execute(&mut r, 1_000, &Table::Press { by: White }).unwrap();
    live_helper::execute(&mut r, 3_000, &Table::Pass { by: Black }).unwrap();
    live_helper::execute(&mut r, 5_000, &Table::Pass { by: White }).unwrap();
    assert_eq!(state(&r).phase, Phase::Agreement);
    let e = run(&mut r, CountCommand::Dispute { by: White });
    assert_eq!(
        e.last(),
        Some(&Event::Clock {
            clock: ClockEvent::Resumed
        })
    );
    let t = table_of(&r, now(&r)).unwrap();
    let clock = t.clock.unwrap();
    assert_eq!((clock.running, clock.paused), (Some(Black), None));
}
