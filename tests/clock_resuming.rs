//! Resuming after a pause, undoing a press that ended one, and feeding the clock from a record.

use scorekeeper::core::Color::{Black, White};
use scorekeeper::core::clock::*;

const T0: i64 = 1_700_000_000_000;

fn press(by: scorekeeper::core::Color) -> ClockEvent {
    ClockEvent::Pressed { by, pass: false }
}

fn pass(by: scorekeeper::core::Color) -> ClockEvent {
    ClockEvent::Pressed { by, pass: true }
}

#[test]
fn dutch_15_1_the_player_who_passed_first_has_his_clock_restarted() {
    // Dutch 15.1: "If both players have more than one minute thinking time left they continue
    // play as if the 4 passes have not occured. The player who passed first may move and his
    // clock is restarted."
    let c = TimeControl::new(600_000, TimeSystem::Delay { delay_ms: 5_000 })
        .with_on_flag(OnFlag::OpponentKeepsRunning);
    let mut s = ClockState::new(c);
    s.apply(T0, &ClockEvent::Started { running: Black })
        .unwrap();
    for (i, by) in [Black, White, Black, White].into_iter().enumerate() {
        s.apply(T0 + 10_000 * (i as i64 + 1), &pass(by)).unwrap();
    }
    let natural_ending = ClockEvent::Paused {
        reason: PauseReason::Counting,
    };
    s.apply(T0 + 41_000, &natural_ending).unwrap();
    assert_eq!(s.running, Some(Black));
    s.apply(T0 + 300_000, &ClockEvent::ResumedWith { running: Black })
        .unwrap();
    assert_eq!(
        s.turn_used_ms, 1_000,
        "Black's turn goes on: the delay is not renewed"
    );
    // The director may restart the other clock instead: a new turn, with a fresh delay.
    let mut s2 = s.clone();
    s2.apply(
        T0 + 300_000,
        &ClockEvent::Paused {
            reason: PauseReason::Arbitration,
        },
    )
    .unwrap();
    s2.apply(T0 + 400_000, &ClockEvent::ResumedWith { running: White })
        .unwrap();
    assert_eq!((s2.running, s2.turn_used_ms), (Some(White), 0));
    assert_eq!(next_flag_at(&s2), Some(T0 + 400_000 + 5_000 + 590_000));
    assert!(
        s2.check(T0 + 400_001, &ClockEvent::ResumedWith { running: Black })
            .is_err()
    );
}

#[test]
fn the_clock_reads_pairs_picked_out_of_a_game_record() {
    // The record keeps other events beside the clock's; the clock takes its own with their times.
    enum RecordEvent {
        Clock(ClockEvent),
        #[allow(dead_code)]
        Comment(&'static str),
    }
    let record = [
        (
            T0,
            RecordEvent::Clock(ClockEvent::Started { running: Black }),
        ),
        (T0 + 1_000, RecordEvent::Comment("hello")),
        (T0 + 3_000, RecordEvent::Clock(press(Black))),
    ];
    let c = TimeControl::new(60_000, TimeSystem::SuddenDeath);
    let clock_events = record.iter().filter_map(|(at, e)| match e {
        RecordEvent::Clock(c) => Some((*at, c)),
        RecordEvent::Comment(_) => None,
    });
    let s = clock_state_from(&c, clock_events, T0 + 4_000);
    assert_eq!(s.side(Black).main_ms, 57_000);
    assert_eq!(s.side(White).main_ms, 59_000);
    assert_eq!(clock_text(&s, White), "0:59");
    assert_eq!(side_status(&s, White), SideStatus::Running);
    assert_eq!(side_status(&s, Black), SideStatus::Waiting);
    assert_eq!(SideStatus::Running.as_str(), "running");
}

#[test]
fn the_next_wake_up_is_the_next_boundary() {
    let c = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 3,
            period_ms: 30_000,
        },
    );
    let mut s = ClockState::new(c);
    s.apply(T0, &ClockEvent::Started { running: Black })
        .unwrap();
    assert_eq!(next_flag_at(&s.at(T0 + 2_000)), Some(T0 + 10_000));
    assert_eq!(next_flag_at(&s.at(T0 + 10_000)), Some(T0 + 40_000));
    assert_eq!(next_flag_at(&s.at(T0 + 45_000)), Some(T0 + 70_000));
    assert_eq!(next_flag_at(&ClockState::new(c)), None);
}
