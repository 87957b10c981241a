//! The controls under the clock's faces: pause (with the reasons the rules allow) and resume,
//! the way to the count when the passes stopped play, undo of an accidental press, a claim
//! on time, swapping the sides, resignation; and the countdown of the running side's last
//! seconds.

use leptos::prelude::*;

use crate::app::device;
use crate::app::storage::Prefs;
use crate::core::Color;
use crate::core::clock::{ClockState, PauseReason};
use crate::core::table::Command;

/// What the bar shows, derived by the clock page from the live game and the time.
#[derive(Clone, Copy)]
pub struct BarState {
    /// Why the clocks are paused, when they are.
    pub paused: Memo<Option<PauseReason>>,
    /// The game's time has started.
    pub started: Memo<bool>,
    /// The result decided at the table, as SGF `RE`.
    pub result: Memo<Option<String>>,
    /// The passes stopped play: the next step is the count.
    pub stopped_for_count: Memo<bool>,
    /// The last press can still be withdrawn.
    pub can_undo: Memo<bool>,
    /// Who may claim a win on time now.
    pub claim: Memo<Option<Color>>,
    /// Who may state "illegal move" now (Dutch, Cape Town): the opponent just moved and pushed.
    pub illegal_claim: Memo<Option<Color>>,
}

/// Pause or resume, the count, undo press, a claim, swap; the pause reasons when asked for.
#[component]
pub fn ClockBar(
    state: BarState,
    reasons: Vec<PauseReason>,
    #[prop(into)] count_href: Signal<String>,
    on_command: Callback<Command>,
    on_swap: Callback<()>,
) -> impl IntoView {
    let BarState {
        paused,
        started,
        result,
        stopped_for_count,
        can_undo,
        claim,
        illegal_claim,
    } = state;
    let choosing_reason = RwSignal::new(false);
    let reasons = StoredValue::new(reasons);
    view! {
        <div class="clock-bar row">
            <Show
                when=move || paused.get().is_some()
                fallback=move || {
                    view! {
                        <button
                            disabled=move || !started.get() || result.get().is_some()
                            on:click=move |_| choosing_reason.update(|c| *c = !*c)
                        >
                            "Pause"
                        </button>
                    }
                }
            >
                <Show
                    when=move || stopped_for_count.get()
                    fallback=move || {
                        view! {
                            <button class="primary" on:click=move |_| on_command.run(Command::Resume)>
                                "Resume"
                            </button>
                        }
                    }
                >
                    <a class="button primary" href=move || count_href.get()>"Go to the count"</a>
                </Show>
            </Show>
            <button hidden=move || !can_undo.get() on:click=move |_| on_command.run(Command::UndoPress)>
                "Undo press"
            </button>
            {move || claim.get().map(|by| view! {
                <button class="danger" on:click=move |_| on_command.run(Command::ClaimFlag { by })>
                    {format!("{} claims the win on time", by.name())}
                </button>
            })}
            // Kept in the page and hidden when no claim can be made: a press changes its words,
            // not the page.
            <button
                class="danger"
                hidden=move || illegal_claim.get().is_none()
                on:click=move |_| {
                    if let Some(by) = illegal_claim.get_untracked() {
                        on_command.run(Command::ClaimIllegal { by });
                    }
                }
            >
                {move || {
                    illegal_claim
                        .get()
                        .map(|by| format!("Illegal move by {}", (!by).name()))
                        .unwrap_or_default()
                }}
            </button>
            <button on:click=move |_| on_swap.run(()) aria-label="Swap the sides of the clock">
                "⇅ Swap"
            </button>
        </div>
        {move || paused.get().map(|r| view! {
            <p class="banner" role="status" data-testid="pause-reason">{format!("Paused: {}", r.text())}</p>
        })}
        {move || result.get().map(|r| view! {
            <p class="banner" role="status" data-testid="clock-result">{format!("Result: {r}")}</p>
        })}
        <Show when=move || choosing_reason.get() && paused.get().is_none()>
            <div class="card stack" role="group" aria-label="Why pause the clock">
                <p class="muted">"Why are both clocks stopped?"</p>
                {reasons
                    .get_value()
                    .into_iter()
                    .map(|reason| {
                        let label = reason.text().to_string();
                        view! {
                            <button on:click=move |_| {
                                choosing_reason.set(false);
                                on_command.run(Command::Pause { reason: reason.clone() });
                            }>{label}</button>
                        }
                    })
                    .collect_view()}
            </div>
        </Show>
    }
}

/// Either player resigns, behind a fold so that it is not touched by mistake.
#[component]
pub fn ResignPanel(on_command: Callback<Command>) -> impl IntoView {
    view! {
        <details class="card referee">
            <summary>"Resign"</summary>
            <div class="row">
                {Color::BOTH
                    .into_iter()
                    .map(|by| {
                        view! {
                            <button class="danger" on:click=move |_| on_command.run(Command::Resign { by })>
                                {format!("{} resigns", by.name())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </details>
    }
}

/// The last ten seconds of the running side, counted out loud or with beeps as the player
/// chose; a low beep when a minute of main time is left.
pub fn countdown(clock_now: Memo<Option<ClockState>>, prefs: RwSignal<Prefs>) {
    let countdown = Memo::new(move |_| {
        clock_now.with(|c| {
            let clock = c.as_ref()?;
            let color = clock.ticking()?;
            let side = clock.side(color);
            let ms = side.shown_ms();
            if ms <= 10_000 {
                Some((color, (ms + 999) / 1000, side.in_overtime))
            } else if !side.in_overtime && ms <= 60_000 {
                Some((color, 60, false))
            } else {
                None
            }
        })
    });
    Effect::new(move |_| {
        let Some((_, secs, overtime)) = countdown.get() else {
            return;
        };
        let p = prefs.get_untracked();
        if p.sound && secs > 0 {
            device::beep(secs <= 5);
        }
        if p.voice && overtime && secs <= 10 && secs > 0 {
            device::speak(&secs.to_string());
        }
    });
}

/// The space bar presses for the side whose clock runs (or starts the clock), unless a field
/// or a button has the keyboard.
pub fn space_bar_presses(
    clock_now: Memo<Option<ClockState>>,
    starter: Memo<Color>,
    press: impl Fn(Color, i64) + 'static,
) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.code() != "Space" || ev.repeat() || clock_now.try_with_untracked(|_| ()).is_none() {
            return;
        }
        let target_is_field = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| {
                matches!(
                    el.tag_name().as_str(),
                    "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON"
                )
            });
        if target_is_field {
            return;
        }
        ev.prevent_default();
        let who = clock_now.with_untracked(|c| {
            let c = c.as_ref()?;
            if c.started {
                c.running
            } else {
                Some(starter.get_untracked())
            }
        });
        if let Some(color) = who {
            press(color, device::event_epoch_ms(&ev));
        }
    });
    on_cleanup(move || keys.remove());
}
