//! The core of the scorekeeper: pure Rust with no browser or UI imports, so every rule is
//! tested natively. It never panics on input: release builds abort on panic.

pub mod board;
pub mod color;
pub mod point;
pub mod zobrist;

pub use board::Board;
pub use color::Color;
pub use point::Point;
