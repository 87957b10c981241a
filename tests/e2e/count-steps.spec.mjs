// The count step by step on a small phone: after each step what it changed comes into view,
// and the next step with it: the totals and the confirmations after "Enter the count", the
// other player's confirmation after the first, the way to the result once settled.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

test.use({ viewport: { width: 320, height: 568 }, hasTouch: true });

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

test("after each step of the count its outcome and the next step are in view", async ({ page }) => {
  const errors = watchErrors(page);
  await startGame(page, "preset=lgc-2023&size=19&time=sudden&main=600&black=Ann%20Lee&white=Bo%20Chen");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await page.getByRole("link", { name: "Go to the count" }).click();
  // A clock-only game: the count by numbers is open at the top.
  await page.getByTestId("count-black").fill("70");
  await page.getByTestId("count-white").fill("60");
  await page.getByRole("button", { name: "Enter the count" }).click();
  // The totals, and under them the confirmations.
  const table = page.locator(".count-answer table");
  await expect(table).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Black confirms" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "White confirms" })).toBeInViewport();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByRole("button", { name: "Black has confirmed ✓" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "White confirms" })).toBeInViewport();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeInViewport();
  await expect(page.getByRole("link", { name: "Show the result" })).toBeInViewport();
  expect(errors).toEqual([]);
});

test("the count screen says what still ends play after a pass", async ({ page }) => {
  // Dutch 13.2: "Four consecutive passes have occured (two per player)."
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900");
  await press(page, "white");
  await page.getByRole("button", { name: "Pass", exact: true }).click();
  await page.goto(`/game/${id}/count`);
  await expect(page.getByText("The game is in play.")).toBeVisible();
  await expect(page.getByTestId("passes-line")).toHaveText("Three more passes end the game");
});
