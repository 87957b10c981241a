// The whole tournament on the director's phone: OpenGotha's file with two rounds played comes
// in and is kept; round 3 is paired on the phone, one pair is swapped by hand, two results of
// round 2 are corrected after round 3 was paired, round 3's results are entered; the standings
// are checked against McMahon scores computed here from the games; the whole tournament goes
// out as OpenGotha's file and is read back. Also: a reload keeps it, a broken file changes
// nothing, a pasted list with a broken line adds nobody.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/simplemm-2rounds.xml";
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const row = (page, table) => page.locator(`[data-testid="round-table"][data-table="${table}"]`);

const attrs = (text) => Object.fromEntries([...text.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
const key = (p) => (p.name + p.firstName).replace(/\s/g, "").toUpperCase();

/// Players, games and byes of an OpenGotha file.
function parse(xml) {
  const players = [...xml.matchAll(/<Player ([^>]*)\/>/g)].map((m) => attrs(m[1]));
  const games = [...xml.matchAll(/<Game ([^>]*)\/>/g)].map((m) => attrs(m[1]));
  const byes = [...xml.matchAll(/<ByePlayer ([^>]*)\/>/g)].map((m) => attrs(m[1]));
  const general = attrs(xml.match(/<GeneralParameterSet ([^>]*?)\/?>/)[1]);
  return { players, games, byes, general };
}

/// OpenGotha's rank as an integer: 30K is -30, 1K is -1, 1D is 0.
const rankInt = (r) => (/k$/i.test(r) ? -parseInt(r, 10) : parseInt(r, 10) - 1);

/// McMahon standings after `rounds` rounds, computed from the games alone as OpenGotha computes
/// them: the start from the rank between floor and bar counted from the zero rank, plus one a
/// win; SOSM the sum of the opponents' scores, each corrected by the game's handicap (White
/// adds the stones, Black takes them off); SOSOSM the sum of the opponents' SOSM. Every player
/// plays every round here.
function mcmahon({ players, games, general }, rounds) {
  const [floor, bar, zero] = [rankInt(general.genMMFloor), rankInt(general.genMMBar), rankInt(general.genMMZero)];
  const mms = {};
  const opponents = {};
  const sosm = {};
  for (const p of players) {
    mms[key(p)] = Math.min(Math.max(rankInt(p.rank), floor), bar) - zero;
    opponents[key(p)] = [];
    sosm[key(p)] = 0;
  }
  for (const g of games.filter((g) => Number(g.roundNumber) <= rounds)) {
    if (g.result.startsWith("RESULT_WHITEWINS")) mms[g.whitePlayer] += 1;
    if (g.result.startsWith("RESULT_BLACKWINS")) mms[g.blackPlayer] += 1;
    opponents[g.whitePlayer].push(g.blackPlayer);
    opponents[g.blackPlayer].push(g.whitePlayer);
  }
  for (const g of games.filter((g) => Number(g.roundNumber) <= rounds)) {
    const hd = Number(g.handicap);
    sosm[g.whitePlayer] += mms[g.blackPlayer] + hd;
    sosm[g.blackPlayer] += mms[g.whitePlayer] - hd;
  }
  const sososm = Object.fromEntries(Object.keys(mms).map((k) => [k, opponents[k].reduce((s, o) => s + sosm[o], 0)]));
  const lines = Object.keys(mms).map((k) => ({ key: k, values: [mms[k], sosm[k], sososm[k]] }));
  lines.sort((a, b) => b.values[0] - a.values[0] || b.values[1] - a.values[1] || b.values[2] - a.values[2]);
  let place = 0;
  lines.forEach((l, i) => {
    const prev = lines[i - 1];
    if (!prev || prev.values.join() !== l.values.join()) place = i + 1;
    l.place = place;
  });
  return lines;
}

/// A tap on one of the director's tabs: "Round", "Players", "Standings", "Files".
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();

async function openRound(page) {
  await page.goto("/round");
  await expect(page.getByRole("heading", { name: "Director's round" })).toBeVisible();
}

async function enter(page, table, label) {
  const r = row(page, table);
  await r.locator("summary").click();
  await r.locator('select[name="entry-result"]').selectOption({ label });
  await r.locator('input[name="entry-who"]').fill("Theo");
  await r.getByRole("button", { name: "Enter the result" }).click();
  await expect(r).toHaveAttribute("data-state", "entered");
  await r.locator("summary").click();
}

test("a tournament from OpenGotha: round 3 paired on the phone, a pair swapped, results corrected, standings, the tournament out", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const file = parse(readFileSync(FILE, "utf8"));
  await openRound(page);
  await page.getByTestId("round-file").setInputFiles(FILE);
  // Listed among the tournaments kept at once, not only after a reload.
  await expect(page.getByTestId("tournament-row")).toHaveCount(1);

  // Every round up to the number of rounds; the file's first round without games is chosen.
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
  await expect(page.getByTestId("round-choice").locator("option")).toHaveCount(5);
  await expect(page.getByTestId("player-row")).toHaveCount(16);
  await expect(page.getByTestId("round-table")).toHaveCount(0);

  // A finished round of the file shows its results as in.
  await page.getByTestId("round-choice").selectOption("2");
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  for (let table = 1; table <= 8; table++) await expect(row(page, table)).toHaveAttribute("data-state", "in");
  await expect(page.getByTestId("round-in")).toHaveText("8 of 8");

  // Round 3 paired on the phone.
  await page.getByTestId("round-choice").selectOption("3");
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  if (await keep.isVisible()) await keep.click();
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  const pairsOf = async () => {
    const out = {};
    for (const r of await page.getByTestId("round-table").all()) {
      out[await r.getAttribute("data-table")] = [await r.getAttribute("data-white"), await r.getAttribute("data-black"), await r.getAttribute("data-handicap")];
    }
    return out;
  };
  const before = await pairsOf();
  const everyone = Object.values(before).flatMap(([w, b]) => [w, b]).sort();
  expect(everyone).toEqual(file.players.map(key).sort());

  // One pair swapped by hand: table 1's white meets table 2's black, and the other two meet.
  await page.locator("summary", { hasText: "Change the pairing by hand" }).click();
  await page.locator('select[name="swap-a"]').selectOption("1");
  await page.locator('select[name="swap-b"]').selectOption("2");
  await page.locator('select[name="swap-how"]').selectOption("cross");
  await page.getByRole("button", { name: "Swap opponents" }).click();
  await expect(page.getByRole("status").filter({ hasText: "opponents swapped" })).toBeVisible();
  const after = await pairsOf();
  expect(after["1"].slice(0, 2).sort()).toEqual([before["1"][0], before["2"][1]].sort());
  expect(after["2"].slice(0, 2).sort()).toEqual([before["2"][0], before["1"][1]].sort());
  for (let t = 3; t <= 8; t++) expect(after[String(t)]).toEqual(before[String(t)]);

  // Round 3's results: Black wins on odd tables, White on even ones.
  for (let table = 1; table <= 8; table++) await enter(page, table, table % 2 ? "Black wins" : "White wins");
  await expect(page.getByTestId("round-in")).toHaveText("8 of 8");

  // Two results of round 2 corrected after round 3 was paired: the pairing stays.
  await page.getByTestId("round-choice").selectOption("2");
  await expect(page.getByTestId("round-table")).toHaveCount(8);
  const r2 = Object.fromEntries(file.games.filter((g) => g.roundNumber === "2").map((g) => [g.tableNumber, g]));
  const flipped = (g) => (g.result === "RESULT_WHITEWINS" ? "Black wins" : "White wins");
  await enter(page, 1, flipped(r2["1"]));
  await enter(page, 2, flipped(r2["2"]));
  await page.getByTestId("round-choice").selectOption("3");
  expect(await pairsOf()).toEqual(after);

  // The games as they now stand, computed here.
  const games = file.games.map((g) => ({ ...g }));
  for (const t of ["1", "2"]) {
    const g = games.find((g) => g.roundNumber === "2" && g.tableNumber === t);
    g.result = g.result === "RESULT_WHITEWINS" ? "RESULT_BLACKWINS" : "RESULT_WHITEWINS";
  }
  for (const [t, [white, black, handicap]] of Object.entries(after)) {
    games.push({ roundNumber: "3", tableNumber: t, whitePlayer: white, blackPlayer: black, handicap, result: Number(t) % 2 ? "RESULT_BLACKWINS" : "RESULT_WHITEWINS" });
  }
  const expected = mcmahon({ ...file, games }, 3);

  // The whole tournament out, read back: the same players, games, byes and results.
  await tab(page, "Files");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "OpenGotha tournament" }).click();
  const out = parse(readFileSync(await (await download).path(), "utf8"));
  expect(out.players.map(key).sort()).toEqual(file.players.map(key).sort());
  expect(out.byes).toEqual([]);
  const sig = (g) => `${g.roundNumber}/${g.tableNumber}/${g.whitePlayer}/${g.blackPlayer}/${g.handicap}/${g.result}`;
  expect(out.games.map(sig).sort()).toEqual(games.map(sig).sort());

  // The results for the rating lists: FFG at once, EGD once its country is given (offered
  // from the players' most common country, FR here).
  const tou = page.waitForEvent("download");
  await page.getByRole("button", { name: "FFG", exact: true }).click();
  expect((await tou).suggestedFilename()).toMatch(/\.tou$/);
  await page.getByRole("button", { name: "EGD", exact: true }).click();
  await expect(page.locator('input[name="egd-country"]')).toHaveValue("FR");
  const h9 = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download the EGD file" }).click();
  const h9Text = readFileSync(await (await h9).path(), "utf8");
  expect(h9Text).toMatch(/^; PC\[FR,/m);

  // The standings after round 3, with OpenGotha's column names.
  const standings = page.locator("section.standings");
  await expect(standings.locator("th")).toContainText(["Place", "Player", "Rank", "MMS", "SOSM", "SOSOSM"]);
  await expect(page.getByTestId("standings-row")).toHaveCount(16);
  for (const line of expected) {
    const r = page.locator(`[data-testid="standings-row"][data-key="${line.key}"]`);
    await expect(r).toHaveAttribute("data-place", String(line.place));
    const cells = await r.locator("td").allTextContents();
    expect(cells.slice(3).map(Number), line.key).toEqual(line.values);
  }

  // And kept: a reload shows the same round and standings.
  await page.reload();
  await expect(page.getByTestId("round-choice")).toHaveValue("3");
  expect(await pairsOf()).toEqual(after);
  await expect(page.getByTestId("standings-row")).toHaveCount(16);
  const first = expected[0];
  await expect(page.locator(`[data-testid="standings-row"][data-key="${first.key}"]`)).toHaveAttribute("data-place", String(first.place));
  expect(errors).toEqual([]);
  await context.close();
});

test("a broken tournament file is refused with the reason and changes nothing", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openRound(page);
  await page.getByTestId("round-file").setInputFiles(FILE);
  await expect(page.getByTestId("player-row")).toHaveCount(16);
  const good = readFileSync(FILE, "utf8");
  const broken = [
    // A player in two games of round 1.
    good.replace(/(<Game blackPlayer=")[^"]*(" [^>]*roundNumber="1" tableNumber="2")/, (_, a, b) => `${a}${/<Game blackPlayer="([^"]*)"/.exec(good)[1]}${b}`),
    // An unknown player.
    good.replace(/<Game blackPlayer="[^"]*"/, '<Game blackPlayer="NOBODYATALL"'),
    // The bar below the floor.
    good.replace('genMMBar="4D"', 'genMMBar="25K"'),
  ];
  for (const [i, text] of broken.entries()) {
    await page.getByTestId("round-file").setInputFiles({ name: `broken-${i}.xml`, mimeType: "application/xml", buffer: Buffer.from(text) });
    await expect(page.getByRole("alert").filter({ hasText: "Nothing was changed" })).toBeVisible();
    await expect(page.getByTestId("player-row")).toHaveCount(16);
  }
  // Fewer rounds than played.
  await page.locator("summary", { hasText: "Number of rounds" }).click();
  await page.locator('input[name="number-of-rounds"]').fill("1");
  await page.getByRole("button", { name: "Set the number of rounds" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "cannot have fewer than 2 rounds" })).toBeVisible();
  await expect(page.getByTestId("round-choice").locator("option")).toHaveCount(5);
  await context.close();
});

test("a new tournament on the phone: a pasted list with a broken line adds nobody, then the list corrected", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await openRound(page);
  await page.locator("summary", { hasText: "New tournament" }).click();
  await page.locator('input[name="new-name"]').fill("Club Cup");
  await page.getByRole("button", { name: "Make the tournament" }).click();
  await expect(page.getByTestId("tournament-name")).toHaveText("Club Cup");
  await tab(page, "Players");
  await page.locator("summary", { hasText: "Paste a list of players" }).click();
  const list = page.locator('textarea[name="player-list"]');
  await list.fill("Name,First name,Rank,Club,Country\nSmith,Ann,3k,Utr,NL\nJones,Bob,99x,Ams,NL\nDoe,Cy,1d,Ams,NL\n");
  await page.getByRole("button", { name: "Add the list" }).click();
  await expect(page.getByTestId("refused-lines")).toContainText("Line 3");
  await expect(page.getByTestId("refused-lines")).toContainText("99x");
  await expect(page.getByTestId("player-row")).toHaveCount(0);
  await list.fill("Name,First name,Rank,Club,Country\nSmith,Ann,3k,Utr,NL\nJones,Bob,9k,Ams,NL\nDoe,Cy,1d,Ams,NL\n");
  await page.getByRole("button", { name: "Add the list" }).click();
  await expect(page.getByTestId("player-row")).toHaveCount(3);
  // One more by hand, with the labelled fields.
  await page.getByLabel("Name", { exact: true }).fill("Lee");
  await page.getByLabel("First name").fill("Dan");
  await page.getByLabel("Rank", { exact: true }).fill("2k");
  await page.getByRole("button", { name: "Add the player" }).click();
  await expect(page.getByTestId("player-row")).toHaveCount(4);
  await expect(page.locator('[data-testid="player-row"][data-key="LEEDAN"]')).toHaveCount(1);
  // Round 1 paired: two tables, Ann and Cy of one club marked if they meet.
  await tab(page, "Round");
  await page.getByRole("button", { name: "Pair", exact: true }).click();
  const keep = page.getByRole("button", { name: "Keep", exact: true });
  if (await keep.isVisible()) await keep.click();
  await expect(page.getByTestId("round-table")).toHaveCount(2);
  // Kept over a reload.
  await page.reload();
  await expect(page.getByTestId("tournament-name")).toHaveText("Club Cup");
  await expect(page.getByTestId("player-row")).toHaveCount(4);
  await expect(page.getByTestId("round-table")).toHaveCount(2);
  await context.close();
});
