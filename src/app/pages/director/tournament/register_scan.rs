//! Players registering at the desk from their own phones: the director's scanner takes their
//! registration codes one after another (a beep and a buzz each), each adding the player to
//! the open tournament, or updating them.

use leptos::prelude::*;

use super::Desk;
use crate::app::components::scanner::{ScanPanel, Scanned};
use crate::app::device;
use crate::core::text::t;

/// "Register players from their phones" (the camera reading their codes) and what each code
/// read did. Not named "Scan": that is the round's button for the result codes.
#[component]
pub fn RegisterScan(desk: Desk) -> impl IntoView {
    let scanning = RwSignal::new(false);
    let log = RwSignal::new(Vec::<(bool, String)>::new());
    let on_code = Callback::new(move |scanned: Scanned| {
        let line = super::register(desk, &scanned.text).unwrap_or_else(|| {
            (
                true,
                t("This is not a player's registration code. Scan the code a player shows at “Me” on their phone.")
                    .to_string(),
            )
        });
        log.update(|l| {
            l.insert(0, line);
            l.truncate(8);
        });
        None
    });
    let toggle = move |_| {
        device::ready_sound();
        log.set(Vec::new());
        scanning.update(|s| *s = !*s);
    };
    view! {
        <section class="card stack" aria-label=t("Registration")>
            <h2>{t("Registration")}</h2>
            <p class="muted">{t("Players show their code from “Me” on their phones; each code read registers them.")}</p>
            <button class="primary" data-testid="scan-players" aria-expanded=move || scanning.get().to_string() on:click=toggle>
                {t("Register players from their phones")}
            </button>
            <Show when=move || scanning.get()>
                <ScanPanel on_code on_close=Callback::new(move |()| scanning.set(false)) />
            </Show>
            <ul class="scan-log" role="status" aria-live="polite" data-testid="register-log">
                {move || log.get().into_iter().map(|(refused, line)| view! {
                    <li class:refused=refused>{line}</li>
                }).collect_view()}
            </ul>
        </section>
    }
}
