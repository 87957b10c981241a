//! The director's rounds on the phone: the book of rounds and results (`sk.rounds`), and each
//! tournament's pairing file as it was loaded (`sk.roundfile.<fingerprint>`), from which the
//! results are written back in the pairing program's own format.

use super::access::storage;
use super::usage::keep_aside;
use crate::core::round::book::{self, Book};
use crate::core::round::code::Print;
use crate::core::text::{t, tf};

const BOOK_KEY: &str = "sk.rounds";
const FILE_PREFIX: &str = "sk.roundfile.";

/// The rounds kept, and what was wrong with the stored ones if they could not be read (they
/// were kept aside, never deleted).
pub fn load_book(now_ms: i64) -> (Book, Option<String>) {
    let Some(raw) = storage().and_then(|s| s.get_item(BOOK_KEY).ok().flatten()) else {
        return (Book::new(), None);
    };
    match book::decode(&raw) {
        Ok(book) => (book, None),
        Err(e) => {
            let (kept_aside, kept) = match keep_aside("rounds", &raw, now_ms) {
                Ok(key) => (true, tf("it was kept aside as {}", &[&key])),
                Err(why) => (
                    false,
                    tf(
                        "it could not even be kept aside ({}) and stays where it is",
                        &[&why],
                    ),
                ),
            };
            if kept_aside && let Some(s) = storage() {
                let _ = s.remove_item(BOOK_KEY);
            }
            (
                Book::new(),
                Some(tf(
                    "The rounds kept on this phone could not be read ({}); {}. Load the pairing file again.",
                    &[&e, &kept],
                )),
            )
        }
    }
}

/// The rounds as stored now (another tab may have written them since this one read them);
/// `None` when there are none or they cannot be read.
pub fn stored_book() -> Option<Book> {
    let raw = storage().and_then(|s| s.get_item(BOOK_KEY).ok().flatten())?;
    book::decode(&raw).ok()
}

/// Whether `key` is where the rounds are kept.
pub fn is_book_key(key: &str) -> bool {
    key == BOOK_KEY
}

/// Writes the rounds; `Err` says why the browser refused.
pub fn save_book(book: &Book) -> Result<(), String> {
    let store = storage().ok_or_else(|| t("this browser does not let the app store anything"))?;
    store
        .set_item(BOOK_KEY, &book::encode(book))
        .map_err(|_| t("the browser refused to store them (its storage is full)").to_string())
}

fn file_key(tournament: &str) -> String {
    format!("{FILE_PREFIX}{:08x}", Print::of(tournament.trim()).0)
}

/// The pairing file of a tournament, as loaded.
pub fn load_round_file(tournament: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(&file_key(tournament)).ok().flatten())
}

/// Keeps a tournament's pairing file; `Err` says why the browser refused.
pub fn save_round_file(tournament: &str, text: &str) -> Result<(), String> {
    let store = storage().ok_or_else(|| t("this browser does not let the app store anything"))?;
    store
        .set_item(&file_key(tournament), text)
        .map_err(|_| t("the browser refused to store it (its storage is full)").to_string())
}

/// Forgets a tournament's pairing file.
pub fn remove_round_file(tournament: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&file_key(tournament));
    }
}
