//! The player's settings, each under a key of its own: the clock's choices (`sk.prefs`, and
//! with each game `sk.alerts.<id>`), the language (`sk.prefs.language`), which way round a
//! game's clock is (`sk.side.<id>`) and the board's (`sk.prefs.board`). A value that cannot be
//! read gives the defaults; a refused write only loses the choice.

use crate::core::clock::WarningPoints;
use crate::core::store::json::{self, json_struct};

use super::access::storage;

/// The player's choices for the clock: sounds, vibration, spoken count, where the low-time
/// warnings fall. Kept with each game (`sk.alerts.<id>`); the last ones chosen are the defaults
/// of the next game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    /// Low-time warnings: a beep when time runs low and on the last seconds of a period. Off,
    /// no warning of any kind sounds, vibrates or speaks.
    pub sound: bool,
    /// A buzz on each press.
    pub vibrate: bool,
    /// The last seconds of a period spoken aloud (with `sound`).
    pub voice: bool,
    /// The low-time warnings vibrate too (with `sound`).
    pub warn_vibrate: bool,
    /// Seconds of main time left at the warning.
    pub warn_main_s: u32,
    /// A warning on each of this many last seconds of an overtime period.
    pub warn_period_s: u32,
    /// The hint to add the app to an iPhone's home screen was dismissed.
    pub install_hint_seen: bool,
}

json_struct!(Prefs {
    sound: req,
    vibrate: req,
    voice: req,
    warn_vibrate: def(true),
    warn_main_s: def(WarningPoints::default().main_s),
    warn_period_s: def(WarningPoints::default().period_s),
    install_hint_seen: def(false),
});

impl Prefs {
    /// Where the warnings fall.
    pub fn warning_points(&self) -> WarningPoints {
        WarningPoints {
            main_s: self.warn_main_s,
            period_s: self.warn_period_s,
        }
    }
}

impl Default for Prefs {
    fn default() -> Prefs {
        Prefs {
            sound: false,
            vibrate: true,
            voice: false,
            warn_vibrate: true,
            warn_main_s: WarningPoints::default().main_s,
            warn_period_s: WarningPoints::default().period_s,
            install_hint_seen: false,
        }
    }
}

pub(super) fn alerts_key(id: &str) -> String {
    format!("sk.alerts.{id}")
}

/// The clock choices of game `id`, or the last ones chosen for any game.
pub fn load_game_prefs(id: &str) -> Prefs {
    let global = load_prefs();
    storage()
        .and_then(|s| s.get_item(&alerts_key(id)).ok().flatten())
        .and_then(|raw| json::from_text::<Prefs>(&raw).ok())
        .map(|p| Prefs {
            install_hint_seen: global.install_hint_seen,
            ..p
        })
        .unwrap_or(global)
}

/// Keeps the clock choices with game `id`, and as the defaults of the next game.
pub fn save_game_prefs(id: &str, prefs: Prefs) {
    if let Some(store) = storage() {
        let _ = store.set_item(&alerts_key(id), &json::to_text(&prefs));
    }
    save_prefs(Prefs {
        install_hint_seen: load_prefs().install_hint_seen,
        ..prefs
    });
}

const PREFS_KEY: &str = "sk.prefs";
const LANGUAGE_KEY: &str = "sk.prefs.language";

/// The language chosen for the app (`en`, `nl`); none follows the browser's.
pub fn load_language() -> Option<String> {
    storage().and_then(|s| s.get_item(LANGUAGE_KEY).ok().flatten())
}

/// Keeps the language chosen (none: the browser's).
pub fn save_language(code: Option<&str>) {
    if let Some(store) = storage() {
        let _ = match code {
            Some(code) => store.set_item(LANGUAGE_KEY, code),
            None => store.remove_item(LANGUAGE_KEY),
        };
    }
}
/// The stored preferences, or the defaults when none (or unreadable ones) are stored.
pub fn load_prefs() -> Prefs {
    storage()
        .and_then(|s| s.get_item(PREFS_KEY).ok().flatten())
        .and_then(|raw| json::from_text(&raw).ok())
        .unwrap_or_default()
}

/// Stores the preferences.
pub fn save_prefs(prefs: Prefs) {
    if let Some(store) = storage() {
        let _ = store.set_item(PREFS_KEY, &json::to_text(&prefs));
    }
}

pub(super) fn side_key(id: &str) -> String {
    format!("sk.side.{id}")
}

/// Whether the clock of game `id` has Black at the top (the side White chose), so a reload
/// never swaps the halves under the players' hands.
pub fn load_swapped(id: &str) -> bool {
    storage()
        .and_then(|s| s.get_item(&side_key(id)).ok().flatten())
        .is_some_and(|v| v == "1")
}

/// Stores which way round the clock of game `id` is.
pub fn save_swapped(id: &str, swapped: bool) {
    if let Some(store) = storage() {
        let _ = store.set_item(&side_key(id), if swapped { "1" } else { "0" });
    }
}

const BOARD_PREFS_KEY: &str = "sk.prefs.board";

/// How the player likes the board, kept between visits (not part of any game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardPrefs {
    /// Coordinates around the board.
    pub coords: bool,
    /// Move numbers on the stones.
    pub numbers: bool,
    /// On 19x19 the first tap shows a ghost stone and the second plays.
    pub confirm: bool,
    /// Entering a move presses the clock (while it runs for the mover): the board and the
    /// clock keep one game. Kept under a name of its own since it became the default: the
    /// value every earlier visit stored unasked (`press_clock`, off) is not taken for a choice.
    pub clock_follows: bool,
}

impl Default for BoardPrefs {
    fn default() -> BoardPrefs {
        BoardPrefs {
            coords: true,
            numbers: false,
            confirm: false,
            clock_follows: true,
        }
    }
}

// A field missing from the stored value takes its default.
json_struct!(BoardPrefs {
    coords: def(BoardPrefs::default().coords),
    numbers: def(BoardPrefs::default().numbers),
    confirm: def(BoardPrefs::default().confirm),
    clock_follows: def(BoardPrefs::default().clock_follows),
});

/// The board preferences; the defaults when none are stored or they cannot be read.
pub fn load_board_prefs() -> BoardPrefs {
    storage()
        .and_then(|s| s.get_item(BOARD_PREFS_KEY).ok().flatten())
        .and_then(|raw| json::from_text(&raw).ok())
        .unwrap_or_default()
}

/// Keeps the board preferences for the next visit (a refusal only loses the preference).
pub fn save_board_prefs(prefs: BoardPrefs) {
    if let Some(store) = storage() {
        let _ = store.set_item(BOARD_PREFS_KEY, &json::to_text(&prefs));
    }
}
