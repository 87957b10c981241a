//! The standings after a round: players ordered by the placement criteria of the
//! `PlacementParameterSet` (OpenGotha's "Placement settings"), players equal on every
//! criterion sharing a place. Each criterion is read by one function from the scores table.

use super::direct::{direct_confrontation, simplified_direct_confrontation};
use super::scores::Scores;
use super::scores::placement::placement;
use super::{PlacementCriterion, Tournament};

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Index into the tournament's players.
    pub player: usize,
    /// Place, 1 the first; tied players share it.
    pub place: u32,
    /// The value of each criterion, in the criterion's unit (half points, quarter for SODOS).
    pub values: Vec<i64>,
}

pub use super::scores::placement::CriterionValue;

/// The function of `criterion`: its row of [`PLACEMENT`](super::scores::placement::PLACEMENT).
pub fn criterion_value(criterion: PlacementCriterion) -> CriterionValue {
    placement(criterion).value
}

/// Whether every game of `round` has its result (and the round has a game).
pub fn round_complete(t: &Tournament, round: u32) -> bool {
    let mut games = t.games_of(round).peekable();
    games.peek().is_some() && games.all(|g| g.result.outcome != super::GameOutcome::Unknown)
}

/// The round whose standings are shown while the director works on round `upto`: the last
/// round up to it whose results are all in (a round just paired counts no unplayed game), or
/// `None` while no round is complete. The director may ask for another; this is the default.
pub fn standings_round(t: &Tournament, upto: u32) -> Option<u32> {
    (1..=upto).rev().find(|&n| round_complete(t, n))
}

/// The standings after `round` (1-based), listing the players OpenGotha lists: those who
/// played a game or had the bye in one of the rounds up to `round`, whatever their
/// registration, or every player when the file's display settings ask for it
/// (`displayNPPlayers`). A registered player who never plays is not placed.
pub fn standings(t: &Tournament, round: u32) -> Vec<Standing> {
    let scores = Scores::compute(t);
    let after = round as i32 - 1;
    let functions: Vec<CriterionValue> = t
        .placement
        .criteria
        .iter()
        .map(|&c| criterion_value(c))
        .collect();
    let everyone = t.placement.lists_players_without_games();
    let mut listed = vec![everyone; t.players.len()];
    for g in t.games.iter().filter(|g| g.round <= round) {
        for p in [g.white, g.black] {
            if let Some(l) = listed.get_mut(p) {
                *l = true;
            }
        }
    }
    for r in 1..=round {
        if let Some(l) = t.bye_of(r).and_then(|b| listed.get_mut(b)) {
            *l = true;
        }
    }
    let mut lines: Vec<Standing> = (0..t.players.len())
        .filter(|&p| listed.get(p).copied().unwrap_or(false))
        .map(|p| Standing {
            player: p,
            place: 0,
            values: functions.iter().map(|f| f(t, &scores, p, after)).collect(),
        })
        .collect();
    direct_confrontations(t, &mut lines, round);
    lines.sort_by(|a, b| {
        b.values.cmp(&a.values).then_with(|| {
            let name = |s: &Standing| {
                t.players
                    .get(s.player)
                    .map(|p| (p.name.clone(), p.first_name.clone()))
            };
            name(a).cmp(&name(b))
        })
    });
    let mut place = 0;
    let mut previous: Option<Vec<i64>> = None;
    for (i, line) in lines.iter_mut().enumerate() {
        if previous.as_ref() != Some(&line.values) {
            place = i as u32 + 1;
            previous = Some(line.values.clone());
        }
        line.place = place;
    }
    lines
}

/// Fills in the DC and SDC values of `lines` (standings after `round`, 1-based): for each such
/// criterion, in the order of the criteria, the players equal on every criterion before it
/// form a group, and the group's games decide (see `direct`).
pub fn direct_confrontations(t: &Tournament, lines: &mut [Standing], round: u32) {
    for (i, &criterion) in t.placement.criteria.iter().enumerate() {
        if !matches!(criterion, PlacementCriterion::Dc | PlacementCriterion::Sdc) {
            continue;
        }
        let prefix = |s: &Standing| s.values.get(..i).map(<[i64]>::to_vec).unwrap_or_default();
        let mut groups: Vec<(Vec<i64>, Vec<usize>)> = Vec::new();
        for (line, s) in lines.iter().enumerate() {
            let key = prefix(s);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, members)) => members.push(line),
                None => groups.push((key, vec![line])),
            }
        }
        for (_, members) in groups {
            let players: Vec<usize> = members
                .iter()
                .filter_map(|&l| lines.get(l).map(|s| s.player))
                .collect();
            let values = if criterion == PlacementCriterion::Sdc {
                simplified_direct_confrontation(t, &players, round)
            } else {
                let after: Vec<Vec<i64>> = members
                    .iter()
                    .filter_map(|&l| lines.get(l))
                    .map(|s| {
                        s.values
                            .get(i + 1..)
                            .map(<[i64]>::to_vec)
                            .unwrap_or_default()
                    })
                    .collect();
                direct_confrontation(t, &players, round, &after)
            };
            for (&l, v) in members.iter().zip(values) {
                if let Some(slot) = lines.get_mut(l).and_then(|s| s.values.get_mut(i)) {
                    *slot = v;
                }
            }
        }
    }
}

/// A criterion's value in points as the standings show it (`3`, `3.5`, `12.25`).
pub fn points(criterion: PlacementCriterion, value: i64) -> String {
    let unit = placement(criterion).unit.unsigned_abs().max(1);
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    let (whole, rest) = (magnitude / unit, magnitude % unit * 100 / unit);
    match rest {
        0 => format!("{sign}{whole}"),
        50 => format!("{sign}{whole}.5"),
        hundredths => format!("{sign}{whole}.{hundredths}"),
    }
}

/// The criteria the standings show as columns: the placement criteria but `NULL`.
pub fn shown_criteria(t: &Tournament) -> Vec<PlacementCriterion> {
    t.placement
        .criteria
        .iter()
        .copied()
        .filter(|&c| c != PlacementCriterion::Null)
        .collect()
}
