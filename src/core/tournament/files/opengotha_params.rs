//! The four parameter sets of OpenGotha's tournament file (`GeneralParameterSet`,
//! `HandicapParameterSet`, `PlacementParameterSet`, `PairingParameterSet`) read into the
//! tournament, each attribute left out taking OpenGotha's default.

use super::xml::{FileError, XmlNode, child, number, rank, text};
use crate::core::tournament::param_rows::{GENERAL_PARAMETERS, HANDICAP_PARAMETERS, Row};
use crate::core::tournament::params::{PAIRING_ATTRIBUTES_DROPPED, PAIRING_PARAMETERS, Setting};
use crate::core::tournament::rank::parse_rank;
use crate::core::tournament::{
    DrawMode, MAX_ROUNDS, PairingParameterSet, PlacementCriterion, SeedSystem, Tournament,
};

/// Reads the `TournamentParameterSet` element into the tournament's parameter sets. An
/// attribute left out takes the value OpenGotha's reader gives it, which is not always the
/// default of a tournament created in OpenGotha (a bye is worth nothing, say).
pub(super) fn read_parameters(tps: XmlNode, t: &mut Tournament) -> Result<(), FileError> {
    if let Some(n) = child(tps, "GeneralParameterSet") {
        read_general(n, t)?;
    }
    let mut t_unknown = Vec::new();
    if let Some(n) = child(tps, "HandicapParameterSet") {
        read_rows(
            n,
            "HandicapParameterSet",
            &HANDICAP_PARAMETERS,
            &mut t.handicap,
        )?;
        let h = &mut t.handicap;
        // OpenGotha 3.52 names the setting `hdBase`: the rank, the McMahon score, or its
        // Breizh score, which this app does not compute.
        match super::xml::attribute(n, "hdBase") {
            None => {}
            Some("RANK") => h.on_mcmahon_score = false,
            Some("MMS") => h.on_mcmahon_score = true,
            Some(other) => t_unknown.push(format!("hdBase={other}")),
        }
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
            let known = PAIRING_PARAMETERS.iter().any(|p| p.attribute == a.name())
                || PAIRING_ATTRIBUTES_DROPPED.contains(&a.name());
            if !known {
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

/// Reads each row's parameter of element `n` into `set`, a parameter left out taking the
/// row's default.
fn read_rows<S>(
    n: XmlNode,
    element: &'static str,
    rows: &[Row<S>],
    set: &mut S,
) -> Result<(), FileError> {
    for row in rows {
        let value = super::xml::attribute(n, row.attribute).unwrap_or(row.default);
        row.set(set, value).ok_or_else(|| FileError::BadValue {
            element,
            attribute: row.attribute,
            value: value.to_string(),
        })?;
    }
    Ok(())
}

fn read_general(n: XmlNode, t: &mut Tournament) -> Result<(), FileError> {
    read_rows(
        n,
        "GeneralParameterSet",
        &GENERAL_PARAMETERS,
        &mut t.general,
    )?;
    let g = &mut t.general;
    if g.mcmahon_bar < g.mcmahon_floor {
        return Err(FileError::BarBelowFloor {
            bar: text(n, "genMMBar", ""),
            floor: text(n, "genMMFloor", ""),
        });
    }
    if g.number_of_rounds as usize > MAX_ROUNDS {
        return Err(FileError::BadRound {
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
        if !GENERAL_PARAMETERS.iter().any(|r| r.attribute == a.name()) {
            g.other.insert(a.name().to_string(), a.value().to_string());
        }
    }
    Ok(())
}

/// Reads each pairing parameter of [`PAIRING_PARAMETERS`], a parameter left out taking the
/// row's default.
fn read_pairing(n: XmlNode, p: &mut PairingParameterSet) -> Result<(), FileError> {
    const E: &str = "PairingParameterSet";
    for row in &PAIRING_PARAMETERS {
        let a = row.attribute;
        let value = super::xml::attribute(n, a).unwrap_or(row.default);
        let bad = || FileError::BadValue {
            element: E,
            attribute: a,
            value: value.to_string(),
        };
        match row.setting {
            Setting::Weight(f) => *f(p) = value.trim().parse().map_err(|_| bad())?,
            Setting::Whole(f) => *f(p) = value.trim().parse().map_err(|_| bad())?,
            Setting::Round(f) => *f(p) = value.trim().parse().map_err(|_| bad())?,
            Setting::Fraction(f) => *f(p) = value.trim().parse().map_err(|_| bad())?,
            Setting::Flag(f) => *f(p) = value.trim().eq_ignore_ascii_case("true"),
            Setting::Rank(f) => *f(p) = parse_rank(value).ok_or_else(bad)?,
            Setting::Draw(f) => *f(p) = DrawMode::from_name(value).ok_or_else(bad)?,
            Setting::Seed(f) => *f(p) = SeedSystem::from_name(value).ok_or_else(bad)?,
            Setting::Criterion(f) => *f(p) = PlacementCriterion::from_name(value),
        }
    }
    Ok(())
}
