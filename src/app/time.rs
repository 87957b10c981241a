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
