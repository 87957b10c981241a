//! The key-value access itself: the browser's `localStorage` (asked for once per document), its
//! keys, and the two calls a game's save makes on values the browser holds already, with no
//! copy of a chunk or a key into the module. Every kind of stored data reaches storage here.

use std::cell::RefCell;
use std::collections::HashMap;

use wasm_bindgen::JsCast;

use crate::core::text::t;

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `Storage`, for the two calls below.
    #[wasm_bindgen(js_name = Storage)]
    pub(super) type RawStorage;
    /// `Storage.getItem`, the value left as the browser's string.
    #[wasm_bindgen(method, catch, js_name = getItem)]
    pub(super) fn get_item_js(
        this: &RawStorage,
        key: &js_sys::JsString,
    ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>;
    /// `Storage.setItem` of a key and a value the browser holds already.
    #[wasm_bindgen(method, catch, js_name = setItem)]
    pub(super) fn set_item_js(
        this: &RawStorage,
        key: &js_sys::JsString,
        value: &js_sys::JsString,
    ) -> Result<(), wasm_bindgen::JsValue>;
}

/// A storage key as the browser's string, made once per document: a save passes no key's
/// text to the browser again.
pub(super) fn js_key(key: String) -> js_sys::JsString {
    thread_local! {
        static KEYS: RefCell<HashMap<String, js_sys::JsString>> = RefCell::new(HashMap::new());
    }
    KEYS.with(|keys| {
        keys.borrow_mut()
            .entry(key)
            .or_insert_with_key(|k| js_sys::JsString::from(k.as_str()))
            .clone()
    })
}

/// The app's `localStorage`, `None` where the browser gives none (private mode, storage off).
pub(super) fn storage() -> Option<web_sys::Storage> {
    // Asked of the browser once per document: a press should not pay for the lookup.
    thread_local! {
        static STORE: Option<web_sys::Storage> =
            web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    }
    STORE.with(Clone::clone)
}

/// Every key in `store`.
pub(super) fn all_keys(store: &web_sys::Storage) -> Vec<String> {
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .collect()
}

/// What the browser said when it refused a call (its error's message).
pub(super) fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string().unwrap_or_else(|| t("unknown error").into())
}
