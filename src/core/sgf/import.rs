//! Reading SGF text into a game record, checking every move against the rules.

use super::parse::{self, Node, main_line};
use super::{RULES_PROPERTY, SgfError};
use crate::core::color::Color;
use crate::core::game::Game;
use crate::core::handicap::{self, Handicap, HandicapPlacement};
use crate::core::moves::{Ending, Move, PlayError, Status};
use crate::core::point::{MAX_SIZE, MIN_SIZE, Point};
use crate::core::record::{self, Event, GameRecord, GameSettings, MoveClock, RECORD_SCHEMA};
use crate::core::rules::{Preset, Rules};

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
    seen: &mut [bool],
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
                let k = usize::from(y) * usize::from(MAX_SIZE) + usize::from(x);
                if let Some(s) = seen.get_mut(k)
                    && !*s
                {
                    *s = true;
                    out.push(Point::new(x, y));
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
    if text.trim().is_empty() {
        return Err(SgfError::Empty);
    }
    if text.len() > super::MAX_SGF_BYTES {
        return Err(SgfError::TooLarge { bytes: text.len() });
    }
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
    let area = usize::from(MAX_SIZE) * usize::from(MAX_SIZE);
    let (mut seen_black, mut seen_white) = (vec![false; area], vec![false; area]);
    let mut to_move = None;
    for node in nodes.iter().take(first_move) {
        read_points(text, node, "AB", size, &mut black, &mut seen_black)?;
        read_points(text, node, "AW", size, &mut white, &mut seen_white)?;
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
    let mut push = |rec: &mut GameRecord, game: &mut Game, event: Event| {
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
            let closing = mv == Move::Pass && game.is_closing_pass(color);
            if game.resumption_player().is_some() && !closing {
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

fn parse_seconds(v: &str) -> Option<i64> {
    let x: f64 = v.trim().parse().ok()?;
    if !x.is_finite() || x.abs() > 1e12 {
        return None;
    }
    Some((x * 1000.0).round() as i64)
}
