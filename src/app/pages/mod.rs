//! One module per screen.

pub mod board;
pub mod clock;
pub mod count;
pub mod game;
pub mod game_id;
pub mod handover;
pub mod home;
pub mod me;
pub mod new_game;
pub mod not_found;
pub mod result;
pub mod round;
pub mod round_code;
pub mod sgf;
pub mod space;
