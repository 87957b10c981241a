//! The lightning and blitz clauses (Dutch lightning rules, Cape Town blitz 2005): flags that
//! must be claimed, penalties, time added by the director, captures in neutral time.

use scorekeeper::core::Color::{Black, White};
use scorekeeper::core::clock::*;

mod clock_common;
use clock_common::*;

/// Cape Town blitz 2005: 12 minutes sudden death, flags claimed by the opponent.
fn cape_town() -> TimeControl {
    sd(12 * 60_000).with_on_flag(OnFlag::OpponentKeepsRunning)
}

#[test]
fn dutch_9_one_minute_penalty_for_improper_conduct() {
    // Dutch 9: "If it is possible for the director to decide who is wrong he fines this person
    // with the loss of one minute thinking time for improper conduct."
    let mut s = started(sd(300_000));
    s.apply(
        T0 + 10_000,
        &ClockEvent::Penalty {
            color: White,
            ms: 60_000,
        },
    )
    .unwrap();
    let s = s.at(T0 + 10_000);
    assert_eq!(s.side(White).main_ms, 240_000);
    assert_eq!(s.side(Black).main_ms, 290_000);
    let mut s = started(sd(30_000));
    s.apply(
        T0,
        &ClockEvent::Penalty {
            color: Black,
            ms: 60_000,
        },
    )
    .unwrap();
    assert_eq!(s.side(Black).main_ms, 0);
    assert_eq!(s.at(T0 + 1).side(Black).flagged_at, Some(T0));
}

#[test]
fn dutch_15_2_director_adds_time_to_each_player() {
    // Dutch 15.2: "Add one or two minutes to the remaining time of each player." (Cape Town
    // 11.2 ii: the same words.)
    let mut s = started(sd(600_000));
    s.apply(
        T0 + 590_000,
        &ClockEvent::Paused {
            reason: PauseReason::Arbitration,
        },
    )
    .unwrap();
    s.apply(T0 + 700_000, &ClockEvent::BothAdded { ms: 120_000 })
        .unwrap();
    assert_eq!(s.side(Black).main_ms, 130_000);
    assert_eq!(s.side(White).main_ms, 720_000);
    assert_eq!(
        said(s.apply(T0, &ClockEvent::BothAdded { ms: 0 })),
        Err("The time must be above zero".into())
    );
}

#[test]
fn dutch_13_3_both_flags_the_first_claim_wins() {
    // Dutch 13.3: "One of the players has used up all his time (indicated by the falling of the
    // "flag") and his opponent announces this. If both flags have fallen the player who first
    // claims that his opponent exceeded his time limit is the victor. In case of doubt the
    // result is a jigo"
    let c = sd(60_000).with_on_flag(OnFlag::OpponentKeepsRunning);
    let mut s = started(c);
    s.apply(T0 + 30_000, &press(Black)).unwrap();
    s.apply(T0 + 40_000, &press(White)).unwrap();
    // Black's flag falls at 70 s, but the game goes on until White claims it.
    s.apply(T0 + 75_000, &press(Black)).unwrap();
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 70_000));
    assert_eq!(s.side(Black).moves, 2);
    assert_eq!(s.result(), None);
    assert_eq!(result_on_claim(&s, White), Some("W+T"));
    assert_eq!(result_on_claim(&s, Black), None);
    // White's clock runs on and falls too, 50 s later.
    let later = s.at(T0 + 200_000);
    assert_eq!(later.side(White).flagged_at, Some(T0 + 125_000));
    assert_eq!(later.first_flag(), Some((Black, T0 + 70_000)));
    // Black claims first and wins.
    s.apply(T0 + 200_000, &ClockEvent::FlagClaimed { by: Black })
        .unwrap();
    assert_eq!(s.result(), Some("B+T"));
    assert!(s.stopped);
    assert!(
        s.apply(T0 + 200_001, &ClockEvent::FlagClaimed { by: White })
            .is_err()
    );
}

#[test]
fn a_claim_before_the_flag_falls_is_rejected() {
    let mut s = started(sd(60_000).with_on_flag(OnFlag::OpponentKeepsRunning));
    let err = s
        .apply(T0 + 59_999, &ClockEvent::FlagClaimed { by: White })
        .unwrap_err()
        .to_string();
    assert_eq!(err, "Black's flag has not fallen");
    s.apply(T0 + 60_000, &ClockEvent::FlagClaimed { by: White })
        .unwrap();
    assert_eq!(s.result(), Some("W+T"));
}

#[test]
fn dutch_6_and_cape_town_4_captures_removed_in_neutral_time() {
    // Dutch 6: "Removal of more than two killed stones may happen in neutralized time. One or
    // two killed stones must be removed in the time of the player killing them."
    // Cape Town 4: "Removal of more than one killed stones may happen in neutralized time."
    let mut s = started(cape_town());
    s.apply(
        T0 + 2_000,
        &ClockEvent::Paused {
            reason: PauseReason::RemovingCaptures,
        },
    )
    .unwrap();
    s.apply(T0 + 12_000, &press(Black)).unwrap();
    let s = s.at(T0 + 13_000);
    assert_eq!(s.side(Black).main_ms, 12 * 60_000 - 2_000);
    assert_eq!(s.side(White).main_ms, 12 * 60_000 - 1_000);
}

#[test]
fn dutch_5_a_pass_counts_as_a_move() {
    // Dutch 5: "The pass has to be announced clearly. After this the player who has passed may
    // push the clock with either hand if his opponent hasn't answered yet. A pass counts as a
    // move."
    let mut s = started(cape_town());
    s.apply(
        T0 + 1_000,
        &ClockEvent::Pressed {
            by: Black,
            pass: true,
        },
    )
    .unwrap();
    assert_eq!(s.side(Black).moves, 1);
    assert_eq!(s.running, Some(White));
}

#[test]
fn cape_town_9_3_in_case_of_doubt_both_flag_times_are_known() {
    // Cape Town 9.3: "If both flags have fallen the player who first claims that his opponent
    // exceeded his time limit is the victor. In case of doubt the result is a jigo."
    // A digital clock removes the doubt about which fell first: both instants are kept.
    let mut s = started(cape_town());
    s.apply(T0 + 700_000, &press(Black)).unwrap();
    let s = s.at(T0 + 2_000_000);
    assert_eq!(s.side(Black).flagged_at, None);
    assert_eq!(s.side(White).flagged_at, Some(T0 + 700_000 + 720_000));
    let mut s = started(cape_town());
    s.apply(T0 + 719_000, &press(Black)).unwrap();
    s.apply(T0 + 1_438_000, &press(White)).unwrap();
    let s = s.at(T0 + 1_500_000);
    assert_eq!(
        s.side(White).flagged_at,
        None,
        "White pressed with a second left"
    );
    assert_eq!(s.side(Black).flagged_at, Some(T0 + 1_439_000));
    assert_eq!(s.first_flag(), Some((Black, T0 + 1_439_000)));
}
