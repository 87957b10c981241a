//! The code of a whole round: every table and bye read back from at most 2 codes for 64
//! players, the longest names included, each code a QR code a phone reads from another
//! phone's screen; a player's phone opens its own table's game from it, and that game's result
//! code goes back to the right table of the director's round; a damaged code, or one of
//! another tournament's round, is refused by name.

use scorekeeper::core::new_game::NewGameForm;
use scorekeeper::core::round::book::{Book, Kept, Source, Taken};
use scorekeeper::core::round::code::{self, CodePlayer, Print, ResultCode, Verdict};
use scorekeeper::core::round::round_code::{
    self, RoundCode, RoundCodeError, RoundParts, Seat, read_round_link, round_links, round_qr,
};
use scorekeeper::core::round::{Round, RoundTable, TablePlayer, TimeSettings};
use scorekeeper::core::tournament::files::player_key;

/// Addresses the app may be served from: short, usual, and a long one on a project page.
const BASES: [&str; 3] = [
    "https://go.example",
    "https://scorekeeper.example.org",
    "https://go-tournament-directors.github.io/scorekeeper-offline-app",
];
const BASE: &str = "https://scorekeeper.example.org";
const EVENT: &str = "Blitz de Paris 2026";

fn player(name: &str, first: &str) -> TablePlayer {
    TablePlayer {
        key: player_key(name, first),
        name: name.into(),
        first_name: first.into(),
        rank: None,
        club: None,
    }
}

fn usual(i: usize) -> TablePlayer {
    let names = [
        ("Nemo", "André"),
        ("Dupont", "Jean"),
        ("Łukasz", "Ewa"),
        ("李", "昌镐"),
        ("O'Brien", "Mary Jo"),
        ("Müller-Lüdenscheidt", "Jürgen"),
        ("van der Berg", "Anneke"),
        ("Dubois", "Léa"),
    ];
    let (n, f) = names[i % names.len()];
    player(&format!("{n}{i}"), f)
}

/// The longest a name can be: 60 characters (the form's limit) of four-byte emoji.
fn longest(i: usize) -> TablePlayer {
    let name: String = format!("{i:02}") + &"🀄".repeat(58);
    let first: String = "𝔊".repeat(60);
    player(&name, &first)
}

fn round_of(
    players: usize,
    who: fn(usize) -> TablePlayer,
    tournament: &str,
) -> (Round, Vec<TablePlayer>) {
    let tables = (0..players / 2)
        .map(|t| RoundTable {
            number: t as u32 + 1,
            black: who(2 * t),
            white: who(2 * t + 1),
            handicap: (t % 4) as u8,
            komi: if t % 4 == 0 { 6.5 } else { 0.5 },
        })
        .collect();
    let byes = if players % 2 == 1 {
        vec![who(players - 1)]
    } else {
        vec![]
    };
    let round = Round {
        tournament: tournament.into(),
        number: 3,
        size: 19,
        time: TimeSettings {
            fields: vec![
                ("time", "byoyomi".into()),
                ("main", "1200".into()),
                ("periods", "3".into()),
                ("period", "30".into()),
            ],
        },
        tables,
    };
    (round, byes)
}

fn read_all(links: &[String]) -> RoundParts {
    let mut parts = RoundParts::default();
    for link in links {
        parts.add(read_round_link(link).unwrap()).unwrap();
    }
    assert!(parts.missing().is_empty());
    parts
}

/// Every table and bye of `round` is in the parts read, names as carried.
fn check_round_trip(round: &Round, byes: &[TablePlayer], parts: &RoundParts, whole_names: bool) {
    let read: Vec<_> = parts.parts().iter().flat_map(|p| p.tables.iter()).collect();
    assert_eq!(read.len(), round.tables.len());
    for (table, got) in round.tables.iter().zip(read) {
        assert_eq!(got.number, table.number);
        assert_eq!(got.handicap, table.handicap);
        assert_eq!(got.komi, table.komi);
        for (p, seat) in [(&table.black, &got.black), (&table.white, &got.white)] {
            assert_eq!(seat.key, Print::of(&p.key));
            if whole_names {
                assert_eq!((&seat.name, &seat.first_name), (&p.name, &p.first_name));
                assert_eq!(
                    seat.game_key(),
                    p.key,
                    "the key itself, from the whole names"
                );
            } else {
                assert!(p.name.starts_with(seat.name.trim_end_matches('…')));
                assert!(
                    p.first_name
                        .starts_with(seat.first_name.trim_end_matches('…'))
                );
                assert_eq!(seat.game_key(), Print::of(&p.key).marker());
            }
            // Found by the key its phone derives from the player's own name.
            assert!(parts.seat_of(&p.key).is_some());
        }
    }
    let got_byes: Vec<_> = parts.parts().iter().flat_map(|p| p.byes.iter()).collect();
    assert_eq!(got_byes.len(), byes.len());
    for (p, got) in byes.iter().zip(got_byes) {
        assert_eq!(got.key, Print::of(&p.key));
        assert!(matches!(parts.seat_of(&p.key), Some((_, Seat::Bye))));
    }
    for p in parts.parts() {
        assert_eq!(p.round, 3);
        assert_eq!(p.size, 19);
        assert_eq!(p.preset, "lgc-2023");
        assert_eq!(p.time, round.time);
        assert_eq!(p.tournament_print, Print::of(&round.tournament));
    }
}

#[test]
fn rounds_of_2_to_64_players_read_back_from_at_most_2_codes() {
    for base in BASES {
        for players in 2..=64 {
            let (round, byes) = round_of(players, usual, EVENT);
            let links = round_links(base, &round, &byes, "lgc-2023").unwrap();
            assert!(links.len() <= 2, "{players} players: {} codes", links.len());
            assert_eq!(links.len(), (players / 2).div_ceil(16).max(1));
            for link in &links {
                assert!(link.starts_with(&format!("{base}/t#T1-")), "{link}");
                let qr = round_qr(link).unwrap();
                assert!(
                    qr.version <= 25 && qr.level != 'L',
                    "{players}: v{}",
                    qr.version
                );
            }
            check_round_trip(&round, &byes, &read_all(&links), true);
        }
    }
}

#[test]
fn the_longest_names_are_shortened_to_fit_and_the_players_still_found() {
    for base in BASES {
        for players in [2, 3, 17, 33, 63, 64] {
            let (round, byes) = round_of(players, longest, EVENT);
            let links = round_links(base, &round, &byes, "lgc-2023").unwrap();
            assert!(links.len() <= 2, "{players} players: {} codes", links.len());
            for link in &links {
                let qr = round_qr(link).unwrap();
                assert!(qr.version <= 25, "{players}: v{}", qr.version);
            }
            let parts = read_all(&links);
            check_round_trip(&round, &byes, &parts, false);
            // The names keep enough to be told apart on a button: the number in front.
            for (_, _, seat) in parts.players() {
                assert!(seat.name.chars().count() >= 3, "{:?}", seat.name);
            }
        }
    }
    // A few long names among short ones: only the long ones are shortened.
    let (round, byes) = round_of(64, |i| if i == 5 { longest(i) } else { usual(i) }, EVENT);
    let parts = read_all(&round_links(BASE, &round, &byes, "lgc-2023").unwrap());
    let seats: Vec<_> = parts.players();
    assert_eq!(seats[0].2.name, usual(0).name, "short names stay whole");
    assert!(seats[5].2.name.ends_with('…'));
}

#[test]
fn a_players_phone_opens_its_game_whose_result_goes_back_to_its_table() {
    for who in [usual as fn(usize) -> TablePlayer, longest] {
        let (round, byes) = round_of(20, who, EVENT);
        let mut book = Book::new();
        assert_eq!(book.keep(round.clone(), "lgc-2023"), Ok(Kept::Added));
        let parts = read_all(&round_links(BASE, &round, &byes, "lgc-2023").unwrap());
        // The phone of table 7's White, who registered as themselves.
        let me = &round.tables[6].white;
        let (part, seat) = parts
            .seat_of(&player_key(&me.name, &me.first_name))
            .unwrap();
        let Seat::Table(i) = seat else {
            panic!("{seat:?}")
        };
        let link = part.game_link(BASE, i).unwrap();
        let query = link.split_once('?').unwrap().1;
        let pairs: Vec<(String, String)> = query
            .split('&')
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap();
                (k.to_string(), unescape(v))
            })
            .collect();
        let (form, errors) =
            NewGameForm::from_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        assert!(errors.is_empty(), "{errors:?}");
        let game = form.check().unwrap();
        let pairing = game.board.pairing.clone().unwrap();
        assert_eq!(pairing.table, 7);
        assert_eq!(game.board.handicap.stones, round.tables[6].handicap);
        assert_eq!(game.board.komi, round.tables[6].komi);
        // The game's result code, made as the result screen makes it, goes to table 7.
        let event = game.board.event.clone().unwrap();
        let result = ResultCode::new(
            &event,
            3,
            pairing.table,
            CodePlayer::new(&pairing.black_key, &game.board.black),
            CodePlayer::new(&pairing.white_key, &game.board.white),
            Verdict::of_game("W+R", None).unwrap(),
        );
        let result = code::read_result_link(&code::result_link(BASE, &result)).unwrap();
        assert_eq!(
            book.take(result, 1, Source::Scanned),
            Taken::Added { table: 7 }
        );
    }
}

fn unescape(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&v[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[test]
fn a_tournament_name_too_long_for_the_code_still_finds_the_round() {
    let name = "Grand Tournoi International de Go de la Ville de Paris, édition du cinquantenaire";
    assert!(name.len() > round_code::MAX_TOURNAMENT_TEXT);
    let (round, byes) = round_of(4, usual, name);
    let mut book = Book::new();
    book.keep(round.clone(), "lgc-2023").unwrap();
    let parts = read_all(&round_links(BASE, &round, &byes, "lgc-2023").unwrap());
    let part = &parts.parts()[0];
    assert!(part.tournament.ends_with('…'));
    let t = &part.tables[1];
    let result = ResultCode::new(
        &part.tournament,
        3,
        t.number,
        CodePlayer::new(&t.black.game_key(), &t.black.display()),
        CodePlayer::new(&t.white.game_key(), &t.white.display()),
        Verdict::of_game("B+3.5", None).unwrap(),
    );
    let result = code::read_result_link(&code::result_link(BASE, &result)).unwrap();
    assert_eq!(
        book.take(result, 1, Source::Scanned),
        Taken::Added { table: 2 }
    );
}

#[test]
fn a_damaged_or_cut_code_is_refused() {
    let (round, byes) = round_of(64, usual, EVENT);
    let links = round_links(BASE, &round, &byes, "lgc-2023").unwrap();
    let link = &links[0];
    // Every single character changed somewhere in the data is caught by the checksum.
    let start = link.find("T1-").unwrap() + 3;
    for at in (start..link.len()).step_by(37) {
        let mut damaged = link.clone().into_bytes();
        damaged[at] = if damaged[at] == b'A' { b'B' } else { b'A' };
        let damaged = String::from_utf8(damaged).unwrap();
        assert!(
            matches!(read_round_link(&damaged), Err(RoundCodeError::Damaged(_))),
            "changed at {at}"
        );
    }
    for cut in [start + 1, link.len() / 2, link.len() - 1] {
        let err = read_round_link(&link[..cut]).unwrap_err();
        assert!(matches!(err, RoundCodeError::Damaged(_)), "{err:?}");
        assert!(err.to_string().contains("Scan it again"));
    }
    assert_eq!(read_round_link(""), Err(RoundCodeError::Empty));
    assert_eq!(
        read_round_link("https://scorekeeper.example.org/r#R1-ABC"),
        Err(RoundCodeError::Foreign)
    );
    assert_eq!(
        read_round_link(&link.replace("T1-", "T7-")),
        Err(RoundCodeError::UnknownVersion(7))
    );
    // Lower case, as some cameras hand it over.
    let lower = link.rsplit_once('#').unwrap().1.to_ascii_lowercase();
    assert_eq!(read_round_link(&lower), read_round_link(link));
}

#[test]
fn a_part_of_another_tournaments_round_is_refused_by_name() {
    let (round, byes) = round_of(64, usual, EVENT);
    let ours = round_links(BASE, &round, &byes, "lgc-2023").unwrap();
    let (other, _) = round_of(64, usual, "Amsterdam Open");
    let theirs = round_links(BASE, &other, &[], "lgc-2023").unwrap();
    let mut parts = RoundParts::default();
    parts.add(read_round_link(&ours[0]).unwrap()).unwrap();
    let err = parts.add(read_round_link(&theirs[1]).unwrap()).unwrap_err();
    let RoundCodeError::OtherRound { read, this } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(read, "round 3 of Blitz de Paris 2026");
    assert_eq!(this, "round 3 of Amsterdam Open");
    assert!(err.to_string().contains("Amsterdam Open"));
    assert_eq!(parts.missing(), [2], "the refused part was not taken");

    // The same round paired again (two players swapped) does not mix with the first pairing.
    let mut again = round.clone();
    let t = &mut again.tables[20];
    std::mem::swap(&mut t.black, &mut t.white);
    let again = round_links(BASE, &again, &byes, "lgc-2023").unwrap();
    let err = parts.add(read_round_link(&again[1]).unwrap()).unwrap_err();
    assert!(err.to_string().contains("paired again"), "{err}");
    // A part read twice is kept once; the round's own second part completes it.
    parts.add(read_round_link(&ours[0]).unwrap()).unwrap();
    parts.add(read_round_link(&ours[1]).unwrap()).unwrap();
    assert!(parts.missing().is_empty());
    assert_eq!(parts.players().len(), 64);
    parts.clear();
    assert!(parts.parts().is_empty());
}

#[test]
fn a_player_in_neither_table_nor_bye_is_not_found() {
    let (round, byes) = round_of(9, usual, EVENT);
    let parts = read_all(&round_links(BASE, &round, &byes, "lgc-2023").unwrap());
    assert!(parts.seat_of(&player_key("Nobody", "Here")).is_none());
    let part: &RoundCode = &parts.parts()[0];
    assert!(part.game_link(BASE, 99).is_none());
}

#[test]
fn the_parts_read_are_kept_as_text_between_scans() {
    let (round, byes) = round_of(40, usual, EVENT);
    let links = round_links(BASE, &round, &byes, "lgc-2023").unwrap();
    assert_eq!(links.len(), 2);
    let mut parts = RoundParts::default();
    parts.add_link(&links[1]).unwrap();
    let kept = RoundParts::from_text(&parts.to_text());
    assert_eq!(kept, parts);
    assert_eq!(kept.missing(), [1]);
    let mut kept = kept;
    kept.add_link(&links[0].to_ascii_lowercase()).unwrap();
    assert!(kept.missing().is_empty());
    assert_eq!(RoundParts::from_text(&kept.to_text()), kept);
    assert_eq!(RoundParts::from_text("garbage\n\n"), RoundParts::default());
}

#[test]
fn who_are_you_lists_the_players_by_family_name_a_to_z() {
    let (mut round, _) = round_of(2, usual, EVENT);
    round.tables.clear();
    let names = [
        ("Zeeman", "Anna"),
        ("bakker", "Cor"),
        ("Bakker", "Bert"),
        ("Ufuk_Emre", "Ali"),
        ("de Vries", "Dirk"),
        ("Adams", "Zoe"),
    ];
    for (i, pair) in names.chunks(2).enumerate() {
        round.tables.push(RoundTable {
            number: i as u32 + 1,
            black: player(pair[0].0, pair[0].1),
            white: player(pair[1].0, pair[1].1),
            handicap: 0,
            komi: 6.5,
        });
    }
    let parts = read_all(&round_links(BASE, &round, &[], "lgc-2023").unwrap());
    let listed: Vec<String> = parts
        .players_by_name()
        .into_iter()
        .map(|(_, _, p)| p.display())
        .collect();
    // OpenGotha's underscore is shown as the space it stands for.
    assert_eq!(
        listed,
        [
            "Zoe Adams",
            "Bert Bakker",
            "Cor bakker",
            "Dirk de Vries",
            "Ali Ufuk Emre",
            "Anna Zeeman"
        ]
    );
}

#[test]
fn names_are_shown_as_people_write_them_and_the_file_keeps_its_spelling() {
    use scorekeeper::core::names::{person_name, shown_name};
    use scorekeeper::core::tournament::files::write_tournament;
    use scorekeeper::core::tournament::players::full_name;
    use scorekeeper::core::tournament::{Player, Tournament};
    assert_eq!(shown_name("Ufuk_Emre"), "Ufuk Emre");
    assert_eq!(person_name("Jan_Willem", "van_Dam"), "Jan Willem van Dam");
    let mut t = Tournament::default();
    t.add_player(Player {
        name: "Ufuk_Emre".into(),
        first_name: "Ali".into(),
        rank: -3,
        ..Player::default()
    })
    .unwrap();
    assert_eq!(full_name(&t.players[0]), "Ali Ufuk Emre");
    assert_eq!(t.player_name(0), "Ali Ufuk Emre");
    let xml = write_tournament(&t);
    assert!(xml.contains("name=\"Ufuk_Emre\""), "{xml}");
}
