//! What the board page shows of the game at the step being looked at: the latest position read
//! from the live game (no replay), or an earlier one replayed up to that move.

use leptos::prelude::*;

use crate::app::components::goban::BoardView;
use crate::app::parts::parts;
use crate::core::text::{t, tf};
use crate::core::{Color, Game, GameRecord, Move, Point, Status, browse};

/// What the board draws: the position shown, with a stroke being painted and the ghost stone
/// of a first tap (when taps are confirmed) over it.
pub fn drawn(
    parts: ShownParts,
    stroke: RwSignal<Option<(Option<Color>, Vec<Point>)>>,
    ghost: Signal<Option<Point>>,
    confirm: Signal<bool>,
    size: Memo<Option<u8>>,
) -> Memo<BoardView> {
    Memo::new(move |_| {
        let mut view = parts.view.get();
        let n = usize::from(size.get().unwrap_or(19));
        if let Some((stone, points)) = stroke.get() {
            for p in points {
                if let Some(slot) = view.stones.get_mut(p.index(n)) {
                    *slot = stone;
                }
            }
        }
        if let Some(p) = ghost.get().filter(|_| confirm.get()) {
            view.ghost = parts.to_move.get().map(|c| (p, c));
        }
        view
    })
}

parts! {
    /// The values of the parts at one moment.
    struct ShownValues {
        /// The stones, marks and numbers of the position shown.
        pub view: BoardView,
        /// Who plays next there; `None` when the game cannot be shown.
        pub to_move: Option<Color>,
        /// The latest position is shown (or none can be).
        pub at_end: bool,
        /// The line above the board.
        pub status_line: String,
        /// Why the position cannot be shown.
        pub error: Option<String>,
        /// The prisoners each colour holds there (Black's, White's).
        pub prisoners: [u32; 2],
        /// An illegal move can be unwound.
        pub can_unwind: bool,
        /// The unanswered illegal move can be taken back.
        pub can_remove: bool,
        /// A sentence for each illegal move that stands.
        pub illegal: Vec<String>,
        /// A sentence for each thing an imported record did that the rules refuse.
        pub written: Vec<String>,
        /// The move shown, and the moves in the record.
        pub moves: (usize, usize),
    }
    /// What the page shows of the position, each part in its own signal (see `app::parts`): one
    /// effect derives the position on a tap and writes only the parts that changed, so a tap wakes
    /// only the bindings that show something new.
    pub struct ShownParts;
}

impl ShownValues {
    fn of(shown: Option<Result<Shown, String>>) -> ShownValues {
        match shown {
            Some(Ok(s)) => ShownValues {
                status_line: s.status_line(),
                to_move: Some(s.to_move),
                at_end: s.moves == s.total,
                error: None,
                prisoners: s.prisoners,
                can_unwind: s.can_unwind,
                can_remove: s.can_remove,
                moves: (s.moves, s.total),
                view: s.view,
                illegal: s.illegal,
                written: s.written,
            },
            other => ShownValues {
                view: BoardView::default(),
                to_move: None,
                at_end: true,
                status_line: String::new(),
                error: other.and_then(Result::err),
                prisoners: [0, 0],
                can_unwind: false,
                can_remove: false,
                illegal: Vec::new(),
                written: Vec::new(),
                moves: (0, 0),
            },
        }
    }
}

impl ShownParts {
    /// Parts that follow `shown` (the position at the step looked at, read from the live game)
    /// from now on.
    pub fn following(shown: impl Fn() -> Option<Result<Shown, String>> + 'static) -> ShownParts {
        let parts = ShownParts::new(&ShownValues::of(untrack(&shown)));
        Effect::new(move |_| parts.set(&ShownValues::of(shown())));
        parts
    }
}

/// The position shown and what the controls around it need.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The stones, marks and numbers drawn.
    pub view: BoardView,
    /// Who plays next in that position.
    pub to_move: Color,
    /// The prisoners each colour holds there (Black's, White's).
    pub prisoners: [u32; 2],
    /// Whether play goes on, paused or ended.
    pub status: Status,
    /// An illegal move can be unwound.
    pub can_unwind: bool,
    /// The unanswered illegal move can be taken back.
    pub can_remove: bool,
    /// A sentence for each illegal move that stands.
    pub illegal: Vec<String>,
    /// A sentence for each thing an imported record did that the rules refuse.
    pub written: Vec<String>,
    /// The move shown.
    pub moves: usize,
    /// The moves in the record.
    pub total: usize,
    /// After a pass that did not end play, what still ends it under the rules.
    pub passes: Option<String>,
}

impl Shown {
    /// The position after `step` moves (`None`: the latest, which is `latest`, the live game).
    /// `numbers`: the move numbers are drawn (working them out reads the whole record, so a
    /// tap does not pay for them when they are hidden).
    pub fn of(
        record: &GameRecord,
        latest: &Game,
        step: Option<usize>,
        numbers: bool,
    ) -> Result<Shown, String> {
        let total = browse::move_count(record);
        let moves = step.unwrap_or(total).min(total);
        let at =
            |game: &Game, events: usize| Shown::at(record, game, events, moves, total, numbers);
        if moves == total {
            return Ok(at(latest, record.events().len()));
        }
        let events = browse::events_through(record, moves);
        let earlier = browse::game_after(record, events).map_err(|e| e.to_string())?;
        Ok(at(&earlier, events))
    }

    fn at(
        record: &GameRecord,
        game: &Game,
        events: usize,
        moves: usize,
        total: usize,
        numbers: bool,
    ) -> Shown {
        let board = game.board();
        let size = game.size();
        Shown {
            view: BoardView {
                stones: (0..board.area())
                    .map(|i| board.get(board.point(i)))
                    .collect(),
                last: game.last_move().and_then(|m| match m.mv {
                    Move::Play(p) => Some(p),
                    _ => None,
                }),
                numbers: if numbers {
                    browse::move_numbers(record, events, board)
                } else {
                    Vec::new()
                },
                ghost: None,
                flagged: game.illegal_moves().iter().map(|m| m.point).collect(),
                dead: Vec::new(),
                territory: Vec::new(),
            },
            to_move: game.to_move(),
            prisoners: [game.prisoners(Color::Black), game.prisoners(Color::White)],
            status: game.status(),
            can_unwind: game.can_unwind().is_some(),
            can_remove: game.can_remove_illegal().is_some(),
            illegal: game
                .illegal_moves()
                .iter()
                .map(|m| {
                    let point = m.point.to_human(size);
                    match m.color {
                        Color::Black => tf(
                            "Move {}: Black {} broke a rule and stands as played ({})",
                            &[&m.move_number, &point, &m.reason],
                        ),
                        Color::White => tf(
                            "Move {}: White {} broke a rule and stands as played ({})",
                            &[&m.move_number, &point, &m.reason],
                        ),
                    }
                })
                .collect(),
            written: game.as_written().iter().map(|n| n.describe(size)).collect(),
            moves,
            total,
            passes: game.passes_to_end().map(|p| p.words()),
        }
    }

    /// The line above the board: the move and whose turn it is.
    pub fn status_line(&self) -> String {
        let turn = match self.status {
            Status::Playing => match self.to_move {
                Color::Black => t("Black to play"),
                Color::White => t("White to play"),
            },
            Status::Paused => t("Play paused after the passes"),
            Status::Ended(_) => t("Play has ended"),
        };
        let line = if self.moves == self.total {
            tf("Move {} · {}", &[&self.total, &turn])
        } else {
            tf("Move {} of {} · {}", &[&self.moves, &self.total, &turn])
        };
        match &self.passes {
            Some(passes) => format!("{line} · {passes}"),
            None => line,
        }
    }
}
