//! OpenGotha's general and handicap parameters as rows, as the pairing parameters are
//! (`params::PAIRING_PARAMETERS`): each row gives the parameter in words, its attribute in the
//! file, the value OpenGotha's reader takes when the file leaves it out (as the file writes
//! it), and where it lives. The file's reader and writer each go through the rows in one loop.

use super::params::{GeneralParameterSet, HandicapParameterSet};
use super::rank::{format_rank, parse_rank};

/// Where a parameter lives in its set `S`, and what kind of value it is.
pub enum Field<S> {
    /// Text, as written.
    Text(fn(&mut S) -> &mut String),
    /// A count, from the lowest to the highest allowed.
    Count(fn(&mut S) -> &mut u32, u32, u32),
    /// A whole number within what OpenGotha's settings allow, so that no sum overflows.
    Bounded(fn(&mut S) -> &mut i32, i32, i32),
    /// A rank (`4D`, `20K`).
    Rank(fn(&mut S) -> &mut i32),
    /// Yes or no (`true`, `false`).
    Flag(fn(&mut S) -> &mut bool),
}

impl<S> Clone for Field<S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for Field<S> {}

/// One parameter of a set `S`.
pub struct Row<S> {
    /// What it sets, in words.
    pub words: &'static str,
    /// Its attribute in OpenGotha's file.
    pub attribute: &'static str,
    /// What OpenGotha's reader takes when the file leaves it out, as the file writes it.
    pub default: &'static str,
    pub field: Field<S>,
}

impl<S> Row<S> {
    /// Sets the parameter in `set` from the file's `text`; `None` (nothing changed) when the
    /// text is not such a value or is out of its range.
    pub fn set(&self, set: &mut S, text: &str) -> Option<()> {
        match self.field {
            Field::Text(f) => *f(set) = text.to_string(),
            Field::Count(f, low, high) => {
                *f(set) = text
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| (low..=high).contains(v))?;
            }
            Field::Bounded(f, low, high) => {
                *f(set) = text
                    .trim()
                    .parse()
                    .ok()
                    .filter(|v| (low..=high).contains(v))?;
            }
            Field::Rank(f) => *f(set) = parse_rank(text)?,
            Field::Flag(f) => *f(set) = text.trim().eq_ignore_ascii_case("true"),
        }
        Some(())
    }

    /// The parameter's value in `set`, as the file writes it.
    pub fn value(&self, set: &S) -> String
    where
        S: Clone,
    {
        let mut set = set.clone();
        match self.field {
            Field::Text(f) => f(&mut set).clone(),
            Field::Count(f, _, _) => f(&mut set).to_string(),
            Field::Bounded(f, _, _) => f(&mut set).to_string(),
            Field::Rank(f) => format_rank(*f(&mut set)),
            Field::Flag(f) => f(&mut set).to_string(),
        }
    }
}

const fn row<S>(
    words: &'static str,
    attribute: &'static str,
    default: &'static str,
    field: Field<S>,
) -> Row<S> {
    Row {
        words,
        attribute,
        default,
        field,
    }
}

/// The most categories read (OpenGotha offers a handful).
pub const MAX_CATEGORIES: u32 = 10;

/// The general parameters the app uses, in the order of its file; the file's others are kept
/// as written (`GeneralParameterSet::other`). The number of rounds is checked against the
/// tournament's most rounds after reading.
#[rustfmt::skip]
pub const GENERAL_PARAMETERS: [Row<GeneralParameterSet>; 13] = {
    use Field::*;
    [
        row("name", "name", "Undefined", Text(|g| &mut g.name)),
        row("short name", "shortName", "Undefined", Text(|g| &mut g.short_name)),
        row("number of rounds", "numberOfRounds", "5", Count(|g| &mut g.number_of_rounds, 0, u32::MAX)),
        row("number of categories", "numberOfCategories", "1", Count(|g| &mut g.number_of_categories, 1, MAX_CATEGORIES)),
        row("McMahon floor", "genMMFloor", "20K", Rank(|g| &mut g.mcmahon_floor)),
        row("McMahon bar", "genMMBar", "4D", Rank(|g| &mut g.mcmahon_bar)),
        row("rank of McMahon score zero", "genMMZero", "30K", Rank(|g| &mut g.mcmahon_zero)),
        row("wins of an absent player, in halves", "genNBW2ValueAbsent", "0", Bounded(|g| &mut g.wins_x2_absent, 0, 2)),
        row("wins of the bye, in halves", "genNBW2ValueBye", "0", Bounded(|g| &mut g.wins_x2_bye, 0, 2)),
        row("McMahon score of an absent player, in halves", "genMMS2ValueAbsent", "0", Bounded(|g| &mut g.mcmahon_x2_absent, 0, 2)),
        row("McMahon score of the bye, in halves", "genMMS2ValueBye", "0", Bounded(|g| &mut g.mcmahon_x2_bye, 0, 2)),
        row("absent and bye scores rounded down", "genRoundDownNBWMMS", "true", Flag(|g| &mut g.round_down_absent_scores)),
        row("games not played count half a point", "genCountNotPlayedGamesAsHalfPoint", "false", Flag(|g| &mut g.count_not_played_as_half_point)),
    ]
};

/// The handicap parameters, in the order of the file (by attribute). OpenGotha 3.52's
/// `hdBase` names the first one's setting otherwise and is read beside the rows.
#[rustfmt::skip]
pub const HANDICAP_PARAMETERS: [Row<HandicapParameterSet>; 4] = {
    use Field::*;
    [
        row("handicap on the McMahon score", "hdBasedOnMMS", "true", Flag(|h| &mut h.on_mcmahon_score)),
        row("most handicap stones", "hdCeiling", "9", Bounded(|h| &mut h.ceiling, 0, 9)),
        row("handicap correction", "hdCorrection", "1", Bounded(|h| &mut h.correction, -9, 9)),
        row("no handicap from this rank", "hdNoHdRankThreshold", "1D", Rank(|h| &mut h.no_handicap_rank_threshold)),
    ]
};
