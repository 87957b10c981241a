//! The words a player reads, in the player's language. English is written in the code itself,
//! each text wrapped in `t("…")` (or `tf("… {} …", …)` when it holds values); another language
//! is one file `lang/CODE.txt` that gives each English text its translation, fetched when the
//! app starts in that language, so an English player never loads it. The build lists the
//! files it finds (`LANGUAGES`), and a native test fails when a text of the code is missing
//! from a file or a file's placeholders differ from the English.
//!
//! A language file:
//!
//! ```text
//! @name Nederlands
//! @decimal ,
//! @voice nl-NL
//! @date {d}-{m}-{y}
//!
//! # The clock
//! Black confirms
//! = Zwart bevestigt
//! ```
//!
//! A line of English, then its translation on the next line after `= `. `\n` stands for a line
//! break. Placeholders are `{}`, filled in order; a translation may name them by position
//! (`{1} … {0}`) when its word order differs.

use std::cell::RefCell;
use std::collections::HashMap;
use std::fmt::{self, Display};

/// A language the app can be shown in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// The language's code (`nl`), the name of its file and of `<html lang>`.
    pub code: &'static str,
    /// The language's own name for itself, as offered in the choice.
    pub name: &'static str,
}

/// English, written in the code, then every language file the build found.
pub const LANGUAGES: &[Language] = &include!(concat!(env!("OUT_DIR"), "/languages.rs"));

/// The language whose code best fits one of the browser's preferred languages (`nl-BE` is
/// Dutch), in the browser's order; English when none fits.
pub fn best_for(preferred: &[String]) -> &'static Language {
    preferred
        .iter()
        .find_map(|tag| {
            let primary = tag
                .split(['-', '_'])
                .next()
                .unwrap_or("")
                .to_ascii_lowercase();
            LANGUAGES.iter().find(|l| l.code == primary)
        })
        .unwrap_or(&LANGUAGES[0])
}

/// The language with `code`, if the app has it.
pub fn by_code(code: &str) -> Option<&'static Language> {
    LANGUAGES.iter().find(|l| l.code == code)
}

/// One language's words: its translations and how it writes numbers, dates and speech.
#[derive(Debug)]
pub struct Words {
    /// The language's code.
    pub code: String,
    /// The decimal separator: `.` in English, `,` in Dutch.
    pub decimal: char,
    /// The voice the browser speaks the count with (`nl-NL`).
    pub voice: String,
    /// How a date is written: `{y}`, `{m}` and `{d}` in the language's order.
    pub date: String,
    /// Each English text with its translation.
    map: HashMap<String, String>,
}

/// A language file that cannot be read, with the line at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WordsError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong there.
    pub what: &'static str,
}

impl Display for WordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

impl Words {
    /// The words of English, the code's own.
    pub fn english() -> Words {
        Words {
            code: "en".into(),
            decimal: '.',
            voice: "en".into(),
            date: "{y}-{m}-{d}".into(),
            map: HashMap::new(),
        }
    }

    /// Reads a language file (see the module's documentation).
    pub fn parse(code: &str, text: &str) -> Result<Words, WordsError> {
        let mut words = Words::english();
        words.code = code.into();
        words.voice = code.into();
        let mut english: Option<(usize, String)> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let at = |what| WordsError { line, what };
            let trimmed = raw.trim_end();
            if let Some(said) = trimmed.strip_prefix("= ").or(trimmed.strip_prefix('=')) {
                let Some((_, key)) = english.take() else {
                    return Err(at("a translation with no English line before it"));
                };
                if words.map.insert(key, unescape(said)).is_some() {
                    return Err(at("this English text is translated twice"));
                }
                continue;
            }
            if english.is_some() {
                return Err(at("an English line with no translation after it"));
            }
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            if let Some(meta) = trimmed.strip_prefix('@') {
                let (name, value) = meta.split_once(' ').unwrap_or((meta, ""));
                match name {
                    "name" => {}
                    "decimal" => {
                        let mut chars = value.chars();
                        match (chars.next(), chars.next()) {
                            (Some(c), None) => words.decimal = c,
                            _ => return Err(at("@decimal takes one character")),
                        }
                    }
                    "voice" => words.voice = value.into(),
                    "date" => words.date = value.into(),
                    _ => return Err(at("unknown @ setting")),
                }
                continue;
            }
            english = Some((line, unescape(trimmed)));
        }
        if let Some((line, _)) = english {
            return Err(WordsError {
                line,
                what: "an English line with no translation after it",
            });
        }
        Ok(words)
    }

    /// The English texts this file translates.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.map.keys().map(String::as_str)
    }

    /// The translation of `english`, if the file has it.
    pub fn get(&self, english: &str) -> Option<&str> {
        self.map.get(english).map(String::as_str)
    }
}

/// `\n` in a language file is a line break.
fn unescape(text: &str) -> String {
    text.replace("\\n", "\n")
}

thread_local! {
    /// The words in use; English until `use_words` sets another language.
    static IN_USE: RefCell<Option<&'static Words>> = const { RefCell::new(None) };
}

/// Shows every text from now on in `words`' language (once, as the app starts: the texts of
/// what is already on screen stay as they were).
pub fn use_words(words: Words) {
    let words: &'static Words = Box::leak(Box::new(words));
    IN_USE.with(|w| *w.borrow_mut() = Some(words));
}

/// Back to English (for tests of one language after another).
pub fn use_english() {
    IN_USE.with(|w| *w.borrow_mut() = None);
}

/// The words in use, if not English.
fn in_use() -> Option<&'static Words> {
    IN_USE.with(|w| *w.borrow())
}

/// The code of the language in use (`en`, `nl`).
pub fn code() -> &'static str {
    in_use().map_or("en", |w| w.code.as_str())
}

/// The voice the count is spoken with.
pub fn voice() -> &'static str {
    in_use().map_or("en", |w| w.voice.as_str())
}

/// `english` in the language in use (itself when the language has no translation for it).
pub fn t(english: &'static str) -> &'static str {
    match in_use() {
        None => english,
        Some(words) => words.get(english).unwrap_or(english),
    }
}

/// A text the app writes into the record in English (a reason it gives for a decision), which
/// the screen shows through [`again`]: written in the code as `kept("…")`, so that every
/// language file translates it too. It is returned as written.
pub const fn kept(english: &'static str) -> &'static str {
    english
}

/// A text the record keeps in English, such as a reason the app wrote for the player (LGC's
/// "Late by 30 minutes or more", see [`kept`]), in the language in use when the language has
/// it; a reason a person typed comes back as typed.
pub fn again(stored: &str) -> &str {
    in_use().and_then(|w| w.get(stored)).unwrap_or(stored)
}

/// The text `english` in the language in use, its `{}` filled with `values` in order (or by
/// the positions a translation names).
pub fn tf(english: &'static str, values: &[&dyn Display]) -> String {
    fill(t(english), values)
}

/// A piece of a template: text as it stands, or a placeholder (`{}`: the next value; `{N}`:
/// value N; a number too large for any value is `None`).
enum Piece<'a> {
    Text(&'a str),
    Next,
    At(Option<usize>),
}

/// The pieces of `template`, in order; a `{` that opens no placeholder is text.
fn pieces(template: &str) -> impl Iterator<Item = Piece<'_>> {
    let mut rest = template;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(open) = rest.find('{') else {
            return Some(Piece::Text(std::mem::take(&mut rest)));
        };
        if open > 0 {
            let (text, after) = rest.split_at(open);
            rest = after;
            return Some(Piece::Text(text));
        }
        let after = &rest[1..];
        match after.find('}') {
            Some(close) if after[..close].chars().all(|c| c.is_ascii_digit()) => {
                rest = &after[close + 1..];
                Some(match close {
                    0 => Piece::Next,
                    _ => Piece::At(after[..close].parse().ok()),
                })
            }
            _ => {
                rest = after;
                Some(Piece::Text("{"))
            }
        }
    })
}

/// `template` with its placeholders filled: `{}` takes the next value, `{N}` value N.
pub fn fill(template: &str, values: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 8 * values.len());
    let mut next = 0;
    for piece in pieces(template) {
        let index = match piece {
            Piece::Text(text) => {
                out.push_str(text);
                continue;
            }
            Piece::Next => {
                next += 1;
                next - 1
            }
            Piece::At(index) => index.unwrap_or(usize::MAX),
        };
        if let Some(value) = values.get(index) {
            out.push_str(&value.to_string());
        }
    }
    out
}

/// How many placeholders `template` has (the most of `{}` counted and `{N}` named).
pub fn placeholders(template: &str) -> usize {
    let (mut count, mut most) = (0, 0);
    for piece in pieces(template) {
        match piece {
            Piece::Text(_) => {}
            Piece::Next => count += 1,
            Piece::At(index) => most = most.max(index.unwrap_or(0) + 1),
        }
    }
    count.max(most)
}

/// A number as the language in use writes it: `3,5` in Dutch.
pub fn number(text: &str) -> String {
    match in_use() {
        Some(words) if words.decimal != '.' => text.replace('.', &words.decimal.to_string()),
        _ => text.to_string(),
    }
}

/// A date as the language in use writes it.
pub fn date(year: impl Display, month: u8, day: u8) -> String {
    let pattern = in_use().map_or("{y}-{m}-{d}", |w| w.date.as_str());
    pattern
        .replace("{y}", &year.to_string())
        .replace("{m}", &format!("{month:02}"))
        .replace("{d}", &format!("{day:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_gives_each_english_text_its_translation() {
        let words = Words::parse(
            "nl",
            "@name Nederlands\n@decimal ,\n@voice nl-NL\n\n# clock\nBlack confirms\n= Zwart bevestigt\nWhite wins by {}\n= Wit wint met {}\nTwo\\nlines\n= Twee\\nregels\n",
        )
        .unwrap();
        assert_eq!(words.get("Black confirms"), Some("Zwart bevestigt"));
        assert_eq!(words.get("Two\nlines"), Some("Twee\nregels"));
        assert_eq!(words.decimal, ',');
        assert_eq!(words.voice, "nl-NL");
        use_words(words);
        assert_eq!(t("Black confirms"), "Zwart bevestigt");
        assert_eq!(
            tf("White wins by {}", &[&number("3.5")]),
            "Wit wint met 3,5"
        );
        assert_eq!(t("Not in the file"), "Not in the file");
        use_english();
        assert_eq!(t("Black confirms"), "Black confirms");
        assert_eq!(number("3.5"), "3.5");
    }

    #[test]
    fn a_broken_file_names_its_line() {
        let e = |text| Words::parse("nl", text).unwrap_err();
        assert_eq!(e("= Zwart").line, 1);
        assert_eq!(e("Black\nWhite\n= Wit").line, 2);
        assert_eq!(e("Black\n= Zwart\nBlack\n= Zwart").line, 4);
        assert_eq!(e("Black").line, 1);
        assert_eq!(e("@decimal ,,").line, 1);
        assert_eq!(e("@colour red").line, 1);
    }

    #[test]
    fn placeholders_are_filled_in_order_or_by_position() {
        assert_eq!(fill("{} by {}", &[&"Black", &3]), "Black by 3");
        assert_eq!(fill("{1} door {0}", &[&"Black", &3]), "3 door Black");
        assert_eq!(fill("a {brace} stays", &[]), "a {brace} stays");
        assert_eq!(placeholders("{} by {}"), 2);
        assert_eq!(placeholders("{1} door {0}"), 2);
        assert_eq!(placeholders("none {x}"), 0);
    }

    #[test]
    fn the_browsers_language_picks_the_app_s() {
        let nl = ["nl-BE".to_string(), "en".to_string()];
        assert_eq!(best_for(&nl).code, "nl");
        assert_eq!(best_for(&["fr-CA".into(), "en-GB".into()]).code, "fr");
        assert_eq!(best_for(&["zh-CN".into()]).code, "zh");
        assert_eq!(best_for(&["it".into(), "en-GB".into()]).code, "en");
        assert_eq!(best_for(&["it".into()]).code, "en");
        assert_eq!(best_for(&[]).code, "en");
    }
}
