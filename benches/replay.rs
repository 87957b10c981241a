//! Replay benchmark: 1,000 random legal 19x19 games of about 250 moves (fixed seed), replayed
//! with this crate's core and with the `goban` crate, plus the time to count a final position.
//! Run with `cargo bench --bench replay`.

use std::hint::black_box;
use std::time::Instant;

use scorekeeper::core::count::score_board;
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::{Color, Game, Move, Point};

const GAMES: usize = 1_000;
const MOVES: usize = 250;

mod common;

use common::{XorShift, random_moves};

/// The best of three runs of `f`, to leave out warm-up and noise.
fn best_of_three(mut f: impl FnMut()) -> std::time::Duration {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn main() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let t = Instant::now();
    let games: Vec<Vec<Point>> = (0..GAMES).map(|_| random_moves(&mut rng, MOVES)).collect();
    let total_moves: usize = games.iter().map(Vec::len).sum();
    println!(
        "generated {GAMES} games, {total_moves} moves ({:.1} per game) in {:.2?}",
        total_moves as f64 / GAMES as f64,
        t.elapsed()
    );

    // Ours: Game::try_play with the full rules check (simple ko, suicide).
    let mut ours_captures = 0u64;
    let mut finals = Vec::with_capacity(GAMES);
    let ours = best_of_three(|| {
        ours_captures = 0;
        finals.clear();
        for moves in &games {
            let mut g = Game::new(Preset::Japanese.rules(), 19).expect("19x19");
            for &p in moves {
                let c = g.to_move();
                if g.try_play(c, Move::Play(p)).is_err() {
                    panic!("generated move refused");
                }
            }
            ours_captures += u64::from(g.captures(Color::Black) + g.captures(Color::White));
            finals.push(g);
        }
    });

    // Ours under natural situational superko (LGC): every position checked against the history.
    let ours_superko = best_of_three(|| {
        for moves in &games {
            let mut g = Game::new(Preset::Lgc2023.rules(), 19).expect("19x19");
            for &p in moves {
                let c = g.to_move();
                let _ = black_box(g.try_play(c, Move::Play(p)));
            }
            black_box(&g);
        }
    });

    // Ours through the record: events appended, then the whole log replayed.
    let records: Vec<GameRecord> = games
        .iter()
        .map(|moves| {
            let mut live = Live::start(GameSettings::new(Preset::Japanese, 19, Handicap::NONE), 0)
                .expect("settings");
            for (i, &p) in moves.iter().enumerate() {
                let c = live.game().to_move();
                live.play(i as i64, c, Move::Play(p)).expect("legal");
            }
            live.into_record()
        })
        .collect();
    let ours_record = best_of_three(|| {
        for rec in &records {
            black_box(rec.replay().expect("replay"));
        }
    });

    // goban: the same move lists with try_play under its Japanese rules.
    let mut goban_captures = 0u64;
    let mut goban_refused = 0usize;
    let goban_time = best_of_three(|| {
        goban_captures = 0;
        goban_refused = 0;
        for moves in &games {
            let mut g = goban::rules::game::Game::new(
                goban::rules::GobanSizes::Nineteen,
                goban::rules::JAPANESE,
            );
            for &p in moves {
                if g.try_play(goban::rules::Move::Play(p.x, p.y)).is_err() {
                    goban_refused += 1;
                }
            }
            let (b, w) = g.prisoners();
            goban_captures += u64::from(b + w);
        }
    });

    let per_move = |d: std::time::Duration| d.as_nanos() as f64 / total_moves as f64;
    println!(
        "ours  (Game::try_play, simple ko):      {ours:>10.2?}  {:>7.1} ns/move",
        per_move(ours)
    );
    println!(
        "ours  (Game::try_play, superko):        {ours_superko:>10.2?}  {:>7.1} ns/move",
        per_move(ours_superko)
    );
    println!(
        "ours  (GameRecord::replay of the log):  {ours_record:>10.2?}  {:>7.1} ns/move",
        per_move(ours_record)
    );
    println!(
        "goban (Game::try_play, JAPANESE):       {goban_time:>10.2?}  {:>7.1} ns/move",
        per_move(goban_time)
    );
    println!(
        "ratio ours/goban: {:.3} (try_play), {:.3} (record replay)",
        ours.as_secs_f64() / goban_time.as_secs_f64(),
        ours_record.as_secs_f64() / goban_time.as_secs_f64()
    );
    println!(
        "captured stones in all games: ours {ours_captures}, goban {goban_captures}; moves goban refused: {goban_refused}"
    );

    // Counting a final position (no dead stones marked).
    let t = Instant::now();
    let mut sum = 0u32;
    let rounds = 10;
    for _ in 0..rounds {
        for g in &finals {
            let s = black_box(score_board(g.board(), g.rules(), 7.5));
            sum = sum.wrapping_add(s.black.territory + s.white.territory);
        }
    }
    let counting = t.elapsed();
    println!(
        "scoring a 19x19 final position (territory and area): {:.2} µs each ({} counts, checksum {sum})",
        counting.as_secs_f64() * 1e6 / (rounds * GAMES) as f64,
        rounds * GAMES
    );
}
