// The app in the player's language: a phone set to Dutch opens it in Dutch, every word of the
// clock, the count and the result screens Dutch (names and numbers aside), the result in words
// with the decimal comma, the count spoken with a Dutch voice; a choice of English in the app
// is kept across reloads. The Dutch words come from the app's own file (lang/nl.txt), so a
// button is found by its Dutch name and any English left on a screen is named.
import { readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { openClockMenu, startGame, watchErrors } from "./helpers.mjs";
import { foreignWords, vocabulary, wordsOf } from "./words.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true };
const nl = wordsOf("nl");
const DUTCH = vocabulary("nl");
/// Names, not words: the players, the app, and each language as it calls itself in the choice.
const NAMES = ["Anne de Vries", "Bram Jansen", "Go Scorekeeper", "English", ...["de", "es", "fr", "ja", "ko", "zh"].map(
  (code) => readFileSync(`lang/${code}.txt`, "utf8").match(/^@name (.*)$/m)[1],
)];
const GAME = "preset=dutch-lightning&size=9&time=byoyomi&main=60&periods=3&period=10&komi=6.5&black=Anne%20de%20Vries&white=Bram%20Jansen";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

/// The words on screen that are not Dutch.
async function notDutch(page) {
  const shown = await page.locator("body").innerText();
  return foreignWords(shown, DUTCH, NAMES);
}

test.describe("a phone set to Dutch", () => {
  test.use({ ...PHONE, locale: "nl-NL" });

  test("opens the app in Dutch: the home screen, the clock, the count and the result", async ({ page }) => {
    const errors = watchErrors(page);
    await page.clock.install({ time: new Date("2026-11-24T14:00:00Z").getTime() });
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByTestId("welcome")).toContainText(nl("Results go to the director by QR code."));
    expect(await notDutch(page)).toEqual([]);

    await startGame(page, GAME, nl);
    await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
    expect(await notDutch(page)).toEqual([]);
    await press(page, "white");
    await press(page, "black");
    await page.clock.runFor(65_000);
    await expect(page.getByTestId("clock-white")).toContainText(nl("Overtime"));
    expect(await notDutch(page)).toEqual([]);
    await openClockMenu(page, nl);
    expect(await notDutch(page)).toEqual([]);
    await page.getByRole("button", { name: nl("Back to the clock") }).click();

    // Both pass twice, as the Dutch lightning rules end play, and count by numbers.
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: nl("Pass") }).click();
    await page.getByRole("link", { name: nl("Go to the count") }).click();
    await expect(page.getByTestId("count-black")).toBeVisible();
    expect(await notDutch(page)).toEqual([]);
    await page.getByTestId("count-black").fill("40");
    await page.getByTestId("count-white").fill("41");
    await page.getByRole("button", { name: nl("{} confirms", "Black") }).click();
    await page.getByRole("button", { name: nl("{} confirms", "White") }).click();
    await expect(page.getByText(nl("The count is settled."))).toBeVisible();
    expect(await notDutch(page)).toEqual([]);

    const id = page.url().match(/\/game\/([^/]+)\//)[1];
    await page.goto(`/game/${id}/result`);
    // 41 + 6.5 against 40: White by 7.5, with the Dutch decimal comma.
    await expect(page.getByTestId("result").locator("..")).toContainText("Wit wint met 7,5");
    expect(await notDutch(page)).toEqual([]);
    expect(errors).toEqual([]);
  });

  test("a decision the app words for the referee is shown in Dutch, and kept in English", async ({ page }) => {
    await startGame(page, "preset=lgc-2023&size=9&black=Anne%20de%20Vries&white=Bram%20Jansen", nl);
    const id = page.url().match(/\/game\/([^/]+)\//)[1];
    await page.goto(`/game/${id}/result`);
    await page.getByText(nl("Referee"), { exact: true }).click();
    await page.getByRole("button", { name: nl("{} late by 30 minutes: forfeit", "Black") }).click();
    await expect(page.getByText(nl("Decided by the referee: {}", "Late by 30 minutes or more"))).toBeVisible();
    expect(await notDutch(page)).toEqual([]);
    // The record keeps the English, whatever the language of the phone that wrote it.
    const stored = await page.evaluate(() => Object.values(localStorage).join("\n"));
    expect(stored).toContain("Late by 30 minutes or more");
  });

  test("speaks the last seconds of a period with a Dutch voice", async ({ page }) => {
    // Sound and the spoken count on, as chosen in an earlier game; each utterance is noted.
    await page.addInitScript(() => {
      localStorage.setItem("sk.prefs", JSON.stringify({ sound: true, vibrate: false, voice: true }));
      window.spoken = [];
      if (window.speechSynthesis) {
        window.speechSynthesis.speak = (u) => window.spoken.push([u.text, u.lang]);
      }
    });
    await startGame(page, "preset=dutch-lightning&size=9&time=byoyomi&main=1&periods=3&period=10", nl);
    test.skip(!(await page.evaluate(() => "SpeechSynthesisUtterance" in window)), "no speech in this browser");
    await press(page, "white");
    await expect.poll(() => page.evaluate(() => window.spoken.length), { timeout: 15_000 }).toBeGreaterThan(1);
    const spoken = await page.evaluate(() => window.spoken);
    expect(new Set(spoken.map(([, lang]) => lang))).toEqual(new Set(["nl-NL"]));
  });

  test("a phone with voices but none in Dutch: the settings say so, and the beeps count alone", async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("sk.prefs", JSON.stringify({ sound: true, vibrate: false, voice: true }));
      window.spoken = [];
      if (window.speechSynthesis) {
        window.speechSynthesis.getVoices = () => [{ lang: "en-US", name: "English" }, { lang: "de-DE", name: "Deutsch" }];
        window.speechSynthesis.speak = (u) => window.spoken.push([u.text, u.lang]);
      }
    });
    await startGame(page, "preset=dutch-lightning&size=9&time=byoyomi&main=1&periods=3&period=10", nl);
    test.skip(!(await page.evaluate(() => "SpeechSynthesisUtterance" in window)), "no speech in this browser");
    await openClockMenu(page, nl);
    await page.locator("summary", { hasText: nl("Sound and vibration") }).click();
    await expect(page.getByTestId("no-voice-language")).toHaveText(nl("This phone has no voice for the app's language: with sound on, beeps count the last seconds."));
    await page.getByRole("button", { name: nl("Back to the clock") }).click();
    await press(page, "white");
    // The period's last seconds pass: the clock warns (beeps), and no voice speaks another language.
    await page.waitForTimeout(12_000);
    expect(await page.evaluate(() => window.spoken)).toEqual([]);
  });

  test("a choice of English in the app is kept across reloads", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await page.getByTestId("language").selectOption("en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("new-game")).toHaveText("New game");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("new-game")).toHaveText("New game");
    // And back to the browser's language.
    await page.getByTestId("language").selectOption("");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByTestId("new-game")).toHaveText(nl("New game"));
  });
});

test.describe("a phone set to English", () => {
  test.use({ ...PHONE, locale: "en-GB" });

  test("opens in English and fetches no language file; Dutch can be chosen", async ({ page }) => {
    const fetched = [];
    page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByTestId("new-game")).toHaveText("New game");
    expect(fetched.filter((p) => p.startsWith("/lang/"))).toEqual([]);
    await page.getByTestId("language").selectOption("nl");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await expect(page.getByTestId("new-game")).toHaveText(nl("New game"));
  });
});
