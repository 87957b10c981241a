//! The results files of a small tournament worked by hand, line by line: the EGD's `.h9` (as
//! the EGD's format page defines its lines and the EGF's class rules its class) and the FFG's
//! `.tou` (laid out as OpenGotha's FFG export writes it); and the round screen's round made
//! from the tournament, with its results taken back.

use scorekeeper::core::round::{Decided, Outcome};
use scorekeeper::core::tournament::files::general::GothaTimeSystem;
use scorekeeper::core::tournament::files::h9::write_h9;
use scorekeeper::core::tournament::files::results_table::{PROGRAM, egf_class, latin9, score_text};
use scorekeeper::core::tournament::files::tou::write_tou;
use scorekeeper::core::tournament::results::ResultError;
use scorekeeper::core::tournament::round_screen::{screen_round, take_results};
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PairedGame, PlacementCriterion, Player, Tournament,
};

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;

fn player(name: &str, first: &str, rank: i32, club: &str, country: &str) -> Player {
    Player {
        name: name.to_string(),
        first_name: first.to_string(),
        rank,
        club: club.to_string(),
        country: country.to_string(),
        ..Player::default()
    }
}

/// A: Nowak Ewa 2d (Kraków, PL, PIN 12345678, licence 0123456); B: Kim Min Jun 1k (Seoul Go,
/// KR); C: Smith John 5k (no club, no country). Two rounds, standings by wins then SOSW.
/// Round 1: A (white) beats B, C has the bye. Round 2: C (black, 3 stones) beats B, A absent.
fn tournament() -> Tournament {
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    t.players = vec![
        player("Nowak", "Ewa", 1, "Kraków", "PL"),
        player("Kim", "Min Jun", -1, "Seoul Go", "KR"),
        player("Smith", "John", -5, "", ""),
    ];
    t.players[A].egf_pin = "12345678".to_string();
    t.players[A].ffg_licence = "0123456".to_string();
    t.players[A].participating[1] = false;
    t.general.name = "Test Cup".to_string();
    t.general.short_name = "testcup".to_string();
    t.general.number_of_rounds = 2;
    for (k, v) in [
        ("basicTime", "60"),
        ("complementaryTimeSystem", "CANBYOYOMI"),
        ("canByoYomiTime", "300"),
        ("nbMovesCanTime", "15"),
        ("stdByoYomiTime", "30"),
        ("fischerTime", "0"),
        ("komi", "6.5"),
        ("size", "19"),
        ("beginDate", "2025-05-01"),
        ("endDate", "2025-05-02"),
        ("location", "Kraków"),
        ("bInternet", "false"),
    ] {
        t.general.other.insert(k.to_string(), v.to_string());
    }
    t.placement.criteria = vec![PlacementCriterion::Nbw, PlacementCriterion::Sosw];
    let game = |round, table, white, black, handicap, outcome| PairedGame {
        round,
        table,
        white,
        black,
        handicap,
        known_color: true,
        result: GameResult {
            outcome,
            by_default: false,
        },
    };
    t.games.push(game(1, 1, A, B, 0, GameOutcome::WhiteWins));
    t.byes[0] = Some(C);
    t.games.push(game(2, 1, B, C, 3, GameOutcome::BlackWins));
    t
}

/// One player's line of the `.h9` as OpenGotha writes it: place (4), name (30) and a space,
/// rank (3), country (2), club (4), the criteria (4 each, and " 0" up to four), each round (8).
fn h9_line(
    place: &str,
    [name, rank, country, club]: [&str; 4],
    values: [&str; 2],
    rounds: [&str; 2],
) -> String {
    let mut s = format!("{place:>4} {name:<30} {rank:>3} {country} {club:>4}");
    for v in values {
        s.push_str(&format!(" {v:>4}"));
    }
    s.push_str(" 0 0");
    for r in rounds {
        s.push_str(&format!(" {r:>8}"));
    }
    s
}

/// The EGD's page: "each result entry is given in the form: <opponent's place><symbol>
/// [/<colour>[<h>]]" with "+ (a win), - (a loss) or = (jigo)", and "If the player did not
/// participate in a given round ... 0+ a free win, 0- a free round". The standings: C has 2
/// wins (bye, then C beat B), A 1, B none; SOSW: A's opponent B has 0 (the absence counts
/// nothing), B's opponents A and C have 1 + 2, C's only opponent B has 0. Laid out as
/// OpenGotha's "Export .. EGF" lays it out (`tests/opengotha_oracle.rs` holds the app's files
/// to OpenGotha's own on real tournaments).
#[test]
fn the_h9_file_line_by_line() {
    let t = tournament();
    let text = write_h9(&t, "pl", true);
    let lines: Vec<&str> = text.lines().collect();
    // 60 minutes + 60 moves of 300 s for 15 stones = 80 minutes: "Class A: ... Basic time
    // minimum 60 minutes, Adjusted time minimum 75 minutes".
    let expected_header = [
        "; CL[A]".to_string(),
        "; EV[Test Cup]".to_string(),
        "; PC[PL,Kraków]".to_string(),
        "; DT[2025-05-01,2025-05-02]".to_string(),
        "; HA[h1]".to_string(),
        "; KM[6.5]".to_string(),
        "; TM[80]".to_string(),
        "; CM[Canadian byo-yomi]".to_string(),
        format!("; Generated by {PROGRAM}"),
        ";".to_string(),
        format!(
            "; Pl Name                            Rk Co Club{:>5}{:>5}",
            "NBW", "SOS"
        ),
    ];
    assert_eq!(lines[..expected_header.len()], expected_header);
    let players = [
        h9_line(
            "1",
            ["Smith John", "5K", "XX", "xxxx"],
            ["2", "0"],
            ["   0+   ", "3+/b3"],
        ),
        h9_line(
            "2",
            ["Nowak Ewa", "2D", "PL", "Krak"],
            ["1", "0"],
            ["3+/w0", "   0-   "],
        ),
        h9_line(
            "3",
            ["Kim Min_Jun", "1K", "KR", "Seou"],
            ["0", "3"],
            ["2-/b0", "1-/w3"],
        ),
    ];
    assert_eq!(lines[expected_header.len()..], players);
}

/// The rating bodies read ISO-8859-15: a letter it holds keeps its byte, one it lacks loses
/// its accent rather than the letter.
#[test]
fn the_rating_files_are_latin_9_with_accents_dropped_where_it_has_none() {
    assert_eq!(latin9("Dréan-Guénaïzia"), b"Dr\xe9an-Gu\xe9na\xefzia");
    assert_eq!(latin9("le_Calvé"), b"le_Calv\xe9");
    assert_eq!(latin9("Łukasz Dvořák Œuvre"), b"Lukasz Dvor\xe1k \xbcuvre");
    assert_eq!(latin9("李"), b"?");
}

/// "Class A: minimum Basic time 45 minutes, minimum Adjusted time 75 minutes (e.g.: 45
/// minutes + 15'' per move)", "Adjusted time = Basic time + bonus calculated for 120 moves"; "For
/// standard byoyomi: Adjusted time = basic time + time equivalent to 45 moves"; "Class D:
/// Tournaments played on Internet ... adjusted time minimum 50 minutes, basic time minimum 40
/// minutes".
#[test]
fn the_egf_class_follows_the_time() {
    let mut t = tournament();
    let set = |t: &mut Tournament, pairs: &[(&str, &str)]| {
        for (k, v) in pairs {
            t.general.other.insert(k.to_string(), v.to_string());
        }
    };
    set(
        &mut t,
        &[
            ("complementaryTimeSystem", "FISCHER"),
            ("basicTime", "45"),
            ("fischerTime", "15"),
        ],
    );
    assert_eq!(egf_class(&t), 'A');
    set(&mut t, &[("fischerTime", "14")]);
    assert_eq!(egf_class(&t), 'B', "45 + 28 minutes is below 75");
    set(
        &mut t,
        &[
            ("complementaryTimeSystem", "STDBYOYOMI"),
            ("basicTime", "40"),
            ("stdByoYomiTime", "14"),
        ],
    );
    assert_eq!(egf_class(&t), 'B', "40 + 45 moves of 14 s = 50.5 minutes");
    set(&mut t, &[("stdByoYomiTime", "13")]);
    assert_eq!(egf_class(&t), 'C', "40 + 9.75 minutes is below 50");
    set(
        &mut t,
        &[
            ("complementaryTimeSystem", "SUDDENDEATH"),
            ("basicTime", "24"),
        ],
    );
    assert_eq!(egf_class(&t), 'X');
    set(&mut t, &[("basicTime", "40"), ("bInternet", "true")]);
    assert_eq!(
        egf_class(&t),
        'X',
        "sudden death 40 minutes on the Internet is below 50"
    );
    set(&mut t, &[("basicTime", "50")]);
    assert_eq!(egf_class(&t), 'D');
}

/// OpenGotha's FFG export: the header, then place (4), name (25), rank (3), licence (7), club
/// (4) and each round in 8 columns without the `/`, a round without a game as `0+` and three
/// spaces.
#[test]
fn the_tou_file_line_by_line() {
    let t = tournament();
    let text = write_tou(&t);
    let lines: Vec<&str> = text.lines().collect();
    let header = [
        ";name=testcup".to_string(),
        ";date=01/05/2025".to_string(),
        ";vill=Kraków".to_string(),
        ";comm=Test Cup".to_string(),
        format!(";prog={PROGRAM}"),
        ";size=19".to_string(),
        ";time=60+b".to_string(),
        ";ta=80".to_string(),
        ";komi=6.5".to_string(),
        format!("; Generated by {PROGRAM}"),
        ";Num Nom Prenom               Niv Licence Club".to_string(),
    ];
    assert_eq!(lines[..header.len()], header);
    let line =
        |place: u32, name: &str, rank: &str, licence: &str, club: &str, rounds: [&str; 2]| {
            format!(
                "{place:>4} {name:<25}{rank:>3} {licence:>7} {club:>4}{:>8}{:>8}",
                rounds[0], rounds[1]
            )
        };
    assert_eq!(
        lines[header.len()..],
        [
            line(1, "Smith John", "5K", "", "", ["   0+   ", "3+b3"]),
            line(
                2,
                "Nowak Ewa",
                "2D",
                "0123456",
                "Krak",
                ["3+w0", "   0-   "]
            ),
            line(3, "Kim Min_Jun", "1K", "", "Seou", ["2-b0", "1-w3"]),
        ]
    );
}

#[test]
fn the_round_screen_s_round_comes_from_the_tournament_and_its_results_go_back() {
    let mut t = tournament();
    t.games
        .iter_mut()
        .for_each(|g| g.result = GameResult::UNKNOWN);
    let round = screen_round(&t, 2).expect("round 2");
    assert_eq!(round.number, 2);
    assert_eq!(round.tournament, "Test Cup");
    assert_eq!(round.size, 19);
    assert_eq!(
        round.time,
        GothaTimeSystem::CanadianByoYomi {
            basic_minutes: 60,
            stones: 15,
            seconds: 300
        }
        .settings()
    );
    assert_eq!(round.tables.len(), 1);
    let table = &round.tables[0];
    assert_eq!((table.number, table.handicap), (1, 3));
    assert_eq!(table.white.key, t.players[B].key());
    assert_eq!(table.black.key, t.players[C].key());
    assert!(screen_round(&t, 5).is_err(), "no such round");
    let black = Decided {
        outcome: Outcome::Black,
        by_default: false,
    };
    let before = t.clone();
    assert_eq!(
        take_results(&mut t, 2, &[(1, black), (4, black)]),
        Err(ResultError::NoSuchGame { round: 2, table: 4 })
    );
    assert_eq!(t, before, "all or none");
    take_results(&mut t, 2, &[(1, black)]).expect("table 1");
    let g = t.games_of(2).next().expect("the game");
    assert_eq!(g.result.outcome, GameOutcome::BlackWins);
    // The round read again shows the same tables.
    assert_eq!(screen_round(&t, 2).expect("round 2").tables, round.tables);
}

/// Half points and quarter points (SODOS) as OpenGotha's `formatScore` writes them, the
/// category counted from 1.
#[test]
fn criterion_values_are_written_as_opengotha_writes_them() {
    use scorekeeper::core::tournament::PlacementCriterion::{Category, Mms, Rank, Sodosm};
    assert_eq!(score_text(Mms, 7), "3½");
    assert_eq!(score_text(Mms, 8), "4");
    assert_eq!(score_text(Sodosm, 9), "2¼");
    assert_eq!(score_text(Sodosm, 11), "2¾");
    assert_eq!(score_text(Sodosm, 10), "2½");
    assert_eq!(score_text(Rank, -5), "-5");
    assert_eq!(score_text(Category, -1), "2");
    assert_eq!(score_text(Mms, i64::MIN), format!("{}", i64::MIN / 2));
}

fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/opengotha/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every round of OpenGotha's own files shows on the round screen, one table a game of the
/// round; and the results files list every player who played, each with one entry a round.
#[test]
fn opengotha_s_files_give_the_same_rounds_through_the_tournament() {
    use scorekeeper::core::tournament::files::read_tournament;
    for name in [
        "simplemm.xml",
        "simpleswiss.xml",
        "notsimplemm.xml",
        "bosp2024.xml",
        "Toulouse2024.xml",
        "blitz.xml",
    ] {
        let text = fixture(name);
        let t = read_tournament(&text).expect(name);
        let rounds: std::collections::BTreeSet<u32> = t.games.iter().map(|g| g.round).collect();
        assert!(!rounds.is_empty(), "{name}");
        for r in rounds {
            let round = screen_round(&t, r).expect(name);
            assert_eq!(
                round.tables.len(),
                t.games_of(r).count(),
                "{name} round {r}"
            );
        }
        let rounds = t.general.number_of_rounds as usize;
        let h9 = write_h9(&t, "fr", true);
        let players: Vec<&str> = h9.lines().filter(|l| !l.starts_with(';')).collect();
        let played = (0..t.players.len())
            .filter(|&p| {
                t.games.iter().any(|g| g.white == p || g.black == p) || t.byes.contains(&Some(p))
            })
            .count();
        assert_eq!(players.len(), played, "{name}");
        for line in players {
            let entries = line
                .split_whitespace()
                .filter(|w| {
                    w.starts_with(|c: char| c.is_ascii_digit()) && w.contains(['+', '-', '=', '?'])
                })
                .count();
            assert!(entries >= rounds, "{name}: {line}");
        }
        let tou = write_tou(&t);
        assert_eq!(
            tou.lines().filter(|l| !l.starts_with(';')).count(),
            played,
            "{name}"
        );
    }
}
