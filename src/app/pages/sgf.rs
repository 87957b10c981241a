//! SGF in and out: paste or pick a file to import a game, or see, copy, download or share the
//! SGF of a stored game. A failed import says what is wrong and where, and touches nothing.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use wasm_bindgen::prelude::Closure;

use crate::app::device;
use crate::app::state::use_app;
use crate::app::time::now_ms;
use crate::core::sgf;

/// The import and export screen.
#[component]
pub fn SgfPage() -> impl IntoView {
    let app = use_app();
    let query = use_query_map();
    let game_id = query.with_untracked(|q| q.get("game"));
    let exported = game_id
        .as_deref()
        .and_then(|id| app.with_game(id, |r| sgf::export_at(r, now_ms())));
    let is_export = exported.is_some();
    let text = RwSignal::new(exported.clone().unwrap_or_default());
    let message = RwSignal::new(None::<(bool, String)>);
    let navigate = use_navigate();

    let import = move |_| {
        let source = text.get_untracked();
        match sgf::import(&source) {
            Ok(record) => {
                let id = app.create(record);
                navigate(&format!("/game/{id}/board"), Default::default());
            }
            Err(e) => message.set(Some((
                false,
                format!("This SGF could not be imported: {e}. Nothing was changed."),
            ))),
        }
    };

    let on_file = move |ev: leptos::ev::Event| {
        let Some((_, file)) = device::chosen_file(&ev) else {
            return;
        };
        if file.size() > sgf::MAX_SGF_BYTES as f64 {
            message.set(Some((
                false,
                "This file is larger than 2 MB; a game record is far smaller. Nothing was changed."
                    .into(),
            )));
            return;
        }
        let on_text = Closure::once(move |value: wasm_bindgen::JsValue| {
            text.set(value.as_string().unwrap_or_default());
            message.set(Some((true, "File read: check it and press Import.".into())));
        });
        let on_error = Closure::once(move |_: wasm_bindgen::JsValue| {
            message.set(Some((false, "The file could not be read.".into())));
        });
        let _ = file.text().then2(&on_text, &on_error);
        on_text.forget();
        on_error.forget();
    };

    let file_name = game_id
        .as_deref()
        .and_then(|id| {
            app.with_game(id, |r| {
                format!(
                    "{}-{}-{}.sgf",
                    r.settings.created,
                    safe(&r.settings.black),
                    safe(&r.settings.white)
                )
            })
        })
        .unwrap_or_else(|| "game.sgf".into());
    let download = move |_| {
        if let Err(e) = device::download(&file_name, &text.get_untracked(), "application/x-go-sgf")
        {
            message.set(Some((false, e)));
        }
    };
    let copy = move |_| {
        if device::copy_text(&text.get_untracked()) {
            message.set(Some((true, "Copied.".into())));
        } else {
            message.set(Some((
                false,
                "This browser gives no clipboard here: select the text and copy it, or download \
                 it."
                .into(),
            )));
        }
    };
    let share = move |_| {
        if !device::share_text("Go game record", &text.get_untracked()) {
            message.set(Some((
                false,
                "Sharing is not available here: download or copy instead.".into(),
            )));
        }
    };

    view! {
        <main>
            <h1>{if is_export { "Game record (SGF)" } else { "Import a game (SGF)" }}</h1>
            <a class="button" href=game_id.as_ref().map(|id| format!("/game/{id}/board")).unwrap_or_else(|| "/".into())>
                "◀ Back"
            </a>
            <div class="stack">
                <label>
                    "SGF"
                    <textarea
                        data-testid="sgf-text"
                        rows="10"
                        spellcheck="false"
                        prop:value=move || text.get()
                        on:input=move |ev| text.set(event_target_value(&ev))
                    ></textarea>
                </label>
                {move || message.get().map(|(ok, m)| view! {
                    <p class=if ok { "banner" } else { "banner error" } role="alert" data-testid="sgf-message">{m}</p>
                })}
                <div class="row">
                    <button class="primary" on:click=import>"Import"</button>
                    <label class="button">
                        "Open a file"
                        <input type="file" class="visually-hidden" accept=".sgf,application/x-go-sgf,text/plain" on:change=on_file />
                    </label>
                </div>
                {exported.is_some().then(|| view! {
                    <div class="row">
                        <button on:click=download>"Download"</button>
                        <button on:click=copy>"Copy"</button>
                        <button on:click=share>"Share"</button>
                    </div>
                })}
            </div>
        </main>
    }
}

fn safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .take(30)
        .collect();
    if s.is_empty() { "player".into() } else { s }
}
