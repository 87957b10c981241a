//! The whole tournament out: OpenGotha's tournament file, the EGD results file (`.h9`, with
//! the country code asked once, offered from the players' most common country) and the FFG
//! results file (`.tou`).

use leptos::prelude::*;

use super::Desk;
use crate::app::device;
use crate::core::text::{t, tf};
use crate::core::tournament::files::h9::write_h9;
use crate::core::tournament::files::results_table::latin9;
use crate::core::tournament::files::tou::write_tou;
use crate::core::tournament::files::write_tournament;
use crate::core::tournament::kept::most_common_country;

/// A file name from the tournament's short name.
fn stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    let s = s.trim_matches('-').to_string();
    if s.is_empty() { "tournament".into() } else { s }
}

#[component]
pub fn TournamentOut(desk: Desk) -> impl IntoView {
    let save =
        move |name: String, text: String, mime: &str| match device::download(&name, &text, mime) {
            Ok(()) => desk.say(false, tf("{} downloaded.", &[&name])),
            Err(why) => desk.say(true, why),
        };
    // The rating bodies read their files in ISO-8859-15, as OpenGotha writes them.
    let save_latin9 = move |name: String, text: String| match device::download_bytes(
        &name,
        &latin9(&text),
        "text/plain;charset=ISO-8859-15",
    ) {
        Ok(()) => desk.say(false, tf("{} downloaded.", &[&name])),
        Err(why) => desk.say(true, why),
    };
    let country = RwSignal::new(String::new());
    let asking = RwSignal::new(false);
    let whole = move |_| {
        if let Some((name, text)) = desk.tour.with_untracked(|o| {
            o.as_ref().map(|o| {
                (
                    format!("{}.xml", stem(&o.t.general.name)),
                    write_tournament(&o.t),
                )
            })
        }) {
            save(name, text, "application/xml");
        }
    };
    let tou = move |_| {
        if let Some((name, text)) = desk.tour.with_untracked(|o| {
            o.as_ref()
                .map(|o| (format!("{}.tou", stem(&o.t.general.name)), write_tou(&o.t)))
        }) {
            save_latin9(name, text);
        }
    };
    let h9 = move || {
        let code = country.get_untracked().trim().to_uppercase();
        if code.len() != 2 || !code.chars().all(|c| c.is_ascii_alphabetic()) {
            desk.say(
                true,
                t("The country code is two letters, such as NL, FR or DE."),
            );
            asking.set(true);
            return;
        }
        // The country is kept with the tournament: asked once.
        let kept = desk
            .tour
            .with_untracked(|o| o.as_ref().is_some_and(|o| o.country == code));
        if !kept && let Some(mut tour) = desk.tour.get_untracked() {
            tour.country = code.clone();
            if crate::app::storage::save_tournament(&tour.id, &tour.t, &tour.country).is_ok() {
                desk.tour.set(Some(tour));
            }
        }
        asking.set(false);
        if let Some((name, text)) = desk.tour.with_untracked(|o| {
            o.as_ref().map(|o| {
                (
                    format!("{}.h9", stem(&o.t.general.name)),
                    write_h9(&o.t, &code, true),
                )
            })
        }) {
            save_latin9(name, text);
        }
    };
    let egd = move |_| {
        let kept = desk
            .tour
            .with_untracked(|o| o.as_ref().map(|o| o.country.clone()))
            .unwrap_or_default();
        if kept.is_empty() {
            let offered = desk
                .tour
                .with_untracked(|o| o.as_ref().map(|o| most_common_country(&o.t)))
                .unwrap_or_default();
            country.set(offered);
            asking.set(true);
        } else {
            country.set(kept);
            h9();
        }
    };
    view! {
        <section class="card stack" aria-label=t("The tournament out")>
            <h2>{t("The tournament out")}</h2>
            <p class="muted">{t("The whole tournament for OpenGotha, and the results for the European (EGD) and French (FFG) rating lists.")}</p>
            <div class="row">
                <button class="primary" on:click=whole>"OpenGotha tournament"</button>
                <button on:click=egd>"EGD"</button>
                <button on:click=tou>"FFG"</button>
            </div>
            <Show when=move || asking.get()>
                <div class="stack">
                    <label>{t("Country code of the tournament (two letters)")}
                        <input name="egd-country" maxlength="2" bind:value=country />
                    </label>
                    <button class="primary" on:click=move |_| h9()>{t("Download the EGD file")}</button>
                </div>
            </Show>
        </section>
    }
}
