//! A code's fragment with its own checksum: a letter naming the kind of code, its format
//! version, a dash, then the payload in base 32 ending with the CRC-32 of the version byte and
//! the payload (`R1-…`, `T1-…`, `P1-…`). A damaged or cut code is refused on its own; case is
//! ignored, as some cameras hand codes over in lower case.

use super::{base32, base32_read, crc32};
use crate::core::text::t;

/// Why a fragment cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignedError {
    /// The text holds no code at all.
    Empty,
    /// The text is not a code of this kind.
    Foreign,
    /// The code was written in another format version.
    UnknownVersion(u32),
    /// The code is damaged or cut short (the text says how).
    Damaged(String),
}

fn checksum(version: u32, payload: &[u8]) -> u32 {
    let mut bytes = Vec::with_capacity(payload.len() + 1);
    bytes.push(u8::try_from(version).unwrap_or(u8::MAX));
    bytes.extend_from_slice(payload);
    crc32(&bytes)
}

/// The fragment's head: `letter`, `version`, a dash.
pub fn head(letter: char, version: u32) -> String {
    format!("{letter}{version}-")
}

/// The fragment of `payload` as a code of kind `letter`, format `version`.
pub fn write(letter: char, version: u32, payload: &[u8]) -> String {
    let mut bytes = payload.to_vec();
    bytes.extend_from_slice(&checksum(version, payload).to_be_bytes());
    format!("{}{}", head(letter, version), base32(&bytes))
}

/// The payload of a code of kind `letter` in format `version`, from its link or fragment,
/// its checksum checked.
pub fn read(text: &str, letter: char, version: u32) -> Result<Vec<u8>, SignedError> {
    let text = text.trim();
    let fragment = text.rsplit_once('#').map_or(text, |(_, f)| f).trim();
    if fragment.is_empty() {
        return Err(SignedError::Empty);
    }
    let Some(rest) = fragment
        .strip_prefix(letter.to_ascii_uppercase())
        .or_else(|| fragment.strip_prefix(letter.to_ascii_lowercase()))
    else {
        return Err(SignedError::Foreign);
    };
    let Some((written, data)) = rest.split_once('-') else {
        return Err(SignedError::Foreign);
    };
    if written.is_empty() || !written.bytes().all(|b| b.is_ascii_digit()) {
        return Err(SignedError::Foreign);
    }
    match written.parse::<u32>().unwrap_or(u32::MAX) {
        0 => return Err(SignedError::Foreign),
        v if v != version => return Err(SignedError::UnknownVersion(v)),
        _ => {}
    }
    let damaged = |why: &str| SignedError::Damaged(why.to_string());
    let bytes = base32_read(data).ok_or_else(|| damaged(t("its characters cannot be read")))?;
    let split = bytes
        .len()
        .checked_sub(4)
        .ok_or_else(|| damaged(t("it is too short")))?;
    let (payload, sum) = bytes.split_at(split);
    let sum = <[u8; 4]>::try_from(sum)
        .map(u32::from_be_bytes)
        .map_err(|_| damaged(t("it is too short")))?;
    if checksum(version, payload) != sum {
        return Err(damaged(t("its checksum does not match")));
    }
    Ok(payload.to_vec())
}
