//! The list of every game on the phone: a short summary of each game (players, board, rules,
//! dates, result), the search and filters a referee uses to find one, and a cache that derives
//! a summary again only when its game changed, so a phone with a thousand games lists them at
//! once.

mod cache;
mod date;
mod filter;
mod index;
mod summary;

pub use cache::SummaryCache;
pub use date::Date;
pub use filter::{HistoryFilter, StatusFilter};
pub use index::{
    ClockLast, GameIndex, INDEX_PREFIX, INDEX_SCHEMA, IndexEntry, Made, Writes, index_key,
    settings_print,
};
pub use summary::{GameStatus, GameSummary, Settled};
