//! The controls around the board: prisoner counts (with large steppers in setup mode), the
//! move stepper, the setup panel (brush, clear, handicap) and the board options.

use leptos::prelude::*;

use crate::core::Color;
use crate::core::live::BoardCommand;
use crate::core::setup::Brush;
use crate::core::text::{t, tf};

/// The prisoners `color` holds, always visible; steppers when `editable`.
#[component]
pub fn PrisonerCount(
    color: Color,
    #[prop(into)] count: Signal<u32>,
    #[prop(into)] editable: Signal<bool>,
    on_step: Callback<(Color, i32)>,
) -> impl IntoView {
    let (test_id, lid, stone_class) = match color {
        Color::Black => (
            "prisoners-black",
            t("white stones Black captured"),
            "stone-mark",
        ),
        Color::White => (
            "prisoners-white",
            t("black stones White captured"),
            "stone-mark white",
        ),
    };
    let name = color.shown();
    view! {
        <div class="prisoners" role="group" aria-label=tf("{}'s prisoners: {}", &[&name, &lid])>
            <span class=stone_class aria-hidden="true"></span>
            <span class="who">{name}</span>
            <Show when=move || editable.get()>
                <button
                    class="stepper"
                    aria-label=tf("One prisoner fewer for {}", &[&name])
                    on:click=move |_| on_step.run((color, -1))
                >
                    "−"
                </button>
            </Show>
            <span class="count" data-testid=test_id>
                {move || count.get()}
            </span>
            <Show when=move || editable.get()>
                <button
                    class="stepper"
                    aria-label=tf("One prisoner more for {}", &[&name])
                    on:click=move |_| on_step.run((color, 1))
                >
                    "+"
                </button>
            </Show>
        </div>
    }
}

/// First, back, forward, last, and the move shown out of how many. `on_go` gets the move to
/// show, `None` for the latest.
#[component]
pub fn MoveStepper(
    #[prop(into)] shown: Signal<(usize, usize)>,
    on_go: Callback<Option<usize>>,
) -> impl IntoView {
    view! {
        <nav class="row stepper-nav" aria-label=t("Step through the game")>
            <button aria-label=t("Start of the game") on:click=move |_| on_go.run(Some(0))>
                "|◀"
            </button>
            <button
                aria-label=t("One move back")
                on:click=move |_| on_go.run(Some(shown.get_untracked().0.saturating_sub(1)))
            >
                "◀"
            </button>
            <span class="move-number" data-testid="move-number">
                {move || {
                    let (m, t) = shown.get();
                    format!("{m} / {t}")
                }}
            </span>
            <button
                aria-label=t("One move forward")
                on:click=move |_| {
                    let (m, t) = shown.get_untracked();
                    on_go.run(if m + 1 >= t { None } else { Some(m + 1) })
                }
            >
                "▶"
            </button>
            <button aria-label=t("Latest move") on:click=move |_| on_go.run(None)>
                "▶|"
            </button>
        </nav>
    }
}

/// Setup mode's tools: the brush, undo and redo, clearing and handicap stones.
/// Undo and redo of the last change to the record.
#[component]
pub fn UndoRedo(
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
) -> impl IntoView {
    view! {
        <button disabled=move || !can_undo.get() on:click=move |_| on_undo.run(())>
            {t("Undo")}
        </button>
        <button disabled=move || !can_redo.get() on:click=move |_| on_redo.run(())>
            {t("Redo")}
        </button>
    }
}

#[component]
pub fn SetupPanel(
    brush: RwSignal<Brush>,
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
    /// Who moves next in the position shown.
    #[prop(into)]
    to_move: Signal<Option<Color>>,
    /// Clear, handicap stones, who moves next.
    on_board: Callback<BoardCommand>,
) -> impl IntoView {
    let handicap = RwSignal::new(2u8);
    view! {
        <div class="row brushes" role="radiogroup" aria-label=t("Brush")>
            {Brush::ALL
                .into_iter()
                .map(|b| {
                    view! {
                        <button
                            role="radio"
                            class="brush"
                            aria-checked=move || (brush.get() == b).to_string()
                            on:click=move |_| brush.set(b)
                        >
                            {b.name()}
                        </button>
                    }
                })
                .collect_view()}
        </div>
        <p class="muted hint">
            {t("Tap or drag across points to paint them; tapping a stone of the brush's colour takes it off.")}
        </p>
        <div class="row board-actions">
            <UndoRedo can_undo=can_undo can_redo=can_redo on_undo=on_undo on_redo=on_redo />
            <button class="danger" on:click=move |_| on_board.run(BoardCommand::Clear)>
                {t("Clear the board")}
            </button>
        </div>
        <div class="row board-actions">
            <label class="inline">
                {t("Handicap")}
                <select
                    aria-label=t("Handicap stones")
                    on:change=move |ev| {
                        if let Ok(n) = event_target_value(&ev).parse() {
                            handicap.set(n);
                        }
                    }
                >
                    {(2u8..=9)
                        .map(|n| view! { <option value=n.to_string()>{n.to_string()}</option> })
                        .collect_view()}
                </select>
            </label>
            <button on:click=move |_| on_board.run(BoardCommand::Handicap { stones: handicap.get_untracked() })>
                {t("Place handicap stones")}
            </button>
        </div>
        // Who plays first from the position set up (SGF `PL`).
        <div class="row board-actions" role="group" aria-label=t("Who moves next")>
            {Color::BOTH
                .into_iter()
                .map(|color| {
                    view! {
                        <button
                            class="brush"
                            aria-pressed=move || (to_move.get() == Some(color)).to_string()
                            on:click=move |_| on_board.run(BoardCommand::ToMove { color })
                        >
                            {tf("{} moves next", &[&color.shown()])}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// A checkbox with its label.
#[component]
fn Check(value: RwSignal<bool>, label: &'static str) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                prop:checked=move || value.get()
                on:change=move |ev| value.set(event_target_checked(&ev))
            />
            {label}
        </label>
    }
}

/// The board's options: coordinates, move numbers, tap-to-confirm (19x19), and whether
/// entering a move presses the clock (games with a clock).
#[component]
pub fn BoardOptions(
    show_coords: RwSignal<bool>,
    show_numbers: RwSignal<bool>,
    confirm: RwSignal<bool>,
    press_clock: RwSignal<bool>,
    #[prop(into)] offer_confirm: Signal<bool>,
    #[prop(into)] has_clock: Signal<bool>,
) -> impl IntoView {
    view! {
        <details class="board-options">
            <summary>{t("Board options")}</summary>
            <Check value=show_coords label=t("Coordinates") />
            <Check value=show_numbers label=t("Move numbers") />
            <Show when=move || offer_confirm.get()>
                <Check value=confirm label=t("Tap twice to play (the first tap shows a ghost stone)") />
            </Show>
            <Show when=move || has_clock.get()>
                <Check value=press_clock label=t("Entering a move presses the clock") />
            </Show>
        </details>
    }
}
