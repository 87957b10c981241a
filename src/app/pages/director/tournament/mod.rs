//! The whole tournament on the director's phone, kept as OpenGotha keeps it
//! (`core::tournament`): the tournament open and the others kept (`kept`), the round to work on
//! and its pairing (`pair`), the director's hand on a paired round (`hand`), the players
//! (`players`), the standings (`standings`) and the tournament's files out (`out`). The screen
//! only calls the core; every change is stored before it is shown.

mod hand;
mod kept;
mod out;
pub(crate) mod pair;
mod players;
mod register_scan;
pub(crate) mod round_codes;
mod rules;
pub(crate) mod standings;
pub(crate) mod wall_board;
mod wall_handover;

use leptos::prelude::*;

use super::Desk;
use super::desk_tabs::Said;
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::round::Round;
use crate::core::text::{t, tf};
use crate::core::tournament::Tournament;
use crate::core::tournament::files::{read_tournament, write_tournament};
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::register::{CardError, Registered, read_card_link};
use crate::core::tournament::round_screen::{check_rounds, screen_round, take_from_book};

/// The tournament open: where it is kept, the tournament, the EGD country asked once.
#[derive(Clone, Debug, PartialEq)]
pub struct Tour {
    pub id: String,
    pub t: Tournament,
    pub country: String,
}

impl Desk {
    /// Changes the open tournament: the change is made on a copy of the tournament as stored,
    /// stored, then shown. A change refused (by the core or by the browser) changes nothing.
    pub fn change_tour<T>(
        &self,
        f: impl FnOnce(&mut Tournament) -> Result<T, String>,
    ) -> Result<T, String> {
        let mut tour = self
            .tour
            .get_untracked()
            .ok_or_else(|| t("No tournament is open.").to_string())?;
        // Made on the tournament as stored now: what another tab changed meanwhile is kept.
        if let Ok(Some((stored, country))) = storage::load_tournament(&tour.id, now_ms()) {
            tour.t = stored;
            tour.country = country;
        }
        let out = f(&mut tour.t)?;
        storage::save_tournament(&tour.id, &tour.t, &tour.country).map_err(|why| {
            tf(
                "Nothing was changed: the phone could not store it ({}). Free some space on the storage screen, then try again.",
                &[&why],
            )
        })?;
        self.tour.set(Some(tour));
        Ok(out)
    }

    /// The open tournament's file, when `tournament` is its name.
    pub fn tour_file(&self, tournament: &str) -> Option<String> {
        self.tour.with_untracked(|o| {
            o.as_ref()
                .filter(|o| o.t.general.name == tournament)
                .map(|o| write_tournament(&o.t))
        })
    }

    /// Works on round `n` of the open tournament: once paired, its tables go to the round
    /// screen (codes, results, sheet) as the tournament now pairs them.
    pub fn show_tour_round(&self, n: u32) {
        // Results taken while the tournament was not open (a result code opened by the camera
        // app) go in before the round is kept again.
        self.results_into_tour();
        self.tour_round.set(n);
        let Some(round) = self
            .tour
            .with_untracked(|o| o.as_ref().and_then(|o| screen_round(&o.t, n).ok()))
        else {
            self.current.set(None);
            return;
        };
        let key = (round.tournament.clone(), n);
        let preset = self
            .book
            .with_untracked(|b| b.round(&key.0, n).map(|r| r.preset().to_string()))
            .unwrap_or_else(|| self.preset.get_untracked());
        // Kept by its tournament and number only: its tables are drawn from the tournament.
        // What was received for an earlier pairing stays in the round's inbox.
        let kept = self.change(|b| b.keep_drawn(&round, &preset));
        match kept {
            Ok(Ok(_)) => self.current.set(Some(key)),
            Ok(Err(e)) => self.say(true, tf("{} Nothing was changed.", &[&e])),
            Err(why) => self.say(true, why),
        }
    }

    /// Takes the results the book holds into the open tournament, which owns them
    /// (`round_screen::take_from_book`), so that the standings follow every result scanned or
    /// entered. Stored only when a result is new.
    pub fn results_into_tour(&self) {
        let changed = self.tour.with_untracked(|o| {
            o.as_ref().is_some_and(|o| {
                let mut copy = o.t.clone();
                self.book.with_untracked(|b| take_from_book(&mut copy, b))
            })
        });
        if changed {
            let book = self.book.get_untracked();
            if let Err(why) = self.change_tour(|t| Ok(take_from_book(t, &book))) {
                self.say(true, why);
            }
        }
    }

    /// Opens the tournament kept as `id`.
    pub fn open_tour(&self, id: &str) {
        match storage::load_tournament(id, now_ms()) {
            Ok(Some((t, country))) => {
                rules::open_tour_preset(*self, id);
                let n = first_open_round(&t);
                self.tour.set(Some(Tour {
                    id: id.to_string(),
                    t,
                    country,
                }));
                self.show_tour_round(n);
            }
            Ok(None) => self.say(true, t("This tournament is no longer on the phone.")),
            Err(why) => self.say(true, why),
        }
    }
}

/// Where the book draws a round's tables from: the tournament open, else the tournament of that
/// name kept on the phone.
pub fn drawn(open: Option<&Tour>) -> impl Fn(&str, u32) -> Option<Round> + '_ {
    move |name: &str, n: u32| drawn_now(open, name, n)
}

/// Round `n` of the tournament named `name` as the round screen takes it: from the tournament
/// open, else from the one of that name kept on the phone (`None`: no such tournament or round).
pub fn drawn_now(open: Option<&Tour>, name: &str, n: u32) -> Option<Round> {
    if let Some(o) = open.filter(|o| o.t.general.name == name) {
        return screen_round(&o.t, n).ok();
    }
    let id = storage::tournament_names(now_ms())
        .into_iter()
        .find(|(_, kept)| kept == name)
        .map(|(id, _)| id)?;
    let (t, _) = storage::load_tournament(&id, now_ms()).ok()??;
    screen_round(&t, n).ok()
}

/// Keeps the preset chosen for the table codes as the open tournament's rules.
pub fn keep_open_preset(desk: Desk, preset: &str) {
    if let Some(id) = desk
        .tour
        .with_untracked(|o| o.as_ref().map(|o| o.id.clone()))
    {
        rules::keep_tour_preset(desk, &id, preset);
    }
}

/// Takes a player's registration code into the open tournament: `None` when `text` is no
/// registration code, else whether it was refused and what became of it.
pub fn register(desk: Desk, text: &str) -> Option<(bool, String)> {
    let card = match read_card_link(text) {
        Ok(card) => card,
        Err(CardError::Empty | CardError::Foreign) => return None,
        Err(why) => return Some((true, why.to_string())),
    };
    if desk.tour.with_untracked(Option::is_none) {
        return Some((
            true,
            t("Open or make the tournament first, then scan the players' codes.").to_string(),
        ));
    }
    let who = format!(
        "{} ({})",
        crate::core::names::person_name(&card.first_name, &card.name),
        format_rank(card.rank)
    );
    Some(
        match desk.change_tour(|t| t.register(&card).map_err(|e| e.to_string())) {
            Ok(Registered::Added(_)) => (false, tf("{} registered.", &[&who])),
            Ok(Registered::Updated(_)) => (false, tf("{}: registration updated.", &[&who])),
            Ok(Registered::Unchanged(_)) => (false, tf("{} was registered already.", &[&who])),
            Err(why) => (true, tf("{} Nothing was changed.", &[&why])),
        },
    )
}

/// The round to open a tournament on: the first with a game without result, else the first
/// not paired, else the last.
pub fn first_open_round(t: &Tournament) -> u32 {
    let rounds = t.general.number_of_rounds.max(1);
    (1..=rounds)
        .find(|&n| {
            t.games_of(n)
                .any(|g| g.result.outcome == crate::core::tournament::GameOutcome::Unknown)
        })
        .or_else(|| (1..=rounds).find(|&n| t.games_of(n).next().is_none()))
        .unwrap_or(rounds)
}

/// Opens the tournament kept last, when the screen opens.
pub fn open_last(desk: Desk) {
    if let Some(id) = storage::tournament_ids().last() {
        let current = desk.current.get_untracked();
        desk.open_tour(id);
        // The round shown before the reload stays shown when it is the tournament's.
        if let Some((name, n)) = current
            && desk
                .tour
                .with_untracked(|o| o.as_ref().is_some_and(|o| o.t.general.name == name))
        {
            desk.show_tour_round(n);
        }
    }
}

/// Reads the open tournament again after another tab changed it.
pub fn reload_open(desk: Desk) {
    let Some(id) = desk
        .tour
        .with_untracked(|o| o.as_ref().map(|o| o.id.clone()))
    else {
        return;
    };
    if let Ok(Some((t, country))) = storage::load_tournament(&id, now_ms()) {
        desk.tour.set(Some(Tour { id, t, country }));
    }
}

/// Shows the round of the open tournament being worked on once the book holds it: another
/// tab paired it. Reads only; the other tab stored it.
pub fn follow_round(desk: Desk) {
    let Some(name) = desk
        .tour
        .with_untracked(|o| o.as_ref().map(|o| o.t.general.name.clone()))
    else {
        return;
    };
    let n = desk.tour_round.get_untracked();
    if desk
        .current
        .with_untracked(|c| c.as_ref().is_some_and(|(t, r)| *t == name && *r == n))
    {
        return;
    }
    if desk.book.with_untracked(|b| b.round(&name, n).is_some()) {
        desk.current.set(Some((name, n)));
    }
}

/// Takes an OpenGotha file as the tournament on the phone: a tournament of the same name is
/// replaced, another is kept beside the others. A file refused changes nothing.
pub fn take_file(desk: Desk, text: &str) -> Result<(), String> {
    // Read once; then what the round's tables need (one game a table, a komi and time the
    // clock can run) is checked on the tournament read.
    let t = read_tournament(text)
        .and_then(|t| check_rounds(&t).map(|()| t))
        .map_err(|e| tf("{} Nothing was changed.", &[&e]))?;
    let same = storage::tournament_names(now_ms())
        .into_iter()
        .find(|(_, name)| *name == t.general.name)
        .map(|(id, _)| id);
    let id = same.unwrap_or_else(|| now_ms().to_string());
    // Asked when the EGD file is first wanted (offered from the players' most common country).
    let country = String::new();
    storage::save_tournament(&id, &t, &country).map_err(|why| {
        tf(
            "Nothing was changed: the phone could not store it ({}). Free some space on the storage screen, then try again.",
            &[&why],
        )
    })?;
    let name = t.general.name.clone();
    let (players, rounds) = (t.players.len(), t.general.number_of_rounds);
    let n = first_open_round(&t);
    desk.tour.set(Some(Tour { id, t, country }));
    desk.show_tour_round(n);
    desk.say(
        false,
        tf(
            "{}: {} players, {} rounds, kept on this phone.",
            &[&name, &players, &rounds],
        ),
    );
    Ok(())
}

/// The tournament's bar on the round tab: the tournaments kept, a new one, the round to work
/// on and its pairing, the round's code.
#[component]
pub fn TournamentDesk(desk: Desk) -> impl IntoView {
    view! {
        <div class="stack" data-say="tournaments">
            <kept::KeptTournaments desk=desk />
            <Said desk=desk at="tournaments" />
        </div>
        <div class="stack" data-say="pair">
            <pair::RoundChoice desk=desk />
            <Said desk=desk at="pair" />
            <round_codes::RoundCodes desk=desk />
        </div>
    }
}

/// What follows the round's tables on the round tab: the director's hand on the pairing, and
/// the wall.
#[component]
pub fn TournamentRound(desk: Desk) -> impl IntoView {
    let open = move || desk.tour.with(Option::is_some);
    view! {
        <Show when=open>
            <div class="stack" data-say="hand">
                <hand::HandTools desk=desk />
                <Said desk=desk at="hand" />
            </div>
            <a class="button" href="/wall" target="_blank" data-testid="wall-link">
                {t("The wall: pairings and standings for the hall")}
            </a>
            <wall_handover::WallHandover desk=desk />
        </Show>
    }
}

/// The players tab: registration by code, the list, a player added, a list pasted.
#[component]
pub fn PlayersTab(desk: Desk) -> impl IntoView {
    let open = move || desk.tour.with(Option::is_some);
    view! {
        <Show when=open fallback=|| view! { <p class="muted">{t("Open or make a tournament on the round tab first.")}</p> }>
            <div class="stack" data-say="register">
                <register_scan::RegisterScan desk=desk />
                <Said desk=desk at="register" />
            </div>
            <players::Players desk=desk />
        </Show>
    }
}

/// The standings tab.
#[component]
pub fn StandingsTab(desk: Desk) -> impl IntoView {
    let open = move || desk.tour.with(Option::is_some);
    view! {
        <Show when=open fallback=|| view! { <p class="muted">{t("Open or make a tournament on the round tab first.")}</p> }>
            <div class="stack" data-say="standings">
                <standings::Standings desk=desk />
                <Said desk=desk at="standings" />
            </div>
        </Show>
    }
}

/// The tournament's files out, on the files tab.
#[component]
pub fn TournamentFiles(desk: Desk) -> impl IntoView {
    let open = move || desk.tour.with(Option::is_some);
    view! {
        <Show when=open>
            <div class="stack" data-say="tournament-files">
                <out::TournamentOut desk=desk />
                <Said desk=desk at="tournament-files" />
            </div>
        </Show>
    }
}
