//! Backups on the home screen: every game downloaded as one file, and a backup file put back.
//! Before anything is written the screen says what importing will do (new games, games already
//! here, games that differ), and a game that differs is replaced only if the person chooses so.
//! The first load carries only the section's buttons ([`BackupSlot`]); what they do is a piece
//! of its own (`mount_backup`), fetched, with the stored games read, when one is used: the
//! export, or the file chosen to import.

use leptos::prelude::*;
use leptos::wasm_split::{SplitLoaderError, wasm_split};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::app::device;
use crate::app::state::AppState;
use crate::app::state::use_app;
use crate::app::time::{now_ms, today};
use crate::core::backup::{self, Backup, Choice, MergePlan};
use crate::core::history::GameSummary;
use crate::core::text::{t, tf};

/// The largest backup file the app reads.
const MAX_BACKUP_BYTES: f64 = 32.0 * 1024.0 * 1024.0;

/// A backup read and compared with the games here, waiting for the person's choices.
#[derive(Clone)]
struct PendingImport {
    file: Backup,
    plan: MergePlan,
}

/// What importing `file` would do to the games here now.
fn plan_for(app: AppState, file: &Backup) -> MergePlan {
    app.games.with_untracked(|games| {
        MergePlan::new(file, games.iter().map(|g| (g.id.as_str(), &g.record)))
    })
}

/// Whether two plans would make the same changes.
fn same_plan(a: &MergePlan, b: &MergePlan) -> bool {
    a.new == b.new && a.already_here == b.already_here && a.conflicts == b.conflicts
}

/// What the person asked of the section before its piece was in.
pub enum FirstStep {
    /// Export every game.
    Export,
    /// Read this backup file.
    Import(web_sys::File),
}

/// The home screen's backup section ([`BackupPanel`]: the export, the import and its plan),
/// drawn into `parent` with the app's state, doing `first` at once: a piece of its own, fetched
/// when the section is first used. Dropping what it returns takes it off the page.
#[wasm_split(backup, fallible, preload(fetch_backup), wasm_split_path = ::leptos::wasm_split)]
pub fn mount_backup(
    parent: web_sys::HtmlElement,
    app: crate::app::state::AppState,
    first: FirstStep,
) -> Result<Box<dyn std::any::Any>, SplitLoaderError> {
    parent.set_text_content(None);
    Ok(Box::new(leptos::mount::mount_to(parent, move || {
        provide_context(app);
        view! { <BackupPanel first /> }
    })))
}

/// The backup section's heading and buttons, the same before and after its piece is in.
#[component]
fn BackupHead(
    on_export: impl Fn() + 'static,
    on_file: impl Fn(web_sys::HtmlInputElement, web_sys::File) + 'static,
) -> impl IntoView {
    view! {
        <h2 id="backup-heading">{t("Backup")}</h2>
        <p class="muted">
            {t("One file with every game, to keep elsewhere or to move the games to another phone.")}
        </p>
        <div class="row">
            <button on:click=move |_| on_export()>{t("Export all games")}</button>
            <label class="button">
                {t("Import backup")}
                <input
                    type="file"
                    class="visually-hidden"
                    accept=".json,application/json"
                    data-testid="backup-file"
                    on:change=move |ev| {
                        if let Some((input, file)) = device::chosen_file(&ev) {
                            on_file(input, file);
                        }
                    }
                />
            </label>
        </div>
    }
}

/// The home screen's backup section as the first load draws it: its buttons, which fetch its
/// piece (with the stored games) when used, and then hand over to it. A piece that cannot be
/// fetched is said so under the buttons.
#[component]
pub fn BackupSlot() -> impl IntoView {
    let app = use_app();
    let slot = NodeRef::<leptos::html::Div>::new();
    let drawn = StoredValue::new_local(None::<Box<dyn std::any::Any>>);
    let handed_over = RwSignal::new(false);
    let failed = RwSignal::new(false);
    let busy = StoredValue::new(false);
    let start = move |first: FirstStep| {
        let Some(parent) = slot.get_untracked() else {
            return;
        };
        if busy.get_value() {
            return;
        }
        busy.set_value(true);
        failed.set(false);
        leptos::task::spawn_local(async move {
            let fetched =
                crate::app::loading::ready(app).await.is_ok() && fetch_backup().await.is_ok();
            if drawn.is_disposed() {
                return;
            }
            busy.set_value(false);
            if !fetched {
                failed.set(true);
                return;
            }
            match mount_backup(parent.unchecked_into(), app, first).await {
                Ok(panel) => {
                    drawn.set_value(Some(panel));
                    handed_over.set(true);
                }
                Err(_) => failed.set(true),
            }
        });
    };
    view! {
        <Show when=move || !handed_over.get()>
            <section class="backup" aria-labelledby="backup-heading">
                <BackupHead
                    on_export=move || start(FirstStep::Export)
                    on_file=move |input, file| {
                        input.set_value("");
                        start(FirstStep::Import(file));
                    }
                />
                {move || failed.get().then(|| view! {
                    <p class="banner error" role="alert">
                        {t("Backups could not be loaded: check the connection, then open the app again.")}
                    </p>
                })}
            </section>
        </Show>
        <div node_ref=slot></div>
    }
}

/// The backup section's state: the outcome of the last export or import (`true` when it went
/// well), the file read and what importing it would do, and one choice per conflict of that
/// plan, in its order.
#[derive(Clone, Copy)]
struct Backups {
    app: AppState,
    message: RwSignal<Option<(bool, String)>>,
    pending: RwSignal<Option<PendingImport>>,
    choices: RwSignal<Vec<Option<Choice>>>,
}

impl Backups {
    fn say(self, ok: bool, text: impl Into<String>) {
        self.message.set(Some((ok, text.into())));
    }

    /// Downloads every game as one file.
    fn export(self) {
        let (count, text) = self.app.games.with_untracked(|games| {
            (
                games.len(),
                backup::export(
                    games
                        .iter()
                        .map(|g| (g.id.as_str(), g.created_ms, &g.record)),
                    now_ms(),
                ),
            )
        });
        let name = format!("go-scorekeeper-backup-{}.json", today());
        match device::download(&name, &text, "application/json") {
            Ok(()) => self.say(
                true,
                match count {
                    1 => t("1 game exported.").to_string(),
                    n => tf("{} games exported.", &[&n]),
                },
            ),
            Err(e) => self.say(false, e),
        }
    }

    /// A backup file's text read: what importing it would do, shown.
    fn read(self, text: &str) {
        match backup::parse(text) {
            Err(e) => {
                self.pending.set(None);
                self.say(false, tf("{} Nothing was changed.", &[&e]));
            }
            Ok(file) => {
                let plan = plan_for(self.app, &file);
                self.choices.set(vec![None; plan.conflicts.len()]);
                self.message.set(None);
                self.pending.set(Some(PendingImport { file, plan }));
            }
        }
    }

    /// Reads the file chosen.
    fn read_file(self, file: web_sys::File) {
        if file.size() > MAX_BACKUP_BYTES {
            self.pending.set(None);
            self.say(
                false,
                t("This file is larger than 32 MB, far more than a phone's games. Nothing was changed."),
            );
            return;
        }
        let on_text = Closure::once(move |value: wasm_bindgen::JsValue| {
            self.read(&value.as_string().unwrap_or_default());
        });
        let on_error = Closure::once(move |_: wasm_bindgen::JsValue| {
            self.say(false, t("The file could not be read. Nothing was changed."));
        });
        let _ = file.text().then2(&on_text, &on_error);
        on_text.forget();
        on_error.forget();
    }

    /// Imports the file read as its plan and the choices say. The games here may have changed
    /// (a delete, an undo) since the plan was shown: the plan is made again, and shown again
    /// if it would now do something else, with the choices made carried over.
    fn apply(self) {
        let Some(p) = self.pending.get_untracked() else {
            return;
        };
        let fresh = plan_for(self.app, &p.file);
        if !same_plan(&fresh, &p.plan) {
            let old = self.choices.get_untracked();
            self.choices.set(carried(&p.plan, &fresh, &old));
            self.pending.set(Some(PendingImport {
                file: p.file,
                plan: fresh,
            }));
            self.say(
                false,
                t("The games on this phone changed since the file was read: check what importing will do now, then press Import again."),
            );
            return;
        }
        let writes = match fresh.resolve(&self.choices.get_untracked()) {
            Err(e) => return self.say(false, e),
            Ok(writes) => writes,
        };
        let done = self.app.import(writes);
        let kept = fresh.already_here.len() + (fresh.conflicts.len().saturating_sub(done.replaced));
        let skipped = p.file.damaged.len();
        let mut text = tf(
            "Backup imported: {} added, {} replaced, {} kept as they were.",
            &[&done.added, &done.replaced, &kept],
        );
        if skipped > 0 {
            text.push(' ');
            text.push_str(&tf("{} could not be imported.", &[&skipped]));
        }
        self.pending.set(None);
        if done.unsaved > 0 {
            let e = self.app.saves.error.get_untracked().unwrap_or_default();
            self.say(
                false,
                tf(
                    "{} But this phone refused to store {} of them, so they will be gone after the app closes. {}",
                    &[&text, &done.unsaved, &e],
                ),
            );
            return;
        }
        self.say(true, text);
    }
}

/// The choices made on the conflicts of `old`, carried to the same games' conflicts of `fresh`.
fn carried(old: &MergePlan, fresh: &MergePlan, choices: &[Option<Choice>]) -> Vec<Option<Choice>> {
    fresh
        .conflicts
        .iter()
        .map(|c| {
            old.conflicts
                .iter()
                .position(|o| o.theirs.id == c.theirs.id)
                .and_then(|i| choices.get(i).copied().flatten())
        })
        .collect()
}

/// The backup buttons and, after a file is chosen, what importing it will do.
/// `first` is what was asked of the section before it was drawn, done at once.
#[component]
pub fn BackupPanel(first: FirstStep) -> impl IntoView {
    let backups = Backups {
        app: use_app(),
        message: RwSignal::new(None),
        pending: RwSignal::new(None),
        choices: RwSignal::new(Vec::new()),
    };
    let Backups {
        message,
        pending,
        choices,
        ..
    } = backups;
    match first {
        FirstStep::Export => backups.export(),
        FirstStep::Import(file) => backups.read_file(file),
    }
    view! {
        <section class="backup" aria-labelledby="backup-heading">
            <BackupHead
                on_export=move || backups.export()
                on_file=move |input, file| {
                    // The same file can be chosen again after a change.
                    input.set_value("");
                    backups.read_file(file);
                }
            />
            {move || message.get().map(|(ok, m)| view! {
                <p
                    class=if ok { "banner" } else { "banner error" }
                    role=if ok { "status" } else { "alert" }
                    data-testid="backup-message"
                >
                    {m}
                </p>
            })}
            {move || pending.get().map(|p| view! {
                <ImportPlan pending=p choices=choices on_apply=move |_| backups.apply() on_cancel=move || pending.set(None) />
            })}
        </section>
    }
}

#[component]
fn ImportPlan(
    pending: PendingImport,
    choices: RwSignal<Vec<Option<Choice>>>,
    on_apply: impl Fn(leptos::ev::MouseEvent) + 'static,
    on_cancel: impl Fn() + 'static,
) -> impl IntoView {
    let app = use_app();
    let plan = &pending.plan;
    let line = if plan.conflicts.len() == 1 {
        tf(
            "{} new, {} already here, {} conflict.",
            &[
                &plan.new.len(),
                &plan.already_here.len(),
                &plan.conflicts.len(),
            ],
        )
    } else {
        tf(
            "{} new, {} already here, {} conflicts.",
            &[
                &plan.new.len(),
                &plan.already_here.len(),
                &plan.conflicts.len(),
            ],
        )
    };
    let now = now_ms();
    let conflicts = plan
        .conflicts
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let theirs = GameSummary::of(&c.theirs.id, c.theirs.created_ms, &c.theirs.record, now);
            let mine = app
                .games
                .with_untracked(|gs| {
                    gs.iter()
                        .find(|g| g.id == c.theirs.id)
                        .map(|g| GameSummary::of(&g.id, g.created_ms, &g.record, now))
                });
            let describe = |s: &GameSummary| {
                format!(
                    "{} · {} · {}",
                    s.players(),
                    s.detail(),
                    s.result.clone().unwrap_or_else(|| t("in progress").into())
                )
            };
            let name = format!("conflict-{i}");
            view! {
                <fieldset data-testid="import-conflict">
                    <legend>{theirs.players()}</legend>
                    <p>{t("This phone:")}" "{mine.as_ref().map(describe).unwrap_or_default()}</p>
                    <p>{t("The file:")}" "{describe(&theirs)}</p>
                    <div class="choices" role="radiogroup" aria-label=tf("What to do with {}", &[&theirs.players()])>
                        {Choice::ALL
                            .into_iter()
                            .map(|choice| {
                                let name = name.clone();
                                view! {
                                    <label>
                                        <input
                                            type="radio"
                                            name=name
                                            prop:checked=move || choices.with(|c| c.get(i).copied().flatten() == Some(choice))
                                            on:change=move |_| choices.update(|c| {
                                                if let Some(slot) = c.get_mut(i) {
                                                    *slot = Some(choice);
                                                }
                                            })
                                        />
                                        {choice.label()}
                                    </label>
                                }
                            })
                            .collect_view()}
                    </div>
                </fieldset>
            }
        })
        .collect_view();
    let damaged = (!pending.file.damaged.is_empty()).then(|| {
        view! {
            <div class="banner error" data-testid="import-damaged">
                <p>{t("These games cannot be imported; the others can:")}</p>
                <ul>
                    {pending
                        .file
                        .damaged
                        .iter()
                        .map(|d| view! { <li>{d.to_string()}</li> }.into_any())
                        .collect_view()}
                </ul>
            </div>
        }
    });
    view! {
        <div class="card stack import-plan" data-testid="import-plan">
            <p class="title"><strong>{t("Importing this backup:")}" "</strong>{line}</p>
            {damaged}
            {(!plan.conflicts.is_empty()).then(|| view! {
                <p>
                    {t("A game with the same id is on this phone with a different record. Nothing is replaced unless you choose so.")}
                </p>
            })}
            {conflicts}
            <div class="row">
                <button class="primary" on:click=on_apply>{t("Import")}</button>
                <button on:click=move |_| on_cancel()>{t("Cancel")}</button>
            </div>
        </div>
    }
}
