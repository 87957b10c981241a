//! The blitz table: low-time warnings computed from the clock, the neutral time for removing
//! a big capture when moves are entered with the press, who moves after a set-up position.

use scorekeeper::core::clock::{
    ClockEvent, PauseReason, TimeControl, TimeSystem, TimedClockEvent, Warned, Warning,
    WarningPoints, clock_state, warning_now,
};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::clock_commands;
use scorekeeper::core::live::{BoardCommand, ClockAfterMove, Command, CommandError, Live};
use scorekeeper::core::record::GameSettings;
use scorekeeper::core::sgf;
use scorekeeper::core::{Color, Point, Preset};

use Color::{Black, White};

const T0: i64 = 1_700_000_000_000;

fn p(s: &str) -> Point {
    Point::from_sgf(s).unwrap()
}

fn at(
    control: &TimeControl,
    events: &[(i64, ClockEvent)],
    now: i64,
) -> scorekeeper::core::clock::ClockState {
    let log: Vec<TimedClockEvent> = events
        .iter()
        .filter(|(t, _)| *t <= now)
        .map(|(t, e)| TimedClockEvent::new(T0 + t, e.clone()))
        .collect();
    clock_state(control, &log, T0 + now)
}

/// The warnings given at each tenth of a second from 0 to `until_ms`.
fn given(
    control: &TimeControl,
    events: &[(i64, ClockEvent)],
    until_ms: i64,
) -> Vec<(i64, Warning)> {
    let mut warned = Warned::default();
    let points = WarningPoints::default();
    (0..=until_ms / 100)
        .filter_map(|k| {
            let clock = at(control, events, k * 100);
            warned
                .admit(warning_now(&clock, points), &clock, points)
                .map(|w| (k * 100, w))
        })
        .collect()
}

#[test]
fn sudden_death_warns_once_at_ten_seconds_of_main_time() {
    // LGC: "No overtime: a player loses on time if the current move is not completed before
    // the basic time expires." The warning comes ten seconds before that, once.
    let c = TimeControl::new(30_000, TimeSystem::SuddenDeath);
    let start = (0, ClockEvent::Started { running: Black });
    let w = given(&c, std::slice::from_ref(&start), 29_000);
    assert_eq!(w, vec![(20_000, Warning::MainLow { color: Black })]);
    // White is warned when White's own time reaches the point; Black, running again, is not
    // warned twice.
    let press = |by, t| (t, ClockEvent::Pressed { by, pass: false });
    let c = TimeControl::new(12_000, TimeSystem::SuddenDeath);
    let log = [start, press(Black, 3_000), press(White, 6_000)];
    let w = given(&c, &log, 7_000);
    assert_eq!(
        w,
        vec![
            (2_000, Warning::MainLow { color: Black }),
            (5_000, Warning::MainLow { color: White })
        ]
    );
}

#[test]
fn byo_yomi_warns_on_each_of_the_last_five_seconds_of_every_period() {
    // LGC: "Japanese byo-yomi. A move must be completed within the byo-yomi time period."
    let c = TimeControl::new(
        0,
        TimeSystem::ByoYomi {
            periods: 3,
            period_ms: 10_000,
        },
    );
    let start = (0, ClockEvent::Started { running: Black });
    // A period used up and the next one running: 5 warnings each, counting down.
    let w = given(&c, &[start], 19_900);
    let seconds: Vec<(u32, u32)> = w
        .iter()
        .map(|(_, w)| match w {
            Warning::PeriodSecond {
                second,
                periods_left,
                ..
            } => (*second, *periods_left),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        seconds,
        vec![
            (5, 3),
            (4, 3),
            (3, 3),
            (2, 3),
            (1, 3),
            (5, 2),
            (4, 2),
            (3, 2),
            (2, 2),
            (1, 2)
        ]
    );
    assert_eq!(w[0].0, 5_000, "the count starts as five seconds are left");
    assert_eq!(w[0].1.spoken(), Some(5));
}

#[test]
fn no_warning_while_paused_or_with_time_to_spare() {
    let c = TimeControl::new(60_000, TimeSystem::SuddenDeath);
    let log = [
        (0, ClockEvent::Started { running: Black }),
        (
            1_000,
            ClockEvent::Paused {
                reason: PauseReason::Toilet,
            },
        ),
    ];
    assert_eq!(given(&c, &log, 90_000), vec![]);
    let clock = at(&c, &log[..1], 40_000);
    assert_eq!(warning_now(&clock, WarningPoints::default()), None);
}

fn blitz(preset: Preset) -> Live {
    let mut s = GameSettings::new(preset, 9, Handicap::NONE);
    s.time_control = Some(TimeControl::new(600_000, TimeSystem::SuddenDeath));
    Live::start(s, 0).unwrap()
}

/// The side to move enters a stone at `point` in one tap, with the press when `press`: what
/// became of the clock.
fn enter(
    live: &mut Live,
    at: i64,
    point: Point,
    forced: bool,
    press: bool,
) -> Result<ClockAfterMove, CommandError> {
    let play = BoardCommand::Play {
        point,
        forced,
        press,
    };
    live.run(at, &play.into()).map(|done| done.clock)
}

/// Plays `moves` alternately from Black with presses, starting the clock first.
fn play_pressed(live: &mut Live, moves: &[&str], from: i64) -> i64 {
    let mut t = from;
    for m in moves {
        t += 1_000;
        let done = enter(live, t, p(m), false, true).unwrap();
        assert_eq!(done, ClockAfterMove::Pressed, "{m}");
    }
    t
}

#[test]
fn a_capture_of_three_stones_pauses_both_clocks_under_lgc() {
    // LGC: "Timing procedure for removing three or more stones: 1. The player places the
    // stone. 2. The clock is now paused. 3. The captured stones are removed. 4. The player
    // restarts the opponent's clock."
    let mut live = blitz(Preset::Lgc2023);
    live.run(
        0,
        &Command::Clock(clock_commands::ClockCommand::Press { by: White }),
    )
    .unwrap();
    // White's three stones on the edge, surrounded by Black.
    let t = play_pressed(
        &mut live,
        &["ab", "aa", "bb", "ba", "cb", "ca", "ee", "ih"],
        0,
    );
    assert_eq!(live.game().to_move(), Black);
    let done = enter(&mut live, t + 1_000, p("da"), false, true).unwrap();
    assert_eq!(done, ClockAfterMove::PausedForCaptures);
    assert_eq!(live.game().prisoners(Black), 3);
    let clock = live.clock().unwrap().at(t + 60_000);
    assert_eq!(clock.paused, Some(PauseReason::RemovingCaptures));
    assert_eq!(clock.ticking(), None);
    // 4. The player restarts the opponent's clock: Black's press.
    live.run(
        t + 70_000,
        &Command::Clock(clock_commands::ClockCommand::Press { by: Black }),
    )
    .unwrap();
    assert_eq!(live.clock().unwrap().ticking(), Some(White));
    // The pause is in the record, and a replay of it agrees.
    let replayed = Live::load(live.record().clone()).unwrap();
    assert_eq!(replayed.clock(), live.clock());
}

#[test]
fn cape_town_neutralises_two_stones_and_the_dutch_rules_keep_two_in_the_players_time() {
    // Cape Town 4: "Removal of more than one killed stones may happen in neutralized time."
    // Dutch 6: "Removal of more than two killed stones may happen in neutralized time. One or
    // two killed stones must be removed in the time of the player killing them."
    let moves = ["ab", "aa"];
    for (preset, paused) in [
        (Preset::CapeTown2005, true),
        (Preset::DutchLightning, false),
    ] {
        let mut live = blitz(preset);
        live.run(
            0,
            &Command::Clock(clock_commands::ClockCommand::Press { by: White }),
        )
        .unwrap();
        // White's two stones at aa and ba; Black captures them with ca.
        let t = play_pressed(&mut live, &moves[..2], 0);
        let t = play_pressed(&mut live, &["bb", "ba"], t);
        let done = enter(&mut live, t + 1_000, p("ca"), false, true).unwrap();
        assert_eq!(live.game().prisoners(Black), 2, "{preset:?}");
        let expected = if paused {
            ClockAfterMove::PausedForCaptures
        } else {
            ClockAfterMove::Pressed
        };
        assert_eq!(done, expected, "{preset:?}");
        let reason = live.clock().unwrap().paused.clone();
        assert_eq!(reason.is_some(), paused, "{preset:?}");
        if let Some(reason) = reason {
            assert_eq!(reason.text(), "Removal of more than one killed stone");
        }
    }
}

#[test]
fn without_the_press_a_big_capture_leaves_the_clock_alone() {
    let mut live = blitz(Preset::Lgc2023);
    for (k, m) in ["ab", "aa", "bb", "ba", "cb", "ca"].iter().enumerate() {
        let done = enter(&mut live, k as i64, p(m), false, false).unwrap();
        assert_eq!(done, ClockAfterMove::Untouched);
    }
    let done = enter(&mut live, 10, p("da"), false, false).unwrap();
    assert_eq!(done, ClockAfterMove::Untouched);
    assert_eq!(live.game().prisoners(Black), 3);
}

#[test]
fn after_setting_up_a_position_the_player_chooses_who_moves_and_sgf_keeps_it() {
    // SGF: "PL: Tells whose turn it is to play."
    let mut live = blitz(Preset::Japanese);
    let paint = |points: &[&str], stone| {
        Command::Board(BoardCommand::Paint {
            points: points.iter().map(|s| p(s)).collect(),
            stone: Some(stone),
        })
    };
    live.run(1, &paint(&["cc", "dd"], Black)).unwrap();
    live.run(2, &paint(&["ee"], White)).unwrap();
    assert_eq!(live.game().to_move(), Black);
    let white_next = Command::Board(BoardCommand::ToMove { color: White });
    live.run(3, &white_next).unwrap();
    assert_eq!(live.game().to_move(), White);
    // Choosing the player already to move records nothing.
    let events = live.record().events().len();
    live.run(4, &white_next).unwrap();
    assert_eq!(live.record().events().len(), events);
    // A choice made twice still writes one PL per node.
    live.run(5, &Command::Board(BoardCommand::ToMove { color: Black }))
        .unwrap();
    live.run(6, &white_next).unwrap();
    let text = sgf::export(live.record());
    assert!(text.contains("PL[W]"), "{text}");
    assert!(
        !text.contains("PL[B]PL") && !text.contains("PL[W]PL"),
        "{text}"
    );
    let back = Live::load(sgf::import(&text).unwrap()).unwrap();
    assert_eq!(back.game().to_move(), White);
    assert_eq!(back.game().board(), live.game().board());
    // And the replay of the record agrees.
    let replayed = Live::load(live.record().clone()).unwrap();
    assert_eq!(replayed.game().to_move(), White);
}

#[test]
fn who_moves_is_chosen_before_the_first_move_only() {
    let mut live = blitz(Preset::Japanese);
    live.run(1, &Command::play(p("cc"))).unwrap();
    let err = live
        .run(2, &Command::Board(BoardCommand::ToMove { color: Black }))
        .unwrap_err()
        .to_string();
    assert!(err.contains("before the first move"), "{err}");
    assert_eq!(live.game().to_move(), White);
    assert!(err.contains("a pass hands the turn over"), "{err}");
}

#[test]
fn the_next_round_keeps_the_settings_and_names_and_swaps_colours_when_asked() {
    let mut s = GameSettings::new(Preset::DutchLightning, 19, Handicap::NONE);
    s.time_control = Some(TimeControl::new(300_000, TimeSystem::SuddenDeath));
    s.black = "Ann".into();
    s.white = "Bo".into();
    s.black_rank = Some("3d".into());
    s.round = Some("3".into());
    s.event = Some("Lightning cup".into());
    s.result = Some("B+R".into());
    let mut live = Live::start(s.clone(), 0).unwrap();
    live.run(
        1,
        &Command::Clock(clock_commands::ClockCommand::Resign { by: White }),
    )
    .unwrap();
    let next =
        scorekeeper::core::new_game::next_round(&live.record().settings, true, "2026-11-23", 5)
            .unwrap();
    let n = &next.settings;
    assert_eq!((n.black.as_str(), n.white.as_str()), ("Bo", "Ann"));
    assert_eq!(
        (n.black_rank.clone(), n.white_rank.clone()),
        (None, Some("3d".into()))
    );
    assert_eq!(n.round.as_deref(), Some("4"));
    assert_eq!(n.event.as_deref(), Some("Lightning cup"));
    assert_eq!(n.result, None);
    assert_eq!(n.created, "2026-11-23");
    assert_eq!((n.preset, n.size, n.komi), (s.preset, s.size, s.komi));
    assert_eq!(n.time_control, s.time_control);
    assert!(Live::load(next.clone()).unwrap().game().move_number() == 0);
    let same = scorekeeper::core::new_game::next_round(&s, false, "2026-11-23", 5).unwrap();
    assert_eq!(
        (same.settings.black.as_str(), same.settings.white.as_str()),
        ("Ann", "Bo")
    );
    // A round that is not a number stays as written.
    s.round = Some("final".into());
    let next = scorekeeper::core::new_game::next_round(&s, false, "2026-11-23", 5).unwrap();
    assert_eq!(next.settings.round.as_deref(), Some("final"));
}

#[test]
fn the_boards_undo_takes_back_a_stone_with_the_press_it_was_entered_with() {
    // LGC, Making a move: "Playing a stone or passing a stone is completed by pressing the
    // clock". A tap that played a stone and pressed the clock made one move, so one undo takes
    // back both: the mover is to play again with their own clock running, as if the tap had
    // not been made.
    let mut live = blitz(Preset::Lgc2023);
    live.run(
        0,
        &Command::Clock(clock_commands::ClockCommand::Press { by: White }),
    )
    .unwrap();
    let t = play_pressed(&mut live, &["ee", "cc"], 0);
    let before = live.clone();
    let done = enter(&mut live, t + 1_000, p("gg"), false, true).unwrap();
    assert_eq!(done, ClockAfterMove::Pressed);
    let undone = live.run(t + 2_000, &BoardCommand::Undo.into()).unwrap();
    assert_eq!(undone.undone.len(), 2, "the stone and its press");
    assert_eq!(live.record(), before.record());
    assert_eq!(live.game().board().get(p("gg")), None);
    assert_eq!(live.game().to_move(), Black);
    assert_eq!(live.clock().unwrap().at(t + 5_000).ticking(), Some(Black));
    // Redone as they were undone, the stone and the press at their own time.
    live.run(
        t + 3_000,
        &BoardCommand::Redo {
            events: undone.undone,
        }
        .into(),
    )
    .unwrap();
    assert_eq!(live.game().board().get(p("gg")), Some(Black));
    assert_eq!(live.clock().unwrap().at(t + 5_000).ticking(), Some(White));

    // A press made apart from the stone (on the clock, later) is taken back alone.
    let mut apart = before.clone();
    apart
        .run(
            t + 1_000,
            &BoardCommand::Play {
                point: p("gg"),
                forced: false,
                press: false,
            }
            .into(),
        )
        .unwrap();
    apart
        .run(
            t + 1_500,
            &Command::Clock(clock_commands::ClockCommand::Press { by: Black }),
        )
        .unwrap();
    let undone = apart.run(t + 2_000, &BoardCommand::Undo.into()).unwrap();
    assert_eq!(undone.undone.len(), 1, "the press only");
    assert_eq!(apart.game().board().get(p("gg")), Some(Black));
    assert_eq!(apart.clock().unwrap().at(t + 5_000).ticking(), Some(Black));
}
