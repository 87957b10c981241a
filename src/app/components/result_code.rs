//! The result screen's result code: one small QR code with what the director's round needs of a
//! finished tournament game (round, table, the players' keys and names, the result, the totals,
//! who stands behind it), large enough for the director's phone to read from arm's length. A
//! tournament game not started from a director's table code has no table or keys to match, so
//! it gets a note instead: the director enters its result by hand. A friendly game (no event,
//! no round) shows nothing.

use leptos::prelude::*;

use crate::app::state::use_app;
use crate::app::time::now_ms;
use crate::core::Color;
use crate::core::count::{CountState, Decision, Phase};
use crate::core::link::qr::{self, QUIET};
use crate::core::record::{Event, GameSettings, TimedEvent};
use crate::core::round::code::{self, CodePlayer, Confirmation, ResultCode, Verdict};
use crate::core::text::{t, tf};

/// Where the app is served, as links to it begin.
fn origin() -> String {
    web_sys::window()
        .and_then(|w| w.location().origin().ok())
        .unwrap_or_default()
}

/// What a finished game tells the director, from its settings, its end, its record and, for a
/// loss on time, when the first flag fell (epoch ms). `None` while the game has no result, or
/// when it was not started from a director's table code (`settings.pairing`): the director's
/// round finds a code's table by its number and the players' keys, which such a game lacks.
/// The error says why the result cannot go in a code.
pub fn result_code_of(
    settings: &GameSettings,
    count: &CountState,
    events: &[TimedEvent],
    flag_ms: Option<i64>,
) -> Option<Result<ResultCode, String>> {
    let re = count.result()?;
    let pairing = settings.pairing.as_ref()?;
    let verdict = match Verdict::of_game(&re, last_decision(events)) {
        Ok(verdict) => verdict,
        Err(why) => return Some(Err(why.to_string())),
    };
    let mut code = ResultCode::new(
        settings.event.as_deref().unwrap_or(""),
        round_number(settings.round.as_deref()),
        pairing.table,
        CodePlayer::new(&pairing.black_key, &settings.black),
        CodePlayer::new(&pairing.white_key, &settings.white),
        verdict,
    );
    // Counted: the phase is locked only when the count, not a decision, time or resignation,
    // gave the result.
    if count.phase == Phase::Locked {
        let tally = count.tally();
        code.totals = Some(Color::BOTH.map(|c| tally.total(c)));
    }
    code.confirmed = confirmation(count);
    code.settings_changed = settings.settings_changed;
    let last = events.last().map_or(0, |e| e.at_ms);
    let on_time = count.decided.is_none() && count.clock_result.is_some();
    let finished_ms = match flag_ms {
        Some(flag) if on_time => last.max(flag),
        _ => last,
    };
    code.finished_s = u32::try_from(finished_ms.div_euclid(1000)).unwrap_or(0);
    Some(Ok(code))
}

/// A game of a tournament: it names its event or its round. Such a game started without a
/// table code gets a note that the director enters its result by hand; a friendly game, nothing.
fn tournament_game(settings: &GameSettings) -> bool {
    let named = |t: &Option<String>| t.as_deref().is_some_and(|t| !t.trim().is_empty());
    named(&settings.event) || named(&settings.round)
}

/// The round as a number, `0` when the game has none or it is not a number (a round typed as
/// text): the director's round then has no such round and says so.
fn round_number(round: Option<&str>) -> u32 {
    round.and_then(|r| r.trim().parse().ok()).unwrap_or(0)
}

/// The referee's last decision in the record, which tells a `Void` of both players losing from
/// a game to replay.
fn last_decision(events: &[TimedEvent]) -> Option<Decision> {
    events.iter().rev().find_map(|e| match &e.event {
        Event::ResultDecided { decision, .. } => Some(*decision),
        _ => None,
    })?
}

/// Who stands behind the result: the referee's decision, both players' confirmations of the
/// count, the referee's lock of it, or nobody (a resignation, a loss on time).
fn confirmation(count: &CountState) -> Confirmation {
    if count.decided.is_some() {
        Confirmation::RefereeDecision
    } else if count.confirmed == [true, true] {
        Confirmation::BothPlayers
    } else if count.locked_by_referee {
        Confirmation::RefereeLock
    } else {
        Confirmation::Unconfirmed
    }
}

/// The lines under the code: round and table, the players, the result, who stands behind it.
fn caption(code: &ResultCode, words: Option<String>) -> Vec<String> {
    let mut place = Vec::new();
    if code.round > 0 {
        place.push(tf("Round {}", &[&code.round]));
    }
    place.push(tf("Table {}", &[&code.table]));
    let result = match words {
        Some(w) if w != code.result.re => format!("{w} · {}", code.result.re),
        _ => code.result.re.clone(),
    };
    let mut confirmed = code.confirmed.words().to_string();
    if let Some(first) = confirmed.get(..1) {
        confirmed = format!(
            "{}{}",
            first.to_uppercase(),
            confirmed.get(1..).unwrap_or("")
        );
    }
    let mut lines = vec![
        place.join(" · "),
        tf(
            "{} (Black) – {} (White)",
            &[&code.black.name, &code.white.name],
        ),
        result,
        confirmed,
    ];
    if code.settings_changed {
        lines.push(t("The players changed the director's settings").to_string());
    }
    lines
}

/// What the card shows.
#[derive(Clone, Debug, PartialEq)]
enum Shown {
    /// The game was started without a table code.
    ByHand,
    /// The code, or why it cannot be drawn, with the lines under it.
    Code {
        drawn: Result<qr::Code, String>,
        caption: Vec<String>,
    },
    /// The result cannot go in a code.
    Refused(String),
}

/// The result code of game `id`, whose end is `state`; nothing while it has no result.
#[component]
pub fn ResultCodeCard(
    #[prop(into)] id: Signal<String>,
    state: Memo<Result<CountState, String>>,
) -> impl IntoView {
    let app = use_app();
    let shown = Memo::new(move |_| {
        let id = id.get();
        state.with(|s| {
            let count = s.as_ref().ok()?;
            count.result()?;
            app.with_live(&id, |l, record| {
                let settings = &record.settings;
                if settings.pairing.is_none() {
                    return tournament_game(settings).then_some(Shown::ByHand);
                }
                let flag = l
                    .clock_at(now_ms())
                    .and_then(|c| c.first_flag())
                    .map(|(_, at)| at);
                Some(
                    match result_code_of(settings, count, record.events(), flag)? {
                        Ok(code) => {
                            let link = code::result_link(&origin(), &code);
                            Shown::Code {
                                drawn: code::result_qr(&link)
                                    .map(|code| qr::draw(&code))
                                    .map_err(|e| e.to_string()),
                                caption: caption(&code, count.result_words()),
                            }
                        }
                        Err(why) => Shown::Refused(why),
                    },
                )
            })
            .and_then(Result::ok)
            .flatten()
        })
    });

    move || {
        shown.get().map(|shown| {
            let body = match shown {
                Shown::ByHand => view! {
                    <p data-testid="result-code-note">
                        {t("Started without a table code: the director enters this result by hand.")}
                    </p>
                }
                .into_any(),
                Shown::Refused(why) => view! {
                    <p class="message" role="alert">{tf("No result code: {}", &[&why])}</p>
                }
                .into_any(),
                Shown::Code { drawn, caption } => {
                    let code = match drawn {
                        Ok(d) => {
                            let side = d.size + 2 * QUIET;
                            view! {
                                <div class="qr-frame">
                                    <svg
                                        class="qr"
                                        data-testid="result-code"
                                        data-version=d.version
                                        data-level=d.level.to_string()
                                        viewBox=format!("0 0 {side} {side}")
                                        role="img"
                                        aria-label=t("QR code of the result for the director")
                                        shape-rendering="crispEdges"
                                    >
                                        <rect width=side height=side fill="#fff" />
                                        <path d=d.path fill="#000" />
                                    </svg>
                                </div>
                            }
                            .into_any()
                        }
                        Err(why) => view! {
                            <p class="message" role="alert">{tf("No result code: {}", &[&why])}</p>
                        }
                        .into_any(),
                    };
                    view! {
                        {code}
                        <div class="result-code-text" data-testid="result-code-text">
                            {caption.into_iter().map(|line| view! { <p>{line}</p> }).collect_view()}
                        </div>
                    }
                    .into_any()
                }
            };
            view! {
                <section class="card result-code stack" aria-label=t("Result code for the director")>
                    <h2>{t("Result code for the director")}</h2>
                    {body}
                </section>
            }
        })
    }
}
