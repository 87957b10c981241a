//! The player's own card (`/me`): name, first name, rank, club, country and EGD PIN, kept on
//! the phone and shown as a registration code the director's scanner takes. A phone with a
//! card knows its player when a round's code is scanned.

use leptos::prelude::*;

use crate::app::components::qr_code::{QrCode, origin};
use crate::app::storage;
use crate::core::names::person_name;
use crate::core::text::{t, tf};
use crate::core::tournament::rank::{MAX_RANK, MIN_RANK, format_rank, parse_rank};
use crate::core::tournament::register::{PlayerCard, card_link};

/// The ranks offered, strongest first: `9D` … `1D`, `1K` … `30K`.
fn ranks() -> Vec<String> {
    (MIN_RANK..=MAX_RANK).rev().map(format_rank).collect()
}

/// The screen.
#[component]
pub fn MePage() -> impl IntoView {
    let kept = storage::load_card();
    let start = kept.clone().unwrap_or(PlayerCard {
        rank: -10,
        ..PlayerCard::default()
    });
    let name = RwSignal::new(start.name.clone());
    let first = RwSignal::new(start.first_name.clone());
    let rank = RwSignal::new(format_rank(start.rank));
    let club = RwSignal::new(start.club.clone());
    let country = RwSignal::new(start.country.clone());
    let pin = RwSignal::new(start.egd_pin.clone());
    let saved = RwSignal::new(kept);
    let problem = RwSignal::new(None::<String>);
    let card = move || PlayerCard {
        name: name.get(),
        first_name: first.get(),
        rank: parse_rank(&rank.get()).unwrap_or(i32::MIN),
        club: club.get(),
        country: country.get(),
        egd_pin: pin.get(),
    };
    let keep = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        match card().checked() {
            Ok(c) => match storage::save_card(&c) {
                Ok(()) => {
                    problem.set(None);
                    saved.set(Some(c));
                }
                Err(why) => problem.set(Some(tf(
                    "Your card was not kept: {}. Free some space on the storage screen, then try again.",
                    &[&why],
                ))),
            },
            Err(why) => problem.set(Some(why)),
        }
    };
    let link = Signal::derive(move || {
        saved
            .get()
            .map(|c| card_link(&origin(), &c))
            .unwrap_or_default()
    });
    let changed = move || match card().checked() {
        Ok(c) => saved.with(|s| s.as_ref() != Some(&c)),
        Err(_) => true,
    };
    view! {
        <main class="me stack">
            <h1>{t("Me")}</h1>
            <p class="muted">
                {t("Your name and rank for tournaments. The director scans your code to register you, and a round's code then opens your own game.")}
            </p>
            <Show when=move || saved.with(Option::is_some)>
                <section class="stack me-code" aria-label=t("Your registration code")>
                    <h2>{move || saved.with(|c| c.as_ref().map(|c| {
                        format!("{} · {}", person_name(&c.first_name, &c.name), format_rank(c.rank))
                    }))}</h2>
                    <div class="table-code" data-testid="me-code">
                        <QrCode link=link testid="me-code-qr" label=t("QR code that registers you with the director") />
                    </div>
                    <p class="muted">{t("Show this code to the director's phone.")}</p>
                </section>
            </Show>
            <form class="stack" on:submit=keep>
                <label>{t("Name")}<input name="name" autocomplete="family-name" bind:value=name /></label>
                <label>{t("First name")}<input name="first-name" autocomplete="given-name" bind:value=first /></label>
                <label>{t("Rank")}
                    <select name="rank" prop:value=move || rank.get() on:change=move |ev| rank.set(event_target_value(&ev))>
                        {ranks().into_iter().map(|r| view! { <option value=r.clone()>{r.clone()}</option> }).collect_view()}
                    </select>
                </label>
                <label>{t("Club")}<input name="club" bind:value=club /></label>
                <label>{t("Country")}<input name="country" maxlength="2" autocapitalize="characters" bind:value=country /></label>
                <label>{t("EGD PIN")}<input name="egd-pin" inputmode="numeric" bind:value=pin /></label>
                {move || problem.get().map(|p| view! { <p class="banner error" role="alert">{p}</p> })}
                <button class="primary" type="submit" disabled=move || !changed()>
                    {move || if saved.with(Option::is_some) { t("Keep the changes") } else { t("Show my code") }}
                </button>
            </form>
            <a class="button" href="/">{t("Your games")}</a>
        </main>
    }
}
