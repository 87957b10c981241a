// SGF records as they come from servers and old collections, through the import screen: moves
// out of turn are played and noted on the board (and still after a reload), HA without AB says
// where the stones went, a file with several games lets the player choose, and a refusal
// changes nothing.
import { test, expect } from "@playwright/test";
import { watchErrors } from "./helpers.mjs";

async function importText(page, text) {
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(text);
  await page.getByRole("button", { name: "Import", exact: true }).click();
}

test("two moves of one colour in a row are played and noted, also after a reload", async ({ page }) => {
  const errors = watchErrors(page);
  await importText(page, "(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bo];B[ee];W[cc];W[gg];B[cg])");
  await expect(page).toHaveURL(/\/game\/[^/]+\/board$/);
  const board = page.getByTestId("board");
  const notes = page.getByTestId("record-notes");
  const check = async () => {
    await expect(board.locator('[data-stone="b"]')).toHaveCount(2);
    await expect(board.locator('[data-stone="w"]')).toHaveCount(2);
    await expect(notes.locator("li")).toHaveCount(1);
    await expect(notes).toContainText("Move 3: White plays out of turn (Black was to move)");
    await expect(page.getByRole("button", { name: "White passes" })).toBeVisible();
  };
  await check();
  await page.reload();
  await check();
  // The game's record says it too, and its SGF keeps the moves as they came.
  await page.getByRole("link", { name: "SGF" }).click();
  await expect(page.getByTestId("sgf-notes")).toContainText("Move 3: White plays out of turn");
  await expect(page.getByTestId("sgf-text")).toHaveValue(/;W\[cc\]\n;W\[gg\]/);
  expect(errors).toEqual([]);
});

test("a first move against PL is played and noted", async ({ page }) => {
  await importText(page, "(;GM[1]FF[4]SZ[9]AB[cc]AW[gg]PL[W];B[ee];W[ge])");
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId("record-notes")).toContainText("Move 1: Black plays out of turn");
  await expect(page.getByTestId("board").locator('[data-stone="b"]')).toHaveCount(2);
});

test("HA without AB places the standard stones and says so", async ({ page }) => {
  await importText(page, "(;GM[1]FF[4]SZ[19]HA[4]KM[0.5]PB[Kim]PW[Lee];W[qc];B[qd];W[pc];B[od])");
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId("record-notes")).toContainText(
    "The file gives a handicap of 4 stones but lists none: they were placed at the standard points");
  const board = page.getByTestId("board");
  await expect(board.locator('[data-stone="b"]')).toHaveCount(6);
  await expect(board.locator('[data-stone="w"]')).toHaveCount(2);
});

const THREE = `(;GM[1]FF[4]SZ[9]PB[Ann]PW[Bo]DT[2001-02-03]RE[B+R];B[ee];W[cc])
(;GM[1]FF[4]SZ[13]PB[Cy]BR[3d]PW[Di];B[gg];W[dd];B[jj])
(;GM[1]FF[4]SZ[19]PB[Ed]PW[Fa]HA[2]AB[pd][dp];W[qp])`;

test("a file with several games says how many and imports the chosen one", async ({ page }) => {
  await importText(page, THREE);
  await expect(page.getByTestId("sgf-message")).toContainText("This file holds 3 games");
  const list = page.getByTestId("sgf-games").locator("li");
  await expect(list).toHaveCount(3);
  await expect(list.nth(0)).toContainText("Game 1: Ann (Black) v Bo (White), 9x9, 2001-02-03, 2 moves, B+R");
  await expect(list.nth(1)).toContainText("Game 2: Cy (3d) (Black) v Di (White), 13x13, 3 moves");
  await expect(page).toHaveURL(/\/sgf$/);
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(0);

  await importText(page, THREE);
  await page.getByRole("button", { name: "Import game 2" }).click();
  await expect(page).toHaveURL(/\/board$/);
  await expect(page.getByTestId("players")).toHaveText("Cy (B) – Di (W)");
  await expect(page.getByTestId("board")).toHaveAttribute("data-size", "13");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
});

test("a file with several games can be imported whole; a broken game is named", async ({ page }) => {
  await importText(page, `${THREE}\n(;GM[1]FF[4]SZ[9];B[ee];W[zz])`);
  await expect(page.getByTestId("sgf-message")).toContainText("This file holds 4 games");
  await expect(page.getByTestId("sgf-message")).toContainText("1 of them cannot be imported");
  await expect(page.getByTestId("sgf-games").locator("li").nth(3))
    .toContainText("Game 4 cannot be imported: Move 2 (W[zz]) is off the 9x9 board");
  await page.getByRole("button", { name: "Import all 3 games" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("game-row")).toHaveCount(3);
});

test("a file cut off is refused and changes nothing", async ({ page }) => {
  await importText(page, "(;GM[1]FF[4]SZ[9];B[ee];W[cc]");
  await expect(page.getByTestId("sgf-message")).toContainText("cut off");
  await expect(page.getByTestId("sgf-message")).toContainText("Nothing was changed");
  await importText(page, "not a game record");
  await expect(page.getByTestId("sgf-message")).toContainText("not an SGF game record");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(0);
});

test("undo of a move played out of turn takes its note with it; redo brings both back", async ({ page }) => {
  const errors = watchErrors(page);
  await importText(page, "(;GM[1]FF[4]SZ[9];B[ee];W[cc];W[gg])");
  await expect(page).toHaveURL(/\/board$/);
  const board = page.getByTestId("board");
  const notes = page.getByTestId("record-notes").locator("li");
  await expect(notes).toHaveCount(1);
  await page.getByRole("button", { name: "Undo", exact: true }).first().click();
  await expect(board.locator('[data-stone="w"]')).toHaveCount(1);
  await expect(notes).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Black passes" })).toBeVisible();
  await page.getByRole("button", { name: "Redo", exact: true }).first().click();
  await expect(board.locator('[data-stone="w"]')).toHaveCount(2);
  await expect(notes).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Black passes" })).toBeVisible();
  await page.reload();
  await expect(notes).toHaveCount(1);
  await expect(board.locator('[data-stone="w"]')).toHaveCount(2);
  expect(errors).toEqual([]);
});
