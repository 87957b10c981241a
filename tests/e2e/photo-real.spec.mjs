// Real photos of real boards (issue 49), MIT-licensed ones of goban_to_sgf and kifu-cam. They are
// not committed: `scripts/fetch-photos.sh` brings them into `tests/fixtures/photos-real/` (or
// `$PHOTOS_REAL`) from the local mirrors of their repositories, and is run here when that folder
// has no set; absent still, the tests fail saying so. One read with no tap (a hand over the board's near edge); one whose grid's corners the reader is not sure of, put on
// the board's outermost crossings by dragging the handles, then confirmed and taken; a real
// photo of a floor with no board, refused with nothing changed.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { test, expect } from "@playwright/test";
import { clockOnlyGame, watchErrors } from "./helpers.mjs";

const REAL = process.env.PHOTOS_REAL || "tests/fixtures/photos-real";

/// Brings the photos when their folder holds no set; fails, saying how, when they stay absent.
function photo(name) {
  const path = `${REAL}/${name}`;
  const sets = () => existsSync(REAL) && readdirSync(REAL, { withFileTypes: true }).some((e) => e.isDirectory());
  if (!sets()) {
    try {
      execFileSync("bash", ["scripts/fetch-photos.sh"], { env: { ...process.env, PHOTOS_REAL: REAL }, stdio: "pipe" });
    } catch (e) {
      console.error(String(e.stderr ?? e));
    }
  }
  if (!existsSync(path)) {
    throw new Error(`THE REAL PHOTO ${path} IS ABSENT: it is not in the repository; PHOTOS_REAL=${REAL} scripts/fetch-photos.sh brings it from the local mirrors of its repository`);
  }
  return path;
}

/// A label's corners (the image's pixels) and its stones as `[sgf point, stone]`, `?` left out.
/// `scale`: the app's picture over the photo's (the app makes a photo at most 1280 pixels a side).
function label(name, scale = 1) {
  const text = readFileSync(photo(`${name}.txt`), "utf8");
  const corners = text
    .match(/^corners (.*)$/m)[1]
    .split(" ")
    .map((p) => p.split(",").map((v) => Number(v) * scale));
  const rows = text.split("\n").filter((line) => /^[.XO?]+$/.test(line));
  const letter = (i) => String.fromCharCode(97 + i);
  const stones = rows.flatMap((row, y) =>
    [...row].map((c, x) => [letter(x) + letter(y), c === "X" ? "b" : c === "O" ? "w" : c === "?" ? "?" : ""]),
  );
  return { corners, stones };
}

/// What the board on screen holds, as `[sgf point, stone]`.
function shown(page) {
  return page
    .getByTestId("board")
    .locator("[data-point]")
    .evaluateAll((points) => points.map((p) => [p.dataset.point, p.dataset.stone ?? ""]));
}

/// The label's stones as the board on screen names its points: the handle nearest the label's
/// first corner is the board's, and the next one round is its second (a board seen from any side
/// may be read from any of its corners, as `tests/photo_real_common/mod.rs` scores it).
async function turned(page, { corners, stones }) {
  const handles = await page.getByTestId("photo-grid").locator("[data-corner]").evaluateAll((gs) =>
    gs.map((g) => {
      const c = g.querySelectorAll("circle")[1];
      return [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))];
    }),
  );
  const nearest = (p) => handles.reduce((best, h, k) => (Math.hypot(h[0] - p[0], h[1] - p[1]) < Math.hypot(handles[best][0] - p[0], handles[best][1] - p[1]) ? k : best), 0);
  const [k0, k1] = [nearest(corners[0]), nearest(corners[1])];
  const n = Math.sqrt(stones.length);
  // Board corner k as (column, row).
  const at = [[0, 0], [n - 1, 0], [n - 1, n - 1], [0, n - 1]];
  const [o, x] = [at[k0], at[k1]];
  const dx = [Math.sign(x[0] - o[0]), Math.sign(x[1] - o[1])];
  const dy = [-dx[1] * (k1 === (k0 + 1) % 4 ? 1 : -1), dx[0] * (k1 === (k0 + 1) % 4 ? 1 : -1)];
  const letter = (i) => String.fromCharCode(97 + i);
  return stones.map(([, s], k) => {
    const [i, j] = [k % n, Math.floor(k / n)];
    return [letter(o[0] + dx[0] * i + dy[0] * j) + letter(o[1] + dx[1] * i + dy[1] * j), s];
  });
}

/// The points where the board on screen differs from the label, and whether each is ringed.
async function differences(page, truth) {
  const want = new Map(await turned(page, truth));
  const now = await page
    .getByTestId("board")
    .locator("[data-point]")
    .evaluateAll((points) => points.map((p) => [p.dataset.point, p.dataset.stone ?? "", p.dataset.unsure === "true"]));
  return now.filter(([p, s]) => want.get(p) !== "?" && want.get(p) !== s).map(([p, , unsure]) => (unsure ? `${p} ringed` : p));
}

/// What is stored of game `id`.
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

test("a real board with a hand over its near edge, photographed at an angle, read with no tap", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await clockOnlyGame(page);
  await page.getByTestId("photo-file").setInputFiles(photo("goban_to_sgf/occludededge.jpg"));
  const reading = page.getByTestId("photo-reading");
  await expect(reading).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  await expect(reading).toHaveAttribute("data-corners", "known");
  await expect(page.getByTestId("photo-corners")).toHaveCount(0);
  const truth = label("goban_to_sgf/occludededge");
  const { stones } = truth;
  expect(await differences(page, truth)).toEqual([]);
  await expect(page.getByTestId("board").locator('[data-unsure="true"]')).toHaveCount(0);
  await page.screenshot({ path: "test-results/photo-real-read.png", fullPage: true });
  await page.getByRole("button", { name: "Use this position" }).click();
  await expect(reading).toHaveCount(0);
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(stones.filter(([, s]) => s === "b" || s === "w").length);
  expect(errors).toEqual([]);
});

test("corners the reader is not sure of are asked for: dragged onto the grid's corners, the board reads, and is taken once they are confirmed", async ({ page }) => {
  test.setTimeout(120_000);
  // A tablet's width, so that a finger places a corner within a pixel or two of the photo's.
  await page.setViewportSize({ width: 1000, height: 900 });
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  const before = await stored(page, id);
  // A printed cardboard board with coordinates and a frame line just outside the grid.
  // 4032x3024, read by the app at 1280x960.
  await page.getByTestId("photo-file").setInputFiles(photo("kifu-cam/board06.jpg"));
  const reading = page.getByTestId("photo-reading");
  await expect(reading).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  await expect(reading).toHaveAttribute("data-corners", "asked");
  await expect(page.getByTestId("photo-corners")).toContainText("Put each corner handle on the crossing");
  // Nothing can be taken before the corners are confirmed.
  await expect(page.getByRole("button", { name: "Use this position" })).toHaveCount(0);
  await page.screenshot({ path: "test-results/photo-real-asked.png", fullPage: true });
  const grid = page.getByTestId("photo-grid");
  const truth = label("kifu-cam/board06", 1280 / 4032);
  const { corners, stones } = truth;
  const [width, height] = [1280, 960];
  for (let k = 0; k < 4; k++) {
    const handle = grid.locator(`[data-corner="${k}"]`);
    await handle.scrollIntoViewIfNeeded();
    const box = await grid.boundingBox();
    const at = await handle.locator("circle").last().evaluate((c) => [Number(c.getAttribute("cx")), Number(c.getAttribute("cy"))]);
    // The label's corner nearest this handle: the handles may start at any turn of the board.
    const target = corners.reduce((a, b) => (Math.hypot(a[0] - at[0], a[1] - at[1]) <= Math.hypot(b[0] - at[0], b[1] - at[1]) ? a : b));
    const screen = ([x, y]) => [box.x + (x / width) * box.width, box.y + (y / height) * box.height];
    await page.mouse.move(...screen(at));
    await page.mouse.down();
    await page.mouse.move(...screen(target), { steps: 6 });
    await page.mouse.up();
  }
  // The handles on the grid's corners: the board reads as the label says, any point read
  // otherwise ringed for a look.
  await expect
    .poll(async () => (await differences(page, truth)).filter((p) => !p.endsWith("ringed")), { timeout: 30_000 })
    .toEqual([]);
  await page.getByRole("button", { name: "The corners are right" }).click();
  await expect(reading).toHaveAttribute("data-corners", "known");
  await expect(page.getByTestId("photo-corners")).toHaveCount(0);
  expect(await stored(page, id)).toEqual(before);
  await page.getByRole("button", { name: "Use this position" }).click();
  await expect(reading).toHaveCount(0);
  // The stones taken: the label's, and the point it leaves open (a stone half off the grid)
  // either way.
  const known = stones.filter(([, s]) => s === "b" || s === "w").length;
  const open = stones.filter(([, s]) => s === "?").length;
  const taken = await page.getByTestId("board").locator("[data-stone]").count();
  expect(taken).toBeGreaterThanOrEqual(known);
  expect(taken).toBeLessThanOrEqual(known + open);
  expect(errors).toEqual([]);
});

test("a real photo with no board, a parquet floor beside two bowls, is refused and nothing of the game changes", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const id = await clockOnlyGame(page);
  const before = await stored(page, id);
  // The floor below the board of goban_to_sgf's `emptyreal` (1000x1333), cut at y 985 in the
  // browser: a parquet floor and the edges of two stone bowls, straight lines and wood but no
  // board.
  const whole = readFileSync(photo("goban_to_sgf/emptyreal.jpg")).toString("base64");
  const floor = await page.evaluate(async (whole) => {
    const bytes = Uint8Array.from(atob(whole), (c) => c.charCodeAt(0));
    const img = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
    const canvas = new OffscreenCanvas(img.width, img.height - 985);
    canvas.getContext("2d").drawImage(img, 0, -985);
    const cut = new Uint8Array(await (await canvas.convertToBlob({ type: "image/jpeg", quality: 0.9 })).arrayBuffer());
    let text = "";
    for (const b of cut) text += String.fromCharCode(b);
    return btoa(text);
  }, whole);
  await page.getByTestId("photo-file").setInputFiles({ name: "floor.jpg", mimeType: "image/jpeg", buffer: Buffer.from(floor, "base64") });
  const alert = page.getByTestId("photo-reading").getByRole("alert");
  await expect(alert).toContainText(/No board was found in the photo/, { timeout: 60_000 });
  await expect(alert).toContainText("Nothing of the game was changed.");
  await expect(page.getByRole("button", { name: "Use this position" })).toHaveCount(0);
  await expect(page.getByTestId("photo-grid")).toHaveCount(0);
  expect(await stored(page, id)).toEqual(before);
  expect(errors).toEqual([]);
});
