//! Numbers and texts in few bytes, for codes that must fit in a QR code: numbers as
//! variable-length integers (seven bits a byte, low first; signed ones zigzagged so small
//! magnitudes stay small), texts as their length in bytes and their UTF-8.

use std::fmt;

use crate::core::text::t;

/// Why a number or a text cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub struct BytesError(pub String);

impl fmt::Display for BytesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BytesError {}

/// Appends `v` as an unsigned variable-length integer (seven bits a byte, low first).
pub fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// Appends a signed integer, small magnitudes in few bytes (zigzag).
pub fn push_signed(out: &mut Vec<u8>, v: i64) {
    push_varint(out, ((v << 1) ^ (v >> 63)) as u64);
}

/// Reads an unsigned variable-length integer from the front of `input`.
pub fn take_varint(input: &mut &[u8]) -> Result<u64, BytesError> {
    let mut v: u64 = 0;
    for shift in (0..64).step_by(7) {
        let (&byte, rest) = input
            .split_first()
            .ok_or_else(|| BytesError(t("the data ends inside a number").into()))?;
        *input = rest;
        let bits = u64::from(byte & 0x7f);
        if shift == 63 && bits > 1 {
            return Err(BytesError(t("a number is too large").into()));
        }
        v |= bits << shift;
        if byte & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err(BytesError(t("a number is too long").into()))
}

/// Reads a signed integer written by [`push_signed`].
pub fn take_signed(input: &mut &[u8]) -> Result<i64, BytesError> {
    let v = take_varint(input)?;
    Ok(((v >> 1) as i64) ^ -((v & 1) as i64))
}

/// Appends `text`: its length in bytes, then its UTF-8.
pub fn push_text(out: &mut Vec<u8>, text: &str) {
    push_varint(out, text.len() as u64);
    out.extend_from_slice(text.as_bytes());
}

/// Reads a text written by [`push_text`] from the front of `input`.
pub fn take_text(input: &mut &[u8]) -> Result<String, BytesError> {
    let len = take_varint(input)?;
    let len = usize::try_from(len)
        .ok()
        .filter(|&len| len <= input.len())
        .ok_or_else(|| BytesError(t("the data ends inside a text").into()))?;
    let (text, rest) = input.split_at(len);
    *input = rest;
    String::from_utf8(text.to_vec()).map_err(|_| BytesError(t("a text is not UTF-8").into()))
}

/// `text` cut to at most `max` bytes of UTF-8, whole characters only, ending with `…` when
/// it was cut (empty when not even the `…` fits).
pub fn shorten(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let ellipsis = '…';
    let Some(room) = max.checked_sub(ellipsis.len_utf8()) else {
        return String::new();
    };
    let mut out = String::new();
    for c in text.chars() {
        if out.len() + c.len_utf8() > room {
            break;
        }
        out.push(c);
    }
    let out = out.trim_end().to_string();
    format!("{out}{ellipsis}")
}
