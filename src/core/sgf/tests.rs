use super::*;
use crate::core::color::Color;
use crate::core::handicap::{Handicap, HandicapPlacement};
use crate::core::live::Live;
use crate::core::moves::Move;
use crate::core::point::Point;
use crate::core::preset::Preset;
use crate::core::record::{Event, GameRecord, GameSettings, MoveClock, TimedEvent};

fn events(r: &GameRecord) -> Vec<Event> {
    r.events().iter().map(|e| e.event.clone()).collect()
}

#[test]
fn a_game_with_times_comments_and_utf8_names_round_trips() {
    let mut settings = GameSettings::new(Preset::Lgc2023, 9, Handicap::NONE);
    settings.black = "Jérôme [B]".to_string();
    settings.white = "王 \\ 立誠".to_string();
    settings.created = "2026-11-22".to_string();
    settings.event = Some("LGC Monday".to_string());
    settings.round = Some("3".to_string());
    settings.place = Some("London".to_string());
    settings.time_control_sgf = Some("5x30 byo-yomi".to_string());
    settings.time_limit_sgf = Some("1800".to_string());
    settings.comment = Some("root ] comment".to_string());
    let mut live = Live::start(settings, 0).unwrap();
    let e = Event::StonePlayed {
        color: Color::Black,
        point: Point::new(4, 4),
        forced: false,
        clock: Some(MoveClock {
            time_left_ms: Some(1_799_250),
            overtime_left: None,
        }),
        comment: Some("tengen".to_string()),
    };
    live.append(5, e).unwrap();
    let e = Event::Passed {
        color: Color::White,
        clock: Some(MoveClock {
            time_left_ms: Some(30_000),
            overtime_left: Some(5),
        }),
        comment: None,
    };
    live.append(6, e).unwrap();
    live.play(7, Color::Black, Move::Resign).unwrap();
    let (rec, game) = (live.record().clone(), live.game().clone());
    let text = export(&rec);
    assert!(text.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7.5]RU[LGC 2023]"));
    assert!(text.contains("BL[1799.25]"), "{text}");
    assert!(text.contains("RE[W+R]"), "{text}");
    let back = import(&text).unwrap();
    assert_eq!(back.settings, rec.settings);
    assert_eq!(events(&back), events(&rec));
    assert_eq!(back.replay().unwrap(), game);
}

#[test]
fn custom_rules_and_free_handicap_round_trip() {
    let mut settings = GameSettings::new(
        Preset::Custom,
        13,
        Handicap {
            stones: 3,
            placement: HandicapPlacement::Free,
        },
    );
    settings.rules.suicide_allowed = true;
    settings.komi = -3.0;
    let mut live = Live::load(GameRecord::new(settings).unwrap()).unwrap();
    let points = vec![Point::new(0, 0), Point::new(5, 5), Point::new(12, 12)];
    live.append(0, Event::HandicapPlaced { points }).unwrap();
    live.play(1, Color::White, Move::Play(Point::new(1, 0)))
        .unwrap();
    let rec = live.record().clone();
    let text = export(&rec);
    assert!(text.contains("KM[-3]HA[3]RU[Custom]SKR["), "{text}");
    let back = import(&text).unwrap();
    assert_eq!(back.settings, rec.settings);
    assert_eq!(events(&back), events(&rec));
}

#[test]
fn fixed_handicap_and_tt_pass_are_read() {
    let rec = import("(;GM[1]FF[4]SZ[19]HA[2]AB[pd][dp]RU[Japanese];W[tt];B[dd])").unwrap();
    assert_eq!(rec.settings.handicap.stones, 2);
    assert_eq!(rec.settings.handicap.placement, HandicapPlacement::Fixed);
    assert_eq!(rec.settings.preset, Preset::Japanese);
    assert_eq!(rec.settings.komi, 0.5);
    let g = rec.replay().unwrap();
    assert_eq!(g.move_number(), 2);
    assert!(matches!(
        rec.events().get(1),
        Some(TimedEvent {
            event: Event::Passed { .. },
            ..
        })
    ));
    // On boards larger than 19, tt is a point.
    let rec = import("(;SZ[21];B[tt])").unwrap();
    assert!(matches!(
        rec.events().first().map(|e| &e.event),
        Some(Event::StonePlayed { .. })
    ));
}

#[test]
fn variations_keep_the_main_line() {
    let rec = import("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))").unwrap();
    let g = rec.replay().unwrap();
    assert_eq!(g.move_number(), 3);
    assert_eq!(g.board().get(Point::new(2, 2)), Some(Color::Black));
    assert_eq!(g.board().get(Point::new(4, 4)), None);
}

#[test]
fn errors_say_what_and_where() {
    let msg = |t: &str| import(t).unwrap_err().to_string();
    assert_eq!(
        msg("(;SZ[30])"),
        "Wrong board size SZ[30]: square boards from 5 to 25 are supported"
    );
    assert_eq!(
        msg("(;SZ[9];B[aa];W[jj])"),
        "Move 2 (W[jj]) is off the 9x9 board"
    );
    assert_eq!(
        msg("(;SZ[19];B[dp]\n;W[pd"),
        "The SGF text is cut off (it ends at line 2 in the middle of the game)"
    );
    assert!(msg("garbage").contains("not an SGF"));
    assert!(msg("(;GM[2])").contains("not a game of Go"));
    assert!(msg(&"(;".repeat(20_000)).contains("nested too deeply"));
}

#[test]
fn illegal_ko_in_a_file_is_kept_as_forced() {
    // Black captures in a ko and White retakes at once: illegal, but it was played.
    let text = "(;SZ[9]RU[Japanese]AB[bb][ac][bd]AW[cb][dc][cd][bc]PL[B];B[cc];W[bc])";
    let rec = import(text).unwrap();
    assert!(matches!(
        rec.events().last().map(|e| &e.event),
        Some(Event::StonePlayed { forced: true, .. })
    ));
    let g = rec.replay().unwrap();
    assert_eq!(g.illegal_moves().len(), 1);
}
