//! What the phone offers beyond the page: keeping the screen awake, vibration, sound, a voice,
//! the clipboard, sharing. Each is optional: the app asks whether the browser has it before the
//! first call (Safari on iPhones and Firefox have no vibration, older iPhones no wake lock) and
//! does without it quietly where it is missing.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::*;

use crate::core::text::t;

thread_local! {
    static WAKE_LOCK: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

/// Keeps the screen on (Screen Wake Lock) while `on`; releases it otherwise. The browser drops
/// the lock when the page is hidden, so call again when it becomes visible.
pub fn keep_awake(on: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if !on {
        WAKE_LOCK.with(|lock| {
            if let Some(sentinel) = lock.borrow_mut().take() {
                call0(&sentinel, "release");
            }
        });
        return;
    }
    let held = WAKE_LOCK.with(|lock| {
        lock.borrow()
            .as_ref()
            .map(|s| {
                !js_sys::Reflect::get(s, &"released".into())
                    .ok()
                    .and_then(|v| v.as_bool())
                    .unwrap_or(true)
            })
            .unwrap_or(false)
    });
    if held {
        return;
    }
    let navigator = window.navigator();
    let Ok(wake_lock) = js_sys::Reflect::get(&navigator, &"wakeLock".into()) else {
        return;
    };
    if wake_lock.is_undefined() {
        return;
    }
    let Ok(request) = js_sys::Reflect::get(&wake_lock, &"request".into()) else {
        return;
    };
    let Ok(request) = request.dyn_into::<js_sys::Function>() else {
        return;
    };
    let Ok(promise) = request.call1(&wake_lock, &"screen".into()) else {
        return;
    };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else {
        return;
    };
    let on_lock = Closure::once(move |sentinel: JsValue| {
        WAKE_LOCK.with(|lock| *lock.borrow_mut() = Some(sentinel));
    });
    let on_fail = Closure::once(|_: JsValue| {});
    let _ = promise.then2(&on_lock, &on_fail);
    on_lock.forget();
    on_fail.forget();
}

fn call0(target: &JsValue, method: &str) {
    if let Ok(f) = js_sys::Reflect::get(target, &method.into())
        && let Ok(f) = f.dyn_into::<js_sys::Function>()
    {
        let _ = f.call0(target);
    }
}

/// Whether `target` has a property `name` that is not `undefined` or `null`: an optional
/// browser API is asked for this way before it is called, as calling a missing one throws.
pub fn has_api(target: &JsValue, name: &str) -> bool {
    js_sys::Reflect::get(target, &name.into()).is_ok_and(|v| !v.is_undefined() && !v.is_null())
}

/// Whether the navigator offers `name` (`vibrate`, `serviceWorker`, `clipboard`, …).
pub fn navigator_has(name: &str) -> bool {
    web_sys::window().is_some_and(|w| has_api(&w.navigator(), name))
}

/// Whether the phone can vibrate from a web page (not on iPhones, not in Firefox). Asked of
/// the browser once: a press should not pay for the question.
pub fn can_vibrate() -> bool {
    thread_local! {
        static CAN: bool = navigator_has("vibrate");
    }
    CAN.with(|c| *c)
}

/// Whether the browser can speak (Web Speech synthesis).
pub fn can_speak() -> bool {
    web_sys::window().is_some_and(|w| has_api(&w, "speechSynthesis"))
        && web_sys::window().is_some_and(|w| has_api(&w, "SpeechSynthesisUtterance"))
}

/// Whether the phone can be kept from dimming its screen (Screen Wake Lock; iPhones before
/// iOS 16.4 have none).
pub fn can_keep_awake() -> bool {
    navigator_has("wakeLock")
}

/// Whether the browser can ask to keep the app's storage (`navigator.storage.persist`).
pub fn can_ask_persistence() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"storage".into()).ok())
        .is_some_and(|storage| has_api(&storage, "persist"))
}

/// What this browser lacks that a player relies on, each as a short clause ("vibrate on a
/// press") with a stable name for tests; empty when it has everything.
pub fn missing() -> Vec<(&'static str, &'static str)> {
    [
        (can_vibrate(), "vibrate", t("vibrate on a press")),
        (
            can_keep_awake(),
            "wake-lock",
            t(
                "keep the screen on during a game (set a longer screen timeout in the phone's settings)",
            ),
        ),
        (
            can_speak(),
            "speech",
            t("count the last seconds aloud (beeps do it)"),
        ),
        (
            navigator_has("serviceWorker"),
            "offline",
            t("keep the app for use without a network (a private window cannot)"),
        ),
        (
            can_ask_persistence(),
            "persist",
            t("be asked to keep the games when the phone runs low on space"),
        ),
        (
            navigator_has("share"),
            "share",
            t("share a record (download or copy it instead)"),
        ),
        (
            navigator_has("clipboard"),
            "clipboard",
            t("copy a record (download it instead)"),
        ),
    ]
    .into_iter()
    .filter(|(has, ..)| !has)
    .map(|(_, name, what)| (name, what))
    .collect()
}

/// Whether the app runs installed on the home screen rather than in a browser tab.
pub fn installed() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let standalone = window
        .match_media("(display-mode: standalone)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
        || window
            .match_media("(display-mode: fullscreen)")
            .ok()
            .flatten()
            .is_some_and(|m| m.matches());
    // Safari on iPhones says so in a property of its own.
    let ios_standalone = js_sys::Reflect::get(&window.navigator(), &"standalone".into())
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false);
    standalone || ios_standalone
}

/// Whether this is an iPhone or iPad, where every browser is Safari's engine and a site's storage
/// may be cleared after seven days without use unless the app is on the home screen.
pub fn is_ios() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    let agent = navigator.user_agent().unwrap_or_default();
    let touch_mac = agent.contains("Macintosh") && navigator.max_touch_points() > 1;
    agent.contains("iPhone") || agent.contains("iPad") || agent.contains("iPod") || touch_mac
}

/// A short buzz to confirm a press, where the phone can.
pub fn buzz() {
    if !can_vibrate() {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().vibrate_with_duration(25);
    }
}

/// The confirming buzz of a press, with the frame that shows the switch: the press is
/// recorded, saved and drawn first, and the buzz costs the press's handler nothing. One
/// function, made once, is queued each time, so a press allocates nothing for it.
pub fn buzz_after() {
    use wasm_bindgen::JsCast;
    use wasm_bindgen::prelude::Closure;
    thread_local! {
        static BUZZ: Option<js_sys::Function> = can_vibrate().then(|| {
            Closure::<dyn Fn()>::new(buzz).into_js_value().unchecked_into()
        });
    }
    BUZZ.with(|f| {
        if let (Some(f), Some(window)) = (f, web_sys::window()) {
            let _ = window.request_animation_frame(f);
        }
    });
}

/// A buzz of `ms` milliseconds, where the phone can: a code taken by the scanner.
pub fn buzz_for(ms: u32) {
    if !can_vibrate() {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().vibrate_with_duration(ms);
    }
}

/// A longer buzz for a low-time warning, where the phone can.
pub fn warn_buzz() {
    if !can_vibrate() {
        return;
    }
    if let Some(window) = web_sys::window() {
        let _ = window.navigator().vibrate_with_duration(200);
    }
}

/// The epoch time (ms) at which an input event happened, from its own timestamp rather than
/// from when its handler runs: the wall clock now, less how long ago the event happened on the
/// page's monotonic clock. A delay that makes no sense (over a second) is taken as none.
pub fn event_epoch_ms(event: &web_sys::Event) -> i64 {
    thread_local! {
        static PERFORMANCE: Option<web_sys::Performance> =
            web_sys::window().and_then(|w| w.performance());
    }
    let now = js_sys::Date::now();
    let delay = PERFORMANCE
        .with(|p| p.as_ref().map(|p| p.now()))
        .map(|now| now - event.time_stamp())
        .filter(|d| (0.0..1_000.0).contains(d))
        .unwrap_or(0.0);
    (now - delay).round() as i64
}

/// Offers `text` to the player as a file download (in UTF-8).
pub fn download(filename: &str, text: &str, mime: &str) -> Result<(), String> {
    download_bytes(filename, text.as_bytes(), mime)
}

/// Offers `bytes` to the player as a file download.
pub fn download_bytes(filename: &str, bytes: &[u8], mime: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|_| t("The file could not be made.").to_string())?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|_| t("The file could not be made.").to_string())?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(t("No document."))?;
    let a = document
        .create_element("a")
        .map_err(|_| t("No link.").to_string())?
        .dyn_into::<web_sys::HtmlAnchorElement>()
        .map_err(|_| t("No link.").to_string())?;
    a.set_href(&url);
    a.set_download(filename);
    a.click();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// Copies text to the clipboard where the browser allows it; false where it has no clipboard
/// (a page not served over HTTPS, an older browser).
pub fn copy_text(text: &str) -> bool {
    if !navigator_has("clipboard") {
        return false;
    }
    let Some(window) = web_sys::window() else {
        return false;
    };
    let _ = window.navigator().clipboard().write_text(text);
    true
}

/// Opens the phone's share sheet with `text`; false where the Web Share API is missing.
pub fn share_text(title: &str, text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    let Ok(share) = js_sys::Reflect::get(&navigator, &"share".into()) else {
        return false;
    };
    let Ok(share) = share.dyn_into::<js_sys::Function>() else {
        return false;
    };
    let data = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&data, &"title".into(), &title.into());
    let _ = js_sys::Reflect::set(&data, &"text".into(), &text.into());
    share.call1(&navigator, &data).is_ok()
}

thread_local! {
    static AUDIO: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Gets the sound ready from a tap, so that a beep later, outside any tap (a code the camera
/// read), is heard: iPhones start a page's sound only from a tap.
pub fn ready_sound() {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = web_sys::AudioContext::new().ok();
        }
        if let Some(ctx) = audio.as_ref() {
            call0(ctx, "resume");
        }
    });
}

/// A short beep made with Web Audio (no sound file needed offline). `high` for the last seconds.
pub fn beep(high: bool) {
    AUDIO.with(|audio| {
        let mut audio = audio.borrow_mut();
        if audio.is_none() {
            *audio = web_sys::AudioContext::new().ok();
        }
        let Some(ctx) = audio.as_ref() else {
            return;
        };
        let (Ok(osc), Ok(gain)) = (ctx.create_oscillator(), ctx.create_gain()) else {
            return;
        };
        osc.set_type(web_sys::OscillatorType::Sine);
        osc.frequency().set_value(if high { 1320.0 } else { 880.0 });
        let now = ctx.current_time();
        gain.gain().set_value(0.25);
        let _ = gain.gain().linear_ramp_to_value_at_time(0.0, now + 0.12);
        let _ = osc.connect_with_audio_node(&gain);
        let _ = gain.connect_with_audio_node(&ctx.destination());
        let _ = osc.start();
        let _ = osc.stop_with_when(now + 0.13);
    });
}

/// Whether the phone has a voice for the app's language (by its language code: "fr" for
/// "fr-FR"); true while the browser has not listed its voices yet, since most then have one.
pub fn has_voice() -> bool {
    if !can_speak() {
        return false;
    }
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return false;
    };
    let voices = synth.get_voices();
    if voices.length() == 0 {
        return true;
    }
    let wanted = crate::core::text::voice()
        .split('-')
        .next()
        .unwrap_or("en")
        .to_ascii_lowercase();
    voices.iter().any(|v| {
        v.dyn_into::<web_sys::SpeechSynthesisVoice>()
            .is_ok_and(|v| v.lang().to_ascii_lowercase().starts_with(&wanted))
    })
}

/// Speaks `text` with the phone's voice for the app's language, where it has one (the beeps
/// count the seconds anyway).
pub fn speak(text: &str) {
    if !has_voice() {
        return;
    }
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    if let Ok(u) = web_sys::SpeechSynthesisUtterance::new_with_text(text) {
        u.set_lang(crate::core::text::voice());
        synth.cancel();
        synth.speak(&u);
    }
}

/// The file input an event came from and the file chosen in it, if one was.
/// Scrolls an element into view on the next frame, only where part of it is off the screen:
/// a message under the fold, or above it after a scroll.
pub fn reveal(el: web_sys::Element) {
    leptos::prelude::request_animation_frame(move || {
        let rect = el.get_bounding_client_rect();
        let height = web_sys::window()
            .and_then(|w| w.inner_height().ok())
            .and_then(|h| h.as_f64())
            .unwrap_or(f64::MAX);
        if rect.top() < 0.0 || rect.bottom() > height {
            el.scroll_into_view_with_bool(rect.top() < 0.0);
        }
    });
}

pub fn chosen_file(ev: &web_sys::Event) -> Option<(web_sys::HtmlInputElement, web_sys::File)> {
    let input = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())?;
    let file = input.files().and_then(|f| f.get(0))?;
    Some((input, file))
}
