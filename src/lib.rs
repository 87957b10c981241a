//! Go tournament scorekeeper: a clock, board entry and counting wizard that share one game record.

pub mod core;

#[cfg(target_arch = "wasm32")]
pub mod app;
