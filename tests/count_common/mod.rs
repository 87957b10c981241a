//! Helpers shared by the counting tests: records built from set-up positions and moves.
#![allow(dead_code)]

use crate::live_helper::execute;
use scorekeeper::core::count::{CountCommand, CountState};
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::live::Live;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::{Board, Color, Game, Point, Preset};

pub fn p(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

pub fn pts(list: &[&str]) -> Vec<Point> {
    list.iter().map(|s| p(s)).collect()
}

/// Reads rows of `X` (Black), `O` (White) and `.`, top row first.
pub fn stones(rows: &[&str]) -> (Vec<Point>, Vec<Point>) {
    let (mut b, mut w) = (Vec::new(), Vec::new());
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().filter(|c| !c.is_whitespace()).enumerate() {
            let pt = Point::new(x as u8, y as u8);
            match ch {
                'X' => b.push(pt),
                'O' => w.push(pt),
                _ => {}
            }
        }
    }
    (b, w)
}

pub fn board(rows: &[&str]) -> Board {
    let (b, w) = stones(rows);
    let mut g = Game::new(Preset::Japanese.rules(), rows.len() as u8).unwrap();
    g.set_up(&b, &w, Color::Black).unwrap();
    g.board().clone()
}

/// An empty record under `preset` on a `size` board, no clock.
pub fn empty(preset: Preset, size: u8, handicap: u8) -> GameRecord {
    let s = GameSettings::new(
        preset,
        size,
        Handicap {
            stones: handicap,
            placement: HandicapPlacement::Fixed,
        },
    );
    Live::start(s, 0).unwrap().into_record()
}

/// A record whose game starts from the position in `rows`, `to_move` first.
pub fn from_rows(preset: Preset, rows: &[&str], to_move: Color) -> GameRecord {
    let mut r = empty(preset, rows.len() as u8, 0);
    let (black, white) = stones(rows);
    push(
        &mut r,
        Event::StonesSetUp {
            black,
            white,
            to_move,
        },
    );
    r
}

/// Appends an event the game must accept.
pub fn push(r: &mut GameRecord, e: Event) {
    let mut live = Live::load(r.clone()).unwrap();
    let at = r.events().last().map_or(0, |e| e.at_ms) + 1000;
    live.append(at, e.clone())
        .unwrap_or_else(|err| panic!("{e:?} refused: {err}"));
    *r = live.into_record();
}

pub fn pass(r: &mut GameRecord, color: Color) {
    push(
        r,
        Event::Passed {
            color,
            clock: None,
            comment: None,
        },
    );
}

pub fn play(r: &mut GameRecord, color: Color, point: &str) {
    push(
        r,
        Event::StonePlayed {
            color,
            point: p(point),
            forced: false,
            clock: None,
            comment: None,
        },
    );
}

pub fn now(r: &GameRecord) -> i64 {
    r.events().last().map_or(0, |e| e.at_ms) + 1000
}

/// Runs a wizard command that must succeed; returns the events it appended.
pub fn run(r: &mut GameRecord, c: CountCommand) -> Vec<Event> {
    let at = now(r);
    execute(r, at, &c).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

/// Runs a wizard command that must fail; returns the message.
pub fn refuse(r: &mut GameRecord, c: CountCommand) -> String {
    let at = now(r);
    let before = r.clone();
    let err = execute(r, at, &c).expect_err("the command should be refused");
    assert_eq!(*r, before, "a refused command leaves the record unchanged");
    err.to_string()
}

pub fn state(r: &GameRecord) -> CountState {
    CountState::of(r, now(r)).unwrap()
}

/// Two walls on a 9x9 board: Black on column e, White on column f; a dead White stone at
/// `bb` in Black's area and a dead Black stone at `hh` in White's.
pub const WALLS_9: [&str; 9] = [
    "....XO...",
    ".O..XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO.X.",
    "....XO...",
];

/// Play paused under LGC after Black's and White's passes, on `WALLS_9`.
pub fn paused_lgc() -> GameRecord {
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Color::Black);
    pass(&mut r, Color::Black);
    pass(&mut r, Color::White);
    r
}
