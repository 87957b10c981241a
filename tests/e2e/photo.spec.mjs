// A real board's final position read from a photo on the count screen (issue 39): a 19x19 game
// played with the phone as its clock only, ended by passes; the photo chosen as a file, read by
// the app's own reader (a piece fetched on first use), corrected with a tap, taken, and counted.
// The photos are those of `tests/fixtures/photos/`, whose `.txt` files hold the truth.
import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { clockOnlyGame, truthOf, watchErrors } from "./helpers.mjs";

const PHOTOS = "tests/fixtures/photos";

/// What the board on screen holds: `[sgf point, stone, unsure]` for every point.
function shown(page) {
  return page
    .getByTestId("board")
    .locator("[data-point]")
    .evaluateAll((points) => points.map((p) => [p.dataset.point, p.dataset.stone ?? "", p.dataset.unsure ?? ""]));
}

/// What is stored of game `id`: its head and every chunk of its log.
function stored(page, id) {
  return page.evaluate((id) => {
    const out = {};
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key === `sk.game.${id}` || key.startsWith(`sk.log.${id}.`)) out[key] = localStorage.getItem(key);
    }
    return out;
  }, id);
}


test("a clock-only game's final position read from a photo, one point corrected by a tap, counted W+26.5", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await clockOnlyGame(page);
  // A board photographed at an angle (the far edge a quarter narrower), turned by 3 degrees,
  // with a glare spot.
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-final-position.jpg`);
  const reading = page.getByTestId("photo-reading");
  await expect(reading).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  const board = page.getByTestId("board");
  await expect(board).toHaveAttribute("data-size", "19");
  // Every point as the photo's truth says, none unsure.
  const truth = truthOf("19-final-position");
  expect((await shown(page)).map(([p, s]) => [p, s])).toEqual(truth);
  await expect(board.locator('[data-unsure="true"]')).toHaveCount(0);
  await expect(page.getByTestId("photo-breathless")).toHaveCount(0);
  // The photo, with the grid found over it and a handle on each of its corners.
  await expect(page.getByTestId("photo-grid")).toBeVisible();
  await expect(page.getByTestId("photo-grid").locator("foreignObject canvas")).toHaveCount(1);
  await expect(page.getByTestId("photo-grid").locator("[data-corner]")).toHaveCount(4);
  await page.screenshot({ path: "test-results/photo-read.png", fullPage: true });
  // One point corrected by a tap: A19 (aa) was a Black stone on the real board.
  const corner = board.locator('[data-point="aa"]');
  await expect(corner).not.toHaveAttribute("data-stone");
  await corner.click();
  await expect(corner).toHaveAttribute("data-stone", "b");
  await page.getByRole("button", { name: "Use this position" }).click();
  // The reading closes; the count's board holds the position as taken.
  await expect(reading).toHaveCount(0);
  const stones = truth.filter(([, s]) => s !== "").length + 1;
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(stones);
  await expect(page.getByTestId("board").locator('[data-point="aa"]')).toHaveAttribute("data-stone", "b");
  // Cape Town 10: territory, komi 6.5 to White; `tests/photo_count.rs` counts the same
  // position natively to W+26.5 (Black 149, White 169 + 6.5).
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+26.5");
  expect(errors).toEqual([]);
});

test("a point the reading is not sure of is ringed until tapped, and a chain without liberty is flagged", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  const before = await stored(page, id);
  // Wood of dark walnut under a strong glare: some points read, not sure.
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-glare-walnut.jpg`);
  await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  const board = page.getByTestId("board");
  const unsure = board.locator('[data-unsure="true"]');
  const count = await unsure.count();
  expect(count).toBeGreaterThan(1);
  await expect(page.getByTestId("photo-unsure")).toContainText(`${count} points are ringed`);
  // The photo's random position holds chains without a liberty, which no final position has.
  await expect(page.getByTestId("photo-breathless")).toBeVisible();
  await page.screenshot({ path: "test-results/photo-unsure.png", fullPage: true });
  // The reading meets WCAG 2.1 A and AA, as every screen does (`a11y.spec.mjs`).
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  // A tap cycles empty, black, white, and the ring goes with the first tap.
  const name = await unsure.first().getAttribute("data-point");
  const point = board.locator(`[data-point="${name}"]`);
  const cycle = { "": "b", b: "w", w: "" };
  const first = (await point.getAttribute("data-stone")) ?? "";
  await point.click();
  await expect(point).not.toHaveAttribute("data-unsure");
  expect((await point.getAttribute("data-stone")) ?? "").toBe(cycle[first]);
  await point.click();
  await point.click();
  expect((await point.getAttribute("data-stone")) ?? "").toBe(first);
  await expect(unsure).toHaveCount(count - 1);
  // The others looked at on the photo, and right.
  await page.getByRole("button", { name: "The ringed points are right" }).click();
  await expect(unsure).toHaveCount(0);
  // Closed without taking it: nothing of the game changed.
  await page.getByRole("button", { name: "Close the photo" }).click();
  await expect(page.getByTestId("photo-reading")).toHaveCount(0);
  expect(await stored(page, id)).toEqual(before);
  expect(errors).toEqual([]);
});

test("a corner of the grid dragged off the board changes the reading, and dragged back reads the board again", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  const before = await stored(page, id);
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-final-position.jpg`);
  await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  const truth = truthOf("19-final-position");
  const stones = async () => (await shown(page)).map(([p, s]) => [p, s]);
  expect(await stones()).toEqual(truth);
  const grid = page.getByTestId("photo-grid");
  // The handles within the screen, where a finger can reach them.
  await grid.locator('[data-corner="0"]').scrollIntoViewIfNeeded();
  const centre = async (k) => {
    const box = await grid.locator(`[data-corner="${k}"]`).boundingBox();
    return [box.x + box.width / 2, box.y + box.height / 2];
  };
  const [x0, y0] = await centre(0);
  const [x1] = await centre(1);
  const cell = (x1 - x0) / 18;
  const drag = async (from, to) => {
    await page.mouse.move(...from);
    await page.mouse.down();
    await page.mouse.move(...to, { steps: 5 });
    await page.mouse.up();
  };
  // The top left corner two cells to the right: the grid no longer fits the board.
  await drag([x0, y0], [x0 + 2 * cell, y0]);
  await expect.poll(stones).not.toEqual(truth);
  // Back where the reader put it: the board reads as before.
  await drag([x0 + 2 * cell, y0], [x0, y0]);
  await expect.poll(stones).toEqual(truth);
  await page.getByRole("button", { name: "Close the photo" }).click();
  expect(await stored(page, id)).toEqual(before);
  expect(errors).toEqual([]);
});

test("a file that is not an image, a dark photo and a photo with no board each say what to do, and change nothing", async ({ page }) => {
  test.setTimeout(120_000);
  const id = await clockOnlyGame(page);
  const before = await stored(page, id);
  const cases = [
    [{ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Black 60, White 55") }, /not a photo the app can read/],
    [`${PHOTOS}/not-an-image.jpg`, /not a photo the app can read/],
    [`${PHOTOS}/dark.jpg`, /too dark\. Turn on more light/],
    [`${PHOTOS}/no-board.jpg`, /No board was found in the photo\. Get the whole board in the frame/],
  ];
  for (const [file, words] of cases) {
    await page.getByTestId("photo-file").setInputFiles(file);
    const alert = page.getByTestId("photo-reading").getByRole("alert");
    await expect(alert).toContainText(words, { timeout: 60_000 });
    await expect(alert).toContainText("Nothing of the game was changed.");
    await expect(page.getByRole("button", { name: "Use this position" })).toHaveCount(0);
    expect(await stored(page, id)).toEqual(before);
  }
  await page.screenshot({ path: "test-results/photo-refused.png", fullPage: true });
  // The count by numbers is still there, and the board's set-up offers the photo too.
  await expect(page.getByTestId("count-black")).toBeVisible();
  await page.goto(`/game/${id}/board`);
  await page.getByRole("radio", { name: "Set up" }).click();
  await expect(page.getByTestId("photo-file")).toHaveCount(1);
  expect(await stored(page, id)).toEqual(before);
});

/// The photo kept with game `id`, as stored (`null` when none).
const keptPhoto = (page, id) => page.evaluate((id) => localStorage.getItem(`sk.photo.${id}`), id);

/// Reads the 19x19 photo of the final position on the count screen, corrects A19 and takes it.
async function readAndTake(page) {
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-final-position.jpg`);
  await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  await page.getByTestId("board").locator('[data-point="aa"]').click();
  await page.getByRole("button", { name: "Use this position" }).click();
  await expect(page.getByTestId("photo-reading")).toHaveCount(0);
}

test("the photo stays with the game for the referee: shown small on the count and result screens after a reload, opened large, counted in the storage screen, deleted with the game", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  await readAndTake(page);
  await expect(page.getByTestId("count-message")).toHaveText("The position read is on the board: mark the dead stones, then confirm.");
  // Kept downscaled: a JPEG no longer than 640 pixels a side, some tens of kilobytes.
  const photo = await keptPhoto(page, id);
  expect(photo).toMatch(/^data:image\/jpeg;base64,/);
  expect(photo.length).toBeLessThan(150_000);
  await page.reload();
  const kept = page.getByTestId("photo-kept");
  await expect(kept).toHaveAttribute("data-size", "small");
  const picture = kept.getByRole("img", { name: "Photo of the board" });
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((canvas) => [canvas.width, canvas.height])).toEqual([640, 480]);
  const small = (await picture.boundingBox()).width;
  await kept.getByRole("button").click();
  await expect(kept).toHaveAttribute("data-size", "large");
  await expect(kept.getByRole("button")).toHaveAttribute("aria-expanded", "true");
  expect((await picture.boundingBox()).width).toBeGreaterThan(2 * small);
  await page.screenshot({ path: "test-results/photo-kept.png", fullPage: true });
  // The position is the one taken, and the count goes on from it.
  await expect(page.getByTestId("board").locator('[data-point="aa"]')).toHaveAttribute("data-stone", "b");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+26.5");
  await expect(page.getByTestId("photo-kept").getByRole("img", { name: "Photo of the board" })).toBeVisible();
  // The storage screen counts the photo with its game, and deleting the game deletes it.
  await page.goto("/space");
  const row = page.getByTestId("space-row");
  await expect(row).toHaveCount(1);
  const size = Number((await row.textContent()).match(/([\d.]+) kB/)[1]);
  expect(size * 1000).toBeGreaterThan(photo.length * 2);
  await row.getByRole("button", { name: /^Delete the game/ }).click();
  await expect.poll(() => keptPhoto(page, id)).toBeNull();
  expect(errors).toEqual([]);
});

test("storage too full for the photo: the app says so, and the game and its position are kept", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  // Storage filled, then some 40 kB freed: room for the game's next writes, not for a photo.
  await page.evaluate(() => {
    let n = 0;
    for (let size = 1 << 20; size >= 64; size = Math.floor(size / 4)) {
      const value = "x".repeat(size);
      for (;;) {
        try {
          localStorage.setItem(`junk.${n}`, value);
        } catch {
          break;
        }
        n += 1;
      }
    }
    let freed = 0;
    const junk = Object.keys(localStorage).filter((k) => k.startsWith("junk."));
    junk.sort((a, b) => localStorage.getItem(a).length - localStorage.getItem(b).length);
    for (const k of junk) {
      if (freed >= 20_000) break;
      freed += k.length + localStorage.getItem(k).length;
      localStorage.removeItem(k);
    }
    // Some 20,000 characters free, 40 kB: a photo takes more.
    if (freed > 20_100) localStorage.setItem("junk.pad", "x".repeat(freed - 20_000 - 8));
  });
  await readAndTake(page);
  await expect(page.getByTestId("count-message")).toContainText(
    "The photo could not be kept: storage is full. The position is kept.",
  );
  await expect(page.getByTestId("save-error")).toHaveCount(0);
  await expect(page.getByTestId("photo-kept")).toHaveCount(0);
  expect(await keptPhoto(page, id)).toBeNull();
  // After a reload the position is the one taken, stored, and counts as before.
  await page.reload();
  await expect(page.getByTestId("board").locator('[data-point="aa"]')).toHaveAttribute("data-stone", "b");
  const stones = truthOf("19-final-position").filter(([, s]) => s !== "").length + 1;
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(stones);
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+26.5");
  expect(errors).toEqual([]);
});

test("the grid's corners move with the arrow keys, and the reading follows as after a drag", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await clockOnlyGame(page);
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-final-position.jpg`);
  await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  const truth = truthOf("19-final-position");
  const stones = async () => (await shown(page)).map(([p, s]) => [p, s]);
  expect(await stones()).toEqual(truth);
  const handle = page.getByRole("button", { name: "Top-left corner" });
  await expect(page.getByRole("button", { name: /corner$/ })).toHaveCount(4);
  const at = async () =>
    handle.locator("circle").last().evaluate((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
  const [x0, y0] = await at();
  const near = ([x, y], [ex, ey]) => {
    expect(x).toBeCloseTo(ex, 6);
    expect(y).toBeCloseTo(ey, 6);
  };
  // A photo 960 pixels wide: 3 pixels a press, 15 with Shift.
  await handle.focus();
  await page.keyboard.press("ArrowDown");
  near(await at(), [x0, y0 + 3]);
  await page.keyboard.press("ArrowUp");
  // Four presses with Shift: 60 pixels, more than two cells of this board to the right.
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowRight");
  near(await at(), [x0 + 60, y0]);
  await expect.poll(stones).not.toEqual(truth);
  for (let i = 0; i < 4; i++) await page.keyboard.press("Shift+ArrowLeft");
  near(await at(), [x0, y0]);
  await expect.poll(stones).toEqual(truth);
  await expect(handle).toBeFocused();
  expect(errors).toEqual([]);
});
