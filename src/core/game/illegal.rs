//! The illegal-move procedures: unwinding to just before an illegal move noticed in time, or
//! removing one the opponent has not answered yet.

use super::Game;
use crate::core::color::Color;
use crate::core::moves::{IllegalMove, LastMove, Move, PlayError, Status};
use crate::core::rules::IllegalMoveProcedure;
use crate::core::text::{t, tf};

impl Game {
    /// The illegal move the game can be unwound to just before, when the rules unwind illegal
    /// moves and it was noticed within the allowed number of moves.
    pub fn can_unwind(&self) -> Option<&IllegalMove> {
        let IllegalMoveProcedure::Unwind { within_moves } = self.rules.illegal_moves else {
            return None;
        };
        self.illegal
            .iter()
            .find(|m| self.state.move_number.saturating_sub(m.move_number) <= within_moves)
    }

    /// The illegal move that may be removed (the offender then passes) because the opponent has
    /// not answered it yet, under rules where an answered illegal move stands.
    pub fn can_remove_illegal(&self) -> Option<&IllegalMove> {
        if self.rules.illegal_moves != IllegalMoveProcedure::AnsweredStands {
            return None;
        }
        self.illegal.last().filter(|m| {
            m.move_number == self.state.move_number
                && self.state.last_move
                    == Some(LastMove {
                        color: m.color,
                        mv: Move::Play(m.point),
                    })
        })
    }

    /// Who made the last move, when it was made on a real board only (a press on the clock)
    /// and may be claimed illegal before it is answered, under rules where an answered illegal
    /// move stands: the phone never saw the stone, so the claim is the players' word.
    pub fn can_claim_off_board(&self) -> Option<Color> {
        if self.rules.illegal_moves != IllegalMoveProcedure::AnsweredStands
            || self.state.status != Status::Playing
        {
            return None;
        }
        self.state.off_board_by
    }

    /// Puts the game back to the position just before move `move_number` (which must have been
    /// made): stones, turn, prisoners and history as they were then.
    pub fn unwind_to_before(&mut self, move_number: u32) -> Result<(), PlayError> {
        if move_number == 0 || move_number > self.state.move_number {
            return Err(PlayError::NothingToUndo(tf(
                "There is no move {} to unwind",
                &[&move_number],
            )));
        }
        let target = move_number - 1;
        let Some(k) = self
            .history
            .iter()
            .rposition(|e| e.state.move_number == target)
        else {
            return Err(PlayError::NothingToUndo(tf(
                "The position before move {} is not in the history",
                &[&move_number],
            )));
        };
        let area = self.board.area();
        let Some(entry) = self.history.get(k).copied() else {
            return Err(PlayError::NothingToUndo(t("No such position").to_string()));
        };
        let Some(raw) = self.snapshots.get(k * area..(k + 1) * area) else {
            return Err(PlayError::NothingToUndo(t("No such position").to_string()));
        };
        let raw = raw.to_vec();
        self.board.restore_raw(&raw, entry.hash);
        self.state = entry.state;
        self.history.truncate(k + 1);
        self.snapshots.truncate((k + 1) * area);
        self.illegal.retain(|m| m.move_number < move_number);
        self.as_written.retain(|m| m.move_number < move_number);
        Ok(())
    }

    /// Removes the last move because it was illegal and not yet answered; the offender is to
    /// move again (and must pass under the rules that use this procedure).
    pub fn remove_last_move(&mut self) -> Result<(), PlayError> {
        let n = self.state.move_number;
        self.unwind_to_before(n)
    }
}
