//! Real photos of real boards, read as the app reads them: upright, no longer than 1280 pixels a
//! side. The photos are not committed: `scripts/fetch-photos.sh` brings them into
//! `tests/fixtures/photos-real/` (or `$PHOTOS_REAL`), and `photo_real_common::root` runs it
//! when that folder is empty; the photos absent, these tests fail and say how to bring them. One board read with
//! no tap (a hand over its near edge); one whose corners the reader is not sure of, which reads exactly once the corners
//! are placed where the label has them; every one read at the game's size, never another; and
//! a floor with no board refused. `benches/photo.rs` measures the whole collection.

mod photo_real_common;
use photo_real_common as photo_real;

use photo_real_common::{load, needed, score};
use scorekeeper::core::photo::{PhotoRefusal, read_at_corners, read_photo};

/// The MIT-licensed photos of goban_to_sgf, kifu-cam and kifu-recorder(-tests) these tests read.
const NAMED: [&str; 10] = [
    "goban_to_sgf/badangleleft",
    "goban_to_sgf/badangleright",
    "goban_to_sgf/cornersnumbered",
    "goban_to_sgf/emptyreal",
    "goban_to_sgf/full",
    "goban_to_sgf/occludededge",
    "kifu-cam/board01",
    "kifu-cam/board06",
    "kifu-recorder-tests/empty-19-webcam",
    "kifu-recorder/imagem4",
];

fn photo(name: &str) -> photo_real::Real {
    let (set, file) = name.split_once('/').expect("set/name");
    let label = needed().join(set).join(format!("{file}.txt"));
    load(set, &label).unwrap_or_else(|| {
        panic!(
            "{name}: the photo or its label is absent from {} (scripts/fetch-photos.sh brings it)",
            label.display()
        )
    })
}

#[test]
fn a_board_with_a_hand_over_its_edge_reads_with_no_tap() {
    let p = photo("goban_to_sgf/occludededge");
    let reading = read_photo(&p.rgba, p.width, p.height, Some(p.game)).expect("read");
    assert!(reading.corners_sure);
    // Every point right, or marked for a look (here one point is, by this test's scaling; in the
    // browser, whose scaling differs, none: `tests/e2e/photo-real.spec.mjs`).
    let s = score(&p, &reading);
    assert!(s.trustworthy(), "{s:?}");
}

#[test]
fn corners_not_found_surely_are_asked_and_the_board_reads_at_the_corners_placed() {
    let p = photo("kifu-cam/board06");
    let reading = read_photo(&p.rgba, p.width, p.height, Some(p.game)).expect("read");
    assert!(
        !reading.corners_sure,
        "the reader is not sure of this board's corners"
    );
    let placed = read_at_corners(&p.rgba, p.width, p.height, p.game, p.corners).expect("read");
    assert!(placed.corners_sure, "corners placed by a person are known");
    let s = score(&p, &placed);
    assert_eq!((s.misread, s.hidden), (0, 0), "{s:?}");
}

#[test]
fn every_board_is_read_at_the_games_size_and_a_floor_with_no_board_is_refused() {
    for name in NAMED {
        let p = photo(name);
        match read_photo(&p.rgba, p.width, p.height, Some(p.game)) {
            Ok(reading) => assert_eq!(reading.size, p.game, "{}", p.name),
            Err(e) => panic!("{}: refused {e:?}", p.name),
        }
    }
    // The floor below the board of goban_to_sgf's `emptyreal` (1000x1333), cut at y 985: a
    // parquet floor and the edges of two stone bowls, straight lines and wood but no board.
    let floor = needed().join("goban_to_sgf/emptyreal.jpg");
    let bytes = std::fs::read(&floor).unwrap_or_else(|e| panic!("{}: {e}", floor.display()));
    let (full, w, h) = photo_real::decode(&bytes).expect("decodes");
    let top = 985.min(h);
    let (rgba, h) = (full[top * w * 4..].to_vec(), h - top);
    assert_eq!(
        read_photo(&rgba, w, h, Some(19)),
        Err(PhotoRefusal::NoBoard)
    );
}
