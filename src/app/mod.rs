//! The browser app (Leptos): pages for each view, components, the app state with its one
//! storage adapter, and the service worker registration.

mod components;
mod device;
mod pages;
mod space;
mod state;
mod storage;
mod sw;
mod tabs;
mod time;

use leptos::prelude::*;
use leptos_router::components::{ParentRoute, Route, Router, Routes};
use leptos_router::path;

use pages::{
    board::BoardPage, clock::ClockPage, count::CountPage, game::GameLayout, handover::HandoverPage,
    home::HomePage, new_game::NewGamePage, not_found::NotFound, result::ResultPage, sgf::SgfPage,
    space::SpacePage,
};

/// Mounts the app into the page.
pub fn start() {
    // A panic's message in the console is for development; the release build leaves the hook
    // (and the formatting it pulls in) out.
    #[cfg(debug_assertions)]
    console_error_panic_hook::set_once();
    // The shell index.html shows while the app loads goes as the app takes its place (in the
    // same task, so the page never shows neither).
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("shell"))
    {
        shell.remove();
    }
    leptos::mount::mount_to_body(App);
}

/// The app: loads the stored games, provides them to every page, and routes.
#[component]
pub fn App() -> impl IntoView {
    let state = state::AppState::load();
    provide_context(state);
    sw::register(state);
    space::watch(state);
    tabs::watch(state);
    view! {
        <Router>
            <Routes fallback=NotFound>
                <Route path=path!("/") view=HomePage />
                <Route path=path!("/new") view=NewGamePage />
                <Route path=path!("/sgf") view=SgfPage />
                <Route path=path!("/space") view=SpacePage />
                <Route path=path!("/handover") view=HandoverPage />
                <ParentRoute path=path!("/game/:id") view=GameLayout>
                    <Route path=path!("clock") view=ClockPage />
                    <Route path=path!("board") view=BoardPage />
                    <Route path=path!("count") view=CountPage />
                    <Route path=path!("result") view=ResultPage />
                    <Route path=path!("") view=ClockPage />
                </ParentRoute>
            </Routes>
        </Router>
    }
}
