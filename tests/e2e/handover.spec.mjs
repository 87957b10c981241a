// A finished game handed to another phone by QR code, with no network: the codes on the result
// screen are read from a screenshot by an independent QR reader (jsQR), and the links they hold
// are opened in a second browser context with its own storage, the server stopped.
import { test, expect } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { ownServer, startGame, waitForServiceWorker, watchErrors } from "./helpers.mjs";
import { fakeVideo, launchWithCamera } from "./fake-camera.mjs";

// Each test draws and reads whole games' QR codes from screenshots, on two phones: under the
// suite with two busy processes beside it four of them ran out of the 30 s a test gets, the
// screen drawn and waiting.
test.describe.configure({ timeout: 90_000 });

/// A phone's screen: three device pixels a CSS pixel, so a version 25 code has room.
const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 3, hasTouch: true };

/// The text of the QR code drawn in `locator`, read from a screenshot as a camera would.
async function scan(locator) {
  await expect(locator).toBeVisible();
  const version = Number(await locator.getAttribute("data-version"));
  expect(version).toBeLessThanOrEqual(25);
  expect(["M", "Q", "H"]).toContain(await locator.getAttribute("data-level"));
  const png = PNG.sync.read(await locator.screenshot());
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code, "the QR code reads").not.toBeNull();
  return code.data;
}

/// A second phone with the app installed (its service worker), its own storage, and then no
/// network at all: the server is stopped.
async function offlinePhone(browser, server) {
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/");
  await waitForServiceWorker(page);
  await server.close();
  await context.setOffline(true);
  return { context, page };
}

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const pass = (page) => page.getByRole("button", { name: "Pass" }).click();

async function totals(page) {
  return {
    result: await page.getByTestId("result").textContent(),
    black: await page.getByTestId("score-black").textContent(),
    white: await page.getByTestId("score-white").textContent(),
  };
}

test("a counted game's code opens on a phone with no network, imports once, with the same result and totals", async ({ browser }) => {
  const server = await ownServer(4191);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600&black=Ann&white=Bo");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("radio", { name: "Territory and prisoners apart" }).click();
  await page.getByTestId("count-black").fill("12");
  await page.getByTestId("count-white").fill("9");
  await page.getByTestId("count-black-prisoners").fill("3");
  await page.getByTestId("count-white-prisoners").fill("2");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  const mine = await totals(page);
  expect(mine.result).toMatch(/^[BW]\+/);
  // A short game is one code.
  await expect(page.getByTestId("share-qr-part")).toHaveCount(0);
  const link = await scan(page.getByTestId("share-qr"));
  expect(link.startsWith(`${server.url}/handover#G4-1-1-`)).toBe(true);

  const referee = await offlinePhone(browser, server);
  const theirErrors = watchErrors(referee.page);
  await referee.page.goto(link);
  await expect(referee.page.getByTestId("handover-players")).toContainText("Ann");
  await expect(referee.page.getByTestId("handover-result")).toHaveText(mine.result);
  await referee.page.getByRole("button", { name: "Import" }).click();
  await expect(referee.page).toHaveURL(/\/game\/[^/]+\/result$/);
  expect(await totals(referee.page)).toEqual(mine);
  await expect(referee.page.getByText("Black confirmed ✓ · White confirmed ✓")).toBeVisible();

  // The same code scanned again adds nothing.
  await referee.page.goto(link);
  await referee.page.getByRole("button", { name: "Import" }).click();
  await expect(referee.page.getByTestId("handover-outcome")).toContainText("already on this phone");
  await referee.page.goto("/");
  await expect(referee.page.getByTestId("game-row")).toHaveCount(1);
  await expect(referee.page.getByTestId("game-row")).toContainText(mine.result);
  expect(errors).toEqual([]);
  expect(theirErrors.filter((e) => !e.includes("sw.js"))).toEqual([]);
  await referee.context.close();
  await context.close();
});

test("a game scanned again after it went on replaces the copy here only when chosen", async ({ browser }) => {
  const server = await ownServer(4193);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  const id = await startGame(page, "preset=japanese&size=9&time=sudden&main=600&black=Early&white=Late");
  await press(page, "white");
  await press(page, "black");
  await page.goto(`/game/${id}/result`);
  const first = await scan(page.getByTestId("share-qr"));
  await page.goto(`/game/${id}/clock`);
  await press(page, "white");
  await press(page, "black");
  await page.goto(`/game/${id}/result`);
  const second = await scan(page.getByTestId("share-qr"));
  expect(second).not.toBe(first);
  await page.goto(`/sgf?game=${id}`);
  const sgf = await page.getByTestId("sgf-text").inputValue();

  const referee = await offlinePhone(browser, server);
  await referee.page.goto(first);
  await referee.page.getByRole("button", { name: "Import" }).click();
  await expect(referee.page).toHaveURL(new RegExp(`/game/${id}/result$`));
  await referee.page.goto(second);
  await referee.page.getByRole("button", { name: "Import" }).click();
  await expect(referee.page.getByText("This phone has a different record of this game")).toBeVisible();
  await referee.page.getByRole("button", { name: "Replace the one here" }).click();
  await expect(referee.page).toHaveURL(new RegExp(`/game/${id}/result$`));
  await referee.page.goto(`/sgf?game=${id}`);
  await expect(referee.page.getByTestId("sgf-text")).toHaveValue(sgf);
  await referee.page.goto("/");
  await expect(referee.page.getByTestId("game-row")).toHaveCount(1);
  await referee.context.close();
  await context.close();
});

/// A 19x19 record of 270 moves that capture nothing, a comment on every third, as SGF.
function longGame() {
  const letters = "abcdefghijklmnopqrs";
  const black = [];
  const white = [];
  for (let x = 0; x < 19; x++) {
    for (let y = 0; y < 15; y++) (x % 2 === 0 ? black : white).push(letters[x] + letters[y]);
  }
  let sgf = "(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[6.5]RU[Japanese]PB[Kitani]PW[Go Seigen]DT[2026-11-23]";
  for (let i = 0; i < white.length; i++) {
    sgf += `;B[${black[i]}]${i % 3 === 0 ? `C[Black's move ${2 * i + 1}: thinking about the corner]` : ""}`;
    sgf += `;W[${white[i]}]`;
  }
  return `${sgf})`;
}

test("a long 19x19 record is a numbered series of codes and imports once every part is scanned, in any order", async ({ browser }) => {
  const server = await ownServer(4192);
  const context = await browser.newContext({ ...PHONE, baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(longGame());
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/board$/);
  const id = page.url().match(/\/game\/([^/]+)\//)[1];
  await page.goto(`/game/${id}/result`);
  await page.locator("summary", { hasText: "Referee" }).click();
  await page.getByRole("button", { name: "Black wins" }).click();
  await expect(page.getByTestId("result")).toHaveText("B+");
  const mine = await totals(page);

  const part = page.getByTestId("share-qr-part");
  await expect(part).toContainText("Code 1 of");
  const count = Number((await part.textContent()).match(/Code 1 of (\d+)/)[1]);
  expect(count).toBeGreaterThanOrEqual(2);
  const links = [];
  for (let i = 1; i <= count; i++) {
    await expect(part).toContainText(`Code ${i} of ${count}`);
    links.push(await scan(page.getByTestId("share-qr")));
    if (i < count) await page.getByRole("button", { name: "Next code" }).click();
  }
  expect(new Set(links).size).toBe(count);

  const referee = await offlinePhone(browser, server);
  // Last first, then the first, then the rest; the first part twice. Each scan opens the app
  // afresh, as a camera does.
  const order = [count - 1, 0, 0, ...Array.from({ length: count - 2 }, (_, i) => i + 1)];
  for (const [n, i] of order.entries()) {
    const scanPage = await referee.context.newPage();
    await scanPage.goto(links[i]);
    if (n < order.length - 1) {
      const read = new Set(order.slice(0, n + 1)).size;
      await expect(scanPage.getByTestId("handover-progress")).toContainText(`${read} of ${count} codes read`);
      await expect(scanPage.getByTestId("handover-progress")).toContainText("Still to scan: code");
      await expect(scanPage.getByRole("button", { name: "Import" })).toHaveCount(0);
    } else {
      await expect(scanPage.getByTestId("handover-players")).toContainText("Kitani");
      await scanPage.getByRole("button", { name: "Import" }).click();
      await expect(scanPage).toHaveURL(/\/game\/[^/]+\/result$/);
      expect(await totals(scanPage)).toEqual(mine);
    }
    await scanPage.close();
  }
  const check = referee.page;
  await check.goto(`/game/${id}/board`);
  await expect(check.getByTestId("board").locator("[data-stone]")).toHaveCount(270);
  expect(errors).toEqual([]);
  await referee.context.close();
  await context.close();
});

test("the settings code opens the same form on another phone", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/new?preset=london-open&size=13&handicap=2&komi=0.5&black=Ann&white=Bo");
  await page.getByLabel("Main time (minutes:seconds)").fill("30:00");
  const link = await scan(page.getByTestId("settings-qr"));
  expect(link).toBe(`${baseURL}/new?preset=london-open&size=13&handicap=2&komi=0.5&main=1800`);
  await expect(page.getByRole("link", { name: "Share settings" })).toHaveAttribute("href", link);
  const fields = async (p) =>
    p.locator("form input, form select").evaluateAll((els) => els.map((e) => `${e.name}=${e.value}`));
  const here = (await fields(page)).filter((f) => !/^(black|white)=/.test(f));

  const other = await (await browser.newContext({ ...PHONE, baseURL })).newPage();
  await other.goto(link);
  // The form is read once the app has drawn it from the link.
  await expect(other.getByLabel("Main time (minutes:seconds)")).toHaveValue("30:00");
  expect((await fields(other)).filter((f) => !/^(black|white)=/.test(f))).toEqual(here);
  await expect(other.getByLabel("Black player")).toHaveValue("");
  await expect(other.locator(".field-error")).toHaveCount(0);
  expect(errors).toEqual([]);
  await other.context().close();
  await context.close();
});

test("a damaged, foreign, newer or older link says what is wrong and changes nothing", async ({ page }) => {
  const errors = watchErrors(page);
  await startGame(page, "preset=japanese&size=9&time=sudden&main=600&black=Kept&white=Here");
  await page.goto(page.url().replace(/clock$/, "result"));
  const link = await scan(page.getByTestId("share-qr"));
  const fragment = link.slice(link.indexOf("#"));
  const at = fragment.length - 12;
  const damaged = fragment.slice(0, at) + (fragment[at] === "A" ? "B" : "A") + fragment.slice(at + 1);
  const cases = [
    [damaged, "damaged"],
    [fragment.slice(0, fragment.length - 30), "damaged"],
    ["#section-2", "not a game from this app"],
    [fragment.replace("#G4-", "#G7-"), "newer version of the app"],
    [fragment.replace("#G4-", "#G3-"), "older version of the app"],
  ];
  const stored = async () => page.evaluate(() => Object.keys(localStorage).sort().join(","));
  await page.goto("/handover#G1");
  const before = await stored();
  for (const [hash, words] of cases) {
    // A code scanned while the screen is open changes only the fragment.
    await page.goto(`/handover${hash}`);
    await expect(page.getByTestId("handover-message")).toContainText(words);
    await expect(page.getByTestId("handover-message")).toContainText("Nothing was changed");
    await expect(page.getByRole("button", { name: "Import" })).toHaveCount(0);
  }
  expect(await stored()).toEqual(before);
  // The good link still reads after the bad ones.
  await page.goto(`/handover${fragment}`);
  await expect(page.getByTestId("handover-players")).toContainText("Kept");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(1);
  expect(errors).toEqual([]);
});

test("the other codes of a series are read by the app's own scanner on the handover screen", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(longGame());
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/board$/);
  const id = page.url().match(/\/game\/([^/]+)\//)[1];
  await page.goto(`/game/${id}/result`);
  await page.locator("summary", { hasText: "Referee" }).click();
  await page.getByRole("button", { name: "Black wins" }).click();
  const part = page.getByTestId("share-qr-part");
  await expect(part).toContainText("Code 1 of");
  const count = Number((await part.textContent()).match(/Code 1 of (\d+)/)[1]);
  const links = [];
  const shots = [];
  for (let i = 1; i <= count; i++) {
    await expect(part).toContainText(`Code ${i} of ${count}`);
    links.push(await scan(page.getByTestId("share-qr")));
    shots.push(await page.getByTestId("share-qr").screenshot());
    if (i < count) await page.getByRole("button", { name: "Next code" }).click();
  }
  await context.close();

  // The phone camera opened the first code; the app's scanner reads the rest, one after another.
  const camera = await launchWithCamera(await fakeVideo(shots.slice(1), { framesEach: 15 }));
  const other = await (await camera.newContext({ ...PHONE, baseURL })).newPage();
  const errors = watchErrors(other);
  await other.goto(links[0]);
  await expect(other.getByTestId("handover-progress")).toContainText(`1 of ${count} codes read`);
  await other.getByRole("button", { name: "Scan" }).click();
  await expect(other.getByTestId("handover-players")).toContainText("Kitani", { timeout: 60_000 });
  await other.getByRole("button", { name: "Import" }).click();
  await expect(other).toHaveURL(/\/game\/[^/]+\/result$/);
  await expect(other.getByTestId("result")).toHaveText("B+");
  expect(errors).toEqual([]);
  await camera.close();
});
