//! The core of the scorekeeper: pure Rust with no browser or UI imports, so every rule is
//! tested natively. It never panics on input: release builds abort on panic.

pub mod board;
pub mod browse;
pub mod clock;
pub mod color;
pub mod game;
pub mod geometry;
pub mod handicap;
pub mod moves;
pub mod new_game;
pub mod point;
pub mod record;
pub mod rules;
pub mod setup;
pub mod table;
pub mod zobrist;

pub use board::Board;
pub use color::Color;
pub use game::Game;
pub use moves::{Ending, IllegalMove, LastMove, Move, PlayError, PlayOutcome, Status};
pub use point::Point;
pub use record::{Event, GameRecord, GameSettings, RECORD_SCHEMA, TimedEvent};
pub use rules::{Preset, Rules};
