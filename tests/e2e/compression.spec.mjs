// Compressed files: the build writes a brotli and a gzip copy of each file, the server sends the
// one the browser accepts with its Content-Encoding (and the file itself to a client that
// accepts neither), and the service worker keeps the files as the page reads them, so the app
// still opens offline.
import { readdirSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { test, expect } from "@playwright/test";
import { ownServer, waitForServiceWorker, watchErrors } from "./helpers.mjs";

const firstLoad = readdirSync("dist").filter((f) => /\.(html|js|wasm|css)$/.test(f));

/// The raw answer to GET `path` with `accept` as Accept-Encoding (nothing decoded).
function get(port, path, accept) {
  return new Promise((done, fail) => {
    const headers = accept === undefined ? {} : { "Accept-Encoding": accept };
    request({ host: "127.0.0.1", port, path, headers }, (res) => {
      const parts = [];
      res.on("data", (d) => parts.push(d));
      res.on("end", () => done({ headers: res.headers, body: Buffer.concat(parts) }));
    })
      .on("error", fail)
      .end();
  });
}

test("every file of the first load is sent compressed to a browser that accepts it", async () => {
  const server = await ownServer(4183);
  try {
    expect(firstLoad.length).toBeGreaterThanOrEqual(4);
    for (const file of firstLoad) {
      const plain = readFileSync(`dist/${file}`);
      const br = await get(4183, `/${file}`, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"], file).toBe("br");
      expect(br.headers.vary).toBe("Accept-Encoding");
      expect(br.body.length).toBeLessThan(plain.length);
      expect(brotliDecompressSync(br.body).equals(plain), file).toBe(true);

      const gz = await get(4183, `/${file}`, "gzip");
      expect(gz.headers["content-encoding"], file).toBe("gzip");
      expect(gunzipSync(gz.body).equals(plain), file).toBe(true);

      for (const accept of [undefined, "identity", "br;q=0, gzip;q=0"]) {
        const raw = await get(4183, `/${file}`, accept);
        expect(raw.headers["content-encoding"], `${file} ${accept}`).toBeUndefined();
        expect(raw.body.equals(plain), file).toBe(true);
      }
    }
    // A route of the app is the page, compressed too.
    const route = await get(4183, "/game/abc/clock", "br");
    expect(route.headers["content-encoding"]).toBe("br");
    expect(route.headers["content-type"]).toContain("text/html");
    expect(brotliDecompressSync(route.body).equals(readFileSync("dist/index.html"))).toBe(true);
    const wasm = await get(4183, `/${firstLoad.find((f) => f.endsWith(".wasm"))}`, "br");
    expect(wasm.headers["content-type"]).toBe("application/wasm");
  } finally {
    await server.close();
  }
});

test("the service worker keeps the files as the page reads them and the app opens offline", async ({ browser }) => {
  const server = await ownServer(4184);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  await waitForServiceWorker(page);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys.find((k) => k.startsWith("scorekeeper-")));
    const out = {};
    for (const req of await cache.keys()) {
      const res = await cache.match(req);
      out[new URL(req.url).pathname] = (await res.arrayBuffer()).byteLength;
    }
    return out;
  });
  for (const file of firstLoad.filter((f) => f !== "sw.js")) {
    expect(cached[`/${file}`], file).toBe(readFileSync(`dist/${file}`).length);
  }
  expect(Object.keys(cached).filter((p) => p.endsWith(".br") || p.endsWith(".gz"))).toEqual([]);

  await server.close();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New game" })).toBeVisible();
  expect(errors.filter((e) => !e.includes("sw.js"))).toEqual([]);
  await context.close();
});
