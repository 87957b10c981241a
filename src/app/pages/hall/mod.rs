//! The hall's screens: the player's card (`/me`), a round's code on a player's phone (`/t`),
//! on the director's phone a registration code (`/p`) or a result code (`/r`) opened by the
//! camera app, and the wall (`/wall`).

pub mod me;
pub mod register_in;
pub mod result_in;
pub mod round_code;
pub mod wall;
mod wall_pages;
mod wall_take;
