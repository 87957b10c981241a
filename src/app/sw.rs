//! Service worker registration and the offer of a new version between games.

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use super::device;
use super::state::AppState;

/// Registers `/sw.js` and marks `update_waiting` when a new version has installed and waits.
pub fn register(state: AppState) {
    let Some(window) = web_sys::window() else {
        return;
    };
    // No service worker (a private window in some browsers, a page not served securely): the
    // app runs, only not offline.
    if !device::navigator_has("serviceWorker") {
        return;
    }
    let container = window.navigator().service_worker();
    let promise = container.register("/sw.js");
    let on_registered =
        Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(move |reg: wasm_bindgen::JsValue| {
            let Ok(reg) = reg.dyn_into::<web_sys::ServiceWorkerRegistration>() else {
                return;
            };
            watch(&reg, state);
        });
    let on_failed = Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|e: wasm_bindgen::JsValue| {
        web_sys::console::warn_2(
            &"The app could not be installed for offline use:".into(),
            &e,
        );
    });
    let _ = promise.then2(&on_registered, &on_failed);
    on_registered.forget();
    on_failed.forget();
}

fn watch(reg: &web_sys::ServiceWorkerRegistration, state: AppState) {
    // A version already waiting (installed on an earlier visit).
    if reg.waiting().is_some() && reg.active().is_some() {
        state.update_waiting.set(true);
    }
    let reg_for_found = reg.clone();
    let on_update_found = Closure::<dyn FnMut()>::new(move || {
        let Some(installing) = reg_for_found.installing() else {
            return;
        };
        let reg_inner = reg_for_found.clone();
        let on_state = Closure::<dyn FnMut()>::new(move || {
            // Installed while another version controls the page: offer it, never force it.
            if reg_inner.waiting().is_some() && reg_inner.active().is_some() {
                state.update_waiting.set(true);
            }
        });
        installing.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
        on_state.forget();
    });
    reg.set_onupdatefound(Some(on_update_found.as_ref().unchecked_ref()));
    on_update_found.forget();
}

thread_local! {
    /// The page is reloading for the new version already.
    static RELOADING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Reloads the page for the new version, once: the new version taking control, becoming
/// active and the request asked again each call this, and a second reload would throw away
/// the first one's loading, on a busy phone seconds of it.
fn reload_once() {
    if RELOADING.with(|r| r.replace(true)) {
        return;
    }
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// Activates the waiting version and reloads once it controls the page. Called between games.
pub fn apply_update() {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !device::navigator_has("serviceWorker") {
        return;
    }
    let container = window.navigator().service_worker();
    let on_change = Closure::<dyn FnMut()>::new(reload_once);
    container.set_oncontrollerchange(Some(on_change.as_ref().unchecked_ref()));
    on_change.forget();
    let on_reg = Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(|reg: wasm_bindgen::JsValue| {
        let Ok(reg) = reg.dyn_into::<web_sys::ServiceWorkerRegistration>() else {
            return;
        };
        if let Some(waiting) = reg.waiting() {
            // Reload once the new version is active, even if it does not claim this page.
            let worker = waiting.clone();
            let on_state = Closure::<dyn FnMut()>::new(move || {
                if worker.state() == web_sys::ServiceWorkerState::Activated {
                    reload_once();
                }
            });
            waiting.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
            on_state.forget();
            let msg = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&msg, &"type".into(), &"SKIP_WAITING".into());
            let _ = waiting.post_message(&msg);
            // Asked again if nothing happened in a few seconds: a worker busy installing or
            // starting up can miss the request, and the page would stay on the old version.
            if let Some(w) = web_sys::window() {
                let again = Closure::once_into_js(apply_update);
                let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(
                    again.unchecked_ref(),
                    3_000,
                );
            }
        } else {
            // Nothing waits any more (another tab took the update, or this page's request):
            // the reload shows the new version.
            reload_once();
        }
    });
    let _ = container.get_registration().then(&on_reg);
    on_reg.forget();
}
