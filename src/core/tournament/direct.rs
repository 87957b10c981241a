//! Direct confrontation (DC) and simplified direct confrontation (SDC), the two placement
//! criteria that look at the games played among players tied on the criteria before them, as
//! the placement help page defines them. Their values only order players within such a tied
//! group, so the standings compute them group by group.

use super::Tournament;

/// Who beat whom among `group` (player indices) in the rounds up to `round` (1-based):
/// `beat[i][j]` when the i-th of the group won a game against the j-th and the j-th did not
/// win it.
fn victories(t: &Tournament, group: &[usize], round: u32) -> Vec<Vec<bool>> {
    let k = group.len();
    let mut beat = vec![vec![false; k]; k];
    for g in t.games.iter().filter(|g| g.round <= round) {
        let (Some(w), Some(b)) = (
            group.iter().position(|&p| p == g.white),
            group.iter().position(|&p| p == g.black),
        ) else {
            continue;
        };
        let (wp, bp) = (g.result.white_points_x2(), g.result.black_points_x2());
        if wp == 2 && bp < 2 {
            if let Some(slot) = beat.get_mut(w).and_then(|row| row.get_mut(b)) {
                *slot = true;
            }
        } else if bp == 2
            && wp < 2
            && let Some(slot) = beat.get_mut(b).and_then(|row| row.get_mut(w))
        {
            *slot = true;
        }
    }
    beat
}

/// SDC of each of `group`: "if they all have played against each others, SDC value for a
/// player is the number of victory amongs its peers. If they haven't, SDC value is 0 for all
/// of them."
pub fn simplified_direct_confrontation(t: &Tournament, group: &[usize], round: u32) -> Vec<i64> {
    let k = group.len();
    let met = |a: usize, b: usize| {
        t.games
            .iter()
            .any(|g| g.round <= round && g.opponent_of(a) == Some(b))
    };
    let all_met = group
        .iter()
        .enumerate()
        .all(|(i, &a)| group.iter().skip(i + 1).all(|&b| met(a, b)));
    if !all_met {
        return vec![0; k];
    }
    victories(t, group, round)
        .iter()
        .map(|row| row.iter().filter(|&&b| b).count() as i64)
        .collect()
}

/// Which players of the group each one reaches by a chain of victories (itself included).
fn reach(beat: &[Vec<bool>]) -> Vec<Vec<bool>> {
    let k = beat.len();
    (0..k)
        .map(|start| {
            let mut seen = vec![false; k];
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                if seen.get(i).copied().unwrap_or(true) {
                    continue;
                }
                if let Some(s) = seen.get_mut(i) {
                    *s = true;
                }
                if let Some(row) = beat.get(i) {
                    stack.extend((0..k).filter(|&j| row.get(j).copied().unwrap_or(false)));
                }
            }
            seen
        })
        .collect()
}

/// DC of each of `group`, `after` holding each one's values of the criteria after DC: "It
/// detects and removes cycles of victories, by putting players forming a cycle in a single
/// 'node' sharing all victories and defeats against other players of the group. Considering
/// all players with no victory against the group, take the one (or the ones, there can be
/// ties) with the lowest score for parameters after DC. Rank this player last. Remove ranked
/// player from the group and iterate previous step." The value is the step at which the
/// player was ranked (0 the last), so that a higher value places higher.
pub fn direct_confrontation(
    t: &Tournament,
    group: &[usize],
    round: u32,
    after: &[Vec<i64>],
) -> Vec<i64> {
    let k = group.len();
    let beat = victories(t, group, round);
    let reach = reach(&beat);
    let linked = |i: usize, j: usize| {
        reach
            .get(i)
            .and_then(|r| r.get(j))
            .copied()
            .unwrap_or(false)
    };
    // Node of each player: the first player of its cycle.
    let node: Vec<usize> = (0..k)
        .map(|i| (0..k).find(|&j| linked(i, j) && linked(j, i)).unwrap_or(i))
        .collect();
    let node_of = |i: usize| node.get(i).copied().unwrap_or(i);
    let best_after = |n: usize| {
        (0..k)
            .filter(|&i| node_of(i) == n)
            .filter_map(|i| after.get(i))
            .max()
            .cloned()
            .unwrap_or_default()
    };
    let mut value = vec![0i64; k];
    let mut left: Vec<usize> = (0..k).filter(|&i| node_of(i) == i).collect();
    let mut step = 0;
    while !left.is_empty() {
        let wins_against_left = |n: usize| {
            (0..k).any(|i| {
                node_of(i) == n
                    && (0..k).any(|j| {
                        node_of(j) != n
                            && left.contains(&node_of(j))
                            && beat.get(i).and_then(|r| r.get(j)).copied().unwrap_or(false)
                    })
            })
        };
        let candidates: Vec<usize> = left
            .iter()
            .copied()
            .filter(|&n| !wins_against_left(n))
            .collect();
        let candidates = if candidates.is_empty() {
            left.clone()
        } else {
            candidates
        };
        let Some(lowest) = candidates.iter().map(|&n| best_after(n)).min() else {
            break;
        };
        let ranked: Vec<usize> = candidates
            .into_iter()
            .filter(|&n| best_after(n) == lowest)
            .collect();
        for (i, v) in value.iter_mut().enumerate() {
            if ranked.contains(&node_of(i)) {
                *v = step;
            }
        }
        left.retain(|n| !ranked.contains(n));
        step += 1;
    }
    value
}
