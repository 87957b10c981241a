//! Reading a whole OpenGotha XML tournament file (players, games, byes and the four parameter
//! sets) into a [`Tournament`], checking what the pairing relies on: every game names known
//! players, nobody plays twice in a round or both plays and has the bye, the McMahon bar is not
//! below the floor, at most 2,000 players. The key, result code and parsing limits are the ones
//! the round reader (`core::round::opengotha`) uses for the same file.

use std::collections::HashMap;
use std::fmt;

use crate::core::round::opengotha::{MAX_FILE_BYTES, MAX_NODES, player_key, result_from_code};
use crate::core::round::{Decided, Outcome as RoundOutcome};
use crate::core::tournament::rank::parse_rank;
use crate::core::tournament::{
    DrawMode, Game, GameResult, MAX_PLAYERS, MAX_ROUNDS, Outcome, PairingParameterSet,
    PlacementCriterion, Player, Registration, SeedSystem, Tournament,
};

/// Why a tournament file is refused; the message says it so a director can act on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentFileError {
    /// Larger than the round reader's limit.
    TooLarge {
        /// The file's size.
        bytes: usize,
    },
    /// Not well-formed XML (or a document type, or too many nodes).
    NotXml {
        /// The parser's description.
        detail: String,
    },
    /// Its root is not `<Tournament>`.
    NotTournament {
        /// The root found.
        root: String,
    },
    /// More than 2,000 players.
    TooManyPlayers {
        /// How many the file lists.
        count: usize,
    },
    /// Two players with the same key.
    DuplicatePlayer {
        /// The key.
        key: String,
    },
    /// A value that cannot be read.
    BadValue {
        /// The element.
        element: &'static str,
        /// The attribute.
        attribute: &'static str,
        /// What the file holds.
        value: String,
    },
    /// A game or bye naming nobody of the list of players.
    UnknownPlayer {
        /// The key written.
        key: String,
        /// Its round.
        round: u32,
    },
    /// A player in two games of one round (or against themselves).
    PlaysTwice {
        /// The player's key.
        key: String,
        /// The round.
        round: u32,
    },
    /// A player both given the bye and playing in a round.
    ByeAlsoPlays {
        /// The player's key.
        key: String,
        /// The round.
        round: u32,
    },
    /// A round number outside 1 to 20.
    BadRound {
        /// The round written.
        round: u32,
    },
    /// The McMahon bar below the floor.
    BarBelowFloor {
        /// The bar, as written.
        bar: String,
        /// The floor, as written.
        floor: String,
    },
}

impl fmt::Display for TournamentFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TournamentFileError::*;
        match self {
            TooLarge { bytes } => write!(f, "This file is {bytes} bytes, too large for a tournament file. Choose the tournament's .xml file saved by OpenGotha."),
            NotXml { detail } => write!(f, "This is not a readable XML file ({detail}). Save the tournament again from OpenGotha and load that file."),
            NotTournament { root } => write!(f, "This XML file holds a <{root}>, not an OpenGotha tournament. Choose the tournament's .xml file."),
            TooManyPlayers { count } => write!(f, "The file lists {count} players; a tournament holds at most {MAX_PLAYERS}."),
            DuplicatePlayer { key } => write!(f, "Two players have the same name ({key}). Give one of them a different first name in OpenGotha and save again."),
            BadValue { element, attribute, value } => write!(f, "The file's {element} has {attribute}=\"{value}\", which cannot be read."),
            UnknownPlayer { key, round } => write!(f, "Round {round} names a player ({key}) who is not in the list of players."),
            PlaysTwice { key, round } => write!(f, "{key} is in two games of round {round}. Remove one of the games in OpenGotha and save again."),
            ByeAlsoPlays { key, round } => write!(f, "{key} has the bye of round {round} and also plays in it. Remove the bye or the game in OpenGotha and save again."),
            BadRound { round } => write!(f, "The file has a round {round}; a tournament has rounds 1 to {MAX_ROUNDS}."),
            BarBelowFloor { bar, floor } => write!(f, "The McMahon bar ({bar}) is below the floor ({floor}). Set the bar at or above the floor in OpenGotha's general settings."),
        }
    }
}

impl std::error::Error for TournamentFileError {}

type Node<'a, 'i> = roxmltree::Node<'a, 'i>;

fn child<'a, 'i>(node: Node<'a, 'i>, name: &str) -> Option<Node<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

fn text(node: Node, attribute: &str, default: &str) -> String {
    node.attribute(attribute).unwrap_or(default).to_string()
}

fn number<T: std::str::FromStr>(
    node: Node,
    element: &'static str,
    attribute: &'static str,
    default: T,
) -> Result<T, TournamentFileError> {
    match node.attribute(attribute) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| TournamentFileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}

fn flag(node: Node, attribute: &str, default: bool) -> bool {
    node.attribute(attribute)
        .map_or(default, |v| v.trim().eq_ignore_ascii_case("true"))
}

fn rank(node: Node, element: &'static str, attribute: &'static str, default: i32) -> Result<i32, TournamentFileError> {
    match node.attribute(attribute) {
        None => Ok(default),
        Some(v) => parse_rank(v).ok_or(TournamentFileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}

/// The app's result for OpenGotha's code (`RESULT_WHITEWINS_BYDEF`...); an unknown code is no
/// result yet, as OpenGotha reads it.
pub fn result_of_code(code: &str) -> GameResult {
    match result_from_code(code) {
        None => GameResult::UNKNOWN,
        Some(Decided { outcome, by_default }) => GameResult {
            outcome: match outcome {
                RoundOutcome::White => Outcome::WhiteWins,
                RoundOutcome::Black => Outcome::BlackWins,
                RoundOutcome::Jigo => Outcome::Equal,
                RoundOutcome::BothLose => Outcome::BothLose,
                RoundOutcome::BothWin => Outcome::BothWin,
            },
            by_default,
        },
    }
}

/// Reads an OpenGotha tournament file whole; any fault refuses it.
pub fn read_tournament(xml: &str) -> Result<Tournament, TournamentFileError> {
    if xml.len() > MAX_FILE_BYTES {
        return Err(TournamentFileError::TooLarge { bytes: xml.len() });
    }
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(xml, options)
        .map_err(|e| TournamentFileError::NotXml { detail: e.to_string() })?;
    let root = doc.root_element();
    if !root.has_tag_name("Tournament") {
        return Err(TournamentFileError::NotTournament {
            root: root.tag_name().name().to_string(),
        });
    }
    let mut t = Tournament {
        byes: vec![None; MAX_ROUNDS],
        ..Tournament::default()
    };
    if let Some(tps) = child(root, "TournamentParameterSet") {
        read_parameters(tps, &mut t)?;
    }
    t.players = read_players(root)?;
    let keys: HashMap<String, usize> = t.players.iter().enumerate().map(|(i, p)| (p.key(), i)).collect();
    t.games = read_games(root, &keys)?;
    read_byes(root, &keys, &mut t)?;
    check_rounds(&t)?;
    let last_round = t.games.iter().map(|g| g.round).max().unwrap_or(0);
    t.general.number_of_rounds = t.general.number_of_rounds.max(last_round).clamp(1, MAX_ROUNDS as u32);
    Ok(t)
}

fn read_players(root: Node) -> Result<Vec<Player>, TournamentFileError> {
    let nodes: Vec<Node> = child(root, "Players")
        .map(|p| p.children().filter(|c| c.has_tag_name("Player")).collect())
        .unwrap_or_default();
    if nodes.len() > MAX_PLAYERS {
        return Err(TournamentFileError::TooManyPlayers { count: nodes.len() });
    }
    let mut players = Vec::with_capacity(nodes.len());
    let mut seen = HashMap::new();
    for n in nodes {
        let participating = text(n, "participating", "11111111111111111111");
        let player = Player {
            name: text(n, "name", ""),
            first_name: text(n, "firstName", ""),
            rank: rank(n, "Player", "rank", -30)?,
            grade: text(n, "grade", ""),
            rating: number(n, "Player", "rating", -900)?,
            rating_origin: text(n, "ratingOrigin", ""),
            club: text(n, "club", ""),
            country: text(n, "country", ""),
            egf_pin: text(n, "egfPin", ""),
            ffg_licence: text(n, "ffgLicence", ""),
            ffg_licence_status: text(n, "ffgLicenceStatus", ""),
            aga_id: text(n, "agaId", ""),
            aga_expiration_date: text(n, "agaExpirationDate", ""),
            registration: if text(n, "registeringStatus", "FIN").eq_ignore_ascii_case("PRE") {
                Registration::Preliminary
            } else {
                Registration::Final
            },
            participating: (0..MAX_ROUNDS)
                .map(|r| participating.as_bytes().get(r).is_none_or(|&c| c != b'0'))
                .collect(),
            smms_correction: number(n, "Player", "smmsCorrection", 0)?,
        };
        let key = player.key();
        if seen.insert(key.clone(), ()).is_some() {
            return Err(TournamentFileError::DuplicatePlayer { key });
        }
        players.push(player);
    }
    Ok(players)
}

fn find(keys: &HashMap<String, usize>, key: &str, round: u32) -> Result<usize, TournamentFileError> {
    keys.get(key)
        .or_else(|| keys.get(&player_key(key, "")))
        .copied()
        .ok_or_else(|| TournamentFileError::UnknownPlayer {
            key: key.to_string(),
            round,
        })
}

fn read_round(n: Node, element: &'static str) -> Result<u32, TournamentFileError> {
    let round: u32 = number(n, element, "roundNumber", 1)?;
    if round == 0 || round as usize > MAX_ROUNDS {
        return Err(TournamentFileError::BadRound { round });
    }
    Ok(round)
}

fn read_games(root: Node, keys: &HashMap<String, usize>) -> Result<Vec<Game>, TournamentFileError> {
    let mut games = Vec::new();
    let Some(list) = child(root, "Games") else {
        return Ok(games);
    };
    for n in list.children().filter(|c| c.has_tag_name("Game")) {
        let round = read_round(n, "Game")?;
        let handicap: u8 = number(n, "Game", "handicap", 0)?;
        if handicap > 9 {
            return Err(TournamentFileError::BadValue {
                element: "Game",
                attribute: "handicap",
                value: handicap.to_string(),
            });
        }
        games.push(Game {
            round,
            table: number(n, "Game", "tableNumber", 1)?,
            white: find(keys, &text(n, "whitePlayer", ""), round)?,
            black: find(keys, &text(n, "blackPlayer", ""), round)?,
            handicap,
            known_color: flag(n, "knownColor", true),
            result: result_of_code(&text(n, "result", "RESULT_UNKNOWN")),
        });
    }
    Ok(games)
}

fn read_byes(root: Node, keys: &HashMap<String, usize>, t: &mut Tournament) -> Result<(), TournamentFileError> {
    let Some(list) = child(root, "ByePlayers") else {
        return Ok(());
    };
    for n in list.children().filter(|c| c.has_tag_name("ByePlayer")) {
        let round = read_round(n, "ByePlayer")?;
        let player = find(keys, &text(n, "player", ""), round)?;
        if let Some(slot) = t.byes.get_mut(round as usize - 1) {
            *slot = Some(player);
        }
    }
    Ok(())
}

/// Nobody twice in a round, nor both playing and having the bye.
fn check_rounds(t: &Tournament) -> Result<(), TournamentFileError> {
    let mut seen: HashMap<(u32, usize), ()> = HashMap::new();
    let key = |p: usize| t.players.get(p).map(|p| p.key()).unwrap_or_default();
    for g in &t.games {
        for p in [g.white, g.black] {
            if seen.insert((g.round, p), ()).is_some() {
                return Err(TournamentFileError::PlaysTwice { key: key(p), round: g.round });
            }
            if t.bye_of(g.round) == Some(p) {
                return Err(TournamentFileError::ByeAlsoPlays { key: key(p), round: g.round });
            }
        }
    }
    Ok(())
}

fn read_parameters(tps: Node, t: &mut Tournament) -> Result<(), TournamentFileError> {
    if let Some(n) = child(tps, "GeneralParameterSet") {
        read_general(n, t)?;
    }
    if let Some(n) = child(tps, "HandicapParameterSet") {
        let h = &mut t.handicap;
        h.based_on_mms = flag(n, "hdBasedOnMMS", h.based_on_mms);
        h.no_handicap_rank_threshold = rank(n, "HandicapParameterSet", "hdNoHdRankThreshold", h.no_handicap_rank_threshold)?;
        h.correction = number(n, "HandicapParameterSet", "hdCorrection", h.correction)?;
        h.ceiling = number(n, "HandicapParameterSet", "hdCeiling", h.ceiling)?;
    }
    if let Some(list) = child(tps, "PlacementParameterSet").and_then(|p| child(p, "PlacementCriteria")) {
        let mut criteria: Vec<(u32, PlacementCriterion)> = Vec::new();
        for c in list.children().filter(|c| c.has_tag_name("PlacementCriterion")) {
            let number: u32 = number(c, "PlacementCriterion", "number", criteria.len() as u32 + 1)?;
            criteria.push((number, PlacementCriterion::from_name(&text(c, "name", "NULL"))));
        }
        criteria.sort_by_key(|c| c.0);
        t.placement.criteria = criteria.into_iter().map(|c| c.1).collect();
    }
    if let Some(n) = child(tps, "PairingParameterSet") {
        read_pairing(n, &mut t.pairing)?;
    }
    Ok(())
}

/// The general attributes the app uses; all the others are kept as written.
const GENERAL_TYPED: [&str; 13] = [
    "name", "shortName", "numberOfRounds", "numberOfCategories", "genMMFloor", "genMMBar",
    "genMMZero", "genNBW2ValueAbsent", "genNBW2ValueBye", "genMMS2ValueAbsent",
    "genMMS2ValueBye", "genRoundDownNBWMMS", "genCountNotPlayedGamesAsHalfPoint",
];

fn read_general(n: Node, t: &mut Tournament) -> Result<(), TournamentFileError> {
    const E: &str = "GeneralParameterSet";
    let g = &mut t.general;
    g.name = text(n, "name", &g.name);
    g.short_name = text(n, "shortName", &g.short_name);
    g.number_of_rounds = number(n, E, "numberOfRounds", g.number_of_rounds)?;
    g.number_of_categories = number(n, E, "numberOfCategories", g.number_of_categories)?;
    g.mm_floor = rank(n, E, "genMMFloor", g.mm_floor)?;
    g.mm_bar = rank(n, E, "genMMBar", g.mm_bar)?;
    g.mm_zero = rank(n, E, "genMMZero", g.mm_zero)?;
    g.nbw2_value_absent = number(n, E, "genNBW2ValueAbsent", g.nbw2_value_absent)?;
    g.nbw2_value_bye = number(n, E, "genNBW2ValueBye", g.nbw2_value_bye)?;
    g.mms2_value_absent = number(n, E, "genMMS2ValueAbsent", g.mms2_value_absent)?;
    g.mms2_value_bye = number(n, E, "genMMS2ValueBye", g.mms2_value_bye)?;
    g.round_down_nbw_mms = flag(n, "genRoundDownNBWMMS", g.round_down_nbw_mms);
    g.count_not_played_as_half_point = flag(n, "genCountNotPlayedGamesAsHalfPoint", g.count_not_played_as_half_point);
    if g.mm_bar < g.mm_floor {
        return Err(TournamentFileError::BarBelowFloor {
            bar: text(n, "genMMBar", ""),
            floor: text(n, "genMMFloor", ""),
        });
    }
    if g.number_of_rounds as usize > MAX_ROUNDS {
        return Err(TournamentFileError::BadRound { round: g.number_of_rounds });
    }
    let mut limits: Vec<(u32, i32)> = Vec::new();
    for c in n.descendants().filter(|c| c.has_tag_name("Category")) {
        limits.push((number(c, "Category", "number", 0)?, rank(c, "Category", "lowerLimit", -30)?));
    }
    limits.sort_by_key(|l| l.0);
    g.category_lower_limits = limits.into_iter().map(|l| l.1).collect();
    for a in n.attributes() {
        if !GENERAL_TYPED.contains(&a.name()) {
            g.other.insert(a.name().to_string(), a.value().to_string());
        }
    }
    Ok(())
}

fn draw_mode(n: Node, attribute: &'static str, default: DrawMode) -> Result<DrawMode, TournamentFileError> {
    match n.attribute(attribute) {
        None => Ok(default),
        Some("TOP") => Ok(DrawMode::Top),
        Some("MID") => Ok(DrawMode::Middle),
        Some("BOT") => Ok(DrawMode::Bottom),
        Some(v) => Err(TournamentFileError::BadValue {
            element: "PairingParameterSet",
            attribute,
            value: v.to_string(),
        }),
    }
}

fn seed_system(n: Node, attribute: &'static str, default: SeedSystem) -> Result<SeedSystem, TournamentFileError> {
    match n.attribute(attribute) {
        None => Ok(default),
        Some("SPLITANDRANDOM") => Ok(SeedSystem::SplitAndRandom),
        Some("SPLITANDFOLD") => Ok(SeedSystem::SplitAndFold),
        Some("SPLITANDSLIP") => Ok(SeedSystem::SplitAndSlip),
        Some(v) => Err(TournamentFileError::BadValue {
            element: "PairingParameterSet",
            attribute,
            value: v.to_string(),
        }),
    }
}

fn read_pairing(n: Node, p: &mut PairingParameterSet) -> Result<(), TournamentFileError> {
    const E: &str = "PairingParameterSet";
    p.avoid_duplicate_game = number(n, E, "paiBaAvoidDuplGame", p.avoid_duplicate_game)?;
    p.random = number(n, E, "paiBaRandom", p.random)?;
    p.deterministic = flag(n, "paiBaDeterministic", p.deterministic);
    p.balance_white_black = number(n, E, "paiBaBalanceWB", p.balance_white_black)?;
    p.avoid_mixing_categories = number(n, E, "paiMaAvoidMixingCategories", p.avoid_mixing_categories)?;
    p.minimize_score_difference = number(n, E, "paiMaMinimizeScoreDifference", p.minimize_score_difference)?;
    p.dudd_weight = number(n, E, "paiMaDUDDWeight", p.dudd_weight)?;
    p.compensate_dudd = flag(n, "paiMaCompensateDUDD", p.compensate_dudd);
    p.dudd_upper_mode = draw_mode(n, "paiMaDUDDUpperMode", p.dudd_upper_mode)?;
    p.dudd_lower_mode = draw_mode(n, "paiMaDUDDLowerMode", p.dudd_lower_mode)?;
    p.maximize_seeding = number(n, E, "paiMaMaximizeSeeding", p.maximize_seeding)?;
    p.last_round_for_seed_system1 = number(n, E, "paiMaLastRoundForSeedSystem1", p.last_round_for_seed_system1)?;
    p.seed_system1 = seed_system(n, "paiMaSeedSystem1", p.seed_system1)?;
    p.seed_system2 = seed_system(n, "paiMaSeedSystem2", p.seed_system2)?;
    if let Some(v) = n.attribute("paiMaAdditionalPlacementCritSystem1") {
        p.additional_placement_crit_system1 = PlacementCriterion::from_name(v);
    }
    if let Some(v) = n.attribute("paiMaAdditionalPlacementCritSystem2") {
        p.additional_placement_crit_system2 = PlacementCriterion::from_name(v);
    }
    p.se_rank_threshold = rank(n, E, "paiSeRankThreshold", p.se_rank_threshold)?;
    p.se_nb_wins_threshold_active = flag(n, "paiSeNbWinsThresholdActive", p.se_nb_wins_threshold_active);
    p.se_bar_threshold_active = flag(n, "paiSeBarThresholdActive", p.se_bar_threshold_active);
    p.se_default_secondary_criteria = number(n, E, "paiSeDefSecCrit", p.se_default_secondary_criteria)?;
    p.se_minimize_handicap = number(n, E, "paiSeMinimizeHandicap", p.se_minimize_handicap)?;
    p.se_avoid_same_geo = number(n, E, "paiSeAvoidSameGeo", p.se_avoid_same_geo)?;
    p.se_prefer_mms_diff_rather_than_same_country = number(n, E, "paiSePreferMMSDiffRatherThanSameCountry", p.se_prefer_mms_diff_rather_than_same_country)?;
    p.se_prefer_mms_diff_rather_than_same_club = number(n, E, "paiSePreferMMSDiffRatherThanSameClub", p.se_prefer_mms_diff_rather_than_same_club)?;
    p.nx1_factor = number(n, E, "paiStandardNX1Factor", p.nx1_factor)?;
    Ok(())
}
