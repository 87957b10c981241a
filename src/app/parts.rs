//! Values that wake their readers only when they change.
//!
//! A memo tells everything that reads it to check again whenever one of its own sources
//! changes, even when its value ends up the same, and every binding so told is a task the
//! browser runs. A clock changes its sources on every press and twenty times a second, while
//! most of what a face or the strip shows does not change. So a view's parts are kept in
//! signals, set from one effect that follows the view's state and writes only the parts that
//! differ: a press or a tick then wakes only the bindings that show something new.

use leptos::prelude::*;

/// Sets `signal` to a copy of `value` only when it differs, so that its readers wake only on a
/// change.
pub fn set_changed<T: Clone + PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: &T) {
    if signal.with_untracked(|v| v != value) {
        signal.set(value.clone());
    }
}
