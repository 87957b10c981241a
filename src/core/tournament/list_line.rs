//! One line of a pasted list without a header, read as people write it: "Anna Bakker 3k",
//! "Anna Bakker, 3k", "Bakker, Anna, 3k", "BAKKER Anna 3k Amsterdam NL", the columns of a
//! spreadsheet separated by tabs. The rank is found by what it is, not where it stands; what
//! comes before it is the name, what comes after it the club, the country (two letters) and
//! the EGD PIN (digits), whichever of them the line holds.

use super::player_list::{ListColumn, split_fields};
use super::rank::parse_rank;

/// The words that start a family name written after the first name ("Jan van der Berg").
const PARTICLES: [&str; 18] = [
    "van", "von", "de", "der", "den", "del", "della", "di", "da", "du", "le", "la", "ten", "ter",
    "dos", "das", "do", "zu",
];

/// The separator of a line: a tab if it holds one, else a semicolon, else a comma; `None`
/// when it holds none of them (the words are then read one by one).
fn line_separator(line: &str) -> Option<char> {
    ['\t', ';', ','].into_iter().find(|&c| line.contains(c))
}

/// A rank as people write it, brought to what [`parse_rank`] reads: `3k`, `3 K`, `3 kyu`,
/// `3-kyu`, `1 dan`, `2dan`, `1 pro`.
pub fn rank_word(text: &str) -> Option<String> {
    let plain: String = text
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.'))
        .flat_map(char::to_lowercase)
        .collect();
    let plain = plain
        .strip_suffix("kyu")
        .map(|d| format!("{d}k"))
        .or_else(|| plain.strip_suffix("dan").map(|d| format!("{d}d")))
        .or_else(|| plain.strip_suffix("pro").map(|d| format!("{d}p")))
        .unwrap_or(plain);
    parse_rank(&plain).map(|_| plain)
}

/// Whether a word looks meant as a rank though it is none: a number and a letter or two
/// (`40k`, `12q`, `99x`).
fn rank_like(text: &str) -> bool {
    let text = text.trim();
    let digits = text.chars().take_while(char::is_ascii_digit).count();
    let rest = text.get(digits..).unwrap_or("").trim();
    (1..=3).contains(&digits)
        && (1..=3).contains(&rest.chars().count())
        && rest.chars().all(|c| c.is_alphabetic())
}

/// The words of a field, a number followed by `kyu`, `dan`, `k`, `d` or `p` taken as one.
fn words(field: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in field.split_whitespace() {
        let joined = out
            .last()
            .filter(|last| last.chars().all(|c| c.is_ascii_digit()))
            .map(|last| format!("{last} {w}"))
            .filter(|j| rank_word(j).is_some());
        match joined {
            Some(j) => {
                if let Some(last) = out.last_mut() {
                    *last = j;
                }
            }
            None => out.push(w.to_string()),
        }
    }
    out
}

/// Where the rank stands: the field and, when it is a word inside a field, the word. The
/// first field or word that is a rank; failing that, the first that looks meant as one.
fn find_rank(fields: &[String]) -> Option<(usize, Option<usize>)> {
    for test in [
        |s: &str| rank_word(s).is_some(),
        rank_like as fn(&str) -> bool,
    ] {
        if let Some(i) = fields.iter().position(|f| test(f)) {
            return Some((i, None));
        }
        for (i, f) in fields.iter().enumerate() {
            if let Some(w) = words(f).iter().position(|w| test(w)) {
                return Some((i, Some(w)));
            }
        }
    }
    None
}

/// Splits "first names family name" into (family name, first name): a family name written in
/// capitals ("BAKKER Anna", "Anna VAN DER BERG"), else from the first particle on ("Jan van
/// der Berg"), else the last word.
pub fn split_name(field: &str) -> (String, String) {
    if let Some((family, first)) = field.split_once(',') {
        return (family.trim().to_string(), first.trim().to_string());
    }
    let words: Vec<&str> = field.split_whitespace().collect();
    if words.len() < 2 {
        return (field.trim().to_string(), String::new());
    }
    let capital = |w: &&str| {
        w.chars().filter(|c| c.is_alphabetic()).count() >= 2 && w.chars().all(|c| !c.is_lowercase())
    };
    let start = if words.iter().any(&capital) && !words.iter().all(capital) {
        words.iter().position(capital)
    } else {
        None
    };
    let (family, first): (Vec<&str>, Vec<&str>) = match start {
        Some(s) => {
            let end = s + words.iter().skip(s).take_while(|w| capital(w)).count();
            let family = words.get(s..end).unwrap_or_default().to_vec();
            let mut first = words.get(..s).unwrap_or_default().to_vec();
            first.extend_from_slice(words.get(end..).unwrap_or_default());
            (family, first)
        }
        None => {
            let s = (1..words.len())
                .find(|&i| {
                    words
                        .get(i)
                        .is_some_and(|w| PARTICLES.contains(&w.to_lowercase().as_str()))
                        && i + 1 < words.len()
                })
                .unwrap_or(words.len() - 1);
            (
                words.get(s..).unwrap_or_default().to_vec(),
                words.get(..s).unwrap_or_default().to_vec(),
            )
        }
    };
    (family.join(" "), first.join(" "))
}

/// What follows the rank, each field read by what it holds: digits are the EGD PIN, two
/// letters the country, anything else the club (words of one field joined).
fn after_rank(fields: &[String], read: &mut Vec<(ListColumn, String)>) {
    let mut club: Vec<&str> = Vec::new();
    let set = |read: &mut Vec<(ListColumn, String)>, column, text: &str| {
        if !read.iter().any(|(c, _)| *c == column) {
            read.push((column, text.to_string()));
            true
        } else {
            false
        }
    };
    for f in fields.iter().map(|f| f.trim()).filter(|f| !f.is_empty()) {
        let letters = f.chars().count() == 2 && f.chars().all(|c| c.is_ascii_alphabetic());
        let taken = if f.len() >= 3 && f.chars().all(|c| c.is_ascii_digit()) {
            set(read, ListColumn::EgdPin, f)
        } else if letters {
            set(read, ListColumn::Country, &f.to_uppercase())
        } else {
            false
        };
        if !taken {
            club.push(f);
        }
    }
    if !club.is_empty() {
        read.push((ListColumn::Club, club.join(" ")));
    }
}

/// Reads a line without a header into its columns, in the order read. A line with no rank in
/// it reads its fields as name, first name, rank (empty), club, country, EGD PIN.
pub fn read_line(line: &str) -> Vec<(ListColumn, String)> {
    let fields = match line_separator(line) {
        Some(sep) => split_fields(line, sep),
        None => vec![line.trim().to_string()],
    };
    let mut read = Vec::new();
    let Some((at, word)) = find_rank(&fields) else {
        let (name, first) = match fields.as_slice() {
            [one] => split_name(one),
            [name, first, ..] => (name.clone(), first.clone()),
            [] => (String::new(), String::new()),
        };
        read.push((ListColumn::Name, name));
        read.push((ListColumn::FirstName, first));
        read.push((ListColumn::Rank, String::new()));
        after_rank(fields.get(2..).unwrap_or_default(), &mut read);
        return read;
    };
    let mut before: Vec<String> = fields.get(..at).unwrap_or_default().to_vec();
    let mut after: Vec<String> = fields.get(at + 1..).unwrap_or_default().to_vec();
    let field = fields.get(at).cloned().unwrap_or_default();
    let rank = match word {
        None => field,
        Some(w) => {
            let ws = words(&field);
            let joined = |range: &[String]| range.join(" ");
            let head = joined(ws.get(..w).unwrap_or_default());
            let tail: Vec<String> = ws.get(w + 1..).unwrap_or_default().to_vec();
            if !head.is_empty() {
                before.push(head);
            }
            after.splice(0..0, tail);
            ws.get(w).cloned().unwrap_or_default()
        }
    };
    let (name, first) = match before.as_slice() {
        [] => (String::new(), String::new()),
        [one] => split_name(one),
        [name, rest @ ..] => {
            let rest: Vec<&str> = rest
                .iter()
                .map(|f| f.trim())
                .filter(|f| !f.is_empty())
                .collect();
            (name.clone(), rest.join(" "))
        }
    };
    read.push((ListColumn::Name, name));
    read.push((ListColumn::FirstName, first));
    read.push((ListColumn::Rank, rank_word(&rank).unwrap_or(rank)));
    after_rank(&after, &mut read);
    read
}
