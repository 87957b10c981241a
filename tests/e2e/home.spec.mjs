// The home screen a newcomer meets: on a phone with no game yet, two lines say what the app does
// and the first step is offered (a new game, or the director's settings or table code scanned),
// with no search, dates or lists of nothing; once a game is on the phone the filters are there,
// and when the last game is deleted the first visit's screen comes back.
import { test, expect } from "@playwright/test";
import { watchErrors } from "./helpers.mjs";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const WHAT = "A Go tournament clock, board and count that works offline on this phone.";
const RESULTS = "Results go to the director by QR code.";

/// Every part of the home screen that only helps with games to find.
function filters(page) {
  return {
    form: page.locator("form.history-filter"),
    search: page.getByRole("searchbox", { name: "Search players or event" }),
    from: page.getByLabel("From"),
    to: page.getByLabel("To"),
    show: page.getByLabel("Show"),
    count: page.getByTestId("history-count"),
    inProgress: page.getByRole("heading", { name: "In progress" }),
    finished: page.getByRole("heading", { name: "Finished" }),
  };
}

async function expectFirstVisit(page) {
  const welcome = page.getByTestId("welcome");
  await expect(welcome).toBeVisible();
  await expect(welcome.locator("p")).toHaveText([WHAT, RESULTS]);
  await expect(page.getByText("To begin: a new game, or scan the settings or table code your director shows.")).toBeVisible();
  for (const [name, part] of Object.entries(filters(page))) {
    await expect(part, `${name} is not on a first visit`).toHaveCount(0);
  }
  // Nothing to export yet; a backup from another phone can come in.
  await expect(page.getByRole("button", { name: "Export all games" })).toBeHidden();
  await expect(page.getByText("Import backup")).toBeVisible();
}

test("a first visit says what the app does and offers the first step, with nothing to filter", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await expectFirstVisit(page);
  // The first step: a new game, the primary action, or the director's code scanned.
  const newGame = page.getByTestId("new-game");
  await expect(newGame).toBeVisible();
  await expect(newGame).toHaveClass(/\bprimary\b/);
  await expect(newGame).toHaveAttribute("href", "/new");
  await expect(page.getByTestId("scan")).toBeVisible();
  await expect(page.getByTestId("scan")).toHaveText("Scan");
  // Side by side, the first step before the other ways in.
  const [a, b] = [await newGame.boundingBox(), await page.getByTestId("scan").boundingBox()];
  expect(Math.abs(a.y - b.y)).toBeLessThan(2);
  await expect(page.getByTestId("director-round")).toBeVisible();
  await expect(page.getByRole("link", { name: "Import SGF" })).toBeVisible();
  await expect(page.getByTestId("storage-line")).toBeVisible();
  expect(errors).toEqual([]);
});

test("once a game is on the phone the filters are there, and the last game deleted brings the first visit back", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/");
  await expectFirstVisit(page);
  await page.getByTestId("new-game").click();
  await page.locator('input[name="black"]').fill("Ann Lee");
  await page.locator('input[name="white"]').fill("Bo Chen");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  await page.goto("/");

  const f = filters(page);
  await expect(f.search).toBeVisible();
  await expect(f.from).toBeVisible();
  await expect(f.to).toBeVisible();
  await expect(f.show).toBeVisible();
  await expect(f.count).toHaveText("1 game on this phone.");
  await expect(f.inProgress).toBeVisible();
  await expect(page.getByTestId("game-row")).toContainText("Ann Lee – Bo Chen");
  await expect(page.getByTestId("welcome")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export all games" })).toBeVisible();
  await f.search.fill("nobody");
  await expect(f.count).toHaveText("0 of 1 games match.");
  await f.search.fill("");

  await page.getByTestId("game-row").getByRole("button", { name: /^Delete/ }).click();
  await expectFirstVisit(page);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  await expect(f.search).toBeVisible();
  await expect(page.getByTestId("welcome")).toHaveCount(0);
  expect(errors).toEqual([]);
});
