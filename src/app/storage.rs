//! The storage adapter: the only code that touches `localStorage`, one file for each kind of
//! data. The layout of the keys and the reading of every stored version are in `core::store`;
//! this module puts them on `localStorage`: `access` (the key-value access itself), `games`
//! (each game's keys, the values moved aside), `index` (what the game list shows of each game),
//! `prefs` (the player's settings and language), `me` (the player's own card and the round
//! code read), `handover` (the parts of a handed-over game),
//! `photos` (the photo of a game's final position), `rounds` (the director's rounds), `tournaments` (the director's tournaments), `tournament_rules` (the rules preset of each). Beside them, what other tabs write (`shared`), how much
//! room the app takes (`usage`), the session copies of refused games (`stash`) and who writes
//! (`writer`); none of them changes how a game is written.

mod access;
mod games;
mod handover;
mod index;
mod me;
mod photos;
mod prefs;
mod rounds;
mod shared;
mod stash;
mod tournament_rules;
mod tournaments;
mod usage;
mod writer;

pub use crate::core::store::StoredGame;
pub use games::{
    SaveError, StorageProblem, delete_game, load_all, newest_first, quarantined_values, save_game,
};
pub use handover::{load_handover_parts, save_handover_parts};
pub use index::{AtStart, load_index, write_index};
pub use me::{load_card, load_round_parts, my_key, save_card, save_round_parts, save_seat_key};
pub use photos::{PhotoNotKept, load_photo, save_photo};
pub use prefs::{
    BoardPrefs, Prefs, load_board_prefs, load_game_prefs, load_language, load_prefs, load_swapped,
    save_board_prefs, save_game_prefs, save_language, save_prefs, save_swapped,
};
pub use rounds::{
    is_book_key, load_book, load_round_file, remove_round_file, save_book, save_round_file,
    stored_book,
};
pub use shared::{
    Compared, KeyOf, compare, key_of, read_claim, reload_game, remove_claim, write_claim,
};
pub use stash::{stash, stashed, unstash};
pub use tournament_rules::{forget_tournament_preset, save_tournament_preset, tournament_preset};
pub use tournaments::{
    delete_tournament, is_tournament_key, load_tournament, save_tournament, tournament_ids,
    tournament_names,
};
pub use usage::{delete_kept_values, keep_aside, usage};
pub use writer::{new_writer, writer};
