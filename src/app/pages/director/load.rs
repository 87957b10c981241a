//! A round's pairings in: the pairing program's file (OpenGotha XML, which pairgoth exports
//! too) or a table list typed or pasted; the round to work on and the rules preset its table
//! codes start; the rounds kept on the phone.

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::{Desk, round_title};
use crate::app::device;
use crate::app::storage;
use crate::core::Preset;
use crate::core::round::book::Kept;
use crate::core::round::{Round, table_list};
use crate::core::text::{t, tf};
use crate::core::tournament::files::MAX_FILE_BYTES;
use crate::core::tournament::files::decode;

/// Keeps `round` in the book with the table codes' preset, shows it, and says what happened.
fn keep(desk: Desk, round: Round, preset: &str) {
    let title = round_title(&round);
    let key = (round.tournament.clone(), round.number);
    let tables = round.tables.len();
    match desk.change(|b| b.keep(round, preset)) {
        Ok(Ok(kept)) => {
            desk.current.set(Some(key));
            let what = match kept {
                Kept::Added => tf("{}: {} tables taken.", &[&title, &tables]),
                Kept::Unchanged => tf("{}: the same pairings as kept already.", &[&title]),
                Kept::Updated => tf("{}: pairings updated.", &[&title]),
            };
            desk.say(false, what);
        }
        Ok(Err(e)) => desk.say(true, tf("{} Nothing was changed.", &[&e])),
        Err(why) => desk.say(true, why),
    }
}

/// Sets the rules preset of the round shown's table codes, and says what happened.
fn set_preset(desk: Desk, preset: &str) {
    let Some((tournament, n)) = desk.current.get_untracked() else {
        return;
    };
    let title = desk
        .with_round(|r| round_title(r.round()))
        .unwrap_or_default();
    match desk.change(|b| b.set_preset(&tournament, n, preset)) {
        Ok(Some(Kept::Updated)) => desk.say(false, tf("{}: pairings updated.", &[&title])),
        Ok(Some(_)) => desk.say(
            false,
            tf("{}: the same pairings as kept already.", &[&title]),
        ),
        Ok(None) => {}
        Err(why) => desk.say(true, why),
    }
}

/// The rules preset chosen for the table codes.
fn preset_select(preset: RwSignal<String>, on_change: impl Fn(String) + 'static) -> impl IntoView {
    view! {
        <label>
            {t("Rules of the table codes")}
            <select
                name="round-preset"
                on:change=move |ev| {
                    let id = event_target_value(&ev);
                    preset.set(id.clone());
                    on_change(id);
                }
            >
                {Preset::ALL
                    .into_iter()
                    .map(|p| {
                        view! {
                            <option value=p.id() selected=move || preset.get() == p.id()>
                                {p.name()}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
        </label>
    }
}

/// The file, the typed list, the round and the preset.
#[component]
pub fn LoadPanel(desk: Desk) -> impl IntoView {
    let preset = desk.preset;
    let read = move |text: String| {
        match super::tournament::take_file(desk, &text) {
            Ok(()) => {
                let name = desk
                    .tour
                    .with_untracked(|o| o.as_ref().map(|o| o.t.general.name.clone()))
                    .unwrap_or_default();
                desk.file.set(Some((name.clone(), text.clone())));
                // Kept as loaded too: the round's OpenGotha export starts from it.
                let _ = storage::save_round_file(&name, &text);
            }
            Err(why) => desk.say(true, why),
        }
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some((input, file)) = device::chosen_file(&ev) else {
            return;
        };
        input.set_value("");
        if file.size() > MAX_FILE_BYTES as f64 {
            desk.say(
                true,
                t("This file is larger than 20 MB, far more than a tournament's pairings: choose the tournament file the pairing program saved. Nothing was changed."),
            );
            return;
        }
        // As bytes: OpenGotha's files are often ISO-8859-1 or -15, which a text read as UTF-8
        // would garble; `decode` follows the file's own declaration.
        let on_text = Closure::once(move |value: JsValue| {
            read(decode(&js_sys::Uint8Array::new(&value).to_vec()))
        });
        let on_error = Closure::once(move |_: JsValue| {
            desk.say(true, t("The file could not be read. Nothing was changed."));
        });
        let _ = file.array_buffer().then2(&on_text, &on_error);
        on_text.forget();
        on_error.forget();
    };

    // A table list typed or pasted.
    let typed = RwSignal::new(String::new());
    let typed_name = RwSignal::new(String::new());
    let typed_round = RwSignal::new(String::from("1"));
    let take_typed = move |_| {
        let number = match typed_round.get_untracked().trim().parse::<u32>() {
            Ok(n) if (1..=99).contains(&n) => n,
            _ => {
                desk.say(
                    true,
                    t("The round is a whole number from 1 to 99. Nothing was changed."),
                );
                return;
            }
        };
        match table_list::read(&typed.get_untracked()) {
            Ok(mut round) => {
                round.number = number;
                round.tournament = typed_name.get_untracked().trim().to_string();
                keep(desk, round, &preset.get_untracked());
            }
            Err(e) => desk.say(true, tf("{} Nothing was changed.", &[&e])),
        }
    };

    view! {
        <section class="card stack" aria-label=t("Pairings in")>
            <label class="button file-button">
                {t("Load the pairing file (OpenGotha XML)")}
                <input type="file" accept=".xml,application/xml,text/xml" data-testid="round-file" on:change=on_file />
            </label>
            {preset_select(preset, move |id| {
                super::tournament::keep_open_preset(desk, &id);
                set_preset(desk, &id);
            })}
            <details>
                <summary>{t("Paired on paper? Type or paste the tables")}</summary>
                <div class="stack">
                    <p class="muted">{t("One table a line: table, Black, White, handicap, komi (handicap and komi may be left out).")}</p>
                    <label>{t("Tournament")}
                        <input name="typed-tournament" bind:value=typed_name />
                    </label>
                    <label>{t("Round")}
                        <input name="typed-round" inputmode="numeric" bind:value=typed_round />
                    </label>
                    <label>{t("Tables")}
                        <textarea name="typed-tables" rows="6" bind:value=typed></textarea>
                    </label>
                    <button on:click=take_typed>{t("Take the tables")}</button>
                </div>
            </details>
        </section>
    }
}

/// The rounds kept on the phone, to switch between them. The open tournament's rounds are
/// chosen by its own round picker, so they are not offered here again: one picker a round.
#[component]
pub fn KeptRounds(desk: Desk) -> impl IntoView {
    let open = move || {
        desk.tour
            .with(|o| o.as_ref().map(|o| o.t.general.name.clone()))
    };
    let rounds = move || {
        let open = open();
        desk.tour.with(|tour| {
            let draw = super::tournament::drawn(tour.as_ref());
            desk.book.with(|b| {
                b.rounds()
                    .iter()
                    .filter(|r| open.as_deref() != Some(r.tournament()))
                    .map(|r| {
                        let label = match r.view(&draw) {
                            Some(view) => {
                                let (n, of) = view.in_count();
                                tf("{} ({} of {} in)", &[&round_title(view.round()), &n, &of])
                            }
                            None => round_title(r.round()),
                        };
                        (r.tournament().to_string(), r.number(), label)
                    })
                    .collect::<Vec<_>>()
            })
        })
    };
    let shown = move || rounds().len() > usize::from(open().is_none());
    view! {
        <Show when=shown>
            <label>
                {t("Rounds on this phone")}
                <select name="kept-round" on:change=move |ev| {
                    if event_target_value(&ev).is_empty() {
                        desk.show_tour_round(desk.tour_round.get_untracked());
                        return;
                    }
                    let i = event_target_value(&ev).parse::<usize>().ok();
                    let list = rounds();
                    if let Some((t, n, _)) = i.and_then(|i| list.get(i).cloned()) {
                        desk.current.set(Some((t, n)));
                    }
                }>
                    {move || open().map(|name| view! {
                        <option value="" selected=true>{tf("{} (the tournament open)", &[&name])}</option>
                    })}
                    {move || rounds().into_iter().enumerate().map(|(i, (t, n, label))| {
                        let here = desk.current.get() == Some((t, n));
                        view! { <option value=i.to_string() selected=here>{label}</option> }
                    }).collect_view()}
                </select>
            </label>
        </Show>
    }
}

/// Removes the round shown, with its results, from the phone.
#[component]
pub fn ForgetRound(desk: Desk) -> impl IntoView {
    let forget = move |_| {
        let Some((tournament, n)) = desk.current.get_untracked() else {
            return;
        };
        match desk.change(|b| b.forget(&tournament, n)) {
            Ok(_) => {
                if desk
                    .book
                    .with_untracked(|b| b.rounds().iter().all(|r| r.tournament() != tournament))
                {
                    storage::remove_round_file(&tournament);
                }
                let last = desk.book.with_untracked(|b| {
                    b.rounds()
                        .last()
                        .map(|r| (r.tournament().to_string(), r.number()))
                });
                desk.current.set(last);
                desk.say(
                    false,
                    t("The round and its results were removed from this phone."),
                );
            }
            Err(why) => desk.say(true, why),
        }
    };
    view! {
        <Show when=move || desk.current.get().is_some()>
            <details class="forget">
                <summary>{t("Remove this round from the phone")}</summary>
                <p class="muted">{t("Export its results first: they are removed with it.")}</p>
                <button on:click=forget>{t("Remove the round and its results")}</button>
            </details>
        </Show>
    }
}
