//! The board as an SVG that fills the width of the screen: lines and star points (the drawing
//! `grid` shares with the board read from a photo), coordinates,
//! stones, the last move, move numbers and a ghost stone. Each intersection is a button a
//! thumb, a mouse or the keyboard can press; painting strokes follow a finger in setup mode.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::components::grid::{arrow, focus_point, grid};
use crate::app::parts::parts;
use crate::core::Color;
use crate::core::Point;
use crate::core::geometry;
use crate::core::text::{t, tf};

/// What the board shows; the page derives it from the record.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BoardView {
    /// The stone on each point, row by row from the top left.
    pub stones: Vec<Option<Color>>,
    /// The last stone played, marked.
    pub last: Option<Point>,
    /// The move number of the stone on each point, where known.
    pub numbers: Vec<Option<u32>>,
    /// A stone waiting for a second tap, in the colour of the side to move.
    pub ghost: Option<(Point, Color)>,
    /// Stones that broke a rule but stand because they were played on the board, flagged.
    pub flagged: Vec<Point>,
    /// Stones marked dead (while counting).
    pub dead: Vec<Point>,
    /// Whose territory each point is (while counting), row by row; empty when not counting.
    pub territory: Vec<Option<Color>>,
}

/// One step of a painting stroke.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Stroke {
    /// A finger (or mouse button) went down on this point.
    Start(Point),
    /// It moved onto this point.
    Move(Point),
    /// It was lifted.
    End,
}

parts! {
    /// What one point shows. The board keeps a signal for each part of a point, written only
    /// when that part changes: a move wakes the bindings of the points it changed and, there, only
    /// those that show the part that changed (the last-move mark moving on wakes two labels, not
    /// the numbers, ghosts and territory of two points).
    #[derive(Clone, Copy, Debug, PartialEq, Default)]
    struct Cell {
        stone: Option<Color>,
        flags: Flags,
        last: bool,
        marks: MarkCell,
    }
    /// The signals of one point.
    struct CellSignals;
}

/// What is said of the stone on a point.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct Flags {
    /// An illegal move that stands.
    flagged: bool,
    /// A stone marked dead (never set on an empty point).
    dead: bool,
}

/// The marks on a point other than the last move: its number, a ghost stone, territory.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
struct MarkCell {
    number: Option<u32>,
    ghost: Option<Color>,
    territory: Option<Color>,
}

impl Cell {
    fn of(v: &BoardView, i: usize, p: Point, numbers: bool) -> Cell {
        let stone = v.stones.get(i).copied().flatten();
        Cell {
            stone,
            flags: Flags {
                flagged: !v.flagged.is_empty() && v.flagged.contains(&p),
                dead: stone.is_some() && !v.dead.is_empty() && v.dead.contains(&p),
            },
            last: v.last == Some(p),
            marks: MarkCell {
                number: if numbers {
                    v.numbers.get(i).copied().flatten()
                } else {
                    None
                },
                ghost: v.ghost.filter(|(g, _)| *g == p).map(|(_, c)| c),
                territory: v.territory.get(i).copied().flatten(),
            },
        }
    }
}

fn color_letter(c: Color) -> &'static str {
    match c {
        Color::Black => "b",
        Color::White => "w",
    }
}

/// The board of side `size`. A tap (or Enter) on a point calls `on_tap`; while `painting`, a
/// finger drawn across the board sends `on_stroke` steps instead.
#[component]
pub fn Goban(
    size: u8,
    #[prop(into)] view: Signal<BoardView>,
    #[prop(into)] painting: Signal<bool>,
    #[prop(into)] show_coords: Signal<bool>,
    #[prop(into)] show_numbers: Signal<bool>,
    on_tap: Callback<Point>,
    on_stroke: Callback<Stroke>,
) -> impl IntoView {
    let n = usize::from(size);
    let centre = size / 2;
    let cursor = RwSignal::new(Point::new(centre, centre));
    let stroking = RwSignal::new(false);

    let on_key = move |ev: web_sys::KeyboardEvent| {
        if matches!(ev.key().as_str(), "Enter" | " ") {
            ev.prevent_default();
            let p = cursor.get_untracked();
            if painting.get_untracked() {
                on_stroke.run(Stroke::Start(p));
                on_stroke.run(Stroke::End);
            } else {
                on_tap.run(p);
            }
            return;
        }
        let Some((dx, dy)) = arrow(&ev.key()) else {
            return;
        };
        ev.prevent_default();
        let p = geometry::step(cursor.get_untracked(), dx, dy, size);
        cursor.set(p);
        focus_point(&ev, p);
    };

    let point_at = move |i: usize| Point::at_index(i, n);
    let index_of = move |p: Point| p.index(n);
    let cells = follow_cells(n, view, show_numbers);
    let keyboard = follow_cursor(n, cursor);

    let points = (0..n * n)
        .map(|i| {
            let cell = cells.with_value(|c| c[i]);
            let here = keyboard.with_value(|k| k[i]);
            point_view(point_at(i), size, cell, here, cursor, painting, on_tap)
        })
        .collect_view();

    // One last-move mark for the whole board, moved to the point (unless the point shows its
    // number): a move moves it instead of removing a circle on one point and building one on
    // another.
    let last_mark = Memo::new(move |_| {
        let numbers = show_numbers.get();
        view.with(|v| {
            let p = v.last?;
            let i = index_of(p);
            let numbered = numbers && v.numbers.get(i).copied().flatten().is_some();
            (!numbered).then(|| (p, v.stones.get(i).copied().flatten()))
        })
    });

    view! {
        <svg
            class=move || if painting.get() { "goban painting" } else { "goban" }
            data-testid="board"
            data-size=size.to_string()
            viewBox=geometry::view_box(size)
            role="group"
            aria-label=tf("{}×{} board: arrow keys move, Enter plays", &[&size, &size])
            on:keydown=on_key
            on:pointerdown=move |ev: web_sys::PointerEvent| {
                if !painting.get_untracked() || !ev.is_primary() {
                    return;
                }
                if let Some(p) = point_under(&ev, size) {
                    ev.prevent_default();
                    stroking.set(true);
                    on_stroke.run(Stroke::Start(p));
                }
            }
            on:pointermove=move |ev: web_sys::PointerEvent| {
                if stroking.get_untracked() && let Some(p) = point_under(&ev, size) {
                    on_stroke.run(Stroke::Move(p));
                }
            }
            on:pointerup=move |_| {
                if stroking.get_untracked() {
                    stroking.set(false);
                    on_stroke.run(Stroke::End);
                }
            }
            on:pointercancel=move |_| {
                if stroking.get_untracked() {
                    stroking.set(false);
                    on_stroke.run(Stroke::End);
                }
            }
        >
            {grid(size)}
            <g
                class=move || if show_coords.get() { "coords" } else { "coords off" }
                aria-hidden="true"
            >
                {coords(size)}
            </g>
            <g class="points">{points}</g>
            // Two bindings: where the mark is, and its colour (or hidden).
            <circle
                class=move || match last_mark.get() {
                    Some((_, Some(Color::Black))) => "last on-b",
                    Some(_) => "last on-w",
                    None => "last off",
                }
                transform=move || {
                    last_mark
                        .get()
                        .map(|(p, _)| format!("translate({} {})", geometry::at(p.x), geometry::at(p.y)))
                }
                r="2.2"
            />
        </svg>
    }
}

/// The column letters and row numbers around a board of `size` lines.
fn coords(size: u8) -> impl IntoView {
    (0..size)
        .flat_map(|i| {
            let c = geometry::at(i);
            let edge = geometry::MARGIN / 2.0;
            let far = geometry::extent(size) - edge;
            let col = geometry::column_label(i);
            let row = geometry::row_label(i, size);
            [
                view! { <text x=c y=edge>{col.clone()}</text> },
                view! { <text x=c y=far>{col}</text> },
                view! { <text x=edge y=c>{row.clone()}</text> },
                view! { <text x=far y=c>{row}</text> },
            ]
        })
        .collect_view()
}

/// The point of a board of `size` lines under the pointer of `ev`, heard on the board.
fn point_under(ev: &web_sys::PointerEvent, size: u8) -> Option<Point> {
    let el = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
    let rect = el.get_bounding_client_rect();
    if rect.width() <= 0.0 || rect.height() <= 0.0 {
        return None;
    }
    // The drawing is a centred square inside the element (preserveAspectRatio's default).
    let side = rect.width().min(rect.height());
    let left = rect.left() + (rect.width() - side) / 2.0;
    let top = rect.top() + (rect.height() - side) / 2.0;
    let fx = (f64::from(ev.client_x()) - left) / side;
    let fy = (f64::from(ev.client_y()) - top) / side;
    geometry::nearest_point(size, fx, fy)
}

/// The signals of each of the `n`×`n` points, following `view`. One pass over the view per
/// change writes the points that changed. What each point shows is compared with what the
/// pass before found, a plain copy, so that only the points that changed have their signals
/// read and written.
fn follow_cells(
    n: usize,
    view: Signal<BoardView>,
    show_numbers: Signal<bool>,
) -> StoredValue<Vec<CellSignals>> {
    // What every point shows of `v`.
    let cells_of = move |v: &BoardView, numbers: bool| -> Vec<Cell> {
        (0..n * n)
            .map(|i| Cell::of(v, i, Point::at_index(i, n), numbers))
            .collect()
    };
    let cells: Vec<CellSignals> = view
        .with_untracked(|v| cells_of(v, show_numbers.get_untracked()))
        .iter()
        .map(CellSignals::new)
        .collect();
    let cells = StoredValue::new(cells);
    Effect::new(move |before: Option<Vec<Cell>>| {
        let numbers = show_numbers.get();
        let now = view.with(|v| cells_of(v, numbers));
        cells.with_value(|cells| {
            for ((i, signals), cell) in cells.iter().enumerate().zip(&now) {
                if before.as_ref().and_then(|b| b.get(i)) != Some(cell) {
                    signals.set(cell);
                }
            }
        });
        now
    });
    cells
}

/// Whether each of the `n`×`n` points is the one the keyboard is on (`cursor`), which takes
/// the tab stop; one signal per point, so moving it touches two points, not every point of
/// the board.
fn follow_cursor(n: usize, cursor: RwSignal<Point>) -> StoredValue<Vec<RwSignal<bool>>> {
    let keyboard: Vec<RwSignal<bool>> = (0..n * n)
        .map(|i| RwSignal::new(Point::at_index(i, n) == cursor.get_untracked()))
        .collect();
    let keyboard = StoredValue::new(keyboard);
    Effect::new(move |previous: Option<Point>| {
        let now = cursor.get();
        if previous != Some(now) {
            keyboard.with_value(|k| {
                if let Some(old) = previous.and_then(|p| k.get(p.index(n))) {
                    old.set(false);
                }
                if let Some(new) = k.get(now.index(n)) {
                    new.set(true);
                }
            });
        }
        now
    });
    keyboard
}

/// One point of the board: its stone, marks and number, following its own signal only.
fn point_view(
    p: Point,
    size: u8,
    cell: CellSignals,
    here: RwSignal<bool>,
    cursor: RwSignal<Point>,
    painting: Signal<bool>,
    on_tap: Callback<Point>,
) -> impl IntoView {
    let (cx, cy) = (geometry::at(p.x), geometry::at(p.y));
    let (hx, hw) = geometry::hit_span(p.x, size);
    let (hy, hh) = geometry::hit_span(p.y, size);
    let stone = move || cell.stone.get();
    let flagged = move || cell.flags.with(|f| f.flagged);
    let dead = move || cell.flags.with(|f| f.dead);
    let is_last = move || cell.last.get();
    let number = move || cell.marks.with(|c| c.number);
    let ghost = move || cell.marks.with(|c| c.ghost);
    let territory = move || cell.marks.with(|c| c.territory);
    let stone_class = move || match (stone(), dead()) {
        (None, _) => "stone none",
        (Some(Color::Black), false) => "stone b",
        (Some(Color::Black), true) => "stone b dead",
        (Some(Color::White), false) => "stone w",
        (Some(Color::White), true) => "stone w dead",
    };
    let label = move || {
        let mut text = geometry::point_label(p, size, stone());
        if is_last() {
            text.push_str(t(", last move"));
        }
        if dead() {
            text.push_str(t(", dead"));
        }
        if flagged() {
            text.push_str(t(", illegal move that stands"));
        }
        if ghost().is_some() {
            text.push_str(t(", tap again to confirm"));
        }
        text
    };
    view! {
        <g
            class="pt"
            data-point=p.to_sgf()
            data-stone=move || stone().map(color_letter)
            data-dead=move || dead().then_some("true")
            data-illegal=move || flagged().then_some("true")
            role="button"
            tabindex=move || if here.get() { "0" } else { "-1" }
            aria-label=label
            on:focus=move |_| cursor.set(p)
            on:click=move |ev: web_sys::MouseEvent| {
                // The tap is the board's alone: it goes no further up the page, where the
                // router would look through every element above the point for a link.
                ev.stop_propagation();
                cursor.set(p);
                if !painting.get_untracked() {
                    on_tap.run(p);
                }
            }
        >
            <rect
                class="hit"
                x=hx
                y=hy
                width=hw
                height=hh
                fill="transparent"
            />
            // Always in place, hidden on an empty point: a stone played or captured changes a
            // class instead of building or removing a circle.
            <circle class=stone_class cx=cx cy=cy r="4.7" />
            {move || {
                territory().map(|c| {
                    view! {
                        <rect class=format!("terr {}", color_letter(c)) x=cx - 1.8 y=cy - 1.8 width="3.6" height="3.6" />
                    }
                })
            }}
            {move || {
                ghost()
                    .map(|c| {
                        view! {
                            <circle class=format!("ghost {}", color_letter(c)) cx=cx cy=cy r="4.5" />
                        }
                    })
            }}
            {move || {
                number()
                    .map(|k| {
                        let class = match stone() {
                            Some(Color::Black) => "num on-b",
                            _ => "num on-w",
                        };
                        let class = if is_last() {
                            format!("{class} is-last")
                        } else {
                            class.to_string()
                        };
                        view! {
                            <text class=class x=cx y=cy>
                                {k.to_string()}
                            </text>
                        }
                    })
            }}
            {move || {
                flagged()
                    .then(|| {
                        view! {
                            <circle class="flag" cx=cx cy=cy r="5.2" />
                        }
                    })
            }}
        </g>
    }
}
