//! The games in `localStorage`, each under its own keys (`core::store::layout`): a save
//! writes the head, which holds the events after the last full chunk, and before it only the
//! full chunks that changed, so a press writes one value of a few hundred bytes, not the whole
//! game. The head says who wrote it (this tab, across its
//! reloads: `writer`) and counts the game's writes; a save first checks that the stored game is
//! still the one this document last wrote or read, or a continuation of it, written by this
//! tab, so it never overwrites another tab's. A game stored in an older layout is rewritten in
//! the current one when it is loaded. A stored value that cannot be read is moved aside under
//! `sk.quarantine.<time>.<original key>`, never deleted, and reported. A deleted game's line
//! of the list's index goes with it.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use wasm_bindgen::JsCast;

use super::access::{RawStorage, all_keys, js_error_text, js_key, storage};
use super::prefs::{alerts_key, side_key};
use super::writer;
use crate::core::history::index_key;
use crate::core::record::GameSettings;
use crate::core::store::StoredGame;
use crate::core::store::layout::{
    self, GAME_PREFIX, Stamp, chunk_key, encode_chunk, encode_tail_from, head_around,
    head_record_text,
};
use crate::core::store::plan::{self, ChangedElsewhere, Seen, Stored};
use crate::core::text::{t, tf};

pub(super) const QUARANTINE_PREFIX: &str = "sk.quarantine.";

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
pub(super) struct Written {
    pub(super) seen: Seen,
    /// The text of its head's tail as the browser holds it, when this document wrote it: the
    /// next save of a longer log appends the new events' text to it instead of encoding the
    /// whole tail again.
    open: Option<js_sys::JsString>,
}

impl Written {
    pub(super) fn of(game: &StoredGame, stamp: Stamp) -> Written {
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
    pub(super) static WRITTEN: RefCell<HashMap<String, Written>> = RefCell::new(HashMap::new());
    /// Games read in an older layout and not yet written in the current one: their first
    /// write removes the chunks the older layout left.
    static OLDER: RefCell<HashSet<String>> = RefCell::new(HashSet::new());
}

/// Saves one game; called on every change. Only the full chunks holding changed events are
/// written, then the head (one write for a press that fills no chunk), then the chunks a
/// shortened log no longer has are removed, so an interrupted save leaves the last complete
/// state readable.
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
    for n in plan.write.clone() {
        let text = encode_chunk(events, n).map_err(SaveError::Encode)?;
        raw_store
            .set_item_js(
                &js_key(chunk_key(&game.id, n)),
                &js_sys::JsString::from(text.as_str()),
            )
            .map_err(|e| SaveError::Refused(js_error_text(&e)))?;
    }
    let tail = match (written.and_then(|w| w.open), plan.append_from) {
        (Some(written), Some(from)) => {
            let added = encode_tail_from(events, from).map_err(SaveError::Encode)?;
            written.concat(&js_sys::JsString::from(added.as_str()))
        }
        _ => js_sys::JsString::from(
            encode_tail_from(events, 0)
                .map_err(SaveError::Encode)?
                .as_str(),
        ),
    };
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
        let around = head_around(game, now_ms, &stamp);
        let js = js_sys::JsString::from(around.before.as_str())
            .concat(&text.record)
            .concat(&js_sys::JsString::from(around.middle.as_str()))
            .concat(&tail)
            .concat(&js_sys::JsString::from(around.after.as_str()));
        text.stamp = stamp.clone();
        text.js = Some(js.clone());
        js
    });
    let written = raw_store.set_item_js(&head_key, &head);
    if written.is_err() {
        HEADS.with(|h| h.borrow_mut().remove(&game.id));
    }
    written.map_err(|e| SaveError::Refused(js_error_text(&e)))?;
    // The chunks past the full ones the head counts (a shortened log's) go once the head no
    // longer counts them.
    for n in plan.remove.clone() {
        let _ = store.remove_item(&chunk_key(&game.id, n));
    }
    if OLDER.with(|o| o.borrow_mut().remove(&game.id)) {
        // The first write of a game read in an older layout: its older chunks go now, and the
        // partial last chunk of layout 2, whose events the head now holds.
        remove_old_chunks(&store, &game.id);
        let _ = store.remove_item(&chunk_key(&game.id, layout::full_chunks(events.len())));
    }
    WRITTEN.with(|w| {
        w.borrow_mut().insert(
            game.id.clone(),
            Written {
                open: Some(tail),
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
pub(super) fn read_game(store: &web_sys::Storage, id: &str) -> Option<StoredGame> {
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
    let _ = store.remove_item(&index_key(id));
    super::photos::delete_photo(id);
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
