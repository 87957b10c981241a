//! The book's stored text. Layout 2 keeps, for a round drawn from its tournament, only its
//! tournament, number, preset and inbox; a round with tables of its own keeps them beside its
//! inbox. Layout 1 (every round with a copy of its tables, each table with its results) still
//! reads: its rounds keep their tables, and its results go into their tables' inboxes.

use std::fmt;

use super::{Book, Inbox, KeptRound, Received, ResultEntry, Source, check_round};
use crate::core::new_game::FIELDS;
use crate::core::round::code::{CodePlayer, Confirmation, Print, ResultCode, Verdict};
use crate::core::round::{Outcome, Round, RoundTable, TablePlayer, TimeSettings};
use crate::core::store::json::{self, Json, JsonError, Value, json_enum, json_struct};
use crate::core::text::{t, tf};

/// The layout of the stored text this app writes; it reads this one and every earlier one.
pub const LAYOUT: u32 = 2;

/// Why the stored rounds cannot be read. Nothing is read from them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BookError {
    /// The text is damaged or not the rounds' text (what is wrong, and where).
    Damaged(String),
    /// The text was written by a newer version of the app.
    NewerLayout(u32),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Damaged(why) => f.write_str(&tf(
                "The rounds kept on this phone cannot be read ({}); nothing was read from them.",
                &[why],
            )),
            BookError::NewerLayout(v) => f.write_str(&tf(
                "The rounds on this phone were kept by a newer version of the app (layout {}; this version reads layout {}): update the app to open them.",
                &[v, &LAYOUT],
            )),
        }
    }
}

impl std::error::Error for BookError {}

/// The book as text to store.
pub fn encode(book: &Book) -> String {
    let rounds = book.rounds.iter().map(round_json).collect();
    Value::Object(vec![
        ("layout".into(), LAYOUT.to_json()),
        ("rounds".into(), Value::Array(rounds)),
    ])
    .to_text()
}

/// Reads a book stored by [`encode`], whole or not at all.
pub fn decode(text: &str) -> Result<Book, BookError> {
    let damaged = |e: JsonError| BookError::Damaged(e.to_string());
    let value = json::parse(text).map_err(damaged)?;
    let fields = json::object(&value, t("the rounds' object")).map_err(damaged)?;
    let layout: u32 = json::field(fields, "layout", None).map_err(damaged)?;
    if layout > LAYOUT {
        return Err(BookError::NewerLayout(layout));
    }
    if layout == 0 {
        return Err(BookError::Damaged(
            t("its layout 0 was never written").into(),
        ));
    }
    let rounds = match fields.iter().find(|(k, _)| k == "rounds") {
        Some((_, Value::Array(items))) => items,
        Some((_, other)) => {
            return Err(damaged(json::expected("a list", other).inside("rounds")));
        }
        None => {
            return Err(BookError::Damaged(tf("missing field `{}`", &[&"rounds"])));
        }
    };
    let mut book = Book::new();
    for (i, item) in rounds.iter().enumerate() {
        let kept = read_round(item, layout)
            .map_err(|e| e.inside(&i.to_string()).inside("rounds"))
            .map_err(damaged)?;
        if book
            .round(&kept.round.tournament, kept.round.number)
            .is_some()
        {
            return Err(BookError::Damaged(tf(
                "round {} of “{}” is there twice",
                &[&kept.round.number, &kept.round.tournament],
            )));
        }
        if !kept.drawn {
            check_round(&kept.round).map_err(|e| BookError::Damaged(e.to_string()))?;
        }
        book.rounds.push(kept);
    }
    Ok(book)
}

json_enum!(Outcome {
    Black,
    White,
    Jigo,
    BothLose,
    BothWin,
});

json_enum!(Confirmation {
    Unconfirmed,
    BothPlayers,
    RefereeLock,
    RefereeDecision,
});

json_enum!(Source {
    Scanned,
    Link,
    Director { who: req },
});

json_struct!(TablePlayer {
    key: req,
    name: req,
    first_name: req,
    rank: skip,
    club: skip,
});

json_struct!(RoundTable {
    number: req,
    black: req,
    white: req,
    handicap: req,
    komi: req,
});

json_struct!(Verdict {
    re: req,
    outcome: req,
    by_default: skip,
});

json_struct!(CodePlayer {
    key: req,
    name: req,
});

impl Json for Print {
    fn to_json(&self) -> Value {
        self.0.to_json()
    }
    fn from_json(v: &Value) -> Result<Print, JsonError> {
        u32::from_json(v).map(Print)
    }
}

impl Json for ResultCode {
    fn to_json(&self) -> Value {
        let ResultCode {
            tournament,
            tournament_print,
            round,
            table,
            black,
            white,
            result,
            totals,
            confirmed,
            finished_s,
            settings_changed,
        } = self;
        let mut out = Vec::new();
        json::put(&mut out, "tournament", tournament, false);
        json::put(&mut out, "tournament_print", tournament_print, false);
        json::put(&mut out, "round", round, false);
        json::put(&mut out, "table", table, false);
        json::put(&mut out, "black", black, false);
        json::put(&mut out, "white", white, false);
        json::put(&mut out, "result", result, false);
        json::put(&mut out, "totals", &totals.map(Vec::from), true);
        json::put(&mut out, "confirmed", confirmed, false);
        json::put(&mut out, "finished_s", finished_s, false);
        json::put(&mut out, "settings_changed", settings_changed, true);
        Value::Object(out)
    }
    fn from_json(v: &Value) -> Result<ResultCode, JsonError> {
        let fields = json::object(v, t("a result code"))?;
        let totals: Option<Vec<f64>> = json::field(fields, "totals", None)?;
        let totals = match totals.as_deref() {
            None => None,
            Some(&[b, w]) => Some([b, w]),
            Some(_) => return Err(JsonError::new(t("expected two totals")).inside("totals")),
        };
        let result: Verdict = json::field(fields, "result", None)?;
        if !result.agrees() {
            return Err(JsonError::new(t("a result that contradicts itself")).inside("result"));
        }
        Ok(ResultCode {
            tournament: json::field(fields, "tournament", None)?,
            tournament_print: json::field(fields, "tournament_print", None)?,
            round: json::field(fields, "round", None)?,
            table: json::field(fields, "table", None)?,
            black: json::field(fields, "black", None)?,
            white: json::field(fields, "white", None)?,
            result,
            totals,
            confirmed: json::field(fields, "confirmed", None)?,
            finished_s: json::field(fields, "finished_s", None)?,
            settings_changed: json::field(fields, "settings_changed", Some(false))?,
        })
    }
}

impl Json for Received {
    fn to_json(&self) -> Value {
        let mut out = Vec::new();
        json::put(&mut out, "at_ms", &self.at_ms, false);
        json::put(&mut out, "source", &self.source, false);
        match &self.entry {
            ResultEntry::Code(code) => json::put(&mut out, "code", code, false),
            ResultEntry::Director(verdict) => json::put(&mut out, "entered", verdict, false),
        }
        Value::Object(out)
    }
    fn from_json(v: &Value) -> Result<Received, JsonError> {
        let fields = json::object(v, t("a result received"))?;
        let code: Option<ResultCode> = json::field(fields, "code", None)?;
        let entered: Option<Verdict> = json::field(fields, "entered", None)?;
        let entry = match (code, entered) {
            (Some(code), None) => ResultEntry::Code(code),
            (None, Some(verdict)) if verdict.agrees() => ResultEntry::Director(verdict),
            (None, Some(_)) => {
                return Err(JsonError::new(t("a result that contradicts itself")).inside("entered"));
            }
            _ => return Err(JsonError::new(t("expected either `code` or `entered`"))),
        };
        Ok(Received {
            entry,
            at_ms: json::field(fields, "at_ms", None)?,
            source: json::field(fields, "source", None)?,
        })
    }
}

fn round_json(kept: &KeptRound) -> Value {
    let round = &kept.round;
    let mut out = Vec::new();
    json::put(&mut out, "tournament", &round.tournament, false);
    json::put(&mut out, "number", &round.number, false);
    json::put(&mut out, "preset", &kept.preset, false);
    if kept.drawn {
        json::put(&mut out, "drawn", &true, false);
    } else {
        let time: Vec<(String, String)> = round
            .time
            .fields
            .iter()
            .map(|(k, v)| ((*k).to_string(), v.clone()))
            .collect();
        json::put(&mut out, "size", &round.size, false);
        json::put(&mut out, "time", &time, false);
        json::put(&mut out, "tables", &round.tables, false);
    }
    json::put(&mut out, "inbox", &kept.inbox, false);
    Value::Object(out)
}

json_struct!(Inbox {
    table: req,
    players: req,
    received: req,
});

impl Json for [Print; 2] {
    fn to_json(&self) -> Value {
        Value::Array(self.iter().map(Json::to_json).collect())
    }
    fn from_json(v: &Value) -> Result<[Print; 2], JsonError> {
        match Vec::<Print>::from_json(v)?.as_slice() {
            &[black, white] => Ok([black, white]),
            _ => Err(JsonError::new(t("expected two players"))),
        }
    }
}

fn read_round(v: &Value, layout: u32) -> Result<KeptRound, JsonError> {
    let fields = json::object(v, t("a round"))?;
    let tournament: String = json::field(fields, "tournament", None)?;
    let number: u32 = json::field(fields, "number", None)?;
    let preset: String = json::field(fields, "preset", None)?;
    if layout == 1 {
        return read_round_1(fields, tournament, number, preset);
    }
    if json::field(fields, "drawn", Some(false))? {
        return Ok(KeptRound {
            round: Round {
                tournament,
                number,
                size: 0,
                time: TimeSettings::default(),
                tables: Vec::new(),
            },
            drawn: true,
            preset,
            inbox: read_inbox(fields)?,
        });
    }
    Ok(KeptRound {
        round: Round {
            tournament,
            number,
            size: json::field(fields, "size", None)?,
            time: read_time(fields)?,
            tables: json::field(fields, "tables", None)?,
        },
        drawn: false,
        preset,
        inbox: read_inbox(fields)?,
    })
}

fn read_inbox(fields: &[(String, Value)]) -> Result<Vec<Inbox>, JsonError> {
    let inbox: Vec<Inbox> = json::field(fields, "inbox", None)?;
    if let Some(i) = inbox.iter().position(|i| i.received.is_empty()) {
        return Err(JsonError::new(t("a table with no result received"))
            .inside(&i.to_string())
            .inside("inbox"));
    }
    Ok(inbox)
}

fn read_time(fields: &[(String, Value)]) -> Result<TimeSettings, JsonError> {
    let time: Vec<(String, String)> = json::field(fields, "time", None)?;
    let fields = time
        .into_iter()
        .map(|(k, v)| match FIELDS.iter().find(|f| **f == k) {
            Some(name) => Ok((*name, v)),
            None => Err(JsonError::new(tf("unknown time setting `{}`", &[&k])).inside("time")),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(TimeSettings { fields })
}

/// A round of layout 1: a copy of its tables, each with the results received for it, which go
/// into the table's inbox for its players.
fn read_round_1(
    fields: &[(String, Value)],
    tournament: String,
    number: u32,
    preset: String,
) -> Result<KeptRound, JsonError> {
    let time = read_time(fields)?;
    let items = match fields.iter().find(|(k, _)| k == "tables") {
        Some((_, Value::Array(items))) => items,
        Some((_, other)) => return Err(json::expected("a list", other).inside("tables")),
        None => return Err(JsonError::new(tf("missing field `{}`", &[&"tables"]))),
    };
    let mut tables = Vec::with_capacity(items.len());
    let mut inbox = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let inside = |e: JsonError| e.inside(&i.to_string()).inside("tables");
        let table = RoundTable::from_json(item).map_err(inside)?;
        let received: Vec<Received> = json::object(item, t("a table"))
            .and_then(|f| json::field(f, "received", None))
            .map_err(inside)?;
        if !received.is_empty() {
            inbox.push(Inbox {
                table: table.number,
                players: super::players_of(&table),
                received,
            });
        }
        tables.push(table);
    }
    Ok(KeptRound {
        round: Round {
            tournament,
            number,
            size: json::field(fields, "size", None)?,
            time,
            tables,
        },
        drawn: false,
        preset,
        inbox,
    })
}
