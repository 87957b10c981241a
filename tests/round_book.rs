//! The director's rounds on the phone: result codes taken into their tables, the same result
//! again, two different results kept as a conflict, the director's entry with who and when,
//! the count in and the missing tables, the results for the pairing program, and the stored
//! text read back whole or refused.

use proptest::prelude::*;
use scorekeeper::core::count::Decision;
use scorekeeper::core::round::book::{
    self, Book, BookError, KeepError, Kept, ResultEntry, ResultRefusal, Source, TableState, Taken,
};
use scorekeeper::core::round::code::{self, CodePlayer, Confirmation, Print, ResultCode, Verdict};
use scorekeeper::core::round::{Decided, Outcome, Round, RoundTable, TablePlayer, TimeSettings};

const BASE: &str = "https://scorekeeper.example.org";
const EVENT: &str = "Coupe d'Été";

fn player(name: &str, first: &str) -> TablePlayer {
    TablePlayer {
        key: format!("{name}{first}").replace(' ', "").to_uppercase(),
        name: name.into(),
        first_name: first.into(),
        rank: Some("2K".into()),
        club: Some("Pari".into()),
    }
}

fn round_of(tournament: &str, number: u32, tables: u32) -> Round {
    let names = [
        ("Nemo", "André"),
        ("Dupont", "Jean"),
        ("Łukasz", "Ewa"),
        ("李", "昌镐"),
        ("O'Brien", "Mary Jo"),
        ("Müller", "Jürgen"),
        ("Sato", "Yuki"),
        ("Dubois", "Léa"),
    ];
    let tables = (1..=tables)
        .map(|n| {
            let (bn, bf) = names[(2 * n as usize) % names.len()];
            let (wn, wf) = names[(2 * n as usize + 1) % names.len()];
            RoundTable {
                number: n,
                black: player(&format!("{bn}{n}"), bf),
                white: player(&format!("{wn}{n}"), wf),
                handicap: 0,
                komi: 6.5,
            }
        })
        .collect();
    Round {
        tournament: tournament.into(),
        number,
        size: 19,
        time: TimeSettings {
            fields: vec![
                ("time", "fischer".into()),
                ("main", "600".into()),
                ("inc", "5".into()),
            ],
        },
        tables,
    }
}

fn verdict(re: &str) -> Verdict {
    Verdict::of_game(re, None).unwrap()
}

/// The result code of `table` as the director's scanner reads it from the game's phone.
fn scanned(round: &Round, table: u32, result: Verdict) -> ResultCode {
    let t = round.tables.iter().find(|t| t.number == table).unwrap();
    let mut code = ResultCode::new(
        &round.tournament,
        round.number,
        table,
        CodePlayer::new(&t.black.key, &t.black.shown_name()),
        CodePlayer::new(&t.white.key, &t.white.shown_name()),
        result,
    );
    code.confirmed = Confirmation::BothPlayers;
    code.finished_s = 1_795_000_000 + table;
    code::read_result_link(&code::result_link(BASE, &code)).unwrap()
}

fn book_with(round: &Round) -> Book {
    let mut book = Book::new();
    assert_eq!(book.keep(round.clone(), "lgc-2023"), Ok(Kept::Added));
    book
}

#[test]
fn a_result_code_goes_to_its_table() {
    let round = round_of(EVENT, 3, 4);
    let mut book = book_with(&round);
    let kept = book.round(EVENT, 3).unwrap();
    assert_eq!(kept.in_count(), (0, 4));
    assert_eq!(kept.missing(), [1, 2, 3, 4]);
    assert_eq!(kept.preset(), "lgc-2023");

    let code = scanned(&round, 2, verdict("B+3.5"));
    assert_eq!(
        book.take(code.clone(), 1_000, Source::Scanned),
        Taken::Added { table: 2 }
    );
    let kept = book.round(EVENT, 3).unwrap();
    assert_eq!(kept.in_count(), (1, 4), "1 of 4");
    assert_eq!(kept.missing(), [1, 3, 4]);
    let Some(TableState::In(received)) = kept.state(2) else {
        panic!("table 2 is in: {:?}", kept.state(2));
    };
    assert_eq!(received.entry, ResultEntry::Code(code));
    assert_eq!(received.at_ms, 1_000);
    assert_eq!(received.source, Source::Scanned);
    assert_eq!(kept.state(2).unwrap().name(), "in");
    assert_eq!(kept.state(1).unwrap().name(), "waiting");
    assert_eq!(kept.state(9), None);
    assert_eq!(
        kept.results(),
        [(
            2,
            Decided {
                outcome: Outcome::Black,
                by_default: false
            }
        )]
    );
}

#[test]
fn the_same_result_again_changes_nothing() {
    let round = round_of(EVENT, 1, 3);
    let mut book = book_with(&round);
    let code = scanned(&round, 1, verdict("W+R"));
    book.take(code.clone(), 10, Source::Scanned);
    let before = book.clone();
    // Scanned again, or opened from the camera app's link: the same result.
    assert_eq!(
        book.take(code.clone(), 20, Source::Link),
        Taken::Again { table: 1 }
    );
    let mut later = code;
    later.confirmed = Confirmation::RefereeLock;
    assert_eq!(
        book.take(later, 30, Source::Scanned),
        Taken::Again { table: 1 }
    );
    assert_eq!(book, before);
    assert_eq!(book.round(EVENT, 1).unwrap().received(1).len(), 1);
}

#[test]
fn a_second_different_result_is_a_conflict_and_both_are_kept() {
    let round = round_of(EVENT, 2, 3);
    let mut book = book_with(&round);
    let first = scanned(&round, 3, verdict("B+R"));
    let second = scanned(&round, 3, verdict("W+T"));
    book.take(first.clone(), 100, Source::Scanned);
    let taken = book.take(second.clone(), 200, Source::Link);
    assert_eq!(taken, Taken::Conflict { table: 3 });
    assert!(taken.to_string().contains("Both are kept"), "{taken}");
    let kept = book.round(EVENT, 2).unwrap();
    let Some(TableState::Conflict(both)) = kept.state(3) else {
        panic!("a conflict: {:?}", kept.state(3));
    };
    let entries: Vec<&ResultEntry> = both.iter().map(|r| &r.entry).collect();
    assert_eq!(
        entries,
        [&ResultEntry::Code(first), &ResultEntry::Code(second)]
    );
    assert_eq!(kept.conflicts(), [3]);
    assert_eq!(kept.in_count(), (0, 3), "a conflict is not a result in");
    assert_eq!(kept.missing(), [1, 2], "nor a missing table");
    assert!(kept.results().is_empty(), "no result stands for the export");
    // A third code with one of the two results changes nothing.
    assert_eq!(
        book.take(scanned(&round, 3, verdict("W+T")), 300, Source::Scanned),
        Taken::Again { table: 3 }
    );
}

#[test]
fn the_directors_entry_settles_a_conflict_with_who_and_when() {
    let round = round_of(EVENT, 4, 2);
    let mut book = book_with(&round);
    book.take(scanned(&round, 1, verdict("B+R")), 100, Source::Scanned);
    book.take(scanned(&round, 1, verdict("W+R")), 200, Source::Scanned);
    let state = book
        .enter(EVENT, 4, 1, verdict("W+R"), "  Anna Kowalska ", 5_000)
        .unwrap();
    assert_eq!(
        state,
        TableState::Entered {
            result: verdict("W+R"),
            who: "Anna Kowalska".into(),
            at_ms: 5_000
        }
    );
    let kept = book.round(EVENT, 4).unwrap();
    assert_eq!(kept.state(1).unwrap().name(), "entered");
    assert_eq!(kept.in_count(), (1, 2));
    assert_eq!(kept.received(1).len(), 3, "every result received is kept");
    assert_eq!(
        kept.received(1).last().unwrap().source,
        Source::Director {
            who: "Anna Kowalska".into()
        }
    );
    assert_eq!(
        kept.results(),
        [(
            1,
            Decided {
                outcome: Outcome::White,
                by_default: false
            }
        )]
    );
    // A code of a result already seen changes nothing; a new different one is a conflict
    // with the director's entry, until the director corrects again.
    assert_eq!(
        book.take(scanned(&round, 1, verdict("B+R")), 6_000, Source::Scanned),
        Taken::Again { table: 1 }
    );
    assert_eq!(
        book.take(scanned(&round, 1, verdict("0")), 7_000, Source::Scanned),
        Taken::Conflict { table: 1 }
    );
    let Some(TableState::Conflict(list)) = book.round(EVENT, 4).unwrap().state(1) else {
        panic!("a conflict with the entry");
    };
    assert_eq!(list.len(), 2);
    assert!(matches!(list[0].entry, ResultEntry::Director(_)));
    // The director's correction, by another director, later: it stands.
    let corrected = Verdict::from_decided(Decided {
        outcome: Outcome::BothLose,
        by_default: false,
    });
    let state = book
        .enter(EVENT, 4, 1, corrected.clone(), "Piotr", 8_000)
        .unwrap();
    assert_eq!(
        state,
        TableState::Entered {
            result: corrected,
            who: "Piotr".into(),
            at_ms: 8_000
        }
    );
    // A table with no result at all can be entered too (a game not played).
    let not_played = Verdict::from_decided(Decided {
        outcome: Outcome::White,
        by_default: true,
    });
    assert_eq!(not_played.re, "W+F");
    book.enter(EVENT, 4, 2, not_played, "Anna", 9_000).unwrap();
    let kept = book.round(EVENT, 4).unwrap();
    assert_eq!(kept.in_count(), (2, 2));
    assert!(kept.missing().is_empty());
    assert_eq!(
        kept.results(),
        [
            (
                1,
                Decided {
                    outcome: Outcome::BothLose,
                    by_default: false
                }
            ),
            (
                2,
                Decided {
                    outcome: Outcome::White,
                    by_default: true
                }
            )
        ]
    );
}

#[test]
fn an_entry_without_a_name_or_a_place_is_refused() {
    let round = round_of(EVENT, 1, 2);
    let mut book = book_with(&round);
    let before = book.clone();
    assert_eq!(
        book.enter(EVENT, 1, 1, verdict("B+R"), "  ", 1),
        Err(ResultRefusal::NoName)
    );
    assert_eq!(
        book.enter(EVENT, 1, 7, verdict("B+R"), "Anna", 1),
        Err(ResultRefusal::NoTable { round: 1, table: 7 })
    );
    assert!(matches!(
        book.enter("Other", 1, 1, verdict("B+R"), "Anna", 1),
        Err(ResultRefusal::NoRound { .. })
    ));
    let contradictory = Verdict {
        re: "B+R".into(),
        outcome: Some(Outcome::White),
        by_default: false,
    };
    assert_eq!(
        book.enter(EVENT, 1, 1, contradictory, "Anna", 1),
        Err(ResultRefusal::Contradictory)
    );
    assert_eq!(book, before);
    assert!(ResultRefusal::NoName.to_string().contains("your name"));
}

#[test]
fn codes_of_no_table_here_are_refused_and_change_nothing() {
    let round = round_of(EVENT, 5, 3);
    let mut book = book_with(&round);
    book.take(scanned(&round, 1, verdict("B+R")), 1, Source::Scanned);
    let before = book::encode(&book);
    let refused = |taken: Taken| match taken {
        Taken::Refused(why) => why,
        other => panic!("refused, not {other:?}"),
    };

    // Another round of the same tournament, and the same round of another tournament.
    let other_round = round_of(EVENT, 6, 3);
    let why = refused(book.take(scanned(&other_round, 1, verdict("B+R")), 2, Source::Scanned));
    assert_eq!(
        why,
        ResultRefusal::NoRound {
            tournament: EVENT.into(),
            round: 6
        }
    );
    assert!(
        why.to_string().contains("load that round's pairings"),
        "{why}"
    );
    let other_event = round_of("Paris Blitz", 5, 3);
    assert!(matches!(
        refused(book.take(scanned(&other_event, 1, verdict("B+R")), 2, Source::Scanned)),
        ResultRefusal::NoRound { round: 5, .. }
    ));

    // A table the round does not have.
    let bigger = round_of(EVENT, 5, 9);
    assert_eq!(
        refused(book.take(scanned(&bigger, 9, verdict("B+R")), 2, Source::Scanned)),
        ResultRefusal::NoTable { round: 5, table: 9 }
    );

    // Other players at the table.
    let mut code = scanned(&round, 2, verdict("W+3.5"));
    code.white = CodePlayer::new("SOMEONEELSE", "Someone Else");
    assert_eq!(
        refused(book.take(code, 2, Source::Scanned)),
        ResultRefusal::NotThePlayers { table: 2 }
    );

    // The players swapped colours.
    let mut code = scanned(&round, 2, verdict("W+3.5"));
    std::mem::swap(&mut code.black, &mut code.white);
    let why = refused(book.take(code, 2, Source::Scanned));
    assert_eq!(why, ResultRefusal::ColoursSwapped { table: 2 });
    assert!(why.to_string().contains("each other's colours"));

    // A result that contradicts itself.
    let mut code = scanned(&round, 2, verdict("W+3.5"));
    code.result.outcome = Some(Outcome::Black);
    assert_eq!(
        refused(book.take(code, 2, Source::Scanned)),
        ResultRefusal::Contradictory
    );

    assert_eq!(book::encode(&book), before, "nothing changed");
}

#[test]
fn rounds_of_two_tournaments_with_the_same_players_are_kept_apart() {
    // The same players meet at table 1 of round 1 of the main event and of the side event.
    let main = round_of("European Go Championship 2026", 1, 2);
    let mut side = main.clone();
    side.tournament = "European Go Championship 2026 — Blitz".into();
    let mut book = book_with(&main);
    assert_eq!(book.keep(side.clone(), "dutch-lightning"), Ok(Kept::Added));
    assert_eq!(
        book.take(scanned(&side, 1, verdict("W+T")), 1, Source::Scanned),
        Taken::Added { table: 1 }
    );
    assert_eq!(
        book.round(&main.tournament, 1).unwrap().missing(),
        [1, 2],
        "the main event's table is still waiting"
    );
    assert_eq!(book.round(&side.tournament, 1).unwrap().missing(), [2]);
    assert_eq!(book.rounds().len(), 2);
    assert!(book.forget(&main.tournament, 1));
    assert!(!book.forget(&main.tournament, 1));
    assert_eq!(book.rounds().len(), 1);
}

#[test]
fn keeping_a_round_again_keeps_its_results() {
    let round = round_of(EVENT, 1, 3);
    let mut book = book_with(&round);
    assert_eq!(book.keep(round.clone(), "lgc-2023"), Ok(Kept::Unchanged));
    assert_eq!(book.keep(round.clone(), "london-open"), Ok(Kept::Updated));
    assert_eq!(book.round(EVENT, 1).unwrap().preset(), "london-open");
    // New pairings while no result is in replace the old.
    let mut repaired = round.clone();
    repaired.tables[0].komi = 0.5;
    assert_eq!(
        book.keep(repaired.clone(), "london-open"),
        Ok(Kept::Updated)
    );
    assert_eq!(book.round(EVENT, 1).unwrap().round(), &repaired);
    // With a result in, different pairings are refused, and nothing changes.
    book.take(scanned(&repaired, 1, verdict("B+R")), 1, Source::Scanned);
    let before = book.clone();
    let refused = book.keep(round.clone(), "london-open").unwrap_err();
    assert_eq!(refused, KeepError::ResultsIn { round: 1 });
    assert!(refused.to_string().contains("forget the round"));
    assert_eq!(book, before);
    // Rounds that cannot be kept.
    let mut twice = round_of(EVENT, 2, 3);
    twice.tables[2].number = 1;
    assert_eq!(
        book.keep(twice, "lgc-2023"),
        Err(KeepError::DuplicateTable { table: 1 })
    );
    let empty = round_of(EVENT, 3, 0);
    assert_eq!(
        book.keep(empty, "lgc-2023"),
        Err(KeepError::NoTables { round: 3 })
    );
    let mut nan = round_of(EVENT, 4, 1);
    nan.tables[0].komi = f64::NAN;
    assert_eq!(
        book.keep(nan, "lgc-2023"),
        Err(KeepError::BadKomi { table: 1 })
    );
    assert_eq!(book, before);
}

/// OpenGotha's results, from the SGF `RE` and the outcome: `B+…` Black, `W+…` White, `0` jigo,
/// `Void` by its outcome; a forfeit and a game not played are decided by default; a game to
/// replay has no result yet.
#[test]
fn each_result_stands_as_the_pairing_program_records_it() {
    let cases: Vec<(Verdict, Option<Decided>)> = vec![
        (verdict("B+3.5"), Some(decided(Outcome::Black, false))),
        (verdict("W+R"), Some(decided(Outcome::White, false))),
        (verdict("B+T"), Some(decided(Outcome::Black, false))),
        (verdict("W+F"), Some(decided(Outcome::White, true))),
        (verdict("B+"), Some(decided(Outcome::Black, false))),
        (verdict("0"), Some(decided(Outcome::Jigo, false))),
        (verdict("W+0"), Some(decided(Outcome::White, false))),
        (
            Verdict::of_game("Void", Some(Decision::BothLose)).unwrap(),
            Some(decided(Outcome::BothLose, false)),
        ),
        (
            Verdict::of_game("Void", Some(Decision::Replay)).unwrap(),
            None,
        ),
        (
            Verdict::from_decided(decided(Outcome::BothLose, true)),
            Some(decided(Outcome::BothLose, true)),
        ),
        (
            Verdict::from_decided(decided(Outcome::BothWin, false)),
            Some(decided(Outcome::BothWin, false)),
        ),
    ];
    let round = round_of(EVENT, 7, cases.len() as u32);
    let mut book = book_with(&round);
    for (i, (result, _)) in cases.iter().enumerate() {
        let table = i as u32 + 1;
        assert_eq!(
            book.take(scanned(&round, table, result.clone()), 1, Source::Scanned),
            Taken::Added { table }
        );
    }
    let kept = book.round(EVENT, 7).unwrap();
    let expected: Vec<(u32, Decided)> = cases
        .iter()
        .enumerate()
        .filter_map(|(i, (_, d))| Some((i as u32 + 1, (*d)?)))
        .collect();
    assert_eq!(kept.results(), expected);
    assert_eq!(kept.in_count(), (cases.len(), cases.len()));
}

fn decided(outcome: Outcome, by_default: bool) -> Decided {
    Decided {
        outcome,
        by_default,
    }
}

// ---------------------------------------------------------------------------------------------
// The stored text

fn a_full_book() -> Book {
    let round = round_of(EVENT, 1, 4);
    let mut book = book_with(&round);
    let mut counted = scanned(&round, 1, verdict("B+3.5"));
    counted.totals = Some([71.5, 68.0]);
    book.take(counted, 1, Source::Scanned);
    book.take(scanned(&round, 2, verdict("W+R")), 2, Source::Link);
    book.take(scanned(&round, 2, verdict("B+T")), 3, Source::Scanned);
    book.enter(EVENT, 1, 2, verdict("B+T"), "Anna \"the\" director", 4)
        .unwrap();
    let side = round_of("第一回 大会", 2, 2);
    book.keep(side, "japanese").unwrap();
    book
}

#[test]
fn the_stored_text_reads_back_the_same() {
    let book = a_full_book();
    let text = book::encode(&book);
    assert!(text.starts_with("{\"layout\":2,"), "{text}");
    assert_eq!(book::decode(&text), Ok(book));
    assert_eq!(book::decode(&book::encode(&Book::new())), Ok(Book::new()));
}

#[test]
fn a_damaged_text_is_refused_whole() {
    let text = book::encode(&a_full_book());
    // Cut anywhere: refused, never read in part.
    for (cut, _) in text.char_indices().skip(1) {
        let refused = book::decode(&text[..cut]);
        assert!(
            matches!(refused, Err(BookError::Damaged(_))),
            "cut at {cut}: {refused:?}"
        );
    }
    let damaged = |from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        book::decode(&text.replacen(from, to, 1)).unwrap_err()
    };
    let newer = damaged("\"layout\":2", "\"layout\":3");
    assert_eq!(newer, BookError::NewerLayout(3));
    assert!(newer.to_string().contains("update the app"));
    let why = damaged("\"size\":19", "\"size\":\"big\"");
    assert!(why.to_string().contains("rounds.0.size"), "{why}");
    let why = damaged("\"time\",\"fischer\"", "\"clock\",\"fischer\"");
    assert!(
        why.to_string().contains("unknown time setting `clock`"),
        "{why}"
    );
    let why = damaged("\"source\":\"Link\"", "\"source\":\"Pigeon\"");
    assert!(why.to_string().contains("Pigeon"), "{why}");
    let why = damaged(
        "\"re\":\"W+R\",\"outcome\":\"White\"",
        "\"re\":\"W+R\",\"outcome\":\"Black\"",
    );
    assert!(why.to_string().contains("contradicts itself"), "{why}");
    let why = damaged("\"number\":2,", "\"number\":1,");
    assert!(
        why.to_string().contains("twice") || why.to_string().contains("table"),
        "{why}"
    );
    assert!(matches!(
        book::decode("not json"),
        Err(BookError::Damaged(_))
    ));
    assert!(matches!(book::decode("[]"), Err(BookError::Damaged(_))));
    assert!(matches!(
        book::decode("{\"layout\":1}"),
        Err(BookError::Damaged(_))
    ));
    assert!(matches!(
        book::decode("{\"layout\":0,\"rounds\":[]}"),
        Err(BookError::Damaged(_))
    ));
}

// Random books: rounds of random pairings (any text in names, keys and the tournament's name),
// results taken and entered at random.

fn any_text() -> impl Strategy<Value = String> {
    ".{0,12}"
}

fn any_player() -> impl Strategy<Value = TablePlayer> {
    (
        any_text(),
        any_text(),
        any_text(),
        proptest::option::of(any_text()),
        proptest::option::of(any_text()),
    )
        .prop_map(|(key, name, first_name, rank, club)| TablePlayer {
            key,
            name,
            first_name,
            rank,
            club,
        })
}

fn any_round() -> impl Strategy<Value = Round> {
    (
        any_text(),
        1u32..30,
        prop_oneof![Just(9u8), Just(13), Just(19)],
        proptest::sample::subsequence(
            vec![
                ("time", "byoyomi"),
                ("main", "1200"),
                ("periods", "5"),
                ("period", "30"),
                ("inc", "10"),
            ],
            0..5,
        ),
        proptest::collection::btree_set(1u32..2000, 1..6),
        proptest::collection::vec((any_player(), any_player(), 0u8..10, any::<f64>()), 6),
    )
        .prop_map(|(tournament, number, size, time, numbers, tables)| Round {
            tournament,
            number,
            size,
            time: TimeSettings {
                fields: time.into_iter().map(|(k, v)| (k, v.to_string())).collect(),
            },
            tables: numbers
                .into_iter()
                .zip(tables)
                .map(|(number, (black, white, handicap, komi))| RoundTable {
                    number,
                    black,
                    white,
                    handicap,
                    komi: if komi.is_finite() { komi } else { 7.5 },
                })
                .collect(),
        })
}

#[derive(Clone, Debug)]
enum Step {
    Take {
        table: usize,
        re: usize,
        totals: Option<(f64, f64)>,
        confirmed: usize,
        at_ms: i64,
        link: bool,
    },
    Enter {
        table: usize,
        re: usize,
        who: String,
        at_ms: i64,
    },
}

const RESULTS: [&str; 9] = [
    "B+3.5", "W+R", "B+T", "W+F", "0", "B+", "W+0.5", "Void", "B+F",
];

fn any_step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (
            0usize..6,
            0..RESULTS.len(),
            proptest::option::of((any::<f64>(), any::<f64>())),
            0usize..4,
            any::<i64>(),
            any::<bool>()
        )
            .prop_map(|(table, re, totals, confirmed, at_ms, link)| Step::Take {
                table,
                re,
                totals,
                confirmed,
                at_ms,
                link
            }),
        (0usize..6, 0..RESULTS.len(), any_text(), any::<i64>()).prop_map(
            |(table, re, who, at_ms)| Step::Enter {
                table,
                re,
                who,
                at_ms
            }
        ),
    ]
}

fn any_book() -> impl Strategy<Value = Book> {
    proptest::collection::vec(
        (
            any_round(),
            any_text(),
            proptest::collection::vec(any_step(), 0..10),
        ),
        0..4,
    )
    .prop_map(|rounds| {
        let mut book = Book::new();
        for (round, preset, steps) in rounds {
            if book.keep(round.clone(), &preset).is_err() {
                continue;
            }
            for step in steps {
                match step {
                    Step::Take {
                        table,
                        re,
                        totals,
                        confirmed,
                        at_ms,
                        link,
                    } => {
                        let t = &round.tables[table % round.tables.len()];
                        let mut code = ResultCode::new(
                            &round.tournament,
                            round.number,
                            t.number,
                            CodePlayer::new(&t.black.key, &t.black.name),
                            CodePlayer::new(&t.white.key, &t.white.first_name),
                            verdict(RESULTS[re]),
                        );
                        code.totals = totals.map(|(b, w)| [b, w]);
                        code.confirmed = [
                            Confirmation::Unconfirmed,
                            Confirmation::BothPlayers,
                            Confirmation::RefereeLock,
                            Confirmation::RefereeDecision,
                        ][confirmed];
                        code.finished_s = at_ms as u32;
                        let source = if link { Source::Link } else { Source::Scanned };
                        book.take(code, at_ms, source);
                    }
                    Step::Enter {
                        table,
                        re,
                        who,
                        at_ms,
                    } => {
                        let t = round.tables[table % round.tables.len()].number;
                        let _ = book.enter(
                            &round.tournament,
                            round.number,
                            t,
                            verdict(RESULTS[re]),
                            &who,
                            at_ms,
                        );
                    }
                }
            }
        }
        book
    })
}

proptest! {
    /// What is stored reads back as it was, for any book.
    #[test]
    fn encode_then_decode_is_the_identity(book in any_book()) {
        let text = book::encode(&book);
        prop_assert_eq!(book::decode(&text), Ok(book.clone()));
        // And the text is the same written again.
        prop_assert_eq!(book::encode(&book::decode(&text).unwrap()), text);
    }
}

#[test]
fn fingerprints_of_keys_are_those_of_the_pairing_file() {
    // The book matches a code to its table by the fingerprints of the file's own keys.
    let round = round_of(EVENT, 1, 1);
    let code = scanned(&round, 1, verdict("B+R"));
    assert_eq!(code.black.key, Print::of(&round.tables[0].black.key));
    assert_eq!(code.tournament_print, Print::of(EVENT));
}
