//! A line that says a screen is opening while its file is still on its way (a screen opened
//! for the first time on a slow connection, see `app::screens`). Without it a tap on a tab seems
//! to do nothing until the file arrives, and a player taps again or gives up.

use std::time::Duration;

use leptos::prelude::*;

use crate::core::text::t;

/// How long a screen may take before the line shows: a screen whose file is at hand opens
/// sooner, and the line never flashes.
const AFTER: Duration = Duration::from_millis(200);

/// Shows "Opening…" from [`AFTER`] into a change of screen until the screen is drawn;
/// `routing` is the router's "a change of screen is under way".
#[component]
pub fn Opening(#[prop(into)] routing: Signal<bool>) -> impl IntoView {
    let shown = RwSignal::new(false);
    Effect::new(move |pending: Option<Option<TimeoutHandle>>| {
        if let Some(Some(timer)) = pending {
            timer.clear();
        }
        if routing.get() {
            set_timeout_with_handle(move || shown.set(routing.get_untracked()), AFTER).ok()
        } else {
            shown.set(false);
            None
        }
    });
    view! {
        <p class="opening" role="status" data-testid="opening">
            {move || shown.get().then(|| t("Opening…"))}
        </p>
    }
}
