//! The count: territory and area side by side, prisoners by source, seki, negative territory,
//! handicap and komi, and the result as SGF `RE`. Each test quotes the rule it checks.

mod count_common;
mod live_helper;

use count_common::*;
use scorekeeper::core::count::{
    CountCommand, Phase, ScoreInput, format_points, re_for_margin, result_line, result_words,
    score, score_board, suggest_dead, suggest_seki, territory_map,
};
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::live::Live;
use scorekeeper::core::record::{GameRecord, GameSettings};
use scorekeeper::core::rules::{Counting, Jigo};
use scorekeeper::core::{Board, Color, Point, Preset, Rules};

use Color::{Black, White};

/// A seki in the top left corner of a 7x7 board: the White chain (eye at `aa`) and the Black
/// chain (eye at `ea`) share the liberty `ca`. Black's outer wall owns 8 points at the bottom
/// left, White's 12 at the bottom right.
const SEKI_7: [&str; 7] = [
    ".O.X.XX", "OOOXXXX", "XXXOOOO", "..XO...", "..XO...", "..XO...", "..XO...",
];

/// Black on column e, White on column f, nothing else.
const CLEAN_9: [&str; 9] = [
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
];

fn input<'a>(
    board: &'a Board,
    dead: &'a [Point],
    seki: &'a [Point],
    rules: &'a Rules,
) -> ScoreInput<'a> {
    ScoreInput {
        board,
        dead,
        seki,
        captures: [0; 2],
        pass_stones: [0; 2],
        rules,
        komi: 0.0,
        handicap: 0,
        last_passer: None,
        played_out: false,
    }
}

/// LGC SCORING: "Territory is defined as empty points surrounded by stones of the same colour.
/// Accordingly eye points in seki count as territory." London Open 8: "So eye points in seki
/// **do** count as territory." Japanese-style normal rules (Dutch, Cape Town): they do not.
#[test]
fn seki_eye_points_count_as_the_preset_says() {
    let b = board(&SEKI_7);
    let found = suggest_seki(&b);
    assert_eq!(found.len(), 1, "{found:?}");
    let (seki, why) = &found[0];
    assert_eq!(seki.len(), 11);
    assert!(why.contains("one eye each"), "{why}");
    let lgc = Preset::Lgc2023.rules();
    let s = score(&input(&b, &[], seki, &lgc));
    assert_eq!((s.black.territory, s.white.territory), (9, 13));
    let dutch = Preset::DutchLightning.rules();
    assert!(!dutch.seki_eyes_count);
    let s = score(&input(&b, &[], seki, &dutch));
    assert_eq!((s.black.territory, s.white.territory), (8, 12));
    // The shared liberty is nobody's, and the map shows the eyes only where they count.
    let map = territory_map(&b, &[], seki, &lgc);
    assert_eq!(map[b.index(p("aa")).unwrap()], Some(White));
    assert_eq!(map[b.index(p("ea")).unwrap()], Some(Black));
    assert_eq!(map[b.index(p("ca")).unwrap()], None);
    let map = territory_map(&b, &[], seki, &dutch);
    assert_eq!(map[b.index(p("aa")).unwrap()], None);
    // Stones in seki are alive in the area count.
    assert_eq!((s.black.stones, s.white.stones), (14, 12));
}

/// The suggestions explain themselves and leave the seki alone.
#[test]
fn suggestions_name_dead_stones_with_a_reason() {
    let b = board(&WALLS_9);
    let dead = suggest_dead(&b);
    let points: Vec<Vec<Point>> = dead.iter().map(|(g, _)| g.clone()).collect();
    assert_eq!(points, vec![pts(&["bb"]), pts(&["hh"])], "{dead:?}");
    assert!(dead[0].1.contains("White stone at B8"), "{}", dead[0].1);
    assert!(dead[0].1.contains("no eye"), "{}", dead[0].1);
    assert!(
        dead[0].1.contains("bordered mainly by Black"),
        "{}",
        dead[0].1
    );
    assert!(suggest_seki(&b).is_empty());
    assert!(suggest_dead(&board(&SEKI_7)).is_empty());
    // A two-eyed group is left alone even when small.
    let two_eyes = board(&[".X.X.", "XXXXX", "OOOOO", ".....", "....."]);
    assert!(suggest_dead(&two_eyes).is_empty());
    // A group with one small eye inside the opponent's wall is suggested.
    let one_eye = board(&[".X.O.", "XXOO.", "OOO..", ".....", "....."]);
    let s = suggest_dead(&one_eye);
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].0, pts(&["ab", "ba", "bb"]));
    assert!(s[0].1.contains("one eye"), "{}", s[0].1);
}

/// LGC SCORING: "Prisoners are placed inside the opponent's territory. If your opponent has
/// less territory than the number of prisoners you have captured then the surplus is counted
/// as negative territory for your opponent. After accounting for komi the player with the most
/// territory wins."
#[test]
fn lgc_negative_territory_is_never_clamped() {
    let b = board(&CLEAN_9);
    let lgc = Preset::Lgc2023.rules();
    let mut i = input(&b, &[], &[], &lgc);
    i.captures = [0, 40];
    i.komi = 7.5;
    let s = score(&i);
    // Black's 36 points less White's 40 prisoners: 4 below zero.
    assert_eq!(s.black.filled_territory, -4);
    assert_eq!(s.black.territory_total, -4.0);
    assert_eq!(s.white.territory_total, 27.0 + 7.5);
    assert_eq!(s.re, "W+38.5");
    // Without negative territory the totals are territory plus prisoners: the same margin.
    let jp = Preset::Japanese.rules();
    let mut i = input(&b, &[], &[], &jp);
    i.captures = [0, 40];
    i.komi = 7.5;
    let s2 = score(&i);
    assert_eq!(s2.black.territory_total, 36.0);
    assert_eq!(s2.territory_margin, s.territory_margin);
}

/// LGC SCORING: "Komi in an even game is 7.5 to White. In a handicap game it is 0.5 to White."
#[test]
fn lgc_komi_is_half_a_point_in_handicap_games() {
    let h = |stones| Handicap {
        stones,
        placement: HandicapPlacement::Fixed,
    };
    assert_eq!(GameSettings::new(Preset::Lgc2023, 19, h(0)).komi, 7.5);
    assert_eq!(GameSettings::new(Preset::Lgc2023, 19, h(4)).komi, 0.5);
    let r = Live::start(GameSettings::new(Preset::Lgc2023, 9, h(2)), 0)
        .unwrap()
        .into_record();
    let st = state(&r);
    assert_eq!(st.handicap(), 2);
    let s = st.score();
    assert_eq!(s.white.komi, 0.5);
    // Territory counting gives no compensation for the handicap.
    assert_eq!(s.white.handicap_compensation, 0.0);
}

/// London Open 1: "Komi in an even game is 7½ to White. In a handicap game, White wins Jigo."
#[test]
fn london_open_white_wins_a_level_count_in_a_handicap_game() {
    let level = board(&["XX.OO", "XX.OO", "XX.OO", "XX.OO", "XX.OO"]);
    let lo = Preset::LondonOpen.rules();
    assert_eq!(lo.jigo, Jigo::WhiteWinsInHandicap);
    let mut i = input(&level, &[], &[], &lo);
    i.handicap = 2;
    i.komi = lo.komi_for(2);
    let s = score(&i);
    assert_eq!(s.margin, 0.0);
    assert_eq!(s.re, "W+0");
    assert!(s.words.starts_with("White wins"), "{}", s.words);
    i.handicap = 0;
    assert_eq!(score(&i).re, "0");
    assert_eq!(score(&i).words, "Jigo");
    assert_eq!(re_for_margin(0.0, Jigo::Allowed, 2), "0");
}

/// London Open 1: "In a handicap game, White wins Jigo." A game of one stone handicap (no
/// stone placed, Black moves first at the handicap komi) is a handicap game: a level count is
/// White's too.
#[test]
fn london_open_white_wins_a_level_count_with_one_stone_handicap() {
    let level = board(&["XX.OO", "XX.OO", "XX.OO", "XX.OO", "XX.OO"]);
    let lo = Preset::LondonOpen.rules();
    let mut i = input(&level, &[], &[], &lo);
    i.handicap = 1;
    i.komi = lo.komi_for(1);
    let s = score(&i);
    assert_eq!(s.margin, 0.0);
    assert_eq!(s.re, "W+0");
    assert!(s.words.starts_with("White wins"), "{}", s.words);
    assert_eq!(re_for_margin(0.0, Jigo::WhiteWinsInHandicap, 1), "W+0");
    assert_eq!(re_for_margin(0.0, Jigo::WhiteWinsInHandicap, 0), "0");
}

/// A 7x7 game played out move by move under `preset`: walls on columns c and d, Black
/// captures a White stone at aa, a pass stone for every pass, White passing last.
fn played_lgc(preset: Preset) -> GameRecord {
    let mut r = empty(preset, 7, 0);
    for row in ["a", "b", "c", "d", "e", "f", "g"] {
        play(&mut r, Black, &format!("c{row}"));
        play(&mut r, White, &format!("d{row}"));
    }
    pass(&mut r, Black);
    play(&mut r, White, "aa");
    play(&mut r, Black, "ba");
    pass(&mut r, White);
    play(&mut r, Black, "ab");
    pass(&mut r, White);
    pass(&mut r, Black);
    pass(&mut r, White);
    r
}

/// RULES.md, Counting: "With pass stones and White passing last, area and territory counting
/// give the same margin (AGA equivalence: equal numbers of turns)." LGC, Ending the game 1:
/// "A player passes by handing a stone to the opponent (who adds it to any existing
/// prisoners)".
#[test]
fn pass_stones_and_white_passing_last_make_area_and_territory_agree() {
    for preset in [Preset::Lgc2023, Preset::Aga] {
        let r = played_lgc(preset);
        let st = state(&r);
        assert_eq!(st.phase, Phase::Agreement, "{preset:?}");
        assert!(st.played_out);
        let s = st.score();
        // Prisoners by source.
        assert_eq!(
            (s.black.captures, s.black.pass_stones, s.black.dead_removed),
            (1, 3, 0)
        );
        assert_eq!((s.white.captures, s.white.pass_stones), (0, 2));
        assert_eq!((s.black.territory, s.white.territory), (12, 21));
        assert_eq!((s.black.stones, s.white.stones), (9, 7));
        assert_eq!(s.territory_margin, s.area_margin, "{preset:?}");
        assert_eq!(s.expected_gap, Some(0.0));
        assert_eq!(s.mismatch, None);
        assert_eq!(s.re, "W+14.5");
        assert_eq!(result_line(&s.re), "White wins by 14.5 · W+14.5");
        assert_eq!(
            s.counting,
            if preset == Preset::Aga {
                Counting::Area
            } else {
                Counting::Territory
            }
        );
    }
}

/// London Open 5: "If the status of all groups is agreed, then the players must ensure that
/// White passes last." Until White's closing pass the two counts differ by a point, and the
/// flag says what is missing. London Open 2: "Whenever a player passes, the player must hand a
/// 'pass stone' to the opponent. This stone is added to the opponent's prisoners."
#[test]
fn a_missing_closing_pass_is_flagged() {
    let mut r = empty(Preset::LondonOpen, 7, 0);
    for row in ["a", "b", "c", "d", "e", "f", "g"] {
        play(&mut r, Black, &format!("c{row}"));
        play(&mut r, White, &format!("d{row}"));
    }
    play(&mut r, Black, "bb");
    pass(&mut r, White);
    pass(&mut r, Black);
    let st = state(&r);
    assert!(st.closing_pass_pending());
    assert_eq!(
        (st.game.pass_stones(Black), st.game.pass_stones(White)),
        (1, 1)
    );
    // The wizard counts the pass it will add: the margins agree.
    let s = st.score();
    assert_eq!(s.mismatch, None);
    assert_eq!(s.territory_margin, s.area_margin);
    // Counted as the record stands, the pass is missing.
    let rules = Preset::LondonOpen.rules();
    let raw = score(&ScoreInput {
        captures: [0; 2],
        pass_stones: [st.game.pass_stones(Black), st.game.pass_stones(White)],
        komi: 7.5,
        last_passer: st.game.last_passer(),
        played_out: true,
        ..input(st.game.board(), &[], &[], &rules)
    });
    let m = raw.mismatch.expect("flagged");
    assert!(m.contains("White has not passed last"), "{m}");
    // A prisoner not handed over shows up the same way.
    let short = score(&ScoreInput {
        pass_stones: [2, 0],
        last_passer: Some(White),
        played_out: true,
        komi: 7.5,
        ..input(st.game.board(), &[], &[], &rules)
    });
    let m = short.mismatch.expect("flagged");
    assert!(m.contains("White probably has 1 prisoner too few"), "{m}");
    // Confirming adds the pass; the result stands.
    run(&mut r, CountCommand::Confirm { color: Black });
    run(&mut r, CountCommand::Confirm { color: White });
    assert_eq!(state(&r).score(), s);
}

/// RULES.md, Counting: area counting adds "handicap compensation per preset" (AGA N-1, Chinese
/// N); the cross-check then expects Black's extra turns (the stones less one) less the
/// compensation.
#[test]
fn handicap_compensation_in_the_area_count() {
    let b = board(&CLEAN_9);
    for (preset, comp) in [
        (Preset::Aga, 3.0),
        (Preset::Chinese, 4.0),
        (Preset::Lgc2023, 0.0),
    ] {
        let rules = preset.rules();
        let mut i = input(&b, &[], &[], &rules);
        i.handicap = 4;
        i.komi = 0.5;
        i.played_out = true;
        let s = score(&i);
        assert_eq!(s.white.handicap_compensation, comp, "{preset:?}");
        assert_eq!(s.white.area_total, 9.0 + 27.0 + 0.5 + comp);
        if rules.pass_stones && rules.white_passes_last {
            assert_eq!(s.expected_gap, Some(3.0 - comp));
        } else {
            assert_eq!(s.expected_gap, None);
        }
    }
}

/// Dead stones go to the opponent as prisoners and their points become territory.
#[test]
fn dead_stones_become_prisoners_and_territory() {
    let b = board(&WALLS_9);
    let rules = Preset::Japanese.rules();
    let dead = pts(&["bb", "hh"]);
    let mut i = input(&b, &dead, &[], &rules);
    i.komi = 6.5;
    let s = score(&i);
    assert_eq!((s.black.territory, s.white.territory), (36, 27));
    assert_eq!((s.black.dead_removed, s.white.dead_removed), (1, 1));
    assert_eq!((s.black.prisoners(), s.white.prisoners()), (1, 1));
    assert_eq!((s.black.stones, s.white.stones), (9, 9));
    assert_eq!(s.black.territory_total, 37.0);
    assert_eq!(s.white.territory_total, 34.5);
    assert_eq!(s.re, "B+2.5");
    assert_eq!(s.side(White).komi, 6.5);
}

/// RULES.md: "Result format: SGF `RE` (`B+3.5`, `W+R`, `B+T`, `W+F`, `0` for jigo, `Void`)
/// plus the words."
#[test]
fn results_in_re_and_in_words() {
    assert_eq!(format_points(3.5), "3.5");
    assert_eq!(format_points(3.0), "3");
    assert_eq!(re_for_margin(3.5, Jigo::Allowed, 0), "B+3.5");
    assert_eq!(re_for_margin(-0.5, Jigo::Allowed, 0), "W+0.5");
    assert_eq!(result_words("W+3.5"), "White wins by 3.5");
    assert_eq!(result_words("W+R"), "White wins by resignation");
    assert_eq!(result_words("B+T"), "Black wins on time");
    assert_eq!(result_words("W+F"), "White wins by forfeit");
    assert_eq!(result_words("0"), "Jigo");
    assert_eq!(result_words("Void"), "No result");
}

/// Territory by the plainest flood fill over rows of `X`, `O` and `.`: an empty region
/// bordered by one colour alone is that colour's.
fn naive_territory(rows: &[&str]) -> (u32, u32) {
    let grid: Vec<Vec<char>> = rows.iter().map(|r| r.chars().collect()).collect();
    let (h, w) = (grid.len(), grid[0].len());
    let mut seen = vec![vec![false; w]; h];
    let (mut black, mut white) = (0, 0);
    for y0 in 0..h {
        for x0 in 0..w {
            if grid[y0][x0] != '.' || seen[y0][x0] {
                continue;
            }
            let (mut size, mut borders) = (0, (false, false));
            let mut todo = vec![(y0, x0)];
            seen[y0][x0] = true;
            while let Some((y, x)) = todo.pop() {
                size += 1;
                let near = [
                    (y.wrapping_sub(1), x),
                    (y + 1, x),
                    (y, x.wrapping_sub(1)),
                    (y, x + 1),
                ];
                for (ny, nx) in near {
                    if ny >= h || nx >= w {
                        continue;
                    }
                    match grid[ny][nx] {
                        'X' => borders.0 = true,
                        'O' => borders.1 = true,
                        _ if !seen[ny][nx] => {
                            seen[ny][nx] = true;
                            todo.push((ny, nx));
                        }
                        _ => {}
                    }
                }
            }
            match borders {
                (true, false) => black += size,
                (false, true) => white += size,
                _ => {}
            }
        }
    }
    (black, white)
}

/// A full 19x19 position of many small regions: the count agrees with the territory map drawn
/// on the board, and every point is a stone, territory or dame. (Its speed is measured by
/// `./scripts/bench.sh`, not here.)
#[test]
fn a_19x19_count_of_many_regions_agrees_with_its_map() {
    let mut rows: Vec<String> = Vec::new();
    for y in 0..19 {
        let row: String = (0..19)
            .map(|x| match (x, (x + y) % 7) {
                (0..=8, 0) => '.',
                (0..=8, _) if x == 8 => 'X',
                (10..=18, _) if x == 10 => 'O',
                (11..=18, 3) => 'X',
                _ => '.',
            })
            .collect();
        rows.push(row);
    }
    let refs: Vec<&str> = rows.iter().map(String::as_str).collect();
    let b = board(&refs);
    let rules = Preset::Lgc2023.rules();
    let s = score_board(&b, &rules, 7.5);
    let map = territory_map(&b, &[], &[], &rules);
    let owned = |c: Color| map.iter().filter(|o| **o == Some(c)).count() as u32;
    assert_eq!(s.black.territory, owned(Black));
    assert_eq!(s.white.territory, owned(White));
    assert_eq!(
        (s.black.territory, s.white.territory),
        naive_territory(&refs),
        "the count agrees with a plain flood fill of the rows"
    );
    let stones = b.count(Black) + b.count(White);
    assert_eq!(
        (s.black.stones, s.white.stones),
        (b.count(Black), b.count(White))
    );
    assert!(stones + s.black.territory + s.white.territory <= 361);
    assert_eq!(
        score_board(&b, &rules, 7.5),
        s,
        "the count is the same each time"
    );
}

/// AGA (RULES.md: "N-1 handicap compensation in area counting"): in a played-out two-stone
/// game with pass stones and White passing last, White's extra point in the area count makes
/// the two counts agree.
#[test]
fn aga_handicap_game_counts_agree_with_n_minus_one() {
    let mut r = empty(Preset::Aga, 9, 2);
    assert_eq!(state(&r).handicap(), 2);
    // Handicap stones at gc and cg; Black walls column c, White column d.
    let black = ["ca", "cb", "cc", "cd", "ce", "cf", "ch", "ci"];
    let white = ["da", "db", "dc", "dd", "de", "df", "dg", "dh", "di"];
    for (i, w) in white.iter().enumerate() {
        play(&mut r, White, w);
        if let Some(b) = black.get(i) {
            play(&mut r, Black, b);
        }
    }
    pass(&mut r, Black);
    pass(&mut r, White);
    let st = state(&r);
    assert_eq!(st.phase, Phase::Agreement);
    run(&mut r, CountCommand::ToggleDead { point: p("gc") });
    let s = state(&r).score();
    assert_eq!(s.white.handicap_compensation, 1.0);
    assert_eq!(s.expected_gap, Some(0.0));
    assert_eq!(s.mismatch, None, "{s:?}");
    assert_eq!(s.territory_margin, s.area_margin);
    assert_eq!(s.re, "W+28.5");
}

/// The wizard's view: suggestions drop out once accepted, and the shading follows the marks.
#[test]
fn suggestions_and_shading_follow_the_marks() {
    let mut r = from_rows(Preset::Lgc2023, &WALLS_9, Black);
    pass(&mut r, Black);
    pass(&mut r, White);
    let st = state(&r);
    let suggested = st.suggested_dead();
    assert_eq!(suggested.len(), 2);
    let b = st.game.board().clone();
    assert_eq!(st.territory()[b.index(p("aa")).unwrap()], None);
    run(
        &mut r,
        CountCommand::MarkDead {
            points: suggested[0].0.clone(),
        },
    );
    let st = state(&r);
    assert_eq!(st.suggested_dead().len(), 1);
    let map = st.territory();
    assert_eq!(map[b.index(p("aa")).unwrap()], Some(Black));
    assert_eq!(map[b.index(p("bb")).unwrap()], Some(Black));
    assert!(st.suggested_seki().is_empty());
}
