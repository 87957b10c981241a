//! What the wall shows, made on the director's phone from the tournament and the results kept
//! (`core::wall_code::WallBoard`): the round shown is the first with a game still playing, else
//! the last paired; the standings are those after the last round whose results are all in;
//! the round's codes go with it while results are missing. The wall in a tab of this phone
//! reads it from storage, and the wall on another screen gets it by code or file.

use super::first_open_round;
use super::round_codes::links_of;
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::round::book::Book;
use crate::core::tournament::round_screen::take_from_book;
use crate::core::tournament::standings::standings_round;
use crate::core::tournament::{GameOutcome, Tournament};
use crate::core::wall::{WallBoard, WallStandings};

/// The round the wall shows: the first with a game still playing, else the last paired.
fn wall_round(t: &Tournament) -> u32 {
    let open = first_open_round(t);
    if t.games_of(open).next().is_some() {
        open
    } else {
        (1..open)
            .rev()
            .find(|&n| t.games_of(n).next().is_some())
            .unwrap_or(open)
    }
}

/// The wall of `t` (its results taken from `book` too).
pub fn board_of(t: &Tournament, book: Option<&Book>) -> WallBoard {
    let mut t = t.clone();
    if let Some(book) = book {
        take_from_book(&mut t, book);
    }
    let round = wall_round(&t);
    let missing = t
        .games_of(round)
        .any(|g| g.result.outcome == GameOutcome::Unknown);
    let codes: Vec<String> = book
        .filter(|_| missing)
        .and_then(|b| links_of(&t, round, b))
        .and_then(Result::ok)
        .unwrap_or_default()
        .into_iter()
        .map(|link| {
            link.rsplit_once('#')
                .map_or(link.clone(), |(_, f)| f.to_string())
        })
        .collect();
    let standings = standings_round(&t, round).map(|n| WallStandings::of(&t, n));
    WallBoard::of(&t, round, standings, codes)
}

/// The wall of the tournament open on the director's round screen, read from storage.
pub fn stored_board() -> Option<WallBoard> {
    let id = storage::tournament_ids().last()?.clone();
    let (t, _) = storage::load_tournament(&id, now_ms()).ok()??;
    Some(board_of(&t, storage::stored_book().as_ref()))
}
