//! Times the reading of one real photo natively, as the app reads it (upright, at most 1280
//! pixels a side): `cargo run --release --example photo_time -- SET/NAME [RUNS]` prints the
//! median and best of the runs; under `perf record` it shows where the time goes.

use scorekeeper::core::photo::read_photo;

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

fn main() {
    let which = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "kifu-cam/board06".into());
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let (set, name) = which.split_once('/').expect("SET/NAME");
    let root = photo_real::needed();
    let p = photo_real::load(set, &root.join(set).join(format!("{name}.txt"))).expect("photo");
    let mut ms = Vec::new();
    for _ in 0..runs {
        let start = std::time::Instant::now();
        let r = read_photo(&p.rgba, p.width, p.height, Some(p.game));
        ms.push(start.elapsed().as_secs_f64() * 1e3);
        std::hint::black_box(r).ok();
    }
    ms.sort_by(f64::total_cmp);
    println!(
        "{which} {}x{}: median {:.1} ms, best {:.1} ms of {runs}",
        p.width,
        p.height,
        ms[ms.len() / 2],
        ms[0]
    );
}
