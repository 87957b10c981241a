//! The round's results back out: the OpenGotha XML file that OpenGotha's "Import tournament
//! from XML" takes with only the games ticked, a CSV for pairgoth and spreadsheets, and a plain
//! list for the wall; downloaded as files or copied.

use leptos::prelude::*;

use super::Desk;
use crate::app::device;
use crate::core::round::export;
use crate::core::text::{t, tf};
use crate::core::tournament::files::{read_tournament, write_results};

/// A file name from the tournament's name: letters and digits, the rest as dashes.
fn file_stem(tournament: &str, round: u32) -> String {
    let mut stem: String = tournament
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect();
    stem = stem.trim_matches('-').to_string();
    if stem.is_empty() {
        stem = "round".to_string();
    }
    format!("{stem}-round-{round}")
}

/// The export buttons.
#[component]
pub fn ResultsOut(desk: Desk) -> impl IntoView {
    let xml = move || -> Result<(String, String), String> {
        let (round, results) = desk
            .with_round(|r| (r.round().clone(), r.results()))
            .ok_or(t("No round is shown."))?;
        // The open tournament as it is held; else the pairing file kept, read once.
        let open = desk.tour.with_untracked(|o| {
            o.as_ref()
                .filter(|o| o.t.general.name == round.tournament)
                .map(|o| write_results(&o.t, round.number, &results))
        });
        let written = match open {
            Some(text) => text,
            None => {
                let text = desk.pairing_file(&round.tournament).ok_or(t(
                    "The pairing file of this round is not on the phone: load it again, then export.",
                ))?;
                let t = read_tournament(&text).map_err(|e| e.to_string())?;
                write_results(&t, round.number, &results)
            }
        };
        let name = format!("{}-results.xml", file_stem(&round.tournament, round.number));
        Ok((name, written))
    };
    let csv = move || {
        desk.with_round(|r| {
            let round = r.round();
            (
                format!("{}-results.csv", file_stem(&round.tournament, round.number)),
                export::csv(round, &r.results()),
            )
        })
    };
    let wall = move || {
        desk.with_round(|r| {
            let round = r.round();
            (
                format!("{}-results.txt", file_stem(&round.tournament, round.number)),
                export::wall_text(round, &r.results()),
            )
        })
    };
    let save = move |file: Option<(String, String)>, mime: &str| {
        if let Some((name, text)) = file {
            match device::download(&name, &text, mime) {
                Ok(()) => desk.say(false, tf("{} downloaded.", &[&name])),
                Err(why) => desk.say(true, why),
            }
        }
    };
    let copy = move |text: Option<String>, what: &str| {
        if let Some(text) = text {
            if device::copy_text(&text) {
                desk.say(false, tf("{} copied.", &[&what]));
            } else {
                desk.say(
                    true,
                    t("This browser does not let the app copy: download the file instead."),
                );
            }
        }
    };
    // Looked up when the round shown changes, not on each result taken: the file can be large.
    let tournament = Memo::new(move |_| desk.with_round(|r| r.round().tournament.clone()));
    let has_file = Memo::new(move |_| {
        tournament.get().is_some_and(|t| {
            desk.file
                .with(|f| f.as_ref().is_some_and(|(ft, _)| *ft == t))
                || desk.pairing_file(&t).is_some()
        })
    });
    view! {
        <section class="card stack" aria-label=t("Results out")>
            <h2>{t("Results out")}</h2>
            <p class="muted">{t("Only the results that stand go out: a table waiting or with two different results is left for the pairing program as it is.")}</p>
            <div class="row">
                <Show when=move || has_file.get() fallback=|| view! {
                    <p class="muted">{t("OpenGotha XML: load the pairing file to export for OpenGotha.")}</p>
                }>
                    <button class="primary" on:click=move |_| match xml() {
                        Ok(file) => save(Some(file), "application/xml"),
                        Err(why) => desk.say(true, why),
                    }>"OpenGotha XML"</button>
                </Show>
                <button on:click=move |_| save(csv(), "text/csv")>"CSV"</button>
                <button on:click=move |_| save(wall(), "text/plain")>{t("List for the wall")}</button>
            </div>
            <div class="row">
                <Show when=move || has_file.get()>
                    <button on:click=move |_| match xml() {
                        Ok((_, text)) => copy(Some(text), t("The OpenGotha XML")),
                        Err(why) => desk.say(true, why),
                    }>{t("Copy the XML")}</button>
                </Show>
                <button on:click=move |_| copy(csv().map(|(_, text)| text), t("The CSV"))>{t("Copy the CSV")}</button>
                <button on:click=move |_| copy(wall().map(|(_, text)| text), t("The list"))>{t("Copy the list")}</button>
            </div>
        </section>
    }
}
