//! A player registering from their own phone: the card's code reads back the same, the
//! director's tournament takes it under the key OpenGotha gives the player, a card read twice
//! adds nobody twice, a changed rank or club updates the player, and a damaged or unreadable
//! code is refused with nothing changed.

use scorekeeper::core::tournament::files::player_key;
use scorekeeper::core::tournament::register::{
    CardError, PlayerCard, Registered, card_link, card_qr, read_card_link,
};
use scorekeeper::core::tournament::{MAX_ROUNDS, Tournament};

const BASE: &str = "https://scorekeeper.example.org";

fn card(name: &str, first: &str, rank: i32) -> PlayerCard {
    PlayerCard {
        name: name.into(),
        first_name: first.into(),
        rank,
        club: "Paris Go Club".into(),
        country: "FR".into(),
        egd_pin: "12345678".into(),
    }
}

fn tournament() -> Tournament {
    Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    }
}

#[test]
fn a_card_reads_back_the_same_from_its_code() {
    for c in [
        card("Nemo", "André", -3),
        card("李", "昌镐", 8),
        card("O'Brien", "Mary Jo", -30),
        PlayerCard {
            name: "🀄".repeat(60),
            first_name: "𝔊".repeat(60),
            rank: 0,
            club: "c".repeat(40),
            country: String::new(),
            egd_pin: String::new(),
        },
    ] {
        let link = card_link(BASE, &c);
        assert!(
            link.starts_with("https://scorekeeper.example.org/p#P1-"),
            "{link}"
        );
        assert_eq!(read_card_link(&link), Ok(c.clone()));
        let fragment = link.rsplit_once('#').unwrap().1.to_ascii_lowercase();
        assert_eq!(read_card_link(&fragment), Ok(c.clone()));
        assert!(card_qr(&link).unwrap().version <= 25);
    }
    // An ordinary card is a small code, quick to read across a desk.
    let link = card_link(BASE, &card("Nemo", "André", -3));
    assert!(card_qr(&link).unwrap().version <= 6);
}

#[test]
fn the_tournament_takes_a_card_once_under_opengothas_key() {
    let mut t = tournament();
    let c = card("Nemo", "André", -3);
    assert_eq!(t.register(&c), Ok(Registered::Added(0)));
    assert_eq!(t.players[0].key(), "NEMOANDRÉ");
    assert_eq!(c.key(), player_key("Nemo", "André"));
    assert_eq!(t.players[0].grade, "3K");
    assert_eq!(t.players[0].egf_pin, "12345678");
    assert_eq!(t.register(&c), Ok(Registered::Unchanged(0)));
    assert_eq!(t.players.len(), 1, "read twice, added once");
    // A new rank and club update the player; the key stays.
    let better = PlayerCard {
        rank: -1,
        club: "Lyon".into(),
        ..c.clone()
    };
    assert_eq!(t.register(&better), Ok(Registered::Updated(0)));
    assert_eq!(
        (t.players[0].rank, t.players[0].club.as_str()),
        (-1, "Lyon")
    );
    assert_eq!(t.players[0].grade, "1K");
    assert_eq!(t.players.len(), 1);
    // Another player.
    assert_eq!(
        t.register(&card("Dupont", "Jean", 2)),
        Ok(Registered::Added(1))
    );
}

#[test]
fn a_bad_card_or_a_damaged_code_is_refused_and_changes_nothing() {
    let no_name = PlayerCard {
        name: "  ".into(),
        ..card("x", "Ann", 0)
    };
    assert!(no_name.checked().is_err());
    for bad in [
        PlayerCard {
            rank: 9,
            ..card("A", "B", 0)
        },
        PlayerCard {
            country: "France".into(),
            ..card("A", "B", 0)
        },
        PlayerCard {
            egd_pin: "123".into(),
            ..card("A", "B", 0)
        },
        PlayerCard {
            name: "x".repeat(61),
            ..card("A", "B", 0)
        },
    ] {
        let err = read_card_link(&card_link(BASE, &bad)).unwrap_err();
        assert!(matches!(err, CardError::Refused(_)), "{err:?}");
    }
    let link = card_link(BASE, &card("Nemo", "André", -3));
    let start = link.find("P1-").unwrap() + 3;
    for at in start..link.len() {
        let mut damaged = link.clone().into_bytes();
        damaged[at] = if damaged[at] == b'A' { b'B' } else { b'A' };
        let err = read_card_link(&String::from_utf8(damaged).unwrap()).unwrap_err();
        assert!(matches!(err, CardError::Damaged(_)), "at {at}: {err:?}");
    }
    assert_eq!(read_card_link(""), Err(CardError::Empty));
    assert_eq!(
        read_card_link("https://x/t#T1-AAAA"),
        Err(CardError::Foreign)
    );
    assert_eq!(
        read_card_link(&link.replace("P1-", "P3-")),
        Err(CardError::UnknownVersion(3))
    );
    // A key already taken by another spelling of the same name changes nothing.
    let mut t = tournament();
    t.register(&card("Nemo", "André", -3)).unwrap();
    let before = t.clone();
    let same_key = card("NE MO", "andré", -3);
    assert_eq!(same_key.key(), "NEMOANDRÉ");
    assert_eq!(t.register(&same_key), Ok(Registered::Unchanged(0)));
    assert_eq!(t, before);
}
