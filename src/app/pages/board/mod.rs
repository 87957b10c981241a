//! The board view in two modes. Record: a tap plays for the side to move, illegal moves are
//! refused with the rules' reason (or recorded as played on the real board, flagged), pass,
//! undo and redo, stepping through the record. Setup: a brush paints black, white or empty to
//! copy a finished position, with handicap stones and the prisoners from the lids. Every
//! change is a command on the live game (`AppState::dispatch`), saved at once.

mod actions;
mod commands;
mod shown;

use leptos::prelude::*;

use crate::app::components::board_panels::{BoardOptions, PrisonerCount, SetupPanel};
use crate::app::components::goban::{Goban, Stroke};
use crate::app::components::photo::{self, PhotoReader};
use crate::app::pages::game_id::use_game_id;
use crate::app::state::use_app;
use crate::app::storage::{self, BoardPrefs};
use crate::core::live::{BoardCommand, Refusal};
use crate::core::record::TimedEvent;
use crate::core::setup::{self, Brush};
use crate::core::text::t;
use crate::core::{Color, Point, geometry};
use actions::RecordActions;
use commands::BoardCommands;
use shown::{Shown, ShownParts};

/// What a touch on the board does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// A tap plays a move.
    Record,
    /// A finger paints stones to copy a position.
    Setup,
}

/// The two modes, as radio buttons.
#[component]
fn ModeSwitch(mode: RwSignal<Mode>, on_change: Callback<Mode>) -> impl IntoView {
    let button = move |m: Mode, label: &'static str| {
        view! {
            <button
                role="radio"
                aria-checked=move || (mode.get() == m).to_string()
                on:click=move |_| on_change.run(m)
            >
                {label}
            </button>
        }
    };
    view! {
        <div class="row mode-switch" role="radiogroup" aria-label=t("Board mode")>
            {button(Mode::Record, t("Record"))}
            {button(Mode::Setup, t("Set up"))}
        </div>
    }
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
    let redo = RwSignal::new(Vec::<Vec<TimedEvent>>::new());
    let message = RwSignal::new(None::<String>);
    let refused = RwSignal::new(None::<Point>);
    let ghost = RwSignal::new(None::<Point>);
    let brush = RwSignal::new(Brush::Black);
    let stroke = RwSignal::new(None::<(Option<Color>, Vec<Point>)>);
    let prefs = storage::load_board_prefs();
    let confirm = RwSignal::new(prefs.confirm);
    let press_clock = RwSignal::new(prefs.clock_follows);
    let show_numbers = RwSignal::new(prefs.numbers);
    let show_coords = RwSignal::new(prefs.coords);
    // The preferences are kept for the next visit (syncing to storage, the outside world),
    // once the player changes one: opening the board writes nothing.
    Effect::new(move |before: Option<()>| {
        let now = BoardPrefs {
            coords: show_coords.get(),
            numbers: show_numbers.get(),
            confirm: confirm.get(),
            clock_follows: press_clock.get(),
        };
        if before.is_some() {
            storage::save_board_prefs(now);
        }
    });

    // The latest position comes from the live game; only stepping back replays.
    let shown = ShownParts::following(move || {
        let step = step.get();
        let numbers = show_numbers.get();
        app.with_live(&id.get(), |l, record| {
            Shown::of(record, l.game(), step, numbers)
        })
        .map(|r| r.map_err(|e| e.to_string()).and_then(|s| s))
    });
    let to_move = shown.to_move;
    let at_end = shown.at_end;
    let board_view = shown::drawn(shown, stroke, ghost.into(), confirm.into(), size);
    let commands = BoardCommands {
        app,
        id,
        step,
        redo,
        message,
        refused,
        ghost,
        press_clock,
    };
    let run = move |command: BoardCommand| commands.run(command);
    let put_stone = move |point: Point, forced: bool| {
        if to_move.get_untracked().is_some() {
            commands.put_stone(point, forced);
        }
    };
    let on_tap = Callback::new(move |p: Point| {
        if mode.get_untracked() != Mode::Record {
            return;
        }
        if !at_end.get_untracked() {
            message.set(Some(Refusal::EarlierMove.to_string()));
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
            let current = shown.view.with_untracked(|v| {
                v.stones
                    .get(p.index(usize::from(size.get_untracked().unwrap_or(19))))
                    .copied()
                    .flatten()
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

    let on_pass = Callback::new(move |()| {
        if to_move.get_untracked().is_some() {
            commands.pass();
        }
    });
    let on_undo = Callback::new(move |()| commands.undo());
    let on_redo = Callback::new(move |()| commands.redo());
    let can_undo = Memo::new(move |_| {
        app.with_live(&id.get(), |_, record| !record.events().is_empty()) == Some(Ok(true))
    });
    let can_redo = Signal::derive(move || redo.with(|r| !r.is_empty()));
    let on_go = Callback::new(move |to: Option<usize>| {
        ghost.set(None);
        refused.set(None);
        step.set(to);
    });

    let status_line = move || shown.status_line.get();
    let error = move || shown.error.get();

    let on_board = Callback::new(move |command: BoardCommand| {
        run(command);
    });
    let on_prisoners = Callback::new(move |(color, delta): (Color, i32)| {
        run(BoardCommand::Prisoners { color, delta });
    });
    let count_href = Signal::derive(move || format!("/game/{}/count", id.get()));
    let setup_mode = Signal::derive(move || mode.get() == Mode::Setup);
    // A photo's reading on screen: its board is the one shown.
    let photo_open = RwSignal::new(false);
    let use_photo = Callback::new(move |taken: photo::Taken| {
        let done = t("The position read is on the board.");
        message.set(Some(photo::take(app, &id.get_untracked(), &taken, done)?));
        Ok(())
    });

    view! {
        <section class="board-page" aria-label=t("Board")>
            <ModeSwitch
                mode=mode
                on_change=Callback::new(move |m: Mode| {
                    mode.set(m);
                    message.set(None);
                    if m == Mode::Setup {
                        ghost.set(None);
                        refused.set(None);
                        step.set(None);
                    }
                })
            />
            <p class="board-status" data-testid="board-status" aria-live="polite">{status_line}</p>
            {move || error().map(|e| view! { <p class="banner error" role="alert">{e}</p> })}
            {move || {
                size.get()
                    .filter(|_| !photo_open.get())
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
                    to_move=to_move
                    on_board=on_board
                />
                {move || size.get().filter(|s| matches!(s, 9 | 13 | 19)).map(|size| view! {
                    <PhotoReader size=size open=photo_open on_use=use_photo />
                })}
            </Show>
            <PrisonerRow prisoners=shown.prisoners editable=setup_mode on_step=on_prisoners />
            <Show when=move || setup_mode.get()>
                <a class="button primary" href=move || count_href.get()>
                    {t("Count this position")}
                </a>
            </Show>
            <p class="message" role="status" aria-live="polite" data-testid="board-message">
                {move || message.get()}
            </p>
            {move || {
                refused
                    .get()
                    .map(|p| view! { <RefusedMove on_record=Callback::new(move |()| put_stone(p, true)) /> })
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

/// Black's and White's prisoners in the position shown; steppers in setup mode.
#[component]
fn PrisonerRow(
    prisoners: RwSignal<[u32; 2]>,
    editable: Signal<bool>,
    on_step: Callback<(Color, i32)>,
) -> impl IntoView {
    let count = move |color: Color| Signal::derive(move || prisoners.get()[color.index()]);
    view! {
        <div class=move || if editable.get() { "prisoner-row setup" } else { "prisoner-row" }>
            <PrisonerCount color=Color::Black count=count(Color::Black) editable=editable on_step=on_step />
            <PrisonerCount color=Color::White count=count(Color::White) editable=editable on_step=on_step />
        </div>
    }
}

/// The offer to record a refused move as played on the real board.
#[component]
fn RefusedMove(on_record: Callback<()>) -> impl IntoView {
    view! {
        <div class="banner stack" data-testid="refused-move">
            <span>{t("Was it played on the real board anyway?")}</span>
            <button on:click=move |_| on_record.run(())>{t("Record it as played")}</button>
        </div>
    }
}
