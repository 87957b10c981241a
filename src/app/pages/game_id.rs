//! Which game a game's view shows: the `:id` of its route. Apart from the game's frame
//! (`game`), which fetches the views' pieces, so that a view never imports what loads it.

use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

/// The id of the game the current route shows.
pub fn use_game_id() -> Memo<String> {
    let params = use_params_map();
    Memo::new(move |_| params.with(|p| p.get("id").unwrap_or_default()))
}
