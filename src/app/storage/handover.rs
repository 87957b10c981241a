//! The parts of handed-over games read so far (`sk.handover`), kept between the scans of a
//! series until all its parts are in.

use super::access::storage;
use crate::core::text::t;

/// The parts of handed-over games read so far, one link fragment a line, kept between scans
/// (each scan may open the app afresh).
const HANDOVER_KEY: &str = "sk.handover";

/// The parts of handed-over games kept so far (empty when none).
pub fn load_handover_parts() -> String {
    storage()
        .and_then(|s| s.get_item(HANDOVER_KEY).ok().flatten())
        .unwrap_or_default()
}

/// Keeps the parts read so far; removes the key when none is left. `Err` when the browser
/// refuses (storage full or disabled).
pub fn save_handover_parts(text: &str) -> Result<(), String> {
    let Some(store) = storage() else {
        return Err(t("this browser does not let the app store anything").into());
    };
    let done = if text.is_empty() {
        store.remove_item(HANDOVER_KEY)
    } else {
        store.set_item(HANDOVER_KEY, text)
    };
    done.map_err(|_| t("the browser refused to store them (its storage is full)").into())
}
