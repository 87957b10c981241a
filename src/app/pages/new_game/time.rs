//! The form's time: the system, then the fields it takes, times as minutes and seconds.

use leptos::prelude::*;

use super::fields::{DurationField, FieldErrors, Form, LeftToTournament, TextField};
use crate::core::clock::TimeSystemKind;
use crate::core::form_values::Bare;
use crate::core::text::t;

/// The time fieldset.
#[component]
pub fn TimeFieldset(f: Form) -> impl IntoView {
    let time = move || f.form.with(|form| form.time.clone());
    // Whether the chosen time system takes a field (unknown systems take none).
    let takes = move |field: &str| {
        f.form
            .with(|form| TimeSystemKind::from_id(form.time.trim()).is_some_and(|k| k.takes(field)))
    };
    view! {
        <fieldset>
            <legend>{t("Time")}</legend>
            <LeftToTournament f=f field="time" />
            <label>
                {t("Time system")}
                <select
                    name="time"
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        f.form.update(|form| form.time = v);
                    }
                >
                    {TimeSystemKind::ALL
                        .into_iter()
                        .map(|kind| {
                            let id = kind.id();
                            view! {
                                <option value=id selected=move || time() == id>
                                    {kind.label()}
                                </option>
                            }.into_any()
                        })
                        .collect_view()}
                </select>
            </label>
            <DurationField f=f name="main" label=t("Main time (minutes:seconds)") bare=Bare::Minutes />
            <DurationField f=f name="mainw" label=t("White's main time if different (time odds)") bare=Bare::Minutes optional=true />
            <Show when=move || takes("inc")>
                <DurationField f=f name="inc" label=t("Increment or delay (minutes:seconds)") bare=Bare::Seconds />
            </Show>
            <Show when=move || takes("cap")>
                <DurationField f=f name="cap" label=t("Fischer cap (minutes:seconds, optional)") bare=Bare::Minutes optional=true />
            </Show>
            <Show when=move || takes("periods")>
                <TextField f=f name="periods" label=t("Byo-yomi periods") kind="number" />
            </Show>
            <Show when=move || takes("stones")>
                <TextField f=f name="stones" label=t("Stones per period") kind="number" />
            </Show>
            <Show when=move || takes("period")>
                <DurationField f=f name="period" label=t("Period (minutes:seconds)") bare=Bare::Seconds />
            </Show>
            <FieldErrors errors=f.errors field="time" />
        </fieldset>
    }
}
