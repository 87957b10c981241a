// Every screen read by axe-core against WCAG 2.1 levels A and AA, in the light and the dark
// colour scheme of a 390x844 phone: the home screen (a first visit and with games), the new-game
// form, the clock (before the first press, running, in overtime, its menu, paused, flagged), the
// board, the count by numbers and on the board, the result with its code for the director, SGF,
// the storage space screen, the handover screen a game's link opens, and the director's round
// with a table open; in English, Dutch, French and Japanese, each screen reached by its buttons' names in that
// language (words.mjs). A violation is printed with its rule, its impact, the element and what is
// wrong.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { openClockMenu, startGame, watchErrors } from "./helpers.mjs";
import { wordsOf } from "./words.mjs";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const T0 = new Date("2026-11-24T14:00:00Z").getTime();
const ROUND_FILE = "tests/fixtures/opengotha/round-e2e.xml";
const TOURNAMENT_FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
/// A director's table code: a tournament game whose result screen shows the result code.
const TABLE_CODE =
  "preset=dutch-lightning&size=19&handicap=0&komi=6.5&time=sudden&main=600" +
  "&black=Andr%C3%A9%20Nemo&white=Zofia%20%C5%81ukaszewska&event=Blitz%202026&round=2&table=7" +
  "&bkey=NEMOANDR%C3%89&wkey=%C5%81UKASZEWSKAZOFIA";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const pass = (page, say) => page.getByRole("button", { name: say("Pass") }).click();
const point = (page, sgf) => page.getByTestId("board").locator(`g.pt[data-point="${sgf}"]`);

/// Each violation axe-core finds on the page as it stands, one line per element.
async function violations(page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return violations.flatMap((v) =>
    v.nodes.map((n) =>
      `${v.id} (${v.impact}) at ${n.target.join(" ")}: ${v.help}. ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`,
    ),
  );
}

async function expectAccessible(page, screen) {
  const found = await violations(page);
  expect(found, `${screen}: ${found.length} WCAG 2.1 A/AA violation(s)\n${found.join("\n")}`).toEqual([]);
}

/// A clock-only LGC game on 9x9, both passed: the count by numbers is open.
async function countByNumbers(page, say) {
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600&black=Ann%20Lee&white=Bo%20Chen", say);
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await pass(page, say);
  await pass(page, say);
  await page.getByRole("link", { name: say("Go to the count") }).click();
  await expect(page.getByTestId("count-black")).toBeVisible();
  return id;
}

/// The same game counted by numbers and confirmed by both players: its result screen.
async function finishedGame(page, say) {
  const id = await countByNumbers(page, say);
  await page.getByTestId("count-black").fill("12");
  await page.getByTestId("count-white").fill("9");
  await page.getByRole("button", { name: say("{} confirms", "Black") }).click();
  await page.getByRole("button", { name: say("{} confirms", "White") }).click();
  await expect(page.getByText(say("The count is settled."))).toBeVisible();
  return id;
}

for (const [language, locale] of [["en", "en-US"], ["nl", "nl-NL"], ["fr", "fr-FR"], ["ja", "ja-JP"]])
for (const colorScheme of ["light", "dark"]) {
  test.describe(`${language}, ${colorScheme} scheme`, () => {
    test.use({ ...PHONE, colorScheme, locale });
    // Each test reads several screens with axe, a heavy read on a busy machine: under the
    // suite with two busy processes beside it, the result and SGF screens' two reads ran out
    // of 60 s inside axe.
    test.describe.configure({ timeout: 120_000 });
    const say = wordsOf(language);

    test("the home screen on a first visit", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("welcome")).toBeVisible();
      await expectAccessible(page, "home, first visit");
    });

    test("the home screen with games, and the new-game form", async ({ page }) => {
      const errors = watchErrors(page);
      await finishedGame(page, say);
      await startGame(page, "preset=japanese&size=19&time=byoyomi&main=1800&periods=5&period=30&black=Cho&white=Dan", say);
      await page.goto("/");
      await expect(page.getByTestId("game-row")).toHaveCount(2);
      await expectAccessible(page, "home with games");
      await page.getByTestId("new-game").click();
      await expect(page.getByRole("button", { name: say("Start") })).toBeVisible();
      await expectAccessible(page, "new game");
      expect(errors).toEqual([]);
    });

    test("the clock before the first press, running, in overtime, its menu, and paused", async ({ page }) => {
      // The fake time flows (axe-core needs its timers) and jumps to overtime.
      await page.clock.install({ time: T0 });
      await startGame(page, "preset=lgc-2023&time=byoyomi&main=60&periods=5&period=30&black=Ann%20Lee&white=Bo%20Chen", say);
      await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
      await expectAccessible(page, "clock, before the first press");
      await press(page, "white");
      await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
      await expectAccessible(page, "clock, running");
      await page.clock.runFor(65_000);
      await expect(page.getByTestId("clock-black")).toContainText(say("Overtime"));
      await expectAccessible(page, "clock, running in overtime");
      await openClockMenu(page, say);
      await expect(page.getByRole("button", { name: say("Back to the clock") })).toBeVisible();
      await expectAccessible(page, "clock menu");
      await page.getByRole("button", { name: say("Back to the clock") }).click();
      await page.getByRole("button", { name: say("Pause") }).click();
      await page.getByRole("button", { name: say("Toilet visit in overtime") }).click();
      await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "paused");
      await expectAccessible(page, "clock, paused");
    });

    test("the clock with a fallen flag", async ({ page }) => {
      await page.clock.install({ time: T0 });
      await startGame(page, "preset=lgc-2023&time=sudden&main=60&black=Ann%20Lee&white=Bo%20Chen", say);
      await press(page, "white");
      await page.clock.runFor(61_000);
      await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
      await expectAccessible(page, "clock, flag fallen");
    });

    test("the board with moves", async ({ page }) => {
      const id = await startGame(page, "preset=japanese&size=9&time=sudden&main=600", say);
      await page.goto(`/game/${id}/board`);
      for (const sgf of ["ee", "cc", "gg", "cg"]) await point(page, sgf).click();
      await expect(point(page, "cg")).toHaveAttribute("data-stone", "w");
      await expectAccessible(page, "board");
    });

    test("the count by numbers", async ({ page }) => {
      await countByNumbers(page, say);
      await page.getByRole("radio", { name: say("Territory and prisoners apart") }).click();
      await page.getByTestId("count-black").fill("12");
      await expectAccessible(page, "count by numbers");
    });

    test("the count on the board", async ({ page }) => {
      const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&komi=6.5", say);
      await page.goto(`/game/${id}/board`);
      for (const sgf of ["ee", "ff", "cc", "fg"]) await point(page, sgf).click();
      for (let i = 0; i < 4; i++) await page.getByRole("button", { name: new RegExp(`^(${say("Black passes")}|${say("White passes")})$`) }).click();
      await page.goto(`/game/${id}/count`);
      await page.getByRole("radio", { name: say("Tap marks dead") }).click();
      await point(page, "ff").click();
      await expect(point(page, "ff")).toHaveAttribute("data-dead", "true");
      await expectAccessible(page, "count on the board");
    });

    test("the result with the code for the director, and SGF", async ({ page }) => {
      const id = await startGame(page, TABLE_CODE, say);
      await press(page, "white");
      await openClockMenu(page, say);
      await page.getByText(say("Resign"), { exact: true }).click();
      await page.getByRole("button", { name: say("{} resigns", "Black") }).click();
      await page.goto(`/game/${id}/result`);
      await expect(page.getByTestId("result-code")).toBeVisible();
      await expect(page.getByTestId("share-qr")).toBeVisible();
      await expectAccessible(page, "result");
      await page.goto(`/sgf?game=${id}`);
      await expect(page.getByTestId("sgf-text")).toHaveValue(/RE\[W\+R\]/);
      await expectAccessible(page, "SGF");
    });

    test("the storage space screen", async ({ page }) => {
      await finishedGame(page, say);
      await page.goto("/space");
      await expect(page.getByTestId("space-row")).toHaveCount(1);
      await expectAccessible(page, "storage space");
    });

    test("the handover screen a game's link opens", async ({ browser, baseURL }) => {
      // Three device pixels a CSS pixel, so the whole game's code reads from a screenshot.
      const mine = await browser.newContext({ ...PHONE, deviceScaleFactor: 3, colorScheme, locale, baseURL });
      const page = await mine.newPage();
      const id = await finishedGame(page, say);
      await page.goto(`/game/${id}/result`);
      const qr = page.getByTestId("share-qr");
      await expect(qr).toBeVisible();
      const png = PNG.sync.read(await qr.screenshot());
      const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
      expect(code, "the game's code reads").not.toBeNull();
      const phone = await browser.newContext({ ...PHONE, colorScheme, locale, baseURL });
      const other = await phone.newPage();
      await other.goto(code.data);
      await expect(other.getByTestId("handover-players")).toContainText("Ann Lee");
      await expectAccessible(other, "handover");
      await other.getByRole("button", { name: say("Import") }).click();
      await expect(other).toHaveURL(/\/game\/[^/]+\/result$/);
      // The same code again: the screen says the game is already here.
      await other.goto(code.data);
      await other.getByRole("button", { name: say("Import") }).click();
      await expect(other.getByTestId("handover-outcome")).toBeVisible();
      await expectAccessible(other, "handover, a game already here");
      await Promise.all([mine.close(), phone.close()]);
    });

    test("the director's round with a table open", async ({ page }) => {
      await page.goto("/");
      await page.getByTestId("director-round").click();
      await expect(page.getByRole("heading", { name: say("Director's round") })).toBeVisible();
      await expectAccessible(page, "director's round, empty");
      await page.getByTestId("round-file").setInputFiles(ROUND_FILE);
      await expect(page.getByTestId("round-table")).toHaveCount(11);
      const table = page.locator('[data-testid="round-table"][data-table="1"]');
      await table.locator("summary").click();
      await expect(table.getByTestId("table-qr")).toBeVisible();
      await expectAccessible(page, "director's round");
    });

    test("the director's tournament: players, pairing by hand, standings, a new tournament", async ({ page }) => {
      await page.goto("/round");
      await page.getByTestId("round-file").setInputFiles(TOURNAMENT_FILE);
      await expect(page.getByTestId("player-row")).toHaveCount(16);
      await page.getByTestId("round-choice").selectOption("2");
      await expect(page.getByTestId("standings-row")).toHaveCount(16);
      for (const summary of await page.locator("section summary").all()) {
        if (await summary.isVisible()) await summary.click();
      }
      await expectAccessible(page, "director's tournament");
    });
  });
}
