// Keeping games safe in the browser's storage: a full storage (the game runs on, the player is
// warned, every press is written once there is room), two tabs on the same game (neither
// overwrites the other), and the request that the browser keep the app's storage.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startGame, watchErrors, openClockMenu } from "./helpers.mjs";

const T0 = new Date("2026-11-22T10:00:00Z").getTime();

async function press(page, color) {
  await page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
}

const clockTime = (page, color) => page.getByTestId(`clock-${color}`).locator(".time");

/// The keys of game `id`: its head, and the prefixes of the chunks of its events in every
/// layout.
const gameKeys = (id) => ({ head: `sk.game.${id}`, chunks: [`sk.log.${id}.`, `sk.events.${id}.`] });
const keyOfGame = ({ head, chunks }, key) => key === head || chunks.some((c) => key.startsWith(c));

/// Every stored value of game `id` (head and chunks), whatever their encoding.
const storedGame = (page, id) =>
  page.evaluate((game) => {
    const keys = Object.keys(localStorage)
      .filter((k) => k === game.head || game.chunks.some((c) => k.startsWith(c)))
      .sort();
    return Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)]));
  }, gameKeys(id));

/// Has every document of `context` keep a list of the writes it makes to local storage, each
/// a set or a removal with its key, from before the app's first line runs.
const countWrites = (context) =>
  context.addInitScript(() => {
    window.__storageWrites = [];
    for (const [name, method] of [["set", "setItem"], ["remove", "removeItem"]]) {
      const original = Storage.prototype[method];
      Storage.prototype[method] = function (key, ...rest) {
        if (this === window.localStorage) window.__storageWrites.push([name, String(key)]);
        return original.call(this, key, ...rest);
      };
    }
  });

/// The writes of game `id` this document has made so far (see `countWrites`).
const writesOf = async (page, id) =>
  (await page.evaluate(() => window.__storageWrites))
    .filter(([, key]) => keyOfGame(gameKeys(id), key))
    .map((w) => w.join(" "));

/// Presses `color`'s clock and waits until the press is done: the other clock shows it runs,
/// and the page has finished the task of the press and one more. The app writes a game in the
/// task of the change, so a write a press makes has happened by then: the tests check this
/// with presses that are written, counted at the same point.
async function pressAndSettle(page, color, running) {
  await press(page, color);
  await expect(page.getByTestId(`clock-${running}`)).toHaveAttribute("data-state", "running");
  await page.evaluate(
    () =>
      new Promise((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => done();
        channel.port2.postMessage(null);
      }),
  );
}

/// The writes `page` makes of game `id` during `act()`.
async function writesDuring(page, id, act) {
  const before = (await writesOf(page, id)).length;
  await act();
  return (await writesOf(page, id)).slice(before);
}

/// Fills the storage with junk until not even a few characters fit; returns what it holds.
const fillStorage = (page) =>
  page.evaluate(() => {
    let n = 0;
    let junk = 0;
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 4)) {
      const value = "x".repeat(size);
      for (;;) {
        const key = `junk.${n}`;
        try {
          localStorage.setItem(key, value);
        } catch {
          break;
        }
        n += 1;
        junk += key.length + size;
      }
    }
    let ours = 0;
    for (const k of Object.keys(localStorage)) {
      if (!k.startsWith("junk.")) ours += k.length + localStorage.getItem(k).length;
    }
    return { junk, ours };
  });

const removeJunk = (page) =>
  page.evaluate(() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith("junk.")) localStorage.removeItem(k);
  });

test("storage full: the clock runs on, the player is warned, and every press is written once there is room", async ({ page }) => {
  const errors = watchErrors(page);
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  const id = await startGame(page, "preset=lgc-2023&time=fischer&main=600&inc=10&black=Full&white=Room");
  const before = await storedGame(page, id);
  const { junk, ours } = await fillStorage(page);
  console.log(`storage quota found by filling: ${junk + ours} characters (keys and values; ${ours} of them the app's)`);

  await press(page, "white");
  const warning = page.getByTestId("save-error");
  await expect(warning).toContainText("Storage is full: 1 game is not saved yet");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(30_000);
  await expect(clockTime(page, "black")).toHaveText("9:30");
  await press(page, "black");
  await expect(clockTime(page, "black")).toHaveText("9:40");
  await page.clock.runFor(20_000);
  await expect(clockTime(page, "white")).toHaveText("9:40");
  await press(page, "white");
  await expect(clockTime(page, "white")).toHaveText("9:50");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  // The timer's retries change nothing while there is no room.
  await page.clock.runFor(6_000);
  await expect(warning).toBeVisible();
  await expect(clockTime(page, "black")).toHaveText("9:34");
  expect(await storedGame(page, id)).toEqual(before);
  expect(await page.evaluate((id) => sessionStorage.getItem(`sk.unsaved.${id}`) !== null, id)).toBe(true);

  // A reload meanwhile loses nothing that was shown: the tab's session keeps a copy.
  await page.reload();
  await expect(warning).toContainText("Storage is full: 1 game is not saved yet");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(clockTime(page, "white")).toHaveText("9:50");
  await expect(clockTime(page, "black")).toHaveText("9:34");
  expect(await storedGame(page, id)).toEqual(before);

  // Room again: the next retry writes the game and the warning goes.
  await removeJunk(page);
  await page.clock.runFor(6_000);
  await expect(warning).toHaveCount(0);
  const after = await storedGame(page, id);
  expect(after).not.toEqual(before);
  expect(Object.keys(after)).toContain(`sk.game.${id}`);
  // The tab's session copy goes once the game is written.
  expect(await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith("sk.unsaved.")))).toEqual([]);

  // A reload shows every press: three presses, both increments, Black's clock running.
  await page.reload();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(clockTime(page, "white")).toHaveText("9:50");
  await expect(clockTime(page, "black")).toHaveText("9:28");
  await expect(page.getByTestId("save-error")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("storage full: the warning is on every screen of the game, and deleting a finished game writes the unsaved one at once", async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  // A finished game to make room with.
  await startGame(page, "preset=lgc-2023&time=sudden&main=600&black=Old&white=Done");
  await press(page, "white");
  for (let i = 0; i < 40; i++) {
    await press(page, "black");
    await press(page, "white");
  }
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "Black resigns" }).click();
  await expect(page.getByTestId("clock-result")).toContainText("W+R");

  const id = await startGame(page, "preset=lgc-2023&time=sudden&main=600&black=New&white=Game");
  const before = await storedGame(page, id);
  await fillStorage(page);
  await press(page, "white");
  // The warning is on every screen of the game.
  for (const view of ["Board", "Count", "Result"]) {
    await page.getByRole("link", { name: view, exact: true }).click();
    await expect(page.getByTestId("save-error")).toContainText("Storage is full");
  }
  await page.getByTestId("save-error").getByRole("link", { name: "Free space" }).click();
  await expect(page).toHaveURL(/\/space$/);
  await expect(page.getByTestId("storage-line")).toContainText("Games use");
  const row = page.getByTestId("space-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Old – Done");
  await expect(row).toContainText("W+R");
  await expect(row).toContainText("kB");
  await expect(row.getByRole("link", { name: "Export the game Old – Done" })).toHaveAttribute("href", /\/sgf\?game=/);
  await row.getByRole("button", { name: "Delete the game Old – Done" }).click();
  // The delete made room: the new game is written without waiting for the timer.
  await expect(page.getByTestId("save-error")).toHaveCount(0);
  expect(await storedGame(page, id)).not.toEqual(before);
  await expect(page.getByRole("button", { name: "Undo" })).toBeVisible();
});

test("two tabs on one game: both warn, a press in one marks the other, which never overwrites it", async ({ context }) => {
  await countWrites(context);
  const a = await context.newPage();
  const errorsA = watchErrors(a);
  const id = await startGame(a, "preset=lgc-2023&time=sudden&main=600&black=Tab&white=Two");
  const b = await context.newPage();
  const errorsB = watchErrors(b);
  await b.goto(`/game/${id}/clock`);
  await expect(b.getByTestId("players")).toHaveText("Tab (B) – Two (W)");
  await expect(b.getByTestId("open-elsewhere")).toBeVisible();
  await expect(a.getByTestId("open-elsewhere")).toBeVisible();
  await expect(b.getByTestId("changed-elsewhere")).toHaveCount(0);

  // Two presses in A: Black moved, White's clock runs. Each is written by the time it is
  // done, its head last.
  for (const [color, running] of [["white", "black"], ["black", "white"]]) {
    const written = await writesDuring(a, id, () => pressAndSettle(a, color, running));
    expect(written.at(-1)).toBe(`set sk.game.${id}`);
  }
  await expect(b.getByTestId("changed-elsewhere")).toContainText("This game was changed in another tab or window");
  await expect(a.getByTestId("changed-elsewhere")).toHaveCount(0);
  const recordOfA = await storedGame(a, id);

  // B still shows its own copy; its press stays in B and never reaches storage: by the time
  // it is done, when a press that is written has been written, B has written nothing.
  expect(await writesDuring(b, id, () => pressAndSettle(b, "white", "black"))).toEqual([]);
  expect(await storedGame(b, id)).toEqual(recordOfA);
  await expect(a.getByTestId("changed-elsewhere")).toHaveCount(0);

  // B reads the game again: A's presses; B's own press is kept aside, not lost.
  await b.getByRole("button", { name: "Reload the game" }).click();
  await expect(b.getByTestId("changed-elsewhere")).toHaveCount(0);
  await expect(b.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(b.getByTestId("clock-black")).toContainText("Moves 1");
  const kept = await b.evaluate((id) => Object.keys(localStorage).filter((k) => k.startsWith("sk.quarantine.") && k.endsWith(`this-tab.${id}`)), id);
  expect(kept.length).toBe(1);
  expect(await storedGame(b, id)).toEqual(recordOfA);

  // From now on B writes again, and it is A that is told. B's writes are counted as A's
  // were: the same count that saw nothing above sees this press written when it is done.
  const written = await writesDuring(b, id, () => pressAndSettle(b, "white", "black"));
  expect(written.at(-1)).toBe(`set sk.game.${id}`);
  await expect(a.getByTestId("changed-elsewhere")).toBeVisible();
  // A page reload of A shows B's press.
  await a.reload();
  await expect(a.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(a.getByTestId("clock-white")).toContainText("Moves 1");
  await expect(a.getByTestId("changed-elsewhere")).toHaveCount(0);

  // When B leaves the game, A's warning that it is open twice goes.
  await b.goto("/");
  await expect(a.getByTestId("open-elsewhere")).toHaveCount(0);
  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
});

test("a duplicated tab starts as the same writer, and is another tab once both run: both warn, neither overwrites the other", async ({ context }) => {
  await context.clock.install({ time: T0 });
  await countWrites(context);
  const a = await context.newPage();
  const errorsA = watchErrors(a);
  const id = await startGame(a, "preset=lgc-2023&time=sudden&main=600&black=Dup&white=Tab");
  await press(a, "white");
  // A duplicated tab starts with a copy of the session storage, and so with the same writer.
  const writer = await a.evaluate(() => sessionStorage.getItem("sk.writer"));
  expect(writer).toMatch(/^[0-9a-f]{8}$/);
  const b = await context.newPage();
  const errorsB = watchErrors(b);
  await b.addInitScript((writer) => {
    if (!sessionStorage.getItem("sk.writer")) sessionStorage.setItem("sk.writer", writer);
  }, writer);
  await b.goto(`/game/${id}/clock`);
  await expect(b.getByTestId("players")).toHaveText("Dup (B) – Tab (W)");
  // Both keep claiming the game: a copy, not a document going away; one of them takes a writer
  // of its own, and both warn.
  await a.clock.runFor(20_000);
  await expect(a.getByTestId("open-elsewhere")).toBeVisible();
  await expect(b.getByTestId("open-elsewhere")).toBeVisible();
  const writers = await Promise.all([a, b].map((p) => p.evaluate(() => sessionStorage.getItem("sk.writer"))));
  expect(writers[0]).not.toEqual(writers[1]);

  // A press in A is written by the time it is done, and marks B, whose own press has
  // written nothing by the time it is done.
  const written = await writesDuring(a, id, () => pressAndSettle(a, "black", "white"));
  expect(written.at(-1)).toBe(`set sk.game.${id}`);
  await expect(b.getByTestId("changed-elsewhere")).toContainText("This game was changed in another tab or window");
  const recordOfA = await storedGame(a, id);
  expect(await writesDuring(b, id, () => pressAndSettle(b, "black", "white"))).toEqual([]);
  expect(await storedGame(b, id)).toEqual(recordOfA);
  await expect(a.getByTestId("changed-elsewhere")).toHaveCount(0);
  expect(errorsA).toEqual([]);
  expect(errorsB).toEqual([]);
});

test("a tab that only lists the games follows another tab's changes", async ({ context }) => {
  const home = await context.newPage();
  await home.goto("/");
  await expect(home.getByTestId("game-row")).toHaveCount(0);
  const play = await context.newPage();
  await startGame(play, "preset=lgc-2023&time=sudden&main=600&black=Seen&white=There");
  await expect(home.getByTestId("game-row")).toHaveCount(1);
  await expect(home.getByTestId("game-row")).toContainText("Seen – There");
  await openClockMenu(play);
  await play.getByText("Resign", { exact: true }).click();
  await play.getByRole("button", { name: "White resigns" }).click();
  await expect(home.getByTestId("game-row")).toContainText("B+R");
});

test("the browser is asked once to keep the app's storage when a game starts", async ({ page }) => {
  await page.addInitScript(() => {
    window.__persistCalls = 0;
    const persist = StorageManager.prototype.persist;
    StorageManager.prototype.persist = function () {
      window.__persistCalls += 1;
      return persist.call(this);
    };
  });
  await page.goto("/");
  await expect(page.getByTestId("storage-line")).toBeVisible();
  expect(await page.evaluate(() => window.__persistCalls)).toBe(0);
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await expect.poll(() => page.evaluate(() => window.__persistCalls)).toBe(1);
  // Moving between the game's views does not ask again.
  await page.getByRole("link", { name: "Board" }).click();
  await expect(page.getByRole("region", { name: "Board" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Clock" })).toHaveCount(0);
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByRole("region", { name: "Clock" })).toBeVisible();
  await page.getByRole("link", { name: "All games" }).click();
  await expect(page.getByTestId("storage-line")).toBeVisible();
  expect(await page.evaluate(() => window.__persistCalls)).toBe(1);
  // What the browser answered is what the home screen says.
  const persisted = await page.evaluate(() => navigator.storage.persisted());
  await expect(page.getByTestId("storage-line")).toContainText(
    persisted ? "the browser keeps them" : "the browser may clear them",
  );
});

test("values kept aside are deleted only after they were downloaded", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("sk.game.broken", '{"schema":1,"id":"broken","rec'));
  await page.goto("/space");
  await expect(page.getByTestId("kept-values")).toContainText("1 value that could not be read");
  const remove = page.getByRole("button", { name: "Delete the kept values" });
  await expect(remove).toBeDisabled();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the kept values" }).click();
  const file = await download;
  const text = await (await file.createReadStream()).toArray();
  expect(Buffer.concat(text).toString("utf8")).toContain('\\"id\\":\\"broken\\"');
  await remove.click();
  await expect(page.getByText("None.")).toBeVisible();
  const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("sk.quarantine.")));
  expect(kept).toEqual([]);
});

test("a game deleted while it was open, then imported from an earlier backup, shows and goes on from the backup's record", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=japanese&time=sudden&main=600&black=Kept&white=Back");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  // Every move within the app from here on: what the app holds in memory stays.
  await page.getByRole("link", { name: "All games" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export all games" }).click(),
  ]);
  const backup = readFileSync(await download.path());
  await page.getByTestId("game-row").getByRole("link", { name: "Clock" }).click();
  await press(page, "black");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toContainText("Moves 1");
  await page.getByRole("link", { name: "All games" }).click();
  await page.getByTestId("game-row").getByRole("button", { name: /^Delete/ }).click();
  await expect(page.getByTestId("game-row")).toHaveCount(0);
  await page.getByTestId("backup-file").setInputFiles({ name: "earlier.json", mimeType: "application/json", buffer: backup });
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  await page.getByTestId("game-row").getByRole("link", { name: "Clock" }).click();
  // One press, as the backup has it: Black to move, no move made.
  await expect(page.getByTestId("clock-black")).toContainText("Moves 0");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  // The next press goes on from that record: Black's move and its press are stored after the
  // backup's events, and a reload shows the same.
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toContainText("Moves 1");
  const head = await page.evaluate((id) => JSON.parse(localStorage.getItem(`sk.game.${id}`)), id);
  expect(head.event_count).toBe(JSON.parse(backup).games[0].record.events.length + 2);
  await page.reload();
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toContainText("Moves 1");
  expect(errors).toEqual([]);
});
