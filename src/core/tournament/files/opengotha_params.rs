//! The four parameter sets of OpenGotha's tournament file (`GeneralParameterSet`,
//! `HandicapParameterSet`, `PlacementParameterSet`, `PairingParameterSet`) read into the
//! tournament, each attribute left out taking OpenGotha's default.

use super::xml::{TournamentFileError, XmlNode, bounded, child, flag, number, rank, text};

/// The most categories read (OpenGotha offers a handful).
const MAX_CATEGORIES: i32 = 10;
use crate::core::tournament::{
    DrawMode, MAX_ROUNDS, PairingParameterSet, PlacementCriterion, SeedSystem, Tournament,
};

/// Reads the `TournamentParameterSet` element into the tournament's parameter sets. An
/// attribute left out takes the value OpenGotha's reader gives it, which is not always the
/// default of a tournament created in OpenGotha (a bye is worth nothing, say).
pub(super) fn read_parameters(tps: XmlNode, t: &mut Tournament) -> Result<(), TournamentFileError> {
    if let Some(n) = child(tps, "GeneralParameterSet") {
        read_general(n, t)?;
    }
    let mut t_unknown = Vec::new();
    if let Some(n) = child(tps, "HandicapParameterSet") {
        let h = &mut t.handicap;
        h.based_on_mms = flag(n, "hdBasedOnMMS", true);
        // OpenGotha 3.52 names the setting `hdBase`: the rank, the McMahon score, or its
        // Breizh score, which this app does not compute.
        match super::xml::attribute(n, "hdBase") {
            None => {}
            Some("RANK") => h.based_on_mms = false,
            Some("MMS") => h.based_on_mms = true,
            Some(other) => t_unknown.push(format!("hdBase={other}")),
        }
        h.no_handicap_rank_threshold = rank(n, "HandicapParameterSet", "hdNoHdRankThreshold", 0)?;
        h.correction = bounded(n, "HandicapParameterSet", "hdCorrection", 1, -9..=9)?;
        h.ceiling = bounded(n, "HandicapParameterSet", "hdCeiling", 9, 0..=9)?;
    }
    if let Some(list) =
        child(tps, "PlacementParameterSet").and_then(|p| child(p, "PlacementCriteria"))
    {
        let mut criteria: Vec<(u32, PlacementCriterion, Option<String>)> = Vec::new();
        for c in list
            .children()
            .filter(|c| c.has_tag_name("PlacementCriterion"))
        {
            let number: u32 = number(c, "PlacementCriterion", "number", criteria.len() as u32 + 1)?;
            let name = text(c, "name", "NULL");
            let criterion = PlacementCriterion::from_name(&name);
            let unknown =
                criterion == PlacementCriterion::Null && !name.trim().eq_ignore_ascii_case("NULL");
            if unknown {
                t.unknown_settings.push(name.trim().to_string());
            }
            criteria.push((number, criterion, unknown.then(|| name.trim().to_string())));
        }
        criteria.sort_by_key(|c| c.0);
        t.placement.unknown = criteria
            .iter()
            .enumerate()
            .filter_map(|(i, (_, _, name))| name.clone().map(|n| (i, n)))
            .collect();
        t.placement.criteria = criteria.into_iter().map(|c| c.1).collect();
    }
    t.unknown_settings.append(&mut t_unknown);
    if let Some(n) = child(tps, "PairingParameterSet") {
        read_pairing(n, &mut t.pairing)?;
        for a in n.attributes() {
            if !PAIRING_ATTRIBUTES.contains(&a.name()) {
                t.unknown_settings.push(a.name().to_string());
                t.pairing
                    .other
                    .insert(a.name().to_string(), a.value().to_string());
            }
        }
    }
    if let Some(n) = child(tps, "DPParameterSet") {
        t.placement.display = n
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
    }
    Ok(())
}

/// The pairing attributes OpenGotha 3.51 reads, and the clubs' groups factor it reads no more.
const PAIRING_ATTRIBUTES: [&str; 26] = [
    "paiStandardNX1Factor",
    "paiBaAvoidDuplGame",
    "paiBaRandom",
    "paiBaDeterministic",
    "paiBaBalanceWB",
    "paiMaAvoidMixingCategories",
    "paiMaMinimizeScoreDifference",
    "paiMaDUDDWeight",
    "paiMaCompensateDUDD",
    "paiMaDUDDUpperMode",
    "paiMaDUDDLowerMode",
    "paiMaMaximizeSeeding",
    "paiMaLastRoundForSeedSystem1",
    "paiMaSeedSystem1",
    "paiMaSeedSystem2",
    "paiMaAdditionalPlacementCritSystem1",
    "paiMaAdditionalPlacementCritSystem2",
    "paiSeRankThreshold",
    "paiSeNbWinsThresholdActive",
    "paiSeBarThresholdActive",
    "paiSeDefSecCrit",
    "paiSeMinimizeHandicap",
    "paiSeAvoidSameGeo",
    "paiSePreferMMSDiffRatherThanSameCountry",
    "paiSePreferMMSDiffRatherThanSameClub",
    "paiSePreferMMSDiffRatherThanSameClubsGroup",
];

/// The general attributes the app uses; all the others are kept as written.
const GENERAL_TYPED: [&str; 13] = [
    "name",
    "shortName",
    "numberOfRounds",
    "numberOfCategories",
    "genMMFloor",
    "genMMBar",
    "genMMZero",
    "genNBW2ValueAbsent",
    "genNBW2ValueBye",
    "genMMS2ValueAbsent",
    "genMMS2ValueBye",
    "genRoundDownNBWMMS",
    "genCountNotPlayedGamesAsHalfPoint",
];

fn read_general(n: XmlNode, t: &mut Tournament) -> Result<(), TournamentFileError> {
    const E: &str = "GeneralParameterSet";
    let g = &mut t.general;
    g.name = text(n, "name", &g.name);
    g.short_name = text(n, "shortName", &g.short_name);
    g.number_of_rounds = number(n, E, "numberOfRounds", 5)?;
    g.number_of_categories = bounded(n, E, "numberOfCategories", 1, 1..=MAX_CATEGORIES)? as u32;
    g.mm_floor = rank(n, E, "genMMFloor", -20)?;
    g.mm_bar = rank(n, E, "genMMBar", 3)?;
    g.mm_zero = rank(n, E, "genMMZero", -30)?;
    g.nbw2_value_absent = bounded(n, E, "genNBW2ValueAbsent", 0, 0..=2)?;
    g.nbw2_value_bye = bounded(n, E, "genNBW2ValueBye", 0, 0..=2)?;
    g.mms2_value_absent = bounded(n, E, "genMMS2ValueAbsent", 0, 0..=2)?;
    g.mms2_value_bye = bounded(n, E, "genMMS2ValueBye", 0, 0..=2)?;
    g.round_down_nbw_mms = flag(n, "genRoundDownNBWMMS", true);
    g.count_not_played_as_half_point = flag(n, "genCountNotPlayedGamesAsHalfPoint", false);
    if g.mm_bar < g.mm_floor {
        return Err(TournamentFileError::BarBelowFloor {
            bar: text(n, "genMMBar", ""),
            floor: text(n, "genMMFloor", ""),
        });
    }
    if g.number_of_rounds as usize > MAX_ROUNDS {
        return Err(TournamentFileError::BadRound {
            round: g.number_of_rounds,
        });
    }
    let mut limits: Vec<(u32, i32)> = Vec::new();
    for c in n.descendants().filter(|c| c.has_tag_name("Category")) {
        limits.push((
            number(c, "Category", "number", 0)?,
            rank(c, "Category", "lowerLimit", -30)?,
        ));
    }
    limits.sort_by_key(|l| l.0);
    g.category_lower_limits = limits.into_iter().map(|l| l.1).collect();
    for a in n.attributes() {
        if !GENERAL_TYPED.contains(&a.name()) {
            g.other.insert(a.name().to_string(), a.value().to_string());
        }
    }
    Ok(())
}

fn draw_mode(
    n: XmlNode,
    attribute: &'static str,
    default: DrawMode,
) -> Result<DrawMode, TournamentFileError> {
    match super::xml::attribute(n, attribute) {
        None => Ok(default),
        Some("TOP") => Ok(DrawMode::Top),
        Some("MID") => Ok(DrawMode::Middle),
        Some("BOT") => Ok(DrawMode::Bottom),
        Some(v) => Err(TournamentFileError::BadValue {
            element: "PairingParameterSet",
            attribute,
            value: v.to_string(),
        }),
    }
}

fn seed_system(
    n: XmlNode,
    attribute: &'static str,
    default: SeedSystem,
) -> Result<SeedSystem, TournamentFileError> {
    match super::xml::attribute(n, attribute) {
        None => Ok(default),
        Some("SPLITANDRANDOM") => Ok(SeedSystem::SplitAndRandom),
        Some("SPLITANDFOLD") => Ok(SeedSystem::SplitAndFold),
        Some("SPLITANDSLIP") => Ok(SeedSystem::SplitAndSlip),
        Some(v) => Err(TournamentFileError::BadValue {
            element: "PairingParameterSet",
            attribute,
            value: v.to_string(),
        }),
    }
}

fn read_pairing(n: XmlNode, p: &mut PairingParameterSet) -> Result<(), TournamentFileError> {
    const E: &str = "PairingParameterSet";
    p.avoid_duplicate_game = number(n, E, "paiBaAvoidDuplGame", 500_000_000_000_000)?;
    p.random = number(n, E, "paiBaRandom", 0)?;
    p.deterministic = flag(n, "paiBaDeterministic", true);
    p.balance_white_black = number(n, E, "paiBaBalanceWB", 1000)?;
    p.avoid_mixing_categories = number(n, E, "paiMaAvoidMixingCategories", 20_000_000_000_000)?;
    p.minimize_score_difference = number(n, E, "paiMaMinimizeScoreDifference", 100_000_000_000)?;
    p.dudd_weight = number(n, E, "paiMaDUDDWeight", 100_000_000)?;
    p.compensate_dudd = flag(n, "paiMaCompensateDUDD", true);
    p.dudd_upper_mode = draw_mode(n, "paiMaDUDDUpperMode", DrawMode::Middle)?;
    p.dudd_lower_mode = draw_mode(n, "paiMaDUDDLowerMode", DrawMode::Middle)?;
    p.maximize_seeding = number(n, E, "paiMaMaximizeSeeding", 5_000_000)?;
    p.last_round_for_seed_system1 = number(n, E, "paiMaLastRoundForSeedSystem1", 2)?;
    p.seed_system1 = seed_system(n, "paiMaSeedSystem1", SeedSystem::SplitAndRandom)?;
    p.seed_system2 = seed_system(n, "paiMaSeedSystem2", SeedSystem::SplitAndFold)?;
    p.additional_placement_crit_system1 = PlacementCriterion::from_name(
        super::xml::attribute(n, "paiMaAdditionalPlacementCritSystem1").unwrap_or("RATING"),
    );
    p.additional_placement_crit_system2 = PlacementCriterion::from_name(
        super::xml::attribute(n, "paiMaAdditionalPlacementCritSystem2").unwrap_or("NULL"),
    );
    p.se_rank_threshold = rank(n, E, "paiSeRankThreshold", 3)?;
    p.se_nb_wins_threshold_active = flag(n, "paiSeNbWinsThresholdActive", true);
    p.se_bar_threshold_active = flag(n, "paiSeBarThresholdActive", true);
    p.se_default_secondary_criteria = number(n, E, "paiSeDefSecCrit", 100_000_000_000)?;
    p.se_minimize_handicap = number(n, E, "paiSeMinimizeHandicap", 0)?;
    p.se_avoid_same_geo = number(n, E, "paiSeAvoidSameGeo", 100_000_000_000)?;
    p.se_prefer_mms_diff_rather_than_same_country =
        number(n, E, "paiSePreferMMSDiffRatherThanSameCountry", 1)?;
    p.se_prefer_mms_diff_rather_than_same_club =
        number(n, E, "paiSePreferMMSDiffRatherThanSameClub", 3)?;
    p.nx1_factor = number(n, E, "paiStandardNX1Factor", 0.5)?;
    Ok(())
}
