//! Who writes: this tab of the app. Its id is kept in the tab's session storage, which the
//! browser keeps across reloads of the tab, so the document a reload replaces and the one it
//! loads are one writer: whatever the old document still writes as it goes (a save, a retry of
//! a refused save, its claim on the game it showed) is this tab's own, never another tab's.
//! Every stored head names its writer and counts its writes (`core::store::layout::Stamp`).
//!
//! A tab the browser duplicates starts with a copy of the session storage, and so with the same
//! id; the two find out from their claims on a game (`tabs`), and the copy takes an id of its own.

use std::cell::RefCell;

const WRITER_KEY: &str = "sk.writer";

thread_local! {
    /// This tab's writer id, read once per document.
    static WRITER: RefCell<Option<String>> = const { RefCell::new(None) };
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// This tab's writer id: the one an earlier document of the tab used, or a new one.
pub fn writer() -> String {
    if let Some(id) = WRITER.with(|w| w.borrow().clone()) {
        return id;
    }
    let kept = session()
        .and_then(|s| s.get_item(WRITER_KEY).ok().flatten())
        .filter(|id| valid(id));
    match kept {
        Some(id) => {
            WRITER.with(|w| *w.borrow_mut() = Some(id.clone()));
            id
        }
        None => new_writer(),
    }
}

/// Takes a new writer id for this tab (and the reloads of it), as when another tab turns out
/// to use the same one.
pub fn new_writer() -> String {
    let id = format!(
        "{:08x}",
        (js_sys::Math::random() * f64::from(u32::MAX)) as u32
    );
    // Without session storage each document is a writer of its own, as every tab was before.
    if let Some(store) = session() {
        let _ = store.set_item(WRITER_KEY, &id);
    }
    WRITER.with(|w| *w.borrow_mut() = Some(id.clone()));
    id
}

/// Whether a kept id can be used: claims separate the writer by `/` and the time by a space.
fn valid(id: &str) -> bool {
    !id.is_empty() && id.len() <= 16 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}
