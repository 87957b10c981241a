//! The form's fields: a text or number field, a time typed as minutes and seconds, the errors
//! of a field, and what the preset's rule text leaves to the tournament.

use leptos::prelude::*;

use crate::core::form_values::{self, Bare};
use crate::core::new_game::{FieldError, NewGameForm};
use crate::core::preset::Preset;
use crate::core::text::t;

/// A time field as typed: its name, label, what a bare number counts, and the text.
#[derive(Clone, Debug, PartialEq)]
pub struct TypedTime {
    pub name: &'static str,
    pub label: &'static str,
    pub bare: Bare,
    pub text: String,
}

impl TypedTime {
    /// Why the text is no time, in the field's own words (not as seconds).
    pub fn problem(&self) -> Option<FieldError> {
        let what = self.label.split(" (").next().unwrap_or(self.label);
        form_values::duration(&self.text, what, self.bare)
            .err()
            .map(|message| FieldError {
                field: self.name,
                message,
            })
    }
}

/// The form as the page holds it: its fields as text, the errors shown, the times as typed.
#[derive(Clone, Copy)]
pub struct Form {
    pub form: RwSignal<NewGameForm>,
    pub errors: RwSignal<Vec<FieldError>>,
    pub typed_times: RwSignal<Vec<TypedTime>>,
}

impl Form {
    fn invalid(self, name: &'static str) -> impl Fn() -> String {
        move || {
            self.errors
                .with(|e| e.iter().any(|e| e.field == name))
                .to_string()
        }
    }

    fn value(self, name: &'static str) -> String {
        self.form
            .with(|f| f.field(name).unwrap_or_default().to_string())
    }

    fn set(self, name: &'static str, value: String) {
        self.form.update(|f| {
            if let Some(slot) = f.field_mut(name) {
                *slot = value;
            }
        });
    }
}

/// A text or number field.
#[component]
pub fn TextField(
    f: Form,
    name: &'static str,
    label: &'static str,
    kind: &'static str,
) -> impl IntoView {
    view! {
        <label>
            {label}
            <input
                name=name
                type=kind
                inputmode=if kind == "number" { "decimal" } else { "text" }
                prop:value=move || f.value(name)
                aria-invalid=f.invalid(name)
                on:input=move |ev| f.set(name, event_target_value(&ev))
            />
            <FieldErrors errors=f.errors field=name />
        </label>
    }
}

/// A time field: typed and shown as minutes and seconds, kept in the form (and the settings
/// link) as seconds. What does not read as a time stays in the form as typed, and the check
/// refuses it beside the field.
#[component]
pub fn DurationField(
    f: Form,
    name: &'static str,
    label: &'static str,
    bare: Bare,
    #[prop(optional)] optional: bool,
) -> impl IntoView {
    let shown = |secs: &str| match secs.trim().parse::<u32>() {
        Ok(s) => form_values::duration_text(s),
        Err(_) => secs.to_string(),
    };
    // The seconds `text` stands for, as the form keeps them.
    let seconds = move |text: &str| {
        if optional && text.trim().is_empty() {
            Some(String::new())
        } else {
            form_values::duration(text, label, bare)
                .ok()
                .map(|s| s.to_string())
        }
    };
    let local =
        RwSignal::new(shown(&f.form.with_untracked(|form| {
            form.field(name).unwrap_or_default().to_string()
        })));
    // A change made elsewhere (a preset chosen, a link) shows here.
    Effect::new(move || {
        let secs = f.value(name);
        if local.with_untracked(|t| seconds(t)).as_deref() != Some(secs.as_str()) {
            local.set(shown(&secs));
        }
    });
    view! {
        <label>
            {label}
            <input
                name=name
                type="text"
                inputmode="numeric"
                autocomplete="off"
                prop:value=move || local.get()
                aria-invalid=f.invalid(name)
                on:input=move |ev| {
                    let text = event_target_value(&ev);
                    let secs = seconds(&text).unwrap_or_else(|| text.clone());
                    f.typed_times.update(|t| {
                        t.retain(|typed| typed.name != name);
                        t.push(TypedTime { name, label, bare, text: text.clone() });
                    });
                    local.set(text);
                    f.set(name, secs);
                }
            />
            <FieldErrors errors=f.errors field=name />
        </label>
    }
}

/// What the preset's rule text leaves to the tournament about `field`, said beside it. A game
/// a director's code started has the tournament's own komi and time: the rule text's usual
/// value is not said beside them.
#[component]
pub fn LeftToTournament(f: Form, field: &'static str) -> impl IntoView {
    move || {
        let coded = f
            .form
            .with(|form| !form.table.trim().is_empty() || !form.round.trim().is_empty());
        f.form
            .with(|form| Preset::from_id(form.preset.trim()))
            .and_then(|p| {
                p.left_to_tournament()
                    .iter()
                    .find(|(f, _)| *f == field)
                    .map(|(_, note)| *note)
            })
            .map(|note| match field {
                "komi" | "time" if coded => t("Set by this tournament's director."),
                _ => note,
            })
            .map(|note| {
                view! { <small class="set-by" data-testid=format!("set-by-{field}")>{note}</small> }
            })
    }
}

/// The errors of one field, announced to screen readers.
#[component]
pub fn FieldErrors(errors: RwSignal<Vec<FieldError>>, field: &'static str) -> impl IntoView {
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
