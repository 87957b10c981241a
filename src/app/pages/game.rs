//! The frame around one game's views: players, and tabs for clock, board, count and result.
//! The game lives in the app state, so moving between its views never loses anything, and the
//! views share one live game (`AppState::live`). The frame and each view are pieces of their own
//! (`load_frame`, `load_clock`, `load_board`, `load_count`, `load_result`, which the table of
//! screens `app::screens` opens): the frame's and the clock's are compiled ahead once the list is up
//! (`app::idle`), the others are fetched in the background as soon as a game is open: a game is
//! no first screen, and its tabs must then open at once, and offline even before the service
//! worker has kept them.

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use leptos_router::components::{A, Outlet};
use leptos_router::hooks::use_location;

use crate::app::components::banners::SaveErrorBanner;
use crate::app::components::tab_banners::{ChangedElsewhereBanner, OpenElsewhereBanner};
use crate::app::pages::game_id::use_game_id;
use crate::app::pages::{board::BoardPage, clock::ClockPage, count::CountPage, result::ResultPage};
use crate::app::state::use_app;
use crate::app::{space, tabs};
use crate::core::text::{t, tf};

/// Frames the views of one game.
#[component]
pub fn GameLayout() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let exists = Memo::new(move |_| app.with_game(&id.get(), |_| ()).is_some());
    // The live game the views share: loaded (one replay) before they first render, and when
    // the game comes back after a deletion; every change of its record keeps it in step.
    app.make_live(&id.get_untracked());
    fetch_game_views();
    Effect::new(move |_| {
        let id = id.get();
        app.games.track();
        app.make_live(&id);
    });
    // Tell other tabs this one shows the game, and ask once that storage be kept.
    Effect::new(move |_| {
        let id = id.get();
        if exists.get() {
            tabs::open(app, &id);
            space::ask_persistence(app);
        } else {
            tabs::close(app);
        }
    });
    on_cleanup(move || tabs::close(app));
    let players = Memo::new(move |_| {
        app.with_game(&id.get(), |r| {
            let s = &r.settings;
            tf(
                "{} (B) – {} (W)",
                &[&or(&s.black, t("Black")), &or(&s.white, t("White"))],
            )
        })
        .unwrap_or_default()
    });
    // The clock owns the screen: the frame's header and tabs give way to the strip between
    // its faces, which carries the same tabs.
    let location = use_location();
    let on_clock = Memo::new(move |_| location.pathname.with(|p| p.ends_with("/clock")));
    view! {
        <Show
            when=move || exists.get()
            fallback=|| {
                view! {
                    <main>
                        <h1>{t("Game not found")}</h1>
                        <p>{t("This game is not stored on this phone.")}</p>
                        <a class="button primary" href="/">{t("Go to your games")}</a>
                    </main>
                }
            }
        >
            <div class="game-frame" class:clock-frame=move || on_clock.get()>
            <header class="game-header">
                <a href="/" class="button" aria-label=t("All games")>"◀"</a>
                <span class="players grow" data-testid="players">{players}</span>
                <a class="button" href=move || format!("/sgf?game={}", id.get())>"SGF"</a>
            </header>
            <nav class="tabs" aria-label=t("Views of this game")>
                <A href=move || format!("/game/{}/clock", id.get())>{t("Clock")}</A>
                <A href=move || format!("/game/{}/board", id.get())>{t("Board")}</A>
                <A href=move || format!("/game/{}/count", id.get())>{t("Count")}</A>
                <A href=move || format!("/game/{}/result", id.get())>{t("Result")}</A>
            </nav>
            <SaveErrorBanner />
            <ChangedElsewhereBanner id=id />
            <OpenElsewhereBanner id=id />
            <Outlet />
            </div>
        </Show>
    }
}

/// The frame of a game, drawn by its piece (`frame`): the list is the first screen, and a
/// game's frame, with the live game and its commands, is not needed there.
#[wasm_split(frame, fallible, preload(fetch_frame), wasm_split_path = ::leptos::wasm_split)]
pub fn load_frame() -> Result<AnyView, SplitLoaderError> {
    Ok(GameLayout().into_any())
}

/// The clock of a game, drawn by its piece (`clock`).
#[wasm_split(clock, fallible, preload(fetch_clock), wasm_split_path = ::leptos::wasm_split)]
pub fn load_clock() -> Result<AnyView, SplitLoaderError> {
    Ok(ClockPage().into_any())
}

/// The board of a game, drawn by its piece (`board`); `fetch_board` only fetches the piece.
#[wasm_split(board, fallible, preload(fetch_board), wasm_split_path = ::leptos::wasm_split)]
pub fn load_board() -> Result<AnyView, SplitLoaderError> {
    Ok(BoardPage().into_any())
}

/// The count at the end of a game, drawn by its piece (`count`); `fetch_count` only fetches
/// the piece.
#[wasm_split(count, fallible, preload(fetch_count), wasm_split_path = ::leptos::wasm_split)]
pub fn load_count() -> Result<AnyView, SplitLoaderError> {
    Ok(CountPage().into_any())
}

/// The result of a game, drawn by its piece (`result`); `fetch_result` only fetches the piece.
#[wasm_split(result, fallible, preload(fetch_result), wasm_split_path = ::leptos::wasm_split)]
pub fn load_result() -> Result<AnyView, SplitLoaderError> {
    Ok(ResultPage().into_any())
}

/// Fetches the files of a game's other views (board, count, result) in the background once a
/// game is open: its tabs then open at once, as when they were in the main module, and work
/// offline even before the service worker has kept them. A failure here is tried again when
/// the view opens, and shown there.
fn fetch_game_views() {
    leptos::task::spawn_local(async {
        let _ = fetch_board().await;
    });
    leptos::task::spawn_local(async {
        let _ = fetch_count().await;
    });
    leptos::task::spawn_local(async {
        let _ = fetch_result().await;
    });
}

fn or(name: &str, fallback: &str) -> String {
    if name.trim().is_empty() {
        fallback.to_string()
    } else {
        name.to_string()
    }
}
