//! The rules a tournament made on the phone is played under: its rules preset, chosen with
//! the new tournament and kept beside it (`storage::tournament_preset`), so that the table and
//! round codes of every round start their games under it, with the tournament's komi and
//! time. A new tournament starts as a blitz: Dutch lightning, its komi, 10 minutes each.

use leptos::prelude::*;

use super::Desk;
use crate::app::storage;
use crate::core::Preset;
use crate::core::text::t;

/// The preset a new tournament starts with.
pub const NEW_PRESET: Preset = Preset::DutchLightning;
/// The main time of a new tournament, in minutes: a blitz.
pub const NEW_MINUTES: &str = "10";
/// The byo-yomi of a new tournament, in seconds: none (sudden death).
pub const NEW_BYO_YOMI: &str = "0";

/// The komi of an even game under `preset`, as the form writes it.
pub fn komi_of(preset: Preset) -> String {
    preset.rules().komi_even.to_string()
}

/// Keeps `preset` as the rules of the tournament kept as `id`, and of its table codes from now.
pub fn keep_tour_preset(desk: Desk, id: &str, preset: &str) {
    let Some(p) = Preset::from_id(preset) else {
        return;
    };
    desk.preset.set(p.id().to_string());
    if let Err(why) = storage::save_tournament_preset(id, p) {
        desk.say(true, why);
    }
}

/// The rules preset of the tournament opened as `id`, for its table codes: the one kept with
/// it, if any.
pub fn open_tour_preset(desk: Desk, id: &str) {
    if let Some(p) = storage::tournament_preset(id) {
        desk.preset.set(p.id().to_string());
    }
}

/// The choice of the new tournament's rules; the komi follows the rules chosen.
#[component]
pub fn RulesChoice(preset: RwSignal<String>, komi: RwSignal<String>) -> impl IntoView {
    let change = move |ev| {
        let id = event_target_value(&ev);
        if let Some(p) = Preset::from_id(&id) {
            komi.set(komi_of(p));
        }
        preset.set(id);
    };
    view! {
        <label>{t("Rules")}
            <select name="new-preset" on:change=change>
                {Preset::ALL.into_iter().map(|p| view! {
                    <option value=p.id() selected=move || preset.get() == p.id()>{p.name()}</option>
                }).collect_view()}
            </select>
        </label>
    }
}
