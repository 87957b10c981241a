//! A position that cannot be counted after a natural ending (Dutch 15, Cape Town 11): with a
//! minute or more each the players play on themselves; with less, the director is called and
//! chooses one of the actions the rules list.

use leptos::prelude::*;

use crate::core::Color;
use crate::core::clock::ClockState;
use crate::core::count::{CountCommand, Decision, director_needed};

use crate::core::text::t;

const MINUTE: i64 = 60_000;

/// The ways on from a position that cannot be counted. `run` carries out a command and says
/// whether it was done; `to_clock` opens the clock when play goes on.
#[component]
pub fn UncountablePanel(
    /// The clock as it stands (stopped at the natural ending).
    clock: Signal<Option<ClockState>>,
    /// The tournament allows a jigo.
    jigo_allowed: Signal<bool>,
    run: Callback<CountCommand, bool>,
    to_clock: Callback<()>,
) -> impl IntoView {
    let director = move || clock.with(|c| director_needed(c.as_ref()));
    let play_on = move |command: CountCommand| {
        if run.run(command) {
            to_clock.run(());
        }
    };
    // The reason logged is the English label; the button shows it in the language in use.
    let decide = move |decision: Decision, reason: &'static str, label: &'static str| {
        view! {
            <button on:click=move |_| {
                run.run(CountCommand::Decide { decision, reason: reason.to_string() });
            }>{label}</button>
        }
    };
    view! {
        <details class="card" data-testid="uncountable">
            <summary>{t("The position cannot be counted")}</summary>
            <Show
                when=director
                fallback=move || view! {
                    <p>{t("Both players have a minute or more: play on as if the passes had not happened; the player who passed first moves, and that clock runs.")}</p>
                    <button class="primary" on:click=move |_| play_on(CountCommand::ContinuePlay)>{t("Play on")}</button>
                }
            >
                <p class="banner" role="alert">{t("A player has less than a minute left: call the director, who chooses one of these.")}</p>
                <div class="row">
                    <button on:click=move |_| play_on(CountCommand::ContinuePlay)>{t("Director: play on")}</button>
                    <button on:click=move |_| play_on(CountCommand::ContinueWithTime { ms: MINUTE })>{t("Director: +1 min each, play on")}</button>
                    <button on:click=move |_| play_on(CountCommand::ContinueWithTime { ms: 2 * MINUTE })>{t("Director: +2 min each, play on")}</button>
                </div>
                <div class="row">
                    {decide(Decision::Win { winner: Color::Black }, "Director: Black wins", t("Director: Black wins"))}
                    {decide(Decision::Win { winner: Color::White }, "Director: White wins", t("Director: White wins"))}
                    {decide(Decision::Replay, "Director: replay", t("Director: replay"))}
                    {decide(Decision::BothLose, "Director: both lose", t("Director: both lose"))}
                    <Show when=move || jigo_allowed.get()>
                        {decide(Decision::Jigo, "Director: jigo", t("Director: jigo"))}
                    </Show>
                </div>
            </Show>
        </details>
    }
}
