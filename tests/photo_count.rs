//! A real board's final position read from a photo and counted as a game entered on the phone:
//! a 19x19 game played with the phone as its clock only, ended by passes, its position read
//! from `tests/fixtures/photos/19-final-position.jpg` by the real reader, painted onto the
//! game's board with the set-up's events (`Event::StonesPainted`) and counted by the wizard.

mod count_common;
mod live_helper;
mod photo_common;

use count_common::*;
use live_helper::{execute, table_of};
use scorekeeper::core::clock::{TimeControl, TimeSystem};
use scorekeeper::core::count::{CountCommand, Phase, Tally};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::{BoardCommand, ClockCommand, Live};
use scorekeeper::core::photo::position::{breathless, strokes};
use scorekeeper::core::photo::read_photo;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::{Color, Point};

/// Cape Town's clock-only game: the starter's press, `moves` presses, passes until play stops.
fn clock_only(moves: u32) -> GameRecord {
    let mut s = GameSettings::new(Preset::CapeTown2005, 19, Handicap::NONE);
    s.time_control = Some(TimeControl::new(12 * 60_000, TimeSystem::SuddenDeath));
    let mut r = Live::start(s, 0).unwrap().into_record();
    let t = |r: &GameRecord| r.events().last().map_or(0, |e| e.at_ms) + 1_000;
    let starter = table_of(&r, 0).unwrap().starter();
    let at = t(&r);
    execute(&mut r, at, &ClockCommand::Press { by: starter }).unwrap();
    let mut to_move = Color::Black;
    for _ in 0..moves {
        let at = t(&r);
        execute(&mut r, at, &ClockCommand::Press { by: to_move }).unwrap();
        to_move = !to_move;
    }
    while state(&r).phase == Phase::Playing {
        let at = t(&r);
        execute(&mut r, at, &ClockCommand::Pass { by: to_move }).unwrap();
        to_move = !to_move;
    }
    r
}

fn read_position() -> Vec<Option<Color>> {
    let path = photo_common::folder().join("19-final-position.jpg");
    let (rgba, w, h) = photo_common::decode(&path).expect("the photo decodes");
    let reading = read_photo(&rgba, w, h, Some(19)).expect("the board is read");
    assert_eq!(reading.size, 19);
    assert_eq!(
        reading.unsure_count(),
        0,
        "nothing to look at on this photo"
    );
    reading.points.iter().map(|p| p.stone).collect()
}

/// The clock-only game of 200 moves ended by passes, its board painted to `position` with the
/// set-up's events as the app's "Use this position" paints it, confirmed by both players: the
/// result.
fn counted(position: &[Option<Color>]) -> Option<String> {
    let mut r = clock_only(200);
    assert_eq!(state(&r).phase, Phase::Counting);
    // The phone's board is empty: it does not hold the final position.
    assert!(state(&r).board_holds_position().is_err());
    assert!(
        breathless(position, 19).is_empty(),
        "a final position has no chain without liberty"
    );
    let live = Live::load(r.clone()).unwrap();
    for (points, stone) in strokes(live.game().board(), position).unwrap() {
        let at = r.events().last().unwrap().at_ms + 1_000;
        execute(&mut r, at, &BoardCommand::Paint { points, stone }).unwrap();
    }
    assert!(state(&r).board_holds_position().is_ok());
    run(
        &mut r,
        CountCommand::Confirm {
            color: Color::Black,
        },
    );
    run(
        &mut r,
        CountCommand::Confirm {
            color: Color::White,
        },
    );
    let count = state(&r);
    assert!(matches!(count.tally(), Tally::Board(_)));
    assert_eq!(count.phase, Phase::Locked);
    count.result()
}

#[test]
fn a_clock_only_game_is_counted_from_a_photo_of_its_board() {
    // Cape Town 10: "When the game has a natural ending counting is according to the normal
    // rules": territory, the komi (6.5, left to the tournament) to White.
    let mut position = read_position();
    // A tap on a point cycles it (empty, black, white, empty): one point changed and set back.
    position[0] = Some(Color::Black);
    position[0] = None;
    // Black's territory: 8 columns less 2 stones, 150; White's: 9 columns less 2, 169.
    assert_eq!(counted(&position).as_deref(), Some("W+25.5"));
}

#[test]
fn a_point_corrected_by_a_tap_is_counted_as_corrected() {
    // `tests/e2e/photo.spec.mjs` reads the same photo on the count screen and taps A19 (`aa`)
    // once, which makes it a Black stone in Black's own area: Black's territory is one point
    // less, 149 against White's 169 and the komi.
    let mut position = read_position();
    position[0] = Some(Color::Black);
    assert_eq!(counted(&position).as_deref(), Some("W+26.5"));
}

#[test]
fn a_chain_without_liberty_is_flagged() {
    let mut position = vec![None; 81];
    // A white stone in the corner surrounded by two black ones.
    position[0] = Some(Color::White);
    position[1] = Some(Color::Black);
    position[9] = Some(Color::Black);
    assert_eq!(breathless(&position, 9), vec![0]);
    position[1] = None;
    assert!(breathless(&position, 9).is_empty());
    // A position of another size gives no strokes.
    let board = scorekeeper::core::board::Board::new(9).unwrap();
    assert!(strokes(&board, &position[..80]).is_none());
    let black = strokes(&board, &position).unwrap();
    assert_eq!(
        black,
        vec![
            (vec![Point::new(0, 1)], Some(Color::Black)),
            (vec![Point::new(0, 0)], Some(Color::White))
        ]
    );
}
