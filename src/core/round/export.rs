//! A round's results as a CSV file and as a plain list for the wall.
//!
//! The CSV has one line per table, `round,table,white,black,result`, with the players' keys
//! (the name and first name in upper case without spaces, how OpenGotha and pairgoth both tell
//! players apart) and the result in pairgoth's one-character symbols (`Game.Result` in
//! repository `ffrgo/pairgoth`, `api-webapp/src/main/kotlin/org/jeudego/pairgoth/model/
//! Game.kt`): `w` White wins, `b` Black wins, `=` jigo, `0` both lose, `#` both win, `?` no
//! result yet. pairgoth has no results file of its own (its results are set game by game, by
//! those symbols, and whole tournaments come in as OpenGotha XML), so the CSV is for
//! spreadsheets and for reading results into pairgoth by hand; the OpenGotha file is the one
//! for the pairing programs, and the only one that keeps a result "by default" (a game not
//! played or forfeited) apart.

use super::{Decided, Outcome, Round, TablePlayer};
use crate::core::text::{t, tf};

/// The result given for `table`: the last one in `results`, as a correction comes after what it
/// corrects.
pub fn result_of(results: &[(u32, Decided)], table: u32) -> Option<Decided> {
    results
        .iter()
        .rev()
        .find(|(t, _)| *t == table)
        .map(|(_, d)| *d)
}

/// pairgoth's symbol for a result.
pub fn symbol(result: Option<Decided>) -> &'static str {
    match result.map(|d| d.outcome) {
        None => "?",
        Some(Outcome::White) => "w",
        Some(Outcome::Black) => "b",
        Some(Outcome::Jigo) => "=",
        Some(Outcome::BothLose) => "0",
        Some(Outcome::BothWin) => "#",
    }
}

/// A result in words, for people, in the language in use: "Black wins", "Both lose by
/// default", "No result yet".
pub fn words(result: Option<Decided>) -> String {
    let Some(d) = result else {
        return t("No result yet").to_string();
    };
    let text = match (d.outcome, d.by_default) {
        (Outcome::White, false) => t("White wins"),
        (Outcome::Black, false) => t("Black wins"),
        (Outcome::Jigo, false) => t("Jigo"),
        (Outcome::BothLose, false) => t("Both lose"),
        (Outcome::BothWin, false) => t("Both win"),
        (Outcome::White, true) => t("White wins by default"),
        (Outcome::Black, true) => t("Black wins by default"),
        (Outcome::Jigo, true) => t("Jigo by default"),
        (Outcome::BothLose, true) => t("Both lose by default"),
        (Outcome::BothWin, true) => t("Both win by default"),
    };
    text.to_string()
}

/// The round's results as CSV: a header line, then every table of the round in order, those
/// without a result marked `?`.
pub fn csv(round: &Round, results: &[(u32, Decided)]) -> String {
    let mut out = String::from("round,table,white,black,result\r\n");
    for t in &round.tables {
        let cells = [
            round.number.to_string(),
            t.number.to_string(),
            csv_cell(&t.white.key),
            csv_cell(&t.black.key),
            symbol(result_of(results, t.number)).to_string(),
        ];
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    }
    out
}

/// A cell as RFC 4180 writes it (quoted when it holds a comma, a quote or a line break), and a
/// name that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`) led by an
/// apostrophe, which spreadsheets show as text.
fn csv_cell(text: &str) -> String {
    let guarded = if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// A player as every screen shows the name (`TablePlayer::shown_name`), with the rank.
fn wall_name(p: &TablePlayer) -> String {
    let name = p.shown_name();
    match &p.rank {
        Some(rank) if !rank.is_empty() => format!("{name} ({rank})"),
        _ => name.to_string(),
    }
}

/// The round's results as a plain list for the wall: a title, then one line per table in
/// columns (table, Black, White, result in words), handicap games marked after Black's name.
/// Its words are in the language in use: the list is for people, not for a program.
pub fn wall_text(round: &Round, results: &[(u32, Decided)]) -> String {
    let rows: Vec<[String; 4]> = round
        .tables
        .iter()
        .map(|t| {
            let black = if t.handicap > 0 {
                format!("{} +{}", wall_name(&t.black), t.handicap)
            } else {
                wall_name(&t.black)
            };
            [
                t.number.to_string(),
                black,
                wall_name(&t.white),
                words(result_of(results, t.number)),
            ]
        })
        .collect();
    let header = [
        t("Table").to_string(),
        t("Black").to_string(),
        t("White").to_string(),
        t("Result").to_string(),
    ];
    let mut widths = [0usize; 4];
    for row in std::iter::once(&header).chain(rows.iter()) {
        for (w, cell) in widths.iter_mut().zip(row.iter()) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |row: &[String; 4]| {
        let mut s = String::new();
        for (i, (cell, w)) in row.iter().zip(widths.iter()).enumerate() {
            s.push_str(cell);
            if i + 1 < row.len() {
                let pad = w.saturating_sub(cell.chars().count()) + 2;
                s.push_str(&" ".repeat(pad));
            }
        }
        s.trim_end().to_string()
    };
    let title = if round.tournament.trim().is_empty() {
        tf("Round {}", &[&round.number])
    } else {
        tf("{}, round {}", &[&round.tournament.trim(), &round.number])
    };
    let mut out = format!("{title}\n\n{}\n", line(&header));
    for row in &rows {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}
