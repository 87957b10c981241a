//! The result screen's codes that hand the whole game to another phone: one QR code, or a
//! numbered series for a long record, each opened in the app by any phone camera, no network.

use leptos::prelude::*;

use crate::app::components::qr_code::QrCode;
use crate::app::state::use_app;
use crate::core::backup::BackupGame;
use crate::core::handover;
use crate::core::text::{t, tf};

/// Where the app is served, as links to it begin.
fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// The codes of the game `id`, one at a time with its number in the series.
#[component]
pub fn HandoverCodes(#[prop(into)] id: Signal<String>) -> impl IntoView {
    let app = use_app();
    let links = Memo::new(move |_| {
        let id = id.get();
        // The game being shown changes through the live game alone (see `AppState::games`).
        app.live.track();
        app.games.with(|games| {
            let stored = games.iter().find(|g| g.id == id)?;
            Some(handover::links(
                &BackupGame {
                    id: stored.id.clone(),
                    created_ms: stored.created_ms,
                    record: stored.record.clone(),
                },
                &origin(),
            ))
        })
    });
    let shown = RwSignal::new(0usize);
    let count =
        move || links.with(|l| l.as_ref().and_then(|l| l.as_ref().ok()).map_or(0, Vec::len));
    let current = Signal::derive(move || {
        links.with(|l| {
            l.as_ref()
                .and_then(|l| l.as_ref().ok())
                .and_then(|l| l.get(shown.get().min(l.len().saturating_sub(1))).cloned())
                .unwrap_or_default()
        })
    });
    let number = move || shown.get().min(count().saturating_sub(1)) + 1;
    let at_start = move || number() <= 1;
    let at_end = move || number() >= count();
    let error = move || links.with(|l| l.as_ref().and_then(|l| l.as_ref().err().cloned()));

    view! {
        <section class="card handover stack" aria-label=t("Hand over to another phone")>
            <h2>{t("Hand over to another phone")}</h2>
            <p class="muted">
                {t("Scan with the camera of the referee's or director's phone: the game opens in the app there, with no network, ready to import.")}
            </p>
            {move || error().map(|e| view! { <p class="message" role="alert">{tf("No QR code: {}.", &[&e])}</p> })}
            <Show when=move || { count() > 1 }>
                <p class="handover-part" data-testid="share-qr-part" role="status">
                    {move || tf("Code {} of {}: scan every one, in any order.", &[&number(), &count()])}
                </p>
                <div class="row">
                    <button
                        disabled=at_start
                        on:click=move |_| shown.update(|s| *s = s.saturating_sub(1))
                    >
                        {t("Previous code")}
                    </button>
                    <button
                        disabled=at_end
                        on:click=move |_| shown.update(|s| *s += 1)
                    >
                        {t("Next code")}
                    </button>
                </div>
            </Show>
            <Show when=move || { count() > 0 }>
                <div class="qr-frame">
                    <QrCode link=current testid="share-qr" label=t("QR code of the whole game") />
                </div>
            </Show>
        </section>
    }
}
