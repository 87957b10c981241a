//! Work spread over tasks of their own, so that no one task holds the page for long: the app
//! is drawn in the task after the one that started the module, and the home screen draws what
//! is below its first lines a task or two later (`after_tasks`); what waits for the page to be
//! idle waits for it to be painted first (`after_paint`).

use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::prelude::JsValue;

/// Runs `then` in a task of its own, posted as a message to itself (as a timer would, but a
/// timer of 0 ms waits up to 4 ms in some browsers, and never fires where timers are held, such
/// as a test's fake clock); at once where no channel can be made.
pub fn next_task(then: impl FnOnce() + 'static) {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return then();
    };
    let (port, sender) = (channel.port1(), channel.port2());
    // The call holds the channel until its message comes: a channel collected before would
    // never deliver it.
    let run = Closure::once_into_js(move || {
        drop(channel);
        then()
    });
    port.set_onmessage(Some(run.unchecked_ref()));
    if sender.post_message(&JsValue::NULL).is_err() {
        port.set_onmessage(None);
        let _ = run
            .unchecked_ref::<js_sys::Function>()
            .call0(&JsValue::NULL);
    }
}

/// Runs `then` once what is on the page now has been painted: in the second animation frame
/// from now, the first one's paint done. Never in a page not shown (browsers hold frames).
pub fn after_paint(then: impl FnOnce() + 'static) {
    fn frame(then: impl FnOnce() + 'static) {
        let then = Closure::once_into_js(then);
        if let Some(window) = web_sys::window() {
            let _ = window.request_animation_frame(then.unchecked_ref());
        }
    }
    frame(move || frame(then));
}

/// Runs `then` `tasks` tasks from now (at once for none).
pub fn in_tasks(tasks: u32, then: impl FnOnce() + 'static) {
    match tasks {
        0 => then(),
        _ => next_task(move || in_tasks(tasks - 1, then)),
    }
}

/// A signal that turns true `tasks` tasks from now: what a screen draws under it comes in a
/// later task than its first lines.
pub fn after_tasks(tasks: u32) -> ReadSignal<bool> {
    let (shown, show) = signal(tasks == 0);
    // The screen may have been left meanwhile.
    in_tasks(tasks, move || {
        let _ = show.try_set(true);
    });
    shown
}
