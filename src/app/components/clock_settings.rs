//! The clock's own settings, kept with the game: the low-time warnings (beeps, a buzz, the
//! spoken count, where they fall), vibration on a press; and what the phone's browser cannot do
//! of them (or of keeping the screen on), said beside them.

use leptos::prelude::*;

use crate::app::device;
use crate::app::storage::Prefs;
use crate::core::text::t;

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

/// A number of seconds (0 to 60) for a warning point; a value out of range is not taken.
fn seconds(
    prefs: RwSignal<Prefs>,
    label: &'static str,
    field: fn(&mut Prefs) -> &mut u32,
) -> impl IntoView {
    view! {
        <label class="seconds">
            {label}
            <input type="number" inputmode="numeric" min="0" max="60"
                prop:value=move || {
                    let mut p = prefs.get();
                    field(&mut p).to_string()
                }
                on:change=move |ev| {
                    if let Ok(n) = event_target_value(&ev).trim().parse::<u32>()
                        && n <= 60
                    {
                        prefs.update(|p| *field(p) = n);
                    }
                } />
        </label>
    }
}

/// The settings, folded away in the clock's menu; `prefs` is saved with the game by the clock
/// page.
#[component]
pub fn ClockSettings(prefs: RwSignal<Prefs>) -> impl IntoView {
    view! {
        <details class="card referee">
            <summary>{t("Sound and vibration")}</summary>
            <div class="stack">
                {toggle(prefs, t("Warn when time runs low, with a beep"),
                    |p| &mut p.sound, true, None)}
                <p class="muted">{t("With this on, a pass beeps too.")}</p>
                {seconds(prefs, t("Warn at this many seconds of main time"), |p| &mut p.warn_main_s)}
                {seconds(prefs, t("Warn on each of the last seconds of a byo-yomi or Canadian period"), |p| &mut p.warn_period_s)}
                {toggle(prefs, t("Vibrate with the warnings"),
                    |p| &mut p.warn_vibrate, device::can_vibrate(), None)}
                {toggle(prefs, t("Count the last seconds of overtime aloud"),
                    |p| &mut p.voice, device::can_speak(),
                    Some(("no-voice", t("This phone's browser cannot speak: with sound on, beeps count the last seconds."))))}
                {(device::can_speak() && !device::has_voice()).then(|| view! {
                    <p class="muted" data-testid="no-voice-language">{t("This phone has no voice for the app's language: with sound on, beeps count the last seconds.")}</p>
                })}
                {toggle(prefs, t("Vibrate on each press"),
                    |p| &mut p.vibrate, device::can_vibrate(),
                    Some(("no-vibration", t("This phone cannot vibrate for a web page (iPhones and Firefox do not): a press is confirmed on screen only."))))}
                {(!device::can_keep_awake()).then(|| view! {
                    <p class="muted" data-testid="no-wake-lock">{t("This phone's browser cannot keep the screen on: set a longer screen timeout in the phone's settings for the game.")}</p>
                })}
                <p class="muted">{t("Kept with this game; a new game starts with the last choices.")}</p>
            </div>
        </details>
    }
}
