//! Entry point of the browser app; natively it does nothing (the core is tested with `cargo test`).

fn main() {
    #[cfg(target_arch = "wasm32")]
    scorekeeper::app::start();
}
