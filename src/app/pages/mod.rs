//! One module per screen.

pub mod board;
pub mod clock;
pub mod count;
pub mod director;
pub mod game;
pub mod game_id;
pub mod hall;
pub mod handover;
pub mod home;
pub mod new_game;
pub mod not_found;
pub mod result;
pub mod sgf;
pub mod space;
