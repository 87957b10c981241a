//! The backup file of every game: writing it, reading it back with a clear message for each
//! way it can be wrong, and merging it with the games on the phone without overwriting any
//! game unless the person chose so.

use scorekeeper::core::backup::{self, Backup, BackupError, BackupGame, Choice, MergePlan, Write};
use scorekeeper::core::live::Live;
use scorekeeper::core::moves::Move;
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::{Color, Point, Preset, handicap::Handicap};

const T: i64 = 1_795_219_200_000;

fn game(black: &str, white: &str, moves: &[&str]) -> GameRecord {
    let mut s = GameSettings::new(Preset::Japanese, 19, Handicap::NONE);
    s.black = black.to_string();
    s.white = white.to_string();
    s.created = "2026-11-21".into();
    s.comment = Some("<b>bold</b> & \"quoted\"".into());
    let mut live = Live::start(s, T).unwrap();
    let mut color = Color::Black;
    for (i, m) in moves.iter().enumerate() {
        let p = Point::from_sgf(m).unwrap();
        live.play(T + 1_000 * i as i64, color, Move::Play(p))
            .unwrap();
        color = !color;
    }
    live.into_record()
}

fn phone() -> Vec<(String, i64, GameRecord)> {
    vec![
        ("a1".into(), T, game("Ann", "Bo", &["pd", "dp"])),
        (
            "b2".into(),
            T + 1,
            game("Cy", "<img src=x onerror=alert(1)>", &["dd"]),
        ),
        ("c3".into(), T + 2, game("Jürgen", "Eve", &[])),
    ]
}

fn export(games: &[(String, i64, GameRecord)]) -> String {
    backup::export(games.iter().map(|(id, c, r)| (id.as_str(), *c, r)), T + 10)
}

fn here(games: &[(String, i64, GameRecord)]) -> Vec<(&str, &GameRecord)> {
    games.iter().map(|(id, _, r)| (id.as_str(), r)).collect()
}

#[test]
fn a_backup_reads_back_exactly_what_was_written() {
    let games = phone();
    let text = export(&games);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["format"], "go-scorekeeper-backup");
    assert_eq!(v["version"], 1);
    let back = backup::parse(&text).unwrap();
    assert_eq!(back.exported_ms, Some(T + 10));
    assert!(back.damaged.is_empty());
    let expected: Vec<BackupGame> = games
        .iter()
        .map(|(id, c, r)| BackupGame {
            id: id.clone(),
            created_ms: *c,
            record: r.clone(),
        })
        .collect();
    assert_eq!(back.games, expected);
}

#[test]
fn importing_a_backup_onto_an_empty_phone_adds_every_game() {
    let games = phone();
    let back = backup::parse(&export(&games)).unwrap();
    let plan = MergePlan::new(&back, []);
    assert_eq!(
        (
            plan.new.len(),
            plan.already_here.len(),
            plan.conflicts.len()
        ),
        (3, 0, 0)
    );
    let writes = plan.resolve(&[]).unwrap();
    assert_eq!(writes.len(), 3);
    assert!(writes.iter().all(|w| matches!(w, Write::Add(_))));
}

#[test]
fn importing_the_same_backup_again_changes_nothing() {
    let games = phone();
    let back = backup::parse(&export(&games)).unwrap();
    let plan = MergePlan::new(&back, here(&games));
    assert_eq!(
        (
            plan.new.len(),
            plan.already_here.len(),
            plan.conflicts.len()
        ),
        (0, 3, 0)
    );
    assert_eq!(plan.resolve(&[]).unwrap(), vec![]);
}

#[test]
fn a_game_already_here_under_another_id_is_not_added_twice() {
    let games = phone();
    let back = backup::parse(&export(&games)).unwrap();
    let renamed: Vec<(String, i64, GameRecord)> = games
        .iter()
        .map(|(id, c, r)| (format!("{id}-copy"), *c, r.clone()))
        .collect();
    let plan = MergePlan::new(&back, here(&renamed));
    assert_eq!(plan.already_here.len(), 3);
    assert_eq!(plan.already_here[0].1, "a1-copy");
}

#[test]
fn a_changed_game_is_a_conflict_and_nothing_is_overwritten_until_chosen() {
    let mut games = phone();
    let text = export(&games);
    // Since the backup, game a1 went on here with one more move.
    let (_, _, mine) = &mut games[0];
    let mut live = Live::load(mine.clone()).unwrap();
    live.play(
        T + 50_000,
        Color::Black,
        Move::Play(Point::from_sgf("qq").unwrap()),
    )
    .unwrap();
    *mine = live.into_record();
    let back = backup::parse(&text).unwrap();
    let plan = MergePlan::new(&back, here(&games));
    assert_eq!(
        (
            plan.new.len(),
            plan.already_here.len(),
            plan.conflicts.len()
        ),
        (0, 2, 1)
    );
    assert_eq!(plan.conflicts[0].theirs.id, "a1");

    let refused = plan.resolve(&[]).unwrap_err();
    assert!(refused.contains("Choose what to do"), "{refused}");
    assert!(plan.resolve(&[None]).is_err());

    assert_eq!(plan.resolve(&[Some(Choice::KeepMine)]).unwrap(), vec![]);
    let theirs = plan.resolve(&[Some(Choice::TakeTheirs)]).unwrap();
    assert_eq!(theirs.len(), 1);
    match &theirs[0] {
        Write::Replace(g) => {
            assert_eq!(g.id, "a1");
            assert_eq!(g.record.events().len(), 2);
        }
        other => panic!("expected a replacement, got {other:?}"),
    }
    let both = plan.resolve(&[Some(Choice::KeepBoth)]).unwrap();
    match &both[..] {
        [Write::Add(g)] => {
            assert_eq!(g.id, "a1-copy");
            assert_eq!(g.record, back.games[0].record);
        }
        other => panic!("expected one copy, got {other:?}"),
    }
}

#[test]
fn a_copy_never_takes_an_id_in_use() {
    let mut games = phone();
    games.push(("a1-copy".into(), T, game("Other", "Game", &["aa"])));
    let mut changed = games.clone();
    changed[0].2.settings.white = "Bo Changed".into();
    let back = backup::parse(&export(&changed)).unwrap();
    let plan = MergePlan::new(&back, here(&games));
    assert_eq!(plan.conflicts.len(), 1);
    let writes = plan.resolve(&[Some(Choice::KeepBoth)]).unwrap();
    match &writes[..] {
        [Write::Add(g)] => assert_eq!(g.id, "a1-copy2"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn new_games_and_conflicts_are_told_apart_in_one_file() {
    let games = phone();
    let mut theirs = phone();
    theirs[1].2.settings.black = "Cy Changed".into();
    theirs.push(("d4".into(), T + 3, game("New", "Game", &["ee", "ff", "gg"])));
    let back = backup::parse(&export(&theirs)).unwrap();
    let plan = MergePlan::new(&back, here(&games));
    assert_eq!(
        plan.new.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(),
        ["d4"]
    );
    assert_eq!(plan.conflicts[0].theirs.id, "b2");
    assert_eq!(plan.already_here.len(), 2);
    let writes = plan.resolve(&[Some(Choice::TakeTheirs)]).unwrap();
    assert_eq!(writes.len(), 2);
    assert!(matches!(&writes[0], Write::Add(g) if g.id == "d4"));
    assert!(matches!(&writes[1], Write::Replace(g) if g.record.settings.black == "Cy Changed"));
}

fn message(text: &str) -> String {
    backup::parse(text).unwrap_err().to_string()
}

#[test]
fn files_that_are_not_backups_are_refused_with_a_reason() {
    assert_eq!(backup::parse("  ").unwrap_err(), BackupError::Empty);
    assert!(message("").contains("empty"));
    assert!(message("(;GM[1]FF[4]SZ[19];B[pd])").contains("Import SGF"));
    let not_json = message("this is { not json");
    assert!(not_json.contains("not a backup of this app"), "{not_json}");
    assert!(message("[1,2,3]").contains("another program"));
    assert!(
        message(r#"{"format":"other-app","version":1,"games":[]}"#).contains("another program")
    );
    assert!(message(r#"{"games":[]}"#).contains("another program"));
    let newer = message(r#"{"format":"go-scorekeeper-backup","version":7,"games":[]}"#);
    assert!(
        newer.contains("newer version") && newer.contains("version 7"),
        "{newer}"
    );
    assert!(message(r#"{"format":"go-scorekeeper-backup","version":1}"#).contains("damaged"));
    // Cut short in the middle, as an interrupted download leaves it.
    let text = export(&phone());
    assert!(message(&text[..text.len() / 2]).contains("not a backup"));
}

#[test]
fn a_damaged_game_is_reported_and_the_others_still_import() {
    let games = phone();
    let mut v: serde_json::Value = serde_json::from_str(&export(&games)).unwrap();
    let list = v["games"].as_array_mut().unwrap();
    // Game 2: a move on an occupied point. Game 4: not a game. Game 5: a record from the future.
    let events = list[1]["record"]["events"].as_array_mut().unwrap();
    let first = events[0].clone();
    events.push(first);
    list.push(serde_json::json!("hello"));
    let mut future = list[0].clone();
    future["id"] = "zz".into();
    future["record"]["schema"] = 99.into();
    list.push(future);
    let mut bad_id = list[2].clone();
    bad_id["id"] = "../../etc".into();
    list.push(bad_id);
    let mut twice = list[0].clone();
    twice["record"]["settings"]["black"] = "Twin".into();
    list.push(twice);
    let back: Backup = backup::parse(&v.to_string()).unwrap();
    assert_eq!(
        back.games.iter().map(|g| g.id.as_str()).collect::<Vec<_>>(),
        ["a1", "c3"]
    );
    let reports: Vec<String> = back.damaged.iter().map(|d| d.to_string()).collect();
    assert_eq!(reports.len(), 5, "{reports:#?}");
    assert!(
        reports[0].starts_with("Game 2 (Cy – <img src=x onerror=alert(1)>)"),
        "{}",
        reports[0]
    );
    assert!(
        reports[0].contains("does not make a game"),
        "{}",
        reports[0]
    );
    assert!(reports[1].starts_with("Game 4:") && reports[1].contains("not a game"));
    assert!(reports[2].contains("newer version"), "{}", reports[2]);
    assert!(
        reports[3].contains("id is not one this app makes"),
        "{}",
        reports[3]
    );
    assert!(
        reports[4].contains("already used by an earlier game"),
        "{}",
        reports[4]
    );
}

#[test]
fn impossible_settings_in_a_file_are_refused_per_game() {
    let games = phone();
    let mut v: serde_json::Value = serde_json::from_str(&export(&games)).unwrap();
    v["games"][0]["record"]["settings"]["size"] = 77.into();
    v["games"][1]["record"]["settings"]["komi"] = "lots".into();
    v["games"][2]["created_ms"] = "yesterday".into();
    let back = backup::parse(&v.to_string()).unwrap();
    assert!(back.games.is_empty());
    assert_eq!(back.damaged.len(), 3);
    assert!(
        back.damaged[0].reason.contains("does not make a game"),
        "{}",
        back.damaged[0]
    );
    assert!(
        back.damaged[1].reason.contains("cannot be read"),
        "{}",
        back.damaged[1]
    );
    assert!(
        back.damaged[2].reason.contains("milliseconds"),
        "{}",
        back.damaged[2]
    );
}

#[test]
fn reading_never_panics_on_odd_input() {
    for text in [
        "{}",
        "null",
        "\u{feff}",
        r#"{"format":"go-scorekeeper-backup","version":-1,"games":[]}"#,
        r#"{"format":"go-scorekeeper-backup","version":1,"games":{}}"#,
        r#"{"format":"go-scorekeeper-backup","version":1,"games":[null,{},{"id":""},{"id":"x","record":null}]}"#,
        "\u{0}\u{1}",
        "99999999999999999999999",
    ] {
        let _ = backup::parse(text);
    }
    let back = backup::parse(
        r#"{"format":"go-scorekeeper-backup","version":1,"games":[null,{},{"id":""},{"id":"x","record":null}]}"#,
    )
    .unwrap();
    assert_eq!(back.damaged.len(), 4);
    assert!(back.games.is_empty());
}

/// Whether a refusal is told as a sentence a person reads: a capital, words, a full stop.
fn is_a_sentence(message: &str) -> bool {
    message.chars().next().is_some_and(char::is_uppercase)
        && message.ends_with('.')
        && message.split_whitespace().count() >= 5
}

mod props {
    use std::cell::RefCell;
    use std::collections::BTreeMap;

    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, TestRunner};

    /// A backup cut short, or whole with one byte changed anywhere. Cut short, it is refused as
    /// a whole with a reason (its list of games never closes). Whole and unchanged, it reads
    /// back every game as written. Whole with a byte changed, it is either refused with a
    /// reason or read: then each of its three games is imported or reported, and every game it
    /// accepts replays. The run takes each of these four ways.
    #[test]
    fn a_damaged_file_never_panics_and_what_it_accepts_replays() {
        let text = export(&phone());
        let as_written = backup::parse(&text).unwrap();
        let reached: RefCell<BTreeMap<&str, usize>> = RefCell::default();
        let mut runner = TestRunner::new(Config {
            cases: 200,
            failure_persistence: None,
            ..Config::default()
        });
        let damage = (
            prop::option::weighted(0.5, 0.0f64..1.0),
            0.0f64..1.0,
            prop::option::weighted(0.8, 0u8..128),
        );
        runner
            .run(&damage, |(cut, at, byte)| {
                let mut bytes = text.clone().into_bytes();
                let i = ((bytes.len() - 1) as f64 * at) as usize;
                if let Some(byte) = byte {
                    bytes[i] = byte;
                }
                let changed = bytes != text.as_bytes();
                let len = cut.map_or(bytes.len(), |cut| (bytes.len() as f64 * cut) as usize);
                let cut_short = len < bytes.len();
                let damaged = String::from_utf8_lossy(&bytes[..len]).into_owned();
                let way = match (cut_short, changed, backup::parse(&damaged)) {
                    (true, _, Ok(back)) => {
                        return Err(TestCaseError::fail(format!(
                            "a file cut short after {len} bytes was read: {back:?}"
                        )));
                    }
                    (true, _, Err(e)) => {
                        prop_assert!(is_a_sentence(&e.to_string()), "{e}");
                        "cut short: refused"
                    }
                    (false, false, read) => {
                        prop_assert_eq!(read, Ok(as_written.clone()));
                        "whole: read as written"
                    }
                    (false, true, Ok(back)) => {
                        prop_assert_eq!(back.games.len() + back.damaged.len(), 3, "{:?}", back);
                        for g in &back.games {
                            prop_assert!(g.record.replay().is_ok(), "{}", g.id);
                            prop_assert!(backup::valid_id(&g.id), "{}", g.id);
                        }
                        "a byte changed: read"
                    }
                    (false, true, Err(e)) => {
                        prop_assert!(is_a_sentence(&e.to_string()), "{e}");
                        "a byte changed: refused"
                    }
                };
                *reached.borrow_mut().entry(way).or_default() += 1;
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
        let reached = reached.into_inner();
        assert_eq!(reached.len(), 4, "ways taken: {reached:?}");
    }
}

/// Backups as they really come back damaged: real files (the phone's games, and the stored
/// games of every past layout: a counted LGC game, a Dutch game with its clock, Shusaku's 325
/// moves) with fields taken out, repeated or added, values of the wrong type or huge numbers,
/// then sometimes cut short or with characters changed. Each reaches the reader past the
/// first character, and what it says is checked against `serde_json`'s reading of the same
/// text.
mod near_valid {
    use std::collections::{BTreeMap, HashMap, HashSet};
    use std::sync::OnceLock;

    use super::*;
    use proptest::prelude::*;
    use proptest::sample::Index;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    use scorekeeper::core::store::layout;
    use serde_json::Value as J;

    /// Values put in place of others: other types, huge and odd numbers, texts that are
    /// almost right.
    const VALUES: [&str; 26] = [
        "0",
        "-1",
        "1",
        "2",
        "3",
        "10",
        "7.5",
        "-0",
        "1e308",
        "99999999999999999999999",
        "-9223372036854775809",
        "9223372036854775807",
        "18446744073709551616",
        "4294967296",
        "256",
        "\"\"",
        "\"lots\"",
        "\"Black\"",
        "\"go-scorekeeper-backup\"",
        "\"\\ud800\"",
        "null",
        "true",
        "[]",
        "{}",
        "[1,\"a\",null]",
        "{\"x\":null}",
    ];
    /// Names of fields added: those of the file, and one it never had.
    const NAMES: [&str; 16] = [
        "id",
        "created_ms",
        "record",
        "schema",
        "settings",
        "events",
        "at_ms",
        "event",
        "format",
        "version",
        "games",
        "size",
        "komi",
        "preset",
        "time_control",
        "extra",
    ];
    /// Characters typed over or into the text.
    const CHARACTERS: [char; 20] = [
        '"', '{', '}', '[', ']', ',', ':', '0', '9', '-', '.', 'e', 'a', 'Z', ' ', '\\', '\n',
        '\u{0}', 'é', '\u{feff}',
    ];

    /// The real backups the damage is done to, as values.
    fn originals() -> &'static [J] {
        static FILES: OnceLock<Vec<J>> = OnceLock::new();
        FILES.get_or_init(|| {
            let mut stored = Vec::new();
            for name in ["v1.json", "v2.json", "v2-writers.json"] {
                let path = format!(
                    "{}/tests/fixtures/storage/{name}",
                    env!("CARGO_MANIFEST_DIR")
                );
                let store: HashMap<String, String> =
                    serde_json::from_str(&std::fs::read_to_string(path).expect("fixture"))
                        .expect("fixture JSON");
                let mut ids: Vec<&str> = store
                    .keys()
                    .filter_map(|k| k.strip_prefix(layout::GAME_PREFIX))
                    .collect();
                ids.sort();
                for id in ids {
                    let loaded = layout::load_game(|k| store.get(k).cloned(), id).expect("loads");
                    stored.push(loaded.game);
                }
            }
            let file = |games: &[&layout::StoredGame]| {
                backup::export(
                    games
                        .iter()
                        .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
                    T + 10,
                )
            };
            let all: Vec<&layout::StoredGame> = stored.iter().collect();
            let short: Vec<&layout::StoredGame> = stored
                .iter()
                .filter(|g| g.record.events().len() < 100)
                .collect();
            [export(&phone()), file(&short), file(&all)]
                .iter()
                .map(|text| serde_json::from_str(text).expect("a backup is JSON"))
                .collect()
        })
    }

    #[derive(Clone, Debug)]
    enum Step {
        Field(String),
        Item(usize),
    }

    /// Where every value of `file` is, grouped by depth (the fields of the file first), so
    /// that damage falls on the few fields of the file as often as on its many moves.
    fn places(file: &J) -> Vec<Vec<Vec<Step>>> {
        fn walk(v: &J, at: &mut Vec<Step>, out: &mut Vec<Vec<Vec<Step>>>) {
            let inside: Vec<(Step, &J)> = match v {
                J::Object(fields) => fields
                    .iter()
                    .map(|(k, v)| (Step::Field(k.clone()), v))
                    .collect(),
                J::Array(items) => items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (Step::Item(i), v))
                    .collect(),
                _ => return,
            };
            for (step, v) in inside {
                at.push(step);
                if out.len() < at.len() {
                    out.push(Vec::new());
                }
                out[at.len() - 1].push(at.clone());
                walk(v, at, out);
                at.pop();
            }
        }
        let mut out = Vec::new();
        walk(file, &mut Vec::new(), &mut out);
        out
    }

    /// One of `n` depths, the shallower the likelier (depth `d` of `n` weighs `(n - d)²`).
    fn shallow_first(depth: &Index, n: usize) -> usize {
        let weight = |d: usize| (n - d) * (n - d);
        let mut left = depth.index((0..n).map(weight).sum::<usize>().max(1));
        for d in 0..n {
            if left < weight(d) {
                return d;
            }
            left -= weight(d);
        }
        0
    }

    fn value_at<'a>(v: &'a mut J, path: &[Step]) -> Option<&'a mut J> {
        path.iter().try_fold(v, |v, step| match step {
            Step::Field(k) => v.get_mut(k.as_str()),
            Step::Item(i) => v.get_mut(*i),
        })
    }

    /// A value written as a marker, replaced by its raw text once the file is text (a
    /// `serde_json` value cannot hold a number out of its range).
    fn raw(i: usize) -> J {
        J::String(format!("\u{1}raw{i}\u{1}"))
    }

    #[derive(Clone, Debug)]
    enum Change {
        /// A field or a list's item taken out.
        Remove { depth: Index, at: Index },
        /// A list's item written twice in a row (a game, an event).
        Repeat { depth: Index, at: Index },
        /// A field added to an object, or put in the place of a value.
        Add {
            depth: Index,
            at: Index,
            name: Index,
            value: Index,
        },
        /// A value replaced by one of another type, or by a huge or odd number.
        Replace {
            depth: Index,
            at: Index,
            value: Index,
        },
    }

    #[derive(Clone, Debug)]
    enum Edit {
        /// The text cut short.
        Cut(Index),
        /// A character typed over another.
        Over(Index, Index),
        /// A character typed in.
        Into(Index, Index),
        /// A character deleted.
        Out(Index),
    }

    fn change() -> impl Strategy<Value = Change> {
        prop_oneof![
            1 => (any::<Index>(), any::<Index>()).prop_map(|(depth, at)| Change::Remove { depth, at }),
            1 => (any::<Index>(), any::<Index>()).prop_map(|(depth, at)| Change::Repeat { depth, at }),
            1 => (any::<Index>(), any::<Index>(), any::<Index>(), any::<Index>()).prop_map(
                |(depth, at, name, value)| Change::Add {
                    depth,
                    at,
                    name,
                    value
                }
            ),
            2 => (any::<Index>(), any::<Index>(), any::<Index>())
                .prop_map(|(depth, at, value)| Change::Replace { depth, at, value }),
        ]
    }

    fn edit() -> impl Strategy<Value = Edit> {
        prop_oneof![
            any::<Index>().prop_map(Edit::Cut),
            (any::<Index>(), any::<Index>()).prop_map(|(at, c)| Edit::Over(at, c)),
            (any::<Index>(), any::<Index>()).prop_map(|(at, c)| Edit::Into(at, c)),
            any::<Index>().prop_map(Edit::Out),
        ]
    }

    fn apply(file: &mut J, change: &Change) {
        let places = places(file);
        let pick = |depth: &Index, at: &Index| -> Option<Vec<Step>> {
            if places.is_empty() {
                return None;
            }
            let level = &places[shallow_first(depth, places.len())];
            Some(at.get(level).clone())
        };
        match change {
            Change::Remove { depth, at } => {
                let Some(mut path) = pick(depth, at) else {
                    return;
                };
                let last = path.pop();
                match (value_at(file, &path), last) {
                    (Some(J::Object(fields)), Some(Step::Field(k))) => {
                        fields.remove(&k);
                    }
                    (Some(J::Array(items)), Some(Step::Item(i))) => {
                        items.remove(i);
                    }
                    _ => {}
                }
            }
            Change::Repeat { depth, at } => {
                let Some(mut path) = pick(depth, at) else {
                    return;
                };
                if let (Some(J::Array(items)), Some(Step::Item(i))) =
                    (value_at(file, &path[..path.len() - 1]), path.pop())
                {
                    let again = items[i].clone();
                    items.insert(i, again);
                }
            }
            Change::Add {
                depth,
                at,
                name,
                value,
            } => {
                let Some(path) = pick(depth, at) else {
                    return;
                };
                match value_at(file, &path) {
                    Some(J::Object(fields)) => {
                        fields.insert(name.get(&NAMES).to_string(), raw(value.index(VALUES.len())));
                    }
                    Some(other) => {
                        *other = J::Object(
                            [(name.get(&NAMES).to_string(), raw(value.index(VALUES.len())))]
                                .into_iter()
                                .collect(),
                        )
                    }
                    None => {}
                }
            }
            Change::Replace { depth, at, value } => {
                let Some(path) = pick(depth, at) else {
                    return;
                };
                if let Some(v) = value_at(file, &path) {
                    // A number is as often put in the place of a number as of anything else.
                    let numbers = VALUES.iter().take_while(|v| !v.starts_with('"')).count();
                    let pool = if v.is_number() && value.index(2) == 0 {
                        numbers
                    } else {
                        VALUES.len()
                    };
                    *v = raw(value.index(pool));
                }
            }
        }
    }

    fn text_of(file: &J) -> String {
        let mut text = file.to_string();
        for (i, value) in VALUES.iter().enumerate() {
            text = text.replace(&format!("\"\\u0001raw{i}\\u0001\""), value);
        }
        text
    }

    fn edited(text: &str, edit: &Edit) -> String {
        let mut chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        match edit {
            Edit::Cut(at) => chars.truncate(at.index(n + 1)),
            Edit::Over(at, c) if n > 0 => chars[at.index(n)] = *c.get(&CHARACTERS),
            Edit::Into(at, c) => chars.insert(at.index(n + 1), *c.get(&CHARACTERS)),
            Edit::Out(at) if n > 0 => {
                chars.remove(at.index(n));
            }
            _ => {}
        }
        chars.into_iter().collect()
    }

    /// A real backup with a few things wrong.
    fn damaged_backup() -> impl Strategy<Value = String> {
        (
            any::<Index>(),
            prop::collection::vec(change(), 0..4),
            prop_oneof![
                2 => Just(Vec::new()),
                1 => prop::collection::vec(edit(), 1..3),
            ],
        )
            .prop_map(|(which, changes, edits)| {
                let mut file = which.get(originals()).clone();
                for change in &changes {
                    apply(&mut file, change);
                }
                edits
                    .iter()
                    .fold(text_of(&file), |text, edit| edited(&text, edit))
            })
    }

    /// What the reader must say of `text`, from `serde_json`'s reading of it: refused (and
    /// why), read with this many entries in the list of games, or either when `serde_json`
    /// cannot tell (a number beyond its range, which this reader leaves to the field that
    /// holds it).
    #[derive(Debug, PartialEq)]
    enum Expected {
        Refused(&'static str),
        Read(usize),
        Either,
    }

    fn expected(text: &str) -> Expected {
        let trimmed = text.trim_start_matches('\u{feff}').trim();
        if trimmed.is_empty() {
            return Expected::Refused("Empty");
        }
        let file: J = match serde_json::from_str(trimmed) {
            Ok(file) => file,
            Err(e) if e.to_string().starts_with("number out of range") => return Expected::Either,
            Err(_) => return Expected::Refused("NotJson"),
        };
        if file.get("format").and_then(J::as_str) != Some(backup::BACKUP_FORMAT) {
            return Expected::Refused("NotABackup");
        }
        match file.get("version").and_then(J::as_u64) {
            Some(v) if v > backup::BACKUP_VERSION => Expected::Refused("NewerVersion"),
            Some(v) if v >= 1 => match file.get("games").and_then(J::as_array) {
                Some(list) => Expected::Read(list.len()),
                None => Expected::Refused("NoGames"),
            },
            _ => Expected::Refused("NotABackup"),
        }
    }

    fn kind(e: &BackupError) -> &'static str {
        match e {
            BackupError::Empty => "Empty",
            BackupError::Sgf => "Sgf",
            BackupError::NotJson(_) => "NotJson",
            BackupError::NotABackup => "NotABackup",
            BackupError::NewerVersion(_) => "NewerVersion",
            BackupError::NoGames => "NoGames",
        }
    }

    /// Reads `text` and checks what the reader said; returns the way it went.
    fn read_and_check(text: &str) -> Result<String, TestCaseError> {
        let expected = expected(text);
        match backup::parse(text) {
            Err(e) => {
                let message = e.to_string();
                prop_assert!(is_a_sentence(&message), "{message}");
                prop_assert!(
                    matches!(expected, Expected::Either) || expected == Expected::Refused(kind(&e)),
                    "refused as {e:?}, expected {expected:?}"
                );
                Ok(kind(&e).to_string())
            }
            Ok(back) => {
                if let Expected::Read(entries) = expected {
                    prop_assert_eq!(back.games.len() + back.damaged.len(), entries);
                } else {
                    prop_assert!(
                        expected == Expected::Either,
                        "read, where {expected:?} was expected: {back:?}"
                    );
                }
                let mut ids = HashSet::new();
                for g in &back.games {
                    prop_assert!(backup::valid_id(&g.id), "{}", g.id);
                    prop_assert!(ids.insert(g.id.clone()), "{} twice", g.id);
                    prop_assert!(g.record.replay().is_ok(), "{} does not replay", g.id);
                }
                let mut last = 0;
                for d in &back.damaged {
                    prop_assert!(d.position > last, "{:?}", back.damaged);
                    last = d.position;
                    prop_assert!(!d.reason.trim().is_empty(), "{d:?}");
                    let shown = d.to_string();
                    prop_assert!(
                        shown.starts_with(&format!("Game {}", d.position)),
                        "{shown}"
                    );
                }
                // What was read writes a backup that reads back the same games, none damaged.
                let again = backup::export(
                    back.games
                        .iter()
                        .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
                    T,
                );
                let back_again = backup::parse(&again);
                prop_assert!(back_again.is_ok(), "{:?}", back_again);
                let back_again = back_again.unwrap();
                prop_assert_eq!(&back_again.games, &back.games);
                prop_assert!(back_again.damaged.is_empty());
                Ok(if back.damaged.is_empty() {
                    "read whole".to_string()
                } else {
                    format!("read with {} damaged", back.damaged.len().min(2))
                })
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// A backup with anything wrong is read or refused as `serde_json` reads the same
        /// text, never a panic: refused with a sentence that says why; read with each entry of
        /// its list of games imported or reported, every game imported well formed (an id this
        /// app makes, used once, a record that replays) and written again as it was read.
        #[test]
        fn any_text_is_read_or_refused(text in damaged_backup()) {
            read_and_check(&text)?;
        }
    }

    /// The damaged backups above reach every way the reader can go, and games reported for
    /// many different reasons: they are not refused at their first character.
    #[test]
    fn damaged_backups_reach_every_way_the_reader_goes() {
        let mut runner = TestRunner::new_with_rng(
            Config {
                failure_persistence: None,
                ..Config::default()
            },
            TestRng::deterministic_rng(RngAlgorithm::ChaCha),
        );
        let strategy = damaged_backup();
        let mut ways: BTreeMap<String, usize> = BTreeMap::new();
        let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
        for _ in 0..500 {
            let text = strategy.new_tree(&mut runner).expect("a file").current();
            let way = read_and_check(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            *ways.entry(way).or_default() += 1;
            if let Ok(back) = backup::parse(&text) {
                for d in back.damaged {
                    // The reason's first words, without the id or name it quotes.
                    let unquoted: String = d
                        .reason
                        .split('“')
                        .map(|part| part.split_once('”').map_or(part, |(_, after)| after))
                        .collect();
                    let words: Vec<&str> = unquoted.split_whitespace().take(4).collect();
                    *reasons.entry(words.join(" ")).or_default() += 1;
                }
            }
        }
        for way in [
            "read whole",
            "read with 1 damaged",
            "read with 2 damaged",
            "NotJson",
            "NotABackup",
            "NewerVersion",
            "NoGames",
        ] {
            assert!(ways.get(way).is_some_and(|&n| n >= 3), "{way}: {ways:?}");
        }
        assert!(reasons.len() >= 6, "{reasons:#?}");
    }
}
