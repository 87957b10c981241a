//! The wall's code: what the wall shows, handed from the director's phone to a second screen
//! (a laptop or a TV in the hall) with no network: the tournament's name, the round, its
//! tables with their results so far, the bye, the standings after the last round whose results
//! are all in, and the round's own codes that the players scan from the wall.
//!
//! It is a link to the app, `{base}/wall#W2-<data>`, written as the other codes are
//! (`link::signed`: `W`, the format version, a dash, the bytes in base 32 ending with their
//! CRC-32), so a damaged or cut code is refused on its own and changes nothing on the wall. The
//! same text goes into a file (`wall-round-N.txt`) for a screen without a camera. The director
//! hands a new code each round, and each time results come in; the wall shows the last one it
//! was given and says which round and how many results it holds.
//!
//! Format 2 adds, after each table's two names, where each family name starts, so the wall
//! lists the players by family name. A code of format 1 (written by earlier builds) still
//! reads, its list then sorted by the names as shown.

use std::fmt;

use crate::core::link::bytes::{BytesError, push_text, push_varint, take_text, take_varint};
use crate::core::link::signed::{self, SignedError};
use crate::core::text::{t, tf};
pub use crate::core::wall::{WallBoard, WallGame, WallLine, WallResult, WallStandings};

/// The app's route that shows the wall.
pub const WALL_PATH: &str = "/wall";
/// The version of the wall code's format this app writes and reads.
pub const WALL_CODE_VERSION: u32 = 2;
/// The earlier format still read: no family names' starts.
const FIRST_VERSION: u32 = 1;
/// The letter of a wall code.
const LETTER: char = 'W';
/// The most tables, standings lines, columns or round codes a wall code is read with: more is
/// taken for damage rather than allocated.
const MAX_ITEMS: u64 = 2000;

/// Why a wall code is refused; the wall keeps what it showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WallCodeError {
    /// Nothing was given.
    Empty,
    /// The text is another code or no code (a round code, a table code, a file of another kind).
    Foreign,
    /// The code was written by a newer version of the app.
    UnknownVersion(u32),
    /// The code is damaged or cut short (the text says how).
    Damaged(String),
}

impl fmt::Display for WallCodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            WallCodeError::Empty => t("No wall code was given.").to_string(),
            WallCodeError::Foreign => t(
                "This is not a wall code: on the director's phone, open the round and hand over the wall's code or file.",
            )
            .to_string(),
            WallCodeError::UnknownVersion(v) => tf(
                "This wall code was written by a newer version of the app (format {}): update the app on this screen.",
                &[v],
            ),
            WallCodeError::Damaged(why) => tf(
                "This wall code is damaged ({}): hand it over again from the director's phone. The wall was not changed.",
                &[why],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for WallCodeError {}

impl From<SignedError> for WallCodeError {
    fn from(e: SignedError) -> Self {
        match e {
            SignedError::Empty => WallCodeError::Empty,
            SignedError::Foreign => WallCodeError::Foreign,
            SignedError::UnknownVersion(v) => WallCodeError::UnknownVersion(v),
            SignedError::Damaged(why) => WallCodeError::Damaged(why),
        }
    }
}

impl From<BytesError> for WallCodeError {
    fn from(e: BytesError) -> Self {
        WallCodeError::Damaged(e.0)
    }
}

/// The wall code's fragment (`W2-…`).
pub fn wall_fragment(board: &WallBoard) -> String {
    signed::write(LETTER, WALL_CODE_VERSION, &payload(board))
}

/// The wall code's link; `base` is where the app is served, without a trailing `/`.
pub fn wall_link(base: &str, board: &WallBoard) -> String {
    format!("{base}{WALL_PATH}#{}", wall_fragment(board))
}

/// Reads a wall code from its link, its fragment, or a file holding either (whole or not at
/// all).
pub fn read_wall_code(text: &str) -> Result<WallBoard, WallCodeError> {
    let (bytes, version) = match signed::read(text, LETTER, WALL_CODE_VERSION) {
        Err(SignedError::UnknownVersion(FIRST_VERSION)) => {
            (signed::read(text, LETTER, FIRST_VERSION)?, FIRST_VERSION)
        }
        read => (read?, WALL_CODE_VERSION),
    };
    let mut input = bytes.as_slice();
    let board = take_board(&mut input, version)?;
    if !input.is_empty() {
        return Err(WallCodeError::Damaged(
            t("it has bytes after its end").to_string(),
        ));
    }
    Ok(board)
}

fn payload(b: &WallBoard) -> Vec<u8> {
    let mut out = Vec::new();
    push_text(&mut out, &b.tournament);
    push_varint(&mut out, u64::from(b.round));
    push_varint(&mut out, b.games.len() as u64);
    for g in &b.games {
        push_varint(&mut out, u64::from(g.table));
        push_text(&mut out, &g.black);
        push_text(&mut out, &g.white);
        g.family_starts
            .iter()
            .for_each(|s| push_varint(&mut out, u64::from(*s)));
        push_varint(&mut out, u64::from(g.handicap));
        let result = WallResult::ALL.iter().position(|r| *r == g.result);
        push_varint(
            &mut out,
            result.unwrap_or(0) as u64 * 2 + u64::from(g.by_default),
        );
    }
    push_text(&mut out, b.bye.as_deref().unwrap_or(""));
    match &b.standings {
        None => push_varint(&mut out, 0),
        Some(s) => {
            push_varint(&mut out, u64::from(s.round));
            push_varint(&mut out, s.columns.len() as u64);
            s.columns.iter().for_each(|c| push_text(&mut out, c));
            push_varint(&mut out, s.lines.len() as u64);
            for l in &s.lines {
                push_text(&mut out, &l.key);
                push_varint(&mut out, u64::from(l.place));
                push_text(&mut out, &l.name);
                push_text(&mut out, &l.rank);
                // As many values as columns, each line.
                for i in 0..s.columns.len() {
                    push_text(&mut out, l.values.get(i).map_or("", String::as_str));
                }
            }
        }
    }
    push_varint(&mut out, b.round_codes.len() as u64);
    b.round_codes.iter().for_each(|c| push_text(&mut out, c));
    out
}

fn count(input: &mut &[u8]) -> Result<usize, WallCodeError> {
    let n = take_varint(input)?;
    if n > MAX_ITEMS || n as usize > input.len() {
        return Err(WallCodeError::Damaged(
            t("it counts more items than it holds").to_string(),
        ));
    }
    Ok(n as usize)
}

fn number(input: &mut &[u8]) -> Result<u32, WallCodeError> {
    u32::try_from(take_varint(input)?)
        .map_err(|_| WallCodeError::Damaged(t("a number is too large").to_string()))
}

fn take_board(input: &mut &[u8], version: u32) -> Result<WallBoard, WallCodeError> {
    let tournament = take_text(input)?;
    let round = number(input)?;
    let mut games = Vec::new();
    for _ in 0..count(input)? {
        let table = number(input)?;
        let black = take_text(input)?;
        let white = take_text(input)?;
        let family_starts = if version == FIRST_VERSION {
            [0, 0]
        } else {
            [number(input)?, number(input)?]
        };
        let handicap = number(input)?;
        let code = take_varint(input)?;
        let result = *WallResult::ALL
            .get((code / 2) as usize)
            .ok_or_else(|| WallCodeError::Damaged(t("a result is unknown").to_string()))?;
        games.push(WallGame {
            table,
            black,
            white,
            family_starts,
            handicap,
            result,
            by_default: code % 2 == 1,
        });
    }
    let bye = Some(take_text(input)?).filter(|b| !b.is_empty());
    let standings = match number(input)? {
        0 => None,
        round => {
            let columns = (0..count(input)?)
                .map(|_| take_text(input))
                .collect::<Result<Vec<_>, _>>()?;
            let mut lines = Vec::new();
            for _ in 0..count(input)? {
                let key = take_text(input)?;
                let place = number(input)?;
                let name = take_text(input)?;
                let rank = take_text(input)?;
                let values = (0..columns.len())
                    .map(|_| take_text(input))
                    .collect::<Result<Vec<_>, _>>()?;
                lines.push(WallLine {
                    key,
                    place,
                    name,
                    rank,
                    values,
                });
            }
            Some(WallStandings {
                round,
                columns,
                lines,
            })
        }
    };
    let round_codes = (0..count(input)?)
        .map(|_| take_text(input))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WallBoard {
        tournament,
        round,
        games,
        bye,
        standings,
        round_codes,
    })
}
