//! The natural ending of the Dutch and Cape Town rules: four passes, counting, a point found
//! after the ending. Each test quotes the clause it checks.

mod count_common;

use count_common::*;
use scorekeeper::core::count::{Command, Phase};
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
    assert!(refuse(&mut r, Command::Dispute { by: White }).contains("director"));
    run(&mut r, Command::ToggleDead { point: p("bb") });
    run(&mut r, Command::ToggleDead { point: p("hh") });
    run(&mut r, Command::Confirm { color: Black });
    run(&mut r, Command::Confirm { color: White });
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
    run(&mut r, Command::ToggleDead { point: p("bb") });
    run(&mut r, Command::Confirm { color: Black });
    let e = run(&mut r, Command::FindsPoint { by: White });
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
    use scorekeeper::core::table::{self, Command as Table};
    let mut r = from_rows(Preset::CapeTown2005, &WALLS_9, Black);
    r.settings.time_control = Some(TimeControl::new(600_000, TimeSystem::SuddenDeath));
    let mut at = 1_000;
    table::execute(&mut r, at, &Table::Press { by: White }).unwrap();
    for c in [Black, White, Black, White] {
        at += 2_000;
        table::execute(&mut r, at, &Table::Pass { by: c }).unwrap();
    }
    let st = state(&r);
    assert_eq!(st.phase, Phase::Counting);
    assert!(st.stopped_at_ms.is_some());
    let e = run(&mut r, Command::FindsPoint { by: White });
    assert_eq!(
        e,
        vec![
            Event::PlayResumed { first: White },
            Event::Clock {
                clock: ClockEvent::ResumedWith { running: White }
            }
        ]
    );
    let t = table::Table::of(&r, now(&r)).unwrap();
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
        let e = run(&mut r, Command::ContinuePlay);
        assert_eq!(e, vec![Event::PlayResumed { first }]);
        assert_eq!(state(&r).game.to_move(), first);
        assert!(refuse(&mut r, Command::ContinuePlay).contains("natural ending"));
    }
}
