// The main flows a player goes through, written once for every engine (see drivers.mjs):
// a game from a settings link, presses, a reload mid-game, passes, the count and the result,
// a backup export, and the offline start once the service worker is installed.

const button = (name) => `//button[normalize-space()='${name}' and not(@hidden)]`;
const link = (name) => `//a[normalize-space()='${name}']`;
const testid = (id) => `[data-testid="${id}"]`;

/// Polls `js` (a function body) until it returns `expected`, for up to ten seconds.
async function until(d, what, js, expected, ...args) {
  let last;
  for (let i = 0; i < 100; i++) {
    try {
      last = await d.run(js, ...args);
      if (JSON.stringify(last) === JSON.stringify(expected)) return;
    } catch (e) {
      last = String(e);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(last)}`);
}

const stateOf = (color) => `return document.querySelector('[data-testid="clock-${color}"]')?.dataset.state ?? null`;
const textOf = (id) => `return document.querySelector('[data-testid="${id}"]')?.textContent.trim() ?? null`;
const present = (xpath) => `return !!document.evaluate(a[0], document, null, 9, null).singleNodeValue`;

async function waitFor(d, what, xpath) {
  await until(d, what, present(xpath), true, xpath);
}

/// Waits until an open game's other views (board, count, result), which the app fetches in the
/// background, have arrived: a new page load while they are on their way cuts them off, and
/// Firefox reports each cut-off fetch as an error.
async function viewsArrived(d) {
  await until(d, "the game's other views arrive", `
    const names = () => performance.getEntriesByType("resource").map((e) => e.name);
    const has = (part) => names().some((n) => n.includes("_split_" + part + ".wasm"));
    if (!(has("board") && has("count") && has("result"))) return false;
    const before = names().length;
    await new Promise((done) => setTimeout(done, 300));
    return names().length === before;`, true);
}

/// State shared by the flows of one engine.
export function flows(server) {
  let gameId = null;
  return [
    [
      "a game from a settings link: presses, a reload mid-game, passes, the count and the result",
      async (d) => {
        await d.goto("/new?preset=cape-town-2005&size=19&time=sudden&main=720&komi=6.5&black=Ann&white=Bo");
        await waitFor(d, "the new-game form", button("Start"));
        await d.click(button("Start"));
        await until(d, "the clock opens", "return /\\/game\\/[^/]+\\/clock$/.test(location.pathname)", true);
        gameId = await d.run("return location.pathname.split('/')[2]");
        // Cape Town: White starts Black's clock; then two moves on the real board.
        await d.click(testid("clock-white"));
        await until(d, "Black's clock runs after White's push", stateOf("black"), "running");
        await d.click(testid("clock-black"));
        await until(d, "White's clock runs", stateOf("white"), "running");
        await d.click(testid("clock-white"));
        await until(d, "Black's clock runs", stateOf("black"), "running");
        await viewsArrived(d);
        await d.reload();
        await until(d, "Black's clock still runs after the reload", stateOf("black"), "running");
        await until(d, "White's clock waits after the reload", stateOf("white"), "waiting");
        for (let i = 0; i < 4; i++) {
          await waitFor(d, "the Pass button", button("Pass"));
          await d.click(button("Pass"));
        }
        await waitFor(d, "the way to the count", link("Go to the count"));
        await d.click(link("Go to the count"));
        await waitFor(d, "the count by numbers", "//input[@data-testid='count-black']");
        await d.fill(testid("count-black"), "60");
        await d.fill(testid("count-white"), "55");
        await d.click(button("Enter the count"));
        await d.click(button("Black confirms"));
        await d.click(button("White confirms"));
        await waitFor(d, "the settled count", link("Show the result"));
        await d.click(link("Show the result"));
        await until(d, "the result", textOf("result"), "W+1.5");
        await until(d, "White's total", textOf("score-white"), "61.5");
        await viewsArrived(d);
        await d.reload();
        await until(d, "the result after a reload", textOf("result"), "W+1.5");
        // The reload fetches the game's other views again: the next flow's page load must not
        // cut them off.
        await viewsArrived(d);
      },
    ],
    [
      "a backup export holds the game",
      async (d) => {
        await d.goto("/");
        await waitFor(d, "the backup button", button("Export all games"));
        await d.run(`
          const make = URL.createObjectURL.bind(URL);
          URL.createObjectURL = (blob) => { window.__exported = blob; return make(blob); };
        `);
        await d.click(button("Export all games"));
        await until(d, "the export message", `return /games? exported/.test(document.querySelector('[data-testid="backup-message"]')?.textContent ?? "")`, true);
        const text = await d.run("return window.__exported ? await window.__exported.text() : ''");
        if (!gameId || !text.includes(gameId) || !text.includes("Ann")) {
          throw new Error(`the backup file lacks the game ${gameId}: ${text.slice(0, 200)}`);
        }
      },
    ],
    [
      "the app opens offline once the service worker is installed",
      async (d) => {
        await d.goto("/");
        await until(d, "a service worker controls the page", `
          await navigator.serviceWorker.ready;
          return !!navigator.serviceWorker.controller;`, true);
        // The pieces fetched ahead once the list is up (the form's, a game's frame's, then its
        // clock's): the next page load would cut them off on their way, which Firefox reports
        // as an error.
        await until(d, "the pieces fetched ahead", `
          return performance.getEntriesByType("resource").some((e) => /_split_clock\.wasm$/.test(e.name));`, true);
        await server.stop();
        try {
          await d.goto(`/game/${gameId}/result`);
          await until(d, "the result, offline", textOf("result"), "W+1.5");
          await viewsArrived(d);
          // Back to the list through the app's own link, as a player goes: a new page load here
          // would cut off the game's other views while they are still arriving from the cache,
          // and Firefox reports each cut-off fetch as an error.
          await d.click(`//a[@aria-label='All games']`);
          await waitFor(d, "the game list, offline", `//*[@data-testid='game-row'][contains(., 'W+1.5')]`);
        } finally {
          await server.start();
        }
      },
    ],
  ];
}
