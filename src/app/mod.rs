//! The browser app (Leptos): pages for each view, components, the app state with its one
//! storage adapter, and the service worker registration.

mod components;
mod device;
mod idle;
mod js;
mod lang;
mod lazy;
mod pages;
mod parts;
mod saving;
mod space;
mod state;
mod storage;
mod sw;
mod tabs;
mod tasks;
mod time;

use leptos::prelude::*;
use leptos_router::components::{ParentRoute, Route, Router, Routes};
use leptos_router::{Lazy, path};

use components::opening::Opening;
use lazy::{
    BoardRoute, ClockRoute, CountRoute, GameRoute, HallRoute, HandoverRoute, NewGameRoute,
    ResultRoute, RoundRoute, SgfRoute, SpaceRoute,
};
use pages::{home::HomePage, not_found::NotFound};

/// Mounts the app into the page.
pub fn start() {
    // A panic's message in the console is for development; the release build leaves the hook
    // (and the formatting it pulls in) out.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    if let Some(path) = web_sys::window().and_then(|w| w.location().pathname().ok()) {
        lazy::fetch_for(&path);
    }
    // The app starts in short tasks of its own, after the one that compiled and started the
    // module, so that the page keeps answering while it loads: the language (the first read of
    // the browser's storage, slow on a first visit), the stored games, then the drawing. The
    // shell index.html shows meanwhile goes as the app takes its place (in the same task, so
    // the page never shows neither).
    tasks::next_task(|| {
        lang::load_then(lang::chosen(), || {
            tasks::next_task(|| {
                let state = state::AppState::load();
                tasks::next_task(move || {
                    if let Some(shell) = web_sys::window()
                        .and_then(|w| w.document())
                        .and_then(|d| d.get_element_by_id("shell"))
                    {
                        shell.remove();
                    }
                    leptos::mount::mount_to_body(move || view! { <App state /> });
                })
            })
        })
    });
}

/// The app: provides the stored games to every page, and routes. Only the list is in
/// the main module; the others are `Lazy`, fetched when first opened (see `lazy`), or as the app
/// starts when it starts on them (`lazy::fetch_for`). Once the first screen is up and the page
/// idle (`idle`), the service worker is registered and the pieces of the new-game form, a
/// game's frame and its clock are compiled ahead, since nearly every visit opens them.
#[component]
pub fn App(state: state::AppState) -> impl IntoView {
    provide_context(state);
    space::watch(state);
    tabs::watch(state);
    // After the first screen's last part (the home screen draws in three tasks, see
    // `pages::home`): what waits for the page to be idle waits for the whole screen too.
    tasks::in_tasks(3, move || {
        idle::after_start(move || {
            sw::register(state);
            idle::compile_ahead("new_game frame clock");
        })
    });
    let routing = RwSignal::new(false);
    view! {
        <Router set_is_routing=routing>
            <Opening routing />
            <Routes fallback=NotFound>
                <Route path=path!("/") view=HomePage />
                <Route path=path!("/new") view={Lazy::<NewGameRoute>::new()} />
                <Route path=path!("/sgf") view={Lazy::<SgfRoute>::new()} />
                <Route path=path!("/space") view={Lazy::<SpaceRoute>::new()} />
                <Route path=path!("/handover") view={Lazy::<HandoverRoute>::new()} />
                <Route path=path!("/round") view={Lazy::<RoundRoute>::new()} />
                <Route path=path!("/r") view={Lazy::<HallRoute>::new()} />
                <Route path=path!("/me") view={Lazy::<HallRoute>::new()} />
                <Route path=path!("/t") view={Lazy::<HallRoute>::new()} />
                <Route path=path!("/p") view={Lazy::<HallRoute>::new()} />
                <Route path=path!("/wall") view={Lazy::<HallRoute>::new()} />
                <ParentRoute path=path!("/game/:id") view={Lazy::<GameRoute>::new()}>
                    <Route path=path!("clock") view={Lazy::<ClockRoute>::new()} />
                    <Route path=path!("board") view={Lazy::<BoardRoute>::new()} />
                    <Route path=path!("count") view={Lazy::<CountRoute>::new()} />
                    <Route path=path!("result") view={Lazy::<ResultRoute>::new()} />
                    <Route path=path!("") view={Lazy::<ClockRoute>::new()} />
                </ParentRoute>
            </Routes>
        </Router>
    }
}
