//! Every player's scores after each round, as OpenGotha computes them
//! (`Tournament.fillBaseScoringInfoIfNecessary`): number of wins (NBW), McMahon score (MMS),
//! Strasbourg and cup scores, and the tie breaks built on them (SOS, SOS-1, SOS-2, SODOS,
//! SOSOS, CUSS), all in half points (times two; SODOS in quarter points) so that they stay
//! whole numbers. The pairing groups players and the standings order them by these numbers.

mod exploits;
mod opponents;
pub mod placement;

pub use exploits::difficulty;

use super::{GameOutcome, GameResult, PlacementCriterion, Tournament};

/// How a player spent a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Participation {
    /// Not taking part in the round.
    Absent,
    /// Taking part, but neither paired nor given the bye.
    NotAssigned,
    /// Playing a game.
    Paired,
    /// The round's bye.
    Bye,
}

/// One player's scores, each indexed by round (0 is after round 1).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerScores {
    /// McMahon start (`smms`).
    pub mcmahon_start: i32,
    /// How the player spent each round.
    pub participation: Vec<Participation>,
    /// The player's game in each round, an index into the tournament's games.
    pub game: Vec<Option<usize>>,
    /// Number of wins, times two.
    pub nbw_x2: Vec<i32>,
    /// McMahon score, times two.
    pub mms_x2: Vec<i32>,
    /// Strasbourg score, times two.
    pub sts_x2: Vec<i32>,
    /// Cup score, times two.
    pub cps_x2: Vec<i32>,
    /// Sum of opponents' wins, times two.
    pub sosw_x2: Vec<i32>,
    /// The same without the weakest opponent.
    pub sosw_m1_x2: Vec<i32>,
    /// The same without the two weakest opponents.
    pub sosw_m2_x2: Vec<i32>,
    /// Sum of defeated opponents' wins, times four.
    pub sodosw_x4: Vec<i32>,
    /// Sum of opponents' SOSW, times two.
    pub sososw_x2: Vec<i32>,
    /// Cumulative sum of wins, times two.
    pub cussw_x2: Vec<i32>,
    /// Sum of opponents' McMahon scores, times two.
    pub sosm_x2: Vec<i32>,
    /// The same without the weakest opponent.
    pub sosm_m1_x2: Vec<i32>,
    /// The same without the two weakest opponents.
    pub sosm_m2_x2: Vec<i32>,
    /// Sum of defeated opponents' McMahon scores, times four.
    pub sodosm_x4: Vec<i32>,
    /// Sum of opponents' SOSM, times two.
    pub sososm_x2: Vec<i32>,
    /// Cumulative sum of McMahon scores, times two.
    pub cussm_x2: Vec<i32>,
    /// Sum of opponents' Strasbourg scores, times two.
    pub sosts_x2: Vec<i32>,
}

/// The scores of every player (same order as the tournament's players) for every round.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scores {
    /// Rounds computed.
    pub rounds: usize,
    /// Per player.
    pub players: Vec<PlayerScores>,
}

fn at(values: &[i32], round: usize) -> i32 {
    values.get(round).copied().unwrap_or(0)
}

impl Scores {
    /// The value OpenGotha sorts by for `criterion` after round `after` (0-based; -1 is before
    /// round 1, when scores are the McMahon starts), in the criterion's own unit (times two,
    /// times four for SODOS). Direct confrontation depends on the players tied with this one
    /// and is computed by the standings (`direct`); here it is 0.
    pub fn value(
        &self,
        tournament: &Tournament,
        player: usize,
        criterion: PlacementCriterion,
        after: i32,
    ) -> i64 {
        if self.players.get(player).is_none() || tournament.players.get(player).is_none() {
            return 0;
        }
        (placement::placement(criterion).value)(tournament, self, player, after)
    }

    /// Computes every score of every round of `tournament`. Games naming a player or a round
    /// that does not exist are left out.
    pub fn compute(tournament: &Tournament) -> Scores {
        let rounds = (tournament.general.number_of_rounds as usize).clamp(1, super::MAX_ROUNDS);
        let n = tournament.players.len();
        let general = &tournament.general;
        let mut players: Vec<PlayerScores> = tournament
            .players
            .iter()
            .map(|p| PlayerScores {
                mcmahon_start: general.mcmahon_start(p.rank, p.smms_correction),
                participation: (0..rounds)
                    .map(|r| {
                        if p.participating.get(r).copied().unwrap_or(false) {
                            Participation::NotAssigned
                        } else {
                            Participation::Absent
                        }
                    })
                    .collect(),
                game: vec![None; rounds],
                ..PlayerScores::default()
            })
            .collect();
        for (index, g) in tournament.games.iter().enumerate() {
            let r = (g.round as usize).wrapping_sub(1);
            if r >= rounds || g.white >= n || g.black >= n {
                continue;
            }
            for player in [g.white, g.black] {
                if let Some(s) = players.get_mut(player) {
                    if let Some(slot) = s.participation.get_mut(r) {
                        *slot = Participation::Paired;
                    }
                    if let Some(slot) = s.game.get_mut(r) {
                        *slot = Some(index);
                    }
                }
            }
        }
        for r in 0..rounds {
            if let Some(slot) = tournament
                .bye_of(r as u32 + 1)
                .and_then(|b| players.get_mut(b))
                .and_then(|s| s.participation.get_mut(r))
            {
                *slot = Participation::Bye;
            }
        }
        let mut scores = Scores { rounds, players };
        scores.main_scores(tournament);
        scores.opponent_scores(tournament);
        scores
    }

    /// The game `player` played in round `r` (0-based), with the opponent and the points
    /// (times two) the player got, when the player was paired.
    fn played(&self, t: &Tournament, player: usize, r: usize) -> Option<(usize, i32, i32)> {
        let s = self.players.get(player)?;
        if s.participation.get(r) != Some(&Participation::Paired) {
            return None;
        }
        let g = t.games.get((*s.game.get(r)?)?)?;
        let opponent = g.opponent_of(player)?;
        let (points, handicap_sign) = if g.white == player {
            (g.result.white_points_x2(), 1)
        } else {
            (g.result.black_points_x2(), -1)
        };
        Some((opponent, points, handicap_sign * 2 * g.handicap as i32))
    }

    /// NBW, MMS, STS, CPS and CUSS, and their "virtual" variants for
    /// `genCountNotPlayedGamesAsHalfPoint`.
    fn main_scores(&mut self, t: &Tournament) {
        let general = &t.general;
        let rounds = self.rounds;
        let bar_top = 2 * (general.mcmahon_bar - general.mcmahon_zero);
        for player in 0..self.players.len() {
            let mut nbw = vec![0; rounds];
            let mut mms = vec![0; rounds];
            let mut cps = vec![0; rounds];
            let start = self.players.get(player).map_or(0, |s| s.mcmahon_start);
            let (mut absent_nbw, mut absent_mms) = (0, 0);
            let (mut prev_nbw, mut prev_mms, mut prev_cps) = (0, 2 * start, 0);
            for r in 0..rounds {
                let points = self.played(t, player, r).map_or(0, |(_, p, _)| p);
                let participation = self
                    .players
                    .get(player)
                    .and_then(|s| s.participation.get(r).copied());
                match participation {
                    Some(Participation::Absent) => {
                        absent_nbw += general.wins_x2_absent.clamp(0, 2);
                        absent_mms += general.mcmahon_x2_absent.clamp(0, 2);
                    }
                    Some(Participation::Bye) => {
                        absent_nbw += general.wins_x2_bye.clamp(0, 2);
                        absent_mms += general.mcmahon_x2_bye.clamp(0, 2);
                    }
                    _ => {}
                }
                let (add_nbw, add_mms) = if general.round_down_absent_scores {
                    (absent_nbw / 2 * 2, absent_mms / 2 * 2)
                } else {
                    (absent_nbw, absent_mms)
                };
                prev_nbw += points;
                prev_mms += points;
                prev_cps = 2 * prev_cps + points;
                if let (Some(a), Some(b), Some(c)) =
                    (nbw.get_mut(r), mms.get_mut(r), cps.get_mut(r))
                {
                    *a = prev_nbw + add_nbw;
                    *b = prev_mms + add_mms;
                    *c = prev_cps + add_nbw;
                }
            }
            let mut sts = mms.clone();
            let nb = rounds as i32;
            let bonus_from = |k: i32| (nb - k).max(0) as usize;
            if rounds >= 3 && at(&mms, rounds - 3) == bar_top + 2 * (nb - 2) {
                sts.iter_mut().skip(bonus_from(3)).for_each(|v| *v += 4);
            }
            if rounds >= 2 && at(&mms, rounds - 2) == bar_top + 2 * (nb - 1) {
                sts.iter_mut().skip(bonus_from(2)).for_each(|v| *v += 4);
            }
            let cumulate = |v: &[i32]| {
                v.iter()
                    .scan(0, |acc, x| {
                        *acc += x;
                        Some(*acc)
                    })
                    .collect::<Vec<i32>>()
            };
            if let Some(s) = self.players.get_mut(player) {
                s.cussw_x2 = cumulate(&nbw);
                s.cussm_x2 = cumulate(&mms);
                s.nbw_x2 = nbw;
                s.mms_x2 = mms;
                s.sts_x2 = sts;
                s.cps_x2 = cps;
            }
        }
    }

    /// Wins and McMahon scores counting each game not played (absence, bye, result by
    /// default) as half a point, used for the opponents' sums when the tournament says so.
    fn virtual_scores(&self, t: &Tournament) -> Vec<(Vec<i32>, Vec<i32>, Vec<i32>)> {
        (0..self.players.len())
            .map(|player| {
                let start = self.players.get(player).map_or(0, |s| s.mcmahon_start);
                let (mut nbw, mut mms, mut not_played) = (0, 2 * start, 0);
                let mut out = (vec![0; self.rounds], vec![0; self.rounds], Vec::new());
                for r in 0..self.rounds {
                    let game = self
                        .players
                        .get(player)
                        .and_then(|s| s.game.get(r).copied().flatten())
                        .and_then(|g| t.games.get(g));
                    let played = game.is_some_and(|g| !g.result.by_default);
                    if played {
                        let points = self.played(t, player, r).map_or(0, |(_, p, _)| p);
                        nbw += points;
                        mms += points;
                    } else {
                        not_played += 1;
                    }
                    if let (Some(a), Some(b)) = (out.0.get_mut(r), out.1.get_mut(r)) {
                        *a = nbw + not_played;
                        *b = mms + not_played;
                    }
                }
                // OpenGotha keeps no Strasbourg score counting unplayed games as half a point
                // (`getSTSVirtualX2` is never set): its SOSTS reads 0 for every opponent then.
                out.2 = vec![0; self.rounds];
                out
            })
            .collect()
    }
}

/// Whether a result counts as a game actually played (not decided by default).
pub fn was_played(result: GameResult) -> bool {
    !result.by_default && result.outcome != GameOutcome::Unknown
}
