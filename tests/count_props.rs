//! Property tests of the counting wizard: any sequence of commands, moves and passes leaves a
//! record that replays, never panics, and replays to the same state every time.

mod count_common;
mod live_helper;

use count_common::*;
use live_helper::execute;
use proptest::prelude::*;
use scorekeeper::core::count::{
    CountCommand, CountState, Decision, group_at, suggest_dead, suggest_seki, territory_map,
};
use scorekeeper::core::live::Live;
use scorekeeper::core::record::{Event, GameRecord};
use scorekeeper::core::{Color, Point, Preset};

#[derive(Clone, Debug)]
enum Step {
    /// A stone for the player to move.
    Play(u8, u8),
    /// A pass by the player to move.
    Pass,
    /// A pass by a given colour (White's closing pass, or out of turn).
    PassBy(Color),
    Wizard(CountCommand),
}

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn point() -> impl Strategy<Value = Point> {
    (0u8..6, 0u8..6).prop_map(|(x, y)| Point::new(x, y))
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        12 => (0u8..5, 0u8..5).prop_map(|(x, y)| Step::Play(x, y)),
        12 => Just(Step::Pass),
        2 => color().prop_map(Step::PassBy),
        8 => point().prop_map(|point| Step::Wizard(CountCommand::ToggleDead { point })),
        2 => point().prop_map(|point| Step::Wizard(CountCommand::ToggleSeki { point })),
        6 => color().prop_map(|color| Step::Wizard(CountCommand::Confirm { color })),
        3 => color().prop_map(|by| Step::Wizard(CountCommand::Dispute { by })),
        3 => color().prop_map(|by| Step::Wizard(CountCommand::FindsPoint { by })),
        2 => Just(Step::Wizard(CountCommand::Lock)),
        2 => Just(Step::Wizard(CountCommand::Unlock { reason: "check".into() })),
        2 => (-20i32..20).prop_map(|k| Step::Wizard(CountCommand::SetKomi {
            komi: f64::from(k) / 2.0,
            reason: "ruling".into()
        })),
        2 => (0u32..30, 0u32..30).prop_map(|(black, white)| Step::Wizard(CountCommand::EnterPrisoners { black, white })),
        2 => prop::collection::vec(point(), 0..4).prop_map(|points| Step::Wizard(CountCommand::MarkDead { points })),
        1 => color().prop_map(|loser| Step::Wizard(CountCommand::Decide {
            decision: Decision::Forfeit { loser },
            reason: String::new()
        })),
    ]
}

fn preset() -> impl Strategy<Value = Preset> {
    prop_oneof![
        Just(Preset::Lgc2023),
        Just(Preset::LondonOpen),
        Just(Preset::DutchLightning),
        Just(Preset::CapeTown2005),
        Just(Preset::Aga),
        Just(Preset::Japanese),
    ]
}

fn apply(r: &mut GameRecord, s: &Step) {
    let at = now(r);
    match s {
        Step::Play(x, y) => {
            let mut live = Live::load(r.clone()).unwrap();
            let color = live.game().to_move();
            let _ = live.append(
                at,
                Event::StonePlayed {
                    color,
                    point: Point::new(*x, *y),
                    forced: false,
                    clock: None,
                    comment: None,
                },
            );
            *r = live.into_record();
        }
        Step::Pass | Step::PassBy(_) => {
            let mut live = Live::load(r.clone()).unwrap();
            let color = match s {
                Step::PassBy(c) => *c,
                _ => live.game().to_move(),
            };
            let _ = live.append(
                at,
                Event::Passed {
                    color,
                    clock: None,
                    comment: None,
                },
            );
            *r = live.into_record();
        }
        Step::Wizard(c) => {
            let _ = execute(r, at, c);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn any_sequence_replays_without_panic_and_deterministically(
        preset in preset(),
        steps in prop::collection::vec(step(), 0..60),
    ) {
        let mut r = empty(preset, 5, 0);
        for s in &steps {
            apply(&mut r, s);
            let st = CountState::of(&r, now(&r)).expect("the wizard's events replay");
            let score = st.score();
            prop_assert!(score.margin.is_finite());
            let _ = st.notes();
            let _ = st.result();
            let board = st.game.board();
            let _ = suggest_dead(board);
            let _ = suggest_seki(board);
            let _ = territory_map(board, &st.marks.dead_points(), &st.marks.seki_points(), st.game.rules());
            for p in st.marks.dead.iter().chain(st.marks.seki.iter()) {
                prop_assert!(board.get(*p).is_some(), "marks stand on stones");
                prop_assert!(!group_at(board, *p).is_empty());
            }
        }
        let a = CountState::of(&r, now(&r)).unwrap();
        let b = CountState::of(&r, now(&r)).unwrap();
        prop_assert_eq!(&a, &b);
        // The record survives storage and replays to the same state.
        let json = serde_json::to_string(&r).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&back, &r);
        prop_assert_eq!(CountState::of(&back, now(&r)).unwrap(), a);
    }
}
