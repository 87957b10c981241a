// Hall safety: once loaded, the app makes no network request in any view (everything is
// answered from the service worker's cache), and its Content-Security-Policy blocks what an
// injected script, an eval, an external fetch or image, a plugin, a frame, a form or a <base>
// would try.
import { test, expect } from "@playwright/test";
import { ownServer, waitForServiceWorker, watchErrors } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

test("after the first visit no view asks the network for anything", async ({ browser }) => {
  test.setTimeout(90_000);
  const server = await ownServer(4312);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  // No request routing here: only the service worker and the server answer the page.
  let fromWorker = [];
  context.on("request", (r) => {
    if (r.serviceWorker()) fromWorker.push(r.url());
  });
  await page.goto("/");
  await waitForServiceWorker(page);
  // The worker's own requests are seen: it fetched the build to fill its cache.
  expect(fromWorker.length).toBeGreaterThan(0);

  // From here on: every request of the page, every request of the service worker, and every
  // request that reaches the server.
  fromWorker = [];
  const fromPage = [];
  page.on("request", (r) => fromPage.push(r));
  const atServer = server.requests.length;

  // Home, a new game from a link, the clock with presses, the board with moves, the count,
  // the result, SGF export and import: by links and by reloads of each view.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  await page.goto("/new?preset=lgc-2023&size=9&time=byoyomi&main=60&periods=3&period=30&black=Ann&white=Bo");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  const id = page.url().match(/\/game\/([^/]+)\//)[1];
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.getByRole("link", { name: "Board" }).click();
  const pt = (sgf) => page.getByTestId("board").locator(`g.pt[data-point="${sgf}"]`);
  for (const sgf of ["ee", "cc"]) await pt(sgf).click();
  await expect(page.getByTestId("board").locator("[data-stone]")).toHaveCount(2);
  for (let i = 0; i < 2; i++) await page.getByRole("button", { name: /passes$/ }).click();
  await page.getByRole("link", { name: "Count" }).click();
  // Two moves were made on the real board before the board was used: counted by numbers.
  await page.getByTestId("count-black").fill("3");
  await page.getByTestId("count-white").fill("4");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Result", exact: true }).click();
  await expect(page.getByTestId("result")).toBeVisible();
  await page.goto(`/sgf?game=${id}`);
  const sgf = await page.getByTestId("sgf-text").inputValue();
  expect(sgf).toContain("OT[3x30 byo-yomi]");
  await page.goto("/sgf");
  await page.getByTestId("sgf-text").fill(sgf);
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/board$/);
  for (const view of ["clock", "board", "count", "result"]) {
    await page.goto(`/game/${id}/${view}`);
    await expect(page.getByRole("link", { name: "Clock" })).toBeVisible();
  }
  await page.goto("/no-such-page");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(2);

  // Every request the page made was for this origin and was answered by the service worker.
  expect(fromPage.length).toBeGreaterThan(0);
  for (const r of fromPage) {
    expect(new URL(r.url()).origin, r.url()).toBe(server.url);
    // A request cut short by the next navigation (the browser's own favicon fetch, say) has
    // no response; that it never reached the server is checked below.
    const response = await r.response();
    if (response) expect(response.fromServiceWorker(), r.url()).toBe(true);
  }
  // The service worker itself fetched nothing: all came from its cache.
  expect(fromWorker).toEqual([]);
  // The server saw nothing but, possibly, the browser's own check for a new /sw.js, which
  // it makes on navigations by itself (it is how an update is found, and cannot be turned off
  // from the page).
  expect(server.requests.slice(atServer).filter((p) => p !== "/sw.js")).toEqual([]);
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
});

/// The page's policy as a map of directive to sources.
async function policy(page) {
  const text = await page.evaluate(
    () => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.content ?? "",
  );
  return new Map(
    text
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

test("the Content-Security-Policy allows only the app's own files", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  const csp = await policy(page);
  expect(csp.get("default-src")).toEqual(["'none'"]);
  const scripts = csp.get("script-src");
  expect(scripts.slice(0, 2)).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  // Only hashes of the build's own inline loader besides: no 'unsafe-inline', no 'unsafe-eval'.
  for (const s of scripts.slice(2)) expect(s).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
  for (const d of ["style-src", "img-src", "connect-src", "manifest-src", "worker-src"]) {
    expect(csp.get(d), d).toEqual(["'self'"]);
  }
  for (const d of ["object-src", "frame-src", "base-uri", "form-action"]) {
    expect(csp.get(d), d).toEqual(["'none'"]);
  }
  // frame-ancestors, sandbox and report-to are ignored in a <meta> policy; a host that can
  // send headers adds them there.
  expect(csp.has("frame-ancestors")).toBe(false);
});

// The probe runs as a script of the app's own origin, so the policy applies to it exactly as to
// the app (code run by the test runner itself is exempt from the page's policy).
async function probe() {
  const violations = [];
  document.addEventListener("securitypolicyviolation", (e) =>
    violations.push(`${e.effectiveDirective} ${e.blockedURI}`),
  );
  const result = {};
  const attempt = (f) => {
    try {
      f();
      return "ran";
    } catch (e) {
      return e.name;
    }
  };
  result.eval = attempt(() => eval("1"));
  result.newFunction = attempt(() => new Function("return 1")());
  attempt(() => setTimeout("window.__timer = true", 0));
  const script = document.createElement("script");
  script.textContent = "window.__injected = true";
  document.body.append(script);
  const handler = document.createElement("div");
  handler.setAttribute("onclick", "window.__clicked = true");
  document.body.append(handler);
  handler.click();
  const dataScript = document.createElement("script");
  dataScript.src = "data:text/javascript,window.__data=true";
  document.body.append(dataScript);
  try {
    await fetch("https://example.com/");
    result.fetch = "ran";
  } catch (e) {
    result.fetch = e.name;
  }
  result.image = await new Promise((done) => {
    const img = new Image();
    img.onload = () => done("loaded");
    img.onerror = () => done("blocked");
    img.src = "https://example.com/pixel.png";
  });
  const object = document.createElement("object");
  object.data = "/icons/icon-192.png";
  document.body.append(object);
  const frame = document.createElement("iframe");
  frame.src = "/";
  document.body.append(frame);
  const base = document.createElement("base");
  base.href = "https://example.com/";
  document.head.append(base);
  result.baseURI = document.baseURI;
  const form = document.createElement("form");
  form.action = "https://example.com/steal";
  form.method = "post";
  document.body.append(form);
  form.submit();
  await new Promise((done) => setTimeout(done, 1000));
  result.injected = window.__injected === true;
  result.clicked = window.__clicked === true;
  result.timer = window.__timer === true;
  result.data = window.__data === true;
  result.violations = violations;
  window.__probe = result;
}

test("the policy blocks eval, injected scripts, external requests, plugins, frames, forms and <base>", async ({ browser, baseURL }) => {
  // Without the service worker, so that the probe script below is served by the test (the
  // worker would answer it from the network, where it does not exist).
  const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const page = await context.newPage();
  const foreign = [];
  await page.route((url) => url.hostname !== "localhost", (route) => {
    foreign.push(route.request().url());
    return route.abort();
  });
  await page.route("**/csp-probe.js", (route) =>
    route.fulfill({
      contentType: "text/javascript",
      body: `(${probe.toString()})().catch((e) => { window.__probe = { error: String(e) }; });`,
    }),
  );
  page.on("dialog", (d) => d.dismiss());
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  const loaded = page.waitForResponse("**/csp-probe.js");
  await page.evaluate(() => {
    const s = document.createElement("script");
    s.src = "/csp-probe.js";
    document.body.append(s);
  });
  await loaded;
  await page.waitForFunction(() => window.__probe, null, { timeout: 10_000 });
  const out = await page.evaluate(() => window.__probe);
  expect(out.error).toBeUndefined();
  expect(out.eval).toBe("EvalError");
  expect(out.newFunction).toBe("EvalError");
  expect(out.timer).toBe(false);
  expect(out.injected).toBe(false);
  expect(out.clicked).toBe(false);
  expect(out.data).toBe(false);
  expect(out.fetch).toBe("TypeError");
  expect(out.image).toBe("blocked");
  expect(new URL(out.baseURI).origin).toBe(new URL(page.url()).origin);
  const all = out.violations.join("\n");
  const blocked = (directive, uri = "") =>
    out.violations.some((v) => v.startsWith(`${directive} `) && v.includes(uri));
  expect(blocked("script-src", "eval"), all).toBe(true);
  expect(blocked("script-src-elem", "inline"), all).toBe(true);
  expect(blocked("script-src-attr", "inline"), all).toBe(true);
  expect(blocked("script-src-elem", "data"), all).toBe(true);
  expect(blocked("connect-src", "https://example.com/"), all).toBe(true);
  expect(blocked("img-src", "https://example.com/pixel.png"), all).toBe(true);
  expect(blocked("object-src"), all).toBe(true);
  expect(blocked("frame-src"), all).toBe(true);
  expect(blocked("base-uri", "https://example.com/"), all).toBe(true);
  expect(blocked("form-action", "https://example.com/steal"), all).toBe(true);
  // Nothing was even attempted on the network: the policy stopped it in the page.
  expect(foreign).toEqual([]);
  expect(page.url()).not.toContain("example.com");
  await context.close();
});
