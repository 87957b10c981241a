//! SGF (FF[4]) import and export of a game record: the root properties the app uses, the main
//! line of moves with per-move times and comments. Export then import gives back the same
//! settings and events (timestamps are synthesised on import).

mod parse;

use std::fmt;

use super::color::Color;
use super::handicap::{self, Handicap, HandicapPlacement};
use super::moves::{Ending, Move, PlayError, Status};
use super::point::{MAX_SIZE, MIN_SIZE, Point};
use super::record::{self, Event, GameRecord, GameSettings, MoveClock, RECORD_SCHEMA};
use super::rules::{Preset, Rules};

pub use parse::MAX_NESTING;
use parse::{Node, main_line};

/// The private property holding the full rules when they differ from the preset's.
const RULES_PROPERTY: &str = "SKR";

/// Why an SGF text could not be imported; `Display` says what and where.
#[derive(Clone, Debug, PartialEq)]
pub enum SgfError {
    /// The text does not start like an SGF game (`(;`).
    NotSgf,
    /// The text ends in the middle of the game.
    Truncated { line: usize },
    /// Something in the text is not SGF.
    Syntax { line: usize, message: String },
    /// Variations are nested deeper than the reader accepts.
    TooDeep { line: usize, limit: usize },
    /// The game is not Go (`GM` is not 1).
    NotGo(String),
    /// The board size is missing a number or is outside 5..=25 or not square.
    BadSize(String),
    /// A property has a value the reader cannot use.
    BadValue {
        property: String,
        value: String,
        line: usize,
    },
    /// A move is off the board.
    OffBoard {
        move_number: u32,
        value: String,
        size: u8,
    },
    /// A move cannot be played (occupied point, wrong turn, ...).
    BadMove { move_number: u32, error: PlayError },
    /// Setting up the position failed.
    BadSetup(String),
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SgfError::NotSgf => write!(
                f,
                "This is not an SGF game record (it should start with '(;')"
            ),
            SgfError::Truncated { line } => {
                write!(
                    f,
                    "The SGF text is cut off (it ends at line {line} in the middle of the game)"
                )
            }
            SgfError::Syntax { line, message } => write!(f, "SGF error at line {line}: {message}"),
            SgfError::TooDeep { line, limit } => write!(
                f,
                "The SGF variations are nested too deeply (more than {limit} levels, at line {line})"
            ),
            SgfError::NotGo(gm) => write!(f, "This SGF is not a game of Go (GM[{gm}])"),
            SgfError::BadSize(sz) => write!(
                f,
                "Wrong board size SZ[{sz}]: square boards from {MIN_SIZE} to {MAX_SIZE} are supported"
            ),
            SgfError::BadValue {
                property,
                value,
                line,
            } => write!(
                f,
                "SGF property {property}[{value}] at line {line} is not valid"
            ),
            SgfError::OffBoard {
                move_number,
                value,
                size,
            } => write!(
                f,
                "Move {move_number} ({value}) is off the {size}x{size} board"
            ),
            SgfError::BadMove { move_number, error } => write!(f, "Move {move_number}: {error}"),
            SgfError::BadSetup(why) => write!(f, "The SGF set-up stones are not valid: {why}"),
        }
    }
}

impl std::error::Error for SgfError {}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c == ']' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn format_seconds(ms: i64) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let a = ms.unsigned_abs();
    let (s, frac) = (a / 1000, a % 1000);
    if frac == 0 {
        format!("{sign}{s}")
    } else {
        let f = format!("{frac:03}");
        format!("{sign}{s}.{}", f.trim_end_matches('0'))
    }
}

fn parse_seconds(v: &str) -> Option<i64> {
    let x: f64 = v.trim().parse().ok()?;
    if !x.is_finite() || x.abs() > 1e12 {
        return None;
    }
    Some((x * 1000.0).round() as i64)
}

fn prop(out: &mut String, id: &str, value: &str) {
    out.push_str(id);
    out.push('[');
    out.push_str(&escape(value));
    out.push(']');
}

fn prop_opt(out: &mut String, id: &str, value: &Option<String>) {
    if let Some(v) = value {
        prop(out, id, v);
    }
}

fn point_list(out: &mut String, id: &str, points: &[Point]) {
    if points.is_empty() {
        return;
    }
    out.push_str(id);
    for p in points {
        out.push('[');
        out.push_str(&p.to_sgf());
        out.push(']');
    }
}

fn clock_props(out: &mut String, color: Color, clock: &Option<MoveClock>) {
    let Some(c) = clock else { return };
    if let Some(ms) = c.time_left_ms {
        prop(out, &format!("{}L", color.sgf()), &format_seconds(ms));
    }
    if let Some(n) = c.overtime_left {
        let id = match color {
            Color::Black => "OB",
            Color::White => "OW",
        };
        prop(out, id, &n.to_string());
    }
}

/// The record as SGF FF[4] text: the game as it stands (unwound or removed moves are left
/// out), with per-move times and comments.
pub fn export(record: &GameRecord) -> String {
    let s = &record.settings;
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    prop(&mut out, "SZ", &s.size.to_string());
    prop(&mut out, "KM", &format!("{}", s.komi));
    if s.handicap.stones > 0 {
        prop(&mut out, "HA", &s.handicap.stones.to_string());
    }
    prop(&mut out, "RU", s.preset.sgf_ru());
    if s.rules != s.preset.rules()
        && let Ok(json) = serde_json::to_string(&s.rules)
    {
        prop(&mut out, RULES_PROPERTY, &json);
    }
    prop(&mut out, "PB", &s.black);
    prop_opt(&mut out, "BR", &s.black_rank);
    prop(&mut out, "PW", &s.white);
    prop_opt(&mut out, "WR", &s.white_rank);
    if !s.created.is_empty() {
        prop(&mut out, "DT", &s.created);
    }
    prop_opt(&mut out, "EV", &s.event);
    prop_opt(&mut out, "RO", &s.round);
    prop_opt(&mut out, "PC", &s.place);
    prop_opt(&mut out, "TM", &s.time_limit_sgf);
    prop_opt(&mut out, "OT", &s.time_control_sgf);
    let resigned = record.events.iter().find_map(|e| match e.event {
        Event::Resigned { color } => Some(color),
        _ => None,
    });
    match (&s.result, resigned) {
        (Some(r), _) => prop(&mut out, "RE", r),
        (None, Some(loser)) => prop(&mut out, "RE", &format!("{}+R", (!loser).sgf())),
        _ => {}
    }
    prop_opt(&mut out, "C", &s.comment);
    let cancelled = record.cancelled_events();
    for (i, e) in record.events.iter().enumerate() {
        if cancelled.binary_search(&i).is_ok() {
            continue;
        }
        match &e.event {
            Event::HandicapPlaced { points } => point_list(&mut out, "AB", points),
            Event::StonesSetUp {
                black,
                white,
                to_move,
            } => {
                point_list(&mut out, "AB", black);
                point_list(&mut out, "AW", white);
                prop(&mut out, "PL", &to_move.sgf().to_string());
            }
            Event::StonePlayed {
                color,
                point,
                clock,
                comment,
                ..
            } => {
                out.push_str("\n;");
                prop(&mut out, &color.sgf().to_string(), &point.to_sgf());
                clock_props(&mut out, *color, clock);
                prop_opt(&mut out, "C", comment);
            }
            Event::Passed {
                color,
                clock,
                comment,
            } => {
                out.push_str("\n;");
                prop(&mut out, &color.sgf().to_string(), "");
                clock_props(&mut out, *color, clock);
                prop_opt(&mut out, "C", comment);
            }
            Event::Resigned { .. }
            | Event::PlayResumed { .. }
            | Event::Unwound { .. }
            | Event::IllegalMoveRemoved { .. } => {}
        }
    }
    out.push_str(")\n");
    out
}

fn bad_value(text: &str, node: &Node, property: &str, value: &str) -> SgfError {
    SgfError::BadValue {
        property: property.to_string(),
        value: value.to_string(),
        line: parse::line_of(text, node.offset),
    }
}

fn owned(v: Option<&str>) -> Option<String> {
    v.map(str::to_string)
}

/// Reads a list of points, expanding `aa:cc` rectangles.
fn read_points(
    text: &str,
    node: &Node,
    id: &str,
    size: u8,
    out: &mut Vec<Point>,
) -> Result<(), SgfError> {
    for v in node.values(id) {
        let (a, b) = match v.split_once(':') {
            Some((a, b)) => (a, b),
            None => (v, v),
        };
        let (Some(p), Some(q)) = (Point::from_sgf(a), Point::from_sgf(b)) else {
            return Err(bad_value(text, node, id, v));
        };
        if p.x >= size || p.y >= size || q.x >= size || q.y >= size {
            return Err(bad_value(text, node, id, v));
        }
        for y in p.y.min(q.y)..=p.y.max(q.y) {
            for x in p.x.min(q.x)..=p.x.max(q.x) {
                let pt = Point::new(x, y);
                if !out.contains(&pt) {
                    out.push(pt);
                }
            }
        }
    }
    Ok(())
}

/// Reads an SGF text into a new game record, checking every move against the rules. Moves
/// that break ko, superko or suicide rules are kept as forced (illegal) moves; a move on an
/// occupied point or off the board is an error. Timestamps are one second apart from 0.
pub fn import(text: &str) -> Result<GameRecord, SgfError> {
    let nodes = main_line(text)?;
    let Some(root) = nodes.first() else {
        return Err(SgfError::NotSgf);
    };
    if let Some(gm) = root.first("GM")
        && gm.trim() != "1"
    {
        return Err(SgfError::NotGo(gm.to_string()));
    }
    let size = match root.first("SZ") {
        None => 19,
        Some(v) => match v.trim().parse::<u8>() {
            Ok(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
            _ => return Err(SgfError::BadSize(v.to_string())),
        },
    };
    let preset = root
        .first("RU")
        .and_then(Preset::from_sgf_ru)
        .unwrap_or(Preset::Custom);
    let rules = match root.first(RULES_PROPERTY) {
        Some(json) => serde_json::from_str::<Rules>(json)
            .map_err(|_| bad_value(text, root, RULES_PROPERTY, json))?,
        None => preset.rules(),
    };
    let ha = match root.first("HA") {
        None => 0,
        Some(v) => match v.trim().parse::<u8>() {
            Ok(n) if n <= handicap::MAX_HANDICAP => n,
            _ => return Err(bad_value(text, root, "HA", v)),
        },
    };
    let komi = match root.first("KM") {
        None => rules.komi_for(ha),
        Some(v) => match v.trim().parse::<f64>() {
            Ok(k) if k.is_finite() && k.abs() < 10_000.0 => k,
            _ => return Err(bad_value(text, root, "KM", v)),
        },
    };
    // Set-up stones may be spread over the nodes before the first move.
    let first_move = nodes
        .iter()
        .position(|n| n.has("B") || n.has("W"))
        .unwrap_or(nodes.len());
    let (mut black, mut white) = (Vec::new(), Vec::new());
    let mut to_move = None;
    for node in nodes.iter().take(first_move) {
        read_points(text, node, "AB", size, &mut black)?;
        read_points(text, node, "AW", size, &mut white)?;
        if let Some(pl) = node.first("PL") {
            to_move = match pl.trim() {
                "B" | "b" => Some(Color::Black),
                "W" | "w" => Some(Color::White),
                _ => return Err(bad_value(text, node, "PL", pl)),
            };
        }
    }
    for (k, node) in nodes.iter().enumerate().skip(first_move) {
        if node.has("AB") || node.has("AW") || node.has("AE") {
            return Err(SgfError::BadValue {
                property: "AB/AW/AE".to_string(),
                value: format!("set-up stones in node {}", k + 1),
                line: parse::line_of(text, node.offset),
            });
        }
    }
    let fixed = handicap::fixed_points(size, ha).unwrap_or_default();
    let is_handicap = white.is_empty() && to_move.is_none();
    let first_colour = nodes.get(first_move).map(|n| {
        if n.has("B") {
            Color::Black
        } else {
            Color::White
        }
    });
    let placement = {
        let mut a = black.clone();
        let mut b = fixed.clone();
        a.sort();
        b.sort();
        if a == b {
            HandicapPlacement::Fixed
        } else {
            HandicapPlacement::Free
        }
    };
    let mut settings = GameSettings::new(
        preset,
        size,
        Handicap {
            stones: ha,
            placement,
        },
    );
    settings.rules = rules;
    settings.komi = komi;
    settings.black = root.first("PB").unwrap_or("").to_string();
    settings.white = root.first("PW").unwrap_or("").to_string();
    settings.black_rank = owned(root.first("BR"));
    settings.white_rank = owned(root.first("WR"));
    settings.created = root.first("DT").unwrap_or("").to_string();
    settings.event = owned(root.first("EV"));
    settings.round = owned(root.first("RO"));
    settings.place = owned(root.first("PC"));
    settings.time_limit_sgf = owned(root.first("TM"));
    settings.time_control_sgf = owned(root.first("OT"));
    settings.comment = owned(root.first("C"));
    let result = root.first("RE").map(str::trim);
    let resigned = match result {
        Some("B+R") | Some("B+Resign") => Some(Color::White),
        Some("W+R") | Some("W+Resign") => Some(Color::Black),
        _ => None,
    };
    if resigned.is_none() {
        settings.result = result.map(str::to_string);
    }
    let mut rec = GameRecord {
        schema: RECORD_SCHEMA,
        settings,
        events: Vec::new(),
    };
    let mut game = rec
        .new_game()
        .map_err(|e| SgfError::BadSetup(e.to_string()))?;
    let mut clock_ms = 0i64;
    let mut push = |rec: &mut GameRecord, game: &mut super::game::Game, event: Event| {
        let r = rec.append(game, clock_ms, event);
        clock_ms += 1000;
        r
    };
    if !black.is_empty() || !white.is_empty() {
        let event = if is_handicap && ha >= 2 {
            Event::HandicapPlaced { points: black }
        } else {
            Event::StonesSetUp {
                black,
                white,
                to_move: to_move.or(first_colour).unwrap_or(Color::Black),
            }
        };
        push(&mut rec, &mut game, event).map_err(|e| SgfError::BadSetup(e.to_string()))?;
    } else if ha >= 2 {
        push(&mut rec, &mut game, Event::HandicapPlaced { points: fixed })
            .map_err(|e| SgfError::BadSetup(e.to_string()))?;
    } else if let Some(c) = to_move {
        push(
            &mut rec,
            &mut game,
            Event::StonesSetUp {
                black: Vec::new(),
                white: Vec::new(),
                to_move: c,
            },
        )
        .map_err(|e| SgfError::BadSetup(e.to_string()))?;
    }
    let mut move_number = 0u32;
    for node in nodes.iter().skip(first_move) {
        for color in Color::BOTH {
            let id = color.sgf().to_string();
            let Some(v) = node.first(&id) else { continue };
            move_number += 1;
            let v = v.trim();
            let mv = if v.is_empty() || (v == "tt" && size <= 19) {
                Move::Pass
            } else {
                match Point::from_sgf(v) {
                    Some(p) if p.x < size && p.y < size => Move::Play(p),
                    _ => {
                        return Err(SgfError::OffBoard {
                            move_number,
                            value: format!("{id}[{v}]"),
                            size,
                        });
                    }
                }
            };
            let clock = read_clock(text, node, color)?;
            let comment = owned(node.first("C"));
            if game.resumption_player().is_some() && !game.is_closing_pass(color) {
                push(&mut rec, &mut game, Event::PlayResumed { first: color }).map_err(|e| {
                    SgfError::BadMove {
                        move_number,
                        error: replay_play_error(e),
                    }
                })?;
            }
            let event = match mv {
                Move::Play(point) => Event::StonePlayed {
                    color,
                    point,
                    forced: false,
                    clock,
                    comment,
                },
                _ => Event::Passed {
                    color,
                    clock,
                    comment,
                },
            };
            match push(&mut rec, &mut game, event.clone()) {
                Ok(_) => {}
                Err(e) => {
                    let error = replay_play_error(e);
                    let forced = match (&error, event) {
                        (
                            PlayError::Ko { .. }
                            | PlayError::Superko { .. }
                            | PlayError::Suicide { .. },
                            Event::StonePlayed {
                                color,
                                point,
                                clock,
                                comment,
                                ..
                            },
                        ) => Event::StonePlayed {
                            color,
                            point,
                            forced: true,
                            clock,
                            comment,
                        },
                        _ => return Err(SgfError::BadMove { move_number, error }),
                    };
                    push(&mut rec, &mut game, forced).map_err(|e| SgfError::BadMove {
                        move_number,
                        error: replay_play_error(e),
                    })?;
                }
            }
        }
    }
    if let Some(loser) = resigned
        && !matches!(game.status(), Status::Ended(Ending::Resigned(_)))
    {
        push(&mut rec, &mut game, Event::Resigned { color: loser }).map_err(|e| {
            SgfError::BadMove {
                move_number,
                error: replay_play_error(e),
            }
        })?;
    }
    Ok(rec)
}

fn replay_play_error(e: record::ReplayError) -> PlayError {
    match e {
        record::ReplayError::BadEvent { error, .. } => error,
        other => PlayError::BadSetup(other.to_string()),
    }
}

fn read_clock(text: &str, node: &Node, color: Color) -> Result<Option<MoveClock>, SgfError> {
    let (tl, ot) = match color {
        Color::Black => ("BL", "OB"),
        Color::White => ("WL", "OW"),
    };
    let time_left_ms = match node.first(tl) {
        None => None,
        Some(v) => Some(parse_seconds(v).ok_or_else(|| bad_value(text, node, tl, v))?),
    };
    let overtime_left = match node.first(ot) {
        None => None,
        Some(v) => Some(
            v.trim()
                .parse::<u32>()
                .map_err(|_| bad_value(text, node, ot, v))?,
        ),
    };
    if time_left_ms.is_none() && overtime_left.is_none() {
        return Ok(None);
    }
    Ok(Some(MoveClock {
        time_left_ms,
        overtime_left,
    }))
}

#[cfg(test)]
mod tests;
