//! The two codes of a round: the table code, a link that opens the new-game form filled in for
//! one table, and the result code, the small link a finished game gives back to the director.
//!
//! The result code is a link to the app, `{base}/r#R1-<data>`, whose fragment (never sent
//! anywhere) is written in the characters of a QR code's alphanumeric mode: `R`, the format
//! version, a dash, then the result's compact bytes in base 32 ending with their CRC-32, so a
//! damaged or cut code is refused. It must read from arm's length: with its address it fits a
//! QR code of at most version 10 at level Q ([`result_qr`]). To be sure of that it does not
//! carry the players' keys: it carries a fingerprint of each key ([`Print`], 32 bits), which the
//! director's phone compares with the keys of the table's players, and the same of the
//! tournament's name. The names go as text for the director to read; when the longest names a
//! pairing file allows leave no room, the names are shortened (whole characters, ending with
//! `…`) so the code still fits: the fingerprints, not the names, match a code to its table.

use std::fmt;

use qrcodegen::{QrCode, QrCodeEcc};

use super::{Decided, Outcome, Round, RoundTable};
use crate::core::count::{Decision, format_points};
use crate::core::link::bytes::{
    self, push_signed, push_text, push_varint, shorten, take_signed, take_varint,
};
use crate::core::link::signed::{self, SignedError};
use crate::core::link::{crc32, qr};
use crate::core::new_game::query_escape;
use crate::core::text::{t, tf};

/// The app's route that takes a result code into the director's round.
pub const RESULT_PATH: &str = "/r";
/// The version of the result code's format this app writes and reads.
pub const CODE_VERSION: u32 = 1;
/// The largest QR code version a result code takes (57×57 modules), at level Q or better.
pub const MAX_QR_VERSION: u8 = 10;
/// The data a version 10 code holds at level Q: 154 bytes (346 in all, 192 for correction).
const DATA_BITS: usize = 154 * 8;
/// The longest result text carried as it is written (a value the app does not write itself).
const MAX_RESULT_TEXT: usize = 24;
/// The most bytes of the tournament's name carried: the players' names come first.
const MAX_TOURNAMENT_TEXT: usize = 24;
/// The largest margin or total carried, in points.
const MAX_POINTS: f64 = 100_000.0;

// ---------------------------------------------------------------------------------------------
// The table code

/// The link that opens the new-game form filled in for `table` of `round`: the rules preset
/// the director chose for the round (`preset_id`), board size, handicap, komi, the round's time
/// settings, the players' names (`First Name`), the tournament, round and table numbers and the
/// players' keys in the pairing program (`bkey`, `wkey`), which the game keeps for its result
/// code. `base` is where the app is served, without a trailing `/`.
pub fn table_link(base: &str, round: &Round, table: &RoundTable, preset_id: &str) -> String {
    let mut fields: Vec<(&str, String)> = vec![
        ("preset", preset_id.to_string()),
        ("size", round.size.to_string()),
        ("handicap", table.handicap.to_string()),
        ("komi", table.komi.to_string()),
    ];
    fields.extend(round.time.fields.iter().map(|(k, v)| (*k, v.clone())));
    fields.push(("black", table.black.shown_name()));
    fields.push(("white", table.white.shown_name()));
    if !round.tournament.trim().is_empty() {
        fields.push(("event", round.tournament.trim().to_string()));
    }
    fields.push(("round", round.number.to_string()));
    fields.push(("table", table.number.to_string()));
    fields.push(("bkey", table.black.key.clone()));
    fields.push(("wkey", table.white.key.clone()));
    let query = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", query_escape(v)))
        .collect::<Vec<_>>()
        .join("&");
    format!("{base}/new?{query}")
}

// ---------------------------------------------------------------------------------------------
// The result

/// A game's result as the round keeps it: the SGF `RE` value a player reads, and what the
/// pairing program records, which `RE` alone cannot always tell (`Void` is both a loss for both
/// players and a game to replay).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+T`, `W+F`, `B+` (a referee's decision), `0`,
    /// `Void`.
    pub re: String,
    /// What the pairing program records; `None` when the game has no result yet (it is to be
    /// replayed, or was restarted).
    pub outcome: Option<Outcome>,
    /// Decided without play: a forfeit, or a game not played (OpenGotha's `_BYDEF` results).
    pub by_default: bool,
}

/// Why a result cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VerdictError {
    /// The text is no result this app knows.
    Unknown(String),
}

impl fmt::Display for VerdictError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            VerdictError::Unknown(text) => f.write_str(&tf(
                "“{}” is not a result: write it as SGF does, such as B+3.5, W+R (resignation), B+T (time), W+F (forfeit), B+ (a decision), 0 (jigo) or Void.",
                &[text],
            )),
        }
    }
}

impl std::error::Error for VerdictError {}

impl Verdict {
    /// The result of a game from its `RE` value and the referee's decision, if any (which tells
    /// a `Void` of both players losing from one to replay). The value is written the way the
    /// app writes it (`B+Resign` as `B+R`, `Draw` as `0`, `B+3.50` as `B+3.5`). A forfeit is
    /// decided by default.
    pub fn of_game(re: &str, decision: Option<Decision>) -> Result<Verdict, VerdictError> {
        let text = re.trim();
        let unknown = || VerdictError::Unknown(text.to_string());
        match text {
            "0" | "Draw" | "Jigo" => {
                return Ok(Verdict {
                    re: "0".into(),
                    outcome: Some(Outcome::Jigo),
                    by_default: false,
                });
            }
            "Void" => {
                let outcome = match decision {
                    Some(Decision::BothLose) => Some(Outcome::BothLose),
                    _ => None,
                };
                return Ok(Verdict {
                    re: "Void".into(),
                    outcome,
                    by_default: false,
                });
            }
            _ => {}
        }
        let (side, outcome, rest) = if let Some(rest) = text.strip_prefix("B+") {
            ("B", Outcome::Black, rest)
        } else if let Some(rest) = text.strip_prefix("W+") {
            ("W", Outcome::White, rest)
        } else {
            return Err(unknown());
        };
        let (how, by_default) = match rest {
            "" => (String::new(), false),
            "R" | "Resign" => ("R".into(), false),
            "T" | "Time" => ("T".into(), false),
            "F" | "Forfeit" => ("F".into(), true),
            points => {
                let ok = points.chars().all(|c| c.is_ascii_digit() || c == '.');
                match points.parse::<f64>() {
                    Ok(p) if ok && p.is_finite() && p <= MAX_POINTS => (format_points(p), false),
                    _ => return Err(unknown()),
                }
            }
        };
        Ok(Verdict {
            re: format!("{side}+{how}"),
            outcome: Some(outcome),
            by_default,
        })
    }

    /// The result a director decides: `B+` or `W+` for a win (`B+F`, `W+F` by default), `0`
    /// for a jigo, `Void` for both losing or both winning.
    pub fn from_decided(decided: Decided) -> Verdict {
        let re = match (decided.outcome, decided.by_default) {
            (Outcome::Black, false) => "B+",
            (Outcome::Black, true) => "B+F",
            (Outcome::White, false) => "W+",
            (Outcome::White, true) => "W+F",
            (Outcome::Jigo, _) => "0",
            (Outcome::BothLose | Outcome::BothWin, _) => "Void",
        };
        Verdict {
            re: re.to_string(),
            outcome: Some(decided.outcome),
            by_default: decided.by_default,
        }
    }

    /// What the pairing program records, or `None` for a game without a result yet.
    pub fn decided(&self) -> Option<Decided> {
        self.outcome.map(|outcome| Decided {
            outcome,
            by_default: self.by_default,
        })
    }

    /// Whether `RE` and the outcome agree: `B+…` is Black's win, `W+…` White's, `0` a jigo,
    /// `Void` both losing, both winning or no result yet.
    pub fn agrees(&self) -> bool {
        let re = self.re.as_str();
        if re.starts_with("B+") {
            self.outcome == Some(Outcome::Black)
        } else if re.starts_with("W+") {
            self.outcome == Some(Outcome::White)
        } else if re == "0" {
            self.outcome == Some(Outcome::Jigo)
        } else if re == "Void" {
            matches!(
                self.outcome,
                None | Some(Outcome::BothLose | Outcome::BothWin)
            )
        } else {
            true
        }
    }
}

/// Who stands behind a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmation {
    /// Nobody confirmed it.
    Unconfirmed,
    /// Both players confirmed it.
    BothPlayers,
    /// The referee locked the result screen.
    RefereeLock,
    /// The referee decided the result.
    RefereeDecision,
}

impl Confirmation {
    /// How the director reads it, in the language in use.
    pub fn words(self) -> &'static str {
        match self {
            Confirmation::Unconfirmed => t("not confirmed"),
            Confirmation::BothPlayers => t("confirmed by both players"),
            Confirmation::RefereeLock => t("locked by the referee"),
            Confirmation::RefereeDecision => t("decided by the referee"),
        }
    }

    fn bits(self) -> u8 {
        match self {
            Confirmation::Unconfirmed => 0,
            Confirmation::BothPlayers => 1,
            Confirmation::RefereeLock => 2,
            Confirmation::RefereeDecision => 3,
        }
    }

    fn from_bits(bits: u8) -> Confirmation {
        match bits & 3 {
            1 => Confirmation::BothPlayers,
            2 => Confirmation::RefereeLock,
            3 => Confirmation::RefereeDecision,
            _ => Confirmation::Unconfirmed,
        }
    }
}

/// The fingerprint of a text a result code does not carry whole: a player's key, a
/// tournament's name. The CRC-32 of its UTF-8 bytes, exactly as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Print(pub u32);

impl Print {
    /// The fingerprint of `text`.
    pub fn of(text: &str) -> Print {
        Print(crc32(text.as_bytes()))
    }

    /// The fingerprint of a player's key as a game keeps it: the key itself, or, for a game
    /// started from a round code that carried only the key's fingerprint, that fingerprint
    /// written as [`Print::marker`] (`#` and 8 hex digits, which no OpenGotha key is).
    pub fn of_key(key: &str) -> Print {
        Print::from_marker(key).unwrap_or_else(|| Print::of(key))
    }

    /// The fingerprint written where a key goes when the key itself is not known: `#1A2B3C4D`.
    pub fn marker(self) -> String {
        format!("#{:08X}", self.0)
    }

    /// The fingerprint a [`Print::marker`] holds.
    pub fn from_marker(text: &str) -> Option<Print> {
        let hex = text.strip_prefix('#').filter(|h| h.len() == 8)?;
        u32::from_str_radix(hex, 16).ok().map(Print)
    }
}

/// A player as a result code names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodePlayer {
    /// The fingerprint of the player's key in the pairing program.
    pub key: Print,
    /// The player's name as the game shows it (`First Name`); shortened, ending with `…`, when
    /// the code had no room for it whole.
    pub name: String,
}

impl CodePlayer {
    /// The player with pairing key `key` and name `name`.
    pub fn new(key: &str, name: &str) -> CodePlayer {
        CodePlayer {
            key: Print::of_key(key),
            name: name.trim().to_string(),
        }
    }
}

/// What a finished game tells the director, carried by its result code.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultCode {
    /// The tournament's name, if known; the code carries at most 24 bytes of it (and less when
    /// the players' names leave no room), shortened to whole characters ending with `…`.
    pub tournament: String,
    /// The fingerprint of the tournament's full name.
    pub tournament_print: Print,
    /// The round number.
    pub round: u32,
    /// The table number.
    pub table: u32,
    pub black: CodePlayer,
    pub white: CodePlayer,
    /// The result.
    pub result: Verdict,
    /// Black's and White's points when the game was counted (to the half point).
    pub totals: Option<[f64; 2]>,
    /// Who stands behind the result.
    pub confirmed: Confirmation,
    /// When the result was final, in seconds since 1970 (UTC) by the phone's clock.
    pub finished_s: u32,
    /// The players changed the settings the director's code gave the game.
    pub settings_changed: bool,
}

impl ResultCode {
    /// The code of a result of table `table` in round `round` of `tournament`, with no totals,
    /// unconfirmed, at time 0; set the other fields as the game has them.
    pub fn new(
        tournament: &str,
        round: u32,
        table: u32,
        black: CodePlayer,
        white: CodePlayer,
        result: Verdict,
    ) -> ResultCode {
        let tournament = tournament.trim();
        ResultCode {
            tournament: tournament.to_string(),
            tournament_print: Print::of(tournament),
            round,
            table,
            black,
            white,
            result,
            totals: None,
            confirmed: Confirmation::Unconfirmed,
            finished_s: 0,
            settings_changed: false,
        }
    }
}

/// Why a result code cannot be read. Nothing is taken from a refused code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// The text holds no code at all.
    Empty,
    /// The text is not a result code of this app.
    Foreign,
    /// The code was written in a format version this app does not know.
    UnknownVersion(u32),
    /// The code is damaged or cut short (the text says how).
    Damaged(String),
    /// The link does not fit a QR code of version [`MAX_QR_VERSION`] at level Q.
    TooLong,
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => f.write_str(t(
                "This holds no result: scan the small result code on the result screen of the game's phone.",
            )),
            CodeError::Foreign => f.write_str(t(
                "This is not a result code of this app. Scan the small code on the game's result screen, or type the result by hand.",
            )),
            CodeError::UnknownVersion(v) => f.write_str(&tf(
                "This result code is of format version {}, which this app does not read (it reads version {}): update the app on this phone, or type the result by hand. Nothing was changed.",
                &[v, &CODE_VERSION],
            )),
            CodeError::Damaged(why) => f.write_str(&tf(
                "This result code is damaged or was cut short ({}). Scan it again. Nothing was changed.",
                &[why],
            )),
            CodeError::TooLong => f.write_str(&tf(
                "The app's address is too long for a result code that reads from arm's length (QR version {}): serve the app from a shorter address.",
                &[&MAX_QR_VERSION],
            )),
        }
    }
}

impl std::error::Error for CodeError {}

// ---------------------------------------------------------------------------------------------
// The result code's text

/// The result code's link: `{base}/r#R1-…`. `base` is where the app is served, without a
/// trailing `/`. Names are shortened only as far as the code needs to fit version 10 at level
/// Q with this address.
pub fn result_link(base: &str, code: &ResultCode) -> String {
    let prefix = format!("{base}{RESULT_PATH}#");
    let room = room_bytes(prefix.len());
    format!("{prefix}{}", fragment(code, room))
}

/// The result code as `read_result_link` reads it back: names shortened as `result_link`
/// shortens them for the address `base`.
pub fn as_carried(base: &str, code: &ResultCode) -> ResultCode {
    let prefix = format!("{base}{RESULT_PATH}#");
    let (_, texts) = body(code, room_bytes(prefix.len()));
    let [tournament, black, white] = texts;
    ResultCode {
        tournament,
        black: CodePlayer {
            name: black,
            ..code.black.clone()
        },
        white: CodePlayer {
            name: white,
            ..code.white.clone()
        },
        result: carried_verdict(&code.result),
        totals: code.totals.map(|t| t.map(half_points_back)),
        ..code.clone()
    }
}

/// Reads a result code from its link, or from the code's text alone (`R1-…`).
pub fn read_result_link(text: &str) -> Result<ResultCode, CodeError> {
    let payload = signed::read(text, 'R', CODE_VERSION).map_err(|e| match e {
        SignedError::Empty => CodeError::Empty,
        SignedError::Foreign => CodeError::Foreign,
        SignedError::UnknownVersion(v) => CodeError::UnknownVersion(v),
        SignedError::Damaged(why) => CodeError::Damaged(why),
    })?;
    decode(&payload).map_err(CodeError::Damaged)
}

/// The result code's link as a QR code at level Q (or H where the version has room), version
/// [`MAX_QR_VERSION`] at most: the address as bytes, the code itself in the alphanumeric mode.
pub fn result_qr(link: &str) -> Result<QrCode, CodeError> {
    qr::encode(link, QrCodeEcc::Quartile, MAX_QR_VERSION).ok_or(CodeError::TooLong)
}

/// The bytes of a code's data that fit a version 10 code at level Q after an address of
/// `prefix_len` bytes.
fn room_bytes(prefix_len: usize) -> usize {
    // The address is a byte segment (4 bits of mode, 16 of length at version 10), the code an
    // alphanumeric one (4 + 11 bits, 11 bits a pair of characters, 6 for a last one).
    let used = 4 + 16 + 8 * prefix_len + 4 + 11;
    let left = DATA_BITS.saturating_sub(used);
    let chars = left / 11 * 2 + usize::from(left % 11 >= 6);
    chars.saturating_sub(head().len()) * 5 / 8
}

fn head() -> String {
    signed::head('R', CODE_VERSION)
}

fn fragment(code: &ResultCode, room: usize) -> String {
    let (bytes, _) = body(code, room);
    signed::write('R', CODE_VERSION, &bytes)
}

// The payload, in order: a byte of flags (bits 0-2 the outcome, 3 by default, 4 totals
// present, 5-6 the confirmation, 7 the director's settings changed by the players), the round, the table, the result (a kind, then its margin in
// half points or its text), the three fingerprints (4 bytes each), the totals in half points
// when present, the time finished, then the tournament's and the players' names, each with its
// length in front. Then, outside the payload, its CRC-32 (4 bytes).

const KIND_MARGIN: u64 = 0; // B+, W+ with a margin: +side
const KIND_RESIGN: u64 = 2;
const KIND_TIME: u64 = 4;
const KIND_FORFEIT: u64 = 6;
const KIND_DECISION: u64 = 8;
const KIND_JIGO: u64 = 10;
const KIND_VOID: u64 = 11;
const KIND_TEXT: u64 = 12;

/// The payload without its checksum, with the three texts as they were fitted in.
fn body(code: &ResultCode, room: usize) -> (Vec<u8>, [String; 3]) {
    let mut out = Vec::with_capacity(room);
    let outcome_bits: u8 = match code.result.outcome {
        None => 0,
        Some(Outcome::Black) => 1,
        Some(Outcome::White) => 2,
        Some(Outcome::Jigo) => 3,
        Some(Outcome::BothLose) => 4,
        Some(Outcome::BothWin) => 5,
    };
    let flags = outcome_bits
        | (u8::from(code.result.by_default) << 3)
        | (u8::from(code.totals.is_some()) << 4)
        | (code.confirmed.bits() << 5)
        | (u8::from(code.settings_changed) << 7);
    out.push(flags);
    push_varint(&mut out, u64::from(code.round));
    push_varint(&mut out, u64::from(code.table));
    push_result(&mut out, &code.result.re);
    out.extend_from_slice(&code.tournament_print.0.to_be_bytes());
    out.extend_from_slice(&code.black.key.0.to_be_bytes());
    out.extend_from_slice(&code.white.key.0.to_be_bytes());
    if let Some([b, w]) = code.totals {
        push_signed(&mut out, half_points(b));
        push_signed(&mut out, half_points(w));
    }
    push_varint(&mut out, u64::from(code.finished_s));
    // The players' names come first: the tournament's name takes at most a short share.
    let tournament = shorten(&code.tournament, MAX_TOURNAMENT_TEXT);
    let texts = [
        tournament.as_str(),
        code.black.name.as_str(),
        code.white.name.as_str(),
    ];
    // Room for the texts: what the rest and the checksum leave.
    let fixed = out.len() + 4;
    let mut budget = room.saturating_sub(fixed + texts.len());
    let fitted = loop {
        let fitted = fit(texts, budget);
        let size: usize = fitted
            .iter()
            .map(|t| varint_len(t.len() as u64) + t.len())
            .sum();
        if fixed + size <= room || budget == 0 {
            break fitted;
        }
        budget -= 1;
    };
    for text in &fitted {
        push_text(&mut out, text);
    }
    (out, fitted)
}

/// The three texts (the tournament's name, then the players') in `budget` bytes together:
/// whole when they fit, else the players' names first, the longer cut to an equal share of
/// what the shorter leaves, and the tournament's name in what they leave.
fn fit(texts: [&str; 3], budget: usize) -> [String; 3] {
    let [tournament, black, white] = texts;
    if tournament.len() + black.len() + white.len() <= budget {
        return texts.map(str::to_string);
    }
    let (short, long) = if black.len() <= white.len() {
        (black.len(), white.len())
    } else {
        (white.len(), black.len())
    };
    let short_share = short.min(budget / 2);
    let long_share = long.min(budget - short_share);
    let (black_share, white_share) = if black.len() <= white.len() {
        (short_share, long_share)
    } else {
        (long_share, short_share)
    };
    let black = shorten(black, black_share);
    let white = shorten(white, white_share);
    let left = budget.saturating_sub(black.len() + white.len());
    [shorten(tournament, left), black, white]
}

fn varint_len(v: u64) -> usize {
    let mut out = Vec::new();
    push_varint(&mut out, v);
    out.len()
}

fn half_points(points: f64) -> i64 {
    if points.is_finite() {
        (points.clamp(-MAX_POINTS, MAX_POINTS) * 2.0).round() as i64
    } else {
        0
    }
}

fn half_points_back(points: f64) -> f64 {
    half_points(points) as f64 / 2.0
}

/// The result's `RE` as the code carries it: a margin, resignation, time, forfeit, decision,
/// jigo or void by kind; anything else as text (at most 24 bytes).
fn push_result(out: &mut Vec<u8>, re: &str) {
    let side = |s: &str| match s {
        "B" => Some(0u64),
        "W" => Some(1),
        _ => None,
    };
    let kind = match re {
        "0" => Some((KIND_JIGO, None)),
        "Void" => Some((KIND_VOID, None)),
        _ => re
            .split_once('+')
            .and_then(|(s, how)| Some((side(s)?, how)))
            .and_then(|(s, how)| match how {
                "R" => Some((KIND_RESIGN + s, None)),
                "T" => Some((KIND_TIME + s, None)),
                "F" => Some((KIND_FORFEIT + s, None)),
                "" => Some((KIND_DECISION + s, None)),
                points => {
                    let digits = points.chars().all(|c| c.is_ascii_digit() || c == '.');
                    let p = points.parse::<f64>().ok().filter(|p| {
                        digits && p.is_finite() && *p <= MAX_POINTS && format_points(*p) == points
                    })?;
                    Some((KIND_MARGIN + s, Some(half_points(p))))
                }
            }),
    };
    match kind {
        Some((kind, margin)) => {
            push_varint(out, kind);
            if let Some(m) = margin {
                push_varint(out, m.unsigned_abs());
            }
        }
        None => {
            push_varint(out, KIND_TEXT);
            push_text(out, &shorten(re, MAX_RESULT_TEXT));
        }
    }
}

fn carried_verdict(verdict: &Verdict) -> Verdict {
    let mut bytes = Vec::new();
    push_result(&mut bytes, &verdict.re);
    let mut input = bytes.as_slice();
    Verdict {
        re: take_result(&mut input).unwrap_or_else(|_| verdict.re.clone()),
        ..verdict.clone()
    }
}

fn take_result(input: &mut &[u8]) -> Result<String, String> {
    let kind = take_varint(input).map_err(|e| e.to_string())?;
    let side = if kind % 2 == 0 { "B" } else { "W" };
    Ok(match kind {
        0 | 1 => {
            let half = take_varint(input).map_err(|e| e.to_string())?;
            let points = half as f64 / 2.0;
            if points > MAX_POINTS {
                return Err(t("its margin is out of range").into());
            }
            format!("{side}+{}", format_points(points))
        }
        2 | 3 => format!("{side}+R"),
        4 | 5 => format!("{side}+T"),
        6 | 7 => format!("{side}+F"),
        8 | 9 => format!("{side}+"),
        KIND_JIGO => "0".into(),
        KIND_VOID => "Void".into(),
        KIND_TEXT => take_text(input)?,
        _ => return Err(t("its result is of a kind this app does not know").into()),
    })
}

fn take_text(input: &mut &[u8]) -> Result<String, String> {
    bytes::take_text(input).map_err(|e| e.to_string())
}

fn take_print(input: &mut &[u8]) -> Result<Print, String> {
    let Some((four, rest)) = input.split_first_chunk::<4>() else {
        return Err(t("it ends too early").into());
    };
    *input = rest;
    Ok(Print(u32::from_be_bytes(*four)))
}

/// A number that fits 32 bits; `out_of_range` says which one it is when it does not.
fn take_u32(input: &mut &[u8], out_of_range: &str) -> Result<u32, String> {
    let v = take_varint(input).map_err(|e| e.to_string())?;
    u32::try_from(v).map_err(|_| out_of_range.to_string())
}

fn decode(payload: &[u8]) -> Result<ResultCode, String> {
    let mut input = payload;
    let Some((&flags, rest)) = input.split_first() else {
        return Err(t("it is empty").into());
    };
    input = rest;
    let outcome = match flags & 7 {
        0 => None,
        1 => Some(Outcome::Black),
        2 => Some(Outcome::White),
        3 => Some(Outcome::Jigo),
        4 => Some(Outcome::BothLose),
        5 => Some(Outcome::BothWin),
        _ => return Err(t("its outcome is of a kind this app does not know").into()),
    };
    let by_default = flags & 8 != 0;
    let has_totals = flags & 16 != 0;
    let confirmed = Confirmation::from_bits(flags >> 5);
    let settings_changed = flags & 0x80 != 0;
    let round = take_u32(&mut input, t("its round is out of range"))?;
    let table = take_u32(&mut input, t("its table is out of range"))?;
    let re = take_result(&mut input)?;
    let tournament_print = take_print(&mut input)?;
    let black_key = take_print(&mut input)?;
    let white_key = take_print(&mut input)?;
    let totals = if has_totals {
        let mut points = || -> Result<f64, String> {
            let half = take_signed(&mut input).map_err(|e| e.to_string())?;
            let points = half as f64 / 2.0;
            if points.abs() > MAX_POINTS {
                return Err(t("its totals are out of range").into());
            }
            Ok(points)
        };
        Some([points()?, points()?])
    } else {
        None
    };
    let finished_s = take_u32(&mut input, t("its time is out of range"))?;
    let tournament = take_text(&mut input)?;
    let black = take_text(&mut input)?;
    let white = take_text(&mut input)?;
    if !input.is_empty() {
        return Err(t("it has more data than a result").into());
    }
    let result = Verdict {
        re,
        outcome,
        by_default,
    };
    if !result.agrees() {
        return Err(t("its result does not agree with its outcome").into());
    }
    Ok(ResultCode {
        tournament,
        tournament_print,
        round,
        table,
        black: CodePlayer {
            key: black_key,
            name: black,
        },
        white: CodePlayer {
            key: white_key,
            name: white,
        },
        result,
        totals,
        confirmed,
        finished_s,
        settings_changed,
    })
}
