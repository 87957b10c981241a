//! Prints, for each labelled real photo, the shape (`core::photo::locate::shape`) of the
//! label's grid and of the grid found, the lines beyond the found grid's ends, the fit's score,
//! margin and ends, and how far the found corners are from the label's (in cells): what the
//! limits `MOST_ASPECT`, `SURE_ASPECT` and `MOST_BEYOND` of `core::photo::locate` are read from.
//! `cargo run --release --example grid_shape`.

use scorekeeper::core::photo::find::{board_corners, wood_colour};
use scorekeeper::core::photo::lines::luma_of;
use scorekeeper::core::photo::locate::{beyond, locate, shape};
use scorekeeper::core::photo::picture::Picture;

#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;

fn main() {
    let root = photo_real::needed();
    for p in photo_real::all(&root) {
        let pic = Picture::from_rgba(&p.rgba, p.width, p.height).unwrap();
        let (w, h) = (pic.width, pic.height);
        let l = luma_of(&pic);
        let k = pic.scale as f64;
        let outline = wood_colour(&pic)
            .ok()
            .and_then(|wood| board_corners(&pic, &wood).ok());
        let label = shape(p.corners, p.width, p.height);
        let small = p.corners.map(|(x, y)| (x / k, y / k));
        let label_beyond = beyond((&l, w, h), small, p.game);
        let Some(f) = locate(&l, w, h, p.game, outline) else {
            println!(
                "{:<20} {:<32} label {:>5.2} {:>5.2} none",
                p.set, p.name, label.0, label_beyond
            );
            continue;
        };
        let found = shape(f.corners, w, h);
        let found_beyond = beyond((&l, w, h), f.corners, p.game);
        let off = photo_real::cells_off(&p, f.corners, k);
        println!(
            "{:<20} {:<32} label {:>5.2} {:>5.2} found {:>6.2} {:>5.2} score {:>5.2} margin {:>6.2} ended {:>5.2} off {:>6.2} {}",
            p.set,
            p.name,
            label.0,
            label_beyond,
            found.0,
            found_beyond,
            f.score,
            f.margin,
            f.ended,
            off,
            if f.sure { "sure" } else { "asked" }
        );
    }
}
