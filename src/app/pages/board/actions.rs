//! The controls under the board in record mode: pass, undo and redo, the illegal-move
//! procedures, what stands in the record, and stepping through the moves.

use leptos::prelude::*;

use super::shown::ShownParts;
use crate::app::components::board_panels::{MoveStepper, UndoRedo};
use crate::core::Color;
use crate::core::text::t;

/// Pass, undo, redo, the illegal-move buttons and notes, and the move stepper.
#[component]
pub fn RecordActions(
    shown: ShownParts,
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    on_pass: Callback<()>,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
    on_unwind: Callback<()>,
    on_remove_illegal: Callback<()>,
    on_go: Callback<Option<usize>>,
) -> impl IntoView {
    let at_end = shown.at_end;
    let texts = move |texts: RwSignal<Vec<String>>| {
        move || {
            texts
                .get()
                .into_iter()
                .map(|text| view! { <li>{text}</li> })
                .collect_view()
        }
    };
    let pass_label = move || match shown.to_move.get() {
        Some(Color::Black) => t("Black passes"),
        Some(Color::White) => t("White passes"),
        None => t("Pass"),
    };
    view! {
        <div class="row board-actions">
            <button class="primary" disabled=move || !at_end.get() on:click=move |_| on_pass.run(())>
                {pass_label}
            </button>
            <UndoRedo can_undo=can_undo can_redo=can_redo on_undo=on_undo on_redo=on_redo />
        </div>
        <div class="row board-actions">
            <Show when=move || shown.can_unwind.get()>
                <button class="danger" on:click=move |_| on_unwind.run(())>
                    {t("Unwind to before the illegal move")}
                </button>
            </Show>
            <Show when=move || shown.can_remove.get()>
                <button class="danger" on:click=move |_| on_remove_illegal.run(())>
                    {t("Take back the illegal move")}
                </button>
            </Show>
        </div>
        <ul class="illegal-moves" data-testid="illegal-moves">
            {texts(shown.illegal)}
        </ul>
        <ul class="record-notes" data-testid="record-notes">
            {texts(shown.written)}
        </ul>
        <MoveStepper shown=shown.moves on_go=on_go />
    }
}
