//! SGF in and out: paste or pick a file to import a game, or see, copy, download or share the
//! SGF of a stored game. A failed import says what is wrong and where, and touches nothing. A
//! file with several games says how many it holds and lets the player import one or all.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};
use wasm_bindgen::prelude::Closure;

use crate::app::device;
use crate::app::state::use_app;
use crate::app::time::now_ms;
use crate::core::history::{Date, GameSummary};
use crate::core::record::GameRecord;
use crate::core::text::{t, tf};
use crate::core::{browse, sgf};

/// One game of a file with several: its line in the list, and the record (or why it cannot be
/// read).
#[derive(Clone)]
struct Choice {
    label: String,
    record: Result<GameRecord, String>,
}

impl Choice {
    fn of(number: usize, game: Result<GameRecord, sgf::SgfError>) -> Choice {
        match game {
            Ok(record) => Choice {
                label: tf("Game {}: {}", &[&number, &describe(&record)]),
                record: Ok(record),
            },
            Err(e) => Choice {
                label: tf("Game {} cannot be imported: {}", &[&number, &e]),
                record: Err(e.to_string()),
            },
        }
    }
}

/// The players, board, date, length and result of a game, for the list of a file's games.
fn describe(r: &GameRecord) -> String {
    let s = &r.settings;
    let name = |n: &str, rank: &Option<String>| {
        let n = if n.trim().is_empty() { "?" } else { n.trim() };
        match rank {
            Some(rank) if !rank.trim().is_empty() => format!("{n} ({})", rank.trim()),
            _ => n.to_string(),
        }
    };
    let mut parts = vec![
        tf(
            "{} (Black) v {} (White)",
            &[
                &name(&s.black, &s.black_rank),
                &name(&s.white, &s.white_rank),
            ],
        ),
        format!("{0}x{0}", s.size),
    ];
    if !s.created.trim().is_empty() {
        parts.push(Date::shown_from(&s.created));
    }
    parts.push(match browse::move_count(r) {
        1 => t("1 move").to_string(),
        n => tf("{} moves", &[&n]),
    });
    // The result as the game list gives it (a resignation is an event, not `RE`).
    if let Some(re) = GameSummary::of("", 0, r, 0).result {
        parts.push(re);
    }
    parts.join(", ")
}

/// What importing a text comes to.
enum Imported {
    /// Not read: why, in the player's words.
    Refused(String),
    /// One game, to open.
    One(Box<GameRecord>),
    /// Several: what to say, and the list to choose from.
    Several(String, Vec<Choice>),
}

impl Imported {
    /// What importing `source` comes to; nothing is stored yet.
    fn of(source: &str) -> Imported {
        let refused = |e: &dyn std::fmt::Display| {
            Imported::Refused(tf(
                "This SGF could not be imported: {}. Nothing was changed.",
                &[e],
            ))
        };
        match sgf::import_all(source) {
            Err(e) => refused(&e),
            Ok(mut games) if games.len() == 1 => match games.remove(0) {
                Ok(record) => Imported::One(Box::new(record)),
                Err(e) => refused(&e),
            },
            Ok(games) => {
                let total = games.len();
                let list: Vec<Choice> = games
                    .into_iter()
                    .enumerate()
                    .map(|(k, g)| Choice::of(k + 1, g))
                    .collect();
                let broken = list.iter().filter(|c| c.record.is_err()).count();
                let mut said = tf(
                    "This file holds {} games. Choose the one to import, or import them all.",
                    &[&total],
                );
                if broken > 0 {
                    said.push(' ');
                    said.push_str(&tf(
                        "{} of them cannot be imported (see why below).",
                        &[&broken],
                    ));
                }
                Imported::Several(said, list)
            }
        }
    }
}

/// The screen's state: the text, what was said of the last action (`true` when it went well)
/// and the games of a file with several, while the player chooses.
#[derive(Clone, Copy)]
struct SgfScreen {
    text: RwSignal<String>,
    message: RwSignal<Option<(bool, String)>>,
    choices: RwSignal<Vec<Choice>>,
}

impl SgfScreen {
    fn say(&self, ok: bool, text: impl Into<String>) {
        self.message.set(Some((ok, text.into())));
    }

    /// Imports the text: one game is stored and opened with `open`, several are listed.
    fn import(&self, open: impl Fn(GameRecord)) {
        self.choices.set(Vec::new());
        match Imported::of(&self.text.get_untracked()) {
            Imported::Refused(why) => self.say(false, why),
            Imported::One(record) => open(*record),
            Imported::Several(said, list) => {
                self.say(true, said);
                self.choices.set(list);
            }
        }
    }

    /// The game `k` of the list, if it can be imported; the list goes.
    fn take_one(&self, k: usize) -> Option<GameRecord> {
        let record = self
            .choices
            .with_untracked(|c| c.get(k).and_then(|c| c.record.clone().ok()))?;
        self.choices.set(Vec::new());
        Some(record)
    }

    /// Every game of the list that can be imported, the file's first last; the list goes.
    fn take_all(&self) -> Vec<GameRecord> {
        let records: Vec<GameRecord> = self
            .choices
            .with_untracked(|c| c.iter().filter_map(|c| c.record.clone().ok()).collect());
        self.choices.set(Vec::new());
        records.into_iter().rev().collect()
    }

    /// Reads the file chosen in `ev` into the text.
    fn read_file(self, ev: &leptos::ev::Event) {
        let Some((_, file)) = device::chosen_file(ev) else {
            return;
        };
        if file.size() > sgf::MAX_SGF_BYTES as f64 {
            self.say(
                false,
                t("This file is larger than 2 MB; a game record is far smaller. Nothing was changed."),
            );
            return;
        }
        let on_text = Closure::once(move |value: wasm_bindgen::JsValue| {
            self.text.set(value.as_string().unwrap_or_default());
            self.say(true, t("File read: check it and press Import."));
        });
        let on_error = Closure::once(move |_: wasm_bindgen::JsValue| {
            self.say(false, t("The file could not be read."));
        });
        let _ = file.text().then2(&on_text, &on_error);
        on_text.forget();
        on_error.forget();
    }
}

/// The import and export screen.
#[component]
pub fn SgfPage() -> impl IntoView {
    let app = use_app();
    let query = use_query_map();
    let game_id = query.with_untracked(|q| q.get("game"));
    let exported = game_id
        .as_deref()
        .and_then(|id| app.with_game(id, |r| sgf::export_at(r, now_ms())));
    let is_export = exported.is_some();
    // What the stored record did against the rules, played as the file had it.
    let notes: Vec<String> = game_id
        .as_deref()
        .and_then(|id| {
            app.with_game(id, |r| {
                let game = r.replay().ok()?;
                let size = game.size();
                Some(game.as_written().iter().map(|n| n.describe(size)).collect())
            })
        })
        .flatten()
        .unwrap_or_default();
    let screen = SgfScreen {
        text: RwSignal::new(exported.clone().unwrap_or_default()),
        message: RwSignal::new(None),
        choices: RwSignal::new(Vec::new()),
    };
    let navigate = use_navigate();
    let open = {
        let navigate = navigate.clone();
        move |record: GameRecord| {
            let id = app.create(record);
            navigate(&format!("/game/{id}/board"), Default::default());
        }
    };
    let import = {
        let open = open.clone();
        move |_| screen.import(&open)
    };
    let import_one = Callback::new(move |k: usize| {
        if let Some(record) = screen.take_one(k) {
            open(record);
        }
    });
    let import_every = Callback::new(move |()| {
        for record in screen.take_all() {
            app.create(record);
        }
        navigate("/", Default::default());
    });
    let file_name = game_id
        .as_deref()
        .and_then(|id| app.with_game(id, file_name_of))
        .unwrap_or_else(|| "game.sgf".into());

    view! {
        <main>
            <h1>{if is_export { t("Game record (SGF)") } else { t("Import a game (SGF)") }}</h1>
            <a class="button" href=game_id.as_ref().map(|id| format!("/game/{id}/board")).unwrap_or_else(|| "/".into())>
                {t("◀ Back")}
            </a>
            <div class="stack">
                <label>
                    "SGF"
                    <textarea
                        data-testid="sgf-text"
                        rows="10"
                        spellcheck="false"
                        bind:value=screen.text
                    ></textarea>
                </label>
                {move || screen.message.get().map(|(ok, m)| view! {
                    <p class=if ok { "banner" } else { "banner error" } role="alert" data-testid="sgf-message">{m}</p>
                })}
                <ChoiceList choices=screen.choices import_one import_every />
                <div class="row">
                    <button class="primary" on:click=import>{t("Import")}</button>
                    <label class="button">
                        {t("Open a file")}
                        <input type="file" class="visually-hidden" accept=".sgf,application/x-go-sgf,text/plain"
                            on:change=move |ev| screen.read_file(&ev) />
                    </label>
                </div>
                {(!notes.is_empty()).then(|| view! {
                    <div class="banner" data-testid="sgf-notes">
                        <p>{t("Played as the record has it, against the rules of play:")}</p>
                        <ul class="record-notes">
                            {notes.into_iter().map(|n| view! { <li>{n}</li> }.into_any()).collect_view()}
                        </ul>
                    </div>
                })}
                {exported.is_some().then(|| view! { <ExportButtons screen file_name /> })}
            </div>
        </main>
    }
}

/// The games of a file with several, each with its Import button, and "Import all".
#[component]
fn ChoiceList(
    choices: RwSignal<Vec<Choice>>,
    import_one: Callback<usize>,
    import_every: Callback<()>,
) -> impl IntoView {
    move || {
        let list = choices.get();
        (!list.is_empty()).then(|| {
            let readable = list.iter().filter(|c| c.record.is_ok()).count();
            view! {
                <ol class="stack sgf-games" data-testid="sgf-games">
                    {list
                        .into_iter()
                        .enumerate()
                        .map(|(k, c)| {
                            let ok = c.record.is_ok();
                            view! {
                                <li class:error=!ok>
                                    <span>{c.label}</span>
                                    {ok.then(|| view! {
                                        <button on:click=move |_| import_one.run(k)>
                                            {tf("Import game {}", &[&(k + 1)])}
                                        </button>
                                    })}
                                </li>
                            }
                        })
                        .collect_view()}
                </ol>
                {(readable > 1).then(|| view! {
                    <button class="primary" on:click=move |_| import_every.run(())>
                        {tf("Import all {} games", &[&readable])}
                    </button>
                })}
            }
        })
    }
}

/// Download, copy and share the exported text, saved as `file_name`.
#[component]
fn ExportButtons(screen: SgfScreen, file_name: String) -> impl IntoView {
    let download = move |_| {
        let text = screen.text.get_untracked();
        if let Err(e) = device::download(&file_name, &text, "application/x-go-sgf") {
            screen.say(false, e);
        }
    };
    let copy = move |_| {
        if device::copy_text(&screen.text.get_untracked()) {
            screen.say(true, t("Copied."));
        } else {
            screen.say(
                false,
                t("This browser gives no clipboard here: select the text and copy it, or download \
                   it."),
            );
        }
    };
    let share = move |_| {
        if !device::share_text(t("Go game record"), &screen.text.get_untracked()) {
            screen.say(
                false,
                t("Sharing is not available here: download or copy instead."),
            );
        }
    };
    view! {
        <div class="row">
            <button on:click=download>{t("Download")}</button>
            <button on:click=copy>{t("Copy")}</button>
            <button on:click=share>{t("Share")}</button>
        </div>
    }
}

/// The name a game's SGF is saved under: its date and players.
fn file_name_of(r: &GameRecord) -> String {
    format!(
        "{}-{}-{}.sgf",
        r.settings.created,
        safe(&r.settings.black),
        safe(&r.settings.white)
    )
}

fn safe(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '_' })
        .take(30)
        .collect();
    if s.is_empty() { "player".into() } else { s }
}
