//! The stored book of every earlier layout still opens with every result kept, and the rounds
//! of a tournament kept on the phone hold no copy of its pairings: their tables are drawn from
//! the tournament, which takes each result.

use scorekeeper::core::round::book::{
    self, Book, Entry, Kept, ResultEntry, Source, TableState, Taken, no_tournament,
};
use scorekeeper::core::round::code::{self, CodePlayer, Confirmation, ResultCode, Verdict};
use scorekeeper::core::round::{Outcome, Round, table_list};
use scorekeeper::core::store::json::{self, Value};
use scorekeeper::core::tournament::files::read_tournament;
use scorekeeper::core::tournament::round_screen::{
    drawn_from, enter_result, screen_round, take_from_book, take_result,
};
use scorekeeper::core::tournament::{GameOutcome, Tournament};

const TOURNAMENT: &str = "Jeugdblitz Kraków 2026";

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/fixtures/{path}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture")
}

/// The result links the fixture `storage/book-v1.json` was made with (see its README):
/// `cargo test --test round_book_layouts -- --ignored --nocapture fixture_links`.
#[test]
#[ignore]
fn fixture_links() {
    let t = read_tournament(&fixture("opengotha/round-e2e.xml")).expect("reads");
    let round = screen_round(&t, 2).expect("round 2");
    for (table, re) in [(1, "B+R"), (2, "B+R"), (2, "W+R")] {
        println!(
            "LINK {}",
            code::result_link("", &code_at(&round, table, re))
        );
    }
}

/// The values of a stored phone (`tests/fixtures/storage/*.json`) whose key `keep` accepts.
fn stored(name: &str, keep: impl Fn(&str) -> bool) -> String {
    let Value::Object(fields) = json::parse(&fixture(&format!("storage/{name}"))).expect("JSON")
    else {
        panic!("an object");
    };
    fields
        .into_iter()
        .find_map(|(k, v)| match v {
            Value::String(s) if keep(&k) => Some(s),
            _ => None,
        })
        .expect("the key")
}

/// The result code both players confirm at `table` of `round`, its result `re`.
fn code_at(round: &Round, table: u32, re: &str) -> ResultCode {
    let tb = round
        .tables
        .iter()
        .find(|x| x.number == table)
        .expect("table");
    let mut c = ResultCode::new(
        &round.tournament,
        round.number,
        table,
        CodePlayer::new(&tb.black.key, &tb.black.shown_name()),
        CodePlayer::new(&tb.white.key, &tb.white.shown_name()),
        Verdict::of_game(re, None).expect("verdict"),
    );
    c.confirmed = Confirmation::BothPlayers;
    c.finished_s = 1_795_000_000 + table;
    c
}

/// That code as the director's phone reads it from its link.
fn result_code(round: &Round, table: u32, re: &str) -> ResultCode {
    code::read_result_link(&code::result_link(
        "https://x.example",
        &code_at(round, table, re),
    ))
    .expect("reads")
}

fn outcome_at(t: &Tournament, round: u32, table: u32) -> GameOutcome {
    t.games_of(round)
        .find(|g| g.table == table)
        .expect("game")
        .result
        .outcome
}

fn e2e_tournament() -> Tournament {
    read_tournament(&fixture("opengotha/round-e2e.xml")).expect("reads")
}

/// The rounds the book of layout 1 holds, as the fixture was made (see its README): round 2 of
/// the tournament with a result at table 1, two different results at table 2 and the
/// director's entry at table 3; a typed round with the director's entry at table 2.
fn check_the_fixture_rounds(book: &Book, draw: book::Draw) {
    let kept = book.round(TOURNAMENT, 2).expect("round 2 kept");
    let view = kept.view(draw).expect("its tables");
    assert_eq!(view.round().tables.len(), 11);
    assert_eq!(view.preset(), "lgc-2023");
    assert_eq!(view.in_count(), (2, 11));
    assert_eq!(view.conflicts(), [2]);
    assert_eq!(view.missing(), [4, 5, 6, 7, 8, 9, 10, 11]);
    assert_eq!(view.state(1).expect("table 1").name(), "in");
    assert_eq!(view.received(1).len(), 1);
    assert_eq!(view.received(1)[0].source, Source::Link);
    let Some(TableState::Conflict(both)) = view.state(2) else {
        panic!("a conflict at table 2: {:?}", view.state(2));
    };
    let res: Vec<&str> = both.iter().map(|r| r.verdict().re.as_str()).collect();
    assert_eq!(res, ["B+R", "W+R"]);
    let Some(TableState::Entered { result, who, .. }) = view.state(3) else {
        panic!("the director's entry at table 3: {:?}", view.state(3));
    };
    assert_eq!((result.re.as_str(), who.as_str()), ("W+", "Ewa Nowak"));
    let typed = book.round("Club night", 1).expect("the typed round");
    assert!(!typed.drawn(), "a typed round keeps its own tables");
    let view = typed.view(&no_tournament).expect("its own tables");
    assert_eq!(view.round().tables.len(), 2);
    assert_eq!(view.round().tables[1].black.name, "De Vries Sanne");
    assert_eq!(view.round().tables[1].handicap, 2);
    assert_eq!(view.in_count(), (1, 2));
    assert_eq!(view.state(2).expect("table 2").name(), "entered");
}

#[test]
fn a_book_of_layout_1_opens_with_every_result_kept() {
    let text = stored("book-v1.json", |k| k == "sk.rounds");
    assert!(text.starts_with("{\"layout\":1,"), "written in layout 1");
    let mut kept = book::decode(&text).expect("layout 1 reads");
    // As read, every round keeps the tables it was stored with.
    assert!(kept.rounds().iter().all(|r| !r.drawn()));
    check_the_fixture_rounds(&kept, &no_tournament);
    // The tournament kept beside it: its round is drawn from it from now on, every result
    // received kept, and the copy of its tables is gone.
    let mut t = read_tournament(&stored("book-v1.json", |k| {
        k.starts_with("sk.tournament.") && k.ends_with(".xml")
    }))
    .expect("the tournament kept reads");
    let round = screen_round(&t, 2).expect("round 2");
    assert_eq!(kept.keep_drawn(&round, "lgc-2023"), Ok(Kept::Updated));
    assert!(kept.round(TOURNAMENT, 2).expect("kept").drawn());
    check_the_fixture_rounds(&kept, &drawn_from(&t));
    // Written in this layout and read back: the same rounds, no copy of the tournament's.
    let text = book::encode(&kept);
    assert!(text.starts_with("{\"layout\":2,"), "{text}");
    assert!(
        !text.contains("MÜLLERJÜRGEN"),
        "no copy of the tournament's players"
    );
    let again = book::decode(&text).expect("reads back");
    assert_eq!(again, kept);
    check_the_fixture_rounds(&again, &drawn_from(&t));
    // The results that stand are in the tournament kept (the build that wrote it took them
    // there), and reach the tournament as first loaded; the conflict waits for the director.
    assert!(!take_from_book(&mut t, &again), "held already");
    let mut first = e2e_tournament();
    assert!(take_from_book(&mut first, &again));
    for t in [&t, &first] {
        assert_eq!(outcome_at(t, 2, 1), GameOutcome::BlackWins);
        assert_eq!(outcome_at(t, 2, 2), GameOutcome::Unknown);
        assert_eq!(outcome_at(t, 2, 3), GameOutcome::WhiteWins);
    }
}

#[test]
fn a_result_taken_into_a_round_of_a_tournament_reaches_the_tournament() {
    let mut t = e2e_tournament();
    let round = screen_round(&t, 2).expect("round 2");
    let mut book = Book::new();
    assert_eq!(book.keep_drawn(&round, "lgc-2023"), Ok(Kept::Added));
    assert_eq!(outcome_at(&t, 2, 7), GameOutcome::Unknown);
    let (taken, changed) = take_result(
        &mut t,
        &mut book,
        result_code(&round, 7, "B+R"),
        1_795_000_100_000,
        Source::Scanned,
    );
    assert_eq!(taken, Taken::Added { table: 7 });
    assert!(changed, "the tournament holds the result");
    assert_eq!(outcome_at(&t, 2, 7), GameOutcome::BlackWins);
    // Again: nothing changes.
    let (taken, changed) = take_result(
        &mut t,
        &mut book,
        result_code(&round, 7, "B+R"),
        1_795_000_200_000,
        Source::Link,
    );
    assert_eq!(taken, Taken::Again { table: 7 });
    assert!(!changed);
    // A different result: both kept, the tournament keeps the first until the director
    // settles it; the director's entry does, and reaches the tournament.
    let (taken, _) = take_result(
        &mut t,
        &mut book,
        result_code(&round, 7, "W+R"),
        1_795_000_300_000,
        Source::Scanned,
    );
    assert_eq!(taken, Taken::Conflict { table: 7 });
    let entry = Entry {
        table: 7,
        result: Verdict::of_game("W+R", None).expect("verdict"),
        who: "Ewa Nowak",
        at_ms: 1_795_000_400_000,
    };
    let state = enter_result(&mut t, &mut book, 2, entry).expect("entered");
    assert_eq!(state.name(), "entered");
    assert_eq!(outcome_at(&t, 2, 7), GameOutcome::WhiteWins);
    // The book kept no copy of the pairing, only what is its own.
    let kept = book.round(TOURNAMENT, 2).expect("kept");
    assert!(kept.drawn());
    assert!(kept.round().tables.is_empty());
    assert_eq!(kept.inbox().len(), 1);
    assert_eq!(kept.inbox()[0].received.len(), 3);
    // With no tournament to draw from, a code for it is refused and nothing changes.
    let before = book.clone();
    let refused = book.take(result_code(&round, 8, "B+R"), 1, Source::Scanned);
    assert!(matches!(refused, Taken::Refused(_)), "{refused:?}");
    assert_eq!(book, before);
}

#[test]
fn the_tables_of_a_kept_round_follow_the_tournament() {
    let mut t = e2e_tournament();
    let round = screen_round(&t, 2).expect("round 2");
    let mut book = Book::new();
    book.keep_drawn(&round, "lgc-2023").expect("kept");
    let table_1 = round
        .tables
        .iter()
        .find(|x| x.number == 1)
        .expect("table 1");
    // A player renamed in the tournament: the round's table shows the new name at once.
    let black = t.games_of(2).find(|g| g.table == 1).expect("game").black;
    assert_eq!(t.players[black].name, table_1.black.name);
    t.players[black].name = "Müller-Schmidt".to_string();
    let kept = book.round(TOURNAMENT, 2).expect("kept");
    let view = kept.view(&drawn_from(&t)).expect("drawn");
    let shown = view
        .round()
        .tables
        .iter()
        .find(|x| x.number == 1)
        .expect("table 1");
    assert_eq!(shown.black.name, "Müller-Schmidt");
    let link = code::table_link("https://x.example", view.round(), shown, view.preset());
    assert_eq!(
        code::table_link(
            "https://x.example",
            &screen_round(&t, 2).expect("round"),
            shown,
            "lgc-2023"
        ),
        link,
        "the table's code is the tournament's now"
    );
    // The pairing redone before any result: colours swapped at every table.
    for g in t.games.iter_mut().filter(|g| g.round == 2) {
        std::mem::swap(&mut g.white, &mut g.black);
    }
    let view = kept.view(&drawn_from(&t)).expect("drawn");
    assert_eq!(view.round(), &screen_round(&t, 2).expect("round"));
    let shown = view
        .round()
        .tables
        .iter()
        .find(|x| x.number == 1)
        .expect("table 1");
    assert_eq!(shown.white.name, "Müller-Schmidt");
    assert_eq!(view.in_count(), (0, round.tables.len()));
    // A result of the new pairing goes in; one of the old pairing is refused.
    let now = screen_round(&t, 2).expect("round");
    let before = book.clone();
    let old = book.take_drawn(
        result_code(&round, 3, "B+R"),
        1,
        Source::Scanned,
        &drawn_from(&t),
    );
    assert_eq!(
        old,
        Taken::Refused(book::ResultRefusal::ColoursSwapped { table: 3 })
    );
    assert_eq!(book, before);
    let new = book.take_drawn(
        result_code(&now, 3, "B+R"),
        2,
        Source::Scanned,
        &drawn_from(&t),
    );
    assert_eq!(new, Taken::Added { table: 3 });
    // Paired again once more, back as it was: the result received for the other pairing is
    // kept in the inbox, never shown on a table whose players differ, and never lost.
    for g in t.games.iter_mut().filter(|g| g.round == 2) {
        std::mem::swap(&mut g.white, &mut g.black);
    }
    let kept = book.round(TOURNAMENT, 2).expect("kept");
    let view = kept.view(&drawn_from(&t)).expect("drawn");
    assert_eq!(view.state(3), Some(TableState::Waiting));
    assert_eq!(kept.inbox().len(), 1, "kept");
    let before = t.clone();
    assert!(
        !take_from_book(&mut t, &book),
        "not put on the other pairing's game"
    );
    assert_eq!(t, before);
}

#[test]
fn a_round_with_no_tournament_behind_it_keeps_its_tables_and_results() {
    let mut round =
        table_list::read("1, Bakker Anna, Jansen Piet\n2, De Vries Sanne, Visser Tom, 2")
            .expect("the list reads");
    round.tournament = "Club night".to_string();
    round.number = 1;
    let mut book = Book::new();
    assert_eq!(book.keep(round.clone(), "japanese"), Ok(Kept::Added));
    let taken = book.take(result_code(&round, 1, "W+R"), 1, Source::Link);
    assert_eq!(taken, Taken::Added { table: 1 });
    book.enter(
        "Club night",
        1,
        2,
        Verdict::of_game("B+", None).expect("verdict"),
        "Ewa Nowak",
        2,
    )
    .expect("entered");
    // A tournament of another name kept on the phone draws nothing for it.
    let t = e2e_tournament();
    for draw in [&no_tournament as book::Draw, &drawn_from(&t)] {
        let kept = book.round("Club night", 1).expect("kept");
        assert!(!kept.drawn());
        let view = kept.view(draw).expect("its own tables");
        assert_eq!(view.round(), &round);
        assert_eq!(view.in_count(), (2, 2));
        let results: Vec<(u32, Outcome)> = view
            .results()
            .into_iter()
            .map(|(n, d)| (n, d.outcome))
            .collect();
        assert_eq!(results, [(1, Outcome::White), (2, Outcome::Black)]);
    }
    // Stored and read back: its tables and results whole.
    let again = book::decode(&book::encode(&book)).expect("reads back");
    assert_eq!(again, book);
    let kept = again.round("Club night", 1).expect("kept");
    assert_eq!(kept.round(), &round);
    assert!(matches!(kept.received(1)[0].entry, ResultEntry::Code(_)));
    assert_eq!(kept.state(2).expect("table 2").name(), "entered");
}
