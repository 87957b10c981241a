// The in-app scanner: Scan on the home screen opens the rear camera and reads the app's codes
// one after another, as a director walking the hall does. The camera is Chromium's fake capture
// device playing a video the test makes from screenshots of the app's own codes
// (fake-camera.mjs); a code of this app opens its screen in the app, anything else is only
// shown; without a camera the scanner says so and changes nothing. The codes are also read by
// two decoders independent of the app's: jsQR and zbar.
import { test, expect } from "@playwright/test";
import { writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { ownServer, startGame, watchErrors } from "./helpers.mjs";
import { fakeVideo, launchWithCamera, zbarDecode } from "./fake-camera.mjs";

/// The phone of the player or director who scans.
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true };

/// The values of the new-game form's fields, as `name=value`.
const formFields = (page) =>
  page.locator("form input, form select").evaluateAll((els) => els.map((e) => `${e.name}=${e.value}`));

/// The screenshot of the code `testid` on `page` and the text jsQR reads in it.
async function codeIn(page, testid) {
  const code = page.getByTestId(testid);
  await expect(code).toBeVisible();
  const png = await code.screenshot();
  const read = PNG.sync.read(png);
  const found = jsQR(new Uint8ClampedArray(read.data), read.width, read.height);
  expect(found, "the code reads with jsQR").not.toBeNull();
  return { png, text: found.data };
}

/// The settings code of the new-game form opened at `path` of `url`, with the form's fields.
/// No service worker: it would fetch every piece ahead from the server, which a test counts.
async function settingsCode(browser, url, path) {
  const context = await browser.newContext({ ...PHONE, baseURL: url, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(path);
  const code = await codeIn(page, "settings-qr");
  const fields = await formFields(page);
  await context.close();
  return { ...code, fields };
}

/// Keeps every camera stream the page is given, to see whether the camera is still on.
function keepStreams() {
  window.cameraStreams = [];
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const get = devices.getUserMedia.bind(devices);
  devices.getUserMedia = async (constraints) => {
    const stream = await get(constraints);
    window.cameraStreams.push(stream);
    return stream;
  };
}
const trackStates = (page) =>
  page.evaluate(() => window.cameraStreams.flatMap((s) => s.getTracks().map((t) => t.readyState)));

/// Everything the app keeps in the page's storage.
const storage = (page) => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));

test("Scan reads a settings code with the camera and opens the form filled in, in the app; the camera stops on leaving", async ({ browser }) => {
  const server = await ownServer(4361);
  const shown = await settingsCode(browser, server.url, "/new?preset=london-open&size=13&handicap=2&komi=0.5&time=fischer&main=900&inc=15");
  expect(shown.text).toBe(`${server.url}/new?preset=london-open&size=13&handicap=2&komi=0.5&time=fischer&main=900&inc=15`);
  const camera = await launchWithCamera(await fakeVideo([shown.png], { framesEach: 20, width: 640, height: 480 }));
  // No service worker, which would fetch every piece ahead: the scanner's comes on first use.
  const context = await camera.newContext({ ...PHONE, baseURL: server.url, serviceWorkers: "block" });
  await context.addInitScript(keepStreams);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  // Set in this document: still there after the scan only if the form opened in the app.
  await page.evaluate(() => (window.sameDocument = true));
  const scannerPiece = () => server.requests.filter((p) => /_split_scanner\.wasm$/.test(p));
  expect(scannerPiece()).toEqual([]);
  await page.getByRole("button", { name: "Scan" }).click();

  await expect(page).toHaveURL(shown.text, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
  // The form is read once the app has drawn it from the link.
  await expect.poll(() => formFields(page)).toEqual(shown.fields);
  expect(await page.evaluate(() => window.sameDocument)).toBe(true);
  expect(scannerPiece()).toHaveLength(1);
  // The camera was on, and stopped when the scanner left the screen.
  await expect.poll(() => trackStates(page)).toEqual(["ended"]);
  await expect(page.getByTestId("scanner")).toHaveCount(0);
  expect(errors).toEqual([]);
  await camera.close();
  await server.close();
});

test("two codes in front of the camera are both taken, one after the other, without another tap", async ({ browser }) => {
  const server = await ownServer(4362);
  // Another site's copy of the app: its codes are not this app's.
  const elsewhere = await ownServer(4363);
  const first = await settingsCode(browser, elsewhere.url, "/new?preset=japanese&size=9");
  const second = await settingsCode(browser, elsewhere.url, "/new?preset=dutch-lightning&size=19");
  await elsewhere.close();
  expect(first.text).not.toBe(second.text);
  const camera = await launchWithCamera(await fakeVideo([first.png, second.png], { framesEach: 15 }));
  const context = await camera.newContext({ ...PHONE, baseURL: server.url });
  await context.addInitScript(keepStreams);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  const before = await storage(page);
  await page.getByRole("button", { name: "Scan" }).click();
  const scanner = page.getByTestId("scanner");
  await expect(scanner).toHaveAttribute("data-state", "scanning");

  const read = page.getByTestId("scanner-code");
  await expect.poll(() => read.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  const texts = await read.locator(".scanned-text").allTextContents();
  expect(texts.slice(0, 2).sort()).toEqual([first.text, second.text].sort());
  // Each is shown as text, opened nowhere.
  await expect(read.nth(0).getByTestId("scanner-note")).toHaveText("This is not a code of this app.");
  await expect(read.nth(1).getByTestId("scanner-note")).toHaveText("This is not a code of this app.");
  await expect(page).toHaveURL(`${server.url}/`);
  expect(await storage(page)).toBe(before);

  const decodeMs = Number(await scanner.getAttribute("data-decode-ms"));
  const frameMs = Number(await scanner.getAttribute("data-frame-ms"));
  console.log(`one 640x480 frame: decode ${decodeMs} ms, whole reading ${frameMs} ms`);
  expect(decodeMs).toBeGreaterThan(0);
  expect(frameMs).toBeLessThan(150);

  // Still scanning until Stop, which turns the camera off.
  expect(await trackStates(page)).toEqual(["live"]);
  await page.getByRole("button", { name: "Stop" }).click();
  await expect(scanner).toHaveCount(0);
  expect(await trackStates(page)).toEqual(["ended"]);
  expect(errors).toEqual([]);
  await camera.close();
  await server.close();
});

/// Opens the scanner on the home screen of `context` with one game on the phone, and expects
/// the alert `problem` (any when null) saying `what`, and nothing changed.
async function refused(context, problem, what = "") {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await startGame(page, "preset=japanese&size=9&time=sudden&main=600&black=Kept&white=Here");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  const before = await storage(page);
  await page.getByRole("button", { name: "Scan" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "camera app" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("type the result by hand");
  if (problem) await expect(alert).toHaveAttribute("data-problem", problem);
  await expect(alert).toContainText(what);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  expect(await storage(page)).toBe(before);
  // Nothing to stop: the scanner only closes.
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("scanner")).toHaveCount(0);
  expect(errors).toEqual([]);
}

test("with the camera refused the scanner says so and what to do instead, and changes nothing", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
  await refused(context, "not-allowed", "The camera was not allowed");
  await context.close();
});

test("a page with no camera access at all (not over https) says so and changes nothing", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  await context.addInitScript(() => {
    delete Navigator.prototype.mediaDevices;
  });
  await refused(context, "no-camera-access", "https");
  await context.close();
});

test("a browser with no camera and no permission given says so and changes nothing", async ({ browser, baseURL }) => {
  // The tests' usual browser: no fake camera, no permission granted.
  const context = await browser.newContext({ ...PHONE, baseURL });
  await refused(context, null);
  await context.close();
});

test("a scanner whose piece cannot be fetched says so, and the app goes on", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL, serviceWorkers: "block" });
  await context.route(/_split_scanner\.wasm$/, (route) => route.abort("internetdisconnected"));
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Scan" }).click();
  await expect(page.getByRole("alert")).toContainText("The scanner could not be loaded");
  await expect(page.getByRole("alert")).toContainText("camera app");
  // Scan again closes it; the app runs on.
  await page.getByRole("button", { name: "Scan" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await page.getByTestId("new-game").click();
  await expect(page.getByRole("heading", { name: "New game" })).toBeVisible();
  await context.close();
});

test("the app's codes read the same with zbar as with jsQR", async ({ browser, baseURL }) => {
  const dir = mkdtempSync(join(tmpdir(), "codes-"));
  const settings = await settingsCode(browser, baseURL, "/new?preset=lgc-2023&size=19&komi=7.5");
  const settingsPath = join(dir, "settings.png");
  writeFileSync(settingsPath, settings.png);
  expect(zbarDecode(settingsPath)).toBe(settings.text);

  // The whole game's code is dense: read from a screen of three device pixels a CSS pixel.
  const context = await browser.newContext({ ...PHONE, deviceScaleFactor: 3, baseURL });
  const page = await context.newPage();
  const id = await startGame(page, "preset=japanese&size=9&time=sudden&main=600&black=Ann&white=Bo");
  await page.getByTestId("clock-white").dispatchEvent("pointerdown");
  await page.getByTestId("clock-black").dispatchEvent("pointerdown");
  await page.goto(`/game/${id}/result`);
  const game = await codeIn(page, "share-qr");
  await context.close();
  expect(game.text).toContain("/handover#");
  const gamePath = join(dir, "game.png");
  writeFileSync(gamePath, game.png);
  expect(zbarDecode(gamePath)).toBe(game.text);
});
