//! Other tabs and windows of the app on this phone. They share one storage, and the browser
//! tells each document (`storage` events) when another one writes: another tab, but also, after
//! a reload, the document the reload replaced, whose last writes can reach the new document
//! late. So a write counts as another tab's only when its stored head names another writer
//! (each tab is one writer across its reloads, `storage::writer`), or when it does not continue
//! this tab's copy (`storage::compare`). A game another tab changed while this one shows it is
//! marked "changed elsewhere" and no longer written from here; a game this tab only lists
//! follows the other tab's record. A tab showing a game claims it (`sk.open.<id>`: the tab's
//! writer id and this document's id, and the time, renewed every few seconds), so two tabs on
//! the same game both warn; a tab leaving the game says so in the claim before dropping it.

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
/// A claim of this tab's writer from another document, renewed this long after this document
/// started, is from a live tab that began as a copy of this one (a duplicated tab): the
/// document a reload replaced stops writing as soon as the new one runs.
const COPY_AFTER_MS: i64 = 2 * HEARTBEAT.as_millis() as i64;

thread_local! {
    /// This document's id, new on each load.
    static DOC: String = format!("{:08x}", (js_sys::Math::random() * f64::from(u32::MAX)) as u32);
    /// When this document started.
    static STARTED: i64 = now_ms();
    /// The game this tab shows.
    static OPEN: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Other tabs seen on the game this tab shows: tab id and when its claim was last renewed.
    static OTHERS: RefCell<HashMap<String, i64>> = RefCell::new(HashMap::new());
}

/// Listens to the other tabs for as long as the app runs.
pub fn watch(app: AppState) {
    STARTED.with(|_| ());
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
    // A claim of this tab's writer is an earlier document of this tab, reloaded away.
    if let Some(Claim::Here(tab, at)) = storage::read_claim(id).as_deref().and_then(parse_claim)
        && !ours(tab)
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
    let flagged = app
        .saves
        .changed_elsewhere
        .with_untracked(|c| c.iter().any(|g| g == id));
    let held = flagged || app.saves.is_unsaved(id);
    let ours = app
        .games
        .with_untracked(|gs| gs.iter().find(|g| g.id == id).cloned());
    match ours {
        Some(ours) if shown || held => {
            if flagged {
                return;
            }
            match storage::compare(&ours) {
                storage::Compared::Same => {}
                // This tab's own record, written late by the document a reload replaced.
                storage::Compared::Longer => app.follow(id),
                storage::Compared::Shorter => app.write_again(id),
                storage::Compared::Elsewhere => {
                    app.saves
                        .changed_elsewhere
                        .update(|c| c.push(id.to_string()));
                }
            }
        }
        // Listed only, with nothing of it left to write here: take the other tab's record.
        _ => app.follow(id),
    }
}

fn claim_changed(app: AppState, id: &str, old: Option<String>, new: Option<String>) {
    if open_game().as_deref() != Some(id) {
        return;
    }
    let me = this_tab();
    match new.as_deref().and_then(parse_claim) {
        Some(Claim::Here(tab, at)) if tab != me => {
            if ours(tab) {
                if at - STARTED.with(|s| *s) < COPY_AFTER_MS {
                    // The document a reload replaced, renewing its claim as it goes.
                    return;
                }
                // A live copy of this tab: from now on this tab writes under an id of its own,
                // and each tab sees the other's writes as another tab's.
                storage::new_writer();
                storage::write_claim(id, &claim_now());
            }
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

/// This tab as its claims name it: its writer id and this document's id.
fn this_tab() -> String {
    format!("{}/{}", storage::writer(), DOC.with(String::clone))
}

/// Whether a claim's tab is this tab: this document or another of the same writer.
fn ours(tab: &str) -> bool {
    tab.split_once('/')
        .is_some_and(|(writer, _)| writer == storage::writer())
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
