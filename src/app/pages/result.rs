//! The result shown to a referee.

use leptos::prelude::*;

/// The final result.
#[component]
pub fn ResultPage() -> impl IntoView {
    view! {
        <section class="placeholder" aria-label="Result">
            <h1>"Result"</h1>
        </section>
    }
}
