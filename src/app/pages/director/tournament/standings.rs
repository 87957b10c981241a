//! The standings after the round chosen, as OpenGotha places the players (its criteria, its
//! column names; tied players share a place): on screen, printed (the print style sheet shows
//! them alone), and as a plain list for the wall, copied or downloaded. The lines are shaped
//! in the core (`core::wall::WallStandings`), the same the wall draws.

use leptos::prelude::*;

use super::Desk;
use crate::app::device;
use crate::core::text::{t, tf};
use crate::core::tournament::standings::{round_complete, standings_round};
use crate::core::wall::WallStandings;

/// The round whose standings are shown: the last round up to the one worked on whose results
/// are all in, unless the director picked another while working on this round and no round
/// has been completed since.
fn shown_round(desk: Desk) -> Option<u32> {
    let n = desk.tour_round.get();
    let auto = desk
        .tour
        .with(|o| o.as_ref().and_then(|o| standings_round(&o.t, n)));
    match desk.standings_pick.get() {
        Some((worked, then, pick)) if worked == n && then == auto => Some(pick),
        _ => auto,
    }
}

/// The choice of the round the standings follow, offered once a round is paired.
#[component]
fn StandingsRound(desk: Desk, shown: Memo<Option<u32>>) -> impl IntoView {
    let rounds = Memo::new(move |_| {
        desk.tour.with(|o| {
            o.as_ref().map_or_else(Vec::new, |o| {
                (1..=o.t.last_paired_round())
                    .map(|n| (n, round_complete(&o.t, n)))
                    .collect()
            })
        })
    });
    let pick = move |ev| {
        if let Ok(pick) = event_target_value(&ev).parse::<u32>() {
            let n = desk.tour_round.get_untracked();
            let auto = desk
                .tour
                .with_untracked(|o| o.as_ref().and_then(|o| standings_round(&o.t, n)));
            desk.standings_pick.set(Some((n, auto, pick)));
        }
    };
    view! {
        <Show when=move || !rounds.with(Vec::is_empty)>
            <label class="row">{t("After round")}
                <select data-testid="standings-round" on:change=pick
                    prop:value=move || shown.get().map(|n| n.to_string()).unwrap_or_default()>
                    {move || rounds.get().into_iter().map(|(n, complete)| {
                        let label = if complete {
                            n.to_string()
                        } else {
                            tf("{} (results missing)", &[&n])
                        };
                        view! { <option value=n.to_string() selected=move || shown.get() == Some(n)>{label}</option> }
                    }).collect_view()}
                </select>
            </label>
        </Show>
    }
}

#[component]
pub fn Standings(desk: Desk) -> impl IntoView {
    let shown = Memo::new(move |_| shown_round(desk));
    let data = Memo::new(move |_| {
        let n = shown.get()?;
        desk.tour.with(|o| {
            o.as_ref()
                .map(|o| (o.t.general.name.clone(), WallStandings::of(&o.t, n)))
        })
    });
    let text = move || data.with_untracked(|d| d.as_ref().map(|(title, s)| s.text(title)));
    let download = move |_| {
        if let Some(body) = text() {
            let n = shown.get_untracked().unwrap_or(0);
            let name = format!("standings-round-{n}.txt");
            match device::download(&name, &body, "text/plain") {
                Ok(()) => desk.say(false, tf("{} downloaded.", &[&name])),
                Err(why) => desk.say(true, why),
            }
        }
    };
    let copy = move |_| {
        if let Some(body) = text() {
            if device::copy_text(&body) {
                desk.say(false, t("The standings were copied."));
            } else {
                desk.say(
                    true,
                    t("This browser does not let the app copy: download the file instead."),
                );
            }
        }
    };
    let print = move |_| {
        let body = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body());
        if let Some(b) = &body {
            let _ = b.class_list().add_1("print-standings");
        }
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
        if let Some(b) = &body {
            let _ = b.class_list().remove_1("print-standings");
        }
    };
    let heading = Memo::new(move |_| {
        data.with(|d| {
            d.as_ref()
                .map(|(title, s)| (title.clone(), s.round, s.columns.clone()))
        })
    });
    // Criteria the app does not compute: no standings rather than other standings than
    // OpenGotha's.
    let unknown = Memo::new(move |_| {
        desk.tour.with(|o| {
            o.as_ref()
                .map(|o| o.t.placement.unknown.values().cloned().collect::<Vec<_>>())
                .unwrap_or_default()
        })
    });
    // One row a line, keyed by all it shows: a change that moves a few players redraws those.
    let rows = move || data.with(|d| d.as_ref().map_or_else(Vec::new, |(_, s)| s.lines.clone()));
    view! {
        <section class="card stack standings" aria-label=t("Standings")>
            <StandingsRound desk=desk shown=shown />
            <Show when=move || shown.with(Option::is_none)>
                <p class="muted" data-testid="standings-none">{t("The standings show once a round has all its results in.")}</p>
            </Show>
            <Show when=move || !unknown.with(Vec::is_empty)>
                <p role="alert" class="error">{move || tf(
                    "The standings use criteria this app does not know ({}): they are not placed here, rather than placed otherwise than OpenGotha places them. Place them in OpenGotha.",
                    &[&unknown.get().join(", ")],
                )}</p>
            </Show>
            <Show when=move || heading.with(Option::is_some) && unknown.with(Vec::is_empty)>
                {move || heading.with(|h| h.as_ref().map(|(title, n, _)| view! {
                    <h2>{tf("Standings after round {}", &[n])}</h2>
                    <p class="print-only">{title.clone()}</p>
                }))}
                <div class="table-scroll" tabindex="0" role="region" aria-label=t("Standings")>
                    <table class="standings-table">
                        <thead>{move || heading.with(|h| h.as_ref().map(|(_, _, criteria)| view! {
                            <tr>
                                <th scope="col">{t("Place")}</th>
                                <th scope="col">{t("Player")}</th>
                                <th scope="col">{t("Rank")}</th>
                                {criteria.iter().map(|c| view! { <th scope="col">{c.clone()}</th> }).collect_view()}
                            </tr>
                        }))}</thead>
                        <tbody>
                            <For each=rows key=|line| line.clone() children=|l| view! {
                                <tr data-testid="standings-row" data-key=l.key data-place=l.place.to_string()>
                                    <td>{l.place.to_string()}</td>
                                    <td>{l.name}</td>
                                    <td>{l.rank}</td>
                                    {l.values.into_iter().map(|v| view! { <td>{v}</td> }).collect_view()}
                                </tr>
                            } />
                        </tbody>
                    </table>
                </div>
            </Show>
            <div class="row no-print">
                <button on:click=print>{t("Print the standings")}</button>
                <button on:click=copy>{t("Copy the standings")}</button>
                <button on:click=download>{t("Download the standings")}</button>
            </div>
        </section>
    }
}
