//! Why both clocks stop: the twelve circumstances of the LGC timing rules, or another reason in
//! words. A rule set lists the reasons it allows; a pause of the clock carries one.

use serde::{Deserialize, Serialize};

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
