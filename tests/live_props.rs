//! The live game against its record, over random games of commands.
//!
//! README, "How it keeps games safe": "A game is its settings plus an append-only log of
//! timestamped events; everything on screen is derived from the log (followed event by event,
//! replayed on load), and undo drops the last event." ARCHITECTURE.md: "one live game that follows the record, updated per event,
//! replayed only on load and undo."
//!
//! So after every command (presses, moves, passes, pauses, undos, the count's actions) the live
//! game equals a replay of its record from scratch, a refused command changes nothing, and the
//! log is replayed only by an undo or a withdrawn press. A copy of the record that follows it
//! with `clone_from` (as the game list does, copying only what changed) is always equal to it.

use proptest::prelude::*;
use scorekeeper::core::live::clock_commands;

use scorekeeper::core::clock::{PauseReason, TimeControl, TimeSystem};
use scorekeeper::core::count::{self, CountByNumbers};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::{BoardCommand, Command, Live};
use scorekeeper::core::record::GameSettings;
use scorekeeper::core::table;
use scorekeeper::core::{Color, Point, Preset};

/// One thing a player or referee does, resolved against the live game when it runs.
#[derive(Clone, Debug)]
enum Step {
    /// A press by this player, or (`None`) by the player whose clock runs (the starter before
    /// the clock starts).
    Press(Option<Color>),
    /// A stone for the player to move, entered on the board.
    Play(u8, u8),
    /// A pass on the clock by this player, or (`None`) by the player to move.
    ClockPass(Option<Color>),
    /// A pass entered on the board.
    BoardPass,
    Pause,
    Resume,
    ClaimFlag(Color),
    ClaimIllegal(Color),
    Undo,
    UndoPress,
    ToggleDead(u8, u8),
    Confirm(Color),
    Dispute(Color),
    FindsPoint(Color),
    EnterCount(CountByNumbers),
    CountOnBoard,
    Lock,
    Unlock,
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => prop::option::weighted(0.3, color()).prop_map(Step::Press),
        14 => (0u8..9, 0u8..9).prop_map(|(x, y)| Step::Play(x, y)),
        4 => prop::option::weighted(0.2, color()).prop_map(Step::ClockPass),
        3 => Just(Step::BoardPass),
        1 => Just(Step::Pause),
        1 => Just(Step::Resume),
        1 => color().prop_map(Step::ClaimFlag),
        2 => color().prop_map(Step::ClaimIllegal),
        2 => Just(Step::Undo),
        1 => Just(Step::UndoPress),
        3 => (0u8..9, 0u8..9).prop_map(|(x, y)| Step::ToggleDead(x, y)),
        3 => color().prop_map(Step::Confirm),
        1 => color().prop_map(Step::Dispute),
        1 => color().prop_map(Step::FindsPoint),
        1 => prop_oneof![
            (-5i32..30, -5i32..30).prop_map(|(black, white)| CountByNumbers::Filled { black, white }),
            (0u32..81, prop::option::of(0u32..81)).prop_map(|(black, white)| CountByNumbers::Area { black, white }),
        ]
        .prop_map(Step::EnterCount),
        1 => Just(Step::CountOnBoard),
        1 => Just(Step::Lock),
        1 => Just(Step::Unlock),
    ]
}

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Lgc2023),
        Just(Preset::Japanese),
        Just(Preset::Aga),
        Just(Preset::DutchLightning),
        Just(Preset::CapeTown2005),
    ]
}

fn time_control() -> impl Strategy<Value = Option<TimeControl>> {
    prop_oneof![
        2 => Just(None),
        1 => Just(Some(TimeControl::new(60_000, TimeSystem::SuddenDeath))),
        1 => Just(Some(TimeControl::new(
            10_000,
            TimeSystem::ByoYomi {
                periods: 3,
                period_ms: 5_000,
            },
        ))),
        1 => Just(Some(TimeControl::new(
            20_000,
            TimeSystem::Fischer {
                increment_ms: 2_000,
                cap_ms: None,
            },
        ))),
    ]
}

fn settings() -> impl Strategy<Value = GameSettings> {
    (
        preset(),
        prop_oneof![3 => Just(5u8), 1 => Just(9u8)],
        time_control(),
    )
        .prop_map(|(preset, size, control)| {
            let mut s = GameSettings::new(preset, size, Handicap::NONE);
            s.time_control = control;
            s
        })
}

/// The command `step` stands for in the live game as it is.
fn command(live: &Live, step: &Step) -> Command {
    let size = live.game().size();
    let at = |x: u8, y: u8| Point::new(x % size, y % size);
    let to_move = live.game().to_move();
    match step {
        Step::Press(by) => {
            let running = live
                .clock()
                .and_then(|c| c.ticking())
                .unwrap_or_else(|| table::starter(live.game()));
            clock_commands::ClockCommand::Press {
                by: by.unwrap_or(running),
            }
            .into()
        }
        Step::Play(x, y) => Command::play(at(*x, *y)),
        Step::ClockPass(by) => clock_commands::ClockCommand::Pass {
            by: by.unwrap_or(to_move),
        }
        .into(),
        Step::BoardPass => BoardCommand::Pass { clock: false }.into(),
        Step::Pause => clock_commands::ClockCommand::Pause {
            reason: PauseReason::Toilet,
        }
        .into(),
        Step::Resume => clock_commands::ClockCommand::Resume.into(),
        Step::ClaimFlag(by) => clock_commands::ClockCommand::ClaimFlag { by: *by }.into(),
        Step::ClaimIllegal(by) => clock_commands::ClockCommand::ClaimIllegal { by: *by }.into(),
        Step::Undo => BoardCommand::Undo.into(),
        Step::UndoPress => clock_commands::ClockCommand::UndoPress.into(),
        Step::ToggleDead(x, y) => count::CountCommand::ToggleDead { point: at(*x, *y) }.into(),
        Step::Confirm(color) => count::CountCommand::Confirm { color: *color }.into(),
        Step::Dispute(by) => count::CountCommand::Dispute { by: *by }.into(),
        Step::FindsPoint(by) => count::CountCommand::FindsPoint { by: *by }.into(),
        Step::EnterCount(numbers) => count::CountCommand::EnterCount { count: *numbers }.into(),
        Step::CountOnBoard => count::CountCommand::CountOnBoard.into(),
        Step::Lock => count::CountCommand::Lock.into(),
        Step::Unlock => count::CountCommand::Unlock {
            reason: "recount".into(),
        }
        .into(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn the_live_game_always_equals_a_replay_of_its_record(
        settings in settings(),
        steps in prop::collection::vec((step(), prop_oneof![16 => 0i64..4_000, 3 => 0i64..20_000, 1 => 0i64..90_000]), 0..60),
    ) {
        let mut live = Live::start(settings, 0).expect("valid settings");
        let mut at = 0;
        let mut replayed_by_undo = false;
        let mut copy = live.record().clone();
        for (step, pause) in &steps {
            at += pause;
            let cmd = command(&live, step);
            let before = live.clone();
            match live.run(at, &cmd) {
                Ok(_) => {
                    if matches!(
                        cmd,
                        Command::Board(BoardCommand::Undo) | Command::Clock(clock_commands::ClockCommand::UndoPress)
                    ) {
                        replayed_by_undo = true;
                    }
                }
                Err(e) => {
                    prop_assert_eq!(live.record(), before.record(), "{:?} refused ({}) changed the record", cmd, e);
                    prop_assert_eq!(live.game(), before.game(), "{:?} refused ({})", cmd, e);
                    prop_assert_eq!(live.clock(), before.clock(), "{:?} refused ({})", cmd, e);
                    prop_assert_eq!(live.count(), before.count(), "{:?} refused ({})", cmd, e);
                }
            }
            let fresh = Live::load(live.record().clone())
                .map_err(|e| TestCaseError::fail(format!("after {cmd:?}: the record does not replay: {e}")))?;
            prop_assert_eq!(live.game(), fresh.game(), "game after {:?}", cmd);
            prop_assert_eq!(live.clock(), fresh.clock(), "clock after {:?}", cmd);
            prop_assert_eq!(live.count(), fresh.count(), "count after {:?}", cmd);
            prop_assert_eq!(live.count_at(at), fresh.count_at(at), "count at {} after {:?}", at, cmd);
            copy.clone_from(live.record());
            prop_assert_eq!(&copy, live.record(), "the list's copy after {:?}", cmd);
            if !replayed_by_undo {
                prop_assert_eq!(live.replays(), 0, "replayed without an undo, after {:?}", cmd);
            }
        }
    }
}
