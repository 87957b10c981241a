// The end of the game in the counting wizard and the referee screen, under LGC and Cape Town.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const pass = (page) => page.getByRole("button", { name: "Pass" }).click();

test("LGC: passes pause play, a dispute resumes it with Black first, agreement settles the count", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600&black=Ann&white=Bo");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await expect(page.getByText("Play has paused after the passes")).toBeVisible();

  // A dispute: play resumes on the clock, Black first (LGC Ending the game 6).
  await page.getByRole("button", { name: "Black disputes: play on" }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${id}/clock$`));
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByRole("button", { name: "Black has confirmed ✓" })).toBeDisabled();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
  await page.getByRole("link", { name: "Show the result" }).click();

  // Empty board: each side holds the opponent's two pass stones, filled into an empty
  // territory as negative territory (LGC SCORING); komi 7.5.
  await expect(page.getByTestId("result")).toHaveText("W+7.5");
  await expect(page.locator(".result-big")).toContainText("White wins by 7.5");
  await expect(page.getByTestId("score-black")).toHaveText("-2");
  await expect(page.getByTestId("score-white")).toHaveText("5.5");
  await expect(page.getByTestId("prisoners-black")).toHaveText("2");
  await expect(page.getByTestId("prisoners-white")).toHaveText("2");
  await expect(page.getByText("Black confirmed ✓ · White confirmed ✓")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("result")).toHaveText("W+7.5");
  // The home screen lists it as finished, with its result.
  await page.goto("/");
  await expect(page.getByText("No game in progress.")).toBeVisible();
  await expect(page.getByTestId("game-row")).toContainText("W+7.5");
  expect(errors).toEqual([]);
});

test("Cape Town: four passes end the game, a found point resumes it, the count follows", async ({ page }) => {
  await startGame(page, "preset=cape-town-2005&size=9&time=sudden&main=720");
  await press(page, "white");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("button", { name: "Black finds a point" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+6.5");
  await expect(page.getByTestId("score-black")).toHaveText("0");
  await expect(page.getByTestId("score-white")).toHaveText("6.5");
  await expect(page.getByTestId("prisoners-black")).toHaveText("0");
});

test("a group tapped in the count is marked dead as a whole and counted as the opponent's prisoners", async ({ page }) => {
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&komi=6.5");
  await page.goto(`/game/${id}/board`);
  const pt = (sgf) => page.getByTestId("board").locator(`g.pt[data-point="${sgf}"]`);
  // Black: E5; White: two stones at F4 and F3 (one group), Black elsewhere in between.
  for (const sgf of ["ee", "ff", "cc", "fg"]) await pt(sgf).click();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: /passes$/ }).click();
  await page.goto(`/game/${id}/count`);
  await page.getByRole("radio", { name: "Tap marks dead" }).click();
  await pt("ff").click();
  await expect(pt("ff")).toHaveAttribute("data-dead", "true");
  await expect(pt("fg")).toHaveAttribute("data-dead", "true");
  await expect(pt("ee")).not.toHaveAttribute("data-dead", "true");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  // 81 points less Black's 2 stones are Black's territory (the two dead stones' points
  // included), plus the 2 dead stones as prisoners: 81; White has komi only.
  await expect(page.getByTestId("score-black")).toHaveText("81");
  await expect(page.getByTestId("score-white")).toHaveText("6.5");
  await expect(page.getByTestId("result")).toHaveText("B+74.5");
  await expect(page.getByTestId("prisoners-black")).toHaveText("2");
});
