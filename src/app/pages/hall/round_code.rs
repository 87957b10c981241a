//! A round's code on a player's phone (`/t#T1-…`, from the home screen's Scan or the camera
//! app): the phone that knows its player (their card at `/me`, or the player chosen here
//! before) opens that player's game of the round, filled in; any other asks "Who are you?"
//! with a button per player of the codes read. A round in several codes asks for the others
//! until the player's table is found. The parts read are kept between scans.

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::use_navigate;

use crate::app::components::scanner::{ScanPanel, Scanned};
use crate::app::device;
use crate::app::storage;
use crate::core::round::round_code::{RoundParts, Seat, read_round_link};
use crate::core::text::{t, tf};

/// What the page makes of the parts read and the player it knows.
#[derive(Clone, Debug, PartialEq)]
enum Found {
    /// No part of a round read yet.
    Nothing,
    /// The player's game: the new-game form's path.
    Game(String),
    /// The player has the bye.
    Bye { round: u32 },
    /// The player is not in the parts read: the parts still to scan (none: not in the round).
    NotHere { missing: Vec<usize>, parts: usize },
    /// The phone does not know its player.
    Ask { missing: Vec<usize>, parts: usize },
}

fn find(parts: &RoundParts, me: Option<&str>) -> Found {
    let Some(first) = parts.parts().first() else {
        return Found::Nothing;
    };
    let (missing, count) = (parts.missing(), first.parts);
    let Some(me) = me else {
        return Found::Ask {
            missing,
            parts: count,
        };
    };
    match parts.seat_of(me) {
        Some((part, Seat::Table(i))) => part.game_link("", i).map_or(Found::Nothing, Found::Game),
        Some((part, Seat::Bye)) => Found::Bye { round: part.round },
        None => Found::NotHere {
            missing,
            parts: count,
        },
    }
}

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Adds the part `link` holds to the parts kept. Parts of a round read whole before (last
/// round's) make way for a new round; a part of another round while one is half read is
/// refused by name.
fn take(parts: &mut RoundParts, link: &str) -> Result<(), String> {
    let code = read_round_link(link).map_err(|e| e.to_string())?;
    let stale = parts.missing().is_empty()
        && parts
            .parts()
            .first()
            .is_some_and(|first| !first.same_round(&code));
    if stale {
        parts.clear();
    }
    parts.add_link(link).map(|_| ()).map_err(|e| e.to_string())
}

/// The screen.
#[component]
pub fn RoundCodePage() -> impl IntoView {
    let parts = RwSignal::new(storage::load_round_parts());
    let message = RwSignal::new(None::<String>);
    let me = RwSignal::new(storage::my_key());
    let has_card = storage::load_card().is_some();
    let read = move |link: &str| {
        if link.trim().trim_start_matches('#').is_empty() {
            return;
        }
        let mut next = parts.get_untracked();
        match take(&mut next, link) {
            Ok(()) => match storage::save_round_parts(&next) {
                Ok(()) => {
                    message.set(None);
                    parts.set(next);
                }
                Err(why) => message.set(Some(tf(
                    "The code was read but could not be kept: {}. Scan it again once there is room.",
                    &[&why],
                ))),
            },
            Err(why) => message.set(Some(why)),
        }
    };
    read(&current_hash());
    let listener = window_event_listener_untyped("hashchange", move |_| read(&current_hash()));
    on_cleanup(move || listener.remove());

    let found = Memo::new(move |_| parts.with(|p| me.with(|m| find(p, m.as_deref()))));
    let navigate = use_navigate();
    Effect::new(move |_| {
        if let Found::Game(path) = found.get() {
            // The round is done with on this phone: the next round's code starts afresh.
            let _ = storage::save_round_parts(&RoundParts::default());
            navigate(&path, NavigateOptions::default());
        }
    });
    let choose = move |key: String| {
        if let Err(why) = storage::save_seat_key(Some(&key)) {
            message.set(Some(why));
        }
        me.set(Some(key));
    };
    let scanning = RwSignal::new(false);
    let on_code = Callback::new(move |scanned: Scanned| {
        read(&scanned.text);
        message.get_untracked()
    });
    let title = move || {
        parts.with(|p| {
            p.parts()
                .first()
                .map(|c| {
                    let round = c.words();
                    let mut chars = round.chars();
                    chars
                        .next()
                        .map(|f| f.to_uppercase().collect::<String>() + chars.as_str())
                        .unwrap_or_default()
                })
                .unwrap_or_else(|| t("Round code").to_string())
        })
    };
    let missing_line = |missing: &[usize], parts: usize| {
        let list = missing
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ");
        tf(
            "This round has {} codes: scan code {} too.",
            &[&parts, &list],
        )
    };
    view! {
        <main class="stack round-in">
            <h1>{title}</h1>
            {move || message.get().map(|m| view! { <p class="banner error" role="alert" data-testid="round-in-message">{m}</p> })}
            {move || match found.get() {
                Found::Nothing => view! {
                    <p>{t("Scan the round's code on the director's phone or on the wall.")}</p>
                }.into_any(),
                Found::Game(_) => view! { <p role="status">{t("Opening your game…")}</p> }.into_any(),
                Found::Bye { round } => view! {
                    <p class="banner" role="status" data-testid="round-in-bye">
                        {tf("You have the bye in round {}: no game for you this round.", &[&round])}
                    </p>
                }.into_any(),
                Found::NotHere { missing, parts } => view! {
                    <p class="banner" role="status">
                        {if missing.is_empty() {
                            t("You are not paired in this round. Ask the director, or choose who you are.").to_string()
                        } else {
                            format!("{} {}", t("Your table is not in this code."), missing_line(&missing, parts))
                        }}
                    </p>
                    <button on:click=move |_| me.set(None)>{t("Choose who you are")}</button>
                }.into_any(),
                Found::Ask { missing, parts: count } => view! {
                    <h2>{t("Who are you?")}</h2>
                    <div class="who-list">
                        {parts.with(|p| p.players_by_name().into_iter().map(|(_, seat, player)| {
                            let key = player.game_key();
                            let name = player.display();
                            let bye = matches!(seat, Seat::Bye);
                            view! {
                                <button class="who" on:click=move |_| choose(key.clone())>
                                    {name}{bye.then(|| format!(" · {}", t("bye")))}
                                </button>
                            }
                        }).collect_view())}
                    </div>
                    {(!missing.is_empty()).then(|| view! { <p class="muted">{missing_line(&missing, count)}</p> })}
                }.into_any(),
            }}
            <Show when=move || !has_card>
                <p class="muted">{t("With your card at “Me”, this phone knows who you are.")}</p>
            </Show>
            <div class="row">
                <button class="primary" data-testid="scan" aria-expanded=move || scanning.get().to_string()
                    on:click=move |_| { device::ready_sound(); scanning.update(|s| *s = !*s); }>
                    {t("Scan")}
                </button>
                <a class="button" href="/me">{t("Me")}</a>
                <a class="button" href="/">{t("Your games")}</a>
            </div>
            <Show when=move || scanning.get()>
                <ScanPanel on_code on_close=Callback::new(move |()| scanning.set(false)) />
            </Show>
        </main>
    }
}
