//! The home screen: games in progress and finished, and a button to start a new game.

use leptos::prelude::*;

use crate::app::components::banners::{SaveErrorBanner, StorageLine, StorageProblemsBanner};
use crate::app::state::use_app;
use crate::app::storage::StoredGame;
use crate::app::sw;
use crate::app::time::now_ms;
use crate::core::count::CountState;

/// Lists the games on this phone.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    // Each game's result is derived once per change; both lists and the rows read it.
    let rows = Memo::new(move |_| {
        app.games.with(|gs| {
            gs.iter()
                .map(|g| (g.clone(), result(g)))
                .collect::<Vec<_>>()
        })
    });
    let in_progress = Memo::new(move |_| {
        rows.with(|rs| rs.iter().filter(|(_, r)| r.is_none()).cloned().collect())
    });
    let finished = Memo::new(move |_| {
        rows.with(|rs| rs.iter().filter(|(_, r)| r.is_some()).cloned().collect())
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
            {move || app.last_deleted.get().map(|g| view! {
                <div class="banner row" role="status">
                    <span class="grow">"Game deleted."</span>
                    <button on:click=move |_| app.restore(g.clone())>"Undo"</button>
                </div>
            })}
            <div class="row">
                <a class="button primary" href="/new" data-testid="new-game">
                    "New game"
                </a>
                <a class="button" href="/sgf">
                    "Import SGF"
                </a>
            </div>
            <h2>"In progress"</h2>
            <GameList games=in_progress empty="No game in progress." />
            <h2>"Finished"</h2>
            <GameList games=finished empty="No finished games yet." />
            <StorageLine linked=true />
        </main>
    }
}

#[component]
fn GameList(games: Memo<Vec<(StoredGame, Option<String>)>>, empty: &'static str) -> impl IntoView {
    move || {
        let list = games.get();
        if list.is_empty() {
            return view! { <p class="muted">{empty}</p> }.into_any();
        }
        view! {
            <ul class="game-list">
                {list
                    .into_iter()
                    .map(|(game, result)| view! { <GameRow game=game result=result /> })
                    .collect_view()}
            </ul>
        }
        .into_any()
    }
}

#[component]
fn GameRow(game: StoredGame, result: Option<String>) -> impl IntoView {
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
        result.map(|r| format!(" · {r}")).unwrap_or_default()
    );
    let href = format!("/game/{}/clock", game.id);
    let app = use_app();
    let deleted = game.clone();
    view! {
        <li class="card row game-row" data-testid="game-row">
            <a href=href class="grow">
                <div class="title">{title.clone()}</div>
                <div class="muted">{detail}</div>
            </a>
            <button
                class="danger"
                aria-label=format!("Delete the game {title}")
                on:click=move |_| {
                    app.delete(&deleted.id);
                    app.last_deleted.set(Some(deleted.clone()));
                }
            >
                "Delete"
            </button>
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

/// The result of a game as the record decides it (count, resignation, time, referee), else
/// one known from an import.
fn result(game: &StoredGame) -> Option<String> {
    CountState::of(&game.record, now_ms())
        .ok()
        .and_then(|c| c.result())
        .or_else(|| game.record.settings.result.clone())
}
