//! A finished game handed to another phone by QR code: every link the app writes reads back to
//! the same record, in any order of its parts; each code fits version 25 at level M; damaged,
//! cut, foreign, newer and older links are refused with a reason.

use proptest::prelude::*;
use scorekeeper::core::live::clock_commands;

use scorekeeper::core::Color;
use scorekeeper::core::backup::BackupGame;
use scorekeeper::core::clock::PauseReason;
use scorekeeper::core::count::Decision;
use scorekeeper::core::handicap::Handicap;
use scorekeeper::core::handover::{self, LinkError, Parts, qr};
use scorekeeper::core::live::{Command, Live};
use scorekeeper::core::moves::Move;
use scorekeeper::core::new_game::NewGameForm;
use scorekeeper::core::point::Point;
use scorekeeper::core::preset::Preset;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::store::json;
use scorekeeper::core::table;

const BASE: &str = "https://go.example.org";
const T: i64 = 1_795_219_200_000;

/// A record made as the app makes one: the form's settings, then moves with their presses.
fn record(preset: Preset, size: &str, moves: &[(u8, u8)], gaps: &[i64]) -> GameRecord {
    let mut form = NewGameForm::for_preset(preset);
    form.size = size.to_string();
    form.black = "Ann Ó'Brien".into();
    form.white = "木谷 実".into();
    let record = form
        .check()
        .expect("a preset's form is valid")
        .into_record("2026-11-23", T)
        .expect("settings start a game");
    let mut live = Live::load(record).expect("replays");
    // White starts Black's clock, as at the table.
    let starter = table::starter(live.game());
    let _ = live.run(
        T,
        &Command::Clock(clock_commands::ClockCommand::Press { by: starter }),
    );
    let mut at = T;
    let mut gap = gaps.iter().cycle();
    for &(x, y) in moves {
        let size = live.game().size();
        let color = live.game().to_move();
        at += gap.next().copied().unwrap_or(1_000);
        if live
            .play(at, color, Move::Play(Point::new(x % size, y % size)))
            .is_ok()
        {
            at += 300;
            // A press the clock refuses (a flag that fell over a long gap) is left out.
            let _ = live.run(
                at,
                &Command::Clock(clock_commands::ClockCommand::Press { by: color }),
            );
        }
    }
    live.into_record()
}

/// The events of the count that the short codes do not cover, with words in them.
fn finish(record: &mut GameRecord, note: &str, at: i64) {
    let mut live = Live::load(record.clone()).expect("replays");
    for (i, event) in [
        Event::DeadMarked {
            points: vec![Point::new(0, 0), Point::new(1, 0)],
        },
        Event::KomiChanged {
            komi: 6.5,
            reason: note.to_string(),
        },
        Event::RefereeNote {
            text: note.to_string(),
        },
        Event::AgreementConfirmed {
            color: Color::Black,
        },
        Event::AgreementConfirmed {
            color: Color::White,
        },
        Event::ResultDecided {
            re: Decision::Jigo.re(),
            reason: note.to_string(),
            decision: Some(Decision::Jigo),
        },
    ]
    .into_iter()
    .enumerate()
    {
        live.append(at + i as i64, event)
            .expect("count events never fail");
    }
    *record = live.into_record();
}

fn game_of(record: GameRecord) -> BackupGame {
    BackupGame {
        id: "g-20261123-ab_9".into(),
        created_ms: T - 5,
        record,
    }
}

/// Reads the links in the given order, as the receiving phone does between scans (the parts
/// kept as text), and returns its game.
fn receive(links: &[String], order: &[usize]) -> BackupGame {
    let mut kept = String::new();
    let mut last = None;
    for &i in order {
        let part = handover::read_part(&links[i]).expect("a link the app wrote reads");
        let mut parts = Parts::from_text(&kept);
        let progress = parts.add(part).expect("a part of the series");
        kept = parts.to_text();
        last = Some((parts, progress));
    }
    let (parts, progress) = last.expect("at least one link");
    assert!(progress.missing.is_empty(), "{progress:?}");
    parts
        .game(progress.series)
        .expect("every part is in")
        .expect("the game reads back")
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(48)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    /// Every link the app writes reads back to the same record, whatever the order its parts
    /// are scanned in, and every code fits version 25 at level M or better.
    #[test]
    fn every_link_reads_back_to_the_same_record(
        preset in (0..Preset::ALL.len()).prop_map(|i| Preset::ALL[i]),
        size in prop_oneof![Just("9"), Just("13"), Just("19")],
        moves in prop::collection::vec((any::<u8>(), any::<u8>()), 0..400),
        gaps in prop::collection::vec(prop_oneof![0i64..2_000, 0i64..600_000, -5_000i64..0], 1..20),
        note in "\\PC{0,40}",
        custom_rules in any::<bool>(),
        counted in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let mut r = record(preset, size, &moves, &gaps);
        if custom_rules {
            r.settings.rules.pause_reasons.push(PauseReason::Other { text: note.clone() });
            r.settings.rules.komi_even += 0.5;
        }
        if counted {
            let at = r.events().last().map_or(T, |e| e.at_ms) + 60_000;
            finish(&mut r, &note, at);
        }
        let game = game_of(r);
        let links = handover::links(&game, BASE).expect("a game gives links");
        for link in &links {
            prop_assert!(link.starts_with("https://go.example.org/handover#G4-"));
            let code = qr::code(link).expect("each link fits one code");
            prop_assert!(code.version <= handover::MAX_QR_VERSION);
            prop_assert!(matches!(code.level, 'M' | 'Q' | 'H'));
        }
        // A shuffled order of scanning, and one part scanned twice.
        let mut order: Vec<usize> = (0..links.len()).collect();
        let mut s = seed;
        for i in (1..order.len()).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            order.swap(i, (s >> 33) as usize % (i + 1));
        }
        order.insert(0, order[order.len() - 1]);
        prop_assert_eq!(receive(&links, &order), game);
    }

    /// No text, however odd, makes reading a link panic.
    #[test]
    fn reading_never_panics(text in "\\PC{0,200}", tail in "[0-9A-Va-v-]{0,80}") {
        let _ = handover::read_part(&text);
        let _ = handover::read_part(&format!("G4-{tail}"));
        let mut parts = Parts::from_text(&text);
        if let Ok(part) = handover::read_part(&format!("https://x/handover#G4-{tail}")) {
            let series = part.series;
            let _ = parts.add(part);
            let _ = parts.game(series);
        }
    }

    /// Any bytes after a valid start are refused or read, never a panic.
    #[test]
    fn decoding_odd_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = handover::game::decode(&bytes);
    }
}

/// Points spread over a 19x19 board, from a seed.
fn scattered(n: usize, seed: u64) -> Vec<(u8, u8)> {
    let mut s = seed;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let p = (s >> 33) % 361;
            ((p % 19) as u8, (p / 19) as u8)
        })
        .collect()
}

#[test]
fn a_short_game_is_one_code_and_a_long_19x19_game_a_series() {
    let short = game_of(record(
        Preset::Japanese,
        "9",
        &[(2, 2), (6, 6), (2, 6)],
        &[1_000],
    ));
    assert_eq!(handover::links(&short, BASE).unwrap().len(), 1);
    let moves = scattered(330, 7);
    let mut long = record(Preset::Lgc2023, "19", &moves, &[12_345, 61_000, 3_000]);
    finish(&mut long, "after the count", T + 9_000_000);
    let long = game_of(long);
    let links = handover::links(&long, BASE).unwrap();
    assert!(links.len() >= 2, "{} parts", links.len());
    let reversed: Vec<usize> = (0..links.len()).rev().collect();
    assert_eq!(receive(&links, &reversed), long);
    for link in &links {
        let code = qr::code(link).unwrap();
        assert!(
            code.version <= 25 && code.size <= 117,
            "version {}",
            code.version
        );
    }
}

#[test]
fn a_missing_part_is_named_and_nothing_is_read_until_it_comes() {
    let moves = scattered(330, 11);
    let game = game_of(record(Preset::Aga, "19", &moves, &[40_000, 250_000]));
    let links = handover::links(&game, BASE).unwrap();
    assert!(links.len() >= 2);
    let mut parts = Parts::default();
    let progress = parts.add(handover::read_part(&links[1]).unwrap()).unwrap();
    assert_eq!(progress.have, vec![2]);
    assert!(progress.missing.contains(&1));
    assert_eq!(parts.game(progress.series), None);
}

fn refusal(link: &str) -> LinkError {
    handover::read_part(link).expect_err("refused")
}

#[test]
fn damaged_cut_foreign_newer_and_older_links_are_refused_with_a_reason() {
    let game = game_of(record(Preset::Chinese, "9", &[(4, 4), (2, 2)], &[2_000]));
    let link = handover::links(&game, BASE).unwrap().remove(0);
    // One character changed in the data.
    let at = link.len() - 12;
    let mut damaged = link.clone().into_bytes();
    damaged[at] = if damaged[at] == b'A' { b'B' } else { b'A' };
    let damaged = String::from_utf8(damaged).unwrap();
    assert!(matches!(refusal(&damaged), LinkError::Damaged(_)));
    // Cut short.
    assert!(matches!(
        refusal(&link[..link.len() - 20]),
        LinkError::Damaged(_)
    ));
    // From elsewhere.
    assert_eq!(
        refusal("https://example.com/#section-2"),
        LinkError::Foreign
    );
    assert_eq!(
        refusal("https://go.example.org/handover#"),
        LinkError::Empty
    );
    // From a newer version of the link format.
    let newer = link.replacen("#G4-", "#G5-", 1);
    assert_eq!(refusal(&newer), LinkError::NewerVersion(5));
    assert!(refusal(&newer).to_string().contains("newer version"));
    // From an older one, whose binary settings this app no longer reads.
    let older = link.replacen("#G4-", "#G3-", 1);
    assert_eq!(refusal(&older), LinkError::OlderVersion(3));
    assert!(refusal(&older).to_string().contains("older version"));
    // Every refusal says that nothing was changed.
    for e in [
        refusal(&damaged),
        refusal("x"),
        refusal(&newer),
        refusal(&older),
    ] {
        assert!(e.to_string().contains("Nothing was changed"), "{e}");
    }
}

#[test]
fn a_record_from_a_newer_version_is_refused_as_such() {
    let mut r = record(Preset::Chinese, "9", &[(4, 4)], &[2_000]);
    r.schema = scorekeeper::core::RECORD_SCHEMA + 1;
    let links = handover::links(&game_of(r), BASE).unwrap();
    let part = handover::read_part(&links[0]).unwrap();
    let mut parts = Parts::default();
    let series = parts.add(part).unwrap().series;
    let refused = parts.game(series).unwrap().unwrap_err();
    assert!(refused.to_string().contains("newer version"), "{refused}");
}

/// The bytes of a handed-over game, pinned: a change of the types' shape, or of the store's text
/// of the rarer events, changes them, and then `LINK_VERSION` must go up, or an older app would
/// misread a newer link.
#[test]
fn the_form_of_a_game_in_a_link_is_pinned() {
    let mut r = record(Preset::Japanese, "9", &[(2, 2), (6, 6)], &[1_000]);
    finish(&mut r, "n", T + 60_000);
    let game = game_of(r);
    let bytes = handover::game::encode(&game).unwrap();
    assert_eq!(
        handover::base32(&bytes),
        PINNED,
        "LINK_VERSION {}",
        handover::LINK_VERSION
    );
}

const PINNED: &str = "047MEB9I60P3CC9H68PIQOB2BSSVDNTOMQVMG23AC5O62RJ5EDIOM0JR49PMIUJ548T3IB12C9M62ORB48T24GBEDOGC74P789P6IPBE48M24TR8D5Q6A8HQ4BJ9PA78M2RI1PDEJSH2O8J3E9IM2T35CGH3K8HI60P3CB9H64MJ4CP25GH78QBDCLFM6RREEHP6UR1279TI4RB1D5N5URBJ48T36DHG60O30C1C49MM2QBEBTMN6NRND1KN8P9279N7AR3C5GH76UBJEHIMQ8HQFCH44UBFB5NMQQ9279TI4S35E9KMUP3J48T3AB12E1IN4QBFCHFMQSP278PJ0C1G61UNQB12DTN5UPJCC5JI4EH28PP6APBQCL0MOR12FKM24T39DLILUORFDPQ74RRCBTPMEPH278H3AU1J60G64UBF5LSMURB948M24T39DLILUR39DLKN8NRJCTJ24EH26CR30C12FK5GK01K61TI4GRCDTHMM8HQFCH66R3FCDLI4EJR499N8OBIEHIM88HQFCH74TBEDPKMSPP278H44R31CDLI4VBTFLUT03P06RC080EG1SOA5M040BO801O070O7M8I4CLGM8JB1E9LMAP1279TI4S3FD5N78SP279DNM8JO48T30B12F4H3KC3T5HTI4U1278OIO8JP48T30VATFLUG401A61TI4IRFDLKK6Q31DPJMAP1279TI4QRFDLKI4EHM5OQIO8JICLGN6RRE48T24RH2FLUG400T61TI4KJ5CPIN4PB59PNN8P9279TI4T35F1Q24EH2DOH7QV8200KJ0UP285JN4PB5DLIMST23DTN6CQBIDLIM88HQFCH66RRCDTP24EH289M62ORB49UNQ0G054O7M8I1CTP6APBDCLN78GRFDPJ6ISJDCLI24EJR49HMUR3FE8H3K8IND1KN8P92FLUG401S61TI4KJ5EDQMOT24CLHMIP35CGH3KUP2E9II4EH260H2O8JICLGN6RRE48T24RH25GH68PB3D5PMIRRE48T24IJ9CTNI4VBT";

#[test]
fn base32_and_the_checksum_are_the_standard_ones() {
    assert_eq!(handover::crc32(b"123456789"), 0xCBF4_3926);
    for n in 0..40u8 {
        let data: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37)).collect();
        assert_eq!(handover::base32_read(&handover::base32(&data)), Some(data));
    }
    assert_eq!(handover::base32_read("W"), None);
}

/// A game started from a director's table code keeps its table and the players' keys on the
/// other phone.
#[test]
fn a_paired_game_hands_over_its_table_and_keys() {
    let mut r = record(Preset::Japanese, "9", &[(2, 2), (6, 6)], &[1_000]);
    finish(&mut r, "n", T + 60_000);
    r.settings.pairing = Some(scorekeeper::core::record::Pairing {
        table: 14,
        black_key: "NEMOANDRÉ".into(),
        white_key: "ŁUKASZOWSKAZOFIA".into(),
    });
    let links = handover::links(&game_of(r.clone()), BASE).unwrap();
    let mut parts = Parts::default();
    let mut series = None;
    for link in &links {
        series = Some(
            parts
                .add(handover::read_part(link).unwrap())
                .unwrap()
                .series,
        );
    }
    let game = parts.game(series.unwrap()).unwrap().unwrap();
    assert_eq!(game.record.settings.pairing, r.settings.pairing);
}

/// The settings travel as what differs from a new game of their preset, so a custom game that
/// takes away what its preset has (the LGC's neutral time for captures and its warnings),
/// changes a kind of value (the procedure for illegal moves) or adds a field (a rank)
/// must come back as it was, not as the preset's.
#[test]
fn settings_that_take_away_or_change_what_the_preset_has_come_back_as_they_were() {
    let mut r = record(Preset::Lgc2023, "13", &[(3, 3), (9, 9)], &[1_000]);
    let rules = &mut r.settings.rules;
    assert!(rules.neutral_capture_count.is_some() && rules.warnings_forfeit.is_some());
    rules.neutral_capture_count = None;
    rules.warnings_forfeit = None;
    rules.illegal_moves = scorekeeper::core::rules::IllegalMoveProcedure::AnsweredStands;
    r.settings.black_rank = Some("3d".into());
    let game = game_of(r);
    let links = handover::links(&game, BASE).unwrap();
    assert_eq!(receive(&links, &[0]), game);
}

/// A link leaves out what equals a new game of its preset, and the receiving app fills that in
/// from its own table of presets. A change of what a new game of a preset holds must therefore
/// raise `LINK_VERSION` with this pin, or an older link would read with the new values.
#[test]
fn the_new_games_a_link_starts_from_are_pinned() {
    let text: String = Preset::ALL
        .into_iter()
        .map(|p| json::to_text(&GameSettings::new(p, 19, Handicap::NONE)))
        .collect();
    assert_eq!(
        (handover::crc32(text.as_bytes()), handover::LINK_VERSION),
        (179_099_415, 4),
        "{text}"
    );
}
