//! The natural ending of the Dutch and Cape Town rules: four passes, counting, a point found
//! after the ending. Each test quotes the clause it checks.

mod count_common;
mod live_helper;

use count_common::*;
use live_helper::table_of;
use scorekeeper::core::count::{CountCommand, Phase};
use scorekeeper::core::record::Event;
use scorekeeper::core::{Color, Preset};

use Color::{Black, White};

/// Dutch 13.2: "Four consecutive passes have occured (two per player). This we call a natural
/// ending."
#[test]
fn dutch_four_passes_are_a_natural_ending() {
    let mut r = from_rows(Preset::DutchLightning, &WALLS_9, Black);
    pass(&mut r, Black);
    pass(&mut r, White);
    pass(&mut r, Black);
    assert_eq!(state(&r).phase, Phase::Playing);
    pass(&mut r, White);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Counting);
    assert!(st.natural_ending());
    // Dutch 13: "The players must agree about the outcome of the game. If this is not the case
    // they must ask the director to intervene."
    assert!(refuse(&mut r, CountCommand::Dispute { by: White }).contains("director"));
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    run(&mut r, CountCommand::ToggleDead { point: p("hh") });
    run(&mut r, CountCommand::Confirm { color: Black });
    run(&mut r, CountCommand::Confirm { color: White });
    let st = state(&r);
    assert_eq!(st.phase, Phase::Locked);
    // No pass stones; komi 6.5: Black 36 + 1, White 27 + 1 + 6.5.
    assert_eq!(st.result().as_deref(), Some("B+2.5"));
}

/// Dutch 14: "When the dame points are filled and one of the players "finds a point" it is for
/// the finder. He will make the corresponding move and push the clock to allow his opponent to
/// answer it. The game continues now until one of the four conditions concerning the ending of
/// the game has been met again."
#[test]
fn dutch_a_found_point_resumes_play_until_another_ending() {
    let mut r = from_rows(Preset::DutchLightning, &WALLS_9, Black);
    for c in [Black, White, Black, White] {
        pass(&mut r, c);
    }
    run(&mut r, CountCommand::ToggleDead { point: p("bb") });
    run(&mut r, CountCommand::Confirm { color: Black });
    let e = run(&mut r, CountCommand::FindsPoint { by: White });
    assert_eq!(e, vec![Event::PlayResumed { first: White }]);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Playing);
    assert_eq!(st.game.to_move(), White);
    assert!(st.marks.is_empty() && !st.has_confirmed(Black));
    play(&mut r, White, "da");
    for c in [Black, White, Black] {
        pass(&mut r, c);
    }
    assert_eq!(state(&r).phase, Phase::Playing);
    pass(&mut r, White);
    assert_eq!(state(&r).phase, Phase::Counting);
    assert_eq!(state(&r).resumptions, 1);
}

/// Cape Town 9.2: "FOUR consecutive passes have occurred (two per player). This we call a
/// natural ending. After this the clock should be neutralized (see point 10)." And 10: the
/// finder "will make the corresponding move and push the clock": the finder's clock runs.
#[test]
fn cape_town_natural_ending_and_a_found_point_on_the_clock() {
    use scorekeeper::core::clock::{ClockEvent, TimeControl, TimeSystem};
    use scorekeeper::core::live::clock_commands::ClockCommand as Table;
    let mut r = from_rows(Preset::CapeTown2005, &WALLS_9, Black);
    r.settings.time_control = Some(TimeControl::new(600_000, TimeSystem::SuddenDeath));
    let mut at = 1_000;
    live_helper::execute(&mut r, at, &Table::Press { by: White }).unwrap();
    for c in [Black, White, Black, White] {
        at += 2_000;
        live_helper::execute(&mut r, at, &Table::Pass { by: c }).unwrap();
    }
    let st = state(&r);
    assert_eq!(st.phase, Phase::Counting);
    assert!(st.stopped_at_ms.is_some());
    let e = run(&mut r, CountCommand::FindsPoint { by: White });
    assert_eq!(
        e,
        vec![
            Event::PlayResumed { first: White },
            Event::Clock {
                clock: ClockEvent::ResumedWith { running: White }
            }
        ]
    );
    let t = table_of(&r, now(&r)).unwrap();
    assert_eq!(t.clock.and_then(|c| c.running), Some(White));
}

/// Dutch 15.1: "If both players have more than one minute thinking time left they continue play
/// as if the 4 passes have not occured. The player who passed first may move and his clock is
/// restarted." (Cape Town 11.1 says the same.)
#[test]
fn dutch_an_uncountable_position_continues_with_the_first_passer() {
    for (preset, first) in [
        (Preset::DutchLightning, White),
        (Preset::CapeTown2005, Black),
    ] {
        let mut r = from_rows(preset, &WALLS_9, first);
        for c in [first, !first, first, !first] {
            pass(&mut r, c);
        }
        let e = run(&mut r, CountCommand::ContinuePlay);
        assert_eq!(e, vec![Event::PlayResumed { first }]);
        assert_eq!(state(&r).game.to_move(), first);
        assert!(refuse(&mut r, CountCommand::ContinuePlay).contains("natural ending"));
    }
}

/// Dutch 13: "A game has been finished after one of the following conditions has been met. ...
/// 2. Four consecutive passes have occured (two per player). This we call a natural ending. ...
/// 3. One of the players has used up all his time (indicated by the falling of the "flag") and
/// his opponent announces this." A flag nobody announced before the game finished by a natural
/// ending and a count both players confirmed cannot be announced afterwards: the first ending
/// stands, and the late claim is refused with the reason.
#[test]
fn dutch_a_flag_claimed_after_the_confirmed_count_does_not_change_the_result() {
    use scorekeeper::core::clock::{OnFlag, TimeControl, TimeSystem};
    use scorekeeper::core::count::CountByNumbers;
    use scorekeeper::core::handicap::Handicap;
    use scorekeeper::core::live::clock_commands::ClockCommand as Clock;
    use scorekeeper::core::live::{Command as Do, CommandError, Live, Refusal};
    use scorekeeper::core::record::GameSettings;
    let mut s = GameSettings::new(Preset::DutchLightning, 9, Handicap::NONE);
    s.time_control = Some(
        TimeControl::new(60_000, TimeSystem::SuddenDeath)
            .with_on_flag(OnFlag::OpponentKeepsRunning),
    );
    let mut live = Live::start(s, 0).unwrap();
    let clock = |live: &mut Live, at: i64, c: Clock| {
        live.run(at, &Do::Clock(c.clone()))
            .unwrap_or_else(|e| panic!("{c:?} at {at}: {e}"));
    };
    clock(&mut live, 0, Clock::Press { by: Color::White });
    clock(&mut live, 1_000, Clock::Press { by: Color::Black });
    // White's flag falls at 61 s; Black does not announce it and play goes on.
    clock(&mut live, 70_000, Clock::Press { by: Color::White });
    for (i, by) in [Color::Black, Color::White, Color::Black, Color::White]
        .into_iter()
        .enumerate()
    {
        clock(&mut live, 71_000 + i as i64 * 1_000, Clock::Pass { by });
    }
    let count = CountCommand::EnterCount {
        count: CountByNumbers::Filled {
            black: 30,
            white: 20,
        },
    };
    live.run(80_000, &count.into()).unwrap();
    for color in Color::BOTH {
        live.run(81_000, &CountCommand::Confirm { color }.into())
            .unwrap();
    }
    let result = live.count_at(82_000).result();
    assert_eq!(result.as_deref(), Some("B+3.5"));
    let late = live
        .run(83_000, &Do::Clock(Clock::ClaimFlag { by: Color::Black }))
        .unwrap_err();
    assert!(
        matches!(late, CommandError::Refused(Refusal::ClaimAfterEnd(_))),
        "{late}"
    );
    assert!(
        late.to_string().contains("the first ending stands"),
        "{late}"
    );
    assert_eq!(live.count_at(84_000).result(), result);
}

/// Dutch 15.2: "If at least one of the players is in time trouble (less than one minute
/// thinking time left) the director should be called. He should decide for one of the following
/// actions: ... 2. Add one or two minutes to the remaining time of each player. Continue now as
/// under point 13.1." (Cape Town 11.2.) With a minute or more each, no director is needed.
#[test]
fn dutch_an_uncountable_position_in_time_trouble_calls_the_director_who_may_add_time_and_play_on() {
    use scorekeeper::core::clock::{ClockEvent, TimeControl, TimeSystem};
    use scorekeeper::core::count::director_needed;
    use scorekeeper::core::live::clock_commands::ClockCommand as Table;
    let game = |main_ms: i64| {
        let mut r = from_rows(Preset::DutchLightning, &WALLS_9, White);
        r.settings.time_control = Some(TimeControl::new(main_ms, TimeSystem::SuddenDeath));
        let mut at = 1_000;
        live_helper::execute(&mut r, at, &Table::Press { by: Black }).unwrap();
        for c in [White, Black, White, Black] {
            at += 2_000;
            live_helper::execute(&mut r, at, &Table::Pass { by: c }).unwrap();
        }
        r
    };
    let clock_of =
        |r: &scorekeeper::core::record::GameRecord| table_of(r, now(r)).unwrap().clock.unwrap();
    // Ten minutes each: the players play on themselves.
    let r = game(600_000);
    assert!(!director_needed(Some(&clock_of(&r))));
    // Fifty seconds each, less the passes: the director is called.
    let mut r = game(50_000);
    assert!(director_needed(Some(&clock_of(&r))));
    let before = clock_of(&r);
    let e = run(&mut r, CountCommand::ContinueWithTime { ms: 120_000 });
    assert_eq!(
        e[0],
        Event::Clock {
            clock: ClockEvent::BothAdded { ms: 120_000 }
        }
    );
    assert_eq!(e[1], Event::PlayResumed { first: White });
    let after = clock_of(&r);
    assert_eq!(
        after.running,
        Some(White),
        "the first passer's clock restarts"
    );
    assert!(after.paused.is_none());
    // Two minutes more each (less the second that `run` lets pass before the command).
    for c in [Black, White] {
        let added = after.side(c).main_ms - before.side(c).main_ms;
        assert!((119_000..=120_000).contains(&added), "{c:?}: {added}");
    }
    assert!(!director_needed(Some(&after)));
}
