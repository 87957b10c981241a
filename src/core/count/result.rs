//! Results as SGF `RE` values and in words.
//!
//! The values written: `B+3.5` / `W+0.5` (a count, the margin without trailing zeros), `B+R` /
//! `W+R` (resignation), `B+T` / `W+T` (time), `B+F` / `W+F` (forfeit), `B+` / `W+` (a win
//! decided by a referee without a score), `0` (jigo), `Void` (no result: both players lose, or
//! the game is to be replayed) and `W+0`: a count that ends level in a handicap game under rules
//! where White wins jigo (London Open rule 1, "In a handicap game, White wins Jigo"). `W+0`
//! keeps the information that the count was level while any SGF reader sees a White win.

use crate::core::color::Color;
use crate::core::rules::Jigo;
use crate::core::text::{number, t, tf};

/// A margin as written in `RE` and in words: `3.5`, `3`, `0.5` (never `3.0`).
pub fn format_points(points: f64) -> String {
    let rounded = (points * 2.0).round() / 2.0;
    if rounded.fract() == 0.0 {
        format!("{}", rounded as i64)
    } else {
        format!("{rounded:.1}")
    }
}

/// The `RE` value of a count whose margin is `black_minus_white` points (Black's total minus
/// White's). A level count is `0`, or `W+0` in a handicap game when the rules give White the
/// jigo: one stone (Black simply moves first, at the handicap komi) is a handicap game too.
pub fn re_for_margin(black_minus_white: f64, jigo: Jigo, handicap: u8) -> String {
    if black_minus_white > 0.0 {
        format!("B+{}", format_points(black_minus_white))
    } else if black_minus_white < 0.0 {
        format!("W+{}", format_points(-black_minus_white))
    } else if jigo == Jigo::WhiteWinsInHandicap && handicap >= 1 {
        "W+0".to_string()
    } else {
        "0".to_string()
    }
}

/// The winner named by an `RE` value (`None` for jigo, `Void` and unknown values).
pub fn winner(re: &str) -> Option<Color> {
    if re.starts_with("B+") {
        Some(Color::Black)
    } else if re.starts_with("W+") {
        Some(Color::White)
    } else {
        None
    }
}

/// An `RE` value in words: "White wins by 3.5", "Black wins by resignation", "Jigo".
pub fn result_words(re: &str) -> String {
    let re = re.trim();
    match re {
        "0" | "Draw" | "Jigo" => return t("Jigo").to_string(),
        "Void" => return t("No result").to_string(),
        "?" | "" => return t("Result unknown").to_string(),
        "W+0" => return t("White wins: the count is level and White wins jigo").to_string(),
        _ => {}
    }
    let Some(c) = winner(re) else {
        return re.to_string();
    };
    let name = c.shown();
    match re.get(2..).unwrap_or("") {
        "" => tf("{} wins", &[&name]),
        "R" | "Resign" => tf("{} wins by resignation", &[&name]),
        "T" | "Time" => tf("{} wins on time", &[&name]),
        "F" | "Forfeit" => tf("{} wins by forfeit", &[&name]),
        points => tf("{} wins by {}", &[&name, &number(points)]),
    }
}

/// The result as the referee screen shows it: "White wins by 3.5 · W+3.5".
pub fn result_line(re: &str) -> String {
    format!("{} · {re}", result_words(re))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::record::Decision;
    use crate::core::text::{Words, use_english, use_words};

    #[test]
    fn a_result_reads_in_dutch_with_a_decimal_comma() {
        let file = std::fs::read_to_string("lang/nl.txt").unwrap();
        use_words(Words::parse("nl", &file).unwrap());
        assert_eq!(result_words("B+3.5"), "Zwart wint met 3,5");
        assert_eq!(result_words("W+R"), "Wit wint door opgave");
        assert_eq!(result_words("Void"), "Geen uitslag");
        assert_eq!(
            Decision::shown_words("Both players lose"),
            "Beide spelers verliezen"
        );
        use_english();
        assert_eq!(result_words("B+3.5"), "Black wins by 3.5");
        assert_eq!(
            Decision::shown_words("Both players lose"),
            "Both players lose"
        );
    }
}
