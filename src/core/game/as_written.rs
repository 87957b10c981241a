//! What a game record does that the rules of play would refuse, done as the record has it: a
//! move out of turn, a move on a stone, moves after play stopped. An imported SGF needs them,
//! because SGF executes every move as written; each is kept in the game so the board can say
//! where the record left the rules.

use super::Game;
use crate::core::moves::{AsWritten, PlayError, Status, WrittenNote};

impl Game {
    /// Does what `what` says before the move it concerns: gives the turn to the colour the
    /// record moves, takes a stone off the point the record plays on, or lets play go on after
    /// it stopped. A point off the board is refused; nothing else is.
    pub fn play_as_written(&mut self, what: AsWritten) -> Result<(), PlayError> {
        let mut replaced = None;
        match what {
            AsWritten::OutOfTurn { color } => self.state.to_move = color,
            AsWritten::OnAStone { point } => {
                let size = self.size();
                if !self.board.contains(point) {
                    return Err(PlayError::OffBoard { point, size });
                }
                replaced = self.board.get(point);
                self.board
                    .set(point, None)
                    .map_err(|e| PlayError::BadSetup(e.to_string()))?;
                if self.state.ko_point == Some(point) {
                    self.state.ko_point = None;
                }
            }
            AsWritten::AfterTheEnd { color } => {
                let s = &mut self.state;
                s.status = Status::Playing;
                s.to_move = color;
                s.consecutive_passes = 0;
            }
            AsWritten::StandardHandicap { .. } => {}
        }
        let move_number = match what {
            AsWritten::StandardHandicap { .. } => 0,
            _ => self.state.move_number.saturating_add(1),
        };
        self.as_written.push(WrittenNote {
            move_number,
            what,
            replaced,
        });
        Ok(())
    }

    /// What the record did that the rules of play would refuse, oldest first.
    pub fn as_written(&self) -> &[WrittenNote] {
        &self.as_written
    }
}
