// A reload at any moment loses nothing that had been shown: a few hundred random actions at
// the table (presses, moves on the board, passes, pauses, corrections, undo, counting steps,
// new games), with reloads at random points. Before each reload the test reads what the screen
// shows and what is stored; after it, both must be the same. The fake time stands still
// between actions, so the clocks must come back to the millisecond. `RELOAD_CPU=4` runs them
// on a CPU slowed four times, where the writes of the document a reload replaces reach the new
// one late.
import { test, expect } from "@playwright/test";
import { startGame, throttleCpu, watchErrors, openClockMenu, closeClockMenu } from "./helpers.mjs";

const ACTIONS = Number(process.env.RELOAD_ACTIONS || 300);
const SEEDS = (process.env.RELOAD_SEED || "20261122,5").split(",").map(Number);
const CPU = Number(process.env.RELOAD_CPU || 1);
const T0 = new Date("2026-11-22T10:00:00Z").getTime();

/// A small seeded generator (mulberry32), so a failing run can be repeated with its seed.
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/// What the screen shows of the game, with the transient parts left out: the messages that
/// answer a refused tap (and the offer to record a refused move as played), the menu of pause
/// reasons, and panels a player had opened (closed first).
async function shown(page) {
  return page.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = false;
    const main = document.body.cloneNode(true);
    for (const sel of ['[data-testid$="-message"]', '[data-testid$="-error"]', '[data-testid="refused-move"]', '[role="group"][aria-label="Why pause the clock"]']) {
      for (const e of main.querySelectorAll(sel)) e.remove();
    }
    const attrs = [...main.querySelectorAll("[data-state], [data-stone], [data-dead]")].map((e) =>
      [e.dataset.testid || e.dataset.point, e.dataset.state, e.dataset.stone, e.dataset.dead].join(":"));
    document.body.append(main);
    main.style.position = "absolute";
    const text = main.innerText;
    main.remove();
    return { path: location.pathname, text, attrs };
  });
}

const stored = (page) => page.evaluate(() =>
  Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith("sk.game.") || k.startsWith("sk.log.")).sort().map((k) => [k, localStorage.getItem(k)])));

test.setTimeout(600_000);

for (const SEED of SEEDS) test(`${ACTIONS} random actions (seed ${SEED}) with reloads at random points lose nothing that was shown`, async ({ page }) => {
  const errors = watchErrors(page);
  if (CPU > 1) await throttleCpu(page, CPU);
  // A step that cannot be done fails at once instead of waiting for the whole test's time.
  page.setDefaultTimeout(CPU > 1 ? 20_000 : 10_000);
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  const rnd = random(SEED);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const log = [];
  const visible = async (locator) => (await locator.count()) > 0 && (await locator.first().isVisible());
  const clickIf = async (locator) => {
    if ((await visible(locator)) && (await locator.first().isEnabled())) {
      await locator.first().click();
      return true;
    }
    return false;
  };
  const newGame = async () => {
    const size = pick([9, 9, 13, 19]);
    const preset = pick(["lgc-2023", "lgc-2023", "cape-town-2005", "dutch-lightning", "japanese"]);
    const time = pick(["byoyomi&main=60&periods=3&period=20", "sudden&main=300", "fischer&main=120&inc=5", "canadian&main=60&stones=5&period=60"]);
    id = await startGame(page, `preset=${preset}&size=${size}&time=${time}&black=Ann&white=Bo`);
    log.push(`new game ${preset} ${size} ${time}`);
  };
  const tab = (name) => page.getByRole("navigation", { name: "Views of this game" }).getByRole("link", { name });
  const onView = (view) => page.url().endsWith(`/${view}`);
  // The router changes the address once the view's piece has arrived: wait for it, as a
  // player waits for the screen to change, so that the next action never lands on the view
  // being left while the address still names it (a reload then would open the new view).
  const opened = (view) => page.waitForURL((url) => url.pathname.endsWith(`/${view}`));
  const open = async (name) => {
    await tab(name).click();
    await opened(name.toLowerCase());
  };

  let id;
  await newGame();
  let reloads = 0;
  let done = 0;
  const actions = {
    async press() {
      if (!onView("clock")) await open("Clock");
      const states = await Promise.all(["black", "white"].map((c) => page.getByTestId(`clock-${c}`).getAttribute("data-state")));
      const running = ["black", "white"].find((_, i) => states[i] === "running");
      const side = running && rnd() < 0.85 ? running : pick(["black", "white"]);
      await page.getByTestId(`clock-${side}`).dispatchEvent("pointerdown");
      return `press ${side}`;
    },
    async move() {
      if (!onView("board")) await open("Board");
      const empty = page.getByTestId("board").locator("g.pt:not([data-stone])");
      const n = await empty.count();
      if (n === 0) return null;
      const i = Math.floor(rnd() * n);
      const point = await empty.nth(i).getAttribute("data-point");
      await empty.nth(i).click();
      return `move ${point}`;
    },
    async pass() {
      if (!onView("clock") && !onView("board")) await open("Clock");
      return (await clickIf(page.getByRole("button", { name: "Pass", exact: true }))) ? "pass" : null;
    },
    async undo() {
      if (onView("clock")) return (await clickIf(page.getByRole("button", { name: "Undo press" }))) ? "undo press" : null;
      if (onView("board")) return (await clickIf(page.getByRole("button", { name: "Undo", exact: true }))) ? "undo move" : null;
      return null;
    },
    async pause() {
      if (!onView("clock")) return null;
      if (await clickIf(page.getByRole("button", { name: "Resume" }))) return "resume";
      if (!(await clickIf(page.getByRole("button", { name: "Pause", exact: true })))) return null;
      const reasons = page.getByRole("group", { name: "Why pause the clock" }).getByRole("button");
      const n = await reasons.count();
      if (n === 0) return "pause (no reasons)";
      const i = Math.floor(rnd() * n);
      const label = await reasons.nth(i).innerText();
      await reasons.nth(i).click();
      return `pause: ${label}`;
    },
    async correct() {
      if (!onView("clock")) return null;
      await openClockMenu(page);
      const panel = page.locator("details", { has: page.getByText("Referee corrections") });
      if (!(await visible(panel))) return closeClockMenu(page).then(() => null);
      await panel.evaluate((d) => { d.open = true; });
      const color = pick(["Black", "White"]);
      await page.getByRole("radio", { name: color }).click();
      const button = pick(["1-minute penalty", "Both +2 min"]);
      await page.getByRole("button", { name: button }).click();
      await closeClockMenu(page);
      return `correction ${color} ${button}`;
    },
    async count() {
      if (onView("clock") && (await clickIf(page.getByRole("link", { name: "Go to the count" })))) {
        await opened("count");
        return "to the count";
      }
      if (!onView("count")) {
        await open("Count");
        return "count tab";
      }
      const stones = page.getByTestId("board").locator("g.pt[data-stone]");
      const n = await stones.count();
      const choice = rnd();
      if (choice < 0.3 && n > 0) {
        const i = Math.floor(rnd() * n);
        const point = await stones.nth(i).getAttribute("data-point");
        await stones.nth(i).click();
        return `count: tap ${point}`;
      }
      const buttons = page.getByRole("button", { name: /confirms$|disputes|finds a point/ });
      const m = await buttons.count();
      if (m === 0) return null;
      const j = Math.floor(rnd() * m);
      if (await buttons.nth(j).isDisabled()) return null;
      const label = await buttons.nth(j).innerText();
      await buttons.nth(j).click();
      return `count: ${label}`;
    },
    async wait() {
      const ms = Math.floor(rnd() * 8_000);
      await page.clock.runFor(ms);
      return `wait ${ms} ms`;
    },
    async view() {
      const name = pick(["Clock", "Board", "Count", "Result"]);
      await open(name);
      return `view ${name}`;
    },
    async resign() {
      if (!onView("clock") || rnd() < 0.7) return null;
      await openClockMenu(page);
      const panel = page.locator("details", { has: page.locator("summary", { hasText: "Resign" }) });
      if (!(await visible(panel))) return closeClockMenu(page).then(() => null);
      await panel.first().evaluate((d) => { d.open = true; });
      const color = pick(["Black", "White"]);
      const resigned = await clickIf(page.getByRole("button", { name: `${color} resigns` }));
      await closeClockMenu(page);
      return resigned ? `${color} resigns` : null;
    },
    async another() {
      if (rnd() < 0.85) return null;
      await newGame();
      return "another game";
    },
  };
  const weights = { press: 30, move: 22, pass: 6, undo: 4, pause: 4, correct: 2, count: 10, wait: 12, view: 5, resign: 1, another: 2 };
  const bag = Object.entries(weights).flatMap(([name, w]) => Array(w).fill(name));

  try {
    while (done < ACTIONS) {
      const name = pick(bag);
      const what = await actions[name]();
      if (what === null) continue;
      done += 1;
      log.push(what);
      if (rnd() < 0.15) {
        const before = await shown(page);
        const storedBefore = await stored(page);
        await page.reload();
        await expect.poll(() => shown(page)).toEqual(before);
        expect(await stored(page)).toEqual(storedBefore);
        reloads += 1;
        log.push(`reload ${reloads}`);
      }
    }
  } catch (e) {
    console.log(`seed ${SEED}; the last actions:\n  ${log.slice(-25).join("\n  ")}`);
    throw e;
  }
  const kinds = {};
  for (const line of log) {
    const kind = line.split(/[ :]/)[0];
    kinds[kind] = (kinds[kind] || 0) + 1;
  }
  console.log(`${done} actions, ${reloads} reloads (seed ${SEED}): ${JSON.stringify(kinds)}`);
  if (process.env.RELOAD_SHOW) console.log(JSON.stringify(await shown(page), null, 1));
  expect(reloads).toBeGreaterThan(ACTIONS / 10);
  expect(errors).toEqual([]);
});

/// The stored head of game `id`.
const head = (page, id) => page.evaluate((id) => JSON.parse(localStorage.getItem(`sk.game.${id}`)), id);

/// Writes the head of game `id` again as a save of the same record by `writer` does (one more
/// write, a new time), from another document of the same tab: a frame of the page, which shares
/// the tab's session storage and whose writes reach the page as the browser's `storage` events,
/// exactly as the writes of the document a reload replaced reach the new one when they are late.
const writeLate = (page, id, writer) =>
  page.evaluate(([id, writer]) => {
    const frame = document.createElement("iframe");
    frame.hidden = true;
    document.body.append(frame);
    const other = frame.contentWindow.localStorage;
    const key = `sk.game.${id}`;
    const h = JSON.parse(other.getItem(key));
    h.writer = writer ?? h.writer;
    h.seq = (h.seq ?? 0) + 1;
    h.saved_at_ms += 1;
    other.setItem(key, JSON.stringify(h));
    frame.remove();
  }, [id, writer]);

test("late writes of the document a reload replaced are this tab's own: nothing is marked, every press is still written", async ({ page }) => {
  const errors = watchErrors(page);
  await throttleCpu(page, 4);
  page.setDefaultTimeout(20_000);
  const id = await startGame(page, "preset=lgc-2023&time=sudden&main=600&black=Late&white=Writes");
  const press = (color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
  // The player whose clock runs presses it.
  const pressRunning = async () => {
    const black = await page.getByTestId("clock-black").getAttribute("data-state");
    await press(black === "running" ? "black" : "white");
  };
  const clean = async () => {
    // Long enough for a storage event to arrive on the slowed page.
    await page.waitForTimeout(400);
    await expect(page.getByTestId("changed-elsewhere")).toHaveCount(0);
    await expect(page.getByTestId("open-elsewhere")).toHaveCount(0);
  };
  await press("white");
  let count = (await head(page, id)).event_count;
  for (let i = 0; i < 6; i++) {
    // The document going away saves once more as it goes (as a retry on pagehide does).
    await page.evaluate((id) => addEventListener("pagehide", () => {
      const key = `sk.game.${id}`;
      const h = JSON.parse(localStorage.getItem(key));
      h.seq = (h.seq ?? 0) + 1;
      h.saved_at_ms += 1;
      localStorage.setItem(key, JSON.stringify(h));
    }), id);
    await page.reload();
    await expect(page.getByTestId("clock-black")).toBeVisible();
    // And once more after this document runs: the late write that used to stop the saving.
    await writeLate(page, id);
    await clean();
    // Each press is written, and the clock still shows it after the next reload.
    await pressRunning();
    await expect.poll(async () => (await head(page, id)).event_count).toBeGreaterThan(count);
    count = (await head(page, id)).event_count;
    await clean();
  }
  await page.reload();
  await expect(page.getByTestId("clock-black")).toBeVisible();
  expect((await head(page, id)).event_count).toBe(count);
  await clean();

  // The same write by another tab's writer is another tab's: the warning, and no more writes.
  await writeLate(page, id, "0therTab");
  await expect(page.getByTestId("changed-elsewhere")).toContainText("This game was changed in another tab or window");
  const stored = await head(page, id);
  await pressRunning();
  await page.waitForTimeout(400);
  expect(await head(page, id)).toEqual(stored);
  expect(errors).toEqual([]);
});
