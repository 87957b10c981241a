//! The photo of a game's final position, kept for the referee: one value per game,
//! `sk.photo.<id>`, a JPEG as a `data:` URL (downscaled by the photo reader). It is optional:
//! it is written only after the game's own save, a refusal (storage full) changes nothing of
//! the game, and it goes when the game is deleted.

use super::access::{js_error_text, storage};
use crate::core::text::t;

/// The prefix of the photos' keys.
pub const PHOTO_PREFIX: &str = "sk.photo.";

fn photo_key(id: &str) -> String {
    format!("{PHOTO_PREFIX}{id}")
}

/// Why a photo was not kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PhotoNotKept {
    /// The browser's storage is full (its quota reached).
    Full,
    /// The browser gives no storage, or refused for another reason (said in its words).
    Refused(String),
}

/// Keeps `data_url` as the photo of game `id`, in place of any photo kept before. A refusal
/// leaves the game's own values as they were; a photo kept before is dropped too, so that no
/// photo of another position stays with the game.
pub fn save_photo(id: &str, data_url: &str) -> Result<(), PhotoNotKept> {
    let store = storage().ok_or_else(|| {
        PhotoNotKept::Refused(t("This browser does not let the app use its storage.").into())
    })?;
    let key = photo_key(id);
    store.set_item(&key, data_url).map_err(|e| {
        let _ = store.remove_item(&key);
        let name = crate::app::js::get(&e, "name")
            .as_string()
            .unwrap_or_default();
        // Browsers name it differently (Firefox: NS_ERROR_DOM_QUOTA_REACHED).
        if name.contains("Quota") || name.contains("QUOTA") {
            PhotoNotKept::Full
        } else {
            PhotoNotKept::Refused(js_error_text(&e))
        }
    })
}

/// The photo kept with game `id`, if any.
pub fn load_photo(id: &str) -> Option<String> {
    storage()?.get_item(&photo_key(id)).ok().flatten()
}

/// Drops the photo of game `id`.
pub fn delete_photo(id: &str) {
    if let Some(store) = storage() {
        let _ = store.remove_item(&photo_key(id));
    }
}
