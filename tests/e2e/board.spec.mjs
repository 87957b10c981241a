// Board entry on a phone-sized screen: a game tapped out move by move with captures and a ko,
// stepping through it, and a finished position entered in setup mode with the brush.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

const board = (page) => page.getByTestId("board");
/// The intersection (not the stone drawn on it) at SGF point `sgf`.
const point = (page, sgf) => board(page).locator(`g.pt[data-point="${sgf}"]`);
const tap = (page, sgf) => point(page, sgf).click();
const stone = (page, sgf) => point(page, sgf);

async function openBoard(page, query) {
  const id = await startGame(page, query);
  await page.goto(`/game/${id}/board`);
  await expect(board(page)).toBeVisible();
  return id;
}

test("a game tapped out move by move: captures, the ko retake refused with its reason, then allowed after a ko threat", async ({ page }) => {
  const errors = watchErrors(page);
  await openBoard(page, "preset=japanese&size=9");
  await expect(board(page)).toHaveAttribute("data-size", "9");
  await expect(board(page).locator("g.pt")).toHaveCount(81);
  await expect(page.getByTestId("board-status")).toContainText("Black to play");

  // Black and White build the ko shape; White captures at D6, taking one stone.
  for (const sgf of ["dc", "ec", "cd", "fd", "de", "ee", "ed"]) await tap(page, sgf);
  await expect(stone(page, "ed")).toHaveAttribute("data-stone", "b");
  await expect(stone(page, "ed")).toHaveAttribute("aria-label", "E6, black stone, last move");
  await tap(page, "dd");
  await expect(stone(page, "dd")).toHaveAttribute("data-stone", "w");
  await expect(stone(page, "ed")).not.toHaveAttribute("data-stone");
  await expect(page.getByTestId("prisoners-white")).toHaveText("1");
  await expect(page.getByTestId("prisoners-black")).toHaveText("0");

  // The immediate retake is refused, with the core's reason shown.
  await tap(page, "ed");
  await expect(page.getByTestId("board-message")).toContainText("Ko: you cannot retake at E6 immediately");
  await expect(stone(page, "ed")).not.toHaveAttribute("data-stone");
  await expect(page.getByTestId("board-status")).toContainText("Move 8 · Black to play");

  // Black plays a ko threat elsewhere and White answers it.
  await tap(page, "hh");
  await expect(page.getByTestId("board-message")).toBeEmpty();
  await tap(page, "hg");
  // Now the retake is legal and captures.
  await tap(page, "ed");
  await expect(stone(page, "ed")).toHaveAttribute("data-stone", "b");
  await expect(stone(page, "dd")).not.toHaveAttribute("data-stone");
  await expect(page.getByTestId("prisoners-black")).toHaveText("1");
  // And now White may not take back at once.
  await tap(page, "dd");
  await expect(page.getByTestId("board-message")).toContainText("Ko: you cannot retake at D6");

  // Pass, undo and redo.
  await page.getByRole("button", { name: "White passes" }).click();
  await expect(page.getByTestId("board-status")).toContainText("Move 12 · Black to play");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("board-status")).toContainText("Move 11 · White to play");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(stone(page, "ed")).not.toHaveAttribute("data-stone");
  await expect(stone(page, "dd")).toHaveAttribute("data-stone", "w");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(stone(page, "ed")).toHaveAttribute("data-stone", "b");
  await expect(page.getByTestId("prisoners-black")).toHaveText("1");

  // Step through the record: first, forward, back, last.
  await page.getByRole("button", { name: "Start of the game" }).click();
  await expect(page.getByTestId("move-number")).toHaveText("0 / 11");
  await expect(board(page).locator("[data-stone]")).toHaveCount(0);
  await page.getByRole("button", { name: "One move forward" }).click();
  await expect(page.getByTestId("move-number")).toHaveText("1 / 11");
  await expect(board(page).locator("[data-stone]")).toHaveCount(1);
  await page.getByRole("button", { name: "Latest move" }).click();
  await page.getByRole("button", { name: "One move back" }).click();
  await expect(page.getByTestId("move-number")).toHaveText("10 / 11");
  await expect(stone(page, "dd")).toHaveAttribute("data-stone", "w");
  // A tap while looking back does not play.
  await tap(page, "aa");
  await expect(stone(page, "aa")).not.toHaveAttribute("data-stone");
  await page.getByRole("button", { name: "Latest move" }).click();
  await expect(page.getByTestId("move-number")).toHaveText("11 / 11");

  // The record is saved: a reload shows the same board.
  await page.reload();
  await expect(stone(page, "ed")).toHaveAttribute("data-stone", "b");
  await expect(board(page).locator("[data-stone]")).toHaveCount(9);
  expect(errors).toEqual([]);
});

test("the keyboard reaches and plays every point, with a label for each", async ({ page }) => {
  await openBoard(page, "preset=japanese&size=9");
  // The centre point takes the focus first; arrows move it, Enter plays.
  await page.keyboard.press("Tab");
  let guard = 0;
  while (!(await page.evaluate(() => document.activeElement?.getAttribute("data-point"))) && guard++ < 10) {
    await page.keyboard.press("Tab");
  }
  await expect(point(page, "ee")).toBeFocused();
  await expect(point(page, "ee")).toHaveAttribute("aria-label", "E5, empty");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowUp");
  await expect(point(page, "dd")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(point(page, "dd")).toHaveAttribute("data-stone", "b");
  await expect(point(page, "dd")).toHaveAttribute("aria-label", "D6, black stone, last move");
  // In setup mode Enter paints with the brush.
  await page.getByRole("radio", { name: "Set up" }).click();
  await page.getByRole("radio", { name: "White" }).click();
  await point(page, "dd").focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await expect(point(page, "ed")).toHaveAttribute("data-stone", "w");
  await expect(point(page, "ed")).toHaveAttribute("aria-label", "E6, white stone");
});

test("tap to confirm on 19x19: the first tap shows a ghost stone, the second plays", async ({ page }) => {
  await openBoard(page, "preset=japanese&size=19");
  await page.getByText("Board options").click();
  await page.getByLabel("Tap twice to play").check();
  await tap(page, "pd");
  await expect(point(page, "pd")).not.toHaveAttribute("data-stone");
  await expect(board(page).locator("circle.ghost")).toHaveCount(1);
  await tap(page, "dp");
  await expect(board(page).locator("circle.ghost")).toHaveCount(1);
  await tap(page, "dp");
  await expect(point(page, "dp")).toHaveAttribute("data-stone", "b");
  await expect(board(page).locator("circle.ghost")).toHaveCount(0);
  // The choice is kept for the next visit.
  await page.reload();
  await page.getByText("Board options").click();
  await expect(page.getByLabel("Tap twice to play")).toBeChecked();
  await tap(page, "pp");
  await expect(point(page, "pp")).not.toHaveAttribute("data-stone");
  await expect(board(page).locator("circle.ghost")).toHaveCount(1);
});

test("a finished position entered in setup mode with the brush, a stroke, the eraser tap and lid prisoners", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await openBoard(page, "preset=japanese&size=9");
  await page.getByRole("radio", { name: "Set up" }).click();
  await expect(page.getByRole("radio", { name: "Black" })).toHaveAttribute("aria-checked", "true");

  // A black wall along row 5 in one stroke of the finger.
  const box = await board(page).boundingBox();
  const at = (x, y) => [box.x + (box.width * (10 + 10 * x)) / 100, box.y + (box.height * (10 + 10 * y)) / 100];
  await page.mouse.move(...at(0, 4));
  await page.mouse.down();
  for (let x = 1; x < 9; x++) await page.mouse.move(...at(x, 4), { steps: 2 });
  await page.mouse.up();
  for (const sgf of ["ae", "ee", "ie"]) await expect(stone(page, sgf)).toHaveAttribute("data-stone", "b");
  await expect(board(page).locator('[data-stone="b"]')).toHaveCount(9);

  // Single taps with the brush, and a second tap on a stone takes it off.
  await tap(page, "cc");
  await tap(page, "gc");
  await tap(page, "gc");
  await expect(stone(page, "gc")).not.toHaveAttribute("data-stone");
  await page.getByRole("radio", { name: "White" }).click();
  for (const sgf of ["ag", "bg", "cg", "dg", "eg", "fg", "gg", "hg", "ig", "ee"]) await tap(page, sgf);
  await expect(stone(page, "ee")).toHaveAttribute("data-stone", "w");
  await expect(board(page).locator('[data-stone="b"]')).toHaveCount(9);
  await expect(board(page).locator('[data-stone="w"]')).toHaveCount(10);

  // Prisoners from the lids with the steppers.
  const more = (name) => page.getByRole("button", { name: `One prisoner more for ${name}` });
  await more("Black").click();
  await more("Black").click();
  await more("Black").click();
  await more("White").click();
  await page.getByRole("button", { name: "One prisoner fewer for Black" }).click();
  await expect(page.getByTestId("prisoners-black")).toHaveText("2");
  await expect(page.getByTestId("prisoners-white")).toHaveText("1");

  // Undo takes back the last change; the position survives a reload.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("prisoners-black")).toHaveText("3");
  await page.reload();
  await expect(stone(page, "ee")).toHaveAttribute("data-stone", "w");
  await expect(stone(page, "cc")).toHaveAttribute("data-stone", "b");
  await expect(board(page).locator('[data-stone="b"]')).toHaveCount(9);
  await expect(board(page).locator('[data-stone="w"]')).toHaveCount(10);
  await expect(page.getByTestId("prisoners-black")).toHaveText("3");

  // Handicap stones, then clearing the board.
  await page.getByRole("radio", { name: "Set up" }).click();
  await page.getByRole("button", { name: "Clear the board" }).click();
  await expect(board(page).locator("[data-stone]")).toHaveCount(0);
  await page.getByLabel("Handicap stones").selectOption("4");
  await page.getByRole("button", { name: "Place handicap stones" }).click();
  await expect(board(page).locator('[data-stone="b"]')).toHaveCount(4);
  for (const sgf of ["cc", "gc", "cg", "gg"]) await expect(stone(page, sgf)).toHaveAttribute("data-stone", "b");
  await expect(page.getByRole("link", { name: "Count this position" })).toHaveAttribute("href", `/game/${id}/count`);
  expect(errors).toEqual([]);
});

const KO_SHAPE = ["dc", "ec", "cd", "fd", "de", "ee", "ed", "dd"];

test("Cape Town: a ko retake made on the real board is recorded as played, flagged, and can be taken back before it is answered", async ({ page }) => {
  await openBoard(page, "preset=cape-town-2005&size=9");
  for (const sgf of KO_SHAPE) await tap(page, sgf);
  await tap(page, "ed");
  await expect(page.getByTestId("board-message")).toContainText("Ko:");
  await page.getByRole("button", { name: "Record it as played" }).click();
  await expect(point(page, "ed")).toHaveAttribute("data-stone", "b");
  await expect(point(page, "dd")).not.toHaveAttribute("data-stone");
  // The move stands, flagged on the board and listed with its reason.
  await expect(point(page, "ed")).toHaveAttribute("data-illegal", "true");
  await expect(page.getByTestId("illegal-moves")).toContainText("Move 9: Black E6 broke a rule and stands as played (Ko:");
  // Move numbers on request.
  await page.getByText("Board options").click();
  await page.getByLabel("Move numbers").check();
  await expect(point(page, "dc").locator("text")).toHaveText("1");
  await expect(point(page, "ed").locator("text")).toHaveText("9");
  await page.getByRole("button", { name: "Take back the illegal move" }).click();
  await expect(point(page, "ed")).not.toHaveAttribute("data-stone");
  await expect(point(page, "dd")).toHaveAttribute("data-stone", "w");
  await expect(page.getByTestId("board-status")).toContainText("White to play");
});

/// A game with a clock, Black's running (White started it on the clock view), shown on the
/// board with "entering a move presses the clock" on.
async function openBoardPressing(page, query) {
  await startGame(page, query);
  await page.getByTestId("clock-white").dispatchEvent("pointerdown");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.getByRole("link", { name: "Board" }).click();
  await page.getByText("Board options").click();
  await page.getByLabel("Entering a move presses the clock").check();
}

test("entering a move presses the clock when asked to", async ({ page }) => {
  await openBoardPressing(page, "preset=japanese&size=9&time=sudden&main=600");
  await tap(page, "ee");
  await expect(point(page, "ee")).toHaveAttribute("data-stone", "b");
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "waiting");
});

test("one undo takes back a tap that played a stone and pressed the clock, one redo puts it back", async ({ page }) => {
  // LGC, Making a move: "Playing a stone or passing a stone is completed by pressing the
  // clock": the tap made one move, so one undo takes back the stone and the press.
  await openBoardPressing(page, "preset=lgc-2023&size=9&time=sudden&main=600");
  await tap(page, "ee");
  await expect(point(page, "ee")).toHaveAttribute("data-stone", "b");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(point(page, "ee")).not.toHaveAttribute("data-stone");
  await expect(page.getByTestId("board-status")).toContainText("Black to play");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(point(page, "ee")).toHaveAttribute("data-stone", "b");
  await expect(page.getByRole("button", { name: "Redo" })).toBeDisabled();
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.getByRole("link", { name: "Board" }).click();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(point(page, "ee")).not.toHaveAttribute("data-stone");
  await page.getByRole("link", { name: "Clock" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "waiting");
});

test("LGC: an illegal ko retake recorded as played is unwound in one action", async ({ page }) => {
  await openBoard(page, "preset=lgc-2023&size=9");
  for (const sgf of KO_SHAPE) await tap(page, sgf);
  await tap(page, "ed");
  await page.getByRole("button", { name: "Record it as played" }).click();
  await expect(point(page, "ed")).toHaveAttribute("data-stone", "b");
  await tap(page, "aa");
  await expect(point(page, "aa")).toHaveAttribute("data-stone", "w");
  await page.getByRole("button", { name: "Unwind to before the illegal move" }).click();
  await expect(point(page, "ed")).not.toHaveAttribute("data-stone");
  await expect(point(page, "aa")).not.toHaveAttribute("data-stone");
  await expect(point(page, "dd")).toHaveAttribute("data-stone", "w");
  await expect(page.getByTestId("board-status")).toContainText("Black to play");
});

test("setup: one stroke follows the finger round a corner and back over painted stones", async ({ page }) => {
  await openBoard(page, "preset=japanese&size=9");
  await page.getByRole("radio", { name: "Set up" }).click();
  await page.getByRole("radio", { name: "White" }).click();
  const box = await board(page).boundingBox();
  const at = (x, y) => [box.x + (box.width * (10 + 10 * x)) / 100, box.y + (box.height * (10 + 10 * y)) / 100];
  await page.mouse.move(...at(0, 0));
  await page.mouse.down();
  for (const [x, y] of [[1, 0], [2, 0], [3, 0], [3, 1], [3, 2], [3, 3], [3, 2], [3, 1]]) {
    await page.mouse.move(...at(x, y), { steps: 3 });
  }
  await page.mouse.up();
  await expect(board(page).locator('[data-stone="w"]')).toHaveCount(7);
  for (const sgf of ["aa", "da", "dd"]) await expect(point(page, sgf)).toHaveAttribute("data-stone", "w");
  // The stroke is one event: one undo takes it all back.
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(board(page).locator("[data-stone]")).toHaveCount(0);
});

test("a touch screen: a tap plays in record mode and paints in setup mode", async ({ page }) => {
  await openBoard(page, "preset=japanese&size=13");
  await point(page, "gg").tap();
  await expect(point(page, "gg")).toHaveAttribute("data-stone", "b");
  await point(page, "dd").tap();
  await expect(point(page, "dd")).toHaveAttribute("data-stone", "w");
  await page.getByRole("radio", { name: "Set up" }).click();
  await point(page, "jj").tap();
  await expect(point(page, "jj")).toHaveAttribute("data-stone", "b");
  // A tap in the margin beyond the corner lands on the corner point.
  const box = await board(page).boundingBox();
  await page.touchscreen.tap(box.x + 2, box.y + 2);
  await expect(point(page, "aa")).toHaveAttribute("data-stone", "b");
});
