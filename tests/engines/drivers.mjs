// Two browser engines behind one small interface, so the same flows run in each:
// - WebKit: WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver, under Xvfb).
// - Firefox: Firefox ESR through WebDriver BiDi (puppeteer-core).
//
// A driver has: goto(path), reload(), click(selector), fill(selector, text),
// run(js) (a function body; its arguments are `a`, its `return` is the value), errors() (every
// console error and uncaught error seen so far), screenshot() (PNG bytes), close().
// A selector is CSS, or XPath when it starts with "//".
import { spawn } from "node:child_process";
import puppeteer from "puppeteer-core";

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

/// Collects what the page reports as errors; prepended to the app's script by the test server,
/// as WebKitGTK's WebDriver gives no console log.
export const ERROR_CATCHER = `(() => {
  if (window.__engineErrors) return;
  const seen = (window.__engineErrors = []);
  addEventListener("error", (e) => seen.push("error: " + (e.message || e.error || e.type)), true);
  addEventListener("unhandledrejection", (e) => seen.push("unhandled rejection: " + e.reason));
  const original = console.error.bind(console);
  console.error = (...args) => { seen.push("console.error: " + args.join(" ")); original(...args); };
})();
`;

/// What the test server serves instead of `body` at `path`: the app's script with the error
/// catcher in front, and the page without the script's integrity attribute, which the change
/// would break.
export function withErrorCatcher(path, body) {
  if (path === "/" || path.endsWith(".html") || !path.includes(".")) {
    return Buffer.from(body.toString("utf8").replace(/ integrity="[^"]*"/g, ""));
  }
  if (/^\/scorekeeper-[0-9a-f]+\.js$/.test(path)) {
    return Buffer.from(ERROR_CATCHER + body.toString("utf8"));
  }
  return body;
}

const READ_ERRORS = "return (window.__engineErrors || []).splice(0)";

/// True once the app has mounted (its WebAssembly is loaded and running): leaving a page before
/// that aborts its loading, which a browser reports as an error of its own.
const MOUNTED =
  "return document.readyState === 'complete' && !!document.querySelector('body > :not(noscript):not(script)')";

async function settle(run) {
  for (let i = 0; i < 100; i++) {
    try {
      if (await run(MOUNTED)) return;
    } catch {
      // Between documents.
    }
    await sleep(100);
  }
  throw new Error("the app did not start within ten seconds");
}

/// WebKitGTK: starts `xvfb-run WebKitWebDriver` on `port` and a session in MiniBrowser.
export async function webkit(base, port = 4444) {
  const driver = spawn("xvfb-run", ["-a", "WebKitWebDriver", `--port=${port}`], {
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  const call = async (method, path, body) => {
    const r = await fetch(url + path, {
      method,
      headers: { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const j = await r.json();
    if (j.value && j.value.error) throw new Error(`${method} ${path}: ${j.value.error}: ${j.value.message}`);
    return j.value;
  };
  let session;
  for (let i = 0; i < 50 && !session; i++) {
    try {
      session = await call("POST", "/session", {
        capabilities: {
          alwaysMatch: {
            "webkitgtk:browserOptions": {
              binary: "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
              args: ["--automation"],
            },
          },
        },
      });
    } catch (e) {
      if (i === 49) throw e;
      await sleep(200);
    }
  }
  const id = session.sessionId;
  const s = (path) => `/session/${id}${path}`;
  const seen = [];
  const run = async (script, ...args) => (await call("POST", s("/execute/async"), {
    script: `const done = arguments[arguments.length - 1];
      Promise.resolve((async (...a) => { ${script} })(...Array.from(arguments).slice(0, -1)))
        .then(done, (e) => done({ __failed: String(e) }));`,
    args,
  }));
  const checked = async (script, ...args) => {
    const v = await run(script, ...args);
    if (v && v.__failed) throw new Error(v.__failed);
    return v;
  };
  const keep = async () => {
    try {
      seen.push(...(await checked(READ_ERRORS)));
    } catch {
      // A page between documents has nothing to read.
    }
  };
  const find = async (selector) => {
    const using = selector.startsWith("//") ? "xpath" : "css selector";
    const el = await call("POST", s("/element"), { using, value: selector });
    return Object.values(el)[0];
  };
  await call("POST", s("/timeouts"), { script: 30_000, pageLoad: 30_000, implicit: 5_000 });
  return {
    name: `WebKitGTK ${session.capabilities.browserVersion}`,
    async goto(path) {
      await keep();
      await call("POST", s("/url"), { url: base + path });
      await settle(checked);
    },
    async reload() {
      await keep();
      await call("POST", s("/refresh"), {});
      await settle(checked);
    },
    async click(selector) {
      await call("POST", s(`/element/${await find(selector)}/click`), {});
    },
    async fill(selector, text) {
      const el = await find(selector);
      await call("POST", s(`/element/${el}/clear`), {});
      await call("POST", s(`/element/${el}/value`), { text });
    },
    run: checked,
    async screenshot() {
      return Buffer.from(await call("GET", s("/screenshot")), "base64");
    },
    async errors() {
      await keep();
      return seen.slice();
    },
    async close() {
      try {
        await call("DELETE", s(""));
      } finally {
        try {
          process.kill(-driver.pid);
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/// Firefox ESR, headless, through WebDriver BiDi.
export async function firefox(base) {
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: process.env.FIREFOX_PATH || "/usr/bin/firefox-esr",
    headless: true,
    protocolTimeout: 60_000,
  });
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844 });
  const seen = [];
  page.on("console", (m) => {
    if (m.type() === "error") seen.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => seen.push(`page error: ${e.message || e}`));
  const sel = (selector) => (selector.startsWith("//") ? `::-p-xpath(${selector})` : selector);
  const run = (script, ...args) => page.evaluate(new Function(`return (async (...a) => { ${script} })(...arguments)`), ...args);
  const keep = async () => {
    try {
      seen.push(...(await run(READ_ERRORS)));
    } catch {
      // A page between documents has nothing to read.
    }
  };
  return {
    name: `Firefox ${(await browser.version()).replace(/^firefox\//i, "")}`,
    async goto(path) {
      await keep();
      await page.goto(base + path);
      await settle(run);
    },
    async reload() {
      await keep();
      await page.reload();
      await settle(run);
    },
    async click(selector) {
      const el = await page.waitForSelector(sel(selector), { timeout: 10_000 });
      await el.click();
    },
    async fill(selector, text) {
      const el = await page.waitForSelector(sel(selector), { timeout: 10_000 });
      await el.click({ count: 3 });
      await el.evaluate((e) => { e.value = ""; });
      await el.type(text);
    },
    run,
    screenshot: () => page.screenshot({ fullPage: true }),
    async errors() {
      await keep();
      return seen.slice();
    },
    async close() {
      await browser.close();
    },
  };
}
