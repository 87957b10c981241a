//! The clock's commands at the table: start, press, pass and the pause that passes cause,
//! checked against the rule texts.

mod live_helper;

use live_helper::{execute, table_of, undo_press};
use scorekeeper::core::clock::{ClockEvent, PauseReason, TimeControl, TimeSystem};
use scorekeeper::core::count::CountState;
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::live::{self, Action, CommandError, Live, LiveState};
use scorekeeper::core::moves::Status;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::table::Table;
use scorekeeper::core::{Color, Preset};

const MIN: i64 = 60_000;

fn record(preset: Preset, handicap: u8) -> GameRecord {
    let mut s = GameSettings::new(
        preset,
        19,
        Handicap {
            stones: handicap,
            placement: HandicapPlacement::Fixed,
        },
    );
    s.time_control = Some(TimeControl::new(10 * MIN, TimeSystem::SuddenDeath));
    Live::start(s, 0).unwrap().into_record()
}

fn run(r: &mut GameRecord, at: i64, c: ClockCommand) {
    execute(r, at, &c).unwrap_or_else(|e| panic!("{c:?} at {at}: {e}"));
}

fn table(r: &GameRecord, at: i64) -> Table {
    table_of(r, at).unwrap()
}

fn handle(r: &GameRecord, at: i64, c: &ClockCommand) -> Result<Action, CommandError> {
    let state = LiveState::load(r).unwrap();
    live::handle(&state, r, at, &c.clone().into())
}

#[test]
fn white_starts_blacks_clock_in_an_even_game() {
    // Cape Town 2: "In games with at most one stone handicap white should start with pushing
    // the clock." (Under the Dutch rules it is only a right: see
    // `dutch_black_may_play_first_and_push_when_white_did_not`.)
    let mut r = record(Preset::CapeTown2005, 0);
    let err = handle(&r, 0, &ClockCommand::Press { by: Color::Black })
        .unwrap_err()
        .to_string();
    assert!(err.contains("White starts the clock"), "{err}");
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    let t = table(&r, 5_000);
    let clock = t.clock.unwrap();
    assert_eq!(clock.ticking(), Some(Color::Black));
    assert_eq!(clock.side(Color::Black).main_ms, 10 * MIN - 5_000);
}

#[test]
fn black_starts_whites_clock_after_placing_two_or_more_handicap_stones() {
    // Cape Town 2: "In games with two or more stones handicap black places the handicap stones
    // outside the official time, and then he should push the clock." (Dutch 3: "and then he may
    // push the clock (not mandatory)".)
    let mut r = record(Preset::CapeTown2005, 4);
    assert!(handle(&r, 0, &ClockCommand::Press { by: Color::White }).is_err());
    run(&mut r, 1_000, ClockCommand::Press { by: Color::Black });
    let clock = table(&r, 3_000).clock.unwrap();
    assert_eq!(clock.ticking(), Some(Color::White));
    assert_eq!(
        clock.side(Color::Black).main_ms,
        10 * MIN,
        "handicap placed outside the time"
    );
}

#[test]
fn only_the_running_side_can_press_and_the_turn_follows_the_presses() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    assert!(handle(&r, 1_000, &ClockCommand::Press { by: Color::White }).is_err());
    run(&mut r, 2_000, ClockCommand::Press { by: Color::Black });
    let t = table(&r, 2_000);
    assert_eq!(
        t.game.to_move(),
        Color::White,
        "a press completes a move off the phone"
    );
    assert_eq!(t.clock.unwrap().ticking(), Some(Color::White));
}

#[test]
fn lgc_passes_hand_a_stone_over_and_pause_play_when_white_passes_last() {
    // LGC, Ending the game: "1. A player passes by handing a stone to the opponent (who adds
    // it to any existing prisoners) and completes the move by pressing the clock." ... "3. Play
    // pauses after the minimum number of consecutive passes in which White passes last.
    // 4. The clock is now paused."
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(&mut r, 1_000, ClockCommand::Pass { by: Color::Black });
    let t = table(&r, 1_000);
    assert_eq!(
        t.game.prisoners(Color::White),
        1,
        "White holds Black's pass stone"
    );
    assert_eq!(t.game.status(), Status::Playing);
    run(&mut r, 2_000, ClockCommand::Pass { by: Color::White });
    let t = table(&r, 9_000);
    assert_eq!(t.game.status(), Status::Paused);
    let clock = t.clock.unwrap();
    assert_eq!(clock.paused, Some(PauseReason::StatusAssessment));
    assert_eq!(
        clock.ticking(),
        None,
        "no time runs during the status assessment"
    );
    assert_eq!(clock.side(Color::Black).main_ms, 10 * MIN - 1_000);
    assert!(handle(&r, 9_000, &ClockCommand::Press { by: Color::Black }).is_err());
}

#[test]
fn lgc_two_passes_with_black_last_do_not_pause() {
    // LGC: "Play pauses after the minimum number of consecutive passes in which White passes
    // last."
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(&mut r, 1_000, ClockCommand::Press { by: Color::Black });
    run(&mut r, 2_000, ClockCommand::Pass { by: Color::White });
    run(&mut r, 3_000, ClockCommand::Pass { by: Color::Black });
    assert_eq!(table(&r, 3_000).game.status(), Status::Playing);
    run(&mut r, 4_000, ClockCommand::Pass { by: Color::White });
    assert_eq!(table(&r, 4_000).game.status(), Status::Paused);
}

#[test]
fn cape_town_four_passes_end_the_game_and_the_clock_is_neutralised() {
    // Cape Town 9.2: "FOUR consecutive passes have occurred (two per player). This we call a
    // natural ending. After this the clock should be neutralized (see point 10)."
    let mut r = record(Preset::CapeTown2005, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    for (i, c) in [Color::Black, Color::White, Color::Black]
        .into_iter()
        .enumerate()
    {
        run(&mut r, 1_000 * (i as i64 + 1), ClockCommand::Pass { by: c });
        assert_eq!(table(&r, 5_000).clock.unwrap().paused, None);
    }
    run(&mut r, 4_000, ClockCommand::Pass { by: Color::White });
    let t = table(&r, 4_000);
    assert!(matches!(t.game.status(), Status::Ended(_)));
    assert_eq!(t.clock.unwrap().paused, Some(PauseReason::Counting));
    assert_eq!(
        t.game.prisoners(Color::Black),
        0,
        "Cape Town: “no pass stone”"
    );
}

#[test]
fn a_pass_out_of_turn_on_the_board_is_refused() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    let err = handle(&r, 500, &ClockCommand::Pass { by: Color::White })
        .unwrap_err()
        .to_string();
    assert!(err.contains("Black's turn"), "{err}");
}

#[test]
fn an_accidental_press_is_withdrawn_with_the_time_restored_exactly() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    let untouched = r.clone();
    run(&mut r, 7_000, ClockCommand::Press { by: Color::Black });
    undo_press(&mut r, 9_500).unwrap();
    let a = table(&r, 20_000);
    let b = table(&untouched, 20_000);
    assert_eq!(a.clock, b.clock, "as if the press had never happened");
    assert_eq!(a.game.to_move(), Color::Black);
    assert!(matches!(
        r.events().last().unwrap().event,
        Event::PressWithdrawn {
            by: Color::Black,
            pressed_at_ms: 7_000
        }
    ));
    assert!(undo_press(&mut r, 9_600).is_err(), "one press, one undo");
}

#[test]
fn a_press_cannot_be_withdrawn_after_the_window() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(&mut r, 1_000, ClockCommand::Press { by: Color::Black });
    let err = undo_press(&mut r, 60_000).unwrap_err().to_string();
    assert!(err.contains("referee"), "{err}");
}

#[test]
fn a_pause_stops_both_clocks_and_resume_restarts_the_right_one() {
    // LGC: "The clock may be paused with both player's timepieces being stopped simultaneously
    // in the following circumstances: ... 4. By a player to visit the toilet shortly before or
    // during overtime."
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(
        &mut r,
        10_000,
        ClockCommand::Pause {
            reason: PauseReason::Toilet,
        },
    );
    run(&mut r, 70_000, ClockCommand::Resume);
    let clock = table(&r, 80_000).clock.unwrap();
    assert_eq!(clock.ticking(), Some(Color::Black));
    assert_eq!(clock.side(Color::Black).main_ms, 10 * MIN - 20_000);
    let logged = r
        .events()
        .iter()
        .filter(|e| {
            matches!(
                e.event,
                Event::Clock {
                    clock: ClockEvent::Paused { .. }
                }
            )
        })
        .count();
    assert_eq!(logged, 1);
}

#[test]
fn a_followed_table_equals_a_fresh_replay_after_every_command_and_undo() {
    let mut r = record(Preset::Lgc2023, 0);
    let mut followed = Live::load(r.clone()).unwrap();
    let commands = [
        (0, ClockCommand::Press { by: Color::White }),
        (1_000, ClockCommand::Press { by: Color::Black }),
        (2_000, ClockCommand::Press { by: Color::White }),
        (3_000, ClockCommand::Pass { by: Color::Black }),
        (4_000, ClockCommand::Press { by: Color::White }),
    ];
    for (at, c) in commands {
        run(&mut r, at, c);
        followed.follow(&r).unwrap();
        assert_eq!(followed.table_at(at), table_of(&r, at).unwrap());
    }
    undo_press(&mut r, 5_000).unwrap();
    followed.follow(&r).unwrap();
    let fresh = table_of(&r, 3_000).unwrap();
    assert_eq!(followed.game(), &*fresh.game);
    assert_eq!(followed.clock(), fresh.clock.as_ref());
}

#[test]
fn a_player_resigns_in_either_players_time_and_the_clocks_stop() {
    // LGC GAME PROTOCOL: "A player may resign the game by clearly saying “I resign”, or by
    // placing two stones simultaneously on the board."
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(&mut r, 5_000, ClockCommand::Resign { by: Color::White });
    let t = table(&r, 60_000);
    let result = CountState::of(&r, 60_000).unwrap().result();
    assert_eq!(result.as_deref(), Some("B+R"));
    let clock = t.clock.unwrap();
    assert!(clock.stopped);
    assert_eq!(clock.side(Color::Black).main_ms, 10 * MIN - 5_000);
    assert!(handle(&r, 61_000, &ClockCommand::Resign { by: Color::Black }).is_err());
}

#[test]
fn each_preset_offers_its_own_reasons_to_pause_the_clock() {
    // LGC: "The clock may be paused with both player's timepieces being stopped simultaneously
    // in the following circumstances" (twelve are listed); Dutch 6: "Removal of more than two
    // killed stones may happen in neutralized time."
    let lgc = Preset::Lgc2023.rules().pause_reasons;
    assert_eq!(lgc, PauseReason::LISTED.to_vec());
    let dutch = Preset::DutchLightning.rules().pause_reasons;
    assert!(dutch.contains(&PauseReason::Other {
        text: "Removal of more than two killed stones".into()
    }));
}

#[test]
fn a_referee_correction_is_logged_with_its_reason() {
    // Dutch 9: the director "fines this person with the loss of one minute thinking time for
    // improper conduct"; LGC Timing error: "non-trivial mistakes in the recorded elapsed time
    // can only be corrected by the referee".
    let mut r = record(Preset::DutchLightning, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    let penalty = ClockEvent::Penalty {
        color: Color::White,
        ms: MIN,
    };
    let refused = handle(
        &r,
        1_000,
        &ClockCommand::Correct {
            event: penalty.clone(),
            reason: "  ".into(),
        },
    );
    assert!(refused.unwrap_err().to_string().contains("reason"));
    run(
        &mut r,
        1_000,
        ClockCommand::Correct {
            event: penalty,
            reason: "improper conduct".into(),
        },
    );
    assert!(r.events().iter().any(|e| matches!(
        &e.event,
        Event::RefereeNote { text } if text == "improper conduct"
    )));
    let clock = table(&r, 1_000).clock.unwrap();
    assert_eq!(clock.side(Color::White).main_ms, 9 * MIN);
}

#[test]
fn many_presses_in_the_same_millisecond_replay_and_follow_alike() {
    let mut r = record(Preset::Lgc2023, 0);
    r.settings.time_control = Some(TimeControl::new(
        3_600_000,
        TimeSystem::Fischer {
            increment_ms: 5_000,
            cap_ms: None,
        },
    ));
    let mut followed = Live::load(r.clone()).unwrap();
    run(&mut r, 1_000, ClockCommand::Press { by: Color::White });
    followed.follow(&r).unwrap();
    for _ in 0..70 {
        for c in [Color::Black, Color::White] {
            run(&mut r, 1_000, ClockCommand::Press { by: c });
            followed.follow(&r).unwrap();
        }
    }
    let fresh = table_of(&r, 1_000).unwrap();
    assert_eq!(fresh.clock.as_ref().unwrap().side(Color::Black).moves, 70);
    assert_eq!(followed.clock(), fresh.clock.as_ref());
}

#[test]
fn undoing_a_press_drops_only_that_press_even_within_one_millisecond() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 1_000, ClockCommand::Press { by: Color::White });
    for c in [Color::Black, Color::White, Color::Black] {
        run(&mut r, 1_000, ClockCommand::Press { by: c });
    }
    let before_last = {
        let keep = r.events().len() - 2;
        GameRecord::from_parts(r.schema, r.settings.clone(), r.events()[..keep].to_vec())
    };
    undo_press(&mut r, 1_000).unwrap();
    let a = table(&r, 5_000);
    let b = table(&before_last, 5_000);
    assert_eq!(a.clock, b.clock);
    assert_eq!(a.game.to_move(), Color::Black);
    assert_eq!(a.clock.unwrap().side(Color::Black).moves, 1);
}

#[test]
fn undoing_a_pass_that_paused_play_drops_the_pause_and_the_pass() {
    let mut r = record(Preset::Lgc2023, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    run(&mut r, 1_000, ClockCommand::Pass { by: Color::Black });
    let before = r.clone();
    run(&mut r, 2_000, ClockCommand::Pass { by: Color::White });
    assert_eq!(table(&r, 2_000).game.status(), Status::Paused);
    undo_press(&mut r, 3_000).unwrap();
    let t = table(&r, 9_000);
    assert_eq!(t.game.status(), Status::Playing);
    assert_eq!(t.clock, table(&before, 9_000).clock);
}

/// LGC "Illegal move": "If any illegal move is made and if this is noticed within three moves,
/// then the game must be unwound to the position just before the illegal move and play
/// continues from that point." Play continues on the clock too: after the unwind the clock
/// runs for the player to move (the clocks stop for the referee's arbitration and restart
/// with that player's), and that player's next press is accepted.
#[test]
fn lgc_an_unwound_illegal_move_hands_the_clock_to_the_player_to_move() {
    use scorekeeper::core::Point;
    use scorekeeper::core::live::BoardCommand;
    let mut live = Live::load(record(Preset::Lgc2023, 0)).unwrap();
    let mut at = 1_000;
    let press = |live: &mut Live, at: i64, by: Color| {
        live.run(at, &live::Command::Clock(ClockCommand::Press { by }))
            .unwrap_or_else(|e| panic!("{} press refused: {e}", by.name()));
    };
    // White starts Black's clock; each move is entered, then its player presses.
    press(&mut live, at, Color::White);
    let point = |s: &str| Point::from_sgf(s).unwrap();
    let mut play = |live: &mut Live, s: &str, forced: bool| {
        let color = live.game().to_move();
        at += 1_000;
        live.run(
            at,
            &BoardCommand::Play {
                point: point(s),
                forced,
                press: false,
            }
            .into(),
        )
        .unwrap_or_else(|e| panic!("{s} refused: {e}"));
        press(live, at + 100, color);
    };
    for s in ["dc", "ec", "cd", "fd", "de", "ee", "ed", "dd"] {
        play(&mut live, s, false);
    }
    // Black retakes the ko at once (illegal, played on the board); two more moves follow
    // before it is noticed, so White's clock runs.
    play(&mut live, "ed", true);
    play(&mut live, "aa", false);
    play(&mut live, "ab", false);
    assert_eq!(live.clock().unwrap().running, Some(Color::White));
    live.run(20_000, &BoardCommand::Unwind.into()).unwrap();
    // Back to just before Black's retake: Black to move, and Black's clock runs.
    assert_eq!(live.game().to_move(), Color::Black);
    let clock = live.clock().unwrap();
    assert_eq!(clock.running, Some(Color::Black));
    assert!(clock.paused.is_none());
    assert_eq!(live.replays(), 0);
    assert_eq!(
        Live::load(live.record().clone()).unwrap().clock(),
        live.clock()
    );
    live.run(
        21_000,
        &BoardCommand::Play {
            point: point("aa"),
            forced: false,
            press: false,
        }
        .into(),
    )
    .unwrap();
    press(&mut live, 21_500, Color::Black);
    assert_eq!(live.clock().unwrap().running, Some(Color::White));
}

/// LGC "Start": "Black's clock is started either by the referee or by the players
/// themselves." With handicap stones too (Black places them in Black's own time): White's
/// touch starts Black's clock, and Black's touch cannot start White's.
#[test]
fn lgc_blacks_clock_is_started_even_with_two_handicap_stones() {
    let mut r = record(Preset::Lgc2023, 2);
    assert_eq!(table(&r, 0).starter(), Color::White);
    let refused = handle(&r, 0, &ClockCommand::Press { by: Color::Black }).unwrap_err();
    assert!(
        refused.to_string().contains("White starts the clock"),
        "{refused}"
    );
    run(&mut r, 1_000, ClockCommand::Press { by: Color::White });
    assert_eq!(
        table(&r, 3_000).clock.unwrap().ticking(),
        Some(Color::Black)
    );
}

/// Dutch 3: "In games with at most one stone handicap white may start with pushing the clock
/// (this is not mandatory). ... Pushing the clock is a right. It is never mandatory and it is
/// lost after the opponent has made his move." Black may play the first move and push: White's
/// time then runs, and Black's was never charged. With handicap Black "may push the clock (not
/// mandatory)" after placing the stones, so White may likewise play first and push.
#[test]
fn dutch_black_may_play_first_and_push_when_white_did_not() {
    let mut r = record(Preset::DutchLightning, 0);
    run(&mut r, 5_000, ClockCommand::Press { by: Color::Black });
    let t = table(&r, 8_000);
    let clock = t.clock.unwrap();
    assert_eq!(clock.ticking(), Some(Color::White));
    assert_eq!(clock.side(Color::Black).main_ms, 10 * MIN);
    assert_eq!(clock.side(Color::White).main_ms, 10 * MIN - 3_000);
    // Black's first move was made on the real board: White is to move.
    assert_eq!(t.game.to_move(), Color::White);
    // White's push remains the usual start.
    let mut w = record(Preset::DutchLightning, 0);
    run(&mut w, 1_000, ClockCommand::Press { by: Color::White });
    assert_eq!(
        table(&w, 2_000).clock.unwrap().ticking(),
        Some(Color::Black)
    );
}

/// Cape Town 2: "...white should start with pushing the clock." Unlike the Dutch rules it is
/// not a right Black can take over: with no handicap Black's touch does not start the clock.
#[test]
fn cape_town_white_starts_the_clock_without_handicap() {
    let r = record(Preset::CapeTown2005, 0);
    assert!(handle(&r, 0, &ClockCommand::Press { by: Color::Black }).is_err());
    assert!(handle(&r, 0, &ClockCommand::Press { by: Color::White }).is_ok());
}

/// Dutch 9 and Cape Town 6, on the clock only (the stones are on a real board): "If a move is
/// illegal and the player who made this move has pushed the clock and his opponent has not yet
/// answered it the opponent may take the following action. 1. Stating "illegal move", "not
/// allowed" or some such formula he restarts the clock of his opponent. 2. The player who made
/// the illegal move has to remove this stone in his own time. Next he must pass after which he
/// may push the clock again."
#[test]
fn dutch_and_cape_town_a_claimed_illegal_move_restarts_the_offenders_clock_and_the_pass_hands_it_back()
 {
    for preset in [Preset::DutchLightning, Preset::CapeTown2005] {
        let mut live = Live::load(record(preset, 0)).unwrap();
        let run = |live: &mut Live, at: i64, c: ClockCommand| {
            live.run(at, &c.clone().into())
                .unwrap_or_else(|e| panic!("{preset:?}: {c:?} at {at}: {e}"));
        };
        // White starts Black's clock; Black moves on the board and pushes at 10 s.
        run(&mut live, 0, ClockCommand::Press { by: Color::White });
        run(&mut live, 10_000, ClockCommand::Press { by: Color::Black });
        assert_eq!(live.game().move_number(), 1);
        // Before White answers, White states "illegal move" at 12 s.
        let before = live.clock().unwrap().side(Color::White).main_ms;
        run(
            &mut live,
            12_000,
            ClockCommand::ClaimIllegal { by: Color::White },
        );
        let clock = live.clock_at(15_000).unwrap();
        assert_eq!(
            clock.ticking(),
            Some(Color::Black),
            "Black's clock restarted"
        );
        assert_eq!(
            clock.side(Color::Black).main_ms,
            10 * MIN - 10_000 - 3_000,
            "Black removes the stone in his own time"
        );
        assert_eq!(
            clock.side(Color::White).main_ms,
            before - 2_000,
            "White's clock stopped at the claim"
        );
        // The move is gone and Black's forced pass is recorded: White is to move.
        let n = live.record().events().len();
        assert_eq!(
            live.record().events()[n - 3].event,
            Event::IllegalMoveRemoved {
                color: Color::Black
            }
        );
        assert_eq!(
            live.record().events()[n - 2].event,
            Event::Clock {
                clock: ClockEvent::Restarted {
                    running: Color::Black
                }
            }
        );
        assert!(matches!(
            live.record().events()[n - 1].event,
            Event::Passed {
                color: Color::Black,
                ..
            }
        ));
        assert_eq!(live.game().to_move(), Color::White);
        assert_eq!(live.game().move_number(), 1, "the pass is move 1");
        // Black pushes the clock: White's runs again, and the pass was no move off the board.
        run(&mut live, 16_000, ClockCommand::Press { by: Color::Black });
        assert_eq!(live.clock().unwrap().ticking(), Some(Color::White));
        assert_eq!(live.game().move_number(), 1);
        assert_eq!(live.game().to_move(), Color::White);
        let fresh = Live::load(live.record().clone()).unwrap();
        assert_eq!(fresh.game(), live.game());
        assert_eq!(fresh.clock(), live.clock());
    }
}

/// Dutch 9: the claimant "restarts the clock of his opponent" on his own running clock; once
/// his flag has fallen there is no clock to restart. The claim is refused with the clock's
/// reason before anything is written (it is not left halfway, and the live game replays
/// nothing).
#[test]
fn a_claim_after_the_claimants_flag_fell_is_refused_whole() {
    let mut live = Live::load(record(Preset::DutchLightning, 0)).unwrap();
    live.run(0, &ClockCommand::Press { by: Color::White }.into())
        .unwrap();
    live.run(10_000, &ClockCommand::Press { by: Color::Black }.into())
        .unwrap();
    let before = live.clone();
    let late = 10_000 + 10 * MIN + 1_000;
    let refused = live
        .run(
            late,
            &ClockCommand::ClaimIllegal { by: Color::White }.into(),
        )
        .unwrap_err();
    assert!(matches!(refused, CommandError::Clock(_)), "{refused:?}");
    assert!(refused.to_string().contains("flag fell"), "{refused}");
    assert_eq!(live.record(), before.record());
    assert_eq!(live.replays(), before.replays(), "nothing replayed");
}

/// The claim is made by the player whose clock runs, after the opponent's push and before
/// answering (Dutch 9: "the player who made this move has pushed the clock and his opponent
/// has not yet answered it"); the rules that unwind illegal moves (LGC) have no such claim.
#[test]
fn an_illegal_move_is_claimed_only_before_it_is_answered_and_only_where_the_rules_say() {
    let mut r = record(Preset::CapeTown2005, 0);
    run(&mut r, 0, ClockCommand::Press { by: Color::White });
    let refused = handle(&r, 1_000, &ClockCommand::ClaimIllegal { by: Color::Black }).unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("only after White's move and push"),
        "{refused}"
    );
    run(&mut r, 2_000, ClockCommand::Press { by: Color::Black });
    run(&mut r, 3_000, ClockCommand::Press { by: Color::White });
    // White answered: Black's move stands; White's move is the one Black may claim.
    assert!(handle(&r, 4_000, &ClockCommand::ClaimIllegal { by: Color::White }).is_err());
    assert!(handle(&r, 4_000, &ClockCommand::ClaimIllegal { by: Color::Black }).is_ok());
    // Paused for arbitration (the disputed claim: "he neutralizes the clock and asks the
    // director for arbitration"), no claim is made.
    run(
        &mut r,
        4_000,
        ClockCommand::Pause {
            reason: PauseReason::Arbitration,
        },
    );
    assert!(handle(&r, 5_000, &ClockCommand::ClaimIllegal { by: Color::Black }).is_err());

    let mut lgc = record(Preset::Lgc2023, 0);
    run(&mut lgc, 0, ClockCommand::Press { by: Color::White });
    run(&mut lgc, 2_000, ClockCommand::Press { by: Color::Black });
    let refused = handle(
        &lgc,
        3_000,
        &ClockCommand::ClaimIllegal { by: Color::White },
    )
    .unwrap_err();
    assert!(refused.to_string().contains("unwound"), "{refused}");
}

/// Dutch 7 and Cape Town 5: "If a player notes that he made an illegal move before he has
/// pushed the clock, and before his opponent has answered this illegal move, he must take it
/// back immediately. After this he is allowed to make another move." No pass there: the stone
/// goes, the offender's clock keeps running, and the offender plays again.
#[test]
fn dutch_and_cape_town_an_illegal_move_taken_back_before_the_push_is_no_pass() {
    use scorekeeper::core::Point;
    use scorekeeper::core::live::BoardCommand;
    for preset in [Preset::DutchLightning, Preset::CapeTown2005] {
        let mut live = Live::load(record(preset, 0)).unwrap();
        let point = |s: &str| Point::from_sgf(s).unwrap();
        let mut at = 0;
        live.run(at, &ClockCommand::Press { by: Color::White }.into())
            .unwrap();
        // A ko: White takes at dd, Black retakes at once (illegal, entered on the board) and
        // has not pushed yet.
        for (s, forced) in [
            ("dc", false),
            ("ec", false),
            ("cd", false),
            ("fd", false),
            ("de", false),
            ("ee", false),
            ("ed", false),
            ("dd", false),
            ("ed", true),
        ] {
            at += 1_000;
            let color = live.game().to_move();
            live.run(
                at,
                &BoardCommand::Play {
                    point: point(s),
                    forced,
                    press: false,
                }
                .into(),
            )
            .unwrap_or_else(|e| panic!("{s}: {e}"));
            if !forced {
                live.run(at + 100, &ClockCommand::Press { by: color }.into())
                    .unwrap();
            }
        }
        assert_eq!(
            live.clock().unwrap().running,
            Some(Color::Black),
            "{preset:?}"
        );
        let moves = live.game().move_number();
        live.run(at + 500, &BoardCommand::RemoveIllegal.into())
            .unwrap();
        assert_eq!(
            live.record().events().last().unwrap().event,
            Event::IllegalMoveRemoved {
                color: Color::Black
            }
        );
        assert_eq!(live.game().to_move(), Color::Black, "Black moves again");
        assert_eq!(live.game().move_number(), moves - 1);
        assert_eq!(live.clock().unwrap().running, Some(Color::Black));
        assert_eq!(
            Live::load(live.record().clone()).unwrap().game(),
            live.game()
        );
    }
}
