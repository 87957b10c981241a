//! A route the app does not know.

use leptos::prelude::*;

/// Shown for an unknown address.
#[component]
pub fn NotFound() -> impl IntoView {
    view! {
        <main>
            <h1>"Page not found"</h1>
            <p>"This address is not part of the scorekeeper."</p>
            <a class="button primary" href="/">"Go to your games"</a>
        </main>
    }
}
