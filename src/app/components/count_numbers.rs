//! Count by numbers: the players counted on the real board and type what they counted, in the
//! form the preset's counting asks for; the app adds komi and compensation. Open at once when
//! the phone's board does not hold the final position (the phone was the clock only).

use leptos::prelude::*;

use crate::core::Color;
use crate::core::count::{CountByNumbers, CountCommand, CountState, NumbersScore};
use crate::core::form_values;
use crate::core::rules::Counting;
use crate::core::text::{number, t, tf};

/// How the players count territory: the prisoners filled in, or apart.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    Filled,
    Apart,
}

/// What the form knows of the game.
#[derive(Clone, PartialEq)]
struct Facts {
    size: u8,
    counting: Counting,
    negative_territory: bool,
    pass_stones: Option<[u32; 2]>,
    numbers: Option<CountByNumbers>,
    board_holds: bool,
}

impl Facts {
    fn of(s: &CountState) -> Facts {
        let rules = s.game.rules();
        Facts {
            size: s.game.size(),
            counting: rules.counting,
            negative_territory: rules.negative_territory,
            pass_stones: rules.pass_stones.then(|| {
                Color::BOTH.map(|c| {
                    s.game.pass_stones(c) + u32::from(c == Color::Black && s.closing_pass_pending())
                })
            }),
            numbers: s.numbers,
            board_holds: s.board_holds_position().is_ok(),
        }
    }
}

/// The fields as typed.
#[derive(Clone, Copy)]
struct Fields {
    black: RwSignal<String>,
    white: RwSignal<String>,
    black_lid: RwSignal<String>,
    white_lid: RwSignal<String>,
}

impl Fields {
    fn new(numbers: Option<CountByNumbers>) -> Fields {
        let text = |n: Option<String>| RwSignal::new(n.unwrap_or_default());
        let (b, w, bl, wl) = match numbers {
            Some(CountByNumbers::Filled { black, white }) => {
                (Some(black.to_string()), Some(white.to_string()), None, None)
            }
            Some(CountByNumbers::Apart {
                territory,
                prisoners,
            }) => (
                Some(territory[0].to_string()),
                Some(territory[1].to_string()),
                Some(prisoners[0].to_string()),
                Some(prisoners[1].to_string()),
            ),
            Some(CountByNumbers::Area { black, white }) => (
                Some(black.to_string()),
                white.map(|w| w.to_string()),
                None,
                None,
            ),
            None => (None, None, None, None),
        };
        Fields {
            black: text(b),
            white: text(w),
            black_lid: text(bl),
            white_lid: text(wl),
        }
    }

    /// The numbers as typed, checked as numbers (the core checks them against the board).
    fn read(&self, facts: &Facts, way: Way) -> Result<CountByNumbers, String> {
        let points = i32::from(facts.size) * i32::from(facts.size);
        // The sign is the rules' to judge (`CountByNumbers::check` says what to enter instead).
        let lowest = -4 * points;
        let whole = |s: RwSignal<String>, what: &str| {
            form_values::points(&s.get_untracked(), what, 0, 4 * points).map(|n| n.unsigned_abs())
        };
        match (facts.counting, way) {
            (Counting::Territory, Way::Filled) => Ok(CountByNumbers::Filled {
                black: form_values::points(
                    &self.black.get_untracked(),
                    t("Black's territory"),
                    lowest,
                    points,
                )?,
                white: form_values::points(
                    &self.white.get_untracked(),
                    t("White's territory"),
                    lowest,
                    points,
                )?,
            }),
            (Counting::Territory, Way::Apart) => Ok(CountByNumbers::Apart {
                territory: [
                    whole(self.black, t("Black's territory"))?,
                    whole(self.white, t("White's territory"))?,
                ],
                prisoners: [
                    whole(self.black_lid, t("The prisoners in Black's lid"))?,
                    whole(self.white_lid, t("The prisoners in White's lid"))?,
                ],
            }),
            (Counting::Area, _) => {
                let white = self.white.get_untracked();
                Ok(CountByNumbers::Area {
                    black: whole(self.black, t("Black's area"))?,
                    white: if white.trim().is_empty() {
                        None
                    } else {
                        Some(whole(self.white, t("White's area"))?)
                    },
                })
            }
        }
    }
}

/// The count by numbers as it stands typed on the count screen, kept by the page so that a
/// player's confirmation takes what is typed with it: numbers on the screen are never asked for
/// again.
#[derive(Clone, Copy)]
pub struct NumbersDraft {
    fields: Fields,
    way: RwSignal<Way>,
    /// Why the numbers typed were not taken, shown beside the fields.
    error: RwSignal<Option<String>>,
}

impl NumbersDraft {
    /// The fields filled with the numbers entered so far, if any.
    pub fn new(numbers: Option<CountByNumbers>) -> NumbersDraft {
        NumbersDraft {
            fields: Fields::new(numbers),
            way: RwSignal::new(match numbers {
                Some(CountByNumbers::Apart { .. }) => Way::Apart,
                _ => Way::Filled,
            }),
            error: RwSignal::new(None),
        }
    }

    /// The confirmation `color` gives: with the numbers typed when any field holds something
    /// (checked as "Enter the count" checks them; a refusal is shown beside the fields and
    /// `None` returned), the plain confirmation otherwise.
    pub fn confirmation(&self, state: &CountState, color: Color) -> Option<CountCommand> {
        let f = &self.fields;
        let typed = [f.black, f.white, f.black_lid, f.white_lid]
            .iter()
            .any(|s| !s.with_untracked(|t| t.trim().is_empty()));
        if !typed {
            return Some(CountCommand::Confirm { color });
        }
        match f.read(&Facts::of(state), self.way.get_untracked()) {
            Ok(count) => {
                self.error.set(None);
                Some(CountCommand::ConfirmCount { color, count })
            }
            Err(e) => {
                let said = match color {
                    Color::Black => tf("Black has not confirmed. {}", &[&e]),
                    Color::White => tf("White has not confirmed. {}", &[&e]),
                };
                self.error.set(Some(said));
                None
            }
        }
    }

    /// Empties the fields (the count goes back to the phone's board).
    fn clear(&self) {
        let f = &self.fields;
        for s in [f.black, f.white, f.black_lid, f.white_lid] {
            s.set(String::new());
        }
    }
}

/// One number field with its label.
fn field(
    label: String,
    hint: Option<String>,
    value: RwSignal<String>,
    id: &'static str,
) -> AnyView {
    view! {
        <label class="stack count-field">
            <span>{label}</span>
            {hint.map(|h| view! { <span class="muted">{h}</span> })}
            <input inputmode="numeric" data-testid=id name=id autocomplete="off"
                bind:value=value />
        </label>
    }
    .into_any()
}

/// The form. `run` carries out a command and says why it was refused.
#[component]
pub fn CountByNumbersForm(
    state: Memo<Result<CountState, String>>,
    draft: NumbersDraft,
    run: Callback<CountCommand, Result<(), String>>,
) -> impl IntoView {
    let facts = Memo::new(move |_| state.with(|s| s.as_ref().ok().map(Facts::of)));
    let initial = facts.get_untracked();
    let open = initial
        .as_ref()
        .is_some_and(|f| !f.board_holds || f.numbers.is_some());
    let NumbersDraft { fields, way, error } = draft;
    let enter = move |_| {
        let Some(f) = facts.get_untracked() else {
            return;
        };
        let outcome = fields
            .read(&f, way.get_untracked())
            .and_then(|count| run.run(CountCommand::EnterCount { count }));
        error.set(outcome.err());
    };
    let on_board = move |_| {
        let outcome = run.run(CountCommand::CountOnBoard);
        if outcome.is_ok() {
            draft.clear();
        }
        error.set(outcome.err());
    };

    let inputs = move || {
        let Some(f) = facts.get() else {
            return ().into_any();
        };
        let points = u32::from(f.size) * u32::from(f.size);
        match (f.counting, way.get()) {
            (Counting::Territory, Way::Filled) => {
                let below = f
                    .negative_territory
                    .then(|| t("Below zero when the prisoners outnumber the territory.").to_string());
                view! {
                    {field(t("Black's territory, White's prisoners filled in").into(), below.clone(),
                        fields.black, "count-black")}
                    {field(t("White's territory, Black's prisoners filled in").into(), below,
                        fields.white, "count-white")}
                }
                .into_any()
            }
            (Counting::Territory, Way::Apart) => view! {
                {field(t("Black's territory").into(), None, fields.black, "count-black")}
                {field(t("White's territory").into(), None, fields.white, "count-white")}
                {field(t("Prisoners in Black's lid, pass stones included").into(), None,
                    fields.black_lid, "count-black-prisoners")}
                {field(t("Prisoners in White's lid, pass stones included").into(), None,
                    fields.white_lid, "count-white-prisoners")}
            }
            .into_any(),
            (Counting::Area, _) => view! {
                {field(t("Black's area: stones and territory").into(), None, fields.black, "count-black")}
                {field(t("White's area: stones and territory").into(),
                    Some(tf("Leave it empty and White has the rest of the {} points.", &[&points])),
                    fields.white, "count-white")}
            }
            .into_any(),
        }
    };
    let how = move || {
        facts.with(|f| {
            let f = f.as_ref()?;
            Some(match (f.counting, f.pass_stones) {
                (Counting::Area, _) => t("Count one colour's stones and territory on the real \
                                          board (or both), dead stones removed.")
                .to_string(),
                (Counting::Territory, Some([1, w])) => tf(
                    "Remove the dead stones, fill the prisoners and the pass stones into the \
                     opponent's territory, and count the empty points. The clock recorded {} \
                     pass stone for Black and {} for White.",
                    &[&1, &w],
                ),
                (Counting::Territory, Some([b, w])) => tf(
                    "Remove the dead stones, fill the prisoners and the pass stones into the \
                     opponent's territory, and count the empty points. The clock recorded {} \
                     pass stones for Black and {} for White.",
                    &[&b, &w],
                ),
                (Counting::Territory, None) => {
                    t("Remove the dead stones, fill the prisoners into \
                                                  the opponent's territory, and count the empty \
                                                  points.")
                    .to_string()
                }
            })
        })
    };
    let territory = move || {
        facts.with(|f| {
            f.as_ref()
                .is_some_and(|f| f.counting == Counting::Territory)
        })
    };
    let entered = move || facts.with(|f| f.as_ref().is_some_and(|f| f.numbers.is_some()));

    view! {
        <details class="card count-numbers" open=open>
            <summary>{t("Count by numbers: a game counted on the real board")}</summary>
            <div class="stack">
                <p class="muted">{how}</p>
                <Show when=territory>
                    <div class="row" role="radiogroup" aria-label=t("How the prisoners are counted")>
                        <button role="radio" aria-checked=move || (way.get() == Way::Filled).to_string()
                            on:click=move |_| way.set(Way::Filled)>{t("Prisoners filled in")}</button>
                        <button role="radio" aria-checked=move || (way.get() == Way::Apart).to_string()
                            on:click=move |_| way.set(Way::Apart)>{t("Territory and prisoners apart")}</button>
                    </div>
                </Show>
                {inputs}
                {move || error.get().map(|e| view! {
                    <p class="field-error" role="alert" data-testid="count-entry-error">{e}</p>
                })}
                <div class="row">
                    <button class="primary" on:click=enter>{t("Enter the count")}</button>
                    <Show when=entered>
                        <button on:click=on_board>{t("Count the phone's board instead")}</button>
                    </Show>
                </div>
            </div>
        </details>
    }
}

/// The count by numbers as the referee reads it: what was entered, what the rules add, the
/// totals.
#[component]
pub fn NumbersTable(score: NumbersScore) -> impl IntoView {
    view! {
        <table class="score-table">
            <thead>
                <tr><th></th><th scope="col">{t("Black")}</th><th scope="col">{t("White")}</th></tr>
            </thead>
            <tbody>
                {score.rows.into_iter().map(|r| {
                    view! {
                        <tr class:decides=r.decides>
                            <th scope="row">{r.label_shown()}</th>
                            <td>{number(&r.black)}</td>
                            <td>{number(&r.white)}</td>
                        </tr>
                    }
                }).collect_view()}
            </tbody>
        </table>
    }
}
