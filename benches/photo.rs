//! Reading boards from real photos: every labelled real photo (`tests/photo_real_common/mod.rs` says
//! where they come from) read as the app reads it, upright and at most 1280 pixels a side, for
//! a game of the label's size. Per set and in all: the boards read perfectly with no tap; the
//! trustworthy ones (every misread point marked unsure, at most 10 marks); the boards read
//! after the corners are placed by hand (the label's corners); points misread, misread and
//! not marked; photos refused; and the time per frame natively. A held-out split is printed
//! apart: the sets named in `HELD_OUT` were never looked at while the reader was tuned.
//! `cargo bench --bench photo`; `-- --list` prints each photo's line.

use std::collections::BTreeMap;
use std::time::Instant;

use scorekeeper::core::photo::{read_at_corners, read_photo};

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

use photo_real::{Score, all, root, score};

/// The sets kept out of the tuning: their figures predict photos not seen.
const HELD_OUT: &[&str] = &[
    "ahn-repo",
    "gowatcher",
    "kifu-cam",
    "kifu-recorder",
    "kifu-recorder-tests",
    "photokifu",
    "seegoban",
];

#[derive(Default)]
struct Tally {
    photos: usize,
    perfect: usize,
    trusty: usize,
    by_hand: usize,
    refused: usize,
    asked: usize,
    points: usize,
    misread: usize,
    hidden: usize,
    hand_misread: usize,
    hand_hidden: usize,
}

impl Tally {
    fn add(&mut self, s: Option<Score>, asked: bool, hand: Option<Score>) {
        self.photos += 1;
        self.asked += usize::from(asked);
        match s {
            // A reading whose corners are asked is held until the player places them: its
            // points count with the boards read by hand, not here.
            Some(s) if !asked => {
                self.perfect += usize::from(s.perfect());
                self.trusty += usize::from(s.trustworthy());
                self.points += s.points;
                self.misread += s.misread;
                self.hidden += s.hidden;
            }
            Some(_) => {}
            None => self.refused += 1,
        }
        if let Some(h) = hand {
            self.by_hand += usize::from(h.trustworthy());
            self.hand_misread += h.misread;
            self.hand_hidden += h.hidden;
        }
    }

    fn line(&self, name: &str) -> String {
        let pc = |k: usize| 100.0 * k as f64 / self.photos.max(1) as f64;
        format!(
            "{name:<22} {:>4} {:>4} ({:>3.0}%) {:>4} ({:>3.0}%) {:>4} ({:>3.0}%) {:>4} {:>4} {:>6} {:>5} {:>5} ({:.2}‰)",
            self.photos,
            self.perfect,
            pc(self.perfect),
            self.trusty,
            pc(self.trusty),
            self.by_hand,
            pc(self.by_hand),
            self.asked,
            self.refused,
            self.points,
            self.misread,
            self.hidden,
            1000.0 * self.hidden as f64 / self.points.max(1) as f64,
        )
    }
}

fn main() {
    let list = std::env::args().any(|a| a == "--list");
    let folder = match root() {
        Ok(folder) => folder,
        Err(e) => {
            println!("{e}\nNothing measured.");
            return;
        }
    };
    let photos = all(&folder);
    let mut sets: BTreeMap<String, Tally> = BTreeMap::new();
    let (mut seen, mut held, mut total) = (Tally::default(), Tally::default(), Tally::default());
    let mut frame_ms = Vec::new();
    for p in &photos {
        let start = Instant::now();
        let result = read_photo(&p.rgba, p.width, p.height, Some(p.game));
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if p.width.max(p.height) == 1280 {
            frame_ms.push(ms);
        }
        let asked = result.as_ref().is_ok_and(|r| !r.corners_sure);
        let s = result.as_ref().ok().map(|r| score(p, r));
        let hand = read_at_corners(&p.rgba, p.width, p.height, p.game, p.corners)
            .ok()
            .map(|r| score(p, &r));
        if list {
            match (&result, s) {
                (Ok(_), Some(s)) => println!(
                    "{:<20} {:<34} {:>4}x{:<4} misread {:>3} not marked {:>3} marked {:>3} corners {:>5.2} cells {}{} hand: misread {:>3} hidden {:>3} marked {:>3}  {:>5.0} ms",
                    p.set,
                    p.name,
                    p.width,
                    p.height,
                    s.misread,
                    s.hidden,
                    s.marked,
                    s.corner_off,
                    if s.perfect() {
                        "PERFECT"
                    } else if s.trustworthy() {
                        "trusty"
                    } else {
                        ""
                    },
                    if asked { " asked" } else { "" },
                    hand.map_or(0, |h| h.misread),
                    hand.map_or(0, |h| h.hidden),
                    hand.map_or(0, |h| h.marked),
                    ms
                ),
                (Err(e), _) => println!(
                    "{:<20} {:<34} {:>4}x{:<4} refused {e:?}  hand: misread {:>3} hidden {:>3} marked {:>3}  {:>5.0} ms",
                    p.set,
                    p.name,
                    p.width,
                    p.height,
                    hand.map_or(0, |h| h.misread),
                    hand.map_or(0, |h| h.hidden),
                    hand.map_or(0, |h| h.marked),
                    ms
                ),
                _ => {}
            }
        }
        sets.entry(p.set.clone()).or_default().add(s, asked, hand);
        if HELD_OUT.contains(&p.set.as_str()) {
            held.add(s, asked, hand);
        } else {
            seen.add(s, asked, hand);
        }
        total.add(s, asked, hand);
    }
    println!(
        "{:<22} {:>4} {:>11} {:>11} {:>11} {:>4} {:>4} {:>6} {:>5} {:>5}",
        "set",
        "photos",
        "perfect",
        "trustworthy",
        "by hand",
        "ask",
        "ref",
        "points",
        "wrong",
        "unmarked"
    );
    for (name, t) in &sets {
        println!("{}", t.line(name));
    }
    println!("{}", seen.line("tuned on"));
    println!("{}", held.line("held out"));
    println!("{}", total.line("all"));
    println!(
        "(perfect: corners found surely, no point misread, none marked; trustworthy: corners \
         found surely, every misread point marked, at most 10 marks; by hand: read at the \
         label's corners, trustworthy; ask: corners asked of the player; ref: refused; points, \
         wrong, unmarked: on the boards whose corners were found surely)"
    );
    if !frame_ms.is_empty() {
        frame_ms.sort_by(f64::total_cmp);
        println!(
            "time per frame of 1280 pixels natively: median {:.1} ms, slowest {:.1} ms ({} frames)",
            frame_ms[frame_ms.len() / 2],
            frame_ms[frame_ms.len() - 1],
            frame_ms.len()
        );
    }
}
