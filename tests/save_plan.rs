//! What a save writes (`core::store::plan`): the full chunks from the first changed event on
//! (none for a press that fills no chunk: the head alone, with the tail), the chunks past a
//! shortened log removed after the head, the tail's text appended to, and nothing at all when
//! another tab or window wrote the game since this page last wrote or read it.

use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings, RECORD_SCHEMA, TimedEvent};
use scorekeeper::core::store::StoredGame;
use scorekeeper::core::store::layout::{CHUNK, Stamp};
use scorekeeper::core::store::plan::{ChangedElsewhere, Plan, Seen, Stored, plan};

const ME: &str = "tab-a";

fn event(n: usize) -> TimedEvent {
    TimedEvent {
        at_ms: n as i64,
        event: Event::RefereeNote {
            text: format!("note {n}"),
        },
    }
}

/// A game of `len` events, the `n`th written `event(n)`, or `other(n)` from `from` on.
fn game_of(len: usize, differs_from: Option<usize>) -> StoredGame {
    let settings = GameSettings::new(Preset::Japanese, 19, Handicap::NONE);
    let events = (0..len)
        .map(|n| match differs_from {
            Some(from) if n >= from => TimedEvent {
                at_ms: n as i64,
                event: Event::RefereeNote {
                    text: format!("other {n}"),
                },
            },
            _ => event(n),
        })
        .collect();
    StoredGame {
        id: "g".into(),
        created_ms: 0,
        record: GameRecord::from_parts(RECORD_SCHEMA, settings, events),
    }
}

fn game(len: usize) -> StoredGame {
    game_of(len, None)
}

fn stamp(writer: &str, seq: u64) -> Stamp {
    Stamp {
        writer: writer.into(),
        seq,
    }
}

/// The plan with `stored` as the stored head's stamp and `theirs` as the stored game.
fn plan_with(
    ours: &StoredGame,
    seen: Option<&Seen>,
    stored: Option<&Stamp>,
    theirs: Option<StoredGame>,
) -> Result<Plan, ChangedElsewhere> {
    let count = theirs.as_ref().map(|g| g.record.events().len());
    plan(
        ours,
        seen,
        &Stored {
            stamp: stored,
            game: &|| theirs.clone(),
            head_count: &|| count,
        },
        ME,
    )
}

#[test]
fn a_new_game_writes_its_full_chunks_and_the_first_stamp() {
    let ours = game(CHUNK + 10);
    let p = plan_with(&ours, None, None, None).unwrap();
    assert_eq!(
        p.write,
        0..1,
        "the full chunk; the ten after it go in the head"
    );
    assert!(p.remove.is_empty());
    assert_eq!(p.append_from, None);
    assert_eq!(p.stamp, stamp(ME, 1));
}

#[test]
fn a_move_writes_only_the_head_and_appends_to_its_tail() {
    let before = game(CHUNK + 10);
    let seen = Seen::of(&before, stamp(ME, 7));
    let ours = game(CHUNK + 11);
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 7)), None).unwrap();
    assert!(p.write.is_empty(), "no chunk: one write, the head");
    assert!(p.remove.is_empty());
    assert_eq!(p.append_from, Some(CHUNK + 10));
    assert_eq!(p.stamp, stamp(ME, 8));
}

#[test]
fn a_move_that_fills_the_tail_writes_its_chunk_then_the_head() {
    let before = game(2 * CHUNK - 1);
    let seen = Seen::of(&before, stamp(ME, 3));
    let ours = game(2 * CHUNK);
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 3)), None).unwrap();
    assert_eq!(p.write, 1..2, "the chunk the tail filled");
    assert!(p.remove.is_empty());
    assert_eq!(p.append_from, None, "the head's tail is empty again");
}

#[test]
fn a_move_after_a_full_chunk_starts_a_new_tail_and_writes_no_chunk() {
    let before = game(CHUNK);
    let seen = Seen::of(&before, stamp(ME, 3));
    let ours = game(CHUNK + 1);
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 3)), None).unwrap();
    assert!(
        p.write.is_empty(),
        "the full chunk before it is not touched"
    );
    assert_eq!(p.append_from, Some(CHUNK));
}

#[test]
fn an_undo_across_a_chunk_removes_the_chunks_past_the_end_after_the_head() {
    let before = game(2 * CHUNK + 5);
    let seen = Seen::of(&before, stamp(ME, 9));
    let ours = game(CHUNK - 1);
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 9)), None).unwrap();
    assert_eq!(
        p.remove,
        0..2,
        "no full chunk is left: both go once the head is written"
    );
    assert!(p.write.is_empty());
    assert_eq!(p.append_from, None);
}

#[test]
fn an_undo_and_a_new_move_rewrite_from_the_start() {
    // The same length, but the last event is another: the log did not only grow.
    let before = game(12);
    let seen = Seen::of(&before, stamp(ME, 2));
    let ours = game_of(12, Some(11));
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 2)), None).unwrap();
    assert!(p.write.is_empty(), "the head alone, its tail encoded again");
    assert_eq!(p.append_from, None);
}

#[test]
fn a_game_another_tab_wrote_since_is_not_written() {
    let seen = Seen::of(&game(10), stamp(ME, 4));
    let ours = game(11);
    let theirs = game(12);
    let got = plan_with(&ours, Some(&seen), Some(&stamp("tab-b", 5)), Some(theirs));
    assert_eq!(got, Err(ChangedElsewhere));
    // Even when this page's game holds all that tab wrote: it has not read it yet.
    let got = plan_with(
        &game(13),
        Some(&seen),
        Some(&stamp("tab-b", 5)),
        Some(game(12)),
    );
    assert_eq!(got, Err(ChangedElsewhere));
}

#[test]
fn a_game_another_tab_deleted_is_not_written_again() {
    let seen = Seen::of(&game(10), stamp(ME, 4));
    assert_eq!(
        plan_with(&game(11), Some(&seen), None, None),
        Err(ChangedElsewhere)
    );
}

#[test]
fn an_earlier_page_of_this_tab_that_wrote_late_is_written_on_when_continued() {
    // This tab reloaded: the page before it wrote 20 events after the 10 this page read.
    let seen = Seen::of(&game(10), stamp(ME, 4));
    let theirs = game(20);
    let ours = game(21);
    let p = plan_with(&ours, Some(&seen), Some(&stamp(ME, 6)), Some(theirs)).unwrap();
    assert!(p.write.is_empty(), "written: the head alone");
    assert_eq!(
        p.append_from, None,
        "its text is not the text this page wrote"
    );
    assert_eq!(p.stamp, stamp(ME, 7));
    // A game that does not continue what that page wrote is not written over it.
    let other = game_of(21, Some(15));
    let got = plan_with(&other, Some(&seen), Some(&stamp(ME, 6)), Some(game(20)));
    assert_eq!(got, Err(ChangedElsewhere));
}

#[test]
fn a_head_of_an_earlier_build_is_written_over_only_when_it_holds_what_was_read() {
    let read = game(10);
    let old = stamp("", 0);
    let seen = Seen::of(&read, old.clone());
    let ours = game(11);
    let p = plan_with(&ours, Some(&seen), Some(&old), Some(read.clone())).unwrap();
    assert!(p.write.is_empty(), "written: the head alone");
    assert_eq!(p.stamp, stamp(ME, 1));
    // Another build wrote more since, under the same stamp: not written over.
    let got = plan_with(&ours, Some(&seen), Some(&old), Some(game(12)));
    assert_eq!(got, Err(ChangedElsewhere));
    // Or wrote other events of the same count.
    let got = plan_with(&ours, Some(&seen), Some(&old), Some(game_of(10, Some(9))));
    assert_eq!(got, Err(ChangedElsewhere));
}

#[test]
fn a_game_this_page_never_read_is_written_afresh_after_the_stored_stamp() {
    let p = plan_with(&game(3), None, Some(&stamp("tab-b", 41)), Some(game(3))).unwrap();
    assert!(p.write.is_empty(), "written: the head alone");
    assert_eq!(p.stamp, stamp(ME, 42));
}
