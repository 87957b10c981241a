//! What the game list shows of one game, derived from its record.

use serde::{Deserialize, Serialize};

use super::date::Date;
use crate::core::clock::{ClockState, next_flag_at};
use crate::core::color::Color;
use crate::core::count::{CountState, Decision, result_words};
use crate::core::live::replay;
use crate::core::record::{GameRecord, GameSettings, decided_words};
use crate::core::text::{number, t, tf};

/// Whether a game is still being played or has its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// No result yet.
    InProgress,
    /// The result is known (counted, resigned, on time, decided, or imported with one).
    Finished,
}

/// What the game list shows of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct GameSummary {
    /// The stored game's id.
    pub id: String,
    /// When the game was stored on this phone (Unix ms): the order of the list.
    pub created_ms: i64,
    /// Black's name as entered (may be empty).
    pub black: String,
    /// White's name as entered (may be empty).
    pub white: String,
    /// Black's rank.
    pub black_rank: Option<String>,
    /// White's rank.
    pub white_rank: Option<String>,
    /// The side of the board.
    pub size: u8,
    /// The name of the rules' preset.
    pub rules: &'static str,
    /// Handicap stones (0 for an even game).
    pub handicap: u8,
    /// Komi in force at the start.
    pub komi: f64,
    /// The event, round and place, as entered.
    pub event: Option<String>,
    /// The round.
    pub round: Option<String>,
    /// The place.
    pub place: Option<String>,
    /// The day the game was played: its recorded date, else the day of its first event; `None`
    /// when neither is known (an SGF without `DT`, whose moves carry no real time).
    pub date: Option<Date>,
    /// The time of the first event, else when the game was stored (Unix ms).
    pub started_ms: i64,
    /// The time of the last event, else when the game was stored (Unix ms).
    pub last_activity_ms: i64,
    /// Moves played (passes included).
    pub moves: u32,
    /// Events in the record (with the last event's time, what tells a changed game).
    pub events: usize,
    /// In progress or finished.
    pub status: GameStatus,
    /// The result as SGF `RE` (`B+3.5`, `W+R`, `0`), once known.
    pub result: Option<String>,
    /// The result in words ("White wins by 3.5").
    pub result_words: Option<String>,
    /// A clock is running: the game can end on time with no new event.
    pub clock_running: bool,
    /// The first flag that fell, as of the listing, while no result says more.
    pub flag: Option<Color>,
    /// When the running clock next crosses a boundary (a flag, a period), to list the game
    /// again then (Unix ms).
    pub next_flag_ms: Option<i64>,
    /// Why the record cannot be replayed, if it cannot.
    pub problem: Option<String>,
}

/// What a summary of a finished game took a replay to find: kept between visits (see
/// [`super::SummaryCache::settled`]) so that opening the list replays no finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settled {
    /// Events in the record when it was summarised.
    pub events: usize,
    /// The time of the last of them.
    pub last_at_ms: Option<i64>,
    /// The result as SGF `RE`.
    pub result: String,
    /// Moves played.
    pub moves: u32,
    /// Handicap stones.
    pub handicap: u8,
}

impl Settled {
    /// Whether `record` is still the record this was found for.
    pub fn fits(&self, record: &GameRecord) -> bool {
        self.events == record.events().len()
            && self.last_at_ms == record.events().last().map(|e| e.at_ms)
    }
}

impl GameSummary {
    /// Summarises a stored game, replaying it once as of `now_ms`.
    pub fn of(id: &str, created_ms: i64, record: &GameRecord, now_ms: i64) -> GameSummary {
        match replay(record, record.events().len()) {
            Ok(now) => GameSummary::of_state(
                id,
                created_ms,
                record,
                &now.count,
                now.clock.as_ref(),
                now_ms,
            ),
            Err(e) => GameSummary::unreplayed(id, created_ms, record, e.to_string()),
        }
    }

    /// The summary of a stored game whose record does not replay: its settings, and `problem`.
    pub(super) fn unreplayed(
        id: &str,
        created_ms: i64,
        record: &GameRecord,
        problem: String,
    ) -> GameSummary {
        GameSummary::build(
            id,
            created_ms,
            record,
            Replayed {
                result: record
                    .settings
                    .result
                    .clone()
                    .filter(|r| !r.trim().is_empty()),
                moves: 0,
                handicap: record.settings.handicap.stones,
                clock_running: false,
                flag: None,
                next_flag_ms: None,
                problem: Some(problem),
            },
        )
    }

    /// Summarises a stored game from what its record has made of the count and the clock (a
    /// replay, or the live game's state), as of `now_ms`.
    pub fn of_state(
        id: &str,
        created_ms: i64,
        record: &GameRecord,
        count: &CountState,
        clock: Option<&ClockState>,
        now_ms: i64,
    ) -> GameSummary {
        let s = &record.settings;
        let clock = clock.map(|c| c.at(now_ms.max(c.as_of_ms)));
        let mut count = count.clone();
        count.set_clock_result(clock.as_ref().and_then(|c| c.result().map(str::to_string)));
        let result = count
            .result()
            .or_else(|| s.result.clone().filter(|r| !r.trim().is_empty()));
        let clock_running =
            result.is_none() && clock.as_ref().is_some_and(|c| c.ticking().is_some());
        let flag = clock
            .as_ref()
            .and_then(|c| c.first_flag())
            .map(|(color, _)| color);
        let next_flag_ms = clock.as_ref().and_then(next_flag_at);
        GameSummary::build(
            id,
            created_ms,
            record,
            Replayed {
                result,
                moves: count.game.move_number(),
                handicap: count.handicap(),
                clock_running,
                flag,
                next_flag_ms,
                problem: None,
            },
        )
    }

    /// Summarises a finished game from what an earlier replay found, without replaying it;
    /// `None` when the record changed since.
    pub fn from_settled(
        id: &str,
        created_ms: i64,
        record: &GameRecord,
        settled: &Settled,
    ) -> Option<GameSummary> {
        settled.fits(record).then(|| {
            GameSummary::build(
                id,
                created_ms,
                record,
                Replayed {
                    result: Some(settled.result.clone()),
                    moves: settled.moves,
                    handicap: settled.handicap,
                    clock_running: false,
                    flag: None,
                    next_flag_ms: None,
                    problem: None,
                },
            )
        })
    }

    /// What a replay found, kept for the next visit: finished games only.
    pub fn settled(&self) -> Option<Settled> {
        match (&self.result, &self.problem) {
            (Some(result), None) if self.status == GameStatus::Finished => Some(Settled {
                events: self.events,
                last_at_ms: (self.events > 0).then_some(self.last_activity_ms),
                result: result.clone(),
                moves: self.moves,
                handicap: self.handicap,
            }),
            _ => None,
        }
    }

    fn build(id: &str, created_ms: i64, record: &GameRecord, found: Replayed) -> GameSummary {
        let Replayed {
            result,
            moves,
            handicap,
            clock_running,
            flag,
            next_flag_ms,
            problem,
        } = found;
        let s = &record.settings;
        let started_ms = record.events().first().map_or(created_ms, |e| e.at_ms);
        let last_activity_ms = record.events().last().map_or(created_ms, |e| e.at_ms);
        GameSummary {
            id: id.to_string(),
            created_ms,
            black: s.black.clone(),
            white: s.white.clone(),
            black_rank: nonempty(&s.black_rank),
            white_rank: nonempty(&s.white_rank),
            size: s.size,
            rules: s.preset.name(),
            handicap,
            komi: s.komi,
            event: nonempty(&s.event),
            round: nonempty(&s.round),
            place: nonempty(&s.place),
            date: game_date(s, started_ms),
            started_ms,
            last_activity_ms,
            moves,
            events: record.events().len(),
            status: if result.is_some() {
                GameStatus::Finished
            } else {
                GameStatus::InProgress
            },
            result_words: result
                .as_deref()
                .map(|re| match decided_words(record.events()) {
                    Some(words) if re == "Void" => Decision::shown_words(words).to_string(),
                    _ => result_words(re),
                }),
            result,
            clock_running,
            flag,
            next_flag_ms,
            problem,
        }
    }

    /// "Ann Lee 3d – Bo Chen", with "Black" and "White" for missing names.
    pub fn players(&self) -> String {
        format!(
            "{} – {}",
            player(&self.black, &self.black_rank, Color::Black.shown()),
            player(&self.white, &self.white_rank, Color::White.shown())
        )
    }

    /// "19×19 · LGC 2023 · 2026-11-22 · 2 stones · komi 0.5 · 120 moves · Spring Open, round 3".
    pub fn detail(&self) -> String {
        let mut parts = vec![
            format!("{0}×{0}", self.size),
            self.rules.to_string(),
            Date::shown_or_not_recorded(self.date),
        ];
        if self.handicap >= 2 {
            parts.push(tf("{} stones", &[&self.handicap]));
        }
        parts.push(tf("komi {}", &[&number(&self.komi.to_string())]));
        parts.push(match self.moves {
            1 => t("1 move").to_string(),
            n => tf("{} moves", &[&n]),
        });
        match (&self.event, &self.round) {
            (Some(e), Some(r)) => parts.push(tf("{}, round {}", &[e, r])),
            (Some(e), None) => parts.push(e.clone()),
            (None, Some(r)) => parts.push(tf("round {}", &[r])),
            (None, None) => {}
        }
        parts.join(" · ")
    }

    /// The words a text search looks in.
    pub(super) fn haystack(&self) -> String {
        let mut text = String::new();
        for part in [
            Some(&self.black),
            Some(&self.white),
            self.black_rank.as_ref(),
            self.white_rank.as_ref(),
            self.event.as_ref(),
            self.round.as_ref(),
            self.place.as_ref(),
        ]
        .into_iter()
        .flatten()
        {
            text.push_str(&fold(part));
            text.push('\n');
        }
        text
    }
}

/// Lower case without accents, so "jurgen" finds "Jürgen".
pub(super) fn fold(text: &str) -> String {
    text.chars()
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => 'a',
            'ç' | 'ć' | 'č' => 'c',
            'ď' | 'đ' => 'd',
            'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
            'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => 'i',
            'ł' | 'ľ' | 'ĺ' => 'l',
            'ñ' | 'ń' | 'ň' => 'n',
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => 'o',
            'ŕ' | 'ř' => 'r',
            'ś' | 'š' | 'ş' | 'ș' => 's',
            'ť' | 'ţ' | 'ț' => 't',
            'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => 'u',
            'ý' | 'ÿ' => 'y',
            'ź' | 'ż' | 'ž' => 'z',
            other => other,
        })
        .collect()
}

/// What a replay of the record finds for its summary.
struct Replayed {
    result: Option<String>,
    moves: u32,
    handicap: u8,
    clock_running: bool,
    flag: Option<Color>,
    next_flag_ms: Option<i64>,
    problem: Option<String>,
}

fn nonempty(value: &Option<String>) -> Option<String> {
    value.as_ref().filter(|v| !v.trim().is_empty()).cloned()
}

fn player(name: &str, rank: &Option<String>, fallback: &str) -> String {
    let name = if name.trim().is_empty() {
        fallback
    } else {
        name.trim()
    };
    match rank {
        Some(r) => format!("{name} {}", r.trim()),
        None => name.to_string(),
    }
}

/// Times before this (2000-01-01) are no real time of play: an imported record's moves are
/// timed from zero.
const FIRST_REAL_MS: i64 = 946_684_800_000;

/// The recorded date (`DT`, its first day when it names several), else the day of
/// `started_ms` when that is a real time; unknown otherwise.
fn game_date(settings: &GameSettings, started_ms: i64) -> Option<Date> {
    let created = settings.created.trim();
    created
        .get(..10)
        .and_then(|d| Date::parse(d).ok())
        .or_else(|| (started_ms >= FIRST_REAL_MS).then(|| Date::from_epoch_ms(started_ms)))
}
