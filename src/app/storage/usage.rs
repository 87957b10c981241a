//! How much room the app takes in the browser's storage, and making room: the size of each
//! game, the values kept aside, and removing those once the player has exported them.

use super::access::{all_keys, js_error_text, storage};
use super::games::QUARANTINE_PREFIX;
use super::photos::PHOTO_PREFIX;
use super::shared::{KeyOf, key_of};
use crate::core::text::t;

/// The room the app's values take, in characters: UTF-16 code units of key and value, the
/// unit browsers count their storage quota in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Usage {
    /// Every value of the app (`sk.*`), keys included.
    pub total_chars: usize,
    /// Each stored game's head, chunks and photo together, by game id.
    pub games: Vec<(String, usize)>,
    /// The values kept aside because they could not be read (`sk.quarantine.*`).
    pub kept_chars: usize,
    /// How many values are kept aside.
    pub kept_count: usize,
}

impl Usage {
    /// The room game `id` takes, in characters (0 when it is not stored).
    pub fn of_game(&self, id: &str) -> usize {
        self.games
            .iter()
            .find(|(g, _)| g == id)
            .map_or(0, |(_, n)| *n)
    }
}

fn chars(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Measures what the app stores now.
pub fn usage() -> Usage {
    let mut usage = Usage::default();
    let Some(store) = storage() else {
        return usage;
    };
    for key in all_keys(&store) {
        if !key.starts_with("sk.") {
            continue;
        }
        let Some(value) = store.get_item(&key).ok().flatten() else {
            continue;
        };
        let size = chars(&key) + chars(&value);
        usage.total_chars += size;
        if key.starts_with(QUARANTINE_PREFIX) {
            usage.kept_chars += size;
            usage.kept_count += 1;
        } else if let Some(id) = key.strip_prefix(PHOTO_PREFIX).or(match key_of(&key) {
            KeyOf::Game(id) => Some(id),
            _ => None,
        }) {
            match usage.games.iter_mut().find(|(g, _)| g == id) {
                Some((_, n)) => *n += size,
                None => usage.games.push((id.to_string(), size)),
            }
        }
    }
    usage
}

/// Deletes every value kept aside; the player exports them first. Returns how many went.
pub fn delete_kept_values() -> usize {
    let Some(store) = storage() else {
        return 0;
    };
    all_keys(&store)
        .into_iter()
        .filter(|k| k.starts_with(QUARANTINE_PREFIX))
        .filter(|k| store.remove_item(k).is_ok())
        .count()
}

/// Keeps `raw` aside under `sk.quarantine.<now>.<name>`, where the kept values are exported
/// from; returns the key, or why the browser refused it.
pub fn keep_aside(name: &str, raw: &str, now_ms: i64) -> Result<String, String> {
    let store = storage().ok_or_else(|| t("This browser does not let the app use its storage."))?;
    let key = format!("{QUARANTINE_PREFIX}{now_ms}.{name}");
    store.set_item(&key, raw).map_err(|e| js_error_text(&e))?;
    Ok(key)
}
