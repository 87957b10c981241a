//! The new-game screen. It opens filled in from a shared link (`/new?preset=…&size=…`); every
//! value it cannot use is shown as an error on the form, never silently replaced.
//!
//! - `fields`: a text field, a time as minutes and seconds, a field's errors;
//! - `time`: the time system and its fields.

mod fields;
mod time;

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};

use fields::{FieldErrors, Form, LeftToTournament, TextField};
use time::TimeFieldset;

use crate::app::components::qr_code::QrCode;
use crate::app::device;
use crate::app::state::use_app;
use crate::app::time::{now_ms, today};
use crate::core::new_game::{FieldError, NewGameForm};
use crate::core::preset::Preset;
use crate::core::text::{t, tf};

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
    let f = Form {
        form,
        errors,
        typed_times: RwSignal::new(Vec::new()),
    };
    // A form a director's table or round code filled keeps the director's settings: shown, not
    // editable, until the players change them on purpose (and the result code then says so).
    let director = StoredValue::new(
        from_link
            .then(|| form.get_untracked())
            .filter(NewGameForm::from_director),
    );
    let locked = RwSignal::new(director.with_value(Option::is_some));
    let navigate = use_navigate();

    let start = move |_| {
        let values = form.get_untracked();
        // A time that does not read is refused in the words of the field, not as seconds.
        let unread: Vec<FieldError> = f.typed_times.with_untracked(|t| {
            t.iter()
                .filter(|typed| {
                    values
                        .field(typed.name)
                        .is_some_and(|v| !v.trim().is_empty() && v.trim().parse::<u32>().is_err())
                })
                .filter_map(|typed| typed.problem())
                .collect()
        });
        if !unread.is_empty() {
            let mut list = unread.clone();
            list.extend(
                values
                    .check()
                    .err()
                    .unwrap_or_default()
                    .into_iter()
                    .filter(|e| unread.iter().all(|u| u.field != e.field)),
            );
            errors.set(list);
            return;
        }
        match values.check() {
            Ok(choice) => match choice.into_record(&today(), now_ms()) {
                Ok(mut record) => {
                    record.settings.settings_changed = director
                        .with_value(|d| d.as_ref().is_some_and(|d| values.settings_differ(d)));
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

    view! {
        <main>
            <h1>{t("New game")}</h1>
            <FieldErrors errors=errors field="link" />
            <FieldErrors errors=errors field="form" />
            <PairingLine f=f />
            <form class="stack" on:submit=|ev| ev.prevent_default()>
                <div class="grid-2">
                    <TextField f=f name="black" label=t("Black player") kind="text" />
                    <TextField f=f name="white" label=t("White player") kind="text" />
                </div>
                <fieldset
                    class="game-settings stack"
                    class:director=director.with_value(Option::is_some)
                    disabled=move || locked.get()
                >
                    {director.with_value(Option::is_some).then(|| view! { <legend>{t("The director's settings")}</legend> })}
                    <PresetSelect f=f />
                    <div class="grid-2">
                        <TextField f=f name="size" label=t("Board size") kind="number" />
                        <TextField f=f name="handicap" label=t("Handicap stones") kind="number" />
                    </div>
                    <TextField f=f name="komi" label=t("Komi (empty: the rules' komi)") kind="text" />
                    <LeftToTournament f=f field="komi" />
                    <JigoChoice f=f />
                    <TimeFieldset f=f />
                </fieldset>
                {director.with_value(Option::is_some).then(|| view! { <DirectorLock locked=locked /> })}
                <button type="button" class="primary" on:click=start>
                    {t("Start")}
                </button>
                <a class="button" href="/">
                    {t("Cancel")}
                </a>
            </form>
            <SettingsShare form=form />
        </main>
    }
}

/// The one deliberate step that opens the director's settings to change, saying that the
/// director will see it on the result code; once taken, a line that says so.
#[component]
fn DirectorLock(locked: RwSignal<bool>) -> impl IntoView {
    view! {
        <Show
            when=move || locked.get()
            fallback=|| view! {
                <p class="banner" role="status" data-testid="settings-unlocked">
                    {t("You are changing the director's settings: the result code will tell the director.")}
                </p>
            }
        >
            <div class="stack director-lock">
                <p class="muted">{t("These are the director's settings for this game. If you change them, the director will see it on the result code.")}</p>
                <button type="button" on:click=move |_| locked.set(false)>
                    {t("Change the director's settings")}
                </button>
            </div>
        </Show>
    }
}

/// The tournament, round and table of a game started from a director's table code, with the
/// errors of those fields.
#[component]
fn PairingLine(f: Form) -> impl IntoView {
    let line = move || {
        f.form.with(|form| {
            let mut parts = Vec::new();
            if !form.event.trim().is_empty() {
                parts.push(form.event.trim().to_string());
            }
            if !form.round.trim().is_empty() {
                parts.push(tf("Round {}", &[&form.round.trim()]));
            }
            if !form.table.trim().is_empty() {
                parts.push(tf("Table {}", &[&form.table.trim()]));
            }
            parts.join(" · ")
        })
    };
    view! {
        <Show when=move || f.form.with(|form| !form.table.trim().is_empty() || !form.round.trim().is_empty())>
            <p class="card pairing" data-testid="pairing">{line}</p>
        </Show>
        {["event", "round", "table", "bkey", "wkey"].map(|field| view! { <FieldErrors errors=f.errors field=field /> })}
    }
}

/// The rules: choosing a preset fills in its customary settings, the players and their
/// pairing kept.
#[component]
fn PresetSelect(f: Form) -> impl IntoView {
    view! {
        <label>
            {t("Rules")}
            <select
                name="preset"
                aria-invalid=move || f.errors.with(|e| e.iter().any(|e| e.field == "preset")).to_string()
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    f.form.update(|form| match Preset::from_id(&id) {
                        Some(p) => *form = form.with_preset(p),
                        None => form.preset = id,
                    });
                }
            >
                {move || {
                    let current = f.form.with(|form| form.preset.clone());
                    let unknown = Preset::from_id(&current).is_none().then(|| {
                        view! {
                            <option value=current.clone() selected=true>
                                {tf("Unknown: {}", &[&current])}
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
            <FieldErrors errors=f.errors field="preset" />
        </label>
    }
}

/// Whether the tournament allows jigo, where the preset's rules leave it to the tournament.
#[component]
fn JigoChoice(f: Form) -> impl IntoView {
    view! {
        <Show when=move || f.form.with(|form| Preset::from_id(form.preset.trim()).is_some_and(Preset::jigo_left_to_tournament))>
            <label class="row">
                <input
                    type="checkbox"
                    name="jigo"
                    prop:checked=move || f.form.with(|form| form.jigo.trim() != "no")
                    on:change=move |ev| {
                        let allowed = event_target_checked(&ev);
                        f.form.update(|form| form.jigo = if allowed { "yes" } else { "no" }.into());
                    }
                />
                {t("The tournament allows jigo")}
            </label>
            <LeftToTournament f=f field="jigo" />
            <FieldErrors errors=f.errors field="jigo" />
        </Show>
    }
}

/// The same settings on every phone of a hall: a link to this form, as a code to scan.
#[component]
fn SettingsShare(form: RwSignal<NewGameForm>) -> impl IntoView {
    let settings_link = Signal::derive(move || {
        let origin = web_sys::window()
            .and_then(|w| w.location().origin().ok())
            .unwrap_or_default();
        form.with(|f| format!("{origin}/new?{}", f.settings_query()))
    });
    let share = move |ev: leptos::ev::MouseEvent| {
        if device::share_text(t("Game settings"), &settings_link.get_untracked()) {
            ev.prevent_default();
        }
    };
    view! {
        <section class="card stack settings-share" aria-label=t("These settings for every phone")>
            <p class="muted">
                {t("Every phone that scans this code opens this form with the same settings (not the names).")}
            </p>
            <div class="qr-frame">
                <QrCode link=settings_link testid="settings-qr" label=t("QR code of these settings") />
            </div>
            <a href=move || settings_link.get() on:click=share>
                {t("Share settings")}
            </a>
        </section>
    }
}
