//! The tournament owns every result: a result code taken by the round screen (scanned, opened
//! from a link, entered by the director) lands in the tournament's game, a result of a round
//! paired again is never put on the new pairing's game, and the round screen's round is drawn
//! from the tournament as OpenGotha's file would show it.

use scorekeeper::core::round::Round;
use scorekeeper::core::round::book::{Book, Kept, Source, Taken};
use scorekeeper::core::round::code::{self, CodePlayer, Confirmation, ResultCode, Verdict};
use scorekeeper::core::tournament::files::read_tournament;
use scorekeeper::core::tournament::round_screen::{screen_round, take_from_book};
use scorekeeper::core::tournament::{GameOutcome, Tournament};

const BASE: &str = "https://scorekeeper.example.org";

fn tournament() -> Tournament {
    let text = std::fs::read_to_string(format!(
        "{}/tests/fixtures/opengotha/round-e2e.xml",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("fixture");
    read_tournament(&text).expect("the fixture reads")
}

/// The round of `t` with no result yet, kept on the round screen.
fn open_round(t: &Tournament) -> (u32, Round, Book) {
    let n = (1..=t.general.number_of_rounds)
        .find(|&n| {
            t.games_of(n)
                .any(|g| g.result.outcome == GameOutcome::Unknown)
        })
        .expect("a round waits for results");
    let round = screen_round(t, n).expect("the round");
    let mut book = Book::new();
    assert_eq!(book.keep(round.clone(), "lgc-2023"), Ok(Kept::Added));
    (n, round, book)
}

/// The result code of `table` as the scanner reads it from the game's phone: Black won.
fn scanned(round: &Round, table: u32) -> ResultCode {
    let t = round
        .tables
        .iter()
        .find(|t| t.number == table)
        .expect("table");
    let mut code = ResultCode::new(
        &round.tournament,
        round.number,
        table,
        CodePlayer::new(&t.black.key, &t.black.shown_name()),
        CodePlayer::new(&t.white.key, &t.white.shown_name()),
        Verdict::of_game("B+R", None).expect("verdict"),
    );
    code.confirmed = Confirmation::BothPlayers;
    code.finished_s = 1_795_000_000 + table;
    code::read_result_link(&code::result_link(BASE, &code)).expect("the link reads")
}

fn outcome_at(t: &Tournament, round: u32, table: u32) -> GameOutcome {
    t.games_of(round)
        .find(|g| g.table == table)
        .expect("game")
        .result
        .outcome
}

#[test]
fn a_scanned_result_lands_in_the_tournament() {
    let mut t = tournament();
    let (n, round, mut book) = open_round(&t);
    let table = round
        .tables
        .iter()
        .map(|x| x.number)
        .find(|&x| outcome_at(&t, n, x) == GameOutcome::Unknown)
        .expect("a table waits");
    assert!(
        !take_from_book(&mut t, &book),
        "an empty inbox changes nothing"
    );
    let taken = book.take(scanned(&round, table), 1_795_000_100_000, Source::Scanned);
    assert_eq!(taken, Taken::Added { table });
    assert!(take_from_book(&mut t, &book), "the result is new");
    assert_eq!(outcome_at(&t, n, table), GameOutcome::BlackWins);
    assert!(
        !take_from_book(&mut t, &book),
        "taking it again changes nothing"
    );
    // The standings count it: the winner's wins after the round.
    let winner = t
        .games_of(n)
        .find(|g| g.table == table)
        .expect("game")
        .black;
    let scores = scorekeeper::core::tournament::scores::Scores::compute(&t);
    assert!(scores.players[winner].nbw_x2[n as usize - 1] >= 2);
}

#[test]
fn a_result_of_another_pairing_is_not_put_on_the_new_one() {
    let mut t = tournament();
    let (n, round, mut book) = open_round(&t);
    let table = round.tables[0].number;
    book.take(scanned(&round, table), 1_795_000_100_000, Source::Scanned);
    // The director pairs the round again: the table's players swap colours.
    for g in t.games.iter_mut().filter(|g| g.round == n) {
        std::mem::swap(&mut g.white, &mut g.black);
    }
    let before = t.clone();
    assert!(!take_from_book(&mut t, &book));
    assert_eq!(t, before);
}

#[test]
fn a_result_of_another_tournament_stays_out() {
    let mut t = tournament();
    let (_, round, mut book) = open_round(&t);
    book.take(
        scanned(&round, round.tables[0].number),
        1_795_000_100_000,
        Source::Scanned,
    );
    t.general.name = "Another Cup".to_string();
    assert!(!take_from_book(&mut t, &book));
}
