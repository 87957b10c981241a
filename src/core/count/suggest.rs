//! Suggestions for the marks, each with the reason in words. They are only suggestions: the
//! wizard shows them and the players accept or reject each one; nothing is marked silently.
//!
//! Dead: the stones of a colour in an *enclosure* (everything reachable from them along the
//! lines through empty points and stones of their colour, without crossing an opponent stone)
//! are suggested dead when the enclosure has fewer than two eyes and less than
//! `EYE_SPACE_FOR_LIFE` points of eye space. An eye is a connected set of empty points touching
//! stones of that colour only.
//!
//! Seki: a black and a white chain with two liberties each that share them (no eyes), or that
//! each have a one-point eye and share the other liberty: whoever plays a shared liberty puts
//! their own chain in atari.

use crate::core::{Board, Color, Point};

/// Eye space (in points) from which a group is assumed to be able to make two eyes.
pub const EYE_SPACE_FOR_LIFE: usize = 7;

fn neighbours(i: usize, s: usize) -> impl Iterator<Item = usize> {
    let (x, y) = (i % s, i / s);
    [
        (x > 0).then(|| i.wrapping_sub(1)),
        (x + 1 < s).then(|| i + 1),
        (y > 0).then(|| i.wrapping_sub(s)),
        (y + 1 < s).then(|| i + s),
    ]
    .into_iter()
    .flatten()
}

fn cell(raw: &[u8], i: usize) -> u8 {
    raw.get(i).copied().unwrap_or(0)
}

fn colour(c: u8) -> Option<Color> {
    match c {
        1 => Some(Color::Black),
        2 => Some(Color::White),
        _ => None,
    }
}

/// Flood from `start` over the points whose cell satisfies `pass`, marking `seen`.
fn flood(
    raw: &[u8],
    s: usize,
    start: usize,
    seen: &mut [bool],
    pass: impl Fn(u8) -> bool,
) -> Vec<usize> {
    let mut out = Vec::new();
    let mut stack = vec![start];
    if let Some(v) = seen.get_mut(start) {
        *v = true;
    }
    while let Some(i) = stack.pop() {
        out.push(i);
        for j in neighbours(i, s) {
            if pass(cell(raw, j))
                && let Some(v) = seen.get_mut(j)
                && !*v
            {
                *v = true;
                stack.push(j);
            }
        }
    }
    out
}

fn where_text(board: &Board, points: &[Point]) -> String {
    match points.first() {
        Some(p) if points.len() == 1 => format!("at {}", p.to_human(board.size())),
        Some(p) => format!("around {}", p.to_human(board.size())),
        None => String::new(),
    }
}

/// Groups that look dead, each with the reason in words. Stones in a suggested seki are
/// left out.
pub fn suggest_dead(board: &Board) -> Vec<(Vec<Point>, String)> {
    let raw = board.raw();
    let s = usize::from(board.size());
    let area = raw.len();
    let in_seki: Vec<Point> = suggest_seki(board)
        .into_iter()
        .flat_map(|(g, _)| g)
        .collect();
    let mut done = vec![false; area];
    let mut out = Vec::new();
    for start in 0..area {
        let c = cell(raw, start);
        let Some(col) = colour(c) else { continue };
        if done.get(start).copied().unwrap_or(true) {
            continue;
        }
        let opp = 3 - c;
        let mut seen = vec![false; area];
        let enclosure = flood(raw, s, start, &mut seen, |x| x != opp);
        let mut eye_seen = vec![false; area];
        let (mut eyes, mut eye_space, mut touches_opp) = (0usize, 0usize, false);
        for &i in &enclosure {
            if cell(raw, i) == c {
                if let Some(d) = done.get_mut(i) {
                    *d = true;
                }
                continue;
            }
            if eye_seen.get(i).copied().unwrap_or(true) {
                continue;
            }
            let region = flood(raw, s, i, &mut eye_seen, |x| x == 0);
            let opp_touch = region
                .iter()
                .any(|&r| neighbours(r, s).any(|j| cell(raw, j) == opp));
            if opp_touch {
                touches_opp = true;
            } else {
                eyes += 1;
                eye_space += region.len();
            }
        }
        let stones: Vec<Point> = enclosure
            .iter()
            .filter(|&&i| cell(raw, i) == c)
            .map(|&i| board.point(i))
            .collect();
        let walled = touches_opp
            || enclosure
                .iter()
                .any(|&i| neighbours(i, s).any(|j| cell(raw, j) == opp));
        if !walled || eyes >= 2 || eye_space >= EYE_SPACE_FOR_LIFE {
            continue;
        }
        let stones: Vec<Point> = stones
            .into_iter()
            .filter(|p| !in_seki.contains(p))
            .collect();
        if stones.is_empty() {
            continue;
        }
        let n = stones.len();
        let why = format!(
            "{n} {} stone{} {}: surrounded by {} with {} (eye space {eye_space} point{}), too \
             little for two eyes",
            col.name(),
            if n == 1 { "" } else { "s" },
            where_text(board, &stones),
            (!col).name(),
            match eyes {
                0 => "no eye".to_string(),
                _ => "one eye".to_string(),
            },
            if eye_space == 1 { "" } else { "s" },
        );
        out.push((stones, why));
    }
    out
}

/// The liberties of the chain of `chain` (its flat indices), sorted.
fn liberties(raw: &[u8], s: usize, chain: &[usize]) -> Vec<usize> {
    let mut libs: Vec<usize> = chain
        .iter()
        .flat_map(|&i| neighbours(i, s))
        .filter(|&j| cell(raw, j) == 0)
        .collect();
    libs.sort_unstable();
    libs.dedup();
    libs
}

/// True when the empty point `i` touches only stones of `c` (a one-point eye).
fn is_eye(raw: &[u8], s: usize, i: usize, c: u8) -> bool {
    neighbours(i, s).all(|j| cell(raw, j) == c)
}

/// Pairs of chains that look like seki, each with the reason in words.
pub fn suggest_seki(board: &Board) -> Vec<(Vec<Point>, String)> {
    let raw = board.raw();
    let s = usize::from(board.size());
    let area = raw.len();
    let mut seen = vec![false; area];
    let mut chains: Vec<(u8, Vec<usize>, Vec<usize>)> = Vec::new();
    for start in 0..area {
        let c = cell(raw, start);
        if c == 0 || seen.get(start).copied().unwrap_or(true) {
            continue;
        }
        let chain = flood(raw, s, start, &mut seen, |x| x == c);
        let libs = liberties(raw, s, &chain);
        if libs.len() == 2 {
            chains.push((c, chain, libs));
        }
    }
    let mut out = Vec::new();
    for (k, (ca, a, la)) in chains.iter().enumerate() {
        for (cb, b, lb) in chains.iter().skip(k + 1) {
            if ca == cb {
                continue;
            }
            let shared: Vec<usize> = la.iter().copied().filter(|l| lb.contains(l)).collect();
            let own_a: Vec<usize> = la.iter().copied().filter(|l| !lb.contains(l)).collect();
            let own_b: Vec<usize> = lb.iter().copied().filter(|l| !la.contains(l)).collect();
            let kind = match (shared.len(), own_a.as_slice(), own_b.as_slice()) {
                (2, [], []) => "share their only two liberties and have no eye",
                (1, [ea], [eb]) if is_eye(raw, s, *ea, *ca) && is_eye(raw, s, *eb, *cb) => {
                    "have one eye each and share their other liberty"
                }
                _ => continue,
            };
            let mut points: Vec<Point> =
                a.iter().chain(b.iter()).map(|&i| board.point(i)).collect();
            points.sort_unstable();
            let pa = board.point(a.first().copied().unwrap_or(0));
            let pb = board.point(b.first().copied().unwrap_or(0));
            let why = format!(
                "Seki: the {} chain at {} and the {} chain at {} {kind}; whoever plays there \
                 puts their own chain in atari",
                colour(*ca).map_or("", Color::name),
                pa.to_human(board.size()),
                colour(*cb).map_or("", Color::name),
                pb.to_human(board.size()),
            );
            out.push((points, why));
        }
    }
    out
}
