// Offline: once the service worker has installed, the app and its saved games open with the
// server gone, and the app itself asks the network for nothing.
import { test, expect } from "@playwright/test";
import { ownServer, waitForServiceWorker, watchErrors } from "./helpers.mjs";

test("after the service worker installs, the app opens with the server stopped", async ({ browser }) => {
  const server = await ownServer(4181);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  await waitForServiceWorker(page);

  const before = server.requests.length;
  await page.goto("/new?preset=dutch-lightning&size=19&time=sudden&main=900&black=Offline&white=Player");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  const gameUrl = page.url();
  await page.getByRole("link", { name: "Board" }).click();
  await page.getByRole("link", { name: "Count" }).click();
  // Everything after the first visit is answered by the service worker; the only request the
  // browser itself may make is its check for a new /sw.js.
  expect(server.requests.slice(before).filter((p) => p !== "/sw.js")).toEqual([]);

  await server.close();
  await page.goto(gameUrl);
  await expect(page.getByTestId("players")).toHaveText("Offline (B) – Player (W)");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toContainText("Offline – Player");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Go Scorekeeper" })).toBeVisible();
  expect(errors.filter((e) => !e.includes("sw.js"))).toEqual([]);
  await context.close();
});
