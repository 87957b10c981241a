//! The wizard's other results and referee actions: decisions, resignation, time, lock and
//! unlock, komi and prisoners, and commands refused in words.

mod count_common;
mod live_helper;

use count_common::*;
use scorekeeper::core::count::{CountCommand, Decision, Phase};
use scorekeeper::core::record::{Event, GameRecord};
use scorekeeper::core::{Color, Preset};

use Color::{Black, White};

/// RULES.md, other endings: "a director's or referee's decision (win, loss, jigo, both lose,
/// replay); forfeit", with the SGF `RE` value. Dutch 13.4: "The director declares one of the
/// players victorious." Dutch 15.2.5: "Declare both players losers. If the tournament allows
/// for it he may declare a jigo." Dutch 15.2.4: "Have the game replayed." Cape Town 11.2.iv:
/// "Declare the game jigo." LGC, Sanctions: "Game forfeit The referee declares one or both
/// players to lose the game by forfeit." Dutch 13.1: "One of the players resigns."
#[test]
fn other_results_are_recorded_with_their_re_value() {
    let cases = [
        (
            Decision::Forfeit { loser: Black },
            "W+F",
            "White wins by forfeit",
        ),
        (Decision::Win { winner: Black }, "B+", "Black wins"),
        (Decision::Jigo, "0", "Jigo"),
        // `Void` cannot tell the two apart: the words say which it is.
        (Decision::BothLose, "Void", "Both players lose"),
        (
            Decision::Replay,
            "Void",
            "No result: the game is to be replayed",
        ),
    ];
    for (decision, re, words) in cases {
        let mut r = paused_lgc();
        run(
            &mut r,
            CountCommand::Decide {
                decision,
                reason: String::new(),
            },
        );
        let st = state(&r);
        assert_eq!(st.phase, Phase::Finished);
        assert_eq!(st.result().as_deref(), Some(re));
        assert_eq!(st.result_words().as_deref(), Some(words));
        assert!(
            refuse(
                &mut r,
                CountCommand::Decide {
                    decision,
                    reason: "again".into()
                }
            )
            .contains("over already")
        );
    }
    // Resignation is a move; the result follows from it.
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Black);
    push(&mut r, Event::Resigned { color: Black });
    let st = state(&r);
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.result().as_deref(), Some("W+R"));
    assert!(refuse(&mut r, CountCommand::Confirm { color: White }).contains("over"));
}

/// The referee screen (`src/app/pages/result.rs`): "Once settled it is locked; unlocking is a
/// logged referee action." Settled means both players confirmed; a referee may also lock the
/// count as it stands. Not in the rule texts: the app's choice.
#[test]
fn a_referee_locks_and_unlocks_with_a_reason() {
    let mut r = paused_lgc();
    run(&mut r, CountCommand::Lock);
    assert_eq!(state(&r).phase, Phase::Locked);
    assert!(refuse(&mut r, CountCommand::Lock).contains("already locked"));
    assert!(refuse(&mut r, CountCommand::Unlock { reason: " ".into() }).contains("reason"));
    run(
        &mut r,
        CountCommand::Unlock {
            reason: "miscounted prisoners".into(),
        },
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Agreement);
    assert_eq!(st.unlocks, vec!["miscounted prisoners".to_string()]);
    run(&mut r, CountCommand::Confirm { color: Black });
    run(&mut r, CountCommand::Confirm { color: White });
    run(
        &mut r,
        CountCommand::Unlock {
            reason: "recount".into(),
        },
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Agreement);
    assert!(!st.has_confirmed(Black) && !st.has_confirmed(White));
}

/// Komi changes are logged; prisoners from a real board replace the recorded captures.
#[test]
fn komi_changes_and_entered_prisoners_are_logged() {
    let mut r = paused_lgc();
    assert!(
        refuse(
            &mut r,
            CountCommand::SetKomi {
                komi: 6.3,
                reason: "x".into()
            }
        )
        .contains("half")
    );
    run(
        &mut r,
        CountCommand::SetKomi {
            komi: 6.5,
            reason: "director's ruling".into(),
        },
    );
    run(&mut r, CountCommand::EnterPrisoners { black: 4, white: 2 });
    let st = state(&r);
    assert_eq!(st.komi, 6.5);
    assert_eq!(
        st.komi_changes,
        vec![(6.5, "director's ruling".to_string())]
    );
    let s = st.score();
    assert_eq!((s.black.captures, s.white.captures), (4, 2));
    assert_eq!(s.white.komi, 6.5);
}

/// Commands that make no sense in the phase are refused with a sentence.
#[test]
fn commands_out_of_phase_are_refused_in_words() {
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Black);
    assert!(refuse(&mut r, CountCommand::ToggleDead { point: p("bb") }).contains("still going on"));
    assert!(refuse(&mut r, CountCommand::Confirm { color: Black }).contains("still going on"));
    assert!(refuse(&mut r, CountCommand::FindsPoint { by: Black }).contains("still going on"));
    let mut r = paused_lgc();
    assert!(refuse(&mut r, CountCommand::ToggleDead { point: p("aa") }).contains("no stone"));
    assert!(refuse(&mut r, CountCommand::FindsPoint { by: Black }).contains("dispute"));
    assert!(
        refuse(
            &mut r,
            CountCommand::MarkDead {
                points: pts(&["bb", "ea"])
            }
        )
        .contains("one colour")
    );
}

/// LGC, Loss on time (RULES.md: "loss on time (flag fall, with the first flag recorded
/// exactly)"): the clock's result ends the game for the wizard too.
#[test]
fn a_flag_fall_finishes_the_game() {
    use scorekeeper::core::clock::{TimeControl, TimeSystem};
    use scorekeeper::core::count::CountState;
    use scorekeeper::core::live::clock_commands::ClockCommand as Table;
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Black);
    r.settings.time_control = Some(TimeControl::new(60_000, TimeSystem::SuddenDeath));
    live_helper::execute(&mut r, 1_000, &Table::Press { by: White }).unwrap();
    let before = CountState::of(&r, 30_000).unwrap();
    assert_eq!(before.phase, Phase::Playing);
    let after = CountState::of(&r, 120_000).unwrap();
    assert_eq!(after.phase, Phase::Finished);
    assert_eq!(after.result().as_deref(), Some("W+T"));
    assert_eq!(after.result_words().as_deref(), Some("White wins on time"));
}

/// Dutch 15.2.5: "Declare both players losers." Both players losing is a result of its own: the
/// referee screen and the game list say "Both players lose", and the SGF keeps `RE[Void]` with
/// the game information saying which `Void` it is.
#[test]
fn both_players_lose_is_said_as_such_on_screen_in_the_list_and_in_sgf() {
    use scorekeeper::core::history::GameSummary;
    let mut r = paused_lgc();
    run(
        &mut r,
        CountCommand::Decide {
            decision: Decision::BothLose,
            reason: String::new(),
        },
    );
    assert_eq!(
        state(&r).result_words().as_deref(),
        Some("Both players lose")
    );
    let summary = GameSummary::of("g", 0, &r, 10_000_000);
    assert_eq!(summary.result.as_deref(), Some("Void"));
    assert_eq!(summary.result_words.as_deref(), Some("Both players lose"));
    let sgf = scorekeeper::core::sgf::export_at(&r, 10_000_000);
    assert!(sgf.contains("RE[Void]"), "{sgf}");
    assert!(
        sgf.contains("GC[Both players lose (decided by the director)]"),
        "{sgf}"
    );
}

/// The referee warns `color` for `reason`.
fn warn(r: &mut GameRecord, color: Color, reason: &str) -> Vec<Event> {
    run(
        r,
        CountCommand::Warn {
            color,
            reason: reason.into(),
        },
    )
}

/// LGC, Sanctions: "Warning A referee may issue a warning to either or both players. If a
/// player receives two warnings in the same game, then the referee imposes the game forfeit
/// sanction." The first warning is recorded; the second forfeits the game.
#[test]
fn lgc_a_second_warning_in_the_same_game_forfeits_it() {
    let mut r = empty(Preset::Lgc2023, 9, 0);
    play(&mut r, Black, "cc");
    let first = warn(&mut r, White, "talking during play");
    assert_eq!(first.len(), 1);
    let st = state(&r);
    assert_eq!(st.warnings, [0, 1]);
    assert_eq!(st.phase, Phase::Playing, "one warning: play goes on");
    warn(&mut r, Black, "");
    assert_eq!(state(&r).phase, Phase::Playing);
    warn(&mut r, White, "disturbing the opponent");
    let st = state(&r);
    assert_eq!(st.warnings, [1, 2]);
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.result().as_deref(), Some("B+F"));
    let sgf = scorekeeper::core::sgf::export_at(&r, now(&r));
    assert!(sgf.contains("RE[B+F]"), "{sgf}");
    assert!(
        sgf.contains("Warning to White: disturbing the opponent"),
        "{sgf}"
    );
}

/// Dutch 9: "On top of this he gives this person an official warning. Subsequent warnings may
/// result in expulsion from the tournament." A warning is recorded; the count of warnings
/// decides nothing by itself there.
#[test]
fn dutch_warnings_are_recorded_and_decide_nothing_by_themselves() {
    let mut r = empty(Preset::DutchLightning, 9, 0);
    for _ in 0..3 {
        warn(&mut r, Black, "claim of illegality found wrong");
    }
    let st = state(&r);
    assert_eq!(st.warnings, [3, 0]);
    assert_eq!(st.phase, Phase::Playing);
    assert_eq!(st.result(), None);
}

/// LGC, Player responsibility: "If the referee decides that the game in dispute should resume,
/// but the player still wants to appeal, then the player must inform the referee and the
/// opponent that the game is played under protest. When signing a result form, the player
/// must state that the game was played under protest." The protest stays with the result and
/// in the SGF, and changes no count.
#[test]
fn lgc_a_game_played_under_protest_says_so_with_its_result() {
    let mut r = paused_lgc();
    let before = state(&r).result();
    run(
        &mut r,
        CountCommand::Protest {
            by: Black,
            reason: "the referee's ruling on the ko".into(),
        },
    );
    let st = state(&r);
    assert_eq!(
        st.protests,
        vec![(Black, "the referee's ruling on the ko".to_string())]
    );
    assert_eq!(st.result(), before);
    let sgf = scorekeeper::core::sgf::export_at(&r, now(&r));
    assert!(
        sgf.contains("Black plays under protest: the referee's ruling on the ko"),
        "{sgf}"
    );
}

/// LGC, Sanctions: "If a player is late by 30 minutes or more, they forfeit the game." The
/// referee records the forfeit with that reason, and it is the result.
#[test]
fn lgc_a_player_late_by_thirty_minutes_forfeits() {
    let mut r = empty(Preset::Lgc2023, 19, 0);
    run(
        &mut r,
        CountCommand::Decide {
            decision: Decision::Forfeit { loser: White },
            reason: "Late by 30 minutes or more".into(),
        },
    );
    let st = state(&r);
    assert_eq!(st.result().as_deref(), Some("B+F"));
    assert_eq!(
        st.decided.as_ref().map(|(_, why)| why.as_str()),
        Some("Late by 30 minutes or more")
    );
}

/// Dutch 13.3: "In case of doubt the result is a jigo unless the tournament doesn't allow for
/// jigo. In that case the game has to be replayed." With jigo not allowed, a jigo decision is
/// refused with the way on, and a replay is recorded.
#[test]
fn dutch_without_jigo_a_game_in_doubt_is_replayed() {
    use scorekeeper::core::rules::Jigo;
    let mut r = empty(Preset::DutchLightning, 9, 0);
    let mut settings = r.settings.clone();
    settings.rules.jigo = Jigo::NotAllowed;
    r = scorekeeper::core::record::GameRecord::from_parts(r.schema, settings, r.events().to_vec());
    let refused = refuse(
        &mut r,
        CountCommand::Decide {
            decision: Decision::Jigo,
            reason: String::new(),
        },
    );
    assert!(refused.contains("replayed"), "{refused}");
    run(
        &mut r,
        CountCommand::Decide {
            decision: Decision::Replay,
            reason: "both flags down, no one knows which fell first".into(),
        },
    );
    assert_eq!(
        state(&r).result_words().as_deref(),
        Some("No result: the game is to be replayed")
    );
}

/// LGC, "Colour or handicap error": "If players start a game with the wrong colour or
/// handicap, and this is noticed before the third move is completed, then the game must be
/// restarted. If the error is noticed later, then the game continues and the pairing is
/// modified to reflect the actual colours or handicap used."
#[test]
fn lgc_a_colour_or_handicap_error_restarts_the_game_before_the_third_move_and_is_noted_after() {
    use scorekeeper::core::count::restarted_settings;
    let named = |mut r: scorekeeper::core::record::GameRecord| {
        let mut s = r.settings.clone();
        s.black = "Ann".into();
        s.white = "Bo".into();
        r = scorekeeper::core::record::GameRecord::from_parts(r.schema, s, r.events().to_vec());
        r
    };
    // Two moves completed: the game is restarted, with the colours swapped.
    let mut r = named(empty(Preset::Lgc2023, 19, 0));
    play(&mut r, Black, "pd");
    play(&mut r, White, "dp");
    run(
        &mut r,
        CountCommand::ColourOrHandicapError {
            colours_swapped: true,
            handicap: 0,
        },
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Finished);
    assert_eq!(st.result().as_deref(), Some("Void"));
    assert_eq!(
        st.result_words().as_deref(),
        Some("Restarted: wrong colours or handicap")
    );
    let next = restarted_settings(&r.settings, true, 0);
    assert_eq!((next.black.as_str(), next.white.as_str()), ("Bo", "Ann"));

    // The wrong handicap: the restarted game has the right one, and its komi.
    let r = named(empty(Preset::Lgc2023, 19, 0));
    let next = restarted_settings(&r.settings, false, 3);
    assert_eq!(next.handicap.stones, 3);
    assert_eq!(
        next.komi, 0.5,
        "LGC: \"In a handicap game it is 0.5 to White.\""
    );

    // Three moves completed: the game goes on, and the record notes who really played what.
    let mut r = named(empty(Preset::Lgc2023, 19, 0));
    for (c, p) in [(Black, "pd"), (White, "dp"), (Black, "pp")] {
        play(&mut r, c, p);
    }
    run(
        &mut r,
        CountCommand::ColourOrHandicapError {
            colours_swapped: true,
            handicap: 0,
        },
    );
    let st = state(&r);
    assert_eq!(st.phase, Phase::Playing, "the game continues");
    assert_eq!(
        r.events().last().unwrap().event,
        Event::ActualPairing {
            black: "Bo".into(),
            white: "Ann".into(),
            handicap: 0
        }
    );
    let sgf = scorekeeper::core::sgf::export_at(&r, now(&r));
    assert!(
        sgf.contains("Played with Black: Bo, White: Ann, handicap 0"),
        "{sgf}"
    );
    // Nothing to correct is refused.
    let refused = refuse(
        &mut r,
        CountCommand::ColourOrHandicapError {
            colours_swapped: false,
            handicap: 0,
        },
    );
    assert!(refused.contains("Nothing to correct"), "{refused}");
}
