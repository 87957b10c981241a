//! The browser build keeps its relocations (`--emit-relocs`): the release pipeline
//! (`scripts/split.mjs`) needs them to cut the module into the main module and the screens
//! loaded on first use. Only the final link of the app changes, so the dependencies' builds
//! are shared with the native ones' settings untouched.
//!
//! The languages the app offers are English and each file `lang/CODE.txt`, named by its
//! `@name` line (`core::text::LANGUAGES`): a new language is one new file.
use std::fmt::Write;

fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bins=--emit-relocs");
    }
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=lang");
    let mut files: Vec<_> = std::fs::read_dir("lang")
        .map(|dir| dir.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    let mut list = String::from("[Language { code: \"en\", name: \"English\" }");
    for path in files {
        if path.extension().and_then(|e| e.to_str()) != Some("txt") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let Some(code) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let name = text
            .lines()
            .find_map(|l| l.strip_prefix("@name "))
            .unwrap_or(code)
            .trim();
        let _ = write!(list, ", Language {{ code: {code:?}, name: {name:?} }}");
    }
    list.push(']');
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    let _ = std::fs::write(out.join("languages.rs"), list);
}
