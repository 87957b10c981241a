//! The device's wall clock, the one place the app reads it.

/// Milliseconds since the Unix epoch, as the device knows it.
pub fn now_ms() -> i64 {
    js_sys::Date::now() as i64
}
