//! The referee's record of a colour or handicap error (LGC): before the third move is
//! completed the game is restarted as a new game with the right colours and handicap, the old
//! record kept in the list marked restarted; later the record notes what was really played.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::app::state::{report, use_app};
use crate::app::time::now_ms;
use crate::core::count::{CountCommand, restart_for_pairing_error, restarted_settings};
use crate::core::form_values;
use crate::core::handicap::MAX_HANDICAP;
use crate::core::live::Live;
use crate::core::text::{t, tf};

/// The form, for the game `id`; its outcome is said in `message`.
#[component]
pub fn PairingError(id: Memo<String>, message: RwSignal<Option<String>>) -> impl IntoView {
    let app = use_app();
    let navigate = use_navigate();
    let swapped = RwSignal::new(false);
    let handicap = RwSignal::new(
        app.with_game(&id.get_untracked(), |r| {
            r.settings.handicap.stones.to_string()
        })
        .unwrap_or_default(),
    );
    let record = move |_| {
        let id = id.get_untracked();
        let stones = match form_values::whole_number(
            &handicap.get_untracked(),
            t("The handicap"),
            0,
            u32::from(MAX_HANDICAP),
        ) {
            Ok(n) => n as u8,
            Err(e) => {
                message.set(Some(e));
                return;
            }
        };
        let colours_swapped = swapped.get_untracked();
        let restart = app
            .with_live(&id, |l, _| restart_for_pairing_error(l.game()))
            .and_then(Result::ok)
            .unwrap_or(false);
        let settings = app.with_game(&id, |r| r.settings.clone());
        let command = CountCommand::ColourOrHandicapError {
            colours_swapped,
            handicap: stones,
        };
        let done = report(
            message,
            app.dispatch(&id, now_ms(), &command.into()).map(|_| ()),
        );
        if !(done && restart) {
            return;
        }
        let Some(settings) = settings else {
            return;
        };
        match Live::start(
            restarted_settings(&settings, colours_swapped, stones),
            now_ms(),
        ) {
            Ok(live) => {
                let new_id = app.create(live.into_record());
                navigate(&format!("/game/{new_id}/clock"), Default::default());
            }
            Err(e) => message.set(Some(tf("The game could not be restarted: {}", &[&e]))),
        }
    };
    view! {
        <fieldset class="stack" data-testid="pairing-error">
            <legend>{t("Colour or handicap error")}</legend>
            <label class="row">
                <input
                    type="checkbox"
                    prop:checked=move || swapped.get()
                    on:change=move |ev| swapped.set(event_target_checked(&ev))
                />
                {t("The players had each other's colours")}
            </label>
            <label>
                {t("The right handicap")}
                <input
                    name="right-handicap"
                    inputmode="numeric"
                    prop:value=move || handicap.get()
                    on:input=move |ev| handicap.set(event_target_value(&ev))
                />
            </label>
            <button on:click=record>
                {t("Record the error (restarts the game before the third move)")}
            </button>
        </fieldset>
    }
}
