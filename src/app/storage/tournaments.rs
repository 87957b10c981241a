//! The director's tournaments on the phone, each under keys of its own: its OpenGotha file
//! (`sk.tournament.<id>.xml`) and beside it the extras the file cannot hold, the forbidden
//! pairs and the EGD country (`sk.tournament.<id>.extra`, JSON with a layout number, read by
//! `core::tournament::kept`), with its name and summary so the list of tournaments reads no
//! file. A tournament that cannot be read is kept aside (never dropped) and reported.

use super::access::{all_keys, storage};
use super::usage::keep_aside;
use crate::core::text::{t, tf};
use crate::core::tournament::Tournament;
use crate::core::tournament::files::write_tournament;
use crate::core::tournament::kept::{self, encode_extras};

const PREFIX: &str = "sk.tournament.";
const XML: &str = ".xml";
const EXTRA: &str = ".extra";

fn xml_key(id: &str) -> String {
    format!("{PREFIX}{id}{XML}")
}

fn extra_key(id: &str) -> String {
    format!("{PREFIX}{id}{EXTRA}")
}

/// Whether `key` holds a part of a kept tournament (another tab may have changed it).
pub fn is_tournament_key(key: &str) -> bool {
    key.starts_with(PREFIX)
}

/// The ids of the tournaments kept, oldest first (an id is the time it was made).
pub fn tournament_ids() -> Vec<String> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    let mut ids: Vec<String> = all_keys(&store)
        .into_iter()
        .filter_map(|k| {
            k.strip_prefix(PREFIX)
                .and_then(|r| r.strip_suffix(XML))
                .map(str::to_string)
        })
        .collect();
    ids.sort_by_key(|id| (id.len(), id.clone()));
    ids
}

/// The tournaments kept, oldest first: (id, name). The names come from the extras beside each
/// file; only a tournament kept by an earlier build, whose extras have no name, is read whole.
pub fn tournament_names(now_ms: i64) -> Vec<(String, String)> {
    let Some(store) = storage() else {
        return Vec::new();
    };
    tournament_ids()
        .into_iter()
        .filter_map(|id| {
            let summary = store
                .get_item(&extra_key(&id))
                .ok()
                .flatten()
                .and_then(|extras| kept::kept_summary(&extras));
            let name = match summary {
                Some(s) => s.name,
                None => load_tournament(&id, now_ms).ok()??.0.general.name,
            };
            Some((id, name))
        })
        .collect()
}

/// A tournament kept and its EGD country. `Ok(None)`: no such tournament. A tournament that
/// cannot be read is kept aside, taken off the list, and the error says so.
pub fn load_tournament(id: &str, now_ms: i64) -> Result<Option<(Tournament, String)>, String> {
    let store = storage().ok_or_else(|| t("this browser does not let the app store anything"))?;
    let Some(xml) = store.get_item(&xml_key(id)).ok().flatten() else {
        return Ok(None);
    };
    let extras = store.get_item(&extra_key(id)).ok().flatten();
    match kept::restore(&xml, extras.as_deref()) {
        Ok(found) => Ok(Some(found)),
        Err(e) => {
            let aside = keep_aside(&format!("tournament.{id}"), &xml, now_ms).and_then(|key| {
                if let Some(extras) = &extras {
                    keep_aside(&format!("tournament.{id}.extra"), extras, now_ms)?;
                }
                Ok(key)
            });
            let kept = match aside {
                Ok(key) => {
                    let _ = store.remove_item(&xml_key(id));
                    let _ = store.remove_item(&extra_key(id));
                    tf("it was kept aside as {}", &[&key])
                }
                Err(why) => tf(
                    "it could not even be kept aside ({}) and stays where it is",
                    &[&why],
                ),
            };
            Err(tf(
                "A tournament kept on this phone could not be read ({}); {}.",
                &[&e, &kept],
            ))
        }
    }
}

/// Keeps tournament `id`: its file, then its extras. `Err` says why the browser refused (what
/// was kept before stays as it was).
pub fn save_tournament(id: &str, tournament: &Tournament, country: &str) -> Result<(), String> {
    let store = storage().ok_or_else(|| t("this browser does not let the app store anything"))?;
    let refused = |_| t("the browser refused to store it (its storage is full)").to_string();
    let old = store.get_item(&xml_key(id)).ok().flatten();
    store
        .set_item(&xml_key(id), &write_tournament(tournament))
        .map_err(refused)?;
    if let Err(e) = store.set_item(&extra_key(id), &encode_extras(tournament, country)) {
        // The file and its extras go together: put the old file back.
        match old {
            Some(old) => {
                let _ = store.set_item(&xml_key(id), &old);
            }
            None => {
                let _ = store.remove_item(&xml_key(id));
            }
        }
        return Err(refused(e));
    }
    Ok(())
}

/// Removes tournament `id` from the phone.
pub fn delete_tournament(id: &str) {
    if let Some(store) = storage() {
        let _ = store.remove_item(&xml_key(id));
        let _ = store.remove_item(&extra_key(id));
    }
}
