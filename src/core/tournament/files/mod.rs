//! Tournament files: OpenGotha's XML file read into a [`super::Tournament`] and written back,
//! and the results files of the EGD (`.h9`) and of the FFG (`.tou`).

pub mod h9;
pub mod opengotha;
mod opengotha_params;
mod opengotha_write;
pub mod results_table;
pub mod tou;
mod xml;

pub use opengotha::read_tournament;
pub use opengotha_write::write_tournament;
pub use xml::{TournamentFileError, decode};
