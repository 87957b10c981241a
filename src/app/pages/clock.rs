//! The clock view, which owns the screen: two faces that switch on touch-down and fill the
//! phone, portrait or landscape, and between them a thin strip with the game's tabs, Pass for
//! the player to move, pauses with the rules' reasons (the neutral time for captured stones one
//! tap away), undo press, swap and the menu (sound, resignation, the referee's corrections).
//! Everything shown is derived from the record's timestamps and the time now; nothing counts
//! ticks.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::app::components::clock_controls::{BarState, ClockBar, space_bar_presses, warnings};
use crate::app::components::clock_face::{ClockFace, FaceView};
use crate::app::components::clock_menu::ClockMenu;
use crate::app::components::clock_strip::GameTabs;
use crate::app::device;
use crate::app::pages::game::use_game_id;
use crate::app::parts::set_changed;
use crate::app::state::{AppState, report, use_app};
use crate::app::storage;
use crate::app::time::{self, now_ms};
use crate::core::Color;
use crate::core::clock::{ClockState, PauseReason};
use crate::core::rules::IllegalMoveProcedure;
use crate::core::table::{self, Command};

/// The clock of the current game.
#[component]
pub fn ClockPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let now = RwSignal::new(now_ms());
    let message = RwSignal::new(None::<String>);
    let swapped = RwSignal::new(storage::load_swapped(&id.get_untracked()));

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

    // Asked when a clock starts or stops running, not on every press.
    let running = Memo::new(move |_| ticking.with(Option::is_some));
    Effect::new(move |_| device::keep_awake(running.get()));
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
    let prefs = RwSignal::new(storage::load_game_prefs(&id.get_untracked()));
    Effect::new(move |prev: Option<()>| {
        let p = prefs.get();
        // Written when the player changes something, not on every visit.
        if prev.is_some() {
            storage::save_game_prefs(&id.get_untracked(), p);
        }
    });
    let press = move |color: Color, at: i64| {
        if run(at, Command::Press { by: color }) && prefs.with_untracked(|p| p.vibrate) {
            device::buzz_after();
        }
    };
    warnings(clock_now, prefs);
    let on_press = move |color: Color| {
        Callback::new(move |ev: web_sys::PointerEvent| {
            ev.prevent_default();
            press(color, device::event_epoch_ms(&ev));
        })
    };

    space_bar_presses(clock_now, starter, press);

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

    let count_href = move || format!("/game/{}/count", id.get());
    let on_command = Callback::new(move |command: Command| {
        run(now_ms(), command);
    });
    // How many times the live game replayed its whole log since it was loaded (an undone
    // press); the benchmark reads it.
    let replays = move || {
        app.with_live(&id.get(), |l| l.replays())
            .and_then(Result::ok)
            .unwrap_or(0)
            .to_string()
    };

    let face_of = move |c: Color| if c == Color::Black { black } else { white };
    let may_pass = Memo::new(move |_| {
        Color::BOTH
            .into_iter()
            .find(|c| face_of(*c).with(|v| v.may_pass))
    });
    let menu_open = RwSignal::new(false);
    let on_correct = Callback::new(move |(event, reason)| {
        if run(now_ms(), Command::Correct { event, reason }) {
            Ok(())
        } else {
            // A refused correction is shown in the panel, beside the form.
            Err(message
                .try_update(Option::take)
                .flatten()
                .unwrap_or_default())
        }
    });

    // The faces keep their places in the document; which one is at the top (turned for the
    // player across the table) is a class, so a swap moves nothing under a finger.
    view! {
        <section class="clock" aria-label="Clock" data-replays=replays>
            <ClockFace
                color=Color::Black
                name=name(Color::Black)
                view=black
                top=Signal::derive(move || swapped.get())
                on_press=on_press(Color::Black)
            />
            <div class="clock-strip">
                <GameTabs id=id />
                <ClockBar
                    state=bar_state(app, id, now, clock_now, can_undo, may_pass)
                    reasons=app
                        .with_game(&id.get_untracked(), |r| table::pause_choices(&r.settings.rules))
                        .unwrap_or_default()
                    neutral=app
                        .with_game(&id.get_untracked(), |r| table::capture_pause(&r.settings.rules))
                        .flatten()
                    count_href=Signal::derive(count_href)
                    on_command=on_command
                    on_swap=Callback::new(move |()| {
                        swapped.update(|s| *s = !*s);
                        storage::save_swapped(&id.get_untracked(), swapped.get_untracked());
                    })
                    menu_open=menu_open
                    illegal_claims=app
                        .with_game(&id.get_untracked(), |r| {
                            r.settings.rules.illegal_moves == IllegalMoveProcedure::AnsweredStands
                        })
                        .unwrap_or(false)
                />
                <p class="strip-line message" role="status" aria-live="polite" data-testid="clock-message">
                    {move || message.get()}
                </p>
            </div>
            <ClockFace
                color=Color::White
                name=name(Color::White)
                view=white
                top=Signal::derive(move || !swapped.get())
                on_press=on_press(Color::White)
            />
            <ClockMenu open=menu_open prefs=prefs on_command=on_command on_correct=on_correct />
        </section>
    }
}

/// What the strip's controls show, derived from the live game, the clock as the faces show it
/// and the time.
fn bar_state(
    app: AppState,
    id: Memo<String>,
    now: RwSignal<i64>,
    clock_now: Memo<Option<ClockState>>,
    can_undo: Memo<bool>,
    may_pass: Memo<Option<Color>>,
) -> BarState {
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
        let by = clock_now.with(|c| {
            let c = c.as_ref()?;
            if c.claimed_by.is_some() || c.stopped {
                return None;
            }
            Color::BOTH
                .into_iter()
                .find(|by| table::claim_possible(c, *by))
        })?;
        // After a confirmed count, a resignation or a decision the first ending stands. Asked
        // only once a flag is down: the clock ticks this memo many times a second.
        let t = now.get();
        let ended = app
            .with_live(&id.get(), |l| l.ended_before(t).is_some())
            .and_then(Result::ok)
            .unwrap_or(false);
        (!ended).then_some(by)
    });
    // Dutch 9, Cape Town 6: the opponent of the player who just moved and pushed may state
    // "illegal move" before answering.
    let illegal_claim = Memo::new(move |_| {
        clock_now.with(|c| {
            let c = c.as_ref()?;
            app.with_live(&id.get(), |l| table::illegal_claim_possible(l.game(), c))
                .and_then(Result::ok)
                .flatten()
        })
    });
    // From the clock the faces show: no second copy of the clock on a press or a tick.
    let result = Memo::new(move |_| {
        clock_now.with(|c| {
            app.with_live(&id.get(), |l| table::result_of(l.game(), c.as_ref()))
                .and_then(Result::ok)
                .flatten()
        })
    });

    // One effect follows the memos and sets only the parts that changed.
    let parts = (
        part(paused),
        part(started),
        part(result),
        part(stopped_for_count),
        part(can_undo),
        part(claim),
        part(may_pass),
        part(illegal_claim),
    );
    Effect::new(move |_| {
        paused.with(|v| set_changed(parts.0, v));
        started.with(|v| set_changed(parts.1, v));
        result.with(|v| set_changed(parts.2, v));
        stopped_for_count.with(|v| set_changed(parts.3, v));
        can_undo.with(|v| set_changed(parts.4, v));
        claim.with(|v| set_changed(parts.5, v));
        may_pass.with(|v| set_changed(parts.6, v));
        illegal_claim.with(|v| set_changed(parts.7, v));
    });
    BarState {
        paused: parts.0.read_only(),
        started: parts.1.read_only(),
        result: parts.2.read_only(),
        stopped_for_count: parts.3.read_only(),
        can_undo: parts.4.read_only(),
        claim: parts.5.read_only(),
        may_pass: parts.6.read_only(),
        illegal_claim: parts.7.read_only(),
    }
}

/// A part holding `memo`'s value now, to be kept up to date by an effect.
fn part<T: Clone + Send + Sync + 'static>(memo: Memo<T>) -> RwSignal<T> {
    RwSignal::new(memo.get_untracked())
}
