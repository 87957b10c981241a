//! A finished game handed to another phone by QR code, with no network: a link to the app
//! whose fragment (never sent anywhere) carries the whole record. A record too big for one
//! code is cut into a numbered series of links; the receiving app keeps the parts it has read
//! until all are in.
//!
//! A part's fragment: `G<version>-<part>-<parts>-<series>-<data>-<check>`, in the characters
//! of a QR code's alphanumeric mode (`0-9`, `A-V` and `-`), which packs 5.5 bits a character
//! where bytes take 8. `<series>` is the checksum (CRC-32) of the whole game's bytes, which
//! ties the parts together and proves the assembled game whole; `<check>` is the checksum of
//! the part before it, so a damaged code is refused on its own. Both are 7 base-32 digits;
//! `<data>` is the part's share of the game's bytes ([`game`]) in base 32.

pub mod game;

use std::fmt;

use super::backup::{BackupGame, valid_id};
use super::record::RECORD_SCHEMA;
use super::text::{t, tf};

// The link format is base 32 with CRC-32 checksums, drawn as QR codes of version 25 at most.
pub use super::link::qr::{self, MAX_QR_VERSION};
pub use super::link::{base32, base32_read, crc32};
use super::link::{base32_u32, base32_u32_read};

/// The version of the link format this app writes and reads. Version 4 writes the settings as
/// the store's JSON of what differs from a new game of the preset; the binary settings of
/// versions 1 to 3 are no longer read, and such a link is refused as an older app's.
pub const LINK_VERSION: u32 = 4;
/// The app's route that reads a handed-over game.
pub const PATH: &str = "/handover";
/// The most parts a game is cut into.
pub const MAX_PARTS: usize = 99;

/// Why a link cannot be read. Nothing is imported or kept from a refused link.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkError {
    /// The link holds no game at all.
    Empty,
    /// The link is not one this app makes.
    Foreign,
    /// The link was made by a newer version of the app.
    NewerVersion(u32),
    /// The link was made by an older version of the app, whose form this one no longer reads.
    OlderVersion(u32),
    /// The link is damaged or cut short (the text says how).
    Damaged(String),
    /// Every part is in, but the game in it cannot be taken (the text says why).
    Game(String),
}

impl fmt::Display for LinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LinkError::Empty => f.write_str(t(
                "This link carries no game: scan the code on the result screen of the phone that kept the game.",
            )),
            LinkError::Foreign => f.write_str(t(
                "This link is not a game from this app: it comes from somewhere else. Nothing was changed.",
            )),
            LinkError::NewerVersion(v) => f.write_str(&tf(
                "This code was made by a newer version of the app (link version {}; this app reads version {}). Update the app on this phone, then scan it again. Nothing was changed.",
                &[v, &LINK_VERSION],
            )),
            LinkError::OlderVersion(v) => f.write_str(&tf(
                "This code was made by an older version of the app (link version {}; this app reads version {}). Update the app on the phone that kept the game, then show its code again. Nothing was changed.",
                &[v, &LINK_VERSION],
            )),
            LinkError::Damaged(why) => f.write_str(&tf(
                "This code is damaged or was cut short ({}). Scan it again. Nothing was changed.",
                &[why],
            )),
            LinkError::Game(why) => f.write_str(&tf(
                "This game cannot be taken: {}. Nothing was changed.",
                &[why],
            )),
        }
    }
}

impl std::error::Error for LinkError {}

/// One part of a series, read from a link.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// Its place in the series, from 1.
    pub index: usize,
    /// How many parts the series has.
    pub count: usize,
    /// The checksum of the whole game, the same in every part of the series.
    pub series: u32,
    /// Its share of the game's bytes.
    pub data: Vec<u8>,
    /// The fragment it was read from, as kept until the series is complete.
    pub text: String,
}

/// The links that hand `game` over, each to be shown as one QR code. `base` is where the app
/// is served (`https://host` or `https://host/path`), without a trailing `/`.
pub fn links(game: &BackupGame, base: &str) -> Result<Vec<String>, String> {
    let bytes = game::encode(game).map_err(|e| tf("the game cannot be written: {}", &[&e]))?;
    let series = crc32(&bytes);
    let prefix = format!("{base}{PATH}#");
    let per_part = part_capacity(prefix.len());
    if per_part == 0 {
        return Err(t("the app's address is too long for a QR code").into());
    }
    let count = bytes.len().div_ceil(per_part).max(1);
    if count > MAX_PARTS {
        return Err(tf(
            "the game is too long for {} QR codes: hand it over as a backup file instead",
            &[&MAX_PARTS],
        ));
    }
    // Parts of equal size: each code as small as the series allows.
    let size = bytes.len().div_ceil(count).max(1);
    let chunks: Vec<&[u8]> = if bytes.is_empty() {
        vec![&[][..]]
    } else {
        bytes.chunks(size).collect()
    };
    let count = chunks.len();
    Ok(chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| {
            let text = part_text(i + 1, count, series, chunk);
            format!("{prefix}{text}")
        })
        .collect())
}

fn part_text(index: usize, count: usize, series: u32, data: &[u8]) -> String {
    let head = format!(
        "G{LINK_VERSION}-{index}-{count}-{}-{}",
        base32_u32(series),
        base32(data)
    );
    let check = base32_u32(crc32(head.as_bytes()));
    format!("{head}-{check}")
}

/// How many bytes of a game one code holds after an address of `prefix_len` bytes, at
/// version [`MAX_QR_VERSION`] and error correction level M.
fn part_capacity(prefix_len: usize) -> usize {
    // Version 25 at level M holds 972 data bytes (1,588 in all, 22 blocks of 28 for error
    // correction). The address is a byte segment (4 bits of mode, 16 of length), the fragment
    // an alphanumeric one (4 + 11 bits, 11 bits a pair).
    let bits: usize = 972 * 8;
    let used = 4 + 16 + 8 * prefix_len + 4 + 11;
    let Some(left) = bits.checked_sub(used) else {
        return 0;
    };
    let chars = left * 2 / 11;
    // `G1-99-99-`, two checksums of 7 and their dashes; a margin for rounding.
    let head = 9 + 7 + 1 + 1 + 7 + 2;
    chars.saturating_sub(head) * 5 / 8
}

/// Reads one part from a link or its fragment.
pub fn read_part(link: &str) -> Result<Part, LinkError> {
    let text = link.rsplit_once('#').map_or(link, |(_, f)| f).trim();
    if text.is_empty() {
        return Err(LinkError::Empty);
    }
    let upper = text.to_ascii_uppercase();
    let Some(rest) = upper.strip_prefix('G') else {
        return Err(LinkError::Foreign);
    };
    let fields: Vec<&str> = rest.split('-').collect();
    let Some(version) = fields.first().and_then(|v| v.parse::<u32>().ok()) else {
        return Err(LinkError::Foreign);
    };
    match version {
        0 => return Err(LinkError::Foreign),
        v if v > LINK_VERSION => return Err(LinkError::NewerVersion(v)),
        v if v < LINK_VERSION => return Err(LinkError::OlderVersion(v)),
        _ => {}
    }
    let [_, index, count, series, data, check] = fields[..] else {
        return Err(LinkError::Damaged(
            t("a piece of the code is missing").into(),
        ));
    };
    let head_len = upper.len() - check.len() - 1;
    let sum = base32_u32_read(check)
        .ok_or_else(|| LinkError::Damaged(t("its checksum cannot be read").into()))?;
    if crc32(&upper.as_bytes()[..head_len]) != sum {
        return Err(LinkError::Damaged(t("its checksum does not match").into()));
    }
    let (Ok(index), Ok(count)) = (index.parse::<usize>(), count.parse::<usize>()) else {
        return Err(LinkError::Damaged(
            t("its part number cannot be read").into(),
        ));
    };
    if count == 0 || count > MAX_PARTS || index == 0 || index > count {
        return Err(LinkError::Damaged(tf(
            "part {} of {} cannot be",
            &[&index, &count],
        )));
    }
    let series = base32_u32_read(series)
        .ok_or_else(|| LinkError::Damaged(t("its series cannot be read").into()))?;
    let data =
        base32_read(data).ok_or_else(|| LinkError::Damaged(t("its data cannot be read").into()))?;
    Ok(Part {
        index,
        count,
        series,
        data,
        text: upper,
    })
}

/// The parts read so far, of any number of series; kept as text between scans (one part's
/// fragment a line).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parts {
    parts: Vec<Part>,
}

/// Where a series stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// The series.
    pub series: u32,
    /// How many parts it has.
    pub count: usize,
    /// The parts read, from 1, in order.
    pub have: Vec<usize>,
    /// The parts still to scan, from 1, in order.
    pub missing: Vec<usize>,
}

/// The most series kept at once; the oldest goes first.
const KEPT_SERIES: usize = 4;

impl Parts {
    /// The parts kept as text by [`Parts::to_text`]; lines that cannot be read are dropped.
    pub fn from_text(text: &str) -> Parts {
        Parts {
            parts: text.lines().filter_map(|l| read_part(l).ok()).collect(),
        }
    }

    /// The parts as text, to keep until the next scan.
    pub fn to_text(&self) -> String {
        self.parts
            .iter()
            .map(|p| p.text.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Adds a part (a part read twice is kept once) and says where its series stands. A part
    /// that claims a different number of parts than the others of its series is refused.
    pub fn add(&mut self, part: Part) -> Result<Progress, LinkError> {
        let series = part.series;
        if self
            .parts
            .iter()
            .any(|p| p.series == series && p.count != part.count)
        {
            return Err(LinkError::Damaged(
                t("it does not belong with the parts already read").into(),
            ));
        }
        if let Some(same) = self
            .parts
            .iter()
            .find(|p| p.series == series && p.index == part.index)
        {
            if same.data != part.data {
                return Err(LinkError::Damaged(
                    t("it differs from the same part read before").into(),
                ));
            }
        } else {
            self.parts.push(part);
        }
        // Drop the oldest series beyond the few kept.
        let mut order: Vec<u32> = Vec::new();
        for p in self.parts.iter().rev() {
            if !order.contains(&p.series) {
                order.push(p.series);
            }
        }
        if order.len() > KEPT_SERIES {
            let keep = &order[..KEPT_SERIES];
            self.parts.retain(|p| keep.contains(&p.series));
        }
        Ok(self.progress(series))
    }

    /// Where `series` stands.
    pub fn progress(&self, series: u32) -> Progress {
        let count = self
            .parts
            .iter()
            .find(|p| p.series == series)
            .map_or(0, |p| p.count);
        let have: Vec<usize> = (1..=count)
            .filter(|i| {
                self.parts
                    .iter()
                    .any(|p| p.series == series && p.index == *i)
            })
            .collect();
        let missing = (1..=count).filter(|i| !have.contains(i)).collect();
        Progress {
            series,
            count,
            have,
            missing,
        }
    }

    /// The game of a complete series, checked whole; `None` while parts are missing.
    pub fn game(&self, series: u32) -> Option<Result<BackupGame, LinkError>> {
        let progress = self.progress(series);
        if progress.count == 0 || !progress.missing.is_empty() {
            return None;
        }
        let mut bytes = Vec::new();
        for i in 1..=progress.count {
            let part = self
                .parts
                .iter()
                .find(|p| p.series == series && p.index == i)?;
            bytes.extend_from_slice(&part.data);
        }
        Some(read_game(&bytes, series))
    }

    /// Forgets the parts of a series (once its game is taken, or to start again).
    pub fn forget(&mut self, series: u32) {
        self.parts.retain(|p| p.series != series);
    }
}

/// The game in the bytes of a whole series, checked as a backup's game is.
fn read_game(bytes: &[u8], series: u32) -> Result<BackupGame, LinkError> {
    if crc32(bytes) != series {
        return Err(LinkError::Damaged(
            t("the parts do not add up to the game they were cut from").into(),
        ));
    }
    let game = game::decode(bytes).map_err(|e| LinkError::Damaged(e.to_string()))?;
    if game.record.schema > RECORD_SCHEMA {
        return Err(LinkError::Game(tf(
            "it was recorded by a newer version of the app (record version {}); update the app to take it",
            &[&game.record.schema],
        )));
    }
    if !valid_id(&game.id) {
        return Err(LinkError::Game(
            t("its id is not one this app makes").into(),
        ));
    }
    game.record
        .replay()
        .map_err(|e| LinkError::Game(tf("its record does not make a game: {}", &[&e])))?;
    Ok(game)
}
