//! The end of the game and the count: the state machine after the passes under each preset
//! (pause for agreement, dispute and resumption, White passing last, a natural ending and a
//! point found after it), the marks on dead stones and seki, suggestions for them, the count
//! in territory and area side by side, and the result as SGF `RE` and in words.
//!
//! Everything is derived from the game record: the live game follows it event by event,
//! `handle` turns a command into events to append. `RULES.md`, "End of game: the state
//! machine" and "Counting".
//!
//! ```
//! use scorekeeper::core::count::{CountCommand, Phase};
//! use scorekeeper::core::handicap::Handicap;
//! use scorekeeper::core::live::Live;
//! use scorekeeper::core::record::{Event, GameSettings};
//! use scorekeeper::core::{Color, Preset};
//!
//! let settings = GameSettings::new(Preset::Lgc2023, 9, Handicap::NONE);
//! let mut live = Live::start(settings, 0).unwrap();
//! for color in [Color::Black, Color::White] {
//!     let pass = Event::Passed { color, clock: None, comment: None };
//!     live.append(1_000, pass).unwrap();
//! }
//! assert_eq!(live.count_at(2_000).phase, Phase::Agreement);
//! for color in [Color::Black, Color::White] {
//!     live.run(3_000, &CountCommand::Confirm { color }.into()).unwrap();
//! }
//! let state = live.count_at(4_000);
//! assert_eq!(state.phase, Phase::Locked);
//! // Each side holds one pass stone, filled into the opponent's (empty) territory: -1 each.
//! assert_eq!(state.result().as_deref(), Some("W+7.5"));
//! let score = state.score();
//! assert_eq!((score.black.territory_total, score.white.territory_total), (-1.0, 6.5));
//! ```

#![warn(missing_docs)]

pub mod command;
pub mod marks;
pub mod numbers;
pub mod result;
pub mod score;
pub mod state;
pub mod suggest;

pub use command::{
    CountCommand, closing_pass_events, director_needed, handle, restart_for_pairing_error,
    restarted_settings, resumption_events,
};
pub use marks::{Mark, Marks, group_at};
pub use numbers::{NumbersRow, NumbersScore, score_numbers};
pub use result::{format_points, re_for_margin, result_line, result_words};
pub use score::{Score, ScoreInput, SideScore, score, score_board, territory_map};
pub use state::{CountState, Phase, Tally};
pub use suggest::{suggest_dead, suggest_seki};

// What the players counted on a real board and a referee's decision are plain data the record
// keeps; they are named here too, with the count that reads them.
pub use crate::core::record::{CountByNumbers, Decision};
