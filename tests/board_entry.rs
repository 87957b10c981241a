//! Board entry: painting a position from a real board, lid prisoners, stepping through a
//! record, the drawn board's geometry, and the taps a finished position takes.

use scorekeeper::core::geometry::{self, Tap};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::setup::{self, Brush};
use scorekeeper::core::{Color, Move, PlayError, Point, browse};

use Color::{Black, White};

fn p(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

fn record(preset: Preset, size: u8) -> GameRecord {
    GameRecord::new(GameSettings::new(preset, size, Handicap::NONE)).unwrap()
}

fn append(r: &mut GameRecord, event: Event) {
    let mut live = Live::load(r.clone()).unwrap();
    live.append(0, event).unwrap();
    *r = live.into_record();
}

fn play(r: &mut GameRecord, color: Color, s: &str) -> Result<(), PlayError> {
    play_move(r, color, Move::Play(p(s)))
}

fn play_move(r: &mut GameRecord, color: Color, mv: Move) -> Result<(), PlayError> {
    let mut live = Live::load(r.clone()).unwrap();
    live.play(0, color, mv)?;
    *r = live.into_record();
    Ok(())
}

#[test]
fn a_tap_paints_the_brush_and_a_second_tap_takes_the_stone_off() {
    assert_eq!(setup::stroke_stone(Brush::Black, None), Some(Black));
    assert_eq!(setup::stroke_stone(Brush::Black, Some(White)), Some(Black));
    assert_eq!(setup::stroke_stone(Brush::Black, Some(Black)), None);
    assert_eq!(setup::stroke_stone(Brush::White, Some(White)), None);
    assert_eq!(setup::stroke_stone(Brush::Empty, Some(White)), None);
}

#[test]
fn painting_is_an_event_that_replays_and_undoes() {
    let mut r = record(Preset::Japanese, 9);
    let g = r.replay().unwrap();
    let e = setup::paint_event(
        g.board(),
        &[p("aa"), p("ba"), p("aa"), p("zz")],
        Some(Black),
    )
    .expect("two points change");
    assert_eq!(
        e,
        Event::StonesPainted {
            points: vec![p("aa"), p("ba")],
            stone: Some(Black)
        }
    );
    append(&mut r, e);
    let g = r.replay().unwrap();
    assert_eq!(g.board().get(p("ba")), Some(Black));
    // Painting what is already there changes nothing and makes no event.
    assert_eq!(setup::paint_event(g.board(), &[p("aa")], Some(Black)), None);
    append(
        &mut r,
        setup::paint_event(g.board(), &[p("ba")], Some(White)).unwrap(),
    );
    assert_eq!(r.replay().unwrap().board().get(p("ba")), Some(White));
    let mut live = Live::load(r.clone()).unwrap();
    live.undo();
    let mut r = live.into_record();
    assert_eq!(r.replay().unwrap().board().get(p("ba")), Some(Black));
    // Clearing empties every point in one event.
    let g = r.replay().unwrap();
    append(&mut r, setup::clear_event(g.board()).unwrap());
    let g = r.replay().unwrap();
    assert_eq!(g.board().stones().count(), 0);
    assert_eq!(setup::clear_event(g.board()), None);
}

#[test]
fn painting_keeps_the_turn_and_ends_a_ko() {
    let mut r = record(Preset::Japanese, 9);
    for (c, s) in [
        (Black, "dc"),
        (White, "ec"),
        (Black, "cd"),
        (White, "fd"),
        (Black, "de"),
        (White, "ee"),
        (Black, "ed"),
        (White, "dd"),
    ] {
        play(&mut r, c, s).unwrap();
    }
    assert!(matches!(
        play(&mut r, Black, "ed"),
        Err(PlayError::Ko { .. })
    ));
    let g = r.replay().unwrap();
    append(
        &mut r,
        setup::paint_event(g.board(), &[p("aa")], Some(White)).unwrap(),
    );
    let g = r.replay().unwrap();
    assert_eq!(g.to_move(), Black);
    assert_eq!(g.ko_point(), None);
    play(&mut r, Black, "ed").unwrap();
}

#[test]
fn a_paint_off_the_board_is_refused_whole() {
    let mut live = Live::load(record(Preset::Japanese, 9)).unwrap();
    let bad = Event::StonesPainted {
        points: vec![p("aa"), p("zz")],
        stone: Some(Black),
    };
    assert!(live.append(0, bad).is_err());
    assert!(live.record().events().is_empty());
    assert_eq!(live.game().board().get(p("aa")), None);
}

#[test]
fn handicap_stones_are_painted_on_the_customary_points() {
    let r = record(Preset::Aga, 19);
    let g = r.replay().unwrap();
    let Some(Event::StonesPainted { points, stone }) = setup::handicap_event(g.board(), 4).unwrap()
    else {
        panic!("an event");
    };
    assert_eq!(stone, Some(Black));
    assert_eq!(points.len(), 4);
    assert!(points.contains(&p("dd")) && points.contains(&p("pp")));
    assert!(setup::handicap_event(g.board(), 10).is_err());
}

#[test]
fn lid_prisoners_are_set_with_steppers_and_never_below_zero() {
    let mut r = record(Preset::Japanese, 19);
    append(&mut r, setup::prisoners_event([0, 0], White, 1));
    append(&mut r, setup::prisoners_event([0, 1], White, 1));
    append(&mut r, setup::prisoners_event([0, 2], Black, -1));
    let g = r.replay().unwrap();
    assert_eq!(g.prisoners(Black), 0);
    assert_eq!(g.prisoners(White), 2);
    // Captures in later play add to the counted lids.
    let e = setup::prisoners_event([g.prisoners(Black), g.prisoners(White)], Black, 5);
    assert_eq!(e, Event::PrisonersCounted { black: 5, white: 2 });
}

#[test]
fn lid_counts_include_the_pass_stones_already_handed_over() {
    // AGA rules hand a stone over for each pass.
    let mut live = Live::load(record(Preset::Aga, 9)).unwrap();
    live.play(0, Black, Move::Pass).unwrap();
    assert_eq!(live.game().prisoners(White), 1);
    let mut r = live.into_record();
    append(&mut r, Event::PrisonersCounted { black: 3, white: 4 });
    let g = r.replay().unwrap();
    assert_eq!((g.prisoners(Black), g.prisoners(White)), (3, 4));
    assert_eq!(g.pass_stones(White), 1);
}

#[test]
fn stepping_through_shows_each_position_and_its_move_numbers() {
    let mut r = record(Preset::Japanese, 9);
    play(&mut r, Black, "cc").unwrap();
    play(&mut r, White, "gg").unwrap();
    play_move(&mut r, Black, Move::Pass).unwrap();
    play(&mut r, White, "cg").unwrap();
    assert_eq!(browse::move_count(&r), 4);
    assert_eq!(browse::events_through(&r, 0), 0);
    assert_eq!(browse::events_through(&r, 2), 2);
    let after_two = browse::game_after(&r, 2).unwrap();
    assert_eq!(after_two.board().get(p("gg")), Some(White));
    assert_eq!(after_two.board().get(p("cg")), None);
    let all = browse::game_after(&r, r.events().len()).unwrap();
    let numbers = browse::move_numbers(&r, r.events().len(), all.board());
    let at = |s: &str| numbers[all.board().index(p(s)).unwrap()];
    assert_eq!(at("cc"), Some(1));
    assert_eq!(at("gg"), Some(2));
    assert_eq!(at("cg"), Some(4), "the pass counts as move 3");
    assert_eq!(at("aa"), None);
}

#[test]
fn a_touch_lands_on_the_nearest_intersection() {
    // 9x9: lines at 10, 20, ... 90 in a drawing 100 wide.
    assert_eq!(geometry::extent(9), 100.0);
    assert_eq!(geometry::nearest_point(9, 0.10, 0.10), Some(p("aa")));
    assert_eq!(geometry::nearest_point(9, 0.14, 0.06), Some(p("aa")));
    assert_eq!(geometry::nearest_point(9, 0.16, 0.10), Some(p("ba")));
    assert_eq!(geometry::nearest_point(9, 0.93, 0.93), Some(p("ii")));
    assert_eq!(geometry::nearest_point(9, 0.0, 0.5), Some(p("ae")));
    assert_eq!(geometry::nearest_point(9, 0.01, 0.99), Some(p("ai")));
    assert_eq!(geometry::nearest_point(9, -0.01, 0.5), None);
    assert_eq!(geometry::nearest_point(9, 1.2, 0.5), None);
    assert_eq!(geometry::nearest_point(9, f64::NAN, 0.5), None);
    // Touch areas tile the whole drawing: edge points reach into the margin.
    assert_eq!(geometry::hit_span(0, 9), (0.0, 15.0));
    assert_eq!(geometry::hit_span(4, 9), (45.0, 10.0));
    assert_eq!(geometry::hit_span(8, 9), (85.0, 15.0));
}

#[test]
fn star_points_labels_and_keyboard_steps() {
    assert_eq!(geometry::star_points(19).len(), 9);
    assert!(geometry::star_points(19).contains(&p("dp")));
    assert_eq!(geometry::star_points(13).len(), 5);
    assert_eq!(geometry::star_points(9).len(), 5);
    assert!(geometry::star_points(9).contains(&p("cc")));
    assert_eq!(geometry::column_label(8), "J");
    assert_eq!(geometry::row_label(0, 19), "19");
    assert_eq!(
        geometry::point_label(p("dp"), 19, Some(Black)),
        "D4, black stone"
    );
    assert_eq!(geometry::point_label(p("aa"), 9, None), "A9, empty");
    assert_eq!(geometry::step(p("aa"), -1, 0, 9), p("aa"));
    assert_eq!(geometry::step(p("aa"), 1, 1, 9), p("bb"));
    assert_eq!(geometry::step(p("ii"), 1, 0, 9), p("ii"));
}

#[test]
fn tap_to_confirm_shows_a_ghost_first() {
    assert_eq!(geometry::tap(p("dd"), None, false), Tap::Play(p("dd")));
    assert_eq!(geometry::tap(p("dd"), None, true), Tap::Ghost(p("dd")));
    assert_eq!(
        geometry::tap(p("dd"), Some(p("dd")), true),
        Tap::Play(p("dd"))
    );
    assert_eq!(
        geometry::tap(p("de"), Some(p("dd")), true),
        Tap::Ghost(p("de"))
    );
}

#[test]
fn entry_cost_counts_taps_and_strokes() {
    let mut r = record(Preset::Japanese, 9);
    let g = r.replay().unwrap();
    // A black wall along row 3 and two white stones: 9 + 2 stones.
    let wall: Vec<Point> = (0..9).map(|x| Point::new(x, 3)).collect();
    append(
        &mut r,
        setup::paint_event(g.board(), &wall, Some(Black)).unwrap(),
    );
    let g = r.replay().unwrap();
    append(
        &mut r,
        setup::paint_event(g.board(), &[p("aa"), p("ca")], Some(White)).unwrap(),
    );
    let cost = setup::entry_cost(r.replay().unwrap().board());
    assert_eq!(cost.stones, 11);
    assert_eq!(cost.taps, 12);
    assert_eq!(cost.strokes, 1 + 2 + 1);
    assert_eq!(cost.chain_strokes, 1 + 2 + 1);
}

/// The moves of a game record in the simple `;B[pd];W[dd]` form (no variations, no passes).
fn moves_of(sgf: &str) -> Vec<(Color, Point)> {
    sgf.split(';')
        .filter_map(|node| {
            let node = node.trim();
            let color = match node.get(..2)? {
                "B[" => Black,
                "W[" => White,
                _ => return None,
            };
            Some((color, Point::from_sgf(node.get(2..4)?)?))
        })
        .collect()
}

#[test]
fn a_finished_professional_game_takes_266_taps_147_straight_strokes_or_44_traced_chains() {
    // Shusaku v Gennan Inseki, 1846 (the "ear-reddening game"), played to the end: B+2.
    let sgf = include_str!("fixtures/ear-reddening.sgf");
    let moves = moves_of(sgf);
    assert_eq!(moves.len(), 325);
    let mut live = Live::load(record(Preset::Japanese, 19)).unwrap();
    for (color, point) in moves {
        live.play(0, color, Move::Play(point))
            .unwrap_or_else(|e| panic!("{} at {}: {e}", color.name(), point.to_sgf()));
    }
    let g = live.game();
    let cost = setup::entry_cost(g.board());
    eprintln!(
        "final position: {} black, {} white; {} taps one stone at a time, {} straight strokes, {} chain strokes",
        g.board().count(Black),
        g.board().count(White),
        cost.taps,
        cost.strokes,
        cost.chain_strokes
    );
    // 134 black and 131 white stones: a tap each and one change of brush; a stroke along a
    // straight run of stones paints the run.
    assert_eq!((g.board().count(Black), g.board().count(White)), (134, 131));
    assert_eq!(cost.taps, 266);
    assert_eq!(cost.strokes, 147);
    // 43 chains: a finger tracing each chain without lifting paints it in one stroke.
    assert_eq!(cost.chain_strokes, 44);
}

/// A pass entered on the board while play is paused for the agreement on groups is refused in
/// the rules' words (LGC "Agreement and counting": play stops after two passes with White
/// last), not as a record that cannot take an event.
#[test]
fn a_board_pass_while_play_is_paused_is_refused_in_the_rules_words() {
    use scorekeeper::core::live::{BoardCommand, CommandError};
    let mut live = Live::load(record(Preset::Lgc2023, 9)).unwrap();
    live.play(1, Black, Move::Pass).unwrap();
    live.play(2, White, Move::Pass).unwrap();
    let before = live.record().clone();
    let refused = live
        .run(3, &BoardCommand::Pass { clock: false }.into())
        .unwrap_err();
    assert!(
        matches!(refused, CommandError::Play(PlayError::Paused)),
        "{refused:?}"
    );
    assert_eq!(live.record(), &before);
}
