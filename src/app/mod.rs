//! The browser app (Leptos): pages, components and the one storage adapter.

/// Mounts the app into the page.
pub fn start() {}
