//! The referee screen: big and plain, readable from a metre away. The result in words and as
//! SGF `RE`, the count per colour, the rules and time control, both clocks, when the game ended
//! and each player's confirmation. Once settled it is locked; unlocking is a logged referee
//! action.

use leptos::prelude::*;

use crate::app::components::goban::Goban;
use crate::app::components::handover_codes::HandoverCodes;
use crate::app::components::next_round::NextRound;
use crate::app::components::photo::KeptPhoto;
use crate::app::components::result_code::ResultCodeCard;
use crate::app::components::result_referee::ResultReferee;
use crate::app::components::score_table::TallyTable;
use crate::app::pages::count::{count_board_view, use_count_state};
use crate::app::pages::game_id::use_game_id;
use crate::app::state::use_app;
use crate::app::time::{self, now_ms};
use crate::core::Color;
use crate::core::clock::{ClockState, clock_text, overtime_label};
use crate::core::count::{CountState, Phase, format_points};
use crate::core::record::{GameRecord, referee_lines_shown};
use crate::core::text::{again, date, number, t, tf};

/// The final result.
#[component]
pub fn ResultPage() -> impl IntoView {
    let id = use_game_id();
    let state = use_count_state();
    let message = RwSignal::new(None::<String>);
    let re = Memo::new(move |_| state.with(|s| s.as_ref().ok().and_then(|s| s.result())));
    let locked = move || state.with(|s| s.as_ref().is_ok_and(|s| s.phase == Phase::Locked));
    view! {
        <section class="referee-screen stack" aria-label=t("Result")>
            <h1>{t("Result")}</h1>
            <p class="result-big">
                {move || {
                    state
                        .with(|s| s.as_ref().ok().and_then(|s| s.result_words()))
                        .unwrap_or_else(|| t("No result yet").into())
                }}
                <span class="re" data-testid="result">{move || re.get().unwrap_or_default()}</span>
            </p>
            // What the director scans comes first; the whole game's codes stay further down.
            <ResultCodeCard id=id state=state />
            <Totals state=state />
            <KeptPhoto id=id changed=Signal::stored(0) />
            // A count made on the real board has no position on the phone worth showing.
            {move || state.with(|s| s.as_ref().ok().filter(|s| s.numbers.is_none()).map(|s| (s.game.size(), count_board_view(s)))).map(|(size, board)| view! {
                <div class="result-board">
                    <Goban
                        size=size
                        view=Signal::stored(board)
                        painting=Signal::stored(false)
                        show_coords=Signal::stored(true)
                        show_numbers=Signal::stored(false)
                        on_tap=Callback::new(|_| {})
                        on_stroke=Callback::new(|_| {})
                    />
                </div>
            })}
            <GameFacts id=id state=state />
            <p class="banner" role="status">
                {move || if locked() { t("Locked: both players confirmed or the referee locked it.") } else { t("Not locked.") }}
            </p>
            <p class="message" role="status" aria-live="polite">{move || message.get()}</p>
            <NextRound id=id />
            <HandoverCodes id=id />
            <ResultReferee id=id locked=Signal::derive(locked) message=message />
        </section>
    }
}

/// Each colour's total and prisoners, how the count was made, and the table of the count.
#[component]
fn Totals(state: Memo<Result<CountState, String>>) -> impl IntoView {
    // The count is worked out once per change; the prisoners read it in every phase, the
    // totals and the table only once play has stopped.
    let counted = Memo::new(move |_| state.with(|s| s.as_ref().ok().map(|s| (s.phase, s.tally()))));
    let score = Memo::new(move |_| {
        counted.with(|c| {
            c.as_ref()
                .filter(|(phase, _)| {
                    matches!(phase, Phase::Agreement | Phase::Counting | Phase::Locked)
                })
                .map(|(_, tally)| tally.clone())
        })
    });
    let total = move |color: Color| {
        score.with(|s| {
            s.as_ref()
                .map(|s| number(&format_points(s.total(color))))
                .unwrap_or_else(|| "–".into())
        })
    };
    // Unknown when the players filled the prisoners into the territories on the real board.
    let prisoners = move |color: Color| {
        counted.with(|c| {
            c.as_ref()
                .map_or(Some(0), |(_, tally)| tally.prisoners(color))
        })
    };
    let method = move || score.with(|s| s.as_ref().map(|s| s.method()));
    view! {
        <div class="totals">
            {Color::BOTH.into_iter().map(|color| {
                let id = color.name().to_lowercase();
                view! {
                    <div class="total card">
                        <div class="who">{color.shown()}</div>
                        <div class="big" data-testid=format!("score-{id}")>{move || total(color)}</div>
                        {move || prisoners(color).map(|n| view! {
                            <div class="muted">{t("Prisoners")} " "
                                <span data-testid=format!("prisoners-{id}")>{n}</span>
                            </div>
                        })}
                    </div>
                }
            }).collect_view()}
        </div>
        {move || method().map(|m| view! { <p class="count-method" data-testid="count-method">{m}</p> })}
        {move || score.get().map(|s| view! { <TallyTable tally=s /> })}
    }
}

/// What the referee reads beside the result: the rules and time, both clocks, when the game
/// ended, the referee's notes and each player's confirmation.
#[component]
fn GameFacts(id: Memo<String>, state: Memo<Result<CountState, String>>) -> impl IntoView {
    let app = use_app();
    let settings = move || app.with_game(&id.get(), settings_line).unwrap_or_default();
    // Both clocks as of now, following the time while one runs (a game looked at before its
    // end); the page's timer stops when the page is gone (see `time::every`).
    let now = RwSignal::new(now_ms());
    let clock = Memo::new(move |_| {
        let t = now.get();
        app.with_live(&id.get(), |l, _| l.clock_at(t))
            .and_then(Result::ok)
            .flatten()
    });
    time::every(std::time::Duration::from_millis(500), move || {
        match clock.try_with_untracked(|c| c.as_ref().and_then(|c| c.ticking())) {
            Some(running) => {
                if running.is_some() {
                    now.try_set(now_ms());
                }
                true
            }
            None => false,
        }
    });
    let clocks = move || clock.with(|c| c.as_ref().map(clocks_line));
    let ended = move || {
        state.with(|s| {
            s.as_ref()
                .ok()
                .and_then(|s| s.stopped_at_ms)
                .map(ended_line)
        })
    };
    let confirmations =
        move || state.with(|s| s.as_ref().map(confirmations_line).unwrap_or_default());
    // What the referee signs beside the result: why it was decided, the warnings, a protest.
    let referee_notes = Memo::new(move |_| {
        let mut lines: Vec<String> = state
            .with(|s| {
                s.as_ref()
                    .ok()
                    .and_then(|s| s.decided.as_ref())
                    .map(|(_, why)| tf("Decided by the referee: {}", &[&again(why)]))
            })
            .into_iter()
            .collect();
        lines.extend(
            app.with_live(&id.get(), |_, record| referee_lines_shown(record.events()))
                .and_then(Result::ok)
                .unwrap_or_default(),
        );
        lines
    });
    view! {
        <p class="muted">{settings}</p>
        {move || clocks().map(|c| view! { <p class="muted">{t("Clocks:")} " " {c}</p> })}
        {move || ended().map(|e| view! { <p class="muted">{e}</p> })}
        <ul class="referee-notes" data-testid="referee-notes">
            {move || referee_notes.get().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
        </ul>
        <p>{confirmations}</p>
    }
}

/// The rules, board, komi, handicap and time of a game, on one line.
fn settings_line(r: &GameRecord) -> String {
    let s = &r.settings;
    tf(
        "{} · {}×{} · komi {} · handicap {} · {}",
        &[
            &s.preset.name(),
            &s.size,
            &s.size,
            &number(&format_points(s.komi)),
            &s.handicap.stones,
            &s.time_control_sgf
                .as_deref()
                .unwrap_or_else(|| t("sudden death")),
        ],
    )
}

/// Both clocks, each with its overtime.
fn clocks_line(c: &ClockState) -> String {
    Color::BOTH
        .map(|color| {
            format!(
                "{} {} ({})",
                color.shown(),
                clock_text(c, color),
                overtime_label(&c.control, c.side(color))
            )
        })
        .join(" · ")
}

/// When the game ended (`ms` on the page's clock), in the phone's time zone.
fn ended_line(ms: i64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64));
    let month = u8::try_from(d.get_month() + 1).unwrap_or(0);
    let day = u8::try_from(d.get_date()).unwrap_or(0);
    tf(
        "Ended {} on {}",
        &[
            &format!("{:02}:{:02}", d.get_hours(), d.get_minutes()),
            &date(d.get_full_year(), month, day),
        ],
    )
}

/// Whether each player confirmed the result.
fn confirmations_line(s: &CountState) -> String {
    Color::BOTH
        .map(|c| {
            if s.has_confirmed(c) {
                tf("{} confirmed ✓", &[&c.shown()])
            } else {
                tf("{} has not confirmed", &[&c.shown()])
            }
        })
        .join(" · ")
}
