//! The round's codes: the table code's link opens the new-game form with the table's fields;
//! the result code reads back the same for every kind of result, fits a QR code of version 10
//! at level Q for the longest names a pairing file allows, and refuses a damaged, cut or
//! unknown code.

use proptest::prelude::*;
use qrcodegen::QrCodeEcc;
use scorekeeper::core::count::Decision;
use scorekeeper::core::new_game::{FIELDS, NewGameForm};
use scorekeeper::core::round::code::{
    self, CodeError, CodePlayer, Confirmation, MAX_QR_VERSION, Print, ResultCode, Verdict,
    VerdictError,
};
use scorekeeper::core::round::{Decided, Outcome, Round, RoundTable, TablePlayer, TimeSettings};

const BASE: &str = "https://scorekeeper.example.org";

/// Addresses the app may be served from: short, usual, and a long one on a project page.
const BASES: [&str; 3] = [
    "https://go.example",
    BASE,
    "https://go-tournament-directors.github.io/scorekeeper-offline-app",
];

/// SGF FF[4], property RE (https://www.red-bean.com/sgf/properties.html#RE): "Provides the
/// result of the game. It is MANDATORY to use the following format: "0" (zero) or "Draw" for a
/// draw (jigo), "B+" ["score"] for a black win and "W+" ["score"] for a white win ... Use "B+R"
/// or "B+Resign" and "W+R" or "W+Resign" for a win by resignation. ... Use "B+T" or "B+Time"
/// and "W+T" or "W+Time" for a win on time, "B+F" or "B+Forfeit" and "W+F" or "W+Forfeit" for
/// a win by forfeit, "Void" for no result or suspended play and "?" for an unknown result."
fn every_result() -> Vec<(Verdict, &'static str)> {
    let game = |re: &str, decision: Option<Decision>| Verdict::of_game(re, decision).unwrap();
    vec![
        (game("B+3.5", None), "B+3.5"),
        (game("W+0.5", None), "W+0.5"),
        (game("W+12", None), "W+12"),
        (game("B+R", None), "B+R"),
        (game("W+R", None), "W+R"),
        (game("B+T", None), "B+T"),
        (game("W+T", None), "W+T"),
        (game("B+F", None), "B+F"),
        (game("W+F", None), "W+F"),
        (
            game(
                "B+",
                Some(Decision::Win {
                    winner: scorekeeper::core::Color::Black,
                }),
            ),
            "B+",
        ),
        (game("W+", None), "W+"),
        (game("0", None), "0"),
        (game("W+0", None), "W+0"),
        (game("Void", Some(Decision::BothLose)), "Void"),
        (game("Void", Some(Decision::Replay)), "Void"),
        (game("Void", Some(Decision::Restarted)), "Void"),
        (
            Verdict::from_decided(Decided {
                outcome: Outcome::BothWin,
                by_default: false,
            }),
            "Void",
        ),
        (
            Verdict::from_decided(Decided {
                outcome: Outcome::BothLose,
                by_default: true,
            }),
            "Void",
        ),
    ]
}

fn sample(result: Verdict) -> ResultCode {
    let mut code = ResultCode::new(
        "Paris Blitz 2026",
        3,
        12,
        CodePlayer::new("NEMOANDRÉ", "André Nemo"),
        CodePlayer::new("DUPONTJEAN", "Jean Dupont"),
        result,
    );
    code.finished_s = 1_795_000_000;
    code
}

fn fragment(link: &str) -> &str {
    link.rsplit_once('#').map_or(link, |(_, f)| f)
}

#[test]
fn every_kind_of_result_reads_back_the_same() {
    for (verdict, re) in every_result() {
        assert_eq!(verdict.re, re);
        for confirmed in [
            Confirmation::Unconfirmed,
            Confirmation::BothPlayers,
            Confirmation::RefereeLock,
            Confirmation::RefereeDecision,
        ] {
            let mut code = sample(verdict.clone());
            code.confirmed = confirmed;
            code.totals = (verdict.re.len() > 3).then_some([71.5, -3.0]);
            let link = code::result_link(BASE, &code);
            assert!(
                link.starts_with("https://scorekeeper.example.org/r#R1-"),
                "{link}"
            );
            assert_eq!(code::read_result_link(&link), Ok(code.clone()), "{re}");
            // The code alone, without the address, and as a camera may hand it in lower case.
            assert_eq!(code::read_result_link(fragment(&link)), Ok(code.clone()));
            let lower = fragment(&link).to_ascii_lowercase();
            assert_eq!(code::read_result_link(&lower), Ok(code.clone()));
        }
    }
}

#[test]
fn void_tells_both_losing_from_a_replay() {
    let both_lose = Verdict::of_game("Void", Some(Decision::BothLose)).unwrap();
    let replay = Verdict::of_game("Void", Some(Decision::Replay)).unwrap();
    assert_eq!(both_lose.re, replay.re, "SGF writes both as Void");
    let read = |v: &Verdict| {
        code::read_result_link(&code::result_link(BASE, &sample(v.clone())))
            .unwrap()
            .result
    };
    assert_eq!(
        read(&both_lose).decided(),
        Some(Decided {
            outcome: Outcome::BothLose,
            by_default: false
        })
    );
    assert_eq!(read(&replay).decided(), None, "a replay has no result yet");
}

#[test]
fn results_are_written_as_sgf_writes_them() {
    let of = |re: &str| Verdict::of_game(re, None);
    assert_eq!(of("B+Resign").unwrap().re, "B+R");
    assert_eq!(of("W+Time").unwrap().re, "W+T");
    assert_eq!(of("W+Forfeit").unwrap().re, "W+F");
    assert_eq!(of("Draw").unwrap().re, "0");
    assert_eq!(of(" B+3.50 ").unwrap().re, "B+3.5");
    // A forfeit is decided without play: OpenGotha's `_BYDEF`.
    assert_eq!(
        of("W+F").unwrap().decided(),
        Some(Decided {
            outcome: Outcome::White,
            by_default: true
        })
    );
    assert_eq!(
        of("B+R").unwrap().decided(),
        Some(Decided {
            outcome: Outcome::Black,
            by_default: false
        })
    );
    assert_eq!(of("0").unwrap().outcome, Some(Outcome::Jigo));
    for bad in ["?", "", "Black resigns", "B+x", "B+inf", "X+R", "B+-3"] {
        let refused = of(bad).unwrap_err();
        assert_eq!(refused, VerdictError::Unknown(bad.trim().to_string()));
        assert!(refused.to_string().contains("W+R"), "{refused}");
    }
    let decided = |outcome, by_default| {
        Verdict::from_decided(Decided {
            outcome,
            by_default,
        })
        .re
    };
    assert_eq!(decided(Outcome::Black, false), "B+");
    assert_eq!(decided(Outcome::White, true), "W+F");
    assert_eq!(decided(Outcome::Jigo, false), "0");
    assert_eq!(decided(Outcome::BothLose, true), "Void");
}

/// The longest names: OpenGotha's `Player` checks only that a name and a first name have at
/// least one character, and its key is the two together in upper case without spaces; here
/// each part has 40 characters and the key 80, in Latin with accents, in CJK (three bytes a
/// character in UTF-8) and in emoji (four). OpenGotha's largest round and table numbers:
/// `MAX_NUMBER_OF_ROUNDS = 20`, `MAX_NUMBER_OF_TABLES = MAX_NUMBER_OF_PLAYERS / 2` (1000).
fn longest_players() -> Vec<(String, String, String)> {
    let parts = [
        ("É".repeat(40), "Ž".repeat(40)),
        ("語".repeat(40), "碁".repeat(40)),
        ("🀄".repeat(40), "🂡".repeat(40)),
        ("W".repeat(40), "M".repeat(40)),
    ];
    parts
        .into_iter()
        .map(|(first, name)| {
            let key = format!("{name}{first}").to_uppercase();
            (key, format!("{first} {name}"), "𝔗".repeat(80))
        })
        .collect()
}

#[test]
fn every_result_code_fits_version_10_at_level_q_for_the_longest_names() {
    let mut largest = 0;
    for base in BASES {
        for (key, name, tournament) in longest_players() {
            let mut fewest = usize::MAX;
            for (verdict, _) in every_result() {
                let mut code = ResultCode::new(
                    &tournament,
                    20,
                    1000,
                    CodePlayer::new(&key, &name),
                    CodePlayer::new(&format!("{key}2"), &name),
                    verdict,
                );
                code.totals = Some([-150.5, 511.5]);
                code.confirmed = Confirmation::RefereeDecision;
                code.finished_s = u32::MAX;
                let link = code::result_link(base, &code);
                let qr = code::result_qr(&link).expect("fits");
                let version = qr.version().value();
                assert!(version <= MAX_QR_VERSION, "{version} for {link}");
                assert!(matches!(
                    qr.error_correction_level(),
                    QrCodeEcc::Quartile | QrCodeEcc::High
                ));
                largest = largest.max(version);
                // Shortened to whole characters; the fingerprints of the full keys and name
                // still match the table.
                let read = code::read_result_link(&link).unwrap();
                assert_eq!(read, code::as_carried(base, &code));
                assert_eq!(read.black.key, Print::of(&key));
                assert_eq!(read.tournament_print, Print::of(&tournament));
                let shown = read.black.name.strip_suffix('…').expect("shortened");
                assert!(name.starts_with(shown), "{shown} of {name}");
                fewest = fewest.min(shown.chars().count());
            }
            println!("{base}: at least {fewest} characters of {name}");
            assert!(
                fewest >= 3,
                "{fewest} characters of {name}: too few to read"
            );
        }
    }
    assert_eq!(largest, MAX_QR_VERSION, "the longest names fill the code");
}

/// What the codes measure: the QR version of the usual names and of the longest, printed with
/// `cargo test --test round_codes -- --nocapture measured`.
#[test]
fn measured_versions() {
    let usual = [
        ("NEMOANDRÉ", "André Nemo", "Paris Blitz 2026"),
        (
            "DE LA FONTAINE-DUPONTJEAN-BAPTISTE",
            "Jean-Baptiste de la Fontaine-Dupont",
            "European Go Championship 2026 — Blitz",
        ),
        ("李昌镐", "昌镐 李", "第一回 大会"),
    ];
    for base in BASES {
        for (key, name, tournament) in usual {
            let mut code = ResultCode::new(
                tournament,
                5,
                120,
                CodePlayer::new(key, name),
                CodePlayer::new("DUPONTJEAN", "Jean Dupont"),
                Verdict::of_game("W+12.5", None).unwrap(),
            );
            code.totals = Some([60.0, 72.5]);
            code.confirmed = Confirmation::BothPlayers;
            code.finished_s = 1_795_000_000;
            let link = code::result_link(base, &code);
            let qr = code::result_qr(&link).unwrap();
            println!(
                "{} chars, version {} level {:?}: {name} ({base})",
                link.len(),
                qr.version().value(),
                qr.error_correction_level()
            );
            assert!(qr.version().value() <= MAX_QR_VERSION);
            assert_eq!(
                code::read_result_link(&link),
                Ok(code::as_carried(base, &code))
            );
        }
        let (key, name, tournament) = longest_players().remove(1);
        let code = ResultCode::new(
            &tournament,
            5,
            120,
            CodePlayer::new(&key, &name),
            CodePlayer::new(&key, &name),
            Verdict::of_game("B+R", None).unwrap(),
        );
        let link = code::result_link(base, &code);
        let qr = code::result_qr(&link).unwrap();
        println!(
            "{} chars, version {} level {:?}: longest CJK names ({base}) as {:?} at {:?}",
            link.len(),
            qr.version().value(),
            qr.error_correction_level(),
            code::read_result_link(&link).unwrap().black.name,
            code::read_result_link(&link).unwrap().tournament,
        );
    }
}

#[test]
fn a_flipped_character_or_a_cut_code_is_refused() {
    let mut code = sample(Verdict::of_game("B+3.5", None).unwrap());
    code.totals = Some([80.0, 76.5]);
    code.confirmed = Confirmation::BothPlayers;
    let link = code::result_link(BASE, &code);
    let text = fragment(&link);
    const DIGITS: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
    for (i, c) in text.char_indices() {
        for other in DIGITS.chars().filter(|o| *o != c).step_by(7) {
            let mut damaged = text.to_string();
            damaged.replace_range(i..i + c.len_utf8(), &other.to_string());
            let refused = code::read_result_link(&damaged);
            assert!(refused.is_err(), "{damaged} was read as {refused:?}");
        }
    }
    for cut in 0..text.len() {
        let refused = code::read_result_link(&text[..cut]);
        assert!(refused.is_err(), "cut at {cut} was read");
    }
    let refused = code::read_result_link(&link[..link.len() - 3]).unwrap_err();
    assert!(matches!(refused, CodeError::Damaged(_)), "{refused:?}");
    assert!(refused.to_string().contains("Scan it again"), "{refused}");
}

#[test]
fn a_code_of_another_format_version_is_refused_by_name() {
    let link = code::result_link(BASE, &sample(Verdict::of_game("W+R", None).unwrap()));
    let newer = link.replace("#R1-", "#R2-");
    let refused = code::read_result_link(&newer).unwrap_err();
    assert_eq!(refused, CodeError::UnknownVersion(2));
    assert!(refused.to_string().contains("version 2"), "{refused}");
    assert!(refused.to_string().contains("update the app"), "{refused}");
    assert_eq!(
        code::read_result_link("R0-ABC"),
        Err(CodeError::Foreign),
        "version 0 was never written"
    );
}

#[test]
fn other_texts_are_refused_as_such() {
    assert_eq!(code::read_result_link("  "), Err(CodeError::Empty));
    assert_eq!(
        code::read_result_link("https://scorekeeper.example.org/r#"),
        Err(CodeError::Empty)
    );
    for foreign in [
        "https://scorekeeper.example.org/handover#G2-1-1-0000000-AB-0000000",
        "hello",
        "R-ABCD",
        "RX-ABCD",
    ] {
        assert_eq!(
            code::read_result_link(foreign),
            Err(CodeError::Foreign),
            "{foreign}"
        );
    }
    assert!(matches!(
        code::read_result_link("R1-!!"),
        Err(CodeError::Damaged(_))
    ));
    assert!(matches!(
        code::read_result_link("R1-"),
        Err(CodeError::Damaged(_))
    ));
}

#[test]
fn an_address_too_long_for_the_code_is_said_so() {
    let base = format!("https://{}.example", "a".repeat(200));
    let link = code::result_link(&base, &sample(Verdict::of_game("B+R", None).unwrap()));
    let Err(refused) = code::result_qr(&link) else {
        panic!("{link} fits a code of version 10");
    };
    assert_eq!(refused, CodeError::TooLong);
    assert!(refused.to_string().contains("shorter address"));
}

// ---------------------------------------------------------------------------------------------
// The table code

fn player(key: &str, name: &str, first: &str) -> TablePlayer {
    TablePlayer {
        key: key.into(),
        name: name.into(),
        first_name: first.into(),
        rank: Some("3K".into()),
        club: None,
    }
}

fn round() -> (Round, RoundTable) {
    let table = RoundTable {
        number: 7,
        black: player("NEMOANDRÉ", "Nemo", "André"),
        white: player("O'BRIEN&COMARY-JO", "O'Brien & Co", "Mary-Jo"),
        handicap: 2,
        komi: 0.5,
    };
    let round = Round {
        tournament: "Coupe d'Été #3".into(),
        number: 4,
        size: 19,
        time: TimeSettings {
            fields: vec![
                ("time", "byoyomi".into()),
                ("main", "2700".into()),
                ("periods", "5".into()),
                ("period", "30".into()),
            ],
        },
        tables: vec![table.clone()],
    };
    (round, table)
}

/// `%XX` back to bytes, as a browser reads a query.
fn unescape(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(&text[i + 1..i + 3], 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

fn query_of(link: &str) -> Vec<(String, String)> {
    let (_, query) = link.split_once("/new?").expect("a new-game link");
    query
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').expect("name=value");
            assert!(
                v.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b"-._~%".contains(&b)),
                "{v} is escaped"
            );
            (k.to_string(), unescape(v))
        })
        .collect()
}

#[test]
fn the_table_link_gives_back_the_tables_fields() {
    let (round, table) = round();
    let link = code::table_link(BASE, &round, &table, "london-open");
    assert!(link.starts_with("https://scorekeeper.example.org/new?preset=london-open&"));
    let pairs = query_of(&link);
    let get = |name: &str| {
        pairs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(get("size"), Some("19"));
    assert_eq!(get("handicap"), Some("2"));
    assert_eq!(get("komi"), Some("0.5"));
    assert_eq!(get("time"), Some("byoyomi"));
    assert_eq!(get("main"), Some("2700"));
    assert_eq!(get("periods"), Some("5"));
    assert_eq!(get("period"), Some("30"));
    assert_eq!(get("black"), Some("André Nemo"));
    assert_eq!(get("white"), Some("Mary-Jo O'Brien & Co"));
    assert_eq!(get("event"), Some("Coupe d'Été #3"));
    assert_eq!(get("round"), Some("4"));
    assert_eq!(get("table"), Some("7"));
    assert_eq!(get("bkey"), Some("NEMOANDRÉ"));
    assert_eq!(get("wkey"), Some("O'BRIEN&COMARY-JO"));
    // The form's own fields fill the new-game form, which checks them as valid.
    let known: Vec<(&str, &str)> = pairs
        .iter()
        .filter(|(k, _)| FIELDS.contains(&k.as_str()))
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let (form, errors) = NewGameForm::from_query(known);
    assert!(errors.is_empty(), "{errors:?}");
    let game = form.check().expect("a valid form");
    assert_eq!(game.board.black, "André Nemo");
    assert_eq!(game.board.white, "Mary-Jo O'Brien & Co");
    assert_eq!(game.board.handicap.stones, 2);
    assert_eq!(game.board.komi, 0.5);
    assert_eq!(game.board.size, 19);
}

#[test]
fn a_table_link_without_a_tournament_or_time_leaves_them_out() {
    let (mut round, mut table) = round();
    round.tournament = "  ".into();
    round.time.fields.clear();
    round.size = 13;
    table.komi = -3.0;
    table.black.first_name.clear();
    let link = code::table_link("https://go.example/app", &round, &table, "custom");
    let pairs = query_of(&link);
    let names: Vec<&str> = pairs.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(
        names,
        [
            "preset", "size", "handicap", "komi", "black", "white", "round", "table", "bkey",
            "wkey"
        ]
    );
    assert!(link.starts_with("https://go.example/app/new?preset=custom&size=13&"));
    assert!(link.contains("&komi=-3&black=Nemo&"), "{link}");
}

// ---------------------------------------------------------------------------------------------
// Random codes

fn any_outcome() -> impl Strategy<Value = Option<Outcome>> {
    prop_oneof![
        Just(None),
        Just(Some(Outcome::Black)),
        Just(Some(Outcome::White)),
        Just(Some(Outcome::Jigo)),
        Just(Some(Outcome::BothLose)),
        Just(Some(Outcome::BothWin)),
    ]
}

fn any_verdict() -> impl Strategy<Value = Verdict> {
    let winner = (
        prop_oneof![Just("B"), Just("W")],
        prop_oneof![
            Just("R".to_string()),
            Just("T".to_string()),
            Just("F".to_string()),
            Just(String::new()),
            (0u32..800).prop_map(|h| format!("{}", f64::from(h) / 2.0)),
        ],
    )
        .prop_map(|(side, how)| Verdict::of_game(&format!("{side}+{how}"), None).unwrap());
    let other = (
        prop_oneof![Just("0"), Just("Void")],
        any_outcome(),
        any::<bool>(),
    )
        .prop_map(|(re, outcome, by_default)| Verdict {
            re: re.into(),
            outcome,
            by_default,
        })
        .prop_filter("RE and outcome agree", Verdict::agrees);
    prop_oneof![winner, other]
}

fn any_code() -> impl Strategy<Value = ResultCode> {
    (
        (".{0,50}", any::<u32>(), any::<u32>()),
        (".{0,60}", ".{0,90}", ".{0,60}", ".{0,90}"),
        any_verdict(),
        proptest::option::of((-2000.0..2000.0f64, -2000.0..2000.0f64)),
        (0u8..4, any::<u32>()),
    )
        .prop_map(
            |((tournament, round, table), (bk, bn, wk, wn), result, totals, (c, finished_s))| {
                let mut code = ResultCode::new(
                    &tournament,
                    round,
                    table,
                    CodePlayer::new(&bk, &bn),
                    CodePlayer::new(&wk, &wn),
                    result,
                );
                code.totals = totals.map(|(b, w)| [b, w]);
                code.confirmed = [
                    Confirmation::Unconfirmed,
                    Confirmation::BothPlayers,
                    Confirmation::RefereeLock,
                    Confirmation::RefereeDecision,
                ][usize::from(c)];
                code.finished_s = finished_s;
                code
            },
        )
}

proptest! {
    /// Any result code reads back as it was carried (names shortened only when there was no
    /// room, totals to the half point) and fits version 10 at level Q.
    #[test]
    fn any_result_code_reads_back_as_carried(code in any_code(), b in 0usize..3) {
        let base = BASES[b];
        let link = code::result_link(base, &code);
        let qr = code::result_qr(&link).expect("fits");
        prop_assert!(qr.version().value() <= MAX_QR_VERSION);
        let read = code::read_result_link(&link).expect("reads");
        prop_assert_eq!(&read, &code::as_carried(base, &code));
        prop_assert_eq!(read.black.key, code.black.key);
        prop_assert_eq!(read.white.key, code.white.key);
        prop_assert_eq!(read.tournament_print, code.tournament_print);
        prop_assert_eq!(&read.result, &code.result);
        for (shown, full) in [
            (&read.black.name, &code.black.name),
            (&read.white.name, &code.white.name),
            (&read.tournament, &code.tournament),
        ] {
            match shown.strip_suffix('…') {
                _ if shown == full => {}
                Some(start) => prop_assert!(full.starts_with(start.trim_end())),
                // No room at all: the fingerprints alone name the tournament and the players.
                None => prop_assert!(shown.is_empty(), "{} for {}", shown, full),
            }
        }
    }
}
