//! Each time system through to a flag, with exact millisecond arithmetic.

use scorekeeper::core::Color::{Black, White};
use scorekeeper::core::clock::*;

const T0: i64 = 1_700_000_000_000;

fn press(by: scorekeeper::core::Color) -> ClockEvent {
    ClockEvent::Pressed { by, pass: false }
}

fn pass(by: scorekeeper::core::Color) -> ClockEvent {
    ClockEvent::Pressed { by, pass: true }
}

fn start() -> ClockEvent {
    ClockEvent::Started { running: Black }
}

/// Events at offsets from `T0`.
fn log(events: &[(i64, ClockEvent)]) -> Vec<TimedClockEvent> {
    events
        .iter()
        .map(|(t, e)| TimedClockEvent::new(T0 + t, e.clone()))
        .collect()
}

fn state(control: &TimeControl, events: &[(i64, ClockEvent)], now: i64) -> ClockState {
    clock_state(control, &log(events), T0 + now)
}

#[test]
fn sudden_death_flag_falls_at_the_exact_millisecond() {
    // LGC: "No overtime: a player loses on time if the current move is not completed before the
    // basic time expires."
    let c = TimeControl::new(60_000, TimeSystem::SuddenDeath);
    let ev = [(0, start()), (10_000, press(Black)), (25_000, press(White))];
    let s = state(&c, &ev, 25_000);
    assert_eq!(s.side(Black).main_ms, 50_000);
    assert_eq!(s.side(White).main_ms, 45_000);
    assert_eq!(s.running, Some(Black));
    let s = state(&c, &ev, 74_999);
    assert_eq!(s.side(Black).main_ms, 1);
    assert!(!s.side(Black).flagged());
    let s = state(&c, &ev, 100_000);
    assert_eq!(s.side(Black).main_ms, 0);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 75_000));
    assert_eq!(s.result(), Some("W+T"));
    // A press after the flag is too late.
    let mut late = ev.to_vec();
    late.push((75_000, press(Black)));
    let s = state(&c, &late, 80_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 75_000));
    assert_eq!(s.side(Black).moves, 1);
    // One millisecond earlier the move is in time.
    late.pop();
    late.push((74_999, press(Black)));
    let s = state(&c, &late, 80_000);
    assert!(!s.side(Black).flagged());
    assert_eq!(s.side(Black).main_ms, 1);
    assert_eq!(s.side(White).main_ms, 45_000 - 5_001);
}

#[test]
fn fischer_adds_the_increment_on_each_press() {
    let c = TimeControl::new(
        60_000,
        TimeSystem::Fischer {
            increment_ms: 10_000,
            cap_ms: None,
        },
    );
    let ev = [(0, start()), (4_000, press(Black)), (6_000, press(White))];
    let s = state(&c, &ev, 6_000);
    assert_eq!(s.side(Black).main_ms, 66_000);
    assert_eq!(s.side(White).main_ms, 68_000);
    let s = state(&c, &ev, 6_000 + 66_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 72_000));
}

#[test]
fn fischer_cap_stops_the_increment_from_building_up() {
    let c = TimeControl::new(
        60_000,
        TimeSystem::Fischer {
            increment_ms: 10_000,
            cap_ms: Some(65_000),
        },
    );
    let ev = [
        (0, start()),
        (1_000, press(Black)), // 59 + 10 = 69 capped to 65
        (2_000, press(White)),
        (3_000, press(Black)),  // 64 + 10 capped to 65
        (23_000, press(White)), // 45 + 10 = 55
        (33_000, press(Black)), // 55 + 10 = 65
    ];
    let s = state(&c, &ev, 33_000);
    assert_eq!(s.side(Black).main_ms, 65_000);
    assert_eq!(s.side(White).main_ms, 55_000);
    assert_eq!(s.side(Black).moves, 3);
}

#[test]
fn byo_yomi_move_within_a_period_keeps_the_periods() {
    // LGC: "Japanese byo-yomi A move must be completed within the byo-yomi time period."
    let c = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 3,
            period_ms: 30_000,
        },
    );
    // Black uses 10 s main and 29.999 s of the first period, then presses.
    let ev = [(0, start()), (39_999, press(Black)), (40_000, press(White))];
    let s = state(&c, &ev, 40_000);
    let b = s.side(Black);
    assert!(b.in_overtime);
    assert_eq!(b.periods_left, 3);
    assert_eq!(b.period_ms, 30_000);
    assert_eq!(b.main_ms, 0);
    let s = state(&c, &ev, 41_000);
    assert_eq!(s.side(Black).period_ms, 29_000);
    assert_eq!(overtime_label(&c, s.side(Black)), "0:29 · 3 periods");
}

#[test]
fn byo_yomi_overrun_uses_exactly_the_periods_overrun() {
    let c = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    );
    let ev = [(0, start())];
    // 10 s main, then 30 s: the first period is used up exactly at 40 s.
    let s = state(&c, &ev, 39_999);
    assert_eq!(
        (s.side(Black).periods_left, s.side(Black).period_ms),
        (5, 1)
    );
    let s = state(&c, &ev, 40_000);
    assert_eq!(
        (s.side(Black).periods_left, s.side(Black).period_ms),
        (4, 30_000)
    );
    // Three periods overrun in one think, 5 s into the fourth.
    let s = state(&c, &ev, 10_000 + 3 * 30_000 + 5_000);
    assert_eq!(
        (s.side(Black).periods_left, s.side(Black).period_ms),
        (2, 25_000)
    );
    // The same think seen in small steps gives the same clock.
    let mut inc = ClockState::new(c);
    inc.apply(T0, &start()).unwrap();
    for t in (0..=105_000).step_by(777) {
        inc.advance_to(T0 + t);
    }
    inc.advance_to(T0 + 105_000);
    assert_eq!(inc.side(Black), s.side(Black));
    // A press now restarts the fourth period and keeps the two periods.
    let s = state(&c, &[(0, start()), (105_000, press(Black))], 105_000);
    assert_eq!(
        (s.side(Black).periods_left, s.side(Black).period_ms),
        (2, 30_000)
    );
}

#[test]
fn byo_yomi_end_of_the_last_period_is_a_flag_at_the_exact_ms() {
    // LGC: "With overtime: a player loses on time if not all of the given number of overtime
    // stones are played in the prescribed overtime period."
    let c = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 2,
            period_ms: 30_000,
        },
    );
    let ev = [(0, start())];
    let s = state(&c, &ev, 69_999);
    assert_eq!(overtime_label(&c, s.side(Black)), "0.1 · last period");
    assert!(!s.side(Black).flagged());
    assert_eq!(next_flag_at(&s), Some(T0 + 70_000));
    let s = state(&c, &ev, 500_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 70_000));
    assert_eq!(s.side(Black).periods_left, 0);
    assert_eq!(next_flag_at(&s), None);
}

#[test]
fn canadian_stones_count_down_on_every_press_including_passes() {
    // LGC: "Canadian overtime When a player’s main time has expired the player has to complete a
    // given number of moves in a specified period of time set on the clock. When all the moves
    // have been made, the clock is reset for the next overtime period."
    let c = TimeControl::new(
        5_000,
        TimeSystem::Canadian {
            stones: 3,
            period_ms: 60_000,
        },
    );
    let mut ev = vec![(0, start()), (6_000, press(Black))]; // main ends during this move: 1 stone
    let s = state(&c, &ev, 6_000);
    let b = *s.side(Black);
    assert!(b.in_overtime);
    assert_eq!((b.stones_left, b.period_ms), (2, 59_000));
    ev.push((7_000, press(White)));
    ev.push((17_000, pass(Black)));
    let s = state(&c, &ev, 17_000);
    assert_eq!(
        (s.side(Black).stones_left, s.side(Black).period_ms),
        (1, 49_000)
    );
    assert_eq!(overtime_label(&c, s.side(Black)), "0:49 · 1 stone");
    ev.push((18_000, press(White)));
    ev.push((20_000, press(Black))); // third stone: the period reloads
    let s = state(&c, &ev, 20_000);
    assert_eq!(
        (s.side(Black).stones_left, s.side(Black).period_ms),
        (3, 60_000)
    );
    assert_eq!(s.side(Black).moves, 3);
}

#[test]
fn canadian_period_ending_before_the_stones_is_a_flag() {
    let c = TimeControl::new(
        5_000,
        TimeSystem::Canadian {
            stones: 10,
            period_ms: 60_000,
        },
    );
    let ev = [(0, start()), (30_000, press(Black)), (31_000, press(White))];
    // Black has 9 stones in 35 s left from the period when pressing at 30 s.
    let s = state(&c, &ev, 31_000);
    assert_eq!(
        (s.side(Black).stones_left, s.side(Black).period_ms),
        (9, 35_000)
    );
    assert_eq!(next_flag_at(&s), Some(T0 + 66_000));
    let s = state(&c, &ev, 90_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 66_000));
    assert_eq!(s.result(), Some("W+T"));
}

#[test]
fn simple_delay_waits_before_counting_down() {
    let c = TimeControl::new(60_000, TimeSystem::Delay { delay_ms: 5_000 });
    let ev = [(0, start()), (3_000, press(Black)), (11_000, press(White))];
    let s = state(&c, &ev, 11_000);
    assert_eq!(s.side(Black).main_ms, 60_000);
    assert_eq!(s.side(White).main_ms, 57_000);
    // Black's turn: 5 s free, then 60 s of main time.
    assert_eq!(next_flag_at(&s), Some(T0 + 11_000 + 65_000));
    let s = state(&c, &ev, 14_000);
    assert_eq!(s.side(Black).main_ms, 60_000);
    let s = state(&c, &ev, 17_000);
    assert_eq!(s.side(Black).main_ms, 59_000);
    let s = state(&c, &ev, 200_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 76_000));
}

#[test]
fn simple_delay_is_not_renewed_by_a_pause() {
    let c = TimeControl::new(60_000, TimeSystem::Delay { delay_ms: 5_000 });
    let ev = [
        (0, start()),
        (
            3_000,
            ClockEvent::Paused {
                reason: PauseReason::Toilet,
            },
        ),
        (100_000, ClockEvent::Resumed),
    ];
    // 3 s of delay used before the pause, 2 s after it, then main time.
    let s = state(&c, &ev, 104_000);
    assert_eq!(s.side(Black).main_ms, 58_000);
}

#[test]
fn bronstein_gives_back_the_time_used_up_to_the_delay() {
    let c = TimeControl::new(60_000, TimeSystem::Bronstein { delay_ms: 5_000 });
    let ev = [(0, start()), (3_000, press(Black)), (11_000, press(White))];
    let s = state(&c, &ev, 11_000);
    assert_eq!(s.side(Black).main_ms, 60_000);
    assert_eq!(s.side(White).main_ms, 57_000);
    let s = state(&c, &ev, 11_000 + 60_000);
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 71_000));
}

#[test]
fn time_odds_give_each_player_their_own_main_time() {
    let c = TimeControl::new(600_000, TimeSystem::SuddenDeath).with_white_main(300_000);
    let s = state(&c, &[(0, ClockEvent::Started { running: White })], 300_000);
    assert_eq!(s.side(Black).main_ms, 600_000);
    assert_eq!(s.side(White).flagged_at, Some(T0 + 300_000));
    assert_eq!(s.result(), Some("B+T"));
}

#[test]
fn backwards_timestamps_never_add_time_or_panic() {
    let c = TimeControl::new(60_000, TimeSystem::SuddenDeath);
    let ev = [
        (0, start()),
        (10_000, press(Black)),
        (5_000, press(White)), // the device clock went back 5 s before this press
        (8_000, press(Black)),
    ];
    let s = state(&c, &ev, 8_000);
    assert_eq!(s.side(Black).main_ms, 50_000 - 3_000);
    assert_eq!(s.side(White).main_ms, 60_000);
    // Looking at a time before the last event shows the clock as of that event.
    let s = state(&c, &ev, -1_000_000);
    assert_eq!(s.side(White).main_ms, 60_000);
    assert_eq!(s.side(Black).main_ms, 47_000);
    let far = clock_state(&c, &log(&ev), i64::MAX);
    assert_eq!(far.side(White).flagged_at, Some(T0 + 8_000 + 60_000));
    let neg = clock_state(&c, &[TimedClockEvent::new(i64::MIN, start())], i64::MAX);
    assert!(neg.side(Black).flagged());
}

#[test]
fn with_no_main_time_left_a_simple_delay_flag_falls_when_the_delay_ends() {
    let c = TimeControl::new(60_000, TimeSystem::Delay { delay_ms: 5_000 });
    let penalty = ClockEvent::Penalty {
        color: White,
        ms: 60_000,
    };
    let ev = [(0, start()), (1_000, penalty), (2_000, press(Black))];
    let s = state(&c, &ev, 6_999);
    assert_eq!(s.side(White).main_ms, 0);
    assert!(!s.side(White).flagged());
    assert_eq!(next_flag_at(&s), Some(T0 + 7_000));
    assert_eq!(
        state(&c, &ev, 9_000).side(White).flagged_at,
        Some(T0 + 7_000)
    );
}
