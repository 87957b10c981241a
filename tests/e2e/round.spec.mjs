// The director's round, phone to phone, with no network between them: the pairing program's
// file in, each table's code read from a screenshot and opened on a player's phone, games
// finished there (resignation, a count by numbers, a time loss, a jigo, and two phones giving one
// table different results), their result codes read by the director's phone through the app's
// own scanner (Chromium's fake camera playing a video made of the codes' screenshots), and the
// round's results back out as the pairing program's file, parsed back.
import { test, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fakeVideo, launchWithCamera } from "./fake-camera.mjs";
import { countByNumbers, press, readQr as read, resign, watchErrors } from "./helpers.mjs";

const FILE = "tests/fixtures/opengotha/round-e2e.xml";
/// A phone at arm's length: 390 CSS pixels wide, one device pixel each.
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true };
const T0 = new Date("2026-11-24T14:00:00Z").getTime();

const row = (page, table) => page.locator(`[data-testid="round-table"][data-table="${table}"]`);

/// The director's phone with the round loaded from the file.
async function director(browser, baseURL) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("link", { name: "Director's round" }).click();
  await expect(page.getByRole("heading", { name: "Director's round" })).toBeVisible();
  await page.getByTestId("round-file").setInputFiles(FILE);
  return { context, page };
}

/// Opens table `table`'s code on a new phone and starts its game; returns the phone's page.
async function startTable(browser, baseURL, link, expected) {
  const context = await browser.newContext({ ...PHONE, baseURL });
  const page = await context.newPage();
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  await page.goto(link);
  await expect(page.getByTestId("pairing")).toHaveText(expected.pairing);
  await expect(page.locator('input[name="black"]')).toHaveValue(expected.black);
  await expect(page.locator('input[name="white"]')).toHaveValue(expected.white);
  await expect(page.locator('input[name="handicap"]')).toHaveValue(expected.handicap ?? "0");
  await expect(page.locator('input[name="komi"]')).toHaveValue(expected.komi ?? "7");
  await expect(page.locator('input[name="main"]')).toHaveValue("5:00");
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  return page;
}

/// The game's result code, read from the result screen; its screenshot is kept for the video.
async function resultCode(page) {
  const id = page.url().match(/\/game\/([^/]+)\//)[1];
  await page.goto(`/game/${id}/result`);
  const { text, shot } = await read(page.getByTestId("result-code"));
  expect(text).toMatch(/\/r#R1-/);
  return shot;
}

/// Ends a clock-only LGC game by two passes and the count typed from the real board.
/// The `<Game>` elements of an OpenGotha file, as `{ table: result }` of round `round`.
function gamesOf(xml, round) {
  const out = {};
  for (const [, attrs] of xml.matchAll(/<Game ([^>]*)\/>/g)) {
    const a = Object.fromEntries([...attrs.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (a.roundNumber === String(round)) out[a.tableNumber] = { ...a };
  }
  return out;
}

test("a round from OpenGotha's file: table codes start the games, result codes come back through the scanner, the results go back out", async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const desk = await director(browser, baseURL);
  const errors = watchErrors(desk.page);
  const page = desk.page;
  // The first round without results: round 2, its 11 tables, names with their accents.
  await expect(page.getByTestId("round-choice")).toHaveValue("2");
  await expect(page.getByTestId("round-table")).toHaveCount(11);
  await expect(page.getByTestId("round-in")).toHaveText("0 of 11");
  await expect(row(page, 8)).toContainText("María José García Núñez (B) – Ivan Kovačević (W) · H2 · komi 0.5");
  await page.locator('select[name="round-preset"]').selectOption("lgc-2023");

  // Every table's code opens the right filled form.
  const links = {};
  for (let table = 1; table <= 11; table++) {
    await row(page, table).locator("summary").click();
    const { text } = await read(row(page, table).getByTestId("table-qr"));
    expect(text).toContain(`table=${table}&`);
    links[table] = text;
    await row(page, table).locator("summary").click();
  }
  const phone = await browser.newContext({ ...PHONE, baseURL });
  const form = await phone.newPage();
  for (const [table, black, white, handicap, komi] of [
    [1, "Jürgen Müller", "Yuki Tanaka", "0", "7"],
    [8, "María José García Núñez", "Ivan Kovačević", "2", "0.5"],
    [11, "John Smith", "Seán O'Brien", "2", "0.5"],
  ]) {
    await form.goto(links[table]);
    await expect(form.getByTestId("pairing")).toHaveText(`Jeugdblitz Kraków 2026 · Round 2 · Table ${table}`);
    await expect(form.locator('input[name="black"]')).toHaveValue(black);
    await expect(form.locator('input[name="white"]')).toHaveValue(white);
    await expect(form.locator('input[name="handicap"]')).toHaveValue(handicap);
    await expect(form.locator('input[name="komi"]')).toHaveValue(komi);
    await expect(form.locator('select[name="preset"]')).toHaveValue("lgc-2023");
    await expect(form.locator('select[name="time"]')).toHaveValue("fischer");
    await expect(form.locator('input[name="inc"]')).toHaveValue("0:03");
  }
  await phone.close();

  // Games finished on their own phones.
  const shots = [];
  const pairing = (t) => `Jeugdblitz Kraków 2026 · Round 2 · Table ${t}`;
  // Table 1: Black resigns.
  let p = await startTable(browser, baseURL, links[1], { pairing: pairing(1), black: "Jürgen Müller", white: "Yuki Tanaka" });
  await resign(p, "Black");
  shots.push(await resultCode(p));
  // Table 2: counted on the real board, 60 to 50: Black by 3.
  p = await startTable(browser, baseURL, links[2], { pairing: pairing(2), black: "Gábor Horváth", white: "Tomáš Dvořák" });
  await countByNumbers(p, 60, 50);
  shots.push(await resultCode(p));
  // Table 3: Black's flag falls (LGC: the clock freezes and White wins).
  p = await startTable(browser, baseURL, links[3], { pairing: pairing(3), black: "Łukasz Kowalski", white: "Petr Novák" });
  await press(p, "white");
  await p.clock.runFor(5 * 60_000 + 1_000);
  await expect(p.getByTestId("clock-black")).toHaveAttribute("data-state", "flagged");
  await expect(p.getByTestId("clock-result")).toContainText("W+T");
  shots.push(await resultCode(p));
  // Table 4: a jigo, which LGC allows: 60 to 53 with 7 komi.
  p = await startTable(browser, baseURL, links[4], { pairing: pairing(4), black: "Lucía Fernández", white: "André Nemo" });
  await countByNumbers(p, 60, 53);
  shots.push(await resultCode(p));
  // Table 5: two phones give two different results.
  p = await startTable(browser, baseURL, links[5], { pairing: pairing(5), black: "Ayşe Çelik", white: "Hélène Dubois" });
  await resign(p, "Black");
  shots.push(await resultCode(p));
  p = await startTable(browser, baseURL, links[5], { pairing: pairing(5), black: "Ayşe Çelik", white: "Hélène Dubois" });
  await resign(p, "White");
  shots.push(await resultCode(p));

  // The director's phone, its storage as it stands, now with the camera playing the codes.
  const state = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));
  const video = await fakeVideo(shots, { framesEach: 12 });
  const camera = await launchWithCamera(video);
  const scanning = await camera.newContext({ ...PHONE, baseURL });
  await scanning.addInitScript((items) => {
    if (!sessionStorage.getItem("moved")) {
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      sessionStorage.setItem("moved", "1");
    }
  }, state);
  const scanner = await scanning.newPage();
  const scanErrors = watchErrors(scanner);
  await scanner.goto("/round");
  await expect(scanner.getByTestId("round-in")).toHaveText("0 of 11");
  await scanner.getByRole("button", { name: "Scan" }).click();
  await expect(scanner.getByTestId("round-in")).toHaveText("4 of 11", { timeout: 60_000 });
  await expect(row(scanner, 5)).toHaveAttribute("data-state", "conflict", { timeout: 30_000 });
  await scanner.getByRole("button", { name: "Stop" }).click();
  for (const [table, re] of [[1, "W+R"], [2, "B+3"], [3, "W+T"], [4, "0"]]) {
    await expect(row(scanner, table)).toHaveAttribute("data-state", "in");
    await expect(row(scanner, table).locator(".table-result")).toHaveText(re);
  }
  await expect(row(scanner, 5).locator(".table-result")).toHaveText(/W\+R or B\+R|B\+R or W\+R/);
  await expect(scanner.getByTestId("round-conflicts")).toContainText("table 5");
  await expect(scanner.getByTestId("round-missing")).toHaveText("Missing: tables 6, 7, 8, 9, 10, 11");

  // The director enters table 6, not played, by hand, with a name.
  await row(scanner, 6).locator("summary").click();
  await row(scanner, 6).locator('select[name="entry-result"]').selectOption({ label: "White wins, not played (forfeit)" });
  await row(scanner, 6).locator('input[name="entry-who"]').fill("Ewa Nowak");
  await row(scanner, 6).getByRole("button", { name: "Enter the result" }).click();
  await expect(row(scanner, 6)).toHaveAttribute("data-state", "entered");
  await expect(scanner.getByTestId("round-in")).toHaveText("5 of 11");

  // Nothing is lost on a reload.
  await scanner.reload();
  await expect(scanner.getByTestId("round-in")).toHaveText("5 of 11");
  await expect(row(scanner, 5)).toHaveAttribute("data-state", "conflict");

  // The results back out, parsed back: OpenGotha's own keys and result codes.
  await scanner.getByRole("link", { name: "Files", exact: true }).click();
  const download = scanner.waitForEvent("download");
  await scanner.getByRole("button", { name: "OpenGotha XML", exact: true }).click();
  const xml = readFileSync(await (await download).path(), "utf8");
  const games = gamesOf(xml, 2);
  expect(Object.keys(games).sort()).toEqual(["1", "2", "3", "4", "6"]);
  expect(games["1"]).toMatchObject({ blackPlayer: "MÜLLERJÜRGEN", whitePlayer: "TANAKAYUKI", result: "RESULT_WHITEWINS" });
  expect(games["2"].result).toBe("RESULT_BLACKWINS");
  expect(games["3"].result).toBe("RESULT_WHITEWINS");
  expect(games["4"]).toMatchObject({ blackPlayer: "FERNÁNDEZLUCÍA", whitePlayer: "NEMOANDRÉ", result: "RESULT_EQUAL" });
  expect(games["6"].result).toBe("RESULT_WHITEWINS_BYDEF");
  const csvDownload = scanner.waitForEvent("download");
  await scanner.getByRole("button", { name: "CSV", exact: true }).click();
  const csv = readFileSync(await (await csvDownload).path(), "utf8");
  expect(csv).toContain("2,4,NEMOANDRÉ,FERNÁNDEZLUCÍA,=");

  expect(errors).toEqual([]);
  expect(scanErrors).toEqual([]);
  await camera.close();
  await desk.context.close();
});

test("hostile pairing files are refused with a reason and change nothing", async ({ browser, baseURL }) => {
  // Seven files go to the page, one of them 21 MB: on a busy machine that alone neared the
  // default 30 s.
  test.setTimeout(90_000);
  const desk = await director(browser, baseURL);
  const page = desk.page;
  await expect(page.getByTestId("round-table")).toHaveCount(11);
  const fixture = readFileSync(FILE, "utf8");
  const hostile = [
    ["not XML", "this is not a tournament file", /XML/i],
    ["another XML", '<?xml version="1.0"?><Gedcom><Person/></Gedcom>', /OpenGotha|tournament/i],
    [
      "entity expansion",
      '<?xml version="1.0"?><!DOCTYPE Tournament [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Tournament>&b;</Tournament>',
      /./,
    ],
    ["unknown player", fixture.replace('blackPlayer="SMITHJOHN"', 'blackPlayer="NOBODYATALL"'), /NOBODYATALL/],
    ["duplicate table", fixture.replace('roundNumber="2" tableNumber="11"', 'roundNumber="2" tableNumber="10"'), /10/],
    ["a 21 MB file", fixture.replace("<Players>", `<Players>${" ".repeat(21 * 1024 * 1024)}`), /20 MB/],
  ];
  for (const [name, text, reason] of hostile) {
    await page.getByTestId("round-file").setInputFiles({ name: `${name}.xml`, mimeType: "application/xml", buffer: Buffer.from(text) });
    const alert = page.getByTestId("round-message");
    await expect(alert, name).toHaveAttribute("role", "alert");
    await expect(alert, name).toContainText("Nothing was changed");
    await expect(alert, name).toContainText(reason);
    await expect(page.getByTestId("round-table")).toHaveCount(11);
    await expect(page.getByTestId("round-in")).toHaveText("0 of 11");
  }
  // A name with markup is shown as text.
  const marked = fixture
    .replace('firstName="John" ', 'firstName="&lt;b&gt;John&lt;/b&gt;" ')
    // The key changes everywhere the file names the player: the game, and the bye of round 1.
    .replaceAll('="SMITHJOHN"', '="SMITH&lt;B&gt;JOHN&lt;/B&gt;"');
  await page.getByTestId("round-file").setInputFiles({ name: "marked.xml", mimeType: "application/xml", buffer: Buffer.from(marked) });
  await expect(row(page, 11)).toContainText("<b>John</b> Smith");
  await expect(row(page, 11).locator("b")).toHaveCount(0);
  await desk.context.close();
});

test("a result code opened by the phone's camera app goes into the round as a scan would", async ({ browser, baseURL }) => {
  const desk = await director(browser, baseURL);
  const page = desk.page;
  await page.locator('select[name="round-preset"]').selectOption("lgc-2023");
  await row(page, 7).locator("summary").click();
  const { text: link } = await read(row(page, 7).getByTestId("table-qr"));
  const player = await startTable(browser, baseURL, link, {
    pairing: "Jeugdblitz Kraków 2026 · Round 2 · Table 7",
    black: "Giulia Rossi",
    white: "Zoé Lefèvre",
  });
  await resign(player, "White");
  const id = player.url().match(/\/game\/([^/]+)\//)[1];
  await player.goto(`/game/${id}/result`);
  const { text: result } = await read(player.getByTestId("result-code"));
  // The camera app opens the link: on the director's phone, the app's /r screen takes it.
  await page.goto(result);
  await expect(page.getByTestId("result-in")).toHaveText("Table 7: result in.");
  await page.getByRole("link", { name: "Open the round" }).click();
  await expect(row(page, 7)).toHaveAttribute("data-state", "in");
  await expect(row(page, 7).locator(".table-result")).toHaveText("B+R");
  await expect(page.getByTestId("round-in")).toHaveText("1 of 11");
  // Opened again, it changes nothing.
  await page.goto(result);
  await expect(page.getByTestId("result-in")).toContainText("nothing changed");
  await desk.context.close();
});

test("two tabs of the director's round: what one enters shows in the other, and neither loses the other's", async ({ browser, baseURL }) => {
  const desk = await director(browser, baseURL);
  const a = desk.page;
  await expect(a.getByTestId("round-table")).toHaveCount(11);
  const b = await desk.context.newPage();
  await b.goto("/round");
  await expect(b.getByTestId("round-in")).toHaveText("0 of 11");
  const enter = async (page, table, label) => {
    await row(page, table).locator("summary").click();
    await row(page, table).locator('select[name="entry-result"]').selectOption({ label });
    await row(page, table).locator('input[name="entry-who"]').fill("Ewa Nowak");
    await row(page, table).getByRole("button", { name: "Enter the result" }).click();
    await expect(row(page, table)).toHaveAttribute("data-state", "entered");
  };
  await enter(a, 6, "Black wins");
  await expect(row(b, 6)).toHaveAttribute("data-state", "entered");
  await expect(b.getByTestId("round-in")).toHaveText("1 of 11");
  await enter(b, 7, "White wins");
  await expect(row(a, 7)).toHaveAttribute("data-state", "entered");
  await a.reload();
  await expect(a.getByTestId("round-in")).toHaveText("2 of 11");
  await expect(row(a, 6).locator(".table-result")).toHaveText("B+ (entered by Ewa Nowak)");
  await desk.context.close();
});
