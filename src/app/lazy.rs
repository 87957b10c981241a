//! The route table of the screens whose code arrives only when they are first opened: the
//! release build cuts each into its own WebAssembly file (`scripts/split.mjs`), which the
//! service worker keeps for offline use like every other file. A screen whose file cannot be
//! fetched says so and offers to try again, instead of stopping the app. The parts of a screen
//! that are pieces of their own are drawn where that screen is (the clock's menu, the home
//! screen's backup section: `components::piece_slot`), the reader of a language file is in
//! `lang`, and a game's views are compiled ahead by the game's frame (`pages::game`); the
//! new-game form, a game's frame and its clock by the app once the first screen is up
//! (`app::idle`), and a game's frame and view as the app starts on them (`fetch_for`). The
//! hall's five small screens share one piece and one route type (`HallRoute`).

use crate::core::text::t;
use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use leptos_router::LazyRoute;
use leptos_router::hooks::use_location;

use super::pages::director::RoundPage;
use super::pages::hall::{
    me::MePage, register_in::RegisterInPage, result_in::ResultInPage, round_code::RoundCodePage,
    wall::WallPage,
};
use super::pages::new_game::NewGamePage;
use super::pages::{game, handover::HandoverPage, sgf::SgfPage, space::SpacePage};

/// A route for `Lazy::<$route>`: `$load`, in the file named after `$part`, draws `$page`;
/// `$fetch` only fetches that file. Without `$part` and `$page`, `$load` and `$fetch` are the
/// piece's own, written beside the screen that fetches it ahead (a game's views: `pages::game`).
macro_rules! lazy_screen {
    ($(#[$doc:meta])* $route:ident, $part:ident, $load:ident, $fetch:ident, $page:ident) => {
        #[wasm_split($part, fallible, preload($fetch), wasm_split_path = ::leptos::wasm_split)]
        fn $load() -> Result<AnyView, SplitLoaderError> {
            Ok($page().into_any())
        }

        lazy_screen!($(#[$doc])* $route, $load, $fetch);
    };
    ($(#[$doc:meta])* $route:ident, $load:path, $fetch:path) => {
        $(#[$doc])*
        pub struct $route;

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
    /// The frame of a game's views.
    GameRoute, game::load_frame, game::fetch_frame
);
lazy_screen!(
    /// The clock of a game.
    ClockRoute, game::load_clock, game::fetch_clock
);
lazy_screen!(
    /// The board of a game.
    BoardRoute, game::load_board, game::fetch_board
);
lazy_screen!(
    /// The count at the end of a game.
    CountRoute, game::load_count, game::fetch_count
);
lazy_screen!(
    /// The result of a game.
    ResultRoute, game::load_result, game::fetch_result
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
    /// The hall's screens, one piece: the player's card (`/me`), a round's code on a player's
    /// phone (`/t`), and on the director's phone a registration code (`/p`) or a result code
    /// (`/r`) opened by the camera app, and the wall (`/wall`). One route type for the five
    /// keeps the first load from carrying a route's loader for each.
    HallRoute, hall, load_hall, fetch_hall, hall_page
);

/// The hall's screen the path names.
fn hall_page() -> AnyView {
    let path = use_location().pathname.get_untracked();
    match path.trim_end_matches('/') {
        "/me" => view! { <MePage /> }.into_any(),
        "/t" => view! { <RoundCodePage /> }.into_any(),
        "/p" => view! { <RegisterInPage /> }.into_any(),
        "/r" => view! { <ResultInPage /> }.into_any(),
        _ => view! { <WallPage /> }.into_any(),
    }
}

/// Fetches the pieces the screen at `path` is drawn from while the app starts, all at once:
/// a game opened anew (a reload, a phone woken in the middle of a game) would otherwise fetch
/// its frame, then its view, one after the other once the app is drawn. A failure here is
/// tried again when the screen opens, and shown there. (The browser's executor: Leptos' own
/// starts with the app.)
pub fn fetch_for(path: &str) {
    let Some(rest) = path.strip_prefix("/game/") else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async {
        let _ = game::fetch_frame().await;
    });
    use wasm_bindgen_futures::spawn_local;
    match rest.split('/').nth(1) {
        Some("board") => spawn_local(async {
            let _ = game::fetch_board().await;
        }),
        Some("count") => spawn_local(async {
            let _ = game::fetch_count().await;
        }),
        Some("result") => spawn_local(async {
            let _ = game::fetch_result().await;
        }),
        _ => spawn_local(async {
            let _ = game::fetch_clock().await;
        }),
    }
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
