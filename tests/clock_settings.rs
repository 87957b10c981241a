//! Time settings: validation in clear words, the new-game link, SGF `OT`/`TM`, and JSON.

use scorekeeper::core::Color::Black;
use scorekeeper::core::clock::*;

const T0: i64 = 1_700_000_000_000;

fn sd(main_ms: i64) -> TimeControl {
    TimeControl::new(main_ms, TimeSystem::SuddenDeath)
}

#[test]
fn settings_validation_lists_every_problem() {
    let bad = TimeControl::new(
        -1,
        TimeSystem::ByoYomi {
            periods: 0,
            period_ms: 500,
        },
    );
    assert_eq!(
        bad.validate(),
        vec![
            "Main time cannot be negative",
            "Byo-yomi needs at least one period",
            "A period must be at least 1 second",
        ]
    );
    let long = TimeControl::new(
        36_000_001,
        TimeSystem::Canadian {
            stones: 0,
            period_ms: 60_000,
        },
    );
    assert_eq!(
        long.validate(),
        vec![
            "Main time above 10 hours is not a tournament setting",
            "Canadian overtime needs at least one stone per period",
        ]
    );
    assert_eq!(
        sd(0).validate(),
        vec!["Without overtime the main time must be above zero"]
    );
    let fischer = TimeControl::new(
        600_000,
        TimeSystem::Fischer {
            increment_ms: -1,
            cap_ms: Some(1),
        },
    );
    assert_eq!(
        fischer.validate(),
        vec![
            "The Fischer increment cannot be negative",
            "The Fischer cap cannot be below the main time"
        ]
    );
    assert!(sd(600_000).with_white_main(300_000).validate().is_empty());
}

#[test]
fn link_parameters_build_a_control_or_say_what_is_wrong() {
    let q =
        |s: &'static str| TimeControl::from_query(s.split('&').filter_map(|kv| kv.split_once('=')));
    assert_eq!(
        q("preset=lgc-2023&time=byoyomi&main=2700&periods=5&period=30"),
        Ok(TimeControl::new(
            2_700_000,
            TimeSystem::ByoYomi {
                periods: 5,
                period_ms: 30_000
            }
        ))
    );
    assert_eq!(
        q("time=fischer&main=600&inc=10&cap=900"),
        Ok(TimeControl::new(
            600_000,
            TimeSystem::Fischer {
                increment_ms: 10_000,
                cap_ms: Some(900_000)
            }
        ))
    );
    assert_eq!(
        q("time=canadian&main=600&stones=15&period=300").map(|c| c.ot_text()),
        Ok(Some("15/300 Canadian".into()))
    );
    assert_eq!(
        q("time=delay&main=60&inc=5").map(|c| c.system),
        Ok(TimeSystem::Delay { delay_ms: 5_000 })
    );
    assert_eq!(
        q("time=byoyomi&main=abc&periods=0"),
        Err(vec![
            "The main time (`main`) must be a whole number of seconds, not “abc”".to_string(),
            "The period (`period`) is missing: give it in whole seconds".to_string(),
            "Byo-yomi needs at least one period".to_string(),
        ])
    );
    assert_eq!(
        q("time=hourglass&main=60"),
        Err(vec!["Unknown time system `hourglass`: use sudden, fischer, byoyomi, canadian, delay or bronstein".to_string()])
    );
    assert_eq!(
        q("time=byoyomi&main=60&periods=0&period=30"),
        Err(vec!["Byo-yomi needs at least one period".to_string()])
    );
    assert_eq!(
        q("time=sudden&main=-5"),
        Err(vec![
            "The main time cannot be negative (`main` is -5)".to_string()
        ])
    );
    // Each problem names the field it concerns, so the form shows it beside that field.
    let fields = |s: &'static str| {
        TimeControl::from_query_fields(s.split('&').filter_map(|kv| kv.split_once('=')))
            .unwrap_err()
            .into_iter()
            .map(|(f, _)| f)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        fields("time=byoyomi&main=-5&periods=0&period=NaN"),
        vec!["main", "period", "periods"]
    );
    assert_eq!(
        fields("time=canadian&main=&stones=0&period=99999"),
        vec!["main", "stones", "period"]
    );
    assert_eq!(
        fields("time=fischer&main=600&inc=1e3&cap=60"),
        vec!["inc", "cap"]
    );
}

#[test]
fn sgf_ot_and_tm() {
    let byo = TimeControl::new(
        2_700_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    );
    assert_eq!(byo.ot_text().as_deref(), Some("5x30 byo-yomi"));
    assert_eq!(byo.tm_seconds(), 2700.0);
    let f = TimeControl::new(
        600_000,
        TimeSystem::Fischer {
            increment_ms: 30_000,
            cap_ms: None,
        },
    );
    assert_eq!(f.ot_text().as_deref(), Some("30 Fischer"));
    assert_eq!(sd(720_000).ot_text(), None);
    let b = TimeControl::new(600_000, TimeSystem::Bronstein { delay_ms: 2_500 });
    assert_eq!(b.ot_text().as_deref(), Some("2.5 Bronstein"));
}

#[test]
fn settings_events_and_state_survive_json() {
    let c = TimeControl::new(
        600_000,
        TimeSystem::Canadian {
            stones: 15,
            period_ms: 300_000,
        },
    )
    .with_on_flag(OnFlag::OpponentKeepsRunning);
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), c);
    let events = vec![
        TimedClockEvent::new(T0, ClockEvent::Started { running: Black }),
        TimedClockEvent::new(
            T0 + 1,
            ClockEvent::Paused {
                reason: PauseReason::Other { text: "x".into() },
            },
        ),
        TimedClockEvent::new(T0 + 2, ClockEvent::Resumed),
        TimedClockEvent::new(
            T0 + 3,
            ClockEvent::Pressed {
                by: Black,
                pass: true,
            },
        ),
    ];
    let json = serde_json::to_string(&events).unwrap();
    assert!(json.contains(r#"{"Pressed":{"by":"Black","pass":true}}"#));
    assert_eq!(
        serde_json::from_str::<Vec<TimedClockEvent>>(&json).unwrap(),
        events
    );
    let s = clock_state(&c, &events, T0 + 10);
    let json = serde_json::to_string(&s).unwrap();
    assert_eq!(serde_json::from_str::<ClockState>(&json).unwrap(), s);
}

#[test]
fn sgf_time_left_after_a_move() {
    let byo = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    );
    let log = [
        TimedClockEvent::new(T0, ClockEvent::Started { running: Black }),
        TimedClockEvent::new(
            T0 + 4_500,
            ClockEvent::Pressed {
                by: Black,
                pass: false,
            },
        ),
    ];
    let s = clock_state(&byo, &log, T0 + 4_500);
    assert_eq!(s.side(Black).sgf_time_left(), (5_500, None));
    let s = clock_state(&byo, &log[..1], T0 + 75_000);
    assert_eq!(s.side(Black).sgf_time_left(), (25_000, Some(3)));
    let can = TimeControl::new(
        0,
        TimeSystem::Canadian {
            stones: 15,
            period_ms: 300_000,
        },
    );
    let log = [
        TimedClockEvent::new(T0, ClockEvent::Started { running: Black }),
        TimedClockEvent::new(
            T0 + 20_000,
            ClockEvent::Pressed {
                by: Black,
                pass: false,
            },
        ),
    ];
    let s = clock_state(&can, &log, T0 + 20_000);
    assert_eq!(s.side(Black).sgf_time_left(), (280_000, Some(14)));
}
