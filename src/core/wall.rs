//! What the wall shows, shaped once from the tournament: the round's tables with their
//! results, the bye, the players by name with their table, and the standings lines. The wall
//! (on this phone or another screen) and the director's standings screen only draw these;
//! the wall's code (`wall_code`) carries them to another screen.

use crate::core::names::{by_family, family_start};
use crate::core::text::{t, tf};
use crate::core::tournament::rank::format_rank;
use crate::core::tournament::standings::{points, shown_criteria, standings};
use crate::core::tournament::{GameOutcome, PlacementCriterion, Tournament};

/// A game's result as the wall shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WallResult {
    Playing,
    BlackWins,
    WhiteWins,
    Jigo,
    BothLose,
    BothWin,
}

impl WallResult {
    /// The result of a tournament's game.
    pub fn of(outcome: GameOutcome) -> WallResult {
        match outcome {
            GameOutcome::Unknown => WallResult::Playing,
            GameOutcome::BlackWins => WallResult::BlackWins,
            GameOutcome::WhiteWins => WallResult::WhiteWins,
            GameOutcome::Equal => WallResult::Jigo,
            GameOutcome::BothLose => WallResult::BothLose,
            GameOutcome::BothWin => WallResult::BothWin,
        }
    }

    /// The result from Black's side, Black first as everywhere (`1–0`), `None` while playing.
    pub fn words(self) -> Option<&'static str> {
        match self {
            WallResult::Playing => None,
            WallResult::BlackWins => Some("1–0"),
            WallResult::WhiteWins => Some("0–1"),
            WallResult::Jigo => Some("½–½"),
            WallResult::BothLose => Some("0–0"),
            WallResult::BothWin => Some("1–1"),
        }
    }

    /// Every result, in the order the wall's code numbers them.
    pub(crate) const ALL: [WallResult; 6] = [
        WallResult::Playing,
        WallResult::BlackWins,
        WallResult::WhiteWins,
        WallResult::Jigo,
        WallResult::BothLose,
        WallResult::BothWin,
    ];
}

/// One table of the round on the wall; the names as people write them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallGame {
    pub table: u32,
    pub black: String,
    pub white: String,
    /// Where the family name starts in `black` and in `white` ([`family_start`]), for the
    /// players' list by family name.
    pub family_starts: [u32; 2],
    pub handicap: u32,
    pub result: WallResult,
    /// Decided without play (OpenGotha's `_BYDEF`).
    pub by_default: bool,
}

impl WallGame {
    /// The result as the wall's table writes it: `1–0` (Black first), `(F)` after a result
    /// decided without play, "playing" while there is none.
    pub fn result_words(&self) -> String {
        match self.result.words() {
            None => t("playing").to_string(),
            Some(w) if self.by_default => format!("{w} (F)"),
            Some(w) => w.to_string(),
        }
    }
}

/// One line of the standings: place, name, rank, the criteria's values as shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WallLine {
    /// The player's key in the pairing program.
    pub key: String,
    pub place: u32,
    pub name: String,
    pub rank: String,
    pub values: Vec<String>,
}

/// The standings after a round, as the director's screen and the wall show them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallStandings {
    pub round: u32,
    /// The criteria's column names (OpenGotha's: `NBW`, `SOSW`, …).
    pub columns: Vec<String>,
    pub lines: Vec<WallLine>,
}

impl WallStandings {
    /// The standings of `t` after round `round`, as OpenGotha places the players (its
    /// criteria but `NULL`, its column names; tied players share a place), each name as every
    /// screen shows it.
    pub fn of(t: &Tournament, round: u32) -> WallStandings {
        let shown = shown_criteria(t);
        let columns: Vec<usize> = t
            .placement
            .criteria
            .iter()
            .enumerate()
            .filter(|(_, c)| **c != PlacementCriterion::Null)
            .map(|(i, _)| i)
            .collect();
        let value = |values: &[i64], i: usize, c: PlacementCriterion| {
            let v = values.get(i).copied().unwrap_or(0);
            match c {
                PlacementCriterion::Rank => format_rank(v as i32),
                _ => points(c, v),
            }
        };
        let lines = standings(t, round)
            .into_iter()
            .filter_map(|s| {
                let p = t.players.get(s.player)?;
                Some(WallLine {
                    key: p.key(),
                    place: s.place,
                    name: t.player_name(s.player),
                    rank: format_rank(p.rank),
                    values: columns
                        .iter()
                        .zip(&shown)
                        .map(|(&i, &c)| value(&s.values, i, c))
                        .collect(),
                })
            })
            .collect();
        WallStandings {
            round,
            columns: shown.iter().map(|c| c.name().to_string()).collect(),
            lines,
        }
    }

    /// The standings as plain text, one line a player, tab-separated, under the tournament's
    /// name: what the director copies or downloads for a wall or a web page.
    pub fn text(&self, tournament: &str) -> String {
        let mut out = format!(
            "{tournament}\n{}\n\n",
            tf("Standings after round {}", &[&self.round])
        );
        out.push_str(&format!(
            "{}\t{}\t{}\t{}\n",
            t("Place"),
            t("Player"),
            t("Rank"),
            self.columns.join("\t")
        ));
        for l in &self.lines {
            out.push_str(&format!(
                "{}\t{}\t{}\t{}\n",
                l.place,
                l.name,
                l.rank,
                l.values.join("\t")
            ));
        }
        out
    }
}

/// A player's seat as the wall's list of players by name shows it: one line, the name and
/// the table with the colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallSeat {
    pub name: String,
    pub table: u32,
    pub black: bool,
}

impl WallSeat {
    /// "table 3 · Black", the rest of the seat's line after the name.
    pub fn place_words(&self) -> String {
        let colour = if self.black { t("Black") } else { t("White") };
        tf("table {} · {}", &[&self.table, &colour])
    }
}

/// Everything the wall shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WallBoard {
    pub tournament: String,
    pub round: u32,
    pub games: Vec<WallGame>,
    /// The player with the bye, if any.
    pub bye: Option<String>,
    pub standings: Option<WallStandings>,
    /// The round's codes for the players (`T1-…`, the part after `#`), while results are
    /// missing.
    pub round_codes: Vec<String>,
}

impl WallBoard {
    /// The wall of round `round` of `t`, with the standings and round codes given.
    pub fn of(
        t: &Tournament,
        round: u32,
        standings: Option<WallStandings>,
        round_codes: Vec<String>,
    ) -> WallBoard {
        WallBoard {
            tournament: t.general.name.clone(),
            round,
            games: t
                .games_of(round)
                .map(|g| WallGame {
                    table: g.table,
                    black: t.player_name(g.black),
                    white: t.player_name(g.white),
                    family_starts: [g.black, g.white].map(|p| {
                        t.players
                            .get(p)
                            .map_or(0, |p| family_start(&p.first_name, &p.name))
                    }),
                    handicap: u32::from(g.handicap),
                    result: WallResult::of(g.result.outcome),
                    by_default: g.result.by_default,
                })
                .collect(),
            bye: t.bye_of(round).map(|p| t.player_name(p)),
            standings,
            round_codes,
        }
    }

    /// How many of the round's games have a result.
    pub fn results_in(&self) -> usize {
        self.games
            .iter()
            .filter(|g| g.result != WallResult::Playing)
            .count()
    }

    /// The tables still playing, by number.
    pub fn tables_playing(&self) -> Vec<u32> {
        self.games
            .iter()
            .filter(|g| g.result == WallResult::Playing)
            .map(|g| g.table)
            .collect()
    }

    /// Every player of the round with their table, as "Who are you?" lists them: by family
    /// name A to Z, then first name ([`by_family`]), then by table.
    pub fn seats(&self) -> Vec<WallSeat> {
        let mut out: Vec<_> = self
            .games
            .iter()
            .flat_map(|g| {
                [(&g.black, true, 0), (&g.white, false, 1)].map(|(name, black, i)| {
                    // A name cut where no character starts (a damaged code) sorts whole.
                    let at = usize::try_from(g.family_starts[i]).unwrap_or(0);
                    let (first, family) = name.split_at_checked(at).unwrap_or(("", name));
                    let seat = WallSeat {
                        name: name.clone(),
                        table: g.table,
                        black,
                    };
                    ((by_family(first, family), g.table, !black), seat)
                })
            })
            .collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        out.into_iter().map(|(_, seat)| seat).collect()
    }
}
