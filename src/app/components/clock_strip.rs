//! The game's tabs as the clock's strip carries them, where the frame's header and tabs give
//! way to the faces: all games, the four views, the SGF.

use leptos::prelude::*;
use leptos_router::components::A;

/// The way out of the clock, compact.
#[component]
pub fn GameTabs(id: Memo<String>) -> impl IntoView {
    view! {
        <nav class="strip-tabs" aria-label="Views of this game">
            <a href="/" class="strip-button" aria-label="All games">"◀"</a>
            <A href=move || format!("/game/{}/clock", id.get())>"Clock"</A>
            <A href=move || format!("/game/{}/board", id.get())>"Board"</A>
            <A href=move || format!("/game/{}/count", id.get())>"Count"</A>
            <A href=move || format!("/game/{}/result", id.get())>"Result"</A>
            <a class="strip-button" href=move || format!("/sgf?game={}", id.get())>"SGF"</a>
        </nav>
    }
}
