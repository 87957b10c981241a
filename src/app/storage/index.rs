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

/// The stored index (empty where the browser stores nothing), and how many games are stored,
/// counted from their keys alone.
pub fn load_index() -> (GameIndex, usize) {
    let Some(store) = storage() else {
        return (GameIndex::new(), 0);
    };
    let keys = all_keys(&store);
    let games = keys.iter().filter(|k| k.starts_with(GAME_PREFIX)).count();
    let lines: Vec<(String, String)> = keys
        .into_iter()
        .filter(|k| k.starts_with(INDEX_PREFIX))
        .filter_map(|k| {
            let line = store.get_item(&k).ok().flatten()?;
            Some((k, line))
        })
        .collect();
    let index = GameIndex::read(lines.iter().map(|(k, v)| (k.as_str(), v.as_str())));
    (index, games)
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
