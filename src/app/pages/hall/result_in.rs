//! A result code opened as a link (`/r#R1-…`), by the camera app or pasted: the result goes
//! into the director's round on this phone, as a scan would put it.

use leptos::prelude::*;

use crate::app::pages::director::{self, Desk};
use crate::core::round::book::{Source, Taken};
use crate::core::text::{t, tf};

/// The screen.
#[component]
pub fn ResultInPage() -> impl IntoView {
    // The tournament takes this result when the round screen opens next.
    let desk = Desk::as_stored();
    let hash = web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default();
    let outcome = desk.take(&hash, Source::Link);
    let (refused, text) = match &outcome {
        Ok(taken @ (Taken::Refused(_) | Taken::Conflict { .. })) => (true, taken.to_string()),
        Ok(taken) => (false, taken.to_string()),
        Err(why) => (true, why.clone()),
    };
    let count = desk
        .with_round(|r| {
            let (n, of) = r.in_count();
            tf(
                "{} · {} of {} results in",
                &[&director::round_title(r.round()), &n, &of],
            )
        })
        .unwrap_or_default();
    view! {
        <main class="stack">
            <h1>{t("Result code")}</h1>
            {move || desk.message.get().map(|(_, text)| view! {
                <p class="banner error" role="alert">{text}</p>
            })}
            {if refused {
                view! { <p class="banner error" role="alert" data-testid="result-in">{text}</p> }.into_any()
            } else {
                view! { <p class="banner" role="status" data-testid="result-in">{text}</p> }.into_any()
            }}
            <p>{count}</p>
            <div class="row">
                <a class="button primary" href="/round">{t("Open the round")}</a>
                <a class="button" href="/">{t("Your games")}</a>
            </div>
        </main>
    }
}
