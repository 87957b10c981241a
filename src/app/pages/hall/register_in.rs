//! A player's registration code opened as a link (`/p#P1-…`) on the director's phone, by the
//! camera app: the player goes into the tournament open on the round screen, as a scan at the
//! desk would put them.

use leptos::prelude::*;

use crate::app::pages::director::{self, Desk};
use crate::core::text::t;

/// The screen.
#[component]
pub fn RegisterInPage() -> impl IntoView {
    let desk = Desk::as_stored();
    director::tournament::open_last(desk);
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let (refused, text) = director::tournament::register(desk, &hash).unwrap_or_else(|| {
        (
            true,
            t("This is not a player's registration code. Scan the code a player shows at “Me” on their phone.")
                .to_string(),
        )
    });
    let name = desk
        .tour
        .with_untracked(|o| o.as_ref().map(|o| o.t.general.name.clone()))
        .unwrap_or_default();
    view! {
        <main class="stack">
            <h1>{t("Registration")}</h1>
            <p>{name}</p>
            {if refused {
                view! { <p class="banner error" role="alert" data-testid="register-in">{text}</p> }.into_any()
            } else {
                view! { <p class="banner" role="status" data-testid="register-in">{text}</p> }.into_any()
            }}
            <div class="row">
                <a class="button primary" href="/round">{t("Open the round")}</a>
                <a class="button" href="/">{t("Your games")}</a>
            </div>
        </main>
    }
}
