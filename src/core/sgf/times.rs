//! The clock readings SGF keeps with each move (`BL`/`WL`, `OB`/`OW`) and the time control of
//! the root (`TM`, `OT`), derived from a game played on the phone's clock. Every reading is
//! replayed from the timestamps of the record's clock events, never counted.

use crate::core::clock::{ClockEvent, ClockState, SideClock, TimeControl};
use crate::core::record::{Event, GameRecord, MoveClock, MoveStep};

/// A time in SGF's seconds: `1800`, `29.5`, with as few decimals as the milliseconds need.
pub(super) fn format_seconds(ms: i64) -> String {
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

/// The SGF `TM` value of a time control: Black's main time in seconds.
pub(super) fn tm_text(control: &TimeControl) -> String {
    format_seconds(control.main_ms)
}

/// The reading SGF keeps after a move: the time shown (main time, or the current period in
/// overtime) and, in overtime, the byo-yomi periods or Canadian stones left.
fn reading(side: &SideClock) -> MoveClock {
    let (time_left_ms, overtime_left) = side.sgf_time_left();
    MoveClock {
        time_left_ms: Some(time_left_ms),
        overtime_left,
    }
}

/// For each event of the record, the mover's clock right after the press that completed it,
/// when the event is a move or a pass completed by a press; `None` elsewhere, and everywhere
/// for a game without a clock.
///
/// A move entered on the board waits for its player's next press; a move completed off the
/// board (`MovedOffBoard`) takes that press itself, so a stone entered later is not given it.
pub(super) fn move_clocks(record: &GameRecord) -> Vec<Option<MoveClock>> {
    let mut out = vec![None; record.events().len()];
    let Some(control) = record.settings.time_control else {
        return out;
    };
    let mut clock = ClockState::new(control);
    let mut waiting: [Option<usize>; 2] = [None, None];
    for (i, e) in record.events().iter().enumerate() {
        if let Event::Clock { clock: event } = &e.event {
            if clock.apply(e.at_ms, event).is_err() {
                continue;
            }
            if let ClockEvent::Pressed { by, .. } = event
                && let Some(m) = waiting[by.index()].take()
                && let Some(slot) = out.get_mut(m)
            {
                *slot = Some(reading(clock.side(*by)));
            }
            continue;
        }
        match e.event.move_step() {
            MoveStep::Move(color) => waiting[color.index()] = Some(i),
            MoveStep::OffBoard(color) => waiting[color.index()] = None,
            MoveStep::Unwound(_) | MoveStep::IllegalRemoved | MoveStep::None => {}
        }
    }
    out
}
