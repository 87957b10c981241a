//! A list of players pasted by the director (from a spreadsheet, a registration form, an
//! e-mail): comma-, semicolon- or tab-separated lines, quoted fields as spreadsheets write
//! them, or words and a rank ("Anna Bakker 3k"), and an optional header line naming the
//! columns. Without a header each line is read as people write it (`list_line`): the rank
//! where it stands, the name before it, club, country and EGD PIN after it. Each line gives a
//! player or is refused with its number, the reason and what was read as what; nothing in the
//! text can stop the reading.

use super::list_line::{rank_word, read_line};
use super::players::{PlayerError, rank_from_text};
use super::{MAX_PLAYERS, Player, Tournament};
use crate::core::text::t;
use std::collections::HashSet;

/// The columns a pasted list can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListColumn {
    /// Family name.
    Name,
    /// First name.
    FirstName,
    /// Rank, `30k` to `9d`.
    Rank,
    /// Club.
    Club,
    /// Country code.
    Country,
    /// EGD PIN.
    EgdPin,
    /// A column the list has but a player does not keep.
    Other,
}

/// The words a header may name each column with (compared without case, spaces, `_`, `-`).
const HEADER_WORDS: [(ListColumn, &[&str]); 6] = [
    (
        ListColumn::Name,
        &["name", "surname", "lastname", "familyname", "nom"],
    ),
    (
        ListColumn::FirstName,
        &["firstname", "givenname", "forename", "prenom", "prénom"],
    ),
    (
        ListColumn::Rank,
        &["rank", "grade", "level", "niveau", "strength"],
    ),
    (ListColumn::Club, &["club"]),
    (
        ListColumn::Country,
        &["country", "pays", "nation", "countrycode"],
    ),
    (
        ListColumn::EgdPin,
        &["egdpin", "pin", "egd", "egf", "egfpin", "egdid"],
    ),
];

/// A line of the list that gave no player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefusedLine {
    /// The line's number in the pasted text, 1 the first.
    pub line: usize,
    /// Why.
    pub reason: PlayerError,
    /// What the line was read as, column by column, in the line's order (empty columns left
    /// out).
    pub read: Vec<(ListColumn, String)>,
}

impl ListColumn {
    /// The column's name in a sentence ("name", "rank"...).
    pub fn label(self) -> &'static str {
        match self {
            ListColumn::Name => t("name"),
            ListColumn::FirstName => t("first name"),
            ListColumn::Rank => t("rank"),
            ListColumn::Club => t("club"),
            ListColumn::Country => t("country"),
            ListColumn::EgdPin => t("EGD PIN"),
            ListColumn::Other => "",
        }
    }
}

impl RefusedLine {
    /// What the line was read as, for the director: `name "Bakker", first name "Anna", rank
    /// "3x"`.
    pub fn reading(&self) -> String {
        self.read
            .iter()
            .map(|(c, text)| format!("{} \"{}\"", c.label(), text))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What a pasted list gave: the players to add, in the list's order, and the lines refused.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerList {
    /// The players read, none of them sharing a key with each other or with the tournament.
    pub players: Vec<Player>,
    /// The lines refused, with their reasons.
    pub refused: Vec<RefusedLine>,
}

/// The separator of the list: a tab if the first line holds one, else a semicolon if it holds
/// one, else a comma.
fn separator(first_line: &str) -> char {
    if first_line.contains('\t') {
        '\t'
    } else if first_line.contains(';') {
        ';'
    } else {
        ','
    }
}

/// Splits one line into fields: a field starting with `"` runs to the closing quote, a doubled
/// quote inside standing for one; fields are trimmed.
pub fn split_fields(line: &str, sep: char) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    field.push('"');
                    chars.next();
                } else {
                    quoted = false;
                }
            } else {
                field.push(c);
            }
        } else if c == '"' && field.trim().is_empty() {
            field.clear();
            quoted = true;
        } else if c == sep {
            fields.push(field.trim().to_string());
            field.clear();
        } else {
            field.push(c);
        }
    }
    fields.push(field.trim().to_string());
    fields
}

/// The column a header word names, if it names one.
fn column_named(word: &str) -> Option<ListColumn> {
    let word: String = word
        .chars()
        .filter(|c| !matches!(c, ' ' | '_' | '-' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    HEADER_WORDS
        .iter()
        .find(|(_, words)| words.contains(&word.as_str()))
        .map(|(c, _)| *c)
}

/// The columns a header line names, when it is one: at least the name column and nothing in
/// it a rank (so that a player called "Name" with a rank is not taken for a header).
fn header_columns(fields: &[String]) -> Option<Vec<ListColumn>> {
    let columns: Vec<ListColumn> = fields
        .iter()
        .map(|f| column_named(f).unwrap_or(ListColumn::Other))
        .collect();
    let names_name = columns.contains(&ListColumn::Name);
    let has_rank = fields.iter().any(|f| rank_from_text(f).is_ok());
    (names_name && !has_rank).then_some(columns)
}

/// The columns a header gives a line's fields, empty fields and unknown columns left out.
fn read_by_header(fields: &[String], columns: &[ListColumn]) -> Vec<(ListColumn, String)> {
    columns
        .iter()
        .zip(fields)
        .filter(|(c, f)| **c != ListColumn::Other && !f.is_empty())
        .map(|(c, f)| (*c, f.clone()))
        .collect()
}

/// The player a line's columns give, or why not.
fn player_of(read: &[(ListColumn, String)]) -> Result<Player, PlayerError> {
    let get = |column: ListColumn| {
        read.iter()
            .find(|(c, _)| *c == column)
            .map_or("", |(_, s)| s.as_str())
    };
    let name = get(ListColumn::Name);
    if name.is_empty() {
        return Err(PlayerError::MissingName);
    }
    let rank_text = get(ListColumn::Rank);
    if rank_text.trim().is_empty() {
        return Err(PlayerError::NoRank);
    }
    let rank =
        rank_word(rank_text).map_or_else(|| rank_from_text(rank_text), |r| rank_from_text(&r))?;
    Ok(Player {
        name: name.to_string(),
        first_name: get(ListColumn::FirstName).to_string(),
        rank,
        grade: super::rank::format_rank(rank),
        club: get(ListColumn::Club).to_string(),
        country: get(ListColumn::Country).to_uppercase(),
        egf_pin: get(ListColumn::EgdPin).to_string(),
        ..Player::default()
    })
}

/// Reads a pasted list of players for `tournament` (which is not changed): each line a
/// player, empty lines skipped, a first line naming the columns taken as the header. A line is
/// refused for a missing name, a bad rank, a key already in the list or the tournament, or
/// because the tournament would hold more than [`MAX_PLAYERS`].
pub fn read_player_list(text: &str, tournament: &Tournament) -> PlayerList {
    let mut out = PlayerList::default();
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty())
        .peekable();
    let Some(&(_, first)) = lines.peek() else {
        return out;
    };
    let sep = separator(first);
    let header = header_columns(&split_fields(first, sep));
    if header.is_some() {
        lines.next();
    }
    let mut keys: HashSet<String> = tournament.players.iter().map(Player::key).collect();
    let room = MAX_PLAYERS.saturating_sub(tournament.players.len());
    for (line, text) in lines {
        let read = match &header {
            Some(columns) => read_by_header(&split_fields(text, sep), columns),
            None => read_line(text),
        };
        let player = player_of(&read).and_then(|p| {
            let key = p.key();
            if keys.contains(&key) {
                let other = tournament
                    .players
                    .iter()
                    .chain(out.players.iter())
                    .find(|o| o.key() == key)
                    .map_or_else(String::new, super::players::full_name);
                Err(PlayerError::DuplicateKey { key, other })
            } else if out.players.len() >= room {
                Err(PlayerError::TooManyPlayers)
            } else {
                keys.insert(key);
                Ok(p)
            }
        });
        match player {
            Ok(p) => out.players.push(p),
            Err(reason) => {
                let read = read.into_iter().filter(|(_, s)| !s.is_empty()).collect();
                out.refused.push(RefusedLine { line, reason, read });
            }
        }
    }
    out
}

impl Tournament {
    /// Adds every player of a list read by [`read_player_list`]; all or none: if one cannot be
    /// added (the tournament changed since the list was read), none is and the error says why.
    pub fn add_players(&mut self, players: &[Player]) -> Result<(), PlayerError> {
        let mut t = self.clone();
        for p in players {
            t.add_player(p.clone())?;
        }
        *self = t;
        Ok(())
    }
}
