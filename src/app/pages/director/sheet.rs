//! The table codes as a printable sheet: the browser's print, A4, several tables a page, each
//! with its round and number, the players, handicap, komi and time, and its code.

use leptos::prelude::*;

use super::Desk;
use super::tables::{origin, table_line, time_words};
use crate::app::components::qr_code::QrCode;
use crate::core::round::code;
use crate::core::text::{t, tf};

/// Draws the sheet, then opens the browser's print once the sheet is on the page.
#[component]
pub fn PrintButton(desk: Desk) -> impl IntoView {
    let print = move |_| {
        desk.printing.set(true);
        request_animation_frame(|| {
            if let Some(w) = web_sys::window() {
                let _ = w.print();
            }
        });
    };
    view! { <button on:click=print>{t("Print the table codes")}</button> }
}

/// Every table's code, shown only when printed. The cards and their codes are drawn only
/// while the page is printed (the print button, or the browser's own print), so a round
/// paired or changed draws none of them.
#[component]
pub fn PrintSheet(desk: Desk) -> impl IntoView {
    let before = window_event_listener_untyped("beforeprint", move |_| desk.printing.set(true));
    let after = window_event_listener_untyped("afterprint", move |_| desk.printing.set(false));
    on_cleanup(move || {
        before.remove();
        after.remove();
    });
    let cards = move || {
        if !desk.printing.get() {
            return Vec::new();
        }
        let origin = origin();
        desk.with_round(|r| {
            let round = r.round();
            let time = time_words(&round.time);
            round
                .tables
                .iter()
                .map(|t| {
                    (
                        tf("Round {} · Table {}", &[&round.number, &t.number]),
                        table_line(t),
                        time.clone(),
                        code::table_link(&origin, round, t, r.preset()),
                    )
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    view! {
        <section class="print-sheet" aria-hidden="true">
            {move || cards().into_iter().map(|(title, line, time, link)| view! {
                <article class="print-card">
                    <h2>{title}</h2>
                    <p>{line}</p>
                    <p>{time}</p>
                    <QrCode link=Signal::stored(link) testid="print-qr" label=t("Table code") />
                </article>
            }).collect_view()}
        </section>
    }
}
