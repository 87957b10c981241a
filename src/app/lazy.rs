//! How a screen declared in `screens` becomes a route whose code arrives only when it is first
//! opened: the release build cuts each piece into its own WebAssembly file
//! (`scripts/split.mjs`), which the service worker keeps for offline use like every other file.
//! A screen whose file cannot be fetched says so and offers to try again, instead of stopping
//! the app. The parts of a screen that are pieces of their own are drawn where that screen is
//! (the clock's menu, the home screen's backup section: `components::piece_slot`), the reader
//! of a language file is in `lang`, and a game's views are compiled ahead by the game's frame
//! (`pages::game`); the new-game form, a game's frame and its clock by the app once the first
//! screen is up (`app::idle`), and a game's frame and view as the app starts on them
//! (`fetch_for`).

use crate::core::text::t;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

use super::pages::game;

/// The table of screens (`app::screens`, whose header gives its form) made into the router's
/// routes (`routes()`), a route type per piece (`Lazy::<Route>`), and for each piece of
/// `pieces` the function its piece starts with, which draws the screen its address names.
macro_rules! screens {
    (
        main $home:ident @ $home_path:tt;
        pieces {
            $( $(#[$doc:meta])* $group:ident $piece:ident : $route:ident =
                $( $page:ident @ $path:tt ),+ ; )*
        }
        $frame_group:ident $frame:ident : $frame_route:ident =
            ($frame_load:path, $frame_fetch:path) @ $frame_path:tt {
            $( $(#[$view_doc:meta])* $view_group:ident $view:ident : $view_route:ident =
                ($view_load:path, $view_fetch:path) @ $( $view_path:tt ),+ ; )*
        }
        parts { $( $part_group:ident $part:ident ; )* }
    ) => {
        $(
            $(#[$doc])*
            pub struct $route;

            mod $piece {
                use super::*;

                /// Draws the screen of this piece the address names.
                #[::leptos::wasm_split::wasm_split(
                    $piece, fallible, preload(fetch), wasm_split_path = ::leptos::wasm_split
                )]
                pub fn load() -> Result<::leptos::prelude::AnyView, ::leptos::wasm_split::SplitLoaderError> {
                    let path = $crate::app::lazy::path_now();
                    $(
                        if path == $path {
                            return Ok(::leptos::prelude::IntoAny::into_any($page()));
                        }
                    )+
                    Ok(::leptos::prelude::IntoAny::into_any($crate::app::lazy::first!($($page),+)()))
                }
            }

            $crate::app::lazy::lazy_route!($route, $piece::load, $piece::fetch);
        )*

        /// The frame of a game's views.
        pub struct $frame_route;
        $crate::app::lazy::lazy_route!($frame_route, $frame_load, $frame_fetch);
        $(
            $(#[$view_doc])*
            pub struct $view_route;
            $crate::app::lazy::lazy_route!($view_route, $view_load, $view_fetch);
        )*

        /// The router's routes, one per address of the table.
        pub fn routes() -> impl ::leptos::prelude::IntoView {
            use ::leptos::prelude::*;
            use ::leptos_router::components::{ParentRoute, Route, Routes};
            use ::leptos_router::{Lazy, path};
            use $crate::app::pages::not_found::NotFound;
            view! {
                <Routes fallback=NotFound>
                    <Route path=path!($home_path) view=$home />
                    $( $( <Route path=path!($path) view={Lazy::<$route>::new()} /> )+ )*
                    <ParentRoute path=path!($frame_path) view={Lazy::<$frame_route>::new()}>
                        $( $( <Route path=path!($view_path) view={Lazy::<$view_route>::new()} /> )+ )*
                    </ParentRoute>
                </Routes>
            }
        }
    };
}
pub(crate) use screens;

/// `LazyRoute` for `$route`: `$load` draws it, `$fetch` only fetches its piece.
macro_rules! lazy_route {
    ($route:ident, $load:path, $fetch:path) => {
        impl ::leptos_router::LazyRoute for $route {
            fn data() -> Self {
                $route
            }

            async fn view(_: Self) -> ::leptos::prelude::AnyView {
                // Every screen but the list works on the stored games: they are read first.
                let app = $crate::app::state::use_app();
                if $crate::app::loading::ready(app).await.is_err() {
                    return $crate::app::lazy::not_loaded();
                }
                $load()
                    .await
                    .unwrap_or_else(|_| $crate::app::lazy::not_loaded())
            }

            async fn preload() {
                // A failure here is tried again when the screen opens, and shown there.
                let _ = $fetch().await;
            }
        }
    };
}
pub(crate) use lazy_route;

/// The first of a row's pages: what its piece draws at an address it does not name.
macro_rules! first {
    ($first:ident $(, $rest:ident)*) => {
        $first
    };
}
pub(crate) use first;

/// The address open, without a trailing `/`.
pub fn path_now() -> String {
    let path = use_location().pathname.get_untracked();
    path.trim_end_matches('/').to_string()
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
pub fn not_loaded() -> AnyView {
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
