//! The wizard's commands: checked against the state the record replays to, turned into events
//! for the record (commands in, events out, as `table` does for the clock).

use super::marks::group_at;
use super::numbers::CountByNumbers;
use super::result::Decision;
use super::state::{CountState, Phase};
use crate::core::clock::ClockEvent;
use crate::core::form_values;
use crate::core::game::Game;
use crate::core::record::{Event, GameRecord, TimedEvent};
use crate::core::table::Table;
use crate::core::{Color, Point};

/// Something a player or referee asks of the counting wizard.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Tap on a stone: its whole group becomes dead, or alive again if it was marked dead.
    ToggleDead {
        /// Any stone of the group.
        point: Point,
    },
    /// Long tap on a stone: its whole group is marked as in seki, or unmarked.
    ToggleSeki {
        /// Any stone of the group.
        point: Point,
    },
    /// Accept a suggestion: mark these stones dead.
    MarkDead {
        /// Stones of one colour.
        points: Vec<Point>,
    },
    /// Accept a suggestion: mark these stones as in seki.
    MarkSeki {
        /// Stones of either colour.
        points: Vec<Point>,
    },
    /// A player confirms the marks and the count with their own button.
    Confirm {
        /// Who confirms.
        color: Color,
    },
    /// A player disputes the status of a group: play resumes on the clock with the player the
    /// rules name (pause rules only).
    Dispute {
        /// Who disputes.
        by: Color,
    },
    /// After a natural ending a player finds a point: play resumes with them to move (Dutch
    /// 14, Cape Town 10).
    FindsPoint {
        /// The finder, who moves first.
        by: Color,
    },
    /// The director has play continue after a natural ending "as if the 4 passes have not
    /// occurred": "The player who passed first may move and his clock is restarted" (Dutch
    /// 15.1, Cape Town 11.1, for a position that cannot be counted).
    ContinuePlay,
    /// The komi changes (logged with the reason).
    SetKomi {
        /// The new komi (a whole or half point).
        komi: f64,
        /// Why, in the referee's words.
        reason: String,
    },
    /// Stones captured on a real board, entered with steppers.
    EnterPrisoners {
        /// White stones Black captured.
        black: u32,
        /// Black stones White captured.
        white: u32,
    },
    /// The players enter the count they made on the real board; it decides the result in
    /// place of the phone's board.
    EnterCount {
        /// The numbers, as the preset's counting asks for them.
        count: CountByNumbers,
    },
    /// The players go back to counting the position on the phone's board.
    CountOnBoard,
    /// A referee locks the count as it stands.
    Lock,
    /// A referee unlocks the count (logged with the reason; confirmations are cleared).
    Unlock {
        /// Why, in the referee's words.
        reason: String,
    },
    /// A referee or director records a result without a count.
    Decide {
        /// The result.
        decision: Decision,
        /// Why (empty: the decision's name is recorded).
        reason: String,
    },
}

/// White's closing pass when the rules make White pass last and Black passed last (London
/// Open 5: "So if necessary, White must pass again and hand over another pass stone"); empty
/// otherwise. `Game` accepts it while play is paused or stopped (`Game::is_closing_pass`).
pub fn closing_pass_events(game: &Game) -> Vec<Event> {
    if game.is_closing_pass(Color::White) {
        vec![Event::Passed {
            color: Color::White,
            clock: None,
            comment: Some("White passes last, as the rules require".to_string()),
        }]
    } else {
        Vec::new()
    }
}

/// The events that resume play with `first` to move: the board event and, when the record has
/// a clock that is paused, the clock running for `first` again.
pub fn resumption_events(record: &GameRecord, at_ms: i64, first: Color) -> Vec<Event> {
    let mut events = vec![Event::PlayResumed { first }];
    let clock = Table::of(record, at_ms).ok().and_then(|t| t.clock);
    if let Some(clock) = clock
        && clock.started
        && clock.paused.is_some()
    {
        let e = if clock.running == Some(first) {
            ClockEvent::Resumed
        } else {
            ClockEvent::ResumedWith { running: first }
        };
        if clock.check(at_ms, &e).is_ok() {
            events.push(Event::Clock { clock: e });
        }
    }
    events
}

fn check_markable(st: &CountState) -> Result<(), String> {
    match st.phase {
        Phase::Agreement | Phase::Counting if st.all_stones_alive() => Err(
            "Both players passed at the start of the resumption: every stone stays on the board \
             as alive, so no group can be marked."
                .into(),
        ),
        Phase::Agreement | Phase::Counting => Ok(()),
        Phase::Playing => Err("Play is still going on: groups are marked once play stops.".into()),
        Phase::Locked => Err("The count is locked: a referee must unlock it first.".into()),
        Phase::Finished => Err("The game is over: there is nothing to count.".into()),
    }
}

/// The count can be entered or changed: play has stopped and the count is not settled.
fn check_counting(st: &CountState) -> Result<(), String> {
    match st.phase {
        Phase::Agreement | Phase::Counting => Ok(()),
        Phase::Playing => Err("Play is still going on: the count starts when play stops.".into()),
        Phase::Locked => Err("The count is locked: a referee must unlock it first.".into()),
        Phase::Finished => Err("The game is over: its result is recorded.".into()),
    }
}

fn check_open(st: &CountState) -> Result<(), String> {
    match st.phase {
        Phase::Locked => Err("The count is locked: a referee must unlock it first.".into()),
        Phase::Finished => Err("The game is over: its result is recorded.".into()),
        _ => Ok(()),
    }
}

/// The stones of `points` if they are stones of one colour on the board.
fn stones_of_one_colour(st: &CountState, points: &[Point]) -> Result<Vec<Point>, String> {
    let board = st.game.board();
    let size = board.size();
    let mut colour = None;
    for &p in points {
        match board.get(p) {
            None => return Err(format!("There is no stone at {}.", p.to_human(size))),
            Some(c) if colour.is_some_and(|k| k != c) => {
                return Err("A group is made of stones of one colour.".into());
            }
            Some(c) => colour = Some(c),
        }
    }
    if points.is_empty() {
        return Err("No stones to mark.".into());
    }
    let mut v = points.to_vec();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// Checks `command` at `at_ms` and returns the events that carry it out, in order; the record
/// is not changed. The error says in words why the command cannot be done now.
pub fn handle(record: &GameRecord, at_ms: i64, command: &Command) -> Result<Vec<Event>, String> {
    let st = CountState::of(record, at_ms)?;
    let size = st.game.size();
    let group = |point: Point| -> Result<Vec<Point>, String> {
        let g = group_at(st.game.board(), point);
        if g.is_empty() {
            Err(format!("There is no stone at {}.", point.to_human(size)))
        } else {
            Ok(g)
        }
    };
    let events = match command {
        Command::ToggleDead { point } => {
            check_markable(&st)?;
            let points = group(*point)?;
            if points.iter().all(|p| st.marks.dead.contains(p)) {
                vec![Event::DeadUnmarked { points }]
            } else {
                vec![Event::DeadMarked { points }]
            }
        }
        Command::ToggleSeki { point } => {
            check_markable(&st)?;
            let points = group(*point)?;
            if points.iter().all(|p| st.marks.seki.contains(p)) {
                vec![Event::SekiUnmarked { points }]
            } else {
                vec![Event::SekiMarked { points }]
            }
        }
        Command::MarkDead { points } => {
            check_markable(&st)?;
            vec![Event::DeadMarked {
                points: stones_of_one_colour(&st, points)?,
            }]
        }
        Command::MarkSeki { points } => {
            check_markable(&st)?;
            if points.is_empty() {
                return Err("No stones to mark.".into());
            }
            for &p in points {
                if st.game.board().get(p).is_none() {
                    return Err(format!("There is no stone at {}.", p.to_human(size)));
                }
            }
            let mut v = points.clone();
            v.sort_unstable();
            v.dedup();
            vec![Event::SekiMarked { points: v }]
        }
        Command::Confirm { color } => {
            match st.phase {
                Phase::Agreement | Phase::Counting => {}
                Phase::Playing => {
                    return Err("Play is still going on: there is nothing to confirm yet.".into());
                }
                Phase::Locked => return Err("The count is already confirmed and locked.".into()),
                Phase::Finished => return Err("The game is over: its result is recorded.".into()),
            }
            if st.has_confirmed(*color) {
                return Err(format!("{} has already confirmed.", color.name()));
            }
            if st.numbers.is_none() {
                st.board_holds_position()?;
            }
            let mut events = vec![Event::AgreementConfirmed { color: *color }];
            if st.has_confirmed(!*color) {
                events.extend(closing_pass_events(&st.game));
            }
            events
        }
        Command::Dispute { by } => match st.phase {
            Phase::Agreement => {
                let Some(first) = st.game.resumption_player() else {
                    return Err("Play cannot resume now.".into());
                };
                let mut events = vec![Event::Disputed { by: *by }];
                events.extend(resumption_events(record, at_ms, first));
                events
            }
            Phase::Counting if st.natural_ending() => {
                return Err(
                    "After a natural ending the players who cannot agree on the result \
                            call the director, who decides; a player who finds a point may play \
                            it."
                    .into(),
                );
            }
            Phase::Counting => {
                return Err(
                    "Both players passed at the start of the resumption: the game has \
                            stopped with every stone alive, so there is nothing to dispute."
                        .into(),
                );
            }
            Phase::Playing => return Err("Play is still going on.".into()),
            Phase::Locked => {
                return Err("The count is locked: a referee must unlock it first.".into());
            }
            Phase::Finished => return Err("The game is over: its result is recorded.".into()),
        },
        Command::FindsPoint { by } => {
            if st.phase != Phase::Counting || !st.natural_ending() {
                return Err(match st.phase {
                    Phase::Agreement => "Play has paused for agreement: dispute to play on.".into(),
                    Phase::Locked => "The count is locked: a referee must unlock it first.".into(),
                    Phase::Playing => "Play is still going on.".into(),
                    _ => "A point can be found only after a natural ending.".into(),
                });
            }
            resumption_events(record, at_ms, *by)
        }
        Command::ContinuePlay => {
            if st.phase != Phase::Counting || !st.natural_ending() {
                return Err("Play continues this way only after a natural ending.".into());
            }
            let Some(first) = st.game.resumption_player() else {
                return Err("Play cannot resume now.".into());
            };
            resumption_events(record, at_ms, first)
        }
        Command::SetKomi { komi, reason } => {
            check_open(&st)?;
            let komi = form_values::check_komi(*komi)?;
            let reason = form_values::reason(reason)
                .map_err(|e| format!("The komi was not changed. {e}"))?;
            vec![Event::KomiChanged { komi, reason }]
        }
        Command::EnterPrisoners { black, white } => {
            check_open(&st)?;
            let limit = u32::from(size) * u32::from(size) * 4;
            if *black > limit || *white > limit {
                return Err("That is more prisoners than a game can have.".into());
            }
            // The lids hold the captures and the pass stones handed over.
            vec![Event::PrisonersCounted {
                black: black.saturating_add(st.game.pass_stones(Color::Black)),
                white: white.saturating_add(st.game.pass_stones(Color::White)),
            }]
        }
        Command::EnterCount { count } => {
            check_counting(&st)?;
            count.check(size, st.game.rules())?;
            if st.numbers == Some(*count) {
                return Err("These numbers are entered already.".into());
            }
            vec![Event::CountEntered {
                count: Some(*count),
            }]
        }
        Command::CountOnBoard => {
            check_counting(&st)?;
            if st.numbers.is_none() {
                return Err("The count is on the phone's board already.".into());
            }
            vec![Event::CountEntered { count: None }]
        }
        Command::Lock => match st.phase {
            Phase::Agreement | Phase::Counting => {
                if st.numbers.is_none() {
                    st.board_holds_position()?;
                }
                vec![Event::CountLocked]
            }
            Phase::Locked => return Err("The count is already locked.".into()),
            Phase::Playing => {
                return Err("Play is still going on: there is no count to lock.".into());
            }
            Phase::Finished => return Err("The game is over: its result is recorded.".into()),
        },
        Command::Unlock { reason } => {
            if st.phase != Phase::Locked {
                return Err("The count is not locked.".into());
            }
            if reason.trim().is_empty() {
                return Err("Give the reason for unlocking the count.".into());
            }
            vec![Event::CountUnlocked {
                reason: reason.trim().to_string(),
            }]
        }
        Command::Decide { decision, reason } => {
            if st.phase == Phase::Finished {
                return Err(format!(
                    "The game is over already: {}.",
                    st.result_words().unwrap_or_default()
                ));
            }
            let reason = if reason.trim().is_empty() {
                decision.name().to_string()
            } else {
                reason.trim().to_string()
            };
            vec![Event::ResultDecided {
                re: decision.re(),
                reason,
            }]
        }
    };
    Ok(events)
}

/// Runs `command` and appends its events (all at `at_ms`); on error the record is unchanged.
/// Returns the events appended.
pub fn execute(
    record: &mut GameRecord,
    at_ms: i64,
    command: &Command,
) -> Result<Vec<Event>, String> {
    let events = handle(record, at_ms, command)?;
    record.events.extend(
        events
            .iter()
            .cloned()
            .map(|event| TimedEvent { at_ms, event }),
    );
    Ok(events)
}
