//! Bytes as text in the characters of a QR code's alphanumeric mode (`0-9`, `A-V`), which
//! packs 5.5 bits a character where bytes take 8: every code of the app carries its data so.

const BASE32: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";

/// Bytes in base 32 (five bits a digit, the last digit padded with zero bits).
pub fn base32(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len() * 8 / 5 + 1);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for &b in data {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(BASE32[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(BASE32[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn digit(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some(u32::from(c - b'0')),
        b'A'..=b'V' => Some(u32::from(c - b'A') + 10),
        b'a'..=b'v' => Some(u32::from(c - b'a') + 10),
        _ => None,
    }
}

/// Reads [`base32`]; `None` for a character outside it or a length it never writes.
pub fn base32_read(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in text.bytes() {
        acc = (acc << 5) | digit(c)?;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push(((acc >> bits) & 0xff) as u8);
        }
        acc &= (1 << bits) - 1;
    }
    // What is left is padding: fewer than five bits, all zero.
    (bits < 5 && acc == 0).then_some(out)
}

/// A 32-bit number as 7 base-32 digits.
pub fn base32_u32(v: u32) -> String {
    (0..7)
        .rev()
        .map(|i| BASE32[((u64::from(v) >> (5 * i)) & 31) as usize] as char)
        .collect()
}

/// Reads [`base32_u32`]; `None` unless it is 7 digits of a 32-bit number.
pub fn base32_u32_read(text: &str) -> Option<u32> {
    if text.len() != 7 {
        return None;
    }
    let mut v: u64 = 0;
    for c in text.bytes() {
        v = (v << 5) | u64::from(digit(c)?);
    }
    u32::try_from(v).ok()
}
