//! The compact codes every handover between phones uses, beneath the game's handover
//! (`handover`) and the director's round (`round`) alike: bytes as base-32 text
//! ([`base32`]), a checksum ([`crc`]), a code's fragment signed with it ([`signed`]), numbers and texts in few bytes ([`bytes`]), and a link
//! drawn as a QR code ([`qr`]).

pub mod base32;
pub mod bytes;
pub mod crc;
pub mod qr;
pub mod signed;

pub use base32::{base32, base32_read, base32_u32, base32_u32_read};
pub use crc::crc32;
