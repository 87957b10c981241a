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

mod props {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// A backup cut short or with a byte changed anywhere never makes the reader panic, and
        /// every game it still accepts replays.
        #[test]
        fn a_damaged_file_never_panics_and_what_it_accepts_replays(
            cut in 0.0f64..1.0,
            at in 0.0f64..1.0,
            byte in 0u8..128,
        ) {
            let text = export(&phone());
            let mut bytes = text.into_bytes();
            let i = ((bytes.len() - 1) as f64 * at) as usize;
            bytes[i] = byte;
            let len = ((bytes.len() as f64) * cut) as usize;
            let damaged = String::from_utf8_lossy(&bytes[..len]).into_owned();
            if let Ok(back) = backup::parse(&damaged) {
                for g in &back.games {
                    prop_assert!(g.record.replay().is_ok());
                    prop_assert!(backup::valid_id(&g.id));
                }
            }
        }

        /// Any text at all is refused with a message or read, never a panic.
        #[test]
        fn any_text_is_read_or_refused(text in ".{0,200}") {
            if let Err(e) = backup::parse(&text) {
                prop_assert!(!e.to_string().is_empty());
            }
        }
    }
}
