//! The board view.

use leptos::prelude::*;

use crate::app::pages::game::use_game_id;
use crate::app::state::use_app;

/// The board of the game.
#[component]
pub fn BoardPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let size = Memo::new(move |_| app.with_game(&id.get(), |r| r.settings.size).unwrap_or(19));
    view! {
        <section class="placeholder" aria-label="Board">
            <p data-testid="board-size">{move || format!("{0}×{0} board", size.get())}</p>
        </section>
    }
}
