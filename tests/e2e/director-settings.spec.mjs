// A game from a director's code keeps the director's settings: the form a round code (or a
// table code) opens shows the rules, board, handicap, komi and time as the director set them,
// and no stray tap changes them. Changing them is one deliberate step that says the director
// will see it; the result code then says so, in its lines and in its data.
import { test, expect } from "@playwright/test";
import { readQr, resign, watchErrors } from "./helpers.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const TABLE_CODE =
  "preset=dutch-lightning&size=19&handicap=0&komi=6.5&time=sudden&main=600" +
  "&black=Andr%C3%A9%20Nemo&white=Zofia%20%C5%81ukaszewska&event=Blitz%202026&round=2&table=7" +
  "&bkey=NEMOANDR%C3%89&wkey=%C5%81UKASZEWSKAZOFIA";
const SETTINGS = ['select[name="preset"]', 'input[name="size"]', 'input[name="handicap"]', 'input[name="komi"]', 'select[name="time"]', 'input[name="main"]'];

const BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
/// The first byte of a result code's data, its flags: bit 7 says the players changed the
/// director's settings.
function flagsOf(link) {
  const text = link.slice(link.indexOf("#R1-") + 4);
  let acc = 0;
  let bits = 0;
  for (const c of text) {
    acc = (acc << 5) | BASE32.indexOf(c.toUpperCase());
    bits += 5;
    if (bits >= 8) return (acc >> (bits - 8)) & 0xff;
  }
  throw new Error(`no data in ${link}`);
}

/// The round code of round 3 of a tournament read from OpenGotha's file, paired on the
/// director's phone under the Dutch lightning rules.
async function roundCode(browser, baseURL) {
  // The code of a round of 8 tables is dense: the director's screen is a sharp one.
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 2, baseURL });
  const page = await context.newPage();
  await page.goto("/round");
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
  await page.locator('select[name="round-preset"]').selectOption("dutch-lightning");
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  if (await keep.isVisible()) await keep.click();
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  const { text } = await readQr(page.getByTestId("round-code"));
  await context.close();
  return text;
}

/// A phone that opens `link` (a round's code) and says who it is: the form of that player's
/// game, filled in.
async function formFromRoundCode(browser, baseURL, link) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto(link.slice(link.indexOf("/t#")));
  await expect(page.getByRole("heading", { name: "Who are you?" })).toBeVisible();
  await page.locator("button.who").first().click();
  await expect(page).toHaveURL(/\/new\?/);
  await expect(page.getByTestId("pairing")).toContainText("Round 3");
  return { context, page };
}

/// The result code's link and lines after Black resigns.
async function resultAfterResigning(page) {
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  await resign(page, "Black");
  const id = page.url().match(/\/game\/([^/]+)\//)[1];
  await page.goto(`/game/${id}/result`);
  const { text } = await readQr(page.getByTestId("result-code"));
  return { link: text, lines: await page.getByTestId("result-code-text").innerText() };
}

test("a game from a round code keeps the director's settings unless the players change them on purpose", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const link = await roundCode(browser, baseURL);
  expect(link).toMatch(/\/t#T1-/);

  // Kept: shown as the director set them, and not editable.
  let { context, page } = await formFromRoundCode(browser, baseURL, link);
  let errors = watchErrors(page);
  await expect(page.getByRole("group", { name: "The director's settings" })).toBeVisible();
  await expect(page.locator('select[name="preset"]')).toHaveValue("dutch-lightning");
  for (const field of SETTINGS) await expect(page.locator(field)).toBeDisabled();
  await expect(page.getByText("If you change them, the director will see it on the result code.")).toBeVisible();
  const komi = await page.locator('input[name="komi"]').inputValue();
  // A stray tap on a setting changes nothing.
  await page.locator('input[name="komi"]').click({ force: true });
  await page.keyboard.type("9");
  await expect(page.locator('input[name="komi"]')).toHaveValue(komi);
  // The names stay the players' to correct.
  await expect(page.locator('input[name="black"]')).toBeEditable();
  await page.getByRole("button", { name: "Start" }).click();
  let result = await resultAfterResigning(page);
  expect(flagsOf(result.link) & 0x80).toBe(0);
  expect(result.lines).not.toContain("changed the director's settings");
  expect(errors).toEqual([]);
  await context.close();

  // Changed on purpose: one step, which says the director will see it.
  ({ context, page } = await formFromRoundCode(browser, baseURL, link));
  errors = watchErrors(page);
  await page.getByRole("button", { name: "Change the director's settings" }).click();
  await expect(page.getByTestId("settings-unlocked")).toContainText("the result code will tell the director");
  for (const field of SETTINGS) await expect(page.locator(field)).toBeEnabled();
  await page.locator('input[name="komi"]').fill("0.5");
  await page.getByRole("button", { name: "Start" }).click();
  result = await resultAfterResigning(page);
  expect(flagsOf(result.link) & 0x80).toBe(0x80);
  expect(result.lines).toContain("The players changed the director's settings");
  expect(errors).toEqual([]);
  await context.close();
});

test("a table code's settings opened to change but left as they were are not reported as changed", async ({ page }) => {
  await page.goto(`/new?${TABLE_CODE}`);
  await expect(page.locator('input[name="komi"]')).toBeDisabled();
  await page.getByRole("button", { name: "Change the director's settings" }).click();
  await expect(page.locator('input[name="komi"]')).toBeEnabled();
  // Written the same way twice: the same komi.
  await page.locator('input[name="komi"]').fill("6.50");
  await page.getByRole("button", { name: "Start" }).click();
  const { lines, link } = await resultAfterResigning(page);
  expect(flagsOf(link) & 0x80).toBe(0);
  expect(lines).not.toContain("changed the director's settings");
});

test("a new game that no director's code filled is edited as before", async ({ page }) => {
  await page.goto("/new?preset=japanese&size=13");
  await expect(page.getByRole("button", { name: "Change the director's settings" })).toHaveCount(0);
  await expect(page.getByRole("group", { name: "The director's settings" })).toHaveCount(0);
  await page.locator('input[name="komi"]').fill("0.5");
  await expect(page.locator('input[name="komi"]')).toHaveValue("0.5");
});
