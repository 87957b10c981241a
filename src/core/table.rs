//! The game and the clock as the record has them at one moment: a view of the live game for
//! the screens, with who starts the clock and the result decided at the table.

use std::sync::Arc;

use super::clock::ClockState;
use super::color::Color;
use super::game::Game;
use super::moves::{Ending, Status};

/// The game and the clock as the record has them at `now_ms` (a view of `Live`).
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// Shared with the live game, so that a view does not copy the board.
    pub game: Arc<Game>,
    /// `None` when the game has no time control.
    pub clock: Option<ClockState>,
}

impl Table {
    /// Who touches their half to start the game's time: White, who starts Black's clock, or
    /// Black after placing two or more handicap stones, who starts White's.
    pub fn starter(&self) -> Color {
        starter(&self.game)
    }

    /// The result decided at the table so far, as SGF `RE`: a resignation, or a loss on time
    /// once claimed (or at once where the rules freeze the clock on a flag).
    pub fn result(&self) -> Option<String> {
        result_of(&self.game, self.clock.as_ref())
    }
}

/// The result decided at the table by `game` and `clock` (see [`Table::result`]), for a view
/// that holds the clock at this moment already.
pub fn result_of(game: &Game, clock: Option<&ClockState>) -> Option<String> {
    if let Status::Ended(Ending::Resigned(c)) = game.status() {
        return Some(format!("{}+R", (!c).sgf()));
    }
    clock.and_then(|c| c.result()).map(str::to_string)
}

/// Who touches their half to start the game's time, as the rules in force say (see
/// `rules::ClockStart`).
pub fn starter(game: &Game) -> Color {
    game.rules().clock_start.starter(game.handicap_stones())
}
