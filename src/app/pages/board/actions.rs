//! The controls under the board in record mode: pass, undo and redo, the illegal-move
//! procedures, what stands in the record, and stepping through the moves.

use leptos::prelude::*;

use super::shown::Shown;
use crate::app::components::board_panels::{MoveStepper, UndoRedo};

/// Pass, undo, redo, the illegal-move buttons and notes, and the move stepper.
#[component]
pub fn RecordActions(
    shown: Memo<Option<Result<Shown, String>>>,
    #[prop(into)] can_undo: Signal<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    on_pass: Callback<()>,
    on_undo: Callback<()>,
    on_redo: Callback<()>,
    on_unwind: Callback<()>,
    on_remove_illegal: Callback<()>,
    on_go: Callback<Option<usize>>,
) -> impl IntoView {
    let read = move |f: fn(&Shown) -> bool| {
        move || shown.with(|s| s.as_ref().and_then(|s| s.as_ref().ok()).is_some_and(f))
    };
    let at_end = Signal::derive(move || {
        shown.with(|s| {
            s.as_ref()
                .and_then(|s| s.as_ref().ok())
                .is_none_or(|s| s.moves == s.total)
        })
    });
    let can_unwind = read(|s| s.can_unwind);
    let can_remove = read(|s| s.can_remove);
    let texts = move |f: fn(&Shown) -> &Vec<String>| {
        move || {
            shown
                .with(|s| {
                    s.as_ref()
                        .and_then(|s| s.as_ref().ok())
                        .map(|s| f(s).clone())
                })
                .unwrap_or_default()
                .into_iter()
                .map(|text| view! { <li>{text}</li> })
                .collect_view()
        }
    };
    let pass_label = move || {
        shown.with(|s| match s.as_ref().and_then(|s| s.as_ref().ok()) {
            Some(s) => format!("{} passes", s.to_move.name()),
            None => "Pass".to_string(),
        })
    };
    let moves_shown = Signal::derive(move || {
        shown
            .with(|s| {
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map(|s| (s.moves, s.total))
            })
            .unwrap_or((0, 0))
    });
    view! {
        <div class="row board-actions">
            <button class="primary" disabled=move || !at_end.get() on:click=move |_| on_pass.run(())>
                {pass_label}
            </button>
            <UndoRedo can_undo=can_undo can_redo=can_redo on_undo=on_undo on_redo=on_redo />
        </div>
        <div class="row board-actions">
            <Show when=can_unwind>
                <button class="danger" on:click=move |_| on_unwind.run(())>
                    "Unwind to before the illegal move"
                </button>
            </Show>
            <Show when=can_remove>
                <button class="danger" on:click=move |_| on_remove_illegal.run(())>
                    "Take back the illegal move"
                </button>
            </Show>
        </div>
        <ul class="illegal-moves" data-testid="illegal-moves">
            {texts(|s| &s.illegal)}
        </ul>
        <ul class="record-notes" data-testid="record-notes">
            {texts(|s| &s.written)}
        </ul>
        <MoveStepper shown=moves_shown on_go=on_go />
    }
}
