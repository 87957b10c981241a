//! The scanner's views, in its piece (`open_scanner`): the reader drawn into the page, with the
//! camera's picture, the codes read so far and a Stop button, or what went wrong with the
//! camera and what to do instead; and the home screen's use of a code.

use leptos::prelude::*;
use leptos_router::NavigateOptions;

use super::reader::{FRAME_EVERY, Reader, Shown, said};
use super::scanned::{OnCode, Scanned};
use crate::app::components::camera::{self, Camera, Live};
use crate::core::text::{t, tf};

/// Draws the reader into `parent` (`open_scanner`, in the scanner's piece), reaching
/// the router through `page`; `on_close` gets the tap on Stop, which without it calls `close`
/// (the scanner's own, in the first load). Dropping what it returns takes the reader off the
/// page and stops the camera.
pub fn mount_reader(
    parent: web_sys::HtmlElement,
    page: Option<Owner>,
    on_code: OnCode,
    on_close: Option<Callback<()>>,
    close: fn(),
) -> Box<dyn std::any::Any> {
    // The page's "Opening the scanner…" goes as the reader takes its place.
    parent.set_text_content(None);
    // The router, reached through the page, for the links of this app. The reader itself has
    // an owner of its own, so that it lives, and is dropped, as one with its view.
    let navigate = match (&on_code, page) {
        (OnCode::OpenLinks, Some(page)) => Some(page.with(leptos_router::hooks::use_navigate)),
        _ => None,
    };
    Box::new(leptos::mount::mount_to(parent, move || {
        let on_code = match on_code {
            OnCode::Page(callback) => callback,
            OnCode::OpenLinks => open_links(navigate),
        };
        let on_close = on_close.unwrap_or_else(|| Callback::new(move |()| close()));
        view! { <Scanner on_code on_close /> }
    }))
}

/// The home screen's use of a code: a link of this app opens in the app (through the router
/// where the page gave one), anything else is said not to be this app's.
fn open_links(
    navigate: Option<impl Fn(&str, NavigateOptions) + Send + Sync + 'static>,
) -> Callback<Scanned, Option<String>> {
    Callback::new(move |code: Scanned| match (code.app_path, &navigate) {
        (Some(path), Some(navigate)) => {
            navigate(&path, Default::default());
            None
        }
        (Some(path), None) => Some(tf("A code of this app, for {}.", &[&path])),
        (None, _) => Some(t("This is not a code of this app.").to_string()),
    })
}

/// What to do when the camera cannot be used, whatever the reason.
fn instead() -> &'static str {
    t("Instead, open the code with the phone's camera app, or type the result by hand.")
}

/// The camera's reader: the live picture, the codes read so far, a Stop button, or what went
/// wrong with the camera. In the scanner's piece (`open_scanner`). The camera stops
/// on Stop, when the reader is dropped, and whenever its picture is no longer in the page.
#[component]
fn Scanner(
    /// Called with each new code read (the same text again within a few seconds is not new);
    /// returns what to say of it.
    on_code: Callback<Scanned, Option<String>>,
    /// Called when the player taps Stop, after the camera stopped.
    on_close: Callback<()>,
) -> impl IntoView {
    let shown = Shown {
        live: RwSignal::new(Live::Starting),
        stopped: RwSignal::new(false),
        taken: RwSignal::new(Vec::new()),
        decode_ms: RwSignal::new(None),
    };
    let video = NodeRef::<leptos::html::Video>::new();
    // The camera stops with the screen that showed it; `Camera`'s drop and its look stop it too
    // where a screen is dropped without this cleanup.
    let camera = camera::kept_with_view();
    video.on_load(move |video| {
        let started = Reader::new(shown, on_code).and_then(|reader| {
            let look = move |video: &_| reader.read_frame(video);
            Camera::start(video.into(), (1280, 720), FRAME_EVERY, shown.live, look)
        });
        camera.set_value(started);
    });
    let stop = move |_| {
        camera.with_value(|c| {
            if let Some(c) = c {
                c.stop();
            }
        });
        shown.stopped.set(true);
        on_close.try_run(());
    };
    let status = move || match shown.state() {
        "starting" => t("Opening the camera…"),
        "scanning" => t("Point the camera at a code. Each code read beeps; scan the next one."),
        "stopped" => t("The camera is off."),
        _ => "",
    };
    view! {
        <section
            class="scanner"
            aria-label=t("Scanner")
            data-testid="scanner"
            data-state=move || shown.state()
            data-decode-ms=move || shown.decode_ms.get().map(|ms: (f64, f64)| format!("{:.1}", ms.0))
            data-frame-ms=move || shown.decode_ms.get().map(|ms: (f64, f64)| format!("{:.1}", ms.1))
        >
            <video
                node_ref=video
                hidden=move || matches!(shown.state(), "failed" | "stopped")
                autoplay=true
                playsinline=true
                prop:muted=true
                aria-label=t("The camera's picture")
            ></video>
            {move || match shown.live.get() {
                Live::Failed(problem) => Some(problem),
                _ => None,
            }.map(|problem| view! {
                <div class="banner error" role="alert" data-testid="scanner-error" data-problem=problem.id()>
                    <p>{said(problem)}</p>
                    <p>{instead()}</p>
                </div>
            })}
            <p class="muted" role="status">{status}</p>
            <Show when=move || shown.taken.with(|t| !t.is_empty())>
                <p>{t("Codes read:")}</p>
                <ol class="scanner-read" data-testid="scanner-read">
                    {move || shown.taken.get().into_iter().map(|(text, note)| view! {
                        <li data-testid="scanner-code">
                            <span class="scanned-text">{text}</span>
                            {note.map(|note| view! {
                                <span class="scan-note" data-testid="scanner-note">{note}</span>
                            })}
                        </li>
                    }).collect_view()}
                </ol>
            </Show>
            <div class="row">
                <button class="primary" on:click=stop>
                    {move || if shown.state() == "failed" { t("Close") } else { t("Stop") }}
                </button>
            </div>
        </section>
    }
}
