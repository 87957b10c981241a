//! A round's tables typed or pasted by the director, for a tournament without a pairing
//! program: one table a line, `table, black, white, handicap, komi`, the fields separated by
//! commas, semicolons or tabs (as a spreadsheet pastes them). Handicap and komi may be left
//! out: no handicap, and komi 6.5 in an even game or 0.5 with a handicap. A first line that
//! does not start with a table number is taken as a header; empty lines are skipped.
//!
//! Names are typed family name first, as pairing programs list players (`Nemo André`); each
//! player's key is formed from the name as typed, the way OpenGotha forms it (spaces removed,
//! upper case, accents kept: `NEMOANDRÉ`), so keys match the pairing program's when the names
//! do. The typed name is kept whole as the player's name.

use std::collections::BTreeMap;
use std::fmt;

use super::{Round, RoundTable, TablePlayer, TimeSettings};
use crate::core::form_values;
use crate::core::handicap::MAX_HANDICAP;
use crate::core::text::{number, t, tf};
use crate::core::tournament::files::general::HANDICAP_KOMI;
use crate::core::tournament::files::{MAX_FILE_BYTES, player_key};

/// Komi in an even game when the line gives none.
pub const DEFAULT_KOMI: f64 = 6.5;

/// The board size of a typed round; the director changes it on the round screen.
pub const DEFAULT_SIZE: u8 = 19;

/// The highest table number accepted.
pub const MAX_TABLE: u32 = 9999;

/// Why a typed table list is refused. Nothing of a refused list is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum ListError {
    /// Over the size any file is read at.
    TooLarge { bytes: usize },
    /// No table in the text.
    Empty,
    /// A line that is not a table.
    Line { line: usize, problem: LineProblem },
    /// Two lines with the same table number.
    DuplicateTable {
        table: u32,
        first_line: usize,
        line: usize,
    },
    /// A player on two lines (or against themselves).
    PlaysTwice {
        name: String,
        first_line: usize,
        line: usize,
    },
}

/// What is wrong with one line.
#[derive(Clone, Debug, PartialEq)]
pub enum LineProblem {
    /// Fewer than three fields.
    TooFewFields(usize),
    /// More than five fields.
    TooManyFields(usize),
    /// The table number, as the form's check words it.
    Table(String),
    /// Black's or White's name is empty.
    NoName { white: bool },
    /// The handicap, as the form's check words it.
    Handicap(String),
    /// The komi, as the form's check words it.
    Komi(String),
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format =
            t("Type one table a line: table, Black, White, then the handicap and komi if any.");
        match self {
            ListError::TooLarge { bytes } => f.write_str(&tf(
                "This text is {} MB; a table list is far smaller and at most {} MB is read. Paste only the round's tables.",
                &[
                    &number(&format!("{:.1}", *bytes as f64 / (1024.0 * 1024.0))),
                    &(MAX_FILE_BYTES / (1024 * 1024)),
                ],
            )),
            ListError::Empty => f.write_str(&tf(
                "There is no table in the text. {}",
                &[&format],
            )),
            ListError::Line { line, problem } => {
                let problem = match problem {
                    LineProblem::TooFewFields(1) => tf(
                        "it has 1 field where a table needs at least three. {}",
                        &[&format],
                    ),
                    LineProblem::TooFewFields(n) => tf(
                        "it has {} fields where a table needs at least three. {}",
                        &[n, &format],
                    ),
                    LineProblem::TooManyFields(n) => tf(
                        "it has {} fields where a table has at most five. {} A name cannot hold the separator.",
                        &[n, &format],
                    ),
                    LineProblem::Table(m) | LineProblem::Handicap(m) | LineProblem::Komi(m) => {
                        m.clone()
                    }
                    LineProblem::NoName { white: false } => {
                        tf("Black's name is empty. {}", &[&format])
                    }
                    LineProblem::NoName { white: true } => {
                        tf("White's name is empty. {}", &[&format])
                    }
                };
                f.write_str(&tf("Line {}: {}", &[line, &problem]))
            }
            ListError::DuplicateTable {
                table,
                first_line,
                line,
            } => f.write_str(&tf(
                "Line {}: table {} is already on line {}. Give each table its own number.",
                &[line, table, first_line],
            )),
            ListError::PlaysTwice {
                name,
                first_line,
                line,
            } => {
                if first_line == line {
                    f.write_str(&tf(
                        "Line {}: {} is paired against themselves. Correct the pairing.",
                        &[line, name],
                    ))
                } else {
                    f.write_str(&tf(
                        "Line {}: {} already plays on line {}. Correct the pairing: a player has one table a round.",
                        &[line, name, first_line],
                    ))
                }
            }
        }
    }
}

impl std::error::Error for ListError {}

/// Reads a typed table list as round 1 of an unnamed tournament on 19×19 with no time set (the
/// director sets the round number, size and time on the round screen). Every line is checked;
/// the first fault refuses the whole list.
pub fn read(text: &str) -> Result<Round, ListError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(ListError::TooLarge { bytes: text.len() });
    }
    let mut tables: Vec<RoundTable> = Vec::new();
    let mut table_lines: BTreeMap<u32, usize> = BTreeMap::new();
    let mut player_lines: BTreeMap<String, usize> = BTreeMap::new();
    let mut first = true;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let fields = split(raw);
        if fields.iter().all(|f| f.is_empty()) {
            continue;
        }
        let is_first = std::mem::replace(&mut first, false);
        let starts_with_number = fields
            .first()
            .is_some_and(|f| f.chars().next().is_some_and(|c| c.is_ascii_digit()));
        if is_first && !starts_with_number {
            continue; // a header
        }
        let table = read_line(&fields).map_err(|problem| ListError::Line { line, problem })?;
        if let Some(&first_line) = table_lines.get(&table.number) {
            return Err(ListError::DuplicateTable {
                table: table.number,
                first_line,
                line,
            });
        }
        table_lines.insert(table.number, line);
        for p in [&table.black, &table.white] {
            if let Some(&first_line) = player_lines.get(&p.key) {
                return Err(ListError::PlaysTwice {
                    name: p.name.clone(),
                    first_line,
                    line,
                });
            }
            player_lines.insert(p.key.clone(), line);
        }
        tables.push(table);
    }
    if tables.is_empty() {
        return Err(ListError::Empty);
    }
    tables.sort_by_key(|t| t.number);
    Ok(Round {
        tournament: String::new(),
        number: 1,
        size: DEFAULT_SIZE,
        time: TimeSettings::default(),
        tables,
    })
}

/// A line's fields: split at tabs if it has any, else at semicolons if it has any, else at
/// commas; each trimmed.
fn split(line: &str) -> Vec<&str> {
    let sep = if line.contains('\t') {
        '\t'
    } else if line.contains(';') {
        ';'
    } else {
        ','
    };
    let fields: Vec<&str> = line.split(sep).map(str::trim).collect();
    // A spreadsheet pastes trailing empty cells; they are not fields.
    let used = fields
        .iter()
        .rposition(|f| !f.is_empty())
        .map_or(0, |i| i + 1);
    fields.into_iter().take(used).collect()
}

fn read_line(fields: &[&str]) -> Result<RoundTable, LineProblem> {
    let [number, black, white, rest @ ..] = fields else {
        return Err(LineProblem::TooFewFields(fields.len()));
    };
    if rest.len() > 2 {
        return Err(LineProblem::TooManyFields(fields.len()));
    }
    let number = form_values::whole_number(number, t("The table number"), 1, MAX_TABLE)
        .map_err(LineProblem::Table)?;
    let player = |name: &str, white: bool| {
        let key = player_key(name, "");
        if key.is_empty() {
            return Err(LineProblem::NoName { white });
        }
        Ok(TablePlayer {
            key,
            name: name.to_string(),
            first_name: String::new(),
            rank: None,
            club: None,
        })
    };
    let black = player(black, false)?;
    let white = player(white, true)?;
    let handicap = match rest.first().copied().unwrap_or("") {
        "" => 0,
        h => form_values::whole_number(h, t("The handicap"), 0, u32::from(MAX_HANDICAP))
            .map_err(LineProblem::Handicap)? as u8,
    };
    let komi = match rest.get(1).copied().unwrap_or("") {
        "" if handicap == 0 => DEFAULT_KOMI,
        "" => HANDICAP_KOMI,
        // A decimal comma, where the fields are not separated by commas.
        k => form_values::komi(&k.replace(',', ".")).map_err(LineProblem::Komi)?,
    };
    Ok(RoundTable {
        number,
        black,
        white,
        handicap,
        komi,
    })
}
