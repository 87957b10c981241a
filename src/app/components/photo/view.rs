//! The reading of one photo, in the photo's piece (`open_photo`): the photo decoded
//! (`decode`) and read (`core::photo::read_photo`), then shown twice, the photo with the grid
//! found drawn over it and the points not sure ringed, and the position as a board
//! (`board`) a tap corrects; a chain without a liberty is flagged. "Use this position" hands
//! the position to the page. Where the grid's corners were not found surely, the photo is shown
//! with the corner handles at the best guess and the player is asked to put them on the
//! outermost lines' crossings: the reading follows each move, and the position can be taken
//! only once the corners are confirmed. A photo that cannot be read says why and what to do, as
//! an alert, and nothing of the game changes.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use super::board::{ReadBoard, Spot};
use super::camera::LiveCamera;
use super::decode::{self, Frame, Refused};
use super::overlay::PhotoView;
use super::{OnUse, Taken};
use crate::core::Color;
use crate::core::photo::position::breathless;
use crate::core::photo::{PhotoReading, PhotoRefusal, read_at_corners, read_photo};
use crate::core::text::{t, tf};

/// Draws the reading of `file` for a board of `size` lines into `parent`; `file` null: the
/// live camera first, and the reading of the frame taken. Dropping what it returns takes it
/// off the page.
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
    /// The camera's picture is shown until a frame is taken.
    Camera,
    /// The photo is being decoded and read.
    Reading,
    /// It could not be read: why, and what to do.
    Refused(String),
    /// The position is shown.
    Read,
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
    // The photo as read: its canvas, its pixels and size, and the grid's corners on it.
    let canvas = StoredValue::new_local(JsValue::UNDEFINED);
    let pixels = StoredValue::new(None::<(Vec<u8>, usize, usize)>);
    let corners = RwSignal::new([(0.0, 0.0); 4]);
    let read_ms = RwSignal::new(None::<f64>);
    let message = RwSignal::new(None::<String>);
    // Whether the grid's corners are known: found surely, or confirmed by the player.
    let corners_known = RwSignal::new(true);
    let stones = move || -> Vec<Option<Color>> {
        spots.with_value(|s| s.iter().map(|p| p.with(|p| p.stone)).collect())
    };
    let airless = Memo::new(move |_| breathless(&stones(), n));
    let unsure = unsure_of(spots);

    // A photo decoded, or a frame taken: read, and shown.
    let read_frame = move |frame: Result<Frame, Refused>| {
        // The reading was closed meanwhile.
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
            Ok(r) if r.points.len() == n * n => r,
            other => {
                let refusal = other.err().unwrap_or(PhotoRefusal::NoBoard);
                stage.set(Stage::Refused(refusal_text(refusal)));
                return;
            }
        };
        show(spots, &reading);
        canvas.set_value(frame.canvas);
        corners.set(reading.corners);
        corners_known.set(reading.corners_sure);
        pixels.set_value(Some((frame.rgba, frame.width, frame.height)));
        stage.set(Stage::Read);
    };
    let camera = file.is_null();
    if camera {
        stage.set(Stage::Camera);
    } else {
        leptos::task::spawn_local(async move {
            read_frame(decode::decode(&file).await);
        });
    }
    // A frame taken: "Reading the photo…" is drawn before the reading holds the page.
    let on_take = Callback::new(move |frame: Frame| {
        stage.set(Stage::Reading);
        set_timeout(move || read_frame(Ok(frame)), Duration::from_millis(30));
    });

    // A corner dragged and let go: the photo read again with the grid where it was placed.
    let on_placed = Callback::new(move |()| {
        let placed = corners.get_untracked();
        let began = now();
        let reading = pixels.with_value(|p| {
            p.as_ref()
                .map(|(rgba, w, h)| read_at_corners(rgba, *w, *h, n, placed))
        });
        read_ms.set(Some(now() - began));
        match reading {
            Some(Ok(reading)) if reading.points.len() == n * n => {
                show(spots, &reading);
                message.set(None);
            }
            Some(Err(refusal)) => message.set(Some(refusal_text(refusal))),
            _ => {}
        }
    });
    let on_tap = Callback::new(move |i: usize| {
        spots.with_value(|s| {
            if let Some(spot) = s.get(i) {
                spot.update(|p| *p = p.tapped());
            }
        });
        message.set(None);
    });
    let take = Callback::new(move |()| {
        let photo = canvas.with_value(decode::small_jpeg);
        let taken = Taken {
            stones: stones(),
            photo,
        };
        if let Err(e) = on_use.run(taken) {
            message.set(Some(e));
        }
    });
    let read = move || stage.with(|s| *s == Stage::Read);
    let asked = move || read() && !corners_known.get();

    view! {
        <section
            class="photo-reading stack"
            aria-label=t("The photo's reading")
            data-testid="photo-reading"
            data-state=move || match stage.get() {
                Stage::Camera => "camera",
                Stage::Reading => "reading",
                Stage::Refused(_) => "refused",
                Stage::Read => "read",
            }
            data-read-ms=move || read_ms.get().map(|ms| format!("{ms:.1}"))
            data-corners=move || if corners_known.get() { "known" } else { "asked" }
        >
            {move || (stage.get() == Stage::Camera).then(|| view! {
                <LiveCamera size=n on_take=on_take />
            })}
            <StageNote stage />
            {move || {
                // Read first, so that the view follows the stage.
                let shown = read();
                let size = pixels.with_value(|p| p.as_ref().map(|(_, w, h)| (*w, *h)));
                size.filter(|_| shown).map(|(width, height)| view! {
                    <PhotoView canvas=canvas.get_value() width height size=n corners spots on_placed />
                })
            }}
            <Show when=asked>
                <CornersPrompt corners_known />
            </Show>
            <Show when=read>
                <ReadingNotes spots unsure airless />
                <ReadBoard size=size spots=spots breathless=airless on_tap=on_tap />
                <p class="message" role="status" aria-live="polite">{move || message.get()}</p>
                <PhotoActions spots corners_known unsure take />
            </Show>
            <div class="row">
                <button on:click=move |_| on_close.run(())>{t("Close the photo")}</button>
            </div>
        </section>
    }
}

/// Puts a reading on the board's points.
fn show(spots: StoredValue<Vec<RwSignal<Spot>>>, reading: &PhotoReading) {
    spots.with_value(|s| {
        for (spot, point) in s.iter().zip(&reading.points) {
            spot.set(Spot {
                stone: point.stone,
                unsure: point.unsure,
            });
        }
    })
}

/// How many points are ringed, as it changes.
fn unsure_of(spots: StoredValue<Vec<RwSignal<Spot>>>) -> Memo<usize> {
    Memo::new(move |_| spots.with_value(|s| s.iter().filter(|p| p.with(|p| p.unsure)).count()))
}

/// What the reading says under the photo: the stones read, the points ringed, the chains
/// without a liberty.
#[component]
fn ReadingNotes(
    spots: StoredValue<Vec<RwSignal<Spot>>>,
    unsure: Memo<usize>,
    airless: Memo<Vec<usize>>,
) -> impl IntoView {
    let counts = Memo::new(move |_| {
        spots.with_value(|s| {
            let of = |c| s.iter().filter(|p| p.with(|p| p.stone) == Some(c)).count();
            (of(Color::Black), of(Color::White))
        })
    });
    view! {
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
    }
}

/// What the stage says before a reading is shown: reading, or why the photo was refused.
#[component]
fn StageNote(stage: RwSignal<Stage>) -> impl IntoView {
    move || match stage.get() {
        Stage::Camera | Stage::Read => None,
        Stage::Reading => Some(
            view! {
                <p role="status">{t("Reading the photo…")}</p>
            }
            .into_any(),
        ),
        Stage::Refused(why) => Some(
            view! {
                <div class="banner error" role="alert" data-testid="photo-error">
                    <p>{why}</p>
                    <p>{t("Nothing of the game was changed.")}</p>
                </div>
            }
            .into_any(),
        ),
    }
}

/// The ask for the grid's corners where they were not found surely, and its confirmation.
#[component]
fn CornersPrompt(corners_known: RwSignal<bool>) -> impl IntoView {
    view! {
        <div class="banner" data-testid="photo-corners">
            <p>{t("The grid's corners were not found surely. Put each corner handle on the crossing of the board's outermost lines: the reading follows. Then confirm the corners.")}</p>
            <button class="primary" on:click=move |_| corners_known.set(true)>{t("The corners are right")}</button>
        </div>
    }
}

/// "Use this position" (once the corners are known) and "The ringed points are right".
#[component]
fn PhotoActions(
    spots: StoredValue<Vec<RwSignal<Spot>>>,
    corners_known: RwSignal<bool>,
    unsure: Memo<usize>,
    take: Callback<()>,
) -> impl IntoView {
    let looked = move |_| {
        spots.with_value(|s| {
            for spot in s {
                if spot.with_untracked(|p| p.unsure) {
                    spot.update(|p| p.unsure = false);
                }
            }
        })
    };
    view! {
        <div class="row photo-actions">
            <Show when=move || corners_known.get()>
                <button class="primary" on:click=move |_| take.run(())>{t("Use this position")}</button>
            </Show>
            <Show when=move || { unsure.get() > 0 }>
                <button on:click=looked>{t("The ringed points are right")}</button>
            </Show>
        </div>
    }
}
