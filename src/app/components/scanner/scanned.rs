//! A code the scanner read, as a page gets it, and what the scanner does with each new code:
//! shared by the first load (a page opens the scanner with them) and the scanner's piece.

use leptos::prelude::*;

/// A code the camera read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scanned {
    /// The text the code holds.
    pub text: String,
    /// Where the code leads inside this app, as a path with its query and fragment
    /// (`/new?preset=…`, `/handover#G2-…`), when it is a link of this app: a full link on the
    /// app's own origin, or a path starting with one `/`. `None` for anything else (another
    /// site, plain text), which a page shows and never opens.
    pub app_path: Option<String>,
}

/// What the scanner does with each new code.
#[derive(Clone, Copy)]
pub enum OnCode {
    /// Opens a code of this app in the app (so what it brings lands in this app's storage) and
    /// says of any other code that it is not this app's: the home screen's scanner.
    OpenLinks,
    /// Hands each code to the page, which returns what to say of it under the code in the
    /// scanner's list (`None`: nothing).
    Page(Callback<Scanned, Option<String>>),
}
