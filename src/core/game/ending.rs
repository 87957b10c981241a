//! The end of play: passes, the pause or natural ending they cause, resumption after a
//! dispute, White's closing pass, and resignation.

use super::Game;
use crate::core::color::Color;
use crate::core::moves::{Ending, LastMove, Move, PlayError, PlayOutcome, Status};
use crate::core::rules::{EndOfPlay, Resumption};
use crate::core::text::t;

impl Game {
    pub(super) fn pass(&mut self, color: Color) -> Result<PlayOutcome, PlayError> {
        let closing = self.is_closing_pass(color);
        if !closing {
            self.check_turn(color)?;
        }
        let rules_pass_stones = self.rules.pass_stones;
        let s = &mut self.state;
        if rules_pass_stones {
            s.pass_stones[(!color).index()] += 1;
        }
        s.move_number += 1;
        s.consecutive_passes += 1;
        s.ko_point = None;
        s.to_move = !color;
        s.last_passer = Some(color);
        s.last_move = Some(LastMove {
            color,
            mv: Move::Pass,
        });
        s.off_board_by = None;
        if !closing {
            self.state.status = self.status_after_pass(color);
        }
        self.push_entry(None);
        Ok(self.outcome_without_stones())
    }

    /// A move made on a real board and completed on the clock but not entered on the phone:
    /// the turn passes to the opponent and the run of passes ends, the stones stay as they
    /// were recorded. This keeps the turn right in games that use the app as a clock only.
    pub fn play_off_board(&mut self, color: Color) -> Result<PlayOutcome, PlayError> {
        self.check_turn(color)?;
        let s = &mut self.state;
        s.move_number += 1;
        s.consecutive_passes = 0;
        s.ko_point = None;
        s.to_move = !color;
        s.last_move = None;
        s.off_board_by = Some(color);
        self.push_entry(None);
        Ok(self.outcome_without_stones())
    }

    /// The outcome of a move that puts no stone on the board (a pass, a resignation, a move
    /// made off the phone).
    fn outcome_without_stones(&self) -> PlayOutcome {
        PlayOutcome {
            move_number: self.state.move_number,
            captured: 0,
            suicide_removed: 0,
            neutral_capture: false,
            status: self.state.status,
            illegal: None,
        }
    }

    /// True when White may pass once more after play paused or stopped with Black passing
    /// last, so that White passes last as the rules require.
    pub fn is_closing_pass(&self, color: Color) -> bool {
        let stopped = matches!(
            self.state.status,
            Status::Paused | Status::Ended(Ending::AllStonesAlive)
        );
        stopped
            && self.rules.white_passes_last
            && color == Color::White
            && self.state.last_passer == Some(Color::Black)
    }

    fn status_after_pass(&self, color: Color) -> Status {
        let s = &self.state;
        let since_resume = s.resumed_at.map(|r| s.move_number.saturating_sub(r));
        let at_start_of_resumption =
            since_resume.is_some_and(|n| n >= 2 && n == s.consecutive_passes);
        match self.rules.end_of_play {
            EndOfPlay::PauseAfterPasses { passes, white_last } => {
                let pause =
                    s.consecutive_passes >= passes.max(1) && (!white_last || color == Color::White);
                if at_start_of_resumption && s.consecutive_passes >= 2 {
                    if !white_last || color == Color::White {
                        Status::Ended(Ending::AllStonesAlive)
                    } else {
                        Status::Playing
                    }
                } else if pause {
                    Status::Paused
                } else {
                    Status::Playing
                }
            }
            EndOfPlay::NaturalEnding { passes } => {
                if s.consecutive_passes >= passes.max(1) {
                    Status::Ended(Ending::NaturalEnding)
                } else {
                    Status::Playing
                }
            }
        }
    }

    pub(super) fn resign(&mut self, color: Color) -> Result<PlayOutcome, PlayError> {
        if let Status::Ended(Ending::Resigned(_)) = self.state.status {
            return Err(PlayError::GameOver);
        }
        self.state.status = Status::Ended(Ending::Resigned(color));
        self.state.last_move = Some(LastMove {
            color,
            mv: Move::Resign,
        });
        self.state.off_board_by = None;
        self.sync_last_entry();
        Ok(self.outcome_without_stones())
    }

    pub(super) fn sync_last_entry(&mut self) {
        if let Some(e) = self.history.last_mut() {
            e.state = self.state;
        }
    }

    /// Who moves first if play resumes now (after a dispute, or a point found after a natural
    /// ending); `None` when play cannot resume.
    pub fn resumption_player(&self) -> Option<Color> {
        match self.state.status {
            Status::Paused | Status::Ended(Ending::NaturalEnding) => {}
            _ => return None,
        }
        Some(match self.rules.resumption {
            Resumption::BlackFirst => Color::Black,
            Resumption::OpponentOfLastPasser => match self.state.last_passer {
                Some(c) => !c,
                None => Color::Black,
            },
        })
    }

    /// Resumes play after a pause or a natural ending, with `first` to move.
    pub fn resume(&mut self, first: Color) -> Result<(), PlayError> {
        if self.resumption_player().is_none() {
            return Err(PlayError::NothingToUndo(
                t("Play can resume only after it paused or ended with passes").to_string(),
            ));
        }
        let s = &mut self.state;
        s.status = Status::Playing;
        s.to_move = first;
        s.consecutive_passes = 0;
        s.resumed_at = Some(s.move_number);
        self.sync_last_entry();
        Ok(())
    }
}
