//! The list of every game on the phone: a short summary of each game (players, board, rules,
//! dates, result), the search and filters a referee uses to find one, and a cache that derives
//! a summary again only when its game changed, so a phone with a thousand games lists them at
//! once.

use std::collections::HashMap;
use std::fmt;

use super::count::{CountState, result_words};
use super::record::{GameRecord, GameSettings};
use super::table::Table;

/// A calendar day, as SGF `DT` and date inputs write it (`2026-11-22`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

impl Date {
    /// Reads `YYYY-MM-DD`; the error says in words what is wrong.
    pub fn parse(text: &str) -> Result<Date, String> {
        let text = text.trim();
        let bad = || format!("“{text}” is not a date: write it as year-month-day, e.g. 2026-11-22");
        let mut parts = text.split('-');
        let (Some(y), Some(m), Some(d), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        else {
            return Err(bad());
        };
        let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(y, 4) || !digits(m, 2) || !digits(d, 2) {
            return Err(bad());
        }
        let (year, month, day) = (
            y.parse::<i32>().map_err(|_| bad())?,
            m.parse::<u8>().map_err(|_| bad())?,
            d.parse::<u8>().map_err(|_| bad())?,
        );
        if !(1..=12).contains(&month) {
            return Err(format!("{text}: there is no month {month}"));
        }
        let last = days_in_month(year, month);
        if day == 0 || day > last {
            return Err(format!(
                "{text}: that month has days 1 to {last}, not {day}"
            ));
        }
        Ok(Date { year, month, day })
    }

    /// The day (UTC) of a time in Unix epoch milliseconds.
    pub fn from_epoch_ms(ms: i64) -> Date {
        civil_from_days(ms.div_euclid(86_400_000))
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The civil date of a day number counted from 1970-01-01 (H. Hinnant's algorithm).
fn civil_from_days(days: i64) -> Date {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    let year = yoe + era * 400 + i64::from(month <= 2);
    Date {
        year: year.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32,
        month,
        day,
    }
}

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
    /// The day the game was played: its recorded date, else the day of its first event.
    pub date: Date,
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
    /// Why the record cannot be replayed, if it cannot.
    pub problem: Option<String>,
}

impl GameSummary {
    /// Summarises a stored game, replaying it once as of `now_ms`.
    pub fn of(id: &str, created_ms: i64, record: &GameRecord, now_ms: i64) -> GameSummary {
        let s = &record.settings;
        let started_ms = record.events.first().map_or(created_ms, |e| e.at_ms);
        let last_activity_ms = record.events.last().map_or(created_ms, |e| e.at_ms);
        let (counted, problem) = match CountState::of(record, now_ms) {
            Ok(c) => (Some(c), None),
            Err(e) => (None, Some(e)),
        };
        let result = counted
            .as_ref()
            .and_then(CountState::result)
            .or_else(|| s.result.clone().filter(|r| !r.trim().is_empty()));
        let clock_running = result.is_none()
            && Table::of(record, now_ms)
                .ok()
                .and_then(|t| t.clock)
                .is_some_and(|c| c.ticking().is_some());
        GameSummary {
            id: id.to_string(),
            created_ms,
            black: s.black.clone(),
            white: s.white.clone(),
            black_rank: nonempty(&s.black_rank),
            white_rank: nonempty(&s.white_rank),
            size: s.size,
            rules: s.preset.name(),
            handicap: counted
                .as_ref()
                .map_or(s.handicap.stones, CountState::handicap),
            komi: s.komi,
            event: nonempty(&s.event),
            round: nonempty(&s.round),
            place: nonempty(&s.place),
            date: game_date(s, started_ms),
            started_ms,
            last_activity_ms,
            moves: counted.as_ref().map_or(0, |c| c.game.move_number()),
            events: record.events.len(),
            status: if result.is_some() {
                GameStatus::Finished
            } else {
                GameStatus::InProgress
            },
            result_words: result.as_deref().map(result_words),
            result,
            clock_running,
            problem,
        }
    }

    /// "Ann Lee 3d – Bo Chen", with "Black" and "White" for missing names.
    pub fn players(&self) -> String {
        format!(
            "{} – {}",
            player(&self.black, &self.black_rank, "Black"),
            player(&self.white, &self.white_rank, "White")
        )
    }

    /// "19×19 · LGC 2023 · 2026-11-22 · 2 stones · komi 0.5 · 120 moves · Spring Open, round 3".
    pub fn detail(&self) -> String {
        let mut parts = vec![
            format!("{0}×{0}", self.size),
            self.rules.to_string(),
            self.date.to_string(),
        ];
        if self.handicap >= 2 {
            parts.push(format!("{} stones", self.handicap));
        }
        parts.push(format!("komi {}", self.komi));
        parts.push(match self.moves {
            1 => "1 move".to_string(),
            n => format!("{n} moves"),
        });
        match (&self.event, &self.round) {
            (Some(e), Some(r)) => parts.push(format!("{e}, round {r}")),
            (Some(e), None) => parts.push(e.clone()),
            (None, Some(r)) => parts.push(format!("round {r}")),
            (None, None) => {}
        }
        parts.join(" · ")
    }

    /// The words a text search looks in.
    fn haystack(&self) -> String {
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

/// The recorded date (`DT`, its first day when it names several), else the day of `started_ms`.
fn game_date(settings: &GameSettings, started_ms: i64) -> Date {
    let created = settings.created.trim();
    created
        .get(..10)
        .and_then(|d| Date::parse(d).ok())
        .unwrap_or_else(|| Date::from_epoch_ms(started_ms))
}

/// Lower case without accents, so "jurgen" finds "Jürgen".
fn fold(text: &str) -> String {
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

/// Which games the status filter keeps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum StatusFilter {
    /// Every game.
    #[default]
    All,
    /// Games without a result.
    InProgress,
    /// Games with a result.
    Finished,
}

impl StatusFilter {
    /// The value a form uses for it.
    pub fn id(self) -> &'static str {
        match self {
            StatusFilter::All => "all",
            StatusFilter::InProgress => "in-progress",
            StatusFilter::Finished => "finished",
        }
    }

    /// The filter for a form value.
    pub fn from_id(id: &str) -> Option<StatusFilter> {
        [
            StatusFilter::All,
            StatusFilter::InProgress,
            StatusFilter::Finished,
        ]
        .into_iter()
        .find(|s| s.id() == id)
    }

    fn keeps(self, status: GameStatus) -> bool {
        match self {
            StatusFilter::All => true,
            StatusFilter::InProgress => status == GameStatus::InProgress,
            StatusFilter::Finished => status == GameStatus::Finished,
        }
    }
}

/// A search of the game list: words to find in names and event, a range of days, a status.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// Each word must appear in a player's name or rank, the event, round or place.
    pub words: Vec<String>,
    /// The first day kept.
    pub from: Option<Date>,
    /// The last day kept.
    pub to: Option<Date>,
    /// The status kept.
    pub status: StatusFilter,
}

impl HistoryFilter {
    /// Reads the search form. Empty fields filter nothing; every impossible value is refused
    /// with a message that says why (one message per field).
    pub fn from_form(
        text: &str,
        from: &str,
        to: &str,
        status: &str,
    ) -> Result<HistoryFilter, Vec<String>> {
        let mut errors = Vec::new();
        let mut date = |label: &str, value: &str| {
            if value.trim().is_empty() {
                return None;
            }
            Date::parse(value)
                .map_err(|e| errors.push(format!("{label}: {e}")))
                .ok()
        };
        let from = date("From", from);
        let to = date("To", to);
        if let (Some(f), Some(t)) = (from, to)
            && f > t
        {
            errors.push(format!(
                "The first day ({f}) is after the last day ({t}): no game can be in between"
            ));
        }
        let status = match StatusFilter::from_id(status.trim()) {
            Some(s) => s,
            None if status.trim().is_empty() => StatusFilter::All,
            None => {
                errors.push(format!(
                    "“{status}” is not a status: choose all, in-progress or finished"
                ));
                StatusFilter::All
            }
        };
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(HistoryFilter {
            words: fold(text).split_whitespace().map(str::to_string).collect(),
            from,
            to,
            status,
        })
    }

    /// Whether the filter keeps this game.
    pub fn matches(&self, game: &GameSummary) -> bool {
        if !self.status.keeps(game.status) {
            return false;
        }
        if self.from.is_some_and(|f| game.date < f) || self.to.is_some_and(|t| game.date > t) {
            return false;
        }
        if self.words.is_empty() {
            return true;
        }
        let haystack = game.haystack();
        self.words.iter().all(|w| haystack.contains(w.as_str()))
    }

    /// The games the filter keeps, in their order.
    pub fn apply<'a>(&self, games: &'a [GameSummary]) -> Vec<&'a GameSummary> {
        games.iter().filter(|g| self.matches(g)).collect()
    }
}

/// What tells that a game changed since its summary was made: the number of events, the last
/// one's time, and the settings.
#[derive(Clone, Debug, PartialEq)]
struct Fingerprint {
    events: usize,
    last_at_ms: Option<i64>,
    created_ms: i64,
    settings: GameSettings,
}

impl Fingerprint {
    fn of(created_ms: i64, record: &GameRecord) -> Fingerprint {
        Fingerprint {
            events: record.events.len(),
            last_at_ms: record.events.last().map(|e| e.at_ms),
            created_ms,
            settings: record.settings.clone(),
        }
    }

    fn matches(&self, created_ms: i64, record: &GameRecord) -> bool {
        self.events == record.events.len()
            && self.last_at_ms == record.events.last().map(|e| e.at_ms)
            && self.created_ms == created_ms
            && self.settings == record.settings
    }
}

/// Summaries kept between listings: a game is replayed again only when it changed (or when
/// its clock runs, as a flag can fall with no new event).
#[derive(Clone, Debug, Default)]
pub struct SummaryCache {
    entries: HashMap<String, (Fingerprint, GameSummary)>,
    replays: u64,
}

impl SummaryCache {
    /// An empty cache.
    pub fn new() -> SummaryCache {
        SummaryCache::default()
    }

    /// The summaries of `games` (id, time stored, record), in their order. Games no longer
    /// given are forgotten.
    pub fn summaries<'a>(
        &mut self,
        games: impl IntoIterator<Item = (&'a str, i64, &'a GameRecord)>,
        now_ms: i64,
    ) -> Vec<GameSummary> {
        let mut kept = HashMap::with_capacity(self.entries.len());
        let mut out = Vec::new();
        for (id, created_ms, record) in games {
            let entry = match self.entries.remove(id) {
                Some((fp, summary)) if fp.matches(created_ms, record) && !summary.clock_running => {
                    (fp, summary)
                }
                _ => {
                    self.replays += 1;
                    (
                        Fingerprint::of(created_ms, record),
                        GameSummary::of(id, created_ms, record, now_ms),
                    )
                }
            };
            out.push(entry.1.clone());
            kept.insert(id.to_string(), entry);
        }
        self.entries = kept;
        out
    }

    /// How many games were replayed to make summaries since the cache was made.
    pub fn replays(&self) -> u64 {
        self.replays
    }
}
