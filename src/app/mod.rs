//! The browser app (Leptos): pages for each view, components, the app state with its one
//! storage adapter, and the service worker registration.

mod components;
mod device;
mod idle;
mod js;
mod lang;
mod lazy;
mod loading;
mod pages;
mod parts;
mod saving;
mod screens;
mod space;
mod state;
mod storage;
mod sw;
mod tabs;
mod tasks;
mod time;

use leptos::prelude::*;
use leptos_router::components::Router;

use components::opening::Opening;

/// Mounts the app into the page.
pub fn start() {
    // A panic's message in the console is for development; the release build leaves the hook
    // (and the formatting it pulls in) out.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    if let Some(path) = web_sys::window().and_then(|w| w.location().pathname().ok()) {
        lazy::fetch_for(&path);
        // A screen other than the list waits for the stored games: their reader is fetched
        // at once. The list is drawn from its index, and reads them once the page is idle.
        if !path.trim_end_matches('/').is_empty() {
            loading::fetch();
        }
    }
    // The app starts in short tasks of its own, after the one that compiled and started the
    // module, so that the page keeps answering while it loads: the language (the first read of
    // the browser's storage, slow on a first visit), the stored games, then the drawing. The
    // shell index.html shows meanwhile goes as the app takes its place (in the same task, so
    // the page never shows neither).
    tasks::next_task(|| {
        lang::load_then(lang::chosen(), || {
            tasks::next_task(|| {
                let state = state::AppState::start();
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
/// the main module; the others are `Lazy`, fetched when first opened (see `screens`), or as the app
/// starts when it starts on them (`lazy::fetch_for`). Once the first screen is up and the page
/// idle (`idle`), the service worker is registered and the pieces of the new-game form, a
/// game's frame and its clock are compiled ahead, since nearly every visit opens them.
#[component]
pub fn App(state: state::AppState) -> impl IntoView {
    provide_context(state);
    // Asked as the app starts: the answer is in before the storage line is drawn (the home
    // screen's last part), which then never grows with it.
    space::read_persistence(state);
    // After the first screen's last part (the home screen draws in three tasks, see
    // `pages::home`): what waits for the page to be idle waits for the whole screen too.
    tasks::in_tasks(3, move || {
        idle::after_start(move || {
            // The stored games, read once the first screen is up and the page idle when the
            // list's index does not tell all of them (a screen that needs them asks at once,
            // and so does a change another tab makes).
            if state.read_at_start {
                loading::begin(state);
            }
            loading::follow_other_tabs(state);
            sw::register(state);
            idle::compile_ahead("new_game frame clock");
        })
    });
    let routing = RwSignal::new(false);
    view! {
        <Router set_is_routing=routing>
            <Opening routing />
            {screens::routes()}
        </Router>
    }
}
