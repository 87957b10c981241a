//! The tournament core against OpenGotha's own engine. `tests/fixtures/oracle/` holds what
//! OpenGotha 3.51.02, run headless over real tournament files (see its README), made of every
//! round and every standings table; each test here reads the file with this app's reader and
//! asks the core for the same thing. OpenGotha is the judge: a director gives prizes by these
//! standings and pairs the next round with either program.

use std::collections::BTreeSet;
use std::fs;

use serde_json::Value;

use scorekeeper::core::tournament::files::{decode, read_tournament};
use scorekeeper::core::tournament::pairing::pair_round;
use scorekeeper::core::tournament::scores::Scores;
use scorekeeper::core::tournament::standings::standings;
use scorekeeper::core::tournament::{PairingRules, PlacementCriterion, Tournament};

const DIR: &str = "tests/fixtures/oracle";

/// The rounds of files written by the 2024 build of OpenGotha 3.52.03, which this app pairs as
/// that build does, and which OpenGotha 3.51.02 pairs otherwise (the fixtures' README says why):
/// the file and its rounds.
const PAIRED_AS_THE_2024_BUILD: &[(&str, &[u32])] = &[
    ("20240921-KPMC-Splitbug", &[2, 3]),
    ("bosp2024", &[2, 3]),
    ("malavasi-geobug", &[1, 2, 3]),
];

/// Every fixture: its name, its JSON and the tournament read from its file.
fn fixtures() -> Vec<(String, Value, Tournament)> {
    let mut names: Vec<String> = fs::read_dir(DIR)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".json") && n != "ranks.json")
        .collect();
    names.sort();
    assert!(names.len() >= 40, "only {} fixtures", names.len());
    names
        .into_iter()
        .map(|name| {
            let json: Value =
                serde_json::from_str(&fs::read_to_string(format!("{DIR}/{name}")).unwrap())
                    .unwrap();
            let file = json["file"].as_str().unwrap();
            let xml = decode(&fs::read(format!("{DIR}/{file}")).unwrap());
            let t = read_tournament(&xml).unwrap_or_else(|e| panic!("{file}: {e}"));
            (name.trim_end_matches(".json").to_string(), json, t)
        })
        .collect()
}

/// A round as a set of lines `table white black handicap`, and its bye.
type Pairing = (BTreeSet<String>, Option<String>);

fn oracle_pairing(round: &Value) -> Pairing {
    let games = round["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            format!(
                "{} {} {} h{}",
                g["table"],
                g["white"].as_str().unwrap(),
                g["black"].as_str().unwrap(),
                g["handicap"]
            )
        })
        .collect();
    (games, round["bye"].as_str().map(str::to_string))
}

fn our_pairing(t: &Tournament, round: u32) -> Result<Pairing, String> {
    let cut = t.before_round(round);
    let paired = pair_round(&cut, round).map_err(|e| e.to_string())?;
    let key = |p: usize| cut.players[p].key();
    let games = paired
        .games
        .iter()
        .map(|g| {
            format!(
                "{} {} {} h{}",
                g.table,
                key(g.white),
                key(g.black),
                g.handicap
            )
        })
        .collect();
    Ok((games, paired.bye.map(key)))
}

/// The rounds of one fixture that differ from OpenGotha's, in words.
fn pairing_differences(name: &str, json: &Value, t: &Tournament) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for round in json["rounds"].as_array().unwrap() {
        let r = round["round"].as_u64().unwrap() as u32;
        let want = oracle_pairing(round);
        match our_pairing(t, r) {
            Err(e) => out.push((r, format!("{name} R{r}: refused: {e}"))),
            Ok(got) if got != want => {
                let missing: Vec<_> = want.0.difference(&got.0).take(3).collect();
                let extra: Vec<_> = got.0.difference(&want.0).take(3).collect();
                out.push((
                    r,
                    format!(
                        "{name} R{r}: OpenGotha {missing:?} bye {:?}; here {extra:?} bye {:?}",
                        want.1, got.1
                    ),
                ));
            }
            Ok(_) => {}
        }
    }
    out
}

fn is_swiss_family(json: &Value) -> bool {
    json["system"] != "MCMAHON"
}

/// "Pairing" (OpenGotha's help, "Games .. Pair"): the pairs, the bye, the colours, the
/// handicaps and the table numbers OpenGotha 3.51.02 gives, for every round of every file,
/// Swiss, Swiss with categories, Cup and McMahon alike, when the tournament follows that
/// version's pairing.
#[test]
fn every_round_is_paired_as_opengotha_3_51_pairs_it() {
    let mut problems = Vec::new();
    let (mut rounds, mut swiss) = (0, 0);
    for (name, json, mut t) in fixtures() {
        t.pairing.rules = PairingRules::OpenGotha351;
        let count = json["rounds"].as_array().unwrap().len();
        rounds += count;
        if is_swiss_family(&json) {
            swiss += count;
        }
        problems.extend(
            pairing_differences(&name, &json, &t)
                .into_iter()
                .map(|d| d.1),
        );
    }
    println!("{rounds} rounds, {swiss} of them Swiss, Swiss with categories or Cup");
    assert!(rounds >= 185, "only {rounds} rounds");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Each file is paired as the OpenGotha that wrote it pairs: the 2024 build of 3.52.03 for the
/// files it wrote (their rounds that 3.51.02 pairs otherwise are the named ones), 3.51.02 for
/// every other file, whose every round comes out as OpenGotha's.
#[test]
fn each_file_is_paired_as_the_opengotha_that_wrote_it() {
    let mut problems = Vec::new();
    for (name, json, t) in fixtures() {
        let named = PAIRED_AS_THE_2024_BUILD
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, rounds)| *rounds);
        let expected_rules = if named.is_some() {
            PairingRules::OpenGotha352
        } else {
            PairingRules::OpenGotha351
        };
        if t.pairing.rules != expected_rules {
            problems.push(format!("{name}: read as {:?}", t.pairing.rules));
            continue;
        }
        let differ: Vec<u32> = pairing_differences(&name, &json, &t)
            .into_iter()
            .map(|d| d.0)
            .collect();
        if differ.as_slice() != named.unwrap_or(&[]) {
            problems.push(format!("{name}: rounds {differ:?} differ from 3.51.02"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// "Standings" (OpenGotha's help, "Publish .. Standings"): the players OpenGotha lists (those
/// who played a game or had a bye, unless the file asks for every player), in its order, each
/// place with ties sharing it, and the value of every placement criterion OpenGotha computes,
/// those of the file's settings and all the others.
#[test]
fn every_standings_table_is_opengotha_s() {
    let mut problems = Vec::new();
    let mut tables = 0;
    for (name, json, t) in fixtures() {
        let Some(list) = json["standings"].as_array() else {
            continue;
        };
        for table in list {
            tables += 1;
            let r = table["after_round"].as_u64().unwrap() as u32;
            problems.extend(standings_differences(&name, &json, &t, table, r));
        }
    }
    assert!(tables >= 175, "only {tables} tables");
    assert!(
        problems.is_empty(),
        "{} differences:\n{}",
        problems.len(),
        problems
            .iter()
            .take(40)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}

fn standings_differences(
    name: &str,
    json: &Value,
    t: &Tournament,
    table: &Value,
    r: u32,
) -> Vec<String> {
    let mut out = Vec::new();
    let cut = t.before_round(r + 1);
    let ours = standings(&cut, r);
    let scores = Scores::compute(&cut);
    let rows = table["rows"].as_array().unwrap();
    let listed: Vec<String> = ours.iter().map(|s| cut.players[s.player].key()).collect();
    let wanted: Vec<&str> = rows
        .iter()
        .map(|row| row["key"].as_str().unwrap())
        .collect();
    if listed != wanted {
        out.push(format!(
            "{name} after R{r}: listed {listed:?}, OpenGotha {wanted:?}"
        ));
        return out;
    }
    let names = json["all_criteria_names"].as_array().unwrap();
    for (row, line) in rows.iter().zip(&ours) {
        let key = row["key"].as_str().unwrap();
        if row["place"].as_u64() != Some(u64::from(line.place)) {
            out.push(format!(
                "{name} after R{r}: {key} placed {}, by OpenGotha {}",
                line.place, row["place"]
            ));
        }
        for (c, v) in cut.placement.criteria.iter().zip(&line.values) {
            if *c == PlacementCriterion::Null {
                continue;
            }
            let want = &row["criteria"][c.name()]["value"];
            if want.as_i64() != Some(*v) {
                out.push(format!(
                    "{name} after R{r}: {key} {} = {v}, by OpenGotha {want}",
                    c.name()
                ));
            }
        }
        let values = row["all_criteria"].as_array().unwrap();
        for (criterion, want) in names.iter().zip(values) {
            let c = PlacementCriterion::from_name(criterion.as_str().unwrap());
            let ours = scores.value(&cut, line.player, c, r as i32 - 1);
            if want.as_i64() != Some(ours) {
                out.push(format!(
                    "{name} after R{r}: {key} {} = {ours}, by OpenGotha {want}",
                    c.name()
                ));
            }
        }
    }
    out
}

/// The lines where this app's rating files may differ from OpenGotha's, by what the EGD's
/// and the FFG's format pages allow: the lines naming the program (comments for the EGD,
/// `;prog=` for the FFG, both free text).
fn program_line(line: &[u8]) -> bool {
    line.starts_with(b"; Generated by ") || line.starts_with(b";prog=")
}

/// Where OpenGotha writes `?` for a letter ISO-8859-15 lacks, this app writes the letter
/// without its accent; everything else is byte for byte.
fn same_but_accents(ours: &[u8], theirs: &[u8]) -> bool {
    ours.len() == theirs.len()
        && ours
            .iter()
            .zip(theirs)
            .all(|(a, b)| a == b || (*b == b'?' && a.is_ascii_alphabetic()))
}

/// The differences of one file from OpenGotha's, line by line.
fn file_differences(label: &str, ours: &[u8], theirs: &[u8]) -> Vec<String> {
    let ours: Vec<&[u8]> = ours.split(|&b| b == b'\n').collect();
    let theirs: Vec<&[u8]> = theirs.split(|&b| b == b'\n').collect();
    if ours.len() != theirs.len() {
        return vec![format!(
            "{label}: {} lines, OpenGotha {}",
            ours.len(),
            theirs.len()
        )];
    }
    ours.iter()
        .zip(&theirs)
        .enumerate()
        .filter(|(_, (a, b))| !(same_but_accents(a, b) || program_line(a) && program_line(b)))
        .take(3)
        .map(|(n, (a, b))| {
            format!(
                "{label} line {}:\n  here      {}\n  OpenGotha {}",
                n + 1,
                String::from_utf8_lossy(a),
                String::from_utf8_lossy(b)
            )
        })
        .collect()
}

/// "Export .. EGF" and "Export .. FFG": the EGD's `.h9` (results by default kept, and dropped)
/// and the FFG's `.tou` of every file, in ISO-8859-15, line for line OpenGotha's.
#[test]
fn rating_files_are_written_as_opengotha_writes_them() {
    use scorekeeper::core::tournament::files::h9::write_h9;
    use scorekeeper::core::tournament::files::results_table::latin9;
    use scorekeeper::core::tournament::files::tou::write_tou;
    let mut problems = Vec::new();
    let mut files = 0;
    for (name, _json, t) in fixtures() {
        for (ext, ours) in [
            ("h9", write_h9(&t, "", true)),
            ("nobydef.h9", write_h9(&t, "", false)),
            ("tou", write_tou(&t)),
        ] {
            let Ok(theirs) = fs::read(format!("{DIR}/{name}.{ext}")) else {
                continue;
            };
            files += 1;
            problems.extend(file_differences(
                &format!("{name}.{ext}"),
                &latin9(&ours),
                &theirs,
            ));
        }
    }
    assert!(files >= 80, "only {files} files");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A player added with only a rank ("Players .. Players Manager", rank typed, rating left
/// empty) gets from OpenGotha the rating `ratingFromRank` gives, with origin `INI`: every rank
/// from 30k to 9d and the professional ranks.
#[test]
fn a_player_added_with_a_rank_alone_is_rated_as_opengotha_rates_them() {
    use scorekeeper::core::tournament::Player;
    use scorekeeper::core::tournament::rank::parse_rank;
    let json: Value =
        serde_json::from_str(&fs::read_to_string(format!("{DIR}/ranks.json")).unwrap()).unwrap();
    let ranks = json["ranks"].as_array().unwrap();
    assert!(ranks.len() >= 39, "30k to 9d at least");
    let mut t = Tournament::default();
    for (i, entry) in ranks.iter().enumerate() {
        let typed = entry["typed"].as_str().unwrap();
        let rank = parse_rank(typed).unwrap_or_else(|| panic!("{typed} is not read"));
        assert_eq!(Some(i64::from(rank)), entry["rank"].as_i64(), "{typed}");
        let p = t
            .add_player(Player {
                name: format!("Player{i}"),
                first_name: "Test".into(),
                rank,
                ..Player::default()
            })
            .unwrap();
        assert_eq!(
            Some(i64::from(t.players[p].rating)),
            entry["rating"].as_i64(),
            "{typed}"
        );
        assert_eq!(
            t.players[p].rating_origin,
            entry["rating_origin"].as_str().unwrap()
        );
    }
}
