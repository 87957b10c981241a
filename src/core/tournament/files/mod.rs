//! Tournament files: OpenGotha's XML file read into a [`super::Tournament`] and written back
//! (the one reader and writer of that file, with one refusal, [`FileError`]), and the results
//! files of the EGD (`.h9`) and of the FFG (`.tou`).

mod error;
pub mod general;
pub mod h9;
pub mod opengotha;
mod opengotha_params;
mod opengotha_write;
pub mod results_table;
pub mod tou;
mod xml;

pub use error::FileError;
pub use opengotha::{MAX_FILE_BYTES, player_key, read_tournament};
pub use opengotha_write::{escape_attribute, result_code, write_results, write_tournament};
pub use xml::decode;
