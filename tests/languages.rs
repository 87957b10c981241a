//! Every text a player can read is written in English in the code as `t("…")` or
//! `tf("…", …)`; each language file `lang/CODE.txt` must translate every one of them, with the
//! same placeholders, and nothing the code no longer says. This test reads the code itself, so
//! a new text without its Dutch fails here before any player sees English in a Dutch app.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use scorekeeper::core::text::{LANGUAGES, Words, placeholders};

/// The Rust files under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The Rust string literal at the start of `code` (after its opening quote), unescaped, and
/// whether it closed.
fn literal(code: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' => out.push('\\'),
                '"' => out.push('"'),
                '\'' => out.push('\''),
                '\n' => {
                    // A line continuation: the next line's leading spaces are not text.
                    let rest: String = chars.clone().collect();
                    let skipped = rest.len() - rest.trim_start().len();
                    for _ in 0..rest[..skipped].chars().count() {
                        chars.next();
                    }
                }
                other => {
                    out.push('\\');
                    out.push(other);
                }
            },
            c => out.push(c),
        }
    }
    None
}

/// Every text the code gives to `t` or `tf`, or marks with `kept` (a reason the record keeps in
/// English and the screen shows translated), with the file it is in.
fn texts_of_the_code() -> Vec<(String, String)> {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let code = fs::read_to_string(&file).unwrap();
        // What players read: not the tests at the end of a file, nor comments.
        let code = code.split("#[cfg(test)]\nmod ").next().unwrap_or("");
        let code: String = code
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .flat_map(|l| [l, "\n"])
            .collect();
        for call in ["t(", "tf(", "kept("] {
            let mut from = 0;
            while let Some(at) = code[from..].find(call) {
                let start = from + at;
                from = start + call.len();
                // `t(` only as a name of its own (not `set(` or `.t(`).
                let before = code[..start].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let rest = code[from..].trim_start();
                let Some(rest) = rest.strip_prefix('"') else {
                    continue;
                };
                if let Some(text) = literal(rest) {
                    found.push((text, file.display().to_string()));
                }
            }
        }
    }
    found
}

#[test]
fn the_code_gives_its_texts_to_the_translation() {
    let texts = texts_of_the_code();
    // The scan itself is checked: it finds texts of the app and of the core.
    assert!(texts.len() > 100, "only {} texts found", texts.len());
    assert!(texts.iter().any(|(_, f)| f.contains("core")));
    assert!(texts.iter().any(|(_, f)| f.contains("app")));
}

#[test]
fn every_language_file_translates_every_text_of_the_code_and_nothing_else() {
    let texts = texts_of_the_code();
    let wanted: BTreeSet<&str> = texts.iter().map(|(t, _)| t.as_str()).collect();
    assert!(LANGUAGES.len() >= 2, "English and at least Dutch");
    let mut problems = Vec::new();
    for language in &LANGUAGES[1..] {
        let path = format!("lang/{}.txt", language.code);
        let file = fs::read_to_string(&path).unwrap();
        let words = match Words::parse(language.code, &file) {
            Ok(w) => w,
            Err(e) => panic!("{path}: {e}"),
        };
        for (text, where_) in &texts {
            match words.get(text) {
                None => problems.push(format!("{path}: missing {text:?} (from {where_})")),
                Some(said) if placeholders(said) != placeholders(text) => problems.push(format!(
                    "{path}: {text:?} has {} placeholders, its translation {said:?} has {}",
                    placeholders(text),
                    placeholders(said)
                )),
                Some(_) => {}
            }
        }
        let mut stale: Vec<&str> = words.keys().filter(|k| !wanted.contains(k)).collect();
        stale.sort();
        for text in stale {
            problems.push(format!("{path}: {text:?} is no longer in the code"));
        }
    }
    problems.dedup();
    assert!(
        problems.is_empty(),
        "{} problems:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_scan_reads_literals_as_rust_does() {
    assert_eq!(literal(r#"a \"b\" c" rest"#).as_deref(), Some("a \"b\" c"));
    assert_eq!(literal("one\\ntwo\""), Some("one\ntwo".into()));
    assert_eq!(literal("joined \\\n     on\""), Some("joined on".into()));
    assert_eq!(literal("open"), None);
}
