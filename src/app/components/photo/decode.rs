//! A photo file made pixels, in the photo's piece: the browser decodes it
//! (`createImageBitmap`, which turns it upright as the camera says), draws it into a canvas no
//! longer than [`MAX_SIDE`] a side, and the canvas's RGBA pixels go to the reader. The canvas
//! is what the page shows of the photo. A file that is no picture, or too big to decode on a
//! phone, is refused before anything is read.

use wasm_bindgen::JsValue;

use crate::app::js;

/// The longer side of the picture the reader gets, in pixels: a phone's 12-megapixel photo
/// is read at 1280×960, where a 19×19 board still has 40 pixels a line and more.
pub const MAX_SIDE: f64 = 1280.0;

/// The biggest file read, in bytes: a phone's camera writes a few megabytes.
const MAX_BYTES: f64 = 60_000_000.0;

/// The most pixels a photo may have (a 100-megapixel picture takes 400 MB to decode).
const MAX_PIXELS: f64 = 100_000_000.0;

/// Why a file gave no pixels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a picture the browser can decode.
    NotAnImage,
    /// Too big a file or picture.
    TooBig,
}

/// A photo decoded and made smaller: the canvas it is drawn in, and its pixels.
pub struct Frame {
    /// A canvas (not yet on the page) holding the picture.
    pub canvas: JsValue,
    /// Red, green, blue and alpha of each pixel, row by row.
    pub rgba: Vec<u8>,
    /// Its width in pixels.
    pub width: usize,
    /// Its height in pixels.
    pub height: usize,
}

/// Decodes `file` (a `File`) into a [`Frame`].
pub async fn decode(file: &JsValue) -> Result<Frame, Refused> {
    if js::get(file, "size").as_f64().unwrap_or(0.0) > MAX_BYTES {
        return Err(Refused::TooBig);
    }
    let kind = js::get(file, "type").as_string().unwrap_or_default();
    if !kind.is_empty() && !kind.starts_with("image/") {
        return Err(Refused::NotAnImage);
    }
    let window: JsValue = web_sys::window().ok_or(Refused::NotAnImage)?.into();
    let decoding =
        js::call(&window, "createImageBitmap", &[file]).map_err(|_| Refused::NotAnImage)?;
    let bitmap = wasm_bindgen_futures::JsFuture::from(js_sys::Promise::from(decoding))
        .await
        .map_err(|_| Refused::NotAnImage)?;
    let number = |name: &str| js::get(&bitmap, name).as_f64().unwrap_or(0.0);
    let drawn = draw(&bitmap, (number("width"), number("height")));
    let _ = js::call(&bitmap, "close", &[]);
    drawn
}

/// The picture a camera's `video` shows now, as a [`Frame`].
pub fn from_video(video: &JsValue) -> Result<Frame, Refused> {
    let number = |name: &str| js::get(video, name).as_f64().unwrap_or(0.0);
    draw(video, (number("videoWidth"), number("videoHeight")))
}

/// A canvas kept off the page and its 2D context, which the browser keeps ready for reading
/// back (`willReadFrequently`).
pub fn reading_canvas() -> Option<(JsValue, JsValue)> {
    let document: JsValue = web_sys::window()?.document()?.into();
    let canvas = js::call(&document, "createElement", &[&"canvas".into()]).ok()?;
    let options = js_sys::Object::new();
    js::set(&options, "willReadFrequently", &true.into());
    let context = js::call(&canvas, "getContext", &[&"2d".into(), &options]).ok()?;
    (!context.is_null() && !context.is_undefined()).then_some((canvas, context))
}

/// Draws `source` (an image, a bitmap or a video of `size` pixels) into `canvas` (with its
/// `context`) made no longer than `max_side` a side, and reads its pixels back: RGBA, width,
/// height.
pub fn pixels_of(
    source: &JsValue,
    canvas: &JsValue,
    context: &JsValue,
    (w, h): (f64, f64),
    max_side: f64,
) -> Option<(Vec<u8>, usize, usize)> {
    if w < 1.0 || h < 1.0 {
        return None;
    }
    let scale = (max_side / w.max(h)).min(1.0);
    let (width, height) = ((w * scale).round().max(1.0), (h * scale).round().max(1.0));
    let number = |name: &str| js::get(canvas, name).as_f64().unwrap_or(0.0);
    if number("width") != width || number("height") != height {
        js::set(canvas, "width", &width.into());
        js::set(canvas, "height", &height.into());
    }
    js::set(context, "imageSmoothingQuality", &"high".into());
    let zero = JsValue::from(0);
    let (w_js, h_js) = (JsValue::from(width), JsValue::from(height));
    js::call(context, "drawImage", &[source, &zero, &zero, &w_js, &h_js]).ok()?;
    let pixels = js::call(context, "getImageData", &[&zero, &zero, &w_js, &h_js]).ok()?;
    let rgba = js_sys::Uint8Array::new(&js::get(&js::get(&pixels, "data"), "buffer")).to_vec();
    Some((rgba, width as usize, height as usize))
}

/// Draws `source` (of `size` pixels) into a new canvas no longer than [`MAX_SIDE`] a side and
/// reads its pixels back.
fn draw(source: &JsValue, (w, h): (f64, f64)) -> Result<Frame, Refused> {
    if w < 1.0 || h < 1.0 {
        return Err(Refused::NotAnImage);
    }
    if w * h > MAX_PIXELS {
        return Err(Refused::TooBig);
    }
    let (canvas, context) = reading_canvas().ok_or(Refused::TooBig)?;
    let (rgba, width, height) =
        pixels_of(source, &canvas, &context, (w, h), MAX_SIDE).ok_or(Refused::TooBig)?;
    Ok(Frame {
        canvas,
        rgba,
        width,
        height,
    })
}

/// The longer side of the photo kept with a game for the referee, in pixels.
const KEPT_SIDE: f64 = 640.0;

/// The JPEG quality of the photo kept with a game.
const KEPT_QUALITY: f64 = 0.7;

/// The picture of `canvas` made no longer than [`KEPT_SIDE`] a side, as a JPEG `data:` URL
/// (some 40 to 80 kB); `None` where the browser cannot make one.
pub fn small_jpeg(canvas: &JsValue) -> Option<String> {
    let number = |name: &str| js::get(canvas, name).as_f64().unwrap_or(0.0);
    let (w, h) = (number("width"), number("height"));
    if w < 1.0 || h < 1.0 {
        return None;
    }
    let scale = (KEPT_SIDE / w.max(h)).min(1.0);
    let (width, height) = ((w * scale).round().max(1.0), (h * scale).round().max(1.0));
    let document = js::get(&web_sys::window()?.into(), "document");
    let small = js::call(&document, "createElement", &[&"canvas".into()]).ok()?;
    js::set(&small, "width", &width.into());
    js::set(&small, "height", &height.into());
    let context = js::call(&small, "getContext", &[&"2d".into()])
        .ok()
        .filter(|c| !c.is_null() && !c.is_undefined())?;
    js::set(&context, "imageSmoothingQuality", &"high".into());
    let zero = JsValue::from(0);
    js::call(
        &context,
        "drawImage",
        &[canvas, &zero, &zero, &width.into(), &height.into()],
    )
    .ok()?;
    js::call(
        &small,
        "toDataURL",
        &[&"image/jpeg".into(), &KEPT_QUALITY.into()],
    )
    .ok()?
    .as_string()
    .filter(|url| url.starts_with("data:image/jpeg"))
}
