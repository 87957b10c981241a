//! The new-game screen. It opens filled in from a shared link (`/new?preset=…&size=…`); every
//! value it cannot use is shown as an error on the form, never silently replaced.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::app::state::use_app;
use crate::app::time::{now_ms, today};
use crate::core::new_game::{FieldError, NewGameForm};
use crate::core::rules::Preset;

/// The form for a new game.
#[component]
pub fn NewGamePage() -> impl IntoView {
    let app = use_app();
    let query = use_query_map();
    let (initial, link_errors) = query.with_untracked(|q| {
        let pairs: Vec<(String, String)> = q
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        NewGameForm::from_query(pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    });
    let from_link = query.with_untracked(|q| q.into_iter().next().is_some());
    let form = RwSignal::new(initial);
    // A link's values are checked at once so its errors show before anyone taps Start.
    let errors = RwSignal::new(if from_link {
        let mut all = link_errors;
        all.extend(form.with_untracked(|f| f.check().err().unwrap_or_default()));
        all
    } else {
        Vec::new()
    });
    let navigate = use_navigate();

    let start = move |_| {
        let f = form.get_untracked();
        match f.check() {
            Ok(choice) => match choice.into_record(&today(), now_ms()) {
                Ok(record) => {
                    let id = app.create(record);
                    navigate(&format!("/game/{id}/clock"), Default::default());
                }
                Err(message) => errors.set(vec![FieldError {
                    field: "form",
                    message,
                }]),
            },
            Err(list) => errors.set(list),
        }
    };

    let text = move |name: &'static str, label: &'static str, kind: &'static str| {
        let value = move || form.with(|f| f.field(name).unwrap_or_default().to_string());
        let invalid = move || {
            errors
                .with(|e| e.iter().any(|e| e.field == name))
                .to_string()
        };
        view! {
            <label>
                {label}
                <input
                    name=name
                    type=kind
                    inputmode=if kind == "number" { "decimal" } else { "text" }
                    prop:value=value
                    aria-invalid=invalid
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        form.update(|f| {
                            if let Some(slot) = f.field_mut(name) {
                                *slot = v;
                            }
                        });
                    }
                />
                <FieldErrors errors=errors field=name />
            </label>
        }
    };
    let time = move || form.with(|f| f.time.clone());

    view! {
        <main>
            <h1>"New game"</h1>
            <FieldErrors errors=errors field="link" />
            <FieldErrors errors=errors field="form" />
            <form class="stack" on:submit=|ev| ev.prevent_default()>
                <label>
                    "Rules"
                    <select
                        name="preset"
                        aria-invalid=move || errors.with(|e| e.iter().any(|e| e.field == "preset")).to_string()
                        on:change=move |ev| {
                            let id = event_target_value(&ev);
                            form.update(|f| {
                                let names = (f.black.clone(), f.white.clone());
                                match Preset::from_id(&id) {
                                    Some(p) => {
                                        *f = NewGameForm::for_preset(p);
                                        (f.black, f.white) = names;
                                    }
                                    None => f.preset = id,
                                }
                            });
                        }
                    >
                        {move || {
                            let current = form.with(|f| f.preset.clone());
                            let known = Preset::from_id(&current).is_some();
                            let unknown = (!known)
                                .then(|| {
                                    view! {
                                        <option value=current.clone() selected=true>
                                            {format!("Unknown: {current}")}
                                        </option>
                                    }
                                });
                            view! {
                                {unknown}
                                {Preset::ALL
                                    .into_iter()
                                    .map(|p| {
                                        view! {
                                            <option value=p.id() selected=current == p.id()>
                                                {p.name()}
                                            </option>
                                        }.into_any()
                                    })
                                    .collect_view()}
                            }
                        }}
                    </select>
                    <FieldErrors errors=errors field="preset" />
                </label>
                <div class="grid-2">
                    {text("black", "Black player", "text")}
                    {text("white", "White player", "text")}
                </div>
                <div class="grid-2">
                    {text("size", "Board size", "number")}
                    {text("handicap", "Handicap stones", "number")}
                </div>
                {text("komi", "Komi (empty: the rules' komi)", "text")}
                <fieldset>
                    <legend>"Time"</legend>
                    <label>
                        "Time system"
                        <select
                            name="time"
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                form.update(|f| f.time = v);
                            }
                        >
                            {[
                                ("sudden", "Sudden death"),
                                ("fischer", "Fischer"),
                                ("byoyomi", "Japanese byo-yomi"),
                                ("canadian", "Canadian overtime"),
                                ("delay", "Simple delay"),
                                ("bronstein", "Bronstein"),
                            ]
                                .into_iter()
                                .map(|(id, label)| {
                                    view! {
                                        <option value=id selected=move || time() == id>
                                            {label}
                                        </option>
                                    }.into_any()
                                })
                                .collect_view()}
                        </select>
                    </label>
                    {text("main", "Main time (seconds)", "number")}
                    {text("mainw", "White's main time if different (time odds)", "number")}
                    <Show when=move || matches!(time().as_str(), "fischer" | "delay" | "bronstein")>
                        {text("inc", "Increment or delay (seconds)", "number")}
                    </Show>
                    <Show when=move || time() == "fischer">
                        {text("cap", "Fischer cap (seconds, optional)", "number")}
                    </Show>
                    <Show when=move || time() == "byoyomi">
                        {text("periods", "Byo-yomi periods", "number")}
                    </Show>
                    <Show when=move || time() == "canadian">
                        {text("stones", "Stones per period", "number")}
                    </Show>
                    <Show when=move || matches!(time().as_str(), "byoyomi" | "canadian")>
                        {text("period", "Period (seconds)", "number")}
                    </Show>
                    <FieldErrors errors=errors field="time" />
                </fieldset>
                <button type="button" class="primary" on:click=start>
                    "Start"
                </button>
                <a class="button" href="/">
                    "Cancel"
                </a>
            </form>
        </main>
    }
}

/// The errors of one field, announced to screen readers.
#[component]
fn FieldErrors(errors: RwSignal<Vec<FieldError>>, field: &'static str) -> impl IntoView {
    move || {
        errors.with(|list| {
            list.iter()
                .filter(|e| e.field == field)
                .map(|e| {
                    view! {
                        <p class="field-error" role="alert" data-field=field>
                            {e.message.clone()}
                        </p>
                    }
                    .into_any()
                })
                .collect_view()
        })
    }
}
