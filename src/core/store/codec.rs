//! A compact text form of the event log, for storage: one line per event, so that the record
//! of a long tournament fits in the few megabytes a browser gives an app.
//!
//! Each event is a time and a body, written one after the other with nothing between them.
//! The first event of a text holds its absolute time and every later one the milliseconds
//! since the one before, both in base 36 digits `0-9a-z` (`-` in front when a phone's clock
//! was set back). The body starts with a capital letter, `{` or `"`, which ends the time, and
//! its code says its length (JSON ends where its value ends):
//!
//! | body | event |
//! |---|---|
//! | `B`*pt*, `W`*pt* | a stone played at SGF point *pt*, nothing else attached |
//! | `Kb`, `Kw` | the clock pressed by Black or White after a move |
//! | `Qb`, `Qw` | the clock pressed after a pass |
//! | `Pb`, `Pw` | a pass, nothing attached |
//! | `Ob`, `Ow` | a move made on the real board only |
//! | `{`…`}`, `"`…`"` | any other event as JSON (an object, or a string for an event with no fields) |
//!
//! A 19x19 move with its press, `pyqWdpyqKb`, takes ten characters instead of about a hundred
//! and sixty in JSON.

use super::json::{self, Json};
use crate::core::clock::ClockEvent;
use crate::core::color::Color;
use crate::core::point::Point;
use crate::core::record::{Event, TimedEvent};
use crate::core::text::{t, tf};

/// The events as compact text (see the module documentation).
pub fn encode(events: &[TimedEvent]) -> Result<String, String> {
    encode_after(None, events)
}

/// The text that follows the text of earlier events, the last of them at `previous` ms:
/// `encode(a)` followed by `encode_after(Some(last time of a), b)` is `encode(a ++ b)`, so a
/// writer that keeps the text it wrote only encodes the events added since.
pub fn encode_after(previous: Option<i64>, events: &[TimedEvent]) -> Result<String, String> {
    let mut out = String::with_capacity(events.len() * 8);
    let mut previous = previous;
    for e in events {
        let time = match previous {
            None => e.at_ms,
            Some(p) => e
                .at_ms
                .checked_sub(p)
                .ok_or_else(|| t("an event time is out of range"))?,
        };
        if time == i64::MIN {
            return Err(t("an event time is out of range").into());
        }
        push_base36(&mut out, time);
        push_body(&mut out, &e.event)?;
        previous = Some(e.at_ms);
    }
    Ok(out)
}

/// Reads compact text back; `Err` names the event that cannot be read.
pub fn decode(text: &str) -> Result<Vec<TimedEvent>, String> {
    let mut events = Vec::new();
    let mut previous: Option<i64> = None;
    let mut rest = text;
    while !rest.is_empty() {
        let n = events.len() + 1;
        let (event, after) =
            decode_one(rest, previous).map_err(|why| tf("event {}: {}", &[&n, &why]))?;
        previous = Some(event.at_ms);
        events.push(event);
        rest = after;
    }
    Ok(events)
}

/// The first event of `text` and the text after it.
fn decode_one(text: &str, previous: Option<i64>) -> Result<(TimedEvent, &str), String> {
    let split = text
        .find(|c: char| c.is_ascii_uppercase() || c == '{' || c == '"')
        .ok_or_else(|| t("no event"))?;
    let (time, body) = text.split_at(split);
    let time = parse_base36(time).ok_or_else(|| t("the time is not a number"))?;
    let at_ms = match previous {
        None => time,
        Some(p) => p
            .checked_add(time)
            .ok_or_else(|| t("the time is out of range"))?,
    };
    let (event, rest) = decode_body(body)?;
    Ok((TimedEvent { at_ms, event }, rest))
}

fn push_body(out: &mut String, event: &Event) -> Result<(), String> {
    match event {
        Event::StonePlayed {
            color,
            point,
            forced: false,
            clock: None,
            comment: None,
        } if point.x < 26 && point.y < 26 => {
            out.push(color.sgf());
            out.push_str(&point.to_sgf());
        }
        Event::Clock {
            clock: ClockEvent::Pressed { by, pass },
        } => {
            out.push(if *pass { 'Q' } else { 'K' });
            out.push(letter(*by));
        }
        Event::Passed {
            color,
            clock: None,
            comment: None,
        } => {
            out.push('P');
            out.push(letter(*color));
        }
        Event::MovedOffBoard { color } => {
            out.push('O');
            out.push(letter(*color));
        }
        other => out.push_str(&json::to_text(other)),
    }
    Ok(())
}

/// The event at the start of `body` and the text after it.
fn decode_body(body: &str) -> Result<(Event, &str), String> {
    if body.starts_with('{') || body.starts_with('"') {
        let unreadable = |e: json::JsonError| tf("unreadable event ({})", &[&e]);
        let (value, end) = json::parse_prefix(body).map_err(unreadable)?;
        let event = Event::from_json(&value).map_err(unreadable)?;
        return Ok((event, &body[end..]));
    }
    let code = body.chars().next().ok_or_else(|| t("no event"))?;
    let len = if matches!(code, 'B' | 'W') { 3 } else { 2 };
    let (this, after) = match (body.get(..len), body.get(len..)) {
        (Some(this), Some(after)) => (this, after),
        _ => return Err(t("the text ends inside an event").into()),
    };
    let rest = &this[1..];
    let color = || match rest {
        "b" => Ok(Color::Black),
        "w" => Ok(Color::White),
        _ => Err(tf("unknown colour {}", &[&format!("{rest:?}")])),
    };
    let event = match code {
        'B' | 'W' => Event::StonePlayed {
            color: if code == 'B' {
                Color::Black
            } else {
                Color::White
            },
            point: Point::from_sgf(rest)
                .ok_or_else(|| tf("unknown point {}", &[&format!("{rest:?}")]))?,
            forced: false,
            clock: None,
            comment: None,
        },
        'K' | 'Q' => Event::Clock {
            clock: ClockEvent::Pressed {
                by: color()?,
                pass: code == 'Q',
            },
        },
        'P' => Event::Passed {
            color: color()?,
            clock: None,
            comment: None,
        },
        'O' => Event::MovedOffBoard { color: color()? },
        _ => return Err(tf("unknown event code {}", &[&format!("{code:?}")])),
    };
    Ok((event, after))
}

fn letter(c: Color) -> char {
    match c {
        Color::Black => 'b',
        Color::White => 'w',
    }
}

fn push_base36(out: &mut String, value: i64) {
    if value < 0 {
        out.push('-');
    }
    let mut v = value.unsigned_abs();
    let mut digits = [0u8; 13];
    let mut n = 0;
    loop {
        let d = (v % 36) as u8;
        digits[n] = if d < 10 { b'0' + d } else { b'a' + d - 10 };
        n += 1;
        v /= 36;
        if v == 0 {
            break;
        }
    }
    for &d in digits[..n].iter().rev() {
        out.push(d as char);
    }
}

fn parse_base36(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: i64 = 0;
    for c in digits.chars() {
        let d = c.to_digit(36)?;
        if c.is_ascii_uppercase() {
            return None;
        }
        v = v.checked_mul(36)?.checked_add(i64::from(d))?;
    }
    Some(if negative { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The marks an imported record keeps for moves played as written are stored as JSON in
    /// the form pinned here: a change of it would leave stored games unreadable.
    #[test]
    fn moves_played_as_written_keep_their_stored_form() {
        use crate::core::moves::AsWritten;
        let events = [
            Event::AsWritten {
                what: AsWritten::OutOfTurn {
                    color: Color::White,
                },
            },
            Event::StonePlayed {
                color: Color::White,
                point: Point::new(2, 2),
                forced: false,
                clock: None,
                comment: None,
            },
            Event::AsWritten {
                what: AsWritten::OnAStone {
                    point: Point::new(2, 2),
                },
            },
            Event::AsWritten {
                what: AsWritten::AfterTheEnd {
                    color: Color::Black,
                },
            },
            Event::AsWritten {
                what: AsWritten::StandardHandicap { stones: 4 },
            },
        ]
        .map(|event| TimedEvent { at_ms: 0, event })
        .to_vec();
        let text = encode(&events).unwrap();
        assert_eq!(
            text,
            concat!(
                r#"0{"AsWritten":{"what":{"OutOfTurn":{"color":"White"}}}}"#,
                "0Wcc",
                r#"0{"AsWritten":{"what":{"OnAStone":{"point":{"x":2,"y":2}}}}}"#,
                r#"0{"AsWritten":{"what":{"AfterTheEnd":{"color":"Black"}}}}"#,
                r#"0{"AsWritten":{"what":{"StandardHandicap":{"stones":4}}}}"#,
            )
        );
        assert_eq!(decode(&text).unwrap(), events);
    }

    #[test]
    fn base36_round_trips_the_extremes() {
        for v in [0, 1, 35, 36, -1, 1_763_800_000_000, i64::MAX, i64::MIN + 1] {
            let mut s = String::new();
            push_base36(&mut s, v);
            assert_eq!(parse_base36(&s), Some(v), "{s}");
        }
        let mut s = String::new();
        push_base36(&mut s, i64::MIN);
        assert_eq!(
            parse_base36(&s),
            None,
            "i64::MIN has no positive twin: refused, not wrapped"
        );
    }
}
