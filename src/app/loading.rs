//! The stored games, read after the first screen is drawn. The list is drawn from the index
//! (`state::AppState::listed`), so the first screen needs none of the code that reads, replays
//! or writes a record: that code is a piece of its own (`games`), fetched and run at once as
//! the app starts on another screen, or on the list once it is up and the page idle when the
//! index does not tell every game (`AppState::read_at_start`: a game in progress, a game
//! with no entry). Otherwise the list reads them when another tab changes a game
//! (`follow_other_tabs`), or when the player deletes, puts back or backs up games. Every
//! screen but the list waits for them (`ready`, in `lazy::lazy_route`).
//!
//! Once the games are in, this piece also follows the other tabs (`tabs`) and keeps writing
//! what the browser refused (`space`): both need the records.

use std::cell::RefCell;

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

use super::state::AppState;
use super::{space, tabs};

thread_local! {
    /// The reading of the stored games once begun: every caller waits for the same one.
    static READING: RefCell<Option<js_sys::Promise>> = const { RefCell::new(None) };
}

/// The piece that reads the stored games could not be fetched.
#[derive(Clone, Copy, Debug)]
pub struct NotRead;

/// Waits until the stored games are read, starting their reading if it has not begun. A piece
/// that cannot be fetched is tried again by the next call.
pub async fn ready(app: AppState) -> Result<(), NotRead> {
    if app.loaded.get_untracked() {
        return Ok(());
    }
    let reading = READING.with(|r| {
        r.borrow_mut()
            .get_or_insert_with(|| {
                wasm_bindgen_futures::future_to_promise(async move {
                    match take_games(app).await {
                        Ok(()) => Ok(JsValue::TRUE),
                        Err(_) => Err(JsValue::FALSE),
                    }
                })
            })
            .clone()
    });
    match JsFuture::from(reading).await {
        Ok(_) => Ok(()),
        Err(_) => {
            READING.with(|r| r.borrow_mut().take());
            Err(NotRead)
        }
    }
}

/// Fetches the piece that reads the stored games, as the app starts on a screen that needs
/// them: it is in by the time that screen is drawn.
pub fn fetch() {
    wasm_bindgen_futures::spawn_local(async {
        let _ = fetch_games().await;
    });
}

/// Starts reading the stored games without waiting for them.
pub fn begin(app: AppState) {
    wasm_bindgen_futures::spawn_local(async move {
        let _ = ready(app).await;
    });
}

/// Deletes game `id` from the phone, offering its undo.
pub fn delete(app: AppState, id: String) {
    wasm_bindgen_futures::spawn_local(async move {
        if ready(app).await.is_ok() {
            let _ = delete_game(app, id).await;
        }
    });
}

/// Puts back the game deleted last.
pub fn undo_delete(app: AppState) {
    wasm_bindgen_futures::spawn_local(async move {
        if ready(app).await.is_ok() {
            let _ = restore_game(app).await;
        }
    });
}

/// Until the stored games are read, a change another tab makes to a game or to the list's
/// index has them read: the list then follows it, and from then on `tabs` follows the others.
pub fn follow_other_tabs(app: AppState) {
    use crate::core::history::INDEX_PREFIX;
    use crate::core::store::layout::GAME_PREFIX;
    let listener = window_event_listener(leptos::ev::storage, move |e: web_sys::StorageEvent| {
        let ours = e
            .key()
            .is_none_or(|k| k.starts_with(GAME_PREFIX) || k.starts_with(INDEX_PREFIX));
        if ours && !app.loaded.get_untracked() {
            begin(app);
        }
    });
    std::mem::forget(listener);
}

/// Brings the list's index up to date with the games (a game saved a moment ago, a game
/// another tab changed), once they are read.
pub fn reconcile(app: AppState) {
    wasm_bindgen_futures::spawn_local(async move {
        if ready(app).await.is_ok() {
            let _ = reconcile_games(app).await;
        }
    });
}

#[wasm_split(games, fallible, preload(fetch_games), wasm_split_path = ::leptos::wasm_split)]
fn take_games(app: AppState) -> Result<(), SplitLoaderError> {
    app.take_stored();
    tabs::watch(app);
    space::watch(app);
    Ok(())
}

#[wasm_split(games, fallible, wasm_split_path = ::leptos::wasm_split)]
fn delete_game(app: AppState, id: String) -> Result<(), SplitLoaderError> {
    let game = app
        .games
        .with_untracked(|gs| gs.iter().find(|g| g.id == id).cloned());
    if let Some(game) = game {
        app.delete(&game.id);
        app.last_deleted.set(Some(game));
    }
    Ok(())
}

#[wasm_split(games, fallible, wasm_split_path = ::leptos::wasm_split)]
fn restore_game(app: AppState) -> Result<(), SplitLoaderError> {
    if let Some(game) = app.last_deleted.get_untracked() {
        app.restore(game);
    }
    Ok(())
}

#[wasm_split(games, fallible, wasm_split_path = ::leptos::wasm_split)]
fn reconcile_games(app: AppState) -> Result<(), SplitLoaderError> {
    app.reconcile();
    Ok(())
}
