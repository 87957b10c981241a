//! Ranks as OpenGotha writes and counts them: `30K` to `1K` then `1D` to `9D`, held as the
//! integers -30 to 8 (`Player.convertKDPToInt`), so that rank differences are handicaps and
//! McMahon scores start from the rank.

/// The weakest rank, 30 kyu.
pub const MIN_RANK: i32 = -30;

/// The strongest rank, 9 dan.
pub const MAX_RANK: i32 = 8;

/// Reads `12K`, `3d`, `1D`... into OpenGotha's integer; a professional rank counts as OpenGotha
/// counts it (`Player.convertKDPToInt`): `1P` to `3P` as 7 dan, `4P` to `6P` as 8 dan, `7P` to
/// `9P` as 9 dan. `None` for anything else (no number, no letter, out of range).
pub fn parse_rank(text: &str) -> Option<i32> {
    let text = text.trim();
    let kind = text.chars().last()?;
    let digits = text.get(..text.len() - kind.len_utf8())?.trim_end();
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let n: i32 = digits.parse().ok()?;
    let rank = match kind {
        'K' | 'k' if (1..=30).contains(&n) => -n,
        'D' | 'd' if (1..=9).contains(&n) => n - 1,
        'P' | 'p' if (1..=3).contains(&n) => 6,
        'P' | 'p' if (4..=6).contains(&n) => 7,
        'P' | 'p' if (7..=9).contains(&n) => MAX_RANK,
        _ => return None,
    };
    Some(rank)
}

/// Writes OpenGotha's integer as `12K` or `3D`; a value out of range is brought into it.
pub fn format_rank(rank: i32) -> String {
    let rank = rank.clamp(MIN_RANK, MAX_RANK);
    if rank < 0 {
        format!("{}K", -rank)
    } else {
        format!("{}D", rank + 1)
    }
}

/// The rating OpenGotha gives a player registered with only a rank (`Player.ratingFromRank`):
/// 100 a rank, 1d at 2100, 30k at -900.
pub fn rating_of_rank(rank: i32) -> i32 {
    rank.clamp(MIN_RANK, MAX_RANK) * 100 + 2100
}
