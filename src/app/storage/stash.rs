//! A copy of each game the browser refused to store, in the tab's session storage: a separate
//! allowance that the browser keeps across a reload of the tab (and a restored tab), so what
//! the player saw survives a reload even while local storage is full. The copy goes once the
//! game is written.

use crate::core::store::StoredGame;
use crate::core::store::json;

const STASH_PREFIX: &str = "sk.unsaved.";

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Keeps a copy of a game local storage refused; false when session storage refused it too.
pub fn stash(game: &StoredGame) -> bool {
    let Some(store) = session() else {
        return false;
    };
    store
        .set_item(&format!("{STASH_PREFIX}{}", game.id), &json::to_text(game))
        .is_ok()
}

/// Drops the copy of game `id` once it is written (or deleted).
pub fn unstash(id: &str) {
    if let Some(store) = session() {
        let _ = store.remove_item(&format!("{STASH_PREFIX}{id}"));
    }
}

/// Whether this tab keeps a copy of a game not yet written, from the keys alone.
pub fn any_stashed() -> bool {
    let Some(store) = session() else {
        return false;
    };
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .any(|k| k.starts_with(STASH_PREFIX))
}

/// Every copy this tab kept of games not yet written. A copy that cannot be read is left
/// where it is.
pub fn stashed() -> Vec<StoredGame> {
    let Some(store) = session() else {
        return Vec::new();
    };
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .filter(|k| k.starts_with(STASH_PREFIX))
        .filter_map(|k| store.get_item(&k).ok().flatten())
        .filter_map(|raw| json::from_text::<StoredGame>(&raw).ok())
        .collect()
}
