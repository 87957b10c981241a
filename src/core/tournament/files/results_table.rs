//! What the EGD's `.h9` and the FFG's `.tou` results files share, as OpenGotha's exports lay
//! them out: the players who played a game or had a bye, in the order of the standings after
//! the last round; each one's place (blank for a player tied with the line above); each round
//! as OpenGotha's "half game" (the opponent's line number in four columns, `+`, `-`, `=` or
//! `?`, `/` or `!` for a result by default, the colour `w`, `b` or `?`, the handicap); the
//! tournament's time as the EGF classes it; the file encoded in ISO-8859-15.
//!
//! The EGF's rules (the EGD's "Comments on submitting tournament results" page and the EGF
//! tournament class rules, as OpenGotha 3.51's `Tournament.egfClass` also applies them):
//! class A needs a basic time of 60 minutes and an adjusted time of 75, class B 40 and 50,
//! class C 25 and 30; with Fischer time A needs 45 and 75, B 30 and 50, C 20 and 30; a
//! tournament played on the Internet is class D with 40 and 50 (30 and 50 with Fischer time).
//! "Adjusted time = basic time + time equivalent to 45 moves in standard byoyomi", "60 moves in
//! Canadian byoyomi", "Basic time + bonus calculated for 120 moves" with Fischer time, and the
//! basic time alone in sudden death. A tournament meeting none is written `X`, as OpenGotha
//! writes it.

use crate::core::tournament::scores::placement::placement;
use crate::core::tournament::scores::{Participation, Scores};
use crate::core::tournament::standings::{Standing, standings};
use crate::core::tournament::{GameOutcome, PlacementCriterion, Tournament};

/// The program's name as the files' comment lines give it.
pub const PROGRAM: &str = concat!("Go Scorekeeper ", env!("CARGO_PKG_VERSION"));

/// A general attribute of the file (`basicTime`, `komi`, `beginDate`...), empty when absent.
pub fn attribute<'a>(t: &'a Tournament, name: &str) -> &'a str {
    t.general.other.get(name).map_or("", |s| s.as_str())
}

/// A time setting as OpenGotha holds it after reading the file: within the bounds its
/// settings allow (a basic time of 1 minute is held as 5), its default when unreadable.
pub fn time_setting(t: &Tournament, name: &str) -> u64 {
    let (min, max, default) = match name {
        "basicTime" => (5, 180, 60),
        "stdByoYomiTime" => (5, 120, 30),
        "nbMovesCanTime" => (5, 25, 15),
        "canByoYomiTime" => (300, 900, 300),
        "fischerTime" => (1, 60, 5),
        _ => (0, u64::MAX, 0),
    };
    attribute(t, name)
        .trim()
        .parse::<i64>()
        .map_or(default, |v| v.clamp(min as i64, max as i64) as u64)
}

fn seconds(t: &Tournament, name: &str) -> u64 {
    time_setting(t, name)
}

/// The basic time in seconds and the adjusted time in seconds, by the EGF's rule.
pub fn egf_times(t: &Tournament) -> (u64, u64) {
    let basic = seconds(t, "basicTime").saturating_mul(60);
    let extra = match attribute(t, "complementaryTimeSystem") {
        "STDBYOYOMI" => seconds(t, "stdByoYomiTime").saturating_mul(45),
        "CANBYOYOMI" => {
            let stones = seconds(t, "nbMovesCanTime");
            seconds(t, "canByoYomiTime")
                .saturating_mul(60)
                .checked_div(stones)
                .unwrap_or(0)
        }
        "FISCHER" => seconds(t, "fischerTime").saturating_mul(120),
        _ => 0,
    };
    (basic, basic.saturating_add(extra))
}

/// The EGF class of the tournament: `A`, `B`, `C`, `D` (on the Internet) or `X` (none).
pub fn egf_class(t: &Tournament) -> char {
    let (basic, adjusted) = egf_times(t);
    let fischer = attribute(t, "complementaryTimeSystem") == "FISCHER";
    let meets = |basic_min: u64, adjusted_min: u64| {
        basic >= basic_min * 60 && adjusted >= adjusted_min * 60
    };
    if attribute(t, "bInternet") == "true" {
        let d = if fischer {
            meets(30, 50)
        } else {
            meets(40, 50)
        };
        return if d { 'D' } else { 'X' };
    }
    let classes: [(char, u64, u64); 3] = if fischer {
        [('A', 45, 75), ('B', 30, 50), ('C', 20, 30)]
    } else {
        [('A', 60, 75), ('B', 40, 50), ('C', 25, 30)]
    };
    classes
        .iter()
        .find(|(_, b, a)| meets(*b, *a))
        .map_or('X', |(c, _, _)| *c)
}

/// The lines of a results file: the standings after the last round of the players who played
/// a game or had a bye, in their order.
pub fn written_lines(t: &Tournament) -> Vec<Standing> {
    let implied = |p: usize| {
        t.games.iter().any(|g| g.white == p || g.black == p) || t.byes.contains(&Some(p))
    };
    standings(t, t.general.number_of_rounds)
        .into_iter()
        .filter(|s| implied(s.player))
        .collect()
}

/// Each line's place as the files show it, four wide: the place of the first of players tied
/// on every criterion, blank for the others.
pub fn places(lines: &[Standing]) -> Vec<String> {
    let mut shown = Vec::with_capacity(lines.len());
    for (i, line) in lines.iter().enumerate() {
        let tied = i > 0 && lines.get(i - 1).is_some_and(|l| l.values == line.values);
        if tied {
            shown.push("    ".to_string());
        } else {
            shown.push(right(&(i + 1).to_string(), 4));
        }
    }
    shown
}

/// Each round of `player` as OpenGotha writes it (`   3+/w0`, `  12-!b0`, `   0+   `): the
/// opponent's line number among `order`, the result, then in `full` `/` or `!` (by default),
/// the colour and the handicap; a round without a game gives `0` and the result its points
/// make.
pub fn half_games(
    t: &Tournament,
    scores: &Scores,
    order: &[usize],
    player: usize,
    full: bool,
) -> Vec<String> {
    let rounds = t.general.number_of_rounds as usize;
    let mcmahon = t.placement.criteria.first() == Some(&PlacementCriterion::Mms);
    let g = &t.general;
    let (absent, bye) = if mcmahon {
        (g.mcmahon_x2_absent, g.mcmahon_x2_bye)
    } else {
        (g.wins_x2_absent, g.wins_x2_bye)
    };
    let by_points = |points: i32| match points {
        2 => '+',
        1 => '=',
        _ => '-',
    };
    let s = scores.players.get(player);
    (0..rounds)
        .map(|r| {
            let participation = s.and_then(|s| s.participation.get(r).copied());
            let game = s
                .and_then(|s| s.game.get(r).copied().flatten())
                .and_then(|i| t.games.get(i));
            let Some(game) = game.filter(|_| participation == Some(Participation::Paired)) else {
                let result = match participation {
                    Some(Participation::Absent) => by_points(absent),
                    Some(Participation::Bye) => by_points(bye),
                    _ => '-',
                };
                return format!("   0{result}   ");
            };
            let white = game.white == player;
            let (mine, theirs) = if white {
                (game.result.white_points_x2(), game.result.black_points_x2())
            } else {
                (game.result.black_points_x2(), game.result.white_points_x2())
            };
            let result = match game.result.outcome {
                GameOutcome::Unknown => '?',
                GameOutcome::Equal => '=',
                GameOutcome::BothWin | GameOutcome::BothLose => by_points(mine),
                _ if mine > theirs => '+',
                _ => '-',
            };
            let kind = if game.result.by_default && game.result.outcome != GameOutcome::Unknown {
                '!'
            } else {
                '/'
            };
            // OpenGotha's reader takes every game's colours as known (it looks for a
            // `strKnownColor` attribute no file has), and the EGD's format has no unknown
            // colour: the colour as the game holds it.
            let colour = if white { 'w' } else { 'b' };
            let opponent = game.opponent_of(player).unwrap_or(player);
            let number = order
                .iter()
                .position(|&p| p == opponent)
                .map_or(0, |i| i + 1);
            let number = right(&number.to_string(), 4);
            if full {
                format!("{number}{result}{kind}{colour}{}", game.handicap)
            } else {
                format!("{number}{result}")
            }
        })
        .collect()
}

/// A criterion's value as OpenGotha's `formatScore` writes it: whole points and `½`, `¼` or
/// `¾` (in the encoding of the files, `?`), the category counted from 1.
pub fn score_text(criterion: PlacementCriterion, value: i64) -> String {
    if criterion == PlacementCriterion::Category {
        return (1 - value).to_string();
    }
    let coefficient = placement(criterion).unit.max(1);
    let (whole, rest) = (value / coefficient, value % coefficient);
    let fraction = match (coefficient, rest) {
        (2, 1) | (4, 2) => "½",
        (4, 1) => "¼",
        (4, 3) => "¾",
        _ => "",
    };
    format!("{whole}{fraction}")
}

/// OpenGotha's short name of a criterion, for the columns' heading (`SOS` for SOSW and SOSM).
pub fn short_name(criterion: PlacementCriterion) -> &'static str {
    placement(criterion).short_name
}

/// The club as OpenGotha keeps it: its first four characters (`Player.MAX_CLUB_LENGTH`).
pub fn club(club: &str) -> String {
    club.chars().take(4).collect()
}

/// Name and first name as results files write them, each one's spaces made `_`
/// (`Player.fullUnblankedName`).
pub fn unblanked_name(name: &str, first_name: &str) -> String {
    format!(
        "{} {}",
        name.replace(' ', "_"),
        first_name.replace(' ', "_")
    )
}

/// The last `width` characters of `text`, padded with spaces on the left.
pub fn right(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width {
        text.chars().skip(n - width).collect()
    } else {
        format!("{}{text}", " ".repeat(width - n))
    }
}

/// The first `width` characters of `text`, padded with spaces on the right.
pub fn left(text: &str, width: usize) -> String {
    let cut: String = text.chars().take(width).collect();
    let n = cut.chars().count();
    format!("{cut}{}", " ".repeat(width - n))
}

/// A text as ISO-8859-15 bytes, as OpenGotha writes the rating bodies' files. A letter the
/// encoding has not loses its accent (`ő` is written `o`, `Ł` `L`); what is left becomes `?`.
pub fn latin9(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    for c in text.chars() {
        match latin9_byte(c) {
            Some(b) => out.push(b),
            None => {
                let plain = without_accent(c);
                let mut any = false;
                for p in plain.chars() {
                    if let Some(b) = latin9_byte(p) {
                        out.push(b);
                        any = true;
                    }
                }
                if !any {
                    out.push(b'?');
                }
            }
        }
    }
    out
}

fn latin9_byte(c: char) -> Option<u8> {
    let b = match c {
        '€' => 0xA4,
        'Š' => 0xA6,
        'š' => 0xA8,
        'Ž' => 0xB4,
        'ž' => 0xB8,
        'Œ' => 0xBC,
        'œ' => 0xBD,
        'Ÿ' => 0xBE,
        '\u{A4}' | '\u{A6}' | '\u{A8}' | '\u{B4}' | '\u{B8}' | '\u{BC}' | '\u{BD}' | '\u{BE}' => {
            return None;
        }
        c if (c as u32) < 0x100 => c as u32 as u8,
        _ => return None,
    };
    Some(b)
}

/// The letter without its accent, for the letters of European names that ISO-8859-15 lacks.
fn without_accent(c: char) -> &'static str {
    const PLAIN: &[(&str, &str)] = &[
        ("ĀĂĄ", "A"),
        ("āăą", "a"),
        ("ĆĈĊČ", "C"),
        ("ćĉċč", "c"),
        ("ĎĐ", "D"),
        ("ďđ", "d"),
        ("ĒĔĖĘĚ", "E"),
        ("ēĕėęě", "e"),
        ("ĜĞĠĢ", "G"),
        ("ĝğġģ", "g"),
        ("ĤĦ", "H"),
        ("ĥħ", "h"),
        ("ĨĪĬĮİ", "I"),
        ("ĩīĭįı", "i"),
        ("Ĵ", "J"),
        ("ĵ", "j"),
        ("Ķ", "K"),
        ("ķ", "k"),
        ("ĹĻĽĿŁ", "L"),
        ("ĺļľŀł", "l"),
        ("ŃŅŇ", "N"),
        ("ńņň", "n"),
        ("ŌŎŐ", "O"),
        ("ōŏő", "o"),
        ("ŔŖŘ", "R"),
        ("ŕŗř", "r"),
        ("ŚŜŞȘ", "S"),
        ("śŝşș", "s"),
        ("ŢŤŦȚ", "T"),
        ("ţťŧț", "t"),
        ("ŨŪŬŮŰŲ", "U"),
        ("ũūŭůűų", "u"),
        ("Ŵ", "W"),
        ("ŵ", "w"),
        ("Ŷ", "Y"),
        ("ŷ", "y"),
        ("ŹŻ", "Z"),
        ("źż", "z"),
    ];
    PLAIN
        .iter()
        .find(|(letters, _)| letters.contains(c))
        .map_or("", |(_, plain)| plain)
}
