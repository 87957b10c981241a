//! A game handed over by QR code (`/handover#…`): the phone's camera opens this screen with a
//! part of the game in the link's fragment, which never leaves the phone. A game in one code
//! is shown at once with an "Import" button; the parts of a series are kept on the phone
//! between scans, the missing ones named, until all are in. Importing goes the way a backup
//! does, so a game already here is not added twice.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::app::components::scanner::{ScanPanel, Scanned};
use crate::app::device;
use crate::app::state::{AppState, use_app};
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::Color;
use crate::core::backup::{Backup, BackupGame, Choice, MergePlan, Write};
use crate::core::count::{CountState, Phase, format_points, result_words};
use crate::core::handover::{self, Parts, Progress};
use crate::core::history::GameSummary;
use crate::core::text::{number, t, tf};

/// What the link read so far gives.
#[derive(Clone, Debug, PartialEq)]
enum Received {
    /// The link was refused; nothing changed.
    Refused(String),
    /// A part of a series was read; others are missing.
    Waiting(Progress),
    /// The whole game, ready to import.
    Ready { game: Box<BackupGame>, series: u32 },
}

fn current_hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Reads the link's part, keeping it with the parts of its series read before.
fn receive(hash: &str) -> Received {
    let part = match handover::read_part(hash) {
        Ok(part) => part,
        Err(e) => return Received::Refused(e.to_string()),
    };
    let single = part.count == 1;
    let mut parts = if single {
        Parts::default()
    } else {
        Parts::from_text(&storage::load_handover_parts())
    };
    let progress = match parts.add(part) {
        Ok(progress) => progress,
        Err(e) => return Received::Refused(e.to_string()),
    };
    let series = progress.series;
    match parts.game(series) {
        None => match storage::save_handover_parts(&parts.to_text()) {
            Ok(()) => Received::Waiting(progress),
            Err(why) => Received::Refused(tf(
                "This code was read, but the phone cannot keep it until the others are scanned: {}.",
                &[&why],
            )),
        },
        Some(Err(e)) => {
            // The series as a whole is wrong: its parts go, so scanning again starts afresh.
            if !single {
                parts.forget(series);
                let _ = storage::save_handover_parts(&parts.to_text());
            }
            Received::Refused(e.to_string())
        }
        Some(Ok(game)) => Received::Ready {
            game: Box::new(game),
            series,
        },
    }
}

fn forget(series: u32) {
    let mut parts = Parts::from_text(&storage::load_handover_parts());
    parts.forget(series);
    let _ = storage::save_handover_parts(&parts.to_text());
}

fn list(numbers: &[usize]) -> String {
    let words: Vec<String> = numbers.iter().map(usize::to_string).collect();
    match words.split_last() {
        Some((last, rest)) if !rest.is_empty() => tf("{} and {}", &[&rest.join(", "), last]),
        _ => words.join(""),
    }
}

/// The screen's state: what the links read so far give, the outcome of an import, the game
/// already here, and whether the player must choose between two records of one game.
#[derive(Clone, Copy)]
struct Handover {
    received: RwSignal<Received>,
    message: RwSignal<Option<String>>,
    already: RwSignal<Option<String>>,
    conflict: RwSignal<bool>,
    scanning: RwSignal<bool>,
}

impl Handover {
    /// Imports the game received, as a backup would (`choice`: what to do with a different
    /// record of it here, once asked); the id of the game added, to open.
    fn import(self, app: AppState, choice: Option<Choice>) -> Option<String> {
        let Received::Ready { game, series } = self.received.get_untracked() else {
            return None;
        };
        let file = Backup {
            exported_ms: None,
            games: vec![*game],
            damaged: Vec::new(),
        };
        let plan = app.games.with_untracked(|games| {
            MergePlan::new(&file, games.iter().map(|g| (g.id.as_str(), &g.record)))
        });
        if let Some((_, here)) = plan.already_here.first() {
            forget(series);
            self.already.set(Some(here.clone()));
            self.message.set(Some(
                t("This game is already on this phone, with the same record: nothing was added.")
                    .into(),
            ));
            return None;
        }
        if !plan.conflicts.is_empty() && choice.is_none() {
            self.conflict.set(true);
            return None;
        }
        let writes = match plan.resolve(&[choice]) {
            Err(e) => {
                self.message.set(Some(e));
                return None;
            }
            Ok(writes) => writes,
        };
        let id = writes.first().map(|w| match w {
            Write::Add(g) | Write::Replace(g) => g.id.clone(),
        });
        let done = app.import(writes);
        forget(series);
        if done.unsaved > 0 {
            let e = app.saves.error.get_untracked().unwrap_or_default();
            self.message.set(Some(tf(
                "The game was added, but this phone refused to store it, so it will be gone after the app closes. {}",
                &[&e],
            )));
            return None;
        }
        id
    }

    /// A further code read by the app's own scanner on this screen: what to say of it.
    fn scanned(self, scanned: Scanned) -> Option<String> {
        if !scanned
            .app_path
            .as_deref()
            .is_some_and(|p| p.starts_with(handover::PATH))
        {
            return Some(t("This is not a code of a handed-over game.").to_string());
        }
        let next = receive(&scanned.text);
        let note = match &next {
            Received::Refused(why) => why.clone(),
            Received::Waiting(p) => tf("{} of {} codes read.", &[&p.have.len(), &p.count]),
            Received::Ready { .. } => t("All codes read.").to_string(),
        };
        if matches!(next, Received::Ready { .. }) {
            self.scanning.set(false);
        }
        self.received.set(next);
        Some(note)
    }
}

/// The screen a scanned code opens.
#[component]
pub fn HandoverPage() -> impl IntoView {
    let app = use_app();
    let navigate = StoredValue::new_local(use_navigate());
    let screen = Handover {
        received: RwSignal::new(receive(&current_hash())),
        message: RwSignal::new(None),
        already: RwSignal::new(None),
        conflict: RwSignal::new(false),
        scanning: RwSignal::new(false),
    };
    let received = screen.received;
    // A further code scanned while this screen is open changes only the fragment.
    let listener = window_event_listener_untyped("hashchange", move |_| {
        received.set(receive(&current_hash()));
    });
    on_cleanup(move || listener.remove());
    let import = Callback::new(move |choice: Option<Choice>| {
        if let Some(id) = screen.import(app, choice) {
            navigate.with_value(|go| go(&format!("/game/{id}/result"), Default::default()));
        }
    });
    let body = move || {
        match received.get() {
        Received::Refused(why) => view! {
            <p class="message" role="alert" data-testid="handover-message">{why}</p>
        }
        .into_any(),
        Received::Waiting(progress) => view! { <StillToScan progress /> }.into_any(),
        Received::Ready { game, .. } => view! {
            <GameReceived game />
            <Show
                when=move || screen.conflict.get()
                fallback=move || view! {
                    <button class="primary" on:click=move |_| import.run(None)>{t("Import")}</button>
                }
            >
                <p class="message" role="alert">
                    {t("This phone has a different record of this game (the same game at another moment, or another game under the same id). Replace the one here, or keep both?")}
                </p>
                <div class="row">
                    <button on:click=move |_| import.run(Some(Choice::TakeTheirs))>{t("Replace the one here")}</button>
                    <button on:click=move |_| import.run(Some(Choice::KeepBoth))>{t("Keep both")}</button>
                </div>
            </Show>
        }
        .into_any(),
    }
    };
    // The other codes of a series, read by the app's own scanner on this screen.
    let scanning = screen.scanning;
    let on_code = Callback::new(move |scanned: Scanned| screen.scanned(scanned));
    let waiting = move || received.with(|r| matches!(r, Received::Waiting(_)));

    view! {
        <main class="stack handover-page">
            <h1>{t("A game handed over")}</h1>
            {body}
            <Show when=waiting>
                <button class="primary" data-testid="scan" on:click=move |_| {
                    device::ready_sound();
                    scanning.update(|s| *s = !*s);
                }>{t("Scan")}</button>
            </Show>
            <Show when=move || scanning.get()>
                <ScanPanel on_code on_close=Callback::new(move |()| scanning.set(false)) />
            </Show>
            <p class="message" role="status" data-testid="handover-outcome">{move || screen.message.get()}</p>
            {move || screen.already.get().map(|id| view! {
                <a class="button" href=format!("/game/{id}/result")>{t("Open it")}</a>
            })}
            <a class="button" href="/">{t("Go to your games")}</a>
        </main>
    }
}

/// The codes of a series read so far, and those still to scan.
#[component]
fn StillToScan(progress: Progress) -> impl IntoView {
    view! {
        <p class="big" data-testid="handover-progress" role="status">
            {tf(
                "{} of {} codes read (code {}). Still to scan: code {}.",
                &[
                    &progress.have.len(),
                    &progress.count,
                    &list(&progress.have),
                    &list(&progress.missing),
                ],
            )}
        </p>
        <p class="muted">
            {t("Scan the other codes on the phone that kept the game, in any order. The codes read are kept on this phone until all are in.")}
        </p>
    }
}

/// The game received: its players, its result, the count's totals and who confirmed it.
#[component]
fn GameReceived(game: Box<BackupGame>) -> impl IntoView {
    let now = now_ms();
    let summary = GameSummary::of(&game.id, game.created_ms, &game.record, now);
    let count = CountState::of(&game.record, now).ok();
    let re = count
        .as_ref()
        .and_then(CountState::result)
        .or(summary.result.clone());
    let totals = count
        .as_ref()
        .filter(|c| matches!(c.phase, Phase::Agreement | Phase::Counting | Phase::Locked))
        .map(|c| {
            let tally = c.tally();
            Color::BOTH
                .map(|color| {
                    format!(
                        "{} {}",
                        color.shown(),
                        number(&format_points(tally.total(color)))
                    )
                })
                .join(" · ")
        });
    let confirmed = count.as_ref().map(|c| {
        Color::BOTH
            .map(|color| {
                if c.has_confirmed(color) {
                    tf("{} confirmed ✓", &[&color.shown()])
                } else {
                    tf("{} has not confirmed", &[&color.shown()])
                }
            })
            .join(" · ")
    });
    view! {
        <div class="card stack">
            <p class="big" data-testid="handover-players">{summary.players()}</p>
            <p class="muted">{summary.detail()}</p>
            <p class="result-big">
                {re.as_deref().map(result_words).unwrap_or_else(|| t("No result yet").into())}
                " "
                <span class="re" data-testid="handover-result">{re.clone().unwrap_or_default()}</span>
            </p>
            {totals.map(|t| view! { <p data-testid="handover-totals">{t}</p> })}
            {confirmed.map(|c| view! { <p>{c}</p> })}
        </div>
    }
}
