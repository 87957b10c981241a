//! The count per colour, territory and area side by side, as the referee reads it.

use leptos::prelude::*;

use crate::app::components::count_numbers::NumbersTable;
use crate::core::count::{Score, SideScore, Tally, format_points};
use crate::core::rules::Counting;
use crate::core::text::{number, t};

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
                <tr><th></th><th scope="col">{t("Black")}</th><th scope="col">{t("White")}</th></tr>
            </thead>
            <tbody>
                {row(t("Territory"), |s| s.territory.to_string(), &score)}
                {row(t("Captured in play"), |s| s.captures.to_string(), &score)}
                {row(t("Dead stones removed"), |s| s.dead_removed.to_string(), &score)}
                {row(t("Pass stones"), |s| s.pass_stones.to_string(), &score)}
                {row(t("Stones on the board"), |s| s.stones.to_string(), &score)}
                {row(t("Komi"), |s| number(&format_points(s.komi)), &score)}
                {row(t("Handicap compensation"), |s| number(&format_points(s.handicap_compensation)), &score)}
                <tr class:decides=territory_rules>
                    <th scope="row">{t("Territory count")}</th>
                    <td>{number(&format_points(score.black.territory_total))}</td>
                    <td>{number(&format_points(score.white.territory_total))}</td>
                </tr>
                <tr class:decides=!territory_rules>
                    <th scope="row">{t("Area count")}</th>
                    <td>{number(&format_points(score.black.area_total))}</td>
                    <td>{number(&format_points(score.white.area_total))}</td>
                </tr>
            </tbody>
        </table>
        {score.mismatch.clone().map(|m| view! {
            <p class="banner error" role="alert" data-testid="count-mismatch">
                {t("The two counts do not agree:")} " " {m}
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
