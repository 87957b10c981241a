//! The wall's code: what the wall shows goes from the director's phone to a second screen and
//! reads back the same; a damaged, cut or foreign code is refused with a message that says so,
//! and never panics.

use scorekeeper::core::tournament::files::read_tournament;
use scorekeeper::core::wall_code::{
    WallBoard, WallCodeError, WallGame, WallLine, WallResult, WallStandings, read_wall_code,
    wall_fragment, wall_link,
};

const BASE: &str = "https://go.example";

fn board() -> WallBoard {
    let games = (1..=6)
        .map(|n| WallGame {
            table: n,
            black: format!("Ufuk Emre {n}"),
            white: format!("Zoë Ångström-{n}"),
            family_starts: [5, 4],
            handicap: u32::from(n == 3) * 2,
            result: match n {
                1 => WallResult::BlackWins,
                2 => WallResult::WhiteWins,
                3 => WallResult::Jigo,
                4 => WallResult::BothLose,
                5 => WallResult::BothWin,
                _ => WallResult::Playing,
            },
            by_default: n == 2,
        })
        .collect();
    let lines = (1..=12)
        .map(|n| WallLine {
            key: format!("PLAYER{n}"),
            place: n.min(10),
            name: format!("Player {n} 李"),
            rank: "3k".to_string(),
            values: vec![format!("{}", 12 - n), "4½".to_string(), String::new()],
        })
        .collect();
    WallBoard {
        tournament: "Café cup · 2026".to_string(),
        round: 2,
        games,
        bye: Some("Anna Bakker".to_string()),
        standings: Some(WallStandings {
            round: 1,
            columns: vec!["NBW".into(), "SOSW".into(), "SOSOSW".into()],
            lines,
        }),
        round_codes: vec!["T1-ABCDEF".into(), "T1-GHIJ".into()],
    }
}

#[test]
fn a_board_reads_back_the_same_from_its_link_and_its_fragment() {
    let b = board();
    let link = wall_link(BASE, &b);
    assert!(link.starts_with("https://go.example/wall#W2-"), "{link}");
    assert_eq!(read_wall_code(&link), Ok(b.clone()));
    assert_eq!(read_wall_code(&wall_fragment(&b)), Ok(b.clone()));
    // As a file holds it, with a line end; and in lower case, as some cameras give it.
    assert_eq!(read_wall_code(&format!("{link}\n")), Ok(b.clone()));
    assert_eq!(read_wall_code(&link.to_lowercase()), Ok(b));
}

#[test]
fn a_board_without_standings_bye_or_codes_reads_back_the_same() {
    let b = WallBoard {
        standings: None,
        bye: None,
        round_codes: Vec::new(),
        games: Vec::new(),
        ..board()
    };
    assert_eq!(read_wall_code(&wall_link(BASE, &b)), Ok(b));
}

#[test]
fn a_board_of_a_real_tournament_reads_back_the_same() {
    let xml = std::fs::read_to_string("tests/fixtures/opengotha/Toulouse2024.xml").unwrap();
    let t = read_tournament(&xml).unwrap();
    let b = WallBoard::of(&t, 1, None, Vec::new());
    assert!(!b.games.is_empty());
    assert_eq!(b.results_in(), b.games.len(), "a finished tournament");
    // Names as people write them: OpenGotha's underscores are spaces on the wall.
    assert!(b.games.iter().all(|g| !g.black.contains('_')));
    assert_eq!(read_wall_code(&wall_link(BASE, &b)), Ok(b));
}

#[test]
fn a_damaged_code_is_refused_and_says_so() {
    let link = wall_link(BASE, &board());
    let (head, data) = link.split_once("#W2-").unwrap();
    // One character changed in the middle.
    let mut chars: Vec<char> = data.chars().collect();
    let i = chars.len() / 2;
    chars[i] = if chars[i] == 'A' { 'B' } else { 'A' };
    let changed: String = chars.into_iter().collect();
    let err = read_wall_code(&format!("{head}#W2-{changed}")).unwrap_err();
    assert!(matches!(err, WallCodeError::Damaged(_)), "{err:?}");
    let words = err.to_string();
    assert!(words.contains("damaged"), "{words}");
    assert!(words.contains("checksum"), "{words}");
    // Cut short: refused, never a panic, at every length.
    for n in 0..data.len() {
        let cut = format!("W2-{}", &data[..n]);
        assert!(read_wall_code(&cut).is_err(), "cut at {n}");
    }
}

#[test]
fn another_code_or_version_is_refused_with_its_own_message() {
    assert_eq!(read_wall_code(""), Err(WallCodeError::Empty));
    let round_code = "https://go.example/t#T1-AAAA";
    let err = read_wall_code(round_code).unwrap_err();
    assert_eq!(err, WallCodeError::Foreign);
    assert!(err.to_string().contains("not a wall code"), "{err}");
    let newer = wall_fragment(&board()).replacen("W2-", "W3-", 1);
    let err = read_wall_code(&newer).unwrap_err();
    assert_eq!(err, WallCodeError::UnknownVersion(3));
    assert!(err.to_string().contains("newer version"), "{err}");
    // An OpenGotha file given where the wall's file was meant.
    assert!(read_wall_code("<?xml version=\"1.0\"?><Tournament/>").is_err());
}

#[test]
fn results_read_black_first() {
    assert_eq!(WallResult::BlackWins.words(), Some("1–0"));
    assert_eq!(WallResult::WhiteWins.words(), Some("0–1"));
    assert_eq!(WallResult::Playing.words(), None);
}
