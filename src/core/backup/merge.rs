//! Merging a backup with the games on the phone: new games, games already here, and games
//! that differ, for which the person chooses.

use std::collections::{HashMap, HashSet};

use super::{Backup, BackupGame, MAX_ID_LEN};
use crate::core::record::GameRecord;
use crate::core::text::{t, tf};

/// A game in the file whose id is already used here by a different record.
#[derive(Clone, Debug, PartialEq)]
pub struct Conflict {
    /// The game in the file; the one here has the same id.
    pub theirs: BackupGame,
}

/// What importing a backup would do, before anything is written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MergePlan {
    /// Games not on the phone: they are added.
    pub new: Vec<BackupGame>,
    /// Games already here with the same record: skipped. Each with the id it has here.
    pub already_here: Vec<(BackupGame, String)>,
    /// Games whose id is used here by a different record: the person chooses.
    pub conflicts: Vec<Conflict>,
    /// Every id used here, so that a copy gets a new one.
    taken: HashSet<String>,
}

/// What to do with a conflict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Choice {
    /// Keep the game on the phone; skip the one in the file.
    KeepMine,
    /// Replace the game on the phone by the one in the file.
    TakeTheirs,
    /// Keep the game on the phone and add the one in the file under a new id.
    KeepBoth,
}

impl Choice {
    /// All choices, in the order they are offered.
    pub const ALL: [Choice; 3] = [Choice::KeepMine, Choice::TakeTheirs, Choice::KeepBoth];

    /// The words on the choice, in the language in use.
    pub fn label(self) -> &'static str {
        match self {
            Choice::KeepMine => t("Keep mine"),
            Choice::TakeTheirs => t("Take theirs"),
            Choice::KeepBoth => t("Keep both"),
        }
    }
}

/// One change importing makes.
#[derive(Clone, Debug, PartialEq)]
pub enum Write {
    /// A game that is not here yet (new, or a copy under a new id).
    Add(BackupGame),
    /// A game here replaced by the one in the file, as chosen.
    Replace(BackupGame),
}

impl MergePlan {
    /// Compares the games of a backup with the games here (id and record).
    pub fn new<'a>(
        backup: &Backup,
        here: impl IntoIterator<Item = (&'a str, &'a GameRecord)>,
    ) -> MergePlan {
        let here: Vec<(&str, &GameRecord)> = here.into_iter().collect();
        let by_id: HashMap<&str, &GameRecord> = here.iter().copied().collect();
        // Records that could be equal have the same number of events and the same players:
        // only those are compared in full.
        let mut by_shape: HashMap<Shape, Vec<(&str, &GameRecord)>> = HashMap::new();
        for &(id, record) in &here {
            by_shape
                .entry(shape(record))
                .or_default()
                .push((id, record));
        }
        let mut plan = MergePlan {
            taken: by_id.keys().map(|id| id.to_string()).collect(),
            ..MergePlan::default()
        };
        for game in &backup.games {
            plan.taken.insert(game.id.clone());
            match by_id.get(game.id.as_str()) {
                Some(mine) if **mine == game.record => {
                    plan.already_here.push((game.clone(), game.id.clone()));
                }
                Some(_) => plan.conflicts.push(Conflict {
                    theirs: game.clone(),
                }),
                None => {
                    let copy = by_shape.get(&shape(&game.record)).and_then(|same| {
                        same.iter()
                            .find(|(_, record)| **record == game.record)
                            .map(|(id, _)| id.to_string())
                    });
                    match copy {
                        Some(id) => plan.already_here.push((game.clone(), id)),
                        None => plan.new.push(game.clone()),
                    }
                }
            }
        }
        plan
    }

    /// The changes to make, given one choice per conflict (in the order of `conflicts`).
    /// Refused, changing nothing, while a conflict has no choice.
    pub fn resolve(&self, choices: &[Option<Choice>]) -> Result<Vec<Write>, String> {
        let open = (0..self.conflicts.len())
            .filter(|&i| choices.get(i).copied().flatten().is_none())
            .count();
        if open > 0 {
            return Err(if open == 1 {
                t(
                    "Choose what to do with the game that differs before importing: keep yours, take the one in the file, or keep both.",
                )
                .to_string()
            } else {
                tf(
                    "Choose what to do with the {} games that differ before importing: keep yours, take the one in the file, or keep both.",
                    &[&open],
                )
            });
        }
        let mut taken = self.taken.clone();
        let mut writes: Vec<Write> = self.new.iter().cloned().map(Write::Add).collect();
        for (conflict, choice) in self.conflicts.iter().zip(choices) {
            match choice {
                Some(Choice::TakeTheirs) => writes.push(Write::Replace(conflict.theirs.clone())),
                Some(Choice::KeepBoth) => {
                    let id = copy_id(&conflict.theirs.id, &taken);
                    taken.insert(id.clone());
                    writes.push(Write::Add(BackupGame {
                        id,
                        ..conflict.theirs.clone()
                    }));
                }
                Some(Choice::KeepMine) | None => {}
            }
        }
        Ok(writes)
    }
}

/// What equal records share: the number of events and the players.
type Shape<'a> = (usize, &'a str, &'a str);

fn shape(record: &GameRecord) -> Shape<'_> {
    (
        record.events().len(),
        record.settings.black.as_str(),
        record.settings.white.as_str(),
    )
}

/// A new id for a copy of `id`: `id-copy`, `id-copy2`, … (kept within the id length).
fn copy_id(id: &str, taken: &HashSet<String>) -> String {
    (1u32..)
        .map(|n| {
            let suffix = if n == 1 {
                "-copy".to_string()
            } else {
                format!("-copy{n}")
            };
            let stem: String = id
                .chars()
                .take(MAX_ID_LEN.saturating_sub(suffix.len()))
                .collect();
            format!("{stem}{suffix}")
        })
        .find(|candidate| !taken.contains(candidate))
        .unwrap_or_default()
}
