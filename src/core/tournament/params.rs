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
    pub mcmahon_floor: i32,
    /// McMahon bar (`genMMBar`): stronger players start as if of this rank.
    pub mcmahon_bar: i32,
    /// The rank whose McMahon start is 0 (`genMMZero`).
    pub mcmahon_zero: i32,
    /// Wins, times two, given for a round a player is absent from (`genNBW2ValueAbsent`).
    pub wins_x2_absent: i32,
    /// Wins, times two, given for a bye (`genNBW2ValueBye`).
    pub wins_x2_bye: i32,
    /// McMahon points, times two, given for an absence (`genMMS2ValueAbsent`).
    pub mcmahon_x2_absent: i32,
    /// McMahon points, times two, given for a bye (`genMMS2ValueBye`).
    pub mcmahon_x2_bye: i32,
    /// Whether the half points of absences and byes are rounded down (`genRoundDownNBWMMS`).
    pub round_down_absent_scores: bool,
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
            mcmahon_floor: -20,
            mcmahon_bar: 3,
            mcmahon_zero: -30,
            wins_x2_absent: 0,
            wins_x2_bye: 2,
            mcmahon_x2_absent: 1,
            mcmahon_x2_bye: 2,
            round_down_absent_scores: true,
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
        let zero = self.mcmahon_zero.clamp(MIN_RANK, MAX_RANK);
        let floor = self.mcmahon_floor.clamp(MIN_RANK, MAX_RANK) - zero;
        let bar = self.mcmahon_bar.clamp(MIN_RANK, MAX_RANK) - zero;
        let start = (rank.clamp(MIN_RANK, MAX_RANK) - zero).max(floor).min(bar);
        // Kept within what a file may hold, so that no sum of scores overflows.
        start + correction.clamp(-60, 60)
    }
}

/// Handicap settings (`HandicapParameterSet`).
#[derive(Clone, Debug, PartialEq)]
pub struct HandicapParameterSet {
    /// Handicap from the McMahon scores rather than the ranks (`hdBasedOnMMS`).
    pub on_mcmahon_score: bool,
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
            on_mcmahon_score: true,
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

impl DrawMode {
    /// The mode a file names (`TOP`, `MID`, `BOT`).
    pub fn from_name(name: &str) -> Option<DrawMode> {
        [DrawMode::Top, DrawMode::Middle, DrawMode::Bottom]
            .into_iter()
            .find(|m| m.name() == name)
    }

    /// The name OpenGotha's file gives the mode.
    pub fn name(self) -> &'static str {
        match self {
            DrawMode::Top => "TOP",
            DrawMode::Middle => "MID",
            DrawMode::Bottom => "BOT",
        }
    }
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

impl SeedSystem {
    /// The system a file names (`SPLITANDRANDOM`, `SPLITANDFOLD`, `SPLITANDSLIP`).
    pub fn from_name(name: &str) -> Option<SeedSystem> {
        [
            SeedSystem::SplitAndRandom,
            SeedSystem::SplitAndFold,
            SeedSystem::SplitAndSlip,
        ]
        .into_iter()
        .find(|m| m.name() == name)
    }

    /// The name OpenGotha's file gives the system.
    pub fn name(self) -> &'static str {
        match self {
            SeedSystem::SplitAndRandom => "SPLITANDRANDOM",
            SeedSystem::SplitAndFold => "SPLITANDFOLD",
            SeedSystem::SplitAndSlip => "SPLITANDSLIP",
        }
    }
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
    pub draw_up_down_weight: i64,
    /// `paiMaCompensateDUDD`.
    pub compensate_draw_up_down: bool,
    /// `paiMaDUDDUpperMode`.
    pub draw_upper_mode: DrawMode,
    /// `paiMaDUDDLowerMode`.
    pub draw_lower_mode: DrawMode,
    /// `paiMaMaximizeSeeding`.
    pub maximize_seeding: i64,
    /// `paiMaLastRoundForSeedSystem1`.
    pub last_round_of_seed_system1: u32,
    /// `paiMaSeedSystem1`.
    pub seed_system1: SeedSystem,
    /// `paiMaSeedSystem2`.
    pub seed_system2: SeedSystem,
    /// `paiMaAdditionalPlacementCritSystem1`.
    pub seeding_criterion1: PlacementCriterion,
    /// `paiMaAdditionalPlacementCritSystem2`.
    pub seeding_criterion2: PlacementCriterion,
    /// `paiSeRankThreshold`: secondary criteria are not applied from this rank up.
    pub secondary_rank_threshold: i32,
    /// `paiSeNbWinsThresholdActive`: nor for players with half the rounds won.
    pub secondary_wins_threshold: bool,
    /// `paiSeBarThresholdActive`: nor for players starting at the McMahon bar.
    pub secondary_bar_threshold: bool,
    /// `paiSeDefSecCrit`.
    pub secondary_default_weight: i64,
    /// `paiSeMinimizeHandicap`.
    pub minimize_handicap_weight: i64,
    /// `paiSeAvoidSameGeo`.
    pub avoid_same_geography: i64,
    /// `paiSePreferMMSDiffRatherThanSameCountry`.
    pub prefer_score_gap_to_same_country: i32,
    /// `paiSePreferMMSDiffRatherThanSameClub`.
    pub prefer_score_gap_to_same_club: i32,
    /// `paiStandardNX1Factor`: the concavity factor.
    pub concavity_factor: f64,
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
            draw_up_down_weight: 100_000_000,
            compensate_draw_up_down: true,
            draw_upper_mode: DrawMode::Middle,
            draw_lower_mode: DrawMode::Middle,
            maximize_seeding: 5_000_000,
            last_round_of_seed_system1: 1,
            seed_system1: SeedSystem::SplitAndRandom,
            seed_system2: SeedSystem::SplitAndSlip,
            seeding_criterion1: PlacementCriterion::Rating,
            seeding_criterion2: PlacementCriterion::Null,
            secondary_rank_threshold: 0,
            secondary_wins_threshold: true,
            secondary_bar_threshold: true,
            secondary_default_weight: 100_000_000_000,
            minimize_handicap_weight: 0,
            avoid_same_geography: 100_000_000_000,
            prefer_score_gap_to_same_country: 1,
            prefer_score_gap_to_same_club: 3,
            concavity_factor: 0.5,
            rules: PairingRules::default(),
            other: BTreeMap::new(),
        }
    }
}

/// A placement criterion (OpenGotha's `PLA_CRIT_*`); its name, file name and value are its row
/// of `scores::placement::PLACEMENT`.
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

/// Where a pairing parameter lives in [`PairingParameterSet`], and what kind of value it is.
#[derive(Clone, Copy)]
pub enum Setting {
    /// A criterion's weight.
    Weight(fn(&mut PairingParameterSet) -> &mut i64),
    /// A whole number (a round, a factor).
    Whole(fn(&mut PairingParameterSet) -> &mut i32),
    /// A round number.
    Round(fn(&mut PairingParameterSet) -> &mut u32),
    /// A fraction.
    Fraction(fn(&mut PairingParameterSet) -> &mut f64),
    /// Yes or no (`true`, `false`).
    Flag(fn(&mut PairingParameterSet) -> &mut bool),
    /// A rank (`4D`, `12K`).
    Rank(fn(&mut PairingParameterSet) -> &mut i32),
    /// Where a drawn-up or drawn-down player is taken (`TOP`, `MID`, `BOT`).
    Draw(fn(&mut PairingParameterSet) -> &mut DrawMode),
    /// How a score group is split (`SPLITANDRANDOM`...).
    Seed(fn(&mut PairingParameterSet) -> &mut SeedSystem),
    /// A placement criterion, by its file name.
    Criterion(fn(&mut PairingParameterSet) -> &mut PlacementCriterion),
}

/// One pairing parameter: what it sets, in words, its attribute in OpenGotha's file, the value
/// OpenGotha's reader takes when the file leaves it out (as the file writes it), and where it
/// lives.
pub struct PairingParameter {
    pub words: &'static str,
    pub attribute: &'static str,
    pub default: &'static str,
    pub setting: Setting,
}

const fn parameter(
    words: &'static str,
    attribute: &'static str,
    default: &'static str,
    setting: Setting,
) -> PairingParameter {
    PairingParameter {
        words,
        attribute,
        default,
        setting,
    }
}

/// Every pairing parameter OpenGotha 3.51 reads, in the order of its file (by attribute).
#[rustfmt::skip]
pub const PAIRING_PARAMETERS: [PairingParameter; 25] = {
    use Setting::*;
    [
        parameter("avoid duplicate games", "paiBaAvoidDuplGame", "500000000000000", Weight(|p| &mut p.avoid_duplicate_game)),
        parameter("balance White and Black", "paiBaBalanceWB", "1000", Weight(|p| &mut p.balance_white_black)),
        parameter("random drawn from the names", "paiBaDeterministic", "true", Flag(|p| &mut p.deterministic)),
        parameter("random", "paiBaRandom", "0", Weight(|p| &mut p.random)),
        parameter("seeding criterion, first system", "paiMaAdditionalPlacementCritSystem1", "RATING", Criterion(|p| &mut p.seeding_criterion1)),
        parameter("seeding criterion, second system", "paiMaAdditionalPlacementCritSystem2", "NULL", Criterion(|p| &mut p.seeding_criterion2)),
        parameter("avoid mixing categories", "paiMaAvoidMixingCategories", "20000000000000", Weight(|p| &mut p.avoid_mixing_categories)),
        parameter("compensate draw-ups with draw-downs", "paiMaCompensateDUDD", "true", Flag(|p| &mut p.compensate_draw_up_down)),
        parameter("where a drawn-down player is taken", "paiMaDUDDLowerMode", "MID", Draw(|p| &mut p.draw_lower_mode)),
        parameter("where a drawn-up player is taken", "paiMaDUDDUpperMode", "MID", Draw(|p| &mut p.draw_upper_mode)),
        parameter("draw-ups and draw-downs", "paiMaDUDDWeight", "100000000", Weight(|p| &mut p.draw_up_down_weight)),
        parameter("last round of the first seed system", "paiMaLastRoundForSeedSystem1", "2", Round(|p| &mut p.last_round_of_seed_system1)),
        parameter("maximize seeding", "paiMaMaximizeSeeding", "5000000", Weight(|p| &mut p.maximize_seeding)),
        parameter("minimize score difference", "paiMaMinimizeScoreDifference", "100000000000", Weight(|p| &mut p.minimize_score_difference)),
        parameter("first seed system", "paiMaSeedSystem1", "SPLITANDRANDOM", Seed(|p| &mut p.seed_system1)),
        parameter("second seed system", "paiMaSeedSystem2", "SPLITANDFOLD", Seed(|p| &mut p.seed_system2)),
        parameter("avoid pairing players of one club or country", "paiSeAvoidSameGeo", "100000000000", Weight(|p| &mut p.avoid_same_geography)),
        parameter("no secondary criteria at the McMahon bar", "paiSeBarThresholdActive", "true", Flag(|p| &mut p.secondary_bar_threshold)),
        parameter("secondary criteria", "paiSeDefSecCrit", "100000000000", Weight(|p| &mut p.secondary_default_weight)),
        parameter("minimize handicap", "paiSeMinimizeHandicap", "0", Weight(|p| &mut p.minimize_handicap_weight)),
        parameter("no secondary criteria with half the rounds won", "paiSeNbWinsThresholdActive", "true", Flag(|p| &mut p.secondary_wins_threshold)),
        parameter("score gap preferred to the same club", "paiSePreferMMSDiffRatherThanSameClub", "3", Whole(|p| &mut p.prefer_score_gap_to_same_club)),
        parameter("score gap preferred to the same country", "paiSePreferMMSDiffRatherThanSameCountry", "1", Whole(|p| &mut p.prefer_score_gap_to_same_country)),
        parameter("no secondary criteria from this rank", "paiSeRankThreshold", "4D", Rank(|p| &mut p.secondary_rank_threshold)),
        parameter("concavity factor", "paiStandardNX1Factor", "0.5", Fraction(|p| &mut p.concavity_factor)),
    ]
};

/// The pairing attributes OpenGotha reads no more: known, not kept.
pub const PAIRING_ATTRIBUTES_DROPPED: [&str; 1] = ["paiSePreferMMSDiffRatherThanSameClubsGroup"];
