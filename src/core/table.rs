//! The game and the clock as the record has them at one moment: a view of the live game for
//! the screens, with who starts the clock and the result decided at the table.

use std::sync::Arc;

use super::clock::ClockState;
use super::color::Color;
use super::game::Game;
use super::moves::{Ending, Move, Status};
use super::record::{Event, TimedEvent};

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

/// How long a pass stays in large on the clock's faces ("Black passed"), in milliseconds.
pub const PASS_SEEN_MS: i64 = 3_000;

/// A pass as the clock's faces show it: who passed, whether it is the moment just after it,
/// and what still ends play under the rules (none once the pass ended it).
#[derive(Clone, Debug, PartialEq)]
pub struct PassNote {
    /// Who passed.
    pub by: Color,
    /// The pass was made less than [`PASS_SEEN_MS`] ago.
    pub fresh: bool,
    /// When it was made (epoch ms).
    pub at_ms: i64,
    /// "Two more passes end the game" and the like, while a run of passes is under way.
    pub still_to_end: Option<String>,
}

/// The pass the faces show at `now_ms`, when the last move of `game` (whose log is `events`)
/// is a pass made on any screen.
pub fn pass_note(game: &Game, events: &[TimedEvent], now_ms: i64) -> Option<PassNote> {
    let last = game.last_move().filter(|m| m.mv == Move::Pass)?;
    // The pass is among the last few events (its press and a pause may follow it).
    let at_ms = events.iter().rev().take(8).find_map(|e| match e.event {
        Event::Passed { color, .. } if color == last.color => Some(e.at_ms),
        _ => None,
    })?;
    Some(PassNote {
        by: last.color,
        fresh: (0..PASS_SEEN_MS).contains(&now_ms.saturating_sub(at_ms)),
        at_ms,
        still_to_end: game.passes_to_end().map(|p| p.words()),
    })
}
