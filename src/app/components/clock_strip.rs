//! The game's tabs as the clock's strip carries them, where the frame's header and tabs give
//! way to the faces: all games, the four views, the SGF.

use leptos::prelude::*;
use leptos_router::components::A;

use crate::core::text::t;

/// The way out of the clock, compact.
#[component]
pub fn GameTabs(id: Memo<String>) -> impl IntoView {
    view! {
        <nav class="strip-tabs" aria-label=t("Views of this game")>
            <a href="/" class="strip-button" aria-label=t("All games")>"◀"</a>
            <A href=move || format!("/game/{}/clock", id.get())>{t("Clock")}</A>
            <A href=move || format!("/game/{}/board", id.get())>{t("Board")}</A>
            <A href=move || format!("/game/{}/count", id.get())>{t("Count")}</A>
            <A href=move || format!("/game/{}/result", id.get())>{t("Result")}</A>
            <a class="strip-button" href=move || format!("/sgf?game={}", id.get())>"SGF"</a>
        </nav>
    }
}
