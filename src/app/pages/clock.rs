//! The clock view.

use leptos::prelude::*;

use crate::app::pages::game::use_game_id;
use crate::app::state::use_app;

/// Two halves, one per player.
#[component]
pub fn ClockPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let settings = Memo::new(move |_| app.game(&id.get()).map(|r| r.settings));
    let name = move |black: bool| {
        settings.with(|s| {
            s.as_ref()
                .map(|s| {
                    if black {
                        s.black.clone()
                    } else {
                        s.white.clone()
                    }
                })
                .unwrap_or_default()
        })
    };
    view! {
        <section class="clock" aria-label="Clock">
            <div class="clock-half top" data-testid="clock-white" data-state="waiting">
                <span class="who">"White " {move || name(false)}</span>
                <span class="time">"–"</span>
            </div>
            <div class="clock-half" data-testid="clock-black" data-state="waiting">
                <span class="who">"Black " {move || name(true)}</span>
                <span class="time">"–"</span>
            </div>
        </section>
    }
}
