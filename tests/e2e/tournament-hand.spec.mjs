// The director's hand on a tournament's round, in the browser: a table unpaired and its two
// players paired by hand, a pair forbidden and the round paired again without it, a player
// withdrawn and one skipping a round left out of the pairing, a second tab following the
// pairing and the players, a pasted list's broken lines refused each with its reason, and a
// file of more players than a tournament holds refused with the reason; the sheet of table codes
// drawn only when the page is printed.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const XML = readFileSync(FILE, "utf8");
const row = (page, table) => page.locator(`[data-testid="round-table"][data-table="${table}"]`);
const attrs = (text) => Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const PLAYERS = [...XML.matchAll(/<Player ([^>]*)\/>/g)].map((m) => attrs(m[1]));
const key = (p) => (p.name + p.firstName).replace(/\s/g, "").toUpperCase();
/// A player's name as every screen shows it: first name, then name.
const nameOf = (k) => {
  const p = PLAYERS.find((p) => key(p) === k);
  return `${p.firstName} ${p.name}`.trim();
};
/// A tap on one of the director's tabs: "Round", "Players", "Standings", "Files".
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();
const playerRow = (page, k) => page.locator(`[data-testid="player-row"][data-key="${k}"]`);

/// The round shown, table by table: [white, black].
async function pairsOf(page) {
  const out = {};
  for (const r of await page.getByTestId("round-table").all()) {
    out[await r.getAttribute("data-table")] = [await r.getAttribute("data-white"), await r.getAttribute("data-black")];
  }
  return out;
}

/// Whether `a` and `b` meet at a table of the round shown.
const together = (pairs, a, b) => Object.values(pairs).some((p) => p.includes(a) && p.includes(b));

async function openFile(page) {
  await page.goto("/round");
  await expect(page.getByRole("heading", { name: "Director's round" })).toBeVisible();
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("player-row")).toHaveCount(PLAYERS.length);
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
}

/// Pairs the round chosen, keeping the pairing when it warns first.
async function pair(page, tables) {
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  await expect(async () => {
    if (await keep.isVisible()) await keep.click();
    await expect(page.getByTestId("round-table")).toHaveCount(tables, { timeout: 500 });
  }).toPass();
}

async function unpair(page, table) {
  await page.locator('select[name="unpair"]').selectOption(String(table));
  await page.getByRole("button", { name: "Unpair", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: `Table ${table} unpaired.` })).toBeVisible();
  await expect(row(page, table)).toHaveCount(0);
}

test("a table unpaired and paired again by hand; a forbidden pair is not made when the round is paired again", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openFile(page);
  await pair(page, 8);
  const first = await pairsOf(page);
  await page.locator("summary", { hasText: "Change the pairing by hand" }).click();

  // Table 8 unpaired: its two players are the round's players to pair, offered by hand.
  await unpair(page, 8);
  await expect(page.getByTestId("round-table")).toHaveCount(7);
  await expect(page.getByText("2 players of this round are not paired yet.")).toBeVisible();
  const [w8, b8] = first["8"];
  await expect(page.locator('select[name="hand-a"] option')).toHaveCount(3);
  expect((await page.locator('select[name="hand-a"] option').allTextContents()).sort()).toEqual(["Choose", nameOf(w8), nameOf(b8)].sort());
  await page.locator('select[name="hand-a"]').selectOption({ label: nameOf(b8) });
  await page.locator('select[name="hand-b"]').selectOption({ label: nameOf(w8) });
  await page.getByRole("button", { name: "Pair these two" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Paired by hand." })).toBeVisible();
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  expect(together(await pairsOf(page), w8, b8)).toBe(true);
  await expect(page.getByText("Every player of this round is paired.")).toBeVisible();

  // Tables 1 and 2 unpaired and paired again: the same two pairs come back.
  const [w1, b1] = first["1"];
  await unpair(page, 1);
  await unpair(page, 2);
  await pair(page, 8);
  expect(together(await pairsOf(page), w1, b1)).toBe(true);

  // Forbidden, table 1's pair is marked; unpaired and paired again, it is not made.
  await page.locator('select[name="forbid-a"]').selectOption({ label: nameOf(w1) });
  await page.locator('select[name="forbid-b"]').selectOption({ label: nameOf(b1) });
  await page.getByRole("button", { name: "Forbid this pair" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The pair will not be paired together." })).toBeVisible();
  const table = Object.entries(await pairsOf(page)).find(([, p]) => p.includes(w1) && p.includes(b1))[0];
  await expect(row(page, table).getByTestId("table-marks")).toContainText("forbidden pair");
  const other = table === "1" ? "2" : "1";
  await unpair(page, table);
  await unpair(page, other);
  await pair(page, 8);
  const again = await pairsOf(page);
  expect(together(again, w1, b1)).toBe(false);
  expect(Object.values(again).flat().sort()).toEqual(PLAYERS.map(key).sort());
  await expect(page.getByTestId("table-marks").filter({ hasText: "forbidden pair" })).toHaveCount(0);

  // Kept over a reload: the forbidden pair stays forbidden.
  await page.reload();
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  expect(await pairsOf(page)).toEqual(again);
  expect(errors).toEqual([]);
  await context.close();
});

test("a player withdrawn and a player who skips the round are not paired in it", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await openFile(page);
  await expect(page.getByText("16 players of this round are not paired yet.")).toBeVisible();
  const [gone, skips] = [key(PLAYERS[0]), key(PLAYERS[1])];

  // Withdrawn from round 3 on.
  await tab(page, "Players");
  await playerRow(page, gone).locator("summary").click();
  await playerRow(page, gone).getByRole("button", { name: "Withdraw from round 3" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Withdrawn from round 3 on." })).toBeVisible();
  await tab(page, "Round");
  await expect(page.getByText("15 players of this round are not paired yet.")).toBeVisible();

  // Skips round 3 only.
  await tab(page, "Players");
  await playerRow(page, skips).locator("summary").click();
  await playerRow(page, skips).getByRole("checkbox", { name: "3", exact: true }).click();
  await tab(page, "Round");
  await expect(page.getByText("14 players of this round are not paired yet.")).toBeVisible();
  await tab(page, "Players");
  await playerRow(page, skips).locator("summary").click();
  await expect(playerRow(page, skips).getByRole("checkbox", { name: "3", exact: true })).not.toBeChecked();
  await expect(playerRow(page, skips).getByRole("checkbox", { name: "4", exact: true })).toBeChecked();

  await tab(page, "Round");
  await pair(page, 7);
  const paired = Object.values(await pairsOf(page)).flat();
  expect(paired).not.toContain(gone);
  expect(paired).not.toContain(skips);
  expect(paired.sort()).toEqual(PLAYERS.map(key).filter((k) => k !== gone && k !== skips).sort());
  await expect(page.getByTestId("round-bye")).toHaveCount(0);

  // Round 4: the player who skipped round 3 plays again, the withdrawn one does not.
  await page.getByTestId("round-choice").selectOption("4");
  await expect(page.getByText("15 players of this round are not paired yet.")).toBeVisible();
  await pair(page, 7);
  const four = Object.values(await pairsOf(page)).flat();
  expect(four).toContain(skips);
  expect(four).not.toContain(gone);
  await expect(page.getByTestId("round-bye")).toHaveCount(1);
  expect(await page.getByTestId("round-bye").getAttribute("data-key")).not.toBe(gone);
  expect(errors).toEqual([]);
  await context.close();
});

test("a second tab follows the pairing made in the first, and the first the player added in the second", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const a = await context.newPage();
  const errors = watchErrors(a);
  await openFile(a);
  const b = await context.newPage();
  await b.goto("/round");
  await expect(b.getByTestId("round-choice")).toHaveValue("3");
  await expect(b.getByText("16 players of this round are not paired yet.")).toBeVisible();
  await expect(b.getByTestId("round-table")).toHaveCount(0);

  await pair(a, 8);
  const pairs = await pairsOf(a);
  await expect(b.getByText("Every player of this round is paired.")).toBeVisible();
  await expect(b.getByTestId("round-choice").locator("option", { hasText: "Round 3" })).toHaveText("Round 3");
  await expect(b.getByTestId("round-table")).toHaveCount(8);
  expect(await pairsOf(b)).toEqual(pairs);

  // A player added in the second tab shows in the first, and the pairing stays.
  await tab(b, "Players");
  await b.getByLabel("Name", { exact: true }).fill("Lee");
  await b.getByLabel("First name").fill("Dan");
  await b.getByLabel("Rank", { exact: true }).fill("2k");
  await b.getByRole("button", { name: "Add the player" }).click();
  await expect(b.getByTestId("player-row")).toHaveCount(PLAYERS.length + 1);
  await expect(a.getByTestId("player-row")).toHaveCount(PLAYERS.length + 1);
  await expect(playerRow(a, "LEEDAN")).toHaveCount(1);
  await expect(a.getByText("1 players of this round are not paired yet.")).toBeVisible();
  expect(await pairsOf(a)).toEqual(pairs);

  // A change in the first tab made after the second's keeps the second's player.
  await a.getByTestId("round-choice").selectOption("4");
  await pair(a, 8);
  await expect(a.getByTestId("round-bye")).toHaveCount(1);
  await expect(b.getByTestId("player-row")).toHaveCount(PLAYERS.length + 1);
  expect(errors).toEqual([]);
  await context.close();
});

test("a pasted list: every broken line is refused with its line number and reason, and nobody is added", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openFile(page);
  await tab(page, "Players");
  await page.locator("summary", { hasText: "Paste a list of players" }).click();
  const p = PLAYERS[2];
  await page.locator('textarea[name="player-list"]').fill(
    [
      "Name;First name;Rank;Club",
      "Smith;Ann;3k;Utr",
      ";Bob;5k;Ams",
      "Doe;Cy;12q;Ams",
      `${p.name};${p.firstName};2d;Ams`,
      "Smith;Ann;4k;Ams",
    ].join("\n"),
  );
  await page.getByRole("button", { name: "Add the list" }).click();
  const refused = page.getByTestId("refused-lines").locator("li");
  await expect(refused).toHaveText([
    "Line 3: The player has no family name.",
    /^Line 4: "12q" is not a rank/,
    new RegExp(`^Line 5: ${nameOf(key(p))} is already registered under the same name \\(${key(p)}\\)`),
    /^Line 6: Ann Smith is already registered under the same name \(SMITHANN\)/,
  ]);
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was added." })).toBeVisible();
  await expect(page.getByTestId("player-row")).toHaveCount(PLAYERS.length);
  await expect(playerRow(page, "SMITHANN")).toHaveCount(0);
  await context.close();
});

test("a file of more players than a tournament holds is refused with the reason, and nothing changes", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openFile(page);
  // The file's 16 players and 1,985 more: 2,001.
  const more = Array.from({ length: 2001 - PLAYERS.length }, (_, i) =>
    `<Player agaExpirationDate="" agaId="" club="Big" country="NL" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="P${i}" grade="10K" name="Many" participating="11111111111111111111" rank="10K" rating="1100" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>`,
  ).join("\n");
  const big = XML.replace("</Players>", `${more}\n</Players>`).replace('name="SimpleMM"', 'name="Huge"');
  await page.getByTestId("round-file").setInputFiles({ name: "huge.xml", mimeType: "application/xml", buffer: Buffer.from(big) });
  const alert = page.getByRole("alert").filter({ hasText: "Nothing was changed" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("2001 players");
  await expect(alert).toContainText("at most 2000");
  await expect(page.getByTestId("player-row")).toHaveCount(PLAYERS.length);
  await expect(page.getByTestId("tournament-row")).toHaveCount(1);
  await context.close();
});

test("in a Dutch browser the tournament's refusals are in Dutch", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL, locale: "nl-NL" });
  const page = await context.newPage();
  await page.goto("/round");
  await expect(page.getByRole("heading", { name: "Ronde van de wedstrijdleider" })).toBeVisible();
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("player-row")).toHaveCount(PLAYERS.length);

  // A pasted line with a rank that is none, and one without a name.
  await tab(page, "Spelers");
  await page.locator("details:has(textarea[name='player-list']) > summary").click();
  await page.locator('textarea[name="player-list"]').fill("Smith,Ann,99x,Utr,NL\n,Bob,3k,Utr,NL\n");
  await page.locator("details:has(textarea[name='player-list'])").getByRole("button").click();
  await expect(page.getByTestId("refused-lines").locator("li")).toHaveText([
    'Regel 1: "99x" is geen sterkte: schrijf 30k tot 1k, 1d tot 9d, of 1p tot 9p.',
    "Regel 2: De speler heeft geen achternaam.",
  ]);

  // A file of too many players.
  const more = Array.from({ length: 2001 - PLAYERS.length }, (_, i) =>
    `<Player agaExpirationDate="" agaId="" club="Big" country="NL" egfPin="" ffgLicence="" ffgLicenceStatus="" firstName="P${i}" grade="10K" name="Many" participating="11111111111111111111" rank="10K" rating="1100" ratingOrigin="" registeringStatus="FIN" smmsCorrection="0"/>`,
  ).join("\n");
  const big = XML.replace("</Players>", `${more}\n</Players>`).replace('name="SimpleMM"', 'name="Huge"');
  await tab(page, "Ronde");
  await page.getByTestId("round-file").setInputFiles({ name: "huge.xml", mimeType: "application/xml", buffer: Buffer.from(big) });
  await expect(page.getByRole("alert").filter({ hasText: "Er is niets veranderd." })).toHaveText(
    "Het bestand noemt 2001 spelers; een toernooi bevat er hoogstens 2000. Er is niets veranderd.",
  );

  // Fewer rounds than paired.
  await page.locator("summary", { hasText: "Aantal ronden" }).click();
  await page.locator('input[name="number-of-rounds"]').fill("1");
  await page.locator("details:has(input[name='number-of-rounds'])").getByRole("button").click();
  await expect(page.getByRole("alert").filter({ hasText: "Er is niets veranderd." })).toHaveText(
    "Ronde 2 is al ingedeeld: het toernooi kan niet minder dan 2 ronden hebben. Er is niets veranderd.",
  );
  await context.close();
});

test("on a 360 px phone the standings scroll sideways in their own box, not the page", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, viewport: { width: 360, height: 740 }, baseURL });
  const page = await context.newPage();
  await openFile(page);
  await page.getByTestId("round-choice").selectOption("2");
  await expect(page.getByTestId("standings-row")).toHaveCount(PLAYERS.length);
  await tab(page, "Standings");
  const box = page.locator("section.standings .table-scroll");
  const sizes = await box.evaluate((el) => ({
    box: el.clientWidth,
    table: el.scrollWidth,
    page: document.scrollingElement.scrollWidth,
    view: window.innerWidth,
  }));
  // The table is wider than the phone, and only its box scrolls.
  expect(sizes.table).toBeGreaterThan(sizes.box);
  expect(sizes.box).toBeLessThanOrEqual(sizes.view);
  expect(sizes.page).toBeLessThanOrEqual(sizes.view);
  await box.evaluate((el) => el.scrollBy(200, 0));
  expect(await box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
  await context.close();
});

test("the sheet of table codes is drawn when the page is printed, and not before", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openFile(page);
  await pair(page, 8);
  // The tables' codes wait for their rows to be opened; the sheet for the print.
  await expect(page.getByTestId("table-qr-code")).toHaveCount(0);
  await expect(page.getByTestId("print-qr")).toHaveCount(0);
  await row(page, 3).locator("summary").click();
  await expect(page.getByTestId("table-qr-code")).toHaveCount(1);
  await page.evaluate(() => window.dispatchEvent(new Event("beforeprint")));
  await expect(page.getByTestId("print-qr")).toHaveCount(8);
  await expect(page.locator(".print-card h2")).toHaveText(Array.from({ length: 8 }, (_, i) => `Round 3 · Table ${i + 1}`));
  await page.evaluate(() => window.dispatchEvent(new Event("afterprint")));
  await expect(page.getByTestId("print-qr")).toHaveCount(0);
  await context.close();
});
