//! What the board page asks of the game: every change goes to the live game through
//! `AppState::dispatch`, and the page's own state (the step shown, the redo stack, the
//! refused move, the ghost stone, the message) follows the outcome.

use leptos::prelude::*;

use crate::app::parts::set_changed;
use crate::app::state::{AppState, report};
use crate::app::time::now_ms;
use crate::core::live::{BoardCommand, ClockAfterMove, CommandError, Refusal};
use crate::core::record::TimedEvent;
use crate::core::text::{t, tf};
use crate::core::{PlayError, Point, geometry};

/// The board page's state that commands change, and the commands.
#[derive(Clone, Copy)]
pub struct BoardCommands {
    /// The shared state.
    pub app: AppState,
    /// The game shown.
    pub id: Memo<String>,
    /// `None`: the latest position; `Some(n)`: the position after move n.
    pub step: RwSignal<Option<usize>>,
    /// What each undo took back (oldest event first), the newest undo last, for redo.
    pub redo: RwSignal<Vec<Vec<TimedEvent>>>,
    /// The outcome of the last command, in words.
    pub message: RwSignal<Option<String>>,
    /// A move the rules refused that may have been played on the real board anyway.
    pub refused: RwSignal<Option<Point>>,
    /// A stone waiting for a second tap.
    pub ghost: RwSignal<Option<Point>>,
    /// Entering a move presses the clock.
    pub press_clock: RwSignal<bool>,
}

impl BoardCommands {
    /// The commands on game `id`, showing its latest position with nothing pending.
    pub fn new(app: AppState, id: Memo<String>, press_clock: RwSignal<bool>) -> BoardCommands {
        BoardCommands {
            app,
            id,
            step: RwSignal::new(None),
            redo: RwSignal::new(Vec::new()),
            message: RwSignal::new(None),
            refused: RwSignal::new(None),
            ghost: RwSignal::new(None),
            press_clock,
        }
    }

    /// Shows the position after move `to` (`None`: the latest), with nothing pending.
    pub fn go(self, to: Option<usize>) {
        self.ghost.set(None);
        self.refused.set(None);
        self.step.set(to);
    }

    /// A tap on `p` in record mode: refused where an earlier position is shown (`at_end`
    /// false), a ghost stone first where moves are `confirming`, else the move, for the side
    /// to move if any (`can_move`).
    pub fn tap(self, p: Point, at_end: bool, confirming: bool, can_move: bool) {
        if !at_end {
            self.message.set(Some(Refusal::EarlierMove.to_string()));
            return;
        }
        match geometry::tap(p, self.ghost.get_untracked(), confirming) {
            geometry::Tap::Ghost(p) => {
                self.message.set(None);
                self.ghost.set(Some(p));
            }
            geometry::Tap::Play(p) if can_move => self.put_stone(p, false),
            geometry::Tap::Play(_) => {}
        }
    }

    /// After a change: the latest position, nothing pending.
    fn fresh(self) {
        // Each is written only when it changes, so that a tap wakes nothing that shows them.
        set_changed(self.redo, &Vec::new());
        set_changed(self.refused, &None);
        set_changed(self.ghost, &None);
        set_changed(self.step, &None);
    }

    /// Runs one board command; the words of a refusal are shown.
    pub fn run(self, command: BoardCommand) -> bool {
        let outcome = self
            .app
            .dispatch(&self.id.get_untracked(), now_ms(), &command.into());
        let ok = report(self.message, outcome);
        if ok {
            self.fresh();
        }
        ok
    }

    /// Records a stone for the side to move: validated by the rules, or `forced` as played on
    /// the real board, with the clock press that completes it when asked for and the mover's
    /// clock runs, or the pause for removing a capture the rules neutralise (a press the clock
    /// refuses leaves the move recorded; the words say why). A refusal by ko, superko or
    /// suicide offers the forced recording.
    pub fn put_stone(self, point: Point, forced: bool) {
        let play = BoardCommand::Play {
            point,
            forced,
            press: self.press_clock.get_untracked(),
        };
        let outcome = self
            .app
            .dispatch(&self.id.get_untracked(), now_ms(), &play.into());
        match outcome {
            Ok(done) => {
                self.fresh();
                let note = match done.clock {
                    ClockAfterMove::NotPressed(why) => Some(tf(
                        "The move is recorded, but the clock was not pressed: {}",
                        &[&why],
                    )),
                    ClockAfterMove::PausedForCaptures => Some(
                        t("Both clocks are paused while the captured stones are removed: press the clock to restart the opponent's.")
                            .to_string(),
                    ),
                    ClockAfterMove::Untouched | ClockAfterMove::Pressed => None,
                };
                set_changed(self.message, &note);
            }
            Err(e) => {
                self.ghost.set(None);
                self.refused.set(match &e {
                    CommandError::Play(
                        PlayError::Ko { .. }
                        | PlayError::Superko { .. }
                        | PlayError::Suicide { .. },
                    ) => Some(point),
                    _ => None,
                });
                self.message.set(Some(e.to_string()));
            }
        }
    }

    /// The side to move passes; with the clock running and "entering a move presses the
    /// clock" on, on the clock too (handing a pass stone over where the rules use them).
    pub fn pass(self) {
        let pass = BoardCommand::Pass {
            clock: self.press_clock.get_untracked(),
        };
        let outcome = self
            .app
            .dispatch(&self.id.get_untracked(), now_ms(), &pass.into());
        if report(self.message, outcome) {
            self.fresh();
        }
    }

    /// Takes back the last event; a move of an imported record goes with what made it
    /// possible (`AsWritten`), a stone with the press of the same tap. What was taken back
    /// can be redone, as one.
    pub fn undo(self) {
        self.message.set(None);
        let undone = self.app.dispatch(
            &self.id.get_untracked(),
            now_ms(),
            &BoardCommand::Undo.into(),
        );
        if let Ok(done) = undone {
            self.redo.update(|stack| stack.push(done.undone));
        }
        self.refused.set(None);
        self.ghost.set(None);
        self.step.set(None);
    }

    /// Appends again the events the last undo took back.
    pub fn redo(self) {
        let Some(group) = self.redo.with_untracked(|stack| stack.last().cloned()) else {
            return;
        };
        let redone = self.app.dispatch(
            &self.id.get_untracked(),
            now_ms(),
            &BoardCommand::Redo { events: group }.into(),
        );
        if report(self.message, redone) {
            self.redo.update(|stack| {
                stack.pop();
            });
        }
        self.step.set(None);
    }
}
