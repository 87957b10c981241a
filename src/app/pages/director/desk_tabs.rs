//! The director's screen in tabs, one job each, always in the same place at the top: the round
//! (`/round`: the file, the round choice, Pair, the tables and their codes), the players, the
//! standings and the files (`/round?tab=players`, `standings`, `files`). Under the tabs, what
//! waits on the director (results missing, a round to pair), on every tab. A message appears
//! in the part of the screen the director last touched (`data-say`), not at the top of a long
//! page.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::Desk;
use crate::core::text::{t, tf};
use crate::core::tournament::waiting::{Waiting, waiting};

/// A tab of the director's screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Round,
    Players,
    Standings,
    Files,
}

impl Tab {
    /// Every tab, in the bar's order.
    pub const ALL: [Tab; 4] = [Tab::Round, Tab::Players, Tab::Standings, Tab::Files];

    /// The tab a query's `tab` value names (the round for anything else).
    pub fn named(value: Option<&str>) -> Tab {
        match value {
            Some("players") => Tab::Players,
            Some("standings") => Tab::Standings,
            Some("files") => Tab::Files,
            _ => Tab::Round,
        }
    }

    /// The tab's address.
    pub fn href(self) -> &'static str {
        match self {
            Tab::Round => "/round",
            Tab::Players => "/round?tab=players",
            Tab::Standings => "/round?tab=standings",
            Tab::Files => "/round?tab=files",
        }
    }

    /// The tab's name on screen.
    pub fn label(self) -> &'static str {
        match self {
            Tab::Round => t("Round"),
            Tab::Players => t("Players"),
            Tab::Standings => t("Standings"),
            Tab::Files => t("Files"),
        }
    }
}

/// The bar of tabs.
#[component]
pub fn DeskTabs(tab: Memo<Tab>) -> impl IntoView {
    view! {
        <nav class="desk-tabs no-print" aria-label=t("The director's screens")>
            {Tab::ALL.into_iter().map(|x| view! {
                <a href=x.href() class:current=move || tab.get() == x
                    aria-current=move || (tab.get() == x).then_some("page")>{x.label()}</a>
            }).collect_view()}
        </nav>
    }
}

/// What waits on the director in the round worked on, with the way to the round tab.
#[component]
pub fn WaitingLine(desk: Desk, tab: Memo<Tab>) -> impl IntoView {
    let now = Memo::new(move |_| {
        let n = desk.tour_round.get();
        desk.tour
            .with(|o| o.as_ref().and_then(|o| waiting(&o.t, n)))
    });
    move || {
        now.get().map(|w| {
            let text = match w {
                Waiting::Results {
                    round,
                    tables,
                    done,
                    games,
                } => {
                    let tables: Vec<String> = tables.iter().map(u32::to_string).collect();
                    tf(
                        "Round {}: {} of {} results in; waiting for tables {}.",
                        &[&round, &done, &games, &tables.join(", ")],
                    )
                }
                Waiting::Pair { round } => tf("Round {} is waiting to be paired.", &[&round]),
            };
            view! {
                <p class="waiting no-print" role="status" data-testid="desk-waiting">
                    <span>{text}</span>
                    {(tab.get() != Tab::Round).then(|| view! {
                        <a class="button" href="/round">{t("To the round")}</a>
                    })}
                </p>
            }
        })
    }
}

/// The message of the director's last action, where it was asked from (`at`: the `data-say`
/// of that part of the screen, empty for the top).
#[component]
pub fn Said(desk: Desk, #[prop(into, default = String::new())] at: String) -> impl IntoView {
    // A message asked for at the bottom of a long screen would land under the fold: it is
    // brought into view each time one is shown.
    let shown = NodeRef::<leptos::html::P>::new();
    Effect::new(move |_| {
        if let Some(p) = shown.get() {
            crate::app::device::reveal(p.into());
        }
    });
    move || {
        if desk.message_at.with(|m| *m != at) {
            return None;
        }
        desk.message.get().map(|(refused, text)| {
            if refused {
                view! { <p class="banner error" role="alert" data-testid="round-message" node_ref=shown>{text}</p> }
                    .into_any()
            } else {
                view! { <p class="banner" role="status" data-testid="round-message" node_ref=shown>{text}</p> }
                    .into_any()
            }
        })
    }
}

/// Keeps, for [`Desk::say`], the part of the screen the director last touched: a press, a key,
/// a focus or an input (a file chosen, a choice made) inside an element with `data-say`.
pub fn follow_touches(desk: Desk) {
    let mark = move |target: Option<web_sys::EventTarget>| {
        let place = target
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.closest("[data-say]").ok().flatten())
            .and_then(|e| e.get_attribute("data-say"))
            .unwrap_or_default();
        desk.touched.set_value(place);
    };
    let handles = [
        window_event_listener(leptos::ev::pointerdown, move |e| mark(e.target())),
        window_event_listener(leptos::ev::keydown, move |e| mark(e.target())),
        window_event_listener(leptos::ev::focusin, move |e| mark(e.target())),
        window_event_listener(leptos::ev::input, move |e| mark(e.target())),
    ];
    on_cleanup(move || handles.into_iter().for_each(|h| h.remove()));
}
