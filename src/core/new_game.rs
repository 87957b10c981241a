//! The new-game form as data: its fields as text (so a form or a shared link can hold anything a
//! person types), the defaults of each preset, and the check that turns them into settings with
//! an error per field, never a silent replacement.

use super::clock::{TimeControl, TimeSystemKind};
use super::form_values;
use super::handicap::{self, Handicap, HandicapPlacement, MAX_HANDICAP};
use super::live::Live;
use super::point::{MAX_SIZE, MIN_SIZE};
use super::preset::Preset;
use super::record::{GameRecord, GameSettings, Pairing};
use super::text::{t, tf};

/// The fields of the new-game form, as the player typed them or the link gave them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub preset: String,
    pub size: String,
    pub handicap: String,
    /// Empty means the preset's komi for the handicap.
    pub komi: String,
    /// `sudden`, `fischer`, `byoyomi`, `canadian`, `delay`, `bronstein`.
    pub time: String,
    /// Seconds.
    pub main: String,
    /// White's main time in seconds when it differs from Black's (time odds); empty: the same.
    pub mainw: String,
    /// Fischer increment or delay, seconds.
    pub inc: String,
    /// Optional Fischer cap, seconds.
    pub cap: String,
    /// Byo-yomi periods.
    pub periods: String,
    /// Byo-yomi or Canadian period, seconds.
    pub period: String,
    /// Canadian stones per period.
    pub stones: String,
    pub black: String,
    pub white: String,
    /// `yes` or `no`: whether the tournament allows jigo, where the rules leave it to the
    /// tournament (Dutch, Cape Town, custom); `no` replays a game in doubt.
    pub jigo: String,
    /// The tournament (SGF `EV`), from a director's table code.
    pub event: String,
    /// The round (SGF `RO`).
    pub round: String,
    /// The table the pairing gave the game, as the players see it.
    pub table: String,
    /// Black's and White's keys in the pairing program (with `table`).
    pub bkey: String,
    pub wkey: String,
}

/// One problem with one field of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    /// The query parameter / form field it concerns.
    pub field: &'static str,
    /// What is wrong and what to do, in words.
    pub message: String,
}

/// The query parameters the form understands (see the test contract).
pub const FIELDS: [&str; 20] = [
    "preset", "size", "handicap", "komi", "time", "main", "mainw", "inc", "cap", "periods",
    "period", "stones", "black", "white", "jigo", "event", "round", "table", "bkey", "wkey",
];

/// The fields that differ from table to table of a hall, which a settings link leaves out.
const PER_TABLE: [&str; 5] = ["black", "white", "table", "bkey", "wkey"];

/// The fields of the game itself that a director's table or round code sets (not who plays
/// it, nor where): the players keep them unless they change them on purpose.
pub const DIRECTOR_SETTINGS: [&str; 13] = [
    "preset", "size", "handicap", "komi", "time", "main", "mainw", "inc", "cap", "periods",
    "period", "stones", "jigo",
];

/// The longest tournament name or round kept.
pub const MAX_EVENT_CHARS: usize = 100;

/// The longest player name kept.
pub const MAX_NAME_CHARS: usize = 60;

impl NewGameForm {
    /// The form filled in with a preset's customary settings.
    pub fn for_preset(preset: Preset) -> NewGameForm {
        let usual = preset.usual_time();
        let text = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
        let (time, main, inc, periods, period, stones) = (
            usual.kind.id(),
            usual.main_s.to_string(),
            text(usual.increment_s),
            text(usual.periods),
            text(usual.period_s),
            text(usual.stones),
        );
        NewGameForm {
            preset: preset.id().to_string(),
            size: "19".into(),
            handicap: "0".into(),
            komi: String::new(),
            time: time.into(),
            main,
            mainw: String::new(),
            inc,
            cap: String::new(),
            periods,
            period,
            stones,
            black: String::new(),
            white: String::new(),
            jigo: "yes".into(),
            event: String::new(),
            round: String::new(),
            table: String::new(),
            bkey: String::new(),
            wkey: String::new(),
        }
    }

    /// The form with another preset's customary settings, keeping who plays and where the
    /// pairing put them (names, tournament, round, table, keys).
    pub fn with_preset(&self, preset: Preset) -> NewGameForm {
        let mut fresh = NewGameForm::for_preset(preset);
        for name in PER_TABLE.iter().chain(&["event", "round"]) {
            if let (Some(slot), Some(value)) = (fresh.field_mut(name), self.field(name)) {
                *slot = value.to_string();
            }
        }
        fresh
    }

    /// Whether a director's table or round code filled the form: it names a table.
    pub fn from_director(&self) -> bool {
        !self.table.trim().is_empty()
    }

    /// Whether the game these fields give differs from the one `director`'s give (the form as
    /// the director's code filled it) in anything the director set for the game: the rules,
    /// the board, the handicap, komi, jigo or the time. Values that read the same are the same
    /// (`6.5` and `6.50`); a form that does not check is compared field by field.
    pub fn settings_differ(&self, director: &NewGameForm) -> bool {
        let game = |f: &NewGameForm| {
            f.check().ok().map(|g| {
                let b = g.board;
                (b.preset, b.size, b.handicap, b.komi, b.jigo_allowed, g.time)
            })
        };
        match (game(self), game(director)) {
            (Some(mine), Some(theirs)) => mine != theirs,
            _ => DIRECTOR_SETTINGS
                .iter()
                .any(|f| self.field(f).map(str::trim) != director.field(f).map(str::trim)),
        }
    }

    /// The form as a shared link gives it: the preset's defaults, overridden by every parameter
    /// present. Unknown parameters are reported, never dropped silently.
    pub fn from_query<'a>(
        pairs: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> (NewGameForm, Vec<FieldError>) {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        let preset_id = pairs
            .iter()
            .rev()
            .find(|(k, _)| *k == "preset")
            .map(|(_, v)| *v);
        let mut form = NewGameForm::for_preset(
            preset_id
                .and_then(Preset::from_id)
                .unwrap_or(Preset::Lgc2023),
        );
        let mut errors = Vec::new();
        for (key, value) in pairs {
            match form.field_mut(key) {
                Some(slot) => *slot = value.to_string(),
                None => errors.push(FieldError {
                    field: "link",
                    message: tf(
                        "The link has a setting “{}” that this app does not know; it was ignored.",
                        &[&key],
                    ),
                }),
            }
        }
        (form, errors)
    }

    /// The settings as the query of a shared link (`preset=london-open&size=13&…`): the preset
    /// and every field that differs from the preset's defaults, which is what the link gives
    /// back ([`NewGameForm::from_query`]). The players' names, the table and the players' keys
    /// are left out: they differ on each board of a hall.
    pub fn settings_query(&self) -> String {
        let defaults =
            NewGameForm::for_preset(Preset::from_id(&self.preset).unwrap_or(Preset::Lgc2023));
        FIELDS
            .iter()
            .filter(|name| !PER_TABLE.contains(name))
            .filter_map(|name| {
                let value = self.field(name)?;
                (*name == "preset" || defaults.field(name) != Some(value))
                    .then(|| format!("{name}={}", query_escape(value)))
            })
            .collect::<Vec<_>>()
            .join("&")
    }

    /// The field for a query parameter name.
    pub fn field_mut(&mut self, name: &str) -> Option<&mut String> {
        Some(match name {
            "preset" => &mut self.preset,
            "size" => &mut self.size,
            "handicap" => &mut self.handicap,
            "komi" => &mut self.komi,
            "time" => &mut self.time,
            "main" => &mut self.main,
            "mainw" => &mut self.mainw,
            "inc" => &mut self.inc,
            "cap" => &mut self.cap,
            "periods" => &mut self.periods,
            "period" => &mut self.period,
            "stones" => &mut self.stones,
            "black" => &mut self.black,
            "white" => &mut self.white,
            "jigo" => &mut self.jigo,
            "event" => &mut self.event,
            "round" => &mut self.round,
            "table" => &mut self.table,
            "bkey" => &mut self.bkey,
            "wkey" => &mut self.wkey,
            _ => return None,
        })
    }

    /// The text of a field by its query parameter name.
    pub fn field(&self, name: &str) -> Option<&str> {
        Some(match name {
            "preset" => &self.preset,
            "size" => &self.size,
            "handicap" => &self.handicap,
            "komi" => &self.komi,
            "time" => &self.time,
            "main" => &self.main,
            "mainw" => &self.mainw,
            "inc" => &self.inc,
            "cap" => &self.cap,
            "periods" => &self.periods,
            "period" => &self.period,
            "stones" => &self.stones,
            "black" => &self.black,
            "white" => &self.white,
            "jigo" => &self.jigo,
            "event" => &self.event,
            "round" => &self.round,
            "table" => &self.table,
            "bkey" => &self.bkey,
            "wkey" => &self.wkey,
            _ => return None,
        })
    }

    /// Checks the whole form: every problem of every field at once.
    pub fn check(&self) -> Result<NewGame, Vec<FieldError>> {
        let board = self.check_board();
        let time = self.check_time();
        match (board, time) {
            (Ok(board), Ok(time)) => Ok(NewGame { board, time }),
            (board, time) => {
                let mut errors = board.err().unwrap_or_default();
                errors.extend(time.err().unwrap_or_default());
                Err(errors)
            }
        }
    }

    /// Checks the time part of the form (only the fields the chosen system uses).
    pub fn check_time(&self) -> Result<TimeControl, Vec<FieldError>> {
        let used: Vec<&str> = match TimeSystemKind::from_id(self.time.trim()) {
            Some(kind) => std::iter::once("main")
                .chain(kind.fields().iter().copied())
                .collect(),
            None => Vec::new(),
        };
        let mut pairs = vec![("time", self.time.trim())];
        for name in used {
            let value = self.field(name).unwrap_or("").trim();
            if !value.is_empty() {
                pairs.push((name, value));
            }
        }
        let mut errors: Vec<FieldError> = Vec::new();
        let control = TimeControl::from_query_fields(pairs).map_err(|list| {
            list.into_iter()
                .map(|(field, m)| err(field, format!("{m}.")))
                .collect::<Vec<_>>()
        });
        let mut control = match control {
            Ok(c) => Some(c),
            Err(list) => {
                errors.extend(list);
                None
            }
        };
        // Time odds: White's own main time, checked like Black's and reported with the rest.
        let mainw = self.mainw.trim();
        if !mainw.is_empty() {
            match mainw.parse::<i64>() {
                Ok(s) if (1..=36_000).contains(&s) => {
                    if let Some(c) = control.as_mut() {
                        *c = c.with_white_main(s * 1000);
                        for (field, m) in c.problems() {
                            errors.push(err(field, format!("{m}.")));
                        }
                    }
                }
                _ => errors.push(err(
                    "mainw",
                    tf(
                        "White's main time must be a whole number of seconds from 1 to 36000 (10 hours); “{}” is not. Leave it empty for the same time as Black.",
                        &[&mainw],
                    ),
                )),
            }
        }
        match control {
            Some(c) if errors.is_empty() => Ok(c),
            _ => Err(errors),
        }
    }

    /// The preset the form names, if it names a known one.
    pub fn preset(&self) -> Option<Preset> {
        Preset::from_id(self.preset.trim())
    }

    /// Checks the board part of the form: preset, size, handicap, komi and names.
    pub fn check_board(&self) -> Result<BoardChoice, Vec<FieldError>> {
        let mut errors = Vec::new();
        let preset = self.preset();
        if preset.is_none() {
            errors.push(err(
                "preset",
                tf(
                    "“{}” is not a rule set this app knows. Choose one of: {}.",
                    &[&self.preset, &Preset::ALL.map(|p| p.id()).join(", ")],
                ),
            ));
        }
        let size = match self.size.trim().parse::<u8>() {
            Ok(s) if (MIN_SIZE..=MAX_SIZE).contains(&s) => Some(s),
            _ => {
                errors.push(err(
                    "size",
                    tf(
                        "The board size must be a whole number from {} to {} (9, 13 or 19 in tournaments); “{}” is not.",
                        &[&MIN_SIZE, &MAX_SIZE, &self.size],
                    ),
                ));
                None
            }
        };
        let handicap = match self.handicap.trim().parse::<u8>() {
            Ok(h) if h <= MAX_HANDICAP => Some(h),
            _ => {
                errors.push(err(
                    "handicap",
                    tf(
                        "The handicap must be a whole number from 0 to {}; “{}” is not.",
                        &[&MAX_HANDICAP, &self.handicap],
                    ),
                ));
                None
            }
        };
        if let (Some(size), Some(h)) = (size, handicap)
            && h >= 2
            && let Err(e) = handicap::fixed_points(size, h)
        {
            errors.push(err("handicap", e.to_string()));
        }
        let komi = if self.komi.trim().is_empty() {
            None
        } else {
            match form_values::komi(&self.komi) {
                Ok(k) => Some(k),
                Err(message) => {
                    errors.push(err("komi", message));
                    None
                }
            }
        };
        let jigo_allowed = match self.jigo.trim() {
            "" | "yes" => true,
            "no" if preset.is_none_or(Preset::jigo_left_to_tournament) => false,
            "no" => {
                if let Some(p) = preset {
                    errors.push(err(
                        "jigo",
                        tf(
                            "The {} rules settle a jigo themselves; the tournament cannot forbid it.",
                            &[&p.name()],
                        ),
                    ));
                }
                true
            }
            other => {
                errors.push(err(
                    "jigo",
                    tf(
                        "Whether jigo is allowed is “yes” or “no”; “{}” is neither.",
                        &[&other],
                    ),
                ));
                true
            }
        };
        let black = check_name("black", &self.black, &mut errors);
        let white = check_name("white", &self.white, &mut errors);
        let event = check_text(
            "event",
            t("The tournament's name"),
            &self.event,
            &mut errors,
        );
        let round = check_text("round", t("The round"), &self.round, &mut errors);
        let pairing = self.check_pairing(&mut errors);
        match (preset, size, handicap) {
            (Some(preset), Some(size), Some(stones)) if errors.is_empty() => {
                let komi = komi.unwrap_or_else(|| preset.rules().komi_for(stones));
                Ok(BoardChoice {
                    preset,
                    size,
                    handicap: Handicap {
                        stones,
                        placement: HandicapPlacement::Fixed,
                    },
                    komi,
                    black,
                    white,
                    jigo_allowed,
                    event,
                    round,
                    pairing,
                })
            }
            _ => Err(errors),
        }
    }
}

impl NewGameForm {
    /// The table and the players' keys of a game started from a director's table code: all
    /// three or none.
    fn check_pairing(&self, errors: &mut Vec<FieldError>) -> Option<Pairing> {
        let (table, bkey, wkey) = (self.table.trim(), self.bkey.trim(), self.wkey.trim());
        if table.is_empty() && bkey.is_empty() && wkey.is_empty() {
            return None;
        }
        let number = match table.parse::<u32>() {
            Ok(n) if (1..=9999).contains(&n) => Some(n),
            _ => {
                errors.push(err(
                    "table",
                    tf(
                        "The table must be a whole number from 1 to 9999; “{}” is not. Scan the table's code again.",
                        &[&table],
                    ),
                ));
                None
            }
        };
        let mut key = |field: &'static str, who: &str, value: &str| {
            if value.is_empty() || value.chars().count() > MAX_NAME_CHARS * 2 {
                errors.push(err(
                    field,
                    tf(
                        "{}'s key from the pairing program is missing or too long. Scan the table's code again.",
                        &[&who],
                    ),
                ));
            } else if value.chars().any(char::is_control) {
                errors.push(err(
                    field,
                    tf("{}'s key cannot contain control characters.", &[&who]),
                ));
            }
            value.to_string()
        };
        let black_key = key("bkey", t("Black"), bkey);
        let white_key = key("wkey", t("White"), wkey);
        Some(Pairing {
            table: number?,
            black_key,
            white_key,
        })
    }
}

/// A checked new game, ready to become a record.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGame {
    pub board: BoardChoice,
    pub time: TimeControl,
}

impl NewGame {
    /// The game's record, with fixed handicap stones placed. `date` is SGF `DT` (`2026-11-22`).
    pub fn into_record(self, date: &str, now_ms: i64) -> Result<GameRecord, String> {
        let b = self.board;
        let mut settings = GameSettings::new(b.preset, b.size, b.handicap);
        settings.komi = b.komi;
        settings.black = b.black;
        settings.white = b.white;
        settings.created = date.to_string();
        settings.event = b.event;
        settings.round = b.round;
        settings.pairing = b.pairing;
        if !b.jigo_allowed {
            settings.rules.jigo = crate::core::rules::Jigo::NotAllowed;
        }
        // What a fallen flag does is the preset's: LGC freezes, the lightning rules wait for
        // the opponent's claim.
        let time = self.time.with_on_flag(settings.rules.flag_fall);
        settings.time_control_sgf = time.ot_text();
        settings.time_limit_sgf = Some(format!("{}", time.tm_seconds()));
        settings.time_control = Some(time);
        Live::start(settings, now_ms)
            .map(Live::into_record)
            .map_err(|e| e.to_string())
    }
}

/// The checked board part of a new game.
#[derive(Clone, Debug, PartialEq)]
pub struct BoardChoice {
    pub preset: Preset,
    pub size: u8,
    pub handicap: Handicap,
    pub komi: f64,
    pub black: String,
    pub white: String,
    /// The tournament allows jigo (else a game in doubt is replayed).
    pub jigo_allowed: bool,
    /// The tournament and the round, when the form names them.
    pub event: Option<String>,
    pub round: Option<String>,
    /// The table and the players' keys, for a game started from a director's table code.
    pub pairing: Option<Pairing>,
}

/// A value as a query parameter: letters, digits and `-._~` as they are, the rest as `%XX`.
pub fn query_escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn err(field: &'static str, message: String) -> FieldError {
    FieldError { field, message }
}

/// An optional line of text (a tournament's name, a round): empty is none.
fn check_text(
    field: &'static str,
    what: &str,
    text: &str,
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    let text = text.trim();
    if text.chars().count() > MAX_EVENT_CHARS {
        errors.push(err(
            field,
            tf(
                "{} can have at most {} characters.",
                &[&what, &MAX_EVENT_CHARS],
            ),
        ));
    }
    if text.chars().any(char::is_control) {
        errors.push(err(
            field,
            tf("{} cannot contain control characters.", &[&what]),
        ));
    }
    (!text.is_empty()).then(|| text.to_string())
}

fn check_name(field: &'static str, name: &str, errors: &mut Vec<FieldError>) -> String {
    let name = name.trim();
    if name.chars().count() > MAX_NAME_CHARS {
        errors.push(err(
            field,
            tf("A name can have at most {} characters.", &[&MAX_NAME_CHARS]),
        ));
    }
    if name.chars().any(char::is_control) {
        errors.push(err(
            field,
            t("A name cannot contain control characters.").into(),
        ));
    }
    name.to_string()
}

/// The next round's game, from the game just played: the same rules, board, handicap, komi,
/// time control and event, the players' names and ranks kept (Black's and White's swapped when
/// `swap_colours`), the round counted on when it is a number; dated `date`, started at
/// `now_ms` with nothing played.
pub fn next_round(
    previous: &GameSettings,
    swap_colours: bool,
    date: &str,
    now_ms: i64,
) -> Result<GameRecord, String> {
    let mut settings = GameSettings {
        created: date.to_string(),
        result: None,
        comment: None,
        ..previous.clone()
    };
    // The next round is paired anew: its table and keys come with its own code.
    settings.pairing = None;
    if swap_colours {
        std::mem::swap(&mut settings.black, &mut settings.white);
        std::mem::swap(&mut settings.black_rank, &mut settings.white_rank);
    }
    settings.round = previous.round.as_ref().map(|r| {
        r.trim()
            .parse::<u32>()
            .ok()
            .and_then(|n| n.checked_add(1))
            .map_or_else(|| r.clone(), |n| n.to_string())
    });
    Live::start(settings, now_ms)
        .map(Live::into_record)
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::clock::OnFlag;

    fn query(q: &str) -> (NewGameForm, Vec<FieldError>) {
        let pairs: Vec<(&str, &str)> = q.split('&').filter_map(|kv| kv.split_once('=')).collect();
        NewGameForm::from_query(pairs)
    }

    /// The settings link of a form opens the same form, on another phone, without the names.
    #[test]
    fn the_settings_link_opens_the_same_form_without_the_names() {
        for preset in Preset::ALL {
            let mut form = NewGameForm::for_preset(preset);
            form.size = "13".into();
            form.komi = "-3".into();
            form.mainw = "1200".into();
            form.inc.clear();
            form.black = "Ann & Bo".into();
            let link = form.settings_query();
            assert!(!link.contains("black"), "{link}");
            let (back, errors) = query(&link);
            assert!(errors.is_empty(), "{errors:?}");
            form.black.clear();
            assert_eq!(back, form);
        }
        let mut odd = NewGameForm::for_preset(Preset::Custom);
        odd.komi = "7,5 &x=1".into();
        assert_eq!(odd.settings_query(), "preset=custom&komi=7%2C5%20%26x%3D1");
    }

    #[test]
    fn a_link_fills_the_form_over_the_preset_defaults() {
        let (form, errors) = query("preset=cape-town-2005&size=13&black=Ann&white=Bo");
        assert!(errors.is_empty());
        assert_eq!(form.main, "720", "Cape Town: “set to 12 minutes per side”");
        let board = form.check_board().unwrap();
        assert_eq!(board.size, 13);
        assert_eq!(board.black, "Ann");
        assert_eq!(board.preset, Preset::CapeTown2005);
    }

    #[test]
    fn lgc_komi_follows_the_handicap() {
        // LGC: "Komi in an even game is 7.5 to White. In a handicap game it is 0.5 to White."
        let (even, _) = query("preset=lgc-2023");
        assert_eq!(even.check_board().unwrap().komi, 7.5);
        let (h, _) = query("preset=lgc-2023&handicap=4");
        assert_eq!(h.check_board().unwrap().komi, 0.5);
        let (k, _) = query("preset=lgc-2023&komi=-3");
        assert_eq!(k.check_board().unwrap().komi, -3.0);
    }

    #[test]
    fn bad_values_are_reported_per_field_and_never_replaced() {
        let (form, errors) = query("preset=nope&size=4&handicap=12&komi=7.3&colour=red");
        assert_eq!(errors.len(), 1, "the unknown parameter is reported");
        assert_eq!(
            form.size, "4",
            "the bad value stays in the form for the player to see"
        );
        let errors = form.check_board().unwrap_err();
        let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
        assert_eq!(fields, vec!["preset", "size", "handicap", "komi"]);
        assert!(errors[1].message.contains("from 5 to 25"));
    }

    #[test]
    fn a_fallen_flag_does_what_the_preset_says() {
        // Dutch 13.3: the game ends on time when the flag has fallen "and his opponent
        // announces this"; LGC TIMING RULES: "a player loses on time if the current move is
        // not completed before the basic time expires".
        let record = |q: &str| {
            let (form, _) = query(q);
            form.check().unwrap().into_record("2026-11-22", 0).unwrap()
        };
        let on_flag = |q: &str| record(q).settings.time_control.unwrap().on_flag;
        assert_eq!(
            on_flag("preset=dutch-lightning&time=sudden&main=900"),
            OnFlag::OpponentKeepsRunning
        );
        assert_eq!(
            on_flag("preset=cape-town-2005&time=sudden&main=720"),
            OnFlag::OpponentKeepsRunning
        );
        assert_eq!(
            on_flag("preset=lgc-2023&time=sudden&main=600"),
            OnFlag::FreezeAll
        );
    }

    #[test]
    fn time_odds_give_white_a_main_time_of_its_own() {
        let (form, _) = query("preset=lgc-2023&time=sudden&main=600&mainw=300");
        let time = form.check().unwrap().time;
        assert_eq!(time.main_for(crate::core::Color::Black), 600_000);
        assert_eq!(time.main_for(crate::core::Color::White), 300_000);
        let (bad, _) = query("preset=lgc-2023&time=sudden&main=600&mainw=-5");
        let errors = bad.check().unwrap_err();
        assert_eq!(errors[0].field, "mainw");
    }

    #[test]
    fn names_are_kept_as_text() {
        let (form, _) = query("black=<img src=x onerror=alert(1)>");
        assert_eq!(
            form.check_board().unwrap().black,
            "<img src=x onerror=alert(1)>"
        );
    }
}
