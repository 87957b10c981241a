//! The table of screens (`src/app/screens.rs`) against the code: every piece the build cuts
//! (each `wasm_split` module) is named in the table once, with its group, and every piece the
//! table names is one the code makes. The router is made from the table and the release build
//! reads its groups from it (`scripts/merge-chunks.mjs`, which stops the build when the pieces
//! built and the table disagree); this test says so natively, before a build.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// The table's rows: piece → (group, whether the table's macro makes its `wasm_split` itself).
fn declared() -> BTreeMap<String, (String, bool)> {
    let text = fs::read_to_string("src/app/screens.rs").expect("src/app/screens.rs");
    let table = &text[text.find("screens! {").expect("the table")..];
    let mut rows = BTreeMap::new();
    let mut section = "";
    for line in table.lines() {
        let line = line.trim();
        if line.starts_with("pieces {") {
            section = "pieces";
        } else if line.starts_with("parts {") || line.ends_with('{') && line.contains('@') {
            section = "made elsewhere";
        }
        let mut words = line.split_whitespace();
        let (Some(group), Some(piece)) = (words.next(), words.next()) else {
            continue;
        };
        if group != "game" && group != "director" {
            continue;
        }
        let (piece, end) = piece.split_at(piece.len() - 1);
        assert!(
            end == ":" || end == ";",
            "a row reads `group piece: …` or `group piece;`: {line}"
        );
        let made_here = section == "pieces";
        let before = rows.insert(piece.to_string(), (group.to_string(), made_here));
        assert!(before.is_none(), "the table names {piece} twice");
    }
    rows
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<(String, String)>) {
    for entry in fs::read_dir(dir).expect("a folder of the source") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = fs::read_to_string(&path).expect("a source file");
            out.push((path.display().to_string(), text));
        }
    }
}

/// The pieces the code cuts with a `#[wasm_split(name, …)]` of its own (not the table's macro).
fn split_in_code() -> BTreeMap<String, String> {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    let mut found = BTreeMap::new();
    for (path, text) in &files {
        for (at, _) in text.match_indices("#[wasm_split(") {
            let rest = &text[at + "#[wasm_split(".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if name.is_empty() || name.starts_with('$') {
                continue;
            }
            // Several functions of one file may share a piece (`app::loading`); two files
            // naming the same piece are two pieces by mistake.
            let before = found.insert(name.clone(), path.clone());
            assert!(
                before.as_ref().is_none_or(|b| b == path),
                "two pieces named {name}: {before:?} and {path}"
            );
        }
    }
    found
}

#[test]
fn every_piece_built_is_declared_once_with_its_group() {
    let table = declared();
    let code = split_in_code();
    for (piece, (group, made_here)) in &table {
        assert!(
            group == "game" || group == "director",
            "{piece}: the group is game or director, not {group}"
        );
        if *made_here {
            assert!(
                !code.contains_key(piece),
                "{piece} is made by the table's macro and again in {}",
                code[piece]
            );
        } else {
            assert!(
                code.contains_key(piece),
                "the table names {piece}, which no `#[wasm_split({piece}, …)]` makes"
            );
        }
    }
    for (piece, path) in &code {
        assert!(
            table.contains_key(piece),
            "{path} makes the piece {piece}, which src/app/screens.rs does not declare"
        );
    }
    let director: BTreeSet<&str> = table
        .iter()
        .filter(|(_, (g, _))| g == "director")
        .map(|(p, _)| p.as_str())
        .collect();
    assert!(director.contains("round") && director.contains("hall"));
}

#[test]
fn the_pieces_compiled_ahead_are_declared() {
    let table = declared();
    let mut files = Vec::new();
    sources(Path::new("src/app"), &mut files);
    let mut named = 0;
    for (path, text) in &files {
        for (at, _) in text.match_indices("compile_ahead(\"") {
            let rest = &text[at + "compile_ahead(\"".len()..];
            let names = &rest[..rest.find('"').expect("a closing quote")];
            for name in names.split_whitespace() {
                named += 1;
                assert!(
                    table.contains_key(name),
                    "{path} compiles ahead {name}, which src/app/screens.rs does not declare"
                );
            }
        }
    }
    assert!(named > 0, "the app compiles some pieces ahead");
}

#[test]
fn the_build_reads_its_groups_from_the_table() {
    let merge = fs::read_to_string("scripts/merge-chunks.mjs").expect("scripts/merge-chunks.mjs");
    assert!(merge.contains("src/app/screens.rs"));
    // No list of pieces by name beside the table.
    for piece in declared().keys() {
        assert!(
            !merge.contains(&format!("\"{piece}\"")),
            "scripts/merge-chunks.mjs names the piece {piece} itself"
        );
    }
}
