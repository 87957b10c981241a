// Every language of the app on the screens a player and a director meet: the home screen, the
// new-game form, a running clock, the board, the count, a tournament loaded from OpenGotha's
// file (its round, players, standings and files), the wall and the player's card (/me), on a
// phone set to that language. No English is left: for French, German and Spanish every word on screen is one of the language file's own
// words (names and numbers aside); for Japanese, Korean and Chinese every word in Latin letters
// is one the language file itself uses (SGF, QR, McMahon...).
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";
import { foreignWords, translations, vocabulary, wordsOf } from "./words.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const LANGUAGES = [
  ["fr", "fr-FR"],
  ["de", "de-DE"],
  ["es", "es-ES"],
  ["ja", "ja-JP"],
  ["ko", "ko-KR"],
  ["zh", "zh-CN"],
];
const CJK = new Set(["ja", "ko", "zh"]);
const FILE = "tests/fixtures/oracle/files/simplemm.xml";
const attrs = (text) => Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const players = [...readFileSync(FILE, "utf8").matchAll(/<Player ([^>]*)\/>/g)].map((m) => attrs(m[1]));
/// Names, not words: the players, the file's tournament, clubs and countries, the app, the
/// languages as each calls itself, and OpenGotha's criteria and time system names.
const NAMES = [
  "Anne de Vries", "Bram Jansen", "Go Scorekeeper", "English", "Nederlands",
  ...LANGUAGES.map(([code]) => readFileSync(`lang/${code}.txt`, "utf8").match(/^@name (.*)$/m)[1]),
  ...players.flatMap((p) => [p.name, p.firstName, p.club, p.country]),
  ...[readFileSync(FILE, "utf8").match(/<GeneralParameterSet [^>]*name="([^"]*)"/)?.[1] ?? ""],
  ...[readFileSync(FILE, "utf8").match(/shortName="([^"]*)"/)?.[1] ?? ""],
  "MMS", "SOSM", "SOSOSM", "NBW", "SOS",
];
const GAME = "preset=lgc-2023&size=9&time=byoyomi&main=60&periods=3&period=10&komi=6.5&black=Anne%20de%20Vries&white=Bram%20Jansen";

/// The words in Latin letters the language file itself uses.
function latinWords(code) {
  const words = new Set();
  for (const said of translations(code).values()) {
    for (const w of said.toLowerCase().match(/\p{Script=Latin}{2,}/gu) ?? []) words.add(w);
  }
  return words;
}

for (const [code, locale] of LANGUAGES) {
  test.describe(`a phone set to ${locale}`, () => {
    test.use({ ...PHONE, locale });
    const say = wordsOf(code);
    const allowed = CJK.has(code) ? latinWords(code) : vocabulary(code);
    const english = async (page) => {
      const shown = await page.locator("body").innerText();
      const text = CJK.has(code) ? (shown.match(/\p{Script=Latin}{2,}/gu) ?? []).join(" ") : shown;
      return foreignWords(text, allowed, NAMES);
    };

    test(`no English on the screens a player and a director meet (${code})`, async ({ page }) => {
      test.setTimeout(90_000);
      const errors = watchErrors(page);
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("lang", code);
      await expect(page.getByTestId("welcome")).toContainText(say("Results go to the director by QR code."));
      expect(await english(page), "home").toEqual([]);

      await page.goto("/new");
      await expect(page.getByRole("button", { name: say("Start") })).toBeVisible();
      expect(await english(page), "new-game form").toEqual([]);

      const id = await startGame(page, GAME, say);
      await page.getByTestId("clock-white").dispatchEvent("pointerdown");
      await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
      expect(await english(page), "running clock").toEqual([]);

      await page.goto(`/game/${id}/board`);
      await expect(page.getByTestId("board")).toBeVisible();
      expect(await english(page), "board").toEqual([]);

      // Both pass, as the LGC rules end play, and the count opens.
      await page.goto(`/game/${id}/clock`);
      for (let i = 0; i < 2; i++) await page.getByRole("button", { name: say("Pass") }).click();
      await page.goto(`/game/${id}/count`);
      await expect(page.getByTestId("count-black")).toBeAttached();
      expect(await english(page), "count").toEqual([]);

      await page.goto("/round");
      await page.getByTestId("round-file").setInputFiles(FILE);
      await expect(page.getByTestId("tournament-row")).toHaveCount(1);
      await expect(page.getByTestId("round-table").first()).toBeVisible();
      expect(await english(page), "a loaded tournament").toEqual([]);
      for (const tab of ["players", "standings", "files"]) {
        await page.goto(`/round?tab=${tab}`);
        await expect(page.getByTestId("tournament-row")).toHaveCount(1);
        expect(await english(page), `the director's ${tab}`).toEqual([]);
      }

      await page.goto("/wall");
      await expect(page.getByTestId("wall-table").first()).toBeVisible();
      expect(await english(page), "wall").toEqual([]);

      await page.goto("/me");
      await expect(page.getByRole("button", { name: say("Show my code") })).toBeVisible();
      expect(await english(page), "the player's card").toEqual([]);
      expect(errors).toEqual([]);
    });
  });
}
