//! The browser build keeps its relocations (`--emit-relocs`): the release pipeline
//! (`scripts/split.mjs`) needs them to cut the module into the main module and the screens
//! loaded on first use. Only the final link of the app changes, so the dependencies' builds
//! are shared with the native ones' settings untouched.
fn main() {
    if std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("wasm32") {
        println!("cargo:rustc-link-arg-bins=--emit-relocs");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
