//! Random but realistic games for the benchmarks (a fixed seed, so every run sees the same).
#![allow(dead_code)]

use scorekeeper::core::clock::{TimeControl, TimeSystem};
use scorekeeper::core::count;
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::GameSettings;
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::{Color, Game, Move, Point};

/// A small fast generator.
pub struct XorShift(pub u64);

impl XorShift {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number from `lo` to `hi - 1`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo) as u64) as i64
    }
}

/// True when `p` is a one-point eye of `c` (all neighbours are `c`): random play fills no own
/// eyes, so groups live and die and captures happen.
pub fn own_eye(g: &Game, p: Point, c: Color) -> bool {
    g.board()
        .neighbour_points(p)
        .iter()
        .all(|&q| g.board().get(q) == Some(c))
}

/// About `moves` random legal 19x19 moves.
pub fn random_moves(rng: &mut XorShift, moves: usize) -> Vec<Point> {
    let mut g = Game::new(Preset::Japanese.rules(), 19).expect("19x19");
    let mut out = Vec::with_capacity(moves);
    let mut tries = 0;
    while out.len() < moves && tries < 20_000 {
        tries += 1;
        let p = Point::new((rng.next() % 19) as u8, (rng.next() % 19) as u8);
        let c = g.to_move();
        if own_eye(&g, p, c) {
            continue;
        }
        if g.try_play(c, Move::Play(p)).is_ok() {
            out.push(p);
        }
    }
    out
}

/// A finished 19x19 tournament game as the app records it: LGC rules, 60 minutes and 5 x 30 s
/// byo-yomi, each move entered on the board and then pressed on the clock after 3 to 40 s of
/// thought, two passes, and both players confirming the count.
pub fn finished_game(rng: &mut XorShift, n: usize, start_ms: i64) -> StoredGame {
    let mut settings = GameSettings::new(Preset::Lgc2023, 19, Handicap::NONE);
    settings.black = format!("Black player {n}");
    settings.white = format!("White player {n}");
    settings.event = Some("City Open".into());
    settings.round = Some(format!("{}", n % 6 + 1));
    settings.time_control = Some(TimeControl::new(
        3_600_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    ));
    let mut live = Live::start(settings, start_ms).expect("settings");
    let mut at = start_ms;
    let run = |live: &mut Live, at: i64, command: ClockCommand| {
        live.run(at, &command.into()).expect("command");
    };
    run(&mut live, at, ClockCommand::Press { by: Color::White });
    for p in random_moves(rng, 250) {
        let c = live.game().to_move();
        at += rng.range(3_000, 40_000);
        live.play(at, c, Move::Play(p)).expect("legal");
        at += rng.range(200, 1_500);
        run(&mut live, at, ClockCommand::Press { by: c });
    }
    for _ in 0..2 {
        at += rng.range(2_000, 20_000);
        let by = live.game().to_move();
        run(&mut live, at, ClockCommand::Pass { by });
    }
    for color in Color::BOTH {
        at += rng.range(20_000, 120_000);
        live.run(at, &count::CountCommand::Confirm { color }.into())
            .expect("confirm");
    }
    StoredGame {
        id: format!("{:x}-{n:08x}", start_ms),
        created_ms: start_ms,
        record: live.into_record(),
    }
}
