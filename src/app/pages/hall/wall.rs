//! The wall (`/wall`): for a projector, a laptop's browser or the director's phone turned
//! sideways. The round's pairings by table and by name with its code, then, as results come
//! in, the results and the tables still missing, then the standings; large, readable from the
//! back of a hall. It only reads what the round screen keeps and follows every change another
//! tab or window makes.

use leptos::prelude::*;

use super::wall_pages::WallPages;
use super::wall_take::{WallTake, handed_board};
use crate::app::components::qr_code::{QrCode, origin};
use crate::app::pages::director::tournament::wall_board::stored_board;
use crate::core::round::round_code::ROUND_PATH;
use crate::core::text::{t, tf};
use crate::core::wall_code::WallBoard;

/// The screen: the wall handed over by code or file when this screen was given one (a second
/// screen in the hall), else the tournament open on this phone's round screen.
#[component]
pub fn WallPage() -> impl IntoView {
    let handed = RwSignal::new(handed_board());
    let wall = RwSignal::new(stored_board());
    let listener = window_event_listener(leptos::ev::storage, move |_| wall.set(stored_board()));
    on_cleanup(move || listener.remove());
    let shown = move || handed.get().or_else(|| wall.get());
    view! {
        <main class="wall">
            {move || match shown() {
                None => view! {
                    <h1>{t("The wall")}</h1>
                    <p>{t("No tournament is on this phone yet: open the director's round and load or make one.")}</p>
                    <a class="button" href="/round">{t("Director's round")}</a>
                }.into_any(),
                Some(w) => wall_view(w).into_any(),
            }}
            <WallTake handed=handed showing=untrack(|| shown().is_some()) />
        </main>
    }
}

fn wall_view(w: WallBoard) -> impl IntoView {
    let done = w.results_in();
    let missing: Vec<String> = w.tables_playing().iter().map(u32::to_string).collect();
    let seats = w.seats();
    let WallBoard {
        tournament,
        round,
        games,
        bye,
        standings,
        round_codes,
    } = w;
    let total = games.len();
    let codes: Vec<String> = round_codes
        .into_iter()
        .map(|f| format!("{}{ROUND_PATH}#{f}", origin()))
        .collect();
    let count = codes.len();
    view! {
        <header class="wall-head">
            <h1>{tf("{} · Round {}", &[&tournament, &round])}</h1>
            <p class="wall-in" data-testid="wall-in">{tf("{} of {} results in", &[&done, &total])}</p>
        </header>
        <div class="wall-body">
            {(count > 0).then(|| view! {
                <section class="wall-codes" aria-label=t("Round code")>
                    <h2>{t("Scan for your game")}</h2>
                    {codes.into_iter().enumerate().map(|(i, link)| view! {
                        <figure class="table-code">
                            <QrCode link=Signal::derive(move || link.clone()) testid="wall-code" label=t("QR code of the whole round") />
                            {(count > 1).then(|| view! { <figcaption>{tf("Code {} of {}", &[&(i + 1), &count])}</figcaption> })}
                        </figure>
                    }).collect_view()}
                </section>
            })}
            <WallPages>
            <section class="wall-tables" aria-label=t("Pairings by table")>
                <h2>{t("Tables")}</h2>
                <table>
                    <thead><tr><th>{t("Table")}</th><th>{t("Black")}</th><th>{t("White")}</th><th>{t("Result")}</th></tr></thead>
                    <tbody>
                        {games.iter().map(|g| {
                            let handicap = (g.handicap > 0).then(|| format!(" · H{}", g.handicap));
                            view! {
                                <tr data-testid="wall-table" data-table=g.table.to_string()>
                                    <td>{g.table}</td>
                                    <td>{g.black.clone()}{handicap}</td>
                                    <td>{g.white.clone()}</td>
                                    <td>{g.result_words()}</td>
                                </tr>
                            }
                        }).collect_view()}
                    </tbody>
                </table>
                {bye.map(|b| view! { <p>{tf("Bye: {}", &[&b])}</p> })}
                {(!missing.is_empty() && done > 0).then(|| view! {
                    <p class="wall-missing" data-testid="wall-missing">{tf("Still playing: tables {}", &[&missing.join(", ")])}</p>
                })}
            </section>
            <section class="wall-names" aria-label=t("Pairings by name")>
                <h2>{t("Players")}</h2>
                <ul>
                    {seats.into_iter().map(|s| view! {
                        <li><span class="wall-name">{s.name.clone()}</span><span class="wall-seat">{s.place_words()}</span></li>
                    }).collect_view()}
                </ul>
            </section>
            {standings.map(|s| view! {
                <section class="wall-standings" aria-label=t("Standings")>
                    <h2>{tf("Standings after round {}", &[&s.round])}</h2>
                    <table>
                        <thead><tr>
                            <th>{t("Place")}</th><th>{t("Player")}</th><th>{t("Rank")}</th>
                            {s.columns.into_iter().map(|c| view! { <th>{c}</th> }).collect_view()}
                        </tr></thead>
                        <tbody>
                            {s.lines.into_iter().map(|l| view! {
                                <tr data-testid="wall-standing" data-key=l.key data-place=l.place.to_string()>
                                    <td>{l.place}</td><td>{l.name}</td><td>{l.rank}</td>
                                    {l.values.into_iter().map(|v| view! { <td>{v}</td> }).collect_view()}
                                </tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                </section>
            })}
            </WallPages>
        </div>
    }
}
