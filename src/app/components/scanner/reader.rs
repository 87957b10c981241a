//! The reading while the scanner is open, in the scanner's piece: at each look of the camera
//! (`components::camera`, every [`FRAME_EVERY`]) the picture is drawn into a canvas kept off
//! the page, made smaller ([`MAX_SIDE`]) and grey, and read (`core::scan`); each new code goes
//! to the page. Why the camera gave no picture, in the scanner's words.

use std::cell::RefCell;
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::scanned::Scanned;
use crate::app::components::camera::{CameraProblem, Live};
use crate::app::{device, js};
use crate::core::scan;
use crate::core::text::t;

/// The pause between the end of one frame's reading and the next frame.
pub(super) const FRAME_EVERY: Duration = Duration::from_millis(150);

/// The longer side of the picture the decoder reads, in pixels: a phone camera's 1280×720
/// frame is read at 640×360, where a code held at arm's length is still many pixels a module
/// and one frame's decode stays short.
const MAX_SIDE: u32 = 640;

/// A code read again within this time of its last reading is the same code still in view, not
/// a new scan.
const AGAIN_AFTER_MS: f64 = 3_000.0;

/// How many of the codes read the scanner lists, the newest last.
const LISTED: usize = 8;

/// What happened to the camera, in the player's words.
pub(super) fn said(problem: CameraProblem) -> &'static str {
    match problem {
        CameraProblem::NoCameraAccess => t(
            "This browser gives the app no camera (the app must be opened over https, in a \
             recent browser).",
        ),
        CameraProblem::NotAllowed => t(
            "The camera was not allowed. To scan here, allow the camera for this app in the \
             browser's or the phone's settings, then tap Scan again.",
        ),
        CameraProblem::NoCamera => t("This device has no camera the app can use."),
        CameraProblem::InUse => t(
            "The camera could not be started: another app may be using it. Close it and tap \
             Scan again.",
        ),
        CameraProblem::Other => t("The camera could not be started."),
    }
}
/// What the scanner shows of the camera's work.
#[derive(Clone, Copy)]
pub(super) struct Shown {
    /// Where the camera stands.
    pub live: RwSignal<Live>,
    /// Whether the player stopped the camera.
    pub stopped: RwSignal<bool>,
    /// The codes read, the newest last, each with what the page said of it.
    pub taken: RwSignal<Vec<(String, Option<String>)>>,
    /// The last frame's decode and whole reading (draw, copy, grey, decode), in milliseconds.
    pub decode_ms: RwSignal<Option<(f64, f64)>>,
}

impl Shown {
    /// `starting`, `scanning`, `failed` or `stopped`.
    pub(super) fn state(&self) -> &'static str {
        match self.live.get() {
            Live::Failed(_) => "failed",
            _ if self.stopped.get() => "stopped",
            Live::Starting => "starting",
            Live::Showing => "scanning",
        }
    }
}

/// The scanner's reading: the canvas a picture is read in and the codes seen lately.
pub(super) struct Reader {
    canvas: JsValue,
    context: JsValue,
    /// Each text read lately with when it was last seen (ms on the page's clock).
    seen: RefCell<Vec<(String, f64)>>,
    shown: Shown,
    on_code: Callback<Scanned, Option<String>>,
}

impl Reader {
    /// A reader that shows its work in `shown` and hands each new code to `on_code`; `None`
    /// (with the problem shown) where the browser gives no canvas to read in.
    pub(super) fn new(shown: Shown, on_code: Callback<Scanned, Option<String>>) -> Option<Self> {
        let Some((canvas, context)) = frame_canvas() else {
            shown.live.set(Live::Failed(CameraProblem::Other));
            return None;
        };
        Some(Self {
            canvas,
            context,
            seen: RefCell::new(Vec::new()),
            shown,
            on_code,
        })
    }

    /// Reads the codes in the picture of `video` now, and hands on each new one.
    pub(super) fn read_frame(&self, video: &JsValue) {
        let number = |target: &JsValue, name: &str| js::get(target, name).as_f64().unwrap_or(0.0);
        let (width, height) = (number(video, "videoWidth"), number(video, "videoHeight"));
        // HAVE_CURRENT_DATA: a picture to draw.
        if width < 1.0 || height < 1.0 || number(video, "readyState") < 2.0 {
            return;
        }
        let now = || {
            web_sys::window()
                .and_then(|w| w.performance())
                .map(|p| p.now())
                .unwrap_or_else(js_sys::Date::now)
        };
        let began = now();
        let scale = (f64::from(MAX_SIDE) / width.max(height)).min(1.0);
        let w = (width * scale).round().max(1.0);
        let h = (height * scale).round().max(1.0);
        if number(&self.canvas, "width") != w || number(&self.canvas, "height") != h {
            js::set(&self.canvas, "width", &w.into());
            js::set(&self.canvas, "height", &h.into());
        }
        let zero = JsValue::from(0);
        let (w_js, h_js) = (JsValue::from(w), JsValue::from(h));
        if js::call(
            &self.context,
            "drawImage",
            &[video, &zero, &zero, &w_js, &h_js],
        )
        .is_err()
        {
            return;
        }
        let Ok(pixels) = js::call(&self.context, "getImageData", &[&zero, &zero, &w_js, &h_js])
        else {
            return;
        };
        let rgba = js_sys::Uint8Array::new(&js::get(&js::get(&pixels, "data"), "buffer"));
        let grey = scan::grey_levels(&rgba.to_vec());
        let decoding = now();
        let texts = scan::read_codes(&grey, w as usize, h as usize);
        let done = now();
        self.shown
            .decode_ms
            .set(Some((done - decoding, done - began)));
        for text in texts {
            if self.is_new(&text, done) {
                self.take(text);
            }
        }
    }

    /// Whether `text` is a new reading rather than the same code still in view; remembers it.
    fn is_new(&self, text: &str, now: f64) -> bool {
        let mut seen = self.seen.borrow_mut();
        seen.retain(|(_, at)| now - at < AGAIN_AFTER_MS);
        match seen.iter_mut().find(|(t, _)| t == text) {
            Some(entry) => {
                entry.1 = now;
                false
            }
            None => {
                seen.push((text.to_string(), now));
                true
            }
        }
    }

    /// A new code: a beep and a buzz, the page, and the list with what the page said of it.
    fn take(&self, text: String) {
        device::beep(false);
        device::buzz_for(80);
        let code = Scanned {
            app_path: app_path(&text),
            text: text.clone(),
        };
        let note = self.on_code.try_run(code).flatten();
        // The page may have left the screen, and this reader with it.
        let _ = self.shown.taken.try_update(|taken| {
            taken.push((text, note));
            let over = taken.len().saturating_sub(LISTED);
            taken.drain(..over);
        });
    }
}

/// Where a scanned text leads inside this app, served from this page's origin
/// ([`Scanned::app_path`], `core::scan::app_path`).
fn app_path(text: &str) -> Option<String> {
    let origin = web_sys::window()?.location().origin().ok()?;
    scan::app_path(text, &origin)
}

/// A canvas kept off the page, and its 2D context, which the browser keeps ready for reading
/// back (`willReadFrequently`).
fn frame_canvas() -> Option<(JsValue, JsValue)> {
    let canvas: JsValue = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .into();
    let options = js_sys::Object::new();
    js::set(&options, "willReadFrequently", &true.into());
    let context = js::call(&canvas, "getContext", &[&"2d".into(), &options]).ok()?;
    (!context.is_null() && !context.is_undefined()).then_some((canvas, context))
}
