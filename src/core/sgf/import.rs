//! Reading SGF text into game records: every game of a file, every move executed as written
//! and marked where the rules of play would refuse it.

use super::parse::{self, Node};
use super::{RULES_PROPERTY, SgfError};
use crate::core::color::Color;
use crate::core::game::Game;
use crate::core::handicap::{self, Handicap, HandicapPlacement};
use crate::core::moves::{AsWritten, Ending, Move, PlayError, Status};
use crate::core::point::{MAX_SIZE, MIN_SIZE, Point};
use crate::core::preset::Preset;
use crate::core::record::{
    self, Event, GameRecord, GameSettings, MoveClock, RECORD_SCHEMA, TimedEvent,
};
use crate::core::rules::Rules;
use crate::core::store::json;
use crate::core::text::t;

fn bad_value(text: &str, node: &Node, property: &str, value: &str) -> SgfError {
    SgfError::BadValue {
        property: property.to_string(),
        value: value.to_string(),
        line: parse::line_of(text, node.offset),
    }
}

fn owned(v: Option<&str>) -> Option<String> {
    v.map(str::to_string)
}

/// Reads a list of points, expanding `aa:cc` rectangles.
fn read_points(
    text: &str,
    node: &Node,
    id: &str,
    size: u8,
    out: &mut Vec<Point>,
    seen: &mut [bool],
) -> Result<(), SgfError> {
    for v in node.values(id) {
        let (a, b) = match v.split_once(':') {
            Some((a, b)) => (a, b),
            None => (v, v),
        };
        let (Some(p), Some(q)) = (Point::from_sgf(a), Point::from_sgf(b)) else {
            return Err(bad_value(text, node, id, v));
        };
        if p.x >= size || p.y >= size || q.x >= size || q.y >= size {
            return Err(bad_value(text, node, id, v));
        }
        for y in p.y.min(q.y)..=p.y.max(q.y) {
            for x in p.x.min(q.x)..=p.x.max(q.x) {
                let k = usize::from(y) * usize::from(MAX_SIZE) + usize::from(x);
                if let Some(s) = seen.get_mut(k)
                    && !*s
                {
                    *s = true;
                    out.push(Point::new(x, y));
                }
            }
        }
    }
    Ok(())
}

/// Reads the first game of an SGF text into a new game record (see [`import_all`] for a file
/// with several games).
///
/// Every move is executed as written, as SGF says ("As long as the given move is syntactically
/// correct it should be executed. It doesn't matter if the move itself is illegal."): a move
/// that breaks the ko, superko or suicide rule is kept as forced (illegal) and flagged; a move
/// out of turn, on a stone, or after play stopped is played after an `Event::AsWritten` that
/// says so. Set-up stones after the first move are painted onto the board. What is refused is
/// text that is not SGF, is cut off, or has a value that means nothing (a move off the board,
/// a size the app cannot show). Timestamps are one second apart from 0.
pub fn import(text: &str) -> Result<GameRecord, SgfError> {
    import_all(text)?
        .into_iter()
        .next()
        .unwrap_or(Err(SgfError::NotSgf))
}

/// Reads every game of an SGF collection, each on its own: the file's error when it has no
/// game that can be read from the start, else one result per game in file order (a later game
/// that cannot be read is given as its error, and the games before it still import).
pub fn import_all(text: &str) -> Result<Vec<Result<GameRecord, SgfError>>, SgfError> {
    if text.trim().is_empty() {
        return Err(SgfError::Empty);
    }
    if text.len() > super::MAX_SGF_BYTES {
        return Err(SgfError::TooLarge { bytes: text.len() });
    }
    let games = parse::collection(text)?;
    Ok(games
        .into_iter()
        .map(|nodes| import_game(text, &nodes?))
        .collect())
}

/// The value of a game-info property, with an empty value read as no value.
fn info<'a>(node: &'a Node, id: &str) -> Option<&'a str> {
    node.first(id).filter(|v| !v.trim().is_empty())
}

/// The points a set-up property paints, with the stone it puts there (`None`: `AE` clears).
type Painted = (Option<Color>, Vec<Point>);

/// Stones cleared (`AE`) and added (`AB`, `AW`) by one node, in that order (SGF wants the
/// points of a node unique, so the order only matters for broken files).
fn setup_of(text: &str, node: &Node, size: u8) -> Result<[Painted; 3], SgfError> {
    let area = usize::from(MAX_SIZE) * usize::from(MAX_SIZE);
    let mut out = [
        (None, Vec::new()),
        (Some(Color::Black), Vec::new()),
        (Some(Color::White), Vec::new()),
    ];
    for (id, slot) in ["AE", "AB", "AW"].into_iter().zip(out.iter_mut()) {
        let mut seen = vec![false; area];
        read_points(text, node, id, size, &mut slot.1, &mut seen)?;
    }
    Ok(out)
}

/// What the root node says of the game before any stone: the board, the rules, the handicap
/// and the komi.
struct RootInfo {
    size: u8,
    preset: Preset,
    rules: Rules,
    handicap: u8,
    komi: f64,
}

/// The stones before the first move (every node up to and including the one with the first
/// move: a node may set up stones and then move) and who is named to move (`PL`).
struct SetUp {
    black: Vec<Point>,
    white: Vec<Point>,
    to_move: Option<Color>,
}

fn import_game(text: &str, nodes: &[Node]) -> Result<GameRecord, SgfError> {
    let Some(root) = nodes.first() else {
        return Err(SgfError::NotSgf);
    };
    let info = root_info(text, root)?;
    let first_move = nodes
        .iter()
        .position(|n| n.has("B") || n.has("W"))
        .unwrap_or(nodes.len());
    let set_up = set_up_of(text, nodes, first_move, info.size)?;
    let first_colour = nodes.get(first_move).map(|n| {
        if n.has("B") {
            Color::Black
        } else {
            Color::White
        }
    });
    let (settings, resigned) = settings_of(root, &info, &set_up);
    let rec = GameRecord::from_parts(RECORD_SCHEMA, settings, Vec::new());
    let game = rec
        .new_game()
        .map_err(|e| SgfError::BadSetup(e.to_string()))?;
    let mut log = Log {
        rec,
        events: Vec::new(),
        game,
        clock_ms: 0,
    };
    push_set_up(&mut log, &info, set_up, first_colour)?;
    let move_number = play_moves(text, nodes, first_move, info.size, &mut log)?;
    if let Some(loser) = resigned
        && !matches!(log.game.status(), Status::Ended(Ending::Resigned(_)))
    {
        log.push(Event::Resigned { color: loser })
            .map_err(|e| SgfError::BadMove {
                move_number,
                error: e,
            })?;
    }
    Ok(GameRecord::from_parts(
        log.rec.schema,
        log.rec.settings,
        log.events,
    ))
}

/// The root's game type, board size, rules, handicap and komi, each checked.
fn root_info(text: &str, root: &Node) -> Result<RootInfo, SgfError> {
    if let Some(gm) = info(root, "GM")
        && gm.trim() != "1"
    {
        return Err(SgfError::NotGo(gm.to_string()));
    }
    // SZ: "number | composed number ':' number"; a square board may be given either way.
    let size = match info(root, "SZ") {
        None => 19,
        Some(v) => {
            let (a, b) = v.split_once(':').unwrap_or((v, v));
            match (a.trim().parse::<u8>(), b.trim().parse::<u8>()) {
                (Ok(n), Ok(m)) if n == m && (MIN_SIZE..=MAX_SIZE).contains(&n) => n,
                _ => return Err(SgfError::BadSize(v.to_string())),
            }
        }
    };
    let preset = root
        .first("RU")
        .and_then(Preset::from_sgf_ru)
        .unwrap_or(Preset::Custom);
    let rules = match root.first(RULES_PROPERTY) {
        Some(rules) => json::from_text::<Rules>(rules)
            .map_err(|_| bad_value(text, root, RULES_PROPERTY, rules))?,
        None => preset.rules(),
    };
    // "HA itself doesn't add any stones to the board": a handicap larger than the app places
    // is kept as the set-up stones the file lists.
    let ha_given = match info(root, "HA") {
        None => 0,
        Some(v) => v
            .trim()
            .parse::<u32>()
            .map_err(|_| bad_value(text, root, "HA", v))?,
    };
    let handicap = u8::try_from(ha_given)
        .ok()
        .filter(|&n| n <= handicap::MAX_HANDICAP)
        .unwrap_or(0);
    let komi = match info(root, "KM") {
        None => rules.komi_for(handicap),
        Some(v) => match v.trim().parse::<f64>() {
            Ok(k) if k.is_finite() && k.abs() < 10_000.0 => k,
            _ => return Err(bad_value(text, root, "KM", v)),
        },
    };
    Ok(RootInfo {
        size,
        preset,
        rules,
        handicap,
        komi,
    })
}

/// The stones set up before play and who is named to move.
fn set_up_of(text: &str, nodes: &[Node], first_move: usize, size: u8) -> Result<SetUp, SgfError> {
    let mut set_up = SetUp {
        black: Vec::new(),
        white: Vec::new(),
        to_move: None,
    };
    for node in nodes.iter().take(first_move.saturating_add(1)) {
        for (stone, points) in setup_of(text, node, size)? {
            set_up.black.retain(|p| !points.contains(p));
            set_up.white.retain(|p| !points.contains(p));
            match stone {
                Some(Color::Black) => set_up.black.extend(points),
                Some(Color::White) => set_up.white.extend(points),
                None => {}
            }
        }
        if let Some(pl) = info(node, "PL") {
            set_up.to_move = Some(read_player(text, node, pl)?);
        }
    }
    Ok(set_up)
}

/// The game's settings from the root's properties, and who resigned when the result says so
/// (a resignation is played into the record, not kept as a result).
fn settings_of(root: &Node, info: &RootInfo, set_up: &SetUp) -> (GameSettings, Option<Color>) {
    let fixed = handicap::fixed_points(info.size, info.handicap).unwrap_or_default();
    let placement = {
        let mut a = set_up.black.clone();
        let mut b = fixed;
        a.sort_unstable();
        b.sort_unstable();
        if a == b || set_up.black.is_empty() {
            HandicapPlacement::Fixed
        } else {
            HandicapPlacement::Free
        }
    };
    let handicap = Handicap {
        stones: info.handicap,
        placement,
    };
    let mut settings = GameSettings::new(info.preset, info.size, handicap);
    settings.rules = info.rules.clone();
    settings.komi = info.komi;
    settings.black = root.first("PB").unwrap_or("").to_string();
    settings.white = root.first("PW").unwrap_or("").to_string();
    settings.black_rank = owned(root.first("BR"));
    settings.white_rank = owned(root.first("WR"));
    settings.created = root.first("DT").unwrap_or("").to_string();
    settings.event = owned(root.first("EV"));
    settings.round = owned(root.first("RO"));
    settings.place = owned(root.first("PC"));
    settings.time_limit_sgf = owned(root.first("TM"));
    settings.time_control_sgf = owned(root.first("OT"));
    settings.comment = owned(root.first("C"));
    let result = root.first("RE").map(str::trim);
    let resigned = match result {
        Some("B+R") | Some("B+Resign") => Some(Color::White),
        Some("W+R") | Some("W+Resign") => Some(Color::Black),
        _ => None,
    };
    if resigned.is_none() {
        settings.result = result.map(str::to_string);
    }
    (settings, resigned)
}

/// The stones before play go into the log: as handicap stones (Black's only, and White to
/// move or nobody named; when the file lists none, the standard points, only if White moves
/// first, as after a handicap), or as a position set up.
fn push_set_up(
    log: &mut Log,
    info: &RootInfo,
    set_up: SetUp,
    first_colour: Option<Color>,
) -> Result<(), SgfError> {
    let setup = |e: PlayError| SgfError::BadSetup(e.to_string());
    let SetUp {
        black,
        white,
        to_move,
    } = set_up;
    let fixed = handicap::fixed_points(info.size, info.handicap).unwrap_or_default();
    let is_handicap = info.handicap >= 2
        && white.is_empty()
        && to_move != Some(Color::Black)
        && (!black.is_empty() || (first_colour != Some(Color::Black) && !fixed.is_empty()));
    let listed = !black.is_empty() || !white.is_empty();
    if is_handicap && (black.is_empty() || handicap::check_free(info.size, &black).is_ok()) {
        if black.is_empty() {
            // "HA itself doesn't add any stones to the board", but a record that lists none
            // (older servers) only plays as it was played with the stones on their points.
            log.push(Event::HandicapPlaced { points: fixed })
                .map_err(setup)?;
            log.push(Event::AsWritten {
                what: AsWritten::StandardHandicap {
                    stones: info.handicap,
                },
            })
            .map_err(setup)?;
        } else {
            log.push(Event::HandicapPlaced { points: black })
                .map_err(setup)?;
        }
    } else if listed || to_move.is_some() {
        let to_move = to_move.or(first_colour).unwrap_or(Color::Black);
        log.push(Event::StonesSetUp {
            black,
            white,
            to_move,
        })
        .map_err(setup)?;
    }
    Ok(())
}

/// Every move from the first on, as written (with the stones later nodes paint), and the
/// number of the last move.
fn play_moves(
    text: &str,
    nodes: &[Node],
    first_move: usize,
    size: u8,
    log: &mut Log,
) -> Result<u32, SgfError> {
    let setup = |e: PlayError| SgfError::BadSetup(e.to_string());
    let mut move_number = 0u32;
    for (k, node) in nodes.iter().enumerate().skip(first_move) {
        if k > first_move {
            // "Adding a stone must not trigger any rule specific actions": painted, no capture.
            for (stone, points) in setup_of(text, node, size)? {
                if !points.is_empty() {
                    log.push(Event::StonesPainted { points, stone })
                        .map_err(setup)?;
                }
            }
        }
        for color in Color::BOTH {
            let id = color.sgf().to_string();
            let Some(v) = node.first(&id) else { continue };
            move_number += 1;
            let v = v.trim();
            let mv = if v.is_empty() || (v == "tt" && size <= 19) {
                Move::Pass
            } else {
                match Point::from_sgf(v) {
                    Some(p) if p.x < size && p.y < size => Move::Play(p),
                    _ => {
                        return Err(SgfError::OffBoard {
                            move_number,
                            value: format!("{id}[{v}]"),
                            size,
                        });
                    }
                }
            };
            let clock = read_clock(text, node, color)?;
            let comment = owned(node.first("C"));
            log.play_as_written(color, mv, clock, comment)
                .map_err(|error| SgfError::BadMove { move_number, error })?;
        }
    }
    Ok(move_number)
}

fn read_player(text: &str, node: &Node, pl: &str) -> Result<Color, SgfError> {
    match pl.trim() {
        "B" | "b" => Ok(Color::Black),
        "W" | "w" => Ok(Color::White),
        _ => Err(bad_value(text, node, "PL", pl)),
    }
}

/// The record being built, the game it gives, and the synthetic time of the next event.
struct Log {
    rec: GameRecord,
    events: Vec<TimedEvent>,
    game: Game,
    clock_ms: i64,
}

impl Log {
    /// Applies `event` to the game and logs it. Unlike `Live::append` it does not work on a
    /// copy: a refused move leaves the game as it was (`Game::try_play` checks before it
    /// changes anything, and so does every event the import retries), and a refused set-up
    /// ends the import. A long collection imports in a fraction of the time.
    fn push(&mut self, event: Event) -> Result<(), PlayError> {
        record::apply(&mut self.game, &event)?;
        self.events.push(TimedEvent {
            at_ms: self.clock_ms,
            event,
        });
        self.clock_ms += 1000;
        Ok(())
    }

    /// Plays a move as the record has it. A move the rules refuse is preceded by what makes it
    /// possible (`Event::AsWritten`), or kept as forced when it breaks the ko, superko or
    /// suicide rule, so that replay does the same without asking the rules to look away.
    fn play_as_written(
        &mut self,
        color: Color,
        mv: Move,
        clock: Option<MoveClock>,
        comment: Option<String>,
    ) -> Result<(), PlayError> {
        let closing = mv == Move::Pass && self.game.is_closing_pass(color);
        if self.game.resumption_player().is_some() && !closing {
            self.push(Event::PlayResumed { first: color })?;
        }
        let mut forced = false;
        // Each refusal is dealt with once: a wrong turn or a stopped game, a stone on the
        // point, then a broken ko, superko or suicide rule.
        for _ in 0..4 {
            let event = match mv {
                Move::Play(point) => Event::StonePlayed {
                    color,
                    point,
                    forced,
                    clock,
                    comment: comment.clone(),
                },
                _ => Event::Passed {
                    color,
                    clock,
                    comment: comment.clone(),
                },
            };
            let error = match self.push(event) {
                Ok(()) => return Ok(()),
                Err(e) => e,
            };
            let what = match (&error, mv) {
                (PlayError::NotYourTurn { .. }, _) => AsWritten::OutOfTurn { color },
                (PlayError::GameOver | PlayError::Paused, _) => AsWritten::AfterTheEnd { color },
                (PlayError::Occupied { point, .. }, _) => AsWritten::OnAStone { point: *point },
                (
                    PlayError::Ko { .. } | PlayError::Superko { .. } | PlayError::Suicide { .. },
                    Move::Play(_),
                ) if !forced => {
                    forced = true;
                    continue;
                }
                _ => return Err(error),
            };
            self.push(Event::AsWritten { what })?;
        }
        Err(PlayError::BadSetup(
            t("the move could not be played as the record has it").to_string(),
        ))
    }
}

fn read_clock(text: &str, node: &Node, color: Color) -> Result<Option<MoveClock>, SgfError> {
    let (tl, ot) = match color {
        Color::Black => ("BL", "OB"),
        Color::White => ("WL", "OW"),
    };
    let time_left_ms = match info(node, tl) {
        None => None,
        Some(v) => Some(parse_seconds(v).ok_or_else(|| bad_value(text, node, tl, v))?),
    };
    let overtime_left = match info(node, ot) {
        None => None,
        Some(v) => Some(
            v.trim()
                .parse::<u32>()
                .map_err(|_| bad_value(text, node, ot, v))?,
        ),
    };
    if time_left_ms.is_none() && overtime_left.is_none() {
        return Ok(None);
    }
    Ok(Some(MoveClock {
        time_left_ms,
        overtime_left,
    }))
}

fn parse_seconds(v: &str) -> Option<i64> {
    let x: f64 = v.trim().parse().ok()?;
    if !x.is_finite() || x.abs() > 1e12 {
        return None;
    }
    Some((x * 1000.0).round() as i64)
}
