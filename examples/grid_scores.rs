//! Prints, for each labelled real photo, the grid fit's score and margin and how far its
//! corners are from the label's (in cells), and the same for noise: what the limits of
//! `core::photo::locate` are chosen from. `cargo run --release --example grid_scores`.

use scorekeeper::core::photo::lines::luma_of;
use scorekeeper::core::photo::locate::locate;
use scorekeeper::core::photo::picture::Picture;

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

fn main() {
    let root = photo_real::needed();
    for p in photo_real::all(&root) {
        let pic = Picture::from_rgba(&p.rgba, p.width, p.height).unwrap();
        let l = luma_of(&pic);
        let k = pic.scale as f64;
        match locate(&l, pic.width, pic.height, p.game, None) {
            Some(f) => {
                let off = photo_real::cells_off(&p, f.corners, k);
                println!(
                    "{:<20} {:<32} score {:>7.3} margin {:>6.3} off {:>6.2} ended {:>6.2}",
                    p.set, p.name, f.score, f.margin, off, f.ended
                );
            }
            None => println!("{:<20} {:<32} none", p.set, p.name),
        }
    }
    // The floor below goban_to_sgf's `emptyreal`: no board.
    if let Ok(bytes) = std::fs::read(root.join("goban_to_sgf/emptyreal.jpg"))
        && let Some((full, w, h)) = photo_real::decode(&bytes)
    {
        let top = 985.min(h);
        let pic = Picture::from_rgba(&full[top * w * 4..], w, h - top).unwrap();
        let f = locate(&luma_of(&pic), pic.width, pic.height, 19, None);
        println!(
            "floor {w}x{}: {:?}",
            h - top,
            f.map(|f| (f.score, f.margin))
        );
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for (w, h) in [(640, 480), (1280, 960), (200, 150)] {
        let px: Vec<u8> = (0..w * h * 4)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        let pic = Picture::from_rgba(&px, w, h).unwrap();
        let f = locate(&luma_of(&pic), pic.width, pic.height, 19, None);
        println!("noise {w}x{h}: {:?}", f.map(|f| (f.score, f.margin)));
    }
}
