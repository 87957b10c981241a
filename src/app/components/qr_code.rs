//! A link drawn as a QR code (SVG), black on white with its quiet zone whatever the theme, as
//! large as the screen allows, for a phone's camera to read at arm's length.

use leptos::prelude::*;

use crate::core::link::qr::{self, QUIET};
use crate::core::text::tf;

/// Where the app is served, for the links its codes carry.
pub fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// The QR code of `link`, or why it cannot be drawn.
#[component]
pub fn QrCode(
    /// What the code holds.
    #[prop(into)]
    link: Signal<String>,
    /// The code's `data-testid`.
    testid: &'static str,
    /// What the code is, for screen readers.
    label: &'static str,
) -> impl IntoView {
    let code = Memo::new(move |_| link.with(|l| qr::code(l)));
    move || match code.get() {
        Ok(code) => {
            let side = code.size + 2 * QUIET;
            view! {
                <svg
                    class="qr"
                    data-testid=testid
                    data-version=code.version
                    data-level=code.level.to_string()
                    viewBox=format!("0 0 {side} {side}")
                    role="img"
                    aria-label=label
                    shape-rendering="crispEdges"
                >
                    <rect width=side height=side fill="#fff" />
                    <path d=code.path fill="#000" />
                </svg>
            }
            .into_any()
        }
        Err(why) => view! { <p class="message" role="alert">{tf("No QR code: {}.", &[&why])}</p> }
            .into_any(),
    }
}
