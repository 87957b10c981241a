//! The rules preset of each tournament made on the phone (`sk.rules.<id>`: the preset's id as
//! plain text), which OpenGotha's file has no place for: the table and round codes of its
//! rounds start their games under it. A value that names no preset reads as none kept.

use super::access::storage;
use crate::core::Preset;
use crate::core::text::t;

fn key(id: &str) -> String {
    format!("sk.rules.{id}")
}

/// The preset kept for tournament `id`, if any.
pub fn tournament_preset(id: &str) -> Option<Preset> {
    let text = storage()?.get_item(&key(id)).ok().flatten()?;
    Preset::from_id(text.trim())
}

/// Keeps `preset` for tournament `id`. `Err` says the browser refused.
pub fn save_tournament_preset(id: &str, preset: Preset) -> Result<(), String> {
    let store = storage().ok_or_else(|| t("this browser does not let the app store anything"))?;
    store
        .set_item(&key(id), preset.id())
        .map_err(|_| t("the browser refused to store it (its storage is full)").to_string())
}

/// Forgets the preset of tournament `id`, removed from the phone.
pub fn forget_tournament_preset(id: &str) {
    if let Some(store) = storage() {
        let _ = store.remove_item(&key(id));
    }
}
