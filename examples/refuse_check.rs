//! Reads the JPEG files given and prints what the reader answers for a 19x19 game, and the grid
//! fit's score (a look, for choosing the no-board photo of the tests).
#[path = "../tests/photo_real_common/mod.rs"]
mod photo_real;
use scorekeeper::core::photo::{find, lines::luma_of, locate::locate, picture::Picture};
fn main() {
    for f in std::env::args().skip(1) {
        let bytes = std::fs::read(&f).unwrap();
        let (rgba, w, h) = photo_real::decode(&bytes).unwrap();
        let r = scorekeeper::core::photo::read_photo(&rgba, w, h, Some(19));
        let pic = Picture::from_rgba(&rgba, w, h).unwrap();
        let outline = find::wood_colour(&pic)
            .ok()
            .and_then(|wood| find::board_corners(&pic, &wood).ok());
        let l = luma_of(&pic);
        let alone = locate(&l, pic.width, pic.height, 19, None).map(|f| (f.score, f.margin));
        println!(
            "{f}: {:?} outline {:?} fit without outline {alone:?}",
            r.map(|r| r.corners_sure),
            outline.is_some()
        );
    }
}
