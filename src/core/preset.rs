//! The named presets: the four tournament rule sets and the common national rules, each a
//! filled-in `Rules` value.

use serde::{Deserialize, Serialize};

use super::clock::TimeSystemKind;
use super::pause::PauseReason;
use super::rules::{
    ClockStart, Counting, EndOfPlay, HandicapCompensation, IllegalMoveProcedure, Jigo, KoRule,
    OnFlag, Resumption, Rules,
};
use super::text::t;

/// The named rule sets a game can start from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Preset {
    /// London Go Centre tournament rules, adopted 11 May 2023.
    Lgc2023,
    /// London Open Go Congress rules of play (AGA-style with the EGF illegal-move rule).
    LondonOpen,
    /// Dutch Go Association rules for lightning go.
    DutchLightning,
    /// Rules of the 2005 Cape Town blitz tournament.
    CapeTown2005,
    /// American Go Association rules.
    Aga,
    /// Japanese rules (1989 style).
    Japanese,
    /// Chinese rules.
    Chinese,
    /// Every parameter chosen by hand.
    Custom,
}

/// A rule set's own reasons for pausing both clocks, in its words.
fn reasons(list: &[&str]) -> Vec<PauseReason> {
    list.iter()
        .map(|s| PauseReason::Other {
            text: (*s).to_string(),
        })
        .collect()
}

/// The time control a preset's tournaments usually play, as the new-game form offers it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UsualTime {
    /// The time system.
    pub kind: TimeSystemKind,
    /// Main time, seconds.
    pub main_s: u32,
    /// Fischer increment or delay, seconds.
    pub increment_s: Option<u32>,
    /// Byo-yomi periods.
    pub periods: Option<u32>,
    /// Byo-yomi or Canadian period, seconds.
    pub period_s: Option<u32>,
    /// Stones per Canadian period.
    pub stones: Option<u32>,
}

impl UsualTime {
    const fn main(kind: TimeSystemKind, main_s: u32) -> UsualTime {
        UsualTime {
            kind,
            main_s,
            increment_s: None,
            periods: None,
            period_s: None,
            stones: None,
        }
    }
}

impl Preset {
    /// Whether the rule text leaves it to the tournament to allow jigo (Dutch 13.3: "In case of
    /// doubt the result is a jigo unless the tournament doesn't allow for jigo"; the Cape Town
    /// rules follow the Dutch ones), and the custom preset.
    pub fn jigo_left_to_tournament(self) -> bool {
        matches!(
            self,
            Preset::DutchLightning | Preset::CapeTown2005 | Preset::Custom
        )
    }

    /// The settings the preset's rule text leaves to the tournament, by form field, with the
    /// words the new-game form shows beside them in the language in use (the value in the form
    /// is the usual one, and stays editable).
    pub fn left_to_tournament(self) -> Vec<(&'static str, &'static str)> {
        match self {
            Preset::Lgc2023 => vec![(
                "time",
                t(
                    "Set by the tournament: the LGC rules allow sudden death, Fischer, Canadian \
                   or byo-yomi; 45 minutes and 30 seconds Fischer is usual.",
                ),
            )],
            Preset::LondonOpen => vec![(
                "time",
                t("Set by the tournament: the London Open rules of play do not give the time."),
            )],
            Preset::DutchLightning => vec![
                (
                    "komi",
                    t("Set by the tournament: the Dutch rules do not state komi; 6.5 is usual."),
                ),
                (
                    "jigo",
                    t("Set by the tournament: without jigo, a game in doubt is replayed."),
                ),
                (
                    "time",
                    t("Sudden death, at most 15 minutes each: the tournament sets the time."),
                ),
            ],
            Preset::CapeTown2005 => vec![
                (
                    "komi",
                    t(
                        "Set by the tournament: the Cape Town rules do not state komi; 6.5 is \
                       usual.",
                    ),
                ),
                (
                    "jigo",
                    t("Set by the tournament: without jigo, a game in doubt is replayed."),
                ),
            ],
            Preset::Aga | Preset::Japanese | Preset::Chinese | Preset::Custom => {
                vec![("time", t("Set by the tournament."))]
            }
        }
    }

    /// The time control the preset's tournaments usually play (the form starts from it).
    pub fn usual_time(self) -> UsualTime {
        use TimeSystemKind as K;
        match self {
            Preset::DutchLightning => UsualTime::main(K::SuddenDeath, 900),
            Preset::CapeTown2005 => UsualTime::main(K::SuddenDeath, 720),
            Preset::Lgc2023 => UsualTime {
                increment_s: Some(30),
                ..UsualTime::main(K::Fischer, 2700)
            },
            Preset::LondonOpen => UsualTime {
                period_s: Some(300),
                stones: Some(15),
                ..UsualTime::main(K::Canadian, 3600)
            },
            Preset::Japanese => UsualTime {
                periods: Some(5),
                period_s: Some(30),
                ..UsualTime::main(K::ByoYomi, 3600)
            },
            Preset::Aga | Preset::Chinese | Preset::Custom => UsualTime {
                periods: Some(5),
                period_s: Some(30),
                ..UsualTime::main(K::ByoYomi, 2700)
            },
        }
    }

    /// Every preset, in the order the app lists them.
    pub const ALL: [Preset; 8] = [
        Preset::Lgc2023,
        Preset::LondonOpen,
        Preset::DutchLightning,
        Preset::CapeTown2005,
        Preset::Aga,
        Preset::Japanese,
        Preset::Chinese,
        Preset::Custom,
    ];

    /// The stable id used in links and stored records.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Lgc2023 => "lgc-2023",
            Preset::LondonOpen => "london-open",
            Preset::DutchLightning => "dutch-lightning",
            Preset::CapeTown2005 => "cape-town-2005",
            Preset::Aga => "aga",
            Preset::Japanese => "japanese",
            Preset::Chinese => "chinese",
            Preset::Custom => "custom",
        }
    }

    /// The preset for an id; `None` for an unknown id.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The name shown to players, in the language in use.
    pub fn name(self) -> &'static str {
        match self {
            Preset::Lgc2023 => t("LGC 2023"),
            Preset::LondonOpen => t("London Open"),
            Preset::DutchLightning => t("Dutch lightning"),
            Preset::CapeTown2005 => t("Cape Town blitz 2005"),
            Preset::Aga => t("AGA"),
            Preset::Japanese => t("Japanese"),
            Preset::Chinese => t("Chinese"),
            Preset::Custom => t("Custom"),
        }
    }

    /// The name in English, as SGF files carry it.
    fn english_name(self) -> &'static str {
        match self {
            Preset::Lgc2023 => "LGC 2023",
            Preset::LondonOpen => "London Open",
            Preset::DutchLightning => "Dutch lightning",
            Preset::CapeTown2005 => "Cape Town blitz 2005",
            Preset::Aga => "AGA",
            Preset::Japanese => "Japanese",
            Preset::Chinese => "Chinese",
            Preset::Custom => "Custom",
        }
    }

    /// The SGF `RU` value for games under this preset.
    pub fn sgf_ru(self) -> &'static str {
        match self {
            Preset::Aga => "AGA",
            Preset::Japanese => "Japanese",
            Preset::Chinese => "Chinese",
            other => other.english_name(),
        }
    }

    /// The preset whose SGF `RU` value (or name or id) this is, ignoring case.
    pub fn from_sgf_ru(ru: &str) -> Option<Preset> {
        let ru = ru.trim();
        Preset::ALL.into_iter().find(|p| {
            p.sgf_ru().eq_ignore_ascii_case(ru)
                || p.english_name().eq_ignore_ascii_case(ru)
                || p.id().eq_ignore_ascii_case(ru)
        })
    }

    /// The rules of the preset. `Custom` starts from the LGC values.
    pub fn rules(self) -> Rules {
        let lgc = Rules {
            pass_stones: true,
            ko: KoRule::NaturalSituationalSuperko,
            suicide_allowed: false,
            end_of_play: EndOfPlay::PauseAfterPasses {
                passes: 2,
                white_last: true,
            },
            resumption: Resumption::BlackFirst,
            white_passes_last: true,
            counting: Counting::Territory,
            seki_eyes_count: true,
            negative_territory: true,
            komi_even: 7.5,
            komi_handicap: 0.5,
            one_stone_uses_handicap_komi: true,
            handicap_compensation: HandicapCompensation::None,
            jigo: Jigo::Allowed,
            neutral_capture_count: Some(3),
            illegal_moves: IllegalMoveProcedure::Unwind { within_moves: 3 },
            pause_reasons: PauseReason::LISTED.to_vec(),
            flag_fall: OnFlag::FreezeAll,
            // "Black's clock is started either by the referee or by the players themselves."
            clock_start: ClockStart::BlacksClock,
            // "If a player receives two warnings in the same game, then the referee imposes the
            // game forfeit sanction."
            warnings_forfeit: Some(2),
        };
        let dutch = Rules {
            // "Subsequent warnings may result in expulsion from the tournament": the director's
            // call, not a forfeit by count.
            warnings_forfeit: None,
            pass_stones: false,
            ko: KoRule::Simple,
            suicide_allowed: false,
            end_of_play: EndOfPlay::NaturalEnding { passes: 4 },
            resumption: Resumption::OpponentOfLastPasser,
            white_passes_last: false,
            counting: Counting::Territory,
            seki_eyes_count: false,
            negative_territory: false,
            komi_even: 6.5,
            komi_handicap: 0.5,
            one_stone_uses_handicap_komi: true,
            handicap_compensation: HandicapCompensation::None,
            jigo: Jigo::Allowed,
            neutral_capture_count: Some(3),
            illegal_moves: IllegalMoveProcedure::AnsweredStands,
            pause_reasons: reasons(&[
                "Removal of more than two killed stones",
                "Removal of dead stones found on the board after an illegal move was answered",
                "Arbitration by the director",
                "Settling a disturbed position",
                "Counting after the natural ending",
            ]),
            flag_fall: OnFlag::OpponentKeepsRunning,
            // "In games with at most one stone handicap white may start with pushing the clock
            // (this is not mandatory)."
            clock_start: ClockStart::ByHandicap { optional: true },
        };
        let generic_pauses = reasons(&[
            "Status assessment after passes",
            "Start of the counting procedure",
            "Calling the referee",
            "Clock malfunction",
        ]);
        match self {
            Preset::Lgc2023 | Preset::Custom => lgc,
            Preset::LondonOpen => Rules {
                end_of_play: EndOfPlay::PauseAfterPasses {
                    passes: 2,
                    white_last: false,
                },
                resumption: Resumption::OpponentOfLastPasser,
                komi_handicap: 0.0,
                jigo: Jigo::WhiteWinsInHandicap,
                neutral_capture_count: None,
                pause_reasons: generic_pauses,
                clock_start: ClockStart::ByHandicap { optional: false },
                warnings_forfeit: None,
                ..lgc
            },
            Preset::DutchLightning => dutch,
            Preset::CapeTown2005 => Rules {
                neutral_capture_count: Some(2),
                pause_reasons: reasons(&[
                    "Removal of more than one killed stone",
                    "Removal of dead stones found on the board after an illegal move was \
                     answered",
                    "Arbitration by the director",
                    "Settling a disturbed position",
                    "Counting after the natural ending",
                ]),
                // "...white should start with pushing the clock."
                clock_start: ClockStart::ByHandicap { optional: false },
                ..dutch
            },
            Preset::Aga => Rules {
                ko: KoRule::SituationalSuperko,
                resumption: Resumption::OpponentOfLastPasser,
                counting: Counting::Area,
                handicap_compensation: HandicapCompensation::NMinusOne,
                neutral_capture_count: None,
                pause_reasons: generic_pauses,
                clock_start: ClockStart::ByHandicap { optional: false },
                warnings_forfeit: None,
                ..lgc
            },
            Preset::Japanese => Rules {
                pass_stones: false,
                ko: KoRule::Simple,
                end_of_play: EndOfPlay::PauseAfterPasses {
                    passes: 2,
                    white_last: false,
                },
                resumption: Resumption::OpponentOfLastPasser,
                white_passes_last: false,
                seki_eyes_count: false,
                negative_territory: false,
                komi_even: 6.5,
                neutral_capture_count: None,
                pause_reasons: generic_pauses,
                clock_start: ClockStart::ByHandicap { optional: false },
                warnings_forfeit: None,
                ..lgc
            },
            Preset::Chinese => Rules {
                pass_stones: false,
                ko: KoRule::PositionalSuperko,
                end_of_play: EndOfPlay::PauseAfterPasses {
                    passes: 2,
                    white_last: false,
                },
                resumption: Resumption::OpponentOfLastPasser,
                white_passes_last: false,
                counting: Counting::Area,
                negative_territory: false,
                handicap_compensation: HandicapCompensation::N,
                neutral_capture_count: None,
                pause_reasons: generic_pauses,
                clock_start: ClockStart::ByHandicap { optional: false },
                warnings_forfeit: None,
                ..lgc
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::rules::*;

    #[test]
    fn preset_ids_round_trip() {
        for p in Preset::ALL {
            assert_eq!(Preset::from_id(p.id()), Some(p));
            assert_eq!(Preset::from_sgf_ru(p.sgf_ru()), Some(p));
        }
        assert_eq!(Preset::from_id("nz"), None);
        assert_eq!(Preset::Aga.sgf_ru(), "AGA");
        assert_eq!(Preset::Lgc2023.sgf_ru(), "LGC 2023");
    }

    /// LGC, Scoring: "Komi in an even game is 7.5 to White. In a handicap game it is 0.5 to
    /// White." London Open rule 1: "Komi in an even game is 7 1/2 to White. In a handicap game,
    /// White wins Jigo."
    #[test]
    fn komi_per_preset() {
        let lgc = Preset::Lgc2023.rules();
        assert_eq!(lgc.komi_for(0), 7.5);
        assert_eq!(lgc.komi_for(1), 0.5);
        assert_eq!(lgc.komi_for(4), 0.5);
        let lo = Preset::LondonOpen.rules();
        assert_eq!(lo.komi_for(0), 7.5);
        assert_eq!(lo.komi_for(3), 0.0);
        assert_eq!(lo.jigo, Jigo::WhiteWinsInHandicap);
        assert_eq!(Preset::DutchLightning.rules().komi_even, 6.5);
        assert_eq!(Preset::Japanese.rules().komi_even, 6.5);
        let aga = Preset::Aga.rules();
        assert_eq!((aga.komi_even, aga.komi_handicap), (7.5, 0.5));
        assert_eq!(aga.handicap_points(4), 3.0);
        assert_eq!(Preset::Chinese.rules().handicap_points(4), 4.0);
        assert_eq!(Preset::Lgc2023.rules().handicap_points(4), 0.0);
    }

    /// Dutch rule 6: "Removal of more than two killed stones may happen in neutralized time."
    /// Cape Town rule 4: "Removal of more than one killed stones may happen in neutralized
    /// time." LGC: "Timing procedure for removing three or more stones".
    #[test]
    fn neutral_capture_counts_per_preset() {
        assert_eq!(Preset::Lgc2023.rules().neutral_capture_count, Some(3));
        assert_eq!(
            Preset::DutchLightning.rules().neutral_capture_count,
            Some(3)
        );
        assert_eq!(Preset::CapeTown2005.rules().neutral_capture_count, Some(2));
        assert_eq!(Preset::Japanese.rules().neutral_capture_count, None);
        assert_eq!(Preset::Lgc2023.rules().pause_reasons.len(), 12);
    }

    /// Repetition, counting and ending per preset, as RULES.md tabulates them.
    #[test]
    fn preset_table() {
        use Preset::*;
        let r = |p: Preset| p.rules();
        assert_eq!(r(Lgc2023).ko, KoRule::NaturalSituationalSuperko);
        assert_eq!(r(LondonOpen).ko, KoRule::NaturalSituationalSuperko);
        assert_eq!(r(DutchLightning).ko, KoRule::Simple);
        assert_eq!(r(CapeTown2005).ko, KoRule::Simple);
        assert_eq!(r(Aga).ko, KoRule::SituationalSuperko);
        assert_eq!(r(Japanese).ko, KoRule::Simple);
        assert_eq!(r(Chinese).ko, KoRule::PositionalSuperko);
        assert!(r(Lgc2023).pass_stones && r(LondonOpen).pass_stones && r(Aga).pass_stones);
        assert!(!r(DutchLightning).pass_stones && !r(CapeTown2005).pass_stones);
        assert_eq!(
            r(DutchLightning).end_of_play,
            EndOfPlay::NaturalEnding { passes: 4 }
        );
        assert_eq!(
            r(Lgc2023).end_of_play,
            EndOfPlay::PauseAfterPasses {
                passes: 2,
                white_last: true
            }
        );
        assert_eq!(r(Lgc2023).resumption, Resumption::BlackFirst);
        assert_eq!(r(LondonOpen).resumption, Resumption::OpponentOfLastPasser);
        assert!(r(Lgc2023).seki_eyes_count && r(LondonOpen).seki_eyes_count);
        assert!(!r(Japanese).seki_eyes_count && !r(DutchLightning).seki_eyes_count);
        assert!(r(Lgc2023).negative_territory);
        assert_eq!(
            r(LondonOpen).illegal_moves,
            IllegalMoveProcedure::Unwind { within_moves: 3 }
        );
        assert_eq!(
            r(CapeTown2005).illegal_moves,
            IllegalMoveProcedure::AnsweredStands
        );
        assert_eq!(r(Aga).counting, Counting::Area);
        assert_eq!(r(Chinese).counting, Counting::Area);
        assert_eq!(r(DutchLightning).flag_fall, OnFlag::OpponentKeepsRunning);
    }

    #[test]
    fn rules_serialise_and_read_back() {
        for p in Preset::ALL {
            let r = p.rules();
            let json = serde_json::to_string(&r).unwrap();
            let back: Rules = serde_json::from_str(&json).unwrap();
            assert_eq!(back, r);
        }
    }
}
