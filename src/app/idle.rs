//! What waits until the first screen is up: the page loaded (its `load` event), the screen
//! painted (so that nothing fetched ahead is on its way before it shows), and the browser
//! idle (`requestIdleCallback`, at most 2 s later; a short timer where the browser has no such
//! call). The service worker's registration, the reading of the stored games where the list
//! needs them (`loading`) and the pieces fetched ahead of need start only then, so that
//! nothing but the first screen runs while the page loads. A piece fetched ahead is only compiled, off the main thread, and instantiated when
//! its screen opens. The waiting and the compiling are the pieces' loader's
//! (`__scorekeeperAfterStart`, `__scorekeeperAhead`: `scripts/split.mjs` writes them); a build
//! that was not split has no loader, and then everything here runs at once or not at all.

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::{Closure, JsValue};

/// Runs `then` once the page has loaded, what it shows now is painted, and the browser is idle.
pub fn after_start(then: impl FnOnce() + 'static) {
    super::tasks::after_paint(move || {
        let then = Closure::once_into_js(then);
        if loader("__scorekeeperAfterStart", &then).is_none()
            && let Some(then) = then.dyn_ref::<js_sys::Function>()
        {
            let _ = then.call0(&JsValue::NULL);
        }
    });
}

/// Fetches and compiles the pieces named (`wasm_split` modules' names, separated by spaces,
/// each with the pieces it needs), one after the other once the first screen is up, without
/// instantiating them: the screen that needs one then only instantiates it. A failure here is
/// tried again when the screen opens, and shown there.
pub fn compile_ahead(names: &str) {
    let _ = loader("__scorekeeperAhead", &names.into());
}

/// Calls the loader's function `name` with `arg`; `None` where there is no such function.
fn loader(name: &str, arg: &JsValue) -> Option<JsValue> {
    js_sys::Reflect::get(&js_sys::global(), &name.into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?
        .call1(&JsValue::NULL, arg)
        .ok()
}
