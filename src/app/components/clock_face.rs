//! One player's half of the clock: the big time, what follows it, moves and prisoners. It
//! switches on touch-down and holds nothing else to press: Pass and the rest are in the strip
//! between the faces. Its state shows as colour and a sign (▶ running, ❚❚ paused, ⚑ flag).
//! Each thing has a place of its own, so nothing is drawn over another at any width: the
//! state and the name on the top line (wrapping when the face is narrow), the time, the
//! overtime and the counts, then the notes (a pass, what still ends play, a fallen flag).

use leptos::prelude::*;

use crate::app::parts::parts;

use crate::core::Color;
use crate::core::Game;
use crate::core::clock::ClockState;
use crate::core::clock::{SideStatus, clock_text, overtime_label, side_status};
use crate::core::table::PassNote;
use crate::core::text::{number, t, tf};

parts! {
    /// What a face needs from the table at this moment.
    #[derive(Clone, Debug, PartialEq)]
    pub struct FaceView {
        pub time: String,
        /// The time's text is long (hours) or short (at most four characters): its size follows.
        pub long: bool,
        pub short: bool,
        pub sub: String,
        pub status: SideStatus,
        pub moves: u32,
        pub prisoners: u32,
        pub flag: Option<String>,
        pub hint: Option<String>,
        /// Main time is used up and the player is in byo-yomi or Canadian overtime.
        pub overtime: bool,
        /// "Black passed", for a moment after a pass.
        pub passed: Option<String>,
        /// What still ends play after a pass that did not ("Two more passes end the game").
        pub passes: Option<String>,
        /// The passes line is shown large: on the passer's face, for a moment.
        pub passes_big: bool,
        /// Why both clocks are stopped, in the rules' words (on the faces where the strip has
        /// no room for it: landscape).
        pub pause: Option<String>,
    }
    /// The parts of a face, each in its own signal (see `app::parts`): a press wakes the few
    /// bindings whose part changed, and a tick only the time's.
    pub struct FaceParts;
}

impl FaceView {
    /// A face for a game that cannot be shown.
    pub fn of_missing() -> FaceView {
        FaceView::waiting(String::new(), 0)
    }

    /// A face whose clock cannot be shown.
    fn waiting(sub: String, prisoners: u32) -> FaceView {
        let time = String::from("–");
        FaceView {
            long: is_long(&time),
            short: is_short(&time),
            time,
            sub,
            status: SideStatus::Waiting,
            moves: 0,
            prisoners,
            flag: None,
            hint: None,
            overtime: false,
            passed: None,
            passes: None,
            passes_big: false,
            pause: None,
        }
    }

    /// The face of `color` for the game and the clock as they are now, with the last pass.
    pub fn of(
        game: &Game,
        clock: Option<&ClockState>,
        color: Color,
        starter: Color,
        pass: Option<&PassNote>,
    ) -> FaceView {
        let prisoners = game.prisoners(color);
        let Some(clock) = clock else {
            return FaceView::waiting(t("no clock").into(), prisoners);
        };
        let passed = pass.filter(|p| p.fresh).map(|p| {
            match p.by {
                Color::Black => t("Black passed"),
                Color::White => t("White passed"),
            }
            .to_string()
        });
        let side = clock.side(color);
        let status = side_status(clock, color);
        let flag = side.flagged_at.map(|at| {
            let first = clock
                .first_flag()
                .filter(|(c, _)| *c != color)
                .map(|(_, other)| {
                    tf(
                        "{} s after the other flag",
                        &[&number(&format!("{:.1}", (at - other) as f64 / 1000.0))],
                    )
                });
            match first {
                Some(first) => tf("Flag fell at {} · {}", &[&time_of_day(at), &first]),
                None => tf("Flag fell at {}", &[&time_of_day(at)]),
            }
        });
        let hint = if !clock.started && color == starter {
            Some(tf(
                "{}: touch here to start {}'s clock",
                &[&color.shown(), &(!color).shown()],
            ))
        } else {
            None
        };
        let time = clock_text(clock, color);
        FaceView {
            long: is_long(&time),
            short: is_short(&time),
            time,
            sub: overtime_label(&clock.control, side),
            status,
            moves: side.moves,
            prisoners,
            flag,
            hint,
            overtime: side.in_overtime,
            passed,
            passes: pass.and_then(|p| p.still_to_end.clone()),
            passes_big: pass.is_some_and(|p| p.fresh && p.by == color),
            pause: clock.paused.as_ref().map(|r| r.text().to_string()),
        }
    }
}

/// `hh:mm:ss.t` of an epoch time, in the phone's time zone.
fn time_of_day(epoch_ms: i64) -> String {
    let d = js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(epoch_ms as f64));
    number(&format!(
        "{:02}:{:02}:{:02}.{}",
        d.get_hours(),
        d.get_minutes(),
        d.get_seconds(),
        d.get_milliseconds() / 100
    ))
}

/// A time text too long for the big size.
fn is_long(time: &str) -> bool {
    time.chars().count() > 5
}

/// A time text short enough for the biggest size.
fn is_short(time: &str) -> bool {
    time.chars().count() <= 4
}

/// One player's half.
#[component]
pub fn ClockFace(
    color: Color,
    name: Signal<String>,
    parts: FaceParts,
    #[prop(into)] top: Signal<bool>,
    on_press: Callback<web_sys::PointerEvent>,
) -> impl IntoView {
    let (id, prisoners_id) = match color {
        Color::Black => ("clock-black", "prisoners-black"),
        Color::White => ("clock-white", "prisoners-white"),
    };
    let FaceParts {
        time,
        long,
        short,
        sub,
        status,
        moves,
        prisoners,
        flag,
        hint,
        overtime,
        passed,
        passes,
        passes_big,
        pause,
    } = parts;
    let label = move || {
        let what = match status.get() {
            SideStatus::Running => t("running"),
            SideStatus::Paused => t("paused"),
            SideStatus::Flagged => t("flag fallen"),
            SideStatus::Waiting => t("waiting"),
        };
        time.with(|time| tf("{}'s clock, {}, {}", &[&color.shown(), time, &what]))
    };
    view! {
        <div
            class="clock-half"
            class:top=move || top.get()
            class:overtime=move || overtime.get()
            data-testid=id
            data-state=move || status.get().as_str()
            role="button"
            aria-label=label
            on:pointerdown=move |ev| on_press.run(ev)
            // The click that follows a press goes no further up the page, where the router
            // would look through every element above the face for a link (about 1 ms at 4x).
            on:click=|ev: web_sys::MouseEvent| ev.stop_propagation()
            on:contextmenu=|ev| ev.prevent_default()
        >
            <span class="face-head">
                <span class="state-word">
                    {move || match status.get() {
                        SideStatus::Running => t("▶ running"),
                        SideStatus::Paused => t("❚❚ paused"),
                        SideStatus::Flagged => t("⚑ flag fallen"),
                        SideStatus::Waiting => "",
                    }}
                </span>
                {move || overtime.get().then(|| view! { <span class="badge">{t("Overtime")}</span> })}
                <span class="who">
                    <span class="stone-mark" class:white=color == Color::White aria-hidden="true"></span>
                    {color.shown()}
                    " "
                    {move || name.get()}
                </span>
            </span>
            // The time takes the room the other lines leave, and its size follows that room.
            <span class="time-box">
                <span class="time" class:long=move || long.get() class:short=move || short.get()
                    aria-hidden="true">{time}</span>
            </span>
            <span class="face-foot">
                <span class="sub">{sub}</span>
                <span class="meta">
                    {t("Moves")}" "{moves}" · "{t("Prisoners")}" "
                    <span data-testid=prisoners_id>{prisoners}</span>
                </span>
            </span>
            <span class="face-notes">
                {move || passed.get().map(|p| view! { <span class="passed">{p}</span> })}
                {move || passes.get().map(|p| view! {
                    <span class="passes" class:big=move || passes_big.get()>{p}</span>
                })}
                {move || pause.get().map(|r| view! { <span class="pause-note">{r}</span> })}
                {move || flag.get().map(|f| view! { <span class="flag" role="alert">{f}</span> })}
                {move || hint.get().map(|h| view! { <span class="hint">{h}</span> })}
            </span>
        </div>
    }
}
