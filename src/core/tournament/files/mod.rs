//! Tournament files: OpenGotha's XML file read into a [`super::Tournament`] and written back.

pub mod opengotha;
mod opengotha_params;
mod opengotha_write;

pub use opengotha::{TournamentFileError, read_tournament};
pub use opengotha_write::write_tournament;
