//! The clock clauses of the rule texts, each quoted beside the test that checks it.

use scorekeeper::core::Color::{Black, White};
use scorekeeper::core::Preset;
use scorekeeper::core::clock::*;

mod clock_common;
use clock_common::*;

#[test]
fn dutch_3_who_starts_the_clock() {
    // Dutch 3: "In games with at most one stone handicap white may start with pushing the clock
    // (this is not mandatory). In games with two or more stones handicap black places the
    // handicap stones outside the official time, and then he may push the clock."
    // Cape Town 2 says the same with "should". LGC: "Black’s clock is started".
    let by_handicap = Preset::DutchLightning.rules().clock_start;
    let first_to_run = |h: u8| by_handicap.first_to_run(h);
    assert_eq!(first_to_run(0), Black);
    assert_eq!(first_to_run(1), Black);
    assert_eq!(first_to_run(2), White);
    assert_eq!(first_to_run(9), White);
    assert_eq!(
        Preset::CapeTown2005.rules().clock_start.first_to_run(2),
        White
    );
    assert_eq!(Preset::Lgc2023.rules().clock_start.first_to_run(2), Black);
    let mut s = ClockState::new(sd(60_000));
    assert_eq!(
        said(s.apply(T0, &press(Black))),
        Err("The clock has not been started yet".into())
    );
    s.apply(
        T0,
        &ClockEvent::Started {
            running: first_to_run(4),
        },
    )
    .unwrap();
    let s = s.at(T0 + 1_000);
    assert_eq!(s.side(White).main_ms, 59_000);
    assert_eq!(s.side(Black).main_ms, 60_000);
}

#[test]
fn only_the_running_side_can_press() {
    // LGC: "All moves must be played in alternation with the clock running."
    let mut s = started(sd(60_000));
    let before = s.clone();
    let err = s.apply(T0 + 1_000, &press(White)).unwrap_err().to_string();
    assert_eq!(
        err,
        "Only the player whose clock runs can press it: it is Black's turn"
    );
    assert_eq!(s, before, "a rejected event changes nothing");
    // Replay skips the bad press safely.
    let log = [
        TimedClockEvent::new(T0, ClockEvent::Started { running: Black }),
        TimedClockEvent::new(T0 + 1_000, press(White)),
        TimedClockEvent::new(T0 + 2_000, press(Black)),
    ];
    let r = clock_state(&sd(60_000), &log, T0 + 2_000);
    assert_eq!((r.side(Black).main_ms, r.running), (58_000, Some(White)));
    assert_eq!(r.side(White).moves, 0);
}

#[test]
fn lgc_the_twelve_pause_circumstances_neutralise_both_clocks() {
    // LGC: "The clock may be paused with both player’s timepieces being stopped simultaneously
    // in the following circumstances: 1. By the players, after successive passes, at the start
    // of each status assessment phase. 2. ... the counting procedure. 3. ... to reset the clock
    // or count overtime stones ... 4. ... to visit the toilet shortly before or during overtime.
    // ... 5. ... to remove three or more stones without liberty. 6. ... a clock malfunction ...
    // 7. ... a formal adjournment. 8. ... to fetch a sealing form ... 9. ... to complete a
    // sealing form. 10. ... to call an absent referee ... 11. By the referee at the start of
    // arbitration or rule clarification. 12. During an urgent announcement ..."
    assert_eq!(PauseReason::LISTED.len(), 12);
    let mut texts: Vec<&str> = PauseReason::LISTED.iter().map(PauseReason::text).collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), 12);
    for reason in PauseReason::LISTED {
        let mut s = started(sd(60_000));
        s.apply(
            T0 + 1_000,
            &ClockEvent::Paused {
                reason: reason.clone(),
            },
        )
        .unwrap();
        assert_eq!(s.paused, Some(reason.clone()));
        assert_eq!(side_status(&s, Black), SideStatus::Paused);
        assert_eq!(next_flag_at(&s), None);
        s.apply(T0 + 500_000, &ClockEvent::Resumed).unwrap();
        let s = s.at(T0 + 502_000);
        assert_eq!(s.side(Black).main_ms, 57_000, "{}", reason.text());
        assert_eq!(s.side(White).main_ms, 60_000);
        assert_eq!(s.running, Some(Black));
    }
    let other = PauseReason::Other {
        text: "Fire alarm".into(),
    };
    assert_eq!(other.text(), "Fire alarm");
}

#[test]
fn lgc_removing_three_or_more_stones_in_neutral_time() {
    // LGC: "Timing procedure for removing three or more stones: 1. The player places the stone.
    // 2. The clock is now paused. 3. The captured stones are removed. 4. The player restarts
    // the opponent’s clock."
    let mut s = started(sd(60_000));
    let removing = ClockEvent::Paused {
        reason: PauseReason::RemovingCaptures,
    };
    s.apply(T0 + 4_000, &removing).unwrap();
    s.apply(T0 + 30_000, &press(Black)).unwrap();
    assert_eq!(s.paused, None);
    let s = s.at(T0 + 31_000);
    assert_eq!(s.side(Black).main_ms, 56_000);
    assert_eq!(s.side(White).main_ms, 59_000);
}

#[test]
fn pausing_twice_or_resuming_a_running_clock_is_rejected() {
    let mut s = started(sd(60_000));
    assert_eq!(
        said(s.apply(T0, &ClockEvent::Resumed)),
        Err("The clock is not paused".into())
    );
    let p = ClockEvent::Paused {
        reason: PauseReason::Counting,
    };
    s.apply(T0, &p).unwrap();
    assert_eq!(
        said(s.apply(T0, &p)),
        Err("The clock is already paused".into())
    );
}

#[test]
fn lgc_loss_on_time_freezes_both_clocks() {
    // LGC: "No overtime: a player loses on time if the current move is not completed before the
    // basic time expires."
    let mut s = started(sd(60_000));
    let err = s.apply(T0 + 60_000, &press(Black)).unwrap_err().to_string();
    assert_eq!(err, "The game is over: Black's flag fell");
    let s = s.at(T0 + 900_000);
    assert_eq!(s.side(White).main_ms, 60_000);
    assert_eq!(side_status(&s, Black), SideStatus::Flagged);
    assert_eq!(side_status(&s, White), SideStatus::Paused);
}

#[test]
fn lgc_timing_error_corrected_by_the_referee() {
    // LGC: "Once the game has started, any apparent non-trivial mistakes in the recorded elapsed
    // time can only be corrected by the referee."
    let mut s = started(sd(60_000));
    let add = |color, delta_ms| ClockEvent::Adjusted {
        color,
        delta_ms,
        reason: "clock set wrongly".into(),
    };
    s.apply(T0 + 10_000, &add(Black, 5_000)).unwrap();
    s.apply(T0 + 10_000, &add(White, -20_000)).unwrap();
    assert_eq!(s.side(Black).main_ms, 55_000);
    assert_eq!(s.side(White).main_ms, 40_000);
    assert!(s.apply(T0, &add(White, 0)).is_err());
    // Time added to a fallen flag lifts it.
    let mut s = s.at(T0 + 70_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 65_000));
    s.apply(T0 + 70_000, &add(Black, 30_000)).unwrap();
    assert!(!s.side(Black).flagged());
    assert_eq!(s.at(T0 + 80_000).side(Black).main_ms, 20_000);
}

#[test]
fn lgc_overtime_stone_count_and_reset_by_the_referee() {
    // LGC 3: "By the players, to reset the clock or count overtime stones for the next overtime
    // period."
    let byo = TimeControl::new(
        0,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    );
    let mut s = started(byo);
    s.apply(
        T0 + 95_000,
        &ClockEvent::SetPeriods {
            color: Black,
            periods: 4,
        },
    )
    .unwrap();
    assert_eq!(s.side(Black).periods_left, 4);
    assert!(
        s.apply(
            T0,
            &ClockEvent::SetPeriods {
                color: Black,
                periods: 0
            }
        )
        .is_err()
    );
    assert!(
        s.apply(
            T0,
            &ClockEvent::SetStones {
                color: Black,
                stones_left: 3
            }
        )
        .is_err()
    );
    let can = TimeControl::new(
        0,
        TimeSystem::Canadian {
            stones: 20,
            period_ms: 300_000,
        },
    );
    let mut s = started(can);
    s.apply(
        T0 + 1,
        &ClockEvent::SetStones {
            color: Black,
            stones_left: 3,
        },
    )
    .unwrap();
    assert_eq!(s.side(Black).stones_left, 3);
    s.apply(
        T0 + 2,
        &ClockEvent::MoveCountCorrected {
            color: White,
            moves: 17,
        },
    )
    .unwrap();
    assert_eq!(s.side(White).moves, 17);
}

#[test]
fn a_stopped_clock_accepts_nothing_more() {
    let mut s = started(sd(60_000));
    s.apply(T0 + 1_000, &ClockEvent::Stopped).unwrap();
    assert_eq!(
        said(s.apply(T0 + 2_000, &press(Black))),
        Err("The game is over: the clock is stopped".into())
    );
    assert_eq!(s.at(T0 + 90_000).side(Black).main_ms, 59_000);
}
