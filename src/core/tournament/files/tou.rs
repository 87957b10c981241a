//! The FFG's results file (`.tou`), laid out as OpenGotha's "Export ... FFG" writes it:
//! header lines `;name=`, `;date=` (day/month/year), `;vill=`, `;comm=`, `;prog=`, `;size=`,
//! `;time=` (basic minutes, `+b` when there is overtime), `;ta=` (the EGF's adjusted time),
//! `;komi=`, the column line, then one line per player in the order of the final standings:
//! place (4 wide), name and first name (25), rank (3), FFG licence (7), club (4), and each round
//! in 8 columns as opponent's place, `+`/`-`/`=`, colour and handicap (`12+w0`), `0+`, `0-` or
//! `0=` for a round without a game.

use super::h9::PROGRAM;
use super::results_table::{
    HalfGame, attribute, egf_times, half_games, left, ordered_players, right, unblanked,
    unblanked_name,
};
use crate::core::tournament::Tournament;
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::scores::Scores;

/// A round as the `.tou` writes it: `12+w0`, `3-b2`, `7=` (colours not published), and `0+`
/// followed by three spaces (where colour and handicap would stand) for a round without a
/// game, as OpenGotha lays it out.
pub fn tou_half_game(h: &HalfGame) -> String {
    match h {
        HalfGame::Free { symbol } => format!("0{symbol}   "),
        HalfGame::Played {
            opponent,
            symbol,
            colour: Some(c),
            handicap,
        } => format!("{opponent}{symbol}{c}{handicap}"),
        HalfGame::Played {
            opponent,
            symbol,
            colour: None,
            ..
        } => format!("{opponent}{symbol}"),
    }
}

/// `2025-11-15` as `15/11/2025`; any other text as it is.
pub fn french_date(iso: &str) -> String {
    let parts: Vec<&str> = iso.trim().split('-').collect();
    match parts.as_slice() {
        [y, m, d] if y.len() == 4 && m.len() == 2 && d.len() == 2 => format!("{d}/{m}/{y}"),
        _ => iso.trim().to_string(),
    }
}

/// Whether the time settings give time after the basic time.
fn overtime(t: &Tournament) -> bool {
    let set = |name: &str| attribute(t, name).trim().parse::<u64>().unwrap_or(0) > 0;
    match attribute(t, "complementaryTimeSystem") {
        "STDBYOYOMI" => set("stdByoYomiTime"),
        "CANBYOYOMI" => set("canByoYomiTime"),
        "FISCHER" => set("fischerTime"),
        _ => false,
    }
}

/// The tournament's `.tou` file.
pub fn write_tou(t: &Tournament) -> String {
    let (_, adjusted) = egf_times(t);
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!(";name={}", t.general.short_name));
    line(format!(";date={}", french_date(attribute(t, "beginDate"))));
    line(format!(";vill={}", attribute(t, "location")));
    line(format!(";comm={}", t.general.name));
    line(format!(";prog={PROGRAM}"));
    line(format!(";size={}", attribute(t, "size")));
    let plus = if overtime(t) { "+b" } else { "" };
    line(format!(";time={}{plus}", attribute(t, "basicTime")));
    line(format!(";ta={}", adjusted / 60));
    line(format!(";komi={}", attribute(t, "komi")));
    line(";Num Nom Prenom               Niv Licence Club".to_string());
    let order = ordered_players(t);
    let scores = Scores::compute(t);
    for (i, &p) in order.iter().enumerate() {
        let Some(player) = t.players.get(p) else {
            continue;
        };
        let mut s = format!(
            "{} {}{} {} {}",
            right(&(i + 1).to_string(), 4),
            left(&unblanked_name(&player.name, &player.first_name), 25),
            right(&format_rank(player.rank), 3),
            right(player.ffg_licence.trim(), 7),
            right(&unblanked(&player.club), 4),
        );
        for h in half_games(t, &scores, &order, p) {
            s.push_str(&right(&tou_half_game(&h), 8));
        }
        line(s);
    }
    out
}
