// Two builds side by side: the press and the board tap of `bench/latency.mjs`, alternating one
// press on each build's page in one browser, so that a busy machine weighs on both alike.
// Prints each build's median and p95 at 4x CPU throttling and their ratio.
// Usage: node bench/latency-ab.mjs <dist A> <dist B> [presses]
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const [distA, distB] = [process.argv[2], process.argv[3]];
if (!distA || !distB) {
  console.error("usage: node bench/latency-ab.mjs <dist A> <dist B> [presses]");
  process.exit(2);
}
const PRESSES = Number(process.argv[4] || 200);
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

for (const b of builds) {
  b.server = await serve(b.dist, b.port);
  b.context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
  b.page = await b.context.newPage();
  const base = `http://localhost:${b.port}`;
  await b.page.goto(`${base}/new?preset=lgc-2023&time=fischer&main=3600&inc=10&black=A&white=B`);
  await b.page.getByRole("button", { name: "Start" }).click();
  await b.page.waitForURL(/\/clock$/);
  b.cdp = await b.context.newCDPSession(b.page);
  await b.cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await b.page.evaluate(instrument);
  b.boxes = {};
  for (const c of ["black", "white"]) {
    const box = await b.page.getByTestId(`clock-${c}`).boundingBox();
    b.boxes[c] = { x: box.x + box.width / 2, y: box.y + box.height / 3 };
  }
}
let next = "white";
for (let i = 0; i < PRESSES + 1; i++) {
  for (const b of i % 2 ? builds : [...builds].reverse()) {
    await b.page.touchscreen.tap(b.boxes[next].x, b.boxes[next].y);
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
  console.log(`${b.name} ${b.dist}: press handler, ${xs.length} presses at 4x: median ${pct(xs, 50).toFixed(2)} ms, p95 ${pct(xs, 95).toFixed(2)} ms`);
}
console.log(`B/A: median ${(figures[1].med / figures[0].med).toFixed(2)}, p95 ${(figures[1].p95 / figures[0].p95).toFixed(2)}`);
await browser.close();
for (const b of builds) b.server.close();
