//! The core of the scorekeeper: pure Rust with no browser or UI imports, so every rule is
//! tested natively. It never panics on input: release builds abort on panic.
//!
//! A game is its record, an append-only log of timestamped events; the live game (`live`)
//! checks each tap, a [`live::Command`], against the rules and appends its events, and the
//! board, the clock and the count follow the log. `ARCHITECTURE.md` draws the layers.
//!
//! ```
//! use scorekeeper::core::clock::{TimeControl, TimeSystem};
//! use scorekeeper::core::count::{CountCommand, Phase};
//! use scorekeeper::core::handicap::Handicap;
//! use scorekeeper::core::live::{BoardCommand, ClockCommand, Command, Live};
//! use scorekeeper::core::record::GameSettings;
//! use scorekeeper::core::{Color, Point, Preset};
//!
//! // A 9x9 game under the Japanese rules, ten minutes each.
//! let mut settings = GameSettings::new(Preset::Japanese, 9, Handicap::NONE);
//! settings.time_control = Some(TimeControl::new(600_000, TimeSystem::SuddenDeath));
//! let mut live = Live::start(settings, 0).unwrap();
//! // White's press starts Black's clock.
//! live.run(0, &ClockCommand::Press { by: Color::White }.into()).unwrap();
//! // Black plays the centre and presses the clock with the same tap.
//! let stone = BoardCommand::Play { point: Point::new(4, 4), forced: false, press: true };
//! live.run(5_000, &Command::Board(stone)).unwrap();
//! // Two passes on the clock end play.
//! live.run(9_000, &ClockCommand::Pass { by: Color::White }.into()).unwrap();
//! live.run(12_000, &ClockCommand::Pass { by: Color::Black }.into()).unwrap();
//! // Both players confirm the count: Black's stone holds the whole board, less the komi.
//! for color in [Color::Black, Color::White] {
//!     live.run(20_000, &CountCommand::Confirm { color }.into()).unwrap();
//! }
//! let count = live.count_at(21_000);
//! assert_eq!(count.phase, Phase::Locked);
//! assert_eq!(count.result().as_deref(), Some("B+73.5"));
//! // The record is the truth: replayed from its log, it gives the same count.
//! let again = Live::load(live.record().clone()).unwrap();
//! assert_eq!(again.count_at(21_000).result(), count.result());
//! ```

pub mod backup;
pub mod board;
pub mod browse;
pub mod clock;
pub mod color;
pub mod count;
pub mod form_values;
pub mod game;
pub mod geometry;
pub mod handicap;
pub mod handover;
pub mod history;
pub mod link;
pub mod live;
pub mod moves;
pub mod names;
pub mod new_game;
pub mod pause;
pub mod photo;
pub mod point;
pub mod preset;
pub mod record;
pub mod refusal;
pub mod round;
pub mod rules;
pub mod scan;
pub mod setup;
pub mod sgf;
pub mod store;
pub mod table;
pub mod text;
pub mod tournament;
pub mod wall;
pub mod wall_code;
pub mod zobrist;

pub use board::Board;
pub use color::Color;
pub use game::Game;
pub use moves::{
    AsWritten, Ending, IllegalMove, LastMove, Move, PlayError, PlayOutcome, Status, WrittenNote,
};
pub use point::Point;
pub use preset::Preset;
pub use record::{Event, GameRecord, GameSettings, RECORD_SCHEMA, TimedEvent};
pub use rules::Rules;
