//! The home screen: games in progress and finished, and a button to start a new game.

use leptos::prelude::*;

use crate::app::components::banners::{SaveErrorBanner, StorageProblemsBanner};
use crate::app::state::use_app;
use crate::app::storage::StoredGame;
use crate::app::sw;

/// Lists the games on this phone.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    let in_progress = Memo::new(move |_| {
        app.games.with(|gs| {
            gs.iter()
                .filter(|g| !is_finished(g))
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let finished = Memo::new(move |_| {
        app.games.with(|gs| {
            gs.iter()
                .filter(|g| is_finished(g))
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    view! {
        <main>
            <h1>"Go Scorekeeper"</h1>
            <StorageProblemsBanner />
            <SaveErrorBanner />
            <Show when=move || app.update_waiting.get()>
                <div class="banner" role="status" data-testid="update-ready">
                    <p>"A new version of the app is ready. It is never switched on during a game."</p>
                    <button class="primary" on:click=move |_| sw::apply_update()>
                        "Update now"
                    </button>
                </div>
            </Show>
            <a class="button primary" href="/new" data-testid="new-game">
                "New game"
            </a>
            <h2>"In progress"</h2>
            <GameList games=in_progress empty="No game in progress." />
            <h2>"Finished"</h2>
            <GameList games=finished empty="No finished games yet." />
        </main>
    }
}

#[component]
fn GameList(games: Memo<Vec<StoredGame>>, empty: &'static str) -> impl IntoView {
    move || {
        let list = games.get();
        if list.is_empty() {
            return view! { <p class="muted">{empty}</p> }.into_any();
        }
        view! {
            <ul class="game-list">
                {list.into_iter().map(|g| view! { <GameRow game=g /> }).collect_view()}
            </ul>
        }
        .into_any()
    }
}

#[component]
fn GameRow(game: StoredGame) -> impl IntoView {
    let s = &game.record.settings;
    let title = format!(
        "{} – {}",
        name_or(&s.black, "Black"),
        name_or(&s.white, "White")
    );
    let detail = format!(
        "{0}×{0} · {1} · {2}{3}",
        s.size,
        s.preset.name(),
        s.created,
        s.result
            .as_ref()
            .map(|r| format!(" · {r}"))
            .unwrap_or_default()
    );
    let href = format!("/game/{}/clock", game.id);
    view! {
        <li class="card" data-testid="game-row">
            <a href=href>
                <div class="title">{title}</div>
                <div class="muted">{detail}</div>
            </a>
        </li>
    }
}

fn name_or<'a>(name: &'a str, fallback: &'a str) -> &'a str {
    if name.trim().is_empty() {
        fallback
    } else {
        name
    }
}

fn is_finished(game: &StoredGame) -> bool {
    game.record.settings.result.is_some()
}
