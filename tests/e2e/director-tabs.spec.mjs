// The director's phone, one job per screen: the round, the players, the standings and the
// files as tabs in the same place at the top, what waits on the director on top of each, a
// message beside what was tapped; the standings after the last round whose results are all in
// (not the round just paired) unless the director picks another, and the file downloaded being
// the table shown; a result by hand in one tap on the winner's name; a pasted list read as
// people write it, a refused line saying what it read as what.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();
const row = (page, table) => page.locator(`[data-testid="round-table"][data-table="${table}"]`);

async function openFile(page) {
  await page.goto("/round");
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("player-row")).toHaveCount(16);
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
}

async function pair(page) {
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  await expect(async () => {
    if (await keep.isVisible()) await keep.click();
    await expect(page.getByTestId("round-table")).toHaveCount(8, { timeout: 500 });
  }).toPass();
}

test("the tabs stay in one place, one tap apart, with what waits on the director on top", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openFile(page);
  // Round 3 of the file is not paired: that waits on every tab.
  await expect(page.getByTestId("desk-waiting")).toHaveText("Round 3 is waiting to be paired.");
  const places = [];
  for (const name of ["Players", "Standings", "Files", "Round"]) {
    await tab(page, name);
    const link = page.getByRole("link", { name, exact: true });
    await expect(link).toHaveAttribute("aria-current", "page");
    places.push(await link.boundingBox());
    await expect(page.getByTestId("desk-waiting")).toBeVisible();
  }
  // Same row at the top of the screen, each at least 48 px high.
  for (const box of places) {
    expect(Math.round(box.y)).toBe(Math.round(places[0].y));
    expect(box.height).toBeGreaterThanOrEqual(48);
  }
  // Each tab holds its own job: the players' list is not on the round tab, nor the tables
  // on the players' tab.
  await expect(page.getByTestId("round-file")).toBeAttached();
  await expect(page.getByRole("button", { name: "Pair", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add the player" })).toHaveCount(0);
  await tab(page, "Players");
  await expect(page.getByRole("button", { name: "Add the player" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pair", exact: true })).toHaveCount(0);
  // The tab is in the address: a reload stays on it.
  await expect(page).toHaveURL(/\/round\?tab=players$/);
  await page.reload();
  await expect(page.getByRole("button", { name: "Add the player" })).toBeVisible();

  // Paired, round 3's missing tables wait on top, with the way back to the round.
  await tab(page, "Round");
  await pair(page);
  await expect(page.getByTestId("desk-waiting")).toHaveText("Round 3: 0 of 8 results in; waiting for tables 1, 2, 3, 4, 5, 6, 7, 8.");
  await tab(page, "Standings");
  await page.getByTestId("desk-waiting").getByRole("link", { name: "To the round" }).click();
  await expect(page.getByTestId("round-choice")).toBeVisible();
  await expect(page.getByRole("link", { name: "Round", exact: true })).toHaveAttribute("aria-current", "page");
  expect(errors).toEqual([]);
  await context.close();
});

test("a message appears beside what the director tapped", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openFile(page);
  await tab(page, "Players");
  // A player added: the answer in the form, under its button, on screen.
  await page.getByLabel("Name", { exact: true }).fill("Lee");
  await page.getByLabel("Rank", { exact: true }).fill("2k");
  const add = page.getByRole("button", { name: "Add the player" });
  await add.click();
  const said = page.getByRole("status").filter({ hasText: "Lee added." });
  await expect(said).toBeVisible();
  await expect(said).toBeInViewport();
  const [a, s] = [await add.boundingBox(), await said.boundingBox()];
  expect(Math.abs(s.y - a.y)).toBeLessThan(200);
  // A pasted list refused: the answer in the list's own box.
  await page.locator("summary", { hasText: "Paste a list of players" }).click();
  await page.locator('textarea[name="player-list"]').fill("Anna Bakker 3x\n");
  await page.getByRole("button", { name: "Add the list" }).click();
  const refused = page.locator("details:has(textarea[name='player-list'])").getByRole("alert").filter({ hasText: "Nothing was added." });
  await expect(refused).toBeVisible();
  await expect(refused).toBeInViewport();
  await context.close();
});

test("a message at the foot of a long round comes into view", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openFile(page);
  await tab(page, "Round");
  await pair(page);
  // With the tournament open, another file is loaded from below its round's tables: a file
  // chosen there while the director looks at the top of the screen is refused under it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId("round-file").setInputFiles({ name: "notes.xml", mimeType: "application/xml", buffer: Buffer.from("<notes/>") });
  const refused = page.locator('[data-say="load"]').getByRole("alert");
  await expect(refused).toBeVisible();
  await expect(refused).toBeInViewport();
  const [tables, load] = [await row(page, 8).boundingBox(), await page.getByTestId("round-file").locator("xpath=..").boundingBox()];
  expect(load.y).toBeGreaterThan(tables.y);
  await context.close();
});

test("a pasted list is read as people write it; a refused line says what it read as what", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/round");
  await page.locator("summary", { hasText: "New tournament" }).click();
  await page.locator('input[name="new-name"]').fill("As Written");
  await page.getByRole("button", { name: "Make the tournament" }).click();
  await expect(page.getByTestId("tournament-name")).toHaveText("As Written");
  await tab(page, "Players");
  await page.locator("summary", { hasText: "Paste a list of players" }).click();
  const list = page.locator('textarea[name="player-list"]');
  await list.fill(["Anna Bakker 3k", "Bert Jansen, 5k", "Visser, Cor, 1d", "Dekker\tDaan\t2 kyu\tUtrecht\tNL", "Eva de Vries 40k Ams"].join("\n"));
  await page.getByRole("button", { name: "Add the list" }).click();
  const refused = page.getByTestId("refused-lines");
  await expect(refused.locator("li")).toHaveText([/^Line 5: "40k" is not a rank/]);
  await expect(page.getByTestId("refused-read")).toHaveText('Read as: name "de Vries", first name "Eva", rank "40k", club "Ams".');
  await expect(page.getByTestId("player-row")).toHaveCount(0);
  await list.fill(["Anna Bakker 3k", "Bert Jansen, 5k", "Visser, Cor, 1d", "Dekker\tDaan\t2 kyu\tUtrecht\tNL", "Eva de Vries 4k Ams"].join("\n"));
  await page.getByRole("button", { name: "Add the list" }).click();
  await expect(page.getByTestId("player-row")).toHaveCount(5);
  for (const k of ["BAKKERANNA", "JANSENBERT", "VISSERCOR", "DEKKERDAAN", "DEVRIESEVA"]) {
    await expect(page.locator(`[data-testid="player-row"][data-key="${k}"]`)).toHaveCount(1);
  }
  await expect(page.locator('[data-testid="player-row"][data-key="DEKKERDAAN"]')).toContainText("2K · Utrecht NL");
  expect(errors).toEqual([]);
  await context.close();
});

test("standings after the last complete round, not the round just paired; the director picks another; the file is the table shown; results by one tap", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL, acceptDownloads: true });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openFile(page);
  await pair(page);
  await tab(page, "Standings");
  // Round 3 just paired counts no unplayed game: the standings stay after round 2.
  await expect(page.getByRole("heading", { name: "Standings after round 2" })).toBeVisible();
  await expect(page.getByTestId("standings-round")).toHaveValue("2");
  const download = async () => {
    const d = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download the standings" }).click();
    const file = await d;
    return [file.suggestedFilename(), readFileSync(await file.path(), "utf8")];
  };
  let [name, text] = await download();
  expect(name).toBe("standings-round-2.txt");
  expect(text).toContain("Standings after round 2");
  // The director picks round 1: shown, and downloaded.
  await page.getByTestId("standings-round").selectOption("1");
  await expect(page.getByRole("heading", { name: "Standings after round 1" })).toBeVisible();
  [name, text] = await download();
  expect(name).toBe("standings-round-1.txt");
  expect(text).toContain("Standings after round 1");

  // Round 3's results by the director's hand: one tap on the winner's name each.
  await tab(page, "Round");
  for (let table = 1; table <= 8; table++) {
    const r = row(page, table);
    const winner = table % 2 ? "win-black" : "win-white";
    await r.getByTestId(winner).click();
    await expect(r).toHaveAttribute("data-state", "entered");
    await expect(r.locator(".table-result")).toHaveText(table % 2 ? "B+ (entered by the director)" : "W+ (entered by the director)");
    await expect(r.getByTestId(winner)).toHaveCount(0);
  }
  await expect(page.getByTestId("round-in")).toHaveText("8 of 8");
  // Every result in: the standings follow round 3 by themselves.
  await tab(page, "Standings");
  await expect(page.getByRole("heading", { name: "Standings after round 3" })).toBeVisible();
  await expect(page.getByTestId("standings-row")).toHaveCount(16);
  expect(errors).toEqual([]);
  await context.close();
});
