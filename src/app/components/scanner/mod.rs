//! Reading QR codes with the phone's camera, inside the app: a director walks the hall scanning
//! table after table, a player scans a settings or handover code, and what the code holds stays
//! in the installed app's storage (a link opened by an iPhone's camera app lands in Safari,
//! whose storage is not the installed app's).
//!
//! The camera's picture is shown live (`view`); a frame is drawn into a canvas, made grey and
//! smaller and read (`reader`, with the decoder of `core::scan`; the camera is
//! `components::camera`, the photo's too). Each new code beeps, buzzes
//! and goes to the page, which says what it made of it, and the scanner stays open for the next
//! one. The reader, its decoder and its views are a piece of their own (`open_scanner`),
//! fetched the first time a player taps Scan: the first load carries only this module's
//! [`open`], [`close`] and [`toggle`], which fetch the piece and draw it into the page.

mod reader;
mod scanned;
mod view;

use std::any::Any;
use std::cell::{Cell, RefCell};

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::JsCast;

use crate::app::device;
use crate::core::text::t;

pub use scanned::{OnCode, Scanned};

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

/// The camera's code reader with its QR decoder (`view`, `camera`), fetched the first time
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
    Ok(view::mount_reader(parent, page, on_code, on_close, close))
}
