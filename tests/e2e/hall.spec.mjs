// A tournament with no laptop and no paper, phone to phone, each phone its own browser context:
// 8 players pasted in and 4 registering from their own phones (their codes read by the
// director's scanner from Chromium's fake camera); 3 rounds, each paired on the director's
// phone, its one round code read from the director's screen by every table's phone (a phone
// with its player's card opens its game at once, the others ask "Who are you?"); the games
// ended there (resignations, a count by numbers, a loss on time); their result codes read by
// the director's camera; the next round paired from the offer in at most three taps; the wall;
// the standings after round 3; the whole tournament out as OpenGotha's file and read back.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fakeVideo, launchWithCamera } from "./fake-camera.mjs";
import { countByNumbers, press, readQr as read, resign, watchErrors } from "./helpers.mjs";

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const key = (name, first) => (name + first).replace(/\s/g, "").toUpperCase();

const PASTED = [
  ["Nemo", "André", "2d", "Paris", "FR"],
  ["Dubois", "Hélène", "1d", "Lyon", "FR"],
  ["Müller", "Jürgen", "1k", "Berlin", "DE"],
  ["Tanaka", "Yuki", "2k", "Utrecht", "NL"],
  ["Horváth", "Gábor", "3k", "Budapest", "HU"],
  ["Dvořák", "Tomáš", "4k", "Praha", "CZ"],
  ["Fernández", "Lucía", "5k", "Madrid", "ES"],
  ["Çelik", "Ayşe", "6k", "Ankara", "TR"],
];
const REGISTERING = [
  { name: "Kowalski", first: "Łukasz", rank: "1D", club: "Kraków", country: "PL" },
  { name: "Nowak", first: "Ewa", rank: "2K", club: "Kraków", country: "PL" },
  { name: "O'Brien", first: "Mary Jo", rank: "3K", club: "Dublin", country: "IE" },
  { name: "van der Berg", first: "Anneke", rank: "5K", club: "Amsterdam", country: "NL" },
];
const NAMES = Object.fromEntries([
  ...PASTED.map(([n, f]) => [key(n, f), `${f} ${n}`]),
  ...REGISTERING.map((p) => [key(p.name, p.first), `${p.first} ${p.name}`]),
]);

const rows = (page) => page.getByTestId("round-table");
/// A tap on one of the director's tabs: "Round", "Players", "Standings", "Files".
const tab = (page, name) => page.getByRole("link", { name, exact: true }).click();

const storageOf = (page) => page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/// A new context of `browser` whose storage starts as `state` (a phone carried along).
async function phoneWith(browser, baseURL, state) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  if (state) {
    await context.addInitScript((items) => {
      if (!sessionStorage.getItem("carried")) {
        for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
        sessionStorage.setItem("carried", "1");
      }
    }, state);
  }
  return context;
}

/// The director's phone, storage `state`, with a camera playing `shots` when given; `work`
/// runs on its round screen. Returns the storage as `work` left it.
async function director(browser, baseURL, state, shots, work) {
  const camera = shots ? await launchWithCamera(await fakeVideo(shots, { framesEach: 12 })) : null;
  const context = await phoneWith(camera ?? browser, baseURL, state);
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/round");
  await expect(page.getByRole("heading", { name: "Director's round" })).toBeVisible();
  await work(page);
  const after = await storageOf(page);
  expect(errors).toEqual([]);
  await context.close();
  if (camera) await camera.close();
  return after;
}

/// The tables of the round on screen: number, Black's and White's keys.
async function tablesOf(page) {
  await expect(rows(page).first()).toBeVisible();
  return rows(page).evaluateAll((els) =>
    els.map((e) => ({ table: Number(e.dataset.table), black: e.dataset.black, white: e.dataset.white })),
  );
}

test("a tournament of 12 players and 3 rounds with no laptop and no paper", async ({ browser, baseURL }) => {
  test.setTimeout(900_000);

  // The director makes the tournament and pastes 8 players.
  let desk = await director(browser, baseURL, null, null, async (page) => {
    await page.locator("summary", { hasText: "New tournament" }).click();
    await page.locator('input[name="new-name"]').fill("Hall Blitz");
    await page.locator('input[name="new-rounds"]').fill("3");
    await page.locator('select[name="new-handicap"]').selectOption("none");
    // One minute: a flag falls within the test.
    await page.locator('input[name="new-minutes"]').fill("1");
    await page.locator('input[name="new-byo"]').fill("0");
    await page.getByRole("button", { name: "Make the tournament" }).click();
    await expect(page.getByTestId("tournament-name")).toHaveText("Hall Blitz");
    await tab(page, "Players");
    await page.locator("summary", { hasText: "Paste a list of players" }).click();
    const list = ["Name,First name,Rank,Club,Country", ...PASTED.map((p) => p.join(","))].join("\n");
    await page.locator('textarea[name="player-list"]').fill(list);
    await page.getByRole("button", { name: "Add the list" }).click();
    await expect(page.getByTestId("player-row")).toHaveCount(8);
  });

  // Four players keep their card at /me on their own phones and show its code.
  const cards = {};
  const cardShots = [];
  for (const p of REGISTERING) {
    const context = await browser.newContext({ ...PHONE, baseURL });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("link", { name: "Me", exact: true }).click();
    await page.getByLabel("Name", { exact: true }).fill(p.name);
    await page.getByLabel("First name").fill(p.first);
    await page.getByLabel("Rank").selectOption(p.rank);
    await page.getByLabel("Club").fill(p.club);
    await page.getByLabel("Country").fill(p.country);
    await page.getByRole("button", { name: "Show my code" }).click();
    const { text, shot } = await read(page.getByTestId("me-code"));
    expect(text).toMatch(/\/p#P1-/);
    cardShots.push(shot);
    // Kept over a reload.
    await page.reload();
    await expect(page.getByTestId("me-code")).toBeVisible();
    cards[key(p.name, p.first)] = await storageOf(page);
    await context.close();
  }

  // The director's scanner reads the four codes, each registering its player once.
  desk = await director(browser, baseURL, desk, [...cardShots, cardShots[0]], async (page) => {
    await tab(page, "Players");
    await page.getByRole("button", { name: "Register players from their phones" }).click();
    await expect(page.getByTestId("player-row")).toHaveCount(12, { timeout: 90_000 });
    for (const p of REGISTERING) {
      await expect(page.locator(`[data-testid="player-row"][data-key="${key(p.name, p.first)}"]`)).toHaveCount(1);
    }
    await expect(page.getByTestId("register-log")).toContainText("registered");
    await page.getByRole("button", { name: "Stop" }).click();
  });

  // Round 1 paired on the director's phone.
  let tables;
  let roundShot;
  desk = await director(browser, baseURL, desk, null, async (page) => {
    // The games are played under the LGC's rules.
    await page.locator('select[name="round-preset"]').selectOption("lgc-2023");
    await page.getByRole("button", { name: "Pair", exact: true }).click();
    const keep = page.getByRole("button", { name: "Keep", exact: true });
    if (await keep.isVisible()) await keep.click();
    await expect(rows(page)).toHaveCount(6);
    tables = await tablesOf(page);
    const { text, shot } = await read(page.getByTestId("round-code"));
    expect(text).toMatch(/\/t#T1-/);
    roundShot = shot;
    // The wall shows the round's tables and its code.
    await page.goto("/wall");
    await expect(page.getByTestId("wall-table")).toHaveCount(6);
    await expect(page.getByTestId("wall-in")).toHaveText("0 of 6 results in");
    await expect(page.getByTestId("wall-code")).toBeVisible();
  });

  for (let round = 1; round <= 3; round++) {
    // Every table's phone reads the round's code from the director's screen and opens its game.
    const camera = await launchWithCamera(await fakeVideo([roundShot], { framesEach: 20 }));
    const resultShots = [];
    for (const { table, black, white } of tables) {
      const known = cards[black] ? black : cards[white] ? white : null;
      const context = await phoneWith(camera, baseURL, known ? cards[known] : null);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.goto("/");
      await page.getByTestId("scan").click();
      if (!known) {
        await expect(page.getByRole("heading", { name: "Who are you?" })).toBeVisible({ timeout: 60_000 });
        await expect(page.locator("button.who")).toHaveCount(12);
        await page.getByRole("button", { name: NAMES[black], exact: true }).click();
      }
      await expect(page).toHaveURL(/\/new\?/, { timeout: 60_000 });
      await expect(page.getByTestId("pairing")).toHaveText(`Hall Blitz · Round ${round} · Table ${table}`);
      await expect(page.locator('input[name="black"]')).toHaveValue(NAMES[black]);
      await expect(page.locator('input[name="white"]')).toHaveValue(NAMES[white]);
      await page.getByRole("button", { name: "Start" }).click();
      await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
      if (table === 2) {
        await countByNumbers(page, 70, 50);
      } else if (table === 3) {
        // Black's flag falls: under the LGC's rules the clock freezes and White wins.
        await press(page, "white");
        await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged", { timeout: 90_000 });
        await expect(page.getByTestId("clock-result")).toContainText("W+T");
      } else {
        await resign(page, table % 2 ? "Black" : "White");
      }
      const id = page.url().match(/\/game\/([^/]+)\//)[1];
      await page.goto(`/game/${id}/result`);
      const { text, shot } = await read(page.getByTestId("result-code"));
      expect(text).toMatch(/\/r#R1-/);
      resultShots.push(shot);
      expect(errors).toEqual([]);
      await context.close();
    }
    await camera.close();

    // The director's camera reads the results; the next round is paired from the offer.
    desk = await director(browser, baseURL, desk, resultShots, async (page) => {
      await page.getByRole("button", { name: "Scan", exact: true }).click();
      await expect(page.getByTestId("round-in")).toHaveText("6 of 6", { timeout: 120_000 });
      for (const { table } of tables) {
        await expect(page.locator(`[data-testid="round-table"][data-table="${table}"]`)).toHaveAttribute("data-state", "in");
      }
      await page.getByRole("button", { name: "Stop" }).click();
      if (round < 3) {
        let taps = 0;
        await page.getByRole("button", { name: `Draw round ${round + 1}` }).click();
        taps++;
        const keep = page.getByRole("button", { name: "Keep", exact: true });
        const code = page.getByTestId("round-code");
        await expect(keep.or(code).first()).toBeVisible();
        if (await keep.isVisible()) {
          await keep.click();
          taps++;
        }
        await expect(code).toBeVisible();
        expect(taps).toBeLessThanOrEqual(3);
        await expect(page.getByTestId("round-choice")).toHaveValue(String(round + 1));
        await expect(rows(page)).toHaveCount(6);
        tables = await tablesOf(page);
        roundShot = (await read(code)).shot;
      } else {
        await expect(page.getByTestId("standings-row")).toHaveCount(12);
      }
    });
  }

  // The standings after round 3 on the wall and the whole tournament out, read back.
  let places;
  let xml;
  desk = await director(browser, baseURL, desk, null, async (page) => {
    // The standings are drawn once the tournament's piece has arrived: waited for, as a
    // person waits for the screen, before they are read (on a busy machine they came after).
    await expect(page.getByTestId("standings-row")).toHaveCount(12);
    places = await page
      .getByTestId("standings-row")
      .evaluateAll((els) => els.map((e) => [e.dataset.key, e.dataset.place]));
    expect(places).toHaveLength(12);
    await tab(page, "Files");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "OpenGotha tournament" }).click();
    xml = readFileSync(await (await download).path(), "utf8");
    await page.goto("/wall");
    await expect(page.getByTestId("wall-standing")).toHaveCount(12);
    await expect(page.getByTestId("wall-in")).toHaveText("6 of 6 results in");
  });
  const players = [...xml.matchAll(/<Player ([^>]*)\/>/g)];
  const games = [...xml.matchAll(/<Game ([^>]*)\/>/g)].map((m) => m[1]);
  expect(players).toHaveLength(12);
  expect(games).toHaveLength(18);
  expect(games.filter((g) => /result="RESULT_UNKNOWN"/.test(g))).toEqual([]);
  const unescape = (v) => v.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const names = players.map((m) => unescape(m[1].match(/ name="([^"]*)"/)[1]));
  for (const p of REGISTERING) expect(names).toContain(p.name);

  // Read back on another phone: the same players and standings.
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto("/round");
  await page.getByTestId("round-file").setInputFiles({ name: "hall.xml", mimeType: "application/xml", buffer: Buffer.from(xml) });
  await expect(page.getByTestId("tournament-name")).toHaveText("Hall Blitz");
  await expect(page.getByTestId("player-row")).toHaveCount(12);
  await page.getByTestId("round-choice").selectOption("3");
  // Read once drawn again for the round chosen.
  const again = () =>
    page.getByTestId("standings-row").evaluateAll((els) => els.map((e) => [e.dataset.key, e.dataset.place]));
  await expect.poll(again).toEqual(places);
  await context.close();
});

test("a damaged round code is refused with what to do, and a damaged registration code too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto("/");
  // A damaged code says so and changes nothing.
  await page.goto("/t#T1-AAAAAAAAAAAA");
  await expect(page.getByRole("alert")).toContainText("damaged");
  await expect(page.getByRole("alert")).toContainText("Scan it again");
  await page.goto("/p#P1-AAAAAAAAAAAA");
  await expect(page.getByTestId("register-in")).toContainText("damaged");
  expect(errors).toEqual([]);
  await context.close();
});
