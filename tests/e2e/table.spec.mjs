// The blitz table: the running clock owns the screen in portrait and landscape, a touch on the
// running face switches on touch-down, low-time warnings sound and buzz when asked, the neutral
// time for captured stones, who moves after a set-up position, the next round, and a fallen
// flag in the game list as it falls.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors, openClockMenu, closeClockMenu } from "./helpers.mjs";

const T0 = new Date("2026-11-22T10:00:00Z").getTime();
const face = (page, color) => page.getByTestId(`clock-${color}`);
const press = (page, color) => face(page, color).dispatchEvent("pointerdown");

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
});

for (const [width, height] of [[390, 844], [360, 740], [844, 390], [360, 640]]) {
  test(`at ${width}x${height} the running clock owns the screen and switches on touch-down`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.setViewportSize({ width, height });
    await startGame(page, "preset=lgc-2023&time=byoyomi&main=600&periods=5&period=30&black=Ann&white=Bo");
    await press(page, "white");
    await page.clock.runFor(2_000);
    await press(page, "black");
    await expect(face(page, "white")).toHaveAttribute("data-state", "running");
    await page.clock.runFor(500);
    // The header and the frame's tabs gave way; the strip carries the tabs and the controls.
    await expect(page.getByRole("navigation", { name: "Views of this game" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Pass", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Undo press" })).toBeVisible();

    const boxes = await Promise.all(["black", "white"].map((c) => face(page, c).boundingBox()));
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.y).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width + 0.5);
      expect(b.y + b.height).toBeLessThanOrEqual(height + 0.5);
    }
    const portrait = height > width;
    const long = portrait ? height : width;
    const along = boxes.reduce((sum, b) => sum + (portrait ? b.height : b.width), 0);
    expect(along / long).toBeGreaterThanOrEqual(0.8);
    // Each face takes the whole short side (less the frame's padding and border).
    for (const b of boxes) expect((portrait ? b.width : b.height) / (portrait ? width : height)).toBeGreaterThanOrEqual(0.95);
    // Portrait: one above the other, the top one turned for the player across the table;
    // landscape: side by side.
    if (portrait) {
      expect(Math.abs(boxes[0].y - boxes[1].y)).toBeGreaterThan(boxes[0].height / 2);
    } else {
      expect(Math.abs(boxes[0].x - boxes[1].x)).toBeGreaterThan(boxes[0].width / 2);
    }

    // Nothing scrolls, nothing selects, no long-press menu, no pull-to-refresh.
    const page_ = await page.evaluate(() => {
      window.scrollTo(0, 400);
      const el = document.scrollingElement;
      const faceStyle = getComputedStyle(document.querySelector('[data-testid="clock-black"]'));
      return {
        scrollHeight: el.scrollHeight,
        scrollWidth: el.scrollWidth,
        scrollY: window.scrollY,
        innerHeight,
        innerWidth,
        userSelect: faceStyle.userSelect,
        touchAction: faceStyle.touchAction,
        callout: faceStyle.webkitTouchCallout ?? faceStyle.getPropertyValue("-webkit-touch-callout"),
        overscroll: getComputedStyle(document.documentElement).overscrollBehaviorY,
      };
    });
    expect(page_.scrollHeight).toBeLessThanOrEqual(page_.innerHeight);
    expect(page_.scrollWidth).toBeLessThanOrEqual(page_.innerWidth);
    expect(page_.scrollY).toBe(0);
    expect(page_.userSelect).toBe("none");
    expect(page_.touchAction).toBe("none");
    expect(page_.overscroll).toBe("none");

    // The digits are as large as the face allows: at least a quarter of the face's short side.
    const digits = await face(page, "white").locator(".time").evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    const b = boxes[1];
    expect(digits).toBeGreaterThanOrEqual(Math.min(b.width, b.height) / 4);

    // A finger put down on the running face switches the clock before it is lifted.
    const cdp = await page.context().newCDPSession(page);
    const center = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [center] });
    await expect(face(page, "black")).toHaveAttribute("data-state", "running");
    await expect(face(page, "white")).toHaveAttribute("data-state", "waiting");
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect(face(page, "black")).toHaveAttribute("data-state", "running");
    expect(errors).toEqual([]);
  });
}

test("installed, the app runs full screen where the phone allows, inside the safe areas", async ({ page }) => {
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest.display_override[0]).toBe("fullscreen");
  // Safari on iPhones knows only "standalone": the page covers the notch's area
  // (viewport-fit=cover) and the clock keeps inside the safe areas.
  expect(manifest.display).toBe("standalone");
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await expect(page.locator('meta[name="viewport"]')).toHaveAttribute("content", /viewport-fit=cover/);
  const padding = await page.evaluate(() => {
    return [...document.styleSheets].flatMap((s) => [...s.cssRules]).filter((r) => r.selectorText === ".clock-frame").map((r) => r.style.padding).join(" ");
  });
  expect(padding).toContain("safe-area-inset-top");
});

test("a press on a face never hits Pass, Pause or Undo: they are in the strip, apart from the faces", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await press(page, "white");
  await press(page, "black");
  await page.clock.runFor(500);
  const faces = await Promise.all(["black", "white"].map((c) => face(page, c).boundingBox()));
  for (const name of ["Pass", "Pause", "Undo press"]) {
    const b = await page.getByRole("button", { name, exact: true }).boundingBox();
    for (const f of faces) {
      const apart = b.y >= f.y + f.height || b.y + b.height <= f.y || b.x >= f.x + f.width || b.x + b.width <= f.x;
      expect(apart, `${name} is outside the faces`).toBe(true);
    }
  }
  await expect(face(page, "black").getByRole("button")).toHaveCount(0);
});

/// Every beep, buzz and spoken word the page asks for, recorded in `window.__alerts`.
async function listen(page) {
  await page.addInitScript(() => {
    window.__alerts = [];
    const Audio = window.AudioContext;
    window.AudioContext = class extends Audio {
      createOscillator() {
        window.__alerts.push("beep");
        return super.createOscillator();
      }
    };
    Navigator.prototype.vibrate = function (pattern) {
      window.__alerts.push(`buzz ${pattern}`);
      return true;
    };
    if (window.speechSynthesis) {
      window.speechSynthesis.speak = (u) => window.__alerts.push(`say ${u.text}`);
    }
  });
}
const alerts = (page) => page.evaluate(() => window.__alerts.filter((a) => a !== "buzz 25"));
const clearAlerts = (page) => page.evaluate(() => { window.__alerts = []; });

test("low-time warnings: at ten seconds of sudden death, then on each of the last five seconds of a period, and none with the sound off", async ({ page }) => {
  await listen(page);
  const errors = watchErrors(page);
  await startGame(page, "preset=lgc-2023&time=sudden&main=30");
  // The sound is off by default: nothing sounds, nothing buzzes but the press itself.
  await press(page, "white");
  await page.clock.runFor(25_000);
  expect(await alerts(page)).toEqual([]);
  await expect(face(page, "black").locator(".time")).toHaveText("5.0");

  await startGame(page, "preset=lgc-2023&time=sudden&main=30");
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await page.getByLabel("Warn when time runs low, with a beep").check();
  await closeClockMenu(page);
  await clearAlerts(page);
  await press(page, "white");
  await page.clock.runFor(19_500);
  expect(await alerts(page)).toEqual([]);
  await page.clock.runFor(600);
  await expect.poll(() => alerts(page)).toEqual(["beep", "buzz 200"]);
  // Once: the seconds after it stay quiet.
  await page.clock.runFor(5_000);
  expect(await alerts(page)).toEqual(["beep", "buzz 200"]);

  // Byo-yomi with the count spoken: a beep, a buzz and the number on each of the last five
  // seconds of the period. The choices were kept for the next game.
  await startGame(page, "preset=lgc-2023&time=byoyomi&main=0&periods=3&period=20");
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await expect(page.getByLabel("Warn when time runs low, with a beep")).toBeChecked();
  await page.getByLabel("Count the last seconds of overtime aloud").check();
  await closeClockMenu(page);
  await clearAlerts(page);
  await press(page, "white");
  await page.clock.runFor(14_900);
  expect(await alerts(page)).toEqual([]);
  await page.clock.runFor(5_000);
  const expected = [5, 4, 3, 2, 1].flatMap((n) => ["beep", "buzz 200", `say ${n}`]);
  await expect.poll(() => alerts(page)).toEqual(expected);

  // The warning point is the player's to choose, and stays with the game after a reload.
  await page.reload();
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await page.getByLabel("Warn on each of the last seconds").fill("2");
  await page.getByLabel("Warn on each of the last seconds").blur();
  await page.getByLabel("Warn when time runs low, with a beep").uncheck();
  await page.reload();
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await expect(page.getByLabel("Warn on each of the last seconds")).toHaveValue("2");
  await expect(page.getByLabel("Warn when time runs low, with a beep")).not.toBeChecked();
  await closeClockMenu(page);
  await clearAlerts(page);
  await page.clock.runFor(20_000);
  expect(await alerts(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test("the neutral time is one tap away with its reason, and the mover's press restarts the opponent's clock", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await press(page, "white");
  await page.clock.runFor(10_000);
  await page.getByRole("button", { name: "Neutral time: 3 or more captured stones to remove" }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("Removing captured stones");
  await expect(face(page, "black")).toHaveAttribute("data-state", "paused");
  await expect(face(page, "white")).toHaveAttribute("data-state", "paused");
  await page.clock.runFor(30_000);
  await expect(face(page, "black").locator(".time")).toHaveText("9:50");
  await press(page, "black");
  await expect(face(page, "white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("pause-reason")).toHaveCount(0);
  await expect(face(page, "black").locator(".time")).toHaveText("9:50");

  // Cape Town neutralises two stones or more, in its own words.
  await startGame(page, "preset=cape-town-2005&time=sudden&main=600");
  await press(page, "white");
  await page.getByRole("button", { name: "Neutral time: 2 or more captured stones to remove" }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("Removal of more than one killed stone");
  // The Japanese rules have none.
  await startGame(page, "preset=japanese&time=sudden&main=600");
  await press(page, "white");
  await expect(page.getByRole("button", { name: /Neutral time/ })).toHaveCount(0);
});

const board = (page) => page.getByTestId("board");
const tap = (page, sgf) => board(page).locator(`g.pt[data-point="${sgf}"]`).click();

test("a capture of three stones entered with the press pauses both clocks by itself, in the record", async ({ page }) => {
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  await press(page, "white");
  await page.getByRole("link", { name: "Board" }).click();
  await page.getByText("Board options").click();
  await page.getByLabel("Entering a move presses the clock").check();
  for (const p of ["ab", "aa", "bb", "ba", "cb", "ca", "ee", "ih"]) await tap(page, p);
  await tap(page, "da");
  await expect(page.getByTestId("prisoners-black")).toHaveText("3");
  await expect(page.getByTestId("board-message")).toContainText("Both clocks are paused");
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("Removing captured stones");
  await expect(face(page, "white")).toHaveAttribute("data-state", "paused");
  // In the record: a reload shows the same.
  await page.reload();
  await expect(page.getByTestId("pause-reason")).toContainText("Removing captured stones");
  await press(page, "black");
  await expect(face(page, "white")).toHaveAttribute("data-state", "running");
  expect(id).toBeTruthy();
});

test("after a position is set up the player chooses who moves next, and the SGF says so", async ({ page }) => {
  const id = await startGame(page, "preset=japanese&size=9");
  await page.goto(`/game/${id}/board`);
  await page.getByRole("radio", { name: "Set up" }).click();
  await tap(page, "cc");
  await tap(page, "gg");
  await expect(page.getByRole("button", { name: "Black moves next" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "White moves next" }).click();
  await expect(page.getByRole("button", { name: "White moves next" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("radio", { name: "Record" }).click();
  await expect(page.getByTestId("board-status")).toContainText("White to play");
  await tap(page, "ee");
  await expect(board(page).locator('g.pt[data-point="ee"]')).toHaveAttribute("data-stone", "w");
  await page.goto(`/sgf?game=${id}`);
  await expect(page.getByTestId("sgf-text")).toHaveValue(/PL\[W\]/);
  // Once a move is played the turn is the game's.
  await page.goto(`/game/${id}/board`);
  await page.getByRole("radio", { name: "Set up" }).click();
  await page.getByRole("button", { name: "White moves next" }).click();
  await expect(page.getByTestId("board-message")).toContainText("before the first move");
});

test("next round: from the result screen, a new game with the same settings and the colours swapped, in one tap", async ({ page }) => {
  const first = await startGame(page, "preset=dutch-lightning&size=19&time=sudden&main=300&black=Ann&white=Bo");
  await press(page, "white");
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "Black resigns" }).click();
  await page.getByRole("link", { name: "Result" }).click();
  await page.getByLabel("Swap colours").check();
  await page.getByRole("button", { name: "Next round" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  const second = page.url().match(/\/game\/([^/]+)\//)[1];
  expect(second).not.toBe(first);
  await expect(page.getByTestId("players")).toHaveText("Bo (B) – Ann (W)");
  await expect(face(page, "black").locator(".time")).toHaveText("5:00");
  await expect(face(page, "black")).toHaveAttribute("data-state", "waiting");
  // The same settings: the Dutch lightning rules' neutral time is there.
  await press(page, "white");
  await expect(page.getByRole("button", { name: "Neutral time: 3 or more captured stones to remove" })).toBeVisible();
  // Names kept as they were without the swap.
  await page.goto(`/game/${second}/result`);
  await page.getByRole("button", { name: "Next round" }).click();
  await expect(page.getByTestId("players")).toHaveText("Bo (B) – Ann (W)");
});

test("the game list shows a flag the moment it falls", async ({ page }) => {
  // Dutch: the flag waits for the opponent's claim; LGC: the flag decides.
  await startGame(page, "preset=dutch-lightning&time=sudden&main=30&black=Dutch&white=Flag");
  await press(page, "white");
  await startGame(page, "preset=lgc-2023&time=sudden&main=40&black=Lgc&white=Flag");
  await press(page, "white");
  await page.goto("/");
  const row = (name) => page.getByTestId("game-row").filter({ hasText: name });
  await expect(row("Dutch").getByTestId("game-result")).toHaveText("In progress");
  await expect(row("Lgc").getByTestId("game-result")).toHaveText("In progress");
  await page.clock.runFor(31_000);
  await expect(row("Dutch").getByTestId("game-result")).toContainText("Black's flag fell");
  await expect(row("Lgc").getByTestId("game-result")).toHaveText("In progress");
  await page.clock.runFor(10_000);
  await expect(row("Lgc").getByTestId("game-result")).toContainText("W+T");
});
