//! The clock's own settings: beeps, the spoken count, vibration; and what the phone's browser
//! cannot do of them (or of keeping the screen on), said beside them.

use leptos::prelude::*;

use crate::app::device;
use crate::app::storage::Prefs;

/// One setting the browser may lack: the box, disabled and unticked where `available` is
/// false, with `missing` (and its test id) said beneath it then.
fn toggle(
    prefs: RwSignal<Prefs>,
    label: &'static str,
    field: fn(&mut Prefs) -> &mut bool,
    available: bool,
    missing: Option<(&'static str, &'static str)>,
) -> impl IntoView {
    view! {
        <label class="row">
            <input type="checkbox"
                prop:checked=move || {
                    let mut p = prefs.get();
                    available && *field(&mut p)
                }
                disabled=!available
                on:change=move |ev| prefs.update(|p| *field(p) = event_target_checked(&ev)) />
            {label}
        </label>
        {missing.filter(|_| !available).map(|(id, text)| view! {
            <p class="muted" data-testid=id>{text}</p>
        })}
    }
}

/// The settings, folded away under the clock; `prefs` is saved by the clock page.
#[component]
pub fn ClockSettings(prefs: RwSignal<Prefs>) -> impl IntoView {
    view! {
        <details class="card referee">
            <summary>"Sound and vibration"</summary>
            <div class="stack">
                {toggle(prefs, "Beep when time runs low and on the last ten seconds",
                    |p| &mut p.sound, true, None)}
                {toggle(prefs, "Count the last seconds of overtime aloud",
                    |p| &mut p.voice, device::can_speak(),
                    Some(("no-voice", "This phone's browser cannot speak: with sound on, beeps count the last seconds.")))}
                {toggle(prefs, "Vibrate on each press",
                    |p| &mut p.vibrate, device::can_vibrate(),
                    Some(("no-vibration", "This phone cannot vibrate for a web page (iPhones and Firefox do not): a press is confirmed on screen only.")))}
                {(!device::can_keep_awake()).then(|| view! {
                    <p class="muted" data-testid="no-wake-lock">"This phone's browser cannot keep the screen on: set a longer screen timeout in the phone's settings for the game."</p>
                })}
            </div>
        </details>
    }
}
