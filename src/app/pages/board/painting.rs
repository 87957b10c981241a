//! The board's setup mode: the brush, the stroke a finger paints, which becomes one
//! `BoardCommand::Paint` when it is lifted, and the setup tools under the board (the panel, the
//! photo's reading).

use leptos::prelude::*;

use super::commands::BoardCommands;
use crate::app::components::board_panels::SetupPanel;
use crate::app::components::goban::{BoardView, Stroke};
use crate::app::components::photo::{self, PhotoReader};
use crate::core::live::BoardCommand;
use crate::core::setup::{self, Brush};
use crate::core::text::t;
use crate::core::{Color, Point};

/// The brush and the stroke being painted: the stone it lays (`None`: it clears) and the
/// points it crossed, each once.
#[derive(Clone, Copy)]
pub struct Painting {
    pub brush: RwSignal<Brush>,
    pub stroke: RwSignal<Option<(Option<Color>, Vec<Point>)>>,
}

impl Painting {
    pub fn new() -> Painting {
        Painting {
            brush: RwSignal::new(Brush::Black),
            stroke: RwSignal::new(None),
        }
    }

    /// What the board's strokes do: each paints, from the latest position, through `commands`,
    /// on a board of `size` showing `view`.
    pub fn on_stroke(
        self,
        commands: BoardCommands,
        size: Memo<Option<u8>>,
        view: RwSignal<BoardView>,
    ) -> Callback<Stroke> {
        Callback::new(move |s: Stroke| {
            if matches!(s, Stroke::Start(_)) {
                commands.step.set(None);
            }
            let n = usize::from(size.get_untracked().unwrap_or(19));
            let current =
                |p: Point| view.with_untracked(|v| v.stones.get(p.index(n)).copied().flatten());
            if let Some(paint) = self.step(s, current) {
                commands.run(paint);
            }
        })
    }

    /// One step of a stroke: its start (on a point holding `current`), a point crossed, or
    /// the finger lifted, which gives the command that paints the stroke.
    pub fn step(self, s: Stroke, current: impl Fn(Point) -> Option<Color>) -> Option<BoardCommand> {
        match s {
            Stroke::Start(p) => {
                let stone = setup::stroke_stone(self.brush.get_untracked(), current(p));
                self.stroke.set(Some((stone, vec![p])));
                None
            }
            Stroke::Move(p) => {
                self.stroke.update(|s| {
                    if let Some((_, points)) = s
                        && points.last() != Some(&p)
                        && !points.contains(&p)
                    {
                        points.push(p);
                    }
                });
                None
            }
            Stroke::End => {
                let painted = self.stroke.get_untracked();
                self.stroke.set(None);
                painted.map(|(stone, points)| BoardCommand::Paint { points, stone })
            }
        }
    }
}

/// The tools of setup mode under the board: the brush and the position's commands, and
/// reading the board from a photo (whose board is then the one shown).
#[component]
pub fn SetupTools(
    painting: Painting,
    commands: BoardCommands,
    size: Memo<Option<u8>>,
    photo_open: RwSignal<bool>,
    can_undo: Memo<bool>,
    #[prop(into)] can_redo: Signal<bool>,
    to_move: RwSignal<Option<Color>>,
) -> impl IntoView {
    let BoardCommands {
        app, id, message, ..
    } = commands;
    let use_photo = Callback::new(move |taken: photo::Taken| {
        let done = t("The position read is on the board.");
        message.set(Some(photo::take(app, &id.get_untracked(), &taken, done)?));
        Ok(())
    });
    view! {
        <SetupPanel
            brush=painting.brush
            can_undo=can_undo
            can_redo=can_redo
            on_undo=Callback::new(move |()| commands.undo())
            on_redo=Callback::new(move |()| commands.redo())
            to_move=to_move
            on_board=Callback::new(move |command: BoardCommand| {
                commands.run(command);
            })
        />
        {move || size.get().filter(|s| matches!(s, 9 | 13 | 19)).map(|size| view! {
            <PhotoReader size=size open=photo_open on_use=use_photo />
        })}
    }
}
