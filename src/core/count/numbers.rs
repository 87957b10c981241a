//! The count of a game played on a real board, as the players counted it there: the numbers
//! they read off the board, to which the app adds what the rules add (komi, handicap
//! compensation) to give the result both sign.
//!
//! Under territory counting the players remove the dead stones, fill the prisoners (and the
//! pass stones, where the rules use them) into the opponent's territory and count the empty
//! points; or they count territory and the prisoners in the lids apart. Under area counting
//! they count one colour's stones and territory, and the other is what is left of the board.

use super::result::{format_points, re_for_margin, result_words};
use crate::core::color::Color;
use crate::core::record::CountByNumbers;
use crate::core::rules::{Counting, Rules};
use crate::core::text::t;

/// One row of the count by numbers: what it is and each colour's figure (empty: none).
#[derive(Clone, Debug, PartialEq)]
pub struct NumbersRow {
    /// What the row counts, in English as the SGF game comment writes it
    /// ([`NumbersRow::label_shown`] for the screen).
    pub label: &'static str,
    /// Black's figure.
    pub black: String,
    /// White's figure.
    pub white: String,
    /// The row that decides the result (the totals).
    pub decides: bool,
}

/// The count by numbers with what the rules add, and the result.
#[derive(Clone, Debug, PartialEq)]
pub struct NumbersScore {
    /// The numbers as entered.
    pub count: CountByNumbers,
    /// The counting the rules use.
    pub counting: Counting,
    /// Black's total.
    pub black: f64,
    /// White's total: komi and handicap compensation included.
    pub white: f64,
    /// Komi for White.
    pub komi: f64,
    /// Points for handicap stones (area counting, per the rules' compensation).
    pub compensation: f64,
    /// Black's total minus White's.
    pub margin: f64,
    /// The result as SGF `RE`.
    pub re: String,
    /// The result in words.
    pub words: String,
    /// The rows of the count, for the screen and the record.
    pub rows: Vec<NumbersRow>,
}

impl NumbersRow {
    /// The row's label in the language in use, for the screen (`label` stays in English, as
    /// the SGF game comment writes it).
    pub fn label_shown(&self) -> &'static str {
        match self.label {
            "Territory, prisoners filled in" => t("Territory, prisoners filled in"),
            "Territory" => t("Territory"),
            "Prisoners and pass stones" => t("Prisoners and pass stones"),
            "Stones and territory (White: the rest of the board)" => {
                t("Stones and territory (White: the rest of the board)")
            }
            "Stones and territory" => t("Stones and territory"),
            "Komi" => t("Komi"),
            "Handicap compensation" => t("Handicap compensation"),
            "Total" => t("Total"),
            other => other,
        }
    }
}

impl NumbersScore {
    /// One colour's total.
    pub fn total(&self, color: Color) -> f64 {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// The count in one line, for a record that holds no final position (SGF `GC`).
    pub fn summary(&self) -> String {
        let rows: Vec<String> = self
            .rows
            .iter()
            .map(|r| match (r.black.is_empty(), r.white.is_empty()) {
                (false, false) => format!("{}: Black {}, White {}", r.label, r.black, r.white),
                (true, false) => format!("{}: White {}", r.label, r.white),
                (false, true) => format!("{}: Black {}", r.label, r.black),
                (true, true) => r.label.to_string(),
            })
            .collect();
        format!("{}. {}. {}", self.count.method(), rows.join("; "), self.re)
    }
}

/// Scores the numbers the players counted under `rules`, with the komi in force and the
/// handicap stones of the game. The numbers are taken as `check` accepted them.
pub fn score_numbers(
    count: &CountByNumbers,
    rules: &Rules,
    komi: f64,
    handicap: u8,
    size: u8,
) -> NumbersScore {
    let points = u32::from(size) * u32::from(size);
    let compensation = rules.handicap_points(handicap);
    let n = |v: f64| format_points(v);
    let mut rows = Vec::new();
    let (black, white) = match *count {
        CountByNumbers::Filled { black, white } => {
            rows.push(NumbersRow {
                label: "Territory, prisoners filled in",
                black: black.to_string(),
                white: white.to_string(),
                decides: false,
            });
            (f64::from(black), f64::from(white) + komi)
        }
        CountByNumbers::Apart {
            territory,
            prisoners,
        } => {
            let [tb, tw] = territory.map(f64::from);
            let [pb, pw] = prisoners.map(f64::from);
            rows.push(NumbersRow {
                label: "Territory",
                black: n(tb),
                white: n(tw),
                decides: false,
            });
            rows.push(NumbersRow {
                label: "Prisoners and pass stones",
                black: n(pb),
                white: n(pw),
                decides: false,
            });
            if rules.negative_territory {
                // LGC SCORING: "Prisoners are placed inside the opponent's territory."
                (tb - pw, tw - pb + komi)
            } else {
                (tb + pb, tw + pw + komi)
            }
        }
        CountByNumbers::Area { black, white } => {
            let (w, worked_out) = match white {
                Some(w) => (w, false),
                None => (points.saturating_sub(black), true),
            };
            rows.push(NumbersRow {
                label: if worked_out {
                    "Stones and territory (White: the rest of the board)"
                } else {
                    "Stones and territory"
                },
                black: black.to_string(),
                white: w.to_string(),
                decides: false,
            });
            (f64::from(black), f64::from(w) + komi + compensation)
        }
    };
    rows.push(NumbersRow {
        label: "Komi",
        black: String::new(),
        white: n(komi),
        decides: false,
    });
    if compensation > 0.0 && rules.counting == Counting::Area {
        rows.push(NumbersRow {
            label: "Handicap compensation",
            black: String::new(),
            white: n(compensation),
            decides: false,
        });
    }
    rows.push(NumbersRow {
        label: "Total",
        black: n(black),
        white: n(white),
        decides: true,
    });
    let margin = black - white;
    let re = re_for_margin(margin, rules.jigo, handicap);
    let words = result_words(&re);
    NumbersScore {
        count: *count,
        counting: rules.counting,
        black,
        white,
        komi,
        compensation,
        margin,
        re,
        words,
        rows,
    }
}
