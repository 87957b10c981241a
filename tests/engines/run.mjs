// Runs the main flows (flows.mjs) against the built dist/ in WebKitGTK and Firefox ESR, with a
// console-error check in each. The full suite runs in Chromium (Playwright); here the other
// engines a player's phone may run. Usage: node tests/engines/run.mjs [webkit] [firefox]
import { mkdirSync, writeFileSync } from "node:fs";
import { serve } from "../../scripts/serve-dist.mjs";
import { firefox, webkit, withErrorCatcher } from "./drivers.mjs";
import { flows } from "./flows.mjs";

const PORT = Number(process.env.ENGINES_PORT || 4175);
const base = `http://localhost:${PORT}`;

function server() {
  let running = null;
  return {
    async start() {
      running = await serve("dist", PORT, () => {}, withErrorCatcher);
    },
    async stop() {
      await new Promise((done) => {
        running.closeAllConnections();
        running.close(done);
      });
    },
  };
}

const engines = { webkit: () => webkit(base), firefox: () => firefox(base) };
const chosen = process.argv.slice(2).filter((a) => a in engines);
const srv = server();
await srv.start();
let passed = 0;
let failed = 0;
for (const name of chosen.length ? chosen : Object.keys(engines)) {
  let d;
  try {
    d = await engines[name]();
  } catch (e) {
    console.log(`✘ ${name}: the browser did not start: ${e.message}`);
    failed++;
    continue;
  }
  for (const [title, flow] of flows(srv)) {
    const t0 = Date.now();
    try {
      await flow(d);
      const errors = await d.errors();
      if (errors.length) throw new Error(`console errors:\n    ${errors.join("\n    ")}`);
      console.log(`✓ ${d.name}: ${title} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
      passed++;
    } catch (e) {
      console.log(`✘ ${d.name}: ${title}\n    ${e.message}`);
      failed++;
      try {
        mkdirSync("test-results/engines", { recursive: true });
        const file = `test-results/engines/${name}-${passed + failed}.png`;
        writeFileSync(file, await d.screenshot());
        console.log(`    screen: ${file}`);
      } catch {
        // No screen to keep.
      }
    }
  }
  await d.close().catch(() => {});
}
await srv.stop();
console.log(`\nengines: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
