//! The end of play: passes, the pause or natural ending they cause, resumption after a
//! dispute, White's closing pass, and resignation.

use super::Game;
use crate::core::color::Color;
use crate::core::moves::{Ending, LastMove, Move, PlayError, PlayOutcome, Status};
use crate::core::rules::{EndOfPlay, Resumption};
use crate::core::text::{t, tf};

/// What still ends play after a pass that did not: how many more passes in a row, and whether
/// the rules want White to make the last of them, as the rules' end of play says from the
/// game as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassesToEnd {
    /// The passes in a row still needed, the next player's first.
    pub passes: u32,
    /// Who makes the last of them, the players passing in turn.
    pub last: Color,
    /// The rules stop play only on White's pass (LGC: "the minimum run of consecutive passes
    /// in which White passes last").
    pub white_last: bool,
}

impl PassesToEnd {
    /// The line a player reads: "Two more passes end the game", with "White passes last" where
    /// the rules say so.
    pub fn words(&self) -> String {
        let count = match self.passes {
            1 => t("One more pass ends the game").to_string(),
            2 => t("Two more passes end the game").to_string(),
            3 => t("Three more passes end the game").to_string(),
            n => tf("{} more passes end the game", &[&n]),
        };
        if self.white_last {
            format!("{count} · {}", t("White passes last"))
        } else {
            count
        }
    }
}

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
        self.status_after_passes(s.move_number, s.consecutive_passes, color)
    }

    /// The status the rules give play once `color` has made the pass that brings the game to
    /// move `move_number` with `consecutive` passes in a row: the one reading of the rules'
    /// end of play, for a pass made and for the passes still to come
    /// ([`Game::passes_to_end`]).
    fn status_after_passes(&self, move_number: u32, consecutive: u32, color: Color) -> Status {
        let since_resume = self.state.resumed_at.map(|r| move_number.saturating_sub(r));
        let at_start_of_resumption = since_resume.is_some_and(|n| n >= 2 && n == consecutive);
        match self.rules.end_of_play {
            EndOfPlay::PauseAfterPasses { passes, white_last } => {
                let pause = consecutive >= passes.max(1) && (!white_last || color == Color::White);
                if at_start_of_resumption && consecutive >= 2 {
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
                if consecutive >= passes.max(1) {
                    Status::Ended(Ending::NaturalEnding)
                } else {
                    Status::Playing
                }
            }
        }
    }

    /// The status play would have once `color` passed now: what the rules' end of play makes
    /// of one more pass (a refused pass, or White's closing pass, leaves it as it is).
    pub fn status_if_passed(&self, color: Color) -> Status {
        let s = &self.state;
        if s.status != Status::Playing || self.is_closing_pass(color) || s.to_move != color {
            return s.status;
        }
        self.status_after_passes(
            s.move_number.saturating_add(1),
            s.consecutive_passes.saturating_add(1),
            color,
        )
    }

    /// After a pass that did not end play, what still ends it: the run of passes the rules
    /// ask for, counted from the game as it stands, each player passing in turn. `None` while
    /// no pass is pending (a stone broke the run, or none was made) or play is not going on.
    pub fn passes_to_end(&self) -> Option<PassesToEnd> {
        let s = &self.state;
        if s.status != Status::Playing || s.consecutive_passes == 0 {
            return None;
        }
        let white_last = matches!(
            self.rules.end_of_play,
            EndOfPlay::PauseAfterPasses {
                white_last: true,
                ..
            }
        );
        // Any rule ends play within a few passes more; the bound only keeps a rule written
        // by hand with an absurd count from looping long.
        (1..=64u32).find_map(|k| {
            let passer = if k % 2 == 1 { s.to_move } else { !s.to_move };
            let after = self.status_after_passes(
                s.move_number.saturating_add(k),
                s.consecutive_passes.saturating_add(k),
                passer,
            );
            (after != Status::Playing).then_some(PassesToEnd {
                passes: k,
                last: passer,
                white_last,
            })
        })
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
