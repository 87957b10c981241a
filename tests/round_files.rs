//! The director's round files: OpenGotha's tournament file read (the document type's defaults,
//! keys with accents, byes left out, the time as the clock's settings), every refusal, the
//! round's results written back and read again, a typed table list, and the CSV and wall list.
//!
//! OpenGotha's format is quoted from its document type, `tournament.dtd`, and its reader and
//! writer, `ExternalDocument.java` (repository `lucvannier/opengotha`).

use scorekeeper::core::round::export;
use scorekeeper::core::round::table_list::{self, LineProblem, ListError};
use scorekeeper::core::round::{Decided, Outcome, Round, RoundTable, TablePlayer, TimeSettings};
use scorekeeper::core::tournament::files::general::{General, GothaTimeSystem, read_general};
use scorekeeper::core::tournament::files::opengotha::result_of_code;
use scorekeeper::core::tournament::files::{
    FileError, MAX_FILE_BYTES, player_key, read_tournament, result_code, write_results,
};
use scorekeeper::core::tournament::rank::format_rank;
use scorekeeper::core::tournament::round_screen::{
    check_rounds, decided_of, game_result, screen_round,
};
use scorekeeper::core::tournament::{GameResult, Player, Tournament};

const BLITZ: &str = include_str!("fixtures/opengotha/blitz.xml");

/// The file as the director's phone takes it: read once, then every paired round checked as
/// its tables will be played.
fn read(text: &str) -> Result<Tournament, FileError> {
    let t = read_tournament(text)?;
    check_rounds(&t)?;
    Ok(t)
}

fn blitz() -> Tournament {
    read(BLITZ).expect("the fixture reads")
}

/// The round screen's view of the tournament read.
trait Rounds {
    /// Round `n` as the round screen draws it.
    fn round(&self, n: u32) -> Result<Round, FileError>;
    /// The rounds that have games, in order.
    fn rounds(&self) -> Vec<u32>;
}

impl Rounds for Tournament {
    fn round(&self, n: u32) -> Result<Round, FileError> {
        screen_round(self, n)
    }

    fn rounds(&self) -> Vec<u32> {
        let set: std::collections::BTreeSet<u32> = self.games.iter().map(|g| g.round).collect();
        set.into_iter().collect()
    }
}

/// The general parameters the tables take (size, komi, time).
fn general(t: &Tournament) -> General {
    read_general(|name| t.general.other.get(name).map(String::as_str)).expect("readable")
}

/// The player of `key`.
fn player_of<'a>(t: &'a Tournament, key: &str) -> &'a Player {
    t.players
        .iter()
        .find(|p| p.key() == key)
        .unwrap_or_else(|| panic!("{key} is a player's key"))
}

/// The key of player `i`, as the games name them.
fn key(t: &Tournament, i: usize) -> String {
    t.players[i].key()
}

fn won(outcome: Outcome) -> Decided {
    Decided {
        outcome,
        by_default: false,
    }
}

fn by_default(outcome: Outcome) -> Decided {
    Decided {
        outcome,
        by_default: true,
    }
}

/// A small tournament file: `players` as `(name, firstName)`, `games` as raw `<Game …/>`
/// attribute text, `general` as raw `<GeneralParameterSet …/>` attribute text (none when
/// empty).
fn file(players: &[(&str, &str)], games: &[&str], general: &str) -> String {
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    s.push_str("<Tournament dataVersion=\"201\">\n<Players>\n");
    for (name, first) in players {
        s.push_str(&format!(
            "<Player firstName=\"{first}\" name=\"{name}\"/>\n"
        ));
    }
    s.push_str("</Players>\n<Games>\n");
    for g in games {
        s.push_str(&format!("<Game {g}/>\n"));
    }
    s.push_str("</Games>\n");
    if !general.is_empty() {
        s.push_str(&format!(
            "<TournamentParameterSet>\n<GeneralParameterSet {general}/>\n</TournamentParameterSet>\n"
        ));
    }
    s.push_str("</Tournament>\n");
    s
}

const FOUR: [(&str, &str); 4] = [
    ("Nemo", "André"),
    ("Weiß", "Anna"),
    ("Kowalski", "Łukasz"),
    ("Müller", "Jürgen"),
];

fn table_keys(round: &Round, number: u32) -> (String, String) {
    let t = round
        .tables
        .iter()
        .find(|t| t.number == number)
        .expect("the table is in the round");
    (t.black.key.clone(), t.white.key.clone())
}

// ---------------------------------------------------------------------------------------------
// Reading

#[test]
fn the_fixture_holds_every_player_and_game() {
    let t = blitz();
    assert_eq!(t.players.len(), 22);
    assert_eq!(t.games.len(), 21);
    assert_eq!(t.rounds(), vec![1, 2]);
    assert_eq!(t.general.name, "Blitz Open Kraków 2025");
    assert_eq!(t.general.short_name, "blitzkrk25");
    assert_eq!(t.general.number_of_rounds, 5);
    assert_eq!(general(&t).size, 19);
    assert_eq!(general(&t).komi, 7.5);
}

#[test]
fn keys_are_name_and_first_name_in_upper_case_without_spaces_accents_kept() {
    // `Player.computeKeyString`: `(name + firstName).replaceAll(" ", "").toUpperCase()`.
    assert_eq!(player_key("Nemo", "André"), "NEMOANDRÉ");
    assert_eq!(
        player_key("García Núñez", "María José"),
        "GARCÍANÚÑEZMARÍAJOSÉ"
    );
    // Java's upper case of ß is SS, as Rust's is.
    assert_eq!(player_key("Weiß", "Anna"), "WEISSANNA");
    assert_eq!(player_key("Kowalski", "Łukasz"), "KOWALSKIŁUKASZ");

    let t = blitz();
    for key in [
        "NEMOANDRÉ",
        "WEISSANNA",
        "KOWALSKIŁUKASZ",
        "DVOŘÁKTOMÁŠ",
        "ØSTERGAARDSØREN",
        "GARCÍANÚÑEZMARÍAJOSÉ",
        "ÇELIKAYŞE",
        "O'BRIENSEÁN",
    ] {
        assert!(
            t.players.iter().any(|p| p.key() == key),
            "{key} is a player's key"
        );
    }
    let nemo = player_of(&t, "NEMOANDRÉ");
    assert_eq!(
        (nemo.name.as_str(), nemo.first_name.as_str()),
        ("Nemo", "André")
    );
    assert_eq!(format_rank(nemo.rank), "2K");
    assert_eq!(nemo.club, "78Ve");
    // A player without a club has none.
    assert_eq!(player_of(&t, "TANAKAYUKI").club, "");
}

#[test]
fn round_two_lists_its_eleven_tables_by_number_as_opengotha_shows_them() {
    let round = blitz().round(2).unwrap();
    assert_eq!(round.number, 2);
    assert_eq!(round.tournament, "Blitz Open Kraków 2025");
    assert_eq!(round.size, 19);
    let numbers: Vec<u32> = round.tables.iter().map(|t| t.number).collect();
    // The file's games come in no order; OpenGotha writes `getTableNumber() + 1` and shows
    // the same, so the file's numbers are the players' numbers.
    assert_eq!(numbers, (1..=11).collect::<Vec<u32>>());
    assert_eq!(
        table_keys(&round, 1),
        ("MÜLLERJÜRGEN".to_string(), "TANAKAYUKI".to_string())
    );
    assert_eq!(
        table_keys(&round, 5),
        ("ÇELIKAYŞE".to_string(), "DUBOISHÉLÈNE".to_string())
    );
    let t1 = &round.tables[0];
    assert_eq!((t1.handicap, t1.komi), (0, 7.5));
    // Handicap games: OpenGotha keeps one komi; a handicap game is played with half a point.
    let t8 = &round.tables[7];
    assert_eq!((t8.number, t8.handicap, t8.komi), (8, 2, 0.5));
    assert_eq!(t8.black.key, "GARCÍANÚÑEZMARÍAJOSÉ");
    assert_eq!(round.tables[8].handicap, 3);
}

#[test]
fn byes_are_not_tables() {
    let t = blitz();
    // `<ByePlayer player="SMITHJOHN" roundNumber="1"/>`: Smith plays no game in round 1.
    assert!(BLITZ.contains("<ByePlayer player=\"SMITHJOHN\" roundNumber=\"1\"/>"));
    let round = t.round(1).unwrap();
    assert_eq!(round.tables.len(), 10);
    assert!(
        round
            .tables
            .iter()
            .all(|t| t.black.key != "SMITHJOHN" && t.white.key != "SMITHJOHN")
    );
    // And in round 2 he does.
    let round2 = t.round(2).unwrap();
    assert!(round2.tables.iter().any(|t| t.black.key == "SMITHJOHN"));
}

#[test]
fn the_files_time_becomes_the_clocks_settings() {
    // The fixture: `basicTime="5" complementaryTimeSystem="FISCHER" fischerTime="3"`, basic
    // time in minutes.
    let round = blitz().round(1).unwrap();
    assert_eq!(
        round.time.fields,
        vec![
            ("time", "fischer".to_string()),
            ("main", "300".to_string()),
            ("inc", "3".to_string()),
        ]
    );
    let cases = [
        (
            "basicTime=\"20\" complementaryTimeSystem=\"SUDDENDEATH\"",
            vec![("time", "sudden"), ("main", "1200")],
        ),
        (
            "basicTime=\"40\" complementaryTimeSystem=\"STDBYOYOMI\" stdByoYomiTime=\"20\"",
            vec![
                ("time", "byoyomi"),
                ("main", "2400"),
                ("periods", "1"),
                ("period", "20"),
            ],
        ),
        (
            "basicTime=\"60\" complementaryTimeSystem=\"CANBYOYOMI\" nbMovesCanTime=\"20\" canByoYomiTime=\"420\"",
            vec![
                ("time", "canadian"),
                ("main", "3600"),
                ("stones", "20"),
                ("period", "420"),
            ],
        ),
        (
            "basicTime=\"10\" complementaryTimeSystem=\"FISCHER\" fischerTime=\"10\"",
            vec![("time", "fischer"), ("main", "600"), ("inc", "10")],
        ),
    ];
    for (general, expected) in cases {
        let text = file(
            &FOUR,
            &[
                "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
            ],
            general,
        );
        let round = read(&text).unwrap().round(1).unwrap();
        let fields: Vec<(&str, &str)> = round
            .time
            .fields
            .iter()
            .map(|(k, v)| (*k, v.as_str()))
            .collect();
        assert_eq!(fields, expected, "{general}");
    }
}

#[test]
fn attributes_left_out_take_the_document_types_defaults() {
    // tournament.dtd: `<!ATTLIST Game knownColor CDATA "true">`, `handicap CDATA "0"`,
    // `result CDATA "RESULT_UNKNOWN"`; `<!ATTLIST Player rank CDATA "30K">`, `club CDATA ""`;
    // GeneralParameterSet `basicTime "60"`, `complementaryTimeSystem "CANBYOYOMI"`, `nbMovesCanTime "15"`,
    // `canByoYomiTime "300"`, `size "19"`, `komi "7.5"`, `numberOfRounds "5"`.
    let text = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
        ],
        "",
    );
    let t = read(&text).unwrap();
    let g = &t.games[0];
    assert_eq!(g.handicap, 0);
    assert!(g.known_color);
    assert_eq!(g.result, GameResult::UNKNOWN);
    assert_eq!(format_rank(player_of(&t, "NEMOANDRÉ").rank), "30K");
    assert_eq!(player_of(&t, "NEMOANDRÉ").club, "");
    // No parameter set at all: the tournament's own names, as a new tournament has them.
    assert_eq!(t.general.name, "Undefined");
    assert_eq!(t.general.short_name, "Undefined");
    assert_eq!(t.general.number_of_rounds, 5);
    assert_eq!(general(&t).size, 19);
    assert_eq!(general(&t).komi, 7.5);
    assert_eq!(
        general(&t).time,
        GothaTimeSystem::CanadianByoYomi {
            basic_minutes: 60,
            stones: 15,
            seconds: 300
        }
    );
    // A parameter set that names only the system takes the defaults of the others:
    // `<!ATTLIST GeneralParameterSet fischerTime CDATA "5">`, `stdByoYomiTime CDATA "30">`.
    let fischer = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
        ],
        "complementaryTimeSystem=\"FISCHER\"",
    );
    assert_eq!(
        general(&read(&fischer).unwrap()).time,
        GothaTimeSystem::Fischer {
            basic_minutes: 60,
            increment_seconds: 5
        }
    );
    let byoyomi = fischer.replace("FISCHER", "STDBYOYOMI");
    assert_eq!(
        general(&read(&byoyomi).unwrap()).time,
        GothaTimeSystem::StandardByoYomi {
            basic_minutes: 60,
            seconds: 30
        }
    );
}

#[test]
fn the_files_results_and_colours_are_read() {
    let t = blitz();
    let game = |round: u32, table: u32| {
        t.games
            .iter()
            .find(|g| g.round == round && g.table == table)
            .unwrap()
    };
    assert_eq!(decided_of(game(1, 1).result), Some(won(Outcome::Black)));
    assert_eq!(decided_of(game(1, 2).result), Some(won(Outcome::White)));
    assert_eq!(
        decided_of(game(1, 7).result),
        Some(by_default(Outcome::White)),
        "RESULT_WHITEWINS_BYDEF"
    );
    assert!(
        t.games
            .iter()
            .filter(|g| g.round == 2)
            .all(|g| g.result == GameResult::UNKNOWN)
    );
    // `knownColor="false"`: colours not published, the players choose at the board.
    assert!(!game(2, 7).known_color);
    assert!(game(2, 6).known_color);
}

#[test]
fn every_result_code_reads_as_opengotha_writes_it() {
    // Game.java: RESULT_WHITEWINS, RESULT_BLACKWINS, RESULT_EQUAL, RESULT_BOTHLOSE,
    // RESULT_BOTHWIN, each also with _BYDEF; RESULT_UNKNOWN.
    let outcomes = [
        (Outcome::White, "RESULT_WHITEWINS"),
        (Outcome::Black, "RESULT_BLACKWINS"),
        (Outcome::Jigo, "RESULT_EQUAL"),
        (Outcome::BothLose, "RESULT_BOTHLOSE"),
        (Outcome::BothWin, "RESULT_BOTHWIN"),
    ];
    for (outcome, code) in outcomes {
        assert_eq!(result_code(game_result(won(outcome))), code);
        assert_eq!(decided_of(result_of_code(code)), Some(won(outcome)));
        let bydef = format!("{code}_BYDEF");
        assert_eq!(result_code(game_result(by_default(outcome))), bydef);
        assert_eq!(
            decided_of(result_of_code(&bydef)),
            Some(by_default(outcome))
        );
    }
    assert_eq!(result_code(GameResult::UNKNOWN), "RESULT_UNKNOWN");
    assert_eq!(decided_of(result_of_code("RESULT_UNKNOWN")), None);
    // pairgoth writes both losing as RESULT_BOTHLOOSE.
    assert_eq!(
        decided_of(result_of_code("RESULT_BOTHLOOSE")),
        Some(won(Outcome::BothLose))
    );
    // OpenGotha's reader leaves a code it does not know as no result.
    assert_eq!(decided_of(result_of_code("WHITE")), None);
}

#[test]
fn game_keys_are_looked_up_as_opengotha_does() {
    // `getPlayerByKeyString` removes spaces and takes the upper case of the game's key; older
    // files wrote the key without accents (`getPlayerByObsoleteCanonicalName`).
    let text = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"Nemo André\" blackPlayer=\"WEISSANNA\"",
            "roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"MULLERJURGEN\" blackPlayer=\"KOWALSKIŁUKASZ\"",
        ],
        "",
    );
    let t = read(&text).unwrap();
    let round = t.round(1).unwrap();
    assert_eq!(
        table_keys(&round, 1),
        ("WEISSANNA".to_string(), "NEMOANDRÉ".to_string())
    );
    assert_eq!(
        table_keys(&round, 2),
        ("KOWALSKIŁUKASZ".to_string(), "MÜLLERJÜRGEN".to_string())
    );
    // The game names the player it found, whose key OpenGotha computes the same way.
    assert_eq!(key(&t, t.games[1].white), "MÜLLERJÜRGEN");
}

#[test]
fn names_with_markup_are_kept_as_text() {
    let text = file(
        &[
            ("&lt;b&gt;Bold&lt;/b&gt;", "&lt;script&gt;x&lt;/script&gt;"),
            ("Tom &amp; Jerry", "&quot;Q&quot;"),
        ],
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"&lt;B&gt;BOLD&lt;/B&gt;&lt;SCRIPT&gt;X&lt;/SCRIPT&gt;\" blackPlayer=\"TOM&amp;JERRY&quot;Q&quot;\"",
        ],
        "",
    );
    let round = read(&text).unwrap().round(1).unwrap();
    let t = &round.tables[0];
    assert_eq!(t.white.name, "<b>Bold</b>");
    assert_eq!(t.white.first_name, "<script>x</script>");
    assert_eq!(t.black.name, "Tom & Jerry");
    assert_eq!(t.black.key, "TOM&JERRY\"Q\"");
}

#[test]
fn the_largest_tournament_opengotha_holds_is_read() {
    // Gotha.java: `MAX_NUMBER_OF_PLAYERS = 2000`, `MAX_NUMBER_OF_ROUNDS = 20`, written one
    // element a line as OpenGotha does.
    let players: Vec<(String, String)> = (0..2000)
        .map(|i| (format!("Nazwisko{i}"), format!("Imię{i}")))
        .collect();
    let refs: Vec<(&str, &str)> = players
        .iter()
        .map(|(n, f)| (n.as_str(), f.as_str()))
        .collect();
    let mut games = Vec::new();
    for round in 1..=20u32 {
        for j in 0..1000usize {
            let w = &players[j];
            let b = &players[1000 + (j + round as usize) % 1000];
            games.push(format!(
                "blackPlayer=\"{}\" handicap=\"0\" knownColor=\"true\" result=\"RESULT_BLACKWINS\" roundNumber=\"{round}\" tableNumber=\"{}\" whitePlayer=\"{}\"",
                player_key(&b.0, &b.1),
                j + 1,
                player_key(&w.0, &w.1)
            ));
        }
    }
    let game_refs: Vec<&str> = games.iter().map(String::as_str).collect();
    let text = file(&refs, &game_refs, "size=\"19\"");
    assert!(text.len() < MAX_FILE_BYTES);
    let t = read(&text).expect("the largest tournament reads");
    assert_eq!(t.games.len(), 20_000);
    assert_eq!(t.round(20).unwrap().tables.len(), 1000);
}

// ---------------------------------------------------------------------------------------------
// Refusals: each says what is wrong and what to do.

fn refused(text: &str) -> FileError {
    match read(text) {
        Ok(_) => panic!("the file was read:\n{text}"),
        Err(e) => e,
    }
}

fn says(e: &FileError, words: &[&str]) {
    let shown = e.to_string();
    for w in words {
        assert!(shown.contains(w), "“{shown}” should say “{w}”");
    }
}

#[test]
fn a_file_that_is_not_xml_is_refused() {
    for text in [
        "",
        "table, black, white\n1, Nemo André, Weiß Anna",
        "{\"format\": \"backup\"}",
        "<Tournament><Players></Tournament>",
        "(;GM[1]FF[4]SZ[19])",
    ] {
        let e = refused(text);
        assert!(matches!(e, FileError::NotXml { .. }), "{text}: {e:?}");
        says(&e, &["not XML", "OpenGotha"]);
    }
    // A cut file says where it breaks.
    let cut = &BLITZ[..BLITZ.len() / 2];
    let e = refused(cut);
    assert!(matches!(e, FileError::NotXml { .. }));
}

#[test]
fn xml_that_is_not_a_tournament_is_refused() {
    let e = refused("<?xml version=\"1.0\"?><html><body>Pairings</body></html>");
    assert_eq!(
        e,
        FileError::NotTournament {
            root: "html".into()
        }
    );
    says(
        &e,
        &["<html>", "not <Tournament>", "Choose the tournament file"],
    );
}

#[test]
fn a_round_without_games_is_refused() {
    let t = blitz();
    let e = t.round(3).unwrap_err();
    assert_eq!(
        e,
        FileError::NoSuchRound {
            round: 3,
            rounds: vec![1, 2]
        }
    );
    says(
        &e,
        &[
            "Round 3 has no games",
            "1, 2",
            "Pair the round in OpenGotha",
        ],
    );
    let empty = file(&FOUR, &[], "");
    let e = read(&empty).unwrap().round(1).unwrap_err();
    says(&e, &["no games yet"]);
    assert!(t.round(0).is_err());
}

#[test]
fn an_unknown_player_key_is_refused_by_name() {
    let text = file(
        &FOUR,
        &[
            "roundNumber=\"2\" tableNumber=\"4\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"GHOSTCASPER\"",
        ],
        "",
    );
    let e = refused(&text);
    assert_eq!(
        e,
        FileError::UnknownPlayer {
            key: "GHOSTCASPER".into(),
            round: 2,
            table: Some(4)
        }
    );
    says(
        &e,
        &[
            "GHOSTCASPER",
            "Round 2, table 4",
            "Save the tournament again",
        ],
    );
    // The older key form matches only one player: a key that folds onto two is refused.
    let twins = file(
        &[("Nemo", "André"), ("Nemo", "Andre"), ("Weiß", "Anna")],
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÈ\" blackPlayer=\"WEISSANNA\"",
        ],
        "",
    );
    assert!(matches!(refused(&twins), FileError::UnknownPlayer { .. }));
}

#[test]
fn two_games_at_one_table_are_refused() {
    let text = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"3\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
            "roundNumber=\"1\" tableNumber=\"3\" whitePlayer=\"KOWALSKIŁUKASZ\" blackPlayer=\"MÜLLERJÜRGEN\"",
        ],
        "",
    );
    let e = refused(&text);
    assert_eq!(e, FileError::DuplicateTable { round: 1, table: 3 });
    says(&e, &["two games at table 3", "Renumber"]);
    // The same table in two rounds is fine.
    let ok = text.replacen("roundNumber=\"1\"", "roundNumber=\"2\"", 1);
    assert!(read(&ok).is_ok());
}

#[test]
fn a_player_in_two_games_of_a_round_is_refused() {
    let text = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
            "roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"KOWALSKIŁUKASZ\" blackPlayer=\"NEMOANDRÉ\"",
        ],
        "",
    );
    let e = refused(&text);
    assert_eq!(
        e,
        FileError::PlaysTwice {
            key: "NEMOANDRÉ".into(),
            round: 1,
            tables: (1, 2)
        }
    );
    says(
        &e,
        &[
            "NEMOANDRÉ plays at table 1 and at table 2",
            "Correct the pairing",
        ],
    );
    let alone = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"5\" whitePlayer=\"WEISSANNA\" blackPlayer=\"WEISSANNA\"",
        ],
        "",
    );
    says(&refused(&alone), &["against themselves"]);
}

#[test]
fn a_file_over_twenty_megabytes_is_refused_before_it_is_read() {
    // Valid XML, but too long: the length is checked first.
    let mut text = BLITZ.to_string();
    text.push_str(&"<!-- padding -->".repeat(MAX_FILE_BYTES / 16 + 1));
    assert!(text.len() > MAX_FILE_BYTES);
    let e = refused(&text);
    assert!(matches!(e, FileError::TooLarge { .. }));
    says(&e, &["MB", "at most 20 MB"]);
}

#[test]
fn entity_expansion_is_refused() {
    // "Billion laughs": ten entities each ten times the one before.
    let mut dtd = String::from("<!ENTITY lol \"lol\">\n");
    for i in 1..=9 {
        let prev = if i == 1 {
            "lol".to_string()
        } else {
            format!("lol{}", i - 1)
        };
        dtd.push_str(&format!(
            "<!ENTITY lol{i} \"{}\">\n",
            format!("&{prev};").repeat(10)
        ));
    }
    let laughs = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE Tournament [\n{dtd}]>\n<Tournament><Players><Player name=\"&lol9;\" firstName=\"A\"/></Players></Tournament>"
    );
    let e = refused(&laughs);
    assert_eq!(e, FileError::DocumentType);
    says(
        &e,
        &["document type", "Save the tournament again from OpenGotha"],
    );
    // An external entity, which could read a file, is refused the same way.
    let external = "<?xml version=\"1.0\"?><!DOCTYPE Tournament [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><Tournament name=\"&x;\"/>";
    assert_eq!(refused(external), FileError::DocumentType);
    // An entity the file does not define is no XML at all.
    assert!(matches!(
        refused("<Tournament name=\"&lol9;\"/>"),
        FileError::NotXml { .. }
    ));
}

#[test]
fn a_file_with_more_elements_than_any_tournament_is_refused() {
    let text = format!("<Tournament>{}</Tournament>", "<x/>".repeat(250_000));
    assert!(text.len() < MAX_FILE_BYTES);
    let e = refused(&text);
    assert_eq!(e, FileError::TooManyNodes);
}

#[test]
fn a_handicap_outside_nought_to_nine_is_refused() {
    for value in ["10", "-1", "two", ""] {
        let text = file(
            &FOUR,
            &[&format!(
                "roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\" handicap=\"{value}\""
            )],
            "",
        );
        let e = refused(&text);
        assert_eq!(
            e,
            FileError::BadHandicap {
                round: 1,
                table: 2,
                value: value.into()
            }
        );
        says(&e, &["handicap", "0 to 9 stones"]);
    }
    let nine = file(
        &FOUR,
        &[
            "roundNumber=\"1\" tableNumber=\"2\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\" handicap=\"9\"",
        ],
        "",
    );
    assert_eq!(read(&nine).unwrap().games[0].handicap, 9);
}

#[test]
fn a_board_size_outside_five_to_twenty_five_is_refused() {
    let game =
        ["roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\""];
    for value in ["4", "26", "0", "nineteen", "19x19"] {
        let e = refused(&file(&FOUR, &game, &format!("size=\"{value}\"")));
        assert_eq!(
            e,
            FileError::BadSize {
                value: value.into()
            }
        );
        says(&e, &["5×5 to 25×25", "game options"]);
    }
    for size in [5, 9, 13, 25] {
        let t = read(&file(&FOUR, &game, &format!("size=\"{size}\""))).unwrap();
        assert_eq!(t.round(1).unwrap().size, size);
    }
}

#[test]
fn other_damage_is_refused_with_what_to_do() {
    let game =
        "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"";
    let cases: Vec<(String, FileError)> = vec![
        (
            file(&FOUR, &[game], "komi=\"7,5\""),
            FileError::BadKomi {
                value: "7,5".into(),
                reason: String::new(),
            },
        ),
        (
            file(&FOUR, &[game], "complementaryTimeSystem=\"HOURGLASS\""),
            FileError::UnknownTimeSystem {
                value: "HOURGLASS".into(),
            },
        ),
        (
            file(
                &FOUR,
                &[game],
                "basicTime=\"0\" complementaryTimeSystem=\"SUDDENDEATH\"",
            ),
            FileError::BadTime { problems: vec![] },
        ),
        (
            file(&FOUR, &[game], "basicTime=\"601\""),
            FileError::BadTime { problems: vec![] },
        ),
        (
            file(&FOUR, &[game], "basicTime=\"sixty\""),
            FileError::BadNumber {
                element: "GeneralParameterSet",
                attribute: "basicTime",
                value: "sixty".into(),
            },
        ),
        (
            file(
                &FOUR,
                &["roundNumber=\"1\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\""],
                "",
            ),
            FileError::MissingAttribute {
                element: "Game",
                attribute: "tableNumber",
            },
        ),
        (
            file(
                &FOUR,
                &[
                    "roundNumber=\"1\" tableNumber=\"0\" whitePlayer=\"NEMOANDRÉ\" blackPlayer=\"WEISSANNA\"",
                ],
                "",
            ),
            FileError::BadNumber {
                element: "Game",
                attribute: "tableNumber",
                value: "0".into(),
            },
        ),
        (
            file(&[("Nemo", "André"), ("Ne mo", "andré")], &[], ""),
            FileError::DuplicatePlayer {
                key: "NEMOANDRÉ".into(),
            },
        ),
        (file(&[("", "")], &[], ""), FileError::UnnamedPlayer),
    ];
    for (text, expected) in cases {
        let e = refused(&text);
        // The messages of the time and komi come from the form's own checks.
        match (&e, &expected) {
            (FileError::BadKomi { value, reason }, FileError::BadKomi { value: v, .. }) => {
                assert_eq!(value, v);
                assert!(reason.contains("half points"), "{reason}");
            }
            (FileError::BadTime { problems }, FileError::BadTime { .. }) => {
                assert!(!problems.is_empty());
            }
            _ => assert_eq!(e, expected),
        }
        let shown = e.to_string();
        assert!(
            shown.contains("OpenGotha") || shown.contains("Rename") || shown.contains("Name every"),
            "“{shown}” says what to do"
        );
    }
    let missing_name = "<Tournament><Players><Player firstName=\"A\"/></Players></Tournament>";
    assert_eq!(
        refused(missing_name),
        FileError::MissingAttribute {
            element: "Player",
            attribute: "name"
        }
    );
}

// ---------------------------------------------------------------------------------------------
// Writing the round's results

#[test]
fn the_rounds_results_read_back_the_same_at_every_table() {
    let t = blitz();
    let results = vec![
        (1, won(Outcome::White)),
        (2, won(Outcome::Black)),
        (3, won(Outcome::Jigo)),
        (4, won(Outcome::BothLose)),
        (5, won(Outcome::BothWin)),
        (6, by_default(Outcome::White)),
        (7, by_default(Outcome::Black)),
        (8, by_default(Outcome::Jigo)),
        (9, by_default(Outcome::BothLose)),
        (10, by_default(Outcome::BothWin)),
    ];
    let written = write_results(&t, 2, &results);
    let back = read(&written).expect("the written file reads");
    assert_eq!(back.rounds(), vec![2]);
    for (table, decided) in &results {
        let game = back
            .games
            .iter()
            .find(|g| g.table == *table)
            .unwrap_or_else(|| panic!("table {table} is written"));
        assert_eq!(decided_of(game.result), Some(*decided), "table {table}");
        let original = t
            .games
            .iter()
            .find(|g| g.round == 2 && g.table == *table)
            .unwrap();
        // The file's own players, handicap and colours.
        assert_eq!(
            (
                key(&back, game.white),
                key(&back, game.black),
                game.handicap,
                game.known_color
            ),
            (
                key(&t, original.white),
                key(&t, original.black),
                original.handicap,
                original.known_color
            )
        );
    }
    // Table 11 has no result: it is left out, so OpenGotha keeps what it has for it.
    assert!(back.games.iter().all(|g| g.table != 11));
    assert!(!written.contains("RESULT_UNKNOWN"));
    // What OpenGotha's import reads: the root, the data version that looks keys up as
    // written, and the games; no parameter set (a partial one breaks its import).
    assert!(written.contains("<Tournament dataVersion=\"201\">"));
    assert!(!written.contains("TournamentParameterSet"));
    assert!(written.contains(
        "<Game blackPlayer=\"GARCÍANÚÑEZMARÍAJOSÉ\" handicap=\"2\" knownColor=\"true\" result=\"RESULT_EQUAL_BYDEF\""
    ));
    assert!(
        written.contains("roundNumber=\"2\" tableNumber=\"8\" whitePlayer=\"KOVAČEVIĆIVAN\"/>")
    );
    // Only the players of the written games, as the file had them.
    assert_eq!(back.players.len(), 20);
    assert_eq!(
        player_of(&back, "ØSTERGAARDSØREN"),
        player_of(&t, "ØSTERGAARDSØREN")
    );
    assert!(written.contains("egfPin=\"17210455\""));
    assert!(!back.players.iter().any(|p| p.key() == "SMITHJOHN"));
}

#[test]
fn a_table_given_twice_takes_the_last_result_and_unknown_tables_are_left_out() {
    let t = blitz();
    let written = write_results(
        &t,
        1,
        &[
            (4, won(Outcome::Black)),
            (4, won(Outcome::White)),
            (99, won(Outcome::Black)),
        ],
    );
    let back = read(&written).unwrap();
    assert_eq!(back.games.len(), 1);
    assert_eq!(back.games[0].table, 4);
    assert_eq!(decided_of(back.games[0].result), Some(won(Outcome::White)));
    let nothing = write_results(&t, 1, &[]);
    assert_eq!(read(&nothing).unwrap().games.len(), 0);
}

#[test]
fn written_names_are_escaped_and_read_back_as_they_were() {
    let text = file(
        &[
            ("&lt;b&gt;O'Hara&lt;/b&gt;", "Tom &amp; &quot;Q&quot;"),
            ("Tab&#9;Name", "Line&#10;Break"),
        ],
        &[
            "roundNumber=\"1\" tableNumber=\"1\" whitePlayer=\"&lt;B&gt;O'HARA&lt;/B&gt;TOM&amp;&quot;Q&quot;\" blackPlayer=\"TAB&#9;NAMELINE&#10;BREAK\"",
        ],
        "",
    );
    let t = read(&text).unwrap();
    let written = write_results(&t, 1, &[(1, won(Outcome::Black))]);
    assert!(written.contains("name=\"&lt;b&gt;O&apos;Hara&lt;/b&gt;\""));
    assert!(written.contains("name=\"Tab&#9;Name\""));
    let back = read(&written).unwrap();
    assert_eq!(back.players, t.players);
    assert_eq!(back.round(1).unwrap(), t.round(1).unwrap());
    assert_eq!(decided_of(back.games[0].result), Some(won(Outcome::Black)));
}

// ---------------------------------------------------------------------------------------------
// A typed table list

#[test]
fn a_typed_list_with_a_header_reads_as_a_round() {
    let text = "table, black, white, handicap, komi\n\
                1, Nemo André, Weiß Anna\n\
                \n\
                3, Kowalski Łukasz, Müller Jürgen, 2\n\
                2, García Núñez María José, Dubois Hélène, 0, 5.5\n";
    let round = table_list::read(text).unwrap();
    assert_eq!(round.number, 1);
    assert_eq!(round.size, 19);
    assert_eq!(round.time, TimeSettings::default());
    let numbers: Vec<u32> = round.tables.iter().map(|t| t.number).collect();
    assert_eq!(numbers, vec![1, 2, 3]);
    let t1 = &round.tables[0];
    assert_eq!(t1.black.key, "NEMOANDRÉ");
    assert_eq!(t1.black.name, "Nemo André");
    assert_eq!(t1.white.key, "WEISSANNA");
    // The usual defaults: no handicap, 6.5 komi; half a point with a handicap.
    assert_eq!((t1.handicap, t1.komi), (0, 6.5));
    assert_eq!((round.tables[2].handicap, round.tables[2].komi), (2, 0.5));
    assert_eq!(round.tables[1].komi, 5.5);
    assert_eq!(round.tables[1].black.key, "GARCÍANÚÑEZMARÍAJOSÉ");
    // The keys are OpenGotha's for the same names.
    assert_eq!(
        round.tables[1].black.key,
        player_key("García Núñez", "María José")
    );
}

#[test]
fn semicolons_and_tabs_separate_fields_and_a_decimal_comma_is_read() {
    let semicolons = "1;Nemo André;Weiß Anna;0;7,5\n2;Kowalski Łukasz;Müller Jürgen;;\n";
    let round = table_list::read(semicolons).unwrap();
    assert_eq!(round.tables[0].komi, 7.5);
    assert_eq!((round.tables[1].handicap, round.tables[1].komi), (0, 6.5));
    let tabs = "Table\tBlack\tWhite\n1\tNemo, André\tWeiß Anna\t3\t0.5\t\t\n";
    let round = table_list::read(tabs).unwrap();
    assert_eq!(round.tables[0].black.name, "Nemo, André");
    assert_eq!(round.tables[0].handicap, 3);
}

#[test]
fn a_typed_list_is_refused_at_the_line_that_is_wrong() {
    let cases: Vec<(&str, ListError)> = vec![
        ("", ListError::Empty),
        ("table, black, white\n", ListError::Empty),
        (
            "1, Nemo André\n",
            ListError::Line {
                line: 1,
                problem: LineProblem::TooFewFields(2),
            },
        ),
        (
            "1, A, B, 0, 6.5, extra\n",
            ListError::Line {
                line: 1,
                problem: LineProblem::TooManyFields(6),
            },
        ),
        (
            "1, A, , 0\n",
            ListError::Line {
                line: 1,
                problem: LineProblem::NoName { white: true },
            },
        ),
        (
            "1, A, B\n2, C, D, 12\n",
            ListError::Line {
                line: 2,
                problem: LineProblem::Handicap(String::new()),
            },
        ),
        (
            "1, A, B\n\n2, C, D, 0, lots\n",
            ListError::Line {
                line: 3,
                problem: LineProblem::Komi(String::new()),
            },
        ),
        (
            "1, A, B\nx, C, D\n",
            ListError::Line {
                line: 2,
                problem: LineProblem::Table(String::new()),
            },
        ),
        (
            "1, A, B\n1, C, D\n",
            ListError::DuplicateTable {
                table: 1,
                first_line: 1,
                line: 2,
            },
        ),
        (
            "1, A, B\n2, C, a\n",
            ListError::PlaysTwice {
                name: "a".into(),
                first_line: 1,
                line: 2,
            },
        ),
        (
            "4, Nemo André, nemo andré\n",
            ListError::PlaysTwice {
                name: "nemo andré".into(),
                first_line: 1,
                line: 1,
            },
        ),
    ];
    for (text, expected) in cases {
        let e = table_list::read(text).expect_err(text);
        match (&e, &expected) {
            (
                ListError::Line { line, problem },
                ListError::Line {
                    line: l,
                    problem: p,
                },
            ) => {
                assert_eq!(line, l, "{text}");
                assert_eq!(
                    std::mem::discriminant(problem),
                    std::mem::discriminant(p),
                    "{text}: {problem:?}"
                );
            }
            _ => assert_eq!(e, expected, "{text}"),
        }
        let shown = e.to_string();
        if let ListError::Line { line, .. } = e {
            assert!(shown.starts_with(&format!("Line {line}: ")), "{shown}");
        }
        assert!(shown.len() > 30, "{shown}");
    }
    let too_big = "1, A, B\n".repeat(MAX_FILE_BYTES / 8 + 1);
    assert!(matches!(
        table_list::read(&too_big),
        Err(ListError::TooLarge { .. })
    ));
}

// ---------------------------------------------------------------------------------------------
// CSV and the wall

fn player(name: &str, first: &str, rank: &str) -> TablePlayer {
    TablePlayer {
        key: player_key(name, first),
        name: name.into(),
        first_name: first.into(),
        rank: Some(rank.into()),
        club: None,
    }
}

fn small_round() -> Round {
    Round {
        tournament: "Blitz Open Kraków 2025".into(),
        number: 2,
        size: 19,
        time: TimeSettings::default(),
        tables: vec![
            RoundTable {
                number: 1,
                black: player("Nemo", "André", "2K"),
                white: player("Weiß", "Anna", "3K"),
                handicap: 0,
                komi: 7.5,
            },
            RoundTable {
                number: 2,
                black: player("García Núñez", "María José", "6K"),
                white: player("Kovačević", "Ivan", "4K"),
                handicap: 2,
                komi: 0.5,
            },
            RoundTable {
                number: 3,
                black: player("=Formula", "Eve", "9K"),
                white: player("Comma, Jr", "\"Q\"", "9K"),
                handicap: 0,
                komi: 7.5,
            },
            RoundTable {
                number: 4,
                black: player("Smith", "John", "10K"),
                white: player("Kim", "Min-jun", "6K"),
                handicap: 0,
                komi: 7.5,
            },
        ],
    }
}

#[test]
fn the_csv_has_round_table_white_black_and_pairgoths_result_symbols() {
    let csv = export::csv(
        &small_round(),
        &[
            (1, won(Outcome::Black)),
            (2, by_default(Outcome::White)),
            (3, won(Outcome::BothLose)),
        ],
    );
    assert_eq!(
        csv,
        "round,table,white,black,result\r\n\
         2,1,WEISSANNA,NEMOANDRÉ,b\r\n\
         2,2,KOVAČEVIĆIVAN,GARCÍANÚÑEZMARÍAJOSÉ,w\r\n\
         2,3,\"COMMA,JR\"\"Q\"\"\",'=FORMULAEVE,0\r\n\
         2,4,KIMMIN-JUN,SMITHJOHN,?\r\n"
    );
    let jigo = export::csv(
        &small_round(),
        &[(4, won(Outcome::Jigo)), (1, won(Outcome::BothWin))],
    );
    assert!(jigo.contains("2,4,KIMMIN-JUN,SMITHJOHN,=\r\n"));
    assert!(jigo.contains("2,1,WEISSANNA,NEMOANDRÉ,#\r\n"));
}

#[test]
fn the_wall_list_shows_each_table_with_the_result_in_words() {
    let text = export::wall_text(
        &small_round(),
        &[
            (1, won(Outcome::Black)),
            (2, by_default(Outcome::White)),
            (3, won(Outcome::Jigo)),
        ],
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Blitz Open Kraków 2025, round 2");
    assert_eq!(lines[1], "");
    assert!(lines[2].starts_with("Table  Black"));
    assert!(lines[3].starts_with("1      André Nemo (2K)"));
    assert!(lines[3].contains("Anna Weiß (3K)"));
    assert!(lines[3].ends_with("Black wins"));
    assert!(lines[4].contains("María José García Núñez (6K) +2"));
    assert!(lines[4].ends_with("White wins by default"));
    assert!(lines[5].ends_with("Jigo"));
    assert!(lines[6].ends_with("No result yet"));
    assert_eq!(lines.len(), 7);
    // Columns line up: White starts at the same place on every line.
    let white_at: Vec<usize> = lines[3..]
        .iter()
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            let header: Vec<char> = lines[2].chars().collect();
            let col = header
                .windows(5)
                .position(|w| w.iter().collect::<String>() == "White")
                .unwrap();
            assert_ne!(chars[col], ' ', "{l}");
            assert_eq!(chars[col - 1], ' ', "{l}");
            col
        })
        .collect();
    assert!(white_at.windows(2).all(|w| w[0] == w[1]));
}

#[test]
fn the_fixtures_round_exports_every_table() {
    let t = blitz();
    let round = t.round(2).unwrap();
    let csv = export::csv(&round, &[(7, won(Outcome::White))]);
    assert_eq!(csv.lines().count(), 12);
    assert!(csv.contains("2,7,LEFÈVREZOÉ,ROSSIGIULIA,w"));
    let wall = export::wall_text(&round, &[]);
    assert_eq!(
        wall.lines()
            .filter(|l| l.ends_with("No result yet"))
            .count(),
        11
    );
}
