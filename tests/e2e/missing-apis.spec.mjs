// Browsers without an optional API: Safari on iPhones and Firefox have no vibration, iPhones
// before iOS 16.4 no wake lock, a private window may have no service worker, a page not served
// securely no clipboard. Each API is removed in turn before the app loads: the app starts, the
// clock runs, a reload keeps the game, no console error, and the app says what is missing.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors, openClockMenu } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

/// Each API, how to remove it, and what the home screen says (the `data-missing` name).
const APIS = [
  ["vibration", () => delete Navigator.prototype.vibrate, "vibrate"],
  ["wake lock", () => delete Navigator.prototype.wakeLock, "wake-lock"],
  ["speech", () => Object.defineProperty(window, "speechSynthesis", { get: () => undefined, configurable: true }), "speech"],
  ["service worker", () => Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined, configurable: true }), "offline"],
  ["storage.persist", () => delete StorageManager.prototype.persist, "persist"],
  ["Web Share", () => { delete Navigator.prototype.share; }, "share"],
  ["clipboard", () => delete Navigator.prototype.clipboard, "clipboard"],
];

for (const [name, remove, missing] of APIS) {
  test(`without ${name} the app starts, the clock runs and the home screen says what is missing`, async ({ page }) => {
    await page.addInitScript(remove);
    const errors = watchErrors(page);
    await startGame(page, "preset=japanese&size=19&time=byoyomi&main=60&periods=3&period=30");
    await press(page, "white");
    for (const c of ["black", "white", "black"]) await press(page, c);
    await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
    await page.reload();
    await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
    await press(page, "white");
    await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
    await page.goto("/");
    const line = page.getByTestId("device-line");
    await expect(line).toHaveAttribute("data-missing", new RegExp(`(^| )${missing}( |$)`));
    await expect(line).toContainText("This browser cannot");
    expect(errors).toEqual([]);
  });
}

test("the clock's settings say when the phone cannot vibrate, speak or keep the screen on", async ({ page }) => {
  await page.addInitScript(() => {
    delete Navigator.prototype.vibrate;
    delete Navigator.prototype.wakeLock;
    Object.defineProperty(window, "speechSynthesis", { get: () => undefined, configurable: true });
  });
  const errors = watchErrors(page);
  await startGame(page, "preset=japanese&size=19&time=byoyomi&main=60&periods=3&period=30");
  await press(page, "white");
  await press(page, "black");
  await openClockMenu(page);
  await page.getByText("Sound and vibration").click();
  await expect(page.getByTestId("no-vibration")).toContainText("cannot vibrate");
  await expect(page.getByRole("checkbox", { name: "Vibrate on each press" })).toBeDisabled();
  await expect(page.getByTestId("no-voice")).toBeVisible();
  await expect(page.getByTestId("no-wake-lock")).toContainText("cannot keep the screen on");
  expect(errors).toEqual([]);
});

test("a browser with every API says nothing is missing", async ({ page }) => {
  await page.goto("/");
  // Headless Chromium on Linux has no Web Share; everything else is there.
  const names = (await page.getByTestId("device-line").getAttribute("data-missing")).split(" ").filter(Boolean);
  expect(names.filter((n) => n !== "share")).toEqual([]);
});

test("on an iPhone in Safari the home screen asks once to add the app to the home screen", async ({ browser }) => {
  const context = await browser.newContext({
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("install-hint")).toContainText("Add to Home Screen");
  await expect(page.getByTestId("device-line")).toContainText("not on the home screen");
  await page.getByRole("button", { name: "Got it" }).click();
  await expect(page.getByTestId("install-hint")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await expect(page.getByTestId("install-hint")).toHaveCount(0);
  await context.close();
});

test("installed from the home screen it opens full screen with its icon and name, on iPhones too", async ({ page, request }) => {
  await page.goto("/");
  const head = (name) => page.locator(`head meta[name="${name}"]`).getAttribute("content");
  expect(await head("apple-mobile-web-app-capable")).toBe("yes");
  expect(await head("apple-mobile-web-app-title")).toBe("Scorekeeper");
  expect(await page.locator("head meta[name=viewport]").getAttribute("content")).toContain("viewport-fit=cover");
  const icon = await page.locator('head link[rel="apple-touch-icon"]').getAttribute("href");
  expect((await request.get(icon)).headers()["content-type"]).toBe("image/png");
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(["standalone", "fullscreen"]).toContain(manifest.display);
  expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
});
