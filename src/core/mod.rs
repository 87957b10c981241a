//! The core of the scorekeeper: pure Rust with no browser or UI imports, so every rule is
//! tested natively. It never panics on input: release builds abort on panic.
//!
//! How the app uses it: build `GameSettings` (from a `Preset`), call `live::Live::start` to get
//! the live game (its record, `Game`, clock and count), then for each tap call `Live::run` with a
//! `live::Command`, which validates against the rules and appends only on success, returning an
//! error whose `Display` text can be shown to the player. The live game is the record's one
//! writer; the record is what is stored, and `Live::load` (`LiveState::load` in the app)
//! replays it once (after a reload; `Live::undo` drops events and replays). The app keeps each
//! record once, in its list of games, with the `LiveState` of the game shown beside it, and
//! lends both to each command (`LiveMut`). `sgf::export` and `sgf::import` convert records to
//! and from SGF.

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
pub mod live;
pub mod moves;
pub mod new_game;
pub mod pause;
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
