//! The screens whose code arrives only when they are first opened: the release build cuts each
//! into its own WebAssembly file (`scripts/split.mjs`), which the service worker keeps for
//! offline use like every other file. A screen whose file cannot be fetched says so and offers
//! to try again, instead of stopping the app.

use crate::core::text::{Words, t};
use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use leptos_router::LazyRoute;
use leptos_router::hooks::use_location;

use super::pages::new_game::NewGamePage;
use super::pages::round::{RoundPage, result_in::ResultInPage};
use super::pages::{
    board::BoardPage, count::CountPage, handover::HandoverPage, result::ResultPage, sgf::SgfPage,
    space::SpacePage,
};

/// A route for `Lazy::<$route>`: `$load`, in the file named after `$part`, draws `$page`;
/// `$fetch` only fetches that file.
macro_rules! lazy_screen {
    ($(#[$doc:meta])* $route:ident, $part:ident, $load:ident, $fetch:ident, $page:ident) => {
        $(#[$doc])*
        pub struct $route;

        #[wasm_split($part, fallible, preload($fetch), wasm_split_path = ::leptos::wasm_split)]
        fn $load() -> Result<AnyView, SplitLoaderError> {
            Ok($page().into_any())
        }

        impl LazyRoute for $route {
            fn data() -> Self {
                $route
            }

            async fn view(_: Self) -> AnyView {
                $load().await.unwrap_or_else(|_| not_loaded())
            }

            async fn preload() {
                // A failure here is tried again when the screen opens, and shown there.
                let _ = $fetch().await;
            }
        }
    };
}

lazy_screen!(
    /// SGF import and export.
    SgfRoute, sgf, load_sgf, fetch_sgf, SgfPage
);
lazy_screen!(
    /// Making room in storage.
    SpaceRoute, space, load_space, fetch_space, SpacePage
);
lazy_screen!(
    /// A game handed over by QR code.
    HandoverRoute, handover, load_handover, fetch_handover, HandoverPage
);
lazy_screen!(
    /// The board of a game.
    BoardRoute, board, load_board, fetch_board, BoardPage
);
lazy_screen!(
    /// The count at the end of a game.
    CountRoute, count, load_count, fetch_count, CountPage
);
lazy_screen!(
    /// The result of a game.
    ResultRoute, result, load_result, fetch_result, ResultPage
);

lazy_screen!(
    /// The new-game form (and the settings or table code it opens from).
    NewGameRoute, new_game, load_new_game, fetch_new_game_piece, NewGamePage
);
lazy_screen!(
    /// The director's round: pairings in, table codes out, results in and out.
    RoundRoute, round, load_round, fetch_round, RoundPage
);
lazy_screen!(
    /// A result code opened by the camera app.
    ResultInRoute, result_in, load_result_in, fetch_result_in, ResultInPage
);

/// The home screen's backup section (`components::backup_panel`: the export, the import and
/// its plan), drawn into `parent` with the app's state: a piece of its own, fetched in the
/// background as the home screen opens. Dropping what it returns takes it off the page.
#[wasm_split(backup, fallible, preload(fetch_backup), wasm_split_path = ::leptos::wasm_split)]
pub fn mount_backup(
    parent: web_sys::HtmlElement,
    app: crate::app::state::AppState,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    parent.set_text_content(None);
    Ok(Box::new(leptos::mount::mount_to(parent, move || {
        provide_context(app);
        view! { <crate::app::components::backup_panel::BackupPanel /> }
    })))
}

/// Where the backup section goes on the home screen; its piece is fetched as the screen
/// opens, and a piece that cannot be fetched is said so in its place.
#[component]
pub fn BackupSlot() -> impl IntoView {
    let app = crate::app::state::use_app();
    piece_slot(
        "",
        fetch_backup,
        move |parent| mount_backup(parent, app),
        t("Backups could not be loaded: check the connection, then open the app again."),
    )
}

/// A part of a screen that a piece draws: once the slot (of class `class`) is on the page,
/// `fetch` fetches the piece and `mount` draws into the slot; `failed` (in the reader's words)
/// is said in its place when the piece cannot be fetched. A screen left while its piece was on
/// its way gets nothing drawn (what the piece draws may read the screen's state, gone by
/// then), and what the piece drew goes with the slot.
pub fn piece_slot<P, Q, M, F>(
    class: &'static str,
    fetch: P,
    mount: M,
    failed: &'static str,
) -> impl IntoView
where
    P: Fn() -> Q + Copy + Send + Sync + 'static,
    Q: Future<Output = Result<(), SplitLoaderError>> + 'static,
    M: Fn(web_sys::HtmlElement) -> F + Clone + Send + Sync + 'static,
    F: Future<Output = Result<Box<dyn std::any::Any>, SplitLoaderError>> + 'static,
{
    use wasm_bindgen::JsCast;
    let slot = NodeRef::<leptos::html::Div>::new();
    let mounted = StoredValue::new_local(None::<Box<dyn std::any::Any>>);
    Effect::new(move |_| {
        let Some(parent) = slot.get() else {
            return;
        };
        let mount = mount.clone();
        leptos::task::spawn_local(async move {
            if fetch().await.is_err() {
                parent.set_text_content(Some(failed));
                return;
            }
            if mounted.is_disposed() {
                return;
            }
            // The piece is in: `mount` draws at once, with nothing run between the check above
            // and the drawing.
            let element: web_sys::HtmlElement = parent.clone().unchecked_into();
            match mount(element).await {
                Ok(drawn) => {
                    let _ = mounted.try_set_value(Some(drawn));
                }
                Err(_) => parent.set_text_content(Some(failed)),
            }
        });
    });
    view! { <div class=class node_ref=slot></div> }
}

/// Reads a language's file (`core::text::Words::parse`): a piece of its own, fetched only by
/// a phone that shows the app in a language other than English.
#[wasm_split(words, fallible, wasm_split_path = ::leptos::wasm_split)]
pub fn read_words(code: String, body: String) -> Result<Result<Words, String>, SplitLoaderError> {
    Ok(Words::parse(&code, &body).map_err(|e| e.to_string()))
}

/// Fetches the new-game form's file in the background when the app starts: nearly every visit
/// opens it, and then it opens at once, offline too.
pub fn fetch_new_game() {
    leptos::task::spawn_local(NewGameRoute::preload());
}

/// Fetches the files of a game's other views (board, count, result) in the background once a
/// game is open: its tabs then open at once, as when they were in the main module, and work
/// offline even before the service worker has kept them.
pub fn fetch_game_views() {
    leptos::task::spawn_local(BoardRoute::preload());
    leptos::task::spawn_local(CountRoute::preload());
    leptos::task::spawn_local(ResultRoute::preload());
}

/// What a screen shows when its file could not be fetched (offline before the app was ever
/// kept for offline use).
/// "Try again" loads the page anew (`rel="external"`: past the router).
fn not_loaded() -> AnyView {
    let location = use_location();
    let search = location.search.get_untracked();
    let hash = location.hash.get_untracked();
    let here = format!(
        "{}{}{search}{}{hash}",
        location.pathname.get_untracked(),
        if search.is_empty() { "" } else { "?" },
        if hash.is_empty() || hash.starts_with('#') {
            ""
        } else {
            "#"
        },
    );
    view! {
        <main>
            <h1>{t("This screen could not be loaded")}</h1>
            <p>{t("Its part of the app did not arrive. Check the connection, then try again.")}</p>
            <div class="row">
                <a class="button primary" href=here rel="external">{t("Try again")}</a>
                <a class="button" href="/" rel="external">{t("Go to your games")}</a>
            </div>
        </main>
    }
    .into_any()
}
