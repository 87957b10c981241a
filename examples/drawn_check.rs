//! Prints how each drawn photo of `tests/fixtures/photos/` reads now (a look, not a test).
#[path = "../tests/photo_common/mod.rs"]
mod photo_common;
use scorekeeper::core::photo::read_photo;
fn main() {
    for p in photo_common::photos() {
        let Some((rgba, w, h)) = &p.rgba else {
            continue;
        };
        match read_photo(rgba, *w, *h, p.game) {
            Ok(r) => {
                let rows = photo_common::rows(&r);
                let wrong = match &p.truth {
                    photo_common::Truth::Board(t) => t
                        .iter()
                        .zip(&rows)
                        .map(|(a, b)| a.chars().zip(b.chars()).filter(|(x, y)| x != y).count())
                        .sum::<usize>(),
                    _ => 999,
                };
                println!(
                    "{} sure {} misread {} unsure {}",
                    p.name,
                    r.corners_sure,
                    wrong,
                    r.unsure_count()
                );
            }
            Err(e) => println!("{} refused {e:?}", p.name),
        }
    }
}
