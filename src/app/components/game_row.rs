//! One game in the game list: who played, when, on what board under which rules, the result,
//! and a link to each of its views.

use leptos::prelude::*;

use crate::app::loading;
use crate::app::state::use_app;
use crate::core::history::{GameStatus, GameSummary};
use crate::core::text::{t, tf};

/// A game in the list, from its summary.
#[component]
pub fn GameRow(summary: GameSummary) -> impl IntoView {
    let app = use_app();
    let id = summary.id.clone();
    let title = summary.players();
    let open = match summary.status {
        GameStatus::InProgress => format!("/game/{id}/clock"),
        GameStatus::Finished => format!("/game/{id}/result"),
    };
    let result = match (&summary.result, &summary.result_words, summary.flag) {
        (Some(re), Some(words), _) => format!("{re} · {words}"),
        (_, _, Some(flag)) => tf("⚑ {}'s flag fell · in progress", &[&flag.shown()]),
        _ => t("In progress").to_string(),
    };
    let link_id = id.clone();
    let view_link = move |view: &'static str, label: &'static str| {
        let href = format!("/game/{link_id}/{view}");
        view! { <a class="button small" href=href>{label}</a> }
    };
    let delete_id = id.clone();
    view! {
        <li class="card game-row" data-testid="game-row" data-game=id.clone()>
            <a href=open class="game-open">
                <div class="title">{title.clone()}</div>
                <div class="muted">{summary.detail()}</div>
                <div data-testid="game-result" class:flag-down=summary.flag.is_some()>{result}</div>
                {summary.problem.clone().map(|p| view! { <div class="field-error">{p}</div> })}
            </a>
            <div class="row game-views">
                {view_link("clock", t("Clock"))}
                {view_link("board", t("Board"))}
                {view_link("count", t("Count"))}
                {view_link("result", t("Result"))}
                <a class="button small" href=format!("/sgf?game={id}")>"SGF"</a>
                <button
                    class="danger small"
                    aria-label=tf("Delete the game {}", &[&title])
                    on:click=move |_| loading::delete(app, delete_id.clone())
                >
                    {t("Delete")}
                </button>
            </div>
        </li>
    }
}
