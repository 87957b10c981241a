//! Reading QR codes with the phone's camera, inside the app: a director walks the hall scanning
//! table after table, a player scans a settings or handover code, and what the code holds stays
//! in the installed app's storage (a link opened by an iPhone's camera app lands in Safari,
//! whose storage is not the installed app's).
//!
//! The camera's picture is shown live; a frame is drawn into a canvas every
//! [`FRAME_EVERY`], made grey and smaller ([`MAX_SIDE`]) and read with the `rqrr` decoder. Each
//! new code beeps, buzzes and goes to the page, which says what it made of it, and the scanner
//! stays open for the next one. The reader, its decoder and its views are a piece of their own
//! (`open_scanner`), fetched the first time a player taps Scan: the first load
//! carries only [`open`] and [`close`], which fetch the piece and draw it into the page.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::time::Duration;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::app::device;
use crate::core::text::{t, tf};
use leptos::wasm_split::{SplitLoaderError, wasm_split};

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

/// A code the camera read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scanned {
    /// The text the code holds.
    pub text: String,
    /// Where the code leads inside this app, as a path with its query and fragment
    /// (`/new?preset=…`, `/handover#G2-…`), when it is a link of this app: a full link on the
    /// app's own origin, or a path starting with one `/`. `None` for anything else (another
    /// site, plain text), which a page shows and never opens.
    pub app_path: Option<String>,
}

/// What the scanner does with each new code.
#[derive(Clone, Copy)]
pub enum OnCode {
    /// Opens a code of this app in the app (so what it brings lands in this app's storage) and
    /// says of any other code that it is not this app's: the home screen's scanner.
    OpenLinks,
    /// Hands each code to the page, which returns what to say of it under the code in the
    /// scanner's list (`None`: nothing).
    Page(Callback<Scanned, Option<String>>),
}

/// The id of the element a page gives the scanner to draw into ([`ScanPanel`] draws one).
pub const SLOT: &str = "scanner-slot";

/// What the page shows when the scanner's piece could not be fetched.
fn not_loaded() -> &'static str {
    t(
        "The scanner could not be loaded: its part of the app did not arrive. \
       Check the connection and tap Scan again, or open the code with the \
       phone's camera app, or type the result by hand.",
    )
}

/// An open scanner: the element it is drawn in, and the reader once its piece arrived (dropping
/// the reader takes it off the page and stops its camera).
type OpenScanner = (web_sys::Element, Option<Box<dyn Any>>);

thread_local! {
    static OPEN: RefCell<Option<OpenScanner>> = const { RefCell::new(None) };
    /// Counts the scanners opened and closed, so a piece that arrives after its scanner was
    /// closed is dropped at once.
    static OPENINGS: Cell<u32> = const { Cell::new(0) };
}

/// Opens the scanner in the page's element [`SLOT`]: fetches the reader's piece the first time,
/// then the reader opens the camera there. `page` is the reactive owner of the page that opens
/// it (`Owner::current()` where the page is made), through which the reader reaches the router;
/// the page calls [`close`] when it goes (or the reader stops its camera at the next frame, its
/// picture no longer on the page). `on_close` gets the tap on Stop
/// after the camera stopped (`None`: Stop closes the scanner). Call it from the tap on Scan
/// with [`device::ready_sound`], so the beeps are heard on iPhones ([`toggle`] does both). One
/// scanner is open at a time; [`close`] closes it.
pub fn open(page: Option<Owner>, on_code: OnCode, on_close: Option<Callback<()>>) {
    close();
    let Some(slot) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(SLOT))
    else {
        return;
    };
    let opening = OPENINGS.with(|n| n.get());
    slot.set_text_content(Some(t("Opening the scanner…")));
    OPEN.with(|open| *open.borrow_mut() = Some((slot.clone(), None)));
    leptos::task::spawn_local(async move {
        let parent = slot.clone().unchecked_into();
        let opened = open_scanner(parent, page, on_code, on_close).await;
        // Closed meanwhile: the reader, if it came, is dropped here.
        if OPENINGS.with(|n| n.get()) != opening {
            return;
        }
        match opened {
            Ok(reader) => OPEN.with(|open| {
                if let Some((_, slot_reader)) = open.borrow_mut().as_mut() {
                    *slot_reader = Some(reader);
                }
            }),
            Err(_) => {
                let _ = slot.set_attribute("role", "alert");
                slot.set_text_content(Some(not_loaded()));
            }
        }
    });
}

/// Closes the scanner, if one is open: its camera stops and it leaves the page. A page that
/// opened it calls this when it leaves the screen too.
pub fn close() {
    OPENINGS.with(|n| n.set(n.get().wrapping_add(1)));
    let Some((slot, reader)) = OPEN.with(|open| open.borrow_mut().take()) else {
        return;
    };
    let _ = slot.remove_attribute("role");
    slot.set_text_content(None);
    // Dropped after the tap or frame that closed it has run its course.
    if let Some(reader) = reader {
        leptos::task::spawn_local(async move { drop(reader) });
    }
}

/// Whether a scanner is open.
pub fn is_open() -> bool {
    OPEN.with(|open| open.borrow().is_some())
}

/// The tap on the home screen's Scan button: opens the scanner ([`OnCode::OpenLinks`]) in the
/// page's element [`SLOT`], with the sound made ready by the tap, or closes it when open.
pub fn toggle(page: Option<Owner>) {
    if is_open() {
        close();
        return;
    }
    device::ready_sound();
    open(page, OnCode::OpenLinks, None);
}

/// The scanner's place on a page that shows it while a signal says so: opens the scanner when
/// drawn ([`open`], with `on_code` as [`OnCode::Page`]) and closes it when taken away.
#[component]
pub fn ScanPanel(
    on_code: Callback<Scanned, Option<String>>,
    on_close: Callback<()>,
) -> impl IntoView {
    let page = Owner::current();
    // Opened once the slot is on the page, after this view is drawn.
    leptos::task::spawn_local(async move { open(page, OnCode::Page(on_code), Some(on_close)) });
    on_cleanup(close);
    view! { <div id=SLOT></div> }
}

/// Where a scanned text leads inside this app ([`Scanned::app_path`]): a full link on the app's
/// own origin, as the app writes its codes, or a path starting with one `/`.
fn app_path(text: &str) -> Option<String> {
    let text = text.trim();
    let origin = web_sys::window()?.location().origin().ok()?;
    let path = match text.strip_prefix(origin.as_str()) {
        Some("") => "/",
        Some(rest) if rest.starts_with(['/', '?', '#']) => rest,
        Some(_) => return None,
        None => text,
    };
    // Only a path of this origin: not `//other.site/…` nor `/\other.site`, which a browser
    // reads as another site, nor a text with spaces or other characters a link cannot hold.
    let inside = path.starts_with('/')
        && !path.starts_with("//")
        && !path.contains('\\')
        && path.chars().all(|c| c.is_ascii_graphic());
    inside.then(|| path.to_string())
}

/// The camera's code reader with its QR decoder (`components::scanner`), fetched the first time
/// a player taps Scan, drawn into `parent` as a part of `page`: `on_code` says what to do with
/// each new code read, `on_close` gets the tap on Stop. Dropping what it returns takes the
/// reader off the page and stops the camera.
#[wasm_split(scanner, fallible, wasm_split_path = ::leptos::wasm_split)]
pub fn open_scanner(
    parent: web_sys::HtmlElement,
    page: Option<Owner>,
    on_code: OnCode,
    on_close: Option<Callback<()>>,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    Ok(mount_reader(parent, page, on_code, on_close))
}

/// Draws the reader into `parent` (`open_scanner`, in the scanner's piece), reaching
/// the router through `page`; dropping what it returns takes the reader off the page and stops
/// the camera.
pub fn mount_reader(
    parent: web_sys::HtmlElement,
    page: Option<Owner>,
    on_code: OnCode,
    on_close: Option<Callback<()>>,
) -> Box<dyn Any> {
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
        let on_close = on_close.unwrap_or_else(|| Callback::new(|()| close()));
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

/// Why the camera gave no picture, each with what to do instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CameraProblem {
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
    fn id(self) -> &'static str {
        match self {
            Self::NoCameraAccess => "no-camera-access",
            Self::NotAllowed => "not-allowed",
            Self::NoCamera => "no-camera",
            Self::InUse => "in-use",
            Self::Other => "failed",
        }
    }

    /// What happened, in the player's words.
    fn what(self) -> &'static str {
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
        state: RwSignal::new("starting"),
        problem: RwSignal::new(None),
        taken: RwSignal::new(Vec::new()),
        decode_ms: RwSignal::new(None),
    };
    let video = NodeRef::<leptos::html::Video>::new();
    let camera = StoredValue::new_local(None::<Rc<Camera>>);
    video.on_load(move |video| {
        let started = Camera::start(video.into(), shown, on_code);
        camera.set_value(started);
    });
    // The camera stops with the screen that showed it; `Camera`'s drop and its frame check stop
    // it too where a screen is dropped without this cleanup.
    on_cleanup(move || {
        camera.with_value(|c| {
            if let Some(c) = c {
                c.stop();
            }
        });
    });
    let stop = move |_| {
        camera.with_value(|c| {
            if let Some(c) = c {
                c.stop();
            }
        });
        if shown.state.get_untracked() != "failed" {
            shown.state.set("stopped");
        }
        on_close.try_run(());
    };
    let status = move || match shown.state.get() {
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
            data-state=move || shown.state.get()
            data-decode-ms=move || shown.decode_ms.get().map(|ms: (f64, f64)| format!("{:.1}", ms.0))
            data-frame-ms=move || shown.decode_ms.get().map(|ms: (f64, f64)| format!("{:.1}", ms.1))
        >
            <video
                node_ref=video
                hidden=move || matches!(shown.state.get(), "failed" | "stopped")
                autoplay=true
                playsinline=true
                prop:muted=true
                aria-label=t("The camera's picture")
            ></video>
            {move || shown.problem.get().map(|problem: CameraProblem| view! {
                <div class="banner error" role="alert" data-testid="scanner-error" data-problem=problem.id()>
                    <p>{problem.what()}</p>
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
                    {move || if shown.state.get() == "failed" { t("Close") } else { t("Stop") }}
                </button>
            </div>
        </section>
    }
}

/// What the scanner shows of the camera's work.
#[derive(Clone, Copy)]
struct Shown {
    /// `starting`, `scanning`, `failed` or `stopped`.
    state: RwSignal<&'static str>,
    problem: RwSignal<Option<CameraProblem>>,
    /// The codes read, the newest last, each with what the page said of it.
    taken: RwSignal<Vec<(String, Option<String>)>>,
    /// The last frame's decode and whole reading (draw, copy, grey, decode), in milliseconds.
    decode_ms: RwSignal<Option<(f64, f64)>>,
}

/// The camera while the scanner is open: its stream, the canvas a frame is read from, the
/// timer of the next frame and the codes seen lately. The browser objects are called by name
/// ([`js`]): the scanner's piece then brings no bindings of its own into the main module.
struct Camera {
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
    fn start(
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
        let grey = grey_levels(&rgba.to_vec());
        let decoding = now();
        let texts = read_codes(&grey, w as usize, h as usize);
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
    fn stop(&self) {
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

/// Browser calls by name, through `Reflect`, whose bindings the main module already has.
mod js {
    use wasm_bindgen::{JsCast, JsValue};

    /// `target[name]`, `undefined` where it has none.
    pub fn get(target: &JsValue, name: &str) -> JsValue {
        js_sys::Reflect::get(target, &name.into()).unwrap_or(JsValue::UNDEFINED)
    }

    /// `target[name] = value`.
    pub fn set(target: &JsValue, name: &str, value: &JsValue) {
        let _ = js_sys::Reflect::set(target, &name.into(), value);
    }

    /// `target[name](...args)`: the method's result, or what it threw (a `TypeError` where
    /// `target` has no such method).
    pub fn call(target: &JsValue, name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
        let method = get(target, name).dyn_into::<js_sys::Function>()?;
        let list = js_sys::Array::new();
        for (i, arg) in (0u32..).zip(args) {
            set(&list, &i.to_string(), arg);
        }
        js_sys::Reflect::apply(&method, target, &list)
    }
}

/// The grey level of each pixel of an RGBA picture (ITU-R BT.601 weights, in 8-bit fixed point).
fn grey_levels(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .map(|p| {
            let (r, g, b) = (u32::from(p[0]), u32::from(p[1]), u32::from(p[2]));
            ((77 * r + 150 * g + 29 * b) >> 8) as u8
        })
        .collect()
}

/// The texts of the QR codes found in a grey picture of `width` × `height` pixels, row by row.
fn read_codes(grey: &[u8], width: usize, height: usize) -> Vec<String> {
    let mut picture = rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| {
        grey.get(y * width + x).copied().unwrap_or(u8::MAX)
    });
    picture
        .detect_grids()
        .into_iter()
        .filter_map(|grid| grid.decode().ok())
        .map(|(_, text)| text)
        .collect()
}
