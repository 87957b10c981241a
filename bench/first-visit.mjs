// The first visit and the start after it, on the built dist/ served as the README serves it:
//   - Lighthouse's mobile run (simulated slow 4G, 4x CPU) of the home screen, first visit with
//     nothing cached: performance against 0.9, accessibility and best practices against 1;
//   - the repeat start offline, from the service worker, to a tappable clock, at 4x CPU in
//     headless Chromium: from the start of the page load to the clock's faces drawn by the app.
// A benchmark, not a test: it prints the figures against the budgets. Lighthouse is fetched by
// npx on first use (it is not one of the test tools).
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const PORT = 4198;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const LIGHTHOUSE = "lighthouse@12.8.2";
const server = await serve("dist", PORT);
const base = `http://localhost:${PORT}`;

// Lighthouse: three runs, the median performance score (its simulation varies a little).
const runs = [];
for (let i = 0; i < 3; i++) {
  // Asynchronous: the server answering Lighthouse runs in this process.
  const { stdout: out } = await promisify(execFile)(
    "npx",
    [
      "--yes",
      LIGHTHOUSE,
      `${base}/`,
      "--only-categories=performance,accessibility,best-practices",
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
      "--output=json",
      "--output-path=stdout",
      "--quiet",
    ],
    { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 1 << 28 },
  );
  runs.push(JSON.parse(out));
}
const score = (r, c) => r.categories[c].score;
runs.sort((a, b) => score(a, "performance") - score(b, "performance"));
const mid = runs[1];
const shown = (id) => mid.audits[id].displayValue;
console.log(`Lighthouse mobile, home screen, first visit (median of ${runs.length} runs)`);
console.log(
  `  performance ${score(mid, "performance").toFixed(2)} (budget 0.90; runs ${runs.map((r) => score(r, "performance").toFixed(2)).join(", ")})`,
);
console.log(`  accessibility ${score(mid, "accessibility").toFixed(2)}, best practices ${score(mid, "best-practices").toFixed(2)} (budget 1)`);
console.log(
  `  first contentful paint ${shown("first-contentful-paint")}, largest contentful paint ${shown("largest-contentful-paint")}, total blocking time ${shown("total-blocking-time")}, interactive ${shown("interactive")}`,
);

// The repeat start: a game is open, the service worker holds the app, the phone is offline.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
await context.addInitScript(() => {
  const seen = () => {
    if (!window.__ready && document.querySelector('[data-testid="clock-black"][data-state]')) {
      window.__ready = performance.now();
    }
  };
  new MutationObserver(seen).observe(document, { subtree: true, childList: true, attributes: true });
});
const page = await context.newPage();
await page.goto(`${base}/new?preset=lgc-2023&time=fischer&main=3600&inc=10&black=A&white=B`);
await page.getByRole("button", { name: "Start" }).click();
await page.waitForURL(/\/clock$/);
await page.evaluate(async () => {
  await navigator.serviceWorker.ready;
  while (!navigator.serviceWorker.controller) await new Promise((done) => setTimeout(done, 50));
});
await context.setOffline(true);
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
const starts = [];
for (let i = 0; i < 7; i++) {
  await page.reload();
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30_000 });
  starts.push(await page.evaluate(() => window.__ready));
}
starts.sort((a, b) => a - b);
console.log(
  `\nrepeat start offline to a tappable clock, 4x CPU: median ${starts[starts.length >> 1].toFixed(0)} ms (runs ${starts.map((s) => s.toFixed(0)).join(", ")})`,
);
await browser.close();
server.close();
