// A new version of the app never takes over during a game: it waits, is offered on the home
// screen, and once activated the stored games are all still there.
import { test, expect } from "@playwright/test";
import { ownServer, waitForServiceWorker, watchErrors } from "./helpers.mjs";

/// The version of the service worker that controls the page (`null` while the page reloads,
/// and when the controller does not answer within a second: a worker being replaced never does).
const controllerVersion = (page) =>
  page.evaluate(
    () =>
      new Promise((done) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (e) => done(e.data);
        setTimeout(() => done(null), 1_000);
        navigator.serviceWorker.controller.postMessage({ type: "VERSION" }, [channel.port2]);
      }),
  ).catch(() => null);

/// Keeps the life of the service workers (each version's state, whether it runs, the pages it
/// controls) and the page's navigations, with the time since `since`: what a slow update did,
/// told when it is too slow.
async function timelineOf(context, page) {
  const since = Date.now();
  const lines = [];
  const at = () => `${((Date.now() - since) / 1000).toFixed(2)} s`;
  const cdp = await context.newCDPSession(page);
  await cdp.send("ServiceWorker.enable");
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const v of versions) lines.push(`${at()} version ${v.versionId}: ${v.status}, ${v.runningStatus}, ${v.controlledClients?.length ?? 0} pages`);
  });
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) lines.push(`${at()} page at ${frame.url()}`);
  });
  return { note: (what) => lines.push(`${at()} ${what}`), text: () => lines.join("\n") };
}

/// `expect.poll(...)` with what `timeline` saw added to its failure.
async function told(timeline, check) {
  try {
    await check();
  } catch (e) {
    e.message += `\n\nThe service workers meanwhile:\n${timeline.text()}`;
    throw e;
  }
}

test("a new version waits during a game, is offered between games, and keeps the games", async ({ browser }) => {
  const server = await ownServer(4182);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const timeline = await timelineOf(context, page);
  await page.goto("/");
  await waitForServiceWorker(page);
  const oldVersion = await controllerVersion(page);

  await page.goto("/new?preset=lgc-2023&time=sudden&main=600&black=Old&white=Build");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/clock$/);
  await page.getByTestId("clock-white").dispatchEvent("pointerdown");
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");

  // Publish a new build: the service worker's version changes.
  server.rewrite("/sw.js", (text) => text.replace(/const VERSION = "([^"]+)"/, 'const VERSION = "$1-next"'));
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  // The new version installs in the background: it fetches and keeps every file of the build,
  // which on a machine busy with other tests took over 10 s. No one waits for it: it is offered
  // once it is installed.
  await told(timeline, () =>
    expect
      .poll(() => page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()).waiting), { timeout: 30_000 })
      .toBe(true),
  );
  // During the game: no offer, the running clock and the old version stay.
  await expect(page.getByTestId("update-ready")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  expect(await controllerVersion(page)).toBe(oldVersion);

  // Between games the new version is offered and takes over; the games stay.
  await page.goto("/");
  await expect(page.getByTestId("update-ready")).toBeVisible();
  timeline.note("Update now");
  await page.getByRole("button", { name: "Update now" }).click();
  // Watched from the page's side only: a message to the old worker while the new one waits
  // to take over is work in flight for the old one, which holds the switch back.
  await told(timeline, () =>
    expect
      .poll(
        () =>
          page
            .evaluate(async () => {
              const reg = await navigator.serviceWorker.getRegistration();
              return !reg.waiting && reg.active?.state === "activated";
            })
            .catch(() => false),
        { timeout: 20_000 },
      )
      .toBe(true),
  );
  await expect.poll(() => controllerVersion(page), { timeout: 10_000 }).toBe(`${oldVersion}-next`);
  // The old version's cache is gone.
  await expect
    .poll(() => page.evaluate(() => caches.keys()).catch(() => null))
    .toEqual([`scorekeeper-${oldVersion}-next`]);
  await expect(page.getByTestId("game-row")).toContainText("Old – Build");
  await expect(page.getByTestId("update-ready")).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
});
