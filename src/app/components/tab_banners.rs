//! Warnings about other tabs or windows on the same game: it was changed there (this tab no
//! longer writes it), or it is shown there too.

use leptos::prelude::*;

use crate::app::device;
use crate::app::state::use_app;
use crate::core::text::t;

/// Shown while another tab or window has changed game `id`: this tab keeps its own changes in
/// memory, never writes them over the other's, and offers to read the latest record or to
/// export what it has.
#[component]
pub fn ChangedElsewhereBanner(id: Memo<String>) -> impl IntoView {
    let app = use_app();
    let problem = RwSignal::new(None::<String>);
    let changed = Memo::new(move |_| {
        let id = id.get();
        app.saves.changed_elsewhere.with(|c| c.contains(&id))
    });
    let reload = move |_| match app.reload(&id.get_untracked()) {
        Ok(()) => problem.set(None),
        Err(e) => problem.set(Some(e)),
    };
    let download = move |_| {
        let id = id.get_untracked();
        let json = app.with_game(&id, crate::core::store::json::to_pretty);
        let outcome = match json {
            Some(json) => device::download(
                &format!("scorekeeper-{id}-this-tab.json"),
                &json,
                "application/json",
            ),
            None => Err(t("This tab has no copy of the game.").into()),
        };
        problem.set(outcome.err());
    };
    view! {
        <Show when=move || changed.get()>
            <div class="banner error" role="alert" data-testid="changed-elsewhere">
                <p>
                    <strong>{t("This game was changed in another tab or window.")}</strong>
                    " "
                    {t("Reload to continue with the latest record. Changes made here since are not saved; reloading keeps them aside, or export them first.")}
                </p>
                <div class="row">
                    <button class="primary" on:click=reload>{t("Reload the game")}</button>
                    <button on:click=download>{t("Download this tab's record")}</button>
                    <a class="button" href=move || format!("/sgf?game={}", id.get())>{t("SGF of this tab")}</a>
                </div>
                {move || problem.get().map(|p| view! { <p>{p}</p> })}
            </div>
        </Show>
    }
}

/// Shown while another tab or window shows game `id` too.
#[component]
pub fn OpenElsewhereBanner(id: Memo<String>) -> impl IntoView {
    let app = use_app();
    let shown = Memo::new(move |_| {
        let id = id.get();
        app.open_elsewhere.with(|o| o.contains(&id))
    });
    view! {
        <Show when=move || shown.get()>
            <div class="banner" role="status" data-testid="open-elsewhere">
                <p>
                    {t("This game is open in another tab or window too. Keep it in one only: a change in one stops the other from saving.")}
                </p>
            </div>
        </Show>
    }
}
