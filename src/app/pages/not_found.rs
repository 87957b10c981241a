//! A route the app does not know.

use leptos::prelude::*;

use crate::core::text::t;

/// Shown for an unknown address.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <main>
            <h1>{t("Page not found")}</h1>
            <p>{t("This address is not part of the scorekeeper.")}</p>
            <a class="button primary" href="/">{t("Go to your games")}</a>
        </main>
    }
}
