//! The rules of play as data: every knob the four tournament rule sets and the common national
//! rules differ on, and the named presets that fill them in.

use serde::{Deserialize, Serialize};

use super::color::Color;
use super::pause::PauseReason;

/// How repeated positions are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KoRule {
    /// Only the immediate recapture of a single stone in a ko is illegal.
    Simple,
    /// No play may recreate any earlier board position.
    PositionalSuperko,
    /// No play may recreate an earlier board position with the same player to move.
    SituationalSuperko,
    /// No play may recreate a board position previously created by a play of the same player
    /// (positions created by a pass do not count); the basic ko rule applies as well.
    NaturalSituationalSuperko,
}

/// When play stops after passes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EndOfPlay {
    /// Play pauses for agreement on the status of groups after `passes` consecutive passes
    /// (with White passing last when `white_last`).
    PauseAfterPasses {
        /// The number of consecutive passes.
        passes: u32,
        /// White must make the last of them.
        white_last: bool,
    },
    /// The game ends after `passes` consecutive passes (a natural ending).
    NaturalEnding {
        /// The number of consecutive passes.
        passes: u32,
    },
}

/// Who moves first when play resumes after a dispute about the status of groups.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resumption {
    /// Black moves first.
    BlackFirst,
    /// The opponent of the player who passed last moves first.
    OpponentOfLastPasser,
}

/// How the score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Counting {
    /// Territory plus prisoners.
    Territory,
    /// Stones on the board plus territory.
    Area,
}

/// Points given to White for handicap stones under area counting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandicapCompensation {
    /// No compensation.
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone after the first.
    NMinusOne,
}

impl HandicapCompensation {
    /// The points White receives for `handicap` stones (none below two: one stone is no
    /// stone placed).
    pub fn points(self, handicap: u8) -> f64 {
        if handicap < 2 {
            return 0.0;
        }
        match self {
            HandicapCompensation::None => 0.0,
            HandicapCompensation::N => f64::from(handicap),
            HandicapCompensation::NMinusOne => f64::from(handicap - 1),
        }
    }
}

/// What a drawn game (jigo) means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Jigo {
    /// A jigo is a result.
    Allowed,
    /// In handicap games White wins a jigo.
    WhiteWinsInHandicap,
    /// The tournament allows no jigo: a game that would end in one is replayed (Dutch 13.3:
    /// "In case of doubt the result is a jigo unless the tournament doesn't allow for jigo. In
    /// that case the game has to be replayed.").
    NotAllowed,
}

/// What happens to an illegal move on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum IllegalMoveProcedure {
    /// Noticed within `within_moves` moves, the game is unwound to just before it; later, the
    /// game continues as it is.
    Unwind {
        /// How many later moves may have been made when it is noticed.
        within_moves: u32,
    },
    /// Noticed before the opponent answers, it is removed and the offender passes; once
    /// answered it counts as legal (suicide too).
    AnsweredStands,
}

/// What the clock does when a flag falls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum OnFlag {
    /// The flag is a loss on time at once and both clocks stop (LGC).
    #[default]
    #[serde(alias = "Freeze")]
    FreezeAll,
    /// The flag only counts when the opponent claims it; play and the other clock go on
    /// (Dutch lightning, Cape Town blitz).
    #[serde(alias = "KeepRunning")]
    OpponentKeepsRunning,
}

/// Who starts the game's time: whose clock runs first and who touches the clock to start it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockStart {
    /// Black's clock is started, by the referee or by the players, whatever the handicap
    /// (Black places handicap stones in Black's own time): White's touch starts it (LGC).
    BlacksClock,
    /// With at most one handicap stone White pushes the clock and Black's time runs; with two
    /// or more Black places the stones outside the time, then pushes and White's time runs.
    /// `optional`: the push is a right, not a duty (Dutch), so the other player may instead
    /// play the first move and push, and the pusher's opponent's time runs.
    ByHandicap {
        /// White's push is optional.
        optional: bool,
    },
}

/// Rules stored before the start was a rule value started the clock by the handicap.
impl Default for ClockStart {
    fn default() -> ClockStart {
        ClockStart::ByHandicap { optional: false }
    }
}

impl ClockStart {
    /// Whose clock runs first with `handicap` stones placed, when the usual player starts it.
    pub fn first_to_run(self, handicap: u8) -> Color {
        match self {
            ClockStart::BlacksClock => Color::Black,
            ClockStart::ByHandicap { .. } if handicap >= 2 => Color::White,
            ClockStart::ByHandicap { .. } => Color::Black,
        }
    }

    /// Who touches the clock to start the game's time (the opponent's clock then runs).
    pub fn starter(self, handicap: u8) -> Color {
        !self.first_to_run(handicap)
    }

    /// Whether `by` may start the game's time by touching the clock: the usual starter, or the
    /// other player when the push is only a right (they have played the first move).
    pub fn may_start(self, by: Color, handicap: u8) -> bool {
        by == self.starter(handicap) || matches!(self, ClockStart::ByHandicap { optional: true })
    }
}

/// Pause reasons as stored: typed, or (rules stored before they were typed) in words.
fn read_pause_reasons<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Vec<PauseReason>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum StoredReason {
        Typed(PauseReason),
        Words(String),
    }
    Ok(Vec::<StoredReason>::deserialize(d)?
        .into_iter()
        .map(|s| match s {
            StoredReason::Typed(r) => r,
            StoredReason::Words(w) => PauseReason::from_rule_words(&w),
        })
        .collect())
}

/// Every parameter of a rule set. A preset fills them in; a custom game may change any.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    /// A pass hands a stone to the opponent's prisoners.
    pub pass_stones: bool,
    /// The repetition rule.
    pub ko: KoRule,
    /// A play that leaves its own chain without liberties is allowed (the chain is removed).
    pub suicide_allowed: bool,
    /// When play stops after passes.
    pub end_of_play: EndOfPlay,
    /// Who moves first when play resumes after a dispute.
    pub resumption: Resumption,
    /// White must make the last pass before counting.
    pub white_passes_last: bool,
    /// Territory or area counting.
    pub counting: Counting,
    /// Eye points of groups in seki count as territory.
    pub seki_eyes_count: bool,
    /// A surplus of prisoners over the opponent's territory counts below zero.
    pub negative_territory: bool,
    /// Komi in an even game.
    pub komi_even: f64,
    /// Komi in a handicap game.
    pub komi_handicap: f64,
    /// A game with one handicap stone (Black simply moves first) takes the handicap komi.
    #[serde(default = "yes")]
    pub one_stone_uses_handicap_komi: bool,
    /// Compensation for handicap stones under area counting.
    pub handicap_compensation: HandicapCompensation,
    /// What a jigo means.
    pub jigo: Jigo,
    /// A capture of at least this many stones pauses the clock while they are removed.
    pub neutral_capture_count: Option<u32>,
    /// The procedure for an illegal move.
    pub illegal_moves: IllegalMoveProcedure,
    /// The reasons for which both clocks may be paused, as the rule text lists them.
    #[serde(deserialize_with = "read_pause_reasons")]
    pub pause_reasons: Vec<PauseReason>,
    /// What the clock does on flag fall.
    pub flag_fall: OnFlag,
    /// Who starts the game's time.
    #[serde(default)]
    pub clock_start: ClockStart,
    /// A player who receives this many warnings in the same game forfeits it (LGC: two).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warnings_forfeit: Option<u32>,
}

impl Rules {
    /// The komi for a game with this many handicap stones. One stone means no stone is placed
    /// and Black moves first; it takes the handicap komi when `one_stone_uses_handicap_komi`.
    pub fn komi_for(&self, handicap: u8) -> f64 {
        if handicap >= 2 || (handicap == 1 && self.one_stone_uses_handicap_komi) {
            self.komi_handicap
        } else {
            self.komi_even
        }
    }

    /// The points White receives for handicap stones under these rules (area counting only).
    pub fn handicap_points(&self, handicap: u8) -> f64 {
        if self.counting != Counting::Area {
            return 0.0;
        }
        self.handicap_compensation.points(handicap)
    }
}

fn yes() -> bool {
    true
}
