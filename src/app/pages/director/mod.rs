//! The director's round (`/round`): a round's pairings in from the pairing program's file (or a
//! table list typed in), a code per table that starts its game, the result codes of finished
//! games read by the app's own scanner, each table's state, and the results back out in the
//! pairing program's own format. Everything stays on the phone, offline.
//!
//! - `desk_tabs`: the tabs (round, players, standings, files), what waits on top, messages;
//! - `load`: the pairing file and the typed table list;
//! - `tables`: the tables of the round, their codes and results, the director's entries;
//! - `quick`: a result by the director's hand in one tap on the winner's name;
//! - `sheet`: the table codes as a printable sheet;
//! - `results`: the results out (OpenGotha XML, CSV, a list for the wall);
//! - `tournament`: the whole tournament kept on the phone: its players, the pairing of each
//!   round as OpenGotha pairs it, the director's hand on it, the standings, its files out;
//! - `tournament_piece`: the tournament's screens as a piece of their own, drawn into slots.
//!
//! The hall's screens that read the round (a result or registration code opened by the camera
//! app, the wall) are in `pages::hall`.

mod desk_tabs;
mod load;
mod quick;
mod results;
mod sheet;
mod tables;
pub(crate) mod tournament;
mod tournament_piece;

use leptos::prelude::*;

use crate::app::components::scanner::{ScanPanel, Scanned};
use crate::app::device;
use crate::app::storage;
use crate::app::time::now_ms;
use crate::core::round::Round;
use crate::core::round::book::{Book, Entry, RoundView, Source, Taken};
use crate::core::round::code::{self, Print};
use crate::core::text::{t, tf};
use desk_tabs::{Said, Tab};
use tournament_piece::{Part, TournamentSlot};

/// The rounds on the phone, as the screen works on them.
#[derive(Clone, Copy)]
pub(crate) struct Desk {
    /// Every round kept, with its results.
    pub book: RwSignal<Book>,
    /// The round shown: its tournament and number.
    pub current: RwSignal<Option<(String, u32)>>,
    /// What the last action did, or why it was refused (`true` for a refusal).
    pub message: RwSignal<Option<(bool, String)>>,
    /// Where the message shows: the `data-say` of the part of the screen it was asked from.
    pub message_at: RwSignal<String>,
    /// The `data-say` of the part of the screen the director last touched.
    pub touched: StoredValue<String>,
    /// The pairing file loaded on this visit (its tournament's name, its text), for the
    /// OpenGotha export when the phone could not keep it.
    pub file: RwSignal<Option<(String, String)>>,
    /// The tournament open on the phone, if any.
    pub tour: RwSignal<Option<tournament::Tour>>,
    /// The round of the open tournament being worked on.
    pub tour_round: RwSignal<u32>,
    /// The rules preset of the table codes.
    pub preset: RwSignal<String>,
    /// Whether the page is being printed: the sheet of table codes is drawn only then.
    pub printing: RwSignal<bool>,
    /// The round the director chose for the standings, with the round worked on and the
    /// standings' own round when chosen: the choice holds while both stay as they were.
    pub standings_pick: RwSignal<Option<(u32, Option<u32>, u32)>>,
    /// The round shown drawn from its tournament, once per change: a screen asks for it table
    /// by table.
    pub drawn: Memo<Option<Round>>,
}

impl Desk {
    /// Carries out a change of the book: stored first, shown once stored. A change the browser
    /// refuses to store is not made. The change is made on the book as stored now, so a result
    /// another tab or window took meanwhile is kept.
    pub fn change<T>(&self, f: impl FnOnce(&mut Book) -> T) -> Result<T, String> {
        let mut book = storage::stored_book().unwrap_or_else(|| self.book.get_untracked());
        let out = f(&mut book);
        storage::save_book(&book).map_err(|why| {
            tf(
                "Nothing was changed: the phone could not store it ({}). Free some space on the storage screen, then try again.",
                &[&why],
            )
        })?;
        self.book.set(book);
        self.results_into_tour();
        Ok(out)
    }

    /// The rounds as stored, nothing shown and no tournament open: for a code the camera app
    /// opens on a screen of its own.
    pub fn as_stored() -> Desk {
        let (book, problem) = storage::load_book(now_ms());
        let book = RwSignal::new(book);
        let current = RwSignal::new(None::<(String, u32)>);
        let tour = RwSignal::new(None::<tournament::Tour>);
        // The tables of the round shown, when it draws them from its tournament.
        let drawn = Memo::new(move |_| {
            let (name, number) = current.get()?;
            let draws = book.with(|b| b.round(&name, number).map(|r| r.drawn()))?;
            draws
                .then(|| tour.with(|open| tournament::drawn_now(open.as_ref(), &name, number)))
                .flatten()
        });
        Desk {
            book,
            current,
            message: RwSignal::new(problem.map(|p| (true, p))),
            message_at: RwSignal::new(String::new()),
            touched: StoredValue::new(String::new()),
            file: RwSignal::new(None),
            tour,
            tour_round: RwSignal::new(1),
            preset: RwSignal::new(String::new()),
            printing: RwSignal::new(false),
            standings_pick: RwSignal::new(None),
            drawn,
        }
    }

    /// The round shown, if it is kept, with its tables: its own, or drawn from its tournament.
    pub fn with_round<T>(&self, f: impl FnOnce(&RoundView) -> T) -> Option<T> {
        let (tournament, number) = self.current.get()?;
        self.drawn.with(|drawn| {
            self.book.with(|b| {
                b.round(&tournament, number)?
                    .view_with(drawn.as_ref())
                    .map(|v| f(&v))
            })
        })
    }

    /// A round's tables as they are now: drawn from its tournament (the open one, else the one
    /// of that name kept on the phone).
    fn draw_now(&self) -> impl Fn(&str, u32) -> Option<Round> + '_ {
        move |name: &str, n: u32| {
            self.tour
                .with_untracked(|open| tournament::drawn_now(open.as_ref(), name, n))
        }
    }

    /// The director's entry of a table's result into the round `round` of `tournament`.
    pub fn enter(&self, tournament: &str, round: u32, entry: Entry) -> Result<(), String> {
        let draw = self.draw_now();
        self.change(|b| b.enter_drawn(tournament, round, entry, &draw))?
            .map(|_| ())
            .map_err(|e| tf("{} Nothing was changed.", &[&e]))
    }

    /// The pairing file of `tournament`: as kept on the phone, else as loaded on this visit.
    pub fn pairing_file(&self, tournament: &str) -> Option<String> {
        self.tour_file(tournament)
            .or_else(|| storage::load_round_file(tournament))
            .or_else(|| {
                self.file.with_untracked(|f| {
                    f.as_ref()
                        .filter(|(t, _)| t == tournament)
                        .map(|(_, text)| text.clone())
                })
            })
    }

    /// Says what an action did, next to where the director asked for it.
    pub fn say(&self, refused: bool, text: impl Into<String>) {
        self.message_at.set(self.touched.get_value());
        self.message.set(Some((refused, text.into())));
    }

    /// Takes a result code read by the scanner or opened as a link, and shows its round.
    pub fn take(&self, text: &str, source: Source) -> Result<Taken, String> {
        let result = code::read_result_link(text).map_err(|e| e.to_string())?;
        let (print, number) = (result.tournament_print, result.round);
        let kept = self.book.with_untracked(|b| {
            b.rounds()
                .iter()
                .find(|r| Print::of(r.tournament().trim()) == print && r.number() == number)
                .map(|r| (r.tournament().to_string(), r.number()))
        });
        let draw = self.draw_now();
        let taken = self.change(|b| b.take_drawn(result, now_ms(), source, &draw))?;
        if !matches!(taken, Taken::Refused(_)) {
            let shown = kept;
            if shown.is_some() {
                self.current.set(shown);
            }
        }
        Ok(taken)
    }
}

/// What a round is called on screen.
pub(crate) fn round_title(round: &Round) -> String {
    let name = round.tournament.trim();
    if name.is_empty() {
        tf("Round {}", &[&round.number])
    } else {
        tf("{} · Round {}", &[&name, &round.number])
    }
}

/// The screen.
#[component]
pub fn RoundPage() -> impl IntoView {
    // The last round kept is shown, under the director's default rules until it names its own.
    let desk = Desk::as_stored();
    let last = desk.book.with_untracked(|b| {
        b.rounds()
            .last()
            .map(|r| (r.tournament().to_string(), r.number()))
    });
    desk.current.set(last);
    desk.preset
        .set(crate::core::Preset::DutchLightning.id().to_string());
    if let Some(p) = desk.with_round(|r| r.preset().to_string()) {
        desk.preset.set(p);
    }
    tournament::open_last(desk);
    // Another tab or window of the app that takes a result: shown here too.
    let listener = window_event_listener(leptos::ev::storage, move |e: web_sys::StorageEvent| {
        if e.key().is_some_and(|k| storage::is_book_key(&k))
            && let Some(book) = storage::stored_book()
        {
            desk.book.try_set(book);
        }
        if e.key().is_some_and(|k| storage::is_tournament_key(&k)) {
            tournament::reload_open(desk);
        }
        tournament::follow_round(desk);
    });
    on_cleanup(move || listener.remove());
    let scanning = RwSignal::new(false);
    let scan_log = RwSignal::new(Vec::<(bool, String)>::new());
    let on_code = Callback::new(move |scanned: Scanned| {
        let text = scanned.text;
        let line = if let Some(registered) = tournament::register(desk, &text) {
            registered
        } else {
            match desk.take(&text, Source::Scanned) {
                Ok(taken) => {
                    let counted = desk
                        .with_round(|r| {
                            let (n, of) = r.in_count();
                            format!(" {}", tf("{} of {} in.", &[&n, &of]))
                        })
                        .unwrap_or_default();
                    (
                        matches!(taken, Taken::Refused(_) | Taken::Conflict { .. }),
                        format!("{taken}{counted}"),
                    )
                }
                Err(why) if text.contains("/new?") => (
                    true,
                    tf(
                        "This is a table code, which starts a game. Scan the result code on the result screen of a finished game. ({})",
                        &[&why],
                    ),
                ),
                Err(why) => (true, why),
            }
        };
        scan_log.update(|log| {
            log.insert(0, line);
            log.truncate(6);
        });
        // Said on the page, above the tables, rather than under the camera's picture.
        None
    });
    let on_close = Callback::new(move |()| scanning.set(false));
    desk_tabs::follow_touches(desk);
    let query = leptos_router::hooks::use_query_map();
    let tab = Memo::new(move |_| query.with(|q| Tab::named(q.get_str("tab"))));
    let away = move |x: Tab| move || tab.get() != x;
    // The camera is the round tab's: it closes when the director goes to another tab.
    Effect::new(move |_| {
        if tab.get() != Tab::Round {
            scanning.set(false);
        }
    });
    let has_round = move || desk.with_round(|_| ()).is_some();

    view! {
        <main class="round-desk stack">
            <h1>{t("Director's round")}</h1>
            <desk_tabs::DeskTabs tab=tab />
            <desk_tabs::WaitingLine desk=desk tab=tab />
            <Said desk=desk />
            <div class="stack" hidden=away(Tab::Round)>
                <RoundTab desk=desk scanning=scanning scan_log=scan_log on_code=on_code on_close=on_close />
            </div>
            <div class="stack" hidden=away(Tab::Players)>
                <TournamentSlot part=Part::Players desk=desk />
            </div>
            <div class="stack" hidden=away(Tab::Standings)>
                <TournamentSlot part=Part::Standings desk=desk />
            </div>
            <div class="stack" hidden=away(Tab::Files)>
                <Show when=has_round>
                    <div class="stack" data-say="files">
                        <results::ResultsOut desk=desk />
                        <Said desk=desk at="files" />
                    </div>
                </Show>
                <TournamentSlot part=Part::Files desk=desk />
            </div>
            <Show when=has_round>
                <sheet::PrintSheet desk=desk />
            </Show>
        </main>
    }
}

/// The round tab: the file, the tournament and its round, the round's tables and codes.
#[component]
fn RoundTab(
    desk: Desk,
    scanning: RwSignal<bool>,
    scan_log: RwSignal<Vec<(bool, String)>>,
    on_code: Callback<Scanned, Option<String>>,
    on_close: Callback<()>,
) -> impl IntoView {
    let toggle_scan = move |_| {
        device::ready_sound();
        scan_log.set(Vec::new());
        scanning.update(|s| *s = !*s);
    };
    let has_round = move || desk.with_round(|_| ()).is_some();
    view! {
        <p class="muted">
            {t("Make the tournament here, or load the pairing program's file; hand each table its code, then take the results of the finished games and send them back.")}
        </p>
        <TournamentSlot part=Part::Desk desk=desk />
        // Once a tournament is open its round comes first; another file or paper tables are
        // below it, not between the director and the tables.
        <div class="stack" class:later=move || desk.tour.with(Option::is_some) data-say="load">
            <load::LoadPanel desk=desk />
            <Said desk=desk at="load" />
        </div>
        <load::KeptRounds desk=desk />
        <Show when=has_round>
            <section class="stack" aria-label=t("The round") data-say="round">
                <tables::RoundHeader desk=desk />
                <div class="row">
                    <button class="primary" data-testid="scan" aria-expanded=move || scanning.get().to_string() on:click=toggle_scan>
                        {t("Scan")}
                    </button>
                    <sheet::PrintButton desk=desk />
                </div>
                <Show when=move || scanning.get()>
                    <ScanPanel on_code on_close />
                </Show>
                <ul class="scan-log" role="status" aria-live="polite" data-testid="scan-log">
                    {move || scan_log.get().into_iter().map(|(refused, line)| view! {
                        <li class:refused=refused>{line}</li>
                    }).collect_view()}
                </ul>
                <Said desk=desk at="round" />
                <tables::TableList desk=desk />
                <load::ForgetRound desk=desk />
            </section>
        </Show>
        <TournamentSlot part=Part::Round desk=desk />
    }
}
