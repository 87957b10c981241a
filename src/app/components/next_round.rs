//! The next round from the result screen: a new game with the same settings, the names kept
//! and the colours swapped if asked, in one tap.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::app::state::use_app;
use crate::app::time::{now_ms, today};
use crate::core::new_game;
use crate::core::text::t;

/// The button and its one choice.
#[component]
pub fn NextRound(id: Memo<String>) -> impl IntoView {
    let app = use_app();
    let swap = RwSignal::new(false);
    let error = RwSignal::new(None::<String>);
    let navigate = use_navigate();
    let start = move |_| {
        let next = app.with_game(&id.get_untracked(), |r| {
            new_game::next_round(&r.settings, swap.get_untracked(), &today(), now_ms())
        });
        match next {
            Some(Ok(record)) => {
                let id = app.create(record);
                navigate(&format!("/game/{id}/clock"), Default::default());
            }
            Some(Err(e)) => error.set(Some(e)),
            None => error.set(Some(t("This game is no longer on this phone.").into())),
        }
    };
    view! {
        <div class="card stack next-round">
            <label class="check">
                <input type="checkbox" prop:checked=move || swap.get()
                    on:change=move |ev| swap.set(event_target_checked(&ev)) />
                {t("Swap colours")}
            </label>
            <button class="primary" on:click=start>{t("Next round")}</button>
            {move || error.get().map(|e| view! { <p class="field-error" role="alert">{e}</p> })}
        </div>
    }
}
