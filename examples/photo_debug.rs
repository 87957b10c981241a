//! Draws what the grid finder saw on one real photo: `cargo run --release --example photo_debug
//! -- SET/NAME` writes `target/debug-NAME.png` (the picture darkened, the ridge pixels, the two
//! families of lines, the grid found and the label's corners).

use scorekeeper::core::photo::lines::{families, hough, luma_of, ridges};
use scorekeeper::core::photo::locate::locate;
use scorekeeper::core::photo::picture::Picture;

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

fn main() {
    let which = std::env::args().nth(1).expect("SET/NAME");
    let (set, name) = which.split_once('/').expect("SET/NAME");
    let root = photo_real::needed();
    let p = photo_real::load(set, &root.join(set).join(format!("{name}.txt"))).expect("photo");
    let pic = Picture::from_rgba(&p.rgba, p.width, p.height).unwrap();
    let (w, h) = (pic.width, pic.height);
    let t = std::time::Instant::now();
    let l = luma_of(&pic);
    let t1 = t.elapsed();
    let r = ridges(&l, w, h);
    let t2 = t.elapsed();
    let lines = hough(&r, (w, h), 90, 0.05);
    let t3 = t.elapsed();
    let fams = families(&lines, w, h);
    let t4 = t.elapsed();
    let found = locate(&l, w, h, p.game, None);
    let t5 = t.elapsed();
    let _ = scorekeeper::core::photo::read_photo(&p.rgba, p.width, p.height, Some(p.game));
    let t6 = t.elapsed();
    println!(
        "luma {t1:?} ridges {:?} hough {:?} families {:?} ({} pairs) locate {:?} read_photo {:?}",
        t2 - t1,
        t3 - t2,
        t4 - t3,
        fams.len(),
        t5 - t4,
        t6 - t5
    );
    let fam = fams.into_iter().next();
    if let Some((a, b)) = &fam {
        let (a, b) = (
            scorekeeper::core::photo::locate::across(a, w, h),
            scorekeeper::core::photo::locate::across(b, w, h),
        );
        println!(
            "across {} {}; boxes {:?}",
            a.len(),
            b.len(),
            scorekeeper::core::photo::locate::boxes(&a, &b, w, h)
        );
    }
    println!(
        "{} lines; families {:?}; found {:?}",
        lines.len(),
        fam.as_ref().map(|(a, b)| (a.len(), b.len())),
        found
    );
    let mut img: Vec<[u8; 3]> = l
        .iter()
        .map(|&v| {
            let g = (v * 120.0) as u8;
            [g, g, g]
        })
        .collect();
    for (i, &v) in r.strength.iter().enumerate() {
        if v > 0.1 {
            img[i] = [0, (v * 400.0).min(255.0) as u8, 0];
        }
    }
    let draw_line = |img: &mut Vec<[u8; 3]>, a: f64, b: f64, c: f64, col: [u8; 3]| {
        for t in 0..(w.max(h) * 2) {
            let t = t as f64 - w.max(h) as f64 / 2.0;
            let (x0, y0) = (a * c, b * c);
            let (x, y) = (x0 - b * t, y0 + a * t);
            if x >= 0.0 && y >= 0.0 && (x as usize) < w && (y as usize) < h {
                img[y as usize * w + x as usize] = col;
            }
        }
    };
    for l in &lines {
        draw_line(&mut img, l.a, l.b, l.c, [60, 60, 160]);
    }
    if let Some((a, b)) = &fam {
        for l in a {
            draw_line(&mut img, l.a, l.b, l.c, [255, 0, 0]);
        }
        for l in b {
            draw_line(&mut img, l.a, l.b, l.c, [255, 160, 0]);
        }
    }
    let k = 1.0 / pic.scale as f64;
    let dot = |img: &mut Vec<[u8; 3]>, (x, y): (f64, f64), col: [u8; 3]| {
        for dy in -4i64..=4 {
            for dx in -4i64..=4 {
                let (xx, yy) = (x as i64 + dx, y as i64 + dy);
                if xx >= 0 && yy >= 0 && (xx as usize) < w && (yy as usize) < h {
                    img[yy as usize * w + xx as usize] = col;
                }
            }
        }
    };
    for c in p.corners {
        dot(&mut img, (c.0 * k, c.1 * k), [0, 255, 255]);
    }
    if let Some(f) = found {
        for c in f.corners {
            dot(&mut img, c, [255, 0, 255]);
        }
    }
    let out = format!("target/debug-{name}.png");
    let file = std::fs::File::create(&out).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w as u32, h as u32);
    enc.set_color(png::ColorType::Rgb);
    let mut wr = enc.write_header().unwrap();
    wr.write_image_data(&img.concat()).unwrap();
    println!("{out}");
}
