//! The wall's lines are shaped once, in the core: the tables with their results, the players by
//! name with their table, and the standings lines that the director's standings screen and the
//! wall both draw. Every name reads as people write it, first name then family name, with
//! OpenGotha's `_` as a space.

use scorekeeper::core::tournament::standings::{shown_criteria, standings};
use scorekeeper::core::tournament::{
    GameOutcome, GameResult, MAX_ROUNDS, PairedGame, Player, Tournament,
};
use scorekeeper::core::wall::{WallBoard, WallSeat, WallStandings};
use scorekeeper::core::wall_code::{read_wall_code, wall_fragment};

fn player(first: &str, name: &str) -> Player {
    Player {
        name: name.to_string(),
        first_name: first.to_string(),
        rank: -5,
        ..Player::default()
    }
}

fn game(table: u32, black: usize, white: usize, outcome: GameOutcome) -> PairedGame {
    PairedGame {
        round: 1,
        table,
        white,
        black,
        handicap: 0,
        known_color: true,
        result: GameResult {
            outcome,
            by_default: false,
        },
    }
}

/// Anna Bakker (Black) beats Jan Willem van Dam at table 1; Ali Ufuk Emre and Zeeman (no first
/// name) still play at table 2; Cor de Wit has the bye.
fn tournament() -> Tournament {
    let mut t = Tournament {
        players: vec![
            player("Anna", "Bakker"),
            player("Jan_Willem", "van_Dam"),
            player("Ali", "Ufuk_Emre"),
            player("", "Zeeman"),
            player("Cor", "de_Wit"),
        ],
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    t.general.name = "Café cup".to_string();
    t.general.number_of_rounds = 3;
    t.byes[0] = Some(4);
    t.games = vec![
        game(1, 0, 1, GameOutcome::BlackWins),
        game(2, 2, 3, GameOutcome::Unknown),
    ];
    t
}

#[test]
fn the_tables_and_the_bye_name_players_as_people_write_them() {
    let t = tournament();
    let board = WallBoard::of(&t, 1, None, Vec::new());
    let names: Vec<(&str, &str)> = board
        .games
        .iter()
        .map(|g| (g.black.as_str(), g.white.as_str()))
        .collect();
    assert_eq!(
        names,
        [
            ("Anna Bakker", "Jan Willem van Dam"),
            ("Ali Ufuk Emre", "Zeeman")
        ]
    );
    assert_eq!(board.bye.as_deref(), Some("Cor de Wit"));
    assert_eq!(board.results_in(), 1);
    assert_eq!(board.tables_playing(), [2]);
    let results: Vec<String> = board.games.iter().map(|g| g.result_words()).collect();
    assert_eq!(results, ["1–0", "playing"]);
    let mut forfeit = board.games[0].clone();
    forfeit.by_default = true;
    assert_eq!(forfeit.result_words(), "1–0 (F)");
}

#[test]
fn the_players_by_name_list_each_name_once_with_its_table_and_colour() {
    let board = WallBoard::of(&tournament(), 1, None, Vec::new());
    let seat = |name: &str, table, black| WallSeat {
        name: name.to_string(),
        table,
        black,
    };
    assert_eq!(
        board.seats(),
        [
            seat("Anna Bakker", 1, true),
            seat("Ali Ufuk Emre", 2, true),
            seat("Jan Willem van Dam", 1, false),
            seat("Zeeman", 2, false),
        ],
        "by family name, as \"Who are you?\" lists them: Bakker, Ufuk Emre, van Dam, Zeeman"
    );
    assert_eq!(board.seats()[2].place_words(), "table 1 · White");
}

#[test]
fn the_standings_lines_follow_the_placement_and_name_players_as_everywhere() {
    let t = tournament();
    let s = WallStandings::of(&t, 1);
    assert_eq!(s.round, 1);
    let columns: Vec<&str> = shown_criteria(&t).iter().map(|c| c.name()).collect();
    assert_eq!(s.columns, columns);
    // One line a player, in the order and with the places the placement gives.
    let placed = standings(&t, 1);
    assert_eq!(s.lines.len(), placed.len());
    for (line, p) in s.lines.iter().zip(&placed) {
        assert_eq!(line.place, p.place);
        assert_eq!(line.key, t.players[p.player].key());
        assert_eq!(line.name, t.player_name(p.player));
        assert_eq!(line.rank, "5K");
        assert_eq!(line.values.len(), columns.len());
    }
    assert_eq!(s.lines[0].name, "Anna Bakker", "the only winner leads");
    assert!(s.lines.iter().any(|l| l.name == "Jan Willem van Dam"));
    // The text copied or downloaded holds the same lines.
    let text = s.text("Café cup");
    let mut rows = text.lines();
    assert_eq!(rows.next(), Some("Café cup"));
    assert_eq!(rows.next(), Some("Standings after round 1"));
    assert_eq!(rows.next(), Some(""));
    assert_eq!(
        rows.next(),
        Some(format!("Place\tPlayer\tRank\t{}", columns.join("\t")).as_str())
    );
    for line in &s.lines {
        let row = format!(
            "{}\t{}\t{}\t{}",
            line.place,
            line.name,
            line.rank,
            line.values.join("\t")
        );
        assert_eq!(rows.next(), Some(row.as_str()));
    }
    assert_eq!(rows.next(), None);
}

#[test]
fn the_wall_on_another_screen_draws_the_lines_the_director_sees() {
    let t = tournament();
    let director = WallStandings::of(&t, 1);
    let board = WallBoard::of(&t, 1, Some(director.clone()), vec!["T1-AB".into()]);
    let wall = read_wall_code(&wall_fragment(&board)).unwrap();
    assert_eq!(wall.standings, Some(director));
    assert_eq!(wall.seats(), board.seats());
}

/// A wall code written by the build before format 2 (`tests/fixtures/wall/w1.txt`, this file's
/// tournament with its standings and one round code) still opens on a wall: the same tables,
/// names and standings; only its list of players, which carries no family names, is sorted by
/// the names as shown.
#[test]
fn a_wall_code_of_the_first_format_still_reads() {
    let t = tournament();
    let board = WallBoard::of(&t, 1, Some(WallStandings::of(&t, 1)), vec!["T1-AB".into()]);
    let old = std::fs::read_to_string("tests/fixtures/wall/w1.txt").unwrap();
    assert!(old.starts_with("W1-"), "{old}");
    let read = read_wall_code(&old).unwrap();
    assert_eq!(read.tournament, board.tournament);
    assert_eq!(read.standings, board.standings);
    assert_eq!(read.round_codes, board.round_codes);
    assert_eq!(read.bye, board.bye);
    let names = |b: &WallBoard| -> Vec<(String, String)> {
        b.games
            .iter()
            .map(|g| (g.black.clone(), g.white.clone()))
            .collect()
    };
    assert_eq!(names(&read), names(&board));
    assert!(read.games.iter().all(|g| g.family_starts == [0, 0]));
    let listed: Vec<String> = read.seats().into_iter().map(|s| s.name).collect();
    assert_eq!(
        listed,
        [
            "Ali Ufuk Emre",
            "Anna Bakker",
            "Jan Willem van Dam",
            "Zeeman"
        ]
    );
    // Handed on again, it is written in the format of today.
    assert!(wall_fragment(&read).starts_with("W2-"));
}
