//! The count per colour, territory and area side by side, as the referee reads it.

use leptos::prelude::*;

use crate::app::components::count_numbers::NumbersTable;
use crate::core::count::{Score, SideScore, Tally, format_points};
use crate::core::rules::Counting;

/// A table per colour: territory, each kind of prisoner, komi and the totals of both countings.
#[component]
pub fn ScoreTable(score: Score) -> impl IntoView {
    let row = |label: &'static str, f: fn(&SideScore) -> String, s: &Score| {
        view! {
            <tr>
                <th scope="row">{label}</th>
                <td>{f(&s.black)}</td>
                <td>{f(&s.white)}</td>
            </tr>
        }
    };
    let territory_rules = score.counting == Counting::Territory;
    view! {
        <table class="score-table">
            <thead>
                <tr><th></th><th scope="col">"Black"</th><th scope="col">"White"</th></tr>
            </thead>
            <tbody>
                {row("Territory", |s| s.territory.to_string(), &score)}
                {row("Captured in play", |s| s.captures.to_string(), &score)}
                {row("Dead stones removed", |s| s.dead_removed.to_string(), &score)}
                {row("Pass stones", |s| s.pass_stones.to_string(), &score)}
                {row("Stones on the board", |s| s.stones.to_string(), &score)}
                {row("Komi", |s| format_points(s.komi), &score)}
                {row("Handicap compensation", |s| format_points(s.handicap_compensation), &score)}
                <tr class:decides=territory_rules>
                    <th scope="row">"Territory count"</th>
                    <td>{format_points(score.black.territory_total)}</td>
                    <td>{format_points(score.white.territory_total)}</td>
                </tr>
                <tr class:decides=!territory_rules>
                    <th scope="row">"Area count"</th>
                    <td>{format_points(score.black.area_total)}</td>
                    <td>{format_points(score.white.area_total)}</td>
                </tr>
            </tbody>
        </table>
        {score.mismatch.clone().map(|m| view! {
            <p class="banner error" role="alert" data-testid="count-mismatch">
                "The two counts do not agree: " {m}
            </p>
        })}
    }
}

/// The count that decides, as a table: the phone's board, or the numbers from the real board.
#[component]
pub fn TallyTable(tally: Tally) -> impl IntoView {
    match tally {
        Tally::Board(score) => view! { <ScoreTable score=score /> }.into_any(),
        Tally::Numbers(score) => view! { <NumbersTable score=score /> }.into_any(),
    }
}
