//! The wall (`/wall`): for a projector, a laptop's browser or the director's phone turned
//! sideways. The round's pairings by table and by name with its code, then, as results come
//! in, the results and the tables still missing, then the standings; large, readable from the
//! back of a hall. It only reads what the round screen keeps and follows every change another
//! tab or window makes.

use leptos::prelude::*;

use super::first_open_round;
use super::pair::name_of;
use super::round_codes::links_of;
use super::standings::lines;
use super::wall_pages::WallPages;
use crate::app::components::qr_code::QrCode;
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::text::{t, tf};
use crate::core::tournament::round_screen::{decided_of, take_from_book};
use crate::core::tournament::standings::standings_round;
use crate::core::tournament::{GameOutcome, Tournament};

/// What the wall shows, read from storage.
#[derive(Clone, PartialEq)]
struct Wall {
    t: Tournament,
    /// The round shown: the first with a game still playing, else the last paired.
    round: u32,
    /// The round's codes, while results are missing.
    codes: Vec<String>,
}

/// The tournament open on the round screen with the results scanned so far, and its round.
fn read() -> Option<Wall> {
    let id = storage::tournament_ids().last()?.clone();
    let (mut t, _) = storage::load_tournament(&id, now_ms()).ok()??;
    let book = storage::stored_book();
    if let Some(book) = &book {
        take_from_book(&mut t, book);
    }
    let open = first_open_round(&t);
    let round = if t.games_of(open).next().is_some() {
        open
    } else {
        (1..open)
            .rev()
            .find(|&n| t.games_of(n).next().is_some())
            .unwrap_or(open)
    };
    let missing = t
        .games_of(round)
        .any(|g| g.result.outcome == GameOutcome::Unknown);
    let codes = book
        .as_ref()
        .filter(|_| missing)
        .and_then(|b| links_of(&t, round, b))
        .and_then(Result::ok)
        .unwrap_or_default();
    Some(Wall { t, round, codes })
}

/// A game's result as the wall shows it: `1-0` style from Black's side (Black first, as
/// everywhere), or "playing".
fn result_words(outcome: GameOutcome) -> Option<&'static str> {
    match outcome {
        GameOutcome::Unknown => None,
        GameOutcome::BlackWins => Some("1–0"),
        GameOutcome::WhiteWins => Some("0–1"),
        GameOutcome::Equal => Some("½–½"),
        GameOutcome::BothLose => Some("0–0"),
        GameOutcome::BothWin => Some("1–1"),
    }
}

/// The screen.
#[component]
pub fn WallPage() -> impl IntoView {
    let wall = RwSignal::new(read());
    let listener = window_event_listener(leptos::ev::storage, move |_| wall.set(read()));
    on_cleanup(move || listener.remove());
    view! {
        <main class="wall">
            {move || match wall.get() {
                None => view! {
                    <h1>{t("The wall")}</h1>
                    <p>{t("No tournament is on this phone yet: open the director's round and load or make one.")}</p>
                    <a class="button" href="/round">{t("Director's round")}</a>
                }.into_any(),
                Some(w) => wall_view(w).into_any(),
            }}
        </main>
    }
}

fn wall_view(w: Wall) -> impl IntoView {
    let Wall {
        t: tour,
        round,
        codes,
    } = w;
    let games: Vec<_> = tour.games_of(round).cloned().collect();
    let total = games.len();
    let done = games
        .iter()
        .filter(|g| g.result.outcome != GameOutcome::Unknown)
        .count();
    let missing: Vec<String> = games
        .iter()
        .filter(|g| g.result.outcome == GameOutcome::Unknown)
        .map(|g| g.table.to_string())
        .collect();
    let mut by_name: Vec<(String, u32, &'static str)> = games
        .iter()
        .flat_map(|g| {
            [
                (name_of(&tour, g.black), g.table, t("Black")),
                (name_of(&tour, g.white), g.table, t("White")),
            ]
        })
        .collect();
    by_name.sort_by_key(|(name, _, _)| name.to_lowercase());
    let bye = tour.bye_of(round).map(|p| name_of(&tour, p));
    // The standings after the last round whose results are all in.
    let complete = standings_round(&tour, round);
    let standings = complete.map(|n| (n, lines(&tour, n)));
    let count = codes.len();
    view! {
        <header class="wall-head">
            <h1>{tf("{} · Round {}", &[&tour.general.name, &round])}</h1>
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
                                    <td>{name_of(&tour, g.black)}{handicap}</td>
                                    <td>{name_of(&tour, g.white)}</td>
                                    <td>{result_words(g.result.outcome).map_or_else(|| t("playing").to_string(), str::to_string)}
                                        {decided_of(g.result).filter(|d| d.by_default).map(|_| " (F)")}</td>
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
                    {by_name.into_iter().map(|(name, table, colour)| view! {
                        <li><span class="wall-name">{name}</span><span class="wall-seat">{tf("table {} · {}", &[&table, &colour])}</span></li>
                    }).collect_view()}
                </ul>
            </section>
            {standings.map(|(n, (criteria, lines))| view! {
                <section class="wall-standings" aria-label=t("Standings")>
                    <h2>{tf("Standings after round {}", &[&n])}</h2>
                    <table>
                        <thead><tr>
                            <th>{t("Place")}</th><th>{t("Player")}</th><th>{t("Rank")}</th>
                            {criteria.iter().map(|c| view! { <th>{c.name()}</th> }).collect_view()}
                        </tr></thead>
                        <tbody>
                            {lines.into_iter().map(|(key, place, name, rank, values)| view! {
                                <tr data-testid="wall-standing" data-key=key data-place=place.to_string()>
                                    <td>{place}</td><td>{name}</td><td>{rank}</td>
                                    {values.into_iter().map(|v| view! { <td>{v}</td> }).collect_view()}
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
