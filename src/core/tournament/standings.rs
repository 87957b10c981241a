//! The standings after a round: players ordered by the placement criteria of the
//! `PlacementParameterSet` (OpenGotha's "Placement settings"), players equal on every
//! criterion sharing a place. Each criterion is read by one function from the scores table.

use super::scores::Scores;
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

/// The function giving a criterion's value for a player after a round (0-based).
pub type CriterionValue = fn(&Tournament, &Scores, usize, i32) -> i64;

/// Each placement criterion with the function giving its value for a player after a round
/// (0-based), as the standings compare it: the higher the better (the category counts
/// negatively, as in OpenGotha). Exploits (EXT, EXR) and direct confrontation (DC, SDC) are
/// not computed and leave players tied.
pub const CRITERIA: [(PlacementCriterion, CriterionValue); 25] = {
    use PlacementCriterion::*;
    [
        (Null, |_, _, _, _| 0),
        (Category, |t, s, p, r| s.value(t, p, Category, r)),
        (Rank, |t, s, p, r| s.value(t, p, Rank, r)),
        (Rating, |t, s, p, r| s.value(t, p, Rating, r)),
        (Nbw, |t, s, p, r| s.value(t, p, Nbw, r)),
        (Mms, |t, s, p, r| s.value(t, p, Mms, r)),
        (Sts, |t, s, p, r| s.value(t, p, Sts, r)),
        (Cps, |t, s, p, r| s.value(t, p, Cps, r)),
        (Sosw, |t, s, p, r| s.value(t, p, Sosw, r)),
        (SoswM1, |t, s, p, r| s.value(t, p, SoswM1, r)),
        (SoswM2, |t, s, p, r| s.value(t, p, SoswM2, r)),
        (Sodosw, |t, s, p, r| s.value(t, p, Sodosw, r)),
        (Sososw, |t, s, p, r| s.value(t, p, Sososw, r)),
        (Cussw, |t, s, p, r| s.value(t, p, Cussw, r)),
        (Sosm, |t, s, p, r| s.value(t, p, Sosm, r)),
        (SosmM1, |t, s, p, r| s.value(t, p, SosmM1, r)),
        (SosmM2, |t, s, p, r| s.value(t, p, SosmM2, r)),
        (Sodosm, |t, s, p, r| s.value(t, p, Sodosm, r)),
        (Sososm, |t, s, p, r| s.value(t, p, Sososm, r)),
        (Cussm, |t, s, p, r| s.value(t, p, Cussm, r)),
        (Sosts, |t, s, p, r| s.value(t, p, Sosts, r)),
        (Ext, |_, _, _, _| 0), // not computed
        (Exr, |_, _, _, _| 0), // not computed
        (Sdc, |_, _, _, _| 0), // not computed
        (Dc, |_, _, _, _| 0),  // not computed
    ]
};

/// The function of `criterion` in [`CRITERIA`].
pub fn criterion_value(criterion: PlacementCriterion) -> CriterionValue {
    CRITERIA
        .iter()
        .find(|(c, _)| *c == criterion)
        .map_or(|_, _, _, _| 0, |(_, f)| *f)
}

/// The standings after `round` (1-based) of all finally registered players.
pub fn standings(t: &Tournament, round: u32) -> Vec<Standing> {
    let scores = Scores::compute(t);
    let after = round as i32 - 1;
    let functions: Vec<CriterionValue> = t
        .placement
        .criteria
        .iter()
        .map(|&c| criterion_value(c))
        .collect();
    let mut lines: Vec<Standing> = (0..t.players.len())
        .filter(|&p| {
            t.players
                .get(p)
                .is_some_and(|pl| pl.registration == super::Registration::Final)
        })
        .map(|p| Standing {
            player: p,
            place: 0,
            values: functions.iter().map(|f| f(t, &scores, p, after)).collect(),
        })
        .collect();
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
