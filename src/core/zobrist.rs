//! Zobrist keys for hashing positions: a fixed table built at compile time from a fixed-seed
//! splitmix64 generator, so hashes are the same on every device and every run.

use super::color::Color;
use super::point::MAX_SIZE;

/// The number of intersections on the largest board; keys are indexed by `y * size + x`.
pub const MAX_POINTS: usize = MAX_SIZE as usize * MAX_SIZE as usize;

const SEED: u64 = 0x5C0E_4EE9_E460_2023;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const fn build_table() -> ([[u64; MAX_POINTS]; 2], u64) {
    let mut table = [[0u64; MAX_POINTS]; 2];
    let mut state = SEED;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_POINTS {
            let (s, v) = splitmix64(state);
            state = s;
            table[c][i] = v;
            i += 1;
        }
        c += 1;
    }
    let (_, side) = splitmix64(state);
    (table, side)
}

const TABLE: ([[u64; MAX_POINTS]; 2], u64) = build_table();

/// The key of a stone of `color` on intersection `index` (`y * size + x`); 0 off the table.
#[inline]
pub fn stone_key(color: Color, index: usize) -> u64 {
    match TABLE.0[color.index()].get(index) {
        Some(&k) => k,
        None => 0,
    }
}

/// The key mixed into a positional hash when White is to move (situational hashing).
pub const WHITE_TO_MOVE: u64 = TABLE.1;

/// The situational hash: the positional hash plus the side to move.
#[inline]
pub fn situational(positional: u64, to_move: Color) -> u64 {
    match to_move {
        Color::Black => positional,
        Color::White => positional ^ WHITE_TO_MOVE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct_and_fixed() {
        let mut all: Vec<u64> = (0..MAX_POINTS)
            .flat_map(|i| [stone_key(Color::Black, i), stone_key(Color::White, i)])
            .collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        // The first key is fixed by the seed: hashes stored on one device match another.
        assert_eq!(stone_key(Color::Black, 0), splitmix64(SEED).1);
        assert_eq!(stone_key(Color::Black, MAX_POINTS), 0);
    }
}
