//! Reading boards from photos: every photo of `tests/fixtures/photos/` read, and printed
//! against the goals (90 % of boards read with no tap; at most 1 point in 1,000 misread and
//! not marked unsure), with the time per 1280x960 frame. `cargo bench --bench photo`;
//! `-- --signs` prints what the reader saw at each misread point.

use std::time::Instant;

use scorekeeper::core::photo::{read_photo, signs};

#[path = "../tests/photo_common/mod.rs"]
mod photo_common;

use photo_common::{Truth, photos, refusal_word, rows};

fn main() {
    let show = std::env::args().any(|a| a == "--signs");
    let stats = std::env::args().any(|a| a == "--stats");
    let mut by_class: [Vec<[f32; 4]>; 3] = Default::default();
    let (mut boards, mut perfect, mut points, mut misread, mut hidden, mut unsure) =
        (0, 0, 0, 0, 0, 0);
    let (mut refusals, mut refused_right) = (0, 0);
    let mut frame_times = Vec::new();
    for photo in photos() {
        let Some((rgba, w, h)) = &photo.rgba else {
            refusals += 1;
            refused_right += usize::from(photo.truth == Truth::Refuse("not-an-image".into()));
            println!("{:<22} not an image", photo.name);
            continue;
        };
        let start = Instant::now();
        let result = read_photo(rgba, *w, *h, photo.game);
        let ms = start.elapsed().as_secs_f64() * 1e3;
        if (*w, *h) == (1280, 960) {
            frame_times.push(ms);
        }
        match (&photo.truth, &result) {
            (Truth::Board(truth), Ok(reading)) => {
                boards += 1;
                let read = rows(reading);
                let mut wrong = 0;
                let mut wrong_hidden = 0;
                for (j, (t, r)) in truth.iter().zip(&read).enumerate() {
                    for (i, (a, b)) in t.chars().zip(r.chars()).enumerate() {
                        points += 1;
                        let p = reading.points[j * reading.size + i];
                        if a != b {
                            wrong += 1;
                            if !p.unsure {
                                wrong_hidden += 1;
                            }
                        }
                    }
                }
                if reading.size != truth.len() {
                    wrong += truth.len() * truth.len();
                    wrong_hidden += truth.len() * truth.len();
                    points += truth.len() * truth.len();
                }
                let marked = reading.unsure_count();
                unsure += marked;
                misread += wrong;
                hidden += wrong_hidden;
                perfect += usize::from(wrong == 0 && marked == 0);
                println!(
                    "{:<22} {}x{} read {:>2}x{:<2} misread {:>3} not marked {:>3} marked unsure {:>3} {:>6.1} ms",
                    photo.name, w, h, reading.size, reading.size, wrong, wrong_hidden, marked, ms
                );
                if stats && let Some((_, seen)) = signs(rgba, *w, *h, truth.len()) {
                    for (k, ch) in truth.concat().chars().enumerate() {
                        let c = match ch {
                            'X' => 0,
                            'O' => 1,
                            _ => 2,
                        };
                        let s = seen[k];
                        by_class[c].push([s.value, s.sat, s.cross, s.rise]);
                    }
                }
                if show && wrong > 0 {
                    print_signs(rgba, *w, *h, truth, &read);
                }
            }
            (Truth::Board(_), Err(e)) => {
                boards += 1;
                misread += 1;
                println!(
                    "{:<22} {}x{} refused: {:?} {:>6.1} ms",
                    photo.name, w, h, e, ms
                );
            }
            (Truth::Refuse(word), result) => {
                refusals += 1;
                let got = result.as_ref().err().map(refusal_word);
                refused_right += usize::from(got.as_deref() == Some(word.as_str()));
                println!(
                    "{:<22} {}x{} expected refusal {word}, got {got:?} {:>6.1} ms",
                    photo.name, w, h, ms
                );
                if show {
                    for n in [9, 13, 19] {
                        println!("    {:?}", signs(rgba, *w, *h, n).map(|s| s.0));
                    }
                }
            }
        }
    }
    if stats {
        for (name, mut list) in ["black", "white", "empty"].iter().zip(by_class) {
            for (f, label) in ["value", "sat", "cross", "rise"].iter().enumerate() {
                list.sort_by(|a, b| a[f].total_cmp(&b[f]));
                let q = |p: f64| list[((list.len() - 1) as f64 * p) as usize][f];
                println!(
                    "{name:<6} {label:<6} 0.1%{:>7.3} 1%{:>7.3} 10%{:>7.3} 50%{:>7.3} 90%{:>7.3} 99%{:>7.3} 99.9%{:>7.3}",
                    q(0.001),
                    q(0.01),
                    q(0.1),
                    q(0.5),
                    q(0.9),
                    q(0.99),
                    q(0.999)
                );
            }
        }
    }
    println!();
    println!(
        "boards read perfectly (no tap): {perfect} of {boards} ({:.0} %; goal 90 %)",
        100.0 * perfect as f64 / boards.max(1) as f64
    );
    println!("points misread: {misread} of {points}; marked unsure: {unsure}");
    println!(
        "misread and not marked unsure: {hidden} ({:.2} per 1,000 points; goal at most 1)",
        1000.0 * hidden as f64 / points.max(1) as f64
    );
    println!("negative photos refused with the right reason: {refused_right} of {refusals}");
    if !frame_times.is_empty() {
        let mean = frame_times.iter().sum::<f64>() / frame_times.len() as f64;
        println!(
            "time per 1280x960 frame natively: {mean:.1} ms (mean of {})",
            frame_times.len()
        );
    }
}

fn print_signs(rgba: &[u8], w: usize, h: usize, truth: &[String], read: &[String]) {
    let size = truth.len();
    let Some((grid, seen)) = signs(rgba, w, h, size) else {
        return;
    };
    println!("    grid {grid:?}");
    for (j, (t, r)) in truth.iter().zip(read).enumerate() {
        for (i, (a, b)) in t.chars().zip(r.chars()).enumerate() {
            if a != b {
                println!("    ({i},{j}) truth {a} read {b}: {:?}", seen[j * size + i]);
            }
        }
    }
}
