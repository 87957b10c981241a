//! Suggestions for the marks, each with the reason in words. They are only suggestions: the
//! wizard shows them and the players accept or reject each one; nothing is marked silently.
//!
//! Dead: a chain is suggested dead when it has fewer than two eyes with less than
//! `EYE_SPACE_FOR_LIFE` points of eye space between them, and every other empty area it
//! touches is bordered by more opponent stones than stones of its own colour. An eye is a
//! connected set of empty points bordered by stones of that colour only; an empty area is a
//! connected set of empty points.
//!
//! Seki: a black and a white chain with two liberties each that share them (no eyes), or that
//! each have a one-point eye and share the other liberty: whoever plays a shared liberty puts
//! their own chain in atari.

use crate::core::board::Board;
use crate::core::color::Color;
use crate::core::point::Point;
use crate::core::text::{t, tf};

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
        Some(p) if points.len() == 1 => tf("at {}", &[&p.to_human(board.size())]),
        Some(p) => tf("around {}", &[&p.to_human(board.size())]),
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
    // Label the empty regions and count the distinct stones of each colour along each edge.
    let mut region_of = vec![usize::MAX; area];
    let mut sizes: Vec<usize> = Vec::new();
    let mut borders: Vec<[usize; 2]> = Vec::new();
    let mut counted = vec![usize::MAX; area];
    let mut seen = vec![false; area];
    for start in 0..area {
        if cell(raw, start) != 0 || seen.get(start).copied().unwrap_or(true) {
            continue;
        }
        let id = sizes.len();
        let region = flood(raw, s, start, &mut seen, |x| x == 0);
        let mut border = [0usize; 2];
        for &i in &region {
            if let Some(r) = region_of.get_mut(i) {
                *r = id;
            }
            for j in neighbours(i, s) {
                let c = cell(raw, j);
                if (c == 1 || c == 2)
                    && let Some(k) = counted.get_mut(j)
                    && *k != id
                {
                    *k = id;
                    if let Some(b) = border.get_mut(usize::from(c - 1)) {
                        *b += 1;
                    }
                }
            }
        }
        sizes.push(region.len());
        borders.push(border);
    }
    let mut seen = vec![false; area];
    let mut out = Vec::new();
    for start in 0..area {
        let c = cell(raw, start);
        let Some(col) = colour(c) else { continue };
        if seen.get(start).copied().unwrap_or(true) {
            continue;
        }
        let chain = flood(raw, s, start, &mut seen, |x| x == c);
        let mut regions: Vec<usize> = chain
            .iter()
            .flat_map(|&i| neighbours(i, s))
            .filter_map(|j| region_of.get(j).copied().filter(|&r| r != usize::MAX))
            .collect();
        regions.sort_unstable();
        regions.dedup();
        let (own, opp) = (usize::from(c - 1), usize::from(2 - c));
        let mut eyes = 0usize;
        let mut eye_space = 0usize;
        let mut outside = true;
        for &r in &regions {
            let b = borders.get(r).copied().unwrap_or([0, 0]);
            if b[opp] == 0 {
                eyes += 1;
                eye_space += sizes.get(r).copied().unwrap_or(0);
            } else if b[opp] <= b[own] {
                outside = false;
            }
        }
        if !outside || eyes >= 2 || eye_space >= EYE_SPACE_FOR_LIFE {
            continue;
        }
        let mut stones: Vec<Point> = chain.iter().map(|&i| board.point(i)).collect();
        stones.sort_unstable();
        if stones.iter().any(|p| in_seki.contains(p)) {
            continue;
        }
        let n = stones.len();
        let group = match (col, n) {
            (Color::Black, 1) => t("1 Black stone").to_string(),
            (Color::White, 1) => t("1 White stone").to_string(),
            (Color::Black, _) => tf("{} Black stones", &[&n]),
            (Color::White, _) => tf("{} White stones", &[&n]),
        };
        let eye = match (eyes, eye_space) {
            (0, _) => t("no eye").to_string(),
            (_, 1) => t("one eye of 1 point").to_string(),
            _ => tf("one eye of {} points", &[&eye_space]),
        };
        let at = where_text(board, &stones);
        let opponent = (!col).shown();
        let why = if n == 1 {
            tf(
                "{} {}: {}, and every other empty area next to it is bordered mainly by {}",
                &[&group, &at, &eye, &opponent],
            )
        } else {
            tf(
                "{} {}: {}, and every other empty area next to them is bordered mainly by {}",
                &[&group, &at, &eye, &opponent],
            )
        };
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
                (2, [], []) => t("share their only two liberties and have no eye"),
                (1, [ea], [eb]) if is_eye(raw, s, *ea, *ca) && is_eye(raw, s, *eb, *cb) => {
                    t("have one eye each and share their other liberty")
                }
                _ => continue,
            };
            let mut points: Vec<Point> =
                a.iter().chain(b.iter()).map(|&i| board.point(i)).collect();
            points.sort_unstable();
            let pa = board.point(a.first().copied().unwrap_or(0));
            let pb = board.point(b.first().copied().unwrap_or(0));
            let why = tf(
                "Seki: {} and {} {}; whoever plays there puts their own chain in atari",
                &[
                    &chain_at(colour(*ca), pa.to_human(board.size())),
                    &chain_at(colour(*cb), pb.to_human(board.size())),
                    &kind,
                ],
            );
            out.push((points, why));
        }
    }
    out
}

/// "the Black chain at D4", in the language in use.
fn chain_at(color: Option<Color>, at: String) -> String {
    match color {
        Some(Color::Black) => tf("the Black chain at {}", &[&at]),
        Some(Color::White) => tf("the White chain at {}", &[&at]),
        None => format!("the  chain at {at}"),
    }
}
