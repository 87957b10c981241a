// Impossible values in the forms: a shared link with bad settings opens the new-game form with
// each error beside its field; referee corrections and komi changes that no game can have are
// refused beside their form, and the game stays as it was.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors, openClockMenu } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const fieldError = (page, field) => page.locator(`p.field-error[data-field="${field}"]`);
const input = (page, name) => page.locator(`input[name="${name}"]`);

test("a link with several bad values shows each error beside its field and creates nothing", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/new?size=4&komi=abc&time=byoyomi&periods=0&main=-5&period=30&mainw=NaN");
  // Every error is shown before anyone taps Start, inside the label of its own field.
  await expect(fieldError(page, "size")).toContainText("from 5 to 25");
  await expect(fieldError(page, "komi")).toContainText("“abc” is not");
  await expect(fieldError(page, "main")).toHaveText("The main time cannot be negative (`main` is -5).");
  await expect(fieldError(page, "periods")).toHaveText("Byo-yomi needs at least one period.");
  await expect(fieldError(page, "mainw")).toContainText("“NaN” is not");
  for (const field of ["size", "komi", "main", "periods", "mainw"]) {
    await expect(input(page, field)).toHaveAttribute("aria-invalid", "true");
    // The message sits in the same label as the field it is about.
    await expect(page.locator("label", { has: input(page, field) }).locator("p.field-error")).toHaveCount(1);
  }
  // The bad values stay in the form for the director to see and fix.
  await expect(input(page, "size")).toHaveValue("4");
  await expect(input(page, "komi")).toHaveValue("abc");
  await expect(input(page, "period")).toHaveAttribute("aria-invalid", "false");

  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/new\?/);
  await expect(fieldError(page, "main")).toBeVisible();
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(0);

  // Fixed values start the game.
  await page.goto("/new?size=9&komi=abc&time=byoyomi&periods=0&main=-5&period=30");
  await input(page, "komi").fill("6.5");
  await input(page, "main").fill("10:00");
  await input(page, "periods").fill("5");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  expect(errors).toEqual([]);
});

test("empty, huge and absurd values are refused with what to do", async ({ page }) => {
  const long = "x".repeat(61);
  await page.goto(`/new?time=canadian&main=&stones=1e3&period=99999999999999999999&black=${long}`);
  await expect(fieldError(page, "main")).toContainText("missing");
  await expect(fieldError(page, "stones")).toContainText("whole number");
  await expect(fieldError(page, "period")).toContainText("“99999999999999999999”");
  await expect(fieldError(page, "black")).toContainText("at most 60 characters");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/new\?/);
});

test("referee corrections no clock can have are refused beside the form and change nothing", async ({ page }) => {
  const errors = watchErrors(page);
  // The clock is not started, so the times shown stay still while the referee works.
  await startGame(page, "preset=japanese&size=9&time=byoyomi&main=10&periods=5&period=30");
  await openClockMenu(page);
  await page.getByText("Referee corrections").click();
  const refusal = page.getByTestId("referee-error");
  const blackTime = page.getByTestId("clock-black");
  const before = await blackTime.textContent();

  // More periods than the time control gives.
  await input(page, "number").fill("6");
  await page.getByRole("button", { name: "Set periods" }).click();
  await expect(refusal).toContainText("The time control gives 5 periods: set a number from 1 to 5");
  // Not a number at all, or nothing.
  await input(page, "number").fill("abc");
  await page.getByRole("button", { name: "Set move count" }).click();
  await expect(refusal).toContainText("The move count must be a whole number from 1 to 1000; “abc” is not.");
  await input(page, "number").fill("");
  await page.getByRole("button", { name: "Set periods" }).click();
  await expect(refusal).toContainText("The number of periods is empty");
  // Stones are counted only once overtime has begun on a running clock.
  await input(page, "number").fill("3");
  await page.getByRole("button", { name: "Set stones left" }).click();
  await expect(refusal).toContainText("The clock has not been started yet.");
  // Black has 10 seconds: a minute cannot be taken away.
  await page.getByRole("button", { name: "−1 min" }).click();
  await expect(refusal).toContainText("Black has only");
  // No reason, no correction.
  await input(page, "reason").fill("   ");
  await page.getByRole("button", { name: "+10 s" }).click();
  await expect(refusal).toContainText("Give the reason");
  await expect(blackTime).toHaveText(before);

  // A correction within the rules is made and the refusal goes.
  await input(page, "reason").fill("clock fault");
  await page.getByRole("button", { name: "+10 s" }).click();
  await expect(refusal).toHaveCount(0);
  await expect(blackTime).not.toHaveText(before);
  expect(errors).toEqual([]);
});

test("a komi that is not a half-point number is refused beside the form", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&komi=6.5");
  await page.goto(`/game/${id}/count`);
  await page.getByText("Change the komi").click();
  const refusal = page.getByTestId("komi-error");
  for (const bad of ["abc", "NaN", "7.3", "1e3", "500", ""]) {
    await input(page, "komi").fill(bad);
    await page.getByRole("button", { name: "Set komi" }).click();
    await expect(refusal).toContainText("The komi was not changed.");
    await expect(input(page, "komi")).toHaveAttribute("aria-invalid", "true");
  }
  await input(page, "komi").fill("7.5");
  await input(page, "komi-reason").fill("");
  await page.getByRole("button", { name: "Set komi" }).click();
  await expect(refusal).toContainText("Give the reason");

  // Nothing changed: the count still uses 6.5; a good komi with a reason is taken.
  const whiteKomi = page.locator(".score-table tr", { hasText: "Komi" }).locator("td").nth(1);
  await expect(whiteKomi).toHaveText("6.5");
  await input(page, "komi").fill("0.5");
  await input(page, "komi-reason").fill("handicap agreed");
  await page.getByRole("button", { name: "Set komi" }).click();
  await expect(refusal).toHaveCount(0);
  await expect(whiteKomi).toHaveText("0.5");
  expect(errors).toEqual([]);
});

test("the form says which values the rule text leaves to the tournament", async ({ page }) => {
  // RULES.md, komi: Dutch "not stated: make it editable"; London Open time: "set by the tournament".
  await page.goto("/new?preset=dutch-lightning");
  await expect(page.getByTestId("set-by-komi")).toContainText("Set by the tournament");
  await expect(page.locator('input[name="komi"]')).toBeEditable();
  await page.goto("/new?preset=london-open");
  await expect(page.getByTestId("set-by-time")).toContainText("Set by the tournament");
  await expect(page.getByTestId("set-by-komi")).toHaveCount(0);
});

test("times are typed and shown in minutes and seconds, and give the same game as the settings link", async ({ page }) => {
  const errors = watchErrors(page);
  // The time of a started game, as its SGF records it (TM in seconds, OT).
  const timeOf = async () => {
    await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
    const id = page.url().match(/\/game\/([^/]+)\/clock$/)[1];
    await page.goto(`/sgf?game=${id}`);
    const sgf = await page.getByTestId("sgf-text").inputValue();
    return [sgf.match(/TM\[[^\]]*\]/)?.[0], sgf.match(/OT\[[^\]]*\]/)?.[0]];
  };
  // The same settings as a link, in seconds: 45 minutes, 5 periods of 30 seconds.
  await page.goto("/new?preset=japanese&size=19&time=byoyomi&main=2700&periods=5&period=30");
  await expect(input(page, "main")).toHaveValue("45:00");
  await expect(input(page, "period")).toHaveValue("0:30");
  await page.getByRole("button", { name: "Start" }).click();
  const byLink = await timeOf();
  expect(byLink).toEqual(["TM[2700]", "OT[5x30 byo-yomi]"]);

  // Typed as players say them: 45 (minutes) and 0:30.
  await page.goto("/new?preset=japanese");
  await page.locator('select[name="time"]').selectOption("byoyomi");
  await input(page, "main").fill("45");
  await input(page, "periods").fill("5");
  await input(page, "period").fill("0:30");
  await page.getByRole("button", { name: "Start" }).click();
  expect(await timeOf()).toEqual(byLink);

  // A time that does not read is refused in minutes and seconds, beside its field.
  await page.goto("/new?preset=japanese&time=byoyomi");
  await input(page, "period").fill("0:3");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(fieldError(page, "period")).toContainText("“0:3” is not");
  await expect(fieldError(page, "period")).toContainText("0:30");
  await expect(page).toHaveURL(/\/new\?/);
  expect(errors).toEqual([]);
});
