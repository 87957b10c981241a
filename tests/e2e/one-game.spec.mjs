// One game whichever screen a move is made on: passes made on the board end play and stop the
// clock as each rule set's ending says, moves entered on the board are the clock's moves, and
// after a pass that does not end play both faces say what still ends it, as the rules say.
import { test, expect } from "@playwright/test";
import { closeClockMenu, openClockMenu, startGame, watchErrors } from "./helpers.mjs";

const T0 = new Date("2026-11-22T10:00:00Z").getTime();
const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const face = (page, color) => page.getByTestId(`clock-${color}`);
const time = (page, color) => face(page, color).locator(".time");
const board = (page) => page.getByTestId("board");
const tap = (page, sgf) => board(page).locator(`g.pt[data-point="${sgf}"]`).click();
/// The board's pass button, named for the side to move.
const boardPass = (page) => page.getByRole("button", { name: /^(Black|White) passes$/ });
const tab = (page, name) => page.getByRole("link", { name, exact: true });

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  // Counts the beeps the app makes (Web Audio oscillators).
  await page.addInitScript(() => {
    window.__beeps = 0;
    const Audio = window.AudioContext;
    if (!Audio) return;
    const make = Audio.prototype.createOscillator;
    Audio.prototype.createOscillator = function () {
      window.__beeps += 1;
      return make.call(this);
    };
  });
});

/// A game with a running clock (White started Black's), shown on the board.
async function onTheBoard(page, query) {
  const id = await startGame(page, query);
  await press(page, "white");
  await expect(face(page, "black")).toHaveAttribute("data-state", "running");
  await tab(page, "Board").click();
  await expect(board(page)).toBeVisible();
  return id;
}

// Each rule set's ending, as its text says, and how many passes in a row make it.
const ENDINGS = [
  // Dutch 13.2: "Four consecutive passes have occured (two per player). This we call a natural
  // ending. After this the clock may be neutralized."
  { preset: "dutch-lightning", passes: 4, board: "Play has ended", pause: "Counting" },
  // Cape Town 9.2: "FOUR consecutive passes have occurred (two per player). This we call a
  // natural ending. After this the clock should be neutralized (see point 10)."
  { preset: "cape-town-2005", passes: 4, board: "Play has ended", pause: "Counting" },
  // LGC, Ending the game: "3. Play pauses after the minimum number of consecutive passes in
  // which White passes last. 4. The clock is now paused."
  { preset: "lgc-2023", passes: 2, board: "Play paused after the passes", pause: "status of groups" },
  // London Open 5: "Play pauses after two consecutive passes."
  { preset: "london-open", passes: 2, board: "Play paused after the passes", pause: "status of groups" },
  // AGA, Japanese and Chinese rules: play stops after two consecutive passes for the status of
  // the groups.
  { preset: "aga", passes: 2, board: "Play paused after the passes", pause: "status of groups" },
  { preset: "japanese", passes: 2, board: "Play paused after the passes", pause: "status of groups" },
  { preset: "chinese", passes: 2, board: "Play paused after the passes", pause: "status of groups" },
];

for (const { preset, passes, board: said, pause } of ENDINGS) {
  test(`${preset}: passes made on the board end play as the rules say and pause the clock`, async ({ page }) => {
    const errors = watchErrors(page);
    await onTheBoard(page, `preset=${preset}&size=9&time=sudden&main=600`);
    for (let i = 1; i <= passes; i++) {
      await page.clock.runFor(1_000);
      await boardPass(page).click();
      if (i < passes) await expect(page.getByTestId("board-status")).not.toContainText(said);
    }
    await expect(page.getByTestId("board-status")).toContainText(said);
    await tab(page, "Clock").click();
    await expect(page.getByTestId("pause-reason")).toContainText(pause);
    await expect(face(page, "black")).toHaveAttribute("data-state", "paused");
    await expect(face(page, "white")).toHaveAttribute("data-state", "paused");
    // Each pass was a move on the clock too: one record, one count of moves.
    await expect(face(page, "black")).toContainText(`Moves ${passes / 2}`);
    await expect(face(page, "white")).toContainText(`Moves ${passes / 2}`);
    // The time stands still after the end of play: each side used a second for each pass.
    const left = passes === 4 ? "9:58" : "9:59";
    await page.clock.runFor(30_000);
    await expect(time(page, "black")).toHaveText(left);
    await expect(time(page, "white")).toHaveText(left);
    await expect(page.getByRole("link", { name: "Go to the count" })).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test("Cape Town: passes entered on the board alone still end play and neutralise the clock", async ({ page }) => {
  // Cape Town 9.2: "After this the clock should be neutralized (see point 10)."
  await onTheBoard(page, "preset=cape-town-2005&size=9&time=sudden&main=720");
  await page.getByText("Board options").click();
  await page.getByLabel("Entering a move presses the clock").uncheck();
  for (let i = 0; i < 4; i++) await boardPass(page).click();
  await expect(page.getByTestId("board-status")).toContainText("Play has ended");
  await tab(page, "Clock").click();
  await expect(page.getByTestId("pause-reason")).toContainText("Counting");
  const before = await time(page, "black").textContent();
  await page.clock.runFor(20_000);
  await expect(time(page, "black")).toHaveText(before);
});

test("moves entered on the board while the clock runs are the clock's moves", async ({ page }) => {
  // LGC, Making a move: "Playing a stone or passing a stone is completed by pressing the clock".
  await onTheBoard(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  for (const sgf of ["cc", "gg", "cg", "gc", "ee"]) {
    await page.clock.runFor(2_000);
    await tap(page, sgf);
  }
  await expect(page.getByTestId("board-status")).toContainText("Move 5 · White to play");
  await tab(page, "Clock").click();
  await expect(face(page, "white")).toHaveAttribute("data-state", "running");
  await expect(face(page, "black")).toContainText("Moves 3");
  await expect(face(page, "white")).toContainText("Moves 2");
  // Black thought 2 s over each of three moves, White 2 s over each of two.
  await expect(time(page, "black")).toHaveText("9:54");
  await expect(time(page, "white")).toHaveText("9:56");
});

test("Dutch lightning: after each pass both faces say how many more passes end the game", async ({ page }) => {
  // Dutch 13.2: "Four consecutive passes have occured (two per player)."
  const errors = watchErrors(page);
  await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900");
  // The game's sounds on: a pass beeps.
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await page.getByLabel("Warn when time runs low, with a beep").check();
  await closeClockMenu(page);
  await press(page, "white");
  const beeps = await page.evaluate(() => window.__beeps);
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  // For a moment: "Black passed" on both faces, and on the passer's the rules' passes, large.
  await expect(face(page, "black")).toContainText("Black passed");
  await expect(face(page, "white")).toContainText("Black passed");
  await expect(face(page, "black").locator(".passes.big")).toHaveText("Three more passes end the game");
  await expect(face(page, "white").locator(".passes")).toHaveText("Three more passes end the game");
  await expect(face(page, "white").locator(".passes.big")).toHaveCount(0);
  expect(await page.evaluate(() => window.__beeps)).toBeGreaterThan(beeps);
  // Then a small line on both faces.
  await page.clock.runFor(3_500);
  await expect(face(page, "black")).not.toContainText("Black passed");
  await expect(face(page, "white")).not.toContainText("Black passed");
  for (const c of ["black", "white"]) {
    await expect(face(page, c).locator(".passes")).toHaveText("Three more passes end the game");
    await expect(face(page, c).locator(".passes.big")).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await expect(face(page, "white")).toContainText("White passed");
  await expect(face(page, "white").locator(".passes.big")).toHaveText("Two more passes end the game");
  await expect(face(page, "black").locator(".passes")).toHaveText("Two more passes end the game");
  // The board and the count say it too.
  await tab(page, "Board").click();
  await expect(page.getByTestId("board-status")).toContainText("Two more passes end the game");
  await tab(page, "Count").click();
  await expect(page.getByTestId("passes-line")).toHaveText("Two more passes end the game");
  // A stone breaks the run of passes: the line goes.
  await tab(page, "Board").click();
  await tap(page, "ee");
  await expect(page.getByTestId("board-status")).not.toContainText("more passes");
  await tab(page, "Clock").click();
  await expect(face(page, "black").locator(".passes")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("LGC: after a pass both faces say that White passes last", async ({ page }) => {
  // LGC, Ending the game: "3. Play pauses after the minimum number of consecutive passes in
  // which White passes last."
  await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  await press(page, "white");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await expect(face(page, "black").locator(".passes.big")).toHaveText("One more pass ends the game · White passes last");
  await expect(face(page, "white").locator(".passes")).toHaveText("One more pass ends the game · White passes last");
  // White's pass ends play: nothing more to say, the clock pauses for the status of groups.
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("status of groups");
  await expect(face(page, "black").locator(".passes")).toHaveCount(0);
  await expect(face(page, "white")).toContainText("White passed");

  // White passing first: two more, White's the last.
  await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  await press(page, "white");
  await press(page, "black");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await expect(face(page, "white").locator(".passes.big")).toHaveText("Two more passes end the game · White passes last");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await expect(face(page, "black").locator(".passes.big")).toHaveText("One more pass ends the game · White passes last");
  await expect(page.getByTestId("pause-reason")).toHaveCount(0);
});
