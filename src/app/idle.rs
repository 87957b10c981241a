//! What waits until the first screen is up: the page loaded (its `load` event) and the browser
//! idle (`requestIdleCallback`, at most [`LATEST_MS`] later; a short timer where the browser has
//! no such call). The service worker's registration, the home screen's backup section and the
//! pieces fetched ahead of need start only then, so that nothing but the first screen runs
//! while the page loads. A piece fetched ahead is only compiled, off the main thread, and
//! instantiated when its screen opens (`compile_ahead`; `scripts/split.mjs` writes the loader).

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue};
use wasm_bindgen_futures::JsFuture;

/// The longest wait for an idle moment after the page's `load` event.
const LATEST_MS: u32 = 2_000;

/// Where no `requestIdleCallback` exists (Safari before 18): the wait after `load`.
const WITHOUT_IDLE_MS: i32 = 300;

/// What waits for the page's `load` event; `None` once it has come.
type Waiting = Option<Vec<Box<dyn FnOnce()>>>;

thread_local! {
    static WAITING: RefCell<Waiting> = const { RefCell::new(Some(Vec::new())) };
}

/// Runs `then` once the page has loaded and the browser is idle; at once outside a browser.
pub fn after_start(then: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        then();
        return;
    };
    let loaded = window
        .document()
        .is_none_or(|d| d.ready_state() == "complete");
    if loaded {
        WAITING.with(|w| w.borrow_mut().take());
        when_idle(&window, Box::new(then));
        return;
    }
    let first = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        match w.as_mut() {
            Some(list) => {
                list.push(Box::new(then));
                list.len() == 1
            }
            None => false,
        }
    });
    if !first {
        return;
    }
    let on_load = Closure::once_into_js(|| {
        let Some(window) = web_sys::window() else {
            return;
        };
        let list = WAITING.with(|w| w.borrow_mut().take()).unwrap_or_default();
        // One idle moment each: what waits is spread over the browser's free time.
        for then in list {
            when_idle(&window, then);
        }
    });
    // `load` comes once: the listener stays, and is never called again.
    let _ = window.add_event_listener_with_callback("load", on_load.unchecked_ref());
}

/// Calls `then` in the browser's next idle moment, or at most [`LATEST_MS`] later.
fn when_idle(window: &web_sys::Window, then: Box<dyn FnOnce()>) {
    let callback = Closure::once_into_js(then);
    let idle = js_sys::Reflect::get(window, &"requestIdleCallback".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    if let Some(idle) = idle {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"timeout".into(), &LATEST_MS.into());
        if idle.call2(window, &callback, &options).is_ok() {
            return;
        }
    }
    let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(
        callback.unchecked_ref(),
        WITHOUT_IDLE_MS,
    );
}

/// Fetches and compiles the pieces named (a `wasm_split` module's name, with the pieces it
/// needs) one after the other once the first screen is up, without instantiating them: the
/// screen that needs one then only instantiates it. Quietly nothing where the pieces' loader
/// offers no such call (a build that was not split), and a failure here is tried again when
/// the screen opens, and shown there.
pub fn compile_ahead(names: &'static [&'static str]) {
    after_start(move || {
        leptos::task::spawn_local(async move {
            for name in names {
                if let Some(compiling) = ahead(name) {
                    let _ = JsFuture::from(compiling).await;
                }
            }
        });
    });
}

/// The loader's `ahead(name)`: a promise that the piece is compiled.
fn ahead(name: &str) -> Option<js_sys::Promise> {
    let ahead = js_sys::Reflect::get(&js_sys::global(), &"__scorekeeperAhead".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    ahead
        .call1(&JsValue::NULL, &name.into())
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()
}
