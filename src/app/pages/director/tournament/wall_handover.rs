//! The wall handed to another screen: the director's phone gives a laptop or a TV in the hall
//! what the wall shows, offline, as a link (its QR code for the screen's camera, or copied to
//! send) or as a file (`wall-round-N.txt`, carried on a stick or sent). The code follows the
//! round worked on and its results: handed over again after each round and batch of results,
//! the wall shows the new one (`wall_take` on the other side).

use leptos::prelude::*;

use super::Desk;
use super::wall_board::board_of;
use crate::app::components::qr_code::{QrCode, origin};
use crate::app::device;
use crate::core::link::qr;
use crate::core::text::{t, tf};
use crate::core::wall_code::wall_link;

/// The wall's link, its round and how many results it holds, for the tournament open.
#[component]
pub fn WallHandover(desk: Desk) -> impl IntoView {
    let handed = Memo::new(move |_| {
        let book = desk.book.get();
        desk.tour.with(|o| {
            o.as_ref().map(|o| {
                let board = board_of(&o.t, Some(&book));
                let words = tf(
                    "Round {}: {} of {} results in.",
                    &[&board.round, &board.results_in(), &board.games.len()],
                );
                (wall_link(&origin(), &board), board.round, words)
            })
        })
    });
    let link = move || handed.with(|h| h.as_ref().map(|h| h.0.clone()).unwrap_or_default());
    let fits = move || handed.with(|h| h.as_ref().is_some_and(|h| qr::code(&h.0).is_ok()));
    let copy = move |_| {
        if device::copy_text(&link()) {
            desk.say(
                false,
                t("The wall's link was copied: open it on the other screen."),
            );
        } else {
            desk.say(
                true,
                t("This browser does not let the app copy: download the file instead."),
            );
        }
    };
    let download = move |_| {
        let Some((link, round, _)) = handed.get_untracked() else {
            return;
        };
        let name = format!("wall-round-{round}.txt");
        match device::download(&name, &format!("{link}\n"), "text/plain") {
            Ok(()) => desk.say(
                false,
                tf(
                    "{} downloaded: open it on the other screen's wall.",
                    &[&name],
                ),
            ),
            Err(why) => desk.say(true, why),
        }
    };
    view! {
        <details class="card wall-handover no-print" data-say="wall" data-testid="wall-handover">
            <summary>{t("The wall on another screen")}</summary>
            <div class="stack">
                <p data-testid="wall-handover-round">{move || handed.with(|h| h.as_ref().map(|h| h.2.clone()))}</p>
                <div class="row">
                    <button class="primary" data-testid="wall-handover-file" on:click=download>{t("Download the wall's file")}</button>
                    <button data-testid="wall-handover-copy" on:click=copy>{t("Copy the wall's link")}</button>
                </div>
                <super::Said desk=desk at="wall" />
                <p class="muted">{t("A laptop or a TV in the hall shows the wall: scan this code with its camera, or copy the link to it, or give it the file. Hand it over again after each round and each batch of results.")}</p>
                <Show when=fits fallback=|| view! { <p class="muted">{t("Too long for one QR code: copy the link or give the file.")}</p> }>
                    <QrCode link=Signal::derive(link) testid="wall-handover-code" label=t("QR code of the wall") />
                </Show>
                <input type="text" readonly aria-label=t("The wall's link") data-testid="wall-handover-link" prop:value=link />
            </div>
        </details>
    }
}
