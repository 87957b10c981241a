//! Ranks as OpenGotha writes and counts them: `30K` to `1K` then `1D` to `9D`, held as the
//! integers -30 to 8 (`Player.convertKDPToInt`), so that rank differences are handicaps and
//! McMahon scores start from the rank.

/// The weakest rank, 30 kyu.
pub const MIN_RANK: i32 = -30;

/// The strongest rank, 9 dan.
pub const MAX_RANK: i32 = 8;

/// Reads `12K`, `3d`, `1D`... into OpenGotha's integer; a professional rank (`1P`) counts as
/// 9 dan, as OpenGotha caps it. `None` for anything else.
pub fn parse_rank(text: &str) -> Option<i32> {
    let text = text.trim();
    let (digits, kind) = text.split_at(text.len().checked_sub(1)?);
    let n: i32 = digits.trim().parse().ok()?;
    let rank = match kind {
        "K" | "k" if (1..=30).contains(&n) => -n,
        "D" | "d" if (1..=9).contains(&n) => n - 1,
        "P" | "p" if (1..=9).contains(&n) => MAX_RANK,
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
