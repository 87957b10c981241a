//! The new-game screen. It opens filled in from a shared link (`/new?preset=…&size=…`); every
//! value it cannot use is shown as an error on the form, never silently replaced.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::app::components::qr_code::QrCode;
use crate::app::device;
use crate::app::state::use_app;
use crate::app::time::{now_ms, today};
use crate::core::clock::TimeSystemKind;
use crate::core::form_values::{self, Bare};
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

    // The time fields as typed (name, label, what a bare number counts, text).
    #[allow(clippy::type_complexity)]
    let typed_times: RwSignal<Vec<(&'static str, &'static str, Bare, String)>> =
        RwSignal::new(Vec::new());
    let start = move |_| {
        let f = form.get_untracked();
        // A time that does not read is refused in the words of the field, not as seconds.
        let unread: Vec<FieldError> = typed_times.with_untracked(|t| {
            t.iter()
                .filter(|(name, ..)| {
                    f.field(name)
                        .is_some_and(|v| !v.trim().is_empty() && v.trim().parse::<u32>().is_err())
                })
                .filter_map(|(name, label, bare, text)| {
                    let what = label.split(" (").next().unwrap_or(label);
                    form_values::duration(text, what, *bare)
                        .err()
                        .map(|message| FieldError {
                            field: name,
                            message,
                        })
                })
                .collect()
        });
        if !unread.is_empty() {
            let mut list = unread.clone();
            list.extend(
                f.check()
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|e| unread.iter().all(|u| u.field != e.field)),
            );
            errors.set(list);
            return;
        }
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
    // A time field: typed and shown as minutes and seconds, kept in the form (and the
    // settings link) as seconds. What does not read as a time stays in the form as typed, and
    // the check refuses it beside the field.
    let duration = move |name: &'static str, label: &'static str, bare: Bare, optional: bool| {
        let shown = |secs: &str| match secs.trim().parse::<u32>() {
            Ok(s) => form_values::duration_text(s),
            Err(_) => secs.to_string(),
        };
        let local =
            RwSignal::new(form.with_untracked(|f| shown(f.field(name).unwrap_or_default())));
        // A change made elsewhere (a preset chosen, a link) shows here.
        Effect::new(move || {
            let secs = form.with(|f| f.field(name).unwrap_or_default().to_string());
            let means = local.with_untracked(|t| {
                if optional && t.trim().is_empty() {
                    Some(String::new())
                } else {
                    form_values::duration(t, label, bare)
                        .ok()
                        .map(|s| s.to_string())
                }
            });
            if means.as_deref() != Some(secs.as_str()) {
                local.set(shown(&secs));
            }
        });
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
                    type="text"
                    inputmode="numeric"
                    autocomplete="off"
                    prop:value=move || local.get()
                    aria-invalid=invalid
                    on:input=move |ev| {
                        let v = event_target_value(&ev);
                        let secs = if optional && v.trim().is_empty() {
                            String::new()
                        } else {
                            form_values::duration(&v, label, bare)
                                .map_or_else(|_| v.clone(), |s| s.to_string())
                        };
                        typed_times.update(|t| {
                            t.retain(|(n, ..)| *n != name);
                            t.push((name, label, bare, v.clone()));
                        });
                        local.set(v);
                        form.update(|f| {
                            if let Some(slot) = f.field_mut(name) {
                                *slot = secs;
                            }
                        });
                    }
                />
                <FieldErrors errors=errors field=name />
            </label>
        }
    };
    let time = move || form.with(|f| f.time.clone());
    // What the preset's rule text leaves to the tournament, said beside the field.
    let left = move |field: &'static str| {
        move || {
            form.with(|f| Preset::from_id(f.preset.trim()))
                .and_then(|p| {
                    p.left_to_tournament()
                        .iter()
                        .find(|(f, _)| *f == field)
                        .map(|(_, note)| *note)
                })
                .map(|note| {
                    view! {
                        <small class="set-by" data-testid=format!("set-by-{field}")>{note}</small>
                    }
                })
        }
    };
    // Whether the chosen time system takes a field (unknown systems take none).
    let takes = move |field: &str| {
        form.with(|f| TimeSystemKind::from_id(f.time.trim()).is_some_and(|k| k.takes(field)))
    };
    // The same settings on every phone of a hall: a link to this form, as a code to scan.
    let settings_link = Signal::derive(move || {
        let origin = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        form.with(|f| format!("{origin}/new?{}", f.settings_query()))
    });
    let share = move |ev: leptos::ev::MouseEvent| {
        if device::share_text("Game settings", &settings_link.get_untracked()) {
            ev.prevent_default();
        }
    };

    view! {
        <main>
            <h1>"New game"</h1>
            <FieldErrors errors=errors field="link" />
            <FieldErrors errors=errors field="form" />
            <Show when=move || form.with(|f| !f.table.trim().is_empty() || !f.round.trim().is_empty())>
                <p class="card pairing" data-testid="pairing">
                    {move || form.with(|f| {
                        let mut parts = Vec::new();
                        if !f.event.trim().is_empty() { parts.push(f.event.trim().to_string()); }
                        if !f.round.trim().is_empty() { parts.push(format!("Round {}", f.round.trim())); }
                        if !f.table.trim().is_empty() { parts.push(format!("Table {}", f.table.trim())); }
                        parts.join(" · ")
                    })}
                </p>
            </Show>
            {["event", "round", "table", "bkey", "wkey"].map(|field| view! { <FieldErrors errors=errors field=field /> })}
            <form class="stack" on:submit=|ev| ev.prevent_default()>
                <label>
                    "Rules"
                    <select
                        name="preset"
                        aria-invalid=move || errors.with(|e| e.iter().any(|e| e.field == "preset")).to_string()
                        on:change=move |ev| {
                            let id = event_target_value(&ev);
                            form.update(|f| {
                                match Preset::from_id(&id) {
                                    Some(p) => {
                                        // The players and their pairing stay; the rest is the
                                        // preset's.
                                        let mut fresh = NewGameForm::for_preset(p);
                                        for name in ["black", "white", "event", "round", "table", "bkey", "wkey"] {
                                            if let (Some(slot), Some(value)) = (fresh.field_mut(name), f.field(name)) {
                                                *slot = value.to_string();
                                            }
                                        }
                                        *f = fresh;
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
                {left("komi")}
                <Show when=move || form.with(|f| Preset::from_id(f.preset.trim()).is_some_and(Preset::jigo_left_to_tournament))>
                    <label class="row">
                        <input
                            type="checkbox"
                            name="jigo"
                            prop:checked=move || form.with(|f| f.jigo.trim() != "no")
                            on:change=move |ev| {
                                let allowed = event_target_checked(&ev);
                                form.update(|f| f.jigo = if allowed { "yes" } else { "no" }.into());
                            }
                        />
                        "The tournament allows jigo"
                    </label>
                    {left("jigo")}
                    <FieldErrors errors=errors field="jigo" />
                </Show>
                <fieldset>
                    <legend>"Time"</legend>
                    {left("time")}
                    <label>
                        "Time system"
                        <select
                            name="time"
                            on:change=move |ev| {
                                let v = event_target_value(&ev);
                                form.update(|f| f.time = v);
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
                    {duration("main", "Main time (minutes:seconds)", Bare::Minutes, false)}
                    {duration("mainw", "White's main time if different (time odds)", Bare::Minutes, true)}
                    <Show when=move || takes("inc")>
                        {duration("inc", "Increment or delay (minutes:seconds)", Bare::Seconds, false)}
                    </Show>
                    <Show when=move || takes("cap")>
                        {duration("cap", "Fischer cap (minutes:seconds, optional)", Bare::Minutes, true)}
                    </Show>
                    <Show when=move || takes("periods")>
                        {text("periods", "Byo-yomi periods", "number")}
                    </Show>
                    <Show when=move || takes("stones")>
                        {text("stones", "Stones per period", "number")}
                    </Show>
                    <Show when=move || takes("period")>
                        {duration("period", "Period (minutes:seconds)", Bare::Seconds, false)}
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
            <section class="card stack settings-share" aria-label="These settings for every phone">
                <p class="muted">
                    "Every phone that scans this code opens this form with the same settings (not the names)."
                </p>
                <div class="qr-frame">
                    <QrCode link=settings_link testid="settings-qr" label="QR code of these settings" />
                </div>
                <a href=move || settings_link.get() on:click=share>
                    "Share settings"
                </a>
            </section>
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
