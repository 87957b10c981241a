//! The counting wizard.

use leptos::prelude::*;

/// The end of the game: agreement on groups and the count.
#[component]
pub fn CountPage() -> impl IntoView {
    view! {
        <section class="placeholder" aria-label="Count">
            <h1>"Count"</h1>
        </section>
    }
}
