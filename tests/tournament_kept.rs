//! A tournament kept on the phone: its OpenGotha file and, beside it, the extras that file has
//! no place for (forbidden pairs, the EGD country) read back the same; damaged or newer extras
//! refused whole; a new tournament with OpenGotha's defaults; the country most players share.

use scorekeeper::core::tournament::files::{read_tournament, write_tournament};
use scorekeeper::core::tournament::kept::{
    EXTRAS_LAYOUT, HandicapPolicy, KeptError, NewTournament, NewTournamentError, Summary, System,
    decode_extras, encode_extras, kept_summary, most_common_country, new_tournament, restore,
};
use scorekeeper::core::tournament::pairing::pair_round;
use scorekeeper::core::tournament::{PlacementCriterion, Player};

fn cut_fixture() -> String {
    std::fs::read_to_string("tests/fixtures/opengotha/simplemm-2rounds.xml").expect("fixture")
}

fn form() -> NewTournament {
    NewTournament {
        name: "Spring Cup 2026".into(),
        begin_date: "2026-04-04".into(),
        end_date: "2026-04-05".into(),
        location: "Utrecht".into(),
        rounds: 5,
        system: System::McMahon,
        bar: 3,
        floor: -20,
        handicap: HandicapPolicy::McMahonScores,
        komi: "7.5".into(),
        basic_minutes: 60,
        byo_yomi_seconds: 30,
        size: 19,
    }
}

#[test]
fn the_extras_come_back_as_kept() {
    let mut t = read_tournament(&cut_fixture()).expect("reads");
    t.forbid_pair(0, 1).expect("two players");
    let xml = write_tournament(&t);
    let extras = encode_extras(&t, "FR");
    let (back, country) = restore(&xml, Some(&extras)).expect("restores");
    assert_eq!(back, t);
    assert_eq!(country, "FR");
    let (bare, none) = restore(&xml, None).expect("restores without extras");
    assert!(bare.forbidden_pairs.is_empty());
    assert_eq!(none, "");
}

#[test]
fn damaged_or_newer_extras_are_refused_whole() {
    assert!(matches!(decode_extras("{"), Err(KeptError::Damaged(_))));
    assert!(matches!(
        decode_extras(r#"{"layout":1,"forbidden":[["A"]],"country":""}"#),
        Err(KeptError::Damaged(_))
    ));
    let newer = format!(r#"{{"layout":{},"forbidden":[]}}"#, EXTRAS_LAYOUT + 1);
    assert_eq!(
        decode_extras(&newer),
        Err(KeptError::NewerLayout(EXTRAS_LAYOUT + 1))
    );
    assert!(matches!(restore("<nope/>", None), Err(KeptError::File(_))));
}

#[test]
fn the_cut_fixture_has_two_rounds_played_and_the_third_to_pair() {
    let t = read_tournament(&cut_fixture()).expect("reads");
    assert_eq!(t.players.len(), 16);
    assert_eq!(t.last_paired_round(), 2);
    assert_eq!(t.general.number_of_rounds, 5);
    let pairing = pair_round(&t, 3).expect("round 3 pairs");
    assert_eq!(pairing.games.len(), 8);
    assert_eq!(pairing.bye, None);
}

#[test]
fn most_players_country_is_offered_for_the_egd_file() {
    let mut t = new_tournament(&form()).expect("made");
    assert_eq!(most_common_country(&t), "");
    for (name, country) in [("A", "nl"), ("B", "FR"), ("C", "NL")] {
        t.add_player(Player {
            name: name.into(),
            country: country.into(),
            ..Player::default()
        })
        .expect("added");
    }
    assert_eq!(most_common_country(&t), "NL");
}

#[test]
fn a_new_tournament_takes_the_form_and_opengotha_defaults() {
    let t = new_tournament(&form()).expect("made");
    assert_eq!(t.general.name, "Spring Cup 2026");
    assert_eq!(t.general.number_of_rounds, 5);
    assert_eq!((t.general.mcmahon_bar, t.general.mcmahon_floor), (3, -20));
    assert_eq!(t.general.other.get("komi").map(String::as_str), Some("7.5"));
    assert_eq!(t.placement.criteria.first(), Some(&PlacementCriterion::Mms));
    // Written and read back as OpenGotha would.
    let back = read_tournament(&write_tournament(&t)).expect("reads back");
    assert_eq!(back.general.name, t.general.name);
    let swiss = new_tournament(&NewTournament {
        system: System::Swiss,
        handicap: HandicapPolicy::None,
        ..form()
    })
    .expect("made");
    assert_eq!(
        swiss.placement.criteria.first(),
        Some(&PlacementCriterion::Nbw)
    );
    assert_eq!(swiss.handicap.ceiling, 0);
}

#[test]
fn a_bad_new_tournament_is_refused() {
    let bad = |f: NewTournament| new_tournament(&f).expect_err("refused");
    assert_eq!(
        bad(NewTournament {
            name: " ".into(),
            ..form()
        }),
        NewTournamentError::MissingName
    );
    assert_eq!(
        bad(NewTournament {
            rounds: 21,
            ..form()
        }),
        NewTournamentError::BadRounds(21)
    );
    assert_eq!(
        bad(NewTournament {
            bar: -25,
            floor: -10,
            ..form()
        }),
        NewTournamentError::BarBelowFloor
    );
    assert!(matches!(
        bad(NewTournament {
            komi: "seven".into(),
            ..form()
        }),
        NewTournamentError::BadKomi(_)
    ));
}

#[test]
fn a_tournament_stored_in_the_first_layout_still_opens() {
    use scorekeeper::core::store::json::{self, Value};
    let text =
        std::fs::read_to_string("tests/fixtures/storage/tournament-v1.json").expect("fixture");
    let value = json::parse(&text).expect("JSON");
    let Some(Value::Object(fields)) = Some(value) else {
        panic!("an object");
    };
    let get = |suffix: &str| {
        fields
            .iter()
            .find(|(k, _)| k.starts_with("sk.tournament.") && k.ends_with(suffix))
            .and_then(|(_, v)| match v {
                Value::String(s) => Some(s.clone()),
                _ => None,
            })
            .expect("key")
    };
    let (t, country) = restore(&get(".xml"), Some(&get(".extra"))).expect("opens");
    // The first layout has no summary beside the file: the list reads the file for it.
    assert_eq!(kept_summary(&get(".extra")), None);
    assert_eq!(country, "FR");
    assert_eq!(t.players.len(), 16);
    assert_eq!(t.last_paired_round(), 2);
    assert_eq!(
        t.forbidden_pairs,
        vec![("ROBINCLÉ".to_string(), "FIORINABAPTISTE".to_string())]
    );
    let (a, b) = (
        t.player_by_key("ROBINCLÉ"),
        t.player_by_key("FIORINABAPTISTE"),
    );
    assert!(a.is_some() && b.is_some());
}

#[test]
fn the_round_screen_sees_a_kept_tournament_as_it_saw_its_file() {
    use scorekeeper::core::tournament::round_screen::screen_round;
    for name in ["round-e2e.xml", "simplemm-2rounds.xml"] {
        let text =
            std::fs::read_to_string(format!("tests/fixtures/opengotha/{name}")).expect("fixture");
        let t = read_tournament(&text).expect("reads");
        for n in 1..=2 {
            let kept = read_tournament(&write_tournament(&t)).expect("kept reads");
            assert_eq!(
                screen_round(&kept, n).expect("round"),
                screen_round(&t, n).expect("round"),
                "{name} round {n}"
            );
        }
    }
}

/// The name and summary of a tournament are kept beside it, so the list of tournaments kept
/// reads them without its file; what is kept reads back as it was stored.
#[test]
fn a_kept_tournament_s_name_and_summary_read_without_its_file() {
    let text =
        std::fs::read_to_string("tests/fixtures/opengotha/simplemm-2rounds.xml").expect("fixture");
    let mut t = read_tournament(&text).expect("reads");
    t.forbidden_pairs = vec![("ROBINCLÉ".into(), "FIORINABAPTISTE".into())];
    let extras = encode_extras(&t, "FR");
    let summary = kept_summary(&extras).expect("a summary");
    assert_eq!(summary, Summary::of(&t));
    assert_eq!(summary.name, t.general.name);
    assert_eq!((summary.players, summary.paired), (16, 2));
    assert_eq!(summary.rounds, t.general.number_of_rounds);
    let (back, country) = restore(&write_tournament(&t), Some(&extras)).expect("opens");
    assert_eq!(
        (back.forbidden_pairs, country),
        (t.forbidden_pairs, "FR".to_string())
    );
    // A summary that is not whole is no summary: the file is read instead.
    assert_eq!(
        kept_summary(&extras.replace("\"players\"", "\"gamers\"")),
        None
    );
}
