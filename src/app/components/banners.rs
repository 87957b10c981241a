//! Messages about storage that a player must see: unreadable games kept aside, failed saves.

use leptos::prelude::*;

use crate::app::state::use_app;

/// Shows a failed save until a save succeeds.
#[component]
pub fn SaveErrorBanner() -> impl IntoView {
    let app = use_app();
    move || {
        app.save_error.get().map(|msg| {
            view! {
                <div class="banner error" role="alert" data-testid="save-error">
                    <p>{msg}</p>
                </div>
            }
        })
    }
}

/// Lists stored values that could not be read and where they were kept.
#[component]
pub fn StorageProblemsBanner() -> impl IntoView {
    let app = use_app();
    move || {
        let problems = app.problems.get();
        (!problems.is_empty()).then(|| {
            view! {
                <div class="banner error" role="alert" data-testid="storage-problems">
                    {problems
                        .into_iter()
                        .map(|p| {
                            let kept = p
                                .kept_as
                                .map(|k| format!("Kept aside as “{k}”."))
                                .unwrap_or_else(|| "It could not be moved aside and was left where it was.".into());
                            view! {
                                <p>{p.message}" "{kept}</p>
                            }
                        })
                        .collect_view()}
                    <button on:click=|_| {
                        let kept = crate::app::storage::quarantined_values();
                        let json = serde_json::to_string_pretty(&kept).unwrap_or_default();
                        let _ = crate::app::device::download("scorekeeper-kept-values.json", &json, "application/json");
                    }>
                        "Download the kept values"
                    </button>
                </div>
            }
        })
    }
}
