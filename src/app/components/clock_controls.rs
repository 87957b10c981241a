//! The controls in the strip between the clock's faces: Pass for the player whose clock
//! runs, pause (with the reasons the rules allow, and the neutral time for removing captured
//! stones one tap away) and resume, the way to the count when the passes stopped play, undo of
//! an accidental press, a claim on time, swapping the sides, the menu; resignation; and the
//! low-time warnings of the running side.

use leptos::prelude::*;

use crate::app::device;
use crate::app::parts::parts;
use crate::app::storage::Prefs;
use crate::core::Color;
use crate::core::clock::{ClockState, PauseReason, Warned, Warning};
use crate::core::live::clock_commands::ClockCommand;
use crate::core::text::{t, tf};

parts! {
    /// What the bar shows at one moment, derived by the clock page from the live game, the clock
    /// as the faces show it and the time.
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct BarValues {
        /// Why the clocks are paused, when they are.
        pub paused: Option<PauseReason>,
        /// The game's time has started.
        pub started: bool,
        /// The result decided at the table, as SGF `RE`.
        pub result: Option<String>,
        /// The passes stopped play: the next step is the count.
        pub stopped_for_count: bool,
        /// The last press can still be withdrawn.
        pub can_undo: bool,
        /// Who may claim a win on time now.
        pub claim: Option<Color>,
        /// Who may pass now: the player to move, whose clock runs.
        pub may_pass: Option<Color>,
        /// Who may state "illegal move" now (Dutch, Cape Town): the opponent just moved and
        /// pushed.
        pub illegal_claim: Option<Color>,
    }
    /// The bar's values, each in its own signal: a press or a tick wakes only the bindings whose
    /// value changed (see `app::parts`).
    pub struct BarState;
}

impl BarState {
    /// Whether the last press can still be withdrawn; `None` once the page is gone.
    pub fn can_undo_now(&self) -> Option<bool> {
        self.can_undo.try_get_untracked()
    }
}

/// Pass, pause or resume, the neutral time, the count, undo press, a claim, swap, the menu;
/// the pause reasons when asked for.
#[component]
pub fn ClockBar(
    state: BarState,
    reasons: Vec<PauseReason>,
    /// The neutral time of the rules: how many captured stones, and its reason.
    neutral: Option<(u32, PauseReason)>,
    #[prop(into)] count_href: Signal<String>,
    on_command: Callback<ClockCommand>,
    on_swap: Callback<()>,
    menu_open: RwSignal<bool>,
    /// The rules let the player whose clock runs state "illegal move" (Dutch, Cape Town).
    #[prop(optional)]
    illegal_claims: bool,
    /// The player whose face is at the top, turned to them (portrait).
    #[prop(into)]
    top: Signal<Option<Color>>,
) -> impl IntoView {
    let BarState {
        paused,
        started,
        result,
        stopped_for_count,
        can_undo,
        claim,
        may_pass,
        illegal_claim,
    } = state;
    let choosing_reason = RwSignal::new(false);
    let running = move || started.get() && paused.get().is_none() && result.get().is_none();
    // In the page from the start and hidden while no clock runs: a press flips an attribute
    // instead of building a button.
    let neutral_button = neutral.map(|(stones, reason)| {
        let label = tf(
            "Neutral time: {} or more captured stones to remove",
            &[&stones],
        );
        view! {
            <button class="strip-button slot-neutral" aria-label=label.clone() title=label.clone()
                hidden=move || !running()
                on:click={
                    let reason = reason.clone();
                    move |_| on_command.run(ClockCommand::Pause { reason: reason.clone() })
                }>
                {format!("❚❚ {stones}+")}
            </button>
        }
    });
    view! {
        <div class="clock-bar">
            // In the page from the start, hidden while no one may pass: a press flips an
            // attribute instead of building a button. Marked with the passer's stone, and
            // turned to the player across the table when it is theirs (portrait).
            <button
                class="strip-button pass slot-pass"
                class:turned=move || may_pass.get().is_some_and(|by| Some(by) == top.get())
                hidden=move || may_pass.get().is_none()
                on:click=move |_| {
                    if let Some(by) = may_pass.get_untracked() {
                        on_command.run(ClockCommand::Pass { by });
                    }
                }
            >
                <span class="stone-mark" class:white=move || may_pass.get() == Some(Color::White)
                    aria-hidden="true"></span>
                {t("Pass")}
            </button>
            <PauseSlot
                paused=paused
                started=started
                result=result
                stopped_for_count=stopped_for_count
                choosing_reason=choosing_reason
                count_href=count_href
                on_command=on_command
            />
            {neutral_button}
            // Kept in the page and hidden when it cannot be used: a press flips an attribute
            // instead of building a button.
            <button class="strip-button slot-undo" aria-label=t("Undo press") hidden=move || !can_undo.get()
                on:click=move |_| on_command.run(ClockCommand::UndoPress)>{undo_label()}</button>
            {illegal_claims.then(|| view! {
                // Always in its slot under these rules, usable right after the opponent's
                // push: nothing moves under a finger.
                <button
                    class="strip-button danger slot-illegal"
                    disabled=move || illegal_claim.get().is_none()
                    aria-label=move || {
                        illegal_claim
                            .get()
                            .map_or(t("Illegal move").to_string(), |by| {
                                tf("Illegal move by {}", &[&(!by).shown()])
                            })
                    }
                    title=t("The opponent's last move is illegal: the opponent's clock restarts; the opponent takes the stone back and passes")
                    on:click=move |_| {
                        if let Some(by) = illegal_claim.get_untracked() {
                            on_command.run(ClockCommand::ClaimIllegal { by });
                        }
                    }
                >
                    {t("Illegal")}
                </button>
            })}
            <button class="strip-button slot-swap" on:click=move |_| on_swap.run(()) aria-label=t("Swap the sides of the clock")>
                "⇅"
            </button>
            <button class="strip-button slot-menu" aria-label=t("Menu") aria-expanded=move || menu_open.get().to_string()
                on:click=move |_| menu_open.update(|o| *o = !*o)>
                "☰"
            </button>
            // Last when it comes: the buttons before it stay where they are.
            {move || claim.get().map(|by| view! {
                <button class="strip-button danger wide" on:click=move |_| on_command.run(ClockCommand::ClaimFlag { by })>
                    {tf("{} claims the win on time", &[&by.shown()])}
                </button>
            })}
        </div>
        {move || paused.get().map(|r| view! {
            <p class="strip-line paused" role="status" data-testid="pause-reason">{tf("❚❚ Paused: {}", &[&r.text()])}</p>
        })}
        {move || result.get().map(|r| view! {
            <p class="strip-line" role="status" data-testid="clock-result">{tf("Result: {}", &[&r])}</p>
        })}
        <PauseReasons reasons=reasons choosing_reason=choosing_reason paused=paused on_command=on_command />
    }
}

/// "↶ Undo": the sign, and the word beside it, which a narrow strip leaves out (the button
/// keeps its name, "Undo press").
fn undo_label() -> impl IntoView {
    let label = t("↶ Undo");
    let (sign, word) = label.split_once(' ').unwrap_or((label, ""));
    view! {
        <span aria-hidden="true">{sign}</span>
        <span class="undo-word">{word}</span>
    }
}

/// The pause slot: Pause (which opens the rules' reasons), Resume while paused, or the way to
/// the count once the passes stopped play.
#[component]
fn PauseSlot(
    paused: RwSignal<Option<PauseReason>>,
    started: RwSignal<bool>,
    result: RwSignal<Option<String>>,
    stopped_for_count: RwSignal<bool>,
    choosing_reason: RwSignal<bool>,
    count_href: Signal<String>,
    on_command: Callback<ClockCommand>,
) -> impl IntoView {
    view! {
        <Show
            when=move || paused.get().is_some()
            fallback=move || {
                view! {
                    <button
                        class="strip-button slot-pause"
                        aria-expanded=move || choosing_reason.get().to_string()
                        disabled=move || !started.get() || result.get().is_some()
                        on:click=move |_| choosing_reason.update(|c| *c = !*c)
                    >
                        {t("Pause")}
                    </button>
                }
            }
        >
            <Show
                when=move || stopped_for_count.get()
                fallback=move || {
                    view! {
                        <button class="strip-button primary slot-pause" on:click=move |_| on_command.run(ClockCommand::Resume)>
                            {t("Resume")}
                        </button>
                    }
                }
            >
                <a class="button primary strip-button wide" href=move || count_href.get()>{t("Go to the count")}</a>
            </Show>
        </Show>
    }
}

/// The reasons the rules give for stopping both clocks, when Pause asks for one.
#[component]
fn PauseReasons(
    reasons: Vec<PauseReason>,
    choosing_reason: RwSignal<bool>,
    paused: RwSignal<Option<PauseReason>>,
    on_command: Callback<ClockCommand>,
) -> impl IntoView {
    let reasons = StoredValue::new(reasons);
    view! {
        <Show when=move || choosing_reason.get() && paused.get().is_none()>
            <div class="clock-sheet stack" role="group" aria-label=t("Why pause the clock")>
                <div class="row sheet-head">
                    <p class="grow">{t("Why are both clocks stopped?")}</p>
                    <button on:click=move |_| choosing_reason.set(false)>{t("Close")}</button>
                </div>
                {reasons
                    .get_value()
                    .into_iter()
                    .map(|reason| {
                        let label = reason.text().to_string();
                        view! {
                            <button on:click=move |_| {
                                choosing_reason.set(false);
                                on_command.run(ClockCommand::Pause { reason: reason.clone() });
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
pub fn ResignPanel(on_command: Callback<ClockCommand>) -> impl IntoView {
    view! {
        <details class="card referee">
            <summary>{t("Resign")}</summary>
            <div class="row">
                {Color::BOTH
                    .into_iter()
                    .map(|by| {
                        view! {
                            <button class="danger" on:click=move |_| on_command.run(ClockCommand::Resign { by })>
                                {tf("{} resigns", &[&by.shown()])}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </details>
    }
}

/// The low-time warnings of the running side, as the player chose them for the game: a beep
/// (and a buzz) when main time reaches the chosen point, and on each of the last seconds of an
/// overtime period, counted aloud if asked. Nothing at all with the sound off. Driven by the
/// warning due on the clock the faces show (computed from timestamps), which changes only when
/// a warning falls due; `clock` is that clock.
pub fn warnings(
    due: RwSignal<Option<Warning>>,
    clock: StoredValue<Option<ClockState>>,
    prefs: RwSignal<Prefs>,
) {
    let warned = StoredValue::new(Warned::default());
    Effect::new(move |_| {
        let due = due.get();
        let p = prefs.get_untracked();
        let given = clock
            .try_with_value(|c| {
                let clock = c.as_ref()?;
                warned
                    .try_update_value(|w| w.admit(due, clock, p.warning_points()))
                    .flatten()
            })
            .flatten();
        let Some(warning) = given else {
            return;
        };
        if !p.sound {
            return;
        }
        device::beep(matches!(warning, Warning::PeriodSecond { .. }));
        if p.warn_vibrate {
            device::warn_buzz();
        }
        if p.voice
            && let Some(second) = warning.spoken()
        {
            device::speak(&second.to_string());
        }
    });
}

/// The space bar presses for the side whose clock runs (or starts the clock), unless a field
/// or a button has the keyboard.
pub fn space_bar_presses(
    clock: StoredValue<Option<ClockState>>,
    starter: StoredValue<Color>,
    press: impl Fn(Color, i64) + 'static,
) {
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        if ev.code() != "Space" || ev.repeat() || clock.try_with_value(|_| ()).is_none() {
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
        let who = clock.with_value(|c| {
            let c = c.as_ref()?;
            if c.started {
                c.running
            } else {
                Some(starter.get_value())
            }
        });
        if let Some(color) = who {
            press(color, device::event_epoch_ms(&ev));
        }
    });
    on_cleanup(move || keys.remove());
}
