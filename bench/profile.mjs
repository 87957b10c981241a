// Where a clock press spends its time: the CPU profile of 200 presses at 4x throttling, from a
// build whose functions keep their names (`PROFILE_NAMES=1 trunk build --release`). Prints each
// function's time inclusive of what it calls, for the functions under the press's handler, and
// the heaviest functions by their own time. A tool for finding a cost, not a benchmark.
// Usage: node bench/profile.mjs [dist] [filter]
import { chromium } from "@playwright/test";
import { serve } from "../scripts/serve-dist.mjs";

const dist = process.argv[2] || "dist";
const filter = new RegExp(process.argv[3] || ".");
const PORT = 4198;
const server = await serve(dist, PORT);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true });
const page = await context.newPage();
await page.goto(`http://localhost:${PORT}/new?preset=lgc-2023&time=fischer&main=3600&inc=10&black=A&white=B`);
await page.getByRole("button", { name: "Start" }).click();
await page.waitForURL(/\/clock$/);
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
const boxes = {};
for (const c of ["black", "white"]) {
  const b = await page.getByTestId(`clock-${c}`).boundingBox();
  boxes[c] = { x: b.x + b.width / 2, y: b.y + b.height / 3 };
}
await page.touchscreen.tap(boxes.white.x, boxes.white.y);
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 50 });
await cdp.send("Profiler.start");
let next = "black";
for (let i = 0; i < 200; i++) {
  await page.touchscreen.tap(boxes[next].x, boxes[next].y);
  await page.waitForTimeout(30);
  next = next === "white" ? "black" : "white";
}
const { profile } = await cdp.send("Profiler.stop");
await browser.close();
server.close();

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
const name = (n) => n.callFrame.functionName || `(${n.callFrame.url.split("/").pop()}:${n.callFrame.lineNumber})`;
const self = new Map();
const incl = new Map();
const deltas = profile.timeDeltas;
let total = 0;
profile.samples.forEach((id, i) => {
  const dt = (deltas[i + 1] ?? deltas[i]) / 1000;
  let n = byId.get(id);
  const leaf = name(n);
  self.set(leaf, (self.get(leaf) || 0) + dt);
  const seen = new Set();
  const stack = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) stack.push(name(byId.get(cur)));
  // Only samples under the press's handler (a pointerdown listener) count for the inclusive table.
  if (!stack.some((s) => filter.test(s))) return;
  total += dt;
  for (const s of stack) {
    if (seen.has(s)) continue;
    seen.add(s);
    incl.set(s, (incl.get(s) || 0) + dt);
  }
});
const top = (m, k) => [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, k);
console.log(`samples matching /${filter.source}/: ${total.toFixed(1)} ms over 200 presses (${(total / 200).toFixed(2)} ms a press)`);
console.log("\ninclusive (ms per press):");
for (const [k, v] of top(incl, 60)) console.log(`${(v / 200).toFixed(3).padStart(8)}  ${k.slice(0, 150)}`);
console.log("\nself, all samples (ms per press):");
for (const [k, v] of top(self, 40)) console.log(`${(v / 200).toFixed(3).padStart(8)}  ${k.slice(0, 150)}`);
