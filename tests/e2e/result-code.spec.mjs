// The result code a finished tournament game gives back to the director: a game started from a
// director's table code, played to an end (a resignation, a count by numbers both players
// confirm, a loss on time), shows one small QR code on its result screen. It is read from a
// screenshot at a phone's width and device scale 1 by two independent decoders (jsQR and zbar),
// and its link is read here by a small reader of the code's format, written apart from the
// app's: round, table, the players' keys, the result and who stands behind it.
import { test, expect } from "@playwright/test";
import { writeFileSync } from "node:fs";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { startGame, watchErrors, openClockMenu } from "./helpers.mjs";
import { zbarDecode } from "./fake-camera.mjs";

// "It must read from arm's length: at most version 10 at level Q or better, decoded from a
// screenshot at 390 px wide and device scale 1."
test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, hasTouch: true });

const T0 = new Date("2026-11-22T10:00:00Z").getTime();
const TABLE_CODE =
  "preset=dutch-lightning&size=19&handicap=0&komi=6.5&time=sudden&main=600" +
  "&black=Andr%C3%A9%20Nemo&white=Zofia%20%C5%81ukaszewska&event=Blitz%202026&round=2&table=7" +
  "&bkey=NEMOANDR%C3%89&wkey=%C5%81UKASZEWSKAZOFIA";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const pass = (page) => page.getByRole("button", { name: "Pass" }).click();

// ---------------------------------------------------------------------------------------------
// A reader of the result code's link, written from its format: `{base}/r#R1-<base 32>`, the
// bytes ending with the CRC-32 of the format version and the payload.

const BASE32 = "0123456789ABCDEFGHIJKLMNOPQRSTUV";

function crc32(bytes) {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

const print = (text) => crc32(Buffer.from(text, "utf8"));

function base32Read(text) {
  const out = [];
  let acc = 0;
  let bits = 0;
  for (const c of text) {
    const d = BASE32.indexOf(c.toUpperCase());
    if (d < 0) throw new Error(`not base 32: ${c}`);
    acc = (acc << 5) | d;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (acc !== 0) throw new Error("padding bits are not zero");
  return Uint8Array.from(out);
}

/// What a result code carries, read from its link.
function readResultLink(link, base) {
  const head = `${base}/r#R1-`;
  if (!link.startsWith(head)) throw new Error(`not a result code link: ${link}`);
  const bytes = base32Read(link.slice(head.length));
  const payload = bytes.subarray(0, bytes.length - 4);
  const sum = Buffer.from(bytes.subarray(bytes.length - 4)).readUInt32BE(0);
  if (crc32(Uint8Array.from([1, ...payload])) !== sum) throw new Error("checksum does not match");
  let at = 0;
  const byte = () => {
    if (at >= payload.length) throw new Error("ends too early");
    return payload[at++];
  };
  const varint = () => {
    let v = 0;
    let scale = 1;
    for (;;) {
      const b = byte();
      v += (b & 0x7f) * scale;
      if (!(b & 0x80)) return v;
      scale *= 128;
    }
  };
  const signed = () => {
    const v = varint();
    return v % 2 ? -(v + 1) / 2 : v / 2;
  };
  const u32 = () => (byte() * 2 ** 24) + (byte() << 16) + (byte() << 8) + byte();
  const text = () => {
    const n = varint();
    const s = Buffer.from(payload.subarray(at, at + n)).toString("utf8");
    at += n;
    return s;
  };
  const flags = byte();
  const round = varint();
  const table = varint();
  const kind = varint();
  const side = kind % 2 ? "W" : "B";
  let re;
  if (kind <= 1) re = `${side}+${varint() / 2}`;
  else if (kind <= 3) re = `${side}+R`;
  else if (kind <= 5) re = `${side}+T`;
  else if (kind <= 7) re = `${side}+F`;
  else if (kind <= 9) re = `${side}+`;
  else if (kind === 10) re = "0";
  else if (kind === 11) re = "Void";
  else re = text();
  const tournamentPrint = u32();
  const blackKey = u32();
  const whiteKey = u32();
  const totals = flags & 16 ? [signed() / 2, signed() / 2] : null;
  const finished = varint();
  const tournament = text();
  const black = text();
  const white = text();
  if (at !== payload.length) throw new Error("more data than a result");
  const outcome = ["none", "black", "white", "jigo", "both lose", "both win"][flags & 7];
  const confirmed = ["not confirmed", "both players", "referee's lock", "referee's decision"][(flags >> 5) & 3];
  return { round, table, re, outcome, byDefault: !!(flags & 8), confirmed, tournamentPrint, blackKey, whiteKey, totals, finished, tournament, black, white };
}

// ---------------------------------------------------------------------------------------------

/// The result screen's code, read from a screenshot by jsQR and by zbar, which must agree; the
/// screenshot is kept beside the test's results. Returns the link and the code's version.
async function scanResultCode(page, testInfo, name) {
  const svg = page.getByTestId("result-code");
  await expect(svg).toBeVisible();
  await svg.scrollIntoViewIfNeeded();
  expect(await svg.getAttribute("data-level")).toMatch(/^[QH]$/);
  // Drawn large: at least 4 screen pixels a module, about 80 % of the screen's width or more.
  const side = Number((await svg.getAttribute("viewBox")).split(" ")[2]);
  const box = await svg.boundingBox();
  expect(box.width / side).toBeGreaterThanOrEqual(4);
  expect(box.width / 390).toBeGreaterThanOrEqual(0.75);
  const path = testInfo.outputPath(`${name}.png`);
  const shot = await svg.screenshot({ path });
  const png = PNG.sync.read(shot);
  expect(png.width).toBeLessThanOrEqual(390);
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(code, "jsQR reads the result code").not.toBeNull();
  expect(zbarDecode(path), "zbar reads the same link").toBe(code.data);
  // The version from the modules on a side: the drawing is the code and 4 light modules each
  // way; a code of version v has 17 + 4v.
  const modules = side - 8;
  const version = (modules - 17) / 4;
  expect(Number.isInteger(version)).toBe(true);
  expect(code.version).toBe(version);
  expect(Number(await svg.getAttribute("data-version"))).toBe(version);
  expect(version).toBeLessThanOrEqual(10);
  writeFileSync(testInfo.outputPath(`${name}.txt`), `${code.data}\nversion ${version}, ${box.width / side} px a module\n`);
  return { link: code.data, version };
}

/// Checks what the code carries of the table code's pairing.
function expectPairing(read) {
  expect(read.round).toBe(2);
  expect(read.table).toBe(7);
  expect(read.tournamentPrint).toBe(print("Blitz 2026"));
  expect(read.blackKey).toBe(print("NEMOANDRÉ"));
  expect(read.whiteKey).toBe(print("ŁUKASZEWSKAZOFIA"));
  expect(read.tournament).toBe("Blitz 2026");
  expect(read.black).toBe("André Nemo");
  expect(read.white).toBe("Zofia Łukaszewska");
}

test("a resignation: the result code carries round 2, table 7, both keys and W+R", async ({ page, baseURL }, testInfo) => {
  const errors = watchErrors(page);
  const id = await startGame(page, TABLE_CODE);
  await press(page, "white");
  await press(page, "black");
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "Black resigns" }).click();
  await page.goto(`/game/${id}/result`);
  await expect(page.getByTestId("result")).toHaveText("W+R");
  const text = page.getByTestId("result-code-text");
  await expect(text).toContainText("Round 2 · Table 7");
  await expect(text).toContainText("André Nemo (Black) – Zofia Łukaszewska (White)");
  await expect(text).toContainText("White wins by resignation · W+R");
  await expect(text).toContainText("Not confirmed");
  // The director's code comes before the whole game's codes.
  const order = await page.evaluate(() => {
    const [a, b] = ["result-code", "share-qr"].map((t) => document.querySelector(`[data-testid="${t}"]`));
    return !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  });
  expect(order).toBe(true);
  const { link } = await scanResultCode(page, testInfo, "resignation");
  const read = readResultLink(link, baseURL);
  expectPairing(read);
  expect(read.re).toBe("W+R");
  expect(read.outcome).toBe("white");
  expect(read.byDefault).toBe(false);
  expect(read.totals).toBeNull();
  expect(read.confirmed).toBe("not confirmed");
  const now = Date.now() / 1000;
  expect(Math.abs(read.finished - now)).toBeLessThan(120);
  expect(errors).toEqual([]);
});

test("a count by numbers confirmed by both: the result code carries the totals and both confirmations", async ({ page, baseURL }, testInfo) => {
  const errors = watchErrors(page);
  const id = await startGame(page, TABLE_CODE);
  await press(page, "white");
  for (let i = 0; i < 6; i++) await press(page, i % 2 === 0 ? "black" : "white");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByTestId("count-black").fill("60");
  await page.getByTestId("count-white").fill("55");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${id}/result$`));
  const re = await page.getByTestId("result").textContent();
  expect(re).toMatch(/^[BW]\+\d/);
  const black = Number(await page.getByTestId("score-black").textContent());
  const white = Number(await page.getByTestId("score-white").textContent());
  const text = page.getByTestId("result-code-text");
  await expect(text).toContainText("Round 2 · Table 7");
  await expect(text).toContainText(`· ${re}`);
  await expect(text).toContainText("Confirmed by both players");
  const { link } = await scanResultCode(page, testInfo, "count-by-numbers");
  const read = readResultLink(link, baseURL);
  expectPairing(read);
  expect(read.re).toBe(re);
  expect(read.outcome).toBe(re.startsWith("B") ? "black" : "white");
  expect(read.totals).toEqual([black, white]);
  expect(read.confirmed).toBe("both players");
  expect(errors).toEqual([]);
});

test("a loss on time claimed: the result code carries B+T and when the claim was made", async ({ page, baseURL }, testInfo) => {
  const errors = watchErrors(page);
  await page.clock.install({ time: T0 });
  await page.clock.pauseAt(T0 + 1_000);
  const id = await startGame(page, TABLE_CODE);
  await press(page, "white");
  await press(page, "black");
  // Dutch 13.3: "One of the players has used up all his time (indicated by the falling of the
  // "flag") and his opponent announces this."
  await page.clock.runFor(601_000);
  await expect(page.getByTestId("clock-white")).toHaveAttribute("data-state", "flagged");
  await page.getByRole("button", { name: "Black claims the win on time" }).click();
  await expect(page.getByTestId("clock-result")).toContainText("B+T");
  await page.goto(`/game/${id}/result`);
  await expect(page.getByTestId("result")).toHaveText("B+T");
  const text = page.getByTestId("result-code-text");
  await expect(text).toContainText("Round 2 · Table 7");
  await expect(text).toContainText("Black wins on time · B+T");
  const { link } = await scanResultCode(page, testInfo, "time");
  const read = readResultLink(link, baseURL);
  expectPairing(read);
  expect(read.re).toBe("B+T");
  expect(read.outcome).toBe("black");
  expect(read.totals).toBeNull();
  // The claim came after White's 600 s ran out, on the page's clock.
  expect(read.finished).toBeGreaterThanOrEqual(Math.floor((T0 + 1_000 + 600_000) / 1000));
  expect(read.finished).toBeLessThanOrEqual(Math.ceil((T0 + 1_000 + 601_000) / 1000));
  expect(errors).toEqual([]);
});

test("a tournament game started without a table code says the director enters it by hand; a friendly game shows nothing", async ({ page }) => {
  const errors = watchErrors(page);
  const byHand = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=600&black=Ann&white=Bo&event=Blitz%202026&round=3");
  await press(page, "white");
  await press(page, "black");
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "White resigns" }).click();
  await page.goto(`/game/${byHand}/result`);
  await expect(page.getByTestId("result")).toHaveText("B+R");
  await expect(page.getByTestId("result-code-note")).toHaveText("Started without a table code: the director enters this result by hand.");
  await expect(page.getByTestId("result-code")).toHaveCount(0);
  // The whole game's codes are still there for the referee.
  await expect(page.getByTestId("share-qr")).toBeVisible();

  const friendly = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=600&black=Ann&white=Bo");
  await press(page, "white");
  await openClockMenu(page);
  await page.getByText("Resign", { exact: true }).click();
  await page.getByRole("button", { name: "White resigns" }).click();
  await page.goto(`/game/${friendly}/result`);
  await expect(page.getByTestId("result")).toHaveText("B+R");
  await expect(page.getByTestId("share-qr")).toBeVisible();
  await expect(page.getByRole("region", { name: "Result code for the director" })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a game still in play has no result code yet", async ({ page }) => {
  const id = await startGame(page, TABLE_CODE);
  await press(page, "white");
  await page.goto(`/game/${id}/result`);
  await expect(page.getByTestId("share-qr")).toBeVisible();
  await expect(page.getByRole("region", { name: "Result code for the director" })).toHaveCount(0);
});
