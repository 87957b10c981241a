//! What the cost of a pair needs to know of each player before a round is paired, computed
//! once per round (OpenGotha's `fillPairingInfo`): the score group the player is in, the place
//! inside it, the draw-ups and draw-downs so far, the colour balance, the opponents so far. The
//! cost of a pair then reads these numbers only, without allocating.

use std::cmp::Ordering;

use super::super::Tournament;
use super::super::rank::{MAX_RANK, MIN_RANK};
use super::super::scores::Scores;
use super::super::{PairingRules, PlacementCriterion};

/// The McMahon groups above the bar that OpenGotha makes room for (`PLA_SMMS_CORR_MAX`).
pub const SMMS_CORRECTION_MAX: i32 = 2;
/// The McMahon groups below the floor that OpenGotha makes room for (`PLA_SMMS_CORR_MIN`).
pub const SMMS_CORRECTION_MIN: i32 = -1;

/// One player as the cost function sees them before the round.
#[derive(Clone, Debug, Default)]
pub struct PairingPlayer {
    /// Index into the tournament's players.
    pub index: usize,
    /// Rank (-30 to 8).
    pub rank: i32,
    /// Category, 0 the strongest.
    pub category: i32,
    /// Score group, 0 the best score.
    pub group: i32,
    /// Players in the group.
    pub group_size: i32,
    /// Place in the group, 0 the first.
    pub inner_placement: i32,
    /// Times drawn up (paired against a better score) so far.
    pub draw_ups: i32,
    /// Times drawn down so far.
    pub draw_downs: i32,
    /// Even games with white minus even games with black so far.
    pub white_black_balance: i32,
    /// McMahon score before the round, in whole points rounded down.
    pub mms: i32,
    /// Wins before the round, times two.
    pub nbw_x2: i32,
    /// McMahon start.
    pub mcmahon_start: i32,
    /// Club as OpenGotha compares it (`club_code`).
    pub club: String,
    /// Country in lower case.
    pub country: String,
    /// Name then first name, in UTF-16 as OpenGotha's random function reads them.
    pub name_units: Vec<u16>,
    /// The opponents of the rounds before.
    pub opponents: Vec<usize>,
}

/// Everything the pairing of one round reads, for every player of the tournament.
#[derive(Clone, Debug)]
pub struct RoundContext<'a> {
    /// The tournament, with the games of the rounds before.
    pub tournament: &'a Tournament,
    /// The round being paired, 1-based.
    pub round: u32,
    /// The scores of every round.
    pub scores: Scores,
    /// Number of score groups (`numberOfGroups`).
    pub number_of_groups: i32,
    /// Per player, in the tournament's order.
    pub players: Vec<PairingPlayer>,
    /// The director's forbidden pairs, as player indices, the smaller first.
    pub forbidden: Vec<(usize, usize)>,
}

/// The club as OpenGotha compares it: its first four characters (OpenGotha keeps no more of
/// a club, `Player.MAX_CLUB_LENGTH`), case ignored.
pub fn club_code(club: &str) -> String {
    let units: Vec<u16> = club.encode_utf16().take(4).collect();
    String::from_utf16_lossy(&units).to_lowercase()
}

/// Compares two names as Java's `String.compareTo` does (UTF-16 code units).
pub fn java_compare(a: &str, b: &str) -> Ordering {
    a.encode_utf16().cmp(b.encode_utf16())
}

impl<'a> RoundContext<'a> {
    /// Prepares the pairing of `round` (1-based) of `tournament` among `pairables` (the
    /// players to pair, the one who will get the bye included): only the games of the rounds
    /// before count, and the score groups hold the pairables only, as in OpenGotha 3.52.
    pub fn new(tournament: &'a Tournament, round: u32, pairables: &[usize]) -> RoundContext<'a> {
        let scores = Scores::compute(tournament);
        let before = round as i32 - 2; // OpenGotha's "round - 1", 0-based
        let general = &tournament.general;
        let mut players: Vec<PairingPlayer> = tournament
            .players
            .iter()
            .enumerate()
            .map(|(index, p)| {
                let mut name_units: Vec<u16> = p.name.encode_utf16().collect();
                name_units.extend(p.first_name.encode_utf16());
                PairingPlayer {
                    index,
                    rank: p.rank.clamp(MIN_RANK, MAX_RANK),
                    category: general.category(p.rank) as i32,
                    mms: (scores.value(tournament, index, PlacementCriterion::Mms, before) / 2)
                        as i32,
                    nbw_x2: scores.value(tournament, index, PlacementCriterion::Nbw, before) as i32,
                    mcmahon_start: general.mcmahon_start(p.rank, p.smms_correction),
                    club: club_code(&p.club),
                    country: p.country.to_lowercase(),
                    name_units,
                    ..PairingPlayer::default()
                }
            })
            .collect();
        for g in tournament.games.iter().filter(|g| g.round < round) {
            if g.white == g.black {
                continue;
            }
            let balance = if g.handicap == 0 { 1 } else { 0 };
            if let Some(w) = players.get_mut(g.white) {
                w.opponents.push(g.black);
                w.white_black_balance += balance;
            }
            if let Some(b) = players.get_mut(g.black) {
                b.opponents.push(g.white);
                b.white_black_balance -= balance;
            }
        }
        let mut context = RoundContext {
            tournament,
            round,
            scores,
            number_of_groups: 0,
            players,
            forbidden: tournament.forbidden_indices(),
        };
        // OpenGotha 3.51 groups every player of the tournament by score, 3.52 only the players
        // being paired.
        match tournament.pairing.rules {
            PairingRules::OpenGotha351 => {
                let everyone: Vec<usize> = (0..tournament.players.len()).collect();
                context.make_groups(&everyone);
            }
            PairingRules::OpenGotha352 => context.make_groups(pairables),
        }
        context.count_draws();
        context
    }

    /// The main score (as OpenGotha groups by it) of `player` after round `after` (0-based;
    /// -1 before the first round), in whole points rounded toward zero.
    pub fn main_score(&self, player: usize, after: i32) -> i64 {
        let main = self.tournament.placement.main_criterion();
        self.scores.value(self.tournament, player, main, after) / 2
    }

    /// `player`'s values of the standings' criteria before this round, in the criteria's
    /// order: what orders players for the pairing and tables by their scores.
    pub fn standing_before(&self, player: usize) -> Vec<i64> {
        let before = self.round as i32 - 2;
        self.tournament
            .placement
            .criteria
            .iter()
            .map(|&c| self.scores.value(self.tournament, player, c, before))
            .collect()
    }

    /// The lowest and highest main score of a group this round (`mainScoreMin`, `mainScoreMax`).
    pub fn main_score_range(&self) -> (i64, i64) {
        let general = &self.tournament.general;
        let r0 = self.round as i64 - 1;
        match self.tournament.placement.main_criterion() {
            PlacementCriterion::Mms | PlacementCriterion::Sts => (
                (general.mcmahon_floor + SMMS_CORRECTION_MIN - MIN_RANK) as i64,
                (general.mcmahon_bar + SMMS_CORRECTION_MAX - MIN_RANK) as i64 + r0,
            ),
            PlacementCriterion::Cps => (0, 1i64 << r0.clamp(0, 30)),
            _ => (0, r0),
        }
    }

    /// The criteria players of one group are ordered by: the standings' criteria, then the
    /// additional criterion of the current seeding system.
    fn group_order_criteria(&self) -> Vec<PlacementCriterion> {
        let pairing = &self.tournament.pairing;
        let mut criteria = self.tournament.placement.criteria.clone();
        criteria.push(if self.round <= pairing.last_round_of_seed_system1 {
            pairing.seeding_criterion1
        } else {
            pairing.seeding_criterion2
        });
        criteria
    }

    /// Score groups of the pairables, strongest category and best score first, each ordered by
    /// the placement criteria then by name: group number, size and place. Every score from the
    /// highest to the lowest possible has a group number, empty or not.
    fn make_groups(&mut self, pairables: &[usize]) {
        let (min, max) = self.main_score_range();
        let span = max - min + 1;
        let before = self.round as i32 - 2;
        let criteria = self.group_order_criteria();
        let t = self.tournament;
        let categories = t.general.number_of_categories.clamp(1, 64) as i64;
        let mut members: Vec<(i64, Vec<i64>, usize)> = Vec::with_capacity(self.players.len());
        for (i, p) in self.players.iter().enumerate() {
            if !pairables.contains(&i) {
                continue;
            }
            let score = self.main_score(i, before);
            if score < min || score > max {
                continue;
            }
            let group = p.category as i64 * span + (max - score);
            let key = criteria
                .iter()
                .map(|&c| self.scores.value(t, i, c, before))
                .collect();
            members.push((group, key, i));
        }
        members.sort_by(|(ga, ka, a), (gb, kb, b)| {
            let (pa, pb) = (t.players.get(*a), t.players.get(*b));
            ga.cmp(gb)
                .then_with(|| kb.cmp(ka))
                .then_with(|| java_compare(pa.map_or("", |p| &p.name), pb.map_or("", |p| &p.name)))
                .then_with(|| {
                    java_compare(
                        pa.map_or("", |p| &p.first_name),
                        pb.map_or("", |p| &p.first_name),
                    )
                })
        });
        let mut start = 0;
        while start < members.len() {
            let group = members.get(start).map_or(0, |m| m.0);
            let end = members
                .iter()
                .skip(start)
                .position(|m| m.0 != group)
                .map_or(members.len(), |k| start + k);
            let size = (end - start) as i32;
            for (place, m) in members.iter().skip(start).take(end - start).enumerate() {
                if let Some(p) = self.players.get_mut(m.2) {
                    p.group = group as i32;
                    p.group_size = size;
                    p.inner_placement = place as i32;
                }
            }
            start = end;
        }
        self.number_of_groups = (categories * span).clamp(1, i32::MAX as i64) as i32;
    }

    /// Draw-ups and draw-downs of the rounds before: a player paired against a better main
    /// score (before that round) was drawn up, against a worse one drawn down.
    fn count_draws(&mut self) {
        let t = self.tournament;
        for g in t
            .games
            .iter()
            .filter(|g| g.round < self.round && g.round >= 1)
        {
            let before = g.round as i32 - 2;
            let w = self.main_score(g.white, before);
            let b = self.main_score(g.black, before);
            let (up, down) = match w.cmp(&b) {
                Ordering::Less => (g.white, g.black),
                Ordering::Greater => (g.black, g.white),
                Ordering::Equal => continue,
            };
            if let Some(p) = self.players.get_mut(up) {
                p.draw_ups += 1;
            }
            if let Some(p) = self.players.get_mut(down) {
                p.draw_downs += 1;
            }
        }
    }
}
