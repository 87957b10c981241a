//! A result by the director's hand in one tap: each table still waiting shows its two players'
//! names (Black first), "Jigo" and "Both lose"; a tap on the winner's name enters the result,
//! under the director's name typed in this visit or, without one, as the director's.
//! Forfeits, both winning and corrections stay in the table's own form.

use leptos::prelude::*;

use super::Desk;
use crate::app::time::now_ms;
use crate::core::round::book::Entry;
use crate::core::round::code::Verdict;
use crate::core::round::{Decided, Outcome, RoundTable};
use crate::core::text::{t, tf};

/// Enters `outcome` for table `number` of the round shown. The table's row shows the result;
/// `say` also says so in words (a one-tap result says nothing more, so that no line appears
/// and moves the next tables under the director's finger). A refusal is always said.
pub fn enter(desk: Desk, number: u32, outcome: Outcome, by_default: bool, who: &str, say: bool) {
    let Some((t, n)) = desk.current.get_untracked() else {
        return;
    };
    let verdict = Verdict::from_decided(Decided {
        outcome,
        by_default,
    });
    let who = if who.trim().is_empty() {
        crate::core::text::t("the director")
    } else {
        who.trim()
    };
    let entry = Entry {
        table: number,
        result: verdict,
        who,
        at_ms: now_ms(),
    };
    match desk.enter(&t, n, entry) {
        Ok(()) if say => desk.say(
            false,
            tf("Table {}: result entered by {}.", &[&number, &who]),
        ),
        Ok(()) => {}
        Err(why) => desk.say(true, why),
    }
}

/// The one-tap result of a table still waiting.
#[component]
pub fn QuickResult(desk: Desk, table: RoundTable, who: RwSignal<String>) -> impl IntoView {
    let number = table.number;
    let black = table.black.shown_name();
    let white = table.white.shown_name();
    let tap = move |outcome: Outcome| {
        move |_| enter(desk, number, outcome, false, &who.get_untracked(), false)
    };
    view! {
        <div class="quick-result" role="group" aria-label=tf("Table {}: who won?", &[&number])>
            <button class="win" data-testid="win-black" aria-label=tf("{} (Black) wins", &[&black]) on:click=tap(Outcome::Black)>
                <span aria-hidden="true">"● "</span>{black.clone()}
            </button>
            <button class="win" data-testid="win-white" aria-label=tf("{} (White) wins", &[&white]) on:click=tap(Outcome::White)>
                <span aria-hidden="true">"○ "</span>{white.clone()}
            </button>
            <button on:click=tap(Outcome::Jigo)>{t("Jigo")}</button>
            <button on:click=tap(Outcome::BothLose)>{t("Both lose")}</button>
        </div>
    }
}
