//! What a save writes, decided from what the page knows: what it last wrote or read of the
//! game, and the stamp stored now. A save writes the full chunks from the first changed event
//! on (none, for a press that does not fill a chunk), then the head with the open tail, then
//! removes the chunks past a shortened log (the head in place never counts them, so a save cut
//! short leaves the last complete state); and it writes nothing when another tab or window
//! wrote the game since. `app::storage` carries the plan out on `localStorage`.

use std::ops::Range;

use super::layout::{CHUNK, Stamp, StoredGame, full_chunks};
use crate::core::record::{LogChange, TimedEvent};

/// What a page last wrote or read of a game.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    /// How many events, and the last of them: a record that still has that event at that
    /// place only grew, so only its last chunks are rewritten.
    pub len: usize,
    /// The last event.
    pub last: Option<TimedEvent>,
    /// Who wrote it and its count of writes, as stored then.
    pub stamp: Stamp,
}

impl Seen {
    /// `game` as written or read with `stamp`.
    pub fn of(game: &StoredGame, stamp: Stamp) -> Seen {
        Seen {
            len: game.record.events().len(),
            last: game.record.events().last().cloned(),
            stamp,
        }
    }

    /// Whether `game` has the same event at the place of the last one written or read (a save
    /// cut short may have left more events after it).
    pub fn holds(&self, game: &StoredGame) -> bool {
        still_has(game.record.events(), self.len, self.last.as_ref())
    }
}

/// Whether `events` still has `last` as its event number `len` (for `len` 0, always): a log
/// that at most grew since it had `len` events ending with `last`.
fn still_has(events: &[TimedEvent], len: usize, last: Option<&TimedEvent>) -> bool {
    match len.checked_sub(1) {
        Some(i) => events.get(i) == last,
        None => true,
    }
}

/// Whether `game` is `stored` with nothing changed, only more events after its own.
pub fn continues(game: &StoredGame, stored: &StoredGame) -> bool {
    game.record.compared_to(&stored.record) != LogChange::Other
}

/// Another tab or window wrote or deleted the game since this page last wrote or read it:
/// writing would overwrite its record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChangedElsewhere;

/// What the stored game is, as far as a save needs to know, read only when the plan asks.
pub struct Stored<'a> {
    /// The stamp of the stored head; `None` when no head is stored.
    pub stamp: Option<&'a Stamp>,
    /// The stored game.
    pub game: &'a dyn Fn() -> Option<StoredGame>,
    /// The number of events the stored head counts.
    pub head_count: &'a dyn Fn() -> Option<usize>,
}

/// The writes of one save, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The full chunks written, from the one holding the first changed event; then the head.
    pub write: Range<usize>,
    /// The chunks past the game's full chunks, removed after the head.
    pub remove: Range<usize>,
    /// Where the text of the tail this page wrote last ends, when the tail only grew: the
    /// events from there on can be appended to that text instead of encoding it again.
    pub append_from: Option<usize>,
    /// The stamp the new head gets.
    pub stamp: Stamp,
}

/// The plan to save `game`, written by `me`, when this page last wrote or read `seen` of it and
/// storage now holds `stored`.
pub fn plan(
    game: &StoredGame,
    seen: Option<&Seen>,
    stored: &Stored,
    me: &str,
) -> Result<Plan, ChangedElsewhere> {
    let events = game.record.events();
    // Where the stored chunks are known to hold this game's events up to.
    let base = match (seen, stored.stamp) {
        // Never written or read here: a new game, or one written afresh.
        (None, _) => None,
        // A head of an earlier build names no writer: unchanged only if it holds what this
        // page last wrote or read.
        (Some(seen), Some(now)) if now.writer.is_empty() && *now == seen.stamp => {
            match (stored.game)() {
                Some(theirs) if (stored.head_count)() == Some(seen.len) && seen.holds(&theirs) => {
                    Some((seen.len, seen.last.clone()))
                }
                _ => return Err(ChangedElsewhere),
            }
        }
        (Some(seen), Some(now)) if *now == seen.stamp => Some((seen.len, seen.last.clone())),
        (Some(_), Some(now)) if now.writer == me => {
            // An earlier page of this tab wrote it since: write on only if this game continues
            // what it wrote.
            let theirs = (stored.game)().ok_or(ChangedElsewhere)?;
            if !continues(game, &theirs) {
                return Err(ChangedElsewhere);
            }
            let theirs = theirs.record.events();
            Some((theirs.len(), theirs.last().cloned()))
        }
        // Another tab wrote it, or deleted it.
        (Some(_), _) => return Err(ChangedElsewhere),
    };
    let first_changed = match &base {
        Some((len, last)) if still_has(events, *len, last.as_ref()) => *len,
        _ => 0,
    };
    let old_chunks = full_chunks(base.as_ref().map_or(0, |(len, _)| *len))
        .max(full_chunks(seen.map_or(0, |s| s.len)));
    let new_chunks = full_chunks(events.len());
    // The tail this page wrote last, while the head it wrote is in place, only longer.
    let append_from = seen
        .filter(|seen| stored.stamp == Some(&seen.stamp))
        .filter(|seen| seen.len == first_changed && full_chunks(seen.len) == new_chunks)
        .map(|seen| seen.len);
    Ok(Plan {
        remove: new_chunks..old_chunks.max(new_chunks),
        write: (first_changed / CHUNK).min(new_chunks)..new_chunks,
        append_from,
        stamp: stored.stamp.cloned().unwrap_or_default().next(me),
    })
}
