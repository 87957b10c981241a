//! The index of the stored games the game list is drawn from: made from the records, the same
//! as a summary made by a replay; kept up to date on each save from the live game, with no
//! replay; read back from its stored lines; made again from the records when it is missing,
//! stale (a game saved by a build that keeps no index, or by another tab) or damaged, without
//! losing a game. Its stored layout has a fixture (`tests/fixtures/index/v1.txt`) made from
//! the store a real build wrote (`tests/fixtures/storage/v2-release.json`).

use std::collections::HashMap;

use scorekeeper::core::clock::{TimeControl, TimeSystem};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::history::{
    GameIndex, GameStatus, GameSummary, INDEX_PREFIX, IndexEntry, index_key,
};
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::live::{Command, Live};
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::store::layout::{GAME_PREFIX, load_game};
use scorekeeper::core::{Color, Preset};

/// 2026-11-21 00:00 UTC.
const NOV_21: i64 = 1_795_219_200_000;

/// A summary made by a replay, as the index gives it: the time to list the game again is when
/// its flag falls, not the end of a period before.
fn replayed(id: &str, created_ms: i64, record: &GameRecord, now: i64) -> GameSummary {
    let mut s = GameSummary::of(id, created_ms, record, now);
    if s.flag.is_some() {
        s.next_flag_ms = None;
    } else if s.clock_running {
        let mut at = now;
        while let Some(next) = GameSummary::of(id, created_ms, record, at).next_flag_ms {
            if GameSummary::of(id, created_ms, record, next).flag.is_some() {
                s.next_flag_ms = Some(next);
                break;
            }
            at = next;
        }
    }
    s
}

fn fixture(path: &str) -> String {
    let path = format!("{}/tests/fixtures/{path}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).expect("fixture")
}

/// The games of the store a real build wrote: a counted game, a resigned one, one whose clock
/// has not started and one whose clock runs.
fn release_games() -> Vec<StoredGame> {
    let store: HashMap<String, String> =
        serde_json::from_str(&fixture("storage/v2-release.json")).expect("fixture JSON");
    let mut ids: Vec<&str> = store
        .keys()
        .filter_map(|k| k.strip_prefix(GAME_PREFIX))
        .collect();
    ids.sort();
    ids.iter()
        .map(|id| {
            load_game(|k| store.get(k).cloned(), id)
                .expect("loads")
                .game
        })
        .collect()
}

fn list(games: &[StoredGame]) -> impl Iterator<Item = (&str, i64, &GameRecord)> {
    games
        .iter()
        .map(|g| (g.id.as_str(), g.created_ms, &g.record))
}

/// The time the fixture's store was written: after its last event.
fn fixture_now(games: &[StoredGame]) -> i64 {
    games
        .iter()
        .filter_map(|g| g.record.events().last().map(|e| e.at_ms))
        .max()
        .unwrap()
        + 2_000
}

/// The stored lines of an index, as the browser holds them.
fn stored(index: &mut GameIndex, store: &mut HashMap<String, String>) {
    let (set, removed) = index.take_writes();
    for (k, v) in set {
        store.insert(k, v);
    }
    for k in removed {
        store.remove(&k);
    }
}

/// The stored lines of an index made from `games` as of `now`.
fn indexed(games: &[StoredGame], now: i64) -> HashMap<String, String> {
    let mut index = GameIndex::new();
    index.summaries(list(games), None, now);
    let mut store = HashMap::new();
    stored(&mut index, &mut store);
    store
}

fn read(store: &HashMap<String, String>) -> GameIndex {
    GameIndex::read(store.iter().map(|(k, v)| (k.as_str(), v.as_str())))
}

#[test]
fn the_index_lists_every_game_as_a_replay_summarises_it() {
    let games = release_games();
    assert_eq!(games.len(), 4);
    let now = fixture_now(&games);
    let mut index = GameIndex::new();
    let listed = index.summaries(list(&games), None, now);
    assert_eq!(
        index.replays(),
        4,
        "an index made from nothing replays each game once"
    );
    for (summary, game) in listed.iter().zip(&games) {
        assert_eq!(
            *summary,
            replayed(&game.id, game.created_ms, &game.record, now)
        );
    }
    let by_black = |name: &str| listed.iter().find(|s| s.black == name).unwrap();
    assert_eq!(by_black("Ann Lee").result.as_deref(), Some("W+8.5"));
    assert_eq!(by_black("Mia Jansen").result.as_deref(), Some("B+R"));
    assert_eq!(by_black("Kai").status, GameStatus::InProgress);
    assert!(!by_black("Kai").clock_running);
    assert!(by_black("Jürgen Müller").clock_running);

    // Listed again: no replay.
    assert_eq!(index.summaries(list(&games), None, now + 1_000).len(), 4);
    assert_eq!(index.replays(), 4);
}

#[test]
fn the_stored_index_reads_back_and_lists_with_no_replay() {
    let games = release_games();
    let now = fixture_now(&games);
    let mut index = GameIndex::new();
    let first = index.summaries(list(&games), None, now);
    let mut store = HashMap::new();
    stored(&mut index, &mut store);
    assert_eq!(store.len(), 4);
    assert!(store.keys().all(|k| k.starts_with(INDEX_PREFIX)));

    let mut next_visit = read(&store);
    assert_eq!(next_visit.len(), 4);
    assert_eq!(next_visit.summaries(list(&games), None, now), first);
    assert_eq!(next_visit.replays(), 0, "the next visit replays nothing");
    assert_eq!(
        next_visit.take_writes(),
        (vec![], vec![]),
        "and writes nothing"
    );
}

/// The list as the app starts, before any record is read: the stored index alone gives every
/// game, newest first, as the records would.
#[test]
fn the_stored_index_alone_lists_every_game_newest_first() {
    let mut games = release_games();
    let now = fixture_now(&games);
    let store = indexed(&games, now);

    games.sort_by(|a, b| (b.created_ms, &b.id).cmp(&(a.created_ms, &a.id)));
    let from_records: Vec<GameSummary> = games
        .iter()
        .map(|g| replayed(&g.id, g.created_ms, &g.record, now))
        .collect();
    let listed = read(&store).listed(now);
    assert_eq!(listed.len(), 4);
    assert_eq!(listed, from_records);
    assert!(
        listed
            .windows(2)
            .all(|w| w[0].created_ms >= w[1].created_ms),
        "newest first"
    );
    assert!(GameIndex::new().listed(now).is_empty());
}

/// Layout 1 of the stored index keeps reading in later versions: the fixture was written from
/// the store of a real build, and lists those games as a replay does.
#[test]
fn the_fixture_of_layout_1_reads() {
    let games = release_games();
    let now = fixture_now(&games);
    let lines = fixture("index/v1.txt");
    let store: HashMap<String, String> = lines
        .lines()
        .map(|line| {
            let entry = IndexEntry::decode(line).expect("reads");
            (index_key(&entry.summary.id), line.to_string())
        })
        .collect();
    assert_eq!(store.len(), 4);
    let mut index = read(&store);
    let listed = index.summaries(list(&games), None, now);
    assert_eq!(index.replays(), 0);
    for (summary, game) in listed.iter().zip(&games) {
        assert_eq!(
            *summary,
            replayed(&game.id, game.created_ms, &game.record, now)
        );
    }
    // Written again, each line is the same.
    for line in lines.lines() {
        assert_eq!(IndexEntry::decode(line).unwrap().encode(), line);
    }
}

/// Writes the fixture of layout 1 from the release store: `cargo test --test history_index
/// -- --ignored write_the_fixture`.
#[test]
#[ignore]
fn write_the_fixture() {
    let games = release_games();
    let mut index = GameIndex::new();
    index.summaries(list(&games), None, fixture_now(&games));
    let text: String = games
        .iter()
        .map(|g| index.entry(&g.id).unwrap().encode() + "\n")
        .collect();
    let path = format!("{}/tests/fixtures/index/v1.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn timed_game() -> Live {
    let mut s = GameSettings::new(Preset::Lgc2023, 9, Handicap::NONE);
    s.black = "Ann\tTab".into();
    s.white = "Bo\\Back\nslash".into();
    s.time_control = Some(TimeControl::new(
        60_000,
        TimeSystem::ByoYomi {
            period_ms: 10_000,
            periods: 3,
        },
    ));
    Live::start(s, NOV_21).unwrap()
}

#[test]
fn each_save_updates_the_entry_from_the_live_game_with_no_replay() {
    let mut live = timed_game();
    let mut index = GameIndex::new();
    let mut store = HashMap::new();
    let mut at = NOV_21;
    for i in 0..12 {
        let by = if i % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        at += 3_000;
        live.run(at, &Command::from(ClockCommand::Press { by }))
            .unwrap();
        // What the app does on each save of the live game.
        index.saved("g", NOV_21, live.record(), live.count(), live.clock(), at);
        stored(&mut index, &mut store);
        let entry = IndexEntry::decode(&store[&index_key("g")]).unwrap();
        assert_eq!(entry, *index.entry("g").unwrap(), "read back as written");
        assert_eq!(
            entry.summary(at),
            replayed("g", NOV_21, live.record(), at),
            "the same as a replay after press {i}"
        );
    }
    assert_eq!(index.replays(), 0);
    // The list fits the saved record: no replay to draw it.
    let record = live.record().clone();
    let mut next = read(&store);
    next.summaries([("g", NOV_21, &record)], None, at);
    assert_eq!(next.replays(), 0);
    assert_eq!(next.entry("g").unwrap().summary.black, "Ann\tTab");
    assert_eq!(next.entry("g").unwrap().summary.white, "Bo\\Back\nslash");
}

#[test]
fn a_running_clock_shows_its_flag_once_it_falls_as_a_replay_would() {
    let mut live = timed_game();
    live.run(
        NOV_21,
        &Command::from(ClockCommand::Press { by: Color::White }),
    )
    .unwrap();
    let mut index = GameIndex::new();
    index.saved(
        "g",
        NOV_21,
        live.record(),
        live.count(),
        live.clock(),
        NOV_21,
    );
    let entry = index.entry("g").unwrap().clone();
    // 60 s main time and 3 periods of 10 s: the flag falls 90 s after Black's clock started.
    assert_eq!(
        entry.clock.as_ref().unwrap().flag_at_ms,
        Some(NOV_21 + 90_000)
    );
    for later in [0, 59_999, 60_000, 75_000, 89_999, 90_000, 120_000] {
        let now = NOV_21 + later;
        assert_eq!(
            entry.summary(now),
            replayed("g", NOV_21, live.record(), now),
            "{later} ms after the press"
        );
    }
    assert_eq!(entry.summary(NOV_21 + 90_000).flag, Some(Color::Black));
    assert!(entry.summary(NOV_21 + 89_999).flag.is_none());
}

#[test]
fn a_stale_missing_or_damaged_entry_is_made_again_and_no_game_is_lost() {
    let games = release_games();
    let now = fixture_now(&games);
    let mut store = indexed(&games, now);

    // A game saved since by a build that keeps no index (or another tab): one more event.
    let mut changed = games.clone();
    let running = changed
        .iter_mut()
        .find(|g| g.record.settings.black == "Jürgen Müller")
        .unwrap();
    let mut live = Live::load(running.record.clone()).unwrap();
    live.run(
        now,
        &Command::from(ClockCommand::Press { by: Color::White }),
    )
    .unwrap();
    running.record = live.into_record();
    // A name corrected there: the settings changed, not the events.
    changed
        .iter_mut()
        .find(|g| g.record.settings.black == "Kai")
        .unwrap()
        .record
        .settings
        .black = "Kai Larsen".into();
    // A game added there, with no entry.
    let mut added = games[1].clone();
    added.id = "added-elsewhere".into();
    changed.push(added);
    // A game deleted there: its entry is left.
    let gone = changed.remove(0);
    // And one entry damaged.
    let damaged = &games[1].id;
    store.insert(index_key(damaged), "1\tnot\tan entry".into());
    store.insert("sk.game.x".into(), "not an index key".into());
    // A damaged line of a game no longer stored.
    store.insert(index_key("gone-elsewhere"), "1\tgone".into());

    let mut index = read(&store);
    assert_eq!(index.unreadable(), 2);
    let listed = index.summaries(list(&changed), None, now + 5_000);
    assert_eq!(listed.len(), changed.len(), "every stored game is listed");
    for (summary, game) in listed.iter().zip(&changed) {
        assert_eq!(
            *summary,
            replayed(&game.id, game.created_ms, &game.record, now + 5_000)
        );
    }
    assert_eq!(
        index.replays(),
        4,
        "the changed, the renamed, the added and the damaged"
    );
    stored(&mut index, &mut store);
    assert!(
        !store.contains_key(&index_key(&gone.id)),
        "the deleted game's entry is dropped"
    );
    assert_eq!(
        store.keys().filter(|k| k.starts_with(INDEX_PREFIX)).count(),
        4
    );
    let mut again = read(&store);
    again.summaries(list(&changed), None, now + 5_000);
    assert_eq!(again.replays(), 0);
    assert_eq!(again.unreadable(), 0);
}

#[test]
fn an_entry_of_another_layout_or_cut_short_is_refused_in_words() {
    let games = release_games();
    let mut index = GameIndex::new();
    index.summaries(list(&games), None, fixture_now(&games));
    let line = index.entry(&games[0].id).unwrap().encode();
    assert!(IndexEntry::decode(&line).is_ok());
    let newer = format!("2{}", &line[1..]);
    assert!(IndexEntry::decode(&newer).unwrap_err().contains("layout"));
    let cut = &line[..line.len() / 2];
    assert!(IndexEntry::decode(cut).is_err());
    assert!(IndexEntry::decode("").is_err());
    // A line under another game's key is not taken for that game.
    let mut store = HashMap::new();
    store.insert(index_key("other"), line);
    assert_eq!(read(&store).len(), 0);
}

#[test]
fn the_games_are_read_at_start_unless_the_index_tells_all_of_them_finished() {
    let games = release_games();
    let now = fixture_now(&games);
    let store = indexed(&games, now);
    let ids: Vec<&str> = games.iter().map(|g| g.id.as_str()).collect();
    let finished: Vec<&str> = games
        .iter()
        .filter(|g| {
            GameSummary::of(&g.id, g.created_ms, &g.record, now).status == GameStatus::Finished
        })
        .map(|g| g.id.as_str())
        .collect();
    assert!(
        !finished.is_empty() && finished.len() < ids.len(),
        "the fixture holds finished games and games in progress"
    );

    // Games in progress: their records may be newer than their entries, so they are read.
    assert!(!read(&store).covers(&ids));
    // Only finished games, each with its entry: nothing to read.
    let mut only_finished = store.clone();
    for g in &games {
        if !finished.contains(&g.id.as_str()) {
            only_finished.remove(&index_key(&g.id));
        }
    }
    assert!(read(&only_finished).covers(&finished));
    // A stored game with no entry (saved by an earlier build, or another tab): read.
    let mut more = finished.clone();
    more.push("saved-elsewhere");
    assert!(!read(&only_finished).covers(&more));
    // An entry whose game is gone: read, so that the entry goes.
    assert!(!read(&only_finished).covers(&finished[1..]));
    // An entry that cannot be read: read.
    let mut damaged = only_finished.clone();
    damaged.insert(index_key(finished[0]), "1\tnot\tan entry".into());
    assert!(!read(&damaged).covers(&finished));
    // No game and no entry: nothing to read.
    assert!(GameIndex::new().covers(&[]));
}
