//! The tests' ways into a stored record's history, each over `Live`, the app's one way in: a
//! command run on a record, an accidental press withdrawn, the table at a moment.
#![allow(dead_code)]

use scorekeeper::core::live::clock_commands;
use scorekeeper::core::live::{Command, CommandError, Live};
use scorekeeper::core::record::{Event, GameRecord, ReplayError};
use scorekeeper::core::table::Table;

/// Runs `command` (of the clock, the board or the count) on `record` and appends its events
/// (all at `at_ms`); on error the record is unchanged. Returns the events appended (none for
/// an undo, which shortens the log).
pub fn execute<C: Clone + Into<Command>>(
    record: &mut GameRecord,
    at_ms: i64,
    command: &C,
) -> Result<Vec<Event>, CommandError> {
    let mut live = Live::load(record.clone())?;
    let before = live.record().events().len();
    live.run(at_ms, &command.clone().into())?;
    let after = live.record().events();
    let added = after[before.min(after.len())..]
        .iter()
        .map(|e| e.event.clone())
        .collect();
    *record = live.into_record();
    Ok(added)
}

/// Withdraws an accidental press on `record`.
pub fn undo_press(record: &mut GameRecord, at_ms: i64) -> Result<(), CommandError> {
    execute(record, at_ms, &clock_commands::ClockCommand::UndoPress).map(|_| ())
}

/// The board and the clock of `record` at `now_ms`, replayed once.
pub fn table_of(record: &GameRecord, now_ms: i64) -> Result<Table, ReplayError> {
    Ok(Live::load(record.clone())?.table_at(now_ms))
}
