// SGF in and out through the import/export screen.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

const HOSTILE = "<img src=x onerror=alert(1)>";
const GAME = `(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[6.5]RU[Japanese]PB[${HOSTILE}]PW[Jürgen Müller]DT[2026-11-21]
;B[ee];W[gc];B[cg];W[ge];B[eg];W[gg];B[cc];W[])`;

test("an imported SGF becomes a stored game; names are shown as text, never as markup", async ({ page }) => {
  const errors = watchErrors(page);
  let dialogs = 0;
  page.on("dialog", async (d) => { dialogs++; await d.dismiss(); });
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(GAME);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/board$/);
  await expect(page.getByTestId("players")).toHaveText(`${HOSTILE} (B) – Jürgen Müller (W)`);
  expect(await page.locator("img").count()).toBe(0);
  expect(dialogs).toBe(0);

  await page.getByRole("link", { name: "SGF" }).click();
  const exported = await page.getByTestId("sgf-text").inputValue();
  expect(exported).toContain("PW[Jürgen Müller]");
  expect(exported).toContain(";B[ee]");
  expect(exported).toContain("SZ[9]");
  await page.reload();
  await expect(page.getByTestId("sgf-text")).toHaveValue(exported);
  expect(errors).toEqual([]);
});

test("a malformed SGF says what is wrong and changes nothing", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&time=sudden&main=600&black=Kept");
  await page.goto("/sgf");
  // Cut off in the middle of a move (a move on a stone is SGF and imports: sgf-records.spec).
  await page.getByTestId("sgf-text").fill("(;GM[1]FF[4]SZ[9];B[ee];W[e");
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("sgf-message")).toContainText("could not be imported");
  await expect(page.getByTestId("sgf-message")).toContainText("cut off");
  await expect(page).toHaveURL(/\/sgf$/);
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
});

test("a real game's SGF imports to the final position the core computes", async ({ page }) => {
  // Shusaku v Gennan Inseki, 1846: the native test tests/board_entry.rs replays the same file
  // through the core and finds 134 black and 131 white stones on the final board.
  const { readFileSync } = await import("node:fs");
  const sgf = readFileSync(new URL("../fixtures/ear-reddening.sgf", import.meta.url), "utf8");
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(sgf);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/board$/);
  const board = page.getByTestId("board");
  await expect(board).toHaveAttribute("data-size", "19");
  await expect(board.locator('[data-stone="b"]')).toHaveCount(134);
  await expect(board.locator('[data-stone="w"]')).toHaveCount(131);
});
