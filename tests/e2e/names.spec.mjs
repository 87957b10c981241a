// A name reads the same way on every screen: first name, then family name, as people write
// them. One player of an OpenGotha file (family name "Robin", first name "Clé") on the
// director's list of players, the standings, the wall (its tables, its players by name, its
// standings) and "Who are you?" on a phone that scanned the round's code.
import { test, expect } from "@playwright/test";
import { readQr, watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const KEY = "ROBINCLÉ";
const NAME = "Clé Robin";
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();

test("one player's name reads the same on the director's list, the standings, the wall and “Who are you?”", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/round");
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  await expect(async () => {
    if (await keep.isVisible()) await keep.click();
    await expect(page.getByTestId("round-table")).toHaveCount(8, { timeout: 500 });
  }).toPass();
  // The round's tables.
  await expect(page.getByTestId("round-table").filter({ hasText: NAME })).toHaveCount(1);

  // The director's list of players.
  await tab(page, "Players");
  await expect(page.locator(`[data-testid="player-row"][data-key="${KEY}"] summary strong`)).toHaveText(NAME);

  // The standings.
  await tab(page, "Standings");
  await expect(page.locator(`[data-testid="standings-row"][data-key="${KEY}"] td`).nth(1)).toHaveText(NAME);

  // The wall, on a laptop's screen: the standings, the tables, the players by name, and the
  // round's code the players scan.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto("/wall");
  const { text: roundLink } = await readQr(page.getByTestId("wall-code"));
  expect(roundLink).toMatch(/\/t#T1-/);
  await expect(page.locator(`[data-testid="wall-standing"][data-key="${KEY}"] td`).nth(1)).toHaveText(NAME);
  await expect(page.getByTestId("wall-table").filter({ hasText: NAME })).toHaveCount(1);
  await expect(page.locator(".wall-names .wall-name").filter({ hasText: NAME })).toHaveText([NAME]);
  const onWall = await page.locator(".wall-names .wall-name").allTextContents();
  expect(errors).toEqual([]);

  // "Who are you?" on a player's phone without a card, from the round's code.
  const player = await browser.newContext({ ...PHONE, baseURL });
  const phone = await player.newPage();
  const phoneErrors = watchErrors(phone);
  await phone.goto(roundLink.replace(/^https?:\/\/[^/]+/, ""));
  await expect(phone.getByRole("heading", { name: "Who are you?" })).toBeVisible();
  await expect(phone.locator("button.who")).toHaveCount(16);
  await expect(phone.getByRole("button", { name: NAME, exact: true })).toHaveCount(1);
  // Listed by family name, A to Z, as a player looks for their own name.
  const who = await phone.locator("button.who").allTextContents();
  const family = (n) => n.split(" ").slice(1).join(" ").toLowerCase();
  expect(who.map(family)).toEqual([...who.map(family)].sort());
  // The wall's list of players is in the same order: a player finds their name where they
  // found it on their phone.
  expect(onWall).toEqual(who);
  expect(phoneErrors).toEqual([]);
  await player.close();
  await context.close();
});
