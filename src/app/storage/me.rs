//! What a player's phone knows of its player: the card kept at `/me` (`sk.me`, kept as its
//! registration code's fragment, which `core::tournament::register` reads back and checks),
//! the player chosen on a round's code when the phone has no card (`sk.me.key`), and the parts
//! of a round's code read so far (`sk.roundparts`, one fragment a line).

use super::access::storage;
use crate::core::round::round_code::RoundParts;
use crate::core::text::t;
use crate::core::tournament::register::{PlayerCard, card_link, read_card_link};

const CARD_KEY: &str = "sk.me";
const SEAT_KEY: &str = "sk.me.key";
const PARTS_KEY: &str = "sk.roundparts";

fn refused() -> String {
    t("the browser refused to store them (its storage is full)").into()
}

fn get(key: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(key).ok().flatten())
}

fn set(key: &str, value: Option<&str>) -> Result<(), String> {
    let Some(store) = storage() else {
        return Err(t("this browser does not let the app store anything").into());
    };
    match value {
        Some(v) => store.set_item(key, v),
        None => store.remove_item(key),
    }
    .map_err(|_| refused())
}

/// The player's own card, if kept (and readable).
pub fn load_card() -> Option<PlayerCard> {
    get(CARD_KEY).and_then(|text| read_card_link(&text).ok())
}

/// Keeps the player's card.
pub fn save_card(card: &PlayerCard) -> Result<(), String> {
    set(CARD_KEY, Some(&card_link("", card)))
}

/// The key of the player this phone plays for: the card's, else the one chosen on a round's
/// code.
pub fn my_key() -> Option<String> {
    load_card().map(|c| c.key()).or_else(|| get(SEAT_KEY))
}

/// Keeps the player chosen on a round's code (`None` forgets it).
pub fn save_seat_key(key: Option<&str>) -> Result<(), String> {
    set(SEAT_KEY, key)
}

/// The parts of a round's code read so far.
pub fn load_round_parts() -> RoundParts {
    RoundParts::from_text(&get(PARTS_KEY).unwrap_or_default())
}

/// Keeps the parts read so far (none: forgets them).
pub fn save_round_parts(parts: &RoundParts) -> Result<(), String> {
    let text = parts.to_text();
    set(PARTS_KEY, (!text.is_empty()).then_some(text.as_str()))
}
