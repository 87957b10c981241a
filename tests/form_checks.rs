//! Impossible values typed into a form or given by a link: each is refused with a message that
//! says what is wrong and what to do, and the game is left exactly as it was.

mod live_helper;

use live_helper::execute;
use scorekeeper::core::clock::{ClockEvent, TimeControl, TimeSystem};
use scorekeeper::core::count;
use scorekeeper::core::form_values;
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::live::Live;
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::new_game::NewGameForm;
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::{Color, Preset};

use Color::{Black, White};

const T0: i64 = 1_700_000_000_000;

fn link(q: &str) -> NewGameForm {
    let pairs: Vec<(&str, &str)> = q.split('&').filter_map(|kv| kv.split_once('=')).collect();
    let (form, errors) = NewGameForm::from_query(pairs);
    assert!(errors.is_empty(), "{errors:?}");
    form
}

#[test]
fn a_link_with_several_bad_values_shows_each_beside_its_field_and_creates_nothing() {
    let form = link("size=4&komi=abc&time=byoyomi&periods=0&main=-5&period=30");
    let errors = form.check().unwrap_err();
    let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, vec!["size", "komi", "main", "periods"]);
    let said = |field: &str| {
        errors
            .iter()
            .find(|e| e.field == field)
            .map(|e| e.message.clone())
            .unwrap_or_default()
    };
    assert!(said("size").contains("from 5 to 25"), "{}", said("size"));
    assert!(said("komi").contains("“abc” is not"), "{}", said("komi"));
    assert_eq!(
        said("main"),
        "The main time cannot be negative (`main` is -5)."
    );
    assert_eq!(said("periods"), "Byo-yomi needs at least one period.");
}

#[test]
fn empty_nan_and_huge_numbers_are_refused_per_field() {
    let form = link("time=canadian&main=&stones=NaN&period=99999999999999999999&komi=inf");
    let errors = form.check().unwrap_err();
    let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, vec!["komi", "main", "stones", "period"]);
    assert!(
        errors[1].message.contains("missing"),
        "{}",
        errors[1].message
    );
    assert!(
        errors[2].message.contains("not “NaN”"),
        "{}",
        errors[2].message
    );
    assert!(errors[3].message.contains("not “99999999999999999999”"));
}

#[test]
fn time_odds_are_checked_with_the_rest_of_the_time() {
    let form = link("time=byoyomi&main=600&periods=0&period=30&mainw=abc");
    let fields: Vec<_> = form
        .check()
        .unwrap_err()
        .into_iter()
        .map(|e| e.field)
        .collect();
    assert_eq!(fields, vec!["periods", "mainw"]);
    for bad in ["0", "-5", "36001", "1.5", "NaN"] {
        let form = link(&format!("time=sudden&main=600&mainw={bad}"));
        let errors = form.check().unwrap_err();
        assert_eq!(errors.len(), 1, "{bad}: {errors:?}");
        assert_eq!(errors[0].field, "mainw");
        assert!(errors[0].message.contains("from 1 to 36000"));
    }
}

#[test]
fn absurd_names_are_refused() {
    let long = "x".repeat(61);
    let form = link(&format!("black={long}&white=Bo"));
    let errors = form.check().unwrap_err();
    assert_eq!(errors[0].field, "black");
    assert!(errors[0].message.contains("at most 60 characters"));
}

fn byo_yomi_game() -> GameRecord {
    let mut s = GameSettings::new(Preset::Japanese, 9, Handicap::NONE);
    s.time_control = Some(TimeControl::new(
        10_000,
        TimeSystem::ByoYomi {
            periods: 5,
            period_ms: 30_000,
        },
    ));
    let mut r = Live::start(s, T0).unwrap().into_record();
    execute(&mut r, T0, &ClockCommand::Press { by: White }).unwrap();
    r
}

/// Runs a correction that must be refused; the record stays as it was. Returns the message.
fn refused(r: &mut GameRecord, at: i64, event: ClockEvent, reason: &str) -> String {
    let before = r.clone();
    let command = ClockCommand::Correct {
        event,
        reason: reason.into(),
    };
    let e = execute(r, at, &command).unwrap_err();
    assert_eq!(*r, before, "a refused correction changes nothing");
    e.to_string()
}

#[test]
fn referee_corrections_refuse_values_no_clock_can_have() {
    // LGC TIMING RULES, circumstance 3: both clocks may be stopped "to reset the clock or
    // count overtime stones for the next overtime period": a referee sets what the time
    // control allows, never more.
    let mut r = byo_yomi_game();
    let at = T0 + 5_000;
    let periods = |periods| ClockEvent::SetPeriods {
        color: Black,
        periods,
    };
    assert_eq!(
        refused(&mut r, at, periods(6), "clock fault"),
        "The time control gives 5 periods: set a number from 1 to 5."
    );
    assert!(refused(&mut r, at, periods(0), "clock fault").contains("At least one period"));
    let moves = ClockEvent::MoveCountCorrected {
        color: White,
        moves: 5_000,
    };
    assert!(refused(&mut r, at, moves, "miscount").contains("No game has more than 1000 moves"));
    let stones = ClockEvent::SetStones {
        color: Black,
        stones_left: 3,
    };
    assert!(refused(&mut r, at, stones, "miscount").contains("Canadian"));
    // Black has 5 s left: a minute cannot be taken from that.
    let remove = ClockEvent::Adjusted {
        color: Black,
        delta_ms: -60_000,
        reason: String::new(),
    };
    assert_eq!(
        refused(&mut r, at, remove.clone(), "wrong setting"),
        "Black has only 5.0 on the clock: remove at most that, or give a time penalty."
    );
    let add = ClockEvent::Adjusted {
        color: Black,
        delta_ms: 10_000,
        reason: String::new(),
    };
    assert!(refused(&mut r, at, add.clone(), "   ").contains("Give the reason"));
    assert!(refused(&mut r, at, add.clone(), &"x".repeat(201)).contains("200 characters"));
    // The same corrections within what the clock allows are made, with the reason logged.
    execute(
        &mut r,
        at,
        &ClockCommand::Correct {
            event: add,
            reason: " clock fault ".into(),
        },
    )
    .unwrap();
    assert!(matches!(
        &r.events().last().unwrap().event,
        scorekeeper::core::record::Event::Clock {
            clock: ClockEvent::Adjusted { reason, .. }
        } if reason == "clock fault"
    ));
}

#[test]
fn canadian_stones_cannot_exceed_the_period() {
    let mut s = GameSettings::new(Preset::LondonOpen, 9, Handicap::NONE);
    s.time_control = Some(TimeControl::new(
        0,
        TimeSystem::Canadian {
            stones: 15,
            period_ms: 300_000,
        },
    ));
    let mut r = Live::start(s, T0).unwrap().into_record();
    execute(&mut r, T0, &ClockCommand::Press { by: White }).unwrap();
    let stones = |stones_left| ClockEvent::SetStones {
        color: Black,
        stones_left,
    };
    assert_eq!(
        refused(&mut r, T0 + 1_000, stones(16), "recount"),
        "A period holds 15 stones: set a number from 1 to 15."
    );
    execute(
        &mut r,
        T0 + 1_000,
        &ClockCommand::Correct {
            event: stones(15),
            reason: "recount".into(),
        },
    )
    .unwrap();
}

#[test]
fn a_komi_change_must_be_a_half_point_number() {
    // LGC: "Komi in an even game is 7.5 to White. In a handicap game it is 0.5 to White."
    // Any komi is a whole or half point.
    let mut r = byo_yomi_game();
    let before = r.clone();
    for komi in [f64::NAN, f64::INFINITY, 7.3, 1000.0] {
        let command = count::CountCommand::SetKomi {
            komi,
            reason: "agreed".into(),
        };
        let e = execute(&mut r, T0 + 1, &command).unwrap_err().to_string();
        assert!(e.starts_with("Komi must"), "{komi}: {e}");
        assert_eq!(r, before);
    }
    let command = count::CountCommand::SetKomi {
        komi: 6.5,
        reason: String::new(),
    };
    assert!(execute(&mut r, T0 + 1, &command).is_err());
    assert_eq!(r, before);
    for typed in ["", "abc", "NaN", "7,25", "7.25", "-101", "7,5,0"] {
        assert!(form_values::komi(typed).is_err(), "{typed}");
    }
    // A Dutch player writes the half point with a comma.
    assert_eq!(form_values::komi("7,5"), Ok(7.5));
    assert_eq!(form_values::komi("-0,5"), Ok(-0.5));
    let command = count::CountCommand::SetKomi {
        komi: form_values::komi("6.5").unwrap(),
        reason: "agreed".into(),
    };
    execute(&mut r, T0 + 1, &command).unwrap();
}

/// Dutch 13.3: "In case of doubt the result is a jigo unless the tournament doesn't allow for
/// jigo. In that case the game has to be replayed." The Dutch and Cape Town forms let the
/// tournament say `jigo=no`; the link carries it; the rules that settle a jigo themselves (LGC,
/// London Open) refuse it by name.
#[test]
fn a_tournament_without_jigo_is_a_setting_of_the_lightning_rules_only() {
    use scorekeeper::core::rules::Jigo;
    for preset in ["dutch-lightning", "cape-town-2005"] {
        let form = link(&format!("preset={preset}&jigo=no"));
        assert_eq!(form.settings_query(), format!("preset={preset}&jigo=no"));
        let record = form.check().unwrap().into_record("2026-11-24", T0).unwrap();
        assert_eq!(record.settings.rules.jigo, Jigo::NotAllowed);
        let allowed = link(&format!("preset={preset}"));
        let record = allowed
            .check()
            .unwrap()
            .into_record("2026-11-24", T0)
            .unwrap();
        assert_eq!(record.settings.rules.jigo, Jigo::Allowed);
    }
    for preset in ["lgc-2023", "london-open"] {
        let errors = link(&format!("preset={preset}&jigo=no"))
            .check()
            .unwrap_err();
        assert_eq!(errors[0].field, "jigo");
        assert!(
            errors[0].message.contains("settle a jigo themselves"),
            "{}",
            errors[0].message
        );
    }
    let errors = link("preset=dutch-lightning&jigo=maybe")
        .check()
        .unwrap_err();
    assert!(
        errors[0].message.contains("“maybe” is neither"),
        "{}",
        errors[0].message
    );
}

#[test]
fn a_table_code_starts_the_game_with_its_round_table_and_keys() {
    let form = link(
        "preset=dutch-lightning&size=19&handicap=2&komi=0.5&black=André Nemo&white=Ann Lee\
         &event=Dutch Blitz&round=3&table=7&bkey=NEMOANDRÉ&wkey=LEEANN",
    );
    let game = form.check().expect("a table code's form is a game");
    let record = game.into_record("2026-11-24", T0).expect("a record");
    let s = &record.settings;
    assert_eq!(s.event.as_deref(), Some("Dutch Blitz"));
    assert_eq!(s.round.as_deref(), Some("3"));
    let p = s.pairing.as_ref().expect("the pairing is kept");
    assert_eq!(
        (p.table, p.black_key.as_str(), p.white_key.as_str()),
        (7, "NEMOANDRÉ", "LEEANN")
    );
    // The settings link for the whole hall leaves out what differs from table to table.
    let query = form.settings_query();
    assert!(
        query.contains("round=3") && query.contains("event=Dutch%20Blitz"),
        "{query}"
    );
    for per_table in ["table=", "bkey=", "wkey=", "black=", "white="] {
        assert!(!query.contains(per_table), "{query}");
    }
    // The SGF keeps the round as `RO`, and the table and keys where SGF has no property.
    let sgf = scorekeeper::core::sgf::export(&record);
    assert!(sgf.contains("RO[3]"), "{sgf}");
    assert!(
        sgf.contains("Table 7; pairing keys: Black NEMOANDRÉ, White LEEANN"),
        "{sgf}"
    );
}

#[test]
fn a_table_code_with_a_bad_table_or_a_missing_key_is_refused_per_field() {
    let errors = link("table=0&bkey=A&wkey=B").check().unwrap_err();
    assert_eq!(errors[0].field, "table");
    assert!(errors[0].message.contains("Scan the table's code again"));
    let errors = link("table=4&bkey=A").check().unwrap_err();
    assert_eq!(errors[0].field, "wkey");
    let errors = link(&format!("round={}", "9".repeat(101)))
        .check()
        .unwrap_err();
    assert_eq!(errors[0].field, "round");
}

#[test]
fn another_preset_keeps_the_players_and_their_pairing() {
    let form = link(
        "preset=dutch-lightning&komi=0.5&main=600&black=Ann&white=Bo&event=Blitz&round=3&table=7&bkey=ANN&wkey=BO",
    );
    let lgc = form.with_preset(Preset::Lgc2023);
    let fresh = NewGameForm::for_preset(Preset::Lgc2023);
    for kept in ["black", "white", "event", "round", "table", "bkey", "wkey"] {
        assert_eq!(lgc.field(kept), form.field(kept), "{kept}");
    }
    for reset in ["preset", "komi", "main", "time"] {
        assert_eq!(lgc.field(reset), fresh.field(reset), "{reset}");
    }
}
