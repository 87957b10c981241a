//! Calendar days: the date a game was played and the ends of a date filter.

use std::fmt;

use crate::core::text::{self, t, tf};

/// A calendar day, as SGF `DT` and date inputs write it (`2026-11-22`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD`; the error says in words what is wrong.
    pub fn parse(text: &str) -> Result<Date, String> {
        let text = text.trim();
        let bad = || {
            tf(
                "“{}” is not a date: write it as year-month-day, e.g. 2026-11-22",
                &[&text],
            )
        };
        let mut parts = text.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
            return Err(bad());
        }
        let (year, month, day) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u8>().map_err(|_| bad())?,
            d.parse::<u8>().map_err(|_| bad())?,
        );
        if !(1..=12).contains(&month) {
            return Err(tf("{}: there is no month {}", &[&text, &month]));
        }
        let last = days_in_month(year, month);
        if day == 0 || day > last {
            return Err(tf(
                "{}: that month has days 1 to {}, not {}",
                &[&text, &last, &day],
            ));
        }
        Ok(Date { year, month, day })
    }

    /// The date as a person reads it, in the language in use (`22-11-2026` in Dutch); the
    /// `Display` form stays `2026-11-22`, as files and date inputs write it.
    pub fn shown(&self) -> String {
        text::date(format!("{:04}", self.year), self.month, self.day)
    }

    /// A date as stored (`2026-11-22`), as a person reads it; a text that is not a date is
    /// shown as it is.
    pub fn shown_from(text: &str) -> String {
        let text = text.trim();
        Date::parse(text).map_or_else(|_| text.to_string(), |d| d.shown())
    }

    /// A date that may be missing, as a person reads it: [`Date::shown`], or words that say
    /// it was not recorded.
    pub fn shown_or_not_recorded(date: Option<Date>) -> String {
        date.map_or_else(|| t("date not recorded").to_string(), |d| d.shown())
    }

    /// The day (UTC) of a time in Unix epoch milliseconds.
    pub fn from_epoch_ms(ms: i64) -> Date {
        civil_from_days(ms.div_euclid(86_400_000))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The civil date of a day number counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> Date {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    Date {
        year: year.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
        month,
        day,
    }
}
