//! "Read the board from a photo", on the count screen and the board's set-up: a photo of the
//! real board (taken with the phone's camera or chosen from its files) read by
//! `core::photo`, shown over the photo and as a board for the players to correct with a tap,
//! and handed to the page as a position when they take it.
//!
//! The page draws [`PhotoReader`]: the labelled file input and the slot the reading is drawn
//! into. The decoding, the reader and its views are a piece of their own (`open_photo`),
//! fetched the first time a photo is chosen: the screens that offer it carry only this
//! module.

mod board;
mod decode;
mod overlay;
mod view;

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::JsValue;

use crate::app::components::piece_slot::piece_slot;
use crate::app::state::AppState;
use crate::core::Color;
use crate::core::live::BoardCommand;
use crate::core::photo::position::strokes;
use crate::core::text::t;

/// What the page does with a position the players took: the stones row by row from the top
/// left; a refusal in the player's words.
pub type OnUse = Callback<Vec<Option<Color>>, Result<(), String>>;

/// Paints `stones` (row by row) onto the board of game `id` as the board's set-up paints it
/// (`BoardCommand::Paint`, one command for each stone the points get), through the one door of
/// every change: what "Use this position" does on the count screen and the board's set-up.
pub fn paint(app: AppState, id: &str, stones: &[Option<Color>]) -> Result<(), String> {
    let changes = app
        .with_live(id, |live, _| strokes(live.game().board(), stones))
        .and_then(Result::ok)
        .flatten()
        .ok_or_else(|| t("The position read does not fit this game's board.").to_string())?;
    for (points, stone) in changes {
        app.run(id, BoardCommand::Paint { points, stone })
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// What the page says when the reader's piece could not be fetched.
fn not_loaded() -> &'static str {
    t(
        "The photo reader could not be loaded: its part of the app did not arrive. Check the \
       connection and choose the photo again, or copy the position on the board by hand.",
    )
}

/// The control that reads a board of `size` lines from a photo: a file input, and once a photo
/// is chosen the reading in the slot below it. `open` is true while a reading is shown (the
/// page may hide its own board meanwhile, so that one board is on screen); `on_use` gets the
/// position the players took, after which the reading closes.
#[component]
pub fn PhotoReader(size: u8, open: RwSignal<bool>, on_use: OnUse) -> impl IntoView {
    // The photo chosen, counted so that the same file chosen again reads again.
    let chosen = RwSignal::new(0u32);
    let file = StoredValue::new_local(JsValue::UNDEFINED);
    let on_change = move |ev: web_sys::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlInputElement>(t).ok())
        else {
            return;
        };
        let Some(picked) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        file.set_value(picked.into());
        // Cleared, so that the same photo chosen again is a new choice.
        input.set_value("");
        chosen.update(|n| *n += 1);
        open.set(true);
    };
    // The reading closes after the tap that closed it has run its course.
    let close = move || leptos::task::spawn_local(async move { open.set(false) });
    let on_close = Callback::new(move |()| close());
    let on_use = Callback::new(move |stones: Vec<Option<Color>>| {
        let outcome = on_use.run(stones);
        if outcome.is_ok() {
            close();
        }
        outcome
    });
    view! {
        <section class="stack photo-reader" aria-label=t("Read the board from a photo")>
            <label class="button file-button">
                {t("Read the board from a photo")}
                <input type="file" accept="image/*" data-testid="photo-file" on:change=on_change />
            </label>
            <Show when=move || !open.get()>
                <p class="muted">{t("Take the photo from the players' side, the whole board in the frame, in good light.")}</p>
            </Show>
            {move || {
                let n = chosen.get();
                (n > 0 && open.get()).then(|| {
                    piece_slot(
                        "photo-slot",
                        fetch_photo,
                        move |parent| open_photo(parent, file.get_value(), size, on_use, on_close),
                        not_loaded(),
                    )
                })
            }}
        </section>
    }
}

/// The reader (`view`, `decode`, `board`, with `core::photo`), fetched the first time a photo
/// is chosen: reads `file` for a board of `size` lines and draws the reading into `parent`.
/// Dropping what it returns takes the reading off the page.
#[wasm_split(photo, fallible, preload(fetch_photo), wasm_split_path = ::leptos::wasm_split)]
pub fn open_photo(
    parent: web_sys::HtmlElement,
    file: JsValue,
    size: u8,
    on_use: OnUse,
    on_close: Callback<()>,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    Ok(view::mount(parent, file, size, on_use, on_close))
}
