//! OpenGotha's XML tournament file read whole into the tournament core and written back:
//! every fixture written out and read again gives the same tournament, and each fault the
//! pairing cannot live with refuses the file with its own error and a message a director can
//! act on.

use scorekeeper::core::tournament::files::{FileError, read_tournament, write_tournament};
use scorekeeper::core::tournament::{GameOutcome, PlacementCriterion, Registration, SeedSystem};

const FIXTURES: [&str; 7] = [
    "simpleswiss.xml",
    "notsosimpleswiss.xml",
    "simplemm.xml",
    "notsimplemm.xml",
    "Toulouse2024.xml",
    "20240921-KPMC-Splitbug.xml",
    "bosp2024.xml",
];

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/opengotha/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_fixture_written_and_read_back_is_the_same_tournament() {
    for name in FIXTURES {
        let t = read_tournament(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            !t.players.is_empty() && !t.games.is_empty(),
            "{name} read empty"
        );
        let xml = write_tournament(&t);
        assert!(
            xml.contains("dataVersion=\"201\""),
            "{name}: written without dataVersion 201"
        );
        let back = read_tournament(&xml).unwrap_or_else(|e| panic!("{name} written: {e}"));
        assert_eq!(back, t, "{name}: the written file reads back differently");
    }
}

#[test]
fn the_file_s_players_games_byes_and_parameters_are_read() {
    let t = read_tournament(&fixture("notsimplemm.xml")).expect("reads");
    assert_eq!(t.players.len(), 9);
    let robin = t.player_by_key("ROBINCLÉ").expect("keys keep accents");
    assert_eq!(t.players[robin].rank, -11);
    assert_eq!(t.bye_of(1), Some(robin));
    let bonjean = t.player_by_key("BONJEANROBIN").expect("Bonjean");
    assert!(
        !t.players[bonjean].participating[1],
        "participating=\"1011…\" skips round 2"
    );
    assert_eq!(t.players[bonjean].registration, Registration::Final);
    let g = t
        .games_of(1)
        .find(|g| g.table == 3)
        .expect("round 1 table 3");
    assert_eq!((g.handicap, g.result.outcome), (5, GameOutcome::WhiteWins));
    assert_eq!((t.general.mcmahon_bar, t.general.mcmahon_floor), (0, -20));
    assert_eq!(t.general.number_of_rounds, 5);
    assert!(t.handicap.on_mcmahon_score);
    assert_eq!(t.handicap.correction, 1);
    assert_eq!(t.pairing.seed_system1, SeedSystem::SplitAndSlip);
    assert_eq!(t.pairing.minimize_score_difference, 100_000_000_000);
    assert_eq!(
        &t.placement.criteria[..3],
        &[
            PlacementCriterion::Mms,
            PlacementCriterion::Sosm,
            PlacementCriterion::Sososm
        ]
    );
}

/// A small file with the given players and games.
fn file(players: &[(&str, &str)], games: &str, extra: &str) -> String {
    let players: String = players
        .iter()
        .map(|(name, first)| format!("<Player name=\"{name}\" firstName=\"{first}\" rank=\"3K\"/>"))
        .collect();
    format!(
        "<Tournament dataVersion=\"201\"><Players>{players}</Players><Games>{games}</Games>{extra}</Tournament>"
    )
}

fn game(round: u32, table: u32, white: &str, black: &str) -> String {
    format!(
        "<Game roundNumber=\"{round}\" tableNumber=\"{table}\" whitePlayer=\"{white}\" blackPlayer=\"{black}\"/>"
    )
}

const FOUR: [(&str, &str); 4] = [("Ann", "A"), ("Bob", "B"), ("Cid", "C"), ("Dan", "D")];

#[test]
fn a_player_in_two_games_of_a_round_is_refused() {
    let games = game(1, 1, "ANNA", "BOBB") + &game(1, 2, "ANNA", "CIDC");
    let e = read_tournament(&file(&FOUR, &games, "")).unwrap_err();
    assert_eq!(
        e,
        FileError::PlaysTwice {
            key: "ANNA".into(),
            round: 1,
            tables: (1, 2)
        }
    );
    assert!(
        e.to_string().contains("plays at table 1 and at table 2"),
        "{e}"
    );
}

#[test]
fn a_game_naming_an_unknown_player_is_refused() {
    let e = read_tournament(&file(&FOUR, &game(2, 1, "ANNA", "ZOEZ"), "")).unwrap_err();
    assert_eq!(
        e,
        FileError::UnknownPlayer {
            key: "ZOEZ".into(),
            round: 2,
            table: Some(1)
        }
    );
    assert!(
        e.to_string().contains("not in the file's list of players"),
        "{e}"
    );
}

#[test]
fn a_bye_who_also_plays_is_refused() {
    let byes = "<ByePlayers><ByePlayer player=\"ANNA\" roundNumber=\"1\"/></ByePlayers>";
    let e = read_tournament(&file(&FOUR, &game(1, 1, "ANNA", "BOBB"), byes)).unwrap_err();
    assert_eq!(
        e,
        FileError::ByeAlsoPlays {
            key: "ANNA".into(),
            round: 1
        }
    );
    assert!(e.to_string().contains("bye of round 1"), "{e}");
}

#[test]
fn a_bar_below_the_floor_is_refused() {
    let tps = "<TournamentParameterSet><GeneralParameterSet genMMBar=\"20K\" genMMFloor=\"10K\"/></TournamentParameterSet>";
    let e = read_tournament(&file(&FOUR, "", tps)).unwrap_err();
    assert_eq!(
        e,
        FileError::BarBelowFloor {
            bar: "20K".into(),
            floor: "10K".into()
        }
    );
    assert!(e.to_string().contains("below the floor"), "{e}");
}

#[test]
fn over_two_thousand_players_are_refused() {
    let names: Vec<(String, String)> = (0..2001)
        .map(|i| (format!("P{i}"), "X".to_string()))
        .collect();
    let refs: Vec<(&str, &str)> = names
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    let e = read_tournament(&file(&refs, "", "")).unwrap_err();
    assert_eq!(e, FileError::TooManyPlayers { count: 2001 });
    let ok: Vec<(&str, &str)> = refs[..2000].to_vec();
    assert_eq!(
        read_tournament(&file(&ok, "", ""))
            .expect("2,000 players read")
            .players
            .len(),
        2000
    );
}

#[test]
fn other_bad_files_get_their_own_error() {
    assert!(matches!(
        read_tournament("not xml <"),
        Err(FileError::NotXml { .. })
    ));
    assert!(matches!(
        read_tournament("<Round/>"),
        Err(FileError::NotTournament { .. })
    ));
    let bad_rank = "<Tournament><Players><Player name=\"A\" firstName=\"B\" rank=\"12X\"/></Players></Tournament>";
    assert!(matches!(
        read_tournament(bad_rank),
        Err(FileError::BadValue {
            attribute: "rank",
            ..
        })
    ));
    let twice = file(&[("Ann", "A"), ("Ann", "A")], "", "");
    assert_eq!(
        read_tournament(&twice).unwrap_err(),
        FileError::DuplicatePlayer { key: "ANNA".into() }
    );
    assert!(matches!(
        read_tournament(&file(&FOUR, &game(21, 1, "ANNA", "BOBB"), "")),
        Err(FileError::BadRound { round: 21 })
    ));
    let big_handicap = game(1, 1, "ANNA", "BOBB").replace("/>", " handicap=\"12\"/>");
    assert!(matches!(
        read_tournament(&file(&FOUR, &big_handicap, "")),
        Err(FileError::BadHandicap {
            round: 1,
            table: 1,
            ..
        })
    ));
}

/// A file whose standings criteria or pairing settings the app does not know (OpenGotha 3.52's
/// Breizh score, a setting of a later version) is read and kept whole, but not paired: the
/// pairing says which settings, rather than pair otherwise than OpenGotha would.
#[test]
fn a_file_with_settings_the_app_does_not_know_is_not_paired() {
    use scorekeeper::core::tournament::files::write_tournament;
    use scorekeeper::core::tournament::pairing::{PairingError, pair_round};
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/opengotha/simpleswiss.xml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
    .replacen("name=\"SOSW\"", "name=\"BZS\"", 1)
    .replacen(
        "<PairingParameterSet ",
        "<PairingParameterSet paiFuture=\"3\" ",
        1,
    );
    let t = read_tournament(&text).expect("the file is read");
    assert_eq!(t.unknown_settings, ["BZS", "paiFuture"]);
    match pair_round(&t.before_round(2), 2) {
        Err(e @ PairingError::UnknownSettings { .. }) => {
            let said = e.to_string();
            assert!(said.contains("BZS") && said.contains("paiFuture"), "{said}");
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Written back, what the app does not know is kept, and still refused when read again.
    let again = write_tournament(&t);
    assert!(again.contains("paiFuture=\"3\"") && again.contains("name=\"BZS\""));
    assert_eq!(
        read_tournament(&again).unwrap().unknown_settings,
        ["BZS", "paiFuture"]
    );
    // Every real file of the fixtures is known.
    let known = read_tournament(
        &std::fs::read_to_string(format!(
            "{}/tests/fixtures/opengotha/simpleswiss.xml",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    assert!(known.unknown_settings.is_empty());
}
