//! SGF export of games played on the phone's clock: the result, the rules, the time control
//! and the clock after every move, derived from the record's timestamps, and kept by a round
//! trip through the importer.

mod live_helper;

use live_helper::execute;
use proptest::prelude::*;
use scorekeeper::core::clock::{OnFlag, TimeControl, TimeSystem};
use scorekeeper::core::count;
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::moves::Move;
use scorekeeper::core::record::{Event, GameRecord, GameSettings, MoveClock};
use scorekeeper::core::sgf::{MAX_SGF_BYTES, export, export_at, import};
use scorekeeper::core::{Color, Point, Preset};

use Color::{Black, White};

/// The epoch time the games start at.
const T0: i64 = 1_700_000_000_000;

fn p(s: &str) -> Point {
    Point::from_sgf(s).expect("test point")
}

fn game(preset: Preset, size: u8, control: TimeControl) -> GameRecord {
    let mut s = GameSettings::new(preset, size, Handicap::NONE);
    s.black = "Ann".into();
    s.white = "Bo".into();
    s.created = "2026-11-22".into();
    s.time_control = Some(control);
    Live::start(s, T0).unwrap().into_record()
}

/// A command at the table, `at` seconds (with decimals) after the start.
fn run(r: &mut GameRecord, at: f64, c: ClockCommand) {
    let at_ms = T0 + (at * 1000.0).round() as i64;
    execute(r, at_ms, &c).unwrap_or_else(|e| panic!("{c:?} at {at}: {e}"));
}

/// A stone entered on the board, `at` seconds after the start.
fn stone(r: &mut GameRecord, at: f64, color: Color, point: &str) {
    let mut live = Live::load(r.clone()).unwrap();
    let at_ms = T0 + (at * 1000.0).round() as i64;
    live.play(at_ms, color, Move::Play(p(point))).unwrap();
    *r = live.into_record();
}

/// A stone entered on the board and the clock pressed right after.
fn mv(r: &mut GameRecord, at: f64, color: Color, point: &str) {
    stone(r, at, color, point);
    run(r, at, ClockCommand::Press { by: color });
}

/// The move nodes of an SGF text, without the leading `;`.
fn nodes(text: &str) -> Vec<String> {
    text.split("\n;")
        .skip(1)
        .map(|n| n.trim_end_matches(")\n").to_string())
        .collect()
}

/// The value of the root property `id`.
fn root(text: &str, id: &str) -> Option<String> {
    let head = text.split("\n;").next()?;
    let at = head.find(&format!("{id}["))?;
    let rest = &head[at + id.len() + 1..];
    Some(rest[..rest.find(']')?].to_string())
}

fn clocks(r: &GameRecord) -> Vec<(Color, Option<MoveClock>)> {
    r.events()
        .iter()
        .filter_map(|e| match &e.event {
            Event::StonePlayed { color, clock, .. } | Event::Passed { color, clock, .. } => {
                Some((*color, *clock))
            }
            _ => None,
        })
        .collect()
}

fn left(ms: i64, overtime: Option<u32>) -> Option<MoveClock> {
    Some(MoveClock {
        time_left_ms: Some(ms),
        overtime_left: overtime,
    })
}

#[test]
fn byo_yomi_times_are_the_clock_right_after_each_press() {
    // LGC TIMING RULES: "Japanese byo-yomi A move must be completed within the byo-yomi time
    // period." The texts leave the number and length of the periods to the settings; our
    // byo-yomi (`TimeSystem::ByoYomi`): "a move inside a period restarts it". SGF writes the
    // time of the period (BL/WL) and the periods left (OB/OW).
    let control = TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 3,
            period_ms: 30_000,
        },
    );
    let mut r = game(Preset::Japanese, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    // Black enters the stone, then presses half a second later.
    stone(&mut r, 4.0, Black, "cc");
    run(&mut r, 4.5, ClockCommand::Press { by: Black });
    mv(&mut r, 10.5, White, "gg");
    // Black's main time ends at 10 s; the first period is 20.5 s in when the press comes.
    mv(&mut r, 30.5, Black, "cg");
    // White's 4 s of main time and a whole period go: the second period is 16 s in.
    mv(&mut r, 80.5, White, "gc");
    run(&mut r, 81.75, ClockCommand::Pass { by: Black });
    let text = export(&r);
    assert_eq!(
        nodes(&text),
        vec![
            "B[cc]BL[5.5]",
            "W[gg]WL[4]",
            "B[cg]BL[30]OB[3]",
            "W[gc]WL[30]OW[2]",
            "B[]BL[30]OB[3]",
        ],
        "{text}"
    );
    assert_eq!(root(&text, "TM").as_deref(), Some("10"));
    assert_eq!(root(&text, "OT").as_deref(), Some("3x30 byo-yomi"));
    assert_eq!(root(&text, "RU").as_deref(), Some("Japanese"));
    assert_eq!(root(&text, "DT").as_deref(), Some("2026-11-22"));
    let back = import(&text).unwrap();
    assert_eq!(
        clocks(&back),
        vec![
            (Black, left(5_500, None)),
            (White, left(4_000, None)),
            (Black, left(30_000, Some(3))),
            (White, left(30_000, Some(2))),
            (Black, left(30_000, Some(3))),
        ]
    );
    assert_eq!(export(&back), text, "a second export gives the same text");
}

#[test]
fn canadian_times_count_the_stones_left_in_the_period() {
    // London Open leaves the time system to the tournament (RULES.md: "set by the
    // tournament"); here it is Canadian. LGC TIMING RULES: "Canadian overtime When a player’s
    // main time has expired the player has to complete a given number of moves in a specified
    // period of time set on the clock. When all the moves have been made, the clock is reset for
    // the next overtime period." Our Canadian (`TimeSystem::Canadian`): "the move during which
    // the main time ran out is the first stone of the first period".
    let control = TimeControl::new(
        5_000,
        TimeSystem::Canadian {
            stones: 3,
            period_ms: 60_000,
        },
    );
    let mut r = game(Preset::LondonOpen, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    mv(&mut r, 2.0, Black, "cc");
    mv(&mut r, 3.0, White, "gg");
    mv(&mut r, 10.0, Black, "cg");
    mv(&mut r, 13.0, White, "gc");
    mv(&mut r, 30.0, Black, "ee");
    mv(&mut r, 31.0, White, "ec");
    mv(&mut r, 35.0, Black, "ce");
    let text = export(&r);
    assert_eq!(
        nodes(&text),
        vec![
            "B[cc]BL[3]",
            "W[gg]WL[4]",
            "B[cg]BL[56]OB[2]",
            "W[gc]WL[1]",
            "B[ee]BL[39]OB[1]",
            "W[ec]WL[60]OW[2]",
            "B[ce]BL[60]OB[3]",
        ],
        "{text}"
    );
    assert_eq!(root(&text, "TM").as_deref(), Some("5"));
    assert_eq!(root(&text, "OT").as_deref(), Some("3/60 Canadian"));
    assert_eq!(root(&text, "RU").as_deref(), Some("London Open"));
    let back = import(&text).unwrap();
    assert_eq!(clocks(&back)[2], (Black, left(56_000, Some(2))));
    assert_eq!(clocks(&back)[6], (Black, left(60_000, Some(3))));
    assert_eq!(export(&back), text);
}

#[test]
fn fischer_times_include_the_increment_and_a_resignation_is_the_result() {
    // LGC TIMING RULES: "Fischer time This is the default method when digital clocks are used
    // for games with an indeterminate end. There is no overtime." The texts do not define the
    // increment; our Fischer (`TimeSystem::Fischer`): "Each press adds `increment_ms` (after the
    // move, none before the first)".
    let control = TimeControl::new(
        60_000,
        TimeSystem::Fischer {
            increment_ms: 10_000,
            cap_ms: None,
        },
    );
    let mut r = game(Preset::Lgc2023, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    mv(&mut r, 5.0, Black, "ee");
    mv(&mut r, 7.25, White, "cc");
    // LGC: a player may resign by saying "I resign".
    run(&mut r, 10.0, ClockCommand::Resign { by: Black });
    let text = export(&r);
    assert_eq!(
        nodes(&text),
        vec!["B[ee]BL[65]", "W[cc]WL[67.75]"],
        "{text}"
    );
    assert_eq!(root(&text, "TM").as_deref(), Some("60"));
    assert_eq!(root(&text, "OT").as_deref(), Some("10 Fischer"));
    assert_eq!(root(&text, "RU").as_deref(), Some("LGC 2023"));
    assert_eq!(root(&text, "RE").as_deref(), Some("W+R"));
    let back = import(&text).unwrap();
    assert_eq!(clocks(&back)[1], (White, left(67_750, None)));
    assert_eq!(export(&back), text);
}

#[test]
fn a_claimed_flag_is_a_loss_on_time() {
    // Dutch 13.3: the game ends on time when the flag has fallen "and his opponent announces
    // this".
    let control = TimeControl::new(10_000, TimeSystem::SuddenDeath)
        .with_on_flag(OnFlag::OpponentKeepsRunning);
    let mut r = game(Preset::DutchLightning, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    mv(&mut r, 4.0, Black, "ee");
    // White's ten seconds run out at 14 s; Black claims at 15 s.
    run(&mut r, 15.0, ClockCommand::ClaimFlag { by: Black });
    let text = export(&r);
    assert_eq!(nodes(&text), vec!["B[ee]BL[6]"], "{text}");
    assert_eq!(root(&text, "RE").as_deref(), Some("B+T"));
    assert_eq!(root(&text, "TM").as_deref(), Some("10"));
    assert_eq!(root(&text, "OT"), None, "sudden death has no overtime");
    assert_eq!(root(&text, "RU").as_deref(), Some("Dutch lightning"));
    let back = import(&text).unwrap();
    assert_eq!(back.settings.result.as_deref(), Some("B+T"));
    assert_eq!(export(&back), text);
}

#[test]
fn a_flag_that_stops_the_game_is_a_loss_on_time_when_exported_later() {
    // LGC TIMING RULES: "a player loses on time if the current move is not completed before
    // the basic time expires". The clocks freeze at once: no event follows the flag.
    let control = TimeControl::new(10_000, TimeSystem::SuddenDeath);
    let mut r = game(Preset::Lgc2023, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    mv(&mut r, 4.0, Black, "ee");
    assert_eq!(
        root(&export(&r), "RE"),
        None,
        "as of the last event nobody has lost"
    );
    let text = export_at(&r, T0 + 20_000);
    assert_eq!(root(&text, "RE").as_deref(), Some("B+T"), "{text}");
    assert_eq!(root(&text, "OT"), None);
    assert_eq!(root(&text, "TM").as_deref(), Some("10"));
}

#[test]
fn an_empty_or_huge_text_is_refused_with_what_to_do() {
    let msg = |t: &str| import(t).unwrap_err().to_string();
    assert_eq!(
        msg("  \n"),
        "There is no SGF text: paste a game record or open an .sgf file first"
    );
    let huge = format!("(;SZ[19]C[{}])", "x".repeat(MAX_SGF_BYTES));
    assert!(
        msg(&huge).contains("larger than the 2048 KB"),
        "{}",
        msg(&huge)
    );
}

#[test]
fn a_counted_game_exports_its_count() {
    // RULES.md, Counting: "Result format: SGF `RE` (`B+3.5`, `W+R`, `B+T`, `W+F`, `0` for
    // jigo, `Void`)". Japanese rules: territory counting, komi 6.5.
    let control = TimeControl::new(600_000, TimeSystem::SuddenDeath);
    let mut r = game(Preset::Japanese, 5, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    // Black walls off the left three columns, White the right one: a wall on c.
    let plays = [
        (Black, "ca"),
        (White, "da"),
        (Black, "cb"),
        (White, "db"),
        (Black, "cc"),
        (White, "dc"),
        (Black, "cd"),
        (White, "dd"),
        (Black, "ce"),
        (White, "de"),
    ];
    let mut t = 1.0;
    for (color, point) in plays {
        mv(&mut r, t, color, point);
        t += 1.0;
    }
    run(&mut r, t, ClockCommand::Pass { by: Black });
    run(&mut r, t + 1.0, ClockCommand::Pass { by: White });
    for by in [Black, White] {
        let at = T0 + ((t + 2.0) * 1000.0) as i64;
        execute(&mut r, at, &count::CountCommand::Confirm { color: by }).unwrap();
    }
    let text = export(&r);
    // Black: 10 points of territory; White: 5 points and 6.5 komi.
    assert_eq!(root(&text, "RE").as_deref(), Some("W+1.5"), "{text}");
    assert_eq!(root(&text, "KM").as_deref(), Some("6.5"));
    let n = nodes(&text);
    assert_eq!(n.first().map(String::as_str), Some("B[ca]BL[599]"));
    // A second on each of Black's five stones and on the pass.
    assert_eq!(n.get(10).map(String::as_str), Some("B[]BL[594]"));
    let back = import(&text).unwrap();
    assert_eq!(back.settings.result.as_deref(), Some("W+1.5"));
    assert_eq!(export(&back), text);
}

#[test]
fn a_move_completed_off_the_board_takes_its_own_press() {
    // A press with no stone entered records a move made off the phone; it has no SGF node,
    // and the stone Black enters afterwards waits for Black's next press.
    let control = TimeControl::new(60_000, TimeSystem::SuddenDeath);
    let mut r = game(Preset::Japanese, 9, control);
    run(&mut r, 0.0, ClockCommand::Press { by: White });
    run(&mut r, 3.0, ClockCommand::Press { by: Black });
    mv(&mut r, 5.0, White, "ee");
    stone(&mut r, 9.0, Black, "cc");
    let text = export(&r);
    assert_eq!(nodes(&text), vec!["W[ee]WL[58]", "B[cc]"], "{text}");
    run(&mut r, 10.0, ClockCommand::Press { by: Black });
    assert_eq!(nodes(&export(&r)), vec!["W[ee]WL[58]", "B[cc]BL[52]"]);
}

#[test]
fn imported_times_and_texts_are_written_as_they_came() {
    let text = "(;GM[1]FF[4]SZ[9]TM[1800]OT[25/600 Canadian];B[ee]BL[1799.5];W[cc]WL[120]OW[7])";
    let r = import(text).unwrap();
    let out = export(&r);
    assert_eq!(root(&out, "TM").as_deref(), Some("1800"));
    assert_eq!(root(&out, "OT").as_deref(), Some("25/600 Canadian"));
    assert_eq!(nodes(&out), vec!["B[ee]BL[1799.5]", "W[cc]WL[120]OW[7]"]);
}

/// One step of a random game.
#[derive(Clone, Debug)]
enum Step {
    Stone { x: u8, y: u8, think_ms: i64 },
    Pass { think_ms: i64 },
    Pause { ms: i64 },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (0u8..9, 0u8..9, 0i64..90_000).prop_map(|(x, y, think_ms)| Step::Stone { x, y, think_ms }),
        1 => (0i64..20_000).prop_map(|think_ms| Step::Pass { think_ms }),
        1 => (0i64..60_000).prop_map(|ms| Step::Pause { ms }),
    ]
}

fn control() -> impl Strategy<Value = TimeControl> {
    prop_oneof![
        (1i64..120).prop_map(|m| TimeControl::new(m * 1000, TimeSystem::SuddenDeath)),
        (0i64..60, 0i64..30).prop_map(|(m, i)| TimeControl::new(
            m * 1000 + 1000,
            TimeSystem::Fischer {
                increment_ms: i * 1000,
                cap_ms: None
            }
        )),
        (0i64..60, 1u32..5, 1i64..40).prop_map(|(m, n, s)| TimeControl::new(
            m * 1000,
            TimeSystem::ByoYomi {
                periods: n,
                period_ms: s * 1000
            }
        )),
        (0i64..60, 1u32..6, 10i64..120).prop_map(|(m, n, s)| TimeControl::new(
            m * 1000,
            TimeSystem::Canadian {
                stones: n,
                period_ms: s * 1000
            }
        )),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn export_import_export_is_stable(
        control in control(),
        steps in proptest::collection::vec(step(), 0..40),
        resign in any::<bool>(),
    ) {
        let mut r = game(Preset::Japanese, 9, control);
        let mut now = T0;
        let _ = execute(&mut r, now, &ClockCommand::Press { by: White });
        for s in steps {
            let Ok(g) = r.replay() else { break };
            let color = g.to_move();
            match s {
                Step::Stone { x, y, think_ms } => {
                    now += think_ms;
                    let mut live = Live::load(r.clone()).unwrap();
                    let played = live.play(now, color, Move::Play(Point::new(x, y)));
                    r = live.into_record();
                    if played.is_ok() {
                        now += 250;
                        let _ = execute(&mut r, now, &ClockCommand::Press { by: color });
                    }
                }
                Step::Pass { think_ms } => {
                    now += think_ms;
                    let _ = execute(&mut r, now, &ClockCommand::Pass { by: color });
                }
                Step::Pause { ms } => {
                    let _ = execute(&mut r, now, &ClockCommand::Pause {
                        reason: scorekeeper::core::clock::PauseReason::Toilet,
                    });
                    now += ms;
                    let _ = execute(&mut r, now, &ClockCommand::Resume);
                }
            }
        }
        if resign {
            let by = r.replay().map(|g| g.to_move()).unwrap_or(Black);
            let _ = execute(&mut r, now + 1_000, &ClockCommand::Resign { by });
        }
        let first = export(&r);
        let back = import(&first).map_err(|e| TestCaseError::fail(format!("{e}\n{first}")))?;
        prop_assert_eq!(export(&back), first.clone());
        // Every move a press completed carries the clock's reading into the imported record.
        let pressed = clocks(&back).iter().filter(|(_, c)| c.is_some()).count();
        let presses = r.events().iter().filter(|e| matches!(
            e.event,
            Event::Clock { clock: scorekeeper::core::clock::ClockEvent::Pressed { .. } }
        )).count();
        prop_assert_eq!(pressed, presses);
    }
}
