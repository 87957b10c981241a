// Replacing a game from a backup file ("Take theirs") never leaves the phone without a whole
// copy of it: the incoming game is written in full before the stored one is removed, so a
// crash in between (here the browser refusing the write, then the page closed and opened
// afresh) still finds the game.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startGame } from "./helpers.mjs";

const rows = (page) => page.getByTestId("game-row");
const row = (page, text) => rows(page).filter({ hasText: text });

test("take theirs: a crash while the game is rewritten leaves a whole copy of it", async ({ context }) => {
  const page = await context.newPage();
  const id = await startGame(page, "preset=japanese&size=13&time=sudden&main=600&black=Ann%20Lee&white=Dan%20Wu");
  await page.goto("/");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export all games" }).click(),
  ]);
  const file = JSON.parse(readFileSync(await download.path(), "utf8"));
  file.games[0].record.settings.black = "Ann Lee-Smith";

  // From here on the browser refuses to write the game's own first part of moves: the write
  // of the replacement stops half way, after the stored game was removed.
  await page.evaluate((id) => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key, value) {
      if (key === `sk.log.${id}.0` || key === `sk.game.${id}`) {
        throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      }
      return setItem.call(this, key, value);
    };
  }, id);
  await page.getByTestId("backup-file").setInputFiles({
    name: "changed.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(file)),
  });
  await page.getByRole("radio", { name: "Take theirs" }).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByTestId("backup-message")).toContainText("1 replaced");
  // The tab is gone with what it held in memory (and its session copy).
  await page.close();

  const fresh = await context.newPage();
  await fresh.goto("/");
  await expect(row(fresh, "Ann Lee-Smith – Dan Wu")).toHaveCount(1);
  await row(fresh, "Ann Lee-Smith").getByRole("link", { name: "Board" }).click();
  await expect(fresh.getByTestId("board")).toHaveAttribute("data-size", "13");
});
