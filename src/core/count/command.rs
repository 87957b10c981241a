//! The wizard's commands: checked against the end of the game as the live game has it, turned
//! into events for the record (commands in, events out, as `table` does for the clock).

use super::marks::group_at;
use super::state::{CountState, Phase};
use crate::core::clock::{ClockEvent, ClockState};
use crate::core::color::Color;
use crate::core::form_values;
use crate::core::game::Game;
use crate::core::point::Point;
use crate::core::record::{CountByNumbers, Decision, Event, GameSettings};
use crate::core::refusal::{CommandError, Refusal};
use crate::core::text::{kept, tf};

/// Something a player or referee asks of the counting wizard.
#[derive(Clone, Debug, PartialEq)]
pub enum CountCommand {
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
    /// A player confirms the count by numbers as it stands typed on the screen: numbers that
    /// differ from those entered are entered first (checked as [`CountCommand::EnterCount`] checks
    /// them, which clears any earlier confirmation), then the player confirms. One tap, so a
    /// count typed and confirmed is never lost for want of a separate "enter".
    ConfirmCount {
        /// Who confirms.
        color: Color,
        /// The numbers as typed.
        count: CountByNumbers,
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
    /// The director adds `ms` to each player's time and play continues as above (Dutch 15.2.2:
    /// "Add one or two minutes to the remaining time of each player. Continue now as under
    /// point 13.1."; Cape Town 11.2.ii).
    ContinueWithTime {
        /// The time added to each player.
        ms: i64,
    },
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
    /// A referee warns a player (LGC "Warning"); under rules that forfeit a game at a number of
    /// warnings, the warning that reaches it forfeits the game.
    Warn {
        /// Who is warned.
        color: Color,
        /// Why, in the referee's words.
        reason: String,
    },
    /// The game was started with the wrong colours (`colours_swapped`) or handicap (`handicap`,
    /// the right one). LGC "Colour or handicap error": "If players start a game with the wrong
    /// colour or handicap, and this is noticed before the third move is completed, then the
    /// game must be restarted. If the error is noticed later, then the game continues and the
    /// pairing is modified to reflect the actual colours or handicap used." Before the third
    /// move this game ends as restarted ([`restarted_settings`] gives the new game's settings);
    /// later the record notes the colours and handicap really used.
    ColourOrHandicapError {
        /// The players had each other's colours.
        colours_swapped: bool,
        /// The handicap that should have been given.
        handicap: u8,
    },
    /// A player plays on under protest after the referee's decision, to appeal after the game.
    Protest {
        /// Who protests.
        by: Color,
        /// Why, in the player's words.
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

/// The events that resume play with `first` to move: the board event and, when the game has
/// a clock that is paused, the clock running for `first` again.
pub fn resumption_events(clock: Option<&ClockState>, at_ms: i64, first: Color) -> Vec<Event> {
    let mut events = vec![Event::PlayResumed { first }];
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

fn check_markable(st: &CountState) -> Result<(), Refusal> {
    match st.phase {
        Phase::Agreement | Phase::Counting if st.all_stones_alive() => Err(Refusal::AllStonesAlive),
        Phase::Agreement | Phase::Counting => Ok(()),
        Phase::Playing => Err(Refusal::MarkWhilePlaying),
        Phase::Locked => Err(Refusal::Locked),
        Phase::Finished => Err(Refusal::GameOver),
    }
}

/// The count can be entered or changed: play has stopped and the count is not settled.
fn check_counting(st: &CountState) -> Result<(), Refusal> {
    match st.phase {
        Phase::Agreement | Phase::Counting => Ok(()),
        Phase::Playing => Err(Refusal::CountWhilePlaying),
        Phase::Locked => Err(Refusal::Locked),
        Phase::Finished => Err(Refusal::GameOver),
    }
}

fn check_open(st: &CountState) -> Result<(), Refusal> {
    match st.phase {
        Phase::Locked => Err(Refusal::Locked),
        Phase::Finished => Err(Refusal::GameOver),
        _ => Ok(()),
    }
}

/// The stones of `points`, sorted and once each, if each holds a stone (of one colour when
/// `one_colour`).
fn stones(st: &CountState, points: &[Point], one_colour: bool) -> Result<Vec<Point>, Refusal> {
    let board = st.game.board();
    let size = board.size();
    let mut colour = None;
    for &p in points {
        match board.get(p) {
            None => return Err(Refusal::NoStone(p.to_human(size))),
            Some(c) if one_colour && colour.is_some_and(|k| k != c) => {
                return Err(Refusal::NotOneColour);
            }
            Some(c) => colour = Some(c),
        }
    }
    if points.is_empty() {
        return Err(Refusal::NoStonesToMark);
    }
    let mut v = points.to_vec();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// Checks `command` at `at_ms` against the end of the game as it stands then and the clock as
/// of the last event, and returns the events that carry it out, in order; nothing is changed.
pub fn handle(
    st: &CountState,
    settings: &GameSettings,
    clock: Option<&ClockState>,
    at_ms: i64,
    command: &CountCommand,
) -> Result<Vec<Event>, CommandError> {
    match command {
        CountCommand::ToggleDead { point } => toggle_dead(st, *point),
        CountCommand::ToggleSeki { point } => toggle_seki(st, *point),
        CountCommand::MarkDead { points } => mark(st, points, true),
        CountCommand::MarkSeki { points } => mark(st, points, false),
        CountCommand::Confirm { color } => confirm(st, *color),
        CountCommand::ConfirmCount { color, count } => confirm_count(st, *color, count),
        CountCommand::Dispute { by } => dispute(st, clock, at_ms, *by),
        CountCommand::FindsPoint { by } => finds_point(st, clock, at_ms, *by),
        CountCommand::ContinuePlay => continue_play(st, clock, at_ms, None),
        CountCommand::ContinueWithTime { ms } => continue_play(st, clock, at_ms, Some(*ms)),
        CountCommand::SetKomi { komi, reason } => set_komi(st, *komi, reason),
        CountCommand::EnterPrisoners { black, white } => enter_prisoners(st, *black, *white),
        CountCommand::EnterCount { count } => enter_count(st, count),
        CountCommand::CountOnBoard => count_on_board(st),
        CountCommand::Lock => lock(st),
        CountCommand::Unlock { reason } => unlock(st, reason),
        CountCommand::Warn { color, reason } => Ok(warn(st, *color, reason)),
        CountCommand::ColourOrHandicapError {
            colours_swapped,
            handicap,
        } => pairing_error(st, settings, *colours_swapped, *handicap),
        CountCommand::Protest { by, reason } => Ok(vec![Event::Protested {
            by: *by,
            reason: words_or(reason, "the referee's decision"),
        }]),
        CountCommand::Decide { decision, reason } => decide(st, *decision, reason),
    }
}

/// The stones of the group at `point`, refused when it holds none.
fn group(st: &CountState, point: Point) -> Result<Vec<Point>, Refusal> {
    let g = group_at(st.game.board(), point);
    if g.is_empty() {
        Err(Refusal::NoStone(point.to_human(st.game.size())))
    } else {
        Ok(g)
    }
}

/// A tap on a stone: its whole group is marked dead, or alive again.
fn toggle_dead(st: &CountState, point: Point) -> Result<Vec<Event>, CommandError> {
    check_markable(st)?;
    let points = group(st, point)?;
    Ok(if points.iter().all(|p| st.marks.dead.contains(p)) {
        vec![Event::DeadUnmarked { points }]
    } else {
        vec![Event::DeadMarked { points }]
    })
}

/// A long tap on a stone: its whole group is marked as in seki, or unmarked.
fn toggle_seki(st: &CountState, point: Point) -> Result<Vec<Event>, CommandError> {
    check_markable(st)?;
    let points = group(st, point)?;
    Ok(if points.iter().all(|p| st.marks.seki.contains(p)) {
        vec![Event::SekiUnmarked { points }]
    } else {
        vec![Event::SekiMarked { points }]
    })
}

/// A suggestion accepted: `points` marked dead (stones of one colour) or in seki.
fn mark(st: &CountState, points: &[Point], dead: bool) -> Result<Vec<Event>, CommandError> {
    check_markable(st)?;
    let points = stones(st, points, dead)?;
    Ok(vec![if dead {
        Event::DeadMarked { points }
    } else {
        Event::SekiMarked { points }
    }])
}

/// Refused unless play has stopped and the count is open for confirmation.
fn check_confirmable(st: &CountState) -> Result<(), Refusal> {
    match st.phase {
        Phase::Agreement | Phase::Counting => Ok(()),
        Phase::Playing => Err(Refusal::ConfirmWhilePlaying),
        Phase::Locked => Err(Refusal::AlreadyConfirmedAndLocked),
        Phase::Finished => Err(Refusal::GameOver),
    }
}

/// A player confirms the marks and the count; the second confirmation brings White's closing
/// pass where the rules make White pass last.
fn confirm(st: &CountState, color: Color) -> Result<Vec<Event>, CommandError> {
    check_confirmable(st)?;
    if st.has_confirmed(color) {
        return Err(Refusal::AlreadyConfirmed(color).into());
    }
    if st.numbers.is_none() {
        st.board_holds_position()?;
    }
    let mut events = vec![Event::AgreementConfirmed { color }];
    if st.has_confirmed(!color) {
        events.extend(closing_pass_events(&st.game));
    }
    Ok(events)
}

/// A player confirms the count by numbers as typed: the same numbers are confirmed as they
/// stand; new ones are entered first, which clears both confirmations.
fn confirm_count(
    st: &CountState,
    color: Color,
    count: &CountByNumbers,
) -> Result<Vec<Event>, CommandError> {
    if st.numbers == Some(*count) {
        return confirm(st, color);
    }
    check_confirmable(st)?;
    count
        .check(st.game.size(), st.game.rules())
        .map_err(CommandError::Form)?;
    Ok(vec![
        Event::CountEntered {
            count: Some(*count),
        },
        Event::AgreementConfirmed { color },
    ])
}

/// A player disputes the status of a group during the pause for agreement: play resumes with
/// the player the rules name.
fn dispute(
    st: &CountState,
    clock: Option<&ClockState>,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    let refusal = match st.phase {
        Phase::Agreement => {
            let first = st.game.resumption_player().ok_or(Refusal::CannotResume)?;
            let mut events = vec![Event::Disputed { by }];
            events.extend(resumption_events(clock, at_ms, first));
            return Ok(events);
        }
        Phase::Counting if st.natural_ending() => Refusal::DisputeAfterNaturalEnding,
        Phase::Counting => Refusal::DisputeAllAlive,
        Phase::Playing => Refusal::StillPlaying,
        Phase::Locked => Refusal::Locked,
        Phase::Finished => Refusal::GameOver,
    };
    Err(refusal.into())
}

/// After a natural ending a player finds a point: play resumes with them to move.
fn finds_point(
    st: &CountState,
    clock: Option<&ClockState>,
    at_ms: i64,
    by: Color,
) -> Result<Vec<Event>, CommandError> {
    if st.phase != Phase::Counting || !st.natural_ending() {
        return Err(match st.phase {
            Phase::Agreement => Refusal::FindWhilePaused,
            Phase::Locked => Refusal::Locked,
            Phase::Playing => Refusal::StillPlaying,
            _ => Refusal::FindOnlyAfterNaturalEnding,
        }
        .into());
    }
    Ok(resumption_events(clock, at_ms, by))
}

/// The director has play continue after a natural ending, with `added` ms more for each
/// player when given.
fn continue_play(
    st: &CountState,
    clock: Option<&ClockState>,
    at_ms: i64,
    added: Option<i64>,
) -> Result<Vec<Event>, CommandError> {
    if st.phase != Phase::Counting || !st.natural_ending() {
        return Err(Refusal::ContinueOnlyAfterNaturalEnding.into());
    }
    let first = st.game.resumption_player().ok_or(Refusal::CannotResume)?;
    let Some(ms) = added else {
        return Ok(resumption_events(clock, at_ms, first));
    };
    let added = ClockEvent::BothAdded { ms };
    let mut after = clock.ok_or(Refusal::NoClock)?.clone();
    after
        .apply(at_ms, &added)
        .map_err(CommandError::Correction)?;
    let mut events = vec![Event::Clock { clock: added }];
    events.extend(resumption_events(Some(&after), at_ms, first));
    Ok(events)
}

/// The komi changes, logged with the referee's reason.
fn set_komi(st: &CountState, komi: f64, reason: &str) -> Result<Vec<Event>, CommandError> {
    check_open(st)?;
    let komi = form_values::check_komi(komi).map_err(CommandError::Form)?;
    let reason = form_values::reason(reason)
        .map_err(|e| CommandError::Form(tf("The komi was not changed. {}", &[&e])))?;
    Ok(vec![Event::KomiChanged { komi, reason }])
}

/// The stones captured on a real board, with the pass stones handed over added: the lids hold
/// both.
fn enter_prisoners(st: &CountState, black: u32, white: u32) -> Result<Vec<Event>, CommandError> {
    check_open(st)?;
    let size = st.game.size();
    let limit = u32::from(size) * u32::from(size) * 4;
    if black > limit || white > limit {
        return Err(Refusal::TooManyPrisoners.into());
    }
    Ok(vec![Event::PrisonersCounted {
        black: black.saturating_add(st.game.pass_stones(Color::Black)),
        white: white.saturating_add(st.game.pass_stones(Color::White)),
    }])
}

/// The count the players made on the real board, in place of the phone's board.
fn enter_count(st: &CountState, count: &CountByNumbers) -> Result<Vec<Event>, CommandError> {
    check_counting(st)?;
    count
        .check(st.game.size(), st.game.rules())
        .map_err(CommandError::Form)?;
    if st.numbers == Some(*count) {
        return Err(Refusal::SameNumbers.into());
    }
    Ok(vec![Event::CountEntered {
        count: Some(*count),
    }])
}

/// Back to counting the position on the phone's board.
fn count_on_board(st: &CountState) -> Result<Vec<Event>, CommandError> {
    check_counting(st)?;
    if st.numbers.is_none() {
        return Err(Refusal::OnBoardAlready.into());
    }
    Ok(vec![Event::CountEntered { count: None }])
}

/// A referee locks the count as it stands.
fn lock(st: &CountState) -> Result<Vec<Event>, CommandError> {
    let refusal = match st.phase {
        Phase::Agreement | Phase::Counting => {
            if st.numbers.is_none() {
                st.board_holds_position()?;
            }
            return Ok(vec![Event::CountLocked]);
        }
        Phase::Locked => Refusal::AlreadyLocked,
        Phase::Playing => Refusal::LockWhilePlaying,
        Phase::Finished => Refusal::GameOver,
    };
    Err(refusal.into())
}

/// A referee unlocks the count, with a reason.
fn unlock(st: &CountState, reason: &str) -> Result<Vec<Event>, CommandError> {
    if st.phase != Phase::Locked {
        return Err(Refusal::NotLocked.into());
    }
    if reason.trim().is_empty() {
        return Err(Refusal::UnlockReason.into());
    }
    Ok(vec![Event::CountUnlocked {
        reason: reason.trim().to_string(),
    }])
}

/// A referee warns a player; under rules that forfeit a game at a number of warnings, the
/// warning that reaches it forfeits the game.
fn warn(st: &CountState, color: Color, reason: &str) -> Vec<Event> {
    let reason = words_or(reason, "Warning");
    let warned = Event::Warned {
        color,
        reason: reason.clone(),
    };
    let count = st.warnings[color.index()] + 1;
    match st.game.rules().warnings_forfeit {
        Some(limit) if count >= limit && st.phase != Phase::Finished => {
            let decision = Decision::Forfeit { loser: color };
            vec![
                warned,
                Event::ResultDecided {
                    re: decision.re(),
                    reason: format!(
                        "{} received {count} warnings in the game: forfeit ({reason})",
                        color.name()
                    ),
                    decision: Some(decision),
                },
            ]
        }
        _ => vec![warned],
    }
}

/// A colour or handicap error: the game restarts before the third move is completed; later the
/// record notes the colours and handicap really used.
fn pairing_error(
    st: &CountState,
    settings: &GameSettings,
    colours_swapped: bool,
    handicap: u8,
) -> Result<Vec<Event>, CommandError> {
    not_decided(st)?;
    let settings_handicap = st.handicap();
    if !colours_swapped && handicap == settings_handicap {
        return Err(Refusal::NoPairingError.into());
    }
    if restart_for_pairing_error(&st.game) {
        let decision = Decision::Restarted;
        return Ok(vec![Event::ResultDecided {
            re: decision.re(),
            reason: kept("Colour or handicap error noticed before the third move was completed: the game is restarted").into(),
            decision: Some(decision),
        }]);
    }
    let (black, white) = if colours_swapped {
        (settings.white.clone(), settings.black.clone())
    } else {
        (settings.black.clone(), settings.white.clone())
    };
    Ok(vec![Event::ActualPairing {
        black,
        white,
        handicap: settings_handicap,
    }])
}

/// A referee or director records a result without a count.
fn decide(st: &CountState, decision: Decision, reason: &str) -> Result<Vec<Event>, CommandError> {
    not_decided(st)?;
    if decision == Decision::Jigo && st.game.rules().jigo == crate::core::rules::Jigo::NotAllowed {
        return Err(Refusal::NoJigoHere.into());
    }
    Ok(vec![Event::ResultDecided {
        re: decision.re(),
        reason: words_or(reason, decision.name()),
        decision: Some(decision),
    }])
}

/// Whether a position that cannot be counted after a natural ending needs the director: at
/// least one player has less than a minute left (Dutch 15.2: "If at least one of the players
/// is in time trouble (less than one minute thinking time left) the director should be
/// called."; Cape Town 11.2). Otherwise the players play on themselves (Dutch 15.1).
pub fn director_needed(clock: Option<&ClockState>) -> bool {
    clock.is_some_and(|c| Color::BOTH.iter().any(|&s| c.side(s).shown_ms() < 60_000))
}

/// Whether a colour or handicap error noticed now restarts the game: the third move is not
/// completed yet (LGC: "noticed before the third move is completed").
pub fn restart_for_pairing_error(game: &Game) -> bool {
    game.move_number() < 3
}

/// The settings of the game restarted after a colour or handicap error: the players swapped
/// when they had each other's colours, the right handicap with its komi (unless the komi was
/// set by hand), the rest as before.
pub fn restarted_settings(
    settings: &GameSettings,
    colours_swapped: bool,
    handicap: u8,
) -> GameSettings {
    let mut next = settings.clone();
    if colours_swapped {
        std::mem::swap(&mut next.black, &mut next.white);
        std::mem::swap(&mut next.black_rank, &mut next.white_rank);
    }
    if handicap != settings.handicap.stones {
        if settings.komi == settings.rules.komi_for(settings.handicap.stones) {
            next.komi = settings.rules.komi_for(handicap);
        }
        next.handicap.stones = handicap;
    }
    next.result = None;
    next
}

/// Refused once the game has its result.
fn not_decided(st: &CountState) -> Result<(), Refusal> {
    if st.phase == Phase::Finished {
        return Err(Refusal::DecidedAlready(
            st.result_words().unwrap_or_default(),
        ));
    }
    Ok(())
}

/// `text` trimmed, or `fallback` when nothing was typed.
fn words_or(text: &str, fallback: &str) -> String {
    match text.trim() {
        "" => fallback.to_string(),
        t => t.to_string(),
    }
}
