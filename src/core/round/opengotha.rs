//! OpenGotha's XML tournament file: the pairings of a round read from it, and the round's
//! results written back in a file OpenGotha imports.
//!
//! The format follows OpenGotha's own reader, writer and document type, from the program's
//! sources (repository `lucvannier/opengotha`, version 3.51): `src/info/vannier/gotha/
//! ExternalDocument.java` (`importPlayersFromXMLFile`, `importGamesFromXMLFile`,
//! `importTournamentParameterSetFromXMLFile`, `generateXMLGamesElement`,
//! `importTournamentFromXMLFile`), `src/info/vannier/gotha/Player.java` (`computeKeyString`),
//! `src/info/vannier/gotha/Game.java` (the result codes) and
//! `distribution/tournamentfiles/tournament.dtd` (the attributes and their defaults). Files
//! written by pairgoth (repository `ffrgo/pairgoth`, `api-webapp/src/main/kotlin/org/jeudego/
//! pairgoth/ext/OpenGotha.kt`) are read too.
//!
//! What the file holds, as this reader takes it:
//! - `<Tournament>` is the root; `<Players>` lists each `<Player name firstName rank club …/>`.
//!   A player's key is not stored with the player: OpenGotha derives it from the name and first
//!   name (see [`player_key`]). The games and byes store keys (`whitePlayer`, `blackPlayer`).
//! - `<Games>` lists each `<Game roundNumber tableNumber whitePlayer blackPlayer handicap
//!   knownColor result/>`. Round and table numbers in the file are the ones OpenGotha shows
//!   (it keeps them from 0 inside and writes and shows each plus one), so table 1 in the file is
//!   table 1 on OpenGotha's screens, result sheets and the players' pairing list.
//! - `knownColor="false"` marks a game whose colours were not published (an even game where the
//!   players choose colours at the board); the colours in the file are then a placeholder.
//! - `<ByePlayers>` names the player without a game in a round; the round's tables ignore it.
//! - `<TournamentParameterSet><GeneralParameterSet …/>` holds the name, board size, komi and
//!   time: `basicTime` in minutes, then `complementaryTimeSystem` one of `SUDDENDEATH`,
//!   `STDBYOYOMI` (one period of `stdByoYomiTime` seconds per move), `CANBYOYOMI`
//!   (`nbMovesCanTime` stones in `canByoYomiTime` seconds) or `FISCHER` (`fischerTime` seconds
//!   added per move).
//!
//! An attribute left out takes the document type's default, as a validating reader would.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;

use super::export::result_of;
use super::{Decided, Outcome, Round, RoundTable, TablePlayer, TimeSettings};
use crate::core::clock::{TimeControl, TimeSystemKind};
use crate::core::form_values;
use crate::core::handicap::MAX_HANDICAP;
use crate::core::point::{MAX_SIZE, MIN_SIZE};
use crate::core::text::{number, t, tf};

/// The largest file read, checked before parsing: a tournament of 2,000 players and 20 rounds
/// (OpenGotha's limits) takes a few megabytes.
pub const MAX_FILE_BYTES: usize = 20 * 1024 * 1024;

/// The most XML nodes (elements and the text between them) read: OpenGotha's largest
/// tournament holds some 25,000 elements.
pub const MAX_NODES: u32 = 200_000;

/// Komi in a handicap game. OpenGotha keeps one komi, the even games'; handicap games are
/// played with half a point, as the EGF, the LGC ("In a handicap game it is 0.5 to White") and
/// the AGA have it.
pub const HANDICAP_KOMI: f64 = 0.5;

/// The `dataVersion` this writer declares: the one OpenGotha 3.48 to 3.50 write, which tells
/// OpenGotha's import to look players up by their keys as written.
pub const DATA_VERSION: &str = "201";

// Defaults of `tournament.dtd`, used when the file leaves an attribute out.
const DEFAULT_RANK: &str = "30K";
const DEFAULT_KNOWN_COLOR: &str = "true";
const DEFAULT_HANDICAP: &str = "0";
const DEFAULT_RESULT: &str = "RESULT_UNKNOWN";
const DEFAULT_SHORT_NAME: &str = "defaultshortname";
const DEFAULT_NAME: &str = "defaultname";
const DEFAULT_BASIC_TIME: &str = "60";
const DEFAULT_TIME_SYSTEM: &str = "CANBYOYOMI";
const DEFAULT_STD_BYO_YOMI_TIME: &str = "30";
const DEFAULT_NB_MOVES_CAN_TIME: &str = "15";
const DEFAULT_CAN_BYO_YOMI_TIME: &str = "300";
const DEFAULT_FISCHER_TIME: &str = "5";
const DEFAULT_SIZE: &str = "19";
const DEFAULT_KOMI: &str = "7.5";
const DEFAULT_NUMBER_OF_ROUNDS: &str = "5";

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

/// The tournament's time system, as OpenGotha's general parameters hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GothaTimeSystem {
    /// `SUDDENDEATH`: main time only.
    SuddenDeath { basic_minutes: u32 },
    /// `STDBYOYOMI`: one byo-yomi period of `seconds` per move.
    StandardByoYomi { basic_minutes: u32, seconds: u32 },
    /// `CANBYOYOMI`: `stones` moves in `seconds`.
    CanadianByoYomi {
        basic_minutes: u32,
        stones: u32,
        seconds: u32,
    },
    /// `FISCHER`: `increment_seconds` added per move.
    Fischer {
        basic_minutes: u32,
        increment_seconds: u32,
    },
}

impl GothaTimeSystem {
    /// The settings link's fields for this time (`time`, `main` in seconds, then `periods` and
    /// `period`, `stones` and `period`, or `inc`).
    pub fn settings(&self) -> TimeSettings {
        let main = |minutes: u32| ("main", (u64::from(minutes) * 60).to_string());
        let fields = match *self {
            GothaTimeSystem::SuddenDeath { basic_minutes } => vec![
                ("time", TimeSystemKind::SuddenDeath.id().to_string()),
                main(basic_minutes),
            ],
            GothaTimeSystem::StandardByoYomi {
                basic_minutes,
                seconds,
            } => vec![
                ("time", TimeSystemKind::ByoYomi.id().to_string()),
                main(basic_minutes),
                ("periods", "1".to_string()),
                ("period", seconds.to_string()),
            ],
            GothaTimeSystem::CanadianByoYomi {
                basic_minutes,
                stones,
                seconds,
            } => vec![
                ("time", TimeSystemKind::Canadian.id().to_string()),
                main(basic_minutes),
                ("stones", stones.to_string()),
                ("period", seconds.to_string()),
            ],
            GothaTimeSystem::Fischer {
                basic_minutes,
                increment_seconds,
            } => vec![
                ("time", TimeSystemKind::Fischer.id().to_string()),
                main(basic_minutes),
                ("inc", increment_seconds.to_string()),
            ],
        };
        TimeSettings { fields }
    }
}

/// The general parameters the tables need.
#[derive(Clone, Debug, PartialEq)]
pub struct General {
    /// Board size, 5 to 25.
    pub size: u8,
    /// Komi in an even game.
    pub komi: f64,
    pub time: GothaTimeSystem,
}

/// One `<Game>` of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GothaGame {
    pub round: u32,
    /// The table number as the file writes it and OpenGotha shows it (1 and up).
    pub table: u32,
    /// White's key as the file writes it.
    pub white: String,
    /// Black's key as the file writes it.
    pub black: String,
    /// Handicap stones, 0 to 9.
    pub handicap: u8,
    /// Whether the colours were published (`knownColor`).
    pub known_color: bool,
    /// The result; `None` for `RESULT_UNKNOWN` (no result yet).
    pub result: Option<Decided>,
}

/// An OpenGotha tournament as read from its file.
#[derive(Clone, Debug, PartialEq)]
pub struct GothaFile {
    /// The tournament's name (`GeneralParameterSet name`).
    pub name: String,
    /// Its short name, which OpenGotha also uses for file names.
    pub short_name: String,
    /// Every player, by key.
    pub players: BTreeMap<String, TablePlayer>,
    /// Every game of every round, in file order.
    pub games: Vec<GothaGame>,
    pub general: General,
    /// The number of rounds the tournament has (`numberOfRounds`).
    pub number_of_rounds: u32,
    /// Each `<Player>`'s attributes as the file has them, in file order, to write back.
    elements: Vec<(String, Vec<(String, String)>)>,
    /// The players by the older key form: the player's key, or `None` where two players share
    /// the older form.
    older_keys: BTreeMap<String, Option<String>>,
}

/// Why a pairing file is refused. Nothing of a refused file is kept.
#[derive(Clone, Debug, PartialEq)]
pub enum FileError {
    /// Over [`MAX_FILE_BYTES`].
    TooLarge { bytes: usize },
    /// Not well-formed XML.
    NotXml {
        line: u32,
        column: u32,
        detail: String,
    },
    /// The file declares a document type (DTD), where entities could expand without end.
    DocumentType,
    /// More than [`MAX_NODES`] nodes.
    TooManyNodes,
    /// XML, but its root is not `<Tournament>`.
    NotTournament { root: String },
    /// An attribute the document type requires is missing.
    MissingAttribute {
        element: &'static str,
        attribute: &'static str,
    },
    /// A player with an empty name and first name.
    UnnamedPlayer,
    /// Two players with the same key.
    DuplicatePlayer { key: String },
    /// A number that is not a whole number (or out of its range).
    BadNumber {
        element: &'static str,
        attribute: &'static str,
        value: String,
    },
    /// A game's key names nobody in the list of players.
    UnknownPlayer { key: String, round: u32, table: u32 },
    /// Two games at one table in one round.
    DuplicateTable { round: u32, table: u32 },
    /// One player in two games of a round (or against themselves).
    PlaysTwice {
        key: String,
        round: u32,
        tables: (u32, u32),
    },
    /// A handicap outside 0 to 9.
    BadHandicap {
        round: u32,
        table: u32,
        value: String,
    },
    /// A board size outside 5 to 25.
    BadSize { value: String },
    /// A komi the app cannot count with.
    BadKomi { value: String, reason: String },
    /// A time system OpenGotha does not have.
    UnknownTimeSystem { value: String },
    /// Times no clock of the app can run.
    BadTime { problems: Vec<String> },
    /// The round asked for has no games in the file.
    NoSuchRound { round: u32, rounds: Vec<u32> },
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let resave = t("Save the tournament again from OpenGotha and load that file.");
        let text = match self {
            FileError::TooLarge { bytes } => tf(
                "This file is {} MB; a tournament file is far smaller and at most {} MB is read. Choose the tournament's .xml file.",
                &[
                    &number(&format!("{:.1}", *bytes as f64 / (1024.0 * 1024.0))),
                    &(MAX_FILE_BYTES / (1024 * 1024)),
                ],
            ),
            FileError::NotXml {
                line,
                column,
                detail,
            } => tf(
                "This file is not an OpenGotha tournament file: it is not XML (line {}, column {}: {}). Choose the .xml file OpenGotha saves or exports.",
                &[line, column, detail],
            ),
            FileError::DocumentType => tf(
                "This file declares its own document type (DTD), which OpenGotha never writes and which can define entities that swell to millions of characters, so it is not read. {}",
                &[&resave],
            ),
            FileError::TooManyNodes => tf(
                "This file holds more elements than any tournament (at most {} are read), so it is not read. Choose the tournament's .xml file.",
                &[&MAX_NODES],
            ),
            FileError::NotTournament { root } => tf(
                "This XML file is not an OpenGotha tournament: its main element is <{}>, not <Tournament>. Choose the tournament file OpenGotha saves or exports.",
                &[root],
            ),
            FileError::MissingAttribute { element, attribute } => tf(
                "A <{}> in the file has no {}, which OpenGotha always writes: the file is damaged. {}",
                &[element, attribute, &resave],
            ),
            FileError::UnnamedPlayer => t(
                "A player in the file has neither a name nor a first name. Name every player in OpenGotha, save, and load the file again.",
            )
            .to_string(),
            FileError::DuplicatePlayer { key } => tf(
                "Two players in the file have the same name ({}); OpenGotha tells players apart by name and first name. Rename one in OpenGotha, save, and load the file again.",
                &[key],
            ),
            FileError::BadNumber {
                element,
                attribute,
                value,
            } => tf(
                "The file's {} “{}” (in <{}>) is not a number OpenGotha writes there: the file is damaged. {}",
                &[attribute, value, element, &resave],
            ),
            FileError::UnknownPlayer { key, round, table } => tf(
                "Round {}, table {} names the player {}, who is not in the file's list of players. {}",
                &[round, table, key, &resave],
            ),
            FileError::DuplicateTable { round, table } => tf(
                "Round {} has two games at table {}. Renumber the tables in OpenGotha, save, and load the file again.",
                &[round, table],
            ),
            FileError::PlaysTwice { key, round, tables } => {
                if tables.0 == tables.1 {
                    tf(
                        "Round {}, table {} pairs {} against themselves. Correct the pairing in OpenGotha, save, and load the file again.",
                        &[round, &tables.0, key],
                    )
                } else {
                    tf(
                        "In round {}, {} plays at table {} and at table {}. Correct the pairing in OpenGotha, save, and load the file again.",
                        &[round, key, &tables.0, &tables.1],
                    )
                }
            }
            FileError::BadHandicap {
                round,
                table,
                value,
            } => tf(
                "Round {}, table {} has a handicap of “{}”; a handicap is 0 to {} stones. Correct it in OpenGotha, save, and load the file again.",
                &[round, table, value, &MAX_HANDICAP],
            ),
            FileError::BadSize { value } => tf(
                "The tournament's board size is “{}”; the app plays on boards from {}×{} to {}×{}. Set the size in OpenGotha's game options, save, and load the file again.",
                &[value, &MIN_SIZE, &MIN_SIZE, &MAX_SIZE, &MAX_SIZE],
            ),
            FileError::BadKomi { value, reason } => tf(
                "The tournament's komi is “{}”: {} Set the komi in OpenGotha's game options, save, and load the file again.",
                &[value, reason],
            ),
            FileError::UnknownTimeSystem { value } => tf(
                "The tournament's time system is “{}”, which is none of OpenGotha's (SUDDENDEATH, STDBYOYOMI, CANBYOYOMI, FISCHER). Set the time in OpenGotha's game options, save, and load the file again.",
                &[value],
            ),
            FileError::BadTime { problems } => tf(
                "The tournament's time cannot be set on the clock: {}. Set the time in OpenGotha's game options, save, and load the file again.",
                &[&problems.join("; ")],
            ),
            FileError::NoSuchRound { round, rounds } => {
                if rounds.is_empty() {
                    tf(
                        "This file has no games yet. Pair round {} in OpenGotha, save, and load the file again.",
                        &[round],
                    )
                } else {
                    let list: Vec<String> = rounds.iter().map(u32::to_string).collect();
                    tf(
                        "Round {} has no games in this file (rounds with games: {}). Pair the round in OpenGotha, save, and load the file again.",
                        &[round, &list.join(", ")],
                    )
                }
            }
        };
        f.write_str(&text)
    }
}

impl std::error::Error for FileError {}

/// Reads an OpenGotha tournament file, checking every game of every round: a file with any
/// fault is refused whole.
pub fn read(text: &str) -> Result<GothaFile, FileError> {
    if text.len() > MAX_FILE_BYTES {
        return Err(FileError::TooLarge { bytes: text.len() });
    }
    // No document type is allowed (`allow_dtd: false`, the parser's default): OpenGotha never
    // writes one, and it is where entities would be defined.
    let options = roxmltree::ParsingOptions {
        allow_dtd: false,
        nodes_limit: MAX_NODES,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).map_err(xml_error)?;
    let root = doc.root_element();
    if root.tag_name().name() != "Tournament" {
        return Err(FileError::NotTournament {
            root: root.tag_name().name().to_string(),
        });
    }

    let (players, elements) = read_players(root)?;
    let older_keys = older_keys(&players);
    let games = read_games(root, &players, &older_keys)?;

    let set = children(root, "TournamentParameterSet")
        .flat_map(|tps| children(tps, "GeneralParameterSet"))
        .next();
    let attr = |name: &str, default: &'static str| -> String {
        set.and_then(|n| n.attribute(name))
            .unwrap_or(default)
            .to_string()
    };
    let general = read_general(|name| set.and_then(|n| n.attribute(name)))?;
    let number_of_rounds = whole(
        "GeneralParameterSet",
        "numberOfRounds",
        &attr("numberOfRounds", DEFAULT_NUMBER_OF_ROUNDS),
    )?;
    Ok(GothaFile {
        name: attr("name", DEFAULT_NAME),
        short_name: attr("shortName", DEFAULT_SHORT_NAME),
        players,
        games,
        general,
        number_of_rounds,
        elements,
        older_keys,
    })
}

impl GothaFile {
    /// The rounds that have games, in order.
    pub fn rounds(&self) -> Vec<u32> {
        let set: BTreeSet<u32> = self.games.iter().map(|g| g.round).collect();
        set.into_iter().collect()
    }

    /// The player a game's key names: the key as OpenGotha looks it up (spaces removed, upper
    /// case), or else the older key form, when exactly one player has it.
    pub fn player(&self, key: &str) -> Option<&TablePlayer> {
        find_player(&self.players, &self.older_keys, key)
    }

    /// Round `number`'s tables, by table number, with the tournament's board size, komi and
    /// time. Handicap games take [`HANDICAP_KOMI`].
    pub fn round(&self, number: u32) -> Result<Round, FileError> {
        let mut tables = Vec::new();
        for game in self.games.iter().filter(|g| g.round == number) {
            let find = |key: &str| {
                self.player(key).cloned().ok_or(FileError::UnknownPlayer {
                    key: key.to_string(),
                    round: game.round,
                    table: game.table,
                })
            };
            tables.push(RoundTable {
                number: game.table,
                black: find(&game.black)?,
                white: find(&game.white)?,
                handicap: game.handicap,
                komi: if game.handicap == 0 {
                    self.general.komi
                } else {
                    HANDICAP_KOMI
                },
            });
        }
        if tables.is_empty() {
            return Err(FileError::NoSuchRound {
                round: number,
                rounds: self.rounds(),
            });
        }
        tables.sort_by_key(|t| t.number);
        Ok(Round {
            tournament: self.name.clone(),
            number,
            size: self.general.size,
            time: self.general.time.settings(),
            tables,
        })
    }
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

fn children<'a, 'input>(
    node: roxmltree::Node<'a, 'input>,
    name: &'static str,
) -> impl Iterator<Item = roxmltree::Node<'a, 'input>> {
    node.children()
        .filter(move |n| n.is_element() && n.tag_name().name() == name)
}

fn required<'a>(
    node: roxmltree::Node<'a, '_>,
    element: &'static str,
    attribute: &'static str,
) -> Result<&'a str, FileError> {
    node.attribute(attribute)
        .ok_or(FileError::MissingAttribute { element, attribute })
}

fn whole(element: &'static str, attribute: &'static str, value: &str) -> Result<u32, FileError> {
    value.parse::<u32>().map_err(|_| FileError::BadNumber {
        element,
        attribute,
        value: value.to_string(),
    })
}

type PlayerElements = Vec<(String, Vec<(String, String)>)>;

fn read_players(
    root: roxmltree::Node,
) -> Result<(BTreeMap<String, TablePlayer>, PlayerElements), FileError> {
    let mut players = BTreeMap::new();
    let mut elements = Vec::new();
    for node in children(root, "Players").flat_map(|n| children(n, "Player")) {
        let name = required(node, "Player", "name")?;
        let first_name = required(node, "Player", "firstName")?;
        let key = player_key(name, first_name);
        if key.is_empty() {
            return Err(FileError::UnnamedPlayer);
        }
        let club = node.attribute("club").unwrap_or("");
        let player = TablePlayer {
            key: key.clone(),
            name: name.to_string(),
            first_name: first_name.to_string(),
            rank: Some(node.attribute("rank").unwrap_or(DEFAULT_RANK).to_string()),
            club: (!club.is_empty()).then(|| club.to_string()),
        };
        if players.insert(key.clone(), player).is_some() {
            return Err(FileError::DuplicatePlayer { key });
        }
        let attributes = node
            .attributes()
            .map(|a| (a.name().to_string(), a.value().to_string()))
            .collect();
        elements.push((key, attributes));
    }
    Ok((players, elements))
}

/// The players by the older key form; a form two players share names neither.
fn older_keys(players: &BTreeMap<String, TablePlayer>) -> BTreeMap<String, Option<String>> {
    let mut index: BTreeMap<String, Option<String>> = BTreeMap::new();
    for p in players.values() {
        let old = obsolete_key(&format!("{}{}", p.name, p.first_name));
        if old.is_empty() {
            continue;
        }
        index
            .entry(old)
            .and_modify(|k| *k = None)
            .or_insert_with(|| Some(p.key.clone()));
    }
    index
}

fn find_player<'a>(
    players: &'a BTreeMap<String, TablePlayer>,
    older_keys: &BTreeMap<String, Option<String>>,
    key: &str,
) -> Option<&'a TablePlayer> {
    if let Some(p) = players.get(&normalised_key(key)) {
        return Some(p);
    }
    older_keys
        .get(&obsolete_key(key))
        .and_then(Option::as_ref)
        .and_then(|k| players.get(k))
}

fn read_games(
    root: roxmltree::Node,
    players: &BTreeMap<String, TablePlayer>,
    older_keys: &BTreeMap<String, Option<String>>,
) -> Result<Vec<GothaGame>, FileError> {
    let mut games = Vec::new();
    // (round, table) taken, and (round, player key) → table.
    let mut tables = BTreeSet::new();
    let mut seated: BTreeMap<(u32, String), u32> = BTreeMap::new();
    for node in children(root, "Games").flat_map(|n| children(n, "Game")) {
        let round = whole(
            "Game",
            "roundNumber",
            required(node, "Game", "roundNumber")?,
        )?;
        let table = whole(
            "Game",
            "tableNumber",
            required(node, "Game", "tableNumber")?,
        )?;
        if round == 0 {
            return Err(FileError::BadNumber {
                element: "Game",
                attribute: "roundNumber",
                value: "0".into(),
            });
        }
        if table == 0 {
            return Err(FileError::BadNumber {
                element: "Game",
                attribute: "tableNumber",
                value: "0".into(),
            });
        }
        let white = required(node, "Game", "whitePlayer")?;
        let black = required(node, "Game", "blackPlayer")?;
        let handicap_text = node.attribute("handicap").unwrap_or(DEFAULT_HANDICAP);
        let handicap = handicap_text
            .parse::<u8>()
            .ok()
            .filter(|h| *h <= MAX_HANDICAP)
            .ok_or_else(|| FileError::BadHandicap {
                round,
                table,
                value: handicap_text.to_string(),
            })?;
        if !tables.insert((round, table)) {
            return Err(FileError::DuplicateTable { round, table });
        }
        for key in [black, white] {
            let player =
                find_player(players, older_keys, key).ok_or_else(|| FileError::UnknownPlayer {
                    key: key.to_string(),
                    round,
                    table,
                })?;
            if let Some(&other) = seated.get(&(round, player.key.clone())) {
                return Err(FileError::PlaysTwice {
                    key: player.key.clone(),
                    round,
                    tables: (other.min(table), other.max(table)),
                });
            }
            seated.insert((round, player.key.clone()), table);
        }
        games.push(GothaGame {
            round,
            table,
            white: white.to_string(),
            black: black.to_string(),
            handicap,
            // OpenGotha reads any value but `false` as true.
            known_color: node.attribute("knownColor").unwrap_or(DEFAULT_KNOWN_COLOR) != "false",
            result: result_from_code(node.attribute("result").unwrap_or(DEFAULT_RESULT)),
        });
    }
    Ok(games)
}

/// The board size, komi and time of the general parameters, each attribute given by `attr`
/// (`None`: left out, the document type's default).
pub fn read_general<'a>(attr: impl Fn(&str) -> Option<&'a str>) -> Result<General, FileError> {
    Ok(General {
        size: read_size(attr("size").unwrap_or(DEFAULT_SIZE))?,
        komi: read_komi(attr("komi").unwrap_or(DEFAULT_KOMI))?,
        time: read_time(&attr)?,
    })
}

fn read_size(text: &str) -> Result<u8, FileError> {
    text.parse::<u8>()
        .ok()
        .filter(|s| (MIN_SIZE..=MAX_SIZE).contains(s))
        .ok_or_else(|| FileError::BadSize {
            value: text.to_string(),
        })
}

fn read_komi(text: &str) -> Result<f64, FileError> {
    // A pairing program writes a decimal point; a comma, which a person may type in a form,
    // is damage in its file.
    form_values::komi_with_point(text).map_err(|reason| FileError::BadKomi {
        value: text.to_string(),
        reason,
    })
}

fn read_time<'a>(attr: &impl Fn(&str) -> Option<&'a str>) -> Result<GothaTimeSystem, FileError> {
    let number = |attribute: &'static str, default: &'static str| {
        let value = attr(attribute).unwrap_or(default);
        whole("GeneralParameterSet", attribute, value)
    };
    let basic_minutes = number("basicTime", DEFAULT_BASIC_TIME)?;
    let system = attr("complementaryTimeSystem").unwrap_or(DEFAULT_TIME_SYSTEM);
    let time = match system {
        "SUDDENDEATH" => GothaTimeSystem::SuddenDeath { basic_minutes },
        "STDBYOYOMI" => GothaTimeSystem::StandardByoYomi {
            basic_minutes,
            seconds: number("stdByoYomiTime", DEFAULT_STD_BYO_YOMI_TIME)?,
        },
        "CANBYOYOMI" => GothaTimeSystem::CanadianByoYomi {
            basic_minutes,
            stones: number("nbMovesCanTime", DEFAULT_NB_MOVES_CAN_TIME)?,
            seconds: number("canByoYomiTime", DEFAULT_CAN_BYO_YOMI_TIME)?,
        },
        "FISCHER" => GothaTimeSystem::Fischer {
            basic_minutes,
            increment_seconds: number("fischerTime", DEFAULT_FISCHER_TIME)?,
        },
        other => {
            return Err(FileError::UnknownTimeSystem {
                value: other.to_string(),
            });
        }
    };
    // The clock's own check of a settings link decides what it can run.
    let settings = time.settings();
    TimeControl::from_query_fields(settings.fields.iter().map(|(k, v)| (*k, v.as_str())))
        .map(|_| time)
        .map_err(|problems| FileError::BadTime {
            problems: problems.into_iter().map(|(_, m)| m).collect(),
        })
}

/// OpenGotha's result code for a result (`Game.java`; `None` is `RESULT_UNKNOWN`).
pub fn result_code(result: Option<Decided>) -> &'static str {
    let Some(d) = result else {
        return "RESULT_UNKNOWN";
    };
    match (d.outcome, d.by_default) {
        (Outcome::White, false) => "RESULT_WHITEWINS",
        (Outcome::Black, false) => "RESULT_BLACKWINS",
        (Outcome::Jigo, false) => "RESULT_EQUAL",
        (Outcome::BothLose, false) => "RESULT_BOTHLOSE",
        (Outcome::BothWin, false) => "RESULT_BOTHWIN",
        (Outcome::White, true) => "RESULT_WHITEWINS_BYDEF",
        (Outcome::Black, true) => "RESULT_BLACKWINS_BYDEF",
        (Outcome::Jigo, true) => "RESULT_EQUAL_BYDEF",
        (Outcome::BothLose, true) => "RESULT_BOTHLOSE_BYDEF",
        (Outcome::BothWin, true) => "RESULT_BOTHWIN_BYDEF",
    }
}

/// The result a code stands for. As in OpenGotha's reader, a code it does not know is no result
/// yet; pairgoth's spelling `RESULT_BOTHLOOSE` is read as both losing.
pub fn result_from_code(code: &str) -> Option<Decided> {
    let (base, by_default) = match code.strip_suffix("_BYDEF") {
        Some(base) => (base, true),
        None => (code, false),
    };
    let outcome = match base {
        "RESULT_WHITEWINS" => Outcome::White,
        "RESULT_BLACKWINS" => Outcome::Black,
        "RESULT_EQUAL" => Outcome::Jigo,
        "RESULT_BOTHLOSE" | "RESULT_BOTHLOOSE" => Outcome::BothLose,
        "RESULT_BOTHWIN" => Outcome::BothWin,
        _ => return None,
    };
    Some(Decided {
        outcome,
        by_default,
    })
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
/// written games go in too, as the file had them, so the file reads back on its own;
/// OpenGotha imports them only if "players" is ticked, and then refuses each as already there.
/// No tournament parameters are written: OpenGotha's import of a partial parameter set fails,
/// and of none says "No parameter could be imported" and changes nothing.
pub fn write_results(tournament: &GothaFile, round: u32, results: &[(u32, Decided)]) -> String {
    let games: Vec<(&GothaGame, Decided)> = tournament
        .games
        .iter()
        .filter(|g| g.round == round)
        .filter_map(|g| result_of(results, g.table).map(|d| (g, d)))
        .collect();
    let keys: BTreeSet<String> = games
        .iter()
        .flat_map(|(g, _)| [&g.white, &g.black])
        .filter_map(|k| tournament.player(k))
        .map(|p| p.key.clone())
        .collect();

    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    out.push_str(&format!("<Tournament dataVersion=\"{DATA_VERSION}\">\n"));
    out.push_str("<Players>\n");
    for (key, attributes) in &tournament.elements {
        if !keys.contains(key) {
            continue;
        }
        let pairs: Vec<(&str, &str)> = attributes
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        out.push_str(&element("Player", &pairs));
    }
    out.push_str("</Players>\n");
    out.push_str("<Games>\n");
    let mut sorted = games;
    sorted.sort_by_key(|(g, _)| g.table);
    for (game, decided) in sorted {
        let round_text = game.round.to_string();
        let table_text = game.table.to_string();
        let handicap_text = game.handicap.to_string();
        // The attributes in OpenGotha's own order (its writer sorts them by name).
        out.push_str(&element(
            "Game",
            &[
                ("blackPlayer", game.black.as_str()),
                ("handicap", handicap_text.as_str()),
                (
                    "knownColor",
                    if game.known_color { "true" } else { "false" },
                ),
                ("result", result_code(Some(decided))),
                ("roundNumber", round_text.as_str()),
                ("tableNumber", table_text.as_str()),
                ("whitePlayer", game.white.as_str()),
            ],
        ));
    }
    out.push_str("</Games>\n");
    out.push_str("</Tournament>\n");
    out
}

fn element(name: &str, attributes: &[(&str, &str)]) -> String {
    let mut out = format!("<{name}");
    for (n, v) in attributes {
        out.push_str(&format!(" {n}=\"{}\"", escape_attribute(v)));
    }
    out.push_str("/>\n");
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
