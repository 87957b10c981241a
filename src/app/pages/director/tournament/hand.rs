//! The director's hand on the round shown: swap the opponents of two tables (either crossing),
//! pair two unpaired players, unpair a table, forbid (or allow again) a pair of players. Each
//! change keeps the tables' codes in step (`Desk::show_tour_round`) and says its warnings.

use leptos::prelude::*;

use super::Desk;
use super::pair::warning_words;
use crate::core::text::{t, tf};
use crate::core::tournament::Tournament;
use crate::core::tournament::pairing::checks::PairingWarning;
use crate::core::tournament::pairing::hand::Swap;
use crate::core::tournament::pairing::players_to_pair;

/// Carries out a change by hand of the round shown, and says what it did.
fn by_hand(
    desk: Desk,
    done: String,
    f: impl FnOnce(&mut Tournament) -> Result<Vec<PairingWarning>, String>,
) {
    let n = desk.tour_round.get_untracked();
    match desk.change_tour(|t| {
        let warnings = f(t)?;
        Ok(warnings
            .iter()
            .map(|w| warning_words(t, w))
            .collect::<Vec<_>>())
    }) {
        Ok(warnings) => {
            desk.show_tour_round(n);
            let mut text = done;
            for w in warnings {
                text.push(' ');
                text.push_str(&w);
            }
            desk.say(false, text);
        }
        Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
    }
}

fn number_select(
    name: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    options: Memo<Vec<(String, String)>>,
) -> impl IntoView {
    view! {
        <label>{label}
            <select name=name on:change=move |ev| value.set(event_target_value(&ev))>
                <option value="">{t("Choose")}</option>
                {move || options.get().into_iter().map(|(v, text)| {
                    let v2 = v.clone();
                    view! { <option value=v selected=move || value.get() == v2>{text}</option> }
                }).collect_view()}
            </select>
        </label>
    }
}

/// Two choices read as numbers, or `None` while either is unset.
fn two<T: std::str::FromStr>(a: RwSignal<String>, b: RwSignal<String>) -> Option<(T, T)> {
    Some((
        a.get_untracked().parse().ok()?,
        b.get_untracked().parse().ok()?,
    ))
}

/// The round's tables to choose from, by number, with their players.
fn table_choices(t: &Tournament, n: u32) -> Vec<(String, String)> {
    let mut games: Vec<_> = t.games_of(n).copied().collect();
    games.sort_by_key(|g| g.table);
    games
        .iter()
        .map(|g| {
            (
                g.table.to_string(),
                tf(
                    "Table {}: {} – {}",
                    &[&g.table, &t.player_name(g.black), &t.player_name(g.white)],
                ),
            )
        })
        .collect()
}

/// Players to choose from: `players` by their index, with their names.
fn player_choices(
    t: &Tournament,
    players: impl IntoIterator<Item = usize>,
) -> Vec<(String, String)> {
    players
        .into_iter()
        .map(|p| (p.to_string(), t.player_name(p)))
        .collect()
}

/// The tools, when a tournament is open and its round shown: one set of fields for each
/// change by hand.
#[component]
pub fn HandTools(desk: Desk) -> impl IntoView {
    let choices = move |f: fn(&Tournament, u32) -> Vec<(String, String)>| {
        Memo::new(move |_| {
            let n = desk.tour_round.get();
            desk.tour
                .with(|o| o.as_ref().map_or_else(Vec::new, |o| f(&o.t, n)))
        })
    };
    let tables = choices(table_choices);
    let unpaired = choices(|t, n| player_choices(t, players_to_pair(t, n)));
    let everyone = choices(|t, _| player_choices(t, 0..t.players.len()));
    view! {
        <Show when=move || desk.tour.with(Option::is_some)>
            <details class="card stack hand-tools">
                <summary>{t("Change the pairing by hand")}</summary>
                <SwapTables desk=desk tables=tables />
                <PairTwo desk=desk unpaired=unpaired />
                <UnpairTable desk=desk tables=tables />
                <ForbidPair desk=desk everyone=everyone />
            </details>
        </Show>
    }
}

/// Swap two tables' opponents, crossing or straight.
#[component]
fn SwapTables(desk: Desk, tables: Memo<Vec<(String, String)>>) -> impl IntoView {
    let (a, b) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let variant = RwSignal::new(String::from("cross"));
    let swap = move |_| {
        let Some((x, y)) = two::<u32>(a, b) else {
            desk.say(true, t("Choose two tables."));
            return;
        };
        let how = if variant.get_untracked() == "straight" {
            Swap::Straight
        } else {
            Swap::Cross
        };
        let n = desk.tour_round.get_untracked();
        by_hand(
            desk,
            tf("Tables {} and {}: opponents swapped.", &[&x, &y]),
            move |t| t.swap_opponents(n, x, y, how).map_err(|e| e.to_string()),
        );
    };
    view! {
        <fieldset class="stack">
            <legend>{t("Swap two tables' opponents")}</legend>
            {number_select("swap-a", t("First table"), a, tables)}
            {number_select("swap-b", t("Second table"), b, tables)}
            <label>{t("How")}
                <select name="swap-how" on:change=move |ev| variant.set(event_target_value(&ev))>
                    <option value="cross">{t("Black swaps, White of each keeps the table")}</option>
                    <option value="straight">{t("The two Blacks play, the two Whites play")}</option>
                </select>
            </label>
            <button on:click=swap>{t("Swap opponents")}</button>
        </fieldset>
    }
}

/// Pair two unpaired players.
#[component]
fn PairTwo(desk: Desk, unpaired: Memo<Vec<(String, String)>>) -> impl IntoView {
    let (p1, p2) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let pair_two = move |_| {
        let Some((x, y)) = two::<usize>(p1, p2) else {
            desk.say(true, t("Choose two players."));
            return;
        };
        let n = desk.tour_round.get_untracked();
        by_hand(desk, t("Paired by hand.").to_string(), move |t| {
            t.pair_by_hand(n, x, y).map_err(|e| e.to_string())
        });
    };
    view! {
        <fieldset class="stack">
            <legend>{t("Pair two players by hand")}</legend>
            {number_select("hand-a", t("First player"), p1, unpaired)}
            {number_select("hand-b", t("Second player"), p2, unpaired)}
            <button on:click=pair_two>{t("Pair these two")}</button>
        </fieldset>
    }
}

/// Unpair a table.
#[component]
fn UnpairTable(desk: Desk, tables: Memo<Vec<(String, String)>>) -> impl IntoView {
    let gone = RwSignal::new(String::new());
    let unpair = move |_| {
        let Ok(x) = gone.get_untracked().parse::<u32>() else {
            desk.say(true, t("Choose a table."));
            return;
        };
        let n = desk.tour_round.get_untracked();
        by_hand(desk, tf("Table {} unpaired.", &[&x]), move |t| {
            t.unpair(n, x)
                .map(|_| Vec::new())
                .map_err(|e| e.to_string())
        });
    };
    view! {
        <fieldset class="stack">
            <legend>{t("Unpair a table")}</legend>
            {number_select("unpair", t("Table"), gone, tables)}
            <button on:click=unpair>{t("Unpair")}</button>
        </fieldset>
    }
}

/// Forbid a pair of players, or allow them again.
#[component]
fn ForbidPair(desk: Desk, everyone: Memo<Vec<(String, String)>>) -> impl IntoView {
    let (f1, f2) = (RwSignal::new(String::new()), RwSignal::new(String::new()));
    let forbid = move |allow: bool| {
        let Some((x, y)) = two::<usize>(f1, f2) else {
            desk.say(true, t("Choose two players."));
            return;
        };
        let done = if allow {
            t("The pair may be paired again.")
        } else {
            t("The pair will not be paired together.")
        };
        by_hand(desk, done.to_string(), move |t| {
            if allow {
                t.allow_pair(x, y);
                Ok(Vec::new())
            } else {
                t.forbid_pair(x, y)
                    .map(|()| Vec::new())
                    .map_err(|e| e.to_string())
            }
        });
    };
    view! {
        <fieldset class="stack">
            <legend>{t("Forbid a pair")}</legend>
            {number_select("forbid-a", t("First player"), f1, everyone)}
            {number_select("forbid-b", t("Second player"), f2, everyone)}
            <div class="row">
                <button on:click=move |_| forbid(false)>{t("Forbid this pair")}</button>
                <button on:click=move |_| forbid(true)>{t("Allow this pair again")}</button>
            </div>
        </fieldset>
    }
}
