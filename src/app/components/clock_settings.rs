//! The clock's own settings: beeps, the spoken count, vibration; and what the phone's browser
//! cannot do of them (or of keeping the screen on), said beside them.

use leptos::prelude::*;

use crate::app::device;
use crate::app::storage::Prefs;

/// The settings, folded away under the clock; `prefs` is saved by the clock page.
#[component]
pub fn ClockSettings(prefs: RwSignal<Prefs>) -> impl IntoView {
    let (can_vibrate, can_speak) = (device::can_vibrate(), device::can_speak());
    view! {
        <details class="card referee">
            <summary>"Sound and vibration"</summary>
            <div class="stack">
                <label class="row">
                    <input type="checkbox" prop:checked=move || prefs.get().sound
                        on:change=move |ev| prefs.update(|p| p.sound = event_target_checked(&ev)) />
                    "Beep when time runs low and on the last ten seconds"
                </label>
                <label class="row">
                    <input type="checkbox" prop:checked=move || prefs.get().voice && can_speak
                        disabled=!can_speak
                        on:change=move |ev| prefs.update(|p| p.voice = event_target_checked(&ev)) />
                    "Count the last seconds of overtime aloud"
                </label>
                {(!can_speak).then(|| view! {
                    <p class="muted" data-testid="no-voice">"This phone's browser cannot speak: with sound on, beeps count the last seconds."</p>
                })}
                <label class="row">
                    <input type="checkbox" prop:checked=move || prefs.get().vibrate && can_vibrate
                        disabled=!can_vibrate
                        on:change=move |ev| prefs.update(|p| p.vibrate = event_target_checked(&ev)) />
                    "Vibrate on each press"
                </label>
                {(!device::can_keep_awake()).then(|| view! {
                    <p class="muted" data-testid="no-wake-lock">"This phone's browser cannot keep the screen on: set a longer screen timeout in the phone's settings for the game."</p>
                })}
                {(!can_vibrate).then(|| view! {
                    <p class="muted" data-testid="no-vibration">"This phone cannot vibrate for a web page (iPhones and Firefox do not): a press is confirmed on screen only."</p>
                })}
            </div>
        </details>
    }
}
