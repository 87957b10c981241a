//! What other tabs or windows of the app write to the same storage: which game a changed key
//! belongs to, whether a stored game is still this tab's (the same log, or only longer, written
//! by this tab), the claim a tab puts on the game it shows (`sk.open.<id>`), and reading one
//! game again as another tab left it.

use super::access::storage;
use super::games::{WRITTEN, Written, read_game};
use super::writer;
use crate::core::store::StoredGame;
use crate::core::store::layout;
use crate::core::store::layout::GAME_PREFIX;
use crate::core::store::plan::continues;
use crate::core::text::t;

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

/// What the stored game is to this document's copy of it, after a write to its keys.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compared {
    /// What this document last wrote or read: nothing to do.
    Same,
    /// Written by this tab (an earlier document of it, writing late) and the same as this
    /// copy or only longer: this copy can follow it.
    Longer,
    /// Written by this tab and only shorter than this copy: this copy is to be written again.
    Shorter,
    /// Written or deleted by another tab or window, or something else than this copy.
    Elsewhere,
}

/// Compares the stored game `ours.id` with this document's copy `ours`. A write counts as
/// another tab's only when its writer is not this tab, or it does not continue this copy.
pub fn compare(ours: &StoredGame) -> Compared {
    let Some(store) = storage() else {
        return Compared::Elsewhere;
    };
    let Some(raw) = store.get_item(&layout::head_key(&ours.id)).ok().flatten() else {
        return Compared::Elsewhere;
    };
    let stamp = layout::decode_stamp(&raw);
    // A head of an earlier build names no writer: another tab's, whatever its count.
    if !stamp.writer.is_empty()
        && WRITTEN.with(|w| {
            w.borrow()
                .get(&ours.id)
                .is_some_and(|s| s.seen.stamp == stamp)
        })
    {
        return Compared::Same;
    }
    if stamp.writer != writer::writer() {
        return Compared::Elsewhere;
    }
    match read_game(&store, &ours.id) {
        Some(stored) if continues(&stored, ours) => Compared::Longer,
        Some(stored) if continues(ours, &stored) => Compared::Shorter,
        _ => Compared::Elsewhere,
    }
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
    let store =
        storage().ok_or_else(|| t("This browser does not let the app read its storage."))?;
    let head = store.get_item(&format!("{GAME_PREFIX}{id}")).ok().flatten();
    if head.is_none() {
        WRITTEN.with(|w| w.borrow_mut().remove(id));
        return Ok(None);
    }
    let loaded = layout::load_game(|k| store.get_item(k).ok().flatten(), id)?;
    let game = loaded.game;
    WRITTEN.with(|w| {
        w.borrow_mut()
            .insert(game.id.clone(), Written::of(&game, loaded.stamp))
    });
    Ok(Some(game))
}
