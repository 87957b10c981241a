//! The director's changes to the players: keys as OpenGotha forms them and refused when two
//! players share one, ranks as typed, withdrawal and participation per round, the number of
//! rounds, and a pasted list read line by line with each refusal's line number and reason.

use scorekeeper::core::tournament::player_list::{read_player_list, split_fields};
use scorekeeper::core::tournament::players::{PlayerError, rank_from_text};
use scorekeeper::core::tournament::{
    GameResult, MAX_PLAYERS, MAX_ROUNDS, PairedGame, Player, Registration, Tournament,
};

fn player(name: &str, first: &str, rank: i32) -> Player {
    Player {
        name: name.to_string(),
        first_name: first.to_string(),
        rank,
        ..Player::default()
    }
}

fn tournament() -> Tournament {
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    for (n, r) in [("Alpha", 0), ("Bravo", -1), ("Charlie", -5), ("Delta", -10)] {
        t.add_player(player(n, "Ann", r)).expect("a new name");
    }
    t
}

fn game(round: u32, table: u32, white: usize, black: usize) -> PairedGame {
    PairedGame {
        round,
        table,
        white,
        black,
        handicap: 0,
        known_color: true,
        result: GameResult::UNKNOWN,
    }
}

#[test]
fn ranks_are_read_as_typed_and_anything_else_refused_by_name() {
    assert_eq!(rank_from_text("30k"), Ok(-30));
    assert_eq!(rank_from_text("1K"), Ok(-1));
    assert_eq!(rank_from_text(" 1d "), Ok(0));
    assert_eq!(rank_from_text("9D"), Ok(8));
    // OpenGotha's Player.convertKDPToInt: 1p-3p are 7d, 4p-6p 8d, 7p-9p 9d.
    assert_eq!(rank_from_text("1p"), Ok(6));
    assert_eq!(rank_from_text("5P"), Ok(7));
    assert_eq!(rank_from_text("9p"), Ok(8));
    for bad in [
        "", "k", "31k", "0k", "10d", "0d", "1x", "-3k", "3 dan", "1é", "é", "1kk",
    ] {
        let err = rank_from_text(bad).expect_err(bad);
        assert_eq!(
            err,
            PlayerError::BadRank {
                text: bad.trim().to_string()
            }
        );
        assert!(err.to_string().contains("is not a rank"), "{err}");
    }
}

#[test]
fn a_new_player_gets_opengotha_s_key_and_a_second_one_with_it_is_refused() {
    let mut t = tournament();
    let i = t
        .add_player(player("van der Berg", "José María", -3))
        .expect("new");
    assert_eq!(t.players[i].key(), "VANDERBERGJOSÉMARÍA");
    let before = t.clone();
    let err = t
        .add_player(player("Van Der  Berg", "JOSÉ maría", 2))
        .expect_err("same key");
    assert!(
        matches!(err, PlayerError::DuplicateKey { ref key, .. } if key == "VANDERBERGJOSÉMARÍA")
    );
    assert!(err.to_string().contains("José María van der Berg"), "{err}");
    assert_eq!(t, before, "nothing changed on error");
    assert_eq!(
        t.add_player(player("  ", "X", 0)),
        Err(PlayerError::MissingName)
    );
}

#[test]
fn editing_keeps_games_and_refuses_another_player_s_key() {
    let mut t = tournament();
    t.games.push(game(1, 1, 0, 1));
    t.edit_player(0, player("Alpha", "Anna", 2)).expect("edit");
    assert_eq!(t.players[0].first_name, "Anna");
    assert_eq!(t.games[0].white, 0, "the game stays the player's");
    let before = t.clone();
    assert!(matches!(
        t.edit_player(0, player("Bravo", "Ann", 0)),
        Err(PlayerError::DuplicateKey { .. })
    ));
    // Editing a player under their own key is no conflict.
    t.edit_player(1, player("Bravo", "Ann", -2))
        .expect("own key");
    assert_eq!(t.players[1].rank, -2);
    assert_eq!(
        before.clone().edit_player(9, player("Z", "Z", 0)),
        Err(PlayerError::NoSuchPlayer { player: 9 })
    );
}

#[test]
fn a_withdrawn_player_takes_part_in_no_round_from_then_and_keeps_the_games() {
    let mut t = tournament();
    t.games.push(game(1, 1, 0, 1));
    t.withdraw(0, 2).expect("withdraw");
    assert!(t.players[0].plays_in(1));
    assert!((2..=5).all(|r| !t.players[0].plays_in(r)));
    assert_eq!(t.games.len(), 1);
    // Paired in round 2: refused until unpaired, nothing changed.
    t.games.push(game(2, 1, 2, 3));
    let before = t.clone();
    let err = t.withdraw(2, 1).expect_err("paired");
    assert_eq!(
        err,
        PlayerError::PairedInRound {
            player: "Ann Charlie".to_string(),
            round: 2
        }
    );
    assert_eq!(t, before);
}

#[test]
fn participation_per_round_and_registration() {
    let mut t = tournament();
    t.set_participation(1, 4, false).expect("skip round 4");
    t.set_participation(1, 1, false).expect("join at round 2");
    assert_eq!(
        (1..=5)
            .map(|r| t.players[1].plays_in(r))
            .collect::<Vec<_>>(),
        [false, true, true, false, true]
    );
    assert_eq!(
        t.set_participation(1, 6, true),
        Err(PlayerError::NoSuchRound {
            round: 6,
            rounds: 5
        })
    );
    t.set_registration(3, Registration::Preliminary)
        .expect("not paired");
    assert_eq!(t.players[3].registration, Registration::Preliminary);
    t.games.push(game(1, 1, 0, 2));
    assert!(matches!(
        t.set_registration(0, Registration::Preliminary),
        Err(PlayerError::PairedInRound { round: 1, .. })
    ));
    assert!(matches!(
        t.set_participation(2, 1, false),
        Err(PlayerError::PairedInRound { round: 1, .. })
    ));
}

#[test]
fn the_number_of_rounds_cannot_go_below_the_rounds_played() {
    let mut t = tournament();
    t.games.push(game(3, 1, 0, 1));
    let err = t.set_number_of_rounds(2).expect_err("round 3 paired");
    assert_eq!(
        err,
        PlayerError::BadNumberOfRounds {
            asked: 2,
            paired: 3
        }
    );
    assert!(
        err.to_string().contains("cannot have fewer than 3"),
        "{err}"
    );
    assert_eq!(t.general.number_of_rounds, 5);
    t.set_number_of_rounds(3).expect("3 is enough");
    assert!(t.set_number_of_rounds(0).is_err());
    assert!(t.set_number_of_rounds(MAX_ROUNDS as u32 + 1).is_err());
}

#[test]
fn fields_split_as_spreadsheets_write_them() {
    assert_eq!(
        split_fields(r#""Smith, Jr.", John ,"say ""hi""",,x"#, ','),
        ["Smith, Jr.", "John", "say \"hi\"", "", "x"]
    );
    assert_eq!(split_fields("a\tb c\t", '\t'), ["a", "b c", ""]);
}

#[test]
fn a_pasted_list_without_header_reads_the_columns_in_order() {
    let t = tournament();
    let text = "Nowak;Ewa;3d;Kraków;pl;12345678\n\n\"Kowalski, Jr\";Jan;12K;;PL;\n";
    let list = read_player_list(text, &t);
    assert!(list.refused.is_empty(), "{:?}", list.refused);
    assert_eq!(list.players.len(), 2);
    let ewa = &list.players[0];
    assert_eq!(
        (ewa.name.as_str(), ewa.first_name.as_str(), ewa.rank),
        ("Nowak", "Ewa", 2)
    );
    assert_eq!(
        (
            ewa.club.as_str(),
            ewa.country.as_str(),
            ewa.egf_pin.as_str()
        ),
        ("Kraków", "PL", "12345678")
    );
    assert_eq!(list.players[1].name, "Kowalski, Jr");
    assert_eq!(list.players[1].rank, -12);
}

#[test]
fn a_header_names_the_columns_in_any_order() {
    let t = tournament();
    let text = "Rank\tFirst name\tName\tCountry\n2k\tLi\tWang\tcn\n";
    let list = read_player_list(text, &t);
    assert_eq!(list.refused, []);
    let p = &list.players[0];
    assert_eq!(
        (p.name.as_str(), p.first_name.as_str(), p.rank),
        ("Wang", "Li", -2)
    );
    assert_eq!(p.country, "CN");
}

#[test]
fn each_refused_line_has_its_number_and_reason() {
    let t = tournament();
    let text = "name,first name,rank\n\
                ,Nobody,3k\n\
                Echo,Eve,40k\n\
                Echo,Eve,4k\n\
                ECHO, eve ,5k\n\
                Alpha,Ann,1d\n";
    let list = read_player_list(text, &t);
    assert_eq!(list.players.len(), 1);
    let reasons: Vec<(usize, PlayerError)> = list
        .refused
        .into_iter()
        .map(|r| (r.line, r.reason))
        .collect();
    assert_eq!(reasons.len(), 4);
    assert_eq!(reasons[0], (2, PlayerError::MissingName));
    assert_eq!(
        reasons[1],
        (
            3,
            PlayerError::BadRank {
                text: "40k".to_string()
            }
        )
    );
    assert!(matches!(&reasons[2], (5, PlayerError::DuplicateKey { key, .. }) if key == "ECHOEVE"));
    assert!(
        matches!(&reasons[3], (6, PlayerError::DuplicateKey { other, .. }) if other == "Ann Alpha")
    );
}

#[test]
fn a_list_stops_at_the_most_players_a_tournament_holds() {
    let mut t = tournament();
    for i in 0..MAX_PLAYERS - 5 {
        t.players.push(player(&format!("P{i}"), "X", 0));
    }
    let text: String = (0..3).map(|i| format!("New{i},X,1k\n")).collect();
    let list = read_player_list(&text, &t);
    assert_eq!(list.players.len(), 1);
    assert_eq!(list.refused.len(), 2);
    assert!(
        list.refused
            .iter()
            .all(|r| r.reason == PlayerError::TooManyPlayers)
    );
    let mut t2 = t.clone();
    t2.add_players(&list.players).expect("room for one");
    assert_eq!(t2.players.len(), MAX_PLAYERS);
}

#[test]
fn no_pasted_text_stops_the_reading() {
    let t = tournament();
    let texts = [
        "",
        "\n\n",
        "\"",
        "\"\"\"",
        ";;;;",
        "\t",
        "é,ü,ß",
        "a,\"b",
        "x,y,1é",
        "\u{0},\u{0}",
        "name\n",
        "name,rank\nX,9d,extra,fields,here,and,more",
    ];
    for text in texts {
        let list = read_player_list(text, &t);
        assert!(list.players.len() + list.refused.len() <= text.lines().count());
    }
    // Every prefix of a tricky text reads without stopping.
    let tricky = "Ná\"me;\"Fir;st\";1k\r\n\"a\"\"b\";c;30K;club\t;x";
    for (i, _) in tricky.char_indices() {
        let _ = read_player_list(&tricky[..i], &t);
    }
}

#[test]
fn a_forbidden_pair_follows_a_renamed_player() {
    let mut t = tournament();
    t.forbid_pair(0, 1).expect("forbid");
    t.edit_player(0, player("Alpha", "Annabel", 0))
        .expect("rename");
    assert_eq!(
        t.forbidden_pairs,
        [("ALPHAANNABEL".to_string(), "BRAVOANN".to_string())]
    );
    assert!(scorekeeper::core::tournament::pairing::checks::is_forbidden(&t, 1, 0));
}

/// The players a list gives, as (name, first name, rank, club, country).
fn read_as(text: &str) -> Vec<(String, String, i32, String, String)> {
    let list = read_player_list(text, &tournament());
    assert!(list.refused.is_empty(), "{text:?}: {:?}", list.refused);
    list.players
        .into_iter()
        .map(|p| (p.name, p.first_name, p.rank, p.club, p.country))
        .collect()
}

fn p(
    name: &str,
    first: &str,
    rank: i32,
    club: &str,
    country: &str,
) -> (String, String, i32, String, String) {
    (
        name.to_string(),
        first.to_string(),
        rank,
        club.to_string(),
        country.to_string(),
    )
}

#[test]
fn a_list_reads_lines_as_people_write_them() {
    let anna = p("Bakker", "Anna", -3, "", "");
    for line in [
        "Anna Bakker 3k",
        "Anna Bakker, 3k",
        "Bakker, Anna, 3k",
        "Bakker;Anna;3k",
        "Bakker\tAnna\t3k",
        "Anna Bakker\t3k",
        "Anna Bakker 3-kyu",
        "Anna Bakker 3 kyu",
        "  Anna   Bakker   3K  ",
    ] {
        assert_eq!(read_as(line), std::slice::from_ref(&anna), "{line:?}");
    }
    // A family name in capitals is the family name wherever it stands, kept as written.
    for line in ["BAKKER Anna 3k", "Anna BAKKER, 3 kyu"] {
        assert_eq!(read_as(line), [p("BAKKER", "Anna", -3, "", "")], "{line:?}");
    }
}

#[test]
fn a_list_takes_club_country_and_pin_after_the_rank_whichever_it_holds() {
    assert_eq!(
        read_as("Anna Bakker 3k Amsterdam NL"),
        [p("Bakker", "Anna", -3, "Amsterdam", "NL")]
    );
    assert_eq!(
        read_as("Anna Bakker, 2d, Go Club Utrecht, nl"),
        [p("Bakker", "Anna", 1, "Go Club Utrecht", "NL")]
    );
    assert_eq!(
        read_as("Bakker\tAnna\t1 dan\tAms\tNL\t12345678"),
        [p("Bakker", "Anna", 0, "Ams", "NL")]
    );
    let list = read_player_list("Bakker\tAnna\t1 dan\tAms\tNL\t12345678", &tournament());
    assert_eq!(list.players[0].egf_pin, "12345678");
    // Country without club, and a spreadsheet's empty cell.
    assert_eq!(
        read_as("Bakker;Anna;5k;;DE"),
        [p("Bakker", "Anna", -5, "", "DE")]
    );
}

#[test]
fn a_family_name_with_particles_or_several_first_names_stays_whole() {
    assert_eq!(
        read_as(
            "Jan van der Berg 4k\nAnna Maria Jansen 10k\nLi WANG 1d\nJean-Pierre DE LA FONTAINE 2k"
        ),
        [
            p("van der Berg", "Jan", -4, "", ""),
            p("Jansen", "Anna Maria", -10, "", ""),
            p("WANG", "Li", 0, "", ""),
            p("DE LA FONTAINE", "Jean-Pierre", -2, "", ""),
        ]
    );
    assert_eq!(read_as("Bakker 3k"), [p("Bakker", "", -3, "", "")]);
}

#[test]
fn lines_of_one_list_may_be_written_each_its_own_way() {
    let text = "Anna Bakker 3k\nBakker, Bert, 5k\nCees Dekker\t1d\tUtr\n";
    assert_eq!(
        read_as(text),
        [
            p("Bakker", "Anna", -3, "", ""),
            p("Bakker", "Bert", -5, "", ""),
            p("Dekker", "Cees", 0, "Utr", ""),
        ]
    );
}

#[test]
fn a_refused_line_says_which_field_it_read_as_what() {
    let list = read_player_list(
        "Anna Bakker 40k Ams\nAnna Bakker\n, Bob, 3k\n",
        &tournament(),
    );
    assert!(list.players.is_empty());
    let [bad, none, nameless] = list.refused.as_slice() else {
        panic!("three refused lines: {:?}", list.refused);
    };
    assert_eq!(
        bad.reason,
        PlayerError::BadRank {
            text: "40k".to_string()
        }
    );
    assert_eq!(
        bad.reading(),
        "name \"Bakker\", first name \"Anna\", rank \"40k\", club \"Ams\""
    );
    assert_eq!(none.reason, PlayerError::NoRank);
    assert_eq!(none.reading(), "name \"Bakker\", first name \"Anna\"");
    assert!(!none.reason.to_string().contains("\"\""), "{}", none.reason);
    assert_eq!(nameless.reason, PlayerError::MissingName);
    assert_eq!(nameless.reading(), "first name \"Bob\", rank \"3k\"");
}
