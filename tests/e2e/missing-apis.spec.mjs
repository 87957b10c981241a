// A browser without the optional APIs: Safari on iPhones and Firefox have no vibration, some
// browsers no speech and, in a private window, no service worker. The clock must work as
// usual with no console error, and the settings say what the phone cannot do.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");

test("without vibration, speech and a service worker the clock runs with no console error", async ({ page }) => {
  await page.addInitScript(() => {
    delete Navigator.prototype.vibrate;
    Object.defineProperty(Navigator.prototype, "serviceWorker", { get: () => undefined, configurable: true });
    Object.defineProperty(window, "speechSynthesis", { get: () => undefined, configurable: true });
  });
  const errors = watchErrors(page);
  await startGame(page, "preset=japanese&size=19&time=byoyomi&main=60&periods=3&period=30");
  expect(await page.evaluate(() => "vibrate" in navigator)).toBe(false);
  await press(page, "white");
  for (const c of ["black", "white", "black", "white"]) await press(page, c);
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await page.reload();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "running");
  await page.getByText("Sound and vibration").click();
  await expect(page.getByTestId("no-vibration")).toContainText("cannot vibrate");
  await expect(page.getByRole("checkbox", { name: "Vibrate on each press" })).toBeDisabled();
  await expect(page.getByTestId("no-voice")).toBeVisible();
  expect(errors).toEqual([]);
});
