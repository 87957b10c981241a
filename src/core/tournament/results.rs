//! Results: a game's result set or corrected in any round, also after the next round was
//! paired (the standings follow; the next round's games stay as they are), with OpenGotha's
//! result codes, by-default wins included.

use super::{GameOutcome, GameResult, Tournament};
use crate::core::text::tf;
use std::fmt;

/// Why a result cannot be set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResultError {
    /// No game of the round is at this table.
    NoSuchGame {
        /// The round asked for.
        round: u32,
        /// The table asked for.
        table: u32,
    },
    /// The text is not one of OpenGotha's result codes.
    UnknownCode {
        /// The text given.
        code: String,
    },
}

impl fmt::Display for ResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ResultError::NoSuchGame { round, table } => {
                tf("Round {} has no game at table {}.", &[round, table])
            }
            ResultError::UnknownCode { code } => tf(
                "\"{}\" is not a result: use 1-0, 0-1, ½-½, 0-0, 1-1, each of them by default, or unknown.",
                &[code],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for ResultError {}

/// OpenGotha's result codes (`Game.RESULT_*`, as the file writes them) with their results.
pub const RESULT_CODES: [(&str, GameOutcome, bool); 11] = [
    ("RESULT_UNKNOWN", GameOutcome::Unknown, false),
    ("RESULT_WHITEWINS", GameOutcome::WhiteWins, false),
    ("RESULT_BLACKWINS", GameOutcome::BlackWins, false),
    ("RESULT_EQUAL", GameOutcome::Equal, false),
    ("RESULT_BOTHLOSE", GameOutcome::BothLose, false),
    ("RESULT_BOTHWIN", GameOutcome::BothWin, false),
    ("RESULT_WHITEWINS_BYDEF", GameOutcome::WhiteWins, true),
    ("RESULT_BLACKWINS_BYDEF", GameOutcome::BlackWins, true),
    ("RESULT_EQUAL_BYDEF", GameOutcome::Equal, true),
    ("RESULT_BOTHLOSE_BYDEF", GameOutcome::BothLose, true),
    ("RESULT_BOTHWIN_BYDEF", GameOutcome::BothWin, true),
];

/// The result an OpenGotha result code names.
pub fn result_of_code(code: &str) -> Result<GameResult, ResultError> {
    RESULT_CODES
        .iter()
        .find(|(c, _, _)| *c == code.trim())
        .map(|&(_, outcome, by_default)| GameResult {
            outcome,
            by_default: by_default && outcome != GameOutcome::Unknown,
        })
        .ok_or_else(|| ResultError::UnknownCode {
            code: code.to_string(),
        })
}

impl Tournament {
    /// Sets (or corrects) the result of the game at `table` of `round`. Any round may be
    /// corrected, also once later rounds are paired: their games stay, the scores and
    /// standings are computed afresh from the results. Returns the result replaced.
    pub fn set_result(
        &mut self,
        round: u32,
        table: u32,
        result: GameResult,
    ) -> Result<GameResult, ResultError> {
        let game = self
            .games
            .iter_mut()
            .find(|g| g.round == round && g.table == table)
            .ok_or(ResultError::NoSuchGame { round, table })?;
        let old = game.result;
        game.result = GameResult {
            by_default: result.by_default && result.outcome != GameOutcome::Unknown,
            ..result
        };
        Ok(old)
    }
}
