//! The tournament's screens are a piece of their own (`tournament`, in the director's group of
//! `app::screens`): the tournament open and its round on the round tab, and the Players,
//! Standings and Files tabs. The round screen draws each into a slot (`components::piece_slot`);
//! the piece is fetched once, as the round screen opens. What the round screen itself does with
//! the tournament (opening the last one, a scanned registration, following other tabs) stays
//! in its own piece.

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};

use super::Desk;
use super::tournament;
use crate::app::components::piece_slot::piece_slot;
use crate::core::text::t;

/// Which of the tournament's screens a slot draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// The tournament open and the others kept, on the round tab.
    Desk,
    /// The round of the open tournament: its pairing and the director's hand, on the round tab.
    Round,
    /// The Players tab.
    Players,
    /// The Standings tab.
    Standings,
    /// The tournament's files, on the Files tab.
    Files,
}

/// Draws `part` into `parent`: the start of the tournament's piece. Dropping what it returns
/// takes it off the page.
#[wasm_split(tournament, fallible, preload(fetch_tournament), wasm_split_path = ::leptos::wasm_split)]
fn mount_tournament(
    parent: web_sys::HtmlElement,
    part: Part,
    desk: Desk,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    parent.set_text_content(None);
    Ok(Box::new(leptos::mount::mount_to(
        parent,
        move || match part {
            Part::Desk => view! { <tournament::TournamentDesk desk=desk /> }.into_any(),
            Part::Round => view! { <tournament::TournamentRound desk=desk /> }.into_any(),
            Part::Players => view! { <tournament::PlayersTab desk=desk /> }.into_any(),
            Part::Standings => view! { <tournament::StandingsTab desk=desk /> }.into_any(),
            Part::Files => view! { <tournament::TournamentFiles desk=desk /> }.into_any(),
        },
    )))
}

/// Where the round screen shows `part` of the tournament; said in its place when the piece
/// cannot be fetched.
#[component]
pub fn TournamentSlot(part: Part, desk: Desk) -> impl IntoView {
    piece_slot(
        "stack",
        fetch_tournament,
        move |parent| mount_tournament(parent, part, desk),
        t("Its part of the app did not arrive. Check the connection, then try again."),
    )
}
