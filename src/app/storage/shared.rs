//! What other tabs or windows of the app write to the same storage: which game a changed key
//! belongs to, the claim a tab puts on the game it shows (`sk.open.<id>`), and reading one game
//! again as another tab left it.

use super::{GAME_PREFIX, StoredGame, WRITTEN, storage};
use crate::core::store::layout;

const CLAIM_PREFIX: &str = "sk.open.";

/// What a stored key holds, as far as other tabs are concerned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyOf<'a> {
    /// The head or a chunk of events of the game with this id.
    Game(&'a str),
    /// A tab's claim on the game with this id.
    Claim(&'a str),
    /// Anything else: preferences, kept-aside values, other sites' keys.
    Other,
}

/// Which game (if any) a stored key belongs to.
pub fn key_of(key: &str) -> KeyOf<'_> {
    if let Some(id) = key.strip_prefix(GAME_PREFIX) {
        return KeyOf::Game(id);
    }
    if let Some((id, _)) = layout::chunk_owner(key) {
        return KeyOf::Game(id);
    }
    if let Some(id) = key.strip_prefix(CLAIM_PREFIX) {
        return KeyOf::Claim(id);
    }
    KeyOf::Other
}

/// The claim stored on game `id`, as the tab that wrote it left it.
pub fn read_claim(id: &str) -> Option<String> {
    storage()?
        .get_item(&format!("{CLAIM_PREFIX}{id}"))
        .ok()
        .flatten()
}

/// Claims game `id` for this tab. A refusal (storage full) only loses the warning to other tabs.
pub fn write_claim(id: &str, value: &str) {
    if let Some(store) = storage() {
        let _ = store.set_item(&format!("{CLAIM_PREFIX}{id}"), value);
    }
}

/// Drops the claim on game `id`.
pub fn remove_claim(id: &str) {
    if let Some(store) = storage() {
        let _ = store.remove_item(&format!("{CLAIM_PREFIX}{id}"));
    }
}

/// Reads game `id` again from storage, as another tab or window left it: `Ok(None)` when it is
/// no longer stored, `Err` with a reason a player can read when it cannot be read. From then on
/// this tab's saves continue from what it read.
pub fn reload_game(id: &str) -> Result<Option<StoredGame>, String> {
    let store = storage().ok_or("This browser does not let the app read its storage.")?;
    let head = store.get_item(&format!("{GAME_PREFIX}{id}")).ok().flatten();
    if head.is_none() {
        WRITTEN.with(|w| w.borrow_mut().remove(id));
        return Ok(None);
    }
    let game = layout::load_game(|k| store.get_item(k).ok().flatten(), id)?.game;
    WRITTEN.with(|w| {
        w.borrow_mut().insert(
            game.id.clone(),
            (game.record.events.len(), game.record.events.last().cloned()),
        )
    });
    Ok(Some(game))
}
