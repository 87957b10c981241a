//! Writes what the point classifier learns from: for every labelled real photo (see
//! `tests/photo_real_common/mod.rs`), the inputs of each point (`core::photo::points`) at the label's
//! corners, and again at corners moved by up to a sixth of a cell with each crop moved a
//! little (as the grid a reader finds is), with the point's stone. Output, in `target/points/`:
//! `inputs.f32` (little-endian, `points::INPUTS` a point), `labels.txt` (one line a point:
//! set, photo, stone `X` `O` `.`, copy). `scripts/train-points.py` trains on them.
//! `cargo run --release --example point_crops`.

use std::fs;
use std::io::Write;

use scorekeeper::core::photo::point_inputs;

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

/// Copies of each photo: the label's corners, then this many moved ones.
const MOVED: usize = 4;

fn main() {
    let folder = photo_real::needed();
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/points");
    fs::create_dir_all(&out).expect("target/points");
    let mut inputs = fs::File::create(out.join("inputs.f32")).expect("inputs");
    let mut labels = fs::File::create(out.join("labels.txt")).expect("labels");
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut count = 0;
    for p in photo_real::all(&folder) {
        let n = p.game;
        let c = p.corners;
        let cell = ((c[1].0 - c[0].0).hypot(c[1].1 - c[0].1)
            + (c[2].0 - c[3].0).hypot(c[2].1 - c[3].1))
            / 2.0
            / (n as f64 - 1.0);
        for copy in 0..=MOVED {
            let corners = if copy == 0 {
                c
            } else {
                c.map(|(x, y)| (x + random() * cell / 6.0, y + random() * cell / 6.0))
            };
            let shifts: Vec<(f64, f64)> = (0..n * n)
                .map(|_| {
                    if copy == 0 {
                        (0.0, 0.0)
                    } else {
                        (random() * 0.08, random() * 0.08)
                    }
                })
                .collect();
            // Moved copies under another light too: each channel's gain and the brightness
            // changed, as a coloured lamp or a dim room change them.
            let rgba = if copy == 0 {
                p.rgba.clone()
            } else {
                let bright = 1.0 + 0.4 * random();
                let gains = [0, 1, 2].map(|_| (bright * (1.0 + 0.25 * random())) as f32);
                p.rgba
                    .chunks_exact(4)
                    .flat_map(|px| {
                        [
                            (f32::from(px[0]) * gains[0]).min(255.0) as u8,
                            (f32::from(px[1]) * gains[1]).min(255.0) as u8,
                            (f32::from(px[2]) * gains[2]).min(255.0) as u8,
                            255,
                        ]
                    })
                    .collect()
            };
            let Some(values) = point_inputs(&rgba, p.width, p.height, n, corners, &|k| shifts[k])
            else {
                eprintln!("{}/{}: no crops", p.set, p.name);
                continue;
            };
            for v in &values {
                inputs.write_all(&v.to_le_bytes()).unwrap();
            }
            for k in 0..n * n {
                let stone = p.rows[k / n][k % n];
                writeln!(labels, "{} {} {} {}", p.set, p.name, stone, copy).unwrap();
                count += 1;
            }
        }
    }
    println!("{count} points written to {}", out.display());
}
