//! What the phone's browser cannot do that a player relies on, said plainly on the home screen,
//! and on an iPhone not yet installed, the hint to put the app on the home screen, once.

use leptos::prelude::*;

use crate::app::device;
use crate::app::storage;
use crate::core::text::{t, tf};

/// One line naming what this browser cannot do (nothing when it has everything), and whether
/// the app runs installed.
#[component]
pub fn DeviceLine() -> impl IntoView {
    let missing = device::missing();
    let names = missing
        .iter()
        .map(|(name, _)| *name)
        .collect::<Vec<_>>()
        .join(" ");
    let what = missing
        .iter()
        .map(|(_, what)| *what)
        .collect::<Vec<_>>()
        .join("; ");
    let installed = if device::installed() {
        t("The app is installed on this phone's home screen.")
    } else if device::is_ios() {
        t("The app is not on the home screen: add it there so that Safari keeps the games.")
    } else {
        t("The app runs in a browser tab; it can be installed from the browser's menu.")
    };
    view! {
        <p class="muted" data-testid="device-line" data-missing=names>
            {installed}
            {(!missing.is_empty()).then_some(" ")}
            {(!missing.is_empty()).then(|| tf("This browser cannot {}.", &[&what]))}
        </p>
    }
}

/// On an iPhone or iPad, until the player dismisses it or installs the app: Safari may clear
/// the storage of a site not used for seven days, unless the app is on the home screen.
#[component]
pub fn InstallHint() -> impl IntoView {
    let show = RwSignal::new(
        device::is_ios() && !device::installed() && !storage::load_prefs().install_hint_seen,
    );
    let dismiss = move |_| {
        let mut prefs = storage::load_prefs();
        prefs.install_hint_seen = true;
        storage::save_prefs(prefs);
        show.set(false);
    };
    view! {
        <Show when=move || show.get()>
            <div class="banner" role="note" data-testid="install-hint">
                <p>
                    <strong>{t("Add the app to your home screen.")}" "</strong>
                    {t("On an iPhone, Safari may clear the games of a site that was not opened for \
                     seven days; on the home screen they stay, and the app opens full screen \
                     without a network. Tap Share, then “Add to Home Screen”.")}
                </p>
                <button on:click=dismiss>{t("Got it")}</button>
            </div>
        </Show>
    }
}
