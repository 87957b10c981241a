//! The result screen's referee actions, each logged with the reason typed above them: the
//! lock and unlock of the count, warnings and protests, a forfeit for lateness and a colour or
//! handicap error (LGC), and the decisions that end a game without a count.

use leptos::prelude::*;

use crate::app::components::pairing_error::PairingError;
use crate::app::state::{report, use_app};
use crate::core::Color;
use crate::core::count::{CountCommand, Decision};
use crate::core::text::{kept, t, tf};

/// The referee's fold of the result screen for game `id`; `locked`: the count is settled;
/// outcomes are said in `message`.
#[component]
pub fn ResultReferee(
    id: Memo<String>,
    locked: Signal<bool>,
    message: RwSignal<Option<String>>,
) -> impl IntoView {
    let app = use_app();
    let run = move |command: CountCommand| {
        report(message, app.run(&id.get_untracked(), command));
    };
    let locked = move || locked.get();
    // The preset's lateness and colour error clauses (LGC).
    let lateness = move || {
        app.with_game(&id.get(), |r| {
            r.settings.preset.lateness_forfeit_minutes().is_some()
        })
        .unwrap_or(false)
    };
    let pairing = move || {
        app.with_game(&id.get(), |r| r.settings.preset.pairing_error_restart())
            .unwrap_or(false)
    };
    let unlock_reason = RwSignal::new(String::new());
    view! {
        <details class="card">
            <summary>{t("Referee")}</summary>
            <div class="stack">
                <label>{t("Reason (logged)")}
                    <input bind:value=unlock_reason />
                </label>
                <div class="row">
                    <button disabled=move || !locked() on:click=move |_| run(CountCommand::Unlock { reason: unlock_reason.get_untracked() })>
                        {t("Unlock the count")}
                    </button>
                    <button disabled=locked on:click=move |_| run(CountCommand::Lock)>{t("Lock the count")}</button>
                </div>
                <div class="row">
                    {Color::BOTH.into_iter().map(|color| view! {
                        <button on:click=move |_| run(CountCommand::Warn { color, reason: unlock_reason.get_untracked() })>
                            {tf("Warn {}", &[&color.shown()])}
                        </button>
                    }).collect_view()}
                    {Color::BOTH.into_iter().map(|by| view! {
                        <button on:click=move |_| run(CountCommand::Protest { by, reason: unlock_reason.get_untracked() })>
                            {tf("{} plays under protest", &[&by.shown()])}
                        </button>
                    }).collect_view()}
                </div>
                <Show when=lateness>
                    <div class="row">
                        {Color::BOTH.into_iter().map(|loser| view! {
                            <button on:click=move |_| run(CountCommand::Decide {
                                decision: Decision::Forfeit { loser },
                                reason: kept("Late by 30 minutes or more").into(),
                            })>
                                {tf("{} late by 30 minutes: forfeit", &[&loser.shown()])}
                            </button>
                        }).collect_view()}
                    </div>
                </Show>
                <Show when=pairing>
                    <PairingError id=id message=message />
                </Show>
                <div class="row">
                    {[
                        (t("Black wins"), Decision::Win { winner: Color::Black }),
                        (t("White wins"), Decision::Win { winner: Color::White }),
                        (t("Jigo"), Decision::Jigo),
                        (t("Both lose"), Decision::BothLose),
                        (t("Replay"), Decision::Replay),
                        (t("Black forfeits"), Decision::Forfeit { loser: Color::Black }),
                        (t("White forfeits"), Decision::Forfeit { loser: Color::White }),
                    ].into_iter().map(|(label, decision)| view! {
                        <button on:click=move |_| run(CountCommand::Decide { decision, reason: unlock_reason.get_untracked() })>
                            {label}
                        </button>
                    }.into_any()).collect_view()}
                </div>
            </div>
        </details>
    }
}
