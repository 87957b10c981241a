//! Reading a whole OpenGotha XML tournament file (players, games, byes and the four parameter
//! sets) into a [`Tournament`], checking what the pairing relies on: every game names known
//! players, nobody plays twice in a round or both plays and has the bye, the McMahon bar is not
//! below the floor, at most 2,000 players. The key, result code and parsing limits are the ones
//! the round reader (`core::round::opengotha`) uses for the same file.

use std::collections::HashMap;

use super::xml::{TournamentFileError, XmlNode, bounded, child, flag, number, rank, text};
use crate::core::round::opengotha::{MAX_FILE_BYTES, MAX_NODES, player_key, result_from_code};
use crate::core::round::{Decided, Outcome as RoundOutcome};
use crate::core::tournament::{
    GameOutcome, GameResult, MAX_PLAYERS, MAX_ROUNDS, PairedGame, PairingRules, Player,
    Registration, Tournament,
};

/// The app's result for OpenGotha's code (`RESULT_WHITEWINS_BYDEF`...); an unknown code is no
/// result yet, as OpenGotha reads it.
pub fn result_of_code(code: &str) -> GameResult {
    match result_from_code(code) {
        None => GameResult::UNKNOWN,
        Some(Decided {
            outcome,
            by_default,
        }) => GameResult {
            outcome: match outcome {
                RoundOutcome::White => GameOutcome::WhiteWins,
                RoundOutcome::Black => GameOutcome::BlackWins,
                RoundOutcome::Jigo => GameOutcome::Equal,
                RoundOutcome::BothLose => GameOutcome::BothLose,
                RoundOutcome::BothWin => GameOutcome::BothWin,
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
        // Only a document type named from outside, as OpenGotha 3.3x wrote: one that defines
        // anything (entities) in the file itself is refused by the parser.
        allow_dtd: super::xml::names_an_outside_document_type(xml),
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(xml, options).map_err(|e| {
        TournamentFileError::NotXml {
            detail: e.to_string(),
        }
    })?;
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
        super::opengotha_params::read_parameters(tps, &mut t)?;
    }
    t.pairing.rules = pairing_rules_of(root);
    t.players = read_players(root)?;
    let keys: HashMap<String, usize> = t
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.key(), i))
        .collect();
    t.games = read_games(root, &keys)?;
    read_byes(root, &keys, &mut t)?;
    check_rounds(&t)?;
    let last_round = t.games.iter().map(|g| g.round).max().unwrap_or(0);
    t.general.number_of_rounds = t
        .general
        .number_of_rounds
        .max(last_round)
        .clamp(1, MAX_ROUNDS as u32);
    Ok(t)
}

/// The pairing the file's tournament follows, from the version of OpenGotha that wrote it: the
/// 2024 build of 3.52.03 writes its version with the handicap setting under its old name
/// (`hdBasedOnMMS`), where the published 3.52 writes `hdBase`; every other file is paired as
/// the published source pairs.
fn pairing_rules_of(root: XmlNode) -> PairingRules {
    let version = root.attribute("fullVersionNumber").unwrap_or("");
    let old_handicap_name = child(root, "TournamentParameterSet")
        .and_then(|tps| child(tps, "HandicapParameterSet"))
        .is_some_and(|h| h.attribute("hdBasedOnMMS").is_some() && h.attribute("hdBase").is_none());
    if version.starts_with("3.52") && old_handicap_name {
        PairingRules::OpenGotha352
    } else {
        PairingRules::OpenGotha351
    }
}

fn read_players(root: XmlNode) -> Result<Vec<Player>, TournamentFileError> {
    // Wherever they stand, as OpenGotha reads them.
    let nodes: Vec<XmlNode> = root
        .descendants()
        .filter(|c| c.has_tag_name("Player"))
        .collect();
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
            // OpenGotha keeps a rating between -900 and 2949 (`Player.MIN_RATING`, `MAX_RATING`).
            rating: number(n, "Player", "rating", -900i32)?.clamp(-900, 2949),
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
            smms_correction: bounded(n, "Player", "smmsCorrection", 0, -60..=60)?,
        };
        let key = player.key();
        if seen.insert(key.clone(), ()).is_some() {
            return Err(TournamentFileError::DuplicatePlayer { key });
        }
        players.push(player);
    }
    Ok(players)
}

fn find(
    keys: &HashMap<String, usize>,
    key: &str,
    round: u32,
) -> Result<usize, TournamentFileError> {
    keys.get(key)
        .or_else(|| keys.get(&player_key(key, "")))
        .copied()
        .ok_or_else(|| TournamentFileError::UnknownPlayer {
            key: key.to_string(),
            round,
        })
}

fn read_round(n: XmlNode, element: &'static str) -> Result<u32, TournamentFileError> {
    let round: u32 = number(n, element, "roundNumber", 1)?;
    if round == 0 || round as usize > MAX_ROUNDS {
        return Err(TournamentFileError::BadRound { round });
    }
    Ok(round)
}

fn read_games(
    root: XmlNode,
    keys: &HashMap<String, usize>,
) -> Result<Vec<PairedGame>, TournamentFileError> {
    let mut games = Vec::new();
    // Wherever they stand, as OpenGotha reads them.
    for n in root.descendants().filter(|c| c.has_tag_name("Game")) {
        let round = read_round(n, "Game")?;
        let handicap: u8 = number(n, "Game", "handicap", 0)?;
        if handicap > 9 {
            return Err(TournamentFileError::BadValue {
                element: "Game",
                attribute: "handicap",
                value: handicap.to_string(),
            });
        }
        games.push(PairedGame {
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

fn read_byes(
    root: XmlNode,
    keys: &HashMap<String, usize>,
    t: &mut Tournament,
) -> Result<(), TournamentFileError> {
    // Wherever they stand, as OpenGotha reads them: some files hold them in a `<ByePlayer>`
    // rather than a `<ByePlayers>`. Of two byes given for one round, the last counts.
    for n in root
        .descendants()
        .filter(|c| c.has_tag_name("ByePlayer") && c.attribute("player").is_some())
    {
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
                return Err(TournamentFileError::PlaysTwice {
                    key: key(p),
                    round: g.round,
                });
            }
            if t.bye_of(g.round) == Some(p) {
                return Err(TournamentFileError::ByeAlsoPlays {
                    key: key(p),
                    round: g.round,
                });
            }
        }
    }
    Ok(())
}
