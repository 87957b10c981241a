// 1,000 finished 19x19 games in a real browser's local storage: the stored values written by
// `cargo bench --bench storage` are put into headless Chromium's localStorage, then the app is
// opened. Prints how much of the quota they take (the quota is found by filling what is left),
// how long the app takes to list them, and whether a new game can still be saved. A benchmark,
// not a test.
import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import { serve } from "../scripts/serve-dist.mjs";

const PORT = 4198;
const values = JSON.parse(readFileSync("target/thousand-games.json", "utf8"));
const server = await serve("dist", PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
const url = `http://localhost:${PORT}`;
await page.goto(`${url}/`);
await page.waitForSelector("h1");

const games = Object.keys(values).filter((k) => k.startsWith("sk.game.")).length;
const chars = Object.entries(values).reduce((n, [k, v]) => n + k.length + v.length, 0);
const stored = await page.evaluate((values) => {
  localStorage.clear();
  for (const [k, v] of Object.entries(values)) localStorage.setItem(k, v);
  return localStorage.length;
}, values);

// The room left: fill it with 64 KiB blocks, then smaller ones, and take them out again.
const room = await page.evaluate(() => {
  let filled = 0;
  const keys = [];
  for (let size = 65536; size >= 16; size /= 4) {
    const block = "x".repeat(size);
    for (;;) {
      const key = `bench.fill.${keys.length}`;
      try {
        localStorage.setItem(key, block);
      } catch {
        break;
      }
      keys.push(key);
      filled += key.length + size;
    }
  }
  for (const k of keys) localStorage.removeItem(k);
  return filled;
});

// The first visit replays every game for the list and keeps what it found of the finished ones;
// the next visit replays none of them.
const visit = async () => {
  const start = Date.now();
  await page.reload();
  await page.getByTestId("game-row").first().waitFor();
  return Date.now() - start;
};
const firstMs = await visit();
const listed = await page.getByTestId("game-row").count();
const nextMs = await visit();

await page.goto(`${url}/new?preset=lgc-2023&size=19&time=byoyomi&main=3600&periods=5&period=30`);
await page.getByRole("button", { name: "Start" }).click();
await page.waitForURL(/\/clock$/);
await page.getByTestId("clock-white").dispatchEvent("pointerdown");
const saveError = await page.locator(".banner", { hasText: "refused to save" }).count();

const quota = chars + room;
console.log(`${games} finished 19x19 games, ${stored} keys, ${chars} characters: ${(chars / games).toFixed(0)} characters per game`);
console.log(`Chromium's local storage took them with ${room} characters to spare: ${(100 * chars / quota).toFixed(1)} % of a quota of about ${quota} characters`);
console.log(`the app showed its list (${listed} rows drawn, the rest on request) ${firstMs} ms after the first reload, ${nextMs} ms after the next`);
console.log(`a new game ${saveError ? "could NOT be saved" : "was saved"} next to them`);
await browser.close();
server.close();
