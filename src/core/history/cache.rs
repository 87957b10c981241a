//! Summaries kept between listings, so that only games that changed are replayed.

use std::collections::{BTreeMap, HashMap};

use super::summary::{GameSummary, Settled};
use crate::core::record::{GameRecord, GameSettings};

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
            events: record.events().len(),
            last_at_ms: record.events().last().map(|e| e.at_ms),
            created_ms,
            settings: record.settings.clone(),
        }
    }

    fn matches(&self, created_ms: i64, record: &GameRecord) -> bool {
        self.events == record.events().len()
            && self.last_at_ms == record.events().last().map(|e| e.at_ms)
            && self.created_ms == created_ms
            && self.settings == record.settings
    }
}

/// Summaries kept between listings: a game is replayed again only when it changed (or when
/// its clock runs, as a flag can fall with no new event).
#[derive(Clone, Debug, Default)]
pub struct SummaryCache {
    entries: HashMap<String, (Fingerprint, GameSummary)>,
    /// What earlier visits found of finished games, used instead of a replay while it fits.
    seeds: HashMap<String, Settled>,
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
                    let seeded = self
                        .seeds
                        .remove(id)
                        .and_then(|s| GameSummary::from_settled(id, created_ms, record, &s));
                    let summary = seeded.unwrap_or_else(|| {
                        self.replays += 1;
                        GameSummary::of(id, created_ms, record, now_ms)
                    });
                    (Fingerprint::of(created_ms, record), summary)
                }
            };
            out.push(entry.1.clone());
            kept.insert(id.to_string(), entry);
        }
        self.entries = kept;
        out
    }

    /// What the summaries of finished games found, by game id: to keep for the next visit.
    pub fn settled(&self) -> BTreeMap<String, Settled> {
        self.entries
            .iter()
            .filter_map(|(id, (_, s))| Some((id.clone(), s.settled()?)))
            .collect()
    }

    /// Takes what an earlier visit found (see [`SummaryCache::settled`]): a game whose record
    /// still fits is summarised without a replay.
    pub fn seed(&mut self, settled: BTreeMap<String, Settled>) {
        self.seeds = settled.into_iter().collect();
    }

    /// How many games were replayed to make summaries since the cache was made.
    pub fn replays(&self) -> u64 {
        self.replays
    }
}
