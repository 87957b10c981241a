//! The bridge between the tournament and the director's round screen (`round`): the round
//! screen's `Round` made from round N of the tournament (tables, players, handicap, komi,
//! board size and time from the general parameters), and the results the round screen
//! gathered taken back into the tournament's games.
//!
//! The round is made through OpenGotha's file, written by `files` and read by
//! `round::opengotha`, so that the round screen shows a tournament kept here exactly as it
//! shows the same tournament opened from OpenGotha's file.

use super::files::write_tournament;
use super::results::ResultError;
use super::{GameOutcome, GameResult, Tournament};
use crate::core::round::opengotha::{self, FileError};
use crate::core::round::{Decided, Outcome, Round};

/// Round `round` (1-based) of `t` as the round screen takes it. Fails as reading OpenGotha's
/// file fails: a round without games, komi or time settings the clock cannot run.
pub fn screen_round(t: &Tournament, round: u32) -> Result<Round, FileError> {
    opengotha::read(&write_tournament(t))?.round(round)
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
