//! The code of a whole round: once a round is paired, the director's phone shows one code (or
//! a short numbered series) that every player's phone scans to open its own table's game.
//!
//! A part is a link to the app, `{base}/t#T1-<data>`, whose fragment (never sent anywhere) is
//! written in the characters of a QR code's alphanumeric mode: `T`, the format version, a dash,
//! then the part's bytes in base 32 ending with their CRC-32, so a damaged code is refused on
//! its own. Each part stands alone: the tournament, the round, the rules preset, board size,
//! komi and time, and its share of the tables (at most [`TABLES_PER_CODE`], so 64 players take
//! 2 codes); the byes go in the last part. A phone that knows its player opens the game from
//! the part that holds their table; the others read every part and ask who is holding it.
//!
//! A part must read from another phone's screen at arm's length: QR version
//! [`qr::MAX_QR_VERSION`] at level M. So a player goes as the fingerprint of their key
//! ([`Print`], 32 bits) with their name and first name, shortened (whole characters, ending
//! with `…`) only when the longest names leave no room. When the names come whole and give
//! the key the fingerprint names, the game keeps the key itself; otherwise it keeps the
//! fingerprint ([`Print::marker`]), which is all its result code carries anyway.

use std::fmt;

use super::code::{Print, table_link};
use super::{Round, RoundTable, TablePlayer, TimeSettings};
use crate::core::link::bytes::{
    push_signed, push_text, push_varint, shorten, take_signed, take_text, take_varint,
};
use crate::core::link::crc32;
use crate::core::link::qr;
use crate::core::link::signed::{self, SignedError};
use crate::core::names::{by_family, person_name};
use crate::core::new_game::FIELDS;
use crate::core::text::{t, tf};
use crate::core::tournament::files::player_key;

/// The app's route that takes a round code.
pub const ROUND_PATH: &str = "/t";
/// The version of the round code's format this app writes and reads.
pub const ROUND_CODE_VERSION: u32 = 1;
/// The most tables one code carries: a round of 64 players takes two codes.
pub const TABLES_PER_CODE: usize = 16;
/// The most parts a round is cut into.
pub const MAX_ROUND_PARTS: usize = 99;
/// The most bytes of the tournament's name a part carries. A game started from a code that
/// shortened it keeps the shortened name, which the director's round also answers to.
pub const MAX_TOURNAMENT_TEXT: usize = 64;
/// The most bytes of a name or first name carried when there is room.
const MAX_NAME_TEXT: usize = 120;
/// Data bytes of a version 25 code at level M (1,588 in all, 22 blocks of 28 for correction).
const DATA_BITS: usize = 972 * 8;

/// A player as a round code names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatPlayer {
    /// The fingerprint of the player's key in the pairing program.
    pub key: Print,
    /// Family name, shortened (ending with `…`) when the code had no room for it whole.
    pub name: String,
    /// First name, shortened likewise.
    pub first_name: String,
}

impl SeatPlayer {
    /// The player of a round's table.
    pub fn of(player: &TablePlayer) -> SeatPlayer {
        SeatPlayer {
            key: Print::of(&player.key),
            name: player.name.trim().to_string(),
            first_name: player.first_name.trim().to_string(),
        }
    }

    /// "First Name", as a button names the player.
    pub fn display(&self) -> String {
        person_name(&self.first_name, &self.name)
    }

    /// The key a game keeps: the key itself when the names give the key the fingerprint
    /// names, else the fingerprint as [`Print::marker`].
    pub fn game_key(&self) -> String {
        let key = player_key(&self.name, &self.first_name);
        if Print::of(&key) == self.key {
            key
        } else {
            self.key.marker()
        }
    }

    /// Whether this is the player with pairing key `key` (a key, or a fingerprint's marker).
    pub fn is(&self, key: &str) -> bool {
        Print::of_key(key) == self.key
    }

    fn as_table_player(&self) -> TablePlayer {
        TablePlayer {
            key: self.game_key(),
            name: self.name.clone(),
            first_name: self.first_name.clone(),
            rank: None,
            club: None,
        }
    }
}

/// One table as a round code carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatTable {
    pub number: u32,
    pub black: SeatPlayer,
    pub white: SeatPlayer,
    pub handicap: u8,
    pub komi: f64,
}

/// One part of a round's code.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundCode {
    /// The tournament's name, at most 64 bytes of it (shortened with `…`).
    pub tournament: String,
    /// The fingerprint of the tournament's full name.
    pub tournament_print: Print,
    /// The round number.
    pub round: u32,
    /// The fingerprint of the whole round's pairing, the same in every part: a part of the
    /// same round paired again does not mix with these.
    pub series: u32,
    /// This part's place in the series, from 1.
    pub part: usize,
    /// How many parts the round has.
    pub parts: usize,
    /// The rules preset's id.
    pub preset: String,
    /// Board size.
    pub size: u8,
    /// The time settings, as the new-game form's fields take them.
    pub time: TimeSettings,
    /// This part's tables.
    pub tables: Vec<SeatTable>,
    /// The players with the bye (in the last part only).
    pub byes: Vec<SeatPlayer>,
}

/// Where a player stands in a round's code.
#[derive(Clone, Debug, PartialEq)]
pub enum Seat {
    /// At this table (index into the part's tables), as Black or White.
    Table(usize),
    /// The player has the bye.
    Bye,
}

impl RoundCode {
    /// Where the player with key `key` sits in this part, if they are in it.
    pub fn seat_of(&self, key: &str) -> Option<Seat> {
        if let Some(i) = self
            .tables
            .iter()
            .position(|t| t.black.is(key) || t.white.is(key))
        {
            return Some(Seat::Table(i));
        }
        self.byes.iter().any(|p| p.is(key)).then_some(Seat::Bye)
    }

    /// The link that opens the new-game form filled in for table `index` of this part, as the
    /// table's own code would: `base` is where the app is served, without a trailing `/`.
    pub fn game_link(&self, base: &str, index: usize) -> Option<String> {
        let table = self.tables.get(index)?;
        let round = Round {
            tournament: self.tournament.clone(),
            number: self.round,
            size: self.size,
            time: self.time.clone(),
            tables: Vec::new(),
        };
        let table = RoundTable {
            number: table.number,
            black: table.black.as_table_player(),
            white: table.white.as_table_player(),
            handicap: table.handicap,
            komi: table.komi,
        };
        Some(table_link(base, &round, &table, &self.preset))
    }

    /// Whether `other` is a part of the same round's pairing.
    pub fn same_round(&self, other: &RoundCode) -> bool {
        self.tournament_print == other.tournament_print
            && self.round == other.round
            && self.series == other.series
            && self.parts == other.parts
    }

    /// "round 3 of Paris Blitz", as a message names the round.
    pub fn words(&self) -> String {
        if self.tournament.is_empty() {
            tf("round {}", &[&self.round])
        } else {
            tf("round {} of {}", &[&self.round, &self.tournament])
        }
    }
}

/// Why a round code cannot be read, or cannot go with the parts read before. Nothing is taken
/// from a refused code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundCodeError {
    /// The text holds no code at all.
    Empty,
    /// The text is not a round code of this app.
    Foreign,
    /// The code was written in a format version this app does not know.
    UnknownVersion(u32),
    /// The code is damaged or cut short (the text says how).
    Damaged(String),
    /// The code is of another round (or another tournament, or the round paired again) than
    /// the parts read before: what was read, then what this is.
    OtherRound { read: String, this: String },
    /// The round has too many tables for the codes this app draws.
    TooLong,
}

impl fmt::Display for RoundCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RoundCodeError::Empty => f.write_str(t(
                "This holds no round: scan the round's code on the director's phone or on the wall.",
            )),
            RoundCodeError::Foreign => f.write_str(t(
                "This is not a round code of this app. Scan the round's code on the director's phone or on the wall.",
            )),
            RoundCodeError::UnknownVersion(v) => f.write_str(&tf(
                "This round code is of format version {}, which this app does not read (it reads version {}): update the app on this phone, or ask the director for your table's code. Nothing was changed.",
                &[v, &ROUND_CODE_VERSION],
            )),
            RoundCodeError::Damaged(why) => f.write_str(&tf(
                "This round code is damaged or was cut short ({}). Scan it again. Nothing was changed.",
                &[why],
            )),
            RoundCodeError::OtherRound { read, this } => f.write_str(&tf(
                "This code is of {}, but the code read before is of {}: scan the codes of one round. Nothing was changed.",
                &[this, read],
            )),
            RoundCodeError::TooLong => f.write_str(t(
                "The round has too many tables for its codes, or the app's address is too long: give each table its own code.",
            )),
        }
    }
}

impl std::error::Error for RoundCodeError {}

// ---------------------------------------------------------------------------------------------
// Writing

/// The links of round `round` of the tournament, one per part, in order: its tables, the
/// players with the bye (`byes`), and the rules preset `preset_id` its games are played under.
/// `base` is where the app is served, without a trailing `/`.
pub fn round_links(
    base: &str,
    round: &Round,
    byes: &[TablePlayer],
    preset_id: &str,
) -> Result<Vec<String>, RoundCodeError> {
    let prefix = format!("{base}{ROUND_PATH}#");
    let room = room_bytes(prefix.len());
    Ok(round_codes(round, byes, preset_id, room)?
        .into_iter()
        .map(|bytes| format!("{prefix}{}", fragment(&bytes)))
        .collect())
}

/// A part's link drawn as a QR code: level M or better, version [`qr::MAX_QR_VERSION`] at most.
pub fn round_qr(link: &str) -> Result<qr::Code, RoundCodeError> {
    qr::code(link).map_err(|_| RoundCodeError::TooLong)
}

/// The parts of a round as `read_round_link` reads them back from `round_links(base, …)`.
pub fn as_carried(
    base: &str,
    round: &Round,
    byes: &[TablePlayer],
    preset_id: &str,
) -> Result<Vec<RoundCode>, RoundCodeError> {
    round_links(base, round, byes, preset_id)?
        .iter()
        .map(|l| read_round_link(l))
        .collect()
}

/// Each part's payload (without its checksum), fitted to `room` bytes.
fn round_codes(
    round: &Round,
    byes: &[TablePlayer],
    preset_id: &str,
    room: usize,
) -> Result<Vec<Vec<u8>>, RoundCodeError> {
    let tables = &round.tables;
    let parts = tables.len().div_ceil(TABLES_PER_CODE).max(1);
    if parts > MAX_ROUND_PARTS {
        return Err(RoundCodeError::TooLong);
    }
    let per_part = tables.len().div_ceil(parts).max(1);
    let chunks: Vec<&[RoundTable]> = if tables.is_empty() {
        vec![&[][..]]
    } else {
        tables.chunks(per_part).collect()
    };
    let parts = chunks.len();
    let head = Head {
        tournament: shorten(round.tournament.trim(), MAX_TOURNAMENT_TEXT),
        tournament_print: Print::of(round.tournament.trim()),
        round: round.number,
        series: series_of(round, byes),
        parts,
        preset: preset_id.to_string(),
        size: round.size,
        komi: usual_komi(tables),
        time: round.time.clone(),
    };
    let byes: Vec<SeatPlayer> = byes.iter().map(SeatPlayer::of).collect();
    chunks
        .iter()
        .enumerate()
        .map(|(i, chunk)| {
            let seats: Vec<SeatTable> = chunk.iter().map(seat_table).collect();
            let byes: &[SeatPlayer] = if i + 1 == parts { &byes } else { &[] };
            fit_part(&head, i + 1, &seats, byes, room)
        })
        .collect()
}

/// What every part of a round carries.
struct Head {
    tournament: String,
    tournament_print: Print,
    round: u32,
    series: u32,
    parts: usize,
    preset: String,
    size: u8,
    komi: f64,
    time: TimeSettings,
}

fn seat_table(t: &RoundTable) -> SeatTable {
    SeatTable {
        number: t.number,
        black: SeatPlayer::of(&t.black),
        white: SeatPlayer::of(&t.white),
        handicap: t.handicap,
        komi: t.komi,
    }
}

/// The komi most tables have (the first of equals), which a part writes once.
fn usual_komi(tables: &[RoundTable]) -> f64 {
    let mut best = (0usize, tables.first().map_or(0.0, |t| t.komi));
    for t in tables {
        let n = tables.iter().filter(|o| o.komi == t.komi).count();
        if n > best.0 {
            best = (n, t.komi);
        }
    }
    best.1
}

/// The round's pairing fingerprinted: its tables and byes, the players' keys in their seats.
fn series_of(round: &Round, byes: &[TablePlayer]) -> u32 {
    let mut text = format!("{}\n{}\n", round.tournament.trim(), round.number);
    for t in &round.tables {
        text.push_str(&format!(
            "{} {} {} {} {}\n",
            t.number, t.black.key, t.white.key, t.handicap, t.komi
        ));
    }
    for p in byes {
        text.push_str(&format!("bye {}\n", p.key));
    }
    crc32(text.as_bytes())
}

/// The part's payload with every name cut to the most bytes that let it fit `room`.
fn fit_part(
    head: &Head,
    part: usize,
    tables: &[SeatTable],
    byes: &[SeatPlayer],
    room: usize,
) -> Result<Vec<u8>, RoundCodeError> {
    let fits = |cap: usize| {
        let bytes = part_bytes(head, part, tables, byes, cap);
        (bytes.len() + 4 <= room).then_some(bytes)
    };
    if let Some(bytes) = fits(MAX_NAME_TEXT) {
        return Ok(bytes);
    }
    // The largest cap that fits, found by halving (the size grows with the cap).
    let (mut low, mut high) = (0usize, MAX_NAME_TEXT);
    let mut best = fits(0).ok_or(RoundCodeError::TooLong)?;
    while low + 1 < high {
        let mid = (low + high) / 2;
        match fits(mid) {
            Some(bytes) => {
                best = bytes;
                low = mid;
            }
            None => high = mid,
        }
    }
    Ok(best)
}

// A part's payload, in order: the part number and the number of parts, the series and the
// tournament's fingerprint (4 bytes each), the round, the tournament's name, the preset's id,
// the board size, the usual komi in half points, the time settings (each a form field's place
// in `FIELDS` and its value); then
// the tables (their number, then for each its number, handicap and whether its komi differs,
// that komi, and both players), then the byes. A player: the fingerprint of their key (4
// bytes), name and first name. Outside the payload, its CRC-32 (4 bytes).

fn part_bytes(
    head: &Head,
    part: usize,
    tables: &[SeatTable],
    byes: &[SeatPlayer],
    cap: usize,
) -> Vec<u8> {
    let mut out = Vec::new();
    push_varint(&mut out, part as u64);
    push_varint(&mut out, head.parts as u64);
    out.extend_from_slice(&head.series.to_be_bytes());
    out.extend_from_slice(&head.tournament_print.0.to_be_bytes());
    push_varint(&mut out, u64::from(head.round));
    push_text(&mut out, &head.tournament);
    push_text(&mut out, &head.preset);
    out.push(head.size);
    push_signed(&mut out, half_points(head.komi));
    push_varint(&mut out, head.time.fields.len() as u64);
    for (k, v) in &head.time.fields {
        let field = FIELDS.iter().position(|f| f == k).unwrap_or(FIELDS.len());
        push_varint(&mut out, field as u64);
        push_text(&mut out, v);
    }
    push_varint(&mut out, tables.len() as u64);
    for t in tables {
        push_varint(&mut out, u64::from(t.number));
        let komi_differs = t.komi != head.komi;
        push_varint(
            &mut out,
            (u64::from(t.handicap) << 1) | u64::from(komi_differs),
        );
        if komi_differs {
            push_signed(&mut out, half_points(t.komi));
        }
        push_seat(&mut out, &t.black, cap);
        push_seat(&mut out, &t.white, cap);
    }
    push_varint(&mut out, byes.len() as u64);
    for p in byes {
        push_seat(&mut out, p, cap);
    }
    out
}

fn push_seat(out: &mut Vec<u8>, p: &SeatPlayer, cap: usize) {
    out.extend_from_slice(&p.key.0.to_be_bytes());
    push_text(out, &shorten(&p.name, cap));
    push_text(out, &shorten(&p.first_name, cap));
}

fn half_points(komi: f64) -> i64 {
    if komi.is_finite() {
        (komi.clamp(-1000.0, 1000.0) * 2.0).round() as i64
    } else {
        0
    }
}

fn head_text() -> String {
    signed::head('T', ROUND_CODE_VERSION)
}

fn fragment(payload: &[u8]) -> String {
    signed::write('T', ROUND_CODE_VERSION, payload)
}

/// How many bytes of a part one code holds after an address of `prefix_len` bytes.
fn room_bytes(prefix_len: usize) -> usize {
    // The address is a byte segment (4 bits of mode, 16 of length), the fragment an
    // alphanumeric one (4 + 11 bits, 11 bits a pair of characters, 6 for a last one).
    let used = 4 + 16 + 8 * prefix_len + 4 + 11;
    let left = DATA_BITS.saturating_sub(used);
    let chars = left / 11 * 2 + usize::from(left % 11 >= 6);
    chars.saturating_sub(head_text().len()) * 5 / 8
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Reads one part of a round's code from a link or its fragment.
pub fn read_round_link(text: &str) -> Result<RoundCode, RoundCodeError> {
    let payload = signed::read(text, 'T', ROUND_CODE_VERSION).map_err(|e| match e {
        SignedError::Empty => RoundCodeError::Empty,
        SignedError::Foreign => RoundCodeError::Foreign,
        SignedError::UnknownVersion(v) => RoundCodeError::UnknownVersion(v),
        SignedError::Damaged(why) => RoundCodeError::Damaged(why),
    })?;
    decode(&payload).map_err(RoundCodeError::Damaged)
}

fn decode(mut input: &[u8]) -> Result<RoundCode, String> {
    let input = &mut input;
    let part = small(input, MAX_ROUND_PARTS as u64)? as usize;
    let parts = small(input, MAX_ROUND_PARTS as u64)? as usize;
    if part == 0 || parts == 0 || part > parts {
        return Err(tf("part {} of {} cannot be", &[&part, &parts]));
    }
    let series = take_u32(input)?;
    let tournament_print = Print(take_u32(input)?);
    let round = small(input, 999)? as u32;
    let tournament = text(input)?;
    let preset = text(input)?;
    let size = *input
        .first()
        .ok_or_else(|| t("the data ends too soon").to_string())?;
    *input = &input[1..];
    let komi = half(input)?;
    let time = time_settings(input)?;
    let count = small(input, 9999)?;
    let mut tables = Vec::new();
    for _ in 0..count {
        let number = small(input, 9999)? as u32;
        let flags = small(input, 2 * 99 + 1)?;
        let komi = if flags & 1 == 1 { half(input)? } else { komi };
        let black = seat(input)?;
        let white = seat(input)?;
        tables.push(SeatTable {
            number,
            black,
            white,
            handicap: (flags >> 1) as u8,
            komi,
        });
    }
    let count = small(input, 9999)?;
    let byes = (0..count).map(|_| seat(input)).collect::<Result<_, _>>()?;
    if !input.is_empty() {
        return Err(t("it holds more than a round").into());
    }
    Ok(RoundCode {
        tournament,
        tournament_print,
        round,
        series,
        part,
        parts,
        preset,
        size,
        time,
        tables,
        byes,
    })
}

fn small(input: &mut &[u8], max: u64) -> Result<u64, String> {
    let v = take_varint(input).map_err(|e| e.to_string())?;
    if v > max {
        return Err(t("a number in it is out of range").into());
    }
    Ok(v)
}

fn take_u32(input: &mut &[u8]) -> Result<u32, String> {
    if input.len() < 4 {
        return Err(t("the data ends too soon").into());
    }
    let (four, rest) = input.split_at(4);
    *input = rest;
    Ok(u32::from_be_bytes([four[0], four[1], four[2], four[3]]))
}

fn text(input: &mut &[u8]) -> Result<String, String> {
    take_text(input).map_err(|e| e.to_string())
}

fn half(input: &mut &[u8]) -> Result<f64, String> {
    let v = take_signed(input).map_err(|e| e.to_string())?;
    if v.abs() > 2000 {
        return Err(t("a number in it is out of range").into());
    }
    Ok(v as f64 / 2.0)
}

fn seat(input: &mut &[u8]) -> Result<SeatPlayer, String> {
    Ok(SeatPlayer {
        key: Print(take_u32(input)?),
        name: text(input)?,
        first_name: text(input)?,
    })
}

/// The time settings: how many, then each as the form field's place in [`FIELDS`] and its
/// value.
fn time_settings(input: &mut &[u8]) -> Result<TimeSettings, String> {
    let count = small(input, FIELDS.len() as u64)?;
    let mut fields = Vec::new();
    for _ in 0..count {
        let field = FIELDS
            .get(small(input, 255)? as usize)
            .ok_or_else(|| t("a time setting in it is unknown").to_string())?;
        fields.push((*field, text(input)?));
    }
    Ok(TimeSettings { fields })
}

// ---------------------------------------------------------------------------------------------
// The parts read on a player's phone

/// The parts of one round read so far on a player's phone.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RoundParts {
    parts: Vec<RoundCode>,
    /// The fragment each part was read from, upper case, in the parts' order.
    texts: Vec<String>,
}

impl RoundParts {
    /// Adds a part (one read twice is kept once). A part of another round, another tournament
    /// or the same round paired again is refused by name while parts of the first are held;
    /// [`RoundParts::clear`] starts over.
    pub fn add(&mut self, code: RoundCode) -> Result<(), RoundCodeError> {
        if let Some(first) = self.parts.first()
            && !first.same_round(&code)
        {
            let (read, this) = (first.words(), code.words());
            let (read, this) = if read == this {
                (
                    tf("{} (paired again since)", &[&read]),
                    tf("{} (as paired now)", &[&this]),
                )
            } else {
                (read, this)
            };
            return Err(RoundCodeError::OtherRound { read, this });
        }
        if !self.parts.iter().any(|p| p.part == code.part) {
            let at = self.parts.partition_point(|p| p.part < code.part);
            self.parts.insert(at, code);
            self.texts.insert(at, String::new());
        }
        Ok(())
    }

    /// Reads a part from its link and adds it, keeping its text for [`RoundParts::to_text`].
    pub fn add_link(&mut self, link: &str) -> Result<&RoundCode, RoundCodeError> {
        let code = read_round_link(link)?;
        let part = code.part;
        self.add(code)?;
        let at = self.parts.partition_point(|p| p.part < part);
        if let Some(text) = self.texts.get_mut(at)
            && text.is_empty()
        {
            let fragment = link.trim().rsplit_once('#').map_or(link.trim(), |(_, f)| f);
            *text = fragment.trim().to_ascii_uppercase();
        }
        self.parts.get(at).ok_or(RoundCodeError::Empty)
    }

    /// The parts as text, one fragment a line, to keep between scans.
    pub fn to_text(&self) -> String {
        self.texts
            .iter()
            .filter(|t| !t.is_empty())
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The parts kept by [`RoundParts::to_text`]; lines that cannot be read are dropped.
    pub fn from_text(text: &str) -> RoundParts {
        let mut parts = RoundParts::default();
        for line in text.lines() {
            let _ = parts.add_link(line);
        }
        parts
    }

    /// Forgets the parts read.
    pub fn clear(&mut self) {
        self.parts.clear();
        self.texts.clear();
    }

    /// The parts read, in order.
    pub fn parts(&self) -> &[RoundCode] {
        &self.parts
    }

    /// The parts not read yet, from 1.
    pub fn missing(&self) -> Vec<usize> {
        let Some(first) = self.parts.first() else {
            return Vec::new();
        };
        (1..=first.parts)
            .filter(|i| !self.parts.iter().any(|p| p.part == *i))
            .collect()
    }

    /// Where the player with key `key` sits, with the part that says so.
    pub fn seat_of(&self, key: &str) -> Option<(&RoundCode, Seat)> {
        self.parts
            .iter()
            .find_map(|p| p.seat_of(key).map(|s| (p, s)))
    }

    /// Every player of the parts read, as "Who are you?" lists them: by family name A to Z
    /// (then first name; case, accents as written), as a player looks for their own name.
    pub fn players_by_name(&self) -> Vec<(&RoundCode, Seat, &SeatPlayer)> {
        let mut out = self.players();
        out.sort_by_cached_key(|(_, _, p)| by_family(&p.first_name, &p.name));
        out
    }

    /// Every player of the parts read, with the part and seat, in table order then the byes.
    pub fn players(&self) -> Vec<(&RoundCode, Seat, &SeatPlayer)> {
        let mut out = Vec::new();
        for p in &self.parts {
            for (i, t) in p.tables.iter().enumerate() {
                out.push((p, Seat::Table(i), &t.black));
                out.push((p, Seat::Table(i), &t.white));
            }
            for b in &p.byes {
                out.push((p, Seat::Bye, b));
            }
        }
        out
    }
}
