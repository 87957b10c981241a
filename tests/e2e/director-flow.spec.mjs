// A new director runs a 12-player Swiss on the phone alone: the tournament made on the phone,
// its players pasted as people write them, two rounds paired, every result entered by the
// director's hand, the standings after each round, and the wall on a 1280×720 screen. Every
// tap and every scroll a person would make is counted (a scroll: the next thing to tap is not
// on the screen), and the count per round is printed: before the tabs it took about 50 taps
// and 35 scrolls a round.
import { test, expect } from "@playwright/test";
import { watchErrors, hands, LIST } from "./helpers.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };

test("a 12-player Swiss on the phone alone: two rounds by hand, standings and the wall, taps and scrolls counted", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const hand = hands(page);
  const tab = (name) => hand.tap(page.getByRole("link", { name, exact: true }));
  await page.goto("/round");

  // The tournament, made on the phone, and its players pasted.
  await hand.tap(page.locator("summary", { hasText: "New tournament" }));
  await hand.type(page.locator('input[name="new-name"]'), "Club Swiss");
  await hand.type(page.locator('input[name="new-rounds"]'), "2");
  await hand.choose(page.locator('select[name="new-system"]'), "swiss");
  await hand.choose(page.locator('select[name="new-handicap"]'), "none");
  await hand.tap(page.getByRole("button", { name: "Make the tournament" }));
  await expect(page.getByTestId("tournament-name")).toHaveText("Club Swiss");
  await tab("Players");
  await hand.tap(page.locator("summary", { hasText: "Paste a list of players" }));
  await hand.type(page.locator('textarea[name="player-list"]'), LIST.join("\n"));
  await hand.tap(page.getByRole("button", { name: "Add the list" }));
  await expect(page.getByTestId("player-row")).toHaveCount(12);
  await expect(page.getByRole("status").filter({ hasText: "12 players added." })).toBeInViewport();
  await tab("Round");
  const setup = hand.take();

  const rounds = [];
  const wall = await context.newPage();
  await wall.setViewportSize({ width: 1280, height: 720 });
  for (let round = 1; round <= 2; round++) {
    // Paired: "Pair" for the first round, the offer for the next.
    const pairIt = round === 1 ? page.getByRole("button", { name: "Pair", exact: true }) : page.getByRole("button", { name: `Draw round ${round}` });
    await hand.tap(pairIt);
    const keep = page.getByRole("button", { name: "Keep", exact: true });
    const tables = page.getByTestId("round-table");
    await expect(keep.or(tables.first()).first()).toBeVisible();
    if (await keep.isVisible()) await hand.tap(keep);
    await expect(tables).toHaveCount(6);
    await expect(page.getByTestId("round-choice")).toHaveValue(String(round));

    // The wall on the laptop beside the phone: the round's code whole on the screen.
    await wall.goto("/wall");
    const code = wall.getByTestId("wall-code");
    await expect(code).toHaveCount(1);
    const box = await code.boundingBox();
    expect(box.y + box.height).toBeLessThanOrEqual(720);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);

    // Every result by the director's hand: Black wins at odd tables, White at even ones.
    for (let table = 1; table <= 6; table++) {
      const row = page.locator(`[data-testid="round-table"][data-table="${table}"]`);
      await hand.tap(row.getByTestId(table % 2 ? "win-black" : "win-white"));
      await expect(row).toHaveAttribute("data-state", "entered");
    }
    await expect(page.getByTestId("round-in")).toHaveText("6 of 6");

    // The standings after this round, on their tab.
    await tab("Standings");
    await expect(page.getByRole("heading", { name: `Standings after round ${round}` })).toBeVisible();
    await expect(page.getByTestId("standings-row")).toHaveCount(12);
    await tab("Round");
    rounds.push(hand.take());
  }

  // The wall after the last round: its standings, every line over its pages.
  await wall.goto("/wall");
  await expect(wall.getByTestId("wall-standing")).toHaveCount(12);
  await expect(wall.getByRole("heading", { name: "Standings after round 2" })).toBeAttached();
  await expect(wall.getByTestId("wall-in")).toHaveText("6 of 6 results in");

  console.log(`director's phone, 12-player Swiss: setup ${setup.taps} taps, ${setup.scrolls} scrolls; ${rounds.map((r, i) => `round ${i + 1}: ${r.taps} taps, ${r.scrolls} scrolls`).join("; ")}`);
  // Half of what it took before the tabs (50 taps and 35 scrolls a round) at most.
  for (const r of rounds) {
    expect(r.taps).toBeLessThanOrEqual(25);
    expect(r.scrolls).toBeLessThanOrEqual(17);
  }
  expect(errors).toEqual([]);
  await context.close();
});
