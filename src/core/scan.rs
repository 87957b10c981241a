//! What a frame of the camera holds: the QR codes in a picture, read with the `rqrr` decoder,
//! and where a code's text leads inside the app. Pure, so it is tested natively on real frames
//! (`tests/scan_frames.rs`); the app's scanner (`app::components::scanner`) draws each frame
//! into a canvas and hands its pixels here, in the scanner's piece of the app only.

/// The grey level of each pixel of an RGBA picture (ITU-R BT.601 weights, in 8-bit fixed point).
pub fn grey_levels(rgba: &[u8]) -> Vec<u8> {
    rgba.chunks_exact(4)
        .map(|p| {
            let (r, g, b) = (u32::from(p[0]), u32::from(p[1]), u32::from(p[2]));
            ((77 * r + 150 * g + 29 * b) >> 8) as u8
        })
        .collect()
}

/// The texts of the QR codes found in a grey picture of `width` × `height` pixels, row by row.
pub fn read_codes(grey: &[u8], width: usize, height: usize) -> Vec<String> {
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

/// Where a scanned text leads inside the app served from `origin` (`https://host[:port]`, as
/// the page's `location.origin` says): a full link on that origin, as the app writes its codes,
/// or a path starting with one `/`. The path comes with its query and fragment (`/new?preset=…`,
/// `/handover#G2-…`); `None` for anything else (another site, plain text), which a page shows
/// and never opens.
pub fn app_path(text: &str, origin: &str) -> Option<String> {
    let text = text.trim();
    let path = match text.strip_prefix(origin) {
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
