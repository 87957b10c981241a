//! A game in the few bytes a link carries: its id, when it was stored, its settings and every
//! event with its time. Moves, passes and presses, most of a record, take one or two bytes and
//! their time; other events take the compact text the store writes them in
//! ([`crate::core::store::codec`]). The settings are the store's JSON of what differs from a
//! new game of their preset ([`GameSettings::new`]): the names, the date, the time, and the
//! rules only where a custom game changed them.

use crate::core::backup::BackupGame;
use crate::core::clock::ClockEvent;
use crate::core::color::Color;
use crate::core::handicap::Handicap;
use crate::core::link::bytes::{
    BytesError, push_signed, push_text, push_varint, take_signed, take_text, take_varint,
};
use crate::core::point::Point;
use crate::core::preset::Preset;
use crate::core::record::{Event, GameRecord, GameSettings, TimedEvent};
use crate::core::store::codec;
use crate::core::store::json::{self, Json, Value};
use crate::core::text::{t, tf};

/// The codes of the short events; any other event follows `OTHER` as the store's text.
const OTHER: u8 = 0;
const PRESSED: u8 = 1; // + colour, + 2 after a pass
const PASSED: u8 = 5; // + colour
const OFF_BOARD: u8 = 7; // + colour
/// A stone: `STONE` + 16 × colour + the high bits of the point's place, then its low byte.
const STONE: u8 = 32;
/// Rows are this wide in a stone's place, whatever the board's size.
const ROW: u16 = 26;

fn bit(color: Color) -> u8 {
    match color {
        Color::Black => 0,
        Color::White => 1,
    }
}

fn color_of(bit: u8) -> Color {
    if bit == 0 { Color::Black } else { Color::White }
}

/// The game in bytes.
pub fn encode(game: &BackupGame) -> Result<Vec<u8>, BytesError> {
    let record = &game.record;
    let mut out = Vec::with_capacity(64 + record.events().len() * 5);
    push_varint(&mut out, u64::from(record.schema));
    push_text(&mut out, &game.id);
    push_signed(&mut out, game.created_ms);
    let preset = record.settings.preset;
    push_text(&mut out, preset.id());
    let changes = record.settings.to_json().patch_from(&new_game(preset));
    push_text(
        &mut out,
        &changes.unwrap_or(Value::Object(Vec::new())).to_text(),
    );
    push_varint(&mut out, record.events().len() as u64);
    let mut previous = game.created_ms;
    for e in record.events() {
        let delta = e
            .at_ms
            .checked_sub(previous)
            .ok_or_else(|| BytesError(t("an event time is out of range").into()))?;
        push_signed(&mut out, delta);
        previous = e.at_ms;
        push_event(&mut out, &e.event)?;
    }
    Ok(out)
}

fn push_event(out: &mut Vec<u8>, event: &Event) -> Result<(), BytesError> {
    match event {
        Event::StonePlayed {
            color,
            point,
            forced: false,
            clock: None,
            comment: None,
        } if u16::from(point.x) < ROW && u16::from(point.y) < ROW => {
            let place = u16::from(point.y) * ROW + u16::from(point.x);
            out.push(STONE + 16 * bit(*color) + (place >> 8) as u8);
            out.push((place & 0xff) as u8);
        }
        Event::Clock {
            clock: ClockEvent::Pressed { by, pass },
        } => out.push(PRESSED + bit(*by) + if *pass { 2 } else { 0 }),
        Event::Passed {
            color,
            clock: None,
            comment: None,
        } => out.push(PASSED + bit(*color)),
        Event::MovedOffBoard { color } => out.push(OFF_BOARD + bit(*color)),
        other => {
            out.push(OTHER);
            let text = codec::encode(&[TimedEvent {
                at_ms: 0,
                event: other.clone(),
            }])
            .map_err(BytesError)?;
            push_text(out, &text);
        }
    }
    Ok(())
}

/// The settings the changes in a link start from: a new game of `preset` on the usual board.
fn new_game(preset: Preset) -> Value {
    GameSettings::new(preset, 19, Handicap::NONE).to_json()
}

/// Reads a game written by [`encode`]; every byte must belong to it.
pub fn decode(bytes: &[u8]) -> Result<BackupGame, BytesError> {
    let mut input = bytes;
    let schema = u32::try_from(take_varint(&mut input)?)
        .map_err(|_| BytesError(t("the record version is out of range").into()))?;
    let id = take_text(&mut input)?;
    let created_ms = take_signed(&mut input)?;
    let preset = take_text(&mut input)?;
    let preset =
        Preset::from_id(&preset).ok_or_else(|| BytesError(tf("unknown value `{}`", &[&preset])))?;
    let changes = json::parse(&take_text(&mut input)?).map_err(|e| BytesError(e.to_string()))?;
    let settings = GameSettings::from_json(&new_game(preset).patched(&changes))
        .map_err(|e| BytesError(tf("the settings are damaged: {}", &[&e])))?;
    let count = take_varint(&mut input)?;
    if count > input.len() as u64 {
        return Err(BytesError(t("the data ends before the last event").into()));
    }
    let mut events = Vec::with_capacity(count as usize);
    let mut at_ms = created_ms;
    for n in 1..=count {
        let delta = take_signed(&mut input)?;
        at_ms = at_ms
            .checked_add(delta)
            .ok_or_else(|| BytesError(tf("event {}: its time is out of range", &[&n])))?;
        let event =
            take_event(&mut input).map_err(|e| BytesError(tf("event {}: {}", &[&n, &e])))?;
        events.push(TimedEvent { at_ms, event });
    }
    if !input.is_empty() {
        return Err(BytesError(
            t("there is more data after the last event").into(),
        ));
    }
    Ok(BackupGame {
        id,
        created_ms,
        record: GameRecord::from_parts(schema, settings, events),
    })
}

fn take_event(input: &mut &[u8]) -> Result<Event, BytesError> {
    let (&code, rest) = input
        .split_first()
        .ok_or_else(|| BytesError(t("the data ends before it").into()))?;
    *input = rest;
    Ok(match code {
        OTHER => {
            let text = take_text(input)?;
            let mut events = codec::decode(&text).map_err(BytesError)?;
            match (events.pop(), events.is_empty()) {
                (Some(e), true) => e.event,
                _ => return Err(BytesError(t("one event was expected").into())),
            }
        }
        1..=4 => Event::Clock {
            clock: ClockEvent::Pressed {
                by: color_of((code - PRESSED) & 1),
                pass: code - PRESSED >= 2,
            },
        },
        5 | 6 => Event::Passed {
            color: color_of(code - PASSED),
            clock: None,
            comment: None,
        },
        7 | 8 => Event::MovedOffBoard {
            color: color_of(code - OFF_BOARD),
        },
        STONE..=63 => {
            let (&low, rest) = input
                .split_first()
                .ok_or_else(|| BytesError(t("the data ends inside a move").into()))?;
            *input = rest;
            let high = (code - STONE) & 15;
            let place = u16::from(high) << 8 | u16::from(low);
            let (x, y) = (place % ROW, place / ROW);
            if y >= ROW {
                return Err(BytesError(t("a move is off every board").into()));
            }
            Event::StonePlayed {
                color: color_of((code - STONE) >> 4),
                point: Point::new(x as u8, y as u8),
                forced: false,
                clock: None,
                comment: None,
            }
        }
        _ => return Err(BytesError(tf("unknown event code {}", &[&code]))),
    })
}
