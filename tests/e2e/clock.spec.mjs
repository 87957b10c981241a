// The clock in a real browser with a fake time: each time system through overtime to a flag,
// passes ending play, pause and resume, a reload while a clock runs.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors, openClockMenu } from "./helpers.mjs";

const T0 = new Date("2026-11-22T10:00:00Z").getTime();

async function press(page, color) {
  await page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
}

const clockTime = (page, color) => page.getByTestId(`clock-${color}`).locator(".time");

// The fake time stands still between the steps of a test, so a slow machine changes nothing.
test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
});

test("sudden death: the clock switches on touch-down and the flag falls at zero (LGC freezes)", async ({ page }) => {
  const errors = watchErrors(page);
  await startGame(page, "preset=lgc-2023&time=sudden&main=60&black=B&white=W");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
  // An even game: White starts Black's clock.
  await press(page, "black");
  await expect(page.getByTestId("clock-message")).toContainText("White starts the clock");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(30_000);
  await expect(clockTime(page, "black")).toHaveText("0:30");
  // Only the player whose clock runs can press.
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
  await page.clock.runFor(55_000);
  await expect(clockTime(page, "white")).toHaveText("5.0");
  await page.clock.runFor(5_100);
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "flagged");
  await expect(clockTime(page, "white")).toHaveText("0.0");
  await expect(page.getByTestId("clock-white")).toContainText("Flag fell at");
  await expect(page.getByTestId("clock-result")).toContainText("B+T");
  expect(errors).toEqual([]);
});

test("Japanese byo-yomi: a move inside a period keeps it, an overrun uses one, the last ends the game", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=byoyomi&main=10&periods=3&period=5");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).not.toContainText("Overtime");
  await page.clock.runFor(12_000);
  await expect(page.getByTestId("clock-black")).toContainText("3 periods");
  await expect(page.getByTestId("clock-black")).toContainText("Overtime");
  await expect(clockTime(page, "black")).toHaveText("3.0");
  await press(page, "black");
  await press(page, "white");
  await expect(clockTime(page, "black")).toHaveText("5.0");
  await expect(page.getByTestId("clock-black")).toContainText("3 periods");
  await page.clock.runFor(6_000);
  await expect(page.getByTestId("clock-black")).toContainText("2 periods");
  await page.clock.runFor(5_000);
  await expect(page.getByTestId("clock-black")).toContainText("last period");
  await page.clock.runFor(3_500);
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(600);
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
  await expect(page.getByTestId("clock-result")).toContainText("W+T");
});

test("Canadian overtime: stones count down on every press, passes too, and the period reloads", async ({ page }) => {
  await startGame(page, "preset=london-open&time=canadian&main=5&stones=2&period=20");
  await press(page, "white");
  await page.clock.runFor(6_000);
  await expect(page.getByTestId("clock-black")).toContainText("2 stones");
  await press(page, "black");
  await expect(page.getByTestId("clock-black")).toContainText("1 stone");
  await press(page, "white");
  await page.clock.runFor(2_000);
  await page.getByRole("button", { name: "Pass" }).click();
  // Two stones played: the period reloads.
  await expect(page.getByTestId("clock-black")).toContainText("2 stones");
  await expect(clockTime(page, "black")).toHaveText("0:20");
  await expect(page.getByTestId("prisoners-white")).toHaveText("1");
  await press(page, "white");
  await page.clock.runFor(20_100);
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
});

test("Fischer: the increment is added on each press", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=fischer&main=60&inc=10");
  await press(page, "white");
  await page.clock.runFor(4_000);
  await press(page, "black");
  await expect(clockTime(page, "black")).toHaveText("1:06");
});

test("LGC: two passes with White last pause both clocks for the status of groups", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await press(page, "white");
  await page.getByRole("button", { name: "Pass" }).click();
  await expect(page.getByTestId("prisoners-white")).toHaveText("1");
  await page.getByRole("button", { name: "Pass" }).click();
  await expect(page.getByTestId("prisoners-black")).toHaveText("1");
  await expect(page.getByTestId("pause-reason")).toContainText("status of groups");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "paused");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "paused");
  const before = await clockTime(page, "black").textContent();
  await page.clock.runFor(30_000);
  await expect(clockTime(page, "black")).toHaveText(before);
  await expect(page.getByRole("link", { name: "Go to the count" })).toBeVisible();
});

test("Cape Town: four consecutive passes end the game without pass stones", async ({ page }) => {
  await startGame(page, "preset=cape-town-2005&time=sudden&main=720");
  await press(page, "white");
  for (let i = 0; i < 3; i++) {
    await page.getByRole("button", { name: "Pass" }).click();
    await expect(page.getByTestId("pause-reason")).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Pass" }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("Counting");
  await expect(page.getByTestId("prisoners-black")).toHaveText("0");
  await expect(page.getByTestId("prisoners-white")).toHaveText("0");
});

test("a pause stops both clocks with a reason and resume restarts the right one", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await press(page, "white");
  await page.clock.runFor(10_000);
  await page.getByRole("button", { name: "Pause" }).click();
  await page.getByRole("button", { name: "Toilet visit in overtime" }).click();
  await expect(page.getByTestId("pause-reason")).toContainText("Toilet");
  await page.clock.runFor(120_000);
  await expect(clockTime(page, "black")).toHaveText("9:50");
  await page.getByRole("button", { name: "Resume" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(5_000);
  await expect(clockTime(page, "black")).toHaveText("9:45");
});

test("a reload while a clock runs brings it back with the running side's time still running", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await press(page, "white");
  await page.clock.runFor(20_000);
  await press(page, "black");
  await page.clock.runFor(15_000);
  await page.reload();
  await page.clock.runFor(10_000);
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(clockTime(page, "black")).toHaveText("9:40");
  await expect(clockTime(page, "white")).toHaveText("9:35");
});

test("an accidental press is undone with the time restored, and the space bar presses", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(10_000);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(3_000);
  await page.getByRole("button", { name: "Undo press" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(clockTime(page, "black")).toHaveText("9:47");
  await expect(clockTime(page, "white")).toHaveText("10:00");
});

test("referee corrections change the time and are logged", async ({ page }) => {
  await startGame(page, "preset=dutch-lightning&time=sudden&main=900");
  await press(page, "white");
  await openClockMenu(page);
  await page.getByText("Referee corrections").click();
  await page.getByRole("radio", { name: "White" }).click();
  await page.getByRole("button", { name: "1-minute penalty" }).click();
  await expect(clockTime(page, "white")).toHaveText("14:00");
  await page.getByRole("button", { name: "Both +2 min" }).click();
  await expect(clockTime(page, "white")).toHaveText("16:00");
  await expect(clockTime(page, "black")).toHaveText("17:00");
});

test("the sides White chose stay after a reload", async ({ page }) => {
  await startGame(page, "preset=dutch-lightning&time=sudden&main=900");
  const topIs = (color) => expect(page.getByTestId(`clock-${color}`)).toHaveClass(/\btop\b/);
  await topIs("white");
  await page.getByRole("button", { name: "Swap the sides of the clock" }).click();
  await topIs("black");
  await page.reload();
  await topIs("black");
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await page.getByLabel("Count the last seconds of overtime aloud").check();
  await page.reload();
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await expect(page.getByLabel("Count the last seconds of overtime aloud")).toBeChecked();
});

test("Dutch lightning: a fallen flag waits for the opponent's claim, which decides the game", async ({ page }) => {
  // Dutch 13.3: "One of the players has used up all his time (indicated by the falling of the
  // "flag") and his opponent announces this."
  await startGame(page, "preset=dutch-lightning&time=sudden&main=30");
  await press(page, "white");
  await page.clock.runFor(31_000);
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
  await expect(page.getByTestId("clock-result")).toHaveCount(0);
  // Black may still press: the game goes on until White claims.
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.getByRole("button", { name: "White claims the win on time" }).click();
  await expect(page.getByTestId("clock-result")).toContainText("W+T");
});

test("simple delay and Bronstein: the delay is free, Bronstein gives back what was used of it", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=delay&main=60&inc=5");
  await press(page, "white");
  await page.clock.runFor(3_000);
  await expect(clockTime(page, "black")).toHaveText("1:00");
  await page.clock.runFor(4_000);
  await expect(clockTime(page, "black")).toHaveText("0:58");

  await startGame(page, "preset=lgc-2023&time=bronstein&main=60&inc=5");
  await press(page, "white");
  await page.clock.runFor(3_000);
  await press(page, "black");
  await expect(clockTime(page, "black")).toHaveText("1:00");
  await press(page, "white");
  await page.clock.runFor(8_000);
  await press(page, "black");
  await expect(clockTime(page, "black")).toHaveText("0:57");
});

test("time odds: White's own main time; a resignation stops both clocks", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600&mainw=300");
  await expect(clockTime(page, "black")).toHaveText("10:00");
  await expect(clockTime(page, "white")).toHaveText("5:00");
  await press(page, "white");
  await page.clock.runFor(5_000);
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "Black resigns" }).click();
  await expect(page.getByTestId("clock-result")).toContainText("W+R");
  await page.clock.runFor(60_000);
  await expect(clockTime(page, "black")).toHaveText("9:55");
});

test("a long game is stored in chunks and comes back whole, an undone press included", async ({ page }) => {
  const id = await startGame(page, "preset=lgc-2023&time=fischer&main=3600&inc=5");
  await press(page, "white");
  for (let i = 0; i < 70; i++) {
    await press(page, "black");
    await press(page, "white");
  }
  await expect(page.getByTestId("clock-black")).toContainText("Moves 70");
  // 141 presses, 140 of them moves made off the phone: over 280 events, one full chunk of 256
  // and the rest in the head's tail.
  const keys = await page.evaluate((id) => Object.keys(localStorage).filter((k) => k.startsWith(`sk.log.${id}.`)).length, id);
  expect(keys).toBe(1);
  const head = await page.evaluate((id) => JSON.parse(localStorage.getItem(`sk.game.${id}`)), id);
  expect(head.event_count).toBeGreaterThan(280);
  expect(head.tail.length).toBeGreaterThan(0);
  await page.reload();
  await expect(page.getByTestId("clock-black")).toContainText("Moves 70");
  await expect(page.getByTestId("clock-white")).toContainText("Moves 70");
  await press(page, "black");
  await expect(page.getByTestId("clock-black")).toContainText("Moves 71");
  await page.getByRole("button", { name: "Undo press" }).click();
  await page.reload();
  await expect(page.getByTestId("clock-black")).toContainText("Moves 70");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
});

test("after the count and a dispute the clock page runs alone: no error, one press per space bar", async ({ page }) => {
  // LGC Ending the game 6: "If there is a dispute about the status of any groups then play
  // resumes on the clock, with Black going first." (White passed last.) Leaving the clock for the
  // count and coming back must leave no earlier clock page running behind the new one.
  const errors = watchErrors(page);
  await startGame(page, "preset=lgc-2023&size=9&time=byoyomi&main=600&periods=5&period=30");
  await press(page, "white");
  await page.clock.runFor(4_000);
  await press(page, "black");
  await page.clock.runFor(2_000);
  await press(page, "white");
  await page.clock.runFor(1_000);
  await page.getByRole("button", { name: "Pass" }).click();
  await page.getByRole("button", { name: "Pass" }).click();
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("button", { name: "Black disputes: play on" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(3_000);
  await expect(clockTime(page, "black")).toHaveText("9:52");
  await page.keyboard.press("Space");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(5_000);
  await expect(clockTime(page, "white")).toHaveText("9:53");
  await expect(clockTime(page, "black")).toHaveText("9:52");
  await page.getByRole("link", { name: "Board" }).click();
  await page.getByRole("link", { name: "Clock" }).click();
  await page.clock.runFor(1_000);
  await page.keyboard.press("Space");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(2_000);
  await expect(clockTime(page, "black")).toHaveText("9:50");
  await expect(clockTime(page, "white")).toHaveText("9:52");
  expect(errors).toEqual([]);
});

test("the undo of a press is offered for ten seconds, also when the passes have stopped the clocks", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await page.getByRole("button", { name: "Pass" }).click();
  await page.getByRole("button", { name: "Pass" }).click();
  await expect(page.getByTestId("pause-reason")).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo press" })).toBeVisible();
  await page.clock.runFor(10_500);
  await expect(page.getByRole("button", { name: "Undo press" })).toHaveCount(0);
});

// Who starts the clock, as each preset's text says.
test("LGC: a two-stone game starts with Black's clock", async ({ page }) => {
  // LGC "Start": "Black's clock is started either by the referee or by the players themselves."
  await startGame(page, "preset=lgc-2023&size=9&handicap=2&time=sudden&main=600");
  await expect(page.getByTestId("clock-white")).toContainText("touch here to start Black's clock");
  await press(page, "black");
  await expect(page.getByTestId("clock-message")).toContainText("White starts the clock");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
});

test("Dutch: Black may play first and push, and White's clock runs", async ({ page }) => {
  // Dutch 3: "white may start with pushing the clock (this is not mandatory)."
  await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900");
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
  await expect(clockTime(page, "black")).toHaveText("15:00");
});

test("Cape Town: in a two-stone game Black pushes after placing the stones and White's clock runs", async ({ page }) => {
  // Cape Town 2: "black places the handicap stones outside the official time, and then he
  // should push the clock."
  await startGame(page, "preset=cape-town-2005&size=9&handicap=2&time=sudden&main=720");
  await press(page, "white");
  await expect(page.getByTestId("clock-message")).toContainText("Black starts the clock");
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
});

test("Cape Town: a claimed illegal move restarts the offender's clock, and the offender's pass and push hand it back", async ({ page }) => {
  // Cape Town 6: "Stating "illegal move" ... he restarts the clock of his opponent. The player
  // who made the illegal move has to remove this stone in his own time. Next he must pass after
  // which he may push the clock again."
  await startGame(page, "preset=cape-town-2005&size=9&time=sudden&main=720");
  await press(page, "white");
  await page.clock.runFor(5_000);
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.clock.runFor(2_000);
  await page.getByRole("button", { name: "Illegal move by Black" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-white")).not.toHaveAttribute("data-state", "running");
  await expect(page.getByRole("button", { name: /Illegal move by/ })).toHaveCount(0);
  await page.clock.runFor(3_000);
  await expect(clockTime(page, "black")).toHaveText("11:52");
  await expect(clockTime(page, "white")).toHaveText("11:58");
  // Black's pass is recorded; Black pushes and White's clock runs again.
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.getByRole("link", { name: "SGF" }).click();
  await expect(page.getByTestId("sgf-text")).toHaveValue(/;B\[\]/);
});
