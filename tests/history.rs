//! The game list: each game's summary, the search and filters, and the cache that replays a
//! game again only when it changed. Games are built through the core, as the app builds them.

mod live_helper;

use live_helper::execute as count;
use live_helper::execute;
use scorekeeper::core::clock::{TimeControl, TimeSystem};
use scorekeeper::core::count::CountCommand;
use scorekeeper::core::handicap::{Handicap, HandicapPlacement};
use scorekeeper::core::history::{
    Date, GameStatus, GameSummary, HistoryFilter, StatusFilter, SummaryCache,
};
use scorekeeper::core::live::Live;
use scorekeeper::core::live::clock_commands::ClockCommand;
use scorekeeper::core::moves::Move;
use scorekeeper::core::record::{Event, GameRecord, GameSettings};
use scorekeeper::core::{Color, Point, Preset};

const DAY: i64 = 86_400_000;
/// 2026-11-21 00:00 UTC.
const NOV_21: i64 = 1_795_219_200_000;

fn settings(preset: Preset, size: u8, black: &str, white: &str, date: &str) -> GameSettings {
    let mut s = GameSettings::new(preset, size, Handicap::NONE);
    s.black = black.to_string();
    s.white = white.to_string();
    s.created = date.to_string();
    s
}

/// A game on 9x9 where both players pass and confirm the empty board: W+7.5 under LGC.
fn counted_game(black: &str, white: &str, date: &str, at: i64) -> GameRecord {
    let mut live = Live::start(settings(Preset::Lgc2023, 9, black, white, date), at).unwrap();
    for color in [Color::Black, Color::White] {
        let pass = Event::Passed {
            color,
            clock: None,
            comment: None,
        };
        live.append(at + 1_000, pass).unwrap();
    }
    let mut record = live.into_record();
    for color in [Color::Black, Color::White] {
        count(&mut record, at + 2_000, &CountCommand::Confirm { color }).unwrap();
    }
    record
}

/// A game with a few moves, still being played.
fn game_in_progress(black: &str, white: &str, date: &str, at: i64) -> GameRecord {
    let mut live = Live::start(settings(Preset::Japanese, 19, black, white, date), at).unwrap();
    for (i, (color, sgf)) in [
        (Color::Black, "pd"),
        (Color::White, "dp"),
        (Color::Black, "pp"),
    ]
    .into_iter()
    .enumerate()
    {
        let point = Point::from_sgf(sgf).unwrap();
        live.play(at + 10_000 * (i as i64 + 1), color, Move::Play(point))
            .unwrap();
    }
    live.into_record()
}

fn resigned_game(black: &str, white: &str, date: &str, at: i64) -> GameRecord {
    let mut live = Live::start(settings(Preset::Aga, 13, black, white, date), at).unwrap();
    let p = Point::from_sgf("gg").unwrap();
    live.play(at + 5_000, Color::Black, Move::Play(p)).unwrap();
    live.play(at + 9_000, Color::White, Move::Resign).unwrap();
    live.into_record()
}

#[test]
fn a_counted_game_is_summarised_with_its_result_and_details() {
    let mut record = counted_game("Ann Lee", "Bo Chen", "2026-11-21", NOV_21);
    record.settings.black_rank = Some("3d".into());
    record.settings.event = Some("Spring Open".into());
    record.settings.round = Some("2".into());
    let s = GameSummary::of("g1", NOV_21 - 5, &record, NOV_21 + DAY);
    assert_eq!(s.status, GameStatus::Finished);
    assert_eq!(s.result.as_deref(), Some("W+7.5"));
    assert_eq!(s.result_words.as_deref(), Some("White wins by 7.5"));
    assert_eq!(s.players(), "Ann Lee 3d – Bo Chen");
    assert_eq!(s.size, 9);
    assert_eq!(s.rules, "LGC 2023");
    assert_eq!(s.date, Some(Date::parse("2026-11-21").unwrap()));
    assert_eq!(s.moves, 2);
    assert_eq!(s.started_ms, NOV_21 + 1_000);
    assert_eq!(s.last_activity_ms, NOV_21 + 2_000);
    assert_eq!(s.events, record.events().len());
    assert_eq!(
        s.detail(),
        "9×9 · LGC 2023 · 2026-11-21 · komi 7.5 · 2 moves · Spring Open, round 2"
    );
    assert!(s.problem.is_none());
}

#[test]
fn a_game_in_progress_has_no_result_and_a_resigned_one_does() {
    let s = GameSummary::of(
        "a",
        NOV_21,
        &game_in_progress("A", "B", "2026-11-21", NOV_21),
        NOV_21,
    );
    assert_eq!(s.status, GameStatus::InProgress);
    assert_eq!((s.result.clone(), s.moves), (None, 3));
    let r = GameSummary::of(
        "b",
        NOV_21,
        &resigned_game("A", "B", "2026-11-21", NOV_21),
        NOV_21,
    );
    assert_eq!(r.status, GameStatus::Finished);
    assert_eq!(r.result.as_deref(), Some("B+R"));
    assert_eq!(r.result_words.as_deref(), Some("Black wins by resignation"));
}

#[test]
fn handicap_and_missing_names_are_shown() {
    let mut s = GameSettings::new(
        Preset::Japanese,
        19,
        Handicap {
            stones: 4,
            placement: HandicapPlacement::Fixed,
        },
    );
    s.created = "2026-11-22".into();
    let record = Live::start(s, NOV_21).unwrap().into_record();
    let summary = GameSummary::of("h", NOV_21, &record, NOV_21);
    assert_eq!(summary.handicap, 4);
    assert_eq!(summary.players(), "Black – White");
    assert!(
        summary.detail().contains("4 stones"),
        "{}",
        summary.detail()
    );
}

#[test]
fn an_imported_result_counts_as_finished() {
    let mut record = Live::start(
        settings(Preset::Japanese, 19, "X", "Y", "2026-11-01"),
        NOV_21,
    )
    .unwrap()
    .into_record();
    record.settings.result = Some("W+2.5".into());
    let s = GameSummary::of("i", NOV_21, &record, NOV_21);
    assert_eq!(s.status, GameStatus::Finished);
    assert_eq!(s.result_words.as_deref(), Some("White wins by 2.5"));
}

#[test]
fn a_game_without_a_date_takes_the_day_of_its_first_event() {
    let record = game_in_progress("A", "B", "", NOV_21 + 3 * DAY + 5);
    let s = GameSummary::of("d", NOV_21, &record, NOV_21 + 4 * DAY);
    assert_eq!(s.date.map(|d| d.to_string()).as_deref(), Some("2026-11-24"));
    // A multi-day DT ("2026-11-21,22") is listed on its first day.
    let record = game_in_progress("A", "B", "2026-11-21,22", NOV_21);
    assert_eq!(
        GameSummary::of("d", 0, &record, 0)
            .date
            .map(|d| d.to_string())
            .as_deref(),
        Some("2026-11-21")
    );
}

#[test]
fn a_record_without_a_date_or_a_real_time_has_no_date() {
    // An SGF without `DT`, its moves timed from zero: unknown is unknown, not 1970-01-01.
    let record = game_in_progress("A", "B", "", 5);
    let s = GameSummary::of("d", 0, &record, NOV_21);
    assert_eq!(s.date, None);
    assert!(s.detail().contains("date not recorded"), "{}", s.detail());
    assert!(!s.detail().contains("1970"), "{}", s.detail());
}

#[test]
fn a_record_that_cannot_be_replayed_is_summarised_with_its_problem() {
    let record = game_in_progress("A", "B", "2026-11-21", NOV_21);
    // The same point twice: the log cannot be replayed.
    let again = record.events().last().unwrap().clone();
    let mut events = record.events().to_vec();
    events.push(again);
    let record = GameRecord::from_parts(record.schema, record.settings.clone(), events);
    let s = GameSummary::of("x", NOV_21, &record, NOV_21);
    assert!(s.problem.is_some());
    assert_eq!(s.status, GameStatus::InProgress);
    assert_eq!(s.players(), "A – B");
}

#[test]
fn dates_are_read_strictly_and_epoch_days_are_right() {
    assert_eq!(
        Date::parse("2024-02-29").unwrap(),
        Date {
            year: 2024,
            month: 2,
            day: 29
        }
    );
    let e = Date::parse("2026-02-29").unwrap_err();
    assert!(e.contains("days 1 to 28"), "{e}");
    assert!(
        Date::parse("2026-13-01")
            .unwrap_err()
            .contains("no month 13")
    );
    assert!(
        Date::parse("21/11/2026")
            .unwrap_err()
            .contains("year-month-day")
    );
    assert!(Date::parse("").is_err());
    assert!(Date::parse("２０２６-11-21").is_err());
    assert_eq!(Date::from_epoch_ms(0).to_string(), "1970-01-01");
    assert_eq!(Date::from_epoch_ms(NOV_21).to_string(), "2026-11-21");
    assert_eq!(Date::from_epoch_ms(NOV_21 - 1).to_string(), "2026-11-20");
    assert_eq!(Date::from_epoch_ms(-1).to_string(), "1969-12-31");
    assert_eq!(
        Date::from_epoch_ms(951_782_400_000).to_string(),
        "2000-02-29"
    );
    // Never panics, even far out.
    let _ = Date::from_epoch_ms(i64::MAX);
    let _ = Date::from_epoch_ms(i64::MIN);
}

fn three_games() -> Vec<GameSummary> {
    vec![
        GameSummary::of(
            "1",
            3,
            &counted_game("Jürgen Müller", "Bo Chen", "2026-11-21", NOV_21),
            NOV_21,
        ),
        GameSummary::of(
            "2",
            2,
            &game_in_progress("Ann Lee", "Jürgen Müller", "2026-11-22", NOV_21 + DAY),
            NOV_21,
        ),
        GameSummary::of(
            "3",
            1,
            &resigned_game("Ann Lee", "Cho Hye-yeon", "2026-11-25", NOV_21 + 4 * DAY),
            NOV_21,
        ),
    ]
}

fn ids(filter: &HistoryFilter, games: &[GameSummary]) -> Vec<String> {
    filter.apply(games).iter().map(|g| g.id.clone()).collect()
}

#[test]
fn search_finds_players_by_any_part_of_their_name_without_case_or_accents() {
    let games = three_games();
    let f = |text: &str| HistoryFilter::from_form(text, "", "", "all").unwrap();
    assert_eq!(ids(&f("jurgen"), &games), ["1", "2"]);
    assert_eq!(ids(&f("MÜLLER"), &games), ["1", "2"]);
    assert_eq!(ids(&f("ann jurgen"), &games), ["2"]);
    assert_eq!(ids(&f("hye"), &games), ["3"]);
    assert_eq!(ids(&f("  "), &games), ["1", "2", "3"]);
    assert!(ids(&f("nobody"), &games).is_empty());
}

#[test]
fn search_finds_the_event_round_and_place() {
    let mut record = counted_game("A", "B", "2026-11-21", NOV_21);
    record.settings.event = Some("Cape Town Open".into());
    record.settings.place = Some("Rondebosch".into());
    let games = vec![
        GameSummary::of("e", 0, &record, NOV_21),
        GameSummary::of(
            "o",
            0,
            &counted_game("C", "D", "2026-11-21", NOV_21),
            NOV_21,
        ),
    ];
    let f = |text: &str| HistoryFilter::from_form(text, "", "", "").unwrap();
    assert_eq!(ids(&f("cape town"), &games), ["e"]);
    assert_eq!(ids(&f("rondebosch"), &games), ["e"]);
}

#[test]
fn dates_and_status_filter_the_list() {
    let games = three_games();
    let f = |from: &str, to: &str, status: &str| {
        HistoryFilter::from_form("", from, to, status).unwrap()
    };
    assert_eq!(ids(&f("2026-11-22", "", "all"), &games), ["2", "3"]);
    assert_eq!(ids(&f("", "2026-11-22", "all"), &games), ["1", "2"]);
    assert_eq!(ids(&f("2026-11-22", "2026-11-22", "all"), &games), ["2"]);
    assert_eq!(ids(&f("", "", "finished"), &games), ["1", "3"]);
    assert_eq!(ids(&f("", "", "in-progress"), &games), ["2"]);
    let both = HistoryFilter::from_form("ann", "2026-11-23", "", "finished").unwrap();
    assert_eq!(ids(&both, &games), ["3"]);
    assert_eq!(HistoryFilter::default().status, StatusFilter::All);
}

#[test]
fn the_search_form_refuses_impossible_values_with_a_reason_each() {
    let errors = HistoryFilter::from_form("x", "2026-02-30", "2026-13-01", "done").unwrap_err();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].starts_with("From:") && errors[0].contains("days 1 to 28"));
    assert!(errors[1].starts_with("To:") && errors[1].contains("no month 13"));
    assert!(errors[2].contains("not a status"));
    let errors = HistoryFilter::from_form("", "2026-11-25", "2026-11-21", "all").unwrap_err();
    assert_eq!(errors.len(), 1);
    assert!(errors[0].contains("after the last day"), "{errors:?}");
}

fn list(r: &[(String, i64, GameRecord)]) -> Vec<(&str, i64, &GameRecord)> {
    r.iter()
        .map(|(id, c, rec)| (id.as_str(), *c, rec))
        .collect()
}

#[test]
fn the_cache_replays_only_games_that_changed() {
    let mut records: Vec<(String, i64, GameRecord)> = (0..50)
        .map(|i| {
            (
                format!("g{i}"),
                i,
                game_in_progress(&format!("P{i}"), "Q", "2026-11-21", NOV_21 + i),
            )
        })
        .collect();
    let mut cache = SummaryCache::new();
    let first = cache.summaries(list(&records), NOV_21);
    assert_eq!((first.len(), cache.replays()), (50, 50));

    let again = cache.summaries(list(&records), NOV_21);
    assert_eq!(again, first);
    assert_eq!(cache.replays(), 50, "nothing changed, nothing replayed");

    // One game gets a move; another is renamed: those two, and only those, are replayed.
    {
        let (_, _, r) = &mut records[7];
        let mut live = Live::load(r.clone()).unwrap();
        let p = Point::from_sgf("dd").unwrap();
        live.play(NOV_21 + 99_000, Color::White, Move::Play(p))
            .unwrap();
        *r = live.into_record();
    }
    records[9].2.settings.white = "Renamed".into();
    let changed = cache.summaries(list(&records), NOV_21);
    assert_eq!(cache.replays(), 52);
    assert_eq!(changed[7].moves, 4);
    assert_eq!(changed[9].white, "Renamed");
    assert_eq!(changed[8], first[8]);

    // Undo then a different event at another time is a change too.
    {
        let (_, _, r) = &mut records[3];
        let mut live = Live::load(r.clone()).unwrap();
        live.undo();
        let p = Point::from_sgf("cc").unwrap();
        live.play(NOV_21 + 123_000, Color::Black, Move::Play(p))
            .unwrap();
        *r = live.into_record();
    }
    let after_undo = cache.summaries(list(&records), NOV_21);
    assert_eq!(cache.replays(), 53);
    assert_eq!(after_undo[3].last_activity_ms, NOV_21 + 123_000);

    // A deleted game is forgotten; a game put back is summarised again.
    let removed = records.remove(0);
    assert_eq!(cache.summaries(list(&records), NOV_21).len(), 49);
    records.insert(0, removed);
    cache.summaries(list(&records), NOV_21);
    assert_eq!(cache.replays(), 54);
}

#[test]
fn a_game_whose_clock_runs_is_summarised_again_since_its_flag_can_fall() {
    let mut s = settings(Preset::Lgc2023, 9, "A", "B", "2026-11-21");
    s.time_control = Some(TimeControl::new(60_000, TimeSystem::SuddenDeath));
    let mut record = Live::start(s, NOV_21).unwrap().into_record();
    execute(
        &mut record,
        NOV_21,
        &ClockCommand::Press { by: Color::White },
    )
    .unwrap();
    let mut cache = SummaryCache::new();
    let early = cache.summaries([("c", 0, &record)], NOV_21 + 1_000);
    assert!(early[0].clock_running);
    assert_eq!(early[0].status, GameStatus::InProgress);
    let late = cache.summaries([("c", 0, &record)], NOV_21 + 120_000);
    assert_eq!(cache.replays(), 2);
    assert_eq!(late[0].result.as_deref(), Some("W+T"));
    assert!(!late[0].clock_running);
    cache.summaries([("c", 0, &record)], NOV_21 + 130_000);
    assert_eq!(cache.replays(), 2, "a finished game is not replayed again");
}

#[test]
fn finished_games_are_listed_on_the_next_visit_without_a_replay() {
    let mut records: Vec<(String, i64, GameRecord)> = (0..20)
        .map(|i| {
            let at = NOV_21 + i * 10_000_000;
            let record = if i % 2 == 0 {
                counted_game(&format!("P{i}"), "Q", "2026-11-21", at)
            } else {
                game_in_progress(&format!("P{i}"), "Q", "2026-11-21", at)
            };
            (format!("g{i}"), i, record)
        })
        .collect();
    let now = NOV_21 + 400_000_000;
    let mut first_visit = SummaryCache::new();
    let first = first_visit.summaries(list(&records), now);
    let settled = first_visit.settled();
    assert_eq!(
        settled.len(),
        10,
        "the ten counted games, not those in progress"
    );

    // The next visit starts from what the first one kept: only the games in progress replay,
    // and the list is the same.
    let kept: std::collections::BTreeMap<String, scorekeeper::core::history::Settled> =
        serde_json::from_str(&serde_json::to_string(&settled).unwrap()).unwrap();
    let mut next_visit = SummaryCache::new();
    next_visit.seed(kept.clone());
    assert_eq!(next_visit.summaries(list(&records), now), first);
    assert_eq!(next_visit.replays(), 10);

    // A finished game that changed since (a referee note after the count) is replayed.
    let (_, _, r) = &mut records[4];
    let mut live = Live::load(r.clone()).unwrap();
    live.append(
        now,
        scorekeeper::core::Event::RefereeNote {
            text: "checked".into(),
        },
    )
    .unwrap();
    *r = live.into_record();
    let mut third_visit = SummaryCache::new();
    third_visit.seed(kept);
    let third = third_visit.summaries(list(&records), now);
    assert_eq!(third_visit.replays(), 11);
    assert_eq!(third[4].events, first[4].events + 1);
    assert_eq!(third[4].result, first[4].result);
}
