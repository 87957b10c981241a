//! OpenGotha's placement criteria as data: one row per criterion giving its name in words,
//! the name OpenGotha's file gives it, OpenGotha's short name for a results table's heading,
//! the unit its value counts in, and the function giving its value. A new criterion is one
//! function and one row (and its variant of [`PlacementCriterion`]).

use super::{PlayerScores, Scores, at};
use crate::core::tournament::{PlacementCriterion, Tournament};

/// The function giving a criterion's value for a player after a round (0-based; -1 is before
/// round 1, when the scores are the McMahon starts), the higher the better.
pub type CriterionValue = fn(&Tournament, &Scores, usize, i32) -> i64;

/// One placement criterion.
pub struct Placement {
    pub criterion: PlacementCriterion,
    /// What it counts, in words.
    pub words: &'static str,
    /// Its name in OpenGotha's file (`PlacementCriterion name`, `paiMaAdditionalPlacement…`).
    pub file_name: &'static str,
    /// OpenGotha's short name in a results table's heading (`SOS` for SOSW and SOSM).
    pub short_name: &'static str,
    /// How many of its value make one point: 2 for scores kept in half points, 4 for the
    /// quarter points of SODOS, 1 for what is no score.
    pub unit: i64,
    /// Its value for a player after a round. Direct confrontation (DC, SDC) orders players
    /// tied on the criteria before it: its function gives 0 and the standings fill it in.
    pub value: CriterionValue,
}

const fn row(
    criterion: PlacementCriterion,
    words: &'static str,
    file_name: &'static str,
    short_name: &'static str,
    unit: i64,
    value: CriterionValue,
) -> Placement {
    Placement {
        criterion,
        words,
        file_name,
        short_name,
        unit,
        value,
    }
}

/// Every placement criterion OpenGotha has.
pub const PLACEMENT: [Placement; 25] = {
    use PlacementCriterion::*;
    [
        row(Null, "none", "NULL", "NULL", 1, nothing),
        row(Category, "category", "CAT", "CAT", 1, category),
        row(Rank, "rank", "Rank", "Rank", 1, rank),
        row(Rating, "rating", "Rating", "Rating", 1, rating),
        row(Nbw, "number of wins", "NBW", "NBW", 2, wins),
        row(Mms, "McMahon score", "MMS", "MMS", 2, mcmahon),
        row(Sts, "Strasbourg score", "STS", "STS", 2, strasbourg),
        row(Cps, "cup score", "CPS", "CPS", 2, cup),
        row(Sosw, "sum of opponents' wins", "SOSW", "SOS", 2, sosw),
        row(
            SoswM1,
            "the same, without the weakest opponent",
            "SOSW-1",
            "SOS-1",
            2,
            sosw_1,
        ),
        row(
            SoswM2,
            "the same, without the two weakest",
            "SOSW-2",
            "SOS-2",
            2,
            sosw_2,
        ),
        row(
            Sodosw,
            "sum of defeated opponents' wins",
            "SODOSW",
            "SODOS",
            4,
            sodosw,
        ),
        row(
            Sososw,
            "sum of opponents' SOSW",
            "SOSOSW",
            "SOSOS",
            2,
            sososw,
        ),
        row(Cussw, "cumulative sum of wins", "CUSSW", "CUSS", 2, cussw),
        row(
            Sosm,
            "sum of opponents' McMahon scores",
            "SOSM",
            "SOS",
            2,
            sosm,
        ),
        row(
            SosmM1,
            "the same, without the weakest opponent",
            "SOSM-1",
            "SOS-1",
            2,
            sosm_1,
        ),
        row(
            SosmM2,
            "the same, without the two weakest",
            "SOSM-2",
            "SOS-2",
            2,
            sosm_2,
        ),
        row(
            Sodosm,
            "sum of defeated opponents' McMahon scores",
            "SODOSM",
            "SODOS",
            4,
            sodosm,
        ),
        row(
            Sososm,
            "sum of opponents' SOSM",
            "SOSOSM",
            "SOSOS",
            2,
            sososm,
        ),
        row(
            Cussm,
            "cumulative sum of McMahon scores",
            "CUSSM",
            "CUSS",
            2,
            cussm,
        ),
        row(
            Sosts,
            "sum of opponents' Strasbourg scores",
            "SOSTS",
            "SOSTS",
            2,
            sosts,
        ),
        row(Ext, "exploits attempted", "EXT", "EXT", 2, exploits_tried),
        row(Exr, "exploits achieved", "EXR", "EXR", 2, exploits_won),
        row(
            Sdc,
            "simplified direct confrontation",
            "SDC",
            "SDC",
            1,
            nothing,
        ),
        row(Dc, "direct confrontation", "DC", "DC", 1, nothing),
    ]
};

/// The row of `criterion`.
pub fn placement(criterion: PlacementCriterion) -> &'static Placement {
    PLACEMENT
        .iter()
        .find(|p| p.criterion == criterion)
        .unwrap_or(&PLACEMENT[0])
}

impl PlacementCriterion {
    /// The criterion a file names (case ignored; `None` and unknown names are no criterion).
    pub fn from_name(name: &str) -> PlacementCriterion {
        PLACEMENT
            .iter()
            .find(|p| p.file_name.eq_ignore_ascii_case(name))
            .map_or(PlacementCriterion::Null, |p| p.criterion)
    }

    /// The name OpenGotha's file gives the criterion.
    pub fn name(self) -> &'static str {
        placement(self).file_name
    }
}

/// A player's score kept per round, after round `after`; before round 1, none.
fn kept(s: &Scores, p: usize, after: i32, score: fn(&PlayerScores) -> &Vec<i32>) -> i64 {
    match (s.players.get(p), usize::try_from(after)) {
        (Some(player), Ok(r)) => at(score(player), r) as i64,
        _ => 0,
    }
}

/// A score that starts from the McMahon start: before round 1, the start itself.
fn from_start(s: &Scores, p: usize, after: i32, score: fn(&PlayerScores) -> &Vec<i32>) -> i64 {
    match (s.players.get(p), usize::try_from(after)) {
        (Some(player), Ok(r)) => at(score(player), r) as i64,
        (Some(player), Err(_)) => 2 * player.mcmahon_start as i64,
        (None, _) => 0,
    }
}

fn nothing(_: &Tournament, _: &Scores, _: usize, _: i32) -> i64 {
    0
}

/// Counted negatively, as in OpenGotha: the first category is the best.
fn category(t: &Tournament, _: &Scores, p: usize, _: i32) -> i64 {
    t.players
        .get(p)
        .map_or(0, |p| -(t.general.category(p.rank) as i64))
}

fn rank(t: &Tournament, _: &Scores, p: usize, _: i32) -> i64 {
    t.players.get(p).map_or(0, |p| p.rank as i64)
}

fn rating(t: &Tournament, _: &Scores, p: usize, _: i32) -> i64 {
    t.players.get(p).map_or(0, |p| p.rating as i64)
}

fn wins(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.nbw_x2)
}

fn mcmahon(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    from_start(s, p, r, |x| &x.mms_x2)
}

fn strasbourg(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    from_start(s, p, r, |x| &x.sts_x2)
}

fn cup(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.cps_x2)
}

fn sosw(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosw_x2)
}

fn sosw_1(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosw_m1_x2)
}

fn sosw_2(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosw_m2_x2)
}

fn sodosw(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sodosw_x4)
}

fn sososw(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sososw_x2)
}

fn cussw(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.cussw_x2)
}

fn sosm(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosm_x2)
}

fn sosm_1(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosm_m1_x2)
}

fn sosm_2(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosm_m2_x2)
}

fn sodosm(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sodosm_x4)
}

fn sososm(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sososm_x2)
}

fn cussm(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.cussm_x2)
}

fn sosts(_: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    kept(s, p, r, |x| &x.sosts_x2)
}

fn exploits_tried(t: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    s.exploits(t, p, r).0
}

fn exploits_won(t: &Tournament, s: &Scores, p: usize, r: i32) -> i64 {
    s.exploits(t, p, r).1
}
