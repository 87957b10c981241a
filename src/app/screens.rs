//! Every screen of the app, declared once: its address, the piece (`wasm_split` module) its
//! code arrives in, the group of shared code that piece belongs to, and what draws it. The
//! router is made from this table (`screens!`, in `lazy`), the release build reads the groups
//! from it (`scripts/merge-chunks.mjs`), and `tests/screens.rs` checks that every piece built
//! is named here once and that every piece named here is built.
//!
//! A row: `group piece: Route = Page @ "/address" …;` where the group is `game` (a player's
//! game: the new-game form, the clock, the board, …) or `director` (the director's round and
//! the hall's screens). A piece's row whose screens are several draws the one its address
//! names. The rows in `game` … `{ … }` are a game's views under `/game/:id`, each a piece the
//! game's frame (`pages::game`) fetches ahead; `parts` names the pieces that are parts of
//! screens (drawn into a slot, `components::piece_slot`) or no screen at all.

use super::lazy::screens;

use super::pages::director::RoundPage;
use super::pages::hall::{
    me::MePage, register_in::RegisterInPage, result_in::ResultInPage, round_code::RoundCodePage,
    wall::WallPage,
};
use super::pages::new_game::NewGamePage;
use super::pages::{game, handover::HandoverPage, home::HomePage, sgf::SgfPage, space::SpacePage};

screens! {
    main HomePage @ "/";
    pieces {
        /// The new-game form (and the settings or table code it opens from).
        game new_game: NewGameRoute = NewGamePage @ "/new";
        /// SGF import and export.
        game sgf: SgfRoute = SgfPage @ "/sgf";
        /// Making room in storage.
        game space: SpaceRoute = SpacePage @ "/space";
        /// A game handed over by QR code.
        game handover: HandoverRoute = HandoverPage @ "/handover";
        /// The director's round: pairings in, table codes out, results in and out.
        director round: RoundRoute = RoundPage @ "/round";
        /// The hall's screens, one piece and one route type (which keeps the first load from
        /// carrying a route's loader for each): the player's card, a round's code on a
        /// player's phone, on the director's phone a registration code or a result code
        /// opened by the camera app, and the wall.
        director hall: HallRoute = MePage @ "/me", RoundCodePage @ "/t", RegisterInPage @ "/p",
            ResultInPage @ "/r", WallPage @ "/wall";
    }
    game frame: GameRoute = (game::load_frame, game::fetch_frame) @ "/game/:id" {
        /// The board of a game.
        game board: BoardRoute = (game::load_board, game::fetch_board) @ "board";
        /// The count at the end of a game.
        game count: CountRoute = (game::load_count, game::fetch_count) @ "count";
        /// The result of a game.
        game result: ResultRoute = (game::load_result, game::fetch_result) @ "result";
        /// The clock of a game, also the view a game opens on.
        game clock: ClockRoute = (game::load_clock, game::fetch_clock) @ "clock", "";
    }
    parts {
        director tournament;
        game clock_menu;
        game backup;
        game photo;
        game scanner;
        game words;
        game games;
    }
}
