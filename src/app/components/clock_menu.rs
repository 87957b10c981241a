//! The clock's menu: what a running game rarely needs, out of the players' way behind one
//! button in the strip: sound and vibration, resignation, the referee's corrections.

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};

use crate::app::components::clock_controls::ResignPanel;
use crate::app::components::clock_settings::ClockSettings;
use crate::app::components::piece_slot::piece_slot;
use crate::app::components::referee_panel::RefereePanel;
use crate::app::storage::Prefs;
use crate::core::clock::ClockEvent;
use crate::core::live::clock_commands::ClockCommand;
use crate::core::text::t;

/// The menu, over the faces while `open`.
#[component]
pub fn ClockMenu(
    open: RwSignal<bool>,
    prefs: RwSignal<Prefs>,
    on_command: Callback<ClockCommand>,
    on_correct: Callback<(ClockEvent, String), Result<(), String>>,
) -> impl IntoView {
    view! {
        <div class="clock-sheet clock-menu stack" role="dialog" aria-label=t("Clock menu") hidden=move || !open.get()>
            <div class="row sheet-head">
                <p class="grow">{t("Menu")}</p>
                <button class="primary" on:click=move |_| open.set(false)>{t("Back to the clock")}</button>
            </div>
            {piece_slot(
                "stack",
                fetch_menu,
                move |parent| mount_menu(parent, open, prefs, on_command, on_correct),
                t("The menu could not be loaded: check the connection, then open the app again."),
            )}
        </div>
    }
}

/// What the menu holds, drawn into `parent`: a piece of its own, fetched in the background as
/// the clock opens (a phone that restarts mid-game shows the clock first). Dropping what it
/// returns takes it off the page.
#[wasm_split(clock_menu, fallible, preload(fetch_menu), wasm_split_path = ::leptos::wasm_split)]
fn mount_menu(
    parent: web_sys::HtmlElement,
    open: RwSignal<bool>,
    prefs: RwSignal<Prefs>,
    on_command: Callback<ClockCommand>,
    on_correct: Callback<(ClockEvent, String), Result<(), String>>,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    parent.set_text_content(None);
    Ok(Box::new(leptos::mount::mount_to(parent, move || {
        view! {
            <ClockSettings prefs=prefs />
            <ResignPanel on_command=Callback::new(move |c| {
                open.set(false);
                on_command.run(c);
            }) />
            <RefereePanel on_correct=on_correct />
        }
    })))
}
