// The board read live from the camera (issue 39): Chromium's fake camera plays a photo of a
// board from `tests/fixtures/photos/` (made a colour Y4M video by the browser itself), the
// count screen's "Use the camera" shows its picture with the grid drawn over it once found,
// and the frame is taken and read once the grid holds still. And without a camera: a message that says what to do, and the
// file choice still reads a photo.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test, expect } from "@playwright/test";
import { launchWithCamera } from "./fake-camera.mjs";
import { clockOnlyGame, watchErrors, truthOf } from "./helpers.mjs";

const PHOTOS = "tests/fixtures/photos";

/// The JPEG at `path` as a Y4M video of a few identical frames (YUV 4:2:0, the JPEG's full
/// range), decoded by `page`'s browser; written to `out`.
async function photoVideo(page, path, out) {
  const jpeg = readFileSync(path).toString("base64");
  const { width, height, frame } = await page.evaluate(async (jpeg) => {
    const bytes = Uint8Array.from(atob(jpeg), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/jpeg" }));
    const [w, h] = [bitmap.width & ~1, bitmap.height & ~1];
    const canvas = new OffscreenCanvas(w, h);
    const context = canvas.getContext("2d");
    context.drawImage(bitmap, 0, 0);
    const rgba = context.getImageData(0, 0, w, h).data;
    const y = new Uint8Array(w * h);
    const u = new Uint8Array((w / 2) * (h / 2));
    const v = new Uint8Array((w / 2) * (h / 2));
    for (let i = 0; i < w * h; i++) {
      const [r, g, b] = [rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]];
      y[i] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
    }
    for (let cy = 0; cy < h / 2; cy++) {
      for (let cx = 0; cx < w / 2; cx++) {
        let [r, g, b] = [0, 0, 0];
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
          const i = 4 * ((2 * cy + dy) * w + 2 * cx + dx);
          r += rgba[i] / 4;
          g += rgba[i + 1] / 4;
          b += rgba[i + 2] / 4;
        }
        const k = cy * (w / 2) + cx;
        u[k] = Math.max(0, Math.min(255, Math.round(128 - 0.168736 * r - 0.331264 * g + 0.5 * b)));
        v[k] = Math.max(0, Math.min(255, Math.round(128 + 0.5 * r - 0.418688 * g - 0.081312 * b)));
      }
    }
    const all = new Uint8Array(y.length + u.length + v.length);
    all.set(y);
    all.set(u, y.length);
    all.set(v, y.length + u.length);
    let text = "";
    for (let i = 0; i < all.length; i += 0x8000) text += String.fromCharCode(...all.subarray(i, i + 0x8000));
    return { width: w, height: h, frame: btoa(text) };
  }, jpeg);
  const planes = Buffer.from(frame, "base64");
  const parts = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let i = 0; i < 5; i++) parts.push(Buffer.from("FRAME\n"), planes);
  writeFileSync(out, Buffer.concat(parts));
}


test("the camera's picture with the grid drawn over it once found; the frame taken when the grid holds is read as the board", async ({ baseURL }) => {
  test.setTimeout(180_000);
  // The fake camera reads its file when the page opens the camera: written once the browser
  // that decodes the photo runs.
  const video = join(mkdtempSync(join(tmpdir(), "photo-camera-")), "board.y4m");
  const browser = await launchWithCamera(video);
  try {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, baseURL });
    const page = await context.newPage();
    await page.goto("about:blank");
    await photoVideo(page, `${PHOTOS}/19-final-position.jpg`, video);
    const errors = watchErrors(page);
    await clockOnlyGame(page);
    await page.getByRole("button", { name: "Use the camera" }).click();
    const live = page.getByTestId("photo-live");
    await expect(live).toHaveAttribute("data-state", "live", { timeout: 30_000 });
    // The grid is drawn over the picture once found: 19 lines each way.
    const grid = page.getByTestId("photo-grid");
    await expect(grid).toBeVisible({ timeout: 30_000 });
    await expect(grid.locator("line")).toHaveCount(38);
    await expect(live).toContainText("The board is found");
    // No tap: the frame is taken once the grid has held still over a few looks.
    await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
    await page.screenshot({ path: "test-results/photo-camera.png", fullPage: true });
    await expect(live).toHaveCount(0);
    // The camera is off once the frame is taken.
    expect(await page.evaluate(() => [...document.querySelectorAll("video")].length)).toBe(0);
    const stones = await page
      .getByTestId("board")
      .locator("[data-point]")
      .evaluateAll((points) => points.map((p) => [p.dataset.point, p.dataset.stone ?? ""]));
    const truth = truthOf("19-final-position");
    const wrong = stones.filter(([p, s], i) => s !== truth[i][1]);
    expect(wrong).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("no camera: the app says what to do, and the file choice still reads the photo", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await clockOnlyGame(page);
  // Headless Chromium without a fake device has no camera, and grants none.
  await page.getByRole("button", { name: "Use the camera" }).click();
  const alert = page.getByTestId("photo-live").getByRole("alert");
  await expect(alert).toBeVisible({ timeout: 30_000 });
  expect(["no-camera", "not-allowed"]).toContain(await alert.getAttribute("data-camera"));
  await expect(alert).toContainText("Read the board from a photo");
  await expect(page.getByRole("button", { name: "Take this frame" })).toBeDisabled();
  await page.getByTestId("photo-file").setInputFiles(`${PHOTOS}/19-final-position.jpg`);
  await expect(page.getByTestId("photo-reading")).toHaveAttribute("data-state", "read", { timeout: 60_000 });
  await expect(page.getByTestId("photo-live")).toHaveCount(0);
  expect(errors).toEqual([]);
});
