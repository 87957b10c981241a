//! The clock's menu: what a running game rarely needs, out of the players' way behind one
//! button in the strip: sound and vibration, resignation, the referee's corrections.

use leptos::prelude::*;

use crate::app::components::clock_controls::ResignPanel;
use crate::app::components::clock_settings::ClockSettings;
use crate::app::components::referee_panel::RefereePanel;
use crate::app::storage::Prefs;
use crate::core::clock::ClockEvent;
use crate::core::live::clock_commands::Command;
use crate::core::text::t;

/// The menu, over the faces while `open`.
#[component]
pub fn ClockMenu(
    open: RwSignal<bool>,
    prefs: RwSignal<Prefs>,
    on_command: Callback<Command>,
    on_correct: Callback<(ClockEvent, String), Result<(), String>>,
) -> impl IntoView {
    view! {
        <div class="clock-sheet clock-menu stack" role="dialog" aria-label=t("Clock menu") hidden=move || !open.get()>
            <div class="row sheet-head">
                <p class="grow">{t("Menu")}</p>
                <button class="primary" on:click=move |_| open.set(false)>{t("Back to the clock")}</button>
            </div>
            <ClockSettings prefs=prefs />
            <ResignPanel on_command=Callback::new(move |c| {
                open.set(false);
                on_command.run(c);
            }) />
            <RefereePanel on_correct=on_correct />
        </div>
    }
}
