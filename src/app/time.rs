//! The device's wall clock, the one place the app reads it.

/// Milliseconds since the Unix epoch, as the device knows it.
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}

/// Today's date on the device, as SGF `DT` writes it: `2026-11-22`.
pub fn today() -> String {
    let d = js_sys::Date::new_0();
    format!(
        "{:04}-{:02}-{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// Calls `tick` every `period` for as long as the page that asked exists. `tick` returns
/// `false` once the page's reactive values are gone, and the timer stops itself then: the
/// router does not always run a page's cleanup when it leaves the page (and a cleared timer
/// id may not reach the browser's), while the page's values are disposed all the same.
pub fn every(period: std::time::Duration, tick: impl Fn() -> bool + 'static) {
    use std::cell::Cell;
    use std::rc::Rc;

    use leptos::prelude::{IntervalHandle, on_cleanup, set_interval_with_handle};

    let handle: Rc<Cell<Option<IntervalHandle>>> = Rc::new(Cell::new(None));
    let own = Rc::clone(&handle);
    let started = set_interval_with_handle(
        move || {
            if !tick()
                && let Some(h) = own.take()
            {
                h.clear();
            }
        },
        period,
    )
    .ok();
    handle.set(started);
    on_cleanup(move || {
        if let Some(h) = started {
            h.clear();
        }
    });
}
