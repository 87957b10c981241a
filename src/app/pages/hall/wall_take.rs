//! The wall on a second screen (a laptop or a TV beside the director's phone): it takes the
//! wall the director's phone hands over, offline, as a link opened (`/wall#W2-…`), a code
//! pasted, or the wall's file (`wall-round-N.txt`) chosen, and follows each round as the
//! director hands over the next. A code refused leaves the wall as it was and says why, beside
//! where it was given. The code taken stays in the address, so a reload shows the same wall.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::app::device;
use crate::core::text::{t, tf};
use crate::core::wall_code::{WallBoard, read_wall_code, wall_fragment};

/// The largest wall file read: a wall code of a large tournament is far smaller.
const MAX_WALL_FILE: f64 = 1_000_000.0;

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The wall the address holds (`#W2-…`), if any.
pub fn handed_board() -> Option<WallBoard> {
    let hash = current_hash();
    (hash.len() > 1)
        .then(|| read_wall_code(&hash).ok())
        .flatten()
}

/// Keeps the wall's code in the address (in place of the last, not as a new page), so a
/// reload shows it again.
fn keep_in_address(board: &WallBoard) {
    let fragment = wall_fragment(board);
    if current_hash().trim_start_matches('#') != fragment
        && let Some(w) = web_sys::window()
    {
        let _ = w.location().replace(&format!("#{fragment}"));
    }
}

/// The place to give this screen the wall's code or file: open while it shows no wall
/// (`showing` is whether it shows one, handed over or kept on this phone), else a small button
/// in a corner, so that nothing covers the wall.
#[component]
pub fn WallTake(handed: RwSignal<Option<WallBoard>>, showing: bool) -> impl IntoView {
    let said = RwSignal::new(None::<(bool, String)>);
    let text = RwSignal::new(String::new());
    let open = RwSignal::new(!showing);
    let take = move |code: &str| match read_wall_code(code) {
        Ok(board) => {
            keep_in_address(&board);
            let words = tf(
                "Round {} of {} shown: {} of {} results in.",
                &[
                    &board.round,
                    &board.tournament,
                    &board.results_in(),
                    &board.games.len(),
                ],
            );
            handed.set(Some(board));
            text.set(String::new());
            said.set(Some((false, words)));
            open.set(false);
        }
        Err(why) => said.set(Some((true, why.to_string()))),
    };
    // A link of a later round opened in this tab.
    let listener = window_event_listener_untyped("hashchange", move |_| {
        let hash = current_hash();
        if hash.len() > 1 {
            take(&hash);
        }
    });
    on_cleanup(move || listener.remove());
    // A link in the address that is no wall code: said, not ignored.
    let hash = current_hash();
    if hash.len() > 1
        && handed.get_untracked().is_none()
        && let Err(why) = read_wall_code(&hash)
    {
        said.set(Some((true, why.to_string())));
        open.set(true);
    }
    let on_file = move |ev: leptos::ev::Event| {
        let Some((input, file)) = device::chosen_file(&ev) else {
            return;
        };
        input.set_value("");
        if file.size() > MAX_WALL_FILE {
            said.set(Some((
                true,
                t("This file is not the wall's file: it is far larger. The wall was not changed.")
                    .to_string(),
            )));
            return;
        }
        let on_text = Closure::once(move |value: JsValue| {
            take(&value.as_string().unwrap_or_default());
        });
        let on_error = Closure::once(move |_: JsValue| {
            said.set(Some((
                true,
                t("The file could not be read. The wall was not changed.").to_string(),
            )));
        });
        let _ = file.text().then2(&on_text, &on_error);
        on_text.forget();
        on_error.forget();
    };
    view! {
        <details class="wall-take no-print" prop:open=move || open.get() on:toggle=move |ev| {
            use wasm_bindgen::JsCast;
            if let Some(d) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
                open.set(d.open());
            }
        }>
            <summary data-testid="wall-take-open">{t("Wall from the director's phone")}</summary>
            <div class="stack">
                <p class="muted">{t("On the director's phone, the round tab hands over the wall's code or file after each round and each batch of results. Open its link here, paste its code, or choose its file.")}</p>
                <label>{t("The wall's code")}
                    <input type="text" autocomplete="off" data-testid="wall-take-text" bind:value=text />
                </label>
                <div class="row">
                    <button class="primary" data-testid="wall-take-show" on:click=move |_| take(&text.get_untracked())>{t("Show this wall")}</button>
                    <label class="button file-button">{t("Open the wall's file")}
                        <input type="file" accept=".txt,text/plain" data-testid="wall-take-file" on:change=on_file />
                    </label>
                </div>
                {move || said.get().map(|(refused, words)| view! {
                    <p class="banner" class:error=refused role=if refused { "alert" } else { "status" } data-testid="wall-take-message">{words}</p>
                })}
            </div>
        </details>
    }
}
