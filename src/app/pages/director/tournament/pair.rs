//! The round of the open tournament to work on, and its pairing: "Pair" pairs every player
//! who plays the round and is not yet paired, as OpenGotha would; the pairing's warnings
//! (players who met before, pairs the director forbade) are shown before it is kept, with
//! "Keep" and "Cancel". The round's bye is shown here.

use leptos::prelude::*;

use super::Desk;
use crate::core::text::{t, tf};
use crate::core::tournament::Tournament;
use crate::core::tournament::pairing::checks::PairingWarning;
use crate::core::tournament::pairing::criteria::PAIRING_CRITERIA;
use crate::core::tournament::pairing::{Costs, RoundPairing, players_to_pair, round_costs};

/// A warning in the director's words.
pub fn warning_words(t: &Tournament, w: &PairingWarning) -> String {
    match w {
        PairingWarning::Repeated {
            table,
            players: (a, b),
            rounds,
        } => {
            let rounds = rounds
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            tf(
                "Table {}: {} and {} already played each other (round {}).",
                &[table, &t.player_name(*a), &t.player_name(*b), &rounds],
            )
        }
        PairingWarning::Forbidden {
            table,
            players: (a, b),
        } => tf(
            "Table {}: {} and {} are a pair you forbade.",
            &[table, &t.player_name(*a), &t.player_name(*b)],
        ),
    }
}

/// The pairing made and not yet kept, with its round.
#[derive(Clone, PartialEq)]
struct Pending {
    round: u32,
    pairing: RoundPairing,
}

/// The round choice, "Pair", the pairing to keep or cancel, and the bye.
#[component]
pub fn RoundChoice(desk: Desk) -> impl IntoView {
    let pending = RwSignal::new(None::<Pending>);
    let rounds = move || {
        desk.tour
            .with(|o| o.as_ref().map_or(0, |o| o.t.general.number_of_rounds))
    };
    let to_pair = move || {
        let n = desk.tour_round.get();
        desk.tour
            .with(|o| o.as_ref().map_or(0, |o| players_to_pair(&o.t, n).len()))
    };
    let pair_round = move || {
        let n = desk.tour_round.get_untracked();
        let made = desk.tour.with_untracked(|o| {
            o.as_ref()
                .map(|o| o.t.pair_rest(n).map_err(|e| e.to_string()))
        });
        match made {
            Some(Ok(pairing)) if pairing.warnings.is_empty() => keep(desk, n, &pairing),
            Some(Ok(pairing)) => pending.set(Some(Pending { round: n, pairing })),
            Some(Err(why)) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
            None => {}
        }
    };
    let pair = move |_| pair_round();
    // The round just finished offers the next: one tap moves to it and pairs it.
    let pair_next = Callback::new(move |n: u32| {
        pending.set(None);
        desk.show_tour_round(n);
        pair_round();
    });
    let keep_pending = move |_| {
        if let Some(p) = pending.get_untracked() {
            pending.set(None);
            keep(desk, p.round, &p.pairing);
        }
    };
    let bye = move || {
        let n = desk.tour_round.get();
        desk.tour.with(|o| {
            let o = o.as_ref()?;
            let p = o.t.bye_of(n)?;
            Some((o.t.players.get(p)?.key(), o.t.player_name(p)))
        })
    };
    let wanted = RwSignal::new(String::new());
    let set_rounds = move |_| {
        let Ok(n) = wanted.get_untracked().trim().parse::<u32>() else {
            desk.say(
                true,
                t("The number of rounds is a whole number. Nothing was changed."),
            );
            return;
        };
        match desk.change_tour(|t| t.set_number_of_rounds(n).map_err(|e| e.to_string())) {
            Ok(()) => desk.say(false, tf("The tournament has {} rounds.", &[&n])),
            Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
        }
    };
    let can_pair = move || {
        let n = to_pair();
        n >= 2 || (n == 1 && bye().is_none())
    };
    view! {
        <Show when=move || desk.tour.with(Option::is_some)>
            <section class="card stack" aria-label=t("Pairing")>
                <label>
                    {t("Round")}
                    <select data-testid="round-choice" name="round-choice"
                        on:change=move |ev| {
                            if let Ok(n) = event_target_value(&ev).parse::<u32>() {
                                pending.set(None);
                                desk.show_tour_round(n);
                            }
                        }>
                        {move || (1..=rounds()).map(|n| {
                            let paired = desk.tour.with(|o| o.as_ref().is_some_and(|o| o.t.games_of(n).next().is_some()));
                            let label = if paired { tf("Round {}", &[&n]) } else { tf("Round {} (not paired)", &[&n]) };
                            view! {
                                <option value=n.to_string() selected=move || desk.tour_round.get() == n>{label}</option>
                            }
                        }).collect_view()}
                    </select>
                </label>
                <p class="muted">{move || {
                    let n = to_pair();
                    if n == 0 { t("Every player of this round is paired.").to_string() } else { tf("{} players of this round are not paired yet.", &[&n]) }
                }}</p>
                <super::round_codes::NextRoundOffer desk=desk on_pair=pair_next />
                <Show when=can_pair>
                    <button class="primary" on:click=pair>{t("Pair")}</button>
                </Show>
                {move || pending.get().map(|p| {
                    let words = desk.tour.with_untracked(|o| o.as_ref().map(|o| {
                        p.pairing.warnings.iter().map(|w| warning_words(&o.t, w)).collect::<Vec<_>>()
                    })).unwrap_or_default();
                    view! {
                        <div class="banner error stack" role="alert" data-testid="pairing-warnings">
                            <p>{t("Look at this before keeping the pairing:")}</p>
                            <ul>{words.into_iter().map(|w| view! { <li>{w}</li> }).collect_view()}</ul>
                            <div class="row">
                                <button class="primary" on:click=keep_pending>{t("Keep")}</button>
                                <button on:click=move |_| pending.set(None)>{t("Cancel")}</button>
                            </div>
                        </div>
                    }
                })}
                {move || bye().map(|(key, name)| view! {
                    <p data-testid="round-bye" data-key=key>{tf("Bye: {}", &[&name])}</p>
                })}
                <PairCosts desk=desk />
                <details>
                    <summary>{t("Number of rounds")}</summary>
                    <div class="row">
                        <label>{t("Rounds")}
                            <input name="number-of-rounds" inputmode="numeric" bind:value=wanted
                                placeholder=move || rounds().to_string() />
                        </label>
                        <button on:click=set_rounds>{t("Set the number of rounds")}</button>
                    </div>
                </details>
            </section>
        </Show>
    }
}

/// Keeps a pairing of round `n` and shows its tables.
fn keep(desk: Desk, n: u32, pairing: &RoundPairing) {
    match desk.change_tour(|t| t.keep_pairing(n, pairing).map_err(|e| e.to_string())) {
        Ok(()) => {
            desk.show_tour_round(n);
            desk.say(
                false,
                tf("Round {} paired: {} tables.", &[&n, &pairing.games.len()]),
            );
        }
        Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
    }
}

/// The criteria of a pair's cost, in the director's words, as OpenGotha's pairing details list
/// them (one per row of `PAIRING_CRITERIA`), then the total.
fn criteria(c: &Costs) -> Vec<(&'static str, i64)> {
    let mut costs = *c;
    let mut out: Vec<(&'static str, i64)> = PAIRING_CRITERIA
        .iter()
        .map(|row| (t(row.words), *(row.slot)(&mut costs)))
        .collect();
    out.push((t("Total"), c.total));
    out
}

/// A cost with its digits grouped by three, readable at a glance.
fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(d);
    }
    if n < 0 { format!("−{out}") } else { out }
}

/// "Why these pairs": each game of the round with its cost by criterion, as the pairing
/// counted it from the rounds before; the pairing keeps the set of pairs of the largest total.
/// Computed only when opened.
#[component]
fn PairCosts(desk: Desk) -> impl IntoView {
    let open = RwSignal::new(false);
    let paired = move || {
        let n = desk.tour_round.get();
        desk.tour
            .with(|o| o.as_ref().is_some_and(|o| o.t.games_of(n).next().is_some()))
    };
    let rows = move || {
        if !open.get() {
            return Vec::new();
        }
        let n = desk.tour_round.get();
        desk.tour.with(|o| {
            let Some(o) = o.as_ref() else {
                return Vec::new();
            };
            round_costs(&o.t, n)
                .into_iter()
                .map(|p| {
                    let who = tf(
                        "Table {}: {} – {}",
                        &[
                            &p.table,
                            &o.t.player_name(p.black),
                            &o.t.player_name(p.white),
                        ],
                    );
                    (who, p.costs)
                })
                .collect::<Vec<_>>()
        })
    };
    view! {
        <Show when=paired>
            <details data-testid="pair-costs"
                on:toggle=move |ev| {
                    use wasm_bindgen::JsCast;
                    let now = ev.target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .is_some_and(|d| d.has_attribute("open"));
                    open.set(now);
                }>
                <summary>{t("Why these pairs")}</summary>
                <p class="muted">{t("What the pairing counted for each pair, from the rounds before. It keeps the pairs whose totals add up to the most.")}</p>
                {move || rows().into_iter().map(|(who, costs)| view! {
                    <details class="pair-cost" data-testid="pair-cost">
                        <summary>{who}" · "{grouped(costs.total)}</summary>
                        <table class="costs">
                            {criteria(&costs).into_iter().map(|(label, value)| view! {
                                <tr><th scope="row">{label}</th><td>{grouped(value)}</td></tr>
                            }).collect_view()}
                        </table>
                    </details>
                }).collect_view()}
            </details>
        </Show>
    }
}
