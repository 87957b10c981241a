//! OpenGotha's four parameter sets with OpenGotha's defaults: the general one (rounds, McMahon
//! bar and floor, scores of absent and bye players), the handicap one, the pairing weights and
//! the placement criteria. Attributes of the file this app does not use (dates, time system,
//! komi...) are kept as they are read so that a file written back loses nothing.

use std::collections::BTreeMap;

/// General settings (`GeneralParameterSet`).
#[derive(Clone, Debug, PartialEq)]
pub struct GeneralParameterSet {
    /// Tournament name.
    pub name: String,
    /// Short name (file name in OpenGotha).
    pub short_name: String,
    /// Number of rounds.
    pub number_of_rounds: u32,
    /// Number of categories (1: none).
    pub number_of_categories: u32,
    /// Lowest rank of each category but the last, strongest first (`Category lowerLimit`).
    pub category_lower_limits: Vec<i32>,
    /// McMahon floor (`genMMFloor`): weaker players start as if of this rank.
    pub mm_floor: i32,
    /// McMahon bar (`genMMBar`): stronger players start as if of this rank.
    pub mm_bar: i32,
    /// The rank whose McMahon start is 0 (`genMMZero`).
    pub mm_zero: i32,
    /// Wins, times two, given for a round a player is absent from (`genNBW2ValueAbsent`).
    pub nbw2_value_absent: i32,
    /// Wins, times two, given for a bye (`genNBW2ValueBye`).
    pub nbw2_value_bye: i32,
    /// McMahon points, times two, given for an absence (`genMMS2ValueAbsent`).
    pub mms2_value_absent: i32,
    /// McMahon points, times two, given for a bye (`genMMS2ValueBye`).
    pub mms2_value_bye: i32,
    /// Whether the half points of absences and byes are rounded down (`genRoundDownNBWMMS`).
    pub round_down_nbw_mms: bool,
    /// Whether a game not played counts as half a point for the opponents' SOS
    /// (`genCountNotPlayedGamesAsHalfPoint`).
    pub count_not_played_as_half_point: bool,
    /// The file's other attributes (komi, size, time, dates...), kept for writing back.
    pub other: BTreeMap<String, String>,
}

impl Default for GeneralParameterSet {
    fn default() -> Self {
        GeneralParameterSet {
            name: "Undefined".to_string(),
            short_name: "Undefined".to_string(),
            number_of_rounds: 5,
            number_of_categories: 1,
            category_lower_limits: Vec::new(),
            mm_floor: -20,
            mm_bar: 3,
            mm_zero: -30,
            nbw2_value_absent: 0,
            nbw2_value_bye: 2,
            mms2_value_absent: 1,
            mms2_value_bye: 2,
            round_down_nbw_mms: true,
            count_not_played_as_half_point: false,
            other: BTreeMap::new(),
        }
    }
}

impl GeneralParameterSet {
    /// The category (0 the strongest) of a player of `rank`: the first whose lower limit the
    /// rank reaches, the last one otherwise.
    pub fn category(&self, rank: i32) -> u32 {
        if self.number_of_categories <= 1 {
            return 0;
        }
        let last = self.number_of_categories - 1;
        self.category_lower_limits
            .iter()
            .take(last as usize)
            .position(|&limit| rank >= limit)
            .map_or(last, |c| c as u32)
    }

    /// The McMahon start of a player of `rank` with the director's `correction`: the rank
    /// kept between floor and bar, counted from the zero rank (`Player.smms`).
    pub fn mcmahon_start(&self, rank: i32, correction: i32) -> i32 {
        use super::rank::{MAX_RANK, MIN_RANK};
        let zero = self.mm_zero.clamp(MIN_RANK, MAX_RANK);
        let floor = self.mm_floor.clamp(MIN_RANK, MAX_RANK) - zero;
        let bar = self.mm_bar.clamp(MIN_RANK, MAX_RANK) - zero;
        let start = (rank.clamp(MIN_RANK, MAX_RANK) - zero).max(floor).min(bar);
        // Kept within what a file may hold, so that no sum of scores overflows.
        start + correction.clamp(-60, 60)
    }
}

/// Handicap settings (`HandicapParameterSet`).
#[derive(Clone, Debug, PartialEq)]
pub struct HandicapParameterSet {
    /// Handicap from the McMahon scores rather than the ranks (`hdBasedOnMMS`).
    pub based_on_mms: bool,
    /// Ranks (or McMahon levels) above this count as this for handicap
    /// (`hdNoHdRankThreshold`).
    pub no_handicap_rank_threshold: i32,
    /// Stones taken off the difference (`hdCorrection`).
    pub correction: i32,
    /// The most stones (`hdCeiling`).
    pub ceiling: i32,
}

impl Default for HandicapParameterSet {
    fn default() -> Self {
        HandicapParameterSet {
            based_on_mms: true,
            no_handicap_rank_threshold: 0,
            correction: 1,
            ceiling: 9,
        }
    }
}

/// Where in its score group a drawn-up or drawn-down player is preferably taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawMode {
    /// `TOP`: the group's strongest.
    Top,
    /// `MID`: the group's middle.
    Middle,
    /// `BOT`: the group's weakest.
    Bottom,
}

/// How players of one score group are paired together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedSystem {
    /// `SPLITANDRANDOM`: top half against bottom half, at random.
    SplitAndRandom,
    /// `SPLITANDFOLD`: first against last, second against second last...
    SplitAndFold,
    /// `SPLITANDSLIP`: first against the first of the bottom half...
    SplitAndSlip,
}

/// Which of OpenGotha's pairings a tournament follows. They differ in a few costs, in the
/// players the score groups hold, in who gets the bye and in how games tied on score and
/// rating take their tables.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PairingRules {
    /// OpenGotha 3.51.02, the last published source; the published 3.52.03 pairs the same.
    /// Score groups hold every player, the draw-up/draw-down cost stops at four groups apart,
    /// the secondary criteria's thresholds move only the handicap cost, and the bye goes to
    /// the lowest rank plus McMahon score.
    #[default]
    OpenGotha351,
    /// The build of OpenGotha 3.52.03 of 2024, whose pairings pairgoth reproduces: score
    /// groups hold the players being paired, draw-ups and draw-downs cost at any distance, the
    /// thresholds move the geographical cost too, and the bye follows the main score.
    OpenGotha352,
}

/// The weights of the pairing criteria (`PairingParameterSet`); OpenGotha's names in brackets.
#[derive(Clone, Debug, PartialEq)]
pub struct PairingParameterSet {
    /// `paiBaAvoidDuplGame`.
    pub avoid_duplicate_game: i64,
    /// `paiBaRandom`.
    pub random: i64,
    /// `paiBaDeterministic`.
    pub deterministic: bool,
    /// `paiBaBalanceWB`.
    pub balance_white_black: i64,
    /// `paiMaAvoidMixingCategories`.
    pub avoid_mixing_categories: i64,
    /// `paiMaMinimizeScoreDifference`.
    pub minimize_score_difference: i64,
    /// `paiMaDUDDWeight`.
    pub dudd_weight: i64,
    /// `paiMaCompensateDUDD`.
    pub compensate_dudd: bool,
    /// `paiMaDUDDUpperMode`.
    pub dudd_upper_mode: DrawMode,
    /// `paiMaDUDDLowerMode`.
    pub dudd_lower_mode: DrawMode,
    /// `paiMaMaximizeSeeding`.
    pub maximize_seeding: i64,
    /// `paiMaLastRoundForSeedSystem1`.
    pub last_round_for_seed_system1: u32,
    /// `paiMaSeedSystem1`.
    pub seed_system1: SeedSystem,
    /// `paiMaSeedSystem2`.
    pub seed_system2: SeedSystem,
    /// `paiMaAdditionalPlacementCritSystem1`.
    pub additional_placement_crit_system1: PlacementCriterion,
    /// `paiMaAdditionalPlacementCritSystem2`.
    pub additional_placement_crit_system2: PlacementCriterion,
    /// `paiSeRankThreshold`: secondary criteria are not applied from this rank up.
    pub se_rank_threshold: i32,
    /// `paiSeNbWinsThresholdActive`: nor for players with half the rounds won.
    pub se_nb_wins_threshold_active: bool,
    /// `paiSeBarThresholdActive`: nor for players starting at the McMahon bar.
    pub se_bar_threshold_active: bool,
    /// `paiSeDefSecCrit`.
    pub se_default_secondary_criteria: i64,
    /// `paiSeMinimizeHandicap`.
    pub se_minimize_handicap: i64,
    /// `paiSeAvoidSameGeo`.
    pub se_avoid_same_geo: i64,
    /// `paiSePreferMMSDiffRatherThanSameCountry`.
    pub se_prefer_mms_diff_rather_than_same_country: i32,
    /// `paiSePreferMMSDiffRatherThanSameClub`.
    pub se_prefer_mms_diff_rather_than_same_club: i32,
    /// `paiStandardNX1Factor`: the concavity factor.
    pub nx1_factor: f64,
    /// Which OpenGotha's pairing the tournament follows (not in the file: taken from the
    /// version that wrote it).
    pub rules: PairingRules,
    /// The file's pairing attributes this app does not know, kept for writing back.
    pub other: BTreeMap<String, String>,
}

impl Default for PairingParameterSet {
    fn default() -> Self {
        PairingParameterSet {
            avoid_duplicate_game: 500_000_000_000_000,
            random: 0,
            deterministic: true,
            balance_white_black: 1_000_000,
            avoid_mixing_categories: 0,
            minimize_score_difference: 100_000_000_000,
            dudd_weight: 100_000_000,
            compensate_dudd: true,
            dudd_upper_mode: DrawMode::Middle,
            dudd_lower_mode: DrawMode::Middle,
            maximize_seeding: 5_000_000,
            last_round_for_seed_system1: 1,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndSlip,
            additional_placement_crit_system1: PlacementCriterion::Rating,
            additional_placement_crit_system2: PlacementCriterion::Null,
            se_rank_threshold: 0,
            se_nb_wins_threshold_active: true,
            se_bar_threshold_active: true,
            se_default_secondary_criteria: 100_000_000_000,
            se_minimize_handicap: 0,
            se_avoid_same_geo: 100_000_000_000,
            se_prefer_mms_diff_rather_than_same_country: 1,
            se_prefer_mms_diff_rather_than_same_club: 3,
            nx1_factor: 0.5,
            rules: PairingRules::default(),
            other: BTreeMap::new(),
        }
    }
}

/// A placement criterion (OpenGotha's `PLA_CRIT_*`), by the name the file gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementCriterion {
    /// `NULL`: no tie break.
    Null,
    /// `CAT`: category.
    Category,
    /// `Rank`.
    Rank,
    /// `Rating`.
    Rating,
    /// `NBW`: number of wins.
    Nbw,
    /// `MMS`: McMahon score.
    Mms,
    /// `STS`: Strasbourg score.
    Sts,
    /// `CPS`: cup score.
    Cps,
    /// `SOSW`: sum of opponents' wins.
    Sosw,
    /// `SOSW-1`.
    SoswM1,
    /// `SOSW-2`.
    SoswM2,
    /// `SODOSW`: sum of defeated opponents' wins.
    Sodosw,
    /// `SOSOSW`: sum of opponents' SOSW.
    Sososw,
    /// `CUSSW`: cumulative sum of wins.
    Cussw,
    /// `SOSM`: sum of opponents' McMahon scores.
    Sosm,
    /// `SOSM-1`.
    SosmM1,
    /// `SOSM-2`.
    SosmM2,
    /// `SODOSM`.
    Sodosm,
    /// `SOSOSM`.
    Sososm,
    /// `CUSSM`.
    Cussm,
    /// `SOSTS`.
    Sosts,
    /// `EXT`: exploits attempted.
    Ext,
    /// `EXR`: exploits achieved.
    Exr,
    /// `SDC`: simplified direct confrontation.
    Sdc,
    /// `DC`: direct confrontation.
    Dc,
}

/// Each criterion with the name OpenGotha's file gives it.
pub const CRITERION_NAMES: [(PlacementCriterion, &str); 25] = [
    (PlacementCriterion::Null, "NULL"),
    (PlacementCriterion::Category, "CAT"),
    (PlacementCriterion::Rank, "Rank"),
    (PlacementCriterion::Rating, "Rating"),
    (PlacementCriterion::Nbw, "NBW"),
    (PlacementCriterion::Mms, "MMS"),
    (PlacementCriterion::Sts, "STS"),
    (PlacementCriterion::Cps, "CPS"),
    (PlacementCriterion::Sosw, "SOSW"),
    (PlacementCriterion::SoswM1, "SOSW-1"),
    (PlacementCriterion::SoswM2, "SOSW-2"),
    (PlacementCriterion::Sodosw, "SODOSW"),
    (PlacementCriterion::Sososw, "SOSOSW"),
    (PlacementCriterion::Cussw, "CUSSW"),
    (PlacementCriterion::Sosm, "SOSM"),
    (PlacementCriterion::SosmM1, "SOSM-1"),
    (PlacementCriterion::SosmM2, "SOSM-2"),
    (PlacementCriterion::Sodosm, "SODOSM"),
    (PlacementCriterion::Sososm, "SOSOSM"),
    (PlacementCriterion::Cussm, "CUSSM"),
    (PlacementCriterion::Sosts, "SOSTS"),
    (PlacementCriterion::Ext, "EXT"),
    (PlacementCriterion::Exr, "EXR"),
    (PlacementCriterion::Sdc, "SDC"),
    (PlacementCriterion::Dc, "DC"),
];

impl PlacementCriterion {
    /// The criterion a file names (case ignored; `None` and unknown names are no criterion).
    pub fn from_name(name: &str) -> PlacementCriterion {
        CRITERION_NAMES
            .iter()
            .find(|(_, n)| n.eq_ignore_ascii_case(name))
            .map_or(PlacementCriterion::Null, |(c, _)| *c)
    }

    /// The name OpenGotha's file gives the criterion.
    pub fn name(self) -> &'static str {
        CRITERION_NAMES
            .iter()
            .find(|(c, _)| *c == self)
            .map_or("NULL", |(_, n)| n)
    }
}

/// The standings' criteria in order (`PlacementParameterSet`), six in OpenGotha, and how the
/// standings are shown (`DPParameterSet`).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacementParameterSet {
    /// The criteria, the first deciding first.
    pub criteria: Vec<PlacementCriterion>,
    /// The attributes of OpenGotha's display settings (`DPParameterSet`), kept as written.
    pub display: BTreeMap<String, String>,
    /// Criteria of the file this app does not know, by their place in `criteria` (where they
    /// stand as `Null`), kept for writing back.
    pub unknown: BTreeMap<usize, String>,
}

impl Default for PlacementParameterSet {
    fn default() -> Self {
        use PlacementCriterion::*;
        PlacementParameterSet {
            criteria: vec![Mms, Sosm, Sososm, Null, Null, Null],
            display: BTreeMap::new(),
            unknown: BTreeMap::new(),
        }
    }
}

impl PlacementParameterSet {
    /// Whether the standings list players who played no game and had no bye
    /// (`displayNPPlayers`); OpenGotha leaves them out unless told.
    pub fn lists_players_without_games(&self) -> bool {
        self.display
            .get("displayNPPlayers")
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("true"))
    }

    /// The score the pairing groups players by (`mainCriterion`): the first of NBW, MMS, STS
    /// or CPS among the criteria, NBW when there is none.
    pub fn main_criterion(&self) -> PlacementCriterion {
        use PlacementCriterion::*;
        self.criteria
            .iter()
            .copied()
            .find(|c| matches!(c, Nbw | Mms | Sts | Cps))
            .unwrap_or(Nbw)
    }
}
