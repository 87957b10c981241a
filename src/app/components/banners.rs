//! Messages about storage that a player must see: unreadable games kept aside, failed saves,
//! and a line on how much room the games take and whether the browser keeps them.

use leptos::prelude::*;

use crate::app::state::use_app;
use crate::core::text::{number, t, tf};

/// Shows a refused save until every game is written, with what to do meanwhile.
#[component]
pub fn SaveErrorBanner() -> impl IntoView {
    let app = use_app();
    move || {
        app.saves.error.get().map(|msg| {
            let n = app.saves.unsaved.with(Vec::len);
            let what = if n == 1 {
                t("1 game is not saved yet").to_string()
            } else {
                tf("{} games are not saved yet", &[&n])
            };
            view! {
                <div class="banner error" role="alert" data-testid="save-error">
                    <p>
                        <strong>{tf("Storage is full: {}.", &[&what])}</strong>
                        " "
                        {t("It keeps running and is saved as soon as there is room; until then, keep this page open.")}
                    </p>
                    <div class="row">
                        <a class="button" href="/space">{t("Free space")}</a>
                        <details class="grow">
                            <summary>{t("Why")}</summary>
                            <p class="muted">{msg}</p>
                        </details>
                    </div>
                </div>
            }
        })
    }
}

/// One line on the room the games take and whether the browser keeps them, with a link to
/// the screen that frees space.
#[component]
pub fn StorageLine(
    /// Ends the line with a link to the storage space screen.
    #[prop(optional)]
    linked: bool,
) -> impl IntoView {
    let app = use_app();
    let used = Memo::new(move |_| {
        app.games.track();
        crate::app::storage::usage().total_chars
    });
    let kept = move || match app.persisted.get() {
        Some(true) => t("the browser keeps them even when the phone runs low on space"),
        Some(false) => {
            t("the browser may clear them when the phone runs low on space: export finished games")
        }
        None => t("the browser has not said whether it keeps them"),
    };
    view! {
        <p class="muted" data-testid="storage-line">
            {move || tf("Games use {} of this browser's storage; {}.", &[&size_text(used.get()), &kept()])}
            " "
            {linked.then(|| view! { <a href="/space">{t("Storage space")}</a> })}
        </p>
    }
}

/// A size in characters as a person reads it (browsers count two bytes a character).
pub fn size_text(chars: usize) -> String {
    let bytes = chars * 2;
    // Rounded in whole numbers: the list's first screen carries no float formatting for it.
    let decimal = |unit: usize, places: u32| {
        let step = unit / 10usize.pow(places);
        let n = (bytes + step / 2) / step;
        let scale = 10usize.pow(places);
        format!(
            "{}.{:0width$}",
            n / scale,
            n % scale,
            width = places as usize
        )
    };
    if bytes < 1_000 {
        tf("{} bytes", &[&bytes])
    } else if bytes < 1_000_000 {
        tf("{} kB", &[&number(&decimal(1_000, 1))])
    } else {
        tf("{} MB", &[&number(&decimal(1_000_000, 2))])
    }
}

/// Lists stored values that could not be read and where they were kept; on later visits,
/// until they are deleted, says that values are still kept aside.
#[component]
pub fn StorageProblemsBanner() -> impl IntoView {
    let app = use_app();
    let download = |_| {
        let kept = crate::app::storage::quarantined_values();
        let json = crate::core::store::json::to_pretty(&kept);
        let _ =
            crate::app::device::download("scorekeeper-kept-values.json", &json, "application/json");
    };
    let still_kept = Memo::new(move |_| {
        app.problems.track();
        crate::app::storage::usage().kept_count
    });
    move || {
        let problems = app.problems.get();
        if problems.is_empty() {
            let n = still_kept.get();
            return (n > 0).then(|| {
                let what = if n == 1 {
                    t("1 stored value that could not be read is kept aside").to_string()
                } else {
                    tf(
                        "{} stored values that could not be read are kept aside",
                        &[&n],
                    )
                };
                view! {
                    <div class="banner" role="status" data-testid="storage-problems">
                        <p>
                            {what}
                            {t(". Download them for repair, then delete them on the")}
                            " "
                            <a href="/space">{t("Storage space")}</a>
                            {t(" screen.")}
                        </p>
                        <button on:click=download>{t("Download the kept values")}</button>
                    </div>
                }
                .into_any()
            });
        }
        Some(
            view! {
                <div class="banner error" role="alert" data-testid="storage-problems">
                    {problems
                        .into_iter()
                        .map(|p| {
                            let kept = p
                                .kept_as
                                .map(|k| tf("Kept aside as “{}”.", &[&k]))
                                .unwrap_or_else(|| t("It could not be moved aside and was left where it was.").into());
                            view! {
                                <p>{p.message}" "{kept}</p>
                            }.into_any()
                        })
                        .collect_view()}
                    <button on:click=download>{t("Download the kept values")}</button>
                </div>
            }
            .into_any(),
        )
    }
}
