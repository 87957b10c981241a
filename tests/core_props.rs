//! Property tests over random playouts and random input: nothing panics, replaying the log gives
//! the live state, undo then replay gives the earlier state, the incremental hash equals a
//! recompute, and SGF export then import gives back the same game.

use proptest::prelude::*;

use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::live::{BoardCommand, Live};
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings, TimedEvent};
use scorekeeper::core::{Color, Move, Point, sgf};

/// One command a person could give the app.
#[derive(Clone, Debug)]
enum Cmd {
    Play(u8, u8),
    Force(u8, u8),
    Pass,
    Resign,
    Resume,
    Unwind,
    RemoveIllegal,
    Undo,
}

fn cmd() -> impl Strategy<Value = Cmd> {
    prop_oneof![
        40 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Cmd::Play(x, y)),
        3 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Cmd::Force(x, y)),
        4 => Just(Cmd::Pass),
        1 => Just(Cmd::Resign),
        2 => Just(Cmd::Resume),
        1 => Just(Cmd::Unwind),
        1 => Just(Cmd::RemoveIllegal),
        1 => Just(Cmd::Undo),
    ]
}

fn preset() -> impl Strategy<Value = Preset> {
    (0..Preset::ALL.len()).prop_map(|i| Preset::ALL[i])
}

fn settings() -> impl Strategy<Value = GameSettings> {
    (
        preset(),
        prop_oneof![4 => Just(5u8), 4 => Just(7), 4 => Just(9), 2 => Just(13), 1 => Just(19), 1 => Just(25)],
        0u8..=4,
    )
        .prop_map(|(preset, size, h)| {
            let stones = if size < 7 { 0 } else { h };
            GameSettings::new(
                preset,
                size,
                Handicap {
                    stones,
                    placement: HandicapPlacement::Fixed,
                },
            )
        })
}

/// Runs a command; returns true when it changed the record.
fn run(live: &mut Live, c: &Cmd, at: i64) -> bool {
    let game = live.game();
    let size = game.size();
    let to_move = game.to_move();
    match *c {
        Cmd::Play(x, y) => {
            let p = Point::new(x % size, y % size);
            live.play(at, to_move, Move::Play(p)).is_ok()
        }
        Cmd::Force(x, y) => {
            let p = Point::new(x % size, y % size);
            let e = Event::StonePlayed {
                color: to_move,
                point: p,
                forced: true,
                clock: None,
                comment: None,
            };
            live.append(at, e).is_ok()
        }
        Cmd::Pass => {
            let c = if game.is_closing_pass(Color::White) {
                Color::White
            } else {
                to_move
            };
            live.play(at, c, Move::Pass).is_ok()
        }
        Cmd::Resign => live.play(at, to_move, Move::Resign).is_ok(),
        Cmd::Resume => match game.resumption_player() {
            Some(first) => live.append(at, Event::PlayResumed { first }).is_ok(),
            None => false,
        },
        Cmd::Unwind => live.run(at, &BoardCommand::Unwind.into()).is_ok(),
        Cmd::RemoveIllegal => live.run(at, &BoardCommand::RemoveIllegal.into()).is_ok(),
        Cmd::Undo => live.undo().is_some(),
    }
}

/// 96 cases per property keeps `cargo test` fast; set `PROPTEST_CASES` for a longer run.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(96)
}

fn start(s: GameSettings) -> Live {
    Live::start(s, 0).expect("valid settings")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// No sequence of commands panics; the live game always equals a replay of the log, and the
    /// incremental hash always equals a recompute.
    #[test]
    fn random_commands_keep_replay_and_hash_consistent(
        s in settings(),
        cmds in prop::collection::vec(cmd(), 0..160),
    ) {
        let mut live = start(s);
        for (i, c) in cmds.iter().enumerate() {
            run(&mut live, c, i as i64);
            prop_assert_eq!(live.game().board().hash(), live.game().recompute_hash());
        }
        let rec = live.record();
        let replayed = rec.replay().expect("a record built by commands replays");
        prop_assert_eq!(&replayed, live.game());
        let json = serde_json::to_string(rec).expect("serialise");
        let back: GameRecord = serde_json::from_str(&json).expect("deserialise");
        prop_assert_eq!(&back, rec);
    }

    /// Undo after any command, then replay, gives the state before the command.
    #[test]
    fn undo_then_replay_gives_the_earlier_state(
        s in settings(),
        cmds in prop::collection::vec(cmd(), 1..100),
    ) {
        let mut live = start(s);
        for (i, c) in cmds.iter().enumerate() {
            if matches!(c, Cmd::Undo) {
                continue;
            }
            let before_game = live.game().clone();
            let before_len = live.record().events().len();
            run(&mut live, c, i as i64);
            if live.record().events().len() > before_len {
                let mut copy = live.clone();
                while copy.record().events().len() > before_len {
                    copy.undo();
                }
                prop_assert_eq!(copy.record().replay().expect("replay"), before_game);
            }
        }
    }

    /// SGF export then import gives back the settings, the moves and the final position.
    #[test]
    fn sgf_export_then_import_is_identity(
        s in settings(),
        cmds in prop::collection::vec(
            prop_oneof![
                30 => (any::<u8>(), any::<u8>()).prop_map(|(x, y)| Cmd::Play(x, y)),
                4 => Just(Cmd::Pass),
                2 => Just(Cmd::Resume),
                1 => Just(Cmd::Resign),
            ],
            0..150,
        ),
        names in ("[a-zA-Z éü王\\]\\\\]{0,12}", "[a-zA-Z éü王\\]\\\\]{0,12}"),
    ) {
        let mut s = s;
        s.black = names.0;
        s.white = names.1;
        s.created = "2026-11-22".to_string();
        let mut live = start(s);
        for (i, c) in cmds.iter().enumerate() {
            run(&mut live, c, i as i64);
        }
        let (rec, game) = (live.record(), live.game());
        let text = sgf::export(rec);
        let back = sgf::import(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back.settings, &rec.settings);
        let moves = |r: &GameRecord| -> Vec<Event> {
            r.events()
                .iter()
                .map(|e| e.event.clone())
                .filter(|e| !matches!(e, Event::PlayResumed { .. }))
                .collect()
        };
        prop_assert_eq!(moves(&back), moves(rec));
        let g = back.replay().expect("imported record replays");
        prop_assert_eq!(g.board(), game.board());
        for c in Color::BOTH {
            prop_assert_eq!(g.prisoners(c), game.prisoners(c));
        }
        prop_assert_eq!(g.move_number(), game.move_number());
    }

    /// Events that no command would produce (off-board points, wrong turns, bad handicap) give
    /// errors on replay, never a panic.
    #[test]
    fn replaying_arbitrary_events_never_panics(
        s in settings(),
        raw in prop::collection::vec((0u8..8, any::<u8>(), any::<u8>(), any::<bool>(), any::<u32>()), 0..80),
    ) {
        let rec = start(s).into_record();
        let mut events = rec.events().to_vec();
        for (k, x, y, b, n) in raw {
            let color = if b { Color::Black } else { Color::White };
            let point = Point::new(x % 30, y % 30);
            let event = match k {
                0 => Event::StonePlayed { color, point, forced: false, clock: None, comment: None },
                1 => Event::StonePlayed { color, point, forced: true, clock: None, comment: None },
                2 => Event::Passed { color, clock: None, comment: None },
                3 => Event::Resigned { color },
                4 => Event::PlayResumed { first: color },
                5 => Event::Unwound { to_move_index: n % 300 },
                6 => Event::IllegalMoveRemoved { color },
                _ => Event::HandicapPlaced { points: vec![point; (n % 12) as usize] },
            };
            events.push(TimedEvent { at_ms: 0, event });
            let raw = GameRecord::from_parts(rec.schema, rec.settings.clone(), events.clone());
            let _ = raw.replay();
        }
    }

    /// Arbitrary bytes never make the SGF reader panic.
    #[test]
    fn sgf_import_of_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = sgf::import(&text);
    }

    /// Arbitrary strings never make the SGF reader panic.
    #[test]
    fn sgf_import_of_arbitrary_strings_never_panics(text in "\\PC{0,300}") {
        let _ = sgf::import(&text);
    }

    /// Text made of SGF pieces (almost valid files) never makes the reader panic.
    #[test]
    fn sgf_import_of_near_sgf_never_panics(
        pieces in prop::collection::vec(
            prop::sample::select(vec![
                "(", ")", ";", "(;", "B[", "W[", "]", "aa", "tt", "zz", "dd", "SZ[", "19", "5",
                "26", "AB[", "AW[", "AE[", "HA[", "9", "KM[", "x", "-1e400", "\\", ":", "C[",
                "PL[", "GM[", "1", "RE[", "B+R", "BL[", "OB[", "SKR[", "{", "\n", "aa:ss", "ß",
                "]", "RU[", "Japanese", "", " ",
            ]),
            0..120,
        ),
    ) {
        let text = format!("(;{}", pieces.concat());
        let _ = sgf::import(&text);
        let _ = sgf::import(&pieces.concat());
    }
}

/// A long game of random legal moves still round-trips (a deterministic check beside the
/// property tests).
#[test]
fn a_long_random_game_round_trips_through_sgf() {
    let mut live = start(GameSettings::new(Preset::Chinese, 19, Handicap::NONE));
    let mut seed = 12345u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut played = 0;
    while played < 300 {
        let p = Point::new((next() % 19) as u8, (next() % 19) as u8);
        let c = live.game().to_move();
        if live.play(played, c, Move::Play(p)).is_ok() {
            played += 1;
        }
    }
    let back = sgf::import(&sgf::export(live.record())).unwrap();
    assert_eq!(&back.replay().unwrap(), live.game());
}
