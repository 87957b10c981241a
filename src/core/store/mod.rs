//! Games in a key-value store: the layout of the keys, the compact text of the event log, and
//! the reading of every stored version. Pure, so every version is tested natively against
//! fixtures; `app::storage` puts it on `localStorage`.

pub mod codec;
pub mod json;
pub mod layout;
pub mod plan;
pub mod records;

pub use layout::{Loaded, STORAGE_SCHEMA, StoredGame};
