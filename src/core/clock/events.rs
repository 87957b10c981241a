//! What can happen to the clock: presses, pauses, referee corrections, the end of the game.

use serde::{Deserialize, Serialize};

use crate::core::Color;
use crate::core::text::t;

/// Why both clocks were stopped (LGC "TIMING RULES": the twelve circumstances), or another reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PauseReason {
    /// 1. After successive passes, at the start of each status assessment phase.
    StatusAssessment,
    /// 2. At the start of the counting procedure.
    Counting,
    /// 3. To reset the clock or count overtime stones for the next overtime period.
    OvertimeStoneCount,
    /// 4. A toilet visit shortly before or during overtime.
    Toilet,
    /// 5. Removing captured stones (3+ under LGC and Dutch rules, 2+ at Cape Town).
    RemovingCaptures,
    /// 6. A clock malfunction.
    ClockMalfunction,
    /// 7. The start of a formal adjournment.
    Adjournment,
    /// 8. Fetching a sealing form for an adjournment.
    FetchingSealingForm,
    /// 9. Completing a sealing form.
    CompletingSealingForm,
    /// 10. Calling an absent referee after informing the opponent.
    CallingReferee,
    /// 11. The start of arbitration or rule clarification.
    Arbitration,
    /// 12. An urgent announcement on behalf of the tournament director.
    Announcement,
    /// Any other reason, in the words of whoever paused.
    Other {
        /// The reason in words.
        text: String,
    },
}

impl PauseReason {
    /// The twelve listed reasons, in the order of the LGC rules.
    pub const LISTED: [PauseReason; 12] = [
        PauseReason::StatusAssessment,
        PauseReason::Counting,
        PauseReason::OvertimeStoneCount,
        PauseReason::Toilet,
        PauseReason::RemovingCaptures,
        PauseReason::ClockMalfunction,
        PauseReason::Adjournment,
        PauseReason::FetchingSealingForm,
        PauseReason::CompletingSealingForm,
        PauseReason::CallingReferee,
        PauseReason::Arbitration,
        PauseReason::Announcement,
    ];

    /// The reason in the words of the LGC rules' list (a reason of another rule set: its own
    /// words).
    pub fn rule_words(&self) -> &str {
        match self {
            PauseReason::StatusAssessment => "Status assessment after successive passes",
            PauseReason::Counting => "Start of the counting procedure",
            PauseReason::OvertimeStoneCount => "Resetting the clock or counting overtime stones",
            PauseReason::Toilet => "Toilet visit shortly before or during overtime",
            PauseReason::RemovingCaptures => "Removing three or more stones without liberty",
            PauseReason::ClockMalfunction => {
                "Clock malfunction or calling the referee about the clock"
            }
            PauseReason::Adjournment => "Start of a formal adjournment",
            PauseReason::FetchingSealingForm => "Fetching a sealing form",
            PauseReason::CompletingSealingForm => "Completing a sealing form",
            PauseReason::CallingReferee => "Calling an absent referee",
            PauseReason::Arbitration => "Arbitration or rule clarification by the referee",
            PauseReason::Announcement => "Urgent announcement on behalf of the tournament director",
            PauseReason::Other { text } => text,
        }
    }

    /// The reason a rule text names: one of the LGC's twelve by its words, else in its own
    /// words (how rules stored before reasons were typed are read).
    pub fn from_rule_words(words: &str) -> PauseReason {
        PauseReason::LISTED
            .into_iter()
            .find(|r| r.rule_words() == words)
            .unwrap_or_else(|| PauseReason::Other {
                text: words.to_string(),
            })
    }

    /// The reason as shown on the paused clock, in the language in use (a rule set's own
    /// reason too, when the language has its words; anything typed stays as typed).
    pub fn text(&self) -> &str {
        match self {
            PauseReason::StatusAssessment => t("Agreeing on the status of groups after the passes"),
            PauseReason::Counting => t("Counting"),
            PauseReason::OvertimeStoneCount => t("Counting overtime stones / resetting the clock"),
            PauseReason::Toilet => t("Toilet visit in overtime"),
            PauseReason::RemovingCaptures => t("Removing captured stones"),
            PauseReason::ClockMalfunction => t("Clock malfunction"),
            PauseReason::Adjournment => t("Adjournment"),
            PauseReason::FetchingSealingForm => t("Fetching a sealing form"),
            PauseReason::CompletingSealingForm => t("Completing the sealing form"),
            PauseReason::CallingReferee => t("Calling the referee"),
            PauseReason::Arbitration => t("Arbitration or rule clarification"),
            PauseReason::Announcement => t("Urgent announcement"),
            PauseReason::Other { text } => shown_other(text),
        }
    }
}

/// One thing that happened to the clock; the record keeps it with its timestamp.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClockEvent {
    /// The game's time starts with `running`'s clock running (see `rules::ClockStart`).
    Started {
        /// The player whose clock runs first.
        running: Color,
    },
    /// The running side completed a move (or a pass, `pass: true`) and pressed the clock.
    Pressed {
        /// The player who pressed.
        by: Color,
        /// Whether the move was a pass (it counts as a move all the same).
        #[serde(default)]
        pass: bool,
    },
    /// Both clocks neutralised; a press by the side to move also ends the pause.
    Paused {
        /// Why.
        reason: PauseReason,
    },
    /// The clock that was running before the pause runs again.
    Resumed,
    /// The pause ends with a chosen player's clock running, as a new turn (Dutch 15.1: "The
    /// player who passed first may move and his clock is restarted").
    ResumedWith {
        /// The player whose clock runs.
        running: Color,
    },
    /// A referee adds (`delta_ms > 0`) or removes time: main time, or the current period in
    /// overtime. Adding time to a fallen flag lifts it.
    Adjusted {
        /// Whose clock.
        color: Color,
        /// Time added (negative: removed).
        delta_ms: i64,
        /// Why, in the referee's words.
        reason: String,
    },
    /// A referee sets the byo-yomi periods left (at least one).
    SetPeriods {
        /// Whose clock.
        color: Color,
        /// Periods left, the current one included.
        periods: u32,
    },
    /// A referee sets the stones still to play in the current Canadian period (at least one).
    SetStones {
        /// Whose clock.
        color: Color,
        /// Stones still to play in this period.
        stones_left: u32,
    },
    /// A referee corrects a player's move count.
    MoveCountCorrected {
        /// Whose count.
        color: Color,
        /// The right number of moves.
        moves: u32,
    },
    /// A time penalty: `ms` taken from the player (Dutch 9: one minute for improper conduct).
    Penalty {
        /// Who is penalised.
        color: Color,
        /// Time taken away.
        ms: i64,
    },
    /// The director adds `ms` to each player's time (Dutch 15.2, Cape Town 11.2).
    BothAdded {
        /// Time added to each player.
        ms: i64,
    },
    /// `by` claims that the opponent's flag has fallen: a loss on time for the opponent.
    FlagClaimed {
        /// The claimant.
        by: Color,
    },
    /// The game is over: both clocks stop for good.
    Stopped,
    /// The player whose clock ran stopped it and restarted `running`'s without a move: a claim
    /// of an illegal move made and pushed by `running` (Dutch 9, Cape Town 6: "Stating
    /// "illegal move", "not allowed" or some such formula he restarts the clock of his
    /// opponent"). A new turn for `running`.
    Restarted {
        /// The player whose clock runs again.
        running: Color,
    },
}

/// A clock event with the device time (epoch milliseconds) at which it happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimedClockEvent {
    /// Epoch milliseconds of the device when the event happened.
    pub at_ms: i64,
    /// What happened.
    pub event: ClockEvent,
}

impl TimedClockEvent {
    /// An event at a time.
    pub fn new(at_ms: i64, event: ClockEvent) -> TimedClockEvent {
        TimedClockEvent { at_ms, event }
    }
}

/// A rule set's own pause reason (the presets' lists, stored in their English words) in the
/// language in use; any other text as it is.
fn shown_other(text: &str) -> &str {
    match text {
        "Removal of more than two killed stones" => t("Removal of more than two killed stones"),
        "Removal of more than one killed stone" => t("Removal of more than one killed stone"),
        "Removal of dead stones found on the board after an illegal move was answered" => {
            t("Removal of dead stones found on the board after an illegal move was answered")
        }
        "Arbitration by the director" => t("Arbitration by the director"),
        "Settling a disturbed position" => t("Settling a disturbed position"),
        "Counting after the natural ending" => t("Counting after the natural ending"),
        "Status assessment after passes" => t("Status assessment after passes"),
        "Start of the counting procedure" => t("Start of the counting procedure"),
        "Calling the referee" => t("Calling the referee"),
        "Clock malfunction" => t("Clock malfunction"),
        other => other,
    }
}
