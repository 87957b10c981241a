//! Numbers and texts as a person types them into a form, checked with a message that says
//! what is wrong and what to do. A value that fails is refused, never replaced by a guess.

/// The largest komi, either way, a form accepts.
pub const MAX_KOMI: f64 = 100.0;

/// The longest reason a referee may log with a correction.
pub const MAX_REASON_CHARS: usize = 200;

/// Whether `komi` is a komi the app can count with: a whole or half point within
/// ±[`MAX_KOMI`]. The message says what to type instead.
pub fn check_komi(komi: f64) -> Result<f64, String> {
    if !komi.is_finite() || komi.abs() > MAX_KOMI {
        return Err(format!(
            "Komi must be between -{MAX_KOMI} and {MAX_KOMI}, such as 7.5, 0.5 or -3."
        ));
    }
    if (komi * 2.0).fract() != 0.0 {
        return Err(format!(
            "Komi must be a whole or half point, such as 7.5 or 6; {komi} is not."
        ));
    }
    Ok(komi)
}

/// A komi as typed: a number in whole or half points within ±[`MAX_KOMI`].
pub fn komi(text: &str) -> Result<f64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("Type the komi, such as 7.5, 0.5 or -3.".into());
    }
    let refused = || {
        format!(
            "Komi must be a number in half points between -{MAX_KOMI} and {MAX_KOMI}, such as 7.5, 0.5 or -3; “{t}” is not."
        )
    };
    // Rust reads `inf` and `NaN` as numbers; a person does not mean them.
    if !t
        .chars()
        .all(|c| c.is_ascii_digit() || matches!(c, '.' | '-' | '+'))
    {
        return Err(refused());
    }
    let k: f64 = t.parse().map_err(|_| refused())?;
    check_komi(k).map_err(|_| refused())
}

/// A whole number as typed, from `min` to `max`; `what` names it in the message ("The
/// number of periods").
pub fn whole_number(text: &str, what: &str, min: u32, max: u32) -> Result<u32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!(
            "{what} is empty: type a whole number from {min} to {max}."
        ));
    }
    let refused = || format!("{what} must be a whole number from {min} to {max}; “{t}” is not.");
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(refused());
    }
    match t.parse::<u32>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(refused()),
    }
}

/// A number of points as counted on a board, from `min` to `max` (below zero where `min` is);
/// `what` names it in the message ("Black's territory").
pub fn points(text: &str, what: &str, min: i32, max: i32) -> Result<i32, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err(format!(
            "{what} is empty: type the number of points you counted."
        ));
    }
    let refused = || format!("{what} must be a whole number from {min} to {max}; “{t}” is not.");
    // A phone keyboard may type the minus sign as U+2212.
    let digits = t.strip_prefix(['-', '\u{2212}']);
    let (negative, digits) = match digits {
        Some(d) => (true, d),
        None => (false, t),
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
    let t = text.trim();
    if t.is_empty() {
        return Err("Give the reason: it is logged for the referee.".into());
    }
    if t.chars().count() > MAX_REASON_CHARS {
        return Err(format!(
            "Keep the reason to {MAX_REASON_CHARS} characters or fewer: it is a note for the referee."
        ));
    }
    if t.chars().any(char::is_control) {
        return Err("Write the reason on one line, without control characters.".into());
    }
    Ok(t.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn komi_takes_half_points_and_refuses_the_rest_in_words() {
        assert_eq!(komi(" 7.5 "), Ok(7.5));
        assert_eq!(komi("-3"), Ok(-3.0));
        for bad in ["abc", "NaN", "inf", "7.3", "1e3", "101", "-100.5", "7,5"] {
            let e = komi(bad).unwrap_err();
            assert!(e.contains(&format!("“{bad}” is not")), "{bad}: {e}");
        }
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
    fn a_reason_is_one_short_line() {
        assert_eq!(reason("  clock fault "), Ok("clock fault".into()));
        assert!(reason("").is_err());
        assert!(reason(&"x".repeat(201)).is_err());
        assert!(reason("a\nb").is_err());
    }
}
