//! Reading a whole OpenGotha XML tournament file (players, games, byes and the four parameter
//! sets) into a [`Tournament`], checking what the pairing relies on: every game names known
//! players, nobody plays twice in a round or both plays and has the bye, the McMahon bar is not
//! below the floor, at most 2,000 players. The one reader of the file: the round's tables are
//! drawn from the tournament it gives (`round_screen`).
//!
//! The format follows OpenGotha's own reader, writer and document type, from the program's
//! sources (repository `lucvannier/opengotha`, version 3.51): `ExternalDocument.java`,
//! `Player.java` (`computeKeyString`), `Game.java` (the result codes) and `tournament.dtd` (the
//! attributes and their defaults). Files written by pairgoth are read too. A player's key is
//! not stored with the player: OpenGotha derives it from the name and first name (see
//! [`player_key`]); the games and byes store keys.

use std::collections::HashMap;

use super::error::FileError;
use super::xml::{XmlNode, bounded, child, flag, number, rank, required, text};
use crate::core::handicap::MAX_HANDICAP;
use crate::core::tournament::{
    GameOutcome, GameResult, MAX_PLAYERS, MAX_ROUNDS, PairedGame, PairingRules, Player,
    Registration, Tournament,
};

/// The largest file read, checked before parsing: a tournament of 2,000 players and 20 rounds
/// (OpenGotha's limits) takes a few megabytes.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;

/// The most XML nodes (elements and the text between them) read: OpenGotha's largest
/// tournament holds some 25,000 elements.
pub const MAX_NODES: u32 = 200_000;

/// A player's key as OpenGotha forms it: family name then first name, the spaces removed, in
/// upper case with the accents kept (`Nemo`, `André` → `NEMOANDRÉ`; `Weiß` → `WEISS…`, as
/// Java's upper case does too). `Player.computeKeyString` in OpenGotha.
pub fn player_key(name: &str, first_name: &str) -> String {
    normalised_key(&format!("{name}{first_name}"))
}

/// A key as OpenGotha looks it up: the spaces removed, in upper case
/// (`Player.computeKeyString(String)`).
fn normalised_key(text: &str) -> String {
    text.chars()
        .filter(|&c| c != ' ')
        .collect::<String>()
        .to_uppercase()
}

/// The key older OpenGotha files (`dataVersion` 200 and before) wrote: upper case with the
/// accents of Latin-9 and Turkish letters dropped and everything but A to Z removed
/// (`Tournament.getPlayerByObsoleteCanonicalName`, `Gotha.forceToASCII`). OpenGotha still
/// matches a game's key this way when the key as written names nobody.
fn obsolete_key(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'À'..='Å' | 'à'..='å' => 'A',
            'Ç' | 'ç' => 'C',
            'È'..='Ë' | 'è'..='ë' => 'E',
            'Ì'..='Ï' | 'ì'..='ï' | 'ı' => 'I',
            'Ñ' | 'ñ' => 'N',
            'Ò'..='Ö' | 'Ø' | 'ò'..='ö' | 'ø' => 'O',
            'Ù'..='Ü' | 'ù'..='ü' => 'U',
            'Ý' | 'ý' => 'Y',
            'ğ' | 'Ğ' => 'G',
            'ş' | 'Ş' => 'S',
            other => other.to_ascii_uppercase(),
        })
        .filter(|c| c.is_ascii_uppercase())
        .collect()
}

/// The app's result for OpenGotha's code (`RESULT_WHITEWINS_BYDEF`...); an unknown code is no
/// result yet, as OpenGotha reads it.
pub fn result_of_code(code: &str) -> GameResult {
    let (base, by_default) = match code.strip_suffix("_BYDEF") {
        Some(base) => (base, true),
        None => (code, false),
    };
    // pairgoth spells both losing `RESULT_BOTHLOOSE`.
    let outcome = match base {
        "RESULT_WHITEWINS" => GameOutcome::WhiteWins,
        "RESULT_BLACKWINS" => GameOutcome::BlackWins,
        "RESULT_EQUAL" => GameOutcome::Equal,
        "RESULT_BOTHLOSE" | "RESULT_BOTHLOOSE" => GameOutcome::BothLose,
        "RESULT_BOTHWIN" => GameOutcome::BothWin,
        _ => return GameResult::UNKNOWN,
    };
    GameResult {
        outcome,
        by_default,
    }
}

/// Reads an OpenGotha tournament file whole; any fault refuses it.
pub fn read_tournament(xml: &str) -> Result<Tournament, FileError> {
    if xml.len() > MAX_FILE_BYTES {
        return Err(FileError::TooLarge { bytes: xml.len() });
    }
    let options = roxmltree::ParsingOptions {
        // Only a document type named from outside, as OpenGotha 3.3x wrote: one that defines
        // anything (entities) in the file itself is refused by the parser.
        allow_dtd: super::xml::names_an_outside_document_type(xml),
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(xml, options).map_err(xml_error)?;
    let root = doc.root_element();
    if !root.has_tag_name("Tournament") {
        return Err(FileError::NotTournament {
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
    let keys = Keys::of(&t.players);
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

fn xml_error(e: roxmltree::Error) -> FileError {
    match e {
        roxmltree::Error::DtdDetected | roxmltree::Error::EntityReferenceLoop(_) => {
            FileError::DocumentType
        }
        roxmltree::Error::NodesLimitReached => FileError::TooManyNodes,
        other => {
            let pos = other.pos();
            FileError::NotXml {
                line: pos.row,
                column: pos.col,
                detail: other.to_string(),
            }
        }
    }
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

fn read_players(root: XmlNode) -> Result<Vec<Player>, FileError> {
    // Wherever they stand, as OpenGotha reads them.
    let nodes: Vec<XmlNode> = root
        .descendants()
        .filter(|c| c.has_tag_name("Player"))
        .collect();
    if nodes.len() > MAX_PLAYERS {
        return Err(FileError::TooManyPlayers { count: nodes.len() });
    }
    let mut players = Vec::with_capacity(nodes.len());
    let mut seen = HashMap::new();
    for n in nodes {
        let participating = text(n, "participating", "11111111111111111111");
        let player = Player {
            name: required(n, "Player", "name")?.to_string(),
            first_name: required(n, "Player", "firstName")?.to_string(),
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
        if key.is_empty() {
            return Err(FileError::UnnamedPlayer);
        }
        if seen.insert(key.clone(), ()).is_some() {
            return Err(FileError::DuplicatePlayer { key });
        }
        players.push(player);
    }
    Ok(players)
}

/// The players by the keys games and byes name them: the key, and the older key form where
/// exactly one player has it.
struct Keys {
    current: HashMap<String, usize>,
    older: HashMap<String, Option<usize>>,
}

impl Keys {
    fn of(players: &[Player]) -> Keys {
        let mut older: HashMap<String, Option<usize>> = HashMap::new();
        for (i, p) in players.iter().enumerate() {
            let old = obsolete_key(&format!("{}{}", p.name, p.first_name));
            if !old.is_empty() {
                older
                    .entry(old)
                    .and_modify(|k| *k = None)
                    .or_insert(Some(i));
            }
        }
        Keys {
            current: players
                .iter()
                .enumerate()
                .map(|(i, p)| (p.key(), i))
                .collect(),
            older,
        }
    }
}

/// The player a game's or bye's key names: the key as OpenGotha looks it up (spaces removed,
/// upper case), or else the older key form, when exactly one player has it.
fn find(keys: &Keys, key: &str, round: u32, table: Option<u32>) -> Result<usize, FileError> {
    keys.current
        .get(&normalised_key(key))
        .copied()
        .or_else(|| keys.older.get(&obsolete_key(key)).copied().flatten())
        .ok_or_else(|| FileError::UnknownPlayer {
            key: key.to_string(),
            round,
            table,
        })
}

/// A game's table number: required, 1 and up.
fn whole(n: XmlNode, attribute: &'static str) -> Result<u32, FileError> {
    let written = required(n, "Game", attribute)?;
    written
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|&v| v > 0)
        .ok_or_else(|| FileError::BadNumber {
            element: "Game",
            attribute,
            value: written.to_string(),
        })
}

fn read_round(n: XmlNode, element: &'static str) -> Result<u32, FileError> {
    let round: u32 = number(n, element, "roundNumber", 1)?;
    if round == 0 || round as usize > MAX_ROUNDS {
        return Err(FileError::BadRound { round });
    }
    Ok(round)
}

fn read_games(root: XmlNode, keys: &Keys) -> Result<Vec<PairedGame>, FileError> {
    let mut games = Vec::new();
    // Wherever they stand, as OpenGotha reads them.
    for n in root.descendants().filter(|c| c.has_tag_name("Game")) {
        required(n, "Game", "roundNumber")?;
        let round = read_round(n, "Game")?;
        let table = whole(n, "tableNumber")?;
        let written = text(n, "handicap", "0");
        let handicap = written
            .trim()
            .parse::<u8>()
            .ok()
            .filter(|h| *h <= MAX_HANDICAP)
            .ok_or_else(|| FileError::BadHandicap {
                round,
                table,
                value: written.clone(),
            })?;
        games.push(PairedGame {
            round,
            table,
            white: find(
                keys,
                required(n, "Game", "whitePlayer")?,
                round,
                Some(table),
            )?,
            black: find(
                keys,
                required(n, "Game", "blackPlayer")?,
                round,
                Some(table),
            )?,
            handicap,
            known_color: flag(n, "knownColor", true),
            result: result_of_code(&text(n, "result", "RESULT_UNKNOWN")),
        });
    }
    Ok(games)
}

fn read_byes(root: XmlNode, keys: &Keys, t: &mut Tournament) -> Result<(), FileError> {
    // Wherever they stand, as OpenGotha reads them: some files hold them in a `<ByePlayer>`
    // rather than a `<ByePlayers>`. Of two byes given for one round, the last counts.
    for n in root
        .descendants()
        .filter(|c| c.has_tag_name("ByePlayer") && c.attribute("player").is_some())
    {
        let round = read_round(n, "ByePlayer")?;
        let player = find(keys, &text(n, "player", ""), round, None)?;
        if let Some(slot) = t.byes.get_mut(round as usize - 1) {
            *slot = Some(player);
        }
    }
    Ok(())
}

/// Nobody twice in a round, nor both playing and having the bye.
fn check_rounds(t: &Tournament) -> Result<(), FileError> {
    let mut seen: HashMap<(u32, usize), u32> = HashMap::new();
    let key = |p: usize| t.players.get(p).map(|p| p.key()).unwrap_or_default();
    for g in &t.games {
        for p in [g.white, g.black] {
            if let Some(other) = seen.insert((g.round, p), g.table) {
                return Err(FileError::PlaysTwice {
                    key: key(p),
                    round: g.round,
                    tables: (other.min(g.table), other.max(g.table)),
                });
            }
            if t.bye_of(g.round) == Some(p) {
                return Err(FileError::ByeAlsoPlays {
                    key: key(p),
                    round: g.round,
                });
            }
        }
    }
    Ok(())
}
