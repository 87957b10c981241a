//! The opponents' sums of the scores (OpenGotha's steps 4 and 5 of
//! `fillBaseScoringInfoIfNecessary`): SOS, SOS-1, SOS-2, SODOS and SOSOS on wins and on
//! McMahon scores, and SOSTS, each after every round. A round not played counts the player's
//! own McMahon start; a handicap game counts the opponent's score corrected by the handicap.

use super::{Scores, at};
use crate::core::tournament::Tournament;

impl Scores {
    /// SOS, SOS-1, SOS-2, SODOS and SOSOS on wins and on McMahon scores, and SOSTS.
    pub(super) fn opponent_scores(&mut self, t: &Tournament) {
        let virtual_mode = t.general.count_not_played_as_half_point;
        let virtuals = if virtual_mode {
            self.virtual_scores(t)
        } else {
            Vec::new()
        };
        let n = self.players.len();
        let rounds = self.rounds;
        let mut computed: Vec<[Vec<i32>; 9]> = Vec::with_capacity(n);
        for player in 0..n {
            let start2 = 2 * self.players.get(player).map_or(0, |s| s.mcmahon_start);
            let mut out: [Vec<i32>; 9] = Default::default();
            for v in out.iter_mut() {
                *v = vec![0; rounds];
            }
            for r in 0..rounds {
                let mut osw = vec![0; r + 1];
                let mut osm = vec![0; r + 1];
                let (mut sds_w, mut sds_m, mut sosts) = (0, 0, 0);
                for (rr, (w, m)) in osw.iter_mut().zip(osm.iter_mut()).enumerate() {
                    match self.played(t, player, rr) {
                        None => {
                            *m = start2;
                            sosts += start2;
                        }
                        Some((opp, points, hd)) => {
                            let o = self.players.get(opp);
                            let (nbw, mms, sts) = if virtual_mode {
                                let v = virtuals.get(opp);
                                (
                                    v.map_or(0, |v| at(&v.0, r)),
                                    v.map_or(0, |v| at(&v.1, r)),
                                    v.map_or(0, |v| at(&v.2, r)),
                                )
                            } else {
                                (
                                    o.map_or(0, |o| at(&o.nbw_x2, r)),
                                    o.map_or(0, |o| at(&o.mms_x2, r)),
                                    o.map_or(0, |o| at(&o.sts_x2, r)),
                                )
                            };
                            *w = nbw;
                            *m = mms + hd;
                            sosts += sts + hd;
                            sds_w += nbw * points;
                            sds_m += *m * points;
                        }
                    }
                }
                let sos_w: i32 = osw.iter().sum();
                let sos_m: i32 = osm.iter().sum();
                let (w1, w2) = without_weakest(&osw, sos_w);
                let (m1, m2) = without_weakest(&osm, sos_m);
                let m1 = if r >= 2 { m1 } else { 0 };
                let m2 = if r >= 2 { m2 } else { 0 };
                for (k, value) in [sos_w, w1, w2, sds_w, sos_m, m1, m2, sds_m, sosts]
                    .into_iter()
                    .enumerate()
                {
                    if let Some(slot) = out.get_mut(k).and_then(|v| v.get_mut(r)) {
                        *slot = value;
                    }
                }
            }
            computed.push(out);
        }
        for (s, out) in self.players.iter_mut().zip(computed) {
            let [a, b, c, d, e, f, g, h, i] = out;
            s.sosw_x2 = a;
            s.sosw_m1_x2 = b;
            s.sosw_m2_x2 = c;
            s.sodosw_x4 = d;
            s.sosm_x2 = e;
            s.sosm_m1_x2 = f;
            s.sosm_m2_x2 = g;
            s.sodosm_x4 = h;
            s.sosts_x2 = i;
        }
        self.sosos(t);
    }

    /// SOSOS on wins and McMahon scores: the sum of the opponents' SOS, a round not played
    /// counting the player's own start for every round so far.
    fn sosos(&mut self, t: &Tournament) {
        let (n, rounds) = (self.players.len(), self.rounds);
        let mut sosos = Vec::with_capacity(n);
        for player in 0..n {
            let start2 = 2 * self.players.get(player).map_or(0, |s| s.mcmahon_start);
            let mut w = vec![0; rounds];
            let mut m = vec![0; rounds];
            for r in 0..rounds {
                let (mut sw, mut sm) = (0, 0);
                for rr in 0..=r {
                    match self
                        .played(t, player, rr)
                        .and_then(|(o, _, _)| self.players.get(o))
                    {
                        None => sm += start2 * (r as i32 + 1),
                        Some(o) => {
                            sw += at(&o.sosw_x2, r);
                            sm += at(&o.sosm_x2, r);
                        }
                    }
                }
                if let (Some(a), Some(b)) = (w.get_mut(r), m.get_mut(r)) {
                    *a = sw;
                    *b = sm;
                }
            }
            sosos.push((w, m));
        }
        for (s, (w, m)) in self.players.iter_mut().zip(sosos) {
            s.sososw_x2 = w;
            s.sososm_x2 = m;
        }
    }
}

/// The sum without the weakest value, and without the two weakest, as OpenGotha drops them
/// (the first weakest in round order; with two values, the best one is kept).
fn without_weakest(values: &[i32], sum: i32) -> (i32, i32) {
    match values {
        [] | [_] => (0, 0),
        [a, b] => ((*a).max(*b), 0),
        _ => {
            let mut min1 = 0;
            for (i, v) in values.iter().enumerate() {
                if *v < at(values, min1) {
                    min1 = i;
                }
            }
            let mut min2 = if min1 == 0 { 1 } else { 0 };
            for (i, v) in values.iter().enumerate() {
                if i != min1 && *v < at(values, min2) {
                    min2 = i;
                }
            }
            let m1 = sum - at(values, min1);
            (m1, m1 - at(values, min2))
        }
    }
}
