//! Pairing benchmark: a McMahon round of 64 players (a large club tournament, what a director's
//! phone pairs between rounds) and of 700 players (a European Go Congress main tournament,
//! which OpenGotha pairs in parts of at most 600), each after three rounds played with random
//! results (fixed seed). Prints the time of the fourth round's pairing against its goal. Writes
//! both tournaments, three rounds in, as OpenGotha's files for the browser's benchmark
//! (`bench/pairing.mjs`).
//! Run with `cargo bench --bench pairing`.

use std::time::{Duration, Instant};

use scorekeeper::core::tournament::files::write_tournament;
use scorekeeper::core::tournament::pairing::pair_round;
use scorekeeper::core::tournament::{GameOutcome, GameResult, MAX_ROUNDS, Player, Tournament};

mod common;

use common::XorShift;

const CLUBS: [&str; 8] = [
    "Paris", "Lyon", "Berlin", "Hamburg", "Praha", "Brno", "Leiden", "Delft",
];
const COUNTRIES: [&str; 4] = ["FR", "DE", "CZ", "NL"];

/// `n` players from 20k to 5d, of eight clubs in four countries, McMahon with the bar at 3d.
fn field(n: usize, rng: &mut XorShift) -> Tournament {
    let mut t = Tournament {
        players: (0..n)
            .map(|i| {
                let club = rng.range(0, CLUBS.len() as i64) as usize;
                Player {
                    name: format!("Player{i:04}"),
                    first_name: "Bench".to_string(),
                    rank: rng.range(-20, 5) as i32,
                    rating: rng.range(100, 2500) as i32,
                    club: CLUBS[club].to_string(),
                    country: COUNTRIES[club / 2].to_string(),
                    ..Player::default()
                }
            })
            .collect(),
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    t.general.name = format!("Bench {n}");
    t.general.short_name = format!("bench{n}");
    t.general.number_of_rounds = 5;
    t
}

/// Pairs `round` and plays it: the player ranked higher wins two games in three.
fn play(t: &mut Tournament, round: u32, rng: &mut XorShift) -> Duration {
    let start = Instant::now();
    let p = pair_round(t, round).expect("the round pairs");
    let took = start.elapsed();
    for g in &p.games {
        let mut g = *g;
        let white_stronger = t.players[g.white].rank >= t.players[g.black].rank;
        let upset = rng.range(0, 3) == 0;
        g.result = GameResult {
            outcome: if white_stronger != upset {
                GameOutcome::WhiteWins
            } else {
                GameOutcome::BlackWins
            },
            by_default: false,
        };
        t.games.push(g);
    }
    t.byes[round as usize - 1] = p.bye;
    took
}

/// The fourth round's pairing time of an `n`-player field, the best of three, and the field
/// three rounds in.
fn fourth_round(n: usize) -> (Duration, Tournament) {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut t = field(n, &mut rng);
    for round in 1..=3 {
        play(&mut t, round, &mut rng);
    }
    let best = (0..3)
        .map(|_| {
            let start = Instant::now();
            let p = pair_round(&t, 4).expect("round 4 pairs");
            assert_eq!(p.games.len(), n / 2);
            start.elapsed()
        })
        .min()
        .unwrap_or_default();
    (best, t)
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench");
    let write = |name: &str, t: &Tournament| {
        let file = dir.join(name);
        if std::fs::create_dir_all(&dir)
            .and_then(|()| std::fs::write(&file, write_tournament(t)))
            .is_ok()
        {
            println!("  written for the browser's benchmark: {}", file.display());
        }
    };
    let (small, t) = fourth_round(64);
    println!(
        "64-player McMahon round (round 4): {:.1} ms natively",
        small.as_secs_f64() * 1e3
    );
    write("mcmahon64.xml", &t);
    let (large, t) = fourth_round(700);
    println!(
        "700-player McMahon round (round 4): {:.2} s natively (goal: within 10 s) {}",
        large.as_secs_f64(),
        if large.as_secs_f64() <= 10.0 {
            "ok"
        } else {
            "OVER"
        }
    );
    write("mcmahon700.xml", &t);
}
