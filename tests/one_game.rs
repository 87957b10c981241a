//! One game whichever screen a move is made on: passes entered on the board go through the
//! same commands as on the clock, play that ends on the board ends on the clock as each rule
//! set's ending says, and what still ends play after a pass is derived from the rules. Each
//! test quotes the clause it checks.

mod live_helper;

use scorekeeper::core::clock::{ClockEvent, PauseReason, TimeControl, TimeSystem};
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::live::{BoardCommand, Command, Live};
use scorekeeper::core::moves::{Ending, Status};
use scorekeeper::core::record::{Event, GameSettings};
use scorekeeper::core::{Color, Point, Preset};

use Color::{Black, White};

const MIN: i64 = 60_000;

/// A 9x9 game under `preset` with ten minutes sudden death, White's touch having started
/// Black's clock at time 0.
fn started(preset: Preset) -> Live {
    let mut s = GameSettings::new(preset, 9, Handicap::NONE);
    s.time_control = Some(TimeControl::new(10 * MIN, TimeSystem::SuddenDeath));
    let mut live = Live::start(s, 0).unwrap();
    live.run(0, &ClockCommand::Press { by: White }.into())
        .unwrap();
    live
}

/// A pass entered on the board, with or without the press that completes it.
fn board_pass(live: &mut Live, at: i64, clock: bool) {
    live.run(at, &BoardCommand::Pass { clock }.into())
        .unwrap_or_else(|e| panic!("board pass at {at}: {e}"));
}

/// The live game equals a replay of its record.
fn replays_the_same(live: &Live) {
    let again = Live::load(live.record().clone()).unwrap();
    assert_eq!(again.game(), live.game());
    assert_eq!(again.clock(), live.clock());
}

/// The pause the clock is in, if any.
fn paused(live: &Live, at: i64) -> Option<PauseReason> {
    live.clock_at(at).and_then(|c| c.paused)
}

/// Dutch 13.2: "Four consecutive passes have occured (two per player). This we call a natural
/// ending. After this the clock may be neutralized." Four passes entered on the board with
/// "entering a move presses the clock" on: each is the clock's pass (the press included), and
/// the fourth neutralises the clock for the count.
#[test]
fn dutch_four_passes_on_the_board_end_play_and_neutralise_the_clock() {
    let mut live = started(Preset::DutchLightning);
    for (i, by) in [Black, White, Black, White].into_iter().enumerate() {
        let at = 1_000 * (i as i64 + 1);
        assert_eq!(live.clock_at(at).unwrap().ticking(), Some(by));
        board_pass(&mut live, at, true);
    }
    assert_eq!(live.game().status(), Status::Ended(Ending::NaturalEnding));
    let clock = live.clock_at(60_000).unwrap();
    assert_eq!(clock.paused, Some(PauseReason::Counting));
    assert_eq!(clock.ticking(), None);
    // Two moves each on the clock: the board's passes are its moves.
    assert_eq!(clock.side(Black).moves, 2);
    assert_eq!(clock.side(White).moves, 2);
    assert_eq!(live.game().move_number(), 4);
    // The time stands still after the ending: Black used 2 s, White 2 s.
    assert_eq!(clock.side(Black).main_ms, 10 * MIN - 2_000);
    assert_eq!(clock.side(White).main_ms, 10 * MIN - 2_000);
    replays_the_same(&live);
}

/// Cape Town 9.2: "FOUR consecutive passes have occurred (two per player). This we call a
/// natural ending. After this the clock should be neutralized (see point 10)." Passes entered on
/// the board without the press (the clock left running for Black throughout): the fourth still
/// neutralises the clock, in the record.
#[test]
fn cape_town_four_passes_on_the_board_alone_still_neutralise_the_clock() {
    let mut live = started(Preset::CapeTown2005);
    for i in 1..=3 {
        board_pass(&mut live, 1_000 * i, false);
        assert_eq!(paused(&live, 1_000 * i), None, "pass {i}");
        assert_eq!(live.clock_at(1_000 * i).unwrap().ticking(), Some(Black));
    }
    board_pass(&mut live, 4_000, false);
    assert_eq!(live.game().status(), Status::Ended(Ending::NaturalEnding));
    assert_eq!(paused(&live, 9_000), Some(PauseReason::Counting));
    assert_eq!(
        live.clock_at(9_000).unwrap().side(Black).main_ms,
        10 * MIN - 4_000
    );
    let last = &live.record().events().last().unwrap().event;
    assert_eq!(
        last,
        &Event::Clock {
            clock: ClockEvent::Paused {
                reason: PauseReason::Counting
            }
        }
    );
    replays_the_same(&live);
}

/// LGC "Ending the game": "3. Play pauses after the minimum number of consecutive passes in
/// which White passes last. 4. The clock is now paused." Black's pass and White's, entered on
/// the board, pause both clocks for the status of groups.
#[test]
fn lgc_black_then_white_passing_on_the_board_pauses_the_clock() {
    let mut live = started(Preset::Lgc2023);
    board_pass(&mut live, 1_000, true);
    assert_eq!(paused(&live, 1_000), None);
    assert_eq!(live.clock_at(1_000).unwrap().ticking(), Some(White));
    board_pass(&mut live, 2_000, true);
    assert_eq!(live.game().status(), Status::Paused);
    assert_eq!(paused(&live, 5_000), Some(PauseReason::StatusAssessment));
    // "A player passes by handing a stone to the opponent": a pass stone each.
    assert_eq!(live.game().prisoners(Black), 1);
    assert_eq!(live.game().prisoners(White), 1);
    replays_the_same(&live);
}

/// LGC "Ending the game" 3: "the minimum number of consecutive passes in which White passes
/// last". White passing first and Black after leaves play going; White's second pass pauses
/// it, also with every pass entered on the board alone.
#[test]
fn lgc_white_must_pass_last_on_the_board_too() {
    let mut live = started(Preset::Lgc2023);
    live.run(500, &Command::play(Point::new(2, 2))).unwrap();
    live.run(600, &ClockCommand::Press { by: Black }.into())
        .unwrap();
    board_pass(&mut live, 1_000, false);
    board_pass(&mut live, 2_000, false);
    assert_eq!(live.game().status(), Status::Playing);
    assert_eq!(paused(&live, 2_000), None);
    board_pass(&mut live, 3_000, false);
    assert_eq!(live.game().status(), Status::Paused);
    assert_eq!(paused(&live, 3_000), Some(PauseReason::StatusAssessment));
    replays_the_same(&live);
}

/// London Open 5: "Play pauses after two consecutive passes." and 7: "If at the start of a
/// resumption, both players pass (so making four consecutive passes in all), then ... the game
/// stops and all stones remain on the board for counting purposes."
#[test]
fn london_open_passes_on_the_board_pause_then_stop_the_clock() {
    use scorekeeper::core::count::CountCommand;
    let mut live = started(Preset::LondonOpen);
    board_pass(&mut live, 1_000, false);
    board_pass(&mut live, 2_000, false);
    assert_eq!(paused(&live, 2_000), Some(PauseReason::StatusAssessment));
    // A dispute: play resumes on the clock with the opponent of the last passer (Black).
    live.run(3_000, &CountCommand::Dispute { by: Black }.into())
        .unwrap();
    assert_eq!(live.clock_at(3_000).unwrap().ticking(), Some(Black));
    board_pass(&mut live, 4_000, true);
    board_pass(&mut live, 5_000, true);
    assert_eq!(live.game().status(), Status::Ended(Ending::AllStonesAlive));
    assert_eq!(paused(&live, 6_000), Some(PauseReason::Counting));
    replays_the_same(&live);
}

/// A board pass before the clock has started changes nothing on the clock: there is no time
/// to neutralise (Dutch 13.2: "After this the clock may be neutralized").
#[test]
fn board_passes_before_the_clock_started_leave_it_alone() {
    let mut s = GameSettings::new(Preset::DutchLightning, 9, Handicap::NONE);
    s.time_control = Some(TimeControl::new(10 * MIN, TimeSystem::SuddenDeath));
    let mut live = Live::start(s, 0).unwrap();
    for i in 1..=4 {
        board_pass(&mut live, i * 1_000, true);
    }
    assert_eq!(live.game().status(), Status::Ended(Ending::NaturalEnding));
    assert!(!live.clock().unwrap().started);
    assert!(
        live.record()
            .events()
            .iter()
            .all(|e| !matches!(e.event, Event::Clock { .. }))
    );
}

/// What still ends play after each pass, read from the rules: Dutch 13.2 ("Four consecutive
/// passes have occured (two per player)"), Cape Town 9.2 ("FOUR consecutive passes"), LGC
/// "Ending the game" 3 ("the minimum number of consecutive passes in which White passes last")
/// and London Open 5 ("Play pauses after two consecutive passes").
#[test]
fn the_passes_that_still_end_play_follow_each_rule_sets_ending() {
    let left = |preset: Preset, passes: &[Color]| {
        let mut live = started(preset);
        if passes.first() == Some(&White) {
            live.run(500, &Command::play(Point::new(4, 4))).unwrap();
            live.run(600, &ClockCommand::Press { by: Black }.into())
                .unwrap();
        }
        for (i, _) in passes.iter().enumerate() {
            board_pass(&mut live, 1_000 * (i as i64 + 1), true);
        }
        live.game()
            .passes_to_end()
            .map(|p| (p.passes, p.last, p.white_last))
    };
    // No pass yet: nothing to say.
    assert_eq!(left(Preset::DutchLightning, &[]), None);
    assert_eq!(
        left(Preset::DutchLightning, &[Black]),
        Some((3, White, false))
    );
    assert_eq!(
        left(Preset::DutchLightning, &[Black, White]),
        Some((2, White, false))
    );
    assert_eq!(
        left(Preset::CapeTown2005, &[Black, White, Black]),
        Some((1, White, false))
    );
    // The fourth ended play: nothing is pending.
    assert_eq!(
        left(Preset::CapeTown2005, &[Black, White, Black, White]),
        None
    );
    assert_eq!(left(Preset::Lgc2023, &[Black]), Some((1, White, true)));
    assert_eq!(left(Preset::Lgc2023, &[White]), Some((2, White, true)));
    assert_eq!(
        left(Preset::Lgc2023, &[White, Black]),
        Some((1, White, true))
    );
    assert_eq!(left(Preset::LondonOpen, &[White]), Some((1, Black, false)));
    // A stone breaks the run.
    let mut live = started(Preset::DutchLightning);
    board_pass(&mut live, 1_000, true);
    live.run(
        2_000,
        &BoardCommand::Play {
            point: Point::new(3, 3),
            forced: false,
            press: true,
        }
        .into(),
    )
    .unwrap();
    assert_eq!(live.game().passes_to_end(), None);
}

/// The line a player reads, in the words of each ending: "Two more passes end the game", and
/// where White must pass last (LGC "Ending the game" 3) "White passes last".
#[test]
fn the_passes_line_says_how_many_and_who_passes_last() {
    let mut dutch = started(Preset::DutchLightning);
    board_pass(&mut dutch, 1_000, true);
    board_pass(&mut dutch, 2_000, true);
    assert_eq!(
        dutch.game().passes_to_end().unwrap().words(),
        "Two more passes end the game"
    );
    let mut lgc = started(Preset::Lgc2023);
    lgc.run(500, &Command::play(Point::new(4, 4))).unwrap();
    lgc.run(600, &ClockCommand::Press { by: Black }.into())
        .unwrap();
    board_pass(&mut lgc, 1_000, true);
    assert_eq!(
        lgc.game().passes_to_end().unwrap().words(),
        "Two more passes end the game · White passes last"
    );
}
