//! The camera while the scanner is open, in the scanner's piece: `getUserMedia` for the rear
//! camera, why it gave no picture, and a frame every [`FRAME_EVERY`] drawn into a canvas kept
//! off the page, made smaller ([`MAX_SIDE`]) and grey, and read (`core::scan`); each new code
//! goes to the page.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use super::scanned::Scanned;
use crate::app::{device, js};
use crate::core::scan;
use crate::core::text::t;

/// The pause between the end of one frame's reading and the next frame.
const FRAME_EVERY: Duration = Duration::from_millis(150);

/// The longer side of the picture the decoder reads, in pixels: a phone camera's 1280×720
/// frame is read at 640×360, where a code held at arm's length is still many pixels a module
/// and one frame's decode stays short.
const MAX_SIDE: u32 = 640;

/// A code read again within this time of its last reading is the same code still in view, not
/// a new scan.
const AGAIN_AFTER_MS: f64 = 3_000.0;

/// How many of the codes read the scanner lists, the newest last.
const LISTED: usize = 8;

/// Why the camera gave no picture, each with what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CameraProblem {
    /// No `navigator.mediaDevices`: a page not served over HTTPS, or an old browser.
    NoCameraAccess,
    /// The player or the browser's settings refused the camera (`NotAllowedError`).
    NotAllowed,
    /// No camera on this device (`NotFoundError`, `OverconstrainedError`).
    NoCamera,
    /// Another app holds the camera (`NotReadableError`).
    InUse,
    /// Anything else the browser answered.
    Other,
}

impl CameraProblem {
    /// The problem a refused `getUserMedia` stands for, from the error's `name`.
    fn from_error(error: &JsValue) -> Self {
        let name = js_sys::Reflect::get(error, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        match name.as_str() {
            "NotAllowedError" | "SecurityError" => Self::NotAllowed,
            "NotFoundError" | "OverconstrainedError" => Self::NoCamera,
            "NotReadableError" | "AbortError" => Self::InUse,
            _ => Self::Other,
        }
    }

    /// A stable name for tests and styles.
    pub(super) fn id(self) -> &'static str {
        match self {
            Self::NoCameraAccess => "no-camera-access",
            Self::NotAllowed => "not-allowed",
            Self::NoCamera => "no-camera",
            Self::InUse => "in-use",
            Self::Other => "failed",
        }
    }

    /// What happened, in the player's words.
    pub(super) fn what(self) -> &'static str {
        match self {
            Self::NoCameraAccess => t(
                "This browser gives the app no camera (the app must be opened over https, in a \
                 recent browser).",
            ),
            Self::NotAllowed => t(
                "The camera was not allowed. To scan here, allow the camera for this app in the \
                 browser's or the phone's settings, then tap Scan again.",
            ),
            Self::NoCamera => t("This device has no camera the app can use."),
            Self::InUse => t(
                "The camera could not be started: another app may be using it. Close it and tap \
                 Scan again.",
            ),
            Self::Other => t("The camera could not be started."),
        }
    }
}

/// What the scanner shows of the camera's work.
#[derive(Clone, Copy)]
pub(super) struct Shown {
    /// `starting`, `scanning`, `failed` or `stopped`.
    pub state: RwSignal<&'static str>,
    pub problem: RwSignal<Option<CameraProblem>>,
    /// The codes read, the newest last, each with what the page said of it.
    pub taken: RwSignal<Vec<(String, Option<String>)>>,
    /// The last frame's decode and whole reading (draw, copy, grey, decode), in milliseconds.
    pub decode_ms: RwSignal<Option<(f64, f64)>>,
}

/// The camera while the scanner is open: its stream, the canvas a frame is read from, the
/// timer of the next frame and the codes seen lately. The browser objects are called by name
/// ([`js`]): the scanner's piece then brings no bindings of its own into the main module.
pub(super) struct Camera {
    video: JsValue,
    canvas: JsValue,
    context: JsValue,
    stream: RefCell<Option<JsValue>>,
    timer: Cell<Option<TimeoutHandle>>,
    closed: Cell<bool>,
    /// Each text read lately with when it was last seen (ms on the page's clock).
    seen: RefCell<Vec<(String, f64)>>,
    shown: Shown,
    on_code: Callback<Scanned, Option<String>>,
}

impl Camera {
    /// Asks for the rear camera and starts reading once it gives a picture; `None` (with the
    /// problem shown) where the browser has no camera for the page.
    pub(super) fn start(
        video: JsValue,
        shown: Shown,
        on_code: Callback<Scanned, Option<String>>,
    ) -> Option<Rc<Self>> {
        let fail = |problem: CameraProblem| {
            shown.problem.set(Some(problem));
            shown.state.set("failed");
            None
        };
        let Some(window) = web_sys::window() else {
            return fail(CameraProblem::NoCameraAccess);
        };
        let devices = js::get(&window.navigator(), "mediaDevices");
        if devices.is_undefined() || devices.is_null() || !device::has_api(&devices, "getUserMedia")
        {
            return fail(CameraProblem::NoCameraAccess);
        }
        let Some((canvas, context)) = frame_canvas() else {
            return fail(CameraProblem::Other);
        };
        let camera = Rc::new(Self {
            video,
            canvas,
            context,
            stream: RefCell::new(None),
            timer: Cell::new(None),
            closed: Cell::new(false),
            seen: RefCell::new(Vec::new()),
            shown,
            on_code,
        });
        // `{video: {facingMode: "environment", width: 1280, height: 720}, audio: false}`: the
        // rear camera, at a size where a code at arm's length has pixels to spare.
        let wanted = js_sys::Object::new();
        js::set(&wanted, "facingMode", &"environment".into());
        js::set(&wanted, "width", &1280.into());
        js::set(&wanted, "height", &720.into());
        let constraints = js_sys::Object::new();
        js::set(&constraints, "video", &wanted);
        js::set(&constraints, "audio", &false.into());
        let promise = match js::call(&devices, "getUserMedia", &[&constraints]) {
            Ok(p) => js_sys::Promise::from(p),
            Err(e) => return fail(CameraProblem::from_error(&e)),
        };
        let on_stream = {
            let camera = Rc::downgrade(&camera);
            Closure::once(move |stream: JsValue| match camera.upgrade() {
                Some(camera) if !camera.closed.get() && camera.on_page() => {
                    js::set(&camera.video, "srcObject", &stream);
                    // A refused play leaves the picture still; reading goes on.
                    if let Ok(playing) = js::call(&camera.video, "play", &[]) {
                        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
                        let _ = js_sys::Promise::from(playing).then2(&ignore, &ignore);
                        ignore.forget();
                    }
                    camera.stream.replace(Some(stream));
                    camera.shown.state.set("scanning");
                    Camera::next_frame(&camera);
                }
                // The scanner left the screen while the camera was asked for.
                _ => stop_tracks(&stream),
            })
        };
        let on_refused = Closure::once(move |error: JsValue| {
            if shown.state.try_get_untracked().is_some() {
                shown.problem.set(Some(CameraProblem::from_error(&error)));
                shown.state.set("failed");
            }
        });
        let _ = promise.then2(&on_stream, &on_refused);
        on_stream.forget();
        on_refused.forget();
        Some(camera)
    }

    /// Whether the camera's picture is still on the page.
    fn on_page(&self) -> bool {
        js::get(&self.video, "isConnected").is_truthy()
    }

    /// Reads a frame after [`FRAME_EVERY`], and so on until the camera stops.
    fn next_frame(camera: &Rc<Self>) {
        let weak: Weak<Self> = Rc::downgrade(camera);
        let timer = set_timeout_with_handle(
            move || {
                let Some(camera) = weak.upgrade() else {
                    return;
                };
                if camera.closed.get() {
                    return;
                }
                // A scanner no longer on screen stops its camera even if its cleanup never ran.
                if !camera.on_page() || camera.shown.state.try_get_untracked().is_none() {
                    camera.stop();
                    return;
                }
                camera.read_frame();
                if !camera.closed.get() {
                    Camera::next_frame(&camera);
                }
            },
            FRAME_EVERY,
        )
        .ok();
        camera.timer.set(timer);
    }

    /// Reads the codes in the picture now, and hands on each new one.
    fn read_frame(&self) {
        let number = |target: &JsValue, name: &str| js::get(target, name).as_f64().unwrap_or(0.0);
        let (width, height) = (
            number(&self.video, "videoWidth"),
            number(&self.video, "videoHeight"),
        );
        // HAVE_CURRENT_DATA: a picture to draw.
        if width < 1.0 || height < 1.0 || number(&self.video, "readyState") < 2.0 {
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
            &[&self.video, &zero, &zero, &w_js, &h_js],
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

    /// Stops the camera (its light goes off) and the reading; nothing after this reads a frame.
    /// Changes nothing on screen, so the reader's own cleanup may call it.
    pub(super) fn stop(&self) {
        self.closed.set(true);
        if let Some(timer) = self.timer.take() {
            timer.clear();
        }
        if let Some(stream) = self.stream.take() {
            stop_tracks(&stream);
        }
        js::set(&self.video, "srcObject", &JsValue::NULL);
    }
}

impl Drop for Camera {
    fn drop(&mut self) {
        if let Some(stream) = self.stream.take() {
            stop_tracks(&stream);
        }
    }
}

/// Where a scanned text leads inside this app, served from this page's origin
/// ([`Scanned::app_path`], `core::scan::app_path`).
fn app_path(text: &str) -> Option<String> {
    let origin = web_sys::window()?.location().origin().ok()?;
    scan::app_path(text, &origin)
}

/// Stops every track of `stream` (a `MediaStream`).
fn stop_tracks(stream: &JsValue) {
    if let Ok(tracks) = js::call(stream, "getTracks", &[]) {
        let count = js::get(&tracks, "length").as_f64().unwrap_or(0.0) as u32;
        for i in 0..count {
            let track = js_sys::Reflect::get(&tracks, &i.into()).unwrap_or(JsValue::UNDEFINED);
            let _ = js::call(&track, "stop", &[]);
        }
    }
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
