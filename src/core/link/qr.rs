//! A link as a QR code, drawn as one SVG path, for a phone's camera to read at arm's length:
//! error correction level M at least, version [`MAX_QR_VERSION`] at most.

use qrcodegen::{QrCode, QrCodeEcc, QrSegment, Version};

use crate::core::text::tf;

/// The largest QR version a code is drawn at: 117 modules a side, which a phone still reads
/// from another phone's screen at arm's length.
pub const MAX_QR_VERSION: u8 = 25;

/// The modules on each side of a code that are left light (the quiet zone the standard asks).
pub const QUIET: usize = 4;

/// A QR code ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Code {
    /// Modules on a side, the quiet zone not included.
    pub size: usize,
    /// The QR version (1 to 40).
    pub version: u8,
    /// The error correction level: `M`, or `Q` or `H` when the version had room to spare.
    pub level: char,
    /// The dark modules as SVG path data, in module units, the quiet zone included
    /// (the drawing is `size + 2 × QUIET` modules wide).
    pub path: String,
}

/// The code of `link` at level M or better, version [`MAX_QR_VERSION`] at most, ready to draw.
/// `Err` when it does not fit.
pub fn code(link: &str) -> Result<Code, String> {
    encode(link, QrCodeEcc::Medium, MAX_QR_VERSION)
        .map(|qr| draw(&qr))
        .ok_or_else(|| {
            tf(
                "the link is too long for a QR code of version {}",
                &[&MAX_QR_VERSION],
            )
        })
}

/// The QR code of `link` at error correction `level` or better (raised while the version has
/// room), version `max_version` at most; `None` when it does not fit. The address goes as
/// bytes and a fragment made of the alphanumeric mode's characters as such, which packs it a
/// third tighter; a text made of those characters alone goes in that mode whole.
pub fn encode(link: &str, level: QrCodeEcc, max_version: u8) -> Option<QrCode> {
    let segments = match link.split_once('#') {
        Some((address, fragment))
            if !fragment.is_empty() && QrSegment::is_alphanumeric(fragment) =>
        {
            vec![
                QrSegment::make_bytes(format!("{address}#").as_bytes()),
                QrSegment::make_alphanumeric(fragment),
            ]
        }
        None if !link.is_empty() && QrSegment::is_alphanumeric(link) => {
            vec![QrSegment::make_alphanumeric(link)]
        }
        _ => vec![QrSegment::make_bytes(link.as_bytes())],
    };
    QrCode::encode_segments_advanced(
        &segments,
        level,
        Version::MIN,
        Version::new(max_version),
        None,
        true,
    )
    .ok()
}

/// `qr` ready to draw: its dark modules as one SVG path.
pub fn draw(qr: &QrCode) -> Code {
    let q = QUIET as i32;
    let mut path = String::new();
    for y in 0..qr.size() {
        let mut x = 0;
        while x < qr.size() {
            if !qr.get_module(x, y) {
                x += 1;
                continue;
            }
            let start = x;
            while x < qr.size() && qr.get_module(x, y) {
                x += 1;
            }
            let run = x - start;
            path.push_str(&format!("M{},{}h{run}v1h-{run}z", start + q, y + q));
        }
    }
    Code {
        size: usize::try_from(qr.size()).unwrap_or(0),
        version: qr.version().value(),
        level: match qr.error_correction_level() {
            QrCodeEcc::Low => 'L',
            QrCodeEcc::Medium => 'M',
            QrCodeEcc::Quartile => 'Q',
            QrCodeEcc::High => 'H',
        },
        path,
    }
}
