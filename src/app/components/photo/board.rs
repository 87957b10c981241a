//! The position read from a photo as a board, in the photo's piece: each point a button that
//! cycles empty, black, white; the points the reading is not sure of ringed
//! (`data-unsure="true"`) until a person taps or confirms them; the stones of a chain without
//! a liberty ringed in red. Drawn by the game's board's drawing (`components::grid`), with
//! its styles.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::app::components::grid::{arrow, focus_point, grid};
use crate::core::text::{t, tf};
use crate::core::{Color, Point, geometry};

/// What one point of the reading holds.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Spot {
    /// The stone read or set, `None` for an empty point.
    pub stone: Option<Color>,
    /// The reading is not sure of it, and no one has looked yet.
    pub unsure: bool,
}

impl Spot {
    /// The point after a tap: empty, black, white, empty again; looked at.
    pub fn tapped(self) -> Spot {
        Spot {
            stone: match self.stone {
                None => Some(Color::Black),
                Some(Color::Black) => Some(Color::White),
                Some(Color::White) => None,
            },
            unsure: false,
        }
    }
}

/// The board of `size` lines showing `spots` (row by row); a tap or Enter on a point calls
/// `on_tap` with its index; the points of `breathless` are ringed in red.
#[component]
pub fn ReadBoard(
    size: u8,
    spots: StoredValue<Vec<RwSignal<Spot>>>,
    breathless: Memo<Vec<usize>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let n = usize::from(size);
    let points = (0..n * n)
        .map(|i| {
            let spot = spots.with_value(|s| s[i]);
            point_view(Point::at_index(i, n), i, size, spot, breathless, on_tap)
        })
        .collect_view();
    // Arrow keys move the focus from point to point.
    let on_key = move |ev: web_sys::KeyboardEvent| {
        let Some((dx, dy)) = arrow(&ev.key()) else {
            return;
        };
        let Some(here) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-point"))
            .and_then(|p| Point::from_sgf(&p))
        else {
            return;
        };
        ev.prevent_default();
        focus_point(&ev, geometry::step(here, dx, dy, size));
    };
    view! {
        <svg
            class="goban read-board"
            data-testid="board"
            data-size=size.to_string()
            viewBox=geometry::view_box(size)
            role="group"
            aria-label=tf("The position read, {}×{}: a tap changes a point", &[&size, &size])
            on:keydown=on_key
        >
            {grid(size)}
            <g class="points">{points}</g>
        </svg>
    }
}

/// One point: a tap target, its stone, and its rings.
fn point_view(
    p: Point,
    i: usize,
    size: u8,
    spot: RwSignal<Spot>,
    breathless: Memo<Vec<usize>>,
    on_tap: Callback<usize>,
) -> impl IntoView {
    let (cx, cy) = (geometry::at(p.x), geometry::at(p.y));
    let (hx, hw) = geometry::hit_span(p.x, size);
    let (hy, hh) = geometry::hit_span(p.y, size);
    let stone = move || spot.with(|s| s.stone);
    let unsure = move || spot.with(|s| s.unsure);
    let airless = move || breathless.with(|b| b.binary_search(&i).is_ok());
    let label = move || {
        let mut text = geometry::point_label(p, size, stone());
        if unsure() {
            text.push_str(t(", not sure: look at the photo"));
        }
        text
    };
    view! {
        <g
            class="pt"
            data-point=p.to_sgf()
            data-stone=move || stone().map(|c| if c == Color::Black { "b" } else { "w" })
            data-unsure=move || unsure().then_some("true")
            role="button"
            tabindex=if i == 0 { "0" } else { "-1" }
            aria-label=label
            on:click=move |ev: web_sys::MouseEvent| {
                ev.stop_propagation();
                on_tap.run(i);
            }
            on:keydown=move |ev: web_sys::KeyboardEvent| {
                if matches!(ev.key().as_str(), "Enter" | " ") {
                    ev.prevent_default();
                    on_tap.run(i);
                }
            }
        >
            <rect class="hit" x=hx y=hy width=hw height=hh fill="transparent" />
            <circle
                class=move || match stone() {
                    None => "stone none",
                    Some(Color::Black) => "stone b",
                    Some(Color::White) => "stone w",
                }
                cx=cx
                cy=cy
                r="4.7"
            />
            <circle visibility=move || if unsure() { "visible" } else { "hidden" } cx=cx cy=cy r="4.6"
                fill="none" stroke="#ff7a00" stroke-width="1.1" stroke-dasharray="1.6 0.8" pointer-events="none" />
            <circle visibility=move || if airless() { "visible" } else { "hidden" } cx=cx cy=cy r="5.3"
                fill="none" stroke="#d0342c" stroke-width="1.1" pointer-events="none" />
        </g>
    }
}
