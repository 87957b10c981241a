//! Numbers and texts as a person types them into a form, checked with a message that says
//! what is wrong and what to do. A value that fails is refused, never replaced by a guess.

use super::text::{number, t, tf};

/// The largest komi, either way, a form accepts.
pub const MAX_KOMI: f64 = 100.0;

/// The longest reason a referee may log with a correction.
pub const MAX_REASON_CHARS: usize = 200;

/// Whether `komi` is a komi the app can count with: a whole or half point within
/// ±[`MAX_KOMI`]. The message says what to type instead.
pub fn check_komi(komi: f64) -> Result<f64, String> {
    if !komi.is_finite() || komi.abs() > MAX_KOMI {
        return Err(tf(
            "Komi must be between -{} and {}, such as 7.5, 0.5 or -3.",
            &[&MAX_KOMI, &MAX_KOMI],
        ));
    }
    if (komi * 2.0).fract() != 0.0 {
        return Err(tf(
            "Komi must be a whole or half point, such as 7.5 or 6; {} is not.",
            &[&number(&komi.to_string())],
        ));
    }
    Ok(komi)
}

/// A komi as typed: a number in whole or half points within ±[`MAX_KOMI`], with a decimal
/// point or, as Dutch players write it, a decimal comma (6,5).
pub fn komi(text: &str) -> Result<f64, String> {
    komi_in(text, true)
}

/// A komi as a program writes it: [`komi`] with a decimal point only.
pub fn komi_with_point(text: &str) -> Result<f64, String> {
    komi_in(text, false)
}

fn komi_in(text: &str, comma: bool) -> Result<f64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t("Type the komi, such as 7.5, 0.5 or -3.").into());
    }
    let refused = || {
        tf(
            "Komi must be a number in half points between -{} and {}, such as 7.5, 0.5 or -3; “{}” is not.",
            &[&MAX_KOMI, &MAX_KOMI, &text],
        )
    };
    // Rust reads `inf` and `NaN` as numbers; a person does not mean them.
    if !text
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+') || (comma && c == ','))
    {
        return Err(refused());
    }
    let k: f64 = text.replace(',', ".").parse().map_err(|_| refused())?;
    check_komi(k).map_err(|_| refused())
}

/// A whole number as typed, from `min` to `max`; `what` names it in the message ("The
/// number of periods").
pub fn whole_number(text: &str, what: &str, min: u32, max: u32) -> Result<u32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(tf(
            "{} is empty: type a whole number from {} to {}.",
            &[&what, &min, &max],
        ));
    }
    let refused = || {
        tf(
            "{} must be a whole number from {} to {}; “{}” is not.",
            &[&what, &min, &max, &text],
        )
    };
    if !text.chars().all(|c| c.is_ascii_digit()) {
        return Err(refused());
    }
    match text.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(refused()),
    }
}

/// A number of points as counted on a board, from `min` to `max` (below zero where `min` is);
/// `what` names it in the message ("Black's territory").
pub fn points(text: &str, what: &str, min: i32, max: i32) -> Result<i32, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(tf(
            "{} is empty: type the number of points you counted.",
            &[&what],
        ));
    }
    let refused = || {
        tf(
            "{} must be a whole number from {} to {}; “{}” is not.",
            &[&what, &min, &max, &text],
        )
    };
    // A phone keyboard may type the minus sign as U+2212.
    let digits = text.strip_prefix(['-', '\u{2212}']);
    let (negative, digits) = match digits {
        Some(d) => (true, d),
        None => (false, text),
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(refused());
    }
    let n: i64 = digits.parse().map_err(|_| refused())?;
    let n = if negative { -n } else { n };
    match i32::try_from(n) {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(refused()),
    }
}

/// A reason logged for the referee: not empty, at most [`MAX_REASON_CHARS`] characters, one
/// line. Returns it trimmed.
pub fn reason(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(t("Give the reason: it is logged for the referee.").into());
    }
    if text.chars().count() > MAX_REASON_CHARS {
        return Err(tf(
            "Keep the reason to {} characters or fewer: it is a note for the referee.",
            &[&MAX_REASON_CHARS],
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(t("Write the reason on one line, without control characters.").into());
    }
    Ok(text.to_string())
}

/// What a bare number in a time field counts, as players say it: "45 minutes" main time,
/// "30 seconds" byo-yomi.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bare {
    Minutes,
    Seconds,
}

/// The longest time a field takes: 10 hours.
pub const MAX_DURATION_S: u32 = 36_000;

/// A time as typed: minutes and seconds (`45:00`, `0:30`), hours too (`1:30:00`), or a bare
/// number counted in `bare` units; exact to the second. `what` names it in the message.
pub fn duration(text: &str, what: &str, bare: Bare) -> Result<u32, String> {
    let text = text.trim();
    let example = match bare {
        Bare::Minutes => t("45 or 45:00 for 45 minutes"),
        Bare::Seconds => t("30 or 0:30 for 30 seconds"),
    };
    if text.is_empty() {
        return Err(tf(
            "{} is empty: type minutes and seconds, such as {}.",
            &[&what, &example],
        ));
    }
    let refused = || {
        tf(
            "{} is minutes and seconds, such as {}, up to 10 hours; “{}” is not.",
            &[&what, &example, &text],
        )
    };
    let number = |part: &str| -> Option<u32> {
        (!part.is_empty() && part.len() <= 6 && part.chars().all(|c| c.is_ascii_digit()))
            .then(|| part.parse().ok())
            .flatten()
    };
    let parts: Vec<&str> = text.split(':').collect();
    let seconds = match parts[..] {
        [n] => number(n).map(|n| match bare {
            Bare::Minutes => n.saturating_mul(60),
            Bare::Seconds => n,
        }),
        [m, s] => match (number(m), number(s)) {
            (Some(m), Some(s)) if s < 60 && s_digits(s_text(&parts)) => {
                Some(m.saturating_mul(60).saturating_add(s))
            }
            _ => None,
        },
        [h, m, s] => match (number(h), number(m), number(s)) {
            (Some(h), Some(m), Some(s)) if m < 60 && s < 60 && s_digits(s_text(&parts)) => Some(
                h.saturating_mul(3600)
                    .saturating_add(m * 60)
                    .saturating_add(s),
            ),
            _ => None,
        },
        _ => None,
    };
    match seconds {
        Some(s) if s <= MAX_DURATION_S => Ok(s),
        _ => Err(refused()),
    }
}

/// The seconds part of a time typed with colons.
fn s_text<'a>(parts: &[&'a str]) -> &'a str {
    parts.last().copied().unwrap_or("")
}

/// Seconds after a colon take two digits (`0:30`, not `0:3`).
fn s_digits(text: &str) -> bool {
    text.len() == 2
}

/// A time as minutes and seconds, as a clock shows it: `45:00`, `0:30`, `90:00`.
pub fn duration_text(seconds: u32) -> String {
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_takes_half_points_and_refuses_the_rest_in_words() {
        assert_eq!(komi(" 7.5 "), Ok(7.5));
        assert_eq!(komi("-3"), Ok(-3.0));
        for bad in ["abc", "NaN", "inf", "7.3", "1e3", "101", "-100.5", "7,3"] {
            let e = komi(bad).unwrap_err();
            assert!(e.contains(&format!("“{bad}” is not")), "{bad}: {e}");
        }
        // The decimal comma of a Dutch player is a form's, not a pairing program's.
        assert_eq!(komi("7,5"), Ok(7.5));
        let e = komi_with_point("7,5").unwrap_err();
        assert!(e.contains("“7,5” is not"), "{e}");
        assert!(komi("").unwrap_err().starts_with("Type the komi"));
        assert!(check_komi(f64::NAN).is_err());
    }

    #[test]
    fn whole_numbers_are_in_range_and_digits_only() {
        assert_eq!(whole_number("5", "Periods", 1, 10), Ok(5));
        for bad in ["0", "11", "-1", "2.5", "abc", "99999999999", "+3"] {
            assert!(whole_number(bad, "Periods", 1, 10).is_err(), "{bad}");
        }
        assert_eq!(
            whole_number(" ", "The number of periods", 1, 5),
            Err("The number of periods is empty: type a whole number from 1 to 5.".into())
        );
    }

    #[test]
    fn points_take_a_sign_where_allowed() {
        assert_eq!(points(" 60 ", "Black's territory", -100, 361), Ok(60));
        assert_eq!(points("-3", "Black's territory", -100, 361), Ok(-3));
        assert_eq!(points("\u{2212}3", "Black's territory", -100, 361), Ok(-3));
        for bad in ["-3", "3.5", "abc", "-", "362", "99999999999", "+3", "1e2"] {
            let e = points(bad, "Black's territory", 0, 361).unwrap_err();
            assert!(e.contains(&format!("“{bad}” is not")), "{bad}: {e}");
        }
        assert_eq!(
            points("", "White's area", 0, 81),
            Err("White's area is empty: type the number of points you counted.".into())
        );
    }

    #[test]
    fn times_are_typed_as_players_say_them() {
        assert_eq!(duration("45:00", "Main time", Bare::Minutes), Ok(2700));
        assert_eq!(duration(" 45 ", "Main time", Bare::Minutes), Ok(2700));
        assert_eq!(duration("0:30", "The period", Bare::Seconds), Ok(30));
        assert_eq!(duration("30", "The period", Bare::Seconds), Ok(30));
        assert_eq!(duration("1:30:00", "Main time", Bare::Minutes), Ok(5400));
        assert_eq!(duration("90:05", "Main time", Bare::Minutes), Ok(5405));
        assert_eq!(duration("600:00", "Main time", Bare::Minutes), Ok(36_000));
        for bad in [
            "", "4x", "0:3", "0:60", "1:60:00", "-5", "601", "1:2:3:4", ":30", "10:", "1.5",
        ] {
            assert!(duration(bad, "Main time", Bare::Minutes).is_err(), "{bad}");
        }
        let e = duration("4x", "Main time", Bare::Minutes).unwrap_err();
        assert!(e.contains("“4x” is not") && e.contains("45:00"), "{e}");
        for s in [0, 5, 30, 59, 60, 2700, 5405, 36_000] {
            assert_eq!(duration(&duration_text(s), "t", Bare::Seconds), Ok(s));
        }
        assert_eq!(duration_text(2700), "45:00");
        assert_eq!(duration_text(30), "0:30");
    }

    #[test]
    fn a_reason_is_one_short_line() {
        assert_eq!(reason("  clock fault "), Ok("clock fault".into()));
        assert!(reason("").is_err());
        assert!(reason(&"x".repeat(201)).is_err());
        assert!(reason("a\nb").is_err());
    }
}
