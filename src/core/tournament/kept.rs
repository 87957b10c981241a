//! A tournament as this app keeps it on the phone between visits: OpenGotha's XML file
//! (`files::write_tournament`), and beside it, as a small JSON text with a layout number, what
//! that file has no place for: the director's forbidden pairs and the country code of the EGD
//! results file, and the tournament's name and summary, so that the list of tournaments kept
//! reads no file (layout 2; layout 1 had no summary, and its tournament is read once for it). Also a new tournament made on the phone, with OpenGotha's defaults where the
//! director says nothing, and the country most of its players come from.

use crate::core::text::{t, tf};
use std::collections::BTreeMap;
use std::fmt;

use super::files::FileError;
use super::files::read_tournament;
use super::rank::{MAX_RANK, MIN_RANK};
use super::{MAX_ROUNDS, PlacementCriterion, Tournament};
use crate::core::store::json::{self, Json, JsonError, Value};

/// The layout of the extras' text this app writes; it reads this one and every earlier one.
pub const EXTRAS_LAYOUT: u32 = 2;

/// What a kept tournament holds beside its OpenGotha file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Extras {
    /// The forbidden pairs, by player key.
    pub forbidden_pairs: Vec<(String, String)>,
    /// The country code written in the EGD file (empty: not asked yet).
    pub egd_country: String,
    /// The tournament's name and summary; `None` in the first layout, which had none.
    pub summary: Option<Summary>,
}

/// What the list of tournaments kept shows of one, kept beside it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// The tournament's name.
    pub name: String,
    /// How many players are registered.
    pub players: usize,
    /// How many rounds it has.
    pub rounds: u32,
    /// The last round paired (0: none yet).
    pub paired: u32,
}

impl Summary {
    /// The summary of `t`.
    pub fn of(t: &Tournament) -> Summary {
        Summary {
            name: t.general.name.clone(),
            players: t.players.len(),
            rounds: t.general.number_of_rounds,
            paired: t.last_paired_round(),
        }
    }
}

/// Why a kept tournament cannot be read; nothing is read from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeptError {
    /// The tournament's file is refused.
    File(FileError),
    /// The extras' text is damaged (what is wrong, and where).
    Damaged(String),
    /// The extras were written by a newer version of the app.
    NewerLayout(u32),
}

impl fmt::Display for KeptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            KeptError::File(e) => e.to_string(),
            KeptError::Damaged(why) => tf(
                "The tournament's forbidden pairs and country cannot be read ({}).",
                &[why],
            ),
            KeptError::NewerLayout(v) => tf(
                "The tournament was kept by a newer version of the app (layout {}; this version reads layout {}): update the app to open it.",
                &[v, &EXTRAS_LAYOUT],
            ),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for KeptError {}

/// The extras of `t` as text to store, with the EGD country `country`.
pub fn encode_extras(t: &Tournament, country: &str) -> String {
    let pairs = t
        .forbidden_pairs
        .iter()
        .map(|(a, b)| Value::Array(vec![a.to_json(), b.to_json()]))
        .collect();
    Value::Object(vec![
        ("layout".into(), EXTRAS_LAYOUT.to_json()),
        ("forbidden".into(), Value::Array(pairs)),
        ("country".into(), country.to_string().to_json()),
        ("name".into(), t.general.name.to_json()),
        ("players".into(), t.players.len().to_json()),
        ("rounds".into(), t.general.number_of_rounds.to_json()),
        ("paired".into(), t.last_paired_round().to_json()),
    ])
    .to_text()
}

/// Reads extras stored by [`encode_extras`], whole or not at all.
pub fn decode_extras(text: &str) -> Result<Extras, KeptError> {
    let damaged = |e: JsonError| KeptError::Damaged(e.to_string());
    let value = json::parse(text).map_err(damaged)?;
    let fields = json::object(&value, "an object").map_err(damaged)?;
    let layout: u32 = json::field(fields, "layout", None).map_err(damaged)?;
    if layout > EXTRAS_LAYOUT {
        return Err(KeptError::NewerLayout(layout));
    }
    if layout == 0 {
        return Err(KeptError::Damaged("layout 0 was never written".into()));
    }
    let pairs: Vec<Vec<String>> = json::field(fields, "forbidden", None).map_err(damaged)?;
    let mut forbidden_pairs = Vec::new();
    for pair in pairs {
        match pair.as_slice() {
            [a, b] => forbidden_pairs.push((a.clone(), b.clone())),
            _ => {
                return Err(KeptError::Damaged(
                    "a forbidden pair does not name two players".into(),
                ));
            }
        }
    }
    let egd_country: String =
        json::field(fields, "country", Some(String::new())).map_err(damaged)?;
    let summary = if layout >= 2 {
        Some(Summary {
            name: json::field(fields, "name", None).map_err(damaged)?,
            players: json::field(fields, "players", None).map_err(damaged)?,
            rounds: json::field(fields, "rounds", None).map_err(damaged)?,
            paired: json::field(fields, "paired", None).map_err(damaged)?,
        })
    } else {
        None
    };
    Ok(Extras {
        forbidden_pairs,
        egd_country,
        summary,
    })
}

/// The tournament kept as `xml` with the extras `extras` (none kept: none), and its EGD country.
pub fn restore(xml: &str, extras: Option<&str>) -> Result<(Tournament, String), KeptError> {
    let extras = extras.map(decode_extras).transpose()?.unwrap_or_default();
    let mut t = read_tournament(xml).map_err(KeptError::File)?;
    t.forbidden_pairs = extras.forbidden_pairs;
    Ok((t, extras.egd_country))
}

/// The summary of a tournament kept, read from its extras alone; `None` when they are of the
/// first layout (or damaged): then the tournament's file is read for it.
pub fn kept_summary(extras: &str) -> Option<Summary> {
    decode_extras(extras).ok()?.summary
}

/// The country most players of `t` come from (upper case; ties: the first in the alphabet),
/// empty when none has one.
pub fn most_common_country(t: &Tournament) -> String {
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for p in &t.players {
        let c = p.country.trim().to_uppercase();
        if !c.is_empty() {
            *counts.entry(c).or_default() += 1;
        }
    }
    let most = counts.values().copied().max().unwrap_or(0);
    counts
        .into_iter()
        .find(|(_, n)| *n == most)
        .map(|(c, _)| c)
        .unwrap_or_default()
}

/// How the players are placed and paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum System {
    /// McMahon: players start with a score from their rank, between floor and bar.
    McMahon,
    /// Swiss: everybody starts at 0, placed by wins.
    Swiss,
    /// Cup: placed by the cup score (wins, the later rounds counting more).
    Cup,
}

/// How handicaps are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HandicapPolicy {
    /// Every game even.
    None,
    /// From the McMahon scores, one stone less than the difference (OpenGotha's default).
    McMahonScores,
    /// From the ranks, one stone less than the difference.
    Ranks,
}

/// What the director gives for a new tournament; what is left empty takes OpenGotha's default.
#[derive(Clone, Debug, PartialEq)]
pub struct NewTournament {
    pub name: String,
    pub begin_date: String,
    pub end_date: String,
    pub location: String,
    pub rounds: u32,
    pub system: System,
    /// McMahon bar and floor as OpenGotha's integers (see `rank`).
    pub bar: i32,
    pub floor: i32,
    pub handicap: HandicapPolicy,
    /// Komi as typed (`7.5`, `6.5`, `0.5`).
    pub komi: String,
    /// Main time in minutes.
    pub basic_minutes: u32,
    /// Canadian or standard byo-yomi: seconds per period (0: sudden death).
    pub byo_yomi_seconds: u32,
    /// Board size.
    pub size: u8,
}

/// Why a new tournament is refused; nothing is made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NewTournamentError {
    MissingName,
    BadRounds(u32),
    BarBelowFloor,
    BadKomi(String),
    BadSize(u8),
}

impl fmt::Display for NewTournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            NewTournamentError::MissingName => t("Give the tournament a name.").to_string(),
            NewTournamentError::BadRounds(n) => tf(
                "A tournament has 1 to {} rounds, not {}.",
                &[&MAX_ROUNDS, n],
            ),
            NewTournamentError::BarBelowFloor => {
                t("The McMahon bar is below the floor: raise the bar or lower the floor.")
                    .to_string()
            }
            NewTournamentError::BadKomi(k) => tf(
                "\"{}\" is not a komi: write a number such as 7.5, 6.5 or 0.5.",
                &[k],
            ),
            NewTournamentError::BadSize(s) => tf("The board size is 5 to 25, not {}.", &[s]),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for NewTournamentError {}

/// A new tournament without players, with OpenGotha's defaults beside what `form` gives.
pub fn new_tournament(form: &NewTournament) -> Result<Tournament, NewTournamentError> {
    let name = form.name.trim();
    if name.is_empty() {
        return Err(NewTournamentError::MissingName);
    }
    if form.rounds == 0 || form.rounds as usize > MAX_ROUNDS {
        return Err(NewTournamentError::BadRounds(form.rounds));
    }
    let (bar, floor) = (
        form.bar.clamp(MIN_RANK, MAX_RANK),
        form.floor.clamp(MIN_RANK, MAX_RANK),
    );
    if bar < floor {
        return Err(NewTournamentError::BarBelowFloor);
    }
    let komi = form.komi.trim().replace(',', ".");
    match komi.parse::<f64>() {
        Ok(k) if k.is_finite() && k.abs() <= 100.0 && (k * 2.0).fract() == 0.0 => {}
        _ => return Err(NewTournamentError::BadKomi(form.komi.trim().to_string())),
    }
    if !(5..=25).contains(&form.size) {
        return Err(NewTournamentError::BadSize(form.size));
    }
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    let g = &mut t.general;
    g.name = name.to_string();
    g.short_name = short_name(name);
    g.number_of_rounds = form.rounds;
    g.mcmahon_bar = bar;
    g.mcmahon_floor = floor;
    let other = [
        ("beginDate", form.begin_date.trim().to_string()),
        ("endDate", form.end_date.trim().to_string()),
        ("location", form.location.trim().to_string()),
        ("komi", komi),
        ("size", form.size.to_string()),
        ("basicTime", form.basic_minutes.to_string()),
        (
            "complementaryTimeSystem",
            if form.byo_yomi_seconds == 0 {
                "SUDDENDEATH"
            } else {
                "STDBYOYOMI"
            }
            .to_string(),
        ),
        ("stdByoYomiTime", form.byo_yomi_seconds.max(1).to_string()),
        ("canByoYomiTime", "300".to_string()),
        ("nbMovesCanTime", "15".to_string()),
        ("fischerTime", "10".to_string()),
        ("bInternet", "false".to_string()),
        ("director", String::new()),
    ];
    g.other = other.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
    use PlacementCriterion::*;
    t.placement.criteria = match form.system {
        System::McMahon => vec![Mms, Sosm, Sososm, Null, Null, Null],
        System::Swiss => vec![Nbw, Sosw, Sososw, Null, Null, Null],
        System::Cup => vec![Cps, Nbw, Sosw, Null, Null, Null],
    };
    match form.handicap {
        HandicapPolicy::None => t.handicap.ceiling = 0,
        HandicapPolicy::McMahonScores => t.handicap.on_mcmahon_score = true,
        HandicapPolicy::Ranks => t.handicap.on_mcmahon_score = false,
    }
    Ok(t)
}

/// A short name as OpenGotha makes one: the name's letters and digits, at most 20.
fn short_name(name: &str) -> String {
    let short: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .take(20)
        .collect();
    if short.is_empty() {
        "tournament".to_string()
    } else {
        short
    }
}
