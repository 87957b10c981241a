//! The clock view: two large halves that switch on touch-down, Pass for the player to move,
//! pauses with the rules' reasons, the flag, the referee's corrections. Everything shown is
//! derived from the record's timestamps and the time now; nothing counts ticks.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::app::components::clock_face::{ClockFace, FaceView};
use crate::app::components::clock_settings::ClockSettings;
use crate::app::components::referee_panel::RefereePanel;
use crate::app::device;
use crate::app::pages::game::use_game_id;
use crate::app::state::{report, use_app};
use crate::app::storage;
use crate::app::time::{self, now_ms};
use crate::core::Color;
use crate::core::clock::PauseReason;
use crate::core::table::{self, Command};

/// The clock of the current game.
#[component]
pub fn ClockPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let now = RwSignal::new(now_ms());
    let message = RwSignal::new(None::<String>);
    let swapped = RwSignal::new(storage::load_swapped(&id.get_untracked()));
    let choosing_reason = RwSignal::new(false);

    // The clock as it stands now, derived from the live game (which follows each command
    // without a replay) and the time; nothing counts ticks.
    let clock_now = Memo::new(move |_| {
        let t = now.get();
        app.with_live(&id.get(), |l| l.clock_at(t))
            .and_then(Result::ok)
            .flatten()
    });
    let ticking = Memo::new(move |_| clock_now.with(|c| c.as_ref().and_then(|c| c.ticking())));

    // An accidental press can be undone for a few seconds, whether or not a clock runs.
    let can_undo = Memo::new(move |_| {
        let t = now.get();
        app.with_live(&id.get(), |l| table::press_undoable(l.record().events(), t))
            .and_then(Result::ok)
            .unwrap_or(false)
    });

    // The display follows the time while a clock runs or a press can still be undone; the
    // times come from timestamps.
    // Each browser callback below first checks that the page still exists (see
    // `time::every`).
    time::every(Duration::from_millis(50), move || {
        match ticking.try_with_untracked(Option::is_some) {
            Some(running) => {
                if running || can_undo.try_get_untracked() == Some(true) {
                    now.try_set(now_ms());
                }
                true
            }
            None => false,
        }
    });
    on_cleanup(|| device::keep_awake(false));

    Effect::new(move |_| device::keep_awake(ticking.get().is_some()));
    let visibility = window_event_listener(ev::visibilitychange, move |_| {
        let Some(ticking) = ticking.try_get_untracked() else {
            return;
        };
        now.try_set(now_ms());
        device::keep_awake(ticking.is_some());
    });
    on_cleanup(move || visibility.remove());

    let run = move |at: i64, command: Command| {
        let outcome = app.dispatch(&id.get_untracked(), at, &command.into());
        now.set(now_ms().max(at));
        report(message, outcome)
    };

    let starter = Memo::new(move |_| {
        app.with_live(&id.get(), |l| table::starter(l.game()))
            .and_then(Result::ok)
            .unwrap_or(Color::White)
    });
    let prefs = RwSignal::new(storage::load_prefs());
    Effect::new(move |_| storage::save_prefs(prefs.get()));
    let press = move |color: Color, at: i64| {
        if run(at, Command::Press { by: color }) && prefs.get_untracked().vibrate {
            device::buzz();
        }
    };
    // The last ten seconds of the running side, counted out loud or with beeps; a low beep when
    // a minute of main time is left.
    let countdown = Memo::new(move |_| {
        clock_now.with(|c| {
            let clock = c.as_ref()?;
            let color = clock.ticking()?;
            let side = clock.side(color);
            let ms = side.shown_ms();
            if ms <= 10_000 {
                Some((color, (ms + 999) / 1000, side.in_overtime))
            } else if !side.in_overtime && ms <= 60_000 {
                Some((color, 60, false))
            } else {
                None
            }
        })
    });
    Effect::new(move |_| {
        let Some((_, secs, overtime)) = countdown.get() else {
            return;
        };
        let p = prefs.get_untracked();
        if p.sound && secs > 0 {
            device::beep(secs <= 5);
        }
        if p.voice && overtime && secs <= 10 && secs > 0 {
            device::speak(&secs.to_string());
        }
    });
    let on_press = move |color: Color| {
        Callback::new(move |ev: web_sys::PointerEvent| {
            ev.prevent_default();
            press(color, device::event_epoch_ms(&ev));
        })
    };
    let on_pass = move |color: Color| {
        Callback::new(move |()| {
            run(now_ms(), Command::Pass { by: color });
        })
    };

    // The space bar presses for the side whose clock runs (or starts the clock).
    let keys = window_event_listener(ev::keydown, move |ev| {
        if ev.code() != "Space" || ev.repeat() || clock_now.try_with_untracked(|_| ()).is_none() {
            return;
        }
        let target_is_field = ev
            .target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            .is_some_and(|el| {
                matches!(
                    el.tag_name().as_str(),
                    "INPUT" | "TEXTAREA" | "SELECT" | "BUTTON"
                )
            });
        if target_is_field {
            return;
        }
        ev.prevent_default();
        let who = clock_now.with_untracked(|c| {
            let c = c.as_ref()?;
            if c.started {
                c.running
            } else {
                Some(starter.get_untracked())
            }
        });
        if let Some(color) = who {
            press(color, device::event_epoch_ms(&ev));
        }
    });
    on_cleanup(move || keys.remove());

    let face = move |color: Color| {
        Memo::new(move |_| {
            let starter = starter.get();
            clock_now.with(|clock| {
                app.with_live(&id.get(), |l| {
                    FaceView::of(l.game(), clock.as_ref(), color, starter)
                })
                .and_then(Result::ok)
                .unwrap_or_else(FaceView::of_missing)
            })
        })
    };
    let black = face(Color::Black);
    let white = face(Color::White);
    let name = move |color: Color| {
        Signal::from(Memo::new(move |_| {
            app.with_game(&id.get(), |r| match color {
                Color::Black => r.settings.black.clone(),
                Color::White => r.settings.white.clone(),
            })
            .unwrap_or_default()
        }))
    };

    let paused = Memo::new(move |_| clock_now.with(|c| c.as_ref().and_then(|c| c.paused.clone())));
    let started = Memo::new(move |_| clock_now.with(|c| c.as_ref().is_some_and(|c| c.started)));
    let playing = Memo::new(move |_| {
        app.with_live(&id.get(), |l| {
            l.game().status() == crate::core::Status::Playing
        })
        .and_then(Result::ok)
        .unwrap_or(false)
    });
    let stopped_for_count = Memo::new(move |_| {
        matches!(
            paused.get(),
            Some(PauseReason::StatusAssessment | PauseReason::Counting)
        ) && !playing.get()
    });
    let claim = Memo::new(move |_| {
        clock_now.with(|c| {
            let c = c.as_ref()?;
            if c.claimed_by.is_some() || c.stopped {
                return None;
            }
            Color::BOTH
                .into_iter()
                .find(|by| table::claim_possible(c, *by))
        })
    });
    let result = Memo::new(move |_| {
        let t = now.get();
        app.with_live(&id.get(), |l| l.table_at(t).result())
            .and_then(Result::ok)
            .flatten()
    });

    let top_color = move || {
        if swapped.get() {
            Color::Black
        } else {
            Color::White
        }
    };
    let count_href = move || format!("/game/{}/count", id.get());
    // How many times the live game replayed its whole log since it was loaded (an undone
    // press); the benchmark reads it.
    let replays = move || {
        app.with_live(&id.get(), |l| l.replays())
            .and_then(Result::ok)
            .unwrap_or(0)
            .to_string()
    };

    view! {
        <section class="clock" aria-label="Clock" data-replays=replays>
            {move || {
                let top = top_color();
                let bottom = !top;
                let face_of = |c: Color| if c == Color::Black { black } else { white };
                view! {
                    <ClockFace
                        color=top
                        name=name(top)
                        view=face_of(top)
                        top=true
                        on_press=on_press(top)
                        on_pass=on_pass(top)
                    />
                    <ClockFace
                        color=bottom
                        name=name(bottom)
                        view=face_of(bottom)
                        top=false
                        on_press=on_press(bottom)
                        on_pass=on_pass(bottom)
                    />
                }
            }}
        </section>
        <div class="clock-bar row">
            <Show
                when=move || paused.get().is_some()
                fallback=move || {
                    view! {
                        <button
                            disabled=move || !started.get() || result.get().is_some()
                            on:click=move |_| choosing_reason.update(|c| *c = !*c)
                        >
                            "Pause"
                        </button>
                    }
                }
            >
                <Show
                    when=move || stopped_for_count.get()
                    fallback=move || {
                        view! {
                            <button class="primary" on:click=move |_| { run(now_ms(), Command::Resume); }>
                                "Resume"
                            </button>
                        }
                    }
                >
                    <a class="button primary" href=count_href>"Go to the count"</a>
                </Show>
            </Show>
            <Show when=move || can_undo.get()>
                <button on:click=move |_| { run(now_ms(), Command::UndoPress); }>"Undo press"</button>
            </Show>
            {move || claim.get().map(|by| view! {
                <button class="danger" on:click=move |_| { run(now_ms(), Command::ClaimFlag { by }); }>
                    {format!("{} claims the win on time", by.name())}
                </button>
            })}
            <button
                on:click=move |_| {
                    swapped.update(|s| *s = !*s);
                    storage::save_swapped(&id.get_untracked(), swapped.get_untracked());
                }
                aria-label="Swap the sides of the clock"
            >
                "⇅ Swap"
            </button>
        </div>
        {move || paused.get().map(|r| view! {
            <p class="banner" role="status" data-testid="pause-reason">{format!("Paused: {}", r.text())}</p>
        })}
        {move || result.get().map(|r| view! {
            <p class="banner" role="status" data-testid="clock-result">{format!("Result: {r}")}</p>
        })}
        <Show when=move || choosing_reason.get() && paused.get().is_none()>
            <div class="card stack" role="group" aria-label="Why pause the clock">
                <p class="muted">"Why are both clocks stopped?"</p>
                {app
                    .with_game(&id.get_untracked(), |r| table::pause_choices(&r.settings.rules))
                    .unwrap_or_default()
                    .into_iter()
                    .map(|reason| {
                        let label = reason.text().to_string();
                        view! {
                            <button on:click=move |_| {
                                choosing_reason.set(false);
                                run(now_ms(), Command::Pause { reason: reason.clone() });
                            }>{label}</button>
                        }
                    })
                    .collect_view()}
            </div>
        </Show>
        <p class="message" role="status" aria-live="polite" data-testid="clock-message">
            {move || message.get()}
        </p>
        <ClockSettings prefs=prefs />
        <details class="card referee">
            <summary>"Resign"</summary>
            <div class="row">
                {Color::BOTH
                    .into_iter()
                    .map(|by| {
                        view! {
                            <button class="danger" on:click=move |_| { run(now_ms(), Command::Resign { by }); }>
                                {format!("{} resigns", by.name())}
                            </button>
                        }
                    })
                    .collect_view()}
            </div>
        </details>
        // A refused correction is shown in the panel, beside the form, not at the top.
        <RefereePanel on_correct=Callback::new(move |(event, reason)| {
            if run(now_ms(), Command::Correct { event, reason }) {
                Ok(())
            } else {
                Err(message.try_update(Option::take).flatten().unwrap_or_default())
            }
        }) />
    }
}
