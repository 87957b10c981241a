// Tap latency in headless Chromium with 4x CPU throttling. The clock: the time from a real
// touch-down to the end of its handler, and to the next frame with the switch visible, over
// 200 presses, and how many times the game's whole log was replayed meanwhile (none: the live
// game follows each press). The board: a tap that plays a stone, presses the clock and saves,
// over 100 moves. A benchmark, not a test: it prints the figures against the budgets.
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const PRESSES = 200;
const PORT = 4199;
const server = await serve(process.argv[2] || "dist", PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
const page = await context.newPage();
await page.goto(`http://localhost:${PORT}/new?preset=lgc-2023&time=fischer&main=3600&inc=10&black=A&white=B`);
await page.getByRole("button", { name: "Start" }).click();
await page.waitForURL(/\/clock$/);
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });

// Instrument from outside the app: a capture listener on the window runs before the app's
// handler, a bubbling one after it; the next animation frame after the handler shows the switch.
await page.evaluate(() => {
  window.__lat = [];
  window.addEventListener("pointerdown", (e) => { window.__start = performance.now(); window.__ts = e.timeStamp; }, true);
  window.addEventListener("pointerdown", () => {
    const handlerEnd = performance.now();
    const start = window.__start;
    const ts = window.__ts;
    requestAnimationFrame(() => {
      const frame = performance.now();
      const running = document.querySelector('[data-state="running"]')?.getAttribute("data-testid");
      window.__lat.push({ input: start - ts, handler: handlerEnd - start, frame: frame - ts, running });
    });
  }, false);
});

const boxes = {};
for (const c of ["black", "white"]) {
  const b = await page.getByTestId(`clock-${c}`).boundingBox();
  boxes[c] = { x: b.x + b.width / 2, y: b.y + b.height / 3 };
}
// White starts Black's clock, then the players alternate.
let next = "white";
for (let i = 0; i < PRESSES + 1; i++) {
  await page.touchscreen.tap(boxes[next].x, boxes[next].y);
  await page.waitForTimeout(30);
  next = next === "white" ? "black" : "white";
}
await page.waitForTimeout(500);
const samples = (await page.evaluate(() => window.__lat)).slice(1);
const expectRunning = (i) => (i % 2 === 0 ? "clock-white" : "clock-black");
const switched = samples.filter((s, i) => s.running === expectRunning(i)).length;
const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const show = (name, xs, budget) => {
  const med = pct(xs, 50), p95 = pct(xs, 95);
  console.log(`${name.padEnd(34)} median ${med.toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms${budget ? `   budget ${budget} ms: p95 at ${((100 * p95) / budget).toFixed(0)}%` : ""}`);
};
console.log(`clock tap latency, ${samples.length} presses, 4x CPU throttling`);
show("touch-down to handler start", samples.map((s) => s.input));
show("handler (press recorded, saved)", samples.map((s) => s.handler), 4);
show("touch-down to next frame", samples.map((s) => s.frame));
console.log(`switch visible in the next frame: ${switched} of ${samples.length}`);
if (process.env.LATENCY_DETAIL) { show("handler, first 20 presses", samples.slice(0, 20).map((s) => s.handler)); show("handler, last 20 presses", samples.slice(-20).map((s) => s.handler)); }
const replays = await page.locator("section.clock").getAttribute("data-replays");
console.log(`full replays of the log during ${PRESSES} presses: ${replays} (target 0)`);

// The board: 19x19 with a clock, "entering a move presses the clock" on; each tap plays for
// the side to move, presses the clock for them and saves the game.
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
await page.goto(`http://localhost:${PORT}/new?preset=japanese&size=19&time=sudden&main=3600&black=A&white=B`);
await page.getByRole("button", { name: "Start" }).click();
await page.waitForURL(/\/clock$/);
await page.getByTestId("clock-white").dispatchEvent("pointerdown");
await page.getByRole("link", { name: "Board" }).click();
await page.getByText("Board options").click();
await page.getByLabel("Entering a move presses the clock").check();
await page.getByLabel(/Tap twice to play/).uncheck();
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
// The browser's own account of each tap (Event Timing): from the start to the end of the
// click's dispatch, every listener on the page and the updates they set off included. (The
// board keeps its taps to itself, so a listener on the window would not see them end.) The
// browser reports an event only when its next frame comes 16 ms or more after the touch, so
// the count of taps reported is printed with the figures.
await page.evaluate(() => {
  window.__tap = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === "click" && e.target?.closest?.("g.pt")) window.__tap.push(e.processingEnd - e.processingStart);
    }
  }).observe({ type: "event", durationThreshold: 16 });
});
const MOVES = 100;
const letters = "abcdefghijklmnopqrs";
for (let i = 0; i < MOVES; i++) {
  // Rows filled left to right, top down, leaving every other row empty: no captures, no ko.
  const x = letters[i % 19], y = letters[2 * Math.floor(i / 19)];
  await page.locator(`g.pt[data-point="${x}${y}"]`).click();
  await page.waitForTimeout(30);
}
await page.waitForTimeout(300);
const taps = await page.evaluate(() => window.__tap);
const played = await page.locator("g.pt[data-stone]").count();
console.log(`\nboard tap latency, ${taps.length} of ${MOVES} taps reported (${played} stones on the board), 4x CPU throttling`);
show("tap handler (play, press, save)", taps, 6);
await browser.close();
server.close();
