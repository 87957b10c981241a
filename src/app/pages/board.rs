//! The board view in two modes. Record: a tap plays for the side to move, illegal moves are
//! refused with the rules' reason (or recorded as played on the real board, flagged), pass,
//! undo and redo, stepping through the record. Setup: a brush paints black, white or empty to
//! copy a finished position, with handicap stones and the prisoners from the lids. Every
//! change is an event in the record, saved at once.

use leptos::prelude::*;

use crate::app::components::board_panels::{
    BoardOptions, MoveStepper, PrisonerCount, SetupPanel, UndoRedo,
};
use crate::app::components::goban::{BoardView, Goban, Stroke};
use crate::app::pages::game::use_game_id;
use crate::app::state::{report, use_app};
use crate::app::storage::{self, BoardPrefs};
use crate::app::time::now_ms;
use crate::core::record::{Event, GameRecord, TimedEvent};
use crate::core::setup::{self, Brush};
use crate::core::table::{self, Command, Table};
use crate::core::{Color, Game, Move, PlayError, Point, Status, browse, geometry};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Record,
    Setup,
}

/// What the page shows of the game at the step being looked at.
#[derive(Clone, PartialEq)]
struct Shown {
    game: Game,
    view: BoardView,
    moves: usize,
    total: usize,
}

/// The board of the current game.
#[component]
pub fn BoardPage() -> impl IntoView {
    let app = use_app();
    let id = use_game_id();
    let record = Memo::new(move |_| app.game(&id.get()));
    let size = Memo::new(move |_| record.with(|r| r.as_ref().map(|r| r.settings.size)));

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

    let shown = Memo::new(move |_| {
        record.with(|r| {
            let r = r.as_ref()?;
            let total = browse::move_count(r);
            let moves = step.get().unwrap_or(total).min(total);
            let events = if moves == total {
                r.events.len()
            } else {
                browse::events_through(r, moves)
            };
            let game = match browse::game_after(r, events) {
                Ok(g) => g,
                Err(e) => return Some(Err(e.to_string())),
            };
            let board = game.board();
            let stones = (0..board.area())
                .map(|i| board.get(board.point(i)))
                .collect();
            let last = game.last_move().and_then(|m| match m.mv {
                Move::Play(p) => Some(p),
                _ => None,
            });
            let numbers = browse::move_numbers(r, events, board);
            Some(Ok(Shown {
                view: BoardView {
                    stones,
                    last,
                    numbers,
                    ghost: None,
                    flagged: game.illegal_moves().iter().map(|m| m.point).collect(),
                    dead: Vec::new(),
                    territory: Vec::new(),
                },
                game,
                moves,
                total,
            }))
        })
    });
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
            let to_move = shown.with(|s| {
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map(|s| s.game.to_move())
            });
            view.ghost = to_move.map(|c| (p, c));
        }
        view
    });
    let to_move = Memo::new(move |_| with_shown(shown, |s| s.game.to_move()));
    let prisoners = move |color: Color| {
        Memo::new(move |_| {
            shown.with(|s| {
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .map(|s| s.game.prisoners(color))
                    .unwrap_or(0)
            })
        })
    };
    let black_prisoners = prisoners(Color::Black);
    let white_prisoners = prisoners(Color::White);
    let has_clock = Memo::new(move |_| {
        record.with(|r| {
            r.as_ref()
                .is_some_and(|r| r.settings.time_control.is_some())
        })
    });

    // Runs a change on the stored record; `Err` texts are shown to the player.
    let change = move |f: &dyn Fn(&mut GameRecord) -> Result<(), String>| -> bool {
        report(message, app.update(&id.get_untracked(), |r| f(r)))
    };
    let fresh = move || {
        redo.set(Vec::new());
        refused.set(None);
        ghost.set(None);
        step.set(None);
    };

    // Appends the event `make` derives from the live game (none: nothing to change).
    let add = move |make: &dyn Fn(&Game) -> Result<Option<Event>, String>| {
        if change(&|r| {
            let mut g = r.replay().map_err(|e| e.to_string())?;
            match make(&g)? {
                Some(event) => r
                    .append(&mut g, now_ms(), event)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
                None => Ok(()),
            }
        }) {
            fresh();
        }
    };
    // The clock press that completes a move entered here, when asked for and the clock runs
    // for the mover. A press the clock refuses leaves the move recorded; the words say why.
    let press_after = move |r: &mut GameRecord, color: Color, at: i64| -> Option<String> {
        if !press_clock.get_untracked() || r.settings.time_control.is_none() {
            return None;
        }
        let pressed = Table::of(r, at).and_then(|t| {
            let running = t
                .clock
                .and_then(|c| if c.started { c.running } else { None });
            if running == Some(color) {
                table::execute(r, at, &Command::Press { by: color })
            } else {
                Ok(())
            }
        });
        pressed
            .err()
            .map(|e| format!("The move is recorded, but the clock was not pressed: {e}"))
    };

    // Records a stone for the side to move: validated by the rules, or `forced` as played on
    // the real board. A refusal by ko, superko or suicide offers the forced recording.
    let put_stone = move |p: Point, forced: bool| {
        let Some(color) = to_move.get_untracked() else {
            return;
        };
        let refusal = std::cell::RefCell::new(None::<PlayError>);
        let note = std::cell::RefCell::new(None::<String>);
        let ok = change(&|r| {
            let mut g = r.replay().map_err(|e| e.to_string())?;
            let at = now_ms();
            let event = Event::StonePlayed {
                color,
                point: p,
                forced,
                clock: None,
                comment: None,
            };
            let played = if forced {
                r.append(&mut g, at, event)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            } else {
                r.play(&mut g, at, color, Move::Play(p))
                    .map(|_| ())
                    .map_err(|e| {
                        let text = e.to_string();
                        *refusal.borrow_mut() = Some(e);
                        text
                    })
            };
            played?;
            *note.borrow_mut() = press_after(r, color, at);
            Ok(())
        });
        if ok {
            fresh();
            message.set(note.take());
        } else {
            ghost.set(None);
            refused.set(match refusal.take() {
                Some(
                    PlayError::Ko { .. } | PlayError::Superko { .. } | PlayError::Suicide { .. },
                ) => Some(p),
                _ => None,
            });
        }
    };
    let on_tap = Callback::new(move |p: Point| {
        if mode.get_untracked() != Mode::Record {
            return;
        }
        if !at_end.get_untracked() {
            message.set(Some(
                "You are looking at an earlier move: go to the last move to play.".into(),
            ));
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
                s.as_ref()
                    .and_then(|s| s.as_ref().ok())
                    .and_then(|s| s.game.board().get(p))
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
                add(&|g| Ok(setup::paint_event(g.board(), &points, stone)));
            }
            stroke.set(None);
        }
    });

    let pass = move |_| {
        let Some(color) = to_move.get_untracked() else {
            return;
        };
        let with_clock = press_clock.get_untracked();
        if change(&|r| {
            let at = now_ms();
            let clock_running = with_clock
                && Table::of(r, at)?
                    .clock
                    .is_some_and(|c| c.started && c.running.is_some());
            if clock_running {
                table::execute(r, at, &Command::Pass { by: color })
            } else {
                let mut g = r.replay().map_err(|e| e.to_string())?;
                r.play(&mut g, at, color, Move::Pass)
                    .map(|_| ())
                    .map_err(|e| e.to_string())
            }
        }) {
            fresh();
        }
    };
    let on_undo = Callback::new(move |()| {
        message.set(None);
        // A move of an imported record goes with what made it possible (`AsWritten`).
        if let Some(undone) = app.update(&id.get_untracked(), GameRecord::undo_with_preparation) {
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
        if change(&|r| {
            let mut next = r.clone();
            let mut g = next.replay().map_err(|e| e.to_string())?;
            for e in &group {
                next.append(&mut g, e.at_ms, e.event.clone())
                    .map_err(|e| e.to_string())?;
            }
            *r = next;
            Ok(())
        }) {
            redo.update(|stack| stack.truncate(stack.len().saturating_sub(group.len())));
        }
        step.set(None);
    });
    let can_undo =
        Memo::new(move |_| record.with(|r| r.as_ref().is_some_and(|r| !r.events.is_empty())));
    let can_unwind =
        Memo::new(move |_| with_shown(shown, |s| s.game.can_unwind().is_some()) == Some(true));
    let can_remove = Memo::new(move |_| {
        with_shown(shown, |s| s.game.can_remove_illegal().is_some()) == Some(true)
    });
    let unwind = move |_| {
        if change(&|r| {
            let mut g = r.replay().map_err(|e| e.to_string())?;
            r.unwind(&mut g, now_ms()).map_err(|e| e.to_string())
        }) {
            fresh();
        }
    };
    let remove_illegal = move |_| {
        if change(&|r| {
            let mut g = r.replay().map_err(|e| e.to_string())?;
            r.remove_illegal(&mut g, now_ms())
                .map_err(|e| e.to_string())
        }) {
            fresh();
        }
    };

    let on_go = Callback::new(move |to: Option<usize>| {
        ghost.set(None);
        refused.set(None);
        step.set(to);
    });
    let can_redo = Signal::derive(move || redo.with(|r| !r.is_empty()));
    let moves_shown = move || with_shown(shown, |s| (s.moves, s.total)).unwrap_or((0, 0));

    let status_text = |s: &Shown| -> String {
        let turn = match s.game.status() {
            Status::Playing => format!("{} to play", s.game.to_move().name()),
            Status::Paused => "Play paused after the passes".to_string(),
            Status::Ended(_) => "Play has ended".to_string(),
        };
        if s.moves == s.total {
            format!("Move {} · {turn}", s.total)
        } else {
            format!("Move {} of {} · {turn}", s.moves, s.total)
        }
    };
    let status_line = move || with_shown(shown, status_text).unwrap_or_default();
    let error = move || shown.with(|s| s.as_ref().and_then(|s| s.as_ref().err()).cloned());

    let on_handicap = Callback::new(move |stones: u8| {
        add(&|g| setup::handicap_event(g.board(), stones).map_err(|e| e.to_string()))
    });
    let on_clear = Callback::new(move |()| add(&|g| Ok(setup::clear_event(g.board()))));
    let on_prisoners = Callback::new(move |(color, delta): (Color, i32)| {
        let current = [
            black_prisoners.get_untracked(),
            white_prisoners.get_untracked(),
        ];
        add(&|_| Ok(Some(setup::prisoners_event(current, color, delta))))
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
                                painting=Signal::derive(move || mode.get() == Mode::Setup)
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
                <div class="row board-actions">
                    <button class="primary" disabled=move || !at_end.get() on:click=pass>
                        {move || match to_move.get() {
                            Some(c) => format!("{} passes", c.name()),
                            None => "Pass".to_string(),
                        }}
                    </button>
                    <UndoRedo can_undo=can_undo can_redo=can_redo on_undo=on_undo on_redo=on_redo />
                </div>
                <div class="row board-actions">
                    <Show when=move || can_unwind.get()>
                        <button class="danger" on:click=unwind>
                            "Unwind to before the illegal move"
                        </button>
                    </Show>
                    <Show when=move || can_remove.get()>
                        <button class="danger" on:click=remove_illegal>
                            "Take back the illegal move (offender passes)"
                        </button>
                    </Show>
                </div>
                <ul class="illegal-moves" data-testid="illegal-moves">
                    {move || {
                        with_shown(shown, illegal_texts)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|text| view! { <li>{text}</li> })
                            .collect_view()
                    }}
                </ul>
                <ul class="record-notes" data-testid="record-notes">
                    {move || {
                        with_shown(shown, written_texts)
                            .unwrap_or_default()
                            .into_iter()
                            .map(|text| view! { <li>{text}</li> })
                            .collect_view()
                    }}
                </ul>
                <MoveStepper shown=Signal::derive(moves_shown) on_go=on_go />
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

/// Reads the shown position, if the record could be replayed.
fn with_shown<R>(
    shown: Memo<Option<Result<Shown, String>>>,
    f: impl FnOnce(&Shown) -> R,
) -> Option<R> {
    shown.with(|s| s.as_ref().and_then(|s| s.as_ref().ok()).map(f))
}

/// A sentence for each illegal move that stands in the game.
fn illegal_texts(s: &Shown) -> Vec<String> {
    let size = s.game.size();
    s.game
        .illegal_moves()
        .iter()
        .map(|m| {
            format!(
                "Move {}: {} {} broke a rule and stands as played ({})",
                m.move_number,
                m.color.name(),
                m.point.to_human(size),
                m.reason,
            )
        })
        .collect()
}

/// A sentence for each thing the record did that the rules of play would refuse (an imported
/// SGF played as written: a move out of turn, on a stone, after play stopped; handicap stones
/// the file did not list).
fn written_texts(s: &Shown) -> Vec<String> {
    let size = s.game.size();
    s.game
        .as_written()
        .iter()
        .map(|n| n.describe(size))
        .collect()
}
