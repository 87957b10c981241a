// Shared helpers for the browser tests.
import { readFileSync } from "node:fs";
import { expect } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { serve } from "../../scripts/serve-dist.mjs";

/// Fails the test on any console error or uncaught exception (a CSP violation is one).
export function watchErrors(page) {
  const errors = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(String(err)));
  return errors;
}

/// A server of our own for tests that stop it or count what it is asked.
export async function ownServer(port) {
  const requests = [];
  const rewrites = new Map();
  const server = await serve("dist", port, (path) => requests.push(path), (path, body) => {
    const rewrite = rewrites.get(path);
    return rewrite ? Buffer.from(rewrite(body.toString("utf8"))) : body;
  });
  return {
    url: `http://localhost:${port}`,
    requests,
    /// Serves `path` changed by `change(text)` from now on.
    rewrite: (path, change) => rewrites.set(path, change),
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  };
}

/// Waits until the service worker has installed and controls the page.
export async function waitForServiceWorker(page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener("controllerchange", done, { once: true }));
    }
  });
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
}

/// Opens the new-game form from a settings link and starts the game; returns its id. `say`
/// gives a button's name in the app's language (English by default; see words.mjs).
export async function startGame(page, query, say = (english) => english) {
  await page.goto(`/new?${query}`);
  await page.getByRole("button", { name: say("Start") }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  // The clock is a piece of its own: a player acts once it is on the screen, and so does a test
  // (a key pressed before it is drawn goes nowhere).
  await expect(page.getByTestId("clock-black")).toBeVisible();
  return page.url().match(/\/game\/([^/]+)\//)[1];
}

/// Slows the page's CPU `rate` times (Chromium's DevTools throttling), as on a slow or busy
/// phone; it stays on across reloads.
export async function throttleCpu(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  return cdp;
}

/// Opens the clock's menu (sound and vibration, resignation, the referee's corrections), which
/// keeps them out of the players' way while the clock owns the screen.
export async function openClockMenu(page, say = (english) => english) {
  const menu = page.getByRole("button", { name: say("Menu"), exact: true });
  if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
}

/// Closes the clock's menu if it is open.
export async function closeClockMenu(page, say = (english) => english) {
  const back = page.getByRole("button", { name: say("Back to the clock") });
  if (await back.isVisible()) await back.click();
}

/// A clock face pressed on touch-down, as a player's finger does.
export const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
export const pass = (page) => page.getByRole("button", { name: "Pass" }).click();

/// The text of the QR code drawn in `locator`, read from a screenshot by jsQR. A screenshot
/// taken while the screen is still settling (a loaded machine, a screen opened anew) is taken
/// again, as a camera reads the next frame, for up to 5 s.
export async function readQr(locator) {
  await locator.scrollIntoViewIfNeeded();
  await expect(locator).toBeVisible();
  let shot, code;
  await expect
    .poll(
      async () => {
        shot = await locator.screenshot();
        const png = PNG.sync.read(shot);
        code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
        return code !== null;
      },
      { message: "the QR code reads", timeout: 5_000 },
    )
    .toBe(true);
  return { text: code.data, shot };
}

/// A game ended by a count typed in (Black's and White's points) after two passes.
export async function countByNumbers(page, black, white) {
  await press(page, "white");
  for (let i = 0; i < 4; i++) await press(page, i % 2 === 0 ? "black" : "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByTestId("count-black").fill(String(black));
  await page.getByTestId("count-white").fill(String(white));
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
}

/// A game ended by `who`'s resignation from the clock's menu.
export async function resign(page, who) {
  await press(page, "white");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: `${who} resigns` }).click();
}


/// The position the truth file of photo `name` (`tests/fixtures/photos/<name>.txt`) gives, as
/// `[sgf point, "b" | "w" | ""]` row by row.
export function truthOf(name) {
  const rows = readFileSync(`tests/fixtures/photos/${name}.txt`, "utf8")
    .split("\n")
    .filter((line) => /^[.XO]+$/.test(line));
  const letter = (i) => String.fromCharCode(97 + i);
  return rows.flatMap((row, y) =>
    [...row].map((c, x) => [letter(x) + letter(y), c === "X" ? "b" : c === "O" ? "w" : ""]),
  );
}

/// Cape Town, the phone as the clock only (as `tests/photo_count.rs`): White starts Black's
/// clock, 200 presses complete moves made on the real board, four passes end the game; opens
/// the count.
export async function clockOnlyGame(page) {
  const id = await startGame(page, "preset=cape-town-2005&size=19&time=sudden&main=720&komi=6.5");
  await press(page, "white");
  for (let i = 0; i < 200; i++) await press(page, i % 2 === 0 ? "black" : "white");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await expect(page.getByText("200 moves were made on the real board only").first()).toBeVisible();
  return id;
}

/// Twelve players as people write them in a list: name first or family first, with a comma or
/// a space, or tab-separated from a spreadsheet.
export const LIST = [
  "Anna Bakker 3k",
  "Bert Jansen, 5k",
  "Visser, Cor, 1d",
  "Dekker\tDaan\t2k\tUtrecht\tNL",
  "Eva de Vries 4k Amsterdam",
  "Fenna Smit 6k",
  "Mulder, Gijs, 7k",
  "Hanna Bos 8k",
  "Ivo MEIJER 9k",
  "Jan van Dijk, 10k",
  "Kim Peters 2d",
  "Lotte de Boer 11k",
];

/// Counts what a person does: a tap (a button, a field, a choice) and a scroll whenever what
/// comes next is off the screen.
export function hands(page) {
  const n = { taps: 0, scrolls: 0 };
  const reach = async (target) => {
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    const height = page.viewportSize().height;
    if (box.y < 0 || box.y + box.height > height) n.scrolls++;
  };
  n.tap = async (target) => {
    await reach(target);
    await target.click();
    n.taps++;
  };
  n.type = async (target, text) => {
    await reach(target);
    await target.fill(text);
    n.taps++;
  };
  n.choose = async (target, value) => {
    await reach(target);
    await target.selectOption(value);
    n.taps += 2;
  };
  n.take = () => {
    const out = { taps: n.taps, scrolls: n.scrolls };
    n.taps = 0;
    n.scrolls = 0;
    return out;
  };
  return n;
}
