//! Why a command cannot be done now, as types; `Display` gives the words a player reads.

use std::fmt;

use crate::core::clock::ClockError;
use crate::core::color::Color;
use crate::core::moves::PlayError;
use crate::core::record::ReplayError;
use crate::core::text::{t, tf};

/// Why a command was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq)]
pub enum CommandError {
    /// The rules refuse the move (ko, superko, suicide, an occupied point...).
    Play(PlayError),
    /// The clock refuses the press, pause or claim.
    Clock(ClockError),
    /// The clock refuses a referee's correction.
    Correction(ClockError),
    /// The record cannot take the events (a damaged record).
    Record(ReplayError),
    /// A value typed into a form is refused (the words say what to type).
    Form(String),
    /// The command does not fit the moment.
    Refused(Refusal),
}

/// Commands that do not fit the moment of the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Refusal {
    /// A clock command in a game without time control.
    NoClock,
    /// The wrong player touched the clock to start it.
    NotStarter {
        /// Who starts the clock.
        starter: Color,
    },
    /// A pass before the clock started.
    ClockNotStarted,
    /// `by` cannot pass: the other player is to move.
    NotToMove {
        /// Who is to move.
        to_move: Color,
        /// Who tried to pass.
        by: Color,
    },
    /// `by` resigned: the game is over.
    Resigned(Color),
    /// Play paused after the passes.
    PausedAfterPasses,
    /// Play ended after the passes.
    EndedAfterPasses,
    /// The last thing recorded was not a press.
    NoPressToUndo,
    /// A press is withdrawn only within a few seconds.
    PressTooOld {
        /// The window, in seconds.
        seconds: i64,
    },
    /// Nothing left to undo.
    NothingToUndo,
    /// No illegal move can be unwound.
    NoIllegalToUnwind,
    /// The last move is not an unanswered illegal move.
    NoIllegalToRemove,
    /// "Illegal move" is stated by the player whose clock runs, after the opponent's move and
    /// push and before answering it.
    IllegalClaimNotNow {
        /// Who tried to claim.
        by: Color,
    },
    /// These rules unwind an illegal move: the referee does it on the board.
    ClaimNotUnderTheseRules,
    /// Marking while both players passed at the start of a resumption.
    AllStonesAlive,
    /// Marking while play goes on.
    MarkWhilePlaying,
    /// The count starts when play stops.
    CountWhilePlaying,
    /// Nothing to confirm while play goes on.
    ConfirmWhilePlaying,
    /// No count to lock while play goes on.
    LockWhilePlaying,
    /// The count is locked.
    Locked,
    /// The count is confirmed and locked already.
    AlreadyConfirmedAndLocked,
    /// The count is locked already.
    AlreadyLocked,
    /// The count is not locked.
    NotLocked,
    /// The result is recorded.
    GameOver,
    /// The game is over already with this result, in words.
    DecidedAlready(String),
    /// The tournament allows no jigo: a game in doubt is replayed.
    NoJigoHere,
    /// A colour or handicap error that changes neither.
    NoPairingError,
    /// There is no stone at this point (in human coordinates).
    NoStone(String),
    /// A group is made of stones of one colour.
    NotOneColour,
    /// No stones to mark.
    NoStonesToMark,
    /// `color` has confirmed already.
    AlreadyConfirmed(Color),
    /// The phone's board does not hold the final position (the words say why and the ways on).
    BoardNotFinal(String),
    /// Play cannot resume now.
    CannotResume,
    /// After a natural ending the director decides a disagreement.
    DisputeAfterNaturalEnding,
    /// Nothing to dispute after both passed at the start of a resumption.
    DisputeAllAlive,
    /// Play still goes on.
    StillPlaying,
    /// Play paused for agreement: a dispute plays on.
    FindWhilePaused,
    /// A point is found only after a natural ending.
    FindOnlyAfterNaturalEnding,
    /// Play continues this way only after a natural ending.
    ContinueOnlyAfterNaturalEnding,
    /// More prisoners than a game can have.
    TooManyPrisoners,
    /// These numbers are entered already.
    SameNumbers,
    /// The count is on the phone's board already.
    OnBoardAlready,
    /// An unlock needs a reason.
    UnlockReason,
    /// Looking at an earlier move: go to the last to play.
    EarlierMove,
    /// The game is not stored on this phone.
    NotStored,
    /// A claim on time after the game ended otherwise (the result in words).
    ClaimAfterEnd(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Play(e) => write!(f, "{e}"),
            CommandError::Clock(e) => write!(f, "{e}"),
            CommandError::Correction(e) => write!(f, "{e}."),
            CommandError::Record(e) => write!(f, "{e}"),
            CommandError::Form(text) => f.write_str(text),
            CommandError::Refused(r) => write!(f, "{r}"),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<Refusal> for CommandError {
    fn from(r: Refusal) -> CommandError {
        CommandError::Refused(r)
    }
}

impl From<PlayError> for CommandError {
    fn from(e: PlayError) -> CommandError {
        CommandError::Play(e)
    }
}

impl From<ReplayError> for CommandError {
    fn from(e: ReplayError) -> CommandError {
        CommandError::Record(e)
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Refusal as R;
        match self {
            R::NoClock => f.write_str(t("This game has no clock.")),
            R::NotStarter { starter } => f.write_str(&tf(
                "{} starts the clock: {}'s time runs first.",
                &[&starter.shown(), &(!*starter).shown()],
            )),
            R::ClockNotStarted => f.write_str(t("Start the clock first.")),
            R::NotToMove { to_move, by } => f.write_str(&tf(
                "It is {}'s turn on the board: {} cannot pass now.",
                &[&to_move.shown(), &by.shown()],
            )),
            R::Resigned(c) => f.write_str(&tf("{} resigned: the game is over.", &[&c.shown()])),
            R::PausedAfterPasses => f.write_str(t(
                "Play has paused after the passes: agree on the status of the groups in the \
                 count, or resume play from there.",
            )),
            R::EndedAfterPasses => f.write_str(t(
                "Play has ended after the passes: count the game, or resume play from the count \
                 if a point was found.",
            )),
            R::NoPressToUndo => {
                f.write_str(t("The last thing recorded was not a press of the clock."))
            }
            R::PressTooOld { seconds } => f.write_str(&tf(
                "A press can be undone only within {} seconds; ask the referee to correct \
                 the time.",
                &[seconds],
            )),
            R::NothingToUndo => f.write_str(t("There is nothing to undo.")),
            R::NoIllegalToUnwind => f.write_str(t(
                "There is no illegal move to unwind within the allowed number of moves",
            )),
            R::NoPairingError => f.write_str(t(
                "Nothing to correct: choose swapped colours or a handicap other than the game's.",
            )),
            R::NoJigoHere => f.write_str(t(
                "This tournament allows no jigo: a game in doubt has to be replayed (Replay).",
            )),
            R::NoIllegalToRemove => {
                f.write_str(t("The last move is not an unanswered illegal move"))
            }
            R::IllegalClaimNotNow { by } => f.write_str(&tf(
                "{} can state \"illegal move\" only after {}'s move and push, before answering it.",
                &[&by.shown(), &(!*by).shown()],
            )),
            R::ClaimNotUnderTheseRules => f.write_str(t(
                "Under these rules an illegal move noticed in time is unwound on the board \
                 (Board, then Unwind); call the referee.",
            )),
            R::AllStonesAlive => f.write_str(t(
                "Both players passed at the start of the resumption: every stone stays on the \
                 board as alive, so no group can be marked.",
            )),
            R::MarkWhilePlaying => f.write_str(t(
                "Play is still going on: groups are marked once play stops.",
            )),
            R::CountWhilePlaying => f.write_str(t(
                "Play is still going on: the count starts when play stops.",
            )),
            R::ConfirmWhilePlaying => f.write_str(t(
                "Play is still going on: there is nothing to confirm yet.",
            )),
            R::LockWhilePlaying => {
                f.write_str(t("Play is still going on: there is no count to lock."))
            }
            R::Locked => f.write_str(t("The count is locked: a referee must unlock it first.")),
            R::AlreadyConfirmedAndLocked => {
                f.write_str(t("The count is already confirmed and locked."))
            }
            R::AlreadyLocked => f.write_str(t("The count is already locked.")),
            R::NotLocked => f.write_str(t("The count is not locked.")),
            R::GameOver => f.write_str(t("The game is over: its result is recorded.")),
            R::DecidedAlready(words) => f.write_str(&tf("The game is over already: {}.", &[words])),
            R::NoStone(at) => f.write_str(&tf("There is no stone at {}.", &[at])),
            R::NotOneColour => f.write_str(t("A group is made of stones of one colour.")),
            R::NoStonesToMark => f.write_str(t("No stones to mark.")),
            R::AlreadyConfirmed(c) => f.write_str(&tf("{} has already confirmed.", &[&c.shown()])),
            R::BoardNotFinal(why) => f.write_str(why),
            R::CannotResume => f.write_str(t("Play cannot resume now.")),
            R::DisputeAfterNaturalEnding => f.write_str(t(
                "After a natural ending the players who cannot agree on the result call the \
                 director, who decides; a player who finds a point may play it.",
            )),
            R::DisputeAllAlive => f.write_str(t(
                "Both players passed at the start of the resumption: the game has stopped with \
                 every stone alive, so there is nothing to dispute.",
            )),
            R::StillPlaying => f.write_str(t("Play is still going on.")),
            R::FindWhilePaused => {
                f.write_str(t("Play has paused for agreement: dispute to play on."))
            }
            R::FindOnlyAfterNaturalEnding => {
                f.write_str(t("A point can be found only after a natural ending."))
            }
            R::ContinueOnlyAfterNaturalEnding => {
                f.write_str(t("Play continues this way only after a natural ending."))
            }
            R::TooManyPrisoners => f.write_str(t("That is more prisoners than a game can have.")),
            R::SameNumbers => f.write_str(t("These numbers are entered already.")),
            R::OnBoardAlready => f.write_str(t("The count is on the phone's board already.")),
            R::UnlockReason => f.write_str(t("Give the reason for unlocking the count.")),
            R::NotStored => f.write_str(t("This game is not stored on this phone.")),
            R::ClaimAfterEnd(result) => f.write_str(&tf(
                "The game ended before this claim ({}): the first ending stands.",
                &[result],
            )),
            R::EarlierMove => f.write_str(t(
                "You are looking at an earlier move: go to the last move to play.",
            )),
        }
    }
}
