//! A game in the few bytes a link carries: its id, when it was stored, its settings (the rules
//! only when they differ from the preset's) and every event with its time. Moves, passes and
//! presses, most of a record, take one or two bytes and their time; other events take the
//! compact text the store writes them in ([`crate::core::store::codec`]), and the settings the
//! binary form of [`super::binary`].

use super::binary::{self, Error, push_signed, push_varint, take_signed, take_varint};
use crate::core::backup::BackupGame;
use crate::core::clock::ClockEvent;
use crate::core::color::Color;
use crate::core::point::Point;
use crate::core::record::{Event, GameRecord, GameSettings, TimedEvent};
use crate::core::store::codec;
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
pub fn encode(game: &BackupGame) -> Result<Vec<u8>, Error> {
    let record = &game.record;
    let mut out = Vec::with_capacity(64 + record.events().len() * 5);
    push_varint(&mut out, u64::from(record.schema));
    binary::write(&mut out, game.id.as_str())?;
    push_signed(&mut out, game.created_ms);
    let preset_rules = record.settings.rules == record.settings.preset.rules();
    out.push(u8::from(preset_rules));
    if preset_rules {
        // The preset gives the rules back: send a short stand-in.
        let mut settings = record.settings.clone();
        settings.rules.pause_reasons.clear();
        binary::write(&mut out, &settings)?;
    } else {
        binary::write(&mut out, &record.settings)?;
    }
    push_varint(&mut out, record.events().len() as u64);
    let mut previous = game.created_ms;
    for e in record.events() {
        let delta = e
            .at_ms
            .checked_sub(previous)
            .ok_or_else(|| Error(t("an event time is out of range").into()))?;
        push_signed(&mut out, delta);
        previous = e.at_ms;
        push_event(&mut out, &e.event)?;
    }
    Ok(out)
}

fn push_event(out: &mut Vec<u8>, event: &Event) -> Result<(), Error> {
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
            .map_err(Error)?;
            binary::write(out, text.as_str())?;
        }
    }
    Ok(())
}

/// Reads a game written by [`encode`]; every byte must belong to it.
pub fn decode(bytes: &[u8]) -> Result<BackupGame, Error> {
    let mut input = bytes;
    let schema = u32::try_from(take_varint(&mut input)?)
        .map_err(|_| Error(t("the record version is out of range").into()))?;
    let (id, rest): (String, _) = binary::read(input)?;
    input = rest;
    let created_ms = take_signed(&mut input)?;
    let (&preset_rules, rest) = input
        .split_first()
        .ok_or_else(|| Error(t("the data ends before the settings").into()))?;
    let (mut settings, rest): (GameSettings, _) = binary::read(rest)?;
    input = rest;
    match preset_rules {
        0 => {}
        1 => settings.rules = settings.preset.rules(),
        _ => return Err(Error(t("the settings are damaged").into())),
    }
    let count = take_varint(&mut input)?;
    if count > input.len() as u64 {
        return Err(Error(t("the data ends before the last event").into()));
    }
    let mut events = Vec::with_capacity(count as usize);
    let mut at_ms = created_ms;
    for n in 1..=count {
        let delta = take_signed(&mut input)?;
        at_ms = at_ms
            .checked_add(delta)
            .ok_or_else(|| Error(tf("event {}: its time is out of range", &[&n])))?;
        let event = take_event(&mut input).map_err(|e| Error(tf("event {}: {}", &[&n, &e])))?;
        events.push(TimedEvent { at_ms, event });
    }
    if !input.is_empty() {
        return Err(Error(t("there is more data after the last event").into()));
    }
    Ok(BackupGame {
        id,
        created_ms,
        record: GameRecord::from_parts(schema, settings, events),
    })
}

fn take_event(input: &mut &[u8]) -> Result<Event, Error> {
    let (&code, rest) = input
        .split_first()
        .ok_or_else(|| Error(t("the data ends before it").into()))?;
    *input = rest;
    Ok(match code {
        OTHER => {
            let (text, rest): (String, _) = binary::read(input)?;
            *input = rest;
            let mut events = codec::decode(&text).map_err(Error)?;
            match (events.pop(), events.is_empty()) {
                (Some(e), true) => e.event,
                _ => return Err(Error(t("one event was expected").into())),
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
                .ok_or_else(|| Error(t("the data ends inside a move").into()))?;
            *input = rest;
            let high = (code - STONE) & 15;
            let place = u16::from(high) << 8 | u16::from(low);
            let (x, y) = (place % ROW, place / ROW);
            if y >= ROW {
                return Err(Error(t("a move is off every board").into()));
            }
            Event::StonePlayed {
                color: color_of((code - STONE) >> 4),
                point: Point::new(x as u8, y as u8),
                forced: false,
                clock: None,
                comment: None,
            }
        }
        _ => return Err(Error(tf("unknown event code {}", &[&code]))),
    })
}
