//! Other tabs and windows of the app on this phone. They share one storage, and the browser
//! tells each tab (`storage` events) when another one writes. A game another tab changed while
//! this one shows it is marked "changed elsewhere" and no longer written from here; a game this
//! tab only lists follows the other tab's record. A tab showing a game claims it
//! (`sk.open.<id>`: the tab's id and the time, renewed every few seconds), so two tabs on the same
//! game both warn; a tab leaving the game says so in the claim before dropping it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use super::state::AppState;
use super::storage::{self, KeyOf};
use super::time::now_ms;

/// How often a tab renews the claim on the game it shows.
const HEARTBEAT: Duration = Duration::from_secs(4);
/// A claim not renewed for this long is from a tab that is gone.
const STALE_MS: i64 = 12_000;
/// What a tab writes in its claim when it leaves the game.
const LEFT: &str = "left";

thread_local! {
    /// This page's id, new on each load.
    static TAB: String = format!("{:08x}", (js_sys::Math::random() * f64::from(u32::MAX)) as u32);
    /// The game this tab shows.
    static OPEN: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Other tabs seen on the game this tab shows: tab id and when its claim was last renewed.
    static OTHERS: RefCell<HashMap<String, i64>> = RefCell::new(HashMap::new());
}

/// Listens to the other tabs for as long as the app runs.
pub fn watch(app: AppState) {
    let on_storage = window_event_listener(ev::storage, move |e: web_sys::StorageEvent| {
        match e.key() {
            // The whole storage was cleared.
            None => {
                let ids: Vec<String> = app
                    .games
                    .with_untracked(|gs| gs.iter().map(|g| g.id.clone()).collect());
                for id in ids {
                    game_changed(app, &id);
                }
            }
            Some(key) => match storage::key_of(&key) {
                KeyOf::Game(id) => game_changed(app, id),
                KeyOf::Claim(id) => claim_changed(app, id, e.old_value(), e.new_value()),
                KeyOf::Other => {}
            },
        }
    });
    std::mem::forget(on_storage);
    set_interval(move || heartbeat(app), HEARTBEAT);
    let hide = window_event_listener_untyped("pagehide", |_| release());
    std::mem::forget(hide);
    // Back from the browser's page cache: claim again what this tab shows.
    let show = window_event_listener_untyped("pageshow", |_| {
        if let Some(id) = open_game() {
            storage::write_claim(&id, &claim_now());
        }
    });
    std::mem::forget(show);
}

/// This tab shows game `id` from now on: warns if another tab shows it too, and tells the
/// others.
pub fn open(app: AppState, id: &str) {
    if open_game().is_some_and(|shown| shown != id) {
        release();
    }
    OTHERS.with(|o| o.borrow_mut().clear());
    if let Some(Claim::Here(tab, at)) = storage::read_claim(id).as_deref().and_then(parse_claim)
        && tab != this_tab()
        && now_ms() - at < STALE_MS
    {
        OTHERS.with(|o| o.borrow_mut().insert(tab.to_string(), at));
    }
    OPEN.with(|o| *o.borrow_mut() = Some(id.to_string()));
    storage::write_claim(id, &claim_now());
    show_others(app);
}

/// This tab no longer shows a game.
pub fn close(app: AppState) {
    release();
    OPEN.with(|o| *o.borrow_mut() = None);
    OTHERS.with(|o| o.borrow_mut().clear());
    show_others(app);
}

fn game_changed(app: AppState, id: &str) {
    let shown = open_game().as_deref() == Some(id);
    let held = app.unsaved.with_untracked(|u| u.iter().any(|g| g == id))
        || app
            .changed_elsewhere
            .with_untracked(|c| c.iter().any(|g| g == id));
    let known = app.games.with_untracked(|gs| gs.iter().any(|g| g.id == id));
    if (shown || held) && known {
        if !app
            .changed_elsewhere
            .with_untracked(|c| c.iter().any(|g| g == id))
        {
            app.changed_elsewhere.update(|c| c.push(id.to_string()));
        }
    } else {
        // Listed only, with nothing of it left to write here: take the other tab's record.
        app.follow(id);
    }
}

fn claim_changed(app: AppState, id: &str, old: Option<String>, new: Option<String>) {
    if open_game().as_deref() != Some(id) {
        return;
    }
    let me = this_tab();
    match new.as_deref().and_then(parse_claim) {
        Some(Claim::Here(tab, at)) if tab != me => {
            OTHERS.with(|o| o.borrow_mut().insert(tab.to_string(), at));
        }
        Some(Claim::Here(..)) => {}
        Some(Claim::Left(tab)) => {
            OTHERS.with(|o| o.borrow_mut().remove(tab));
            // Claim again, so tabs opened later still see this one.
            storage::write_claim(id, &claim_now());
        }
        None => {
            if let Some(Claim::Here(tab, _) | Claim::Left(tab)) =
                old.as_deref().and_then(parse_claim)
            {
                OTHERS.with(|o| o.borrow_mut().remove(tab));
            }
            storage::write_claim(id, &claim_now());
        }
    }
    show_others(app);
}

fn heartbeat(app: AppState) {
    if let Some(id) = open_game() {
        storage::write_claim(&id, &claim_now());
    }
    show_others(app);
}

/// Sets which games another tab shows too, from the claims seen lately.
fn show_others(app: AppState) {
    let now = now_ms();
    let others = OTHERS.with(|o| {
        let mut o = o.borrow_mut();
        o.retain(|_, at| now - *at < STALE_MS);
        !o.is_empty()
    });
    let ids: Vec<String> = open_game().filter(|_| others).into_iter().collect();
    if app.open_elsewhere.with_untracked(|o| *o != ids) {
        app.open_elsewhere.set(ids);
    }
}

/// Tells the other tabs that this one left the game (they claim it again), and drops the claim.
fn release() {
    let Some(id) = open_game() else {
        return;
    };
    storage::write_claim(&id, &format!("{} {LEFT}", this_tab()));
    storage::remove_claim(&id);
}

fn open_game() -> Option<String> {
    OPEN.with(|o| o.borrow().clone())
}

fn this_tab() -> String {
    TAB.with(String::clone)
}

fn claim_now() -> String {
    format!("{} {}", this_tab(), now_ms())
}

/// What a stored claim says.
enum Claim<'a> {
    /// The tab shows the game, as of this time.
    Here(&'a str, i64),
    /// The tab left the game.
    Left(&'a str),
}

fn parse_claim(raw: &str) -> Option<Claim<'_>> {
    let (tab, rest) = raw.split_once(' ')?;
    if rest == LEFT {
        return Some(Claim::Left(tab));
    }
    Some(Claim::Here(tab, rest.parse().ok()?))
}
