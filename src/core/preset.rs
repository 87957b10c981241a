//! The named presets: the four tournament rule sets and the common national rules, each a
//! filled-in `Rules` value. Every fact of a preset (its id, names, rules, usual time, what it
//! leaves to the tournament, its lateness and pairing clauses) is one entry of [`PRESETS`].

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

/// A setting the rule text leaves to the tournament: the form field, and the words the form
/// shows beside it in the language in use.
pub type LeftToTournament = (&'static str, fn() -> &'static str);

/// Everything that differs from one preset to the next, in one place: a new preset is one
/// more entry in [`PRESETS`].
pub struct PresetFacts {
    /// The preset these facts are of.
    pub preset: Preset,
    /// The stable id used in links and stored records.
    pub id: &'static str,
    /// The name in English, as SGF files carry it (`RU`).
    pub english_name: &'static str,
    /// The name shown to players, in the language in use.
    pub name: fn() -> &'static str,
    /// The rules of the preset.
    pub rules: fn() -> Rules,
    /// The time control the preset's tournaments usually play.
    pub usual_time: UsualTime,
    /// The settings the rule text leaves to the tournament, by form field, with the words the
    /// new-game form shows beside them in the language in use.
    pub left_to_tournament: &'static [LeftToTournament],
    /// What the rule text says of a few things only some rule sets say.
    pub clauses: Clauses,
}

/// What only some rule sets say: whether jigo is the tournament's to allow, their own words for
/// the neutral time for captures, and the LGC's lateness and pairing clauses.
pub struct Clauses {
    /// The rule text leaves it to the tournament to allow jigo.
    pub jigo_left_to_tournament: bool,
    /// The rule set's own words for the pause that removes captured stones in neutral time,
    /// when its list of pause reasons says it in its own words rather than the LGC's.
    pub capture_pause_words: Option<&'static str>,
    /// A player this many minutes late forfeits the game, as the referee decides (LGC).
    pub lateness_forfeit_minutes: Option<u32>,
    /// A colour or handicap error noticed early restarts the game with the pairing put right
    /// (LGC).
    pub pairing_error_restart: bool,
}

impl Clauses {
    /// None of them.
    const NONE: Clauses = Clauses {
        jigo_left_to_tournament: false,
        capture_pause_words: None,
        lateness_forfeit_minutes: None,
        pairing_error_restart: false,
    };
    /// The LGC's: 30 minutes late forfeits; a pairing error before the third move restarts.
    const LGC: Clauses = Clauses {
        lateness_forfeit_minutes: Some(30),
        pairing_error_restart: true,
        ..Clauses::NONE
    };
}

/// The Dutch rule 6 pause: "Removal of more than two killed stones may happen in neutralized
/// time."
const DUTCH_CAPTURES: &str = "Removal of more than two killed stones";
/// The Cape Town rule 4 pause: "Removal of more than one killed stones may happen in
/// neutralized time."
const CAPE_TOWN_CAPTURES: &str = "Removal of more than one killed stone";

/// The LGC 2023 rules (and the custom preset's starting values).
fn lgc_rules() -> Rules {
    Rules {
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
    }
}

/// The Dutch lightning rules.
fn dutch_rules() -> Rules {
    Rules {
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
            DUTCH_CAPTURES,
            "Removal of dead stones found on the board after an illegal move was answered",
            "Arbitration by the director",
            "Settling a disturbed position",
            "Counting after the natural ending",
        ]),
        flag_fall: OnFlag::OpponentKeepsRunning,
        // "In games with at most one stone handicap white may start with pushing the clock
        // (this is not mandatory)."
        clock_start: ClockStart::ByHandicap { optional: true },
    }
}

/// The Cape Town 2005 blitz rules: the Dutch ones with their own capture pause.
fn cape_town_rules() -> Rules {
    Rules {
        neutral_capture_count: Some(2),
        pause_reasons: reasons(&[
            CAPE_TOWN_CAPTURES,
            "Removal of dead stones found on the board after an illegal move was answered",
            "Arbitration by the director",
            "Settling a disturbed position",
            "Counting after the natural ending",
        ]),
        // "...white should start with pushing the clock."
        clock_start: ClockStart::ByHandicap { optional: false },
        ..dutch_rules()
    }
}

/// The LGC rules with what every other tournament and national rule set shares: the pauses
/// they name, the clock started by the handicap, no forfeit by warnings.
fn generic_rules() -> Rules {
    Rules {
        neutral_capture_count: None,
        pause_reasons: reasons(&[
            "Status assessment after passes",
            "Start of the counting procedure",
            "Calling the referee",
            "Clock malfunction",
        ]),
        clock_start: ClockStart::ByHandicap { optional: false },
        warnings_forfeit: None,
        ..lgc_rules()
    }
}

/// The London Open rules of play.
fn london_open_rules() -> Rules {
    Rules {
        end_of_play: EndOfPlay::PauseAfterPasses {
            passes: 2,
            white_last: false,
        },
        resumption: Resumption::OpponentOfLastPasser,
        komi_handicap: 0.0,
        jigo: Jigo::WhiteWinsInHandicap,
        ..generic_rules()
    }
}

/// The AGA rules.
fn aga_rules() -> Rules {
    Rules {
        ko: KoRule::SituationalSuperko,
        resumption: Resumption::OpponentOfLastPasser,
        counting: Counting::Area,
        handicap_compensation: HandicapCompensation::NMinusOne,
        ..generic_rules()
    }
}

/// The Japanese rules.
fn japanese_rules() -> Rules {
    Rules {
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
        ..generic_rules()
    }
}

/// The Chinese rules.
fn chinese_rules() -> Rules {
    Rules {
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
        ..generic_rules()
    }
}

/// Byo-yomi of five periods of 30 seconds after `main_s` seconds.
const fn byo_yomi(main_s: u32) -> UsualTime {
    UsualTime {
        periods: Some(5),
        period_s: Some(30),
        ..UsualTime::main(TimeSystemKind::ByoYomi, main_s)
    }
}

/// What the national rule sets leave to the tournament: the time.
const TIME_LEFT: &[LeftToTournament] = &[("time", || t("Set by the tournament."))];

/// The Dutch and Cape Town rules leave jigo to the tournament.
fn jigo_left() -> &'static str {
    t("Set by the tournament: without jigo, a game in doubt is replayed.")
}

/// Every preset's facts, in the order of [`Preset::ALL`] (the preset's index).
pub static PRESETS: [PresetFacts; 8] = [
    PresetFacts {
        preset: Preset::Lgc2023,
        id: "lgc-2023",
        english_name: "LGC 2023",
        name: || t("LGC 2023"),
        rules: lgc_rules,
        usual_time: UsualTime {
            increment_s: Some(30),
            ..UsualTime::main(TimeSystemKind::Fischer, 2700)
        },
        left_to_tournament: &[("time", || {
            t(
                "Set by the tournament: the LGC rules allow sudden death, Fischer, Canadian \
                   or byo-yomi; 45 minutes and 30 seconds Fischer is usual.",
            )
        })],
        clauses: Clauses::LGC,
    },
    PresetFacts {
        preset: Preset::LondonOpen,
        id: "london-open",
        english_name: "London Open",
        name: || t("London Open"),
        rules: london_open_rules,
        usual_time: UsualTime {
            period_s: Some(300),
            stones: Some(15),
            ..UsualTime::main(TimeSystemKind::Canadian, 3600)
        },
        left_to_tournament: &[("time", || {
            t("Set by the tournament: the London Open rules of play do not give the time.")
        })],
        clauses: Clauses::NONE,
    },
    PresetFacts {
        preset: Preset::DutchLightning,
        id: "dutch-lightning",
        english_name: "Dutch lightning",
        name: || t("Dutch lightning"),
        rules: dutch_rules,
        usual_time: UsualTime::main(TimeSystemKind::SuddenDeath, 900),
        left_to_tournament: &[
            ("komi", || {
                t("Set by the tournament: the Dutch rules do not state komi; 6.5 is usual.")
            }),
            ("jigo", jigo_left),
            ("time", || {
                t("Sudden death, at most 15 minutes each: the tournament sets the time.")
            }),
        ],
        clauses: Clauses {
            jigo_left_to_tournament: true,
            capture_pause_words: Some(DUTCH_CAPTURES),
            ..Clauses::NONE
        },
    },
    PresetFacts {
        preset: Preset::CapeTown2005,
        id: "cape-town-2005",
        english_name: "Cape Town blitz 2005",
        name: || t("Cape Town blitz 2005"),
        rules: cape_town_rules,
        usual_time: UsualTime::main(TimeSystemKind::SuddenDeath, 720),
        left_to_tournament: &[
            ("komi", || {
                t(
                    "Set by the tournament: the Cape Town rules do not state komi; 6.5 is \
                       usual.",
                )
            }),
            ("jigo", jigo_left),
        ],
        clauses: Clauses {
            jigo_left_to_tournament: true,
            capture_pause_words: Some(CAPE_TOWN_CAPTURES),
            ..Clauses::NONE
        },
    },
    PresetFacts {
        preset: Preset::Aga,
        id: "aga",
        english_name: "AGA",
        name: || t("AGA"),
        rules: aga_rules,
        usual_time: byo_yomi(2700),
        left_to_tournament: TIME_LEFT,
        clauses: Clauses::NONE,
    },
    PresetFacts {
        preset: Preset::Japanese,
        id: "japanese",
        english_name: "Japanese",
        name: || t("Japanese"),
        rules: japanese_rules,
        usual_time: byo_yomi(3600),
        left_to_tournament: TIME_LEFT,
        clauses: Clauses::NONE,
    },
    PresetFacts {
        preset: Preset::Chinese,
        id: "chinese",
        english_name: "Chinese",
        name: || t("Chinese"),
        rules: chinese_rules,
        usual_time: byo_yomi(2700),
        left_to_tournament: TIME_LEFT,
        clauses: Clauses::NONE,
    },
    // Custom starts from the LGC values, with its lateness and pairing clauses.
    PresetFacts {
        preset: Preset::Custom,
        id: "custom",
        english_name: "Custom",
        name: || t("Custom"),
        rules: lgc_rules,
        usual_time: byo_yomi(2700),
        left_to_tournament: TIME_LEFT,
        clauses: Clauses {
            jigo_left_to_tournament: true,
            ..Clauses::LGC
        },
    },
];

impl Preset {
    /// Every preset, in the order the app lists them: the table's.
    pub const ALL: [Preset; PRESETS.len()] = {
        let mut all = [Preset::Custom; PRESETS.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = PRESETS[i].preset;
            i += 1;
        }
        all
    };

    /// Everything the preset fixes, from the one table of presets.
    pub const fn facts(self) -> &'static PresetFacts {
        &PRESETS[self as usize]
    }

    /// Whether the rule text leaves it to the tournament to allow jigo (Dutch 13.3: "In case of
    /// doubt the result is a jigo unless the tournament doesn't allow for jigo"; the Cape Town
    /// rules follow the Dutch ones), and the custom preset.
    pub fn jigo_left_to_tournament(self) -> bool {
        self.facts().clauses.jigo_left_to_tournament
    }

    /// The settings the preset's rule text leaves to the tournament, by form field, with the
    /// words the new-game form shows beside them in the language in use (the value in the form
    /// is the usual one, and stays editable).
    pub fn left_to_tournament(self) -> Vec<(&'static str, &'static str)> {
        self.facts()
            .left_to_tournament
            .iter()
            .map(|(field, words)| (*field, words()))
            .collect()
    }

    /// The time control the preset's tournaments usually play (the form starts from it).
    pub fn usual_time(self) -> UsualTime {
        self.facts().usual_time
    }

    /// The stable id used in links and stored records.
    pub fn id(self) -> &'static str {
        self.facts().id
    }

    /// The preset for an id; `None` for an unknown id.
    pub fn from_id(id: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.id() == id)
    }

    /// The name shown to players, in the language in use.
    pub fn name(self) -> &'static str {
        (self.facts().name)()
    }

    /// The SGF `RU` value for games under this preset.
    pub fn sgf_ru(self) -> &'static str {
        self.facts().english_name
    }

    /// The preset whose SGF `RU` value (or name or id) this is, ignoring case.
    pub fn from_sgf_ru(ru: &str) -> Option<Preset> {
        let ru = ru.trim();
        PRESETS
            .iter()
            .find(|f| f.english_name.eq_ignore_ascii_case(ru) || f.id.eq_ignore_ascii_case(ru))
            .map(|f| f.preset)
    }

    /// The rules of the preset. `Custom` starts from the LGC values.
    pub fn rules(self) -> Rules {
        (self.facts().rules)()
    }

    /// How many minutes late a player may be before the referee forfeits the game, where the
    /// preset has that clause (LGC).
    pub fn lateness_forfeit_minutes(self) -> Option<u32> {
        self.facts().clauses.lateness_forfeit_minutes
    }

    /// Whether a colour or handicap error noticed early restarts the game with the pairing put
    /// right, as the preset's rules say (LGC).
    pub fn pairing_error_restart(self) -> bool {
        self.facts().clauses.pairing_error_restart
    }

    /// Whether a pause reason is a preset's neutral time for removing captured stones: the
    /// LGC's typed reason, or a rule set's own words for it as stored.
    pub fn removes_captures(reason: &PauseReason) -> bool {
        match reason {
            PauseReason::RemovingCaptures => true,
            PauseReason::Other { text } => PRESETS
                .iter()
                .any(|f| f.clauses.capture_pause_words == Some(text.as_str())),
            _ => false,
        }
    }
}

impl Rules {
    /// The neutral time for removing captured stones, where these rules give it: how many
    /// stones a capture must take (LGC 3+, Dutch 3+, Cape Town 2+) and the pause reason in the
    /// rules' own words (the LGC's typed reason when the list has none of its own).
    pub fn capture_pause(&self) -> Option<(u32, PauseReason)> {
        let stones = self.neutral_capture_count?;
        let reason = self
            .pause_reasons
            .iter()
            .find(|r| Preset::removes_captures(r))
            .cloned()
            .unwrap_or(PauseReason::RemovingCaptures);
        Some((stones, reason))
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

    /// The table of presets is in the order of `Preset::ALL`, so a preset finds its own facts.
    #[test]
    fn each_preset_reads_its_own_facts() {
        for p in Preset::ALL {
            assert_eq!(p.facts().preset, p);
        }
    }

    /// Dutch rule 6: "Removal of more than two killed stones may happen in neutralized time."
    /// Cape Town rule 4: "Removal of more than one killed stones may happen in neutralized
    /// time." The pause the clock offers for a capture is the rule set's own.
    #[test]
    fn the_capture_pause_is_the_rule_sets_own() {
        let words = |p: Preset| {
            p.rules()
                .capture_pause()
                .map(|(n, r)| (n, r.rule_words().to_string()))
        };
        assert_eq!(
            words(Preset::DutchLightning),
            Some((3, "Removal of more than two killed stones".to_string()))
        );
        assert_eq!(
            words(Preset::CapeTown2005),
            Some((2, "Removal of more than one killed stone".to_string()))
        );
        assert_eq!(
            Preset::Lgc2023.rules().capture_pause(),
            Some((3, PauseReason::RemovingCaptures))
        );
        assert_eq!(Preset::Japanese.rules().capture_pause(), None);
        let other = PauseReason::Other {
            text: "Removal of more coffee cups".into(),
        };
        assert!(!Preset::removes_captures(&other));
    }

    /// Only the LGC rules (and the custom preset built on them) forfeit a player 30 minutes
    /// late and restart a game after a colour or handicap error.
    #[test]
    fn lateness_and_pairing_clauses_per_preset() {
        for p in Preset::ALL {
            let lgc = matches!(p, Preset::Lgc2023 | Preset::Custom);
            assert_eq!(p.lateness_forfeit_minutes(), lgc.then_some(30), "{p:?}");
            assert_eq!(p.pairing_error_restart(), lgc, "{p:?}");
        }
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
