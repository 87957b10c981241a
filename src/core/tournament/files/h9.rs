//! The EGD's results file (`.h9`), as the EGD's format page defines it: header lines
//! (`; CL[..]` class, `; EV[..]` event, `; PC[..]` country and city, `; DT[..]` dates,
//! `; HA[..]` handicap, `; KM[..]` komi, `; TM[..]` adjusted time, `; CM[..]` comment), then
//! one line per player in the order of the final standings: place, name and first name, rank,
//! country, club, the placement criteria, each round as `<opponent's place><symbol>[/<colour>
//! [<h>]]` ("35=, 23+/w, 11-/b5"), `0+`, `0-` or `0=` for a round without a game, and the
//! EGD PIN where known. A game decided by default is written as a round without a game, since
//! the EGD rates games played only.

use super::results_table::{
    HalfGame, attribute, egf_class, egf_times, half_games, left, ordered_players, right, unblanked,
    unblanked_name,
};
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::scores::Scores;
use crate::core::tournament::{PlacementCriterion, Tournament};

/// The name of the program writing the files.
pub const PROGRAM: &str = concat!(env!("CARGO_PKG_NAME"), " ", env!("CARGO_PKG_VERSION"));

/// A round as the `.h9` writes it: `12+/w0`, `3-/b2`, `7=` (colours not published), `0+`.
pub fn h9_half_game(h: &HalfGame) -> String {
    match h {
        HalfGame::Free { symbol } => format!("0{symbol}"),
        HalfGame::Played {
            opponent,
            symbol,
            colour: Some(c),
            handicap,
        } => format!("{opponent}{symbol}/{c}{handicap}"),
        HalfGame::Played {
            opponent,
            symbol,
            colour: None,
            ..
        } => format!("{opponent}{symbol}"),
    }
}

/// The time settings in words, for the `CM` line.
pub fn time_words(t: &Tournament) -> String {
    let minutes = attribute(t, "basicTime");
    match attribute(t, "complementaryTimeSystem") {
        "STDBYOYOMI" => format!(
            "Byo-yomi: {minutes} minutes, then {} seconds a move",
            attribute(t, "stdByoYomiTime")
        ),
        "CANBYOYOMI" => format!(
            "Canadian byo-yomi: {minutes} minutes, then {} stones in {} seconds",
            attribute(t, "nbMovesCanTime"),
            attribute(t, "canByoYomiTime")
        ),
        "FISCHER" => format!(
            "Fischer: {minutes} minutes, {} seconds added a move",
            attribute(t, "fischerTime")
        ),
        _ => format!("Sudden death: {minutes} minutes"),
    }
}

/// A criterion's value in points as results files show it (`3`, `3.5`, `12.25`).
pub fn points(criterion: PlacementCriterion, value: i64) -> String {
    use PlacementCriterion::*;
    let unit: u64 = match criterion {
        Sodosw | Sodosm => 4,
        Category | Rank | Rating | Dc | Sdc => 1,
        _ => 2,
    };
    let sign = if value < 0 { "-" } else { "" };
    let magnitude = value.unsigned_abs();
    let (whole, rest) = (magnitude / unit, magnitude % unit * 100 / unit);
    match rest {
        0 => format!("{sign}{whole}"),
        50 => format!("{sign}{whole}.5"),
        hundredths => format!("{sign}{whole}.{hundredths}"),
    }
}

/// The criteria written as columns: the placement criteria but `NULL`.
pub fn written_criteria(t: &Tournament) -> Vec<PlacementCriterion> {
    t.placement
        .criteria
        .iter()
        .copied()
        .filter(|&c| c != PlacementCriterion::Null)
        .collect()
}

/// The tournament's `.h9` file; `country` is the country code of the place it was held in
/// (OpenGotha's file does not hold it).
pub fn write_h9(t: &Tournament, country: &str) -> String {
    let (_, adjusted) = egf_times(t);
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!("; CL[{}]", egf_class(t)));
    line(format!("; EV[{}]", t.general.name));
    line(format!(
        "; PC[{},{}]",
        country.trim().to_uppercase(),
        attribute(t, "location")
    ));
    line(format!(
        "; DT[{},{}]",
        attribute(t, "beginDate"),
        attribute(t, "endDate")
    ));
    if t.handicap.correction > 0 && t.handicap.ceiling > 0 {
        line(format!("; HA[h{}]", t.handicap.correction));
    }
    line(format!("; KM[{}]", attribute(t, "komi")));
    line(format!("; TM[{}]", adjusted / 60));
    line(format!("; CM[{}]", time_words(t)));
    line(format!("; CM[Written by {PROGRAM}]"));
    line(";".to_string());
    let criteria = written_criteria(t);
    let names: String = criteria
        .iter()
        .map(|c| {
            format!(
                " {}",
                right(&c.name().chars().take(5).collect::<String>(), 5)
            )
        })
        .collect();
    line(format!(
        "; Pl Name                           Rk Co Club{names}"
    ));
    let order = ordered_players(t);
    let scores = Scores::compute(t);
    let last = t.general.number_of_rounds as i32 - 1;
    let values = standings_values(t, last);
    for (i, &p) in order.iter().enumerate() {
        let Some(player) = t.players.get(p) else {
            continue;
        };
        let country = player.country.trim().to_uppercase();
        let club = unblanked(&player.club);
        let mut s = format!(
            "{} {} {} {} {}",
            right(&(i + 1).to_string(), 4),
            left(&unblanked_name(&player.name, &player.first_name), 30),
            right(&format_rank(player.rank), 3),
            if country.chars().count() == 2 {
                country
            } else {
                "XX".to_string()
            },
            left(if club.is_empty() { "xxxx" } else { &club }, 4),
        );
        for (c, v) in criteria
            .iter()
            .zip(values.get(&p).cloned().unwrap_or_default())
        {
            s.push_str(&format!(" {}", right(&points(*c, v), 5)));
        }
        for h in half_games(t, &scores, &order, p) {
            s.push_str(&format!(" {}", right(&h9_half_game(&h), 8)));
        }
        if !player.egf_pin.trim().is_empty() {
            s.push_str(&format!(" |{}", player.egf_pin.trim()));
        }
        line(s);
    }
    out
}

/// Each player's values of the written criteria after round `after` (0-based), from the
/// standings.
fn standings_values(t: &Tournament, after: i32) -> std::collections::HashMap<usize, Vec<i64>> {
    let kept: Vec<bool> = t
        .placement
        .criteria
        .iter()
        .map(|&c| c != PlacementCriterion::Null)
        .collect();
    crate::core::tournament::standings::standings(t, (after + 1).max(1) as u32)
        .into_iter()
        .map(|s| {
            let values = s
                .values
                .iter()
                .zip(&kept)
                .filter(|(_, k)| **k)
                .map(|(v, _)| *v)
                .collect();
            (s.player, values)
        })
        .collect()
}
