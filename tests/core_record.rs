//! The game record: replay, undo, storage format and the illegal-move procedures of each preset,
//! each test quoting the clause it checks.

use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::{BoardCommand, Live};
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings, RECORD_SCHEMA, ReplayError};
use scorekeeper::core::{Color, Move, PlayError, Point};

use Color::{Black, White};

fn p(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

fn stone(color: Color, s: &str, forced: bool) -> Event {
    Event::StonePlayed {
        color,
        point: p(s),
        forced,
        clock: None,
        comment: None,
    }
}

/// A 9x9 game with a ko ready: Black captures at cc, after which White's retake at bc is illegal
/// at once.
fn ko_game(preset: Preset) -> Live {
    let mut live =
        Live::load(GameRecord::new(GameSettings::new(preset, 9, Handicap::NONE)).unwrap()).unwrap();
    let setup = Event::StonesSetUp {
        black: ["bb", "ac", "bd"].iter().map(|s| p(s)).collect(),
        white: ["cb", "dc", "cd", "bc"].iter().map(|s| p(s)).collect(),
        to_move: Black,
    };
    live.append(0, setup).unwrap();
    live.append(1, stone(Black, "cc", false)).unwrap();
    live
}

fn retake_illegally(live: &mut Live) {
    assert!(matches!(
        live.append(2, stone(White, "bc", false)),
        Err(ReplayError::BadEvent {
            error: PlayError::Ko { .. },
            ..
        })
    ));
    let out = live.append(2, stone(White, "bc", true)).unwrap().unwrap();
    assert!(matches!(out.illegal, Some(PlayError::Ko { .. })));
}

/// LGC, Illegal move: "If any illegal move is made and if this is noticed within three moves,
/// then the game must be unwound to the position just before the illegal move and play
/// continues from that point."
#[test]
fn lgc_illegal_move_noticed_within_three_moves_is_unwound() {
    let mut live = ko_game(Preset::Lgc2023);
    let before = live.game().clone();
    retake_illegally(&mut live);
    for (i, (c, s)) in [(Black, "gg"), (White, "gc"), (Black, "cg")]
        .iter()
        .enumerate()
    {
        live.play(3 + i as i64, *c, Move::Play(p(s))).unwrap();
    }
    let m = live
        .game()
        .can_unwind()
        .expect("noticed within three moves");
    assert_eq!(m.move_number, 2);
    assert_eq!(m.color, White);
    live.run(9, &BoardCommand::Unwind.into()).unwrap();
    assert_eq!(live.game(), &before);
    assert_eq!(&live.record().replay().unwrap(), live.game());
    assert_eq!(
        live.record().events().last().map(|e| &e.event),
        Some(&Event::Unwound { to_move_index: 1 })
    );
    // The unwound moves stay in the log for the referee.
    assert_eq!(live.record().cancelled_events(), vec![2, 3, 4, 5]);
    assert_eq!(live.record().events().len(), 7);
}

/// LGC, Illegal move: "If the illegal move is noticed after three moves, the game just continues
/// as it is."
#[test]
fn lgc_illegal_move_noticed_after_three_moves_stands() {
    let mut live = ko_game(Preset::Lgc2023);
    retake_illegally(&mut live);
    for (i, (c, s)) in [(Black, "gg"), (White, "gc"), (Black, "cg"), (White, "ee")]
        .iter()
        .enumerate()
    {
        live.play(3 + i as i64, *c, Move::Play(p(s))).unwrap();
    }
    assert!(live.game().can_unwind().is_none());
    assert!(live.run(9, &BoardCommand::Unwind.into()).is_err());
    assert_eq!(live.game().board().get(p("bc")), Some(White));
}

/// London Open rule 4: "If an illegal move is made and if this is noticed within three moves,
/// then the game must be unwound to the position just before the illegal move and the offender
/// then plays a legal move."
#[test]
fn london_open_offender_plays_again_after_unwinding() {
    let mut live = ko_game(Preset::LondonOpen);
    retake_illegally(&mut live);
    live.play(3, Black, Move::Play(p("gg"))).unwrap();
    live.run(4, &BoardCommand::Unwind.into()).unwrap();
    assert_eq!(live.game().to_move(), White);
    assert_eq!(live.game().move_number(), 1);
    assert!(live.game().illegal_moves().is_empty());
    assert!(
        live.game()
            .clone()
            .try_play(White, Move::Play(p("bc")))
            .is_err(),
        "still ko"
    );
    live.play(5, White, Move::Play(p("gc"))).unwrap();
    assert_eq!(&live.record().replay().unwrap(), live.game());
}

/// Dutch rule 8: "If an illegal move has been answered it counts as legal. This also applies to
/// suicide moves."
#[test]
fn dutch_answered_illegal_move_counts_as_legal_even_suicide() {
    let mut live = Live::load(
        GameRecord::new(GameSettings::new(Preset::DutchLightning, 9, Handicap::NONE)).unwrap(),
    )
    .unwrap();
    let setup = Event::StonesSetUp {
        black: vec![p("ca"), p("bb"), p("ab")],
        white: vec![p("ba")],
        to_move: White,
    };
    live.append(0, setup).unwrap();
    let out = live.append(1, stone(White, "aa", true)).unwrap().unwrap();
    assert!(matches!(out.illegal, Some(PlayError::Suicide { .. })));
    assert_eq!(out.suicide_removed, 2);
    assert_eq!(
        live.game().captures(Black),
        2,
        "the suicided stones are Black's prisoners"
    );
    assert!(
        live.game().can_remove_illegal().is_some(),
        "not answered yet"
    );
    assert!(
        live.game().can_unwind().is_none(),
        "Dutch rules do not unwind"
    );
    live.play(2, Black, Move::Play(p("ee"))).unwrap();
    assert!(
        live.game().can_remove_illegal().is_none(),
        "answered: it counts as legal"
    );
    assert!(live.run(3, &BoardCommand::RemoveIllegal.into()).is_err());
    assert_eq!(&live.record().replay().unwrap(), live.game());
}

/// Dutch rule 9 and Cape Town rule 6: "If a move is illegal and the player who made this move has
/// pushed the clock and his opponent has not yet answered it ... The player who made the illegal
/// move has to remove this stone in his own time. Next he must pass after which he may push the
/// clock again."
#[test]
fn dutch_and_cape_town_unanswered_illegal_move_is_removed_and_the_offender_passes() {
    for preset in [Preset::DutchLightning, Preset::CapeTown2005] {
        let mut live = ko_game(preset);
        let before = live.game().clone();
        retake_illegally(&mut live);
        let m = live.game().can_remove_illegal().expect("unanswered");
        assert_eq!(m.color, White);
        live.run(3, &BoardCommand::RemoveIllegal.into()).unwrap();
        let n = live.record().events().len();
        assert_eq!(
            live.record().events()[n - 2].event,
            Event::IllegalMoveRemoved { color: White }
        );
        assert!(matches!(
            live.record().events()[n - 1].event,
            Event::Passed { color: White, .. }
        ));
        assert_eq!(live.game().board(), before.board());
        assert_eq!(live.game().to_move(), Black);
        assert_eq!(live.game().move_number(), 2, "the pass is move 2");
        assert_eq!(&live.record().replay().unwrap(), live.game());
        assert_eq!(live.record().cancelled_events(), vec![2]);
    }
}

#[test]
fn undo_drops_the_last_event_and_replay_gives_the_earlier_state() {
    let mut live = ko_game(Preset::Japanese);
    let earlier = live.game().clone();
    live.play(5, White, Move::Play(p("gg"))).unwrap();
    let undone = live.undo().unwrap().pop().unwrap();
    assert_eq!(undone.at_ms, 5);
    assert_eq!(live.record().replay().unwrap(), earlier);
}

#[test]
fn record_json_has_a_schema_and_tagged_events() {
    let rec = ko_game(Preset::Lgc2023).into_record();
    let json = serde_json::to_string(&rec).unwrap();
    assert!(json.contains(&format!("\"schema\":{RECORD_SCHEMA}")));
    assert!(json.contains("{\"StonePlayed\":{\"color\":"));
    let back: GameRecord = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    let mut newer = rec;
    newer.schema = RECORD_SCHEMA + 1;
    assert!(matches!(newer.replay(), Err(ReplayError::NewerSchema(_))));
}

#[test]
fn a_corrupt_record_gives_an_error_not_a_panic() {
    let rec = ko_game(Preset::Lgc2023).into_record();
    let mut events = rec.events().to_vec();
    events.push(scorekeeper::core::TimedEvent {
        at_ms: 9,
        event: stone(White, "cc", false),
    });
    let rec = GameRecord::from_parts(rec.schema, rec.settings.clone(), events);
    let err = rec.replay().unwrap_err();
    assert_eq!(
        err.to_string(),
        "Event 3 of the record cannot be applied: C7 is already occupied"
    );
    let mut bad = rec.clone();
    bad.settings.size = 40;
    assert!(bad.replay().is_err());
}

#[test]
fn fixed_handicap_is_placed_when_the_record_starts() {
    let settings = GameSettings::new(
        Preset::Lgc2023,
        19,
        Handicap {
            stones: 4,
            placement: scorekeeper::core::handicap::HandicapPlacement::Fixed,
        },
    );
    assert_eq!(settings.komi, 0.5, "LGC: 0.5 to White in a handicap game");
    let live = Live::start(settings, 0).unwrap();
    let rec = live.record();
    assert_eq!(rec.events().len(), 1);
    assert_eq!(live.game().to_move(), White);
    assert_eq!(live.game().board().count(Black), 4);
}

/// Dutch rule 3: "In games with at most one stone handicap white may start with pushing the
/// clock": with one stone no stone is placed and Black moves first; LGC gives the handicap komi
/// ("In a handicap game it is 0.5 to White").
#[test]
fn one_stone_handicap_means_black_moves_first_with_handicap_komi() {
    let settings = GameSettings::new(
        Preset::Lgc2023,
        19,
        Handicap {
            stones: 1,
            placement: scorekeeper::core::handicap::HandicapPlacement::Fixed,
        },
    );
    assert_eq!(settings.komi, 0.5);
    let live = Live::start(settings, 0).unwrap();
    let rec = live.record();
    assert!(rec.events().is_empty());
    assert_eq!(live.game().to_move(), Black);
    assert_eq!(live.game().board().count(Black), 0);
}
