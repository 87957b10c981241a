//! Direct confrontation (DC) and simplified direct confrontation (SDC), the two placement
//! criteria that look at the games played among players tied on the criteria before them, as
//! the placement help page defines them. Their values only order players within such a tied
//! group, so the standings compute them group by group.

use super::Tournament;

/// The games among `group` (player indices) in the rounds up to `round` (1-based), as pairs
/// of positions in the group, with who won: `(i, j, i_won, j_won)`.
fn games_within(t: &Tournament, group: &[usize], round: u32) -> Vec<(usize, usize, bool, bool)> {
    let mut position = vec![None; t.players.len()];
    for (i, &p) in group.iter().enumerate() {
        if let Some(slot) = position.get_mut(p) {
            *slot = Some(i);
        }
    }
    let at = |p: usize| position.get(p).copied().flatten();
    t.games
        .iter()
        .filter(|g| g.round <= round && g.white != g.black)
        .filter_map(|g| {
            let (w, b) = (at(g.white)?, at(g.black)?);
            Some((
                w,
                b,
                g.result.white_points_x2() == 2,
                g.result.black_points_x2() == 2,
            ))
        })
        .collect()
}

/// Who beat whom: for each of the group, the positions of the players they won against
/// (a game both won is no victory over the other).
fn victories(t: &Tournament, group: &[usize], round: u32) -> Vec<Vec<usize>> {
    let mut beat = vec![Vec::new(); group.len()];
    for (w, b, w_won, b_won) in games_within(t, group, round) {
        let winner = match (w_won, b_won) {
            (true, false) => Some((w, b)),
            (false, true) => Some((b, w)),
            _ => None,
        };
        if let Some((x, y)) = winner
            && let Some(list) = beat.get_mut(x)
            && !list.contains(&y)
        {
            list.push(y);
        }
    }
    beat
}

/// SDC of each of `group`: "if they all have played against each others, SDC value for a
/// player is the number of victory amongs its peers. If they haven't, SDC value is 0 for all
/// of them."
pub fn simplified_direct_confrontation(t: &Tournament, group: &[usize], round: u32) -> Vec<i64> {
    let k = group.len();
    let mut met = vec![false; k * k];
    for (w, b, _, _) in games_within(t, group, round) {
        for cell in [w * k + b, b * k + w] {
            if let Some(m) = met.get_mut(cell) {
                *m = true;
            }
        }
    }
    let all_met = (0..k).all(|i| (0..k).all(|j| i == j || met.get(i * k + j) == Some(&true)));
    if !all_met {
        return vec![0; k];
    }
    victories(t, group, round)
        .iter()
        .map(|beaten| beaten.len() as i64)
        .collect()
}

/// Which players of the group each one reaches by a chain of victories (itself included).
fn reach(beat: &[Vec<usize>]) -> Vec<Vec<bool>> {
    let k = beat.len();
    (0..k)
        .map(|start| {
            let mut seen = vec![false; k];
            let mut stack = vec![start];
            while let Some(i) = stack.pop() {
                match seen.get_mut(i) {
                    Some(s) if !*s => *s = true,
                    _ => continue,
                }
                if let Some(next) = beat.get(i) {
                    stack.extend(next.iter().copied());
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
/// player was ranked (0 the last), so that a higher value places higher. A node's score after
/// DC is its best player's.
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
    // The node of each player: the first player of its cycle.
    let node: Vec<usize> = (0..k)
        .map(|i| (0..k).find(|&j| linked(i, j) && linked(j, i)).unwrap_or(i))
        .collect();
    let node_of = |i: usize| node.get(i).copied().unwrap_or(i);
    // Each node's victories over other nodes, its defeats, and its best score after DC.
    let mut beats: Vec<Vec<usize>> = vec![Vec::new(); k];
    let mut beaten_by: Vec<Vec<usize>> = vec![Vec::new(); k];
    let mut best: Vec<Option<&Vec<i64>>> = vec![None; k];
    for (i, list) in beat.iter().enumerate() {
        let n = node_of(i);
        for m in list.iter().map(|&j| node_of(j)).filter(|&m| m != n) {
            if let Some(b) = beats.get_mut(n).filter(|b| !b.contains(&m)) {
                b.push(m);
                if let Some(by) = beaten_by.get_mut(m) {
                    by.push(n);
                }
            }
        }
        if let (Some(slot), Some(values)) = (best.get_mut(n), after.get(i)) {
            *slot = Some(slot.map_or(values, |b| b.max(values)));
        }
    }
    let mut wins_left: Vec<usize> = beats.iter().map(Vec::len).collect();
    let mut left: Vec<bool> = (0..k).map(|i| node_of(i) == i).collect();
    let mut node_value = vec![0i64; k];
    let mut step = 0;
    while left.contains(&true) {
        let candidates: Vec<usize> = (0..k)
            .filter(|&n| left.get(n) == Some(&true) && wins_left.get(n) == Some(&0))
            .collect();
        // A node always has no victory left once cycles are nodes; kept for safety.
        let candidates = if candidates.is_empty() {
            (0..k).filter(|&n| left.get(n) == Some(&true)).collect()
        } else {
            candidates
        };
        let score = |n: usize| best.get(n).copied().flatten();
        let Some(lowest) = candidates.iter().map(|&n| score(n)).min() else {
            break;
        };
        for &n in candidates.iter().filter(|&&n| score(n) == lowest) {
            if let Some(l) = left.get_mut(n) {
                *l = false;
            }
            if let Some(v) = node_value.get_mut(n) {
                *v = step;
            }
            for &m in beaten_by.get(n).map_or(&[][..], |v| v.as_slice()) {
                if let Some(w) = wins_left.get_mut(m) {
                    *w = w.saturating_sub(1);
                }
            }
        }
        step += 1;
    }
    (0..k)
        .map(|i| node_value.get(node_of(i)).copied().unwrap_or(0))
        .collect()
}
