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
    let drawn = draw(&window, &bitmap);
    let _ = js::call(&bitmap, "close", &[]);
    drawn
}

/// Draws `bitmap` (an `ImageBitmap`) into a new canvas no longer than [`MAX_SIDE`] a side and
/// reads its pixels back.
fn draw(window: &JsValue, bitmap: &JsValue) -> Result<Frame, Refused> {
    let number = |name: &str| js::get(bitmap, name).as_f64().unwrap_or(0.0);
    let (w, h) = (number("width"), number("height"));
    if w < 1.0 || h < 1.0 {
        return Err(Refused::NotAnImage);
    }
    if w * h > MAX_PIXELS {
        return Err(Refused::TooBig);
    }
    let scale = (MAX_SIDE / w.max(h)).min(1.0);
    let (width, height) = ((w * scale).round().max(1.0), (h * scale).round().max(1.0));
    let document = js::get(window, "document");
    let canvas = js::call(&document, "createElement", &[&"canvas".into()])
        .map_err(|_| Refused::NotAnImage)?;
    js::set(&canvas, "width", &width.into());
    js::set(&canvas, "height", &height.into());
    let options = js_sys::Object::new();
    js::set(&options, "willReadFrequently", &true.into());
    let context = js::call(&canvas, "getContext", &[&"2d".into(), &options])
        .ok()
        .filter(|c| !c.is_null() && !c.is_undefined())
        .ok_or(Refused::TooBig)?;
    js::set(&context, "imageSmoothingQuality", &"high".into());
    let zero = JsValue::from(0);
    let (w_js, h_js) = (JsValue::from(width), JsValue::from(height));
    js::call(&context, "drawImage", &[bitmap, &zero, &zero, &w_js, &h_js])
        .map_err(|_| Refused::NotAnImage)?;
    let pixels = js::call(&context, "getImageData", &[&zero, &zero, &w_js, &h_js])
        .map_err(|_| Refused::TooBig)?;
    let rgba = js_sys::Uint8Array::new(&js::get(&js::get(&pixels, "data"), "buffer")).to_vec();
    Ok(Frame {
        canvas,
        rgba,
        width: width as usize,
        height: height as usize,
    })
}
