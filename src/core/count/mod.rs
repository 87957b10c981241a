//! The end of the game and the count: the state machine after the passes under each preset
//! (pause for agreement, dispute and resumption, White passing last, a natural ending and a
//! point found after it), the marks on dead stones and seki, suggestions for them, the count
//! in territory and area side by side, and the result as SGF `RE` and in words.
//!
//! Everything is derived from the game record: `CountState::of` replays it, `handle` turns a
//! command into events to append. `RULES.md`, "End of game: the state machine" and "Counting".

#![warn(missing_docs)]

pub mod command;
pub mod marks;
pub mod result;
pub mod score;
pub mod state;
pub mod suggest;

pub use command::{Command, closing_pass_events, execute, handle, resumption_events};
pub use marks::{Mark, Marks, group_at};
pub use result::{Decision, format_points, re_for_margin, result_line, result_words};
pub use score::{Score, ScoreInput, SideScore, score, score_board, territory_map};
pub use state::{CountState, Phase};
pub use suggest::{suggest_dead, suggest_seki};
