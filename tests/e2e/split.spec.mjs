// The screens loaded on first use (src/app/lazy.rs, scripts/split.mjs): the list fetches no
// piece but the new-game form's and a game's frame's and clock's, in the background, and the
// reader of the stored games (src/app/loading.rs) and the backup section's when they are
// needed; an open game
// fetches its other views' pieces and the clock's menu in the background; any other screen
// fetches its own when opened; the service worker keeps every piece, so a screen never opened
// before opens offline; a fetch cut short is tried again; a piece that cannot be fetched leaves
// a screen that says so, and the app running.
import { test, expect } from "@playwright/test";
import { ownServer, press, resign, startGame, waitForServiceWorker, watchErrors } from "./helpers.mjs";

test("the list fetches only the form's, a game's frame's and clock's pieces, the backup section's when used, a game its views', the SGF screen its own when opened", async ({ browser }) => {
  const server = await ownServer(4194);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  // The form's, a game's frame's and the clock's pieces come in the background once the list is
  // up: nearly every visit opens the form, then a game's clock. With no game stored, the list's
  // index tells everything, so the stored games' reader does not come, and the backup
  // section's comes when it is used. No other screen's piece comes.
  const screensFetched = () => server.requests.filter((p) => /_split_[a-z_]+\.wasm$/.test(p)).map((p) => p.match(/_split_([a-z_]+)\.wasm$/)[1]);
  const sorted = () => screensFetched().sort();
  await expect.poll(sorted).toEqual(["clock", "frame", "new_game"]);
  await expect(page.getByTestId("backup-file")).toBeAttached();
  // What the screens share comes as a few files, not one per set of screens sharing it: the
  // main module, the groups the form and a game need, and their own.
  const wasmFetched = () => server.requests.filter((p) => /\.wasm$/.test(p));
  expect(wasmFetched().filter((p) => /_shared_[a-z]+\.wasm$/.test(p)).length).toBeGreaterThan(0);
  expect(wasmFetched().length).toBeLessThanOrEqual(8);
  // A backup file chosen brings the backup section's piece, with the stored games' reader.
  await page.getByTestId("backup-file").setInputFiles({ name: "empty.json", mimeType: "application/json", buffer: Buffer.from("{}") });
  await expect(page.getByTestId("backup-message")).toContainText("Nothing was changed.");
  expect(sorted()).toEqual(["backup", "clock", "frame", "games", "new_game"]);
  await page.getByTestId("new-game").click();
  await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  expect(sorted()).toEqual(["backup", "clock", "frame", "games", "new_game"]);

  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  await expect(page.getByTestId("clock-black")).toBeVisible();
  const screens = () => screensFetched().filter((s) => !["new_game", "backup", "clock", "frame", "games"].includes(s)).sort();
  // The clock's menu comes in the background too, as the clock opens.
  await expect.poll(screens).toEqual(["board", "clock_menu", "count", "result"]);

  await page.goto("/");
  await page.getByRole("link", { name: "Import SGF" }).click();
  await expect(page.getByRole("heading", { name: "Import a game (SGF)" })).toBeVisible();
  expect(server.requests.filter((p) => /_split_sgf\.wasm$/.test(p))).toHaveLength(1);
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
});

test("a screen never opened before opens with the server stopped, from the service worker", async ({ browser }) => {
  const server = await ownServer(4195);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  await waitForServiceWorker(page);
  await server.close();
  await page.getByRole("link", { name: "Import SGF" }).click();
  await expect(page.getByRole("heading", { name: "Import a game (SGF)" })).toBeVisible();
  await page.goto("/space");
  await expect(page.getByRole("heading", { name: "Storage space" })).toBeVisible();
  expect(errors.filter((e) => !e.includes("sw.js"))).toEqual([]);
  await context.close();
});

test("a piece that cannot be fetched leaves a screen that says so; trying again opens it", async ({ browser }) => {
  const server = await ownServer(4196);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  await context.route(/_split_sgf\.wasm$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/");
  await page.getByRole("link", { name: "Import SGF" }).click();
  await expect(page.getByRole("heading", { name: "This screen could not be loaded" })).toBeVisible();
  // The app still runs: the list is one tap away and works.
  await page.getByRole("link", { name: "Go to your games" }).click();
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await page.getByRole("link", { name: "Import SGF" }).click();
  await expect(page.getByRole("heading", { name: "This screen could not be loaded" })).toBeVisible();

  await context.unroute(/_split_sgf\.wasm$/);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "Import a game (SGF)" })).toBeVisible();
  await expect(page).toHaveURL(/\/sgf$/);
  await context.close();
  await server.close();
});

test("a piece whose first two fetches are cut off is fetched again, and the screen opens without a word of it", async ({ browser }) => {
  const server = await ownServer(4188);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  let cut = 0;
  await context.route(/_split_sgf\.wasm$/, (route) => {
    if (cut++ < 2) return route.abort("connectionreset");
    return route.continue();
  });
  // Opened straight from the address: the router's early fetch and the screen's own load each
  // meet one cut, so without a second try the screen would say it could not be loaded.
  await page.goto("/sgf");
  await expect(page.getByRole("heading", { name: "Import a game (SGF)" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "This screen could not be loaded" })).toHaveCount(0);
  expect(cut).toBeGreaterThanOrEqual(3);
  await context.close();
  await server.close();
});

test("a screen whose piece is slow to come says it is opening until it opens", async ({ browser }) => {
  const server = await ownServer(4197);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The board's piece is held back, as on a weak connection, until the test lets it through.
  let letThrough;
  const held = new Promise((resolve) => { letThrough = resolve; });
  await context.route(/_split_board\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await page.getByTestId("new-game").click();
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByTestId("clock-black")).toBeVisible();
  // Quick changes of screen show nothing.
  await expect(page.getByTestId("opening")).toBeEmpty();

  await page.getByRole("link", { name: "Board" }).click();
  await expect(page.getByTestId("opening")).toHaveText("Opening…");
  await expect(page.getByTestId("opening")).toBeVisible();
  letThrough();
  await expect(page).toHaveURL(/\/board$/, { timeout: 10_000 });
  await expect(page.locator(".goban")).toBeVisible();
  await expect(page.getByTestId("opening")).toBeEmpty();
  await expect(page.getByTestId("opening")).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
});

test("a backup section whose piece cannot be fetched says so when used, and the list works", async ({ browser }) => {
  const server = await ownServer(4187);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  await context.route(/_split_backup\.wasm$/, (route) => route.abort("internetdisconnected"));
  await page.goto("/");
  await page.getByTestId("backup-file").setInputFiles({ name: "empty.json", mimeType: "application/json", buffer: Buffer.from("{}") });
  await expect(page.getByText("Backups could not be loaded: check the connection, then open the app again.")).toBeVisible();
  await expect(page.getByTestId("backup-message")).toHaveCount(0);
  await page.getByTestId("new-game").click();
  await expect(page.getByRole("button", { name: "Start" })).toBeVisible();
  await context.close();
  await server.close();
});

test("the list is drawn from its index before the stored games are read: with their reader's piece cut off, every game is listed, a game says its screen did not arrive, and nothing is lost", async ({ browser }) => {
  const server = await ownServer(4186);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  const id = await startGame(page, "black=Ana&white=Ben&main=600&system=sudden-death");
  for (const side of ["black", "white", "black", "white"]) await press(page, side);
  const moves = async () => (await page.getByTestId("clock-white").innerText()).match(/Moves \d+/)[0];
  await expect.poll(moves).not.toBe("Moves 0");
  const played = await moves();
  // Leaving the game writes the list's index.
  await page.goto("/");
  await expect(page.locator(`[data-game="${id}"]`)).toBeVisible();

  await context.route(/_split_games\.wasm$/, (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(page.locator(`[data-game="${id}"]`)).toContainText("Ana");
  await expect(page.locator(`[data-game="${id}"]`)).toContainText("Ben");
  await page.locator(`[data-game="${id}"] .game-open`).click();
  await expect(page.getByRole("heading", { name: "This screen could not be loaded" })).toBeVisible();

  await context.unroute(/_split_games\.wasm$/);
  await page.getByRole("link", { name: "Try again" }).click();
  await expect(page.getByTestId("clock-black")).toBeVisible();
  expect(await moves()).toBe(played);
  await context.close();
  await server.close();
});

test("the list reads the stored games only when its index cannot tell them: a game in progress, or a change another tab makes", async ({ browser }) => {
  const server = await ownServer(4185);
  const context = await browser.newContext({ baseURL: server.url, serviceWorkers: "block" });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // The reader's piece as this page fetches it (the other tab below fetches its own).
  let fetchedHere = 0;
  let formFetched = 0;
  page.on("request", (r) => {
    if (/_split_games\.wasm$/.test(r.url())) fetchedHere += 1;
    if (/_split_new_game\.wasm$/.test(r.url())) formFetched += 1;
  });
  const readerFetched = () => fetchedHere;
  const id = await startGame(page, "black=Ana&white=Ben&main=600&system=sudden-death");
  await press(page, "white");
  // A game in progress may have been saved after its line of the index: the list reads it.
  let before = readerFetched();
  await page.goto("/");
  await expect(page.locator(`[data-game="${id}"]`)).toBeVisible();
  await expect.poll(readerFetched).toBe(before + 1);
  before = readerFetched();
  await page.reload();
  await expect(page.locator(`[data-game="${id}"]`)).toContainText("Ana");
  await expect.poll(readerFetched).toBe(before + 1);

  // Finished, the game's line tells the list all: nothing more is read.
  await page.goto(`/game/${id}/clock`);
  await resign(page, "Black");
  await page.goto("/");
  await expect(page.locator(`[data-game="${id}"]`)).toContainText("W+R");
  before = readerFetched();
  const form = formFetched;
  await page.reload();
  await expect(page.locator(`[data-game="${id}"]`)).toContainText("W+R");
  // The form's piece is fetched ahead in the same step that would have read the games.
  await expect.poll(() => formFetched).toBeGreaterThan(form);
  await page.waitForTimeout(500);
  expect(readerFetched()).toBe(before);

  // Another tab starts a game: the list reads the games and shows it.
  const other = await context.newPage();
  const second = await startGame(other, "black=Cas&white=Dee&main=600&system=sudden-death");
  await other.close();
  await expect(page.locator(`[data-game="${second}"]`)).toContainText("Cas");
  await expect.poll(readerFetched).toBe(before + 1);
  await expect(page.getByTestId("game-row")).toHaveCount(2);
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
});
