//! The rear camera, for the scanner and the photo: the one place the app asks for the camera
//! (`getUserMedia`). [`Camera::start`] opens it into a `<video>`, looks at the picture every so
//! often (the caller's `look`: the scanner reads the codes in it, the photo looks for the
//! board's grid), and stops it (its light goes off) on [`Camera::stop`], when it is dropped,
//! and at the next look once its picture is no longer on the page, even where the view's
//! cleanup never ran. Every browser call is made by name ([`js`]): the pieces that use it bring
//! no bindings into the main module.

use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::prelude::*;

use crate::app::{device, js};

/// Why the camera gives no picture. Each screen says it in its own words, with what to do
/// there instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraProblem {
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
        match js::get(error, "name")
            .as_string()
            .unwrap_or_default()
            .as_str()
        {
            "NotAllowedError" | "SecurityError" => Self::NotAllowed,
            "NotFoundError" | "OverconstrainedError" => Self::NoCamera,
            "NotReadableError" | "AbortError" => Self::InUse,
            _ => Self::Other,
        }
    }

    /// A stable name for tests and styles.
    pub fn id(self) -> &'static str {
        match self {
            Self::NoCameraAccess => "no-camera-access",
            Self::NotAllowed => "not-allowed",
            Self::NoCamera => "no-camera",
            Self::InUse => "in-use",
            Self::Other => "failed",
        }
    }
}

/// Where the camera stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Live {
    /// Asked for, no picture yet.
    Starting,
    /// Showing its picture, and looked at every so often.
    Showing,
    /// No picture, and why.
    Failed(CameraProblem),
}

/// What a camera's user does with the picture at each look: called with the `<video>`.
type Look = Box<dyn Fn(&JsValue)>;

/// The camera while its view is open: its stream, the timer of the next look.
pub struct Camera {
    video: JsValue,
    stream: RefCell<Option<JsValue>>,
    timer: Cell<Option<TimeoutHandle>>,
    closed: Cell<bool>,
    every: Duration,
    live: RwSignal<Live>,
    look: Look,
}

impl Camera {
    /// Asks for the rear camera at about `ideal` (width, height) pixels into `video`, and once
    /// it gives a picture calls `look` with it every `every` until it stops; `live` says where
    /// it stands. `None` (with the problem in `live`) where the browser has no camera for the
    /// page.
    pub fn start(
        video: JsValue,
        ideal: (u32, u32),
        every: Duration,
        live: RwSignal<Live>,
        look: impl Fn(&JsValue) + 'static,
    ) -> Option<Rc<Self>> {
        let fail = |problem: CameraProblem| {
            live.set(Live::Failed(problem));
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
        let camera = Rc::new(Self {
            video,
            stream: RefCell::new(None),
            timer: Cell::new(None),
            closed: Cell::new(false),
            every,
            live,
            look: Box::new(look),
        });
        // `{video: {facingMode: "environment", width, height}, audio: false}`: the rear camera.
        let wanted = js_sys::Object::new();
        js::set(&wanted, "facingMode", &"environment".into());
        js::set(&wanted, "width", &ideal.0.into());
        js::set(&wanted, "height", &ideal.1.into());
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
                    js::set(&camera.video, "muted", &true.into());
                    js::set(&camera.video, "playsInline", &true.into());
                    js::set(&camera.video, "srcObject", &stream);
                    // A refused play leaves the picture still; looking goes on.
                    if let Ok(playing) = js::call(&camera.video, "play", &[]) {
                        let ignore = Closure::<dyn FnMut(JsValue)>::new(|_: JsValue| {});
                        let _ = js_sys::Promise::from(playing).then2(&ignore, &ignore);
                        ignore.forget();
                    }
                    camera.stream.replace(Some(stream));
                    camera.live.set(Live::Showing);
                    Camera::next_look(&camera);
                }
                // The view left the screen while the camera was asked for.
                _ => stop_tracks(&stream),
            })
        };
        let on_refused = Closure::once(move |error: JsValue| {
            let _ = live.try_set(Live::Failed(CameraProblem::from_error(&error)));
        });
        let _ = promise.then2(&on_stream, &on_refused);
        on_stream.forget();
        on_refused.forget();
        Some(camera)
    }

    /// The `<video>` the picture plays in.
    pub fn video(&self) -> &JsValue {
        &self.video
    }

    /// Whether the camera's picture is still on the page.
    fn on_page(&self) -> bool {
        js::get(&self.video, "isConnected").is_truthy()
    }

    /// Looks at the picture after `every`, and so on until the camera stops.
    fn next_look(camera: &Rc<Self>) {
        let weak: Weak<Self> = Rc::downgrade(camera);
        let timer = set_timeout_with_handle(
            move || {
                let Some(camera) = weak.upgrade() else {
                    return;
                };
                if camera.closed.get() {
                    return;
                }
                // A view no longer on screen stops its camera even if its cleanup never ran.
                if !camera.on_page() || camera.live.try_get_untracked().is_none() {
                    camera.stop();
                    return;
                }
                (camera.look)(&camera.video);
                if !camera.closed.get() {
                    Camera::next_look(&camera);
                }
            },
            camera.every,
        )
        .ok();
        camera.timer.set(timer);
    }

    /// Stops the camera (its light goes off) and the looking; nothing after this looks at a
    /// picture. Changes nothing on screen, so a view's own cleanup may call it.
    pub fn stop(&self) {
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

/// The camera of a view, kept with it: stopped when the view goes.
pub type Kept = StoredValue<Option<Rc<Camera>>, LocalStorage>;

/// A place for the camera of the view being made, which stops the camera when the view goes.
pub fn kept_with_view() -> Kept {
    let camera: Kept = StoredValue::new_local(None);
    on_cleanup(move || {
        if let Some(Some(c)) = camera.try_get_value() {
            c.stop();
        }
    });
    camera
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
