// Games stored by an earlier version of the app load in this one, are rewritten in the current
// layout, and come back the same after a reload; the fixture was written by a real build (see
// tests/fixtures/storage/README.md).
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { watchErrors } from "./helpers.mjs";

const V1 = JSON.parse(readFileSync(new URL("../fixtures/storage/v1.json", import.meta.url), "utf8"));
const V2 = JSON.parse(readFileSync(new URL("../fixtures/storage/v2.json", import.meta.url), "utf8"));
const V2_WRITERS = JSON.parse(readFileSync(new URL("../fixtures/storage/v2-writers.json", import.meta.url), "utf8"));
const RELEASE = JSON.parse(readFileSync(new URL("../fixtures/storage/v2-release.json", import.meta.url), "utf8"));
const BOOK_V1 = JSON.parse(readFileSync(new URL("../fixtures/storage/book-v1.json", import.meta.url), "utf8"));
const headRules = (values) =>
  Object.entries(values)
    .filter(([k]) => k.startsWith("sk.game."))
    .map(([, v]) => JSON.parse(v).record.settings.rules);
const gameKeys = (values) => Object.fromEntries(Object.entries(values).filter(([k]) => k.startsWith("sk.game.") || k.startsWith("sk.log.")));

/// Opens the app with `values` as its whole storage. They are put in from a blank page of the
/// app's origin, where none of the app runs: a page of the app reads the stored games once it
/// is idle, and if that fell between the values going in and the reload, the reload would show
/// what a second read of them shows (a game already kept aside), not what a first read shows.
async function openWith(page, values) {
  await page.route("**/blank-of-origin", (route) =>
    route.fulfill({ contentType: "text/html", body: '<!doctype html><link rel="icon" href="data:,">' }),
  );
  await page.goto("/blank-of-origin");
  await page.evaluate((values) => {
    localStorage.clear();
    for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  }, values);
  await page.goto("/");
}

const stored = (page) => page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

test("games of storage layout 1 load, are rewritten in the current layout, and survive a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await openWith(page, V1);

  // All three games are listed, the counted one with its result; the markup in a name is text.
  const rows = page.getByTestId("game-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Ann Smith" })).toContainText("W+7.5");
  await expect(rows.filter({ hasText: "Ann Smith" })).toContainText("Bo <b>Chen</b>");
  await expect(page.locator("b", { hasText: "Chen" })).toHaveCount(0);

  // Rewritten: every head is in layout 3, the events sit in the new full chunks of 256 and
  // the rest in the head's tail, the old chunks are gone.
  const after = await stored(page);
  const heads = Object.keys(after).filter((k) => k.startsWith("sk.game."));
  expect(heads).toHaveLength(3);
  for (const k of heads) expect(JSON.parse(after[k]).schema).toBe(3);
  expect(Object.keys(after).filter((k) => k.startsWith("sk.events."))).toEqual([]);
  const fullChunks = heads.reduce((n, k) => n + Math.floor(JSON.parse(after[k]).event_count / 256), 0);
  expect(fullChunks).toBeGreaterThanOrEqual(1);
  expect(Object.keys(after).filter((k) => k.startsWith("sk.log.")).length).toBe(fullChunks);
  const size = (values) => Object.entries(values).filter(([k]) => k.startsWith("sk.game.") || k.startsWith("sk.log.") || k.startsWith("sk.events.")).reduce((n, [k, v]) => n + k.length + v.length, 0);
  expect(size(after)).toBeLessThan(size(V1) / 2);

  // The imported game has all its moves; the Dutch game's clock shows the corrections.
  const shusaku = heads.find((k) => after[k].includes("Shusaku")).slice("sk.game.".length);
  await page.goto(`/game/${shusaku}/board`);
  await expect(page.getByTestId("board").locator('[data-stone="b"]')).toHaveCount(134);
  await expect(page.getByTestId("board").locator('[data-stone="w"]')).toHaveCount(131);
  const dutch = heads.find((k) => after[k].includes("Dirk")).slice("sk.game.".length);
  await page.goto(`/game/${dutch}/board`);
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(6);

  // A second load reads the rewritten layout and finds the same games and nothing to report.
  await page.goto("/");
  await expect(rows).toHaveCount(3);
  expect(await stored(page)).toEqual(after);
  expect(errors).toEqual([]);
});

test("a game saved by a newer version is kept aside with a clear message and the others still open", async ({ page }) => {
  const newer = { ...V1 };
  const [headKey] = Object.keys(V1).filter((k) => k.startsWith("sk.game.") && V1[k].includes("Dirk"));
  newer[headKey] = JSON.stringify({ ...JSON.parse(V1[headKey]), schema: 99 });
  await openWith(page, newer);
  await expect(page.getByTestId("game-row")).toHaveCount(2);
  await expect(page.getByText("saved by a newer version of the app")).toBeVisible();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sk.quarantine.")));
  expect(kept.some((k) => k.endsWith(headKey))).toBe(true);
  // On the next visit the values are still kept aside, and the home screen still says so.
  await page.reload();
  await expect(page.getByTestId("game-row")).toHaveCount(2);
  await expect(page.getByTestId("storage-problems")).toContainText("stored values that could not be read are kept aside");
});

test("games of layout 2 whose heads name no writer load, are written again with their rules in full, and the next move names this tab", async ({ page }) => {
  const errors = watchErrors(page);
  await openWith(page, V2);
  const rows = page.getByTestId("game-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Ola" })).toContainText("B+R");
  // The same heads; each now holds the rules the game was started with, and in layout 3 the
  // events of a chunk short of 256, whose key goes.
  const loaded = gameKeys(await stored(page));
  const headKeys = (values) => Object.keys(values).filter((k) => k.startsWith("sk.game.")).sort();
  expect(headKeys(loaded)).toEqual(headKeys(V2));
  for (const k of headKeys(loaded)) {
    const head = JSON.parse(loaded[k]);
    expect(head.schema).toBe(3);
    expect(head.event_count).toBe(JSON.parse(V2[k]).event_count);
    expect(head.tail.length > 0).toBe(head.event_count % 256 > 0);
  }
  for (const [k, v] of Object.entries(loaded)) if (k.startsWith("sk.log.")) expect(v).toBe(V2[k]);
  expect(headRules(V2).every((r) => r === undefined)).toBe(true);
  expect(headRules(loaded).every((r) => r && typeof r.komi_even === "number" && Array.isArray(r.pause_reasons))).toBe(true);

  const head = Object.keys(V2).find((k) => k.startsWith("sk.game.") && V2[k].includes("Mia"));
  const id = head.slice("sk.game.".length);
  await page.goto(`/game/${id}/board`);
  const board = page.getByTestId("board");
  await expect(board.locator("[data-stone]")).toHaveCount(5);
  await board.locator('g.pt[data-point="dd"]').click();
  await expect(board.locator("[data-stone]")).toHaveCount(6);
  const written = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)), head);
  const writer = await page.evaluate(() => sessionStorage.getItem("sk.writer"));
  // Written twice here: once with the rules in full on load, once for the move.
  expect(written).toMatchObject({ schema: 3, event_count: 6, writer, seq: 2 });
  await page.reload();
  await expect(board.locator("[data-stone]")).toHaveCount(6);
  await expect(page.getByTestId("changed-elsewhere")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("games whose heads left out their preset's rules keep them from now on", async ({ page }) => {
  const errors = watchErrors(page);
  await openWith(page, V2_WRITERS);
  const rows = page.getByTestId("game-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: "Ann" })).toContainText("B+R");
  const loaded = gameKeys(await stored(page));
  const rules = headRules(loaded);
  expect(rules.every((r) => r && Array.isArray(r.pause_reasons))).toBe(true);
  const head = Object.keys(V2_WRITERS).find((k) => k.startsWith("sk.game.") && V2_WRITERS[k].includes("Thandi"));
  expect(JSON.parse(loaded[head]).record.settings.rules.neutral_capture_count).toBe(2);
  await page.goto(`/game/${head.slice("sk.game.".length)}/board`);
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(7);
  await page.reload();
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(7);
  await expect(page.getByTestId("changed-elsewhere")).toHaveCount(0);
  expect(errors).toEqual([]);
});

/// The lines of the game list's index (`sk.idx.<id>`), by key.
const indexLines = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("sk.idx.")).map((k) => [k, localStorage.getItem(k)])));

test("a store written by the last release's build opens with every game listed, and the list's index is built from it", async ({ page }) => {
  const errors = watchErrors(page);
  const ids = Object.keys(RELEASE).filter((k) => k.startsWith("sk.game.")).map((k) => k.slice("sk.game.".length));
  const running = ids.find((id) => RELEASE[`sk.game.${id}`].includes("Jürgen"));
  const lastPress = JSON.parse(RELEASE[`sk.game.${running}`]).saved_at_ms;
  // The phone's time ten minutes after the release build wrote the store: the game whose
  // clock runs (sudden death, 1 hour) is still in progress.
  await page.clock.setFixedTime(lastPress + 10 * 60_000);
  await openWith(page, RELEASE);
  const rows = page.getByTestId("game-row");
  await expect(rows).toHaveCount(4);
  const row = (name) => rows.filter({ hasText: name });
  await expect(row("Ann Lee – Bo Chen")).toContainText("W+8.5 · White wins by 8.5");
  await expect(row("Ann Lee – Bo Chen")).toContainText("Spring Open, round 2");
  await expect(row("Mia Jansen – Noor de Vries")).toContainText("B+R · Black wins by resignation");
  await expect(row("Kai – Lou")).toContainText("In progress");
  await expect(row("Jürgen Müller – Zoë Park")).toContainText("In progress");
  await expect(row("Jürgen Müller – Zoë Park")).toContainText("7 moves");

  // The index is built, one line of layout 1 per game; the release's list of finished games
  // gives way to it.
  let lines = await indexLines(page);
  expect(Object.keys(lines).sort()).toEqual(ids.map((id) => `sk.idx.${id}`).sort());
  for (const line of Object.values(lines)) expect(line.split("\t")[0]).toBe("1");
  expect(await page.evaluate(() => localStorage.getItem("sk.settled"))).toBeNull();
  const built = await stored(page);

  // The next visit reads the index and writes nothing.
  await page.reload();
  await expect(rows).toHaveCount(4);
  await expect(row("Jürgen Müller – Zoë Park")).toContainText("In progress");
  expect(await stored(page)).toEqual(built);

  // An hour later White's flag has fallen: the index's last state of the clock says so with
  // no new event, as the clock would (LGC: the game is lost on time).
  await page.clock.setFixedTime(lastPress + 61 * 60_000);
  await page.reload();
  await expect(row("Jürgen Müller – Zoë Park")).toContainText("B+T · Black wins on time");
  await expect(row("Kai – Lou")).toContainText("In progress");

  // An index line missing, one damaged, one left by a game deleted elsewhere: every game is
  // still listed and the index is made whole again.
  const [first, second] = ids;
  await page.evaluate(([a, b]) => {
    localStorage.removeItem(`sk.idx.${a}`);
    localStorage.setItem(`sk.idx.${b}`, "1\tdamaged");
    localStorage.setItem("sk.idx.gone-elsewhere", "1\tgone");
  }, [first, second]);
  await page.clock.setFixedTime(lastPress + 10 * 60_000);
  await page.reload();
  await expect(rows).toHaveCount(4);
  await expect(row("Ann Lee – Bo Chen")).toContainText("W+8.5");
  lines = await indexLines(page);
  expect(Object.keys(lines).sort()).toEqual(ids.map((id) => `sk.idx.${id}`).sort());
  expect(lines).toEqual(Object.fromEntries(Object.entries(built).filter(([k]) => k.startsWith("sk.idx."))));

  // A press on the running game is in its line by the time the list is shown again.
  await page.goto(`/game/${running}/clock`);
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.getByTestId("clock-white").dispatchEvent("pointerdown");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.goto("/");
  await expect(row("Jürgen Müller – Zoë Park")).toContainText("8 moves");
  await expect.poll(async () => (await indexLines(page))[`sk.idx.${running}`].split("\t")[3]).toBe("17");
  expect(errors).toEqual([]);
});

test("a director's rounds stored in the book's layout 1 open with every result kept, and the tournament's round keeps no copy of its tables", async ({ page }) => {
  const errors = watchErrors(page);
  expect(JSON.parse(BOOK_V1["sk.rounds"]).layout).toBe(1);
  await openWith(page, BOOK_V1);
  await page.goto("/round");
  const row = (table) => page.locator(`[data-testid="round-table"][data-table="${table}"]`);
  const check = async () => {
    await expect(page.getByTestId("round-table")).toHaveCount(11);
    await expect(page.getByTestId("round-in")).toHaveText("2 of 11");
    await expect(row(1)).toHaveAttribute("data-state", "in");
    await expect(row(1).locator(".table-result")).toHaveText("B+R");
    await expect(row(2)).toHaveAttribute("data-state", "conflict");
    await expect(row(2).locator(".table-result")).toHaveText("B+R or W+R");
    await expect(page.getByTestId("round-conflicts")).toContainText("table 2");
    await expect(row(3)).toHaveAttribute("data-state", "entered");
    await expect(row(3).locator(".table-result")).toHaveText("W+ (entered by Ewa Nowak)");
  };
  await check();
  // Written again in layout 2: the tournament's round by its name and number, with its inbox.
  const book = JSON.parse((await stored(page))["sk.rounds"]);
  expect(book.layout).toBe(2);
  const round = book.rounds.find((r) => r.number === 2);
  expect(round.drawn).toBe(true);
  expect(round.tables).toBeUndefined();
  expect(round.inbox.map((i) => [i.table, i.received.length])).toEqual([[1, 1], [2, 2], [3, 1]]);
  // The typed round keeps its own tables and its result.
  const typed = book.rounds.find((r) => r.tournament === "Club night");
  expect(typed.tables.length).toBe(2);
  await page.locator('select[name="kept-round"]').selectOption({ label: "Club night · Round 1 (1 of 2 in)" });
  await expect(page.getByTestId("round-table")).toHaveCount(2);
  await expect(row(2)).toHaveAttribute("data-state", "entered");
  await expect(row(2).locator(".table-result")).toHaveText("B+ (entered by Ewa Nowak)");
  await expect(row(1)).toHaveAttribute("data-state", "waiting");
  // After a reload, the same.
  await page.reload();
  await check();
  expect(errors).toEqual([]);
});
