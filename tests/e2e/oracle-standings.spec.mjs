// The director's phone against OpenGotha's own engine (tests/fixtures/oracle/, made by running
// OpenGotha 3.51.02 headless over the same files): the standings after every round of two
// tournaments a hall really makes, a player registered who never plays (OpenGotha leaves her out
// of the standings) and a player who skips a round while his opponent gets the bye, each row's
// place and every criterion's value as OpenGotha shows them; and the round's pairs explained by
// criterion when the director asks why.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { watchErrors } from "./helpers.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const DIR = "tests/fixtures/oracle";

/// OpenGotha's half points as shown ("12½") in the app's form: "12.5" or "12½" both read as 12.5.
const value = (text) => {
  const t = text.trim().replace("½", ".5").replace("¼", ".25").replace("¾", ".75").replace("−", "-");
  return Number(t.startsWith(".") ? `0${t}` : t);
};

/// A tap on one of the director's tabs: "Round", "Players", "Standings", "Files".
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();

async function load(page, name) {
  await page.goto("/round");
  await expect(page.getByRole("heading", { name: "Director's round" })).toBeVisible();
  await page.getByTestId("round-file").setInputFiles(`${DIR}/files/${name}.xml`);
  await expect(page.getByTestId("tournament-row")).toHaveCount(1);
}

for (const [name, why] of [
  ["simplemm-variant-never-plays", "a registered player who never plays is left out, as OpenGotha leaves her out"],
  ["simplemm-variant-skips-round", "a player skips round 3 and his opponent gets the bye"],
]) {
  test(`standings as OpenGotha gives them after every round: ${why}`, async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    const oracle = JSON.parse(readFileSync(`${DIR}/${name}.json`, "utf8"));
    const context = await browser.newContext({ ...PHONE, baseURL });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await load(page, name);
    const criteria = oracle.placement_criteria;
    await expect(page.locator("section.standings th")).toContainText(["Place", "Player", "Rank", ...criteria]);
    for (const table of oracle.standings) {
      await tab(page, "Round");
      await page.getByTestId("round-choice").selectOption(String(table.after_round));
      await tab(page, "Standings");
      await expect(page.getByRole("heading", { name: `Standings after round ${table.after_round}` })).toBeVisible();
      const rows = page.getByTestId("standings-row");
      await expect(rows).toHaveCount(table.rows.length);
      // Same players in the same order, OpenGotha's order within a tie included.
      const keys = await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.key));
      expect(keys, `after round ${table.after_round}`).toEqual(table.rows.map((r) => r.key));
      for (const gone of table.not_listed) expect(keys).not.toContain(gone);
      const shown = await rows.evaluateAll((trs) => trs.map((tr) => ({ place: tr.dataset.place, cells: [...tr.cells].map((c) => c.textContent) })));
      table.rows.forEach((r, i) => {
        expect(Number(shown[i].place), `${r.key} after round ${table.after_round}`).toBe(r.place);
        criteria.forEach((c, k) => {
          expect(value(shown[i].cells[3 + k]), `${r.key} ${c} after round ${table.after_round}`).toBe(value(r.criteria[c].shown));
        });
      });
    }
    // The never-playing player is still registered: only the standings leave her out.
    if (name.endsWith("never-plays")) await expect(page.locator('[data-testid="player-row"]')).toHaveCount(17);
    expect(errors).toEqual([]);
    await context.close();
  });
}

test("why these pairs: each game of a round with its cost by criterion, the total last", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await load(page, "simplemm");
  await page.getByTestId("round-choice").selectOption("3");
  const why = page.getByTestId("pair-costs");
  await why.locator("summary").first().click();
  const pairs = why.getByTestId("pair-cost");
  await expect(pairs).toHaveCount(8);
  await pairs.first().locator("summary").click();
  const rows = pairs.first().locator("table.costs tr");
  await expect(rows).toHaveCount(10);
  await expect(rows.last().locator("th")).toHaveText("Total");
  // The total is 1 plus the criteria, as the pairing adds them; every figure is a number.
  const figures = await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.cells[1].textContent.replace(/\s/g, "").replace("−", "-"))));
  figures.forEach((f) => expect(Number.isFinite(f)).toBe(true));
  expect(figures[9]).toBe(1 + figures.slice(0, 9).reduce((a, b) => a + b, 0));
  expect(figures[9]).toBeGreaterThan(1);
  // The summary names the table's players and the same total.
  const total = (await pairs.first().locator("summary").textContent()).split("·").pop().replace(/\s/g, "");
  expect(Number(total)).toBe(figures[9]);
  expect(errors).toEqual([]);
  await context.close();
});
