//! The core of the scorekeeper: pure Rust with no browser or UI imports, so every rule is
//! tested natively. It never panics on input: release builds abort on panic.

pub mod clock;
pub mod color;
pub mod point;

pub use color::Color;
pub use point::Point;
