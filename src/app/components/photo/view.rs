//! The reading of one photo, in the photo's piece (`open_photo`): the photo decoded
//! (`decode`) and read (`core::photo::read_photo`), then shown twice, the photo with the grid
//! found drawn over it and the points not sure ringed, and the position as a board
//! (`board`) a tap corrects; a chain without a liberty is flagged. "Use this position" hands
//! the position to the page. A photo that cannot be read says why and what to do, as an alert,
//! and nothing of the game changes.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::OnUse;
use super::board::{ReadBoard, Spot};
use super::decode::{self, Refused};
use crate::app::js;
use crate::core::Color;
use crate::core::photo::homography::Homography;
use crate::core::photo::position::breathless;
use crate::core::photo::{PhotoReading, PhotoRefusal, read_photo};
use crate::core::text::{t, tf};

/// Draws the reading of `file` for a board of `size` lines into `parent`. Dropping what it
/// returns takes it off the page.
pub fn mount(
    parent: web_sys::HtmlElement,
    file: JsValue,
    size: u8,
    on_use: OnUse,
    on_close: Callback<()>,
) -> Box<dyn std::any::Any> {
    parent.set_text_content(None);
    Box::new(leptos::mount::mount_to(parent, move || {
        view! { <PhotoPanel file size on_use on_close /> }
    }))
}

/// Where the reading stands.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// The photo is being decoded and read.
    Reading,
    /// It could not be read: why, and what to do.
    Refused(String),
    /// The position is shown.
    Read,
}

/// The grid found, in the photo's pixels, to draw over it.
#[derive(Clone, Debug, PartialEq)]
struct Overlay {
    /// The photo's width and height as read.
    width: usize,
    height: usize,
    /// Each line of the grid, from one end to the other.
    lines: Vec<((f64, f64), (f64, f64))>,
    /// Every point, row by row, with the radius of a ring around it.
    points: Vec<(f64, f64, f64)>,
}

impl Overlay {
    /// The grid of `reading`, by the homography from the unit square to its corners.
    fn of(reading: &PhotoReading, width: usize, height: usize) -> Option<Overlay> {
        let unit = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
        let map = Homography::from_corners(unit, reading.corners)?;
        let n = reading.size;
        let step = 1.0 / (n.max(2) - 1) as f64;
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
        Some(Overlay {
            width,
            height,
            lines,
            points,
        })
    }
}

/// The milliseconds on the page's clock.
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map(|p| p.now())
        .unwrap_or_else(js_sys::Date::now)
}

/// Why a file gave no pixels, and what to do.
fn refused_text(refused: Refused) -> String {
    match refused {
        Refused::NotAnImage => t("This file is not a photo the app can read. Choose a photo of the board, or take one with the camera."),
        Refused::TooBig => t("This file is too big to read on the phone. Take the photo with the phone's camera, or choose a smaller one."),
    }
    .to_string()
}

/// Why a photo gave no position, and what to do.
fn refusal_text(refusal: PhotoRefusal) -> String {
    match refusal {
        PhotoRefusal::NotAnImage => t("This is not a photo the app can read. Choose a photo of the board, or take one with the camera.").to_string(),
        PhotoRefusal::TooDark => t("The photo is too dark. Turn on more light, keep your shadow off the board, and take it again.").to_string(),
        PhotoRefusal::Blurred => t("The photo is blurred. Hold the phone still, let it focus on the board, and take it again.").to_string(),
        PhotoRefusal::NoBoard => t("No board was found in the photo. Get the whole board in the frame, a little closer, and take it again.").to_string(),
        PhotoRefusal::NotWhole => t("Part of the board is outside the photo. Step back until the whole board is in the frame, and take it again.").to_string(),
        PhotoRefusal::WrongSize { found, expected } => tf(
            "The photo shows a {}×{} board, and this game is played on {}×{}. Take a photo of this game's board.",
            &[&found, &found, &expected, &expected],
        ),
    }
}

/// The reading of one photo, from decoding to the position taken.
#[component]
fn PhotoPanel(file: JsValue, size: u8, on_use: OnUse, on_close: Callback<()>) -> impl IntoView {
    let n = usize::from(size);
    let stage = RwSignal::new(Stage::Reading);
    let spots: StoredValue<Vec<RwSignal<Spot>>> =
        StoredValue::new((0..n * n).map(|_| RwSignal::new(Spot::default())).collect());
    let overlay = RwSignal::new(None::<Overlay>);
    let canvas = StoredValue::new_local(JsValue::UNDEFINED);
    let read_ms = RwSignal::new(None::<f64>);
    let message = RwSignal::new(None::<String>);
    let stones = move || -> Vec<Option<Color>> {
        spots.with_value(|s| s.iter().map(|p| p.with(|p| p.stone)).collect())
    };
    let airless = Memo::new(move |_| breathless(&stones(), n));
    let unsure =
        Memo::new(move |_| spots.with_value(|s| s.iter().filter(|p| p.with(|p| p.unsure)).count()));
    let counts = Memo::new(move |_| {
        let all: Vec<Option<Color>> = stones();
        let of = |c| all.iter().filter(|s| **s == Some(c)).count();
        (of(Color::Black), of(Color::White))
    });

    leptos::task::spawn_local(async move {
        let frame = decode::decode(&file).await;
        // The reading was closed while the photo was decoded.
        if stage.try_get_untracked().is_none() {
            return;
        }
        let frame = match frame {
            Ok(frame) => frame,
            Err(refused) => {
                stage.set(Stage::Refused(refused_text(refused)));
                return;
            }
        };
        let began = now();
        let reading = read_photo(&frame.rgba, frame.width, frame.height, Some(n));
        read_ms.set(Some(now() - began));
        let reading = match reading {
            Ok(r) if r.size == n && r.points.len() == n * n => r,
            Ok(r) => {
                let refusal = PhotoRefusal::WrongSize {
                    found: r.size,
                    expected: n,
                };
                stage.set(Stage::Refused(refusal_text(refusal)));
                return;
            }
            Err(refusal) => {
                stage.set(Stage::Refused(refusal_text(refusal)));
                return;
            }
        };
        spots.with_value(|s| {
            for (spot, point) in s.iter().zip(&reading.points) {
                spot.set(Spot {
                    stone: point.stone,
                    unsure: point.unsure,
                });
            }
        });
        canvas.set_value(frame.canvas);
        overlay.set(Overlay::of(&reading, frame.width, frame.height));
        stage.set(Stage::Read);
    });

    let on_tap = Callback::new(move |i: usize| {
        spots.with_value(|s| {
            if let Some(spot) = s.get(i) {
                spot.update(|p| *p = p.tapped());
            }
        });
        message.set(None);
    });
    let looked = move |_| {
        spots.with_value(|s| {
            for spot in s {
                if spot.with_untracked(|p| p.unsure) {
                    spot.update(|p| p.unsure = false);
                }
            }
        })
    };
    let take = move |_| {
        if let Err(e) = on_use.run(stones()) {
            message.set(Some(e));
        }
    };
    let read = move || stage.with(|s| *s == Stage::Read);

    view! {
        <section
            class="photo-reading stack"
            aria-label=t("The photo's reading")
            data-testid="photo-reading"
            data-state=move || match stage.get() {
                Stage::Reading => "reading",
                Stage::Refused(_) => "refused",
                Stage::Read => "read",
            }
            data-read-ms=move || read_ms.get().map(|ms| format!("{ms:.1}"))
        >
            {move || match stage.get() {
                Stage::Reading => Some(view! {
                    <p role="status">{t("Reading the photo…")}</p>
                }.into_any()),
                Stage::Refused(why) => Some(view! {
                    <div class="banner error" role="alert" data-testid="photo-error">
                        <p>{why}</p>
                        <p>{t("Nothing of the game was changed.")}</p>
                    </div>
                }.into_any()),
                Stage::Read => None,
            }}
            {move || overlay.get().map(|o| photo_view(o, canvas.get_value(), spots))}
            <Show when=read>
                <p role="status">
                    {move || {
                        let (b, w) = counts.get();
                        tf("Read: {} black and {} white stones. A tap on a point changes it: empty, black, white.", &[&b, &w])
                    }}
                </p>
                <Show when=move || { unsure.get() > 0 }>
                    <p class="banner" data-testid="photo-unsure">
                        {move || match unsure.get() {
                            1 => t("One point is ringed: the reading is not sure of it. Look at it on the photo, and tap it on the board if it is wrong.").to_string(),
                            k => tf("{} points are ringed: the reading is not sure of them. Look at each on the photo, and tap it on the board if it is wrong.", &[&k]),
                        }}
                    </p>
                </Show>
                <Show when=move || airless.with(|a| !a.is_empty())>
                    <p class="banner error" data-testid="photo-breathless">
                        {move || tf("{} stones ringed in red have no liberty, which a final position cannot have: a stone misread, or a captured stone left on the board. Tap to correct them.", &[&airless.with(Vec::len)])}
                    </p>
                </Show>
                <ReadBoard size=size spots=spots breathless=airless on_tap=on_tap />
                <p class="message" role="status" aria-live="polite">{move || message.get()}</p>
                <div class="row photo-actions">
                    <button class="primary" on:click=take>{t("Use this position")}</button>
                    <Show when=move || { unsure.get() > 0 }>
                        <button on:click=looked>{t("The ringed points are right")}</button>
                    </Show>
                </div>
            </Show>
            <div class="row">
                <button on:click=move |_| on_close.run(())>{t("Close the photo")}</button>
            </div>
        </section>
    }
}

/// The photo (`canvas`) with the grid found drawn over it, and a ring on each point the
/// reading is not sure of until it is looked at: one drawing as wide as the screen, styled by
/// its own attributes (the style sheet of the first load carries nothing of it).
fn photo_view(
    o: Overlay,
    canvas: JsValue,
    spots: StoredValue<Vec<RwSignal<Spot>>>,
) -> impl IntoView {
    let line = o.width.max(o.height) as f64 / 300.0;
    let lines = o
        .lines
        .iter()
        .map(|((x1, y1), (x2, y2))| view! { <line x1=*x1 y1=*y1 x2=*x2 y2=*y2 /> })
        .collect_view();
    let rings = o
        .points
        .iter()
        .enumerate()
        .filter_map(|(i, &(x, y, r))| {
            let spot = spots.with_value(|s| s.get(i).copied())?;
            spot.with_untracked(|s| s.unsure).then(|| {
                let shown = move || {
                    if spot.with(|s| s.unsure) {
                        "visible"
                    } else {
                        "hidden"
                    }
                };
                view! { <circle visibility=shown cx=x cy=y r=r /> }
            })
        })
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
            viewBox=format!("0 0 {} {}", o.width, o.height)
            aria-hidden="true"
        >
            <foreignObject node_ref=holder x="0" y="0" width=o.width height=o.height></foreignObject>
            <g stroke="#1ec8ff" stroke-width=line opacity="0.9">{lines}</g>
            <g fill="none" stroke="#ff7a00" stroke-width=2.0 * line>{rings}</g>
        </svg>
    }
}
