//! The stored layout: every past version loads (from fixtures written by real builds), the
//! current version round-trips, a migration cut short still reads, and damage is reported in
//! words instead of losing the other games.

use std::collections::HashMap;

use proptest::prelude::*;

use scorekeeper::core::Color;
use scorekeeper::core::clock::{ClockEvent, PauseReason};
use scorekeeper::core::count::CountState;
use scorekeeper::core::moves::AsWritten;
use scorekeeper::core::point::Point;
use scorekeeper::core::record::{Event, MoveClock, TimedEvent};
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::store::codec;
use scorekeeper::core::store::layout::{
    self, CHUNK, GAME_PREFIX, STORAGE_SCHEMA, Stamp, decode_stamp, encode_game, head_key,
    load_game, v1_chunk_key,
};
use scorekeeper::core::table::Table;

fn fixture(name: &str) -> HashMap<String, String> {
    let path = format!(
        "{}/tests/fixtures/storage/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture")).expect("fixture JSON")
}

fn load_all(store: &HashMap<String, String>) -> Vec<layout::Loaded> {
    let mut ids: Vec<&str> = store
        .keys()
        .filter_map(|k| k.strip_prefix(GAME_PREFIX))
        .collect();
    ids.sort();
    ids.iter()
        .map(|id| load_game(|k| store.get(k).cloned(), id).expect("loads"))
        .collect()
}

fn by_black<'a>(games: &'a [layout::Loaded], name: &str) -> &'a StoredGame {
    &games
        .iter()
        .find(|g| g.game.record.settings.black == name)
        .expect("game")
        .game
}

#[test]
fn every_game_of_layout_1_loads_as_it_was_played() {
    let store = fixture("v1.json");
    let games = load_all(&store);
    assert_eq!(games.len(), 3);
    assert!(
        games.iter().all(|g| g.older == Some(1)),
        "marked for rewriting"
    );

    // The LGC game counted after a dispute: W+7.5 (LGC SCORING: "Komi in an even game is 7.5 to
    // White.").
    let lgc = by_black(&games, "Ann Smith");
    assert_eq!(
        lgc.record.settings.white, "Bo <b>Chen</b>",
        "markup kept as text"
    );
    let last = lgc.record.events().last().expect("events").at_ms;
    let count = CountState::of(&lgc.record, last).expect("replays");
    assert_eq!(count.result().as_deref(), Some("W+7.5"));

    // The Dutch game: White's 1-minute penalty and both +2 minutes (Dutch 9 and 15.2), and
    // Black's clock running since the start; six moves on the board.
    let dutch = by_black(&games, "Dirk");
    let game = dutch.record.replay().expect("replays");
    assert_eq!(game.board().stones().count(), 6);
    let last = dutch.record.events().last().expect("events").at_ms;
    let started = dutch.record.events()[0].at_ms;
    let table = Table::of(&dutch.record, last).expect("table");
    let clock = table.clock.expect("timed game");
    assert_eq!(clock.side(Color::White).main_ms, (900 - 60 + 120) * 1000);
    assert_eq!(
        clock.side(Color::Black).main_ms,
        (900 + 120) * 1000 - (last - started)
    );

    // Shusaku v Gennan, 325 moves over six chunks: 134 black and 131 white stones at the end.
    let shusaku = by_black(&games, "Yasuda Shusaku");
    assert_eq!(shusaku.record.events().len(), 325);
    let board = shusaku.record.replay().expect("replays");
    let count = |c| board.board().stones().filter(|(_, s)| *s == c).count();
    assert_eq!((count(Color::Black), count(Color::White)), (134, 131));
}

#[test]
fn a_game_rewritten_in_the_current_layout_reads_back_the_same_and_smaller() {
    let old = fixture("v1.json");
    for loaded in load_all(&old) {
        let game = loaded.game;
        let written: HashMap<String, String> = encode_game(&game, 1, &Stamp::default())
            .expect("encodes")
            .into_iter()
            .collect();
        let again = load_game(|k| written.get(k).cloned(), &game.id).expect("loads");
        assert_eq!(again.older, None);
        assert_eq!(again.game, game);
        let size = |m: &HashMap<String, String>| -> usize {
            m.iter()
                .filter(|(k, _)| k.contains(&game.id))
                .map(|(k, v)| k.len() + v.len())
                .sum()
        };
        assert!(
            size(&written) < size(&old),
            "{}: {} >= {}",
            game.id,
            size(&written),
            size(&old)
        );
    }
}

#[test]
fn a_migration_cut_short_between_chunks_still_reads() {
    let mut store = fixture("v1.json");
    let games = load_all(&store);
    let shusaku = by_black(&games, "Yasuda Shusaku").clone();
    // The new chunks were written, then the battery died before the new head: the old head
    // still reads the old chunks.
    let new: Vec<(String, String)> = encode_game(&shusaku, 1, &Stamp::default()).expect("encodes");
    let (head, chunks) = new.split_last().expect("a head");
    store.extend(chunks.iter().cloned());
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(loaded.game, shusaku);
    assert_eq!(loaded.older, Some(1));
    // The new head was written, the old chunks not yet removed: the new head reads the new
    // chunks only.
    store.insert(head.0.clone(), head.1.clone());
    assert!(store.contains_key(&v1_chunk_key(&shusaku.id, 5)));
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(loaded.game, shusaku);
    assert_eq!(loaded.older, None);
}

/// A game keeps the rules it was started with. The head of a game is written with the rules in
/// full; a head from before, which left them out when they were its preset's, reads with the
/// preset's rules and is marked to be written again with them. From then on, a preset changed
/// by a later version cannot change the game's count or result: the count follows the rules
/// in the head (LGC SCORING: "Komi in an even game is 7.5 to White." is the preset's today; a
/// game stored with other rules keeps its own).
#[test]
fn a_game_keeps_the_rules_it_was_started_with() {
    let store = fixture("v2-writers.json");
    let games = load_all(&store);
    assert_eq!(games.len(), 2);
    for loaded in &games {
        let settings = &loaded.game.record.settings;
        assert!(
            loaded.rules_from_preset,
            "{:?}: marked to be written again",
            settings.preset
        );
        assert_eq!(settings.rules, settings.preset.rules());
        assert_eq!(loaded.older, None);
        assert_ne!(
            loaded.stamp,
            Stamp::default(),
            "written by a build that named its writer"
        );
    }
    let cape = by_black(&games, "Thandi");
    assert_eq!(cape.record.settings.handicap.stones, 2);
    assert_eq!(cape.record.events().len(), 7);
    let london = by_black(&games, "Ann");
    let last = london.record.events().last().expect("events").at_ms;
    let count = CountState::of(&london.record, last).expect("replays");
    assert_eq!(count.result().as_deref(), Some("B+R"));

    // Written again: the head holds the rules, and reads back without the preset.
    let mut rules = london.record.settings.rules.clone();
    rules.komi_even = 6.5;
    let mut changed = london.clone();
    changed.record = scorekeeper::core::record::GameRecord::from_parts(
        london.record.schema,
        scorekeeper::core::record::GameSettings {
            rules: rules.clone(),
            ..london.record.settings.clone()
        },
        london.record.events().to_vec(),
    );
    let written: HashMap<String, String> = encode_game(&changed, 1, &Stamp::default())
        .expect("encodes")
        .into_iter()
        .collect();
    assert!(written[&head_key(&changed.id)].contains("\"komi_even\":6.5"));
    let again = load_game(|k| written.get(k).cloned(), &changed.id).expect("loads");
    assert!(!again.rules_from_preset);
    assert_eq!(
        again.game.record.settings.rules, rules,
        "the stored rules, not the preset's"
    );
    assert_ne!(
        again.game.record.settings.rules,
        london.record.settings.preset.rules()
    );
    assert_eq!(again.game, changed);
}

#[test]
fn every_game_of_layout_2_before_writers_loads_as_nobodys() {
    let store = fixture("v2.json");
    let games = load_all(&store);
    assert_eq!(games.len(), 2);
    assert!(
        games.iter().all(|g| g.older.is_none()),
        "the current layout"
    );
    assert!(games.iter().all(|g| g.stamp == Stamp::default()));

    let board = by_black(&games, "Mia");
    assert_eq!(board.record.events().len(), 5);
    let game = board.record.replay().expect("replays");
    assert_eq!(game.board().stones().count(), 5);

    let resigned = by_black(&games, "Ola");
    assert!(matches!(
        resigned
            .record
            .events()
            .iter()
            .rev()
            .nth(1)
            .map(|e| &e.event),
        Some(Event::Resigned {
            color: Color::White
        })
    ));
}

#[test]
fn a_head_says_who_wrote_it_and_heads_without_a_writer_still_read() {
    let games = load_all(&fixture("v1.json"));
    assert!(
        games.iter().all(|g| g.stamp == Stamp::default()),
        "layout 1 names no writer"
    );
    let game = by_black(&games, "Dirk").clone();
    let stamp = Stamp {
        writer: "0badcafe".into(),
        seq: 41,
    };
    let mut store: HashMap<String, String> = encode_game(&game, 1, &stamp)
        .expect("encodes")
        .into_iter()
        .collect();
    let loaded = load_game(|k| store.get(k).cloned(), &game.id).expect("loads");
    assert_eq!(loaded.stamp, stamp);
    assert_eq!(loaded.game, game);
    assert_eq!(decode_stamp(&store[&head_key(&game.id)]), stamp);

    // A head of layout 2 as written before writers were recorded: the same game, nobody's.
    let mut head: serde_json::Value =
        serde_json::from_str(&store[&head_key(&game.id)]).expect("JSON");
    let fields = head.as_object_mut().expect("an object");
    assert!(fields.remove("writer").is_some() && fields.remove("seq").is_some());
    store.insert(head_key(&game.id), head.to_string());
    let loaded = load_game(|k| store.get(k).cloned(), &game.id).expect("loads");
    assert_eq!(loaded.stamp, Stamp::default());
    assert_eq!(loaded.game, game);
    assert_eq!(decode_stamp(&store[&head_key(&game.id)]), Stamp::default());
    assert_eq!(decode_stamp("{not json"), Stamp::default());

    // The next write is one more, by its own writer.
    assert_eq!(
        stamp.next("12345678"),
        Stamp {
            writer: "12345678".into(),
            seq: 42
        }
    );
    assert_eq!(
        Stamp {
            writer: String::new(),
            seq: u64::MAX
        }
        .next("w")
        .seq,
        u64::MAX
    );
}

#[test]
fn a_chunk_key_names_its_game_and_its_layout() {
    assert_eq!(
        layout::chunk_owner("sk.log.1a2b-00ff.3"),
        Some(("1a2b-00ff", true))
    );
    assert_eq!(
        layout::chunk_owner("sk.events.1a2b-00ff.12"),
        Some(("1a2b-00ff", false))
    );
    assert_eq!(
        layout::chunk_owner(&v1_chunk_key("g", 0)),
        Some(("g", false))
    );
    for other in [
        "sk.game.1a2b",
        "sk.log.1a2b",
        "sk.log.1a2b.",
        "sk.log.1a2b.x",
        "sk.open.1a2b.1",
        "sk.settled",
    ] {
        assert_eq!(layout::chunk_owner(other), None, "{other}");
    }
}

#[test]
fn damage_is_named_in_words() {
    let store = fixture("v1.json");
    let games = load_all(&store);
    let id = by_black(&games, "Yasuda Shusaku").id.clone();
    let with = |key: String, value: &str| {
        let mut s = store.clone();
        s.insert(key, value.to_string());
        load_game(|k| s.get(k).cloned(), &id)
            .err()
            .expect("refused")
    };
    assert!(
        with(v1_chunk_key(&id, 1), "[{\"at_ms\":")
            .contains("Part 2 of a stored game's moves is damaged")
    );
    assert!(with(v1_chunk_key(&id, 2), "12B?").contains("Part 3"));
    assert!(with(head_key(&id), "{not json").contains("not valid JSON"));
    assert!(with(head_key(&id), "{\"hello\":1}").contains("does not look like a game of this app"));
    let newer = format!("{{\"schema\":{},\"id\":\"x\"}}", STORAGE_SCHEMA + 1);
    assert!(with(head_key(&id), &newer).contains("newer version of the app"));
}

#[test]
fn a_typical_move_and_its_press_take_ten_characters() {
    let events = vec![
        TimedEvent {
            at_ms: 1_794_648_600_000,
            event: Event::StonePlayed {
                color: Color::Black,
                point: Point::new(15, 3),
                forced: false,
                clock: None,
                comment: None,
            },
        },
        TimedEvent {
            at_ms: 1_794_648_601_250,
            event: Event::Clock {
                clock: ClockEvent::Pressed {
                    by: Color::Black,
                    pass: false,
                },
            },
        },
        TimedEvent {
            at_ms: 1_794_648_634_900,
            event: Event::StonePlayed {
                color: Color::White,
                point: Point::new(3, 15),
                forced: false,
                clock: None,
                comment: None,
            },
        },
        TimedEvent {
            at_ms: 1_794_648_636_000,
            event: Event::Clock {
                clock: ClockEvent::Pressed {
                    by: Color::White,
                    pass: false,
                },
            },
        },
    ];
    let text = codec::encode(&events).expect("encodes");
    assert_eq!(text, "mwg7fu80BpdyqKbpyqWdpukKw");
    assert_eq!(codec::decode(&text).expect("decodes"), events);
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn point() -> impl Strategy<Value = Point> {
    (0u8..25, 0u8..25).prop_map(|(x, y)| Point::new(x, y))
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("line\nbreak {\"x\":1}\r\n".to_string()),
        ".{0,12}"
    ]
}

fn event() -> impl Strategy<Value = Event> {
    prop_oneof![
        8 => (color(), point()).prop_map(|(color, point)| Event::StonePlayed { color, point, forced: false, clock: None, comment: None }),
        2 => (color(), point(), any::<bool>(), proptest::option::of((any::<i64>(), any::<u32>())), proptest::option::of(text())).prop_map(|(color, point, forced, clock, comment)| Event::StonePlayed {
            color, point, forced,
            clock: clock.map(|(t, o)| MoveClock { time_left_ms: Some(t), overtime_left: Some(o) }),
            comment,
        }),
        6 => (color(), any::<bool>()).prop_map(|(by, pass)| Event::Clock { clock: ClockEvent::Pressed { by, pass } }),
        2 => (color(), proptest::option::of(text())).prop_map(|(color, comment)| Event::Passed { color, clock: None, comment }),
        1 => color().prop_map(|color| Event::MovedOffBoard { color }),
        1 => text().prop_map(|text| Event::Clock { clock: ClockEvent::Paused { reason: PauseReason::Other { text } } }),
        1 => (color(), any::<i64>(), text()).prop_map(|(color, delta_ms, reason)| Event::Clock { clock: ClockEvent::Adjusted { color, delta_ms, reason } }),
        1 => proptest::collection::vec(point(), 0..6).prop_map(|points| Event::DeadMarked { points }),
        1 => (-400i32..400, text()).prop_map(|(halves, reason)| { let komi = f64::from(halves) / 2.0; Event::KomiChanged { komi, reason } }),
        1 => (color(), any::<i64>()).prop_map(|(by, pressed_at_ms)| Event::PressWithdrawn { by, pressed_at_ms }),
        1 => Just(Event::CountLocked),
        1 => (color(), point(), 0u8..10).prop_flat_map(|(color, point, stones)| prop_oneof![
            Just(AsWritten::OutOfTurn { color }),
            Just(AsWritten::OnAStone { point }),
            Just(AsWritten::AfterTheEnd { color }),
            Just(AsWritten::StandardHandicap { stones }),
        ]).prop_map(|what| Event::AsWritten { what }),
    ]
}

/// Events at `start` and then each the gap after the one before.
fn timed(start: i64, steps: Vec<(i64, Event)>) -> Vec<TimedEvent> {
    let mut at_ms = start;
    steps
        .into_iter()
        .map(|(gap, event)| {
            at_ms += gap;
            TimedEvent { at_ms, event }
        })
        .collect()
}

proptest! {
    #[test]
    fn any_log_round_trips_through_the_compact_text(
        start in -4_000_000_000_000i64..4_000_000_000_000,
        steps in proptest::collection::vec((-100_000i64..10_000_000, event()), 0..(2 * CHUNK)),
    ) {
        let events = timed(start, steps);
        let text = codec::encode(&events).expect("encodes");
        prop_assert_eq!(codec::decode(&text).expect("decodes"), events);
    }

    /// A save appends the text of the events added since the last one to the chunk text it
    /// wrote then, instead of encoding the whole chunk again: the two must be the same text.
    #[test]
    fn the_text_of_a_log_is_its_first_part_followed_by_the_rest(
        start in -4_000_000_000_000i64..4_000_000_000_000,
        steps in proptest::collection::vec((-100_000i64..10_000_000, event()), 0..40),
        cut in 0usize..40,
    ) {
        let events = timed(start, steps);
        let cut = cut.min(events.len());
        let (first, rest) = events.split_at(cut);
        let previous = first.last().map(|e| e.at_ms);
        let joined = codec::encode(first).expect("encodes")
            + &codec::encode_after(previous, rest).expect("encodes");
        prop_assert_eq!(joined, codec::encode(&events).expect("encodes"));
        let chunk = layout::encode_chunk(first, 0).expect("encodes")
            + &layout::encode_chunk_from(&events, 0, cut).expect("encodes");
        prop_assert_eq!(chunk, layout::encode_chunk(&events, 0).expect("encodes"));
    }

    #[test]
    fn any_text_is_read_or_refused_without_panicking(text in ".{0,200}") {
        let _ = codec::decode(&text);
        let _ = layout::decode_chunk(&text);
        let _ = layout::decode_head(&text);
    }
}
