//! The board view in two modes. Record: a tap plays for the side to move, illegal moves are
//! refused with the rules' reason (or recorded as played on the real board, flagged), pass,
//! undo and redo, stepping through the record. Setup: a brush paints black, white or empty to
//! copy a finished position, with handicap stones and the prisoners from the lids. Every
//! change is a command on the live game (`AppState::dispatch`), saved at once.

mod actions;
mod commands;
mod painting;
mod shown;

use leptos::prelude::*;

use crate::app::components::board_panels::{BoardOptions, PrisonerCount};
use crate::app::components::goban::Goban;
use crate::app::pages::game_id::use_game_id;
use crate::app::state::use_app;
use crate::app::storage::{self, BoardPrefs};
use crate::core::live::BoardCommand;
use crate::core::text::t;
use crate::core::{Color, Point};
use actions::RecordActions;
use commands::BoardCommands;
use painting::Painting;
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
    let painting = Painting::new();
    let BoardPrefsShown {
        confirm,
        press_clock,
        show_numbers,
        show_coords,
    } = BoardPrefsShown::kept();

    let commands = BoardCommands::new(app, id, press_clock);
    // The latest position comes from the live game; only stepping back replays.
    let shown = ShownParts::following(move || {
        let step = commands.step.get();
        let numbers = show_numbers.get();
        app.with_live(&id.get(), |l, record| {
            Shown::of(record, l.game(), step, numbers)
        })
        .map(|r| r.map_err(|e| e.to_string()).and_then(|s| s))
    });
    let to_move = shown.to_move;
    let board_view = shown::drawn(
        shown,
        painting.stroke,
        commands.ghost.into(),
        confirm.into(),
        size,
    );
    let run = move |command: BoardCommand| commands.run(command);
    let on_tap = Callback::new(move |p: Point| {
        if mode.get_untracked() == Mode::Record {
            let confirming = confirm.get_untracked() && size.get_untracked() == Some(19);
            let can_move = to_move.get_untracked().is_some();
            commands.tap(p, shown.at_end.get_untracked(), confirming, can_move);
        }
    });
    let on_stroke = painting.on_stroke(commands, size, shown.view);

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
    let can_redo = Signal::derive(move || commands.redo.with(|r| !r.is_empty()));
    let on_go = Callback::new(move |to: Option<usize>| commands.go(to));

    let on_prisoners = Callback::new(move |(color, delta): (Color, i32)| {
        run(BoardCommand::Prisoners { color, delta });
    });
    let setup_mode = Signal::derive(move || mode.get() == Mode::Setup);
    // A photo's reading on screen: its board is the one shown.
    let photo_open = RwSignal::new(false);
    view! {
        <section class="board-page" aria-label=t("Board")>
            <ModeSwitch mode=mode on_change=Callback::new(move |m: Mode| {
                mode.set(m);
                commands.message.set(None);
                if m == Mode::Setup {
                    on_go.run(None);
                }
            }) />
            <p class="board-status" data-testid="board-status" aria-live="polite">{move || shown.status_line.get()}</p>
            {move || shown.error.get().map(|e| view! { <p class="banner error" role="alert">{e}</p> })}
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
                <painting::SetupTools
                    painting=painting
                    commands=commands
                    size=size
                    photo_open=photo_open
                    can_undo=can_undo
                    can_redo=can_redo
                    to_move=to_move
                />
            </Show>
            <PrisonerRow prisoners=shown.prisoners editable=setup_mode on_step=on_prisoners />
            <Show when=move || setup_mode.get()>
                <a class="button primary" href=move || format!("/game/{}/count", id.get())>
                    {t("Count this position")}
                </a>
            </Show>
            <p class="message" role="status" aria-live="polite" data-testid="board-message">
                {move || commands.message.get()}
            </p>
            {move || {
                commands
                    .refused
                    .get()
                    .map(|p| view! { <RefusedMove on_record=Callback::new(move |()| {
                        if to_move.get_untracked().is_some() {
                            commands.put_stone(p, true);
                        }
                    }) /> })
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

/// The board's options, kept for the next visit (syncing to storage, the outside world) once
/// the player changes one: opening the board writes nothing.
struct BoardPrefsShown {
    confirm: RwSignal<bool>,
    press_clock: RwSignal<bool>,
    show_numbers: RwSignal<bool>,
    show_coords: RwSignal<bool>,
}

impl BoardPrefsShown {
    /// The options as stored, each change stored.
    fn kept() -> BoardPrefsShown {
        let prefs = storage::load_board_prefs();
        let shown = BoardPrefsShown {
            confirm: RwSignal::new(prefs.confirm),
            press_clock: RwSignal::new(prefs.clock_follows),
            show_numbers: RwSignal::new(prefs.numbers),
            show_coords: RwSignal::new(prefs.coords),
        };
        let BoardPrefsShown {
            confirm,
            press_clock,
            show_numbers,
            show_coords,
        } = shown;
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
        shown
    }
}
