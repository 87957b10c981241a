// The app shell: loads cleanly, opens a game from a settings link, keeps it across reloads and
// navigation, reports bad links and unreadable storage, and is installable.
import { test, expect } from "@playwright/test";
import { watchErrors, startGame } from "./helpers.mjs";

test("the home screen loads without console errors or warnings", async ({ page }) => {
  const errors = watchErrors(page);
  const warnings = [];
  page.on("console", (msg) => {
    if (msg.type() === "warning") warnings.push(msg.text());
  });
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New game" })).toBeVisible();
  expect(errors).toEqual([]);
  // A warning on every start (an integrity the browser ignores, say) hides the ones that matter.
  expect(warnings).toEqual([]);
});

test("while the app loads the page shows the first screen's frame, and the app takes its place", async ({ page }) => {
  const errors = watchErrors(page);
  let release;
  const held = new Promise((done) => (release = done));
  await page.route(/_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  const shell = page.locator("#shell");
  await expect(shell).toBeVisible();
  await expect(shell).toContainText("Go Scorekeeper");
  await expect(shell).toContainText("Loading");
  // Nothing in it to press or to mistake for the app: no link, no button, no heading, no clock.
  await expect(page.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("heading")).toHaveCount(0);
  await expect(shell.locator("a, button, input, h1, h2, time, [data-testid]")).toHaveCount(0);
  release();
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New game" })).toBeVisible();
  await expect(shell).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a game opened from a settings link is created and survives a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/new?preset=cape-town-2005&size=13&handicap=0&komi=6.5&time=sudden&main=720&black=Ann%20Lee&white=Bo%20Chen");
  await expect(page.locator('select[name="preset"]')).toHaveValue("cape-town-2005");
  await expect(page.locator('input[name="size"]')).toHaveValue("13");
  await expect(page.locator('input[name="black"]')).toHaveValue("Ann Lee");
  await expect(page.locator('input[name="main"]')).toHaveValue("12:00");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  await expect(page.getByTestId("players")).toHaveText("Ann Lee (B) – Bo Chen (W)");
  await expect(page.getByTestId("clock-black")).toBeVisible();
  await expect(page.getByTestId("clock-white")).toBeVisible();

  await page.reload();
  await expect(page.getByTestId("players")).toHaveText("Ann Lee (B) – Bo Chen (W)");
  await page.getByRole("link", { name: "Board" }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId("board")).toHaveAttribute("data-size", "13");
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByTestId("players")).toHaveText("Ann Lee (B) – Bo Chen (W)");

  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  await expect(page.getByTestId("game-row")).toContainText("Ann Lee – Bo Chen");
  await expect(page.getByTestId("game-row")).toContainText("13×13 · Cape Town blitz 2005");
  expect(errors).toEqual([]);
});

test("a link with bad settings opens the form with every error shown", async ({ page }) => {
  await page.goto("/new?preset=lgc-2023&size=4&handicap=12&komi=abc&time=byoyomi&main=600&periods=0&period=30&colour=red");
  const alerts = page.locator(".field-error");
  await expect(alerts.filter({ hasText: "from 5 to 25" })).toBeVisible();
  await expect(alerts.filter({ hasText: "handicap must be a whole number" })).toBeVisible();
  await expect(alerts.filter({ hasText: "Komi must be a number" })).toBeVisible();
  await expect(alerts.filter({ hasText: /period/i })).toBeVisible();
  await expect(alerts.filter({ hasText: "colour" })).toBeVisible();
  await expect(page.locator('input[name="size"]')).toHaveValue("4");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/new\?/);
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(0);
});

test("an unreadable stored game is reported and kept aside, the others still load", async ({ page }) => {
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=300&black=Kept");
  await page.evaluate(() => {
    localStorage.setItem("sk.game.broken", '{"schema":1,"id":"broken","record":{"trunc');
    localStorage.setItem("sk.game.future", JSON.stringify({ schema: 99, id: "future" }));
  });
  await page.goto("/");
  const banner = page.getByTestId("storage-problems");
  await expect(banner).toContainText("damaged");
  await expect(banner).toContainText("newer version of the app");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  await expect(page.getByTestId("game-row")).toContainText("Kept");
  const kept = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("sk.quarantine.")).map((k) => [k, localStorage.getItem(k)]),
  );
  expect(kept.length).toBe(2);
  expect(kept.map(([, v]) => v)).toContain('{"schema":1,"id":"broken","record":{"trunc');
  expect(await page.evaluate(() => localStorage.getItem("sk.game.broken"))).toBeNull();
  expect(await page.evaluate((id) => localStorage.getItem(`sk.game.${id}`) !== null, id)).toBe(true);
});

test("Chromium accepts the app as installable", async ({ playwright, baseURL }, testInfo) => {
  // Installability is not checked in incognito contexts: use a real profile directory.
  const context = await playwright.chromium.launchPersistentContext(testInfo.outputPath("profile"), {
    ...testInfo.project.use.launchOptions,
    headless: true,
    baseURL,
  });
  const page = await context.newPage();
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest.display).toBe("standalone");
  expect(manifest.start_url).toBe("/");
  expect(manifest.icons.some((i) => i.purpose === "maskable" && i.sizes === "512x512")).toBe(true);
  expect(manifest.icons.some((i) => i.sizes === "192x192")).toBe(true);
  for (const icon of manifest.icons) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
  }
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  await context.close();
});
