//! The tables of the round shown: how many results are in and which are missing, each table
//! with its players, its code and where its result stands (waiting, in, two different results,
//! entered by the director), and the director's entry or correction with who and when.

use leptos::prelude::*;

use super::{Desk, round_title};
use crate::app::components::qr_code::QrCode;
use crate::core::count::format_points;
use crate::core::round::book::{Received, ResultEntry, Source, TableState};
use crate::core::round::code::{self, Verdict};
use crate::core::round::{Outcome, RoundTable, TimeSettings};
use crate::core::text::{number, t, tf};
use crate::core::tournament::pairing::checks::{GameCheck, check_games};

/// Where the app is served, for the links of the codes.
pub(crate) fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// The round's time as a director says it: `10:00 sudden death`, `45:00 + 5 × 0:30 byo-yomi`.
pub(crate) fn time_words(time: &TimeSettings) -> String {
    let get = |name: &str| {
        time.fields
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| v.as_str())
    };
    let clock = |name: &str| {
        get(name)
            .and_then(|v| v.parse::<u32>().ok())
            .map(crate::core::form_values::duration_text)
            .unwrap_or_default()
    };
    match get("time") {
        Some("sudden") => tf("{} sudden death", &[&clock("main")]),
        Some("fischer") => tf("{} + {} a move (Fischer)", &[&clock("main"), &clock("inc")]),
        Some("byoyomi") => tf(
            "{} + {} × {} byo-yomi",
            &[
                &clock("main"),
                &get("periods").unwrap_or("1"),
                &clock("period"),
            ],
        ),
        Some("canadian") => tf(
            "{} + {} stones in {} (Canadian)",
            &[
                &clock("main"),
                &get("stones").unwrap_or("?"),
                &clock("period"),
            ],
        ),
        _ => t("the rules' usual time").to_string(),
    }
}

/// A table's line: number, Black, White, handicap and komi.
pub(crate) fn table_line(t: &RoundTable) -> String {
    let mut line = tf(
        "{} · {} (B) – {} (W)",
        &[&t.number, &t.black.shown_name(), &t.white.shown_name()],
    );
    if t.handicap > 0 {
        line.push_str(&format!(" · H{}", t.handicap));
    }
    line.push_str(" · ");
    line.push_str(&tf("komi {}", &[&number(&format_points(t.komi))]));
    line
}

/// The phone's local time of `at_ms`, as `14:05`.
fn when(at_ms: i64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(at_ms as f64));
    format!("{:02}:{:02}", d.get_hours(), d.get_minutes())
}

/// How a received result came in, for the director.
fn received_line(r: &Received) -> String {
    let at = when(r.at_ms);
    let how = match &r.source {
        Source::Scanned => tf("scanned at {}", &[&at]),
        Source::Link => tf("opened as a link at {}", &[&at]),
        Source::Director { who } => tf("entered by {} at {}", &[&who, &at]),
    };
    match &r.entry {
        ResultEntry::Code(c) => {
            let totals = c
                .totals
                .map(|[b, w]| {
                    let (b, w) = (number(&format_points(b)), number(&format_points(w)));
                    format!(", {}", tf("{} to {}", &[&b, &w]))
                })
                .unwrap_or_default();
            let changed = if c.settings_changed {
                format!(", {}", t("settings changed by the players"))
            } else {
                String::new()
            };
            format!(
                "{}{totals}, {}{changed} — {how}",
                c.result.re,
                c.confirmed.words()
            )
        }
        ResultEntry::Director(v) => format!("{} — {how}", v.re),
    }
}

/// The result the open tournament already holds for `table` of the round shown (a file's
/// result, or one taken before), as SGF `RE`.
fn known_result(desk: Desk, table: u32) -> Option<String> {
    let (name, n) = desk.current.get()?;
    desk.tour.with(|o| {
        let o = o.as_ref().filter(|o| o.t.general.name == name)?;
        let g = o.t.games_of(n).find(|g| g.table == table)?;
        let d = crate::core::tournament::round_screen::decided_of(g.result)?;
        Some(Verdict::from_decided(d).re)
    })
}

/// The checks of every game of the round shown (met before, one club, forbidden), made once
/// for all its rows.
#[derive(Clone, Copy)]
struct RoundChecks(Memo<Vec<GameCheck>>);

/// What the tournament knows of a table's pair: met before, one club, forbidden.
fn marks(checks: Option<RoundChecks>, table: u32) -> Vec<String> {
    let Some(RoundChecks(checks)) = checks else {
        return Vec::new();
    };
    checks.with(|checks| {
        let Some(c) = checks.iter().find(|c| c.table == table) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if !c.met_before.is_empty() {
            let rounds = c
                .met_before
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ");
            out.push(tf("met before (round {})", &[&rounds]));
        }
        if c.same_club {
            out.push(t("same club").to_string());
        }
        if c.forbidden {
            out.push(t("forbidden pair").to_string());
        }
        out
    })
}

/// The summary of the round: the count in, the tables missing, the conflicts.
#[component]
pub fn RoundHeader(desk: Desk) -> impl IntoView {
    view! {
        {move || desk.with_round(|r| {
            // A table waiting whose result the tournament holds counts as in.
            let known: Vec<u32> = r
                .missing()
                .into_iter()
                .filter(|&table| known_result(desk, table).is_some())
                .collect();
            let (n, of) = r.in_count();
            let n = n + known.len();
            let mut missing = r.missing();
            missing.retain(|table| !known.contains(table));
            let conflicts = r.conflicts();
            view! {
                <h2>{round_title(r.round())}</h2>
                <p class="muted">{format!("{}×{}, {}", r.round().size, r.round().size, time_words(&r.round().time))}</p>
                <p class="round-count"><strong data-testid="round-in">{tf("{} of {}", &[&n, &of])}</strong>{format!(" {}", t("results in"))}</p>
                {(!missing.is_empty()).then(|| view! {
                    <p data-testid="round-missing">{
                        let list = missing.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                        if missing.len() == 1 {
                            tf("Missing: table {}", &[&list])
                        } else {
                            tf("Missing: tables {}", &[&list])
                        }
                    }</p>
                })}
                {(!conflicts.is_empty()).then(|| view! {
                    <p class="banner error" role="alert" data-testid="round-conflicts">{
                        let list = conflicts.iter().map(u32::to_string).collect::<Vec<_>>().join(", ");
                        if conflicts.len() == 1 {
                            tf("Two different results: table {}. Check with the players and enter the result.", &[&list])
                        } else {
                            tf("Two different results: tables {}. Check with the players and enter the result.", &[&list])
                        }
                    }</p>
                })}
            }
        })}
    }
}

/// The results a director enters by hand, each with its words in the language in use.
fn choices() -> [(&'static str, Outcome, bool); 8] {
    [
        (t("Black wins"), Outcome::Black, false),
        (t("White wins"), Outcome::White, false),
        (t("Jigo"), Outcome::Jigo, false),
        (t("Both lose"), Outcome::BothLose, false),
        (t("Both win"), Outcome::BothWin, false),
        (t("Black wins, not played (forfeit)"), Outcome::Black, true),
        (t("White wins, not played (forfeit)"), Outcome::White, true),
        (t("Both lose, not played"), Outcome::BothLose, true),
    ]
}

/// Every table of the round. A row stays as it is (open or closed, with what is typed in it)
/// when another table's result comes in: only what changed is drawn again.
#[component]
pub fn TableList(desk: Desk) -> impl IntoView {
    // The director's name, for entries: asked once a visit.
    let who = RwSignal::new(String::new());
    let checks = Memo::new(move |_| {
        let Some((name, n)) = desk.current.get() else {
            return Vec::new();
        };
        desk.tour.with(|o| {
            o.as_ref()
                .filter(|o| o.t.general.name == name)
                .map(|o| check_games(&o.t, n))
                .unwrap_or_default()
        })
    });
    provide_context(RoundChecks(checks));
    let rows = move || {
        let origin = origin();
        desk.with_round(|r| {
            r.round()
                .tables
                .iter()
                .map(|t| {
                    let link = code::table_link(&origin, r.round(), t, r.preset());
                    (t.clone(), link)
                })
                .collect::<Vec<_>>()
        })
        .unwrap_or_default()
    };
    view! {
        <ul class="round-tables">
            <For
                each=rows
                key=|(table, link)| (table.number, link.clone())
                children=move |(table, link)| view! { <TableRow desk=desk table=table link=link who=who /> }
            />
        </ul>
    }
}

/// What a row shows of its table's results.
fn shown(state: &TableState) -> String {
    match state {
        TableState::Waiting => t("waiting").to_string(),
        TableState::In(r) => r.verdict().re.clone(),
        TableState::Conflict(list) => list
            .iter()
            .map(|r| r.verdict().re.clone())
            .collect::<Vec<_>>()
            .join(&format!(" {} ", t("or"))),
        TableState::Entered { result, who, .. } => tf("{} (entered by {})", &[&result.re, &who]),
    }
}

#[component]
fn TableRow(desk: Desk, table: RoundTable, link: String, who: RwSignal<String>) -> impl IntoView {
    let number = table.number;
    let state = Memo::new(move |_| {
        desk.with_round(|r| r.state(number))
            .flatten()
            .unwrap_or(TableState::Waiting)
    });
    let received = Memo::new(move |_| {
        desk.with_round(|r| r.received(number).to_vec())
            .unwrap_or_default()
    });
    let choice = RwSignal::new(0usize);
    let enter = move |_| {
        let Some((_, outcome, by_default)) = choices().get(choice.get_untracked()).copied() else {
            return;
        };
        super::quick::enter(
            desk,
            number,
            outcome,
            by_default,
            &who.get_untracked(),
            true,
        );
    };
    let link_signal = Signal::stored(link);
    let quick = table.clone();
    let known = Memo::new(move |_| known_result(desk, number));
    let waiting = move || state.with(|s| matches!(s, TableState::Waiting));
    let name = move || {
        if waiting() && known.with(Option::is_some) {
            "in"
        } else {
            state.with(TableState::name)
        }
    };
    let result_text = move || match known.get() {
        Some(re) if waiting() => re,
        _ => state.with(shown),
    };
    let checks = use_context::<RoundChecks>();
    let marks = Memo::new(move |_| marks(checks, number));
    // The code and the entry are built when the row is first opened: a round of many tables
    // shows its rows at once, and a code costs its drawing only when it is looked at.
    let opened = RwSignal::new(false);
    view! {
        <li data-testid="round-table" data-table=number.to_string() data-state=name
            data-white=table.white.key.clone() data-black=table.black.key.clone()
            data-handicap=table.handicap.to_string() data-say=format!("table-{number}")
            class=move || format!("round-table {}", name())>
            <details on:toggle=move |_| opened.set(true)>
                <summary>
                    <span class="table-line">{table_line(&table)}</span>
                    <strong class="table-result">{result_text}</strong>
                    {move || marks.with(|m| (!m.is_empty()).then(|| view! {
                        <span class="table-marks" data-testid="table-marks">{m.join(" · ")}</span>
                    }))}
                </summary>
                <Show when=move || opened.get()>
                <div class="stack">
                    <div class="table-code" data-testid="table-qr" data-table=number.to_string()>
                        <QrCode link=link_signal testid="table-qr-code" label=t("QR code that starts this table's game") />
                    </div>
                    <p class="muted">{t("The players scan this code to start their game with these settings.")}</p>
                    {move || received.with(|list| (!list.is_empty()).then(|| view! {
                        <ol class="received">
                            {list.iter().map(|r| view! { <li>{received_line(r)}</li> }).collect_view()}
                        </ol>
                    }))}
                    <fieldset class="stack">
                        <legend>{t("Enter or correct the result")}</legend>
                        <label>{t("Result")}
                            <select name="entry-result" on:change=move |ev| {
                                choice.set(event_target_value(&ev).parse().unwrap_or(0));
                            }>
                                {choices().into_iter().enumerate().map(|(i, (label, ..))| view! {
                                    <option value=i.to_string()>{label}</option>
                                }).collect_view()}
                            </select>
                        </label>
                        <label>{t("Your name (kept with the entry)")}
                            <input name="entry-who" autocomplete="name" bind:value=who />
                        </label>
                        <button on:click=enter>{t("Enter the result")}</button>
                    </fieldset>
                </div>
                </Show>
            </details>
            <Show when=move || waiting() && known.with(Option::is_none)>
                <super::quick::QuickResult desk=desk table=quick.clone() who=who />
            </Show>
            <super::desk_tabs::Said desk=desk at=format!("table-{number}") />
        </li>
    }
}
