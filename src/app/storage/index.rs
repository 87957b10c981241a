//! The index of the stored games the game list is drawn from (`core::history::index`): one
//! line per game under `sk.idx.<id>`. Reading it reads only those lines; a line missing,
//! stale or unreadable costs a replay of its game when the list is drawn, nothing more. The
//! record the list kept before the index (`sk.settled`, finished games only) goes with the
//! first write of the index.

use super::access::{all_keys, storage};
use crate::core::history::{GameIndex, INDEX_PREFIX, Writes};
use crate::core::store::layout::GAME_PREFIX;

/// What the list kept before the index.
const SETTLED_KEY: &str = "sk.settled";

/// The index as the app starts.
pub struct AtStart {
    /// The stored index (empty where the browser stores nothing).
    pub index: GameIndex,
    /// How many games are stored, counted from their keys alone.
    pub stored: usize,
    /// Whether the list needs the games read as soon as it is up: the index does not tell
    /// all of them (`GameIndex::covers`), or this tab keeps a copy the browser refused.
    pub read: bool,
}

/// The stored index, read line by line, and what it leaves to read from the games.
pub fn load_index() -> AtStart {
    let Some(store) = storage() else {
        return AtStart {
            index: GameIndex::new(),
            stored: 0,
            read: false,
        };
    };
    let keys = all_keys(&store);
    let games: Vec<&str> = keys
        .iter()
        .filter_map(|k| k.strip_prefix(GAME_PREFIX))
        .collect();
    let lines: Vec<(&str, String)> = keys
        .iter()
        .filter(|k| k.starts_with(INDEX_PREFIX))
        .filter_map(|k| Some((k.as_str(), store.get_item(k).ok().flatten()?)))
        .collect();
    let index = GameIndex::read(lines.iter().map(|(k, v)| (*k, v.as_str())));
    let read = !index.covers(&games) || super::stash::any_stashed();
    AtStart {
        stored: games.len(),
        index,
        read,
    }
}

/// Writes the index's changed lines and removes those of games no longer stored. A refused
/// write only costs a replay on the next visit.
pub fn write_index((set, removed): Writes) {
    if set.is_empty() && removed.is_empty() {
        return;
    }
    let Some(store) = storage() else {
        return;
    };
    for (key, line) in set {
        let _ = store.set_item(&key, &line);
    }
    for key in removed {
        let _ = store.remove_item(&key);
    }
    let _ = store.remove_item(SETTLED_KEY);
}
