//! Search and filters of the game list: words in names and event, a range of days, a status.

use super::date::Date;
use super::summary::{GameStatus, GameSummary, fold};
use crate::core::text::{t, tf};

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
        let from = date(t("From"), from);
        let to = date(t("To"), to);
        if let (Some(f), Some(t)) = (from, to)
            && f > t
        {
            errors.push(tf(
                "The first day ({}) is after the last day ({}): no game can be in between",
                &[&f.shown(), &t.shown()],
            ));
        }
        let status = match StatusFilter::from_id(status.trim()) {
            Some(s) => s,
            None if status.trim().is_empty() => StatusFilter::All,
            None => {
                errors.push(tf(
                    "“{}” is not a status: choose all, in-progress or finished",
                    &[&status],
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
        // A game whose date is unknown cannot be placed in a range of dates.
        let outside = |date: Option<Date>| match date {
            Some(d) => self.from.is_some_and(|f| d < f) || self.to.is_some_and(|t| d > t),
            None => self.from.is_some() || self.to.is_some(),
        };
        if outside(game.date) {
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
