//! The tournaments kept on the phone: which one is open, opening another, removing one (after
//! a confirmation), and a new tournament made on the phone with OpenGotha's defaults where the
//! director says nothing (McMahon or Swiss or Cup, bar and floor, handicap, komi, time).

use leptos::prelude::*;

use super::{Desk, Tour};
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::text::{t, tf};
use crate::core::tournament::kept::{HandicapPolicy, NewTournament, System, new_tournament};
use crate::core::tournament::players::rank_from_text;

/// The tournaments kept: (id, name), read from the summaries kept beside them.
fn kept_list() -> Vec<(String, String)> {
    storage::tournament_names(now_ms())
}

/// The list, the removal and the new tournament.
#[component]
pub fn KeptTournaments(desk: Desk) -> impl IntoView {
    // Read again when the open tournament changes (a file loaded, a tournament made) or one is
    // removed.
    let open_id = Memo::new(move |_| desk.tour.with(|o| o.as_ref().map(|o| o.id.clone())));
    let removed = RwSignal::new(0u32);
    let list = Memo::new(move |_| {
        // Read, not only tracked: a memo's value is brought up to date when it is read.
        let _ = (open_id.get(), removed.get());
        kept_list()
    });
    let asked = RwSignal::new(None::<(String, String)>);
    let remove = move |_| {
        if let Some((id, name)) = asked.get_untracked() {
            storage::delete_tournament(&id);
            storage::forget_tournament_preset(&id);
            asked.set(None);
            if desk
                .tour
                .with_untracked(|o| o.as_ref().is_some_and(|o| o.id == id))
            {
                desk.tour.set(None);
                desk.current.set(None);
            }
            removed.update(|n| *n += 1);
            desk.say(false, tf("{} was removed from this phone.", &[&name]));
        }
    };
    let open_name = move || {
        desk.tour
            .with(|o| o.as_ref().map(|o| o.t.general.name.clone()))
    };
    view! {
        <section class="card stack" aria-label=t("Tournaments")>
            {move || open_name().map(|name| view! { <h2 data-testid="tournament-name">{name}</h2> })}
            <Show when=move || !list.with(Vec::is_empty)>
                <ul class="kept-tournaments">
                    {move || list.get().into_iter().map(|(id, name)| {
                        let (open_id, ask_id, ask_name) = (id.clone(), id.clone(), name.clone());
                        let here = desk.tour.with(|o| o.as_ref().is_some_and(|o| o.id == id));
                        view! {
                            <li class="row" data-testid="tournament-row">
                                <span class="grow">{name.clone()}</span>
                                {(!here).then(|| view! {
                                    <button on:click=move |_| desk.open_tour(&open_id)>{tf("Open {}", &[&name])}</button>
                                })}
                                <button on:click=move |_| asked.set(Some((ask_id.clone(), ask_name.clone())))>{t("Remove")}</button>
                            </li>
                        }
                    }).collect_view()}
                </ul>
            </Show>
            {move || asked.get().map(|(_, name)| view! {
                <div class="banner error stack" role="alert">
                    <p>{tf("Remove {} and all its rounds and results from this phone? Download it first to keep it.", &[&name])}</p>
                    <div class="row">
                        <button class="danger" on:click=remove>{t("Remove it")}</button>
                        <button on:click=move |_| asked.set(None)>{t("Keep it")}</button>
                    </div>
                </div>
            })}
            <NewTournamentForm desk=desk />
        </section>
    }
}

/// The form of a new tournament.
#[component]
fn NewTournamentForm(desk: Desk) -> impl IntoView {
    let name = RwSignal::new(String::new());
    let begin = RwSignal::new(String::new());
    let end = RwSignal::new(String::new());
    let place = RwSignal::new(String::new());
    let rounds = RwSignal::new(String::from("5"));
    let system = RwSignal::new(String::from("mcmahon"));
    let bar = RwSignal::new(String::from("4d"));
    let floor = RwSignal::new(String::from("20k"));
    let handicap = RwSignal::new(String::from("mms"));
    let preset = RwSignal::new(super::rules::NEW_PRESET.id().to_string());
    let komi = RwSignal::new(super::rules::komi_of(super::rules::NEW_PRESET));
    let minutes = RwSignal::new(String::from(super::rules::NEW_MINUTES));
    let byo = RwSignal::new(String::from(super::rules::NEW_BYO_YOMI));
    let size = RwSignal::new(String::from("19"));
    let open = RwSignal::new(false);
    let make = move |_| {
        let rank =
            |s: RwSignal<String>| rank_from_text(&s.get_untracked()).map_err(|e| e.to_string());
        let number = |s: RwSignal<String>, what: &str| {
            s.get_untracked()
                .trim()
                .parse::<u32>()
                .map_err(|_| tf("{} is a whole number.", &[&what]))
        };
        let form = (|| -> Result<NewTournament, String> {
            Ok(NewTournament {
                name: name.get_untracked(),
                begin_date: begin.get_untracked(),
                end_date: end.get_untracked(),
                location: place.get_untracked(),
                rounds: number(rounds, t("Number of rounds"))?,
                system: match system.get_untracked().as_str() {
                    "swiss" => System::Swiss,
                    "cup" => System::Cup,
                    _ => System::McMahon,
                },
                bar: rank(bar)?,
                floor: rank(floor)?,
                handicap: match handicap.get_untracked().as_str() {
                    "none" => HandicapPolicy::None,
                    "rank" => HandicapPolicy::Ranks,
                    _ => HandicapPolicy::McMahonScores,
                },
                komi: komi.get_untracked(),
                basic_minutes: number(minutes, t("Main time"))?,
                byo_yomi_seconds: number(byo, t("Byo-yomi"))?,
                size: number(size, t("Board size"))?.min(255) as u8,
            })
        })();
        let made = form.and_then(|f| new_tournament(&f).map_err(|e| e.to_string()));
        match made {
            Ok(tournament) => {
                let id = now_ms().to_string();
                match storage::save_tournament(&id, &tournament, "") {
                    Ok(()) => {
                        super::rules::keep_tour_preset(desk, &id, &preset.get_untracked());
                        let title = tournament.general.name.clone();
                        desk.tour.set(Some(Tour {
                            id,
                            t: tournament,
                            country: String::new(),
                        }));
                        desk.show_tour_round(1);
                        open.set(false);
                        desk.say(
                            false,
                            tf("{} made: add its players, then pair round 1.", &[&title]),
                        );
                    }
                    Err(why) => desk.say(
                        true,
                        tf(
                            "Nothing was changed: the phone could not store it ({}).",
                            &[&why],
                        ),
                    ),
                }
            }
            Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
        }
    };
    let field =
        |label: &'static str, name: &'static str, value: RwSignal<String>, kind: &'static str| {
            view! {
                <label>{label}<input name=name type=kind bind:value=value /></label>
            }
        };
    view! {
        <details class="new-tournament" prop:open=move || open.get() on:toggle=move |ev| {
            use wasm_bindgen::JsCast;
            if let Some(d) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok()) {
                open.set(d.open());
            }
        }>
            <summary>{t("New tournament")}</summary>
            <div class="stack">
                {field(t("Tournament name"), "new-name", name, "text")}
                {field(t("First day"), "new-begin", begin, "date")}
                {field(t("Last day"), "new-end", end, "date")}
                {field(t("Venue"), "new-place", place, "text")}
                {field(t("Number of rounds"), "new-rounds", rounds, "number")}
                <label>{t("System")}
                    <select name="new-system" on:change=move |ev| system.set(event_target_value(&ev))>
                        <option value="mcmahon">{t("McMahon")}</option>
                        <option value="swiss">{t("Swiss")}</option>
                        <option value="cup">{t("Cup")}</option>
                    </select>
                </label>
                {field(t("McMahon bar"), "new-bar", bar, "text")}
                {field(t("McMahon floor"), "new-floor", floor, "text")}
                <label>{t("Handicap")}
                    <select name="new-handicap" on:change=move |ev| handicap.set(event_target_value(&ev))>
                        <option value="mms">{t("From the McMahon scores, one stone less")}</option>
                        <option value="rank">{t("From the ranks, one stone less")}</option>
                        <option value="none">{t("No handicap")}</option>
                    </select>
                </label>
                <super::rules::RulesChoice preset=preset komi=komi />
                {field(t("Komi"), "new-komi", komi, "text")}
                {field(t("Main time (minutes)"), "new-minutes", minutes, "number")}
                {field(t("Byo-yomi (seconds a move, 0 for none)"), "new-byo", byo, "number")}
                {field(t("Board size"), "new-size", size, "number")}
                <button class="primary" on:click=make>{t("Make the tournament")}</button>
            </div>
        </details>
    }
}
