//! The storage space screen: how much room the games take, whether the browser keeps them,
//! and what can go to make room: finished games, biggest and oldest first, each to export
//! and delete, and the values kept aside, to download and then delete.

use std::collections::HashMap;

use leptos::prelude::*;

use crate::app::components::banners::{SaveErrorBanner, StorageLine, size_text};
use crate::app::device;
use crate::app::state::use_app;
use crate::app::storage::{self, StoredGame};
use crate::core::text::{t, tf};

/// What can be exported and deleted to make room.
#[component]
pub fn SpacePage() -> impl IntoView {
    let app = use_app();
    // Measured again whenever games change or kept values go.
    let cleared = RwSignal::new(0u32);
    let usage = Memo::new(move |_| {
        app.games.track();
        cleared.track();
        storage::usage()
    });
    let finished = Memo::new(move |_| {
        let results: HashMap<String, String> = app
            .summaries()
            .into_iter()
            .filter_map(|s| Some((s.id, s.result?)))
            .collect();
        let mut list: Vec<(StoredGame, String, usize)> = app.games.with(|games| {
            games
                .iter()
                .filter_map(|g| results.get(&g.id).map(|r| (g.clone(), r.clone())))
                .map(|(g, r)| {
                    let size = usage.with(|u| u.of_game(&g.id));
                    (g, r, size)
                })
                .collect()
        });
        list.sort_by_key(|(g, _, size)| (std::cmp::Reverse(*size), g.created_ms));
        list
    });
    let downloaded = RwSignal::new(false);
    let download_kept = move |_| {
        let kept = storage::quarantined_values();
        let json = crate::core::store::json::to_pretty(&kept);
        if device::download("scorekeeper-kept-values.json", &json, "application/json").is_ok() {
            downloaded.set(true);
        }
    };
    let delete_kept = move |_| {
        storage::delete_kept_values();
        app.problems.update(|p| p.retain(|p| p.kept_as.is_none()));
        cleared.update(|n| *n += 1);
        app.retry_unsaved();
    };
    view! {
        <main>
            <header class="game-header">
                <a href="/" class="button" aria-label=t("All games")>"◀"</a>
                <h1 class="grow">{t("Storage space")}</h1>
            </header>
            <SaveErrorBanner />
            <StorageLine />
            {move || app.last_deleted.get().map(|g| view! {
                <div class="banner row" role="status">
                    <span class="grow">{t("Game deleted.")}</span>
                    <button on:click=move |_| app.restore(g.clone())>{t("Undo")}</button>
                </div>
            })}
            <h2>{t("Finished games, biggest first")}</h2>
            <p class="muted">{t("Export a game (SGF) before deleting it; a deleted game can be brought back until the next delete.")}</p>
            {move || {
                let list = finished.get();
                if list.is_empty() {
                    return view! { <p class="muted">{t("No finished games.")}</p> }.into_any();
                }
                view! {
                    <ul class="game-list">
                        {list
                            .into_iter()
                            .map(|(game, result, size)| view! { <SpaceRow game result size /> }.into_any())
                            .collect_view()}
                    </ul>
                }
                .into_any()
            }}
            <h2>{t("Values kept aside")}</h2>
            {move || {
                let (count, chars) = usage.with(|u| (u.kept_count, u.kept_chars));
                if count == 0 {
                    return view! { <p class="muted">{t("None.")}</p> }.into_any();
                }
                view! {
                    <p data-testid="kept-values">
                        {if count == 1 {
                            tf(
                                "1 value that could not be read or was set aside take {}. Download them, then delete them.",
                                &[&size_text(chars)],
                            )
                        } else {
                            tf(
                                "{} values that could not be read or were set aside take {}. Download them, then delete them.",
                                &[&count, &size_text(chars)],
                            )
                        }}
                    </p>
                    <div class="row">
                        <button on:click=download_kept>{t("Download the kept values")}</button>
                        <button class="danger" disabled=move || !downloaded.get() on:click=delete_kept>
                            {t("Delete the kept values")}
                        </button>
                    </div>
                }
                .into_any()
            }}
        </main>
    }
}

#[component]
fn SpaceRow(game: StoredGame, result: String, size: usize) -> impl IntoView {
    let app = use_app();
    let s = &game.record.settings;
    let title = format!(
        "{} – {}",
        or(&s.black, t("Black")),
        or(&s.white, t("White"))
    );
    let detail = format!(
        "{} · {} · {}",
        crate::core::history::Date::shown_from(&s.created),
        result,
        size_text(size)
    );
    let export = format!("/sgf?game={}", game.id);
    let deleted = game.clone();
    view! {
        <li class="card row game-row" data-testid="space-row">
            <div class="grow">
                <div class="title">{title.clone()}</div>
                <div class="muted">{detail}</div>
            </div>
            <a class="button" href=export aria-label=tf("Export the game {}", &[&title])>"SGF"</a>
            <button
                class="danger"
                aria-label=tf("Delete the game {}", &[&title])
                on:click=move |_| {
                    app.delete(&deleted.id);
                    app.last_deleted.set(Some(deleted.clone()));
                }
            >
                {t("Delete")}
            </button>
        </li>
    }
}

fn or<'a>(name: &'a str, fallback: &'a str) -> &'a str {
    if name.trim().is_empty() {
        fallback
    } else {
        name
    }
}
