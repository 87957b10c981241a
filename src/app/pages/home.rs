//! The home screen: every game on the phone, in progress and finished, with search and filters,
//! each game one tap from its views; a button to start a new game; the in-app scanner for the
//! app's codes; backups. A phone with no game yet is shown what the app does and its first step
//! instead of filters with nothing to filter.

use leptos::prelude::*;

use crate::app::components::backup_panel::BackupSlot;
use crate::app::components::banners::{SaveErrorBanner, StorageLine, StorageProblemsBanner};
use crate::app::components::device_notes::{DeviceLine, InstallHint};
use crate::app::components::game_row::GameRow;
use crate::app::components::scanner;
use crate::app::lang::LanguageChoice;
use crate::app::loading;
use crate::app::state::use_app;
use crate::app::sw;
use crate::app::tasks;
use crate::app::time::{self, now_ms};
use crate::core::history::{GameStatus, GameSummary, HistoryFilter, StatusFilter};
use crate::core::text::{t, tf};

/// Lists the games on this phone.
#[component]
pub fn HomePage() -> impl IntoView {
    let app = use_app();
    // A game whose clock runs is listed again when its next flag can fall, so a flag shows
    // the moment it falls; the time comes from the record's timestamps.
    let relist = RwSignal::new(0u32);
    let summaries = Memo::new(move |_| {
        relist.track();
        app.listed()
    });
    // Once the games are read, and whenever they change (a game deleted, put back, changed
    // by another tab), the index is brought up to date with them; a game saved a moment ago
    // comes in at once.
    Effect::new(move |_| {
        app.games.track();
        if app.loaded.get() {
            loading::reconcile(app);
        }
    });
    let listed_for = StoredValue::new(None::<i64>);
    time::every(std::time::Duration::from_millis(250), move || {
        let Some(next) =
            summaries.try_with_untracked(|all| all.iter().filter_map(|s| s.next_flag_ms).min())
        else {
            return false;
        };
        if let Some(next) = next
            && now_ms() >= next
            && listed_for.get_value() != Some(next)
        {
            listed_for.set_value(Some(next));
            relist.update(|n| *n = n.wrapping_add(1));
        }
        true
    });
    // Search, dates and the lists only help once there is a game to find.
    // From the stored games once read; before, from the index and the keys stored.
    let has_games = Memo::new(move |_| {
        if app.loaded.get() {
            app.games.with(|all| !all.is_empty())
        } else {
            app.stored_at_start > 0 || summaries.with(|all| !all.is_empty())
        }
    });
    // The scanner: a code of this app opens its screen here, in the app, so what it brings
    // lands in this app's storage; any other code is only shown.
    let page = Owner::current();
    on_cleanup(scanner::close);
    // The screen comes in three short tasks rather than one long one: its title and buttons
    // at once, the games a task later, the lines and panels at its foot (storage, the phone,
    // the language, backups) in the task after that.
    let lists = tasks::after_tasks(1);
    let foot = tasks::after_tasks(2);
    view! {
        <main class="home" class:first-visit=move || !has_games.get()>
            <h1>"Go Scorekeeper"</h1>
            <StorageProblemsBanner />
            <SaveErrorBanner />
            <Show when=move || foot.get()>
                <InstallHint />
            </Show>
            <Show when=move || app.update_waiting.get()>
                <div class="banner" role="status" data-testid="update-ready">
                    <p>{t("A new version of the app is ready. It is never switched on during a game.")}</p>
                    <button class="primary" on:click=move |_| sw::apply_update()>
                        {t("Update now")}
                    </button>
                </div>
            </Show>
            {move || app.last_deleted.with(Option::is_some).then(|| view! {
                <div class="banner row" role="status">
                    <span class="grow">{t("Game deleted.")}</span>
                    <button on:click=move |_| loading::undo_delete(app)>{t("Undo")}</button>
                </div>
            })}
            <Show when=move || !has_games.get()>
                <div class="welcome" data-testid="welcome">
                    <p>{t("A Go tournament clock, board and count that works offline on this phone.")}</p>
                    <p>{t("Results go to the director by QR code.")}</p>
                </div>
                <p class="muted first-step">
                    {t("To begin: a new game, or scan the settings or table code your director shows.")}
                </p>
            </Show>
            <div class="row home-actions">
                <a class="button primary" href="/new" data-testid="new-game">
                    {t("New game")}
                </a>
                <button data-testid="scan" on:click=move |_| scanner::toggle(page.clone())>
                    {t("Scan")}
                </button>
                <a class="button" href="/sgf">
                    {t("Import SGF")}
                </a>
                <a class="button" href="/me" data-testid="me">
                    {t("Me")}
                </a>
                <a class="button" href="/round" data-testid="director-round">
                    {t("Director's round")}
                </a>
            </div>
            <div id=scanner::SLOT></div>
            <Show when=move || lists.get() && has_games.get()>
                <Games summaries />
            </Show>
            // The backup section last: its piece arrives after the rest is drawn, and what
            // it draws then pushes nothing down.
            <Show when=move || foot.get()>
                <StorageLine linked=true />
                <DeviceLine />
                <LanguageChoice />
                <BackupSlot />
            </Show>
        </main>
    }
}

/// The search form and the lists of games in progress and finished, from their summaries.
#[component]
fn Games(summaries: Memo<Vec<GameSummary>>) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let from = RwSignal::new(String::new());
    let to = RwSignal::new(String::new());
    let status = RwSignal::new(StatusFilter::All.id().to_string());
    let filter = Memo::new(move |_| {
        HistoryFilter::from_form(&text.get(), &from.get(), &to.get(), &status.get())
    });
    let shown = move |wanted: GameStatus| {
        Memo::new(move |_| {
            let Ok(f) = filter.get() else {
                return Vec::new();
            };
            summaries.with(|all| {
                all.iter()
                    .filter(|s| s.status == wanted && f.matches(s))
                    .cloned()
                    .collect::<Vec<_>>()
            })
        })
    };
    let in_progress = shown(GameStatus::InProgress);
    let finished = shown(GameStatus::Finished);
    let count_line = move || {
        let total = summaries.with(Vec::len);
        let found = in_progress.with(Vec::len) + finished.with(Vec::len);
        let filtering =
            filter.with(|f| f.as_ref().map_or(true, |f| *f != HistoryFilter::default()));
        match (filtering, total) {
            (_, 0) => t("No games on this phone yet.").to_string(),
            (false, 1) => t("1 game on this phone.").to_string(),
            (false, n) => tf("{} games on this phone.", &[&n]),
            (true, n) => tf("{} of {} games match.", &[&found, &n]),
        }
    };
    let status_shows = move |wanted: StatusFilter| {
        move || {
            let s = status.get();
            s == StatusFilter::All.id() || s == wanted.id()
        }
    };
    view! {
        <form class="history-filter" role="search" on:submit=|ev| ev.prevent_default()>
            <label class="grow">
                {t("Search players or event")}
                <input
                    type="search"
                    name="search"
                    autocomplete="off"
                    prop:value=move || text.get()
                    on:input=move |ev| text.set(event_target_value(&ev))
                />
            </label>
            <div class="row filter-row">
                <label>
                    {t("From")}
                    <input
                        type="date"
                        name="from"
                        prop:value=move || from.get()
                        on:input=move |ev| from.set(event_target_value(&ev))
                    />
                </label>
                <label>
                    {t("To")}
                    <input
                        type="date"
                        name="to"
                        prop:value=move || to.get()
                        on:input=move |ev| to.set(event_target_value(&ev))
                    />
                </label>
                <label>
                    {t("Show")}
                    <select
                        name="status"
                        prop:value=move || status.get()
                        on:change=move |ev| status.set(event_target_value(&ev))
                    >
                        <option value=StatusFilter::All.id()>{t("All games")}</option>
                        <option value=StatusFilter::InProgress.id()>{t("In progress")}</option>
                        <option value=StatusFilter::Finished.id()>{t("Finished")}</option>
                    </select>
                </label>
            </div>
            {move || filter.get().err().map(|errors| view! {
                <div class="banner error" role="alert" data-testid="filter-error">
                    {errors.into_iter().map(|e| view! { <p>{e}</p> }.into_any()).collect_view()}
                </div>
            })}
            <p class="muted" role="status" data-testid="history-count">{count_line}</p>
        </form>
        <Show when=status_shows(StatusFilter::InProgress)>
            <h2>{t("In progress")}</h2>
            <GameList games=in_progress empty=t("No game in progress.") />
        </Show>
        <Show when=status_shows(StatusFilter::Finished)>
            <h2>{t("Finished")}</h2>
            <GameList games=finished empty=t("No finished games.") />
        </Show>
    }
}

/// Rows drawn at first in each list; the rest on request, so a phone with a thousand games
/// opens its list as fast as one with fifty.
const FIRST_ROWS: usize = 50;

#[component]
fn GameList(games: Memo<Vec<GameSummary>>, empty: &'static str) -> impl IntoView {
    let all = RwSignal::new(false);
    let hidden = move || games.with(|g| g.len().saturating_sub(FIRST_ROWS));
    let offer_all = move || !all.get() && hidden() != 0;
    view! {
        <Show
            when=move || games.with(|g| !g.is_empty())
            fallback=move || view! { <p class="muted">{empty}</p> }
        >
            <ul class="game-list">
                <For
                    each=move || {
                        let limit = if all.get() { usize::MAX } else { FIRST_ROWS };
                        games.with(|g| g.iter().take(limit).cloned().collect::<Vec<_>>())
                    }
                    key=|s| (s.id.clone(), s.events, s.last_activity_ms, s.result.clone(), s.flag, s.players(), s.detail())
                    children=|summary| view! { <GameRow summary=summary /> }
                />
            </ul>
            <Show when=offer_all>
                <button on:click=move |_| all.set(true)>
                    {move || tf("Show all {} games ({} more)", &[&games.with(Vec::len), &hidden()])}
                </button>
            </Show>
        </Show>
    }
}
