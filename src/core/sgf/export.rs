//! Writing a game record as SGF `FF[4]` text.

use super::RULES_PROPERTY;
use crate::core::color::Color;
use crate::core::count::{CountState, Phase, Tally};
use crate::core::point::Point;
use crate::core::record::{
    Event, GameRecord, MoveClock, clock_events, count_events, decided_words, referee_events,
    referee_lines,
};
use crate::core::store::json;

use super::times::{self, format_seconds};

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

fn clock_props(out: &mut String, color: Color, clock: Option<&MoveClock>) {
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

/// The record as SGF `FF[4]` text: the game as it stands (unwound or removed moves are left
/// out), with per-move times and comments. Times imported with the game are written as they
/// came; a game played on the phone's clock gets its time control and the clock after each
/// move from the record. The result is the one decided by the last event.
pub fn export(record: &GameRecord) -> String {
    let last_ms = record.events().last().map_or(0, |e| e.at_ms);
    export_at(record, last_ms)
}

/// [`export`] with the result as it stands at `now_ms`: a flag that fell after the last event
/// under rules that stop the game at once is a loss on time too.
pub fn export_at(record: &GameRecord, now_ms: i64) -> String {
    let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]");
    game_info(&mut out, record, now_ms);
    nodes(&mut out, record);
    out.push_str(")\n");
    out
}

/// The root's game information: the board, the rules, the players, the time, the result and
/// the game comment (the pairing, a count made on a real board, the referee's words).
fn game_info(out: &mut String, record: &GameRecord, now_ms: i64) {
    let s = &record.settings;
    prop(out, "SZ", &s.size.to_string());
    prop(out, "KM", &format!("{}", s.komi));
    if s.handicap.stones > 0 {
        prop(out, "HA", &s.handicap.stones.to_string());
    }
    prop(out, "RU", s.preset.sgf_ru());
    if s.rules != s.preset.rules() {
        prop(out, RULES_PROPERTY, &json::to_text(&s.rules));
    }
    prop(out, "PB", &s.black);
    prop_opt(out, "BR", &s.black_rank);
    prop(out, "PW", &s.white);
    prop_opt(out, "WR", &s.white_rank);
    if !s.created.is_empty() {
        prop(out, "DT", &s.created);
    }
    prop_opt(out, "EV", &s.event);
    prop_opt(out, "RO", &s.round);
    prop_opt(out, "PC", &s.place);
    let control = s.time_control.as_ref();
    let tm = (s.time_limit_sgf.clone()).or_else(|| control.map(times::tm_text));
    prop_opt(out, "TM", &tm);
    let ot = (s.time_control_sgf.clone()).or_else(|| control.and_then(|c| c.ot_text()));
    prop_opt(out, "OT", &ot);
    // The result the record decides (count, resignation, time, referee), else an imported one.
    let last_ms = record.events().last().map_or(0, |e| e.at_ms);
    let count = CountState::of(record, now_ms.max(last_ms)).ok();
    let decided = count.as_ref().and_then(CountState::result);
    if let Some(re) = decided.or_else(|| s.result.clone()) {
        prop(out, "RE", &re);
    }
    // A count made on the real board: the record holds no final position, so the numbers go
    // with the game's information.
    let mut gc = Vec::new();
    // The pairing: SGF has a round (`RO`) but no table nor pairing-program keys.
    if let Some(p) = &s.pairing {
        gc.push(format!(
            "Table {}; pairing keys: Black {}, White {}",
            p.table, p.black_key, p.white_key
        ));
        if s.settings_changed {
            gc.push("Settings changed by the players from the director's".to_string());
        }
    }
    if let Some(count) = count.filter(|c| c.phase == Phase::Locked)
        && let Tally::Numbers(numbers) = count.tally()
    {
        gc.push(numbers.summary());
    } else if let Some(words) = decided_words(record.events()) {
        // `RE[Void]` cannot tell both players losing from a game to replay.
        gc.push(format!("{words} (decided by the director)"));
    }
    // Warnings and a protest are the referee's to see after the game.
    gc.extend(referee_lines(record.events()));
    if !gc.is_empty() {
        prop(out, "GC", &gc.join("\n"));
    }
    prop_opt(out, "C", &s.comment);
}

/// A node per move, with its time and comment, and the set-up stones: the game as it stands
/// (unwound or removed moves are left out).
fn nodes(out: &mut String, record: &GameRecord) {
    let cancelled = record.cancelled_events();
    let derived = times::move_clocks(record);
    for (i, e) in record.events().iter().enumerate() {
        if cancelled.binary_search(&i).is_ok() {
            continue;
        }
        match &e.event {
            Event::HandicapPlaced { points } => point_list(out, "AB", points),
            // A position painted to match a real board: setup properties in a node of its own.
            Event::StonesPainted { points, stone } => {
                out.push_str("\n;");
                let id = match stone {
                    Some(c) => format!("A{}", c.sgf()),
                    None => "AE".to_string(),
                };
                point_list(out, &id, points);
            }
            Event::StonesSetUp {
                black,
                white,
                to_move,
            } => {
                // Who moves next, chosen after painting: a node of its own, so that a choice
                // made again never repeats `PL` in one node.
                if black.is_empty() && white.is_empty() {
                    out.push_str("\n;");
                }
                point_list(out, "AB", black);
                point_list(out, "AW", white);
                prop(out, "PL", &to_move.sgf().to_string());
            }
            Event::StonePlayed {
                color,
                point,
                clock,
                comment,
                ..
            } => {
                out.push_str("\n;");
                prop(out, &color.sgf().to_string(), &point.to_sgf());
                let clock = clock.as_ref().or_else(|| derived.get(i)?.as_ref());
                clock_props(out, *color, clock);
                prop_opt(out, "C", comment);
            }
            Event::Passed {
                color,
                clock,
                comment,
            } => {
                out.push_str("\n;");
                prop(out, &color.sgf().to_string(), "");
                let clock = clock.as_ref().or_else(|| derived.get(i)?.as_ref());
                clock_props(out, *color, clock);
                prop_opt(out, "C", comment);
            }
            // No node of their own: the clock's readings go with the moves (see `times`), the
            // referee's words into the game comment.
            Event::Resigned { .. }
            | Event::PlayResumed { .. }
            | Event::Unwound { .. }
            | Event::IllegalMoveRemoved { .. }
            | Event::PrisonersCounted { .. } => {}
            clock_events!() | count_events!() | referee_events!() => {}
            // The moves themselves say it: two of one colour in a row, a move on a stone.
            Event::AsWritten { .. } => {}
            // SGF has no node for a move whose point was never entered; it is left out.
            Event::MovedOffBoard { .. } => {}
        }
    }
}
