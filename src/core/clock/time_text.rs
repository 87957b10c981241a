//! A time as a clock writes it, for the faces, the labels under them and the clock's refusals.

use crate::core::text::number;

/// A time as a clock shows it: `4:12`, `1:02:03`, and tenths under ten seconds (`9.7`). A unit
/// shows as long as any of it remains, so `0.0` appears only when the time is gone.
pub fn format_main(ms: i64) -> String {
    if ms <= 0 {
        return number("0.0");
    }
    let tenths = ceil_div(ms, 100);
    if tenths < 100 {
        return number(&format!("{}.{}", tenths / 10, tenths % 10));
    }
    let secs = ceil_div(ms, 1000);
    let (h, m, s) = (secs / 3600, (secs / 60) % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// `a / b` rounded up, for times that show a unit while any of it remains.
pub(super) fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_time_shows_minutes_hours_and_tenths() {
        assert_eq!(format_main(252_000), "4:12");
        assert_eq!(format_main(3_723_000), "1:02:03");
        assert_eq!(format_main(9_700), "9.7");
        assert_eq!(format_main(60_000), "1:00");
    }

    #[test]
    fn a_unit_shows_while_any_of_it_remains() {
        assert_eq!(format_main(251_001), "4:12");
        assert_eq!(format_main(10_000), "0:10");
        assert_eq!(format_main(9_999), "0:10");
        assert_eq!(format_main(9_900), "9.9");
        assert_eq!(format_main(1), "0.1");
        assert_eq!(format_main(0), "0.0");
        assert_eq!(format_main(-5), "0.0");
        assert_eq!(format_main(i64::MAX), "2562047788015:12:56");
    }
}
