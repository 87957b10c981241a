//! Stepping through a record: the moves in it, the position after any of them, and the move
//! number of each stone on the board.

use super::board::Board;
use super::game::Game;
use super::live::replay;
use super::record::{Event, GameRecord, MoveStep, ReplayError};

/// Whether an event is a move (a stone, a pass, or a move made off the phone).
pub fn is_move(event: &Event) -> bool {
    matches!(event.move_step(), MoveStep::Move(_) | MoveStep::OffBoard(_))
}

/// The number of moves in the record.
pub fn move_count(record: &GameRecord) -> usize {
    record.events().iter().filter(|e| is_move(&e.event)).count()
}

/// How many events make up the record as it stood after `moves` moves: everything up to and
/// including that move, and nothing after it (0 moves: the events before the first move).
pub fn events_through(record: &GameRecord, moves: usize) -> usize {
    if moves == 0 {
        return record
            .events()
            .iter()
            .position(|e| is_move(&e.event))
            .unwrap_or(record.events().len());
    }
    let mut seen = 0;
    for (i, e) in record.events().iter().enumerate() {
        if is_move(&e.event) {
            seen += 1;
            if seen == moves {
                return i + 1;
            }
        }
    }
    record.events().len()
}

/// The game as it stood after the first `events` events of the record.
pub fn game_after(record: &GameRecord, events: usize) -> Result<Game, ReplayError> {
    Ok(Game::clone(&replay(record, events)?.count.game))
}

/// The move number of the stone on each point of `board` (row by row from the top left),
/// counting passes, for the first `events` events; `None` for empty points and stones that
/// were set up, painted or placed as handicap.
pub fn move_numbers(record: &GameRecord, events: usize, board: &Board) -> Vec<Option<u32>> {
    let mut numbers = vec![None; board.area()];
    let mut n = 0;
    for e in record.events().iter().take(events) {
        if is_move(&e.event) {
            n += 1;
        }
        if let Event::StonePlayed { point, .. } = &e.event
            && let Some(i) = board.index(*point)
        {
            numbers[i] = Some(n);
        }
        if let Event::StonesPainted { points, .. } = &e.event {
            for i in points.iter().filter_map(|p| board.index(*p)) {
                numbers[i] = None;
            }
        }
    }
    for (i, slot) in numbers.iter_mut().enumerate() {
        if board.get(board.point(i)).is_none() {
            *slot = None;
        }
    }
    numbers
}
