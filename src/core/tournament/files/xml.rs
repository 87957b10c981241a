//! What reading OpenGotha's XML file needs beneath the readers of its parts (the players and
//! games, the parameter sets): an element's attributes read
//! as text, numbers within OpenGotha's bounds, flags and ranks.

pub use super::error::FileError;
use crate::core::tournament::rank::parse_rank;

/// An element of the parsed file.
pub(super) type XmlNode<'a, 'i> = roxmltree::Node<'a, 'i>;

/// The first child element named `name`.
pub(super) fn child<'a, 'i>(node: XmlNode<'a, 'i>, name: &str) -> Option<XmlNode<'a, 'i>> {
    node.children().find(|c| c.has_tag_name(name))
}

/// The value of `attribute` on `node`: as written, or, in a file that declares OpenGotha's
/// document type (`<!DOCTYPE Tournament SYSTEM "tournament.dtd">`, as files of OpenGotha 3.3x
/// do), the default that document type gives, as OpenGotha reads such a file.
pub(super) fn attribute<'a>(node: XmlNode<'a, '_>, attribute: &str) -> Option<&'a str> {
    node.attribute(attribute).or_else(|| {
        declares_document_type(node.document())
            .then(|| document_type_default(node.tag_name().name(), attribute))
            .flatten()
    })
}

/// Whether the file's document type, if any, is only named (`<!DOCTYPE Tournament SYSTEM
/// "tournament.dtd">`), with nothing defined in the file itself.
pub(super) fn names_an_outside_document_type(xml: &str) -> bool {
    let Some(start) = xml
        .get(..xml.len().min(1024))
        .and_then(|p| p.find("<!DOCTYPE"))
    else {
        return false;
    };
    xml.get(start..)
        .and_then(|rest| rest.split_once('>'))
        .is_some_and(|(declaration, _)| !declaration.contains('['))
}

/// A tournament file's bytes as text, in the encoding its XML declaration names: UTF-8 (the
/// default, and what OpenGotha writes today), or ISO-8859-1, ISO-8859-15 or Windows-1252, in
/// which older versions wrote accented names. Bytes that are not UTF-8 in a file that names
/// no encoding are read as Windows-1252 rather than lost.
pub fn decode(bytes: &[u8]) -> String {
    if let Some(rest) = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]) {
        return String::from_utf8_lossy(rest).into_owned();
    }
    let head = String::from_utf8_lossy(bytes.get(..bytes.len().min(200)).unwrap_or(bytes));
    let declared = head
        .split_once("encoding=")
        .and_then(|(_, rest)| {
            let quote = rest.chars().next()?;
            rest.get(1..)?.split(quote).next()
        })
        .map(str::to_ascii_lowercase);
    let single_byte = match declared.as_deref() {
        Some("iso-8859-15" | "latin-9" | "latin9") => Some(latin9 as fn(u8) -> char),
        Some("iso-8859-1" | "latin-1" | "latin1") => Some(latin1 as fn(u8) -> char),
        Some("windows-1252" | "cp1252") => Some(windows1252 as fn(u8) -> char),
        _ => None,
    };
    match single_byte {
        Some(f) => bytes.iter().map(|&b| f(b)).collect(),
        None => match std::str::from_utf8(bytes) {
            Ok(text) => text.to_string(),
            Err(_) => bytes.iter().map(|&b| windows1252(b)).collect(),
        },
    }
}

fn latin1(b: u8) -> char {
    char::from(b)
}

/// ISO-8859-15: Latin-1 with eight letters and the euro sign in place of eight symbols.
fn latin9(b: u8) -> char {
    match b {
        0xA4 => '€',
        0xA6 => 'Š',
        0xA8 => 'š',
        0xB4 => 'Ž',
        0xB8 => 'ž',
        0xBC => 'Œ',
        0xBD => 'œ',
        0xBE => 'Ÿ',
        _ => char::from(b),
    }
}

/// Windows-1252: Latin-1 with letters and punctuation in 0x80 to 0x9F.
fn windows1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH.get(usize::from(b - 0x80)).copied().unwrap_or('?'),
        _ => char::from(b),
    }
}

/// Whether the file names OpenGotha's document type in its prolog.
fn declares_document_type(doc: &roxmltree::Document) -> bool {
    let text = doc.input_text();
    let prolog = text.get(..text.len().min(512)).unwrap_or(text);
    prolog.contains("<!DOCTYPE Tournament SYSTEM \"tournament.dtd\"")
}

/// The defaults of OpenGotha's document type (`tournament.dtd`) for the attributes this app
/// reads: the values OpenGotha takes for an attribute left out of a file that declares it.
fn document_type_default(element: &str, attribute: &str) -> Option<&'static str> {
    const DEFAULTS: &[(&str, &str, &str)] = &[
        ("Player", "rank", "30K"),
        ("Player", "rating", "-2950"),
        ("Player", "smmsCorrection", "0"),
        ("Player", "participating", "11111111111111111111"),
        ("Player", "registeringStatus", "FIN"),
        ("Game", "knownColor", "true"),
        ("Game", "handicap", "0"),
        ("Game", "result", "RESULT_UNKNOWN"),
        ("GeneralParameterSet", "numberOfRounds", "5"),
        ("GeneralParameterSet", "numberOfCategories", "1"),
        ("GeneralParameterSet", "genMMFloor", "20K"),
        ("GeneralParameterSet", "genMMBar", "4D"),
        ("GeneralParameterSet", "genMMZero", "30K"),
        ("GeneralParameterSet", "genNBW2ValueAbsent", "0"),
        ("GeneralParameterSet", "genNBW2ValueBye", "1"),
        ("GeneralParameterSet", "genMMS2ValueAbsent", "1"),
        ("GeneralParameterSet", "genMMS2ValueBye", "1"),
        ("GeneralParameterSet", "genRoundDownNBWMMS", "true"),
        (
            "GeneralParameterSet",
            "genCountNotPlayedGamesAsHalfPoint",
            "false",
        ),
        ("HandicapParameterSet", "hdBasedOnMMS", "true"),
        ("HandicapParameterSet", "hdNoHdRankThreshold", "1D"),
        ("HandicapParameterSet", "hdCorrection", "1"),
        ("HandicapParameterSet", "hdCeiling", "9"),
        ("PairingParameterSet", "paiStandardNX1Factor", "0.5"),
        (
            "PairingParameterSet",
            "paiBaAvoidDuplGame",
            "500000000000000",
        ),
        ("PairingParameterSet", "paiBaRandom", "0"),
        ("PairingParameterSet", "paiBaDeterministic", "true"),
        ("PairingParameterSet", "paiBaBalanceWB", "1000"),
        (
            "PairingParameterSet",
            "paiMaAvoidMixingCategories",
            "20000000000000",
        ),
        (
            "PairingParameterSet",
            "paiMaMinimizeScoreDifference",
            "100000000000",
        ),
        ("PairingParameterSet", "paiMaDUDDWeight", "100000000"),
        ("PairingParameterSet", "paiMaCompensateDUDD", "true"),
        ("PairingParameterSet", "paiMaDUDDUpperMode", "MID"),
        ("PairingParameterSet", "paiMaDUDDLowerMode", "MID"),
        ("PairingParameterSet", "paiMaMaximizeSeeding", "5000000"),
        ("PairingParameterSet", "paiMaLastRoundForSeedSystem1", "2"),
        ("PairingParameterSet", "paiMaSeedSystem1", "SPLITANDRANDOM"),
        ("PairingParameterSet", "paiMaSeedSystem2", "SPLITANDFOLD"),
        (
            "PairingParameterSet",
            "paiMaAdditionalPlacementCritSystem1",
            "RATING",
        ),
        (
            "PairingParameterSet",
            "paiMaAdditionalPlacementCritSystem2",
            "NULL",
        ),
        ("PairingParameterSet", "paiSeBarThresholdActive", "true"),
        ("PairingParameterSet", "paiSeRankThreshold", "4D"),
        ("PairingParameterSet", "paiSeNbWinsThresholdActive", "true"),
        ("PairingParameterSet", "paiSeDefSecCrit", "100000000000"),
        ("PairingParameterSet", "paiSeMinimizeHandicap", "0"),
        ("PairingParameterSet", "paiSeAvoidSameGeo", "100000000000"),
        (
            "PairingParameterSet",
            "paiSePreferMMSDiffRatherThanSameCountry",
            "1",
        ),
        (
            "PairingParameterSet",
            "paiSePreferMMSDiffRatherThanSameClub",
            "3",
        ),
        ("DPParameterSet", "displayNPPlayers", "false"),
    ];
    DEFAULTS
        .iter()
        .find(|(e, a, _)| *e == element && *a == attribute)
        .map(|(_, _, v)| *v)
}

/// An attribute the document type requires (`#REQUIRED`, no default): a file without it is
/// damaged.
pub(super) fn required<'a>(
    node: XmlNode<'a, '_>,
    element: &'static str,
    name: &'static str,
) -> Result<&'a str, FileError> {
    attribute(node, name).ok_or(FileError::MissingAttribute {
        element,
        attribute: name,
    })
}

/// An attribute's text, or `default` when the file leaves it out.
pub(super) fn text(node: XmlNode, name: &str, default: &str) -> String {
    attribute(node, name).unwrap_or(default).to_string()
}

/// An attribute read as a number, `default` when left out; a value that is no number is
/// refused.
pub(super) fn number<T: std::str::FromStr>(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: T,
) -> Result<T, FileError> {
    match self::attribute(node, attribute) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| FileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}

/// A whole number that must lie in `range` (what OpenGotha's settings allow), so that no sum
/// of scores or handicaps can overflow.
pub(super) fn bounded(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: i32,
    range: std::ops::RangeInclusive<i32>,
) -> Result<i32, FileError> {
    let value = number(node, element, attribute, default)?;
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(FileError::BadValue {
            element,
            attribute,
            value: value.to_string(),
        })
    }
}

/// An attribute read as `true` or `false`, `default` when left out.
pub(super) fn flag(node: XmlNode, name: &str, default: bool) -> bool {
    attribute(node, name).map_or(default, |v| v.trim().eq_ignore_ascii_case("true"))
}

/// An attribute read as a rank (`12K`, `3D`), `default` when left out.
pub(super) fn rank(
    node: XmlNode,
    element: &'static str,
    attribute: &'static str,
    default: i32,
) -> Result<i32, FileError> {
    match self::attribute(node, attribute) {
        None => Ok(default),
        Some(v) => parse_rank(v).ok_or(FileError::BadValue {
            element,
            attribute,
            value: v.to_string(),
        }),
    }
}
