//! The stored layout: every past version loads (from fixtures written by real builds), the
//! current version round-trips, a migration cut short still reads, and damage is reported in
//! words instead of losing the other games.

mod live_helper;

use live_helper::table_of;
use std::collections::HashMap;

use proptest::prelude::*;

use scorekeeper::core::Color;
use scorekeeper::core::clock::{ClockEvent, PauseReason};
use scorekeeper::core::count::CountState;
use scorekeeper::core::moves::AsWritten;
use scorekeeper::core::point::Point;
use scorekeeper::core::record::{Event, GameRecord, MoveClock, TimedEvent};
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::store::codec;
use scorekeeper::core::store::layout::{
    self, CHUNK, GAME_PREFIX, STORAGE_SCHEMA, Stamp, decode_stamp, encode_game, head_key,
    load_game, v1_chunk_key,
};

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
    let table = table_of(&dutch.record, last).expect("table");
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

/// Layout 3: the head holds the events after the last full chunk, so a press that fills no
/// chunk is one write, the head. When the tail fills a chunk, the chunk is written first and
/// then the head: cut short between them, the head in place reads the chunks it counts and
/// its own tail, the state before that press, never a mix.
#[test]
fn a_head_holds_the_open_tail_and_a_save_cut_short_reads_the_last_complete_state() {
    let games = load_all(&fixture("v1.json"));
    let shusaku = by_black(&games, "Yasuda Shusaku").clone();
    let events = shusaku.record.events().to_vec();
    assert!(events.len() > CHUNK + 7, "the fixture fills a chunk");
    let with = |n: usize| StoredGame {
        record: GameRecord::from_parts(
            shusaku.record.schema,
            shusaku.record.settings.clone(),
            events[..n].to_vec(),
        ),
        ..shusaku.clone()
    };
    let write = |game: &StoredGame, seq: u64| -> Vec<(String, String)> {
        let stamp = Stamp {
            writer: "w".into(),
            seq,
        };
        encode_game(game, 1, &stamp).expect("encodes")
    };
    // Full chunks only, then the head; the head's tail is the rest, as compact text.
    let full = write(&with(CHUNK + 7), 1);
    assert_eq!(full.len(), 2, "one full chunk and the head");
    let head = layout::decode_head(&full[1].1).expect("a head");
    assert_eq!(head.schema, 3);
    assert_eq!(head.event_count, CHUNK + 7);
    assert_eq!(head.tail, events[CHUNK..CHUNK + 7].to_vec());

    // The store holds the game at CHUNK - 1 events: no full chunk, a tail of CHUNK - 1.
    let mut store: HashMap<String, String> = write(&with(CHUNK - 1), 1).into_iter().collect();
    assert_eq!(store.keys().filter(|k| k.starts_with("sk.log.")).count(), 0);
    // The next press fills the tail: its chunk is written, then the battery dies before the
    // head. The head in place reads the state before the press, whole.
    let next = write(&with(CHUNK), 2);
    let (new_head, new_chunks) = next.split_last().expect("a head");
    store.extend(new_chunks.iter().cloned());
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(loaded.game, with(CHUNK - 1));
    assert_eq!(loaded.stamp.seq, 1);
    // The head written too: the full chunk and an empty tail.
    store.insert(new_head.0.clone(), new_head.1.clone());
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(loaded.game, with(CHUNK));
    // A press after it writes the head alone: the chunks in place are the same values.
    let after = write(&with(CHUNK + 1), 3);
    for (k, v) in &after[..after.len() - 1] {
        assert_eq!(store.get(k), Some(v), "{k} unchanged");
    }
    store.extend(after);
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(loaded.game, with(CHUNK + 1));

    // An undo back across a chunk writes the head first and then removes the chunk the head
    // no longer counts: cut short between them, the chunk left is not read.
    let undone = write(&with(CHUNK - 1), 4);
    store.extend(undone);
    assert!(store.contains_key(&layout::chunk_key(&shusaku.id, 0)));
    let loaded = load_game(|k| store.get(k).cloned(), &shusaku.id).expect("loads");
    assert_eq!(
        loaded.game,
        with(CHUNK - 1),
        "the undone event stays undone"
    );

    // A chunk the head counts that is missing or short is damage, named in words.
    let mut short = store.clone();
    short.extend(write(&with(CHUNK + 1), 5));
    short.remove(&layout::chunk_key(&shusaku.id, 0));
    let e = load_game(|k| short.get(k).cloned(), &shusaku.id)
        .err()
        .expect("refused");
    assert!(
        e.starts_with("Part 1 of a stored game's moves is damaged"),
        "{e}"
    );
}

/// Layout 3 as the release build writes it: a long game in progress (one full chunk, the rest
/// in its head) and a short finished one (its head alone) load in the current layout, and are
/// written again value for value.
#[test]
fn every_game_of_layout_3_loads_and_is_written_again_as_stored() {
    let store = fixture("v3.json");
    let games = load_all(&store);
    assert_eq!(games.len(), 2);
    for loaded in &games {
        assert_eq!(loaded.older, None);
        assert!(!loaded.rules_from_preset);
        assert_ne!(loaded.stamp, Stamp::default(), "written by a named tab");
        let game = &loaded.game;
        let head = layout::decode_head(&store[&head_key(&game.id)]).expect("a head");
        assert_eq!(head.schema, 3);
        let chunks = store
            .keys()
            .filter(|k| layout::chunk_owner(k) == Some((game.id.as_str(), true)))
            .count();
        assert_eq!(chunks, game.record.events().len() / CHUNK);
        assert_eq!(head.tail.len(), game.record.events().len() % CHUNK);
        // Encoded again, every chunk is the stored value (the head differs only in its save
        // time and stamp, which the fixture fixed).
        for (k, v) in encode_game(game, head.saved_at_ms, &loaded.stamp).expect("encodes") {
            assert_eq!(store.get(&k), Some(&v), "{k}");
        }
    }
    let long = by_black(&games, "Kim Ji-ho");
    assert!(
        long.record.events().len() > CHUNK,
        "the long game fills a chunk"
    );
    assert_eq!(long.record.settings.white, "Lena Müller");
    let short = by_black(&games, "Ola <b>N</b>");
    assert!(short.record.events().len() < CHUNK);
}

/// A game stored in layout 2 (its last chunk partial) reads, and written again in layout 3 its
/// full chunks keep their values while the partial chunk's events move into the head.
#[test]
fn a_layout_2_game_moves_its_partial_chunk_into_the_head() {
    let store = fixture("v2-release.json");
    for loaded in load_all(&store) {
        assert_eq!(loaded.older, Some(2));
        let game = loaded.game;
        let written: HashMap<String, String> = encode_game(&game, 1, &loaded.stamp)
            .expect("encodes")
            .into_iter()
            .collect();
        let again = load_game(|k| written.get(k).cloned(), &game.id).expect("loads");
        assert_eq!(again.older, None);
        assert_eq!(again.game, game);
        assert_eq!(
            written.keys().filter(|k| k.starts_with("sk.log.")).count(),
            game.record.events().len() / CHUNK
        );
        // Cut short after the new head, before the partial chunk went: the new head reads.
        let mut both = store.clone();
        both.extend(written);
        let again = load_game(|k| both.get(k).cloned(), &game.id).expect("loads");
        assert_eq!(again.game, game);
    }
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
        assert_eq!(loaded.older, Some(2), "layout 2: written again in layout 3");
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
        games.iter().all(|g| g.older == Some(2)),
        "layout 2: written again in layout 3"
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

}

/// Stored values as they really come back damaged: each head and chunk of the stored games of
/// every layout (and the layout-1 games written again in the current one), cut short, with
/// characters typed over, in or out, or with huge numbers and other events spliced in; or any
/// text at all in their place.
mod damaged_values {
    use std::collections::{BTreeMap, HashMap};
    use std::sync::OnceLock;

    use super::*;
    use proptest::sample::Index;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};
    use scorekeeper::core::record::RECORD_SCHEMA;

    /// Each stored value of a real game: the whole store of its layout, the game, the key.
    struct Stored {
        store: HashMap<String, String>,
        id: String,
        key: String,
    }

    fn stored_values() -> &'static [Stored] {
        static VALUES: OnceLock<Vec<Stored>> = OnceLock::new();
        VALUES.get_or_init(|| {
            let mut stores: Vec<HashMap<String, String>> =
                ["v1.json", "v2.json", "v2-writers.json", "v3.json"]
                    .into_iter()
                    .map(fixture)
                    .collect();
            let again: HashMap<String, String> = load_all(&stores[0])
                .iter()
                .flat_map(|g| encode_game(&g.game, 1, &Stamp::default()).expect("encodes"))
                .collect();
            stores.push(again);
            let mut values = Vec::new();
            for store in stores {
                let mut keys: Vec<String> = store.keys().cloned().collect();
                keys.sort();
                for key in keys {
                    let id = match key.strip_prefix(GAME_PREFIX) {
                        Some(id) => id.to_string(),
                        None => match layout::chunk_owner(&key) {
                            Some((id, _)) => id.to_string(),
                            None => continue,
                        },
                    };
                    values.push(Stored {
                        store: store.clone(),
                        id,
                        key,
                    });
                }
            }
            values
        })
    }

    /// Texts typed over or into a stored value: the codes of events, digits, huge numbers,
    /// JSON, whole events.
    const SPLICED: [&str; 24] = [
        "B",
        "W",
        "K",
        "Q",
        "P",
        "O",
        "b",
        "w",
        "z",
        "0",
        "-",
        "{",
        "}",
        "[",
        "]",
        "\"",
        ",",
        ":",
        "\u{0}",
        "zzzzzzzzzzzzzzzz",
        "99999999999999999999",
        "-1bnh2",
        "{\"Resigned\":{\"color\":\"Black\"}}",
        ",\"schema\":4",
    ];

    #[derive(Clone, Debug)]
    enum Edit {
        Cut(Index),
        Over(Index, Index),
        Into(Index, Index),
        Out(Index),
    }

    fn edited(text: &str, edit: &Edit) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        let splice = |c: &Index| c.get(&SPLICED).chars();
        match edit {
            Edit::Cut(at) => chars.truncate(at.index(n + 1)),
            Edit::Over(at, c) if n > 0 => {
                let at = at.index(n);
                chars.splice(at..at + 1, splice(c));
            }
            Edit::Into(at, c) => {
                let at = at.index(n + 1);
                chars.splice(at..at, splice(c));
            }
            Edit::Out(at) if n > 0 => {
                chars.remove(at.index(n));
            }
            _ => {}
        }
        chars.into_iter().collect()
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            any::<Index>().prop_map(Edit::Cut),
            (any::<Index>(), any::<Index>()).prop_map(|(at, c)| Edit::Over(at, c)),
            (any::<Index>(), any::<Index>()).prop_map(|(at, c)| Edit::Into(at, c)),
            any::<Index>().prop_map(Edit::Out),
        ]
    }

    /// A stored value (by its place in `stored_values`) and the text put in its place.
    fn damaged_value() -> impl Strategy<Value = (usize, String)> {
        let n = stored_values().len();
        prop_oneof![
            4 => (0..n, prop::collection::vec(edit(), 0..4)).prop_map(|(i, edits)| {
                let v = &stored_values()[i];
                let text = edits
                    .iter()
                    .fold(v.store[&v.key].clone(), |text, edit| edited(&text, edit));
                (i, text)
            }),
            1 => (0..n, ".{0,200}"),
        ]
    }

    /// Whether a refusal of a stored game says in words what happened to it: a sentence that
    /// tells the game was kept aside.
    fn tells_kept_aside(message: &str) -> bool {
        message.chars().next().is_some_and(char::is_uppercase)
            && message.ends_with('.')
            && message.contains("kept aside")
    }

    /// Whether serde_json refused a pause reason by a name it does not list, which the app read
    /// as a reason in those words.
    fn unknown_reason(serde_error: &str, read: &Result<Vec<TimedEvent>, String>) -> bool {
        let Some(name) = serde_error
            .strip_prefix("unknown variant `")
            .and_then(|rest| rest.split('`').next())
        else {
            return false;
        };
        read.as_ref().is_ok_and(|events| {
            events.iter().any(|e| {
                matches!(
                    &e.event,
                    Event::Clock {
                        clock: ClockEvent::Paused {
                            reason: PauseReason::Other { text }
                        }
                    } if text == name
                )
            })
        })
    }

    /// Reads `text` as the value stored under `stored.key`, and the game with it in place;
    /// returns the ways the readers went.
    fn read_and_check(stored: &Stored, text: &str) -> Result<Vec<String>, TestCaseError> {
        let unchanged = *text == stored.store[&stored.key];
        let mut ways = Vec::new();
        if stored.key.starts_with(GAME_PREFIX) {
            match layout::decode_head(text) {
                Ok(head) => {
                    prop_assert!(head.schema <= STORAGE_SCHEMA);
                    prop_assert!(head.record.schema <= RECORD_SCHEMA);
                    // The head read is written again as it was read.
                    let game = StoredGame {
                        id: head.id.clone(),
                        created_ms: head.created_ms,
                        record: GameRecord::from_parts(
                            head.record.schema,
                            head.record.settings.clone(),
                            head.tail.clone(),
                        ),
                    };
                    let again =
                        layout::encode_head(&game, head.saved_at_ms, &head.stamp).expect("encodes");
                    let back = layout::decode_head(&again);
                    prop_assert!(back.is_ok(), "{:?}", back.err());
                    let back = back.expect("read");
                    prop_assert_eq!(
                        (
                            &back.id,
                            back.created_ms,
                            &back.stamp,
                            &back.record,
                            &back.tail
                        ),
                        (
                            &head.id,
                            head.created_ms,
                            &head.stamp,
                            &head.record,
                            &head.tail
                        )
                    );
                    ways.push("head read".to_string());
                }
                Err(e) => {
                    prop_assert!(!unchanged, "a stored head refused: {e}");
                    prop_assert!(tells_kept_aside(&e), "{e}");
                    ways.push("head refused".to_string());
                }
            }
        } else {
            let compact = !text.starts_with('[');
            let read = layout::decode_chunk(text);
            if !compact {
                // A chunk of layout 1 reads as serde_json reads it.
                match serde_json::from_str::<Vec<TimedEvent>>(text) {
                    Ok(events) => prop_assert_eq!(&read, &Ok(events)),
                    Err(e) if e.to_string().starts_with("number out of range") => {}
                    // A pause reason of no listed name reads as a reason in words (rules stored
                    // before reasons were typed list them so), where serde_json knows only the
                    // listed names.
                    Err(e) if unknown_reason(&e.to_string(), &read) => {}
                    Err(e) => prop_assert!(read.is_err(), "serde_json refused it ({e}): {read:?}"),
                }
            }
            match read {
                Ok(events) => {
                    // What was read is written again and reads back the same.
                    let again = codec::encode(&events);
                    prop_assert!(again.is_ok(), "{:?}", again);
                    prop_assert_eq!(codec::decode(&again.expect("encodes")), Ok(events.clone()));
                    if unchanged && compact {
                        // A stored chunk is the text its events are written as.
                        let written = codec::encode(&events);
                        prop_assert_eq!(written.as_deref(), Ok(text));
                    }
                    ways.push(format!(
                        "chunk read ({})",
                        if compact { "text" } else { "JSON" }
                    ));
                }
                Err(e) => {
                    prop_assert!(!unchanged, "a stored chunk refused: {e}");
                    if compact {
                        // The compact text names the event it cannot read.
                        let number = e
                            .strip_prefix("event ")
                            .and_then(|rest| rest.split_once(": "))
                            .and_then(|(n, why)| Some((n.parse::<usize>().ok()?, why)));
                        prop_assert!(
                            number.is_some_and(|(n, why)| n >= 1 && !why.is_empty()),
                            "{e}"
                        );
                    } else {
                        prop_assert!(!e.trim().is_empty());
                    }
                    ways.push(format!(
                        "chunk refused ({})",
                        if compact { "text" } else { "JSON" }
                    ));
                }
            }
        }
        // The game with the damaged value in place loads, or is refused in words.
        let mut store = stored.store.clone();
        store.insert(stored.key.clone(), text.to_string());
        match load_game(|k| store.get(k).cloned(), &stored.id) {
            Ok(loaded) => {
                if unchanged {
                    let original =
                        load_game(|k| stored.store.get(k).cloned(), &stored.id).expect("loads");
                    prop_assert_eq!(&loaded.game, &original.game);
                }
                ways.push("game loaded".to_string());
            }
            Err(e) => {
                prop_assert!(!unchanged, "a stored game refused: {e}");
                prop_assert!(tells_kept_aside(&e), "{e}");
                prop_assert!(e.starts_with("A stored") || e.starts_with("Part "), "{e}");
                ways.push("game refused".to_string());
            }
        }
        Ok(ways)
    }

    proptest! {
        /// A head or a chunk with anything wrong is read or refused, never a panic: what is
        /// read is written again as it was read (and an untouched value as it was stored);
        /// a refusal names the event it cannot read, or tells in a sentence that the game was
        /// kept aside.
        #[test]
        fn any_text_is_read_or_refused_without_panicking((i, text) in damaged_value()) {
            read_and_check(&stored_values()[i], &text)?;
        }
    }

    /// The damaged values above take every way the readers go: heads and chunks of both
    /// encodings read and refused, games loaded and refused.
    #[test]
    fn damaged_values_reach_every_way_the_readers_go() {
        let mut runner = TestRunner::new_with_rng(
            Config {
                failure_persistence: None,
                ..Config::default()
            },
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        );
        let strategy = damaged_value();
        let mut ways: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..400 {
            let (i, text) = strategy.new_tree(&mut runner).expect("a value").current();
            for way in
                read_and_check(&stored_values()[i], &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
            {
                *ways.entry(way).or_default() += 1;
            }
        }
        for way in [
            "head read",
            "head refused",
            "chunk read (text)",
            "chunk refused (text)",
            "chunk read (JSON)",
            "chunk refused (JSON)",
            "game loaded",
            "game refused",
        ] {
            assert!(ways.get(way).is_some_and(|&n| n >= 5), "{way}: {ways:?}");
        }
    }
}
