//! The app's own JSON (`core::store::json`, used by the browser build instead of serde_json)
//! writes exactly the text serde_json wrote for every stored type, and reads back what
//! serde_json wrote and reads: every variant of every enum, every optional field present and
//! absent, odd texts and extreme numbers. Stored games, heads and backups of earlier versions
//! therefore load as before (the fixtures of `tests/fixtures/storage/` are loaded by
//! `tests/storage_layout.rs`).

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

use scorekeeper::core::backup;
use scorekeeper::core::clock::{ClockEvent, OnFlag, PauseReason, TimeControl, TimeSystem};
use scorekeeper::core::count::{CountByNumbers, Decision};
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::history::Settled;
use scorekeeper::core::moves::AsWritten;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings, MoveClock, TimedEvent};
use scorekeeper::core::rules::Rules;
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::store::json::{self, Json};
use scorekeeper::core::store::layout::{self, Stamp};
use scorekeeper::core::{Color, Point};

/// Both ways at once: the same text as serde_json, and each reads the other's text back.
fn same<T>(value: &T)
where
    T: Json + Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let ours = json::to_text(value);
    let theirs = serde_json::to_string(value).expect("serde_json writes it");
    assert_eq!(ours, theirs, "the text differs from serde_json's");
    assert_eq!(
        &json::from_text::<T>(&theirs).expect("reads serde_json's text"),
        value
    );
    // The texts are the same, so serde_json reads ours as it reads its own (which is not
    // always exact for extreme floats without its `float_roundtrip` feature).
    let pretty = serde_json::to_string_pretty(value).unwrap();
    assert_eq!(json::to_pretty(value), pretty, "the pretty text differs");
    assert_eq!(&json::from_text::<T>(&pretty).unwrap(), value);
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn every_pause_reason() -> Vec<PauseReason> {
    let mut all = PauseReason::LISTED.to_vec();
    all.push(PauseReason::Other {
        text: "Fire alarm \"drill\"\n".into(),
    });
    all
}

fn every_clock_event() -> Vec<ClockEvent> {
    use Color::{Black, White};
    let mut all = vec![
        ClockEvent::Started { running: Black },
        ClockEvent::Pressed {
            by: White,
            pass: false,
        },
        ClockEvent::Pressed {
            by: Black,
            pass: true,
        },
        ClockEvent::Resumed,
        ClockEvent::ResumedWith { running: White },
        ClockEvent::Adjusted {
            color: Black,
            delta_ms: -30_000,
            reason: "clock set wrong".into(),
        },
        ClockEvent::SetPeriods {
            color: White,
            periods: 2,
        },
        ClockEvent::SetStones {
            color: Black,
            stones_left: 7,
        },
        ClockEvent::MoveCountCorrected {
            color: White,
            moves: 120,
        },
        ClockEvent::Penalty {
            color: White,
            ms: 60_000,
        },
        ClockEvent::BothAdded { ms: 120_000 },
        ClockEvent::FlagClaimed { by: Black },
        ClockEvent::Stopped,
        ClockEvent::Restarted { running: White },
    ];
    all.extend(
        every_pause_reason()
            .into_iter()
            .map(|reason| ClockEvent::Paused { reason }),
    );
    all
}

fn every_event() -> Vec<Event> {
    use Color::{Black, White};
    let clock = MoveClock {
        time_left_ms: Some(12_345),
        overtime_left: Some(3),
    };
    let mut all = vec![
        Event::HandicapPlaced {
            points: vec![p(3, 3), p(15, 15)],
        },
        Event::StonesSetUp {
            black: vec![p(0, 0)],
            white: vec![],
            to_move: White,
        },
        Event::StonePlayed {
            color: Black,
            point: p(3, 16),
            forced: false,
            clock: None,
            comment: None,
        },
        Event::StonePlayed {
            color: White,
            point: p(24, 24),
            forced: true,
            clock: Some(clock),
            comment: Some("ko ☗ \u{1}".into()),
        },
        Event::StonePlayed {
            color: White,
            point: p(1, 2),
            forced: false,
            clock: Some(MoveClock {
                time_left_ms: None,
                overtime_left: Some(0),
            }),
            comment: None,
        },
        Event::Passed {
            color: Black,
            clock: None,
            comment: None,
        },
        Event::Passed {
            color: White,
            clock: Some(MoveClock {
                time_left_ms: Some(0),
                overtime_left: None,
            }),
            comment: Some(String::new()),
        },
        Event::Resigned { color: White },
        Event::PlayResumed { first: Black },
        Event::Unwound { to_move_index: 41 },
        Event::IllegalMoveRemoved { color: Black },
        Event::MovedOffBoard { color: White },
        Event::PressWithdrawn {
            by: Black,
            pressed_at_ms: 1_794_648_600_000,
        },
        Event::DeadMarked {
            points: vec![p(1, 1), p(1, 2)],
        },
        Event::DeadUnmarked { points: vec![] },
        Event::SekiMarked {
            points: vec![p(4, 4)],
        },
        Event::SekiUnmarked {
            points: vec![p(4, 4)],
        },
        Event::AgreementConfirmed { color: White },
        Event::Disputed { by: Black },
        Event::KomiChanged {
            komi: -0.5,
            reason: "agreed".into(),
        },
        Event::KomiChanged {
            komi: 7.0,
            reason: String::new(),
        },
        Event::CountLocked,
        Event::CountUnlocked {
            reason: "recount".into(),
        },
        Event::StonesPainted {
            points: vec![p(2, 2)],
            stone: Some(Black),
        },
        Event::StonesPainted {
            points: vec![p(2, 2)],
            stone: None,
        },
        Event::PrisonersCounted { black: 3, white: 0 },
        Event::CountEntered { count: None },
        Event::CountEntered {
            count: Some(CountByNumbers::Filled {
                black: -2,
                white: 40,
            }),
        },
        Event::CountEntered {
            count: Some(CountByNumbers::Apart {
                territory: [10, 20],
                prisoners: [0, u32::MAX],
            }),
        },
        Event::CountEntered {
            count: Some(CountByNumbers::Area {
                black: 180,
                white: None,
            }),
        },
        Event::CountEntered {
            count: Some(CountByNumbers::Area {
                black: 180,
                white: Some(181),
            }),
        },
        Event::RefereeNote {
            text: "<b>markup</b> stays text".into(),
        },
        Event::ResultDecided {
            re: "B+F".into(),
            reason: "forfeit".into(),
            decision: None,
        },
        Event::Warned {
            color: Black,
            reason: "a phone rang \"twice\"".into(),
        },
        Event::Protested {
            by: White,
            reason: String::new(),
        },
        Event::ActualPairing {
            black: "Bo <i>Chen</i>".into(),
            white: "Ann".into(),
            handicap: 9,
        },
        Event::AsWritten {
            what: AsWritten::OutOfTurn { color: White },
        },
        Event::AsWritten {
            what: AsWritten::OnAStone { point: p(2, 2) },
        },
        Event::AsWritten {
            what: AsWritten::AfterTheEnd { color: Black },
        },
        Event::AsWritten {
            what: AsWritten::StandardHandicap { stones: 9 },
        },
    ];
    all.extend(
        every_clock_event()
            .into_iter()
            .map(|clock| Event::Clock { clock }),
    );
    all.extend(
        every_decision()
            .into_iter()
            .map(|decision| Event::ResultDecided {
                re: decision.re(),
                reason: "the referee's decision".into(),
                decision: Some(decision),
            }),
    );
    all
}

fn every_decision() -> Vec<Decision> {
    use Color::{Black, White};
    vec![
        Decision::Forfeit { loser: Black },
        Decision::Win { winner: White },
        Decision::Jigo,
        Decision::BothLose,
        Decision::Replay,
        Decision::Restarted,
    ]
}

/// The name of every variant of enum `T`, as its derived `Deserialize` lists them. The
/// compiler writes that list from the enum itself, so a variant added to the enum is in it.
fn variants_of<T: DeserializeOwned>() -> BTreeSet<&'static str> {
    use serde::de::{self, Visitor};
    struct Names(Option<&'static [&'static str]>);
    impl<'de> de::Deserializer<'de> for &mut Names {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not an enum"))
        }
        fn deserialize_enum<V: Visitor<'de>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, Self::Error> {
            self.0 = Some(variants);
            Err(de::Error::custom("only the names were wanted"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
            option unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier
            ignored_any
        }
    }
    let mut names = Names(None);
    let _ = T::deserialize(&mut names);
    names
        .0
        .expect("an enum lists its variants")
        .iter()
        .copied()
        .collect()
}

/// The variant a value is, by the name serde_json writes for it (`"CountLocked"`, or the one
/// field of `{"Resigned":{…}}`).
fn variant_name<T: Serialize>(value: &T) -> String {
    match serde_json::to_value(value).expect("serde_json writes it") {
        serde_json::Value::String(name) => name,
        serde_json::Value::Object(fields) if fields.len() == 1 => {
            fields.keys().next().cloned().unwrap_or_default()
        }
        other => panic!("not an enum's variant: {other}"),
    }
}

/// The variants the samples show of the log's event and of every enum an event holds. The
/// `match` names every kind of event with no catch-all: a new kind does not compile until it
/// is placed here, and `every_event_kind_has_a_sample` then fails until `every_event` holds
/// one.
fn variants_shown(events: &[Event]) -> BTreeMap<&'static str, BTreeSet<String>> {
    let mut shown: BTreeMap<&'static str, BTreeSet<String>> = BTreeMap::new();
    let mut add = |of: &'static str, name: String| {
        shown.entry(of).or_default().insert(name);
    };
    for event in events {
        add("Event", variant_name(event));
        match event {
            Event::HandicapPlaced { .. }
            | Event::StonesSetUp { .. }
            | Event::StonePlayed { .. }
            | Event::Passed { .. }
            | Event::Resigned { .. }
            | Event::PlayResumed { .. }
            | Event::Unwound { .. }
            | Event::IllegalMoveRemoved { .. }
            | Event::MovedOffBoard { .. }
            | Event::PressWithdrawn { .. }
            | Event::DeadMarked { .. }
            | Event::DeadUnmarked { .. }
            | Event::SekiMarked { .. }
            | Event::SekiUnmarked { .. }
            | Event::AgreementConfirmed { .. }
            | Event::Disputed { .. }
            | Event::KomiChanged { .. }
            | Event::CountLocked
            | Event::CountUnlocked { .. }
            | Event::StonesPainted { .. }
            | Event::PrisonersCounted { .. }
            | Event::RefereeNote { .. }
            | Event::Warned { .. }
            | Event::Protested { .. }
            | Event::ActualPairing { .. } => {}
            Event::Clock { clock } => {
                add("ClockEvent", variant_name(clock));
                if let ClockEvent::Paused { reason } = clock {
                    add("PauseReason", variant_name(reason));
                }
            }
            Event::CountEntered { count } => {
                if let Some(count) = count {
                    add("CountByNumbers", variant_name(count));
                }
            }
            Event::ResultDecided { decision, .. } => {
                if let Some(decision) = decision {
                    add("Decision", variant_name(decision));
                }
            }
            Event::AsWritten { what } => add("AsWritten", variant_name(what)),
        }
    }
    shown
}

fn every_time_control() -> Vec<TimeControl> {
    let systems = [
        TimeSystem::SuddenDeath,
        TimeSystem::Fischer {
            increment_ms: 10_000,
            cap_ms: None,
        },
        TimeSystem::Fischer {
            increment_ms: 10_000,
            cap_ms: Some(600_000),
        },
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
        TimeSystem::Canadian {
            stones: 25,
            period_ms: 600_000,
        },
        TimeSystem::Delay { delay_ms: 5_000 },
        TimeSystem::Bronstein { delay_ms: 5_000 },
    ];
    let mut all = Vec::new();
    for system in systems {
        all.push(TimeControl::new(600_000, system));
        all.push(
            TimeControl::new(i64::MAX, system)
                .with_white_main(i64::MIN)
                .with_on_flag(OnFlag::OpponentKeepsRunning),
        );
    }
    all
}

fn every_settings() -> Vec<GameSettings> {
    let mut all = Vec::new();
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        let mut s = GameSettings::new(
            preset,
            19,
            Handicap {
                stones: (i % 10) as u8,
                placement: if i % 2 == 0 {
                    HandicapPlacement::Fixed
                } else {
                    HandicapPlacement::Free
                },
            },
        );
        s.black = "Ann \"the wall\" Lee".into();
        s.white = "Bo\tChen \\ 陳".into();
        s.created = "2026-11-23".into();
        all.push(s.clone());
        s.black_rank = Some("3d".into());
        s.white_rank = Some("1k".into());
        s.event = Some("London Open".into());
        s.round = Some("4".into());
        s.pairing = Some(scorekeeper::core::record::Pairing {
            table: 12,
            black_key: "NEMOANDRÉ".into(),
            white_key: "MÜLLER\"JÖRG".into(),
        });
        s.place = Some("London".into());
        s.time_limit_sgf = Some("2700".into());
        s.time_control_sgf = Some("5x30 byo-yomi".into());
        s.result = Some("W+R".into());
        s.comment = Some("a\r\nb\u{7f}\u{1f}".into());
        s.komi = 0.5 + i as f64;
        for tc in every_time_control() {
            s.time_control = Some(tc);
            all.push(s.clone());
        }
        let mut custom = s.clone();
        custom.rules.neutral_capture_count = Some(3);
        custom.rules.pause_reasons = vec![
            PauseReason::Toilet,
            PauseReason::Other {
                text: String::new(),
            },
        ];
        custom.rules.clock_start =
            scorekeeper::core::rules::ClockStart::ByHandicap { optional: true };
        custom.rules.komi_even = -6.5;
        custom.rules.one_stone_uses_handicap_komi = !custom.rules.one_stone_uses_handicap_komi;
        all.push(custom);
    }
    all
}

/// The samples below stand for every event a log can hold: each variant of the event and of
/// each enum inside one is among them, as the enums themselves list their variants.
#[test]
fn every_event_kind_has_a_sample() {
    let shown = variants_shown(&every_event());
    let every: [(&str, BTreeSet<&str>); 6] = [
        ("Event", variants_of::<Event>()),
        ("ClockEvent", variants_of::<ClockEvent>()),
        ("PauseReason", variants_of::<PauseReason>()),
        ("CountByNumbers", variants_of::<CountByNumbers>()),
        ("Decision", variants_of::<Decision>()),
        ("AsWritten", variants_of::<AsWritten>()),
    ];
    for (of, all) in every {
        let seen = shown.get(of).cloned().unwrap_or_default();
        let missing: Vec<&str> = all
            .iter()
            .copied()
            .filter(|name| !seen.contains(*name))
            .collect();
        assert!(
            missing.is_empty(),
            "every_event() has no sample of {of}::{missing:?}"
        );
        assert!(
            seen.iter().all(|name| all.contains(name.as_str())),
            "{of}: {seen:?} against {all:?}"
        );
    }
}

#[test]
fn every_event_writes_and_reads_as_serde_json() {
    for event in every_event() {
        same(&event);
        same(&TimedEvent {
            at_ms: -1,
            event: event.clone(),
        });
    }
    same(&every_event());
}

#[test]
fn every_setting_writes_and_reads_as_serde_json() {
    for settings in every_settings() {
        same(&settings.rules);
        same(&settings);
    }
    for preset in Preset::ALL {
        same(&preset.rules());
    }
}

#[test]
fn records_games_and_the_list_cache_write_and_read_as_serde_json() {
    let events: Vec<TimedEvent> = every_event()
        .into_iter()
        .enumerate()
        .map(|(i, event)| TimedEvent {
            at_ms: 1_794_648_600_000 + i as i64 * 1_250,
            event,
        })
        .collect();
    for settings in every_settings().into_iter().take(12) {
        let record = GameRecord::from_parts(1, settings, events.clone());
        same(&record);
        same(&StoredGame {
            id: "1a207a2384e-8ab2b912".into(),
            created_ms: 1_795_424_401_486,
            record,
        });
    }
    let mut settled = BTreeMap::new();
    same(&settled);
    settled.insert(
        "b".to_string(),
        Settled {
            events: 5,
            last_at_ms: None,
            result: "B+R".into(),
            moves: 1,
            handicap: 0,
        },
    );
    settled.insert(
        "a".to_string(),
        Settled {
            events: 300,
            last_at_ms: Some(1_795_424_422_061),
            result: "W+7.5".into(),
            moves: 250,
            handicap: 9,
        },
    );
    same(&settled);
    let kept = vec![
        (
            "sk.quarantine.1.sk.game.x".to_string(),
            "{\"trunc".to_string(),
        ),
        ("k".to_string(), String::new()),
    ];
    same(&kept);
    same(&Vec::<(String, String)>::new());
}

/// A head as serde_json writes its value, the fields in the order of their names, with the
/// events after the last full chunk as compact text in `tail`, and the rules in full (earlier builds left them out when they were the preset's; those heads are
/// read in `storage_layout.rs`).
fn head_as_serde_json_wrote_it(game: &StoredGame, saved_at_ms: i64, stamp: &Stamp) -> String {
    let value = serde_json::json!({
        "schema": layout::STORAGE_SCHEMA,
        "id": game.id,
        "created_ms": game.created_ms,
        "saved_at_ms": saved_at_ms,
        "event_count": game.record.events().len(),
        "writer": stamp.writer,
        "seq": stamp.seq,
        "record": GameRecord::from_parts(game.record.schema, game.record.settings.clone(), Vec::new()),
        "tail": scorekeeper::core::store::codec::encode(
            &game.record.events()[game.record.events().len() / layout::CHUNK * layout::CHUNK..],
        )
        .unwrap(),
    });
    serde_json::to_string(&value).unwrap()
}

#[test]
fn heads_are_written_as_serde_json_would_and_read_back() {
    for (i, settings) in every_settings().into_iter().enumerate() {
        let game = StoredGame {
            id: format!("g{i}"),
            created_ms: 1_795_424_401_486,
            record: GameRecord::from_parts(
                1,
                settings,
                every_event()
                    .into_iter()
                    .map(|event| TimedEvent { at_ms: 5, event })
                    .collect(),
            ),
        };
        let stamp = Stamp {
            writer: "w-1".into(),
            seq: i as u64,
        };
        let head = layout::encode_head(&game, 1_795_424_412_094, &stamp).unwrap();
        assert_eq!(
            head,
            head_as_serde_json_wrote_it(&game, 1_795_424_412_094, &stamp)
        );
        assert_eq!(layout::decode_stamp(&head), stamp);
        let read = layout::decode_head(&head).unwrap();
        assert_eq!(read.record.settings, game.record.settings);
        assert_eq!(read.event_count, game.record.events().len());
        assert_eq!(read.stamp, stamp);
        let mut store: BTreeMap<String, String> = layout::encode_game(&game, 7, &stamp)
            .unwrap()
            .into_iter()
            .collect();
        let loaded = layout::load_game(|k| store.get(k).cloned(), &game.id).unwrap();
        assert_eq!(loaded.game, game);
        store.clear();
    }
    assert_eq!(layout::decode_stamp("{not json"), Stamp::default());
    assert_eq!(layout::decode_stamp("{\"seq\":\"x\"}"), Stamp::default());
}

/// What earlier builds wrote as a backup file.
fn backup_as_serde_json_wrote_it(games: &[StoredGame], exported_ms: i64) -> String {
    #[derive(Serialize)]
    struct FileOut<'a> {
        format: &'static str,
        version: u64,
        exported_ms: i64,
        games: Vec<GameOut<'a>>,
    }
    #[derive(Serialize)]
    struct GameOut<'a> {
        id: &'a str,
        created_ms: i64,
        record: &'a GameRecord,
    }
    serde_json::to_string(&FileOut {
        format: backup::BACKUP_FORMAT,
        version: backup::BACKUP_VERSION,
        exported_ms,
        games: games
            .iter()
            .map(|g| GameOut {
                id: &g.id,
                created_ms: g.created_ms,
                record: &g.record,
            })
            .collect(),
    })
    .unwrap()
}

#[test]
fn backups_are_written_as_before() {
    let games: Vec<StoredGame> = every_settings()
        .into_iter()
        .take(5)
        .enumerate()
        .map(|(i, settings)| StoredGame {
            id: format!("g{i}"),
            created_ms: i as i64,
            record: GameRecord::from_parts(1, settings, Vec::new()),
        })
        .collect();
    let text = backup::export(
        games
            .iter()
            .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
        1_795_424_401_486,
    );
    assert_eq!(
        text,
        backup_as_serde_json_wrote_it(&games, 1_795_424_401_486)
    );
    let back = backup::parse(&text).unwrap();
    assert_eq!(back.exported_ms, Some(1_795_424_401_486));
    assert_eq!(back.games.len(), games.len());
}

#[test]
fn what_serde_json_accepted_is_accepted() {
    // Missing fields with defaults, fields this app does not know, white space, escapes.
    let tc: TimeControl = json::from_text(
        r#" { "main_ms" : 600000 , "system" : { "ByoYomi" : { "periods" : 5 , "period_ms" : 30000 } } , "extra" : [1, {"a": null}] } "#,
    )
    .unwrap();
    assert_eq!(
        tc,
        TimeControl::new(
            600_000,
            TimeSystem::ByoYomi {
                periods: 5,
                period_ms: 30_000
            }
        )
    );
    let e: Event = json::from_text(r#"{"Clock":{"clock":{"Pressed":{"by":"White"}}}}"#).unwrap();
    assert_eq!(
        e,
        Event::Clock {
            clock: ClockEvent::Pressed {
                by: Color::White,
                pass: false
            }
        }
    );
    let e: Event =
        json::from_text(r#"{"RefereeNote":{"text":"\u00e9\ud834\udd1e\/\b\f"}}"#).unwrap();
    assert_eq!(
        e,
        Event::RefereeNote {
            text: "é𝄞/\u{8}\u{c}".into()
        }
    );
    let mut rules = serde_json::to_value(Preset::Lgc2023.rules()).unwrap();
    rules
        .as_object_mut()
        .unwrap()
        .remove("one_stone_uses_handicap_komi");
    let rules = rules.to_string();
    assert_eq!(
        json::from_text::<Rules>(&rules).unwrap(),
        serde_json::from_str::<Rules>(&rules).unwrap()
    );
    let komi: GameSettings = {
        let mut s =
            serde_json::to_value(GameSettings::new(Preset::Aga, 9, Handicap::NONE)).unwrap();
        s["komi"] = 7.into();
        json::from_text(&s.to_string()).unwrap()
    };
    assert_eq!(komi.komi, 7.0);
}

#[test]
fn what_serde_json_refused_is_refused_with_the_place() {
    let refused = |text: &str| {
        assert!(serde_json::from_str::<GameRecord>(text).is_err(), "{text}");
        json::from_text::<GameRecord>(text).unwrap_err().to_string()
    };
    let good = serde_json::to_value(GameRecord::from_parts(
        1,
        GameSettings::new(Preset::Japanese, 9, Handicap::NONE),
        vec![TimedEvent {
            at_ms: 1,
            event: Event::CountLocked,
        }],
    ))
    .unwrap();
    let with = |path: &[&str], v: serde_json::Value| {
        let mut g = good.clone();
        let mut at = &mut g;
        for key in path {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*key],
            };
        }
        *at = v;
        g.to_string()
    };
    let e = refused(&with(&["settings", "komi"], "lots".into()));
    assert_eq!(e, "expected a number, found a text at settings.komi");
    let e = refused(&with(&["settings", "size"], 300.into()));
    assert_eq!(e, "the number 300 is out of range at settings.size");
    let e = refused(&with(&["events", "0", "event"], "Unheard".into()));
    assert_eq!(e, "unknown value `Unheard` at events.0.event");
    let e = refused(&with(
        &["events", "0", "event"],
        serde_json::json!({"Resigned": {}}),
    ));
    assert_eq!(e, "missing field `color` at events.0.event.Resigned");
    let e = refused(&with(&["events", "0", "at_ms"], 1.5.into()));
    assert!(
        e.contains("whole number") && e.ends_with("at events.0.at_ms"),
        "{e}"
    );
    let e = refused(&with(&["settings", "preset"], serde_json::Value::Null));
    assert!(e.ends_with("at settings.preset"), "{e}");
    let e = refused("{\"schema\":1,");
    assert!(e.contains("line 1, column 13"), "{e}");
    assert!(refused("[]").contains("expected an object"));
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,20}",
        prop::collection::vec(any::<char>(), 0..12).prop_map(|c| c.into_iter().collect()),
        prop::collection::vec(0u32..0x80, 0..12)
            .prop_map(|c| c.into_iter().filter_map(char::from_u32).collect()),
    ]
}

proptest! {
    #[test]
    fn any_text_and_number_write_and_read_as_serde_json(
        black in text(),
        comment in text(),
        komi in prop_oneof![
            (-1000i32..1000).prop_map(|k| f64::from(k) / 2.0),
            (any::<i32>(), -20i32..20).prop_map(|(m, e)| f64::from(m) * 10f64.powi(e)),
        ],
        at_ms in any::<i64>(),
        left in any::<Option<i64>>(),
        periods in any::<Option<u32>>(),
    ) {
        let mut settings = GameSettings::new(Preset::Custom, 19, Handicap::NONE);
        settings.black = black;
        settings.comment = Some(comment.clone());
        settings.komi = if komi.is_finite() { komi } else { 0.0 };
        let record = GameRecord::from_parts(1, settings, vec![TimedEvent {
                at_ms,
                event: Event::StonePlayed {
                    color: Color::Black,
                    point: p(0, 0),
                    forced: false,
                    clock: Some(MoveClock { time_left_ms: left, overtime_left: periods }),
                    comment: Some(comment),
                },
            }]);
        same(&record);
    }

    /// Any number reads back as the same number both ways. (For a few numbers that need 17
    /// digits, serde_json picks another 17th digit than Rust's shortest form: both read back
    /// as the same number, so the texts are not compared.)
    #[test]
    fn any_number_reads_back_the_same(x in any::<f64>().prop_filter("finite", |x| x.is_finite())) {
        let ours = json::to_text(&x);
        prop_assert_eq!(json::from_text::<f64>(&ours).unwrap().to_bits(), x.to_bits());
        prop_assert_eq!(ours.parse::<f64>().unwrap().to_bits(), x.to_bits());
        let theirs = serde_json::to_string(&x).unwrap();
        prop_assert_eq!(json::from_text::<f64>(&theirs).unwrap().to_bits(), x.to_bits());
        prop_assert_eq!(ours.contains('.') || ours.contains('e'), true);
    }

    #[test]
    fn reading_any_text_never_panics(text in "\\PC{0,200}") {
        let _ = json::from_text::<GameRecord>(&text);
        let _ = json::parse(&text);
        let _ = layout::decode_head(&text);
        let _ = layout::decode_chunk(&text);
        let _ = backup::parse(&text);
    }

    #[test]
    fn any_json_value_reads_as_serde_json_reads_it(v in json_value()) {
        let text = v.to_string();
        let ours = json::parse(&text).expect("valid JSON");
        prop_assert_eq!(ours.to_text(), serde_json::to_string(&serde_json::from_str::<serde_json::Value>(&text).unwrap()).unwrap());
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        any::<u64>().prop_map(serde_json::Value::from),
        text().prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            prop::collection::btree_map(text(), inner, 0..6)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}
