//! Writing a whole [`Tournament`] as OpenGotha's XML file (`dataVersion="201"`: keys are
//! looked up as written): players, games with results, byes and the four parameter sets, so
//! that OpenGotha opens it and this app reads back the same tournament.

use std::fmt::Write;

use crate::core::round::Decided;
use crate::core::round::export::result_of;
use crate::core::tournament::param_rows::{GENERAL_PARAMETERS, HANDICAP_PARAMETERS};
use crate::core::tournament::params::{PAIRING_PARAMETERS, Setting};
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::round_screen::game_result;
use crate::core::tournament::{
    GameOutcome, GameResult, PairedGame, PairingRules, Player, Registration, Tournament,
};

/// The `dataVersion` this writer declares: the one OpenGotha 3.48 to 3.50 write, which tells
/// OpenGotha's import to look players up by their keys as written.
pub const DATA_VERSION: &str = "201";

/// OpenGotha's code for a result (`RESULT_WHITEWINS`, `..._BYDEF`).
pub fn result_code(result: GameResult) -> String {
    let base = match result.outcome {
        GameOutcome::Unknown => return "RESULT_UNKNOWN".to_string(),
        GameOutcome::WhiteWins => "RESULT_WHITEWINS",
        GameOutcome::BlackWins => "RESULT_BLACKWINS",
        GameOutcome::Equal => "RESULT_EQUAL",
        GameOutcome::BothLose => "RESULT_BOTHLOSE",
        GameOutcome::BothWin => "RESULT_BOTHWIN",
    };
    if result.by_default {
        format!("{base}_BYDEF")
    } else {
        base.to_string()
    }
}

fn element(out: &mut String, indent: &str, name: &str, attributes: &[(&str, String)]) {
    let _ = write!(out, "{indent}<{name}");
    for (k, v) in attributes {
        let _ = write!(out, " {k}=\"{}\"", escape_attribute(v));
    }
    out.push_str("/>\n");
}

/// The tournament as an OpenGotha XML file.
pub fn write_tournament(t: &Tournament) -> String {
    let mut out = String::with_capacity(256 * (t.players.len() + t.games.len() + 16));
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    // The version whose pairing the tournament follows, so that the file read again pairs the
    // same way (`opengotha::pairing_rules_of`).
    let version = match t.pairing.rules {
        PairingRules::OpenGotha351 => "3.51.02",
        PairingRules::OpenGotha352 => "3.52.03",
    };
    let _ = writeln!(
        out,
        "<Tournament dataVersion=\"{DATA_VERSION}\" fullVersionNumber=\"{version}\">"
    );
    out.push_str("    <Players>\n");
    write_players(&mut out, t);
    out.push_str("    </Players>\n    <Games>\n");
    write_games(&mut out, t);
    out.push_str("    </Games>\n    <ByePlayers>\n");
    write_byes(&mut out, t);
    out.push_str("    </ByePlayers>\n    <TournamentParameterSet>\n");
    write_general(&mut out, t);
    write_handicap(&mut out, t);
    write_placement(&mut out, t);
    write_pairing(&mut out, t);
    out.push_str("    </TournamentParameterSet>\n</Tournament>\n");
    out
}

/// Every player, as OpenGotha writes `<Player>`.
fn write_players(out: &mut String, t: &Tournament) {
    for p in &t.players {
        write_player(out, p);
    }
}

/// One player, as OpenGotha writes `<Player>`.
fn write_player(out: &mut String, p: &Player) {
    let participating: String = p
        .participating
        .iter()
        .map(|&b| if b { '1' } else { '0' })
        .collect();
    element(
        out,
        "        ",
        "Player",
        &[
            ("agaExpirationDate", p.aga_expiration_date.clone()),
            ("agaId", p.aga_id.clone()),
            ("club", p.club.clone()),
            ("country", p.country.clone()),
            ("egfPin", p.egf_pin.clone()),
            ("ffgLicence", p.ffg_licence.clone()),
            ("ffgLicenceStatus", p.ffg_licence_status.clone()),
            ("firstName", p.first_name.clone()),
            ("grade", p.grade.clone()),
            ("name", p.name.clone()),
            ("participating", participating),
            ("rank", format_rank(p.rank)),
            ("rating", p.rating.to_string()),
            ("ratingOrigin", p.rating_origin.clone()),
            (
                "registeringStatus",
                if p.registration == Registration::Preliminary {
                    "PRE"
                } else {
                    "FIN"
                }
                .to_string(),
            ),
            ("smmsCorrection", p.smms_correction.to_string()),
        ],
    );
}

/// A player's key as the file's games and byes name them.
fn key_of(t: &Tournament, player: usize) -> String {
    t.players.get(player).map(|p| p.key()).unwrap_or_default()
}

/// Every game, as OpenGotha writes `<Game>`.
fn write_games(out: &mut String, t: &Tournament) {
    let key = |i: usize| key_of(t, i);
    for g in &t.games {
        element(
            out,
            "        ",
            "Game",
            &[
                ("blackPlayer", key(g.black)),
                ("handicap", g.handicap.to_string()),
                ("knownColor", g.known_color.to_string()),
                ("result", result_code(g.result)),
                ("roundNumber", g.round.to_string()),
                ("tableNumber", g.table.to_string()),
                ("whitePlayer", key(g.white)),
            ],
        );
    }
}

/// Every round's bye player.
fn write_byes(out: &mut String, t: &Tournament) {
    let key = |i: usize| key_of(t, i);
    for (r, bye) in t.byes.iter().enumerate() {
        if let Some(p) = bye {
            element(
                out,
                "        ",
                "ByePlayer",
                &[("player", key(*p)), ("roundNumber", (r + 1).to_string())],
            );
        }
    }
}

/// The handicap settings.
fn write_handicap(out: &mut String, t: &Tournament) {
    let attributes: Vec<(&str, String)> = HANDICAP_PARAMETERS
        .iter()
        .map(|row| (row.attribute, row.value(&t.handicap)))
        .collect();
    element(out, "        ", "HandicapParameterSet", &attributes);
}

/// The placement criteria, unknown ones by the name the file gave, and the display settings kept as read.
fn write_placement(out: &mut String, t: &Tournament) {
    out.push_str("        <PlacementParameterSet>\n            <PlacementCriteria>\n");
    for (i, c) in t.placement.criteria.iter().enumerate() {
        element(
            out,
            "                ",
            "PlacementCriterion",
            &[
                (
                    "name",
                    t.placement
                        .unknown
                        .get(&i)
                        .cloned()
                        .unwrap_or_else(|| c.name().to_string()),
                ),
                ("number", (i + 1).to_string()),
            ],
        );
    }
    out.push_str("            </PlacementCriteria>\n        </PlacementParameterSet>\n");
    if !t.placement.display.is_empty() {
        let attributes: Vec<(&str, String)> = t
            .placement
            .display
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .collect();
        element(out, "        ", "DPParameterSet", &attributes);
    }
}

fn write_general(out: &mut String, t: &Tournament) {
    let g = &t.general;
    let mut attributes: Vec<(&str, String)> = GENERAL_PARAMETERS
        .iter()
        .map(|row| (row.attribute, row.value(g)))
        .collect();
    attributes.extend(g.other.iter().map(|(k, v)| (k.as_str(), v.clone())));
    if g.category_lower_limits.is_empty() {
        element(out, "        ", "GeneralParameterSet", &attributes);
        return;
    }
    out.push_str("        <GeneralParameterSet");
    for (k, v) in &attributes {
        let _ = write!(out, " {k}=\"{}\"", escape_attribute(v));
    }
    out.push_str(">\n            <Categories>\n");
    for (i, limit) in g.category_lower_limits.iter().enumerate() {
        element(
            out,
            "                ",
            "Category",
            &[
                ("lowerLimit", format_rank(*limit)),
                ("number", (i + 1).to_string()),
            ],
        );
    }
    out.push_str("            </Categories>\n        </GeneralParameterSet>\n");
}

/// Each pairing parameter of [`PAIRING_PARAMETERS`], then what the app does not know of the
/// file's, as it came.
fn write_pairing(out: &mut String, t: &Tournament) {
    let mut p = t.pairing.clone();
    let mut attributes: Vec<(&str, String)> = PAIRING_PARAMETERS
        .iter()
        .map(|row| {
            let value = match row.setting {
                Setting::Weight(f) => f(&mut p).to_string(),
                Setting::Whole(f) => f(&mut p).to_string(),
                Setting::Round(f) => f(&mut p).to_string(),
                Setting::Fraction(f) => f(&mut p).to_string(),
                Setting::Flag(f) => f(&mut p).to_string(),
                Setting::Rank(f) => format_rank(*f(&mut p)),
                Setting::Draw(f) => f(&mut p).name().to_string(),
                Setting::Seed(f) => f(&mut p).name().to_string(),
                Setting::Criterion(f) => f(&mut p).name().to_string(),
            };
            (row.attribute, value)
        })
        .collect();
    attributes.extend(t.pairing.other.iter().map(|(k, v)| (k.as_str(), v.clone())));
    element(out, "        ", "PairingParameterSet", &attributes);
}

/// An OpenGotha file with round `round`'s results, for OpenGotha's "Import tournament from XML"
/// with only the games ticked. `results` gives each table's result by the table number shown
/// (a table given twice takes the last); tables not in the round are left out.
///
/// What the import needs, from `ExternalDocument.importTournamentFromXMLFile`: a `<Tournament>`
/// root, and each `<Game>` with its round, table, the two keys (looked up among the players
/// already in OpenGotha, so the file's own keys are written as the file had them) and the
/// result. `dataVersion="201"` has the keys looked up as written. The import puts each game
/// in place of the game at its round and table (`Tournament.addGame`), so a game written
/// `RESULT_UNKNOWN` would wipe a result the director already typed into OpenGotha: tables
/// without a result are left out, and OpenGotha keeps what it has for them. The players of the
/// written games go in too, so the file reads back on its own;
/// OpenGotha imports them only if "players" is ticked, and then refuses each as already there.
/// No tournament parameters are written: OpenGotha's import of a partial parameter set fails,
/// and of none says "No parameter could be imported" and changes nothing.
pub fn write_results(t: &Tournament, round: u32, results: &[(u32, Decided)]) -> String {
    let mut games: Vec<(&PairedGame, Decided)> = t
        .games_of(round)
        .filter_map(|g| result_of(results, g.table).map(|d| (g, d)))
        .collect();
    games.sort_by_key(|(g, _)| g.table);
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    let _ = writeln!(out, "<Tournament dataVersion=\"{DATA_VERSION}\">");
    out.push_str("<Players>\n");
    for (i, p) in t.players.iter().enumerate() {
        if games.iter().any(|(g, _)| g.black == i || g.white == i) {
            write_player(&mut out, p);
        }
    }
    out.push_str("</Players>\n<Games>\n");
    for (g, decided) in games {
        // The attributes in OpenGotha's own order (its writer sorts them by name).
        element(
            &mut out,
            "",
            "Game",
            &[
                ("blackPlayer", key_of(t, g.black)),
                ("handicap", g.handicap.to_string()),
                ("knownColor", g.known_color.to_string()),
                ("result", result_code(game_result(decided))),
                ("roundNumber", g.round.to_string()),
                ("tableNumber", g.table.to_string()),
                ("whitePlayer", key_of(t, g.white)),
            ],
        );
    }
    out.push_str("</Games>\n</Tournament>\n");
    out
}

/// Attribute text escaped for XML: markup characters as entities, and tabs and line breaks as
/// character references so a reader does not turn them into spaces. Characters XML 1.0 cannot
/// carry become U+FFFD.
pub fn escape_attribute(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' => out.push_str("&#9;"),
            '\n' => out.push_str("&#10;"),
            '\r' => out.push_str("&#13;"),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}
