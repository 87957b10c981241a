// Two builds side by side: the press and the board tap of `bench/latency.mjs`, alternating one
// press on each build's page in one browser, so that a busy machine weighs on both alike.
// Prints each build's median and p95 at 4x CPU throttling and their ratio.
// Usage: node bench/latency-ab.mjs <dist A> <dist B> [presses] [board]
// With `board`, the board tap instead: 19x19 with a clock, each tap plays, presses the clock
// and saves, timed by the browser's Event Timing as in latency.mjs.
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const [distA, distB] = [process.argv[2], process.argv[3]];
if (!distA || !distB) {
  console.error("usage: node bench/latency-ab.mjs <dist A> <dist B> [presses]");
  process.exit(2);
}
const PRESSES = Number(process.argv[4] || 200);
const BOARD = process.argv[5] === "board";
const builds = [
  { name: "A", dist: distA, port: 4201 },
  { name: "B", dist: distB, port: 4202 },
];
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});

// The handler's time, as latency.mjs takes it: a capture listener on the window before the
// app's, a bubbling one after it (the effects the press set off run between the two).
const instrument = () => {
  window.__lat = [];
  window.addEventListener("pointerdown", () => { window.__start = performance.now(); }, true);
  window.addEventListener("pointerdown", () => window.__lat.push(performance.now() - window.__start), false);
};

// The board's taps, by the browser's Event Timing (see latency.mjs).
const observe = () => {
  window.__lat = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "click" && e.target?.closest?.("g.pt")) window.__lat.push(e.processingEnd - e.processingStart);
    }
  }).observe({ type: "event", durationThreshold: 16 });
};

for (const b of builds) {
  b.server = await serve(b.dist, b.port);
  b.context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  b.page = await b.context.newPage();
  const base = `http://localhost:${b.port}`;
  b.cdp = await b.context.newCDPSession(b.page);
  if (BOARD) {
    await b.page.goto(`${base}/new?preset=japanese&size=19&time=sudden&main=3600&black=A&white=B`);
    await b.page.getByRole("button", { name: "Start" }).click();
    await b.page.waitForURL(/\/clock$/);
    await b.page.getByTestId("clock-white").dispatchEvent("pointerdown");
    await b.page.getByRole("link", { name: "Board" }).click();
    await b.page.getByText("Board options").click();
    await b.page.getByLabel("Entering a move presses the clock").check();
    await b.page.getByLabel(/Tap twice to play/).uncheck();
    await b.cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await b.page.evaluate(observe);
    continue;
  }
  await b.page.goto(`${base}/new?preset=lgc-2023&time=fischer&main=3600&inc=10&black=A&white=B`);
  await b.page.getByRole("button", { name: "Start" }).click();
  await b.page.waitForURL(/\/clock$/);
  await b.cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await b.page.evaluate(instrument);
  b.boxes = {};
  for (const c of ["black", "white"]) {
    const box = await b.page.getByTestId(`clock-${c}`).boundingBox();
    b.boxes[c] = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
  }
}
const letters = "abcdefghijklmnopqrs";
let next = "white";
for (let i = 0; i < PRESSES + 1; i++) {
  for (const b of i % 2 ? builds : [...builds].reverse()) {
    if (BOARD) {
      // Rows filled left to right, every other row left empty: no captures, no ko.
      const x = letters[i % 19], y = letters[(2 * Math.floor(i / 19)) % 19];
      await b.page.locator(`g.pt[data-point="${x}${y}"]`).click();
    } else {
      await b.page.touchscreen.tap(b.boxes[next].x, b.boxes[next].y);
    }
    await b.page.waitForTimeout(30);
  }
  next = next === "white" ? "black" : "white";
}
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const figures = [];
for (const b of builds) {
  const xs = (await b.page.evaluate(() => window.__lat)).slice(1);
  figures.push({ med: pct(xs, 50), p95: pct(xs, 95) });
  console.log(`${b.name} ${b.dist}: ${BOARD ? "board tap" : "press handler"}, ${xs.length} ${BOARD ? "taps reported" : "presses"} at 4x: median ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`);
}
console.log(`B/A: median ${(figures[1].med / figures[0].med).toFixed(2)}, p95 ${(figures[1].p95 / figures[0].p95).toFixed(2)}`);
await browser.close();
for (const b of builds) b.server.close();
