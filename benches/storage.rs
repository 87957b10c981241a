//! Storage benchmark: the record of 1,000 finished 19x19 tournament games (about 250 moves
//! each, every move entered on the board and pressed on the clock, passes, the count
//! confirmed) laid out as the app stores it, and what that takes of a browser's local storage.
//! Run with `cargo bench --bench storage`; it also writes the stored values to
//! `target/thousand-games.json`, which `bench/storage.mjs` loads into Chromium.

mod common;

use std::collections::HashMap;
use std::time::Instant;

use common::{XorShift, finished_game};
use scorekeeper::core::count::CountState;
use scorekeeper::core::history::SummaryCache;
use scorekeeper::core::store::layout::{self, GAME_PREFIX};

const GAMES: usize = 1_000;
/// The smallest local-storage quota of the major browsers: 5 MiB of UTF-16 text (Firefox and
/// Safari count characters; Chromium allows more). Keys count too.
const QUOTA_CHARS: usize = 5 * 1024 * 1024;

fn main() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let t = Instant::now();
    let start = 1_794_648_600_000i64;
    let games: Vec<_> = (0..GAMES)
        .map(|n| finished_game(&mut rng, n, start + n as i64 * 3_600_000))
        .collect();
    let events: usize = games.iter().map(|g| g.record.events().len()).sum();
    let finished = games
        .iter()
        .filter(|g| {
            let last = g.record.events().last().map_or(0, |e| e.at_ms);
            CountState::of(&g.record, last).is_ok_and(|c| c.result().is_some())
        })
        .count();
    println!(
        "generated {GAMES} games, {events} events ({:.0} per game), {finished} with a confirmed result, in {:.2?}",
        events as f64 / GAMES as f64,
        t.elapsed()
    );

    let t = Instant::now();
    let mut store: HashMap<String, String> = HashMap::new();
    for g in &games {
        // Stamped as a tab's write after one write per event, as a played game is.
        let stamp = layout::Stamp {
            writer: "1a2b3c4d".into(),
            seq: g.record.events().len() as u64,
        };
        store.extend(layout::encode_game(g, g.created_ms, &stamp).expect("encodes"));
    }
    let encode = t.elapsed();
    let chars: usize = store.iter().map(|(k, v)| k.len() + v.len()).sum();
    let per_game = chars as f64 / GAMES as f64;
    println!(
        "layout {}: {} keys, {chars} characters",
        layout::STORAGE_SCHEMA,
        store.len()
    );
    println!(
        "  bytes per game: {per_game:.0} characters ({:.0} bytes as UTF-16)",
        per_game * 2.0
    );
    println!(
        "  {GAMES} games take {:.1} % of a 5 MiB quota ({:.2}x room to spare)",
        100.0 * chars as f64 / QUOTA_CHARS as f64,
        QUOTA_CHARS as f64 / chars as f64
    );

    // The same games in layout 1 (events as JSON), for comparison.
    let v1: usize = games
        .iter()
        .map(|g| {
            g.record
                .events()
                .chunks(layout::CHUNK)
                .map(|c| serde_json::to_string(c).expect("json").len())
                .sum::<usize>()
        })
        .sum::<usize>()
        + store
            .iter()
            .filter(|(k, _)| k.starts_with(GAME_PREFIX))
            .map(|(k, v)| k.len() + v.len())
            .sum::<usize>();
    println!(
        "layout 1 (JSON events) would take {:.0} characters per game: {:.1}x as much, {:.0} % of the quota",
        v1 as f64 / GAMES as f64,
        v1 as f64 / chars as f64,
        100.0 * v1 as f64 / QUOTA_CHARS as f64
    );

    let t = Instant::now();
    let mut loaded = 0;
    for g in &games {
        let back = layout::load_game(|k| store.get(k).cloned(), &g.id).expect("loads");
        assert_eq!(back.game.record.events().len(), g.record.events().len());
        loaded += 1;
    }
    println!(
        "encoding all: {encode:.2?}; reading all {loaded} back: {:.2?}",
        t.elapsed()
    );

    let t = Instant::now();
    let mut cache = SummaryCache::new();
    let summaries = cache.summaries(
        games
            .iter()
            .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
        start + 1_000 * 3_600_000,
    );
    let first = t.elapsed();
    let t = Instant::now();
    let again = cache.summaries(
        games
            .iter()
            .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
        start + 1_000 * 3_600_000,
    );
    println!(
        "summaries for the game list: {first:.2?} for all {} the first time, {:.2?} from the cache",
        summaries.len(),
        t.elapsed()
    );
    assert_eq!(summaries.len(), again.len());
    let t = Instant::now();
    let mut next_visit = SummaryCache::new();
    next_visit.seed(cache.settled());
    let seeded = next_visit.summaries(
        games
            .iter()
            .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
        start + 1_000 * 3_600_000,
    );
    println!(
        "  on the next visit, from what the first kept: {:.2?} ({} replays)",
        t.elapsed(),
        next_visit.replays()
    );
    assert_eq!(seeded, summaries);

    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/target/thousand-games.json");
    let json = serde_json::to_string(&store).expect("json");
    // `target/` is not there when the build's target directory is elsewhere (CARGO_TARGET_DIR).
    let _ = std::fs::create_dir_all(concat!(env!("CARGO_MANIFEST_DIR"), "/target"));
    match std::fs::write(path, json) {
        Ok(()) => println!("stored values written to {path}"),
        Err(e) => println!("could not write {path}: {e}"),
    }
}
