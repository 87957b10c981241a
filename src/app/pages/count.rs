//! The counting wizard: the end of the game as the preset's rules define it. It shows where the
//! end stands (paused for agreement, ended, locked), the marks on dead stones and seki with
//! suggestions the players accept or not, each player's confirmation, a dispute or a found
//! point that sends play back to the clock, prisoners from the lids, komi, and the count.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use crate::app::components::count_numbers::{CountByNumbersForm, NumbersDraft};
use crate::app::components::goban::{BoardView, Goban};
use crate::app::components::photo::{self, KeptPhoto, PhotoReader};
use crate::app::components::score_table::TallyTable;
use crate::app::components::uncountable::UncountablePanel;
use crate::app::pages::game_id::use_game_id;
use crate::app::state::{report, use_app};
use crate::app::time::now_ms;
use crate::core::Color;
use crate::core::count::{CountCommand, CountState, Phase};
use crate::core::form_values;
use crate::core::live::Refusal;
use crate::core::rules::Jigo;
use crate::core::text::{t, tf};

/// The end-of-game state of the current game, as the live game has it now.
pub fn use_count_state() -> Memo<Result<CountState, String>> {
    let app = use_app();
    let id = use_game_id();
    Memo::new(
        move |_| match app.with_live(&id.get(), |l, _| l.count_at(now_ms())) {
            Some(Ok(st)) => Ok(st),
            Some(Err(e)) => Err(e.to_string()),
            None => Err(Refusal::NotStored.to_string()),
        },
    )
}

/// The position being counted: stones, dead marks, territory as it stands.
pub fn count_board_view(s: &CountState) -> BoardView {
    let board = s.game.board();
    BoardView {
        stones: (0..board.area())
            .map(|i| board.get(board.point(i)))
            .collect(),
        dead: s.marks.dead.iter().copied().collect(),
        territory: if matches!(s.phase, Phase::Playing | Phase::Finished) {
            Vec::new()
        } else {
            s.territory()
        },
        ..BoardView::default()
    }
}

/// The wizard.
#[component]
pub fn CountPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let state = use_count_state();
    let message = RwSignal::new(None::<String>);
    let navigate = use_navigate();
    let run = move |command: CountCommand| report(message, app.run(&id.get_untracked(), command));
    // For the forms, which show a refusal beside their fields: the page's message is cleared
    // when the command is done, and its outcome (the totals) and the next step come into view.
    let run_in_form = Callback::new(move |c: CountCommand| {
        let outcome = app.run(&id.get_untracked(), c);
        if outcome.is_ok() {
            message.set(None);
            reveal_answer();
        }
        outcome.map_err(|e| e.to_string())
    });
    // What is typed in the count by numbers goes with a player's confirmation.
    let draft =
        NumbersDraft::new(state.with_untracked(|s| s.as_ref().ok().and_then(|s| s.numbers)));
    let phase = Memo::new(move |_| state.with(|s| s.as_ref().map(|s| s.phase).ok()));
    let size = Memo::new(move |_| state.with(|s| s.as_ref().map(|s| s.game.size()).ok()));
    let board_view =
        Memo::new(move |_| state.with(|s| s.as_ref().map(count_board_view).unwrap_or_default()));
    // The count is made on the phone's board: no numbers entered, and the board holds the
    // final position.
    let board_count = Memo::new(move |_| {
        state.with(|s| {
            s.as_ref()
                .is_ok_and(|s| s.numbers.is_none() && s.board_holds_position().is_ok())
        })
    });
    // A tap toggles the whole group: dead, or in seki when that is the chosen mark.
    let seki_mode = RwSignal::new(false);
    let on_tap = Callback::new(move |point| {
        if seki_mode.get_untracked() {
            run(CountCommand::ToggleSeki { point });
        } else {
            run(CountCommand::ToggleDead { point });
        }
    });
    let go_clock = Callback::new(move |()| {
        navigate(
            &format!("/game/{}/clock", id.get_untracked()),
            Default::default(),
        )
    });
    // A step taken with a button (a confirmation, a suggestion accepted): what it changed and
    // the next step come into view. A tap on the board or a stepper keeps its place under the
    // finger.
    let run_cb = Callback::new(move |c| {
        let done = run(c);
        if done {
            reveal_answer();
        }
        done
    });
    // A photo's reading on screen: its board is the one shown.
    let photo_open = RwSignal::new(false);
    // Counted up when a photo is kept, for the referee's view of it.
    let photo_kept = RwSignal::new(0u32);
    let use_photo = Callback::new(move |taken: photo::Taken| {
        let done = t("The position read is on the board: mark the dead stones, then confirm.");
        message.set(Some(photo::take(app, &id.get_untracked(), &taken, done)?));
        photo_kept.update(|n| *n += 1);
        Ok(())
    });

    view! {
        <section class="count stack" aria-label=t("Count")>
            <h1>{t("Count")}</h1>
            {move || state.with(|s| s.as_ref().err().cloned()).map(|e| view! {
                <p class="banner error" role="alert">{e}</p>
            })}
            <KeptPhoto id=id changed=Signal::from(photo_kept) />
            <ul class="notes">
                {move || state.with(|s| {
                    s.as_ref().map(|s| s.notes()).unwrap_or_default()
                }).into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
            </ul>
            <Show when=move || matches!(phase.get(), Some(Phase::Agreement | Phase::Counting))>
                {move || size.get().filter(|s| matches!(s, 9 | 13 | 19)).map(|size| view! {
                    <PhotoReader size=size open=photo_open on_use=use_photo />
                })}
                <CountByNumbersForm state=state draft=draft run=run_in_form />
                <Show when=move || !board_count.get() && state.with(|s| s.as_ref().is_ok_and(|s| s.numbers.is_none()))>
                    <a class="button" href=move || format!("/game/{}/board", id.get())>{t("Copy the position on the board screen")}</a>
                </Show>
            </Show>
            <Show when=move || phase.get() == Some(Phase::Playing)>
                <p>{t("The game is in play. The count starts when the passes end play.")}</p>
                {move || state.with(|s| s.as_ref().ok().and_then(|s| s.game.passes_to_end())).map(|p| view! {
                    <p class="passes-line" data-testid="passes-line">{p.words()}</p>
                })}
                <a class="button" href=move || format!("/game/{}/clock", id.get())>{t("Back to the clock")}</a>
            </Show>
            // The phone's board is shown for the count only when it holds the final position.
            {move || size.get().filter(|_| board_count.get() && !photo_open.get()).map(|size| view! {
                <Goban
                    size=size
                    view=Signal::from(board_view)
                    painting=Signal::stored(false)
                    show_coords=Signal::stored(true)
                    show_numbers=Signal::stored(false)
                    on_tap=on_tap
                    on_stroke=Callback::new(|_| {})
                />
            })}
            <Show when=move || board_count.get() && matches!(phase.get(), Some(Phase::Agreement | Phase::Counting))>
                <div class="row" role="radiogroup" aria-label=t("What a tap on a group marks")>
                    <button role="radio" aria-checked=move || (!seki_mode.get()).to_string()
                        on:click=move |_| seki_mode.set(false)>{t("Tap marks dead")}</button>
                    <button role="radio" aria-checked=move || seki_mode.get().to_string()
                        on:click=move |_| seki_mode.set(true)>{t("Tap marks seki")}</button>
                </div>
                <p class="muted">{move || state.with(|s| s.as_ref().map(|s| {
                    let seki = s.marks.seki.len();
                    if seki == 0 { String::new() } else { tf("{} stones marked as in seki.", &[&seki]) }
                }).unwrap_or_default())}</p>
            </Show>
            <p class="message" role="status" aria-live="polite" data-testid="count-message">
                {move || message.get()}
            </p>
            <Show when=move || board_count.get()>
                <Suggestions state=state run=run_cb />
            </Show>
            <CountAnswer state=state draft=draft run=run_cb to_clock=go_clock board_count=board_count />
            <Show when=move || board_count.get()>
                <PrisonerSteppers run=Callback::new(move |c| { run(c); }) state=state />
            </Show>
            <KomiChange run=run_in_form />
        </section>
    }
}

/// Brings the count's answer into view once the step just taken is on the screen: the
/// totals, and under them the next step (the confirmations, the result).
fn reveal_answer() {
    request_animation_frame(|| {
        if let Some(answer) = document().query_selector(".count-answer").ok().flatten() {
            answer.scroll_into_view_with_bool(false);
        }
    });
}

/// What the count comes to and the next step: the totals, then the players' confirmations
/// (with a dispute or a found point beside them), or the way to the result once settled.
#[component]
fn CountAnswer(
    state: Memo<Result<CountState, String>>,
    draft: NumbersDraft,
    run: Callback<CountCommand, bool>,
    to_clock: Callback<()>,
    board_count: Memo<bool>,
) -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let phase = Memo::new(move |_| state.with(|s| s.as_ref().map(|s| s.phase).ok()));
    view! {
        <div class="count-answer stack">
            {move || state.with(|s| s.as_ref().ok().filter(|s| s.numbers.is_some() || board_count.get()).map(|s| s.tally())).map(|tally| view! {
                <TallyTable tally=tally />
            })}
            {move || match phase.get() {
                Some(Phase::Agreement) => view! {
                    <div class="row"><ConfirmButtons state=state draft=draft run=run /></div>
                    <div class="row"><ResumeButtons run=run to_clock=to_clock
                        command=|by| CountCommand::Dispute { by }
                        label=|by| tf("{} disputes: play on", &[&by.shown()]) /></div>
                }.into_any(),
                Some(Phase::Counting) => view! {
                    <div class="row"><ConfirmButtons state=state draft=draft run=run /></div>
                    {state
                        .with(|s| s.as_ref().is_ok_and(|s| s.natural_ending()))
                        .then(|| view! {
                            <div class="row"><ResumeButtons run=run to_clock=to_clock
                                command=|by| CountCommand::FindsPoint { by }
                                label=|by| tf("{} finds a point", &[&by.shown()]) /></div>
                            <UncountablePanel
                                clock=Signal::derive(move || {
                                    app.with_live(&id.get(), |l, _| l.clock_at(now_ms()))
                                        .and_then(Result::ok)
                                        .flatten()
                                })
                                jigo_allowed=Signal::derive(move || {
                                    state.with(|s| s.as_ref().is_ok_and(|s| s.game.rules().jigo != Jigo::NotAllowed))
                                })
                                run=run
                                to_clock=to_clock
                            />
                        })}
                }.into_any(),
                Some(Phase::Locked) | Some(Phase::Finished) => view! {
                    <p class="banner" role="status">{t("The count is settled.")}</p>
                    <a class="button primary" href=format!("/game/{}/result", id.get())>{t("Show the result")}</a>
                }.into_any(),
                Some(Phase::Playing) | None => ().into_any(),
            }}
        </div>
    }
}

/// Prisoners counted from the lids after a game played on a real board.
#[component]
fn PrisonerSteppers(
    run: Callback<CountCommand>,
    state: Memo<Result<CountState, String>>,
) -> impl IntoView {
    let current = move || state.with(|s| s.as_ref().map(|s| s.captures()).unwrap_or([0, 0]));
    let step = move |color: Color, delta: i64| {
        let mut v = current();
        let i = color.index();
        v[i] = (i64::from(v[i]) + delta).clamp(0, 999) as u32;
        run.run(CountCommand::EnterPrisoners {
            black: v[0],
            white: v[1],
        });
    };
    view! {
        <details class="card">
            <summary>{t("Prisoners from the lids")}</summary>
            <p class="muted">{t("For a game played on a real board: the stones each player captured.")}</p>
            {Color::BOTH.into_iter().map(|color| view! {
                <div class="row stepper">
                    <span class="grow">{tf("{} captured", &[&color.shown()])}</span>
                    <button aria-label=tf("One fewer captured by {}", &[&color.shown()])
                        on:click=move |_| step(color, -1)>"−"</button>
                    <span class="value" data-testid=format!("lid-{}", color.name().to_lowercase())>
                        {move || current()[color.index()]}
                    </span>
                    <button aria-label=tf("One more captured by {}", &[&color.shown()])
                        on:click=move |_| step(color, 1)>"+"</button>
                </div>
            }).collect_view()}
        </details>
    }
}

/// A komi change, logged with its reason. A komi that is not a number, or not a whole or half
/// point, is refused beside the field and changes nothing.
#[component]
fn KomiChange(run: Callback<CountCommand, Result<(), String>>) -> impl IntoView {
    let komi = RwSignal::new(String::new());
    let reason = RwSignal::new(t("Agreed before the game").to_string());
    let error = RwSignal::new(None::<String>);
    let set = move |_| {
        let outcome = form_values::komi(&komi.get_untracked()).and_then(|k| {
            run.run(CountCommand::SetKomi {
                komi: k,
                reason: reason.get_untracked(),
            })
        });
        error.set(
            outcome
                .err()
                .map(|e| tf("The komi was not changed. {}", &[&e])),
        );
    };
    view! {
        <details class="card">
            <summary>{t("Change the komi")}</summary>
            <div class="stack">
                <label>{t("Komi")}
                    <input name="komi" inputmode="decimal" bind:value=komi
                        aria-invalid=move || error.with(Option::is_some).to_string() />
                </label>
                <label>{t("Reason (logged)")}
                    <input name="komi-reason" bind:value=reason />
                </label>
                {move || error.get().map(|e| view! {
                    <p class="field-error" role="alert" data-testid="komi-error">{e}</p>
                })}
                <button on:click=set>{t("Set komi")}</button>
            </div>
        </details>
    }
}

/// Each player's confirmation of the marks and the count; a count typed by numbers goes with it.
#[component]
fn ConfirmButtons(
    state: Memo<Result<CountState, String>>,
    draft: NumbersDraft,
    run: Callback<CountCommand, bool>,
) -> impl IntoView {
    Color::BOTH
        .into_iter()
        .map(|color| {
            let done = move || state.with(|s| s.as_ref().is_ok_and(|s| s.has_confirmed(color)));
            view! {
                <button
                    class="primary"
                    disabled=done
                    on:click=move |_| {
                        let command = state.with_untracked(|s| {
                            s.as_ref().ok().and_then(|s| draft.confirmation(s, color))
                        });
                        if let Some(command) = command {
                            run.run(command);
                        }
                    }
                >
                    {move || {
                        if done() {
                            tf("{} has confirmed ✓", &[&color.shown()])
                        } else {
                            tf("{} confirms", &[&color.shown()])
                        }
                    }}
                </button>
            }
        })
        .collect_view()
}

/// One button per player that resumes play on the clock (a dispute, a found point).
#[component]
fn ResumeButtons(
    command: fn(Color) -> CountCommand,
    label: fn(Color) -> String,
    run: Callback<CountCommand, bool>,
    to_clock: Callback<()>,
) -> impl IntoView {
    Color::BOTH
        .into_iter()
        .map(|by| {
            view! {
                <button on:click=move |_| {
                    if run.run(command(by)) {
                        to_clock.run(());
                    }
                }>{label(by)}</button>
            }
        })
        .collect_view()
}

/// Groups the phone suggests marking dead or in seki; nothing is marked until accepted.
#[component]
fn Suggestions(
    state: Memo<Result<CountState, String>>,
    run: Callback<CountCommand, bool>,
) -> impl IntoView {
    let list = move || {
        state.with(|s| {
            let Ok(s) = s else {
                return Vec::new();
            };
            if !matches!(s.phase, Phase::Agreement | Phase::Counting) || s.all_stones_alive() {
                return Vec::new();
            }
            let mut out: Vec<(Vec<crate::core::Point>, String, bool)> = s
                .suggested_dead()
                .into_iter()
                .filter(|(g, _)| g.iter().any(|p| !s.marks.dead.contains(p)))
                .map(|(g, why)| (g, why, true))
                .collect();
            out.extend(
                s.suggested_seki()
                    .into_iter()
                    .filter(|(g, _)| g.iter().any(|p| !s.marks.seki.contains(p)))
                    .map(|(g, why)| (g, why, false)),
            );
            out
        })
    };
    move || {
        let list = list();
        (!list.is_empty()).then(|| {
            view! {
                <div class="card stack">
                    <h2>{t("Suggestions")}</h2>
                    <p class="muted">{t("Nothing is marked until you accept it.")}</p>
                    {list.into_iter().map(|(points, why, dead)| {
                        let label = if dead { t("Mark dead") } else { t("Mark seki") };
                        let first = points.first().map(|p| p.to_sgf()).unwrap_or_default();
                        view! {
                            <div class="row">
                                <span class="grow">{why}</span>
                                <button data-point=first on:click=move |_| {
                                    let command = if dead {
                                        CountCommand::MarkDead { points: points.clone() }
                                    } else {
                                        CountCommand::MarkSeki { points: points.clone() }
                                    };
                                    run.run(command);
                                }>{label}</button>
                            </div>
                        }
                    }).collect_view()}
                </div>
            }
        })
    }
}
