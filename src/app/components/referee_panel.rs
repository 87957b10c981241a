//! The referee's corrections to the clock, each logged with its reason. A correction the core
//! refuses is shown here, beside the form, and changes nothing.

use leptos::prelude::*;

use crate::core::Color;
use crate::core::clock::{ClockEvent, state::MAX_MOVES};
use crate::core::form_values;
use crate::core::text::{t, tf};

const MINUTE: i64 = 60_000;

/// Corrections: time added or removed, periods or stones set, move count, penalties.
/// `on_correct` records a correction, or says why it was refused.
#[component]
pub fn RefereePanel(
    on_correct: Callback<(ClockEvent, String), Result<(), String>>,
) -> impl IntoView {
    let color = RwSignal::new(Color::Black);
    let reason = RwSignal::new(t("Referee correction").to_string());
    let number = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // Every correction goes with the reason typed above, logged beside it.
    let submit = move |event: ClockEvent| {
        error.set(on_correct.run((event, reason.get_untracked())).err());
    };
    let adjust = move |delta_ms: i64| {
        submit(ClockEvent::Adjusted {
            color: color.get_untracked(),
            delta_ms,
            reason: reason.get_untracked(),
        })
    };
    // The number is checked as typed; the clock then checks it against the time control.
    let with_number =
        move |what: &str, make: fn(Color, u32) -> ClockEvent| match form_values::whole_number(
            &number.get_untracked(),
            what,
            1,
            MAX_MOVES,
        ) {
            Ok(n) => submit(make(color.get_untracked(), n)),
            Err(e) => error.set(Some(tf("The correction was not made. {}", &[&e]))),
        };
    view! {
        <details class="card referee">
            <summary>{t("Referee corrections")}</summary>
            <div class="stack">
                <div class="row" role="radiogroup" aria-label=t("Player")>
                    {Color::BOTH
                        .into_iter()
                        .map(|c| {
                            view! {
                                <button
                                    role="radio"
                                    aria-checked=move || (color.get() == c).to_string()
                                    class:primary=move || color.get() == c
                                    on:click=move |_| color.set(c)
                                >
                                    {c.shown()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <label>
                    {t("Reason (logged)")}
                    <input name="reason" prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev)) />
                </label>
                <div class="row">
                    <button on:click=move |_| adjust(10_000)>{t("+10 s")}</button>
                    <button on:click=move |_| adjust(-10_000)>{t("−10 s")}</button>
                    <button on:click=move |_| adjust(MINUTE)>{t("+1 min")}</button>
                    <button on:click=move |_| adjust(-MINUTE)>{t("−1 min")}</button>
                </div>
                <div class="row">
                    <button on:click=move |_| {
                        submit(ClockEvent::Penalty { color: color.get_untracked(), ms: MINUTE })
                    }>{t("1-minute penalty")}</button>
                    <button on:click=move |_| submit(ClockEvent::BothAdded { ms: MINUTE })>
                        {t("Both +1 min")}
                    </button>
                    <button on:click=move |_| submit(ClockEvent::BothAdded { ms: 2 * MINUTE })>
                        {t("Both +2 min")}
                    </button>
                </div>
                <label>
                    {t("Number")}
                    <input
                        name="number"
                        inputmode="numeric"
                        prop:value=move || number.get()
                        on:input=move |ev| number.set(event_target_value(&ev))
                    />
                </label>
                <div class="row">
                    <button on:click=move |_| with_number(t("The number of periods"), |color, periods| ClockEvent::SetPeriods { color, periods })>
                        {t("Set periods")}
                    </button>
                    <button on:click=move |_| with_number(t("The number of stones"), |color, stones_left| ClockEvent::SetStones { color, stones_left })>
                        {t("Set stones left")}
                    </button>
                    <button on:click=move |_| with_number(t("The move count"), |color, moves| ClockEvent::MoveCountCorrected { color, moves })>
                        {t("Set move count")}
                    </button>
                </div>
                {move || error.get().map(|e| view! {
                    <p class="field-error" role="alert" data-testid="referee-error">{e}</p>
                })}
            </div>
        </details>
    }
}
