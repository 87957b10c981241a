//! A small JSON reader and writer for what the app stores and exports: game heads, backups,
//! preferences, the game list's cache, the JSON events of the compact log.
//!
//! The browser build used `serde_json` for this; its generic code for each stored type made a
//! fifth of the app's WebAssembly. This module is one parser, one writer and, for each stored
//! type, one function each way ([`Json`]), and it reads and writes exactly the JSON those
//! types had: field names, externally tagged enums (`"Resumed"`, `{"Pressed":{"by":"Black"}}`),
//! fields left out when empty where they were left out, `null` where it was written. Every
//! stored value of an earlier version reads as it did (`tests/store_json.rs` checks both
//! directions against `serde_json` natively).
//!
//! A value that cannot be read gives an error that says what was expected and where
//! (`expected a whole number, found "lots" at settings.komi`).

use std::fmt;

use crate::core::text::{t, tf};

/// A JSON value. Numbers keep their text, so an `i64` round-trips exactly; objects keep their
/// order.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// Why a text or a value cannot be read: what was wrong, and where.
#[derive(Clone, Debug, PartialEq)]
pub struct JsonError {
    /// What was wrong.
    pub message: String,
    /// Where: field names and list positions from the outside in (`record.events.3.at_ms`), or
    /// a line and column of the text.
    pub at: String,
}

impl JsonError {
    /// An error with no place yet.
    pub fn new(message: impl Into<String>) -> JsonError {
        JsonError {
            message: message.into(),
            at: String::new(),
        }
    }

    /// The same error, one level further out: inside `name`.
    pub fn inside(mut self, name: &str) -> JsonError {
        self.at = if self.at.is_empty() {
            name.to_string()
        } else {
            format!("{name}.{}", self.at)
        };
        self
    }
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.at.is_empty() {
            f.write_str(&self.message)
        } else {
            f.write_str(&tf("{} at {}", &[&self.message, &self.at]))
        }
    }
}

impl From<JsonError> for String {
    fn from(e: JsonError) -> String {
        e.to_string()
    }
}

/// How deep arrays and objects may nest (as `serde_json`): deeper text is refused, never a
/// stack overflow.
const MAX_DEPTH: usize = 128;

/// Reads a whole text as one JSON value (white space around it allowed).
pub fn parse(text: &str) -> Result<Value, JsonError> {
    let mut p = Parser { text, pos: 0 };
    p.space();
    let value = p.value(0)?;
    p.space();
    if p.pos < text.len() {
        return Err(p.error(t("unexpected text after the value")));
    }
    Ok(value)
}

/// Reads the JSON value at the start of `text` and says where it ends.
pub fn parse_prefix(text: &str) -> Result<(Value, usize), JsonError> {
    let mut p = Parser { text, pos: 0 };
    p.space();
    let value = p.value(0)?;
    Ok((value, p.pos))
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, what: &str) -> JsonError {
        let before = &self.text[..self.pos.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        JsonError {
            message: what.to_string(),
            at: tf("line {}, column {}", &[&line, &column]),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn space(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        if found {
            self.pos += 1;
        }
        found
    }

    fn word(&mut self, word: &str, value: Value) -> Result<Value, JsonError> {
        if self.text[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.error(t("expected a value")))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, JsonError> {
        if depth > MAX_DEPTH {
            return Err(self.error(t("nested too deep")));
        }
        match self.peek() {
            None => Err(self.error(t("the text ends where a value should be"))),
            Some(b'n') => self.word("null", Value::Null),
            Some(b't') => self.word("true", Value::Bool(true)),
            Some(b'f') => self.word("false", Value::Bool(false)),
            Some(b'"') => self.string().map(Value::String),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat(b']') {
                    return Ok(Value::Array(items));
                }
                loop {
                    self.space();
                    items.push(self.value(depth + 1)?);
                    self.space();
                    if self.eat(b']') {
                        return Ok(Value::Array(items));
                    }
                    if !self.eat(b',') {
                        return Err(self.error(t("expected `,` or `]`")));
                    }
                }
            }
            Some(b'{') => {
                self.pos += 1;
                let mut fields = Vec::new();
                self.space();
                if self.eat(b'}') {
                    return Ok(Value::Object(fields));
                }
                loop {
                    self.space();
                    if self.peek() != Some(b'"') {
                        return Err(self.error(t("expected a field name in quotes")));
                    }
                    let key = self.string()?;
                    self.space();
                    if !self.eat(b':') {
                        return Err(self.error(t("expected `:`")));
                    }
                    self.space();
                    let value = self.value(depth + 1)?;
                    fields.push((key, value));
                    self.space();
                    if self.eat(b'}') {
                        return Ok(Value::Object(fields));
                    }
                    if !self.eat(b',') {
                        return Err(self.error(t("expected `,` or `}`")));
                    }
                }
            }
            Some(_) => Err(self.error(t("expected a value"))),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> Result<Value, JsonError> {
        let start = self.pos;
        self.eat(b'-');
        let first = self.peek();
        let n = self.digits();
        if n == 0 || (first == Some(b'0') && n > 1) {
            return Err(self.error(t("invalid number")));
        }
        if self.eat(b'.') && self.digits() == 0 {
            return Err(self.error(t("invalid number")));
        }
        if self.eat(b'e') || self.eat(b'E') {
            let _ = self.eat(b'+') || self.eat(b'-');
            if self.digits() == 0 {
                return Err(self.error(t("invalid number")));
            }
        }
        Ok(Value::Number(self.text[start..self.pos].to_string()))
    }

    fn hex4(&mut self) -> Result<u32, JsonError> {
        let code = self
            .text
            .get(self.pos..self.pos + 4)
            .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|h| u32::from_str_radix(h, 16).ok())
            .ok_or_else(|| self.error(t("invalid \\u escape")))?;
        self.pos += 4;
        Ok(code)
    }

    fn string(&mut self) -> Result<String, JsonError> {
        self.pos += 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            while matches!(self.peek(), Some(b) if b != b'"' && b != b'\\' && b >= 0x20) {
                self.pos += 1;
            }
            out.push_str(&self.text[start..self.pos]);
            match self.peek() {
                None => return Err(self.error(t("the text ends inside a string"))),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.pos += 1;
                    let escaped = self.peek();
                    self.pos += 1;
                    out.push(match escaped {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            let mut code = self.hex4()?;
                            if (0xD800..0xDC00).contains(&code) {
                                if !(self.eat(b'\\') && self.eat(b'u')) {
                                    return Err(self.error(t("a lone surrogate in a \\u escape")));
                                }
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return Err(self.error(t("a lone surrogate in a \\u escape")));
                                }
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                            }
                            char::from_u32(code)
                                .ok_or_else(|| self.error(t("a lone surrogate in a \\u escape")))?
                        }
                        _ => {
                            self.pos -= 1;
                            return Err(self.error(t("invalid escape in a string")));
                        }
                    });
                }
                Some(_) => return Err(self.error(t("a control character inside a string"))),
            }
        }
    }
}

impl Value {
    /// A text value.
    pub fn str(s: &str) -> Value {
        Value::String(s.to_string())
    }

    /// The value of field `key` of an object (`None` for anything else).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Object(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value of field `key` of an object, to change it.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        match self {
            Value::Object(fields) => fields.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The fields of an object.
    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(fields) => Some(fields),
            _ => None,
        }
    }

    /// The items of an array.
    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The text of a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// A whole number that fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        i64::from_json(self).ok()
    }

    /// A whole number from 0 that fits a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        u64::from_json(self).ok()
    }

    /// Sorts the fields of every object by name, as `serde_json`'s own value type writes them.
    pub fn sort_keys(&mut self) {
        match self {
            Value::Object(fields) => {
                // The names in an object are different: an unstable sort orders them the same.
                fields.sort_unstable_by(|a, b| a.0.cmp(&b.0));
                fields.iter_mut().for_each(|(_, v)| v.sort_keys());
            }
            Value::Array(items) => items.iter_mut().for_each(Value::sort_keys),
            _ => {}
        }
    }

    /// What turns `base` into this value, or `None` when they are the same: of two objects only
    /// the fields that differ (compared field by field), and `null` for a field `base` has and
    /// this value lacks; anything else whole. [`Value::patched`] undoes it, up to fields that
    /// are `null` in one and missing in the other, which every reader takes alike.
    pub fn patch_from(&self, base: &Value) -> Option<Value> {
        let (Value::Object(old), Value::Object(new)) = (base, self) else {
            return (base != self).then(|| self.clone());
        };
        let mut changes = Vec::new();
        for (key, value) in new {
            let change = match old.iter().find(|(k, _)| k == key) {
                Some((_, was)) => value.patch_from(was),
                None => (*value != Value::Null).then(|| value.clone()),
            };
            changes.extend(change.map(|c| (key.clone(), c)));
        }
        for (key, _) in old {
            if !new.iter().any(|(k, _)| k == key) {
                changes.push((key.clone(), Value::Null));
            }
        }
        (!changes.is_empty()).then_some(Value::Object(changes))
    }

    /// This value with `patch` (from [`Value::patch_from`]) applied.
    pub fn patched(self, patch: &Value) -> Value {
        let (Value::Object(mut fields), Value::Object(changes)) = (self, patch) else {
            return patch.clone();
        };
        for (key, change) in changes {
            match (fields.iter().position(|(k, _)| k == key), change) {
                (Some(at), Value::Null) => {
                    fields.remove(at);
                }
                (Some(at), _) => {
                    let was = std::mem::replace(&mut fields[at].1, Value::Null);
                    fields[at].1 = was.patched(change);
                }
                (None, Value::Null) => {}
                (None, _) => fields.push((key.clone(), change.clone())),
            }
        }
        Value::Object(fields)
    }

    /// The value as compact JSON text.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, None);
        out
    }

    /// The value as JSON text indented by two spaces, for files a person may read.
    pub fn to_pretty(&self) -> String {
        let mut out = String::new();
        self.write(&mut out, Some(0));
        out
    }

    fn write(&self, out: &mut String, indent: Option<usize>) {
        let newline = |out: &mut String, level: usize| {
            out.push('\n');
            for _ in 0..level {
                out.push_str("  ");
            }
        };
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Number(n) => out.push_str(n),
            Value::String(s) => write_str(out, s),
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some(level) = indent {
                        newline(out, level + 1);
                    }
                    item.write(out, indent.map(|l| l + 1));
                }
                if let (Some(level), false) = (indent, items.is_empty()) {
                    newline(out, level);
                }
                out.push(']');
            }
            Value::Object(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    if let Some(level) = indent {
                        newline(out, level + 1);
                    }
                    write_str(out, key);
                    out.push(':');
                    if indent.is_some() {
                        out.push(' ');
                    }
                    value.write(out, indent.map(|l| l + 1));
                }
                if let (Some(level), false) = (indent, fields.is_empty()) {
                    newline(out, level);
                }
                out.push('}');
            }
        }
    }
}

/// Writes `s` as a JSON string, escaped as `serde_json` escapes it.
fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A stored type as JSON, both ways.
pub trait Json: Sized {
    /// The value of `self`.
    fn to_json(&self) -> Value;
    /// Reads a value back; the error says what was expected.
    fn from_json(v: &Value) -> Result<Self, JsonError>;
    /// What a missing field of this type reads as: `None` (an error) unless the type says
    /// otherwise (an `Option` reads as `None`).
    fn missing() -> Option<Self> {
        None
    }
    /// Whether a field that is left out when empty is empty (`None`, `false`).
    fn is_empty(&self) -> bool {
        false
    }
}

/// Reads a whole text as a `T`.
pub fn from_text<T: Json>(text: &str) -> Result<T, JsonError> {
    T::from_json(&parse(text)?)
}

/// A `T` as compact JSON text.
pub fn to_text<T: Json>(value: &T) -> String {
    value.to_json().to_text()
}

/// A `T` as JSON text indented by two spaces.
pub fn to_pretty<T: Json>(value: &T) -> String {
    value.to_json().to_pretty()
}

/// The kind of a value, in the language in use.
fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => t("true or false"),
        Value::Number(_) => t("a number"),
        Value::String(_) => t("a text"),
        Value::Array(_) => t("a list"),
        Value::Object(_) => t("an object"),
    }
}

/// What this module expects, in the language in use (looked up only when an error is made,
/// so reading a value costs no lookup); another text as it is given.
fn expected_words(what: &str) -> &str {
    match what {
        "true or false" => t("true or false"),
        "a number" => t("a number"),
        "a whole number" => t("a whole number"),
        "a text" => t("a text"),
        "a list" => t("a list"),
        "an object" => t("an object"),
        "a name or an object with one field" => t("a name or an object with one field"),
        other => other,
    }
}

/// The error for a value of the wrong kind.
pub fn expected(what: &str, v: &Value) -> JsonError {
    JsonError::new(tf(
        "expected {}, found {}",
        &[&expected_words(what), &kind(v)],
    ))
}

/// The fields of an object, or an error.
pub fn object<'a>(v: &'a Value, what: &str) -> Result<&'a [(String, Value)], JsonError> {
    v.as_object().ok_or_else(|| expected(what, v))
}

/// Reads field `name` of an object: `default` when it is missing (else the type's own
/// [`Json::missing`], else an error).
pub fn field<T: Json>(
    fields: &[(String, Value)],
    name: &str,
    default: Option<T>,
) -> Result<T, JsonError> {
    match fields.iter().find(|(k, _)| k == name) {
        Some((_, v)) => T::from_json(v).map_err(|e| e.inside(name)),
        None => default
            .or_else(T::missing)
            .ok_or_else(|| JsonError::new(tf("missing field `{}`", &[&name]))),
    }
}

/// Adds field `name` to an object (left out when `skip_empty` and the value is empty).
pub fn put<T: Json>(fields: &mut Vec<(String, Value)>, name: &str, value: &T, skip_empty: bool) {
    if !(skip_empty && value.is_empty()) {
        fields.push((name.to_string(), value.to_json()));
    }
}

/// An enum variant: its name and, for a variant with fields, its object.
pub fn variant(name: &str, body: Option<Vec<(String, Value)>>) -> Value {
    match body {
        None => Value::str(name),
        Some(fields) => Value::Object(vec![(name.to_string(), Value::Object(fields))]),
    }
}

/// Reads an enum value: the variant's name and what follows it (`None` for a bare name).
pub fn read_variant(v: &Value) -> Result<(&str, Option<&Value>), JsonError> {
    match v {
        Value::String(name) => Ok((name, None)),
        Value::Object(fields) if fields.len() == 1 => {
            let (name, body) = &fields[0];
            Ok((name, Some(body).filter(|b| **b != Value::Null)))
        }
        other => Err(expected("a name or an object with one field", other)),
    }
}

/// The error for a variant name this app does not know.
pub fn unknown_variant(name: &str) -> JsonError {
    JsonError::new(tf("unknown value `{}`", &[&name]))
}

/// The fields of a variant that has fields.
pub fn variant_fields<'a>(
    name: &str,
    body: Option<&'a Value>,
) -> Result<&'a [(String, Value)], JsonError> {
    match body {
        Some(b) => object(b, "an object").map_err(|e| e.inside(name)),
        None => Err(JsonError::new(tf("`{}` needs its fields", &[&name]))),
    }
}

/// Checks that a variant without fields has none.
pub fn unit_variant(name: &str, body: Option<&Value>) -> Result<(), JsonError> {
    match body {
        None => Ok(()),
        Some(_) => Err(JsonError::new(tf("`{}` takes no fields", &[&name]))),
    }
}

/// Declares the JSON of a struct: each field by name with how it is kept. `name: req` is
/// always written and must be there to read (an `Option` reads as `None` when missing);
/// `name: def(expr)` is always written and reads as `expr` when missing; `name: skip` is left
/// out when empty (`None`, `false`) and reads as its default when missing. The struct is taken
/// apart without `..`, so a new field does not compile until it is listed here.
macro_rules! json_struct {
    ($ty:ident { $($field:ident : $mode:ident $(($default:expr))?),* $(,)? }) => {
        impl $crate::core::store::json::Json for $ty {
            fn to_json(&self) -> $crate::core::store::json::Value {
                let $ty { $($field),* } = self;
                let mut out = Vec::new();
                $( $crate::core::store::json::put(&mut out, stringify!($field), $field, $crate::core::store::json::json_struct!(@skip $mode)); )*
                $crate::core::store::json::Value::Object(out)
            }
            fn from_json(v: &$crate::core::store::json::Value) -> Result<Self, $crate::core::store::json::JsonError> {
                let fields = $crate::core::store::json::object(v, "an object")?;
                Ok($ty {
                    $( $field: $crate::core::store::json::field(fields, stringify!($field), $crate::core::store::json::json_struct!(@default $mode $(($default))?))?, )*
                })
            }
        }
    };
    (@skip req) => { false };
    (@skip def) => { false };
    (@skip skip) => { true };
    (@default req) => { None };
    (@default skip) => { Some(Default::default()) };
    (@default def($default:expr)) => { Some($default) };
}

/// Declares the JSON of an enum, externally tagged: a variant without fields is its name, one
/// with fields `{"Name":{…}}`; fields as in [`json_struct`].
macro_rules! json_enum {
    ($ty:ident { $($variant:ident $({ $($field:ident : $mode:ident $(($default:expr))?),* $(,)? })?),* $(,)? }) => {
        impl $crate::core::store::json::Json for $ty {
            fn to_json(&self) -> $crate::core::store::json::Value {
                match self {
                    $( $ty::$variant $({ $($field),* })? => $crate::core::store::json::variant(
                        stringify!($variant),
                        $crate::core::store::json::json_enum!(@write $({ $($field : $mode),* })?),
                    ), )*
                }
            }
            fn from_json(v: &$crate::core::store::json::Value) -> Result<Self, $crate::core::store::json::JsonError> {
                let (name, body) = $crate::core::store::json::read_variant(v)?;
                match name {
                    $( stringify!($variant) => $crate::core::store::json::json_enum!(@read $ty $variant name body $({ $($field : $mode $(($default))?),* })?), )*
                    _ => Err($crate::core::store::json::unknown_variant(name)),
                }
            }
        }
    };
    (@write) => { None };
    (@write { $($field:ident : $mode:ident),* }) => {{
        let mut out = Vec::new();
        $( $crate::core::store::json::put(&mut out, stringify!($field), $field, $crate::core::store::json::json_struct!(@skip $mode)); )*
        Some(out)
    }};
    (@read $ty:ident $variant:ident $name:ident $body:ident) => {{
        $crate::core::store::json::unit_variant($name, $body)?;
        Ok($ty::$variant)
    }};
    (@read $ty:ident $variant:ident $name:ident $body:ident { $($field:ident : $mode:ident $(($default:expr))?),* }) => {{
        let fields = $crate::core::store::json::variant_fields($name, $body)?;
        let read = || -> Result<$ty, $crate::core::store::json::JsonError> {
            Ok($ty::$variant {
                $( $field: $crate::core::store::json::field(fields, stringify!($field), $crate::core::store::json::json_struct!(@default $mode $(($default))?))?, )*
            })
        };
        read().map_err(|e| e.inside($name))
    }};
}

pub(crate) use {json_enum, json_struct};

// The JSON of plain values.

impl Json for bool {
    fn to_json(&self) -> Value {
        Value::Bool(*self)
    }
    fn from_json(v: &Value) -> Result<bool, JsonError> {
        match v {
            Value::Bool(b) => Ok(*b),
            other => Err(expected("true or false", other)),
        }
    }
    fn is_empty(&self) -> bool {
        !*self
    }
}

impl Json for String {
    fn to_json(&self) -> Value {
        Value::String(self.clone())
    }
    fn from_json(v: &Value) -> Result<String, JsonError> {
        v.as_str()
            .map(str::to_string)
            .ok_or_else(|| expected("a text", v))
    }
}

/// A whole number: its sign and size, or an error that says what was found.
fn whole(v: &Value) -> Result<(bool, u64), JsonError> {
    let Value::Number(text) = v else {
        return Err(expected("a whole number", v));
    };
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.as_str()),
    };
    digits
        .parse::<u64>()
        .map(|n| (negative, n))
        .map_err(|_| JsonError::new(tf("expected a whole number in range, found {}", &[text])))
}

fn out_of_range(v: &Value) -> JsonError {
    JsonError::new(tf("the number {} is out of range", &[&v.to_text()]))
}

macro_rules! json_unsigned {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn to_json(&self) -> Value {
                Value::Number(self.to_string())
            }
            fn from_json(v: &Value) -> Result<$t, JsonError> {
                match whole(v)? {
                    (true, 0) => Ok(0),
                    (false, n) => <$t>::try_from(n).map_err(|_| out_of_range(v)),
                    _ => Err(out_of_range(v)),
                }
            }
        }
    )*};
}
json_unsigned!(u8, u32, u64, usize);

macro_rules! json_signed {
    ($($t:ty),*) => {$(
        impl Json for $t {
            fn to_json(&self) -> Value {
                Value::Number(self.to_string())
            }
            fn from_json(v: &Value) -> Result<$t, JsonError> {
                let (negative, n) = whole(v)?;
                let n = if negative { 0i64.checked_sub_unsigned(n) } else { i64::try_from(n).ok() };
                n.and_then(|n| <$t>::try_from(n).ok()).ok_or_else(|| out_of_range(v))
            }
        }
    )*};
}
json_signed!(i32, i64);

impl Json for f64 {
    fn to_json(&self) -> Value {
        if !self.is_finite() {
            return Value::Null;
        }
        Value::Number(float_text(*self))
    }
    fn from_json(v: &Value) -> Result<f64, JsonError> {
        match v {
            Value::Number(text) => text
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| out_of_range(v)),
            other => Err(expected("a number", other)),
        }
    }
}

/// A finite number as `serde_json` writes it: the shortest digits that read back the same,
/// in fixed notation with at least one decimal (`7.0`, `0.001234`) when the exponent of the
/// first digit is from -5 to 15, else in scientific notation (`6.8e-308`, `1e+21`). (Of a
/// number that needs 17 digits, serde_json may write another last digit that reads back as the
/// same number.)
fn float_text(x: f64) -> String {
    // Display gives the shortest digits, in fixed notation.
    let plain = x.abs().to_string();
    let (int, frac) = plain.split_once('.').unwrap_or((&plain, ""));
    let all = format!("{int}{frac}");
    let mut out = String::from(if x.is_sign_negative() { "-" } else { "" });
    let Some(lead) = all.find(|c| c != '0') else {
        out.push_str("0.0");
        return out;
    };
    let exp = int.len() as i64 - 1 - lead as i64;
    let digits = all[lead..].trim_end_matches('0');
    let n = digits.len() as i64;
    let zeros = |out: &mut String, count: i64| (0..count).for_each(|_| out.push('0'));
    if (-5..=15).contains(&exp) {
        if n - 1 <= exp {
            out.push_str(digits);
            zeros(&mut out, exp - (n - 1));
            out.push_str(".0");
        } else if exp >= 0 {
            let (a, b) = digits.split_at(exp as usize + 1);
            out.push_str(a);
            out.push('.');
            out.push_str(b);
        } else {
            out.push_str("0.");
            zeros(&mut out, -exp - 1);
            out.push_str(digits);
        }
    } else {
        let (a, b) = digits.split_at(1);
        out.push_str(a);
        if !b.is_empty() {
            out.push('.');
            out.push_str(b);
        }
        out.push_str(if exp < 0 { "e-" } else { "e+" });
        out.push_str(&exp.unsigned_abs().to_string());
    }
    out
}

impl<T: Json> Json for Option<T> {
    fn to_json(&self) -> Value {
        self.as_ref().map_or(Value::Null, T::to_json)
    }
    fn from_json(v: &Value) -> Result<Option<T>, JsonError> {
        match v {
            Value::Null => Ok(None),
            v => T::from_json(v).map(Some),
        }
    }
    fn missing() -> Option<Option<T>> {
        Some(None)
    }
    fn is_empty(&self) -> bool {
        self.is_none()
    }
}

impl<T: Json> Json for Vec<T> {
    fn to_json(&self) -> Value {
        Value::Array(self.iter().map(T::to_json).collect())
    }
    fn from_json(v: &Value) -> Result<Vec<T>, JsonError> {
        let items = v.as_array().ok_or_else(|| expected("a list", v))?;
        items
            .iter()
            .enumerate()
            .map(|(i, item)| T::from_json(item).map_err(|e| e.inside(&i.to_string())))
            .collect()
    }
}

impl Json for [u32; 2] {
    fn to_json(&self) -> Value {
        Value::Array(self.iter().map(u32::to_json).collect())
    }
    fn from_json(v: &Value) -> Result<[u32; 2], JsonError> {
        match Vec::<u32>::from_json(v)?[..] {
            [a, b] => Ok([a, b]),
            _ => Err(JsonError::new(t("expected a list of two numbers"))),
        }
    }
}

impl Json for (String, String) {
    fn to_json(&self) -> Value {
        Value::Array(vec![self.0.to_json(), self.1.to_json()])
    }
    fn from_json(v: &Value) -> Result<(String, String), JsonError> {
        match Vec::<String>::from_json(v)?.as_mut_slice() {
            [a, b] => Ok((std::mem::take(a), std::mem::take(b))),
            _ => Err(JsonError::new(t("expected a list of two texts"))),
        }
    }
}

impl<T: Json> Json for std::collections::BTreeMap<String, T> {
    fn to_json(&self) -> Value {
        Value::Object(self.iter().map(|(k, v)| (k.clone(), v.to_json())).collect())
    }
    fn from_json(v: &Value) -> Result<Self, JsonError> {
        object(v, "an object")?
            .iter()
            .map(|(k, v)| Ok((k.clone(), T::from_json(v).map_err(|e| e.inside(k))?)))
            .collect()
    }
}

impl Json for Value {
    fn to_json(&self) -> Value {
        self.clone()
    }
    fn from_json(v: &Value) -> Result<Value, JsonError> {
        Ok(v.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_errors_say_where() {
        let text = r#"{"a":[1,-2.5e3,true,null,"x\"\\\n\u00e9\ud83d\ude00"],"b":{}}"#;
        let v = parse(text).unwrap();
        assert_eq!(
            v.to_text(),
            "{\"a\":[1,-2.5e3,true,null,\"x\\\"\\\\\\né😀\"],\"b\":{}}"
        );
        assert_eq!(parse(&v.to_text()).unwrap(), v);
        let e = parse("{\n  \"a\": tru }").unwrap_err();
        assert_eq!(e.to_string(), "expected a value at line 2, column 8");
        assert!(parse("[1,]").is_err());
        assert!(parse("01").is_err());
        assert!(parse("\"\\ud800\"").is_err());
        assert!(parse(&"[".repeat(200)).is_err());
        assert_eq!(parse_prefix("\"A\"12B").unwrap().1, 3);
    }

    #[test]
    fn numbers_are_read_exactly_and_checked() {
        assert_eq!(
            i64::from_json(&parse("-9223372036854775808").unwrap()),
            Ok(i64::MIN)
        );
        assert!(i64::from_json(&parse("9223372036854775808").unwrap()).is_err());
        assert!(u8::from_json(&parse("256").unwrap()).is_err());
        assert!(u32::from_json(&parse("-1").unwrap()).is_err());
        assert!(u32::from_json(&parse("1.5").unwrap()).is_err());
        assert_eq!(f64::from_json(&parse("7").unwrap()), Ok(7.0));
        assert_eq!(7.0f64.to_json().to_text(), "7.0");
        assert_eq!((-0.5f64).to_json().to_text(), "-0.5");
        assert_eq!(f64::NAN.to_json(), Value::Null);
    }

    #[test]
    fn pretty_text_is_indented_like_serde_json() {
        let v = parse(r#"[["k","v"],[],{},{"a":1}]"#).unwrap();
        assert_eq!(
            v.to_pretty(),
            "[\n  [\n    \"k\",\n    \"v\"\n  ],\n  [],\n  {},\n  {\n    \"a\": 1\n  }\n]"
        );
    }
}
