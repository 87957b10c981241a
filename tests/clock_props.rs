//! Invariants over random event logs: no panic, replay is deterministic, incremental equals
//! full replay, and time only comes back through an explicit credit.

use proptest::prelude::*;
use scorekeeper::core::Color;
use scorekeeper::core::clock::*;

const T0: i64 = 1_700_000_000_000;

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn control() -> impl Strategy<Value = TimeControl> {
    let ms = prop_oneof![Just(0i64), -2_000i64..0, 1i64..3_000, 0i64..120_000];
    let system = prop_oneof![
        Just(TimeSystem::SuddenDeath),
        (ms.clone(), proptest::option::of(ms.clone())).prop_map(|(increment_ms, cap_ms)| {
            TimeSystem::Fischer {
                increment_ms,
                cap_ms,
            }
        }),
        (0u32..6, ms.clone())
            .prop_map(|(periods, period_ms)| TimeSystem::ByoYomi { periods, period_ms }),
        (0u32..6, ms.clone())
            .prop_map(|(stones, period_ms)| TimeSystem::Canadian { stones, period_ms }),
        ms.clone()
            .prop_map(|delay_ms| TimeSystem::Delay { delay_ms }),
        ms.clone()
            .prop_map(|delay_ms| TimeSystem::Bronstein { delay_ms }),
    ];
    let on_flag = prop_oneof![Just(OnFlag::FreezeAll), Just(OnFlag::OpponentKeepsRunning)];
    (ms.clone(), proptest::option::of(ms), system, on_flag).prop_map(
        |(main, white, system, on_flag)| TimeControl {
            main_ms: main,
            main_ms_white: white,
            system,
            on_flag,
        },
    )
}

fn event() -> impl Strategy<Value = ClockEvent> {
    let reason = prop_oneof![
        (0usize..12).prop_map(|i| PauseReason::LISTED[i].clone()),
        Just(PauseReason::Other {
            text: "other".into()
        }),
    ];
    prop_oneof![
        2 => color().prop_map(|running| ClockEvent::Started { running }),
        20 => (color(), any::<bool>()).prop_map(|(by, pass)| ClockEvent::Pressed { by, pass }),
        2 => reason.prop_map(|reason| ClockEvent::Paused { reason }),
        2 => Just(ClockEvent::Resumed),
        1 => color().prop_map(|running| ClockEvent::ResumedWith { running }),
        1 => (color(), -100_000i64..100_000).prop_map(|(color, delta_ms)| ClockEvent::Adjusted {
            color, delta_ms, reason: String::new() }),
        1 => (color(), 0u32..5).prop_map(|(color, periods)| ClockEvent::SetPeriods { color, periods }),
        1 => (color(), 0u32..5).prop_map(|(color, stones_left)| ClockEvent::SetStones { color, stones_left }),
        1 => (color(), 0u32..50).prop_map(|(color, moves)| ClockEvent::MoveCountCorrected { color, moves }),
        1 => (color(), -1_000i64..100_000).prop_map(|(color, ms)| ClockEvent::Penalty { color, ms }),
        1 => (-1_000i64..100_000).prop_map(|ms| ClockEvent::BothAdded { ms }),
        1 => color().prop_map(|by| ClockEvent::FlagClaimed { by }),
        1 => Just(ClockEvent::Stopped),
    ]
}

/// A log whose timestamps mostly go forward but sometimes jump back.
fn events() -> impl Strategy<Value = Vec<TimedClockEvent>> {
    proptest::collection::vec((-5_000i64..40_000, event()), 0..60).prop_map(|steps| {
        let mut t = T0;
        let mut out = vec![TimedClockEvent::new(
            T0,
            ClockEvent::Started {
                running: Color::Black,
            },
        )];
        for (dt, e) in steps {
            t += dt;
            out.push(TimedClockEvent::new(t, e));
        }
        out
    })
}

/// A wait: often short, so states between boundaries are seen too.
fn wait() -> impl Strategy<Value = i64> {
    prop_oneof![0i64..50, 0i64..5_000, 0i64..100_000]
}

fn last(log: &[TimedClockEvent]) -> i64 {
    log.last().map_or(T0, |e| e.at_ms)
}

/// Whether the event may give a side time back (for the presser only, in the case of a press).
fn credits(event: &ClockEvent, side: Color) -> bool {
    match event {
        ClockEvent::Pressed { by, .. } => *by == side,
        ClockEvent::Adjusted { .. }
        | ClockEvent::BothAdded { .. }
        | ClockEvent::SetPeriods { .. } => true,
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn never_panics_at_any_time(control in control(), log in events(), now in any::<i64>()) {
        let s = clock_state(&control, &log, now);
        let _ = next_flag_at(&s);
        let _ = s.result();
        for c in Color::BOTH {
            let _ = clock_text(&s, c);
            let _ = overtime_label(&control, s.side(c));
            let _ = side_status(&s, c);
            prop_assert!(s.side(c).main_ms >= 0 && s.side(c).period_ms >= 0);
        }
        let extreme = [TimedClockEvent::new(i64::MIN, ClockEvent::Started { running: Color::White }),
                       TimedClockEvent::new(i64::MAX, ClockEvent::Pressed { by: Color::White, pass: false })];
        let _ = clock_state(&control, &extreme, now);
    }

    #[test]
    fn incremental_equals_full_replay(control in control(), log in events(), later in 0i64..200_000) {
        let mut inc = ClockState::new(control);
        for e in &log {
            let _ = inc.apply(e.at_ms, &e.event);
        }
        let now = log.last().map_or(T0, |e| e.at_ms) + later;
        prop_assert_eq!(inc.at(now), clock_state(&control, &log, now));
        prop_assert_eq!(clock_state(&control, &log, now), clock_state(&control, &log, now));
    }

    #[test]
    fn looking_in_steps_equals_looking_once(control in control(), log in events(), cut in 1usize..60,
                                            a in wait(), b in wait()) {
        let log = &log[..cut.min(log.len())];
        let s = clock_state(&control, log, last(log));
        let t = s.as_of_ms;
        prop_assert_eq!(s.at(t + a).at(t + a + b), s.at(t + a + b));
    }

    #[test]
    fn time_comes_back_only_through_a_credit(control in control(), log in events()) {
        let system = control.system;
        let mut s = ClockState::new(control);
        for e in &log {
            let before = s.at(e.at_ms);
            let untouched = s.clone();
            let accepted = s.apply(e.at_ms, &e.event).is_ok();
            if !accepted {
                prop_assert_eq!(&s, &untouched);
                continue;
            }
            for c in Color::BOTH {
                if !credits(&e.event, c) {
                    prop_assert!(s.side(c).total_ms(&system) <= before.side(c).total_ms(&system),
                        "{:?} gave {:?} time", e.event, c);
                }
            }
        }
    }

    #[test]
    fn waiting_only_runs_down_the_running_side(control in control(), log in events(), cut in 1usize..60,
                                                 a in wait(), b in wait()) {
        let system = control.system;
        let log = &log[..cut.min(log.len())];
        let s0 = clock_state(&control, log, last(log));
        let s1 = s0.at(s0.as_of_ms + a);
        let s2 = s1.at(s1.as_of_ms + b);
        for c in Color::BOTH {
            prop_assert!(s2.side(c).total_ms(&system) <= s1.side(c).total_ms(&system));
            if s1.ticking() != Some(c) {
                prop_assert_eq!(s2.side(c), s1.side(c));
            }
        }
        if let (Some(c), Some(at)) = (s1.ticking(), next_flag_at(&s1)) {
            // Nothing changes state before the announced boundary.
            if at > s1.as_of_ms {
                let just_before = s1.at(at - 1);
                prop_assert!(!just_before.side(c).flagged());
                prop_assert_eq!(just_before.side(c).in_overtime, s1.side(c).in_overtime);
            }
        }
    }
}

#[test]
fn a_long_game_replays_cheaply() {
    let control = TimeControl::new(
        3_600_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    );
    let mut log = vec![TimedClockEvent::new(
        T0,
        ClockEvent::Started {
            running: Color::Black,
        },
    )];
    let mut by = Color::Black;
    for i in 1..=500 {
        log.push(TimedClockEvent::new(
            T0 + i * 7_919,
            ClockEvent::Pressed { by, pass: false },
        ));
        by = !by;
    }
    let mut inc = ClockState::new(control);
    for e in &log {
        inc.apply(e.at_ms, &e.event).unwrap();
    }
    let now = T0 + 4_000_000;
    // The incremental clock agrees with a full replay at every moment (their speed is
    // measured by `./scripts/bench.sh`, not here).
    for k in 0..200 {
        let at = T0 + k * 20_011;
        assert_eq!(clock_state(&control, &log, at), inc.at(at), "at {at}");
    }
    assert_eq!(clock_state(&control, &log, now), inc.at(now));
    assert_eq!(inc.side(Color::Black).moves, 250);
}
