//! The board's drawing that the game's board (`goban`) and the board read from a photo
//! (`photo::board`) share: the wood, the lines and the star points of a board of any size, in
//! the coordinates of `core::geometry`, and the arrow keys that move the focus from point to
//! point (each point a `data-point` element that takes the focus).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::core::{Point, geometry};

/// The wood, the lines and the star points of a board of `size` lines.
pub fn grid(size: u8) -> impl IntoView {
    let (first, last) = (geometry::at(0), geometry::at(size.saturating_sub(1)));
    let lines = (0..size)
        .flat_map(|i| {
            let c = geometry::at(i);
            [
                view! { <line x1=first y1=c x2=last y2=c /> },
                view! { <line x1=c y1=first x2=c y2=last /> },
            ]
        })
        .collect_view();
    let stars = geometry::star_points(size)
        .into_iter()
        .map(
            |p| view! { <circle class="star" cx=geometry::at(p.x) cy=geometry::at(p.y) r="1.1" /> },
        )
        .collect_view();
    let extent = geometry::extent(size);
    view! {
        <rect class="wood" x="0" y="0" width=extent height=extent />
        <g class="lines">{lines}</g>
        <g class="stars">{stars}</g>
    }
}

/// The step an arrow key moves the focus by, or `None` for any other key.
pub fn arrow(key: &str) -> Option<(i8, i8)> {
    match key {
        "ArrowLeft" => Some((-1, 0)),
        "ArrowRight" => Some((1, 0)),
        "ArrowUp" => Some((0, -1)),
        "ArrowDown" => Some((0, 1)),
        _ => None,
    }
}

/// Gives the focus to the point `p` of the board the key event `ev` was heard on.
pub fn focus_point(ev: &web_sys::KeyboardEvent, p: Point) {
    let selector = format!("[data-point=\"{}\"]", p.to_sgf());
    if let Some(svg) = ev
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        && let Ok(Some(el)) = svg.query_selector(&selector)
        && let Ok(el) = el.dyn_into::<web_sys::SvgElement>()
    {
        let _ = el.focus();
    }
}
