// The first visit and the start after it, on the built dist/ (or $DIST) served gzip-compressed,
// as an ordinary host serves it (no brotli):
//   - Lighthouse's mobile run (simulated slow 4G, 4x CPU) of the home screen, first visit with
//     nothing cached, three runs: the median performance score against 0.9, total blocking time
//     against 200 ms and time to interactive against 3.0 s; accessibility and best practices
//     against 1;
//   - the long tasks of a first visit in headless Chromium, slow 4G and 4x CPU emulated (the
//     figures Lighthouse simulates, here run for real), three runs: the tasks over 50 ms
//     (PerformanceObserver `longtask`) from the navigation to 10 s after it, their count and
//     total, and the bytes the page moved meanwhile;
//   - the repeat start offline, from the service worker, to a tappable clock, at 4x CPU in
//     headless Chromium: from the start of the page load to the clock's faces drawn by the app.
// A benchmark, not a test: it prints the figures against the budgets. Lighthouse is fetched by
// npx on first use (it is not one of the test tools). PARTS=lighthouse,longtasks,repeat (the
// default: all three) runs only those named.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const PORT = 4198;
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const LIGHTHOUSE = "lighthouse@12.8.2";
const DIST = process.env.DIST || "dist";
const PARTS = (process.env.PARTS || "lighthouse,longtasks,repeat").split(",");
const server = await serve(DIST, PORT, () => {}, (_path, body) => body, ["gzip"]);
const base = `http://localhost:${PORT}`;
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

if (PARTS.includes("lighthouse")) {
  // Three runs; each figure is the median of its own three (the simulation varies a little).
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
  const value = (r, id) => r.audits[id].numericValue;
  const each = (f) => runs.map(f);
  const perf = each((r) => score(r, "performance"));
  const tbt = each((r) => value(r, "total-blocking-time"));
  const tti = each((r) => value(r, "interactive"));
  const fcp = each((r) => value(r, "first-contentful-paint"));
  const lcp = each((r) => value(r, "largest-contentful-paint"));
  const list = (xs, f) => xs.map(f).join(", ");
  const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`Lighthouse mobile, home screen, first visit, served gzip (median of ${runs.length} runs)`);
  console.log(`  performance ${median(perf).toFixed(2)} (budget 0.90; runs ${list(perf, (x) => x.toFixed(2))})`);
  console.log(`  total blocking time ${median(tbt).toFixed(0)} ms (budget 200 ms; runs ${list(tbt, (x) => x.toFixed(0))})`);
  console.log(`  interactive ${s(median(tti))} (budget 3.0 s, goal 2.2 s; runs ${list(tti, s)})`);
  console.log(`  first contentful paint ${s(median(fcp))}, largest contentful paint ${s(median(lcp))}`);
  console.log(
    `  accessibility ${median(each((r) => score(r, "accessibility"))).toFixed(2)}, best practices ${median(each((r) => score(r, "best-practices"))).toFixed(2)} (budget 1)`,
  );
}

if (PARTS.includes("longtasks")) {
  // Slow 4G as Lighthouse's DevTools throttling applies it (150 ms RTT and 1.6 Mbit/s scaled
  // for packet-level effects), and the CPU four times slower.
  const runs = [];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, hasTouch: true, isMobile: true });
    await context.addInitScript(() => {
      window.__long = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__long.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 562.5,
      downloadThroughput: (1474.56 * 1024) / 8,
      uploadThroughput: (675 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    let bytes = 0;
    cdp.on("Network.loadingFinished", (e) => (bytes += e.encodedDataLength));
    const started = Date.now();
    await page.goto(`${base}/`);
    await page.waitForTimeout(Math.max(0, 10_000 - (Date.now() - started)));
    const long = (await page.evaluate(() => window.__long)).filter((t) => t.duration > 50 && t.start < 10_000);
    runs.push({ count: long.length, total: long.reduce((a, t) => a + t.duration, 0), long, bytes });
    await context.close();
  }
  await browser.close();
  const totals = runs.map((r) => r.total);
  const mid = runs.find((r) => r.total === median(totals));
  console.log(`\nlong tasks of a first visit, slow 4G and 4x CPU in Chromium, navigation to 10 s (median of ${runs.length} runs by total)`);
  console.log(
    `  ${mid.count} tasks over 50 ms, ${mid.total.toFixed(0)} ms in all (runs: ${runs.map((r) => `${r.count} / ${r.total.toFixed(0)} ms`).join(", ")})`,
  );
  console.log(`  the median run's tasks: ${mid.long.map((t) => `${t.duration.toFixed(0)} ms at ${(t.start / 1000).toFixed(2)} s`).join(", ") || "none"}`);
  console.log(`  moved by the page meanwhile: ${(median(runs.map((r) => r.bytes)) / 1024).toFixed(0)} KiB (runs ${runs.map((r) => (r.bytes / 1024).toFixed(0)).join(", ")})`);
}

if (PARTS.includes("repeat")) {
  // The repeat start: a game is open, the service worker holds the app, the phone is offline.
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
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
}
server.close();
