//! The JSON of the game record and of everything in it, as the app has always stored and
//! exported it (see [`super::json`]): the field names and the fields left out when empty are
//! those of the record's types, and `tests/store_json.rs` checks that both ways against
//! `serde_json`. A type that gains a field or a variant does not compile until it is listed
//! here.

use super::json::{self, Json, JsonError, Value, json_enum, json_struct};
use crate::core::clock::{ClockEvent, OnFlag, PauseReason, TimeControl, TimeSystem};
use crate::core::color::Color;
use crate::core::count::{CountByNumbers, Decision};
use crate::core::handicap::{Handicap, HandicapPlacement};
use crate::core::history::Settled;
use crate::core::moves::AsWritten;
use crate::core::point::Point;
use crate::core::preset::Preset;
use crate::core::record::{Event, GameRecord, GameSettings, MoveClock, Pairing, TimedEvent};
use crate::core::rules::{
    ClockStart, Counting, EndOfPlay, HandicapCompensation, IllegalMoveProcedure, Jigo, KoRule,
    Resumption, Rules,
};

json_enum!(Color { Black, White });

json_struct!(Point { x: req, y: req });

/// A preset is stored by its id written as one word with capitals (`lgc-2023` as `Lgc2023`,
/// `london-open` as `LondonOpen`), the name records have always held.
impl Json for Preset {
    fn to_json(&self) -> Value {
        Value::String(stored_preset_name(*self))
    }
    fn from_json(v: &Value) -> Result<Preset, JsonError> {
        let (name, body) = json::read_variant(v)?;
        json::unit_variant(name, body)?;
        Preset::ALL
            .into_iter()
            .find(|p| stored_preset_name(*p) == name)
            .ok_or_else(|| json::unknown_variant(name))
    }
}

/// The stored name of a preset: its id without hyphens, each part starting with a capital.
fn stored_preset_name(preset: Preset) -> String {
    preset
        .id()
        .split('-')
        .flat_map(|part| {
            let mut chars = part.chars();
            chars
                .next()
                .map(|c| c.to_ascii_uppercase())
                .into_iter()
                .chain(chars)
        })
        .collect()
}

json_enum!(KoRule {
    Simple,
    PositionalSuperko,
    SituationalSuperko,
    NaturalSituationalSuperko,
});

json_enum!(EndOfPlay {
    PauseAfterPasses { passes: req, white_last: req },
    NaturalEnding { passes: req },
});

json_enum!(Resumption {
    BlackFirst,
    OpponentOfLastPasser,
});

json_enum!(Counting { Territory, Area });

json_enum!(HandicapCompensation { None, N, NMinusOne });

json_enum!(Jigo {
    Allowed,
    WhiteWinsInHandicap,
    NotAllowed,
});

json_enum!(IllegalMoveProcedure {
    Unwind { within_moves: req },
    AnsweredStands,
});

json_enum!(ClockStart {
    BlacksClock,
    ByHandicap { optional: req },
});

json_struct!(Rules {
    pass_stones: req,
    ko: req,
    suicide_allowed: req,
    end_of_play: req,
    resumption: req,
    white_passes_last: req,
    counting: req,
    seki_eyes_count: req,
    negative_territory: req,
    komi_even: req,
    komi_handicap: req,
    one_stone_uses_handicap_komi: def(true),
    handicap_compensation: req,
    jigo: req,
    neutral_capture_count: req,
    illegal_moves: req,
    pause_reasons: req,
    flag_fall: req,
    clock_start: def(ClockStart::default()),
    warnings_forfeit: skip,
});

json_enum!(HandicapPlacement { Fixed, Free });

json_struct!(Handicap {
    stones: req,
    placement: req,
});

json_enum!(TimeSystem {
    SuddenDeath,
    Fischer { increment_ms: req, cap_ms: req },
    ByoYomi { periods: req, period_ms: req },
    Canadian { stones: req, period_ms: req },
    Delay { delay_ms: req },
    Bronstein { delay_ms: req },
});

/// What the clock does on a flag; rules stored before it was the clock's own type named it
/// `Freeze` or `KeepRunning`.
impl Json for OnFlag {
    fn to_json(&self) -> Value {
        Value::str(match self {
            OnFlag::FreezeAll => "FreezeAll",
            OnFlag::OpponentKeepsRunning => "OpponentKeepsRunning",
        })
    }
    fn from_json(v: &Value) -> Result<OnFlag, JsonError> {
        let (name, body) = json::read_variant(v)?;
        json::unit_variant(name, body)?;
        match name {
            "FreezeAll" | "Freeze" => Ok(OnFlag::FreezeAll),
            "OpponentKeepsRunning" | "KeepRunning" => Ok(OnFlag::OpponentKeepsRunning),
            _ => Err(json::unknown_variant(name)),
        }
    }
}

json_struct!(TimeControl {
    main_ms: req,
    main_ms_white: req,
    system: req,
    on_flag: def(OnFlag::default()),
});

json_struct!(GameSettings {
    preset: req,
    rules: req,
    size: req,
    handicap: req,
    komi: req,
    black: req,
    white: req,
    black_rank: skip,
    white_rank: skip,
    created: req,
    event: skip,
    round: skip,
    place: skip,
    time_control: skip,
    time_control_sgf: skip,
    time_limit_sgf: skip,
    result: skip,
    comment: skip,
    pairing: skip,
    settings_changed: skip,
});

json_struct!(Pairing {
    table: req,
    black_key: req,
    white_key: req,
});

json_struct!(MoveClock {
    time_left_ms: skip,
    overtime_left: skip,
});

/// A pause reason: one of the LGC's twelve by its name, or another in its words. Rules stored
/// before reasons were typed list them in words, which read as the reason they name.
impl Json for PauseReason {
    fn to_json(&self) -> Value {
        match self {
            PauseReason::Other { text } => {
                json::variant("Other", Some(vec![("text".to_string(), text.to_json())]))
            }
            listed => Value::str(pause_name(listed)),
        }
    }
    fn from_json(v: &Value) -> Result<PauseReason, JsonError> {
        let (name, body) = json::read_variant(v)?;
        if name == "Other" {
            let fields = json::object(body.unwrap_or(&Value::Null), "an object")?;
            return Ok(PauseReason::Other {
                text: json::field(fields, "text", None)?,
            });
        }
        json::unit_variant(name, body)?;
        Ok(PauseReason::LISTED
            .into_iter()
            .find(|r| pause_name(r) == name)
            .unwrap_or_else(|| PauseReason::from_rule_words(name)))
    }
}

fn pause_name(reason: &PauseReason) -> &'static str {
    match reason {
        PauseReason::StatusAssessment => "StatusAssessment",
        PauseReason::Counting => "Counting",
        PauseReason::OvertimeStoneCount => "OvertimeStoneCount",
        PauseReason::Toilet => "Toilet",
        PauseReason::RemovingCaptures => "RemovingCaptures",
        PauseReason::ClockMalfunction => "ClockMalfunction",
        PauseReason::Adjournment => "Adjournment",
        PauseReason::FetchingSealingForm => "FetchingSealingForm",
        PauseReason::CompletingSealingForm => "CompletingSealingForm",
        PauseReason::CallingReferee => "CallingReferee",
        PauseReason::Arbitration => "Arbitration",
        PauseReason::Announcement => "Announcement",
        PauseReason::Other { .. } => "Other",
    }
}

json_enum!(ClockEvent {
    Started { running: req },
    Pressed { by: req, pass: def(false) },
    Paused { reason: req },
    Resumed,
    ResumedWith { running: req },
    Adjusted { color: req, delta_ms: req, reason: req },
    SetPeriods { color: req, periods: req },
    SetStones { color: req, stones_left: req },
    MoveCountCorrected { color: req, moves: req },
    Penalty { color: req, ms: req },
    BothAdded { ms: req },
    FlagClaimed { by: req },
    Stopped,
    Restarted { running: req },
});

json_enum!(AsWritten {
    OutOfTurn { color: req },
    OnAStone { point: req },
    AfterTheEnd { color: req },
    StandardHandicap { stones: req },
});

json_enum!(CountByNumbers {
    Filled { black: req, white: req },
    Apart { territory: req, prisoners: req },
    Area { black: req, white: req },
});

json_enum!(Event {
    HandicapPlaced { points: req },
    StonesSetUp { black: req, white: req, to_move: req },
    StonePlayed { color: req, point: req, forced: skip, clock: skip, comment: skip },
    Passed { color: req, clock: skip, comment: skip },
    Resigned { color: req },
    PlayResumed { first: req },
    Unwound { to_move_index: req },
    IllegalMoveRemoved { color: req },
    MovedOffBoard { color: req },
    PressWithdrawn { by: req, pressed_at_ms: req },
    Clock { clock: req },
    DeadMarked { points: req },
    DeadUnmarked { points: req },
    SekiMarked { points: req },
    SekiUnmarked { points: req },
    AgreementConfirmed { color: req },
    Disputed { by: req },
    KomiChanged { komi: req, reason: req },
    CountLocked,
    CountUnlocked { reason: req },
    StonesPainted { points: req, stone: req },
    PrisonersCounted { black: req, white: req },
    CountEntered { count: req },
    RefereeNote { text: req },
    ResultDecided { re: req, reason: req, decision: skip },
    Warned { color: req, reason: req },
    Protested { by: req, reason: req },
    ActualPairing { black: req, white: req, handicap: req },
    AsWritten { what: req },
});

json_struct!(TimedEvent {
    at_ms: req,
    event: req,
});

json_enum!(Decision {
    Forfeit { loser: req },
    Win { winner: req },
    Jigo,
    BothLose,
    Replay,
    Restarted,
});

/// The record's log is written only by the live game: it is read back through `from_parts`.
impl Json for GameRecord {
    fn to_json(&self) -> Value {
        let mut out = Vec::new();
        json::put(&mut out, "schema", &self.schema, false);
        json::put(&mut out, "settings", &self.settings, false);
        json::put(&mut out, "events", &self.events().to_vec(), false);
        Value::Object(out)
    }
    fn from_json(v: &Value) -> Result<GameRecord, JsonError> {
        let fields = json::object(v, "an object")?;
        Ok(GameRecord::from_parts(
            json::field(fields, "schema", None)?,
            json::field(fields, "settings", None)?,
            json::field(fields, "events", None)?,
        ))
    }
}

json_struct!(Settled {
    events: req,
    last_at_ms: req,
    result: req,
    moves: req,
    handicap: req,
});
