// The clock's faces and strip hide nothing, from 320 px (WCAG's reflow width) to a landscape
// phone, in every language of the app: in each state a player meets (before the start,
// running, just after a pass, paused, in overtime, stopped for the count, a flag fallen with the
// claim to make, a flag fallen that decided the game) the name, the state, the time and the
// counts of a face each keep a place of their own, nothing runs out of its face or is cut, and
// every control of the strip shows its whole label on a target of at least 48 px. Each state
// is photographed (test-results/) for a person to look at.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";
import { wordsOf } from "./words.mjs";

const T0 = new Date("2026-11-22T10:00:00Z").getTime();
const SIZES = [[320, 568], [390, 844], [844, 390]];
const LANGUAGES = [["en", "en-US"], ["nl", "nl-NL"], ["fr", "fr-FR"], ["de", "de-DE"], ["es", "es-ES"], ["ja", "ja-JP"], ["ko", "ko-KR"], ["zh", "zh-CN"]];
/// The longest names a hall's pairing gives in practice, and a name without spaces.
const NAMES = "black=Zofia%20%C5%81ukaszewska-Nowak&white=Jean-Baptiste%20Dupont";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

/// What does not hold on the screen as it stands: parts of a face drawn over each other or
/// out of their face, a text cut short, a control of the strip under 48 px or out of the
/// screen. Measured from the boxes the browser laid out.
function problemsOnScreen() {
  const out = [];
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => {
    const r = box(e);
    const cs = getComputedStyle(e);
    return r.width > 0 && r.height > 0 && cs.visibility !== "hidden" && cs.display !== "none";
  };
  const overlap = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
  const inside = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5 && a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
  const name = (e) => `${e.className || e.tagName} "${e.textContent.trim().slice(0, 40)}"`;
  // A text wider than its box (cut short, with or without an ellipsis). The room a font keeps
  // above and below its glyphs may pass a line box: a box's height is checked against its
  // face instead.
  const cut = (e) => {
    const cs = getComputedStyle(e);
    return e.scrollWidth > e.clientWidth + 1
      ? `${name(e)} is cut (${e.scrollWidth} px wide in ${e.clientWidth}${cs.textOverflow === "ellipsis" ? ", with an ellipsis" : ""})`
      : null;
  };
  const view = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
  for (const face of document.querySelectorAll(".clock-half")) {
    const side = face.dataset.testid;
    const f = box(face);
    if (!inside(f, view)) out.push(`${side} runs out of the screen`);
    const parts = [...face.querySelectorAll(".state-word, .badge, .who, .time-box, .time, .sub, .meta, .face-notes > *")].filter(shown);
    for (const p of parts) {
      if (!inside(box(p), f)) out.push(`${side}: ${name(p)} runs out of its face`);
      const c = cut(p);
      if (c) out.push(`${side}: ${c}`);
    }
    // The time stays readable at arm's length, whatever the face around it shows.
    const time = face.querySelector(".time");
    const size = parseFloat(getComputedStyle(time).fontSize);
    if (size < 32) out.push(`${side}: the time is ${size.toFixed(0)} px high, under 32`);
    for (let i = 0; i < parts.length; i++) {
      for (let j = i + 1; j < parts.length; j++) {
        const [a, b] = [parts[i], parts[j]];
        if (a.contains(b) || b.contains(a)) continue;
        if (overlap(box(a), box(b))) out.push(`${side}: ${name(a)} overlaps ${name(b)}`);
      }
    }
  }
  const strip = document.querySelector(".clock-strip");
  const controls = [...strip.querySelectorAll("a, button")].filter(shown);
  for (const c of controls) {
    const r = box(c);
    if (r.width < 48 - 0.5 || r.height < 48 - 0.5) out.push(`strip: ${name(c)} is ${r.width.toFixed(0)}x${r.height.toFixed(0)} px, under 48`);
    if (!inside(r, view) || !inside(r, box(strip))) out.push(`strip: ${name(c)} runs out of the strip or the screen`);
    const cutC = cut(c);
    if (cutC) out.push(`strip: ${cutC}`);
  }
  for (let i = 0; i < controls.length; i++) {
    for (let j = i + 1; j < controls.length; j++) {
      if (overlap(box(controls[i]), box(controls[j]))) out.push(`strip: ${name(controls[i])} overlaps ${name(controls[j])}`);
    }
  }
  for (const line of [...strip.querySelectorAll(".strip-line")].filter(shown)) {
    if (!inside(box(line), view)) out.push(`strip: ${name(line)} runs out of the screen`);
    const c = cut(line);
    if (c) out.push(`strip: ${c}`);
  }
  return out;
}

for (const [language, locale] of LANGUAGES) {
  for (const [width, height] of SIZES) {
    test.describe(`${language} at ${width}x${height}`, () => {
      test.use({ viewport: { width, height }, locale, hasTouch: true });
      const say = wordsOf(language);

      test(`every state of the clock hides nothing (${language}, ${width}x${height})`, async ({ page }, testInfo) => {
        // Eight states, each measured and photographed: on a machine busy with the rest of
        // the suite and two busy processes this took 31 to 32 s, past the 30 s a test gets.
        test.slow();
        const errors = watchErrors(page);
        await page.clock.install({ time: T0 });
        await page.clock.pauseAt(T0 + 1_000);
        const seen = [];
        const look = async (state) => {
          // The state is on the faces (each step waits for it) before anything is measured;
          // measuring lays the page out as it stands.
          await page.screenshot({ path: testInfo.outputPath(`${language}-${width}x${height}-${state}.png`) });
          const problems = await page.evaluate(problemsOnScreen);
          seen.push(...problems.map((p) => `${state}: ${p}`));
        };

        // Dutch lightning: seven controls in the strip (the illegal-move claim among them).
        await startGame(page, `preset=dutch-lightning&time=sudden&main=900&${NAMES}`, say);
        await look("waiting");
        await press(page, "white");
        await page.clock.runFor(3_000);
        await press(page, "black");
        await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
        await look("running");
        await page.getByRole("button", { name: say("Pass"), exact: true }).click();
        await expect(page.getByTestId("clock-black")).toContainText(say("White passed"));
        await look("passed");
        await page.clock.runFor(4_000);
        await expect(page.getByTestId("clock-black")).not.toContainText(say("White passed"));
        await look("passes-line");
        await page.getByRole("button", { name: say("Pause"), exact: true }).click();
        // The longest reason of the rule set.
        await page.getByRole("group", { name: say("Why pause the clock") }).getByRole("button")
          .filter({ hasText: say("Removal of dead stones found on the board after an illegal move was answered") }).click();
        await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "paused");
        await look("paused");

        // Dutch lightning: Black's flag falls and waits for White's claim.
        await startGame(page, `preset=dutch-lightning&time=sudden&main=30&${NAMES}`, say);
        await press(page, "white");
        await page.clock.runFor(31_000);
        await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
        await look("flag-to-claim");

        // LGC byo-yomi: overtime, then two passes stop play for the count.
        await startGame(page, `preset=lgc-2023&time=byoyomi&main=10&periods=5&period=30&${NAMES}`, say);
        await press(page, "white");
        await page.clock.runFor(12_000);
        await expect(page.getByTestId("clock-black")).toContainText(say("Overtime"));
        await look("overtime");
        await page.getByRole("button", { name: say("Pass"), exact: true }).click();
        await page.getByRole("button", { name: say("Pass"), exact: true }).click();
        await expect(page.getByRole("link", { name: say("Go to the count") })).toBeVisible();
        await look("counting");

        // LGC sudden death: the flag decides the game at once.
        await startGame(page, `preset=lgc-2023&time=sudden&main=60&${NAMES}`, say);
        await press(page, "white");
        await page.clock.runFor(61_000);
        await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
        await look("flagged");

        expect(seen, `${language} at ${width}x${height}:\n${seen.join("\n")}`).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
}

/// Whatever is wider than the screen, and every button or link whose label is cut.
function widerThanTheScreen() {
  const out = [];
  if (document.documentElement.scrollWidth > innerWidth) out.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  for (const e of document.querySelectorAll("button, a, nav a, th, td")) {
    const r = e.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(e).visibility === "hidden") continue;
    const name = `${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}"`;
    if (r.right > innerWidth + 0.5 || r.left < -0.5) out.push(`${name} runs out of the screen`);
    if (e.scrollWidth > e.clientWidth + 1) out.push(`${name} is cut`);
  }
  return out;
}

// The game's other screens at WCAG's reflow width, in every language: the views' tabs, the
// board's controls, the count's table and the result keep inside the screen.
for (const [language, locale] of LANGUAGES) {
  test.describe(`${language} at 320x568, the game's other screens`, () => {
    test.use({ viewport: { width: 320, height: 568 }, locale, hasTouch: true });
    const say = wordsOf(language);

    test(`the board, the count and the result fit 320 px (${language})`, async ({ page }, testInfo) => {
      const id = await startGame(page, `preset=lgc-2023&size=19&time=sudden&main=600&${NAMES}`, say);
      await press(page, "white");
      const seen = [];
      const look = async (view) => {
        await page.goto(`/game/${id}/${view}`);
        await expect(page.getByRole("navigation").first()).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`${language}-320x568-${view}.png`), fullPage: true });
        seen.push(...(await page.evaluate(widerThanTheScreen)).map((p) => `${view}: ${p}`));
      };
      await look("board");
      for (const point of ["dd", "pp"]) await page.getByTestId("board").locator(`g.pt[data-point="${point}"]`).click();
      // LGC: play stops after two passes with White's last.
      await page.getByRole("button", { name: say("Black passes") }).click();
      await page.getByRole("button", { name: say("White passes") }).click();
      await look("count");
      await page.getByRole("button", { name: say("{} confirms", "Black") }).click();
      await page.getByRole("button", { name: say("{} confirms", "White") }).click();
      await look("result");
      expect(seen, seen.join("\n")).toEqual([]);
    });
  });
}
