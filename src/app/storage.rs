//! The storage adapter: the only code that touches `localStorage`.
//!
//! The layout of the keys and the reading of every stored version are in `core::store`; this
//! module puts them on `localStorage`. A save rewrites only the chunks that changed and then
//! the head, so a press in a long game writes a few hundred bytes, not the whole game. The head
//! says who wrote it (this tab, across its reloads: `writer`) and counts the game's writes; a
//! save first checks that the stored game is still the one this document last wrote or read,
//! or a continuation of it, written by this tab, so it never overwrites another tab's. A game
//! stored in an older layout is rewritten in the current one when it is loaded. A stored value
//! that cannot be read is moved aside under `sk.quarantine.<time>.<original key>`, never
//! deleted, and reported.

use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

use wasm_bindgen::JsCast;

use crate::core::clock::WarningPoints;
use crate::core::history::Settled;
use crate::core::record::GameSettings;
pub use crate::core::store::StoredGame;
use crate::core::store::json::{self, json_struct};
use crate::core::store::layout::{
    self, GAME_PREFIX, Stamp, chunk_key, encode_chunk, encode_chunk_from, head_around,
    head_record_text,
};
use crate::core::store::plan::{self, ChangedElsewhere, Seen, Stored, continues};
use crate::core::text::{t, tf};

const QUARANTINE_PREFIX: &str = "sk.quarantine.";

/// A stored value that could not be read, kept aside under `kept_as`.
#[derive(Clone, Debug, PartialEq)]
pub struct StorageProblem {
    pub key: String,
    pub kept_as: Option<String>,
    pub message: String,
}

/// What loading found: the games, and anything that could not be read.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LoadReport {
    pub games: Vec<StoredGame>,
    pub problems: Vec<StorageProblem>,
}

/// Why a save did not reach storage.
#[derive(Clone, Debug, PartialEq)]
pub enum SaveError {
    /// The browser refused the write: storage is full or disabled.
    Refused(String),
    /// The game could not be turned into JSON (a bug, never expected).
    Encode(String),
    /// Another tab or window wrote or deleted the game since this document last wrote or read
    /// it: writing would overwrite that tab's record.
    ChangedElsewhere,
}

impl std::fmt::Display for SaveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SaveError::Refused(why) => f.write_str(&tf(
                "This phone refused to save the game ({}). The game keeps running; free some space or export games from the home screen.",
                &[why],
            )),
            SaveError::Encode(why) => f.write_str(&tf(
                "The game could not be encoded for saving: {}",
                &[why],
            )),
            SaveError::ChangedElsewhere => {
                f.write_str(t("This game was changed in another tab or window."))
            }
        }
    }
}

/// What this document last wrote or read of a game.
#[derive(Clone, Debug)]
struct Written {
    seen: Seen,
    /// The text of its last chunk as the browser holds it, when this document wrote it: the
    /// next save of a longer log appends the new events' text to it instead of encoding the
    /// whole chunk again.
    open: Option<js_sys::JsString>,
}

impl Written {
    fn of(game: &StoredGame, stamp: Stamp) -> Written {
        Written {
            seen: Seen::of(game, stamp),
            open: None,
        }
    }
}

/// The head this document last wrote of a game: a save that finds it still in place knows
/// its stamp without reading it again, and writes the next head around the same text of the
/// record, which changes only with the settings. Same text, same stamp: an entry left over
/// from before another tab wrote can never be mistaken for what is stored.
struct HeadText {
    /// The head as the browser holds it (none before the first write): a save compares the
    /// stored head with it where it lies, without copying the head into the module.
    js: Option<js_sys::JsString>,
    stamp: Stamp,
    schema: u32,
    settings: GameSettings,
    /// The text of the record (settings and rules) as the browser holds it.
    record: js_sys::JsString,
}

thread_local! {
    static HEADS: RefCell<HashMap<String, HeadText>> = RefCell::new(HashMap::new());
    /// For each game, what this document last wrote or read of it.
    static WRITTEN: RefCell<HashMap<String, Written>> = RefCell::new(HashMap::new());
    /// Games read in an older layout and not yet written in the current one: their first
    /// write removes the chunks the older layout left.
    static OLDER: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The browser's `Storage`, for the two calls below.
    #[wasm_bindgen(js_name = Storage)]
    type RawStorage;
    /// `Storage.getItem`, the value left as the browser's string.
    #[wasm_bindgen(method, catch, js_name = getItem)]
    fn get_item_js(
        this: &RawStorage,
        key: &js_sys::JsString,
    ) -> Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>;
    /// `Storage.setItem` of a key and a value the browser holds already.
    #[wasm_bindgen(method, catch, js_name = setItem)]
    fn set_item_js(
        this: &RawStorage,
        key: &js_sys::JsString,
        value: &js_sys::JsString,
    ) -> Result<(), wasm_bindgen::JsValue>;
}

/// A storage key as the browser's string, made once per document: a save passes no key's
/// text to the browser again.
fn js_key(key: String) -> js_sys::JsString {
    thread_local! {
        static KEYS: RefCell<HashMap<String, js_sys::JsString>> = RefCell::new(HashMap::new());
    }
    KEYS.with(|keys| {
        keys.borrow_mut()
            .entry(key)
            .or_insert_with_key(|k| js_sys::JsString::from(k.as_str()))
            .clone()
    })
}

fn storage() -> Option<web_sys::Storage> {
    // Asked of the browser once per document: a press should not pay for the lookup.
    thread_local! {
        static STORE: Option<web_sys::Storage> =
            web_sys::window().and_then(|w| w.local_storage().ok().flatten());
    }
    STORE.with(Clone::clone)
}

/// Saves one game; called on every change. Only the chunks holding changed events are
/// rewritten, then the head, so an interrupted save leaves the last complete state readable.
/// Refused with [`SaveError::ChangedElsewhere`] when the stored game is neither the one this
/// document last wrote or read nor something `game` continues that this tab wrote (an earlier
/// document of the tab writing late).
pub fn save_game(game: &StoredGame, now_ms: i64) -> Result<(), SaveError> {
    let store =
        storage().ok_or_else(|| SaveError::Refused(t("local storage is not available").into()))?;
    let me = writer::writer();
    let events = &game.record.events();
    let head_key = js_key(layout::head_key(&game.id));
    let raw_store: &RawStorage = store.unchecked_ref();
    let stored_js = raw_store
        .get_item_js(&head_key)
        .ok()
        .filter(|v| !v.is_null() && !v.is_undefined());
    // The head this document wrote last, still in place: its stamp is known here.
    let unchanged = stored_js.as_ref().and_then(|stored| {
        HEADS.with(|h| {
            h.borrow()
                .get(&game.id)
                .filter(|t| {
                    t.js.as_ref()
                        .is_some_and(|js| AsRef::<wasm_bindgen::JsValue>::as_ref(js) == stored)
                })
                .map(|t| t.stamp.clone())
        })
    });
    // Any other head is copied into the module to be read. (A head this document wrote names
    // this tab, so the branch below for heads that name no writer always has its text.)
    let stored = match unchanged {
        Some(_) => None,
        None => stored_js
            .as_ref()
            .and_then(wasm_bindgen::JsValue::as_string),
    };
    let stored_stamp = unchanged.or_else(|| stored.as_deref().map(layout::decode_stamp));
    let written = WRITTEN.with(|w| w.borrow().get(&game.id).cloned());
    let plan = plan::plan(
        game,
        written.as_ref().map(|w| &w.seen),
        &Stored {
            stamp: stored_stamp.as_ref(),
            game: &|| read_game(&store, &game.id),
            head_count: &|| {
                stored
                    .as_deref()
                    .and_then(|raw| layout::decode_head(raw).ok())
                    .map(|h| h.event_count)
            },
        },
        &me,
    )
    .map_err(|ChangedElsewhere| SaveError::ChangedElsewhere)?;
    for n in plan.remove.clone() {
        let _ = store.remove_item(&chunk_key(&game.id, n));
    }
    let mut open = written.and_then(|w| w.open);
    let mut last_chunk = None;
    for n in plan.write.clone() {
        let text = match (open.take(), plan.append_from) {
            (Some(written), Some(from)) if from / layout::CHUNK == n => {
                let added = encode_chunk_from(events, n, from).map_err(SaveError::Encode)?;
                written.concat(&js_sys::JsString::from(added.as_str()))
            }
            _ => {
                js_sys::JsString::from(encode_chunk(events, n).map_err(SaveError::Encode)?.as_str())
            }
        };
        raw_store
            .set_item_js(&js_key(chunk_key(&game.id, n)), &text)
            .map_err(|e| SaveError::Refused(js_error_text(&e)))?;
        last_chunk = Some(text);
    }
    let stamp = plan.stamp;
    let head = HEADS.with(|h| {
        let mut heads = h.borrow_mut();
        let settings = &game.record.settings;
        let schema = game.record.schema;
        let text = heads
            .entry(game.id.clone())
            .and_modify(|t| {
                if t.schema != schema || t.settings != *settings {
                    *t = HeadText::of(game);
                }
            })
            .or_insert_with(|| HeadText::of(game));
        let (before, after) = head_around(game, now_ms, &stamp);
        let js = js_sys::JsString::from(before.as_str())
            .concat(&text.record)
            .concat(&js_sys::JsString::from(after.as_str()));
        text.stamp = stamp.clone();
        text.js = Some(js.clone());
        js
    });
    let written = raw_store.set_item_js(&head_key, &head);
    if written.is_err() {
        HEADS.with(|h| h.borrow_mut().remove(&game.id));
    }
    written.map_err(|e| SaveError::Refused(js_error_text(&e)))?;
    if OLDER.with(|o| o.borrow_mut().remove(&game.id)) {
        // The first write of a game read in an older layout: its older chunks go now.
        remove_old_chunks(&store, &game.id);
    }
    WRITTEN.with(|w| {
        w.borrow_mut().insert(
            game.id.clone(),
            Written {
                open: last_chunk,
                ..Written::of(game, stamp)
            },
        )
    });
    Ok(())
}

impl HeadText {
    /// The head text of `game` before its first save here (no head written yet).
    fn of(game: &StoredGame) -> HeadText {
        HeadText {
            js: None,
            stamp: Stamp::default(),
            schema: game.record.schema,
            settings: game.record.settings.clone(),
            record: js_sys::JsString::from(head_record_text(game).as_str()),
        }
    }
}

/// Game `id` as stored now; `None` when it is not stored or cannot be read.
fn read_game(store: &web_sys::Storage, id: &str) -> Option<StoredGame> {
    layout::load_game(|k| store.get_item(k).ok().flatten(), id)
        .ok()
        .map(|l| l.game)
}

/// Removes one game from storage.
pub fn delete_game(id: &str) {
    let Some(store) = storage() else {
        return;
    };
    for key in game_keys(&store, id) {
        let _ = store.remove_item(&key);
    }
    let _ = store.remove_item(&side_key(id));
    let _ = store.remove_item(&alerts_key(id));
    WRITTEN.with(|w| w.borrow_mut().remove(id));
    HEADS.with(|h| h.borrow_mut().remove(id));
    OLDER.with(|o| o.borrow_mut().remove(id));
}

/// The head key and every chunk key of a game, in any layout.
fn game_keys(store: &web_sys::Storage, id: &str) -> Vec<String> {
    let mut keys = vec![layout::head_key(id)];
    keys.extend(
        all_keys(store)
            .into_iter()
            .filter(|k| layout::chunk_owner(k).is_some_and(|(owner, _)| owner == id)),
    );
    keys
}

/// Removes the chunks of game `id` that the current layout no longer reads (left by a
/// migration to the current layout, once its new head is written).
fn remove_old_chunks(store: &web_sys::Storage, id: &str) {
    for key in all_keys(store) {
        if layout::chunk_owner(&key) == Some((id, false)) {
            let _ = store.remove_item(&key);
        }
    }
}

fn all_keys(store: &web_sys::Storage) -> Vec<String> {
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .collect()
}

/// Loads every stored game; unreadable values are moved aside and reported.
pub fn load_all(now_ms: i64) -> LoadReport {
    let mut report = LoadReport::default();
    let Some(store) = storage() else {
        report.problems.push(StorageProblem {
            key: String::new(),
            kept_as: None,
            message: t("This browser does not allow the app to store games (private mode or storage disabled). Games will be lost when the page closes.").into(),
        });
        return report;
    };
    for key in all_keys(&store) {
        let Some(id) = key.strip_prefix(GAME_PREFIX) else {
            continue;
        };
        match layout::load_game(|k| store.get_item(k).ok().flatten(), id) {
            Ok(loaded) => {
                let game = loaded.game;
                if loaded.older.is_some() || loaded.rules_from_preset {
                    // Rewritten in the current layout, with its rules in full, now; if that is
                    // refused, the old one stays readable and the next save tries again.
                    if loaded.older.is_some() {
                        OLDER.with(|o| o.borrow_mut().insert(game.id.clone()));
                    }
                    let _ = save_game(&game, now_ms);
                } else {
                    WRITTEN.with(|w| {
                        w.borrow_mut()
                            .insert(game.id.clone(), Written::of(&game, loaded.stamp))
                    });
                }
                report.games.push(game);
            }
            Err(message) => {
                // Keep every key of the game aside, together, under one time stamp.
                let mut kept_head = None;
                for k in game_keys(&store, id) {
                    let Ok(Some(raw)) = store.get_item(&k) else {
                        continue;
                    };
                    let kept_as = format!("{QUARANTINE_PREFIX}{now_ms}.{k}");
                    if store.set_item(&kept_as, &raw).is_ok() {
                        let _ = store.remove_item(&k);
                        if k == key {
                            kept_head = Some(kept_as);
                        }
                    }
                }
                report.problems.push(StorageProblem {
                    key: key.clone(),
                    kept_as: kept_head,
                    message,
                });
            }
        }
    }
    // Chunks of an older layout left behind by a migration cut short after its new head.
    for key in all_keys(&store) {
        if let Some((id, false)) = layout::chunk_owner(&key)
            && WRITTEN.with(|w| w.borrow().contains_key(id))
        {
            let _ = store.remove_item(&key);
        }
    }
    newest_first(&mut report.games);
    report
}

/// Puts games in the order of the game list, newest first (games created in the same
/// millisecond keep their order). One function for every caller, so the sort is compiled once.
pub fn newest_first(games: &mut [StoredGame]) {
    games.sort_by_key(|g| std::cmp::Reverse(g.created_ms));
}

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

fn alerts_key(id: &str) -> String {
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
const SETTLED_KEY: &str = "sk.settled";

/// What the game list found of finished games on an earlier visit (an unreadable value only
/// costs a replay).
pub fn load_settled() -> BTreeMap<String, Settled> {
    storage()
        .and_then(|s| s.get_item(SETTLED_KEY).ok().flatten())
        .and_then(|raw| json::from_text(&raw).ok())
        .unwrap_or_default()
}

/// Keeps what the game list found of finished games for the next visit (a refusal only costs
/// replays next time).
pub fn save_settled(settled: &BTreeMap<String, Settled>) {
    if let Some(store) = storage() {
        let _ = store.set_item(SETTLED_KEY, &json::to_text(settled));
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

fn side_key(id: &str) -> String {
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

/// Every quarantined value, for export: `(key, raw text)`.
pub fn quarantined_values() -> Vec<(String, String)> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    let len = store.length().unwrap_or(0);
    (0..len)
        .filter_map(|i| store.key(i).ok().flatten())
        .filter(|k| k.starts_with(QUARANTINE_PREFIX))
        .filter_map(|k| store.get_item(&k).ok().flatten().map(|v| (k, v)))
        .collect()
}

fn js_error_text(e: &wasm_bindgen::JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string().unwrap_or_else(|| t("unknown error").into())
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
    /// Entering a move presses the clock.
    pub press_clock: bool,
}

impl Default for BoardPrefs {
    fn default() -> BoardPrefs {
        BoardPrefs {
            coords: true,
            numbers: false,
            confirm: false,
            press_clock: false,
        }
    }
}

// A field missing from the stored value takes its default.
json_struct!(BoardPrefs {
    coords: def(BoardPrefs::default().coords),
    numbers: def(BoardPrefs::default().numbers),
    confirm: def(BoardPrefs::default().confirm),
    press_clock: def(BoardPrefs::default().press_clock),
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

// What other tabs write, how much room the app takes and the session copies of refused games
// live beside the layout above; none of them changes how a game is written.
mod rounds;
mod shared;
mod stash;
mod usage;
mod writer;
pub use rounds::{
    is_book_key, load_book, load_round_file, remove_round_file, save_book, save_round_file,
    stored_book,
};
pub use shared::{
    Compared, KeyOf, compare, key_of, read_claim, reload_game, remove_claim, write_claim,
};
pub use stash::{stash, stashed, unstash};
pub use usage::{delete_kept_values, keep_aside, usage};
pub use writer::{new_writer, writer};

/// The parts of handed-over games read so far, one link fragment a line, kept between scans
/// (each scan may open the app afresh).
const HANDOVER_KEY: &str = "sk.handover";

/// The parts of handed-over games kept so far (empty when none).
pub fn load_handover_parts() -> String {
    storage()
        .and_then(|s| s.get_item(HANDOVER_KEY).ok().flatten())
        .unwrap_or_default()
}

/// Keeps the parts read so far; removes the key when none is left. `Err` when the browser
/// refuses (storage full or disabled).
pub fn save_handover_parts(text: &str) -> Result<(), String> {
    let Some(store) = storage() else {
        return Err(t("this browser does not let the app store anything").into());
    };
    let done = if text.is_empty() {
        store.remove_item(HANDOVER_KEY)
    } else {
        store.set_item(HANDOVER_KEY, text)
    };
    done.map_err(|_| t("the browser refused to store them (its storage is full)").into())
}
