//! The photo as read, in the photo's piece: the picture with the grid found drawn over it, a
//! ring on each point the reading is not sure of until it is looked at, and a handle on each of
//! the grid's corners that a finger drags to where the board's corner point really is; the
//! reading follows once it is let go. One drawing as wide as the screen, styled by its own
//! attributes (the style sheet of the first load carries nothing of it).

use leptos::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::board::Spot;
use crate::app::components::grid::arrow;
use crate::app::js;
use crate::core::photo::homography::Homography;
use crate::core::text::t;

/// The grid's corner points in the photo's pixels: top left, top right, bottom right, bottom
/// left.
pub type Corners = [(f64, f64); 4];

/// Each line of the grid of `n` lines between `corners`, end to end, and each point, row by
/// row, with the radius of a ring around it.
pub(super) type Drawn = (Vec<((f64, f64), (f64, f64))>, Vec<(f64, f64, f64)>);

/// The grid of `n` lines between `corners`, by the homography from the unit square; nothing
/// where the corners make no board.
pub(super) fn grid_of(corners: Corners, n: usize) -> Drawn {
    let unit = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    let Some(map) = Homography::from_corners(unit, corners).filter(|_| n >= 2) else {
        return (Vec::new(), Vec::new());
    };
    let step = 1.0 / (n - 1) as f64;
    let at = |i: usize, j: usize| map.apply(i as f64 * step, j as f64 * step);
    let lines = (0..n)
        .flat_map(|k| [(at(0, k), at(n - 1, k)), (at(k, 0), at(k, n - 1))])
        .collect();
    let points = (0..n * n)
        .map(|k| {
            let (i, j) = (k % n, k / n);
            let (x, y) = at(i, j);
            let (nx, ny) = at(if i + 1 < n { i + 1 } else { i - 1 }, j);
            (x, y, 0.45 * (nx - x).hypot(ny - y))
        })
        .collect();
    (lines, points)
}

/// The photo (`canvas`, `width` × `height` pixels) with the grid of `size` lines between
/// `corners` over it; a corner dragged and let go calls `on_placed`.
#[component]
pub fn PhotoView(
    canvas: JsValue,
    width: usize,
    height: usize,
    size: usize,
    corners: RwSignal<Corners>,
    spots: StoredValue<Vec<RwSignal<Spot>>>,
    on_placed: Callback<()>,
) -> impl IntoView {
    let side = width.max(height) as f64;
    let line = side / 300.0;
    let handle = side / 45.0;
    let drawn = Memo::new(move |_| grid_of(corners.get(), size));
    let lines = move || {
        drawn.with(|(lines, _)| {
            lines
                .iter()
                .map(|((x1, y1), (x2, y2))| view! { <line x1=*x1 y1=*y1 x2=*x2 y2=*y2 /> })
                .collect_view()
        })
    };
    let rings = move || {
        let unsure: Vec<usize> =
            spots.with_value(|s| (0..s.len()).filter(|&i| s[i].with(|p| p.unsure)).collect());
        drawn.with(|(_, points)| {
            unsure
                .into_iter()
                .filter_map(|i| points.get(i).copied())
                .map(|(x, y, r)| view! { <circle cx=x cy=y r=r /> })
                .collect_view()
        })
    };
    // The corner being dragged.
    let dragging = StoredValue::new(None::<usize>);
    let to_photo = move |ev: &web_sys::PointerEvent| -> Option<(f64, f64)> {
        let svg = ev.current_target()?.dyn_into::<web_sys::Element>().ok()?;
        let rect = svg.get_bounding_client_rect();
        if rect.width() <= 0.0 || rect.height() <= 0.0 {
            return None;
        }
        let x = (f64::from(ev.client_x()) - rect.left()) / rect.width() * width as f64;
        let y = (f64::from(ev.client_y()) - rect.top()) / rect.height() * height as f64;
        Some((x.clamp(0.0, width as f64), y.clamp(0.0, height as f64)))
    };
    let on_move = move |ev: web_sys::PointerEvent| {
        if let Some(k) = dragging.get_value()
            && let Some(at) = to_photo(&ev)
        {
            ev.prevent_default();
            corners.update(|c| c[k] = at);
        }
    };
    let on_up = move |_: web_sys::PointerEvent| {
        if dragging.get_value().is_some() {
            dragging.set_value(None);
            on_placed.run(());
        }
    };
    // The handle that has the keyboard's focus, drawn thicker.
    let focused = RwSignal::new(None::<usize>);
    let handle = Handle {
        corners,
        dragging,
        focused,
        line,
        radius: handle,
        // An arrow key moves a handle a few of the photo's pixels (Shift: five times as far).
        nudge: (side / 320.0).max(1.0),
        bounds: (width as f64, height as f64),
        on_placed,
    };
    let handles = (0..4)
        .map(|k| view! { <CornerHandle k handle /> })
        .collect_view();
    let holder = NodeRef::<leptos::svg::ForeignObject>::new();
    holder.on_load(move |place| {
        let place: JsValue = place.into();
        let _ = js::call(&place, "append", &[&canvas]);
    });
    view! {
        <svg
            class="photo-grid"
            width="100%"
            viewBox=format!("0 0 {width} {height}")
            role="group"
            aria-label=t("The photo with the grid read over it")
            data-testid="photo-grid"
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_up
        >
            <foreignObject node_ref=holder x="0" y="0" width=width height=height aria-hidden="true"></foreignObject>
            <g stroke="#1ec8ff" stroke-width=line opacity="0.9" aria-hidden="true">{lines}</g>
            <g fill="none" stroke="#ff7a00" stroke-width=2.0 * line aria-hidden="true">{rings}</g>
            <g>{handles}</g>
        </svg>
    }
}

/// What the corner handles share: the corners, the one being dragged and the one with the
/// keyboard's focus, their drawing's sizes, how far an arrow key moves one, the photo's size,
/// and what to call once one is placed.
#[derive(Clone, Copy)]
struct Handle {
    corners: RwSignal<Corners>,
    dragging: StoredValue<Option<usize>>,
    focused: RwSignal<Option<usize>>,
    line: f64,
    radius: f64,
    nudge: f64,
    bounds: (f64, f64),
    on_placed: Callback<()>,
}

impl Handle {
    /// Moves corner `k` by (`dx`, `dy`) steps of the nudge (five times as far with `far`),
    /// inside the photo.
    fn nudge(self, k: usize, (dx, dy): (i8, i8), far: bool) {
        let step = if far { 5.0 * self.nudge } else { self.nudge };
        let (w, h) = self.bounds;
        self.corners.update(|c| {
            c[k] = (
                (c[k].0 + f64::from(dx) * step).clamp(0.0, w),
                (c[k].1 + f64::from(dy) * step).clamp(0.0, h),
            )
        });
    }
}

/// The handle on corner `k`: a finger drags it, the arrow keys move it; the reading follows
/// once it is let go.
#[component]
fn CornerHandle(k: usize, handle: Handle) -> impl IntoView {
    let Handle {
        corners,
        focused,
        line,
        radius,
        on_placed,
        ..
    } = handle;
    let at = move || corners.with(|c| c[k]);
    let grab = move |ev: web_sys::PointerEvent| {
        ev.prevent_default();
        // By name, like every browser call of the piece: no binding in the main module.
        if let Some(target) = ev.target() {
            let id = js::get(&ev, "pointerId");
            let _ = js::call(&target, "setPointerCapture", &[&id]);
        }
        handle.dragging.set_value(Some(k));
    };
    let on_key = move |ev: web_sys::KeyboardEvent| {
        if let Some(step) = arrow(&ev.key()) {
            ev.prevent_default();
            handle.nudge(k, step, ev.shift_key());
        }
    };
    let on_key_up = move |ev: web_sys::KeyboardEvent| {
        if arrow(&ev.key()).is_some() {
            on_placed.run(());
        }
    };
    // A finger on a handle drags it rather than scrolling the page; set by name, so that the
    // main module gains no binding for an SVG element's style.
    let held = NodeRef::<leptos::svg::G>::new();
    held.on_load(|g| {
        let g: JsValue = g.into();
        js::set(&js::get(&g, "style"), "touchAction", &"none".into());
    });
    let name = [
        t("Top-left corner"),
        t("Top-right corner"),
        t("Bottom-right corner"),
        t("Bottom-left corner"),
    ][k];
    let thick = move || {
        if focused.get() == Some(k) {
            3.0 * line
        } else {
            line
        }
    };
    view! {
        <g
            data-corner=k.to_string()
            role="button"
            tabindex="0"
            aria-label=name
            aria-roledescription=t("corner handle")
            aria-description=t("Drag it, or move it with the arrow keys (Shift: further), to the corner point of the board's grid.")
            on:pointerdown=grab
            on:keydown=on_key
            on:keyup=on_key_up
            on:focus=move |_| focused.set(Some(k))
            on:blur=move |_| focused.set(None)
            node_ref=held
        >
            <circle cx=move || at().0 cy=move || at().1 r=2.5 * radius fill="transparent" />
            <circle cx=move || at().0 cy=move || at().1 r=radius fill="#1ec8ff" fill-opacity="0.35"
                stroke=move || if focused.get() == Some(k) { "#ffdd00" } else { "#ffffff" }
                stroke-width=thick />
        </g>
    }
}
