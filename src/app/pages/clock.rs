//! The clock view, which owns the screen: two faces that switch on touch-down and fill the
//! phone, portrait or landscape, and between them a thin strip with the game's tabs, Pass for
//! the player to move, pauses with the rules' reasons (the neutral time for captured stones one
//! tap away), undo press, swap and the menu (sound, resignation, the referee's corrections).
//! Everything shown is derived from the record's timestamps and the time now; nothing counts
//! ticks.

use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;

use crate::app::components::clock_controls::{
    BarState, BarValues, ClockBar, space_bar_presses, warnings,
};
use crate::app::components::clock_face::{ClockFace, FaceParts, FaceView};
use crate::app::components::clock_menu::ClockMenu;
use crate::app::components::clock_strip::GameTabs;
use crate::app::device;
use crate::app::pages::game_id::use_game_id;
use crate::app::parts::set_changed;
use crate::app::state::{report, use_app};
use crate::app::storage::{self, Prefs};
use crate::app::time::{self, now_ms};
use crate::core::clock::{ClockState, PauseReason, Warning, WarningPoints, warning_now};
use crate::core::live::LiveState;
use crate::core::live::clock_commands::{self, ClockCommand};
use crate::core::record::GameRecord;
use crate::core::rules::IllegalMoveProcedure;
use crate::core::table::{self, pass_note};
use crate::core::text::t;
use crate::core::{Color, Status};

/// The clock of the current game.
#[component]
pub fn ClockPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let now = RwSignal::new(now_ms());
    let message = RwSignal::new(None::<String>);
    let swapped = RwSignal::new(storage::load_swapped(&id.get_untracked()));

    let prefs = RwSignal::new(storage::load_game_prefs(&id.get_untracked()));

    // What the page shows, derived in one pass from the live game (which follows each command
    // without a replay) and the time; nothing counts ticks. One effect derives it again on a
    // press or a tick and writes only the parts that changed, so that a press wakes only the
    // bindings that show something new.
    let shown_at = move |t: i64, points| {
        app.with_live(&id.get(), |l, record| Shown::of(l, record, t, points))
            .and_then(Result::ok)
            .unwrap_or_else(Shown::missing)
    };
    let first = untrack(|| shown_at(now.get(), prefs.with(Prefs::warning_points)));
    let black = FaceParts::new(&first.black);
    let white = FaceParts::new(&first.white);
    let bar = BarState::new(&first.bar);
    let running = RwSignal::new(first.running());
    let due = RwSignal::new(first.due);
    let replays = RwSignal::new(first.replays);
    let clock_now = StoredValue::new(first.clock);
    let starter = StoredValue::new(first.starter);
    let fresh_pass = RwSignal::new(first.fresh_pass);
    Effect::new(move |_| {
        let s = shown_at(now.get(), prefs.with(Prefs::warning_points));
        black.set(&s.black);
        white.set(&s.white);
        bar.set(&s.bar);
        set_changed(running, &s.running());
        set_changed(replays, &s.replays);
        starter.set_value(s.starter);
        set_changed(fresh_pass, &s.fresh_pass);
        clock_now.set_value(s.clock);
        // Last: the warning reads the clock just stored.
        set_changed(due, &s.due);
    });

    follow_time(now, running, bar);

    let run = move |at: i64, command: ClockCommand| {
        let outcome = app.dispatch(&id.get_untracked(), at, &command.into());
        now.set(now_ms().max(at));
        report(message, outcome)
    };

    keep_prefs(prefs, id);
    let press = move |color: Color, at: i64| {
        if run(at, ClockCommand::Press { by: color }) && prefs.with_untracked(|p| p.vibrate) {
            device::buzz_after();
        }
    };
    warnings(due, clock_now, prefs);
    pass_beep(fresh_pass, prefs);
    let on_press = move |color: Color| {
        Callback::new(move |ev: web_sys::PointerEvent| {
            ev.prevent_default();
            press(color, device::event_epoch_ms(&ev));
        })
    };

    space_bar_presses(clock_now, starter, press);

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
    let on_command = Callback::new(move |command: ClockCommand| {
        run(now_ms(), command);
    });
    // How many times the live game replayed its whole log since it was loaded (an undone
    // press); the benchmark reads it.
    let replays = move || replays.get().to_string();

    let menu_open = RwSignal::new(false);
    let on_correct = Callback::new(move |(event, reason)| {
        if run(now_ms(), ClockCommand::Correct { event, reason }) {
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
        <section class="clock" aria-label=t("Clock") data-replays=replays>
            <ClockFace
                color=Color::Black
                name=name(Color::Black)
                parts=black
                top=Signal::derive(move || swapped.get())
                on_press=on_press(Color::Black)
            />
            <div class="clock-strip">
                <GameTabs id=id />
                <ClockBar
                    state=bar
                    reasons=app
                        .with_game(&id.get_untracked(), |r| r.settings.rules.pause_reasons.clone())
                        .unwrap_or_default()
                    neutral=app
                        .with_game(&id.get_untracked(), |r| r.settings.rules.capture_pause())
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
                    top=Signal::derive(move || {
                        Some(if swapped.get() { Color::Black } else { Color::White })
                    })
                />
                <p class="strip-line message" role="status" aria-live="polite" data-testid="clock-message">
                    {move || message.get()}
                </p>
            </div>
            <ClockFace
                color=Color::White
                name=name(Color::White)
                parts=white
                top=Signal::derive(move || !swapped.get())
                on_press=on_press(Color::White)
            />
            <ClockMenu open=menu_open prefs=prefs on_command=on_command on_correct=on_correct />
        </section>
    }
}

/// Everything the clock page shows at one moment.
struct Shown {
    /// The clock as it stands at that moment.
    clock: Option<ClockState>,
    /// Who presses to start the clock.
    starter: Color,
    black: FaceView,
    white: FaceView,
    bar: BarValues,
    /// The low-time warning due now.
    due: Option<Warning>,
    /// How many times the live game replayed its whole log since it was loaded.
    replays: u32,
    /// When the pass shown large was made, for the moment it is.
    fresh_pass: Option<i64>,
}

impl Shown {
    /// What the page shows of live game `l` (of `record`) at `t`, with the player's warning
    /// points.
    fn of(l: &LiveState, record: &GameRecord, t: i64, points: WarningPoints) -> Shown {
        let game = l.game();
        let clock = l.clock_at(t);
        let starter = table::starter(game);
        let pass = pass_note(game, record.events(), t);
        let black = FaceView::of(game, clock.as_ref(), Color::Black, starter, pass.as_ref());
        let white = FaceView::of(game, clock.as_ref(), Color::White, starter, pass.as_ref());
        let paused = clock.as_ref().and_then(|c| c.paused.clone());
        let playing = game.status() == Status::Playing;
        let bar = BarValues {
            stopped_for_count: matches!(
                paused,
                Some(PauseReason::StatusAssessment | PauseReason::Counting)
            ) && !playing,
            paused,
            started: clock.as_ref().is_some_and(|c| c.started),
            result: table::result_of(game, clock.as_ref()),
            can_undo: clock_commands::press_undoable(record.events(), t),
            claim: clock.as_ref().and_then(|c| claim(l, c, t)),
            may_pass: clock
                .as_ref()
                .and_then(ClockState::ticking)
                .filter(|c| *c == game.to_move()),
            // Dutch 9, Cape Town 6: the opponent of the player who just moved and pushed may
            // state "illegal move" before answering.
            illegal_claim: clock
                .as_ref()
                .and_then(|c| clock_commands::illegal_claim_possible(game, c)),
        };
        Shown {
            due: clock.as_ref().and_then(|c| warning_now(c, points)),
            clock,
            starter,
            black,
            white,
            bar,
            replays: l.replays(),
            fresh_pass: pass.filter(|p| p.fresh).map(|p| p.at_ms),
        }
    }

    /// What the page shows when the game cannot be shown.
    fn missing() -> Shown {
        Shown {
            clock: None,
            starter: Color::White,
            black: FaceView::of_missing(),
            white: FaceView::of_missing(),
            bar: BarValues::default(),
            due: None,
            replays: 0,
            fresh_pass: None,
        }
    }

    /// A clock runs.
    fn running(&self) -> bool {
        self.clock.as_ref().is_some_and(|c| c.ticking().is_some())
    }
}

/// The display follows the time while a clock runs or a press can still be undone (the times
/// come from timestamps), and the screen stays awake while a clock runs. Each browser callback
/// first checks that the page still exists (see `time::every`).
fn follow_time(now: RwSignal<i64>, running: RwSignal<bool>, bar: BarState) {
    time::every(Duration::from_millis(50), move || {
        match running.try_get_untracked() {
            Some(running) => {
                if running || bar.can_undo_now() == Some(true) {
                    now.try_set(now_ms());
                }
                true
            }
            None => false,
        }
    });
    on_cleanup(|| device::keep_awake(false));

    // Asked when a clock starts or stops running, not on every press.
    Effect::new(move |_| device::keep_awake(running.get()));
    let visibility = window_event_listener(ev::visibilitychange, move |_| {
        let Some(running) = running.try_get_untracked() else {
            return;
        };
        now.try_set(now_ms());
        device::keep_awake(running);
    });
    on_cleanup(move || visibility.remove());
}

/// The game's sound and warning choices are written when the player changes one, not on every
/// visit.
fn keep_prefs(prefs: RwSignal<Prefs>, id: Memo<String>) {
    Effect::new(move |prev: Option<()>| {
        let p = prefs.get();
        if prev.is_some() {
            storage::save_game_prefs(&id.get_untracked(), p);
        }
    });
}

/// The beep of a pass, with the game's sounds ("Black passed" is on both faces meanwhile): on
/// a pass made on any screen while the clock is shown, not for one made before it was opened.
fn pass_beep(fresh_pass: RwSignal<Option<i64>>, prefs: RwSignal<Prefs>) {
    Effect::new(move |seen: Option<Option<i64>>| {
        let now = fresh_pass.get();
        if seen.is_some() && now.is_some() && prefs.with_untracked(|p| p.sound) {
            device::beep(false);
        }
        now
    });
}

/// Who may claim a win on time on `clock` at `t`. After a confirmed count, a resignation or a
/// decision the first ending stands; that is asked only once a flag is down, as the clock asks
/// this many times a second.
fn claim(l: &LiveState, clock: &ClockState, t: i64) -> Option<Color> {
    if clock.claimed_by.is_some() || clock.stopped {
        return None;
    }
    let by = Color::BOTH
        .into_iter()
        .find(|by| clock_commands::claim_possible(clock, *by))?;
    l.ended_before(t).is_none().then_some(by)
}
