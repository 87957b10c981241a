//! The bridge between the tournament and the director's round screen (`round`): the round
//! screen's `Round` drawn from round N of the tournament (tables, players, handicap, komi,
//! board size and time from the general parameters), and the results the round screen
//! gathered taken into the tournament's games, which own them.
//!
//! The round is drawn from the tournament as it is held, with no file written or read: the
//! checks the round screen needs (the clock can run the time, a komi it can count, one game a
//! table) are the ones reading OpenGotha's file makes, and fail with the same messages.

use std::collections::BTreeSet;

use super::files::FileError;
use super::files::general::{HANDICAP_KOMI, read_general};
use super::rank::format_rank;
use super::results::ResultError;
use super::{GameOutcome, GameResult, Player, Tournament};
use crate::core::handicap::MAX_HANDICAP;
use crate::core::round::book::{Book, Entry, ResultRefusal, Source, TableState, Taken};
use crate::core::round::code::ResultCode;
use crate::core::round::{Decided, Outcome, Round, RoundTable, TablePlayer};

/// Round `round` (1-based) of `t` as the round screen takes it. Fails as reading OpenGotha's
/// file fails: a round without games, two games at one table, komi or time settings the clock
/// cannot run.
pub fn screen_round(t: &Tournament, round: u32) -> Result<Round, FileError> {
    let general = read_general(|name| t.general.other.get(name).map(String::as_str))?;
    let mut tables = Vec::new();
    let mut numbers = BTreeSet::new();
    for g in t.games_of(round) {
        if !numbers.insert(g.table) {
            return Err(FileError::DuplicateTable {
                round,
                table: g.table,
            });
        }
        if g.handicap > MAX_HANDICAP {
            return Err(FileError::BadHandicap {
                round,
                table: g.table,
                value: g.handicap.to_string(),
            });
        }
        let player = |i: usize| {
            t.players
                .get(i)
                .map(table_player)
                .filter(|p| !p.key.is_empty())
                .ok_or(FileError::UnnamedPlayer)
        };
        tables.push(RoundTable {
            number: g.table,
            black: player(g.black)?,
            white: player(g.white)?,
            handicap: g.handicap,
            komi: if g.handicap == 0 {
                general.komi
            } else {
                HANDICAP_KOMI
            },
        });
    }
    if tables.is_empty() {
        let rounds: BTreeSet<u32> = t.games.iter().map(|g| g.round).collect();
        return Err(FileError::NoSuchRound {
            round,
            rounds: rounds.into_iter().collect(),
        });
    }
    tables.sort_by_key(|t| t.number);
    Ok(Round {
        tournament: t.general.name.clone(),
        number: round,
        size: general.size,
        time: general.time.settings(),
        tables,
    })
}

/// Checks every paired round of `t` as its tables will be played, as a file is taken: the
/// clock can run the time, the komi can be counted, one game a table, every player named.
pub fn check_rounds(t: &Tournament) -> Result<(), FileError> {
    let rounds: BTreeSet<u32> = t.games.iter().map(|g| g.round).collect();
    if rounds.is_empty() {
        read_general(|name| t.general.other.get(name).map(String::as_str))?;
    }
    for round in rounds {
        screen_round(t, round)?;
    }
    Ok(())
}

/// A player as the round screen names them: the rank as the tournament's file writes it.
fn table_player(p: &Player) -> TablePlayer {
    TablePlayer {
        key: p.key(),
        name: p.name.clone(),
        first_name: p.first_name.clone(),
        rank: Some(format_rank(p.rank)),
        club: (!p.club.is_empty()).then(|| p.club.clone()),
    }
}

/// The rounds of `t` as the book draws them: round `n` of the tournament named `t`'s name, as
/// [`screen_round`] draws it now (`None` for another tournament, or a round not paired).
pub fn drawn_from(t: &Tournament) -> impl Fn(&str, u32) -> Option<Round> + '_ {
    move |name: &str, n: u32| {
        if name == t.general.name {
            screen_round(t, n).ok()
        } else {
            None
        }
    }
}

/// Takes into `t` every result the round screen holds for `t`'s rounds (results scanned,
/// opened from a link, or entered by the director), so that the tournament, which owns the
/// results, holds each one. A round drawn from `t` gives the results received for its tables'
/// players now; a round with tables of its own whose pairing the tournament no longer has is
/// left out whole. Returns whether `t` changed.
pub fn take_from_book(t: &mut Tournament, book: &Book) -> bool {
    let before = t.clone();
    let name = t.general.name.clone();
    let results: Vec<(u32, Vec<(u32, Decided)>)> = {
        let draw = drawn_from(t);
        book.rounds()
            .iter()
            .filter(|r| r.tournament() == name)
            .filter_map(|kept| kept.view(&draw))
            .filter(|view| same_pairing(t, view.round()))
            .map(|view| (view.round().number, view.results()))
            .collect()
    };
    for (round, list) in results {
        let _ = take_results(t, round, &list);
    }
    *t != before
}

/// Takes a result code into its round in `book`, the round's tables drawn from `t` when it is
/// `t`'s, and the result into `t` as soon as it stands: what the scanner or a link reads
/// reaches the tournament at once. Returns what taking it did, and whether `t` changed.
pub fn take_result(
    t: &mut Tournament,
    book: &mut Book,
    code: ResultCode,
    at_ms: i64,
    source: Source,
) -> (Taken, bool) {
    let taken = book.take_drawn(code, at_ms, source, &drawn_from(t));
    let changed = take_from_book(t, book);
    (taken, changed)
}

/// The director's entry of a table's result into round `round` of `t` kept in `book`, and
/// into `t` as it stands.
pub fn enter_result(
    t: &mut Tournament,
    book: &mut Book,
    round: u32,
    entry: Entry,
) -> Result<TableState, ResultRefusal> {
    let name = t.general.name.clone();
    let state = book.enter_drawn(&name, round, entry, &drawn_from(t))?;
    take_from_book(t, book);
    Ok(state)
}

/// Whether each table of the round screen's `round` seats the players the tournament seats
/// there, with the same colours: a result is never put on another pairing's game.
fn same_pairing(t: &Tournament, round: &Round) -> bool {
    let key = |i: usize| t.players.get(i).map(Player::key);
    round.tables.iter().all(|table| {
        t.games_of(round.number).any(|g| {
            g.table == table.number
                && key(g.black).as_ref() == Some(&table.black.key)
                && key(g.white).as_ref() == Some(&table.white.key)
        })
    })
}

/// The tournament's result for a result of the round screen.
pub fn game_result(decided: Decided) -> GameResult {
    let outcome = match decided.outcome {
        Outcome::Black => GameOutcome::BlackWins,
        Outcome::White => GameOutcome::WhiteWins,
        Outcome::Jigo => GameOutcome::Equal,
        Outcome::BothLose => GameOutcome::BothLose,
        Outcome::BothWin => GameOutcome::BothWin,
    };
    GameResult {
        outcome,
        by_default: decided.by_default,
    }
}

/// Takes the round screen's results of `round` (table number, result) into `t`'s games. All
/// or none: a table the round does not have refuses the whole list, nothing changed.
pub fn take_results(
    t: &mut Tournament,
    round: u32,
    results: &[(u32, Decided)],
) -> Result<(), ResultError> {
    if let Some(&(table, _)) = results
        .iter()
        .find(|(table, _)| !t.games_of(round).any(|g| g.table == *table))
    {
        return Err(ResultError::NoSuchGame { round, table });
    }
    for &(table, decided) in results {
        t.set_result(round, table, game_result(decided))?;
    }
    Ok(())
}

/// The round screen's result for a result of the tournament (`None`: not known yet).
pub fn decided_of(result: GameResult) -> Option<Decided> {
    let outcome = match result.outcome {
        GameOutcome::Unknown => return None,
        GameOutcome::BlackWins => Outcome::Black,
        GameOutcome::WhiteWins => Outcome::White,
        GameOutcome::Equal => Outcome::Jigo,
        GameOutcome::BothLose => Outcome::BothLose,
        GameOutcome::BothWin => Outcome::BothWin,
    };
    Some(Decided {
        outcome,
        by_default: result.by_default,
    })
}

/// The results `t` already holds for `round` (a file's, or taken before), by table.
pub fn known_results(t: &Tournament, round: u32) -> Vec<(u32, Decided)> {
    let mut out: Vec<(u32, Decided)> = t
        .games_of(round)
        .filter_map(|g| Some((g.table, decided_of(g.result)?)))
        .collect();
    out.sort_by_key(|(table, _)| *table);
    out
}
