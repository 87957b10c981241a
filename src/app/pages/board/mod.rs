//! The board view in two modes. Record: a tap plays for the side to move, illegal moves are
//! refused with the rules' reason (or recorded as played on the real board, flagged), pass,
//! undo and redo, stepping through the record. Setup: a brush paints black, white or empty to
//! copy a finished position, with handicap stones and the prisoners from the lids. Every
//! change is a command on the live game (`AppState::dispatch`), saved at once.

mod actions;
mod shown;

use leptos::prelude::*;

use crate::app::components::board_panels::{BoardOptions, PrisonerCount, SetupPanel};
use crate::app::components::goban::{Goban, Stroke};
use crate::app::pages::game::use_game_id;
use crate::app::state::{report, use_app};
use crate::app::storage::{self, BoardPrefs};
use crate::app::time::now_ms;
use crate::core::live::{BoardCommand, Command, CommandError};
use crate::core::record::{Event, TimedEvent};
use crate::core::setup::{self, Brush};
use crate::core::table;
use crate::core::{Color, PlayError, Point, geometry};
use actions::RecordActions;
use shown::Shown;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Record,
    Setup,
}

/// The board of the current game.
#[component]
pub fn BoardPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let size = Memo::new(move |_| app.with_game(&id.get(), |r| r.settings.size));
    let has_clock = Memo::new(move |_| {
        app.with_game(&id.get(), |r| r.settings.time_control.is_some()) == Some(true)
    });

    let mode = RwSignal::new(Mode::Record);
    // `None`: the latest position; `Some(n)`: the position after move n.
    let step = RwSignal::new(None::<usize>);
    let redo = RwSignal::new(Vec::<TimedEvent>::new());
    let message = RwSignal::new(None::<String>);
    let refused = RwSignal::new(None::<Point>);
    let ghost = RwSignal::new(None::<Point>);
    let brush = RwSignal::new(Brush::Black);
    let stroke = RwSignal::new(None::<(Option<Color>, Vec<Point>)>);
    let prefs = storage::load_board_prefs();
    let confirm = RwSignal::new(prefs.confirm);
    let press_clock = RwSignal::new(prefs.press_clock);
    let show_numbers = RwSignal::new(prefs.numbers);
    let show_coords = RwSignal::new(prefs.coords);
    // The preferences are kept for the next visit (syncing to storage, the outside world).
    Effect::new(move |_| {
        storage::save_board_prefs(BoardPrefs {
            coords: show_coords.get(),
            numbers: show_numbers.get(),
            confirm: confirm.get(),
            press_clock: press_clock.get(),
        })
    });

    // The latest position comes from the live game; only stepping back replays.
    let shown = Memo::new(move |_| {
        let step = step.get();
        app.with_live(&id.get(), |l| Shown::of(l.record(), l.game(), step))
            .map(|r| r.map_err(|e| e.to_string()).and_then(|s| s))
    });
    let read = move |f: fn(&Shown) -> Option<Color>| {
        shown.with(|s| s.as_ref().and_then(|s| s.as_ref().ok()).and_then(f))
    };
    let to_move = Memo::new(move |_| read(|s| Some(s.to_move)));
    let at_end = Memo::new(move |_| {
        shown.with(|s| {
            s.as_ref()
                .and_then(|s| s.as_ref().ok())
                .is_none_or(|s| s.moves == s.total)
        })
    });
    let board_view = Memo::new(move |_| {
        let mut view = shown.with(|s| {
            s.as_ref()
                .and_then(|s| s.as_ref().ok())
                .map(|s| s.view.clone())
                .unwrap_or_default()
        });
        let n = usize::from(size.get().unwrap_or(19));
        if let Some((stone, points)) = stroke.get() {
            for p in points {
                if let Some(slot) = view.stones.get_mut(usize::from(p.y) * n + usize::from(p.x)) {
                    *slot = stone;
                }
            }
        }
        if let Some(p) = ghost.get().filter(|_| confirm.get()) {
            view.ghost = to_move.get().map(|c| (p, c));
        }
        view
    });
    let prisoners = move |color: Color| {
        Memo::new(move |_| {
            shown.with(|s| {
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map_or(0, |s| s.prisoners[color.index()])
            })
        })
    };
    let black_prisoners = prisoners(Color::Black);
    let white_prisoners = prisoners(Color::White);

    let fresh = move || {
        redo.set(Vec::new());
        refused.set(None);
        ghost.set(None);
        step.set(None);
    };
    // Runs one board command; the words of a refusal are shown.
    let run = move |command: BoardCommand| -> bool {
        let ok = report(
            message,
            app.dispatch(&id.get_untracked(), now_ms(), &command.into()),
        );
        if ok {
            fresh();
        }
        ok
    };

    // Records a stone for the side to move: validated by the rules, or `forced` as played on
    // the real board, and the clock press that completes it when asked for and the mover's
    // clock runs (a press the clock refuses leaves the move recorded; the words say why). A
    // refusal by ko, superko or suicide offers the forced recording.
    let put_stone = move |point: Point, forced: bool| {
        let Some(color) = to_move.get_untracked() else {
            return;
        };
        let with_press = press_clock.get_untracked();
        let at = now_ms();
        let outcome = app.dispatch_with(&id.get_untracked(), |live| {
            live.run(at, &BoardCommand::Play { point, forced }.into())?;
            let running = live.clock().filter(|c| c.started).and_then(|c| c.running);
            if !with_press || running != Some(color) {
                return Ok(None);
            }
            Ok(live
                .run(at, &Command::Clock(table::Command::Press { by: color }))
                .err()
                .map(|e| format!("The move is recorded, but the clock was not pressed: {e}")))
        });
        match outcome {
            Ok(note) => {
                fresh();
                message.set(note);
            }
            Err(e) => {
                ghost.set(None);
                refused.set(match &e {
                    CommandError::Play(
                        PlayError::Ko { .. }
                        | PlayError::Superko { .. }
                        | PlayError::Suicide { .. },
                    ) => Some(point),
                    _ => None,
                });
                message.set(Some(e.to_string()));
            }
        }
    };
    let on_tap = Callback::new(move |p: Point| {
        if mode.get_untracked() != Mode::Record {
            return;
        }
        if !at_end.get_untracked() {
            message.set(Some(crate::core::live::Refusal::EarlierMove.to_string()));
            return;
        }
        let confirming = confirm.get_untracked() && size.get_untracked() == Some(19);
        match geometry::tap(p, ghost.get_untracked(), confirming) {
            geometry::Tap::Ghost(p) => {
                message.set(None);
                ghost.set(Some(p));
            }
            geometry::Tap::Play(p) => put_stone(p, false),
        }
    });

    let on_stroke = Callback::new(move |s: Stroke| match s {
        Stroke::Start(p) => {
            let current = shown.with_untracked(|s| {
                s.as_ref().and_then(|s| s.as_ref().ok()).and_then(|s| {
                    s.view
                        .stones
                        .get(
                            usize::from(p.y) * usize::from(size.get_untracked().unwrap_or(19))
                                + usize::from(p.x),
                        )
                        .copied()
                        .flatten()
                })
            });
            step.set(None);
            stroke.set(Some((
                setup::stroke_stone(brush.get_untracked(), current),
                vec![p],
            )));
        }
        Stroke::Move(p) => stroke.update(|s| {
            if let Some((_, points)) = s
                && points.last() != Some(&p)
                && !points.contains(&p)
            {
                points.push(p);
            }
        }),
        Stroke::End => {
            if let Some((stone, points)) = stroke.get_untracked() {
                run(BoardCommand::Paint { points, stone });
            }
            stroke.set(None);
        }
    });

    // A pass with the clock running passes on the clock too (and hands a pass stone over).
    let on_pass = Callback::new(move |()| {
        let Some(color) = to_move.get_untracked() else {
            return;
        };
        let with_clock = press_clock.get_untracked();
        let at = now_ms();
        let outcome = app.dispatch_with(&id.get_untracked(), |live| {
            let clock_running = live
                .clock()
                .is_some_and(|c| c.started && c.running.is_some());
            let command = if with_clock && clock_running {
                Command::Clock(table::Command::Pass { by: color })
            } else {
                BoardCommand::Pass.into()
            };
            live.run(at, &command)
        });
        if report(message, outcome) {
            fresh();
        }
    });
    let on_undo = Callback::new(move |()| {
        message.set(None);
        // A move of an imported record goes with what made it possible (`AsWritten`).
        if let Ok(undone) = app.dispatch(&id.get_untracked(), now_ms(), &BoardCommand::Undo.into())
        {
            redo.update(|stack| stack.extend(undone.into_iter().rev()));
        }
        refused.set(None);
        ghost.set(None);
        step.set(None);
    });
    let on_redo = Callback::new(move |()| {
        // The next event, with the `AsWritten` events that prepare it.
        let group: Vec<TimedEvent> = redo.with_untracked(|stack| {
            let mut group = Vec::new();
            for e in stack.iter().rev() {
                group.push(e.clone());
                if !matches!(e.event, Event::AsWritten { .. }) {
                    break;
                }
            }
            group
        });
        if group.is_empty() {
            return;
        }
        let n = group.len();
        let redone = app.dispatch(
            &id.get_untracked(),
            now_ms(),
            &BoardCommand::Redo { events: group }.into(),
        );
        if report(message, redone) {
            redo.update(|stack| stack.truncate(stack.len().saturating_sub(n)));
        }
        step.set(None);
    });
    let can_undo =
        Memo::new(move |_| app.with_game(&id.get(), |r| !r.events().is_empty()) == Some(true));
    let can_redo = Signal::derive(move || redo.with(|r| !r.is_empty()));
    let on_go = Callback::new(move |to: Option<usize>| {
        ghost.set(None);
        refused.set(None);
        step.set(to);
    });

    let status_line = move || {
        shown
            .with(|s| {
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map(Shown::status_line)
            })
            .unwrap_or_default()
    };
    let error = move || shown.with(|s| s.as_ref().and_then(|s| s.as_ref().err()).cloned());

    let on_handicap = Callback::new(move |stones: u8| {
        run(BoardCommand::Handicap { stones });
    });
    let on_clear = Callback::new(move |()| {
        run(BoardCommand::Clear);
    });
    let on_prisoners = Callback::new(move |(color, delta): (Color, i32)| {
        run(BoardCommand::Prisoners { color, delta });
    });
    let count_href = Signal::derive(move || format!("/game/{}/count", id.get()));
    let setup_mode = Signal::derive(move || mode.get() == Mode::Setup);

    view! {
        <section class="board-page" aria-label="Board">
            <div class="row mode-switch" role="radiogroup" aria-label="Board mode">
                <button
                    role="radio"
                    aria-checked=move || (mode.get() == Mode::Record).to_string()
                    on:click=move |_| {
                        mode.set(Mode::Record);
                        message.set(None);
                    }
                >
                    "Record"
                </button>
                <button
                    role="radio"
                    aria-checked=move || (mode.get() == Mode::Setup).to_string()
                    on:click=move |_| {
                        mode.set(Mode::Setup);
                        ghost.set(None);
                        refused.set(None);
                        message.set(None);
                        step.set(None);
                    }
                >
                    "Set up"
                </button>
            </div>
            <p class="board-status" data-testid="board-status" aria-live="polite">{status_line}</p>
            {move || error().map(|e| view! { <p class="banner error" role="alert">{e}</p> })}
            {move || {
                size.get()
                    .map(|size| {
                        view! {
                            <Goban
                                size=size
                                view=Signal::from(board_view)
                                painting=setup_mode
                                show_coords=show_coords
                                show_numbers=show_numbers
                                on_tap=on_tap
                                on_stroke=on_stroke
                            />
                        }
                    })
            }}
            <Show when=move || setup_mode.get()>
                <SetupPanel
                    brush=brush
                    can_undo=can_undo
                    can_redo=can_redo
                    on_undo=on_undo
                    on_redo=on_redo
                    on_clear=on_clear
                    on_handicap=on_handicap
                />
            </Show>
            <div class=move || {
                if setup_mode.get() { "prisoner-row setup" } else { "prisoner-row" }
            }>
                <PrisonerCount
                    color=Color::Black
                    count=black_prisoners
                    editable=setup_mode
                    on_step=on_prisoners
                />
                <PrisonerCount
                    color=Color::White
                    count=white_prisoners
                    editable=setup_mode
                    on_step=on_prisoners
                />
            </div>
            <Show when=move || setup_mode.get()>
                <a class="button primary" href=move || count_href.get()>
                    "Count this position"
                </a>
            </Show>
            <p class="message" role="status" aria-live="polite" data-testid="board-message">
                {move || message.get()}
            </p>
            {move || {
                refused
                    .get()
                    .map(|p| {
                        view! {
                            <div class="banner stack" data-testid="refused-move">
                                <span>"Was it played on the real board anyway?"</span>
                                <button on:click=move |_| put_stone(p, true)>"Record it as played"</button>
                            </div>
                        }
                    })
            }}
            <Show when=move || !setup_mode.get()>
                <RecordActions
                    shown=shown
                    can_undo=can_undo
                    can_redo=can_redo
                    on_pass=on_pass
                    on_undo=on_undo
                    on_redo=on_redo
                    on_unwind=Callback::new(move |()| {
                        run(BoardCommand::Unwind);
                    })
                    on_remove_illegal=Callback::new(move |()| {
                        run(BoardCommand::RemoveIllegal);
                    })
                    on_go=on_go
                />
            </Show>
            <BoardOptions
                show_coords=show_coords
                show_numbers=show_numbers
                confirm=confirm
                press_clock=press_clock
                offer_confirm=Signal::derive(move || size.get() == Some(19))
                has_clock=has_clock
            />
        </section>
    }
}
