//! Room in the browser's storage. A game the browser refused to store is written again as soon
//! as there may be room: on a timer, and when the page is hidden or closed (the last chance
//! before a phone's battery or the browser ends it). And, once a game is shown, the browser is
//! asked to keep the app's storage even when the phone runs low on space.

use std::cell::Cell;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use super::state::AppState;

/// How often unsaved games are tried again while the browser refuses them.
const RETRY: Duration = Duration::from_secs(5);

thread_local! {
    static ASKED: Cell<bool> = const { Cell::new(false) };
}

/// Keeps trying to write unsaved games.
pub fn watch(app: AppState) {
    set_interval(move || app.retry_unsaved(), RETRY);
    // The index of the games is written then too, before the page may be gone.
    let visible = window_event_listener(ev::visibilitychange, move |_| {
        app.retry_unsaved();
        app.write_index();
    });
    std::mem::forget(visible);
    let hide = window_event_listener_untyped("pagehide", move |_| {
        app.retry_unsaved();
        app.write_index();
    });
    std::mem::forget(hide);
}

/// Reads whether the browser keeps the app's storage (`navigator.storage.persisted()`) into
/// `app.persisted`.
pub fn read_persistence(app: AppState) {
    call_storage_manager("persisted", app, false);
}

/// Asks the browser once per visit to keep the app's storage (`navigator.storage.persist()`);
/// a browser that asks the player does so at most once, when a game is shown.
pub fn ask_persistence(app: AppState) {
    if ASKED.with(|a| a.replace(true)) || app.persisted.get_untracked() == Some(true) {
        return;
    }
    call_storage_manager("persist", app, true);
}

/// Calls `navigator.storage.<method>()` and puts the answer in `app.persisted` (only if nothing
/// is known yet, unless `decisive`); quietly does nothing where the browser lacks it.
fn call_storage_manager(method: &str, app: AppState, decisive: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Ok(manager) = js_sys::Reflect::get(&window.navigator(), &"storage".into()) else {
        return;
    };
    if manager.is_undefined() || manager.is_null() {
        return;
    }
    let Some(call) = js_sys::Reflect::get(&manager, &method.into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    else {
        return;
    };
    let Some(promise) = call
        .call0(&manager)
        .ok()
        .and_then(|p| p.dyn_into::<js_sys::Promise>().ok())
    else {
        return;
    };
    let on_answer = Closure::once(move |answer: JsValue| {
        let known = app.persisted.get_untracked();
        if let Some(kept) = answer.as_bool()
            && known != Some(kept)
            && (decisive || known.is_none())
        {
            app.persisted.set(Some(kept));
        }
    });
    let on_fail = Closure::once(|_: JsValue| {});
    let _ = promise.then2(&on_answer, &on_fail);
    on_answer.forget();
    on_fail.forget();
}
