//! The hall between rounds: once every result of a round is in, the offer to pair the next one
//! (saying who will not play it), and, once a round is paired, its one code (or short numbered
//! series) that every player's phone scans to open its own game.

use leptos::prelude::*;

use super::Desk;
use crate::app::components::qr_code::{QrCode, origin};
use crate::core::round::TablePlayer;
use crate::core::round::book::Book;
use crate::core::round::round_code::round_links;
use crate::core::text::{t, tf};
use crate::core::tournament::Tournament;
use crate::core::tournament::round_screen::drawn_from;
use crate::core::tournament::standings::round_complete;

/// The players of `t` who will not play round `n`: withdrawn or skipping it.
fn not_playing(t: &Tournament, n: u32) -> Vec<String> {
    (0..t.players.len())
        .filter(|&p| t.players.get(p).is_some_and(|pl| !pl.plays_in(n)))
        .map(|p| t.player_name(p))
        .collect()
}

/// "All results in: pair round N+1", shown on the round just finished.
#[component]
pub fn NextRoundOffer(desk: Desk, on_pair: Callback<u32>) -> impl IntoView {
    let offer = move || {
        let n = desk.tour_round.get();
        desk.tour.with(|o| {
            let t = &o.as_ref()?.t;
            let next = n + 1;
            (round_complete(t, n)
                && next <= t.general.number_of_rounds
                && t.games_of(next).next().is_none())
            .then(|| (next, not_playing(t, next)))
        })
    };
    move || {
        offer().map(|(next, away)| {
            view! {
                <div class="banner stack" role="status" data-testid="next-round-offer">
                    <p>{t("Every result of this round is in.")}</p>
                    {(!away.is_empty()).then(|| view! {
                        <p>{tf("Not playing round {}: {}.", &[&next, &away.join(", ")])}</p>
                    })}
                    <button class="primary big" on:click=move |_| on_pair.run(next)>
                        {tf("Draw round {}", &[&next])}
                    </button>
                </div>
            }
        })
    }
}

/// The round's code: every table, for every player's phone.
#[component]
pub fn RoundCodes(desk: Desk) -> impl IntoView {
    // Drawn just after the round's tables: a pairing shows its tables at once, and its code
    // (two large QR codes for 64 players) follows in the next frame.
    let links = RwSignal::new(None);
    Effect::new(move |_| {
        desk.tour_round.track();
        desk.tour.track();
        desk.book.track();
        desk.current.track();
        request_animation_frame(move || {
            set_timeout(
                move || {
                    let next = untrack(|| round_code_links(desk));
                    if links.with_untracked(|l| *l != next) {
                        links.set(next);
                    }
                },
                std::time::Duration::ZERO,
            );
        });
    });
    move || {
        links.get().map(|result| match result {
            Ok(links) => {
                let count = links.len();
                view! {
                    <section class="card stack round-codes" aria-label=t("Round code")>
                        <h2>{t("Round code")}</h2>
                        <p class="muted">{if count == 1 {
                            t("Every player scans this code to open their game of the round.").to_string()
                        } else {
                            tf("Every player scans these {} codes (the one with their table is enough for a phone that knows its player).", &[&count])
                        }}</p>
                        {links.into_iter().enumerate().map(|(i, link)| {
                            let testid = if i == 0 { "round-code" } else { "round-code-more" };
                            view! {
                                <figure class="table-code" data-testid=testid data-part=(i + 1).to_string()>
                                    <QrCode link=Signal::derive(move || link.clone()) testid="round-code-qr" label=t("QR code of the whole round") />
                                    {(count > 1).then(|| view! {
                                        <figcaption>{tf("Code {} of {}", &[&(i + 1), &count])}</figcaption>
                                    })}
                                </figure>
                            }
                        }).collect_view()}
                    </section>
                }.into_any()
            }
            Err(why) => view! { <p class="banner error" role="alert">{why}</p> }.into_any(),
        })
    }
}

/// The round shown as codes: `None` when it is not a paired round of the open tournament.
fn round_code_links(desk: Desk) -> Option<Result<Vec<String>, String>> {
    let n = desk.tour_round.get();
    desk.current.track();
    desk.tour.with(|o| {
        let t = &o.as_ref()?.t;
        desk.book.with(|b| links_of(t, n, b))
    })
}

/// The links of round `n` of `t` as kept in `book`, one per code: `None` when the book keeps
/// no such round.
pub(crate) fn links_of(t: &Tournament, n: u32, book: &Book) -> Option<Result<Vec<String>, String>> {
    let kept = book.round(&t.general.name, n)?;
    let byes: Vec<TablePlayer> = t
        .bye_of(n)
        .and_then(|p| t.players.get(p))
        .map(|p| TablePlayer {
            key: p.key(),
            name: p.name.clone(),
            first_name: p.first_name.clone(),
            rank: None,
            club: None,
        })
        .into_iter()
        .collect();
    let view = kept.view(&drawn_from(t))?;
    Some(round_links(&origin(), view.round(), &byes, view.preset()).map_err(|e| e.to_string()))
}
