//! The rear camera live, in the photo's piece: the camera (`components::camera`) for the camera
//! that faces away from the player, its picture on screen with the board's grid drawn over it
//! as soon as it is found (`core::photo::find_grid` on a frame made small, a few times a
//! second, so that taps are never held up), and the picture at full size handed to the reading
//! once the grid holds still over [`HOLDS`] looks in a row (or at once with "Take this frame").
//! The camera stops when a frame is taken, when the view leaves the page, and when it is
//! dropped.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::decode::{self, Frame};
use super::overlay::grid_of;
use crate::app::components::camera::{self, Camera, CameraProblem, Live};
use crate::app::js;
use crate::core::photo::find_grid;
use crate::core::text::t;

/// The pause between the end of one look for the grid and the next.
const LOOK_EVERY: Duration = Duration::from_millis(350);

/// Looks in a row that find the grid in the same place before the frame is taken.
const HOLDS: u32 = 3;

/// The farthest a corner may move between two looks and the grid still hold, as a share of
/// the picture's longer side.
const STILL: f64 = 0.015;

/// The longer side of the frame the grid is looked for in, in pixels.
const LOOK_SIDE: f64 = 640.0;

/// What happened to the camera and what to do, in the player's words: the file choice still
/// works.
fn said(problem: CameraProblem) -> &'static str {
    match problem {
        CameraProblem::NoCameraAccess => t(
            "This browser gives the app no camera (it must be opened over https, in a recent \
                 browser). Take the photo with the phone's camera app, then choose it with \"Read \
                 the board from a photo\".",
        ),
        CameraProblem::NotAllowed => t(
            "The camera was not allowed. Allow the camera for this app in the browser's or \
                 the phone's settings, or take the photo with the camera app and choose it with \
                 \"Read the board from a photo\".",
        ),
        CameraProblem::NoCamera => t(
            "This device has no camera the app can use. Choose a photo of the board with \
                 \"Read the board from a photo\".",
        ),
        CameraProblem::InUse => t(
            "The camera could not be started: another app may be using it. Close that app \
                 and try again, or choose a photo with \"Read the board from a photo\".",
        ),
        CameraProblem::Other => t(
            "The camera could not be started. Choose a photo of the board with \"Read the \
                 board from a photo\".",
        ),
    }
}

/// What the view shows of the camera's work.
#[derive(Clone, Copy)]
struct Shown {
    live: RwSignal<Live>,
    /// The picture's width and height in pixels.
    frame: RwSignal<(f64, f64)>,
    /// The grid found in the last frame looked at: its corners in the picture's pixels.
    grid: RwSignal<Option<[(f64, f64); 4]>>,
    /// Looks in a row that found the grid where the one before had it.
    held: RwSignal<u32>,
}

/// The looking for the grid: the small canvas a frame is looked at in.
struct Looker {
    canvas: JsValue,
    context: JsValue,
    size: usize,
    shown: Shown,
}

impl Looker {
    /// Looks for the grid in the picture now, made small, and shows where it is.
    fn look(&self, video: &JsValue) {
        let number = |name: &str| js::get(video, name).as_f64().unwrap_or(0.0);
        let (width, height) = (number("videoWidth"), number("videoHeight"));
        // HAVE_CURRENT_DATA: a picture to draw.
        if width < 1.0 || height < 1.0 || number("readyState") < 2.0 {
            return;
        }
        if self.shown.frame.get_untracked() != (width, height) {
            self.shown.frame.set((width, height));
        }
        let Some((rgba, w, h)) = decode::pixels_of(
            video,
            &self.canvas,
            &self.context,
            (width, height),
            LOOK_SIDE,
        ) else {
            return;
        };
        let found = find_grid(&rgba, w, h, Some(self.size))
            .ok()
            .filter(|(size, _)| *size == self.size)
            .map(|(_, corners)| {
                let scale = width / w as f64;
                corners.map(|(x, y)| (x * scale, y * scale))
            });
        let previous = self.shown.grid.get_untracked();
        let still = match (previous, found) {
            (Some(a), Some(b)) => a
                .iter()
                .zip(b)
                .all(|(p, q)| (p.0 - q.0).hypot(p.1 - q.1) < STILL * width.max(height)),
            _ => false,
        };
        self.shown.grid.set(found);
        let held = if still {
            self.shown.held.get_untracked() + 1
        } else {
            u32::from(found.is_some())
        };
        self.shown.held.set(held);
    }
}

/// The live camera for a board of `size` lines: its picture with the grid found drawn over it,
/// "Take this frame", and why there is no picture when there is none. `on_take` gets the
/// frame taken, after the camera stopped.
#[component]
pub fn LiveCamera(size: usize, on_take: Callback<Frame>) -> impl IntoView {
    let shown = Shown {
        live: RwSignal::new(Live::Starting),
        frame: RwSignal::new((1280.0, 960.0)),
        grid: RwSignal::new(None),
        held: RwSignal::new(0),
    };
    let camera = camera::kept_with_view();
    // The video is made as an HTML element by name and put in the drawing's foreign object:
    // made by the view inside an SVG, it would be an SVG element, which plays nothing.
    let video = StoredValue::new_local(JsValue::UNDEFINED);
    let holder = NodeRef::<leptos::svg::ForeignObject>::new();
    holder.on_load(move |place| {
        let Some(document) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        let Ok(element) = js::call(&document.into(), "createElement", &[&"video".into()]) else {
            return;
        };
        for name in ["muted", "autoplay", "playsInline"] {
            js::set(&element, name, &true.into());
        }
        let place: JsValue = place.into();
        let _ = js::call(&place, "append", &[&element]);
        video.set_value(element.clone());
        let Some((canvas, context)) = decode::reading_canvas() else {
            shown.live.set(Live::Failed(CameraProblem::Other));
            return;
        };
        let looker = Looker {
            canvas,
            context,
            size,
            shown,
        };
        let look = move |video: &JsValue| looker.look(video);
        let started = Camera::start(element, (1280, 960), LOOK_EVERY, shown.live, look);
        camera.set_value(started);
    });
    // The video as big as the picture, in the drawing's pixels.
    Effect::new(move |_| {
        let (w, h) = shown.frame.get();
        video.with_value(|v| {
            js::set(v, "width", &w.into());
            js::set(v, "height", &h.into());
        });
    });
    let take = move || {
        let Some(c) = camera.get_value() else {
            return;
        };
        let frame = decode::from_video(c.video());
        c.stop();
        if let Ok(frame) = frame {
            on_take.run(frame);
        }
    };
    // The frame taken once the grid holds still.
    Effect::new(move |_| {
        if shown.held.get() >= HOLDS {
            take();
        }
    });
    let drawn = Memo::new(move |_| shown.grid.get().map(|corners| grid_of(corners, size)));
    let view_box = move || {
        let (w, h) = shown.frame.get();
        format!("0 0 {w} {h}")
    };
    let line = move || shown.frame.with(|(w, h)| w.max(*h) / 300.0);
    view! {
        <div class="stack photo-live" data-testid="photo-live"
            data-state=move || match shown.live.get() {
                Live::Starting => "starting",
                Live::Showing => "live",
                Live::Failed(_) => "failed",
            }>
            {move || match shown.live.get() {
                Live::Failed(problem) => Some(view! {
                    <div class="banner error" role="alert" data-testid="photo-error" data-camera=problem.id()>
                        <p>{said(problem)}</p>
                    </div>
                }.into_any()),
                Live::Starting => Some(view! {
                    <p role="status">{t("Starting the camera…")}</p>
                }.into_any()),
                Live::Showing => Some(view! {
                    <p role="status">{move || if shown.grid.with(Option::is_some) {
                        t("The board is found: its grid is drawn over the picture. Hold still: the frame is taken when the grid holds.")
                    } else {
                        t("Point the camera at the board, the whole board in the frame.")
                    }}</p>
                }.into_any()),
            }}
            <svg
                width="100%"
                viewBox=view_box
                role="img"
                aria-label=t("The camera's picture")
                hidden=move || matches!(shown.live.get(), Live::Failed(_))
            >
                <foreignObject node_ref=holder x="0" y="0"
                    width=move || shown.frame.get().0 height=move || shown.frame.get().1>
                </foreignObject>
                {move || drawn.get().map(|(lines, _)| view! {
                    <g stroke="#1ec8ff" stroke-width=line() opacity="0.9" data-testid="photo-grid">
                        {lines.into_iter().map(|((x1, y1), (x2, y2))| view! {
                            <line x1=x1 y1=y1 x2=x2 y2=y2 />
                        }).collect_view()}
                    </g>
                })}
            </svg>
            <div class="row">
                <button class="primary" on:click=move |_| take()
                    disabled=move || shown.live.get() != Live::Showing>
                    {t("Take this frame")}
                </button>
            </div>
        </div>
    }
}
