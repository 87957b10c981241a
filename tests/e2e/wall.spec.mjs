// The wall on a projector at 1280×720: the page never scrolls, the round's code is always whole
// on the screen, and what does not fit beside it (the tables, the players by name, the
// standings) pages through by itself until every standings line has been shown whole; each
// name and its table on one line.
import { test, expect } from "@playwright/test";
import { watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const PROJECTOR = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 };

test("the wall at 1280×720: the code whole, every standings line shown over the pages", async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const phone = await context.newPage();
  await phone.goto("/round");
  await phone.getByTestId("round-file").setInputFiles(FILE);
  await expect(phone.getByTestId("round-choice")).toHaveValue("3");
  await phone.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = phone.getByRole("button", { name: "Keep", exact: true });
  await expect(async () => {
    if (await keep.isVisible()) await keep.click();
    await expect(phone.getByTestId("round-table")).toHaveCount(8, { timeout: 500 });
  }).toPass();

  // The wall on the same browser's storage, as a tab on a laptop driving the projector.
  const wall = await context.newPage();
  await wall.setViewportSize(PROJECTOR.viewport);
  const errors = watchErrors(wall);
  await wall.goto("/wall?every=1");
  const code = wall.getByTestId("wall-code");
  await expect(code).toHaveCount(1);
  const box = await code.boundingBox();
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(1280);
  expect(box.y + box.height).toBeLessThanOrEqual(720);
  // Large enough to read from a phone across a room: most of the screen's height.
  expect(box.height).toBeGreaterThan(400);
  // The place to hand this screen a wall is folded into its corner: it covers nothing.
  expect(await wall.locator("details.wall-take").evaluate((d) => d.open)).toBe(false);
  // The page itself never scrolls.
  const page = await wall.evaluate(() => ({ h: document.scrollingElement.scrollHeight, w: document.scrollingElement.scrollWidth }));
  expect(page.h).toBeLessThanOrEqual(720);
  expect(page.w).toBeLessThanOrEqual(1280);

  // Each name and its table on one line, in type large enough for the back of a hall.
  const names = wall.locator(".wall-names li");
  await expect(names).toHaveCount(16);
  const lines = await names.evaluateAll((els) => els.map((e) => ({ h: e.getBoundingClientRect().height, font: parseFloat(getComputedStyle(e).fontSize) })));
  for (const l of lines) {
    expect(l.font).toBeGreaterThanOrEqual(24);
    expect(l.h).toBeLessThan(l.font * 1.9);
  }

  // Every standings line is shown whole on the screen on some page, the code staying whole.
  const standings = wall.getByTestId("wall-standing");
  await expect(standings).toHaveCount(16);
  const keys = await standings.evaluateAll((els) => els.map((e) => e.dataset.key));
  const seen = new Set();
  await expect(async () => {
    const shown = await standings.evaluateAll((els) => {
      const frame = document.querySelector('[data-testid="wall-pages"]').getBoundingClientRect();
      return els
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.top >= frame.top - 1 && r.bottom <= frame.bottom + 1 && r.bottom <= innerHeight && r.top >= 0;
        })
        .map((e) => e.dataset.key);
    });
    shown.forEach((k) => seen.add(k));
    const now = await code.boundingBox();
    expect(now.y + now.height).toBeLessThanOrEqual(720);
    expect([...seen].sort()).toEqual([...keys].sort());
  }).toPass({ timeout: 60_000, intervals: [300] });

  // No line is shown in half: on each page, a line the frame's bottom edge would cut is
  // hidden, to come whole at the top of the next page.
  const cutLines = () =>
    wall.evaluate(() => {
      const frame = document.querySelector('[data-testid="wall-pages"]');
      const box = frame.getBoundingClientRect();
      const inset = [...getComputedStyle(frame).clipPath.matchAll(/(-?[\d.]+)px/g)].map((m) => +m[1]);
      const hidden = inset.length >= 3 ? inset[2] : inset[0] ?? 0;
      const bottom = box.bottom - hidden;
      return [...frame.querySelectorAll("h2, tr, li, p")]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.top < bottom - 1 && r.bottom > bottom + 1 && r.top > box.top + 1)
        .map((r) => `${Math.round(r.top)}-${Math.round(r.bottom)} past ${Math.round(bottom)}`);
    });
  await expect.poll(cutLines, { timeout: 5_000 }).toEqual([]);
  for (let i = 0; i < 4; i++) {
    await wall.waitForTimeout(1_000);
    expect(await cutLines()).toEqual([]);
  }
  expect(errors).toEqual([]);
  await context.close();
});
