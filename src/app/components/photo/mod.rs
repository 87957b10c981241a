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
mod camera;
mod decode;
mod overlay;
mod view;

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::{JsCast, JsValue};

use crate::app::components::piece_slot::piece_slot;
use crate::app::js;
use crate::app::state::AppState;
use crate::app::storage::{self, PhotoNotKept};
use crate::core::Color;
use crate::core::live::BoardCommand;
use crate::core::photo::position::strokes;
use crate::core::text::{t, tf};

/// What "Use this position" hands to the page: the stones row by row from the top left, and
/// the photo made small for the referee (a JPEG `data:` URL) when it could be made.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Taken {
    /// The stones, row by row from the top left.
    pub stones: Vec<Option<Color>>,
    /// The photo, downscaled, as a `data:` URL.
    pub photo: Option<String>,
}

/// What the page does with a position the players took; a refusal in the player's words.
pub type OnUse = Callback<Taken, Result<(), String>>;

/// Keeps `photo` with game `id` for the referee, after its position was painted (the game's
/// own save comes first: a photo that does not fit changes nothing of it). The words to add to
/// the page's message when it could not be kept.
fn keep(id: &str, photo: Option<&str>) -> Option<String> {
    match storage::save_photo(id, photo?) {
        Ok(()) => None,
        Err(PhotoNotKept::Full) => Some(
            t("The photo could not be kept: storage is full. The position is kept.").to_string(),
        ),
        Err(PhotoNotKept::Refused(why)) => Some(tf(
            "The photo could not be kept ({}). The position is kept.",
            &[&why],
        )),
    }
}

/// What "Use this position" does on the count screen and the board's set-up: paints the
/// position `taken` onto game `id`, keeps its photo, and gives the page's message (`done`, and
/// why the photo was not kept where it was not); a refusal in the player's words.
pub fn take(app: AppState, id: &str, taken: &Taken, done: &str) -> Result<String, String> {
    paint(app, id, &taken.stones)?;
    Ok(match keep(id, taken.photo.as_deref()) {
        None => done.to_string(),
        Some(not_kept) => format!("{done} {not_kept}"),
    })
}

/// The photo kept with game `id`, for the referee: a small picture that a tap opens large.
/// Nothing when no photo is kept; looked up again whenever `changed` changes. The JPEG is
/// decoded by the browser (`createImageBitmap`) and drawn into a canvas, so that the page's
/// policy keeps allowing images from its own files only.
#[component]
pub fn KeptPhoto(#[prop(into)] id: Signal<String>, changed: Signal<u32>) -> impl IntoView {
    let large = RwSignal::new(false);
    let url = Memo::new(move |_| {
        changed.track();
        storage::load_photo(&id.get())
    });
    // The picture drawn, once decoded.
    let canvas = RwSignal::new_local(None::<JsValue>);
    Effect::new(move |_| {
        let Some(data) = url.get() else {
            canvas.set(None);
            return;
        };
        leptos::task::spawn_local(async move {
            let drawn = draw_photo(&data).await;
            let _ = canvas.try_set(drawn);
        });
    });
    // Put in the button and sized by the page's script, so that the first load's style sheet
    // carries nothing of it.
    let button = NodeRef::<leptos::html::Button>::new();
    Effect::new(move |_| {
        let wide = large.get();
        let (Some(button), Some(picture)) = (button.get(), canvas.get()) else {
            return;
        };
        let button: JsValue = button.into();
        if !js::get(&picture, "isConnected").is_truthy() {
            let _ = js::call(&button, "replaceChildren", &[&picture]);
        }
        // A figure's own margins would take a fifth of a phone's width.
        js::set(
            &js::get(&js::get(&button, "parentElement"), "style"),
            "margin",
            &"0".into(),
        );
        let outer = js::get(&button, "style");
        js::set(&outer, "display", &"block".into());
        js::set(&outer, "padding", &"0".into());
        js::set(
            &outer,
            "width",
            &(if wide { "100%" } else { "auto" }).into(),
        );
        let style = js::get(&picture, "style");
        js::set(
            &style,
            "width",
            &(if wide { "100%" } else { "8rem" }).into(),
        );
        js::set(&style, "height", &"auto".into());
        js::set(&style, "display", &"block".into());
    });
    move || {
        canvas.with(Option::is_some).then(|| {
            view! {
                <figure class="kept-photo" data-testid="photo-kept"
                    data-size=move || if large.get() { "large" } else { "small" }>
                    <button
                        class="plain"
                        node_ref=button
                        aria-expanded=move || large.get().to_string()
                        on:click=move |_| large.update(|l| *l = !*l)
                    ></button>
                    <figcaption class="muted">
                        {move || if large.get() {
                            t("Photo of the board, as read. A tap makes it small again.")
                        } else {
                            t("Photo of the board, as read. A tap opens it large.")
                        }}
                    </figcaption>
                </figure>
            }
        })
    }
}

/// The JPEG of a `data:` URL drawn into a new canvas named "Photo of the board"; `None` where
/// the browser cannot decode it.
async fn draw_photo(data: &str) -> Option<JsValue> {
    let (_, payload) = data.split_once("base64,")?;
    let window: JsValue = web_sys::window()?.into();
    let text = js::call(&window, "atob", &[&payload.into()])
        .ok()?
        .as_string()?;
    let bytes: Vec<u8> = text.chars().map(|c| c as u8).collect();
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes.as_slice()));
    let kind = js_sys::Object::new();
    js::set(&kind, "type", &"image/jpeg".into());
    let blob_type = js::get(&window, "Blob")
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let blob = js_sys::Reflect::construct(&blob_type, &js_sys::Array::of2(&parts, &kind)).ok()?;
    let decoding = js::call(&window, "createImageBitmap", &[&blob]).ok()?;
    let bitmap = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(decoding))
        .await
        .ok()?;
    let document = js::get(&window, "document");
    let canvas = js::call(&document, "createElement", &[&"canvas".into()]).ok()?;
    for name in ["width", "height"] {
        js::set(&canvas, name, &js::get(&bitmap, name));
    }
    let context = js::call(&canvas, "getContext", &[&"2d".into()]).ok()?;
    let zero = JsValue::from(0);
    js::call(&context, "drawImage", &[&bitmap, &zero, &zero]).ok()?;
    let _ = js::call(&bitmap, "close", &[]);
    let element: JsValue = canvas.clone();
    let _ = js::call(&element, "setAttribute", &[&"role".into(), &"img".into()]);
    let _ = js::call(
        &element,
        "setAttribute",
        &[&"aria-label".into(), &t("Photo of the board").into()],
    );
    Some(canvas)
}

/// Paints `stones` (row by row) onto the board of game `id` as the board's set-up paints it
/// (`BoardCommand::Paint`, one command for each stone the points get), through the one door of
/// every change: what "Use this position" does on the count screen and the board's set-up.
fn paint(app: AppState, id: &str, stones: &[Option<Color>]) -> Result<(), String> {
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
    // The live camera: no file.
    let use_camera = move |_| {
        file.set_value(JsValue::NULL);
        chosen.update(|n| *n += 1);
        open.set(true);
    };
    // The reading closes after the tap that closed it has run its course.
    let close = move || leptos::task::spawn_local(async move { open.set(false) });
    let on_close = Callback::new(move |()| close());
    let on_use = Callback::new(move |taken: Taken| {
        let outcome = on_use.run(taken);
        if outcome.is_ok() {
            close();
        }
        outcome
    });
    view! {
        <section class="stack photo-reader" aria-label=t("Read the board from a photo")>
            <div class="row">
                <label class="button file-button">
                    {t("Read the board from a photo")}
                    <input type="file" accept="image/*" data-testid="photo-file" on:change=on_change />
                </label>
                <button on:click=use_camera>{t("Use the camera")}</button>
            </div>
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
/// is chosen: reads `file` (null: a frame of the live camera) for a board of `size` lines and
/// draws the reading into `parent`.
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
