//! The tournament's players: the list (one row a player, its key as OpenGotha forms it), a
//! player added or edited (name, first name, rank, club, country, EGD PIN), withdrawn from the
//! round shown on, registered finally or preliminarily, and taking part round by round; and a
//! pasted list (CSV or tab-separated) added all or none, its refused lines shown with their
//! number and reason.

use leptos::prelude::*;

use super::Desk;
use crate::app::pages::director::desk_tabs::Said;
use crate::core::text::{t, tf};
use crate::core::tournament::player_list::read_player_list;
use crate::core::tournament::players::rank_from_text;
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::{Player, Registration};

/// The form's fields.
#[derive(Clone, Copy)]
struct Form {
    name: RwSignal<String>,
    first: RwSignal<String>,
    rank: RwSignal<String>,
    club: RwSignal<String>,
    country: RwSignal<String>,
    pin: RwSignal<String>,
    /// The player edited, or `None` for a new one.
    editing: RwSignal<Option<usize>>,
}

impl Form {
    fn fill(&self, p: Option<(usize, &Player)>) {
        let (i, p) = match p {
            Some((i, p)) => (Some(i), p.clone()),
            None => (None, Player::default()),
        };
        self.name.set(p.name);
        self.first.set(p.first_name);
        self.rank.set(if i.is_some() {
            format_rank(p.rank)
        } else {
            String::new()
        });
        self.club.set(p.club);
        self.country.set(p.country);
        self.pin.set(p.egf_pin);
        self.editing.set(i);
    }
}

#[component]
pub fn Players(desk: Desk) -> impl IntoView {
    let form = Form {
        name: RwSignal::new(String::new()),
        first: RwSignal::new(String::new()),
        rank: RwSignal::new(String::new()),
        club: RwSignal::new(String::new()),
        country: RwSignal::new(String::new()),
        pin: RwSignal::new(String::new()),
        editing: RwSignal::new(None),
    };
    let save = move |_| {
        let rank = match rank_from_text(&form.rank.get_untracked()) {
            Ok(r) => r,
            Err(e) => {
                desk.say(true, tf("{} Nothing was changed.", &[&e]));
                return;
            }
        };
        let editing = form.editing.get_untracked();
        let done = desk.change_tour(|t| {
            let base = editing
                .and_then(|i| t.players.get(i).cloned())
                .unwrap_or_default();
            let p = Player {
                name: form.name.get_untracked().trim().to_string(),
                first_name: form.first.get_untracked().trim().to_string(),
                rank,
                grade: format_rank(rank),
                club: form.club.get_untracked().trim().to_string(),
                country: form.country.get_untracked().trim().to_uppercase(),
                egf_pin: form.pin.get_untracked().trim().to_string(),
                ..base
            };
            let name = crate::core::tournament::players::full_name(&p);
            match editing {
                Some(i) => t.edit_player(i, p).map(|()| name),
                None => t.add_player(p).map(|_| name),
            }
            .map_err(|e| e.to_string())
        });
        match done {
            Ok(name) => {
                desk.say(
                    false,
                    if editing.is_some() {
                        tf("{} changed.", &[&name])
                    } else {
                        tf("{} added.", &[&name])
                    },
                );
                form.fill(None);
            }
            Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
        }
    };
    let rows = move || {
        desk.tour.with(|o| {
            o.as_ref().map_or_else(Vec::new, |o| {
                o.t.players
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (i, p.clone()))
                    .collect::<Vec<_>>()
            })
        })
    };
    let rounds = move || {
        desk.tour
            .with(|o| o.as_ref().map_or(0, |o| o.t.general.number_of_rounds))
    };
    let field = |label: &'static str, name: &'static str, value: RwSignal<String>| {
        view! {
            <label>{label}<input name=name bind:value=value /></label>
        }
    };
    view! {
        <section class="card stack" aria-label=t("Players")>
            <h2>{move || tf("Players ({})", &[&desk.tour.with(|o| o.as_ref().map_or(0, |o| o.t.players.len()))])}</h2>
            <details class="player-list" open>
                <summary>{t("The list of players")}</summary>
                <ul class="players">
                    // Keyed by everything a row shows: a change of one player, or a round
                    // paired, leaves the other rows as they are.
                    <For
                        each=move || {
                            let n = rounds();
                            rows().into_iter().map(move |(i, p)| (i, p, n)).collect::<Vec<_>>()
                        }
                        key=|row| row.clone()
                        children=move |(i, p, n)| view! {
                            <PlayerRow desk=desk form=form index=i player=p rounds=n />
                        }
                    />
                </ul>
            </details>
            <fieldset class="stack player-form" data-say="add">
                <legend>{move || if form.editing.get().is_some() { t("Change the player") } else { t("Add a player") }}</legend>
                {field(t("Name"), "player-name", form.name)}
                {field(t("First name"), "player-first-name", form.first)}
                {field(t("Rank"), "player-rank", form.rank)}
                {field(t("Club"), "player-club", form.club)}
                {field(t("Country"), "player-country", form.country)}
                {field(t("EGD PIN"), "player-pin", form.pin)}
                <div class="row">
                    <button class="primary" on:click=save>{move || if form.editing.get().is_some() { t("Save the player") } else { t("Add the player") }}</button>
                    <Show when=move || form.editing.get().is_some()>
                        <button on:click=move |_| form.fill(None)>{t("Cancel")}</button>
                    </Show>
                </div>
                <Said desk=desk at="add" />
            </fieldset>
            <PasteList desk=desk />
        </section>
    }
}

/// One player: name, rank, club; edit, withdraw, registration and rounds.
#[component]
fn PlayerRow(desk: Desk, form: Form, index: usize, player: Player, rounds: u32) -> impl IntoView {
    let key = player.key();
    let final_ = player.registration == Registration::Final;
    let edit_player = player.clone();
    let edit = move |_| form.fill(Some((index, &edit_player)));
    let withdraw = move |_| {
        let from = desk.tour_round.get_untracked();
        match desk.change_tour(|t| t.withdraw(index, from).map_err(|e| e.to_string())) {
            Ok(()) => desk.say(false, tf("Withdrawn from round {} on.", &[&from])),
            Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
        }
    };
    let register = move |ev: leptos::ev::Event| {
        let on = event_target_checked(&ev);
        let r = if on {
            Registration::Final
        } else {
            Registration::Preliminary
        };
        if let Err(why) =
            desk.change_tour(|t| t.set_registration(index, r).map_err(|e| e.to_string()))
        {
            desk.say(true, tf("{} Nothing was changed.", &[&why]));
        }
    };
    let name = crate::core::tournament::players::full_name(&player);
    let plays: Vec<(u32, bool)> = (1..=rounds).map(|r| (r, player.plays_in(r))).collect();
    let edit_label = tf("Edit {}", &[&name]);
    // The row's buttons are built when it is first opened: a long list shows at once.
    let opened = RwSignal::new(false);
    view! {
        <li class="player-row" data-testid="player-row" data-key=key.clone() data-say=format!("player-{key}")>
            <details on:toggle=move |_| opened.set(true)>
            <summary><strong>{name.clone()}</strong>{format!(" · {} · {} {}", format_rank(player.rank), player.club, player.country)}</summary>
            <Show when=move || opened.get()>
            <div class="row">
                <button on:click=edit.clone() aria-label=edit_label.clone()>{t("Edit")}</button>
                <button on:click=withdraw>{move || tf("Withdraw from round {}", &[&desk.tour_round.get()])}</button>
                <label class="check"><input type="checkbox" checked=final_ on:change=register />{t("Final registration")}</label>
            </div>
            <fieldset class="rounds-played">
                <legend>{t("Plays in rounds")}</legend>
                {plays.clone().into_iter().map(|(r, on)| view! {
                    <label class="check"><input type="checkbox" checked=on on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        if let Err(why) = desk.change_tour(|t| t.set_participation(index, r, on).map_err(|e| e.to_string())) {
                            desk.say(true, tf("{} Nothing was changed.", &[&why]));
                        }
                    } />{r.to_string()}</label>
                }).collect_view()}
            </fieldset>
            </Show>
            </details>
            <Said desk=desk at=format!("player-{key}") />
        </li>
    }
}

/// A pasted list of players.
#[component]
fn PasteList(desk: Desk) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let refused = RwSignal::new(Vec::<(String, String)>::new());
    let add = move |_| {
        let list = desk.tour.with_untracked(|o| {
            o.as_ref()
                .map(|o| read_player_list(&text.get_untracked(), &o.t))
        });
        let Some(list) = list else { return };
        let lines: Vec<(String, String)> = list
            .refused
            .iter()
            .map(|r| {
                let read = r.reading();
                let read = if read.is_empty() {
                    String::new()
                } else {
                    tf("Read as: {}.", &[&read])
                };
                (tf("Line {}: {}", &[&r.line, &r.reason]), read)
            })
            .collect();
        if !lines.is_empty() {
            refused.set(lines);
            desk.say(true, t("Some lines of the list cannot be read: correct them (see below) and add the list again. Nothing was added."));
            return;
        }
        refused.set(Vec::new());
        let n = list.players.len();
        match desk.change_tour(|t| t.add_players(&list.players).map_err(|e| e.to_string())) {
            Ok(()) => {
                text.set(String::new());
                desk.say(false, tf("{} players added.", &[&n]));
            }
            Err(why) => desk.say(true, tf("{} Nothing was changed.", &[&why])),
        }
    };
    view! {
        <details class="stack" data-say="paste">
            <summary>{t("Paste a list of players")}</summary>
            <p class="muted">{t("One player a line, as you write it: \"Anna Bakker 3k\", \"Bakker, Anna, 3k, Amsterdam, NL\", or a spreadsheet's columns (name, first name, rank, club, country, EGD PIN) pasted as they are; a first line naming the columns is read as such.")}</p>
            <label>{t("List of players")}
                <textarea name="player-list" rows="6" bind:value=text></textarea>
            </label>
            <button on:click=add>{t("Add the list")}</button>
            <Said desk=desk at="paste" />
            <Show when=move || !refused.with(Vec::is_empty)>
                <div class="banner error refused-lines" role="alert" data-testid="refused-lines">
                    {move || refused.get().into_iter().map(|(why, read)| view! {
                        <ul><li>{why}</li></ul>
                        <p class="read-as" data-testid="refused-read">{read}</p>
                    }).collect_view()}
                </div>
            </Show>
        </details>
    }
}
