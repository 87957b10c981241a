//! The referee's corrections to the clock, each logged with its reason.

use leptos::prelude::*;

use crate::core::Color;
use crate::core::clock::ClockEvent;

const MINUTE: i64 = 60_000;

/// Corrections: time added or removed, periods or stones set, move count, penalties.
#[component]
pub fn RefereePanel(on_correct: Callback<(ClockEvent, String)>) -> impl IntoView {
    let color = RwSignal::new(Color::Black);
    let reason = RwSignal::new(String::from("Referee correction"));
    let number = RwSignal::new(String::new());
    // Every correction goes with the reason typed above, logged beside it.
    let submit = move |event: ClockEvent| on_correct.run((event, reason.get_untracked()));
    let adjust = move |delta_ms: i64| {
        submit(ClockEvent::Adjusted {
            color: color.get_untracked(),
            delta_ms,
            reason: reason.get_untracked(),
        })
    };
    let with_number = move |make: fn(Color, u32) -> ClockEvent| {
        if let Ok(n) = number.get_untracked().trim().parse::<u32>() {
            submit(make(color.get_untracked(), n));
        }
    };
    view! {
        <details class="card referee">
            <summary>"Referee corrections"</summary>
            <div class="stack">
                <div class="row" role="radiogroup" aria-label="Player">
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
                                    {c.name()}
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <label>
                    "Reason (logged)"
                    <input prop:value=move || reason.get() on:input=move |ev| reason.set(event_target_value(&ev)) />
                </label>
                <div class="row">
                    <button on:click=move |_| adjust(10_000)>"+10 s"</button>
                    <button on:click=move |_| adjust(-10_000)>"−10 s"</button>
                    <button on:click=move |_| adjust(MINUTE)>"+1 min"</button>
                    <button on:click=move |_| adjust(-MINUTE)>"−1 min"</button>
                </div>
                <div class="row">
                    <button on:click=move |_| {
                        submit(ClockEvent::Penalty { color: color.get_untracked(), ms: MINUTE })
                    }>"1-minute penalty"</button>
                    <button on:click=move |_| submit(ClockEvent::BothAdded { ms: MINUTE })>
                        "Both +1 min"
                    </button>
                    <button on:click=move |_| submit(ClockEvent::BothAdded { ms: 2 * MINUTE })>
                        "Both +2 min"
                    </button>
                </div>
                <label>
                    "Number"
                    <input
                        inputmode="numeric"
                        prop:value=move || number.get()
                        on:input=move |ev| number.set(event_target_value(&ev))
                    />
                </label>
                <div class="row">
                    <button on:click=move |_| with_number(|color, periods| ClockEvent::SetPeriods { color, periods })>
                        "Set periods"
                    </button>
                    <button on:click=move |_| with_number(|color, stones_left| ClockEvent::SetStones { color, stones_left })>
                        "Set stones left"
                    </button>
                    <button on:click=move |_| with_number(|color, moves| ClockEvent::MoveCountCorrected { color, moves })>
                        "Set move count"
                    </button>
                </div>
            </div>
        </details>
    }
}
