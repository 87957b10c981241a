// The end of the game in the counting wizard and the referee screen, under LGC and Cape Town.
import { test, expect } from "@playwright/test";
import { startGame, watchErrors } from "./helpers.mjs";

const press = (page, color) => page.getByTestId(`clock-${color}`).dispatchEvent("pointerdown");
const pass = (page) => page.getByRole("button", { name: "Pass" }).click();

test("LGC: passes pause play, a dispute resumes it with Black first, agreement settles the count", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=600&black=Ann&white=Bo");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await expect(page.getByText("Play has paused after the passes")).toBeVisible();

  // A dispute: play resumes on the clock, Black first (LGC Ending the game 6).
  await page.getByRole("button", { name: "Black disputes: play on" }).click();
  await expect(page).toHaveURL(new RegExp(`/game/${id}/clock$`));
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  // The moves were made on the real board: the players count there, territory and lids apart.
  await page.getByRole("radio", { name: "Territory and prisoners apart" }).click();
  await page.getByTestId("count-black").fill("0");
  await page.getByTestId("count-white").fill("0");
  await page.getByTestId("count-black-prisoners").fill("2");
  await page.getByTestId("count-white-prisoners").fill("2");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByRole("button", { name: "Black has confirmed ✓" })).toBeDisabled();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
  await page.getByRole("link", { name: "Show the result" }).click();

  // No territory: each side holds the opponent's two pass stones, filled into an empty
  // territory as negative territory (LGC SCORING); komi 7.5.
  await expect(page.getByTestId("result")).toHaveText("W+7.5");
  await expect(page.locator(".result-big")).toContainText("White wins by 7.5");
  await expect(page.getByTestId("score-black")).toHaveText("-2");
  await expect(page.getByTestId("score-white")).toHaveText("5.5");
  await expect(page.getByTestId("prisoners-black")).toHaveText("2");
  await expect(page.getByTestId("prisoners-white")).toHaveText("2");
  await expect(page.getByText("Black confirmed ✓ · White confirmed ✓")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("result")).toHaveText("W+7.5");
  // The home screen lists it as finished, with its result.
  await page.goto("/");
  await expect(page.getByText("No game in progress.")).toBeVisible();
  await expect(page.getByTestId("game-row")).toContainText("W+7.5");
  expect(errors).toEqual([]);
});

test("Cape Town: four passes end the game, a found point resumes it, the count follows", async ({ page }) => {
  await startGame(page, "preset=cape-town-2005&size=9&time=sudden&main=720");
  await press(page, "white");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByRole("button", { name: "Black finds a point" }).click();
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await press(page, "black");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByTestId("count-black").fill("1");
  await page.getByTestId("count-white").fill("0");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+5.5");
  await expect(page.getByTestId("score-black")).toHaveText("1");
  await expect(page.getByTestId("score-white")).toHaveText("6.5");
});

/// A Cape Town game with the phone as the clock only: White starts Black's clock, `moves`
/// presses complete moves made on the real board, four passes end it; opens the count.
async function capeTownOnTheClock(page, moves) {
  const id = await startGame(page, "preset=cape-town-2005&size=19&time=sudden&main=720&komi=6.5");
  await press(page, "white");
  for (let i = 0; i < moves; i++) await press(page, i % 2 === 0 ? "black" : "white");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  return id;
}

test("Cape Town on the clock only: counted by numbers, 60 and 55 give W+1.5, confirmed and locked", async ({ page }) => {
  const errors = watchErrors(page);
  const id = await capeTownOnTheClock(page, 6);
  // The phone's board holds nothing: the wizard says so and opens the count by numbers.
  await expect(page.getByText("6 moves were made on the real board only").first()).toBeVisible();
  await expect(page.getByTestId("count-black")).toBeVisible();
  // Cape Town 10: counting "according to the normal rules": territory with the prisoners
  // filled in; the app adds the komi.
  await page.getByTestId("count-black").fill("60");
  await page.getByTestId("count-white").fill("55");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await expect(page.locator(".score-table")).toContainText("61.5");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
  // Locked: the numbers can no longer be changed from the count screen.
  await expect(page.getByTestId("count-black")).toHaveCount(0);
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+1.5");
  await expect(page.locator(".result-big")).toContainText("White wins by 1.5");
  await expect(page.getByTestId("score-black")).toHaveText("60");
  await expect(page.getByTestId("score-white")).toHaveText("61.5");
  await expect(page.getByTestId("count-method")).toHaveText(/Counted by the players on the real board/);
  await expect(page.getByText("Black confirmed ✓ · White confirmed ✓")).toBeVisible();
  await expect(page.getByText("Locked: both players confirmed")).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("result")).toHaveText("W+1.5");
  // Only a referee changes it, with a logged reason.
  await page.getByText("Referee", { exact: true }).click();
  await page.getByRole("button", { name: "Unlock the count" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+1.5");
  await page.getByLabel("Reason (logged)").fill("Black's corner counted again");
  await page.getByRole("button", { name: "Unlock the count" }).click();
  await expect(page.getByText("Not locked.")).toBeVisible();
  await page.goto(`/game/${id}/count`);
  await page.getByTestId("count-black").fill("62");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("B+0.5");
  // The SGF carries the counted numbers, as the record has no final position.
  await page.goto(`/sgf?game=${id}`);
  const sgf = await page.getByTestId("sgf-text").inputValue();
  expect(sgf).toContain("RE[B+0.5]");
  expect(sgf).toContain("Black 62, White 55");
  expect(errors).toEqual([]);
});

test("Cape Town on the clock only: the numbers typed go with each confirmation", async ({ page }) => {
  const errors = watchErrors(page);
  await capeTownOnTheClock(page, 6);
  // Cape Town 10: "When the game has a natural ending counting is according to the normal
  // rules." The players type what they counted and confirm, the natural next step: the numbers
  // on the screen are taken, never asked for again.
  await page.getByTestId("count-black").fill("60");
  await page.getByTestId("count-white").fill("55");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByRole("button", { name: "Black has confirmed ✓" })).toBeVisible();
  await expect(page.locator(".score-table")).toContainText("61.5");
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByText("The count is settled.")).toBeVisible();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+1.5");
  await expect(page.getByText("Black confirmed ✓ · White confirmed ✓")).toBeVisible();
  expect(errors).toEqual([]);
});

test("Cape Town on the clock only: a number half typed stops the confirmation and says why", async ({ page }) => {
  await capeTownOnTheClock(page, 6);
  await page.getByTestId("count-black").fill("60");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByTestId("count-entry-error")).toContainText("Black has not confirmed");
  await expect(page.getByTestId("count-entry-error")).toContainText("White's territory");
  await expect(page.getByRole("button", { name: "Black confirms" })).toBeEnabled();
  // Numbers changed after a confirmation ask the other player again.
  await page.getByTestId("count-white").fill("55");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByRole("button", { name: "Black has confirmed ✓" })).toBeVisible();
  await page.getByTestId("count-white").fill("57");
  await page.getByRole("button", { name: "White confirms" }).click();
  await expect(page.getByRole("button", { name: "White has confirmed ✓" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Black confirms" })).toBeEnabled();
  await expect(page.locator(".score-table")).toContainText("63.5");
  await expect(page.getByText("The count is settled.")).toHaveCount(0);
});

test("Cape Town on the clock only: the empty board cannot be confirmed", async ({ page }) => {
  const id = await capeTownOnTheClock(page, 4);
  for (const color of ["Black", "White"]) {
    await page.getByRole("button", { name: `${color} confirms` }).click();
    await expect(page.getByTestId("count-message")).toContainText("made on the real board only");
    await expect(page.getByTestId("count-message")).toContainText("Count by numbers");
  }
  await expect(page.getByText("The count is settled.")).toHaveCount(0);
  await page.goto(`/game/${id}/result`);
  await expect(page.getByTestId("result")).toHaveText("");
  await expect(page.getByText("No result yet")).toBeVisible();
});

test("LGC: territory below zero by numbers", async ({ page }) => {
  await startGame(page, "preset=lgc-2023&size=19&time=sudden&main=600");
  await press(page, "white");
  for (const c of ["black", "white", "black", "white"]) await press(page, c);
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await expect(page.getByText("Below zero when the prisoners outnumber the territory.").first()).toBeVisible();
  // LGC SCORING: "the surplus is counted as negative territory for your opponent".
  await page.getByTestId("count-black").fill("-3");
  await page.getByTestId("count-white").fill("10");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("result")).toHaveText("W+20.5");
  await expect(page.getByTestId("score-black")).toHaveText("-3");
  await expect(page.getByTestId("score-white")).toHaveText("17.5");
});

test("Dutch: territory below zero is refused beside the fields and changes nothing", async ({ page }) => {
  await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&komi=6.5");
  await press(page, "white");
  await press(page, "black");
  for (let i = 0; i < 4; i++) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await page.getByTestId("count-black").fill("-2");
  await page.getByTestId("count-white").fill("10");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await expect(page.getByTestId("count-entry-error")).toContainText("enter the territory and the prisoners apart");
  await page.getByTestId("count-black").fill("50");
  await page.getByTestId("count-white").fill("40");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await expect(page.getByTestId("count-entry-error")).toContainText("more than the 81 points");
  // A confirmation takes the numbers on the screen, and is refused with them.
  await page.getByRole("button", { name: "Black confirms" }).click();
  await expect(page.getByTestId("count-message")).toContainText("more than the 81 points");
  await expect(page.getByRole("button", { name: "Black confirms" })).toBeEnabled();
  await expect(page.locator(".score-table")).toHaveCount(0);
});

test("Chinese: Black's area counted, White's the rest of the board", async ({ page }) => {
  await startGame(page, "preset=chinese&size=19&time=sudden&main=600");
  await press(page, "white");
  for (const c of ["black", "white", "black", "white"]) await press(page, c);
  while (await page.getByRole("link", { name: "Go to the count" }).count() === 0) await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  await expect(page.getByText("Leave it empty and White has the rest of the 361 points.")).toBeVisible();
  await page.getByTestId("count-black").fill("185");
  await page.getByRole("button", { name: "Enter the count" }).click();
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  // 361 - 185 = 176 for White, with 7.5 komi: 183.5.
  await expect(page.getByTestId("result")).toHaveText("B+1.5");
  await expect(page.getByTestId("score-black")).toHaveText("185");
  await expect(page.getByTestId("score-white")).toHaveText("183.5");
});

test("a group tapped in the count is marked dead as a whole and counted as the opponent's prisoners", async ({ page }) => {
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&komi=6.5");
  await page.goto(`/game/${id}/board`);
  const pt = (sgf) => page.getByTestId("board").locator(`g.pt[data-point="${sgf}"]`);
  // Black: E5; White: two stones at F4 and F3 (one group), Black elsewhere in between.
  for (const sgf of ["ee", "ff", "cc", "fg"]) await pt(sgf).click();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: /passes$/ }).click();
  await page.goto(`/game/${id}/count`);
  await page.getByRole("radio", { name: "Tap marks dead" }).click();
  await pt("ff").click();
  await expect(pt("ff")).toHaveAttribute("data-dead", "true");
  await expect(pt("fg")).toHaveAttribute("data-dead", "true");
  await expect(pt("ee")).not.toHaveAttribute("data-dead", "true");
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  // 81 points less Black's 2 stones are Black's territory (the two dead stones' points
  // included), plus the 2 dead stones as prisoners: 81; White has komi only.
  await expect(page.getByTestId("score-black")).toHaveText("81");
  await expect(page.getByTestId("score-white")).toHaveText("6.5");
  await expect(page.getByTestId("result")).toHaveText("B+74.5");
  await expect(page.getByTestId("prisoners-black")).toHaveText("2");
});

test("Dutch: the director declares both players losers, and the screen and the list say so", async ({ page }) => {
  // Dutch 15.2.5: "Declare both players losers."
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&black=Ann&white=Bo");
  await press(page, "white");
  await page.goto(`/game/${id}/result`);
  await page.getByText("Referee", { exact: true }).click();
  await page.getByLabel("Reason (logged)").fill("Both flags fell; neither can tell which first");
  await page.getByRole("button", { name: "Both lose" }).click();
  await expect(page.getByTestId("result")).toHaveText("Void");
  await expect(page.locator(".result-big")).toContainText("Both players lose");
  await page.goto("/");
  await expect(page.getByTestId("game-row").filter({ hasText: "Ann" }).getByTestId("game-result")).toContainText("Both players lose");
  expect(errors).toEqual([]);
});

test("LGC: the referee's warnings, a protest and the forfeit they lead to are on the result screen", async ({ page }) => {
  // LGC, Sanctions: "If a player receives two warnings in the same game, then the referee
  // imposes the game forfeit sanction." Player responsibility: "the player must inform the
  // referee and the opponent that the game is played under protest."
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=lgc-2023&size=9&time=sudden&main=900&black=Ann&white=Bo");
  await press(page, "white");
  await page.goto(`/game/${id}/result`);
  await page.getByText("Referee", { exact: true }).click();
  const reason = page.getByLabel("Reason (logged)");
  await reason.fill("Ruling on the ko");
  await page.getByRole("button", { name: "Black plays under protest" }).click();
  await reason.fill("Talking during play");
  await page.getByRole("button", { name: "Warn White" }).click();
  await expect(page.getByTestId("result")).toHaveText("");
  await reason.fill("Disturbing the opponent");
  await page.getByRole("button", { name: "Warn White" }).click();
  await expect(page.getByTestId("result")).toHaveText("B+F");
  const notes = page.getByTestId("referee-notes");
  await expect(notes).toContainText("Black plays under protest: Ruling on the ko");
  await expect(notes).toContainText("Warning to White: Talking during play");
  await expect(notes).toContainText("Warning to White: Disturbing the opponent");
  await expect(notes).toContainText("Decided by the referee: White received 2 warnings in the game: forfeit");
  await page.reload();
  await expect(page.getByTestId("referee-notes")).toContainText("Black plays under protest");
  expect(errors).toEqual([]);
});

test("Dutch: a tournament without jigo says so on the form, and the director's jigo becomes a replay", async ({ page }) => {
  // Dutch 13.3: "In case of doubt the result is a jigo unless the tournament doesn't allow for
  // jigo. In that case the game has to be replayed."
  const errors = watchErrors(page);
  await page.goto("/new?preset=dutch-lightning&size=9&time=sudden&main=900&black=Ann&white=Bo");
  const jigo = page.getByRole("checkbox", { name: "The tournament allows jigo" });
  await expect(jigo).toBeChecked();
  await expect(page.getByTestId("set-by-jigo")).toContainText("replayed");
  await jigo.uncheck();
  await expect(page.getByTestId("settings-qr")).toBeVisible();
  await page.goto("/new?preset=lgc-2023");
  await expect(page.getByRole("checkbox", { name: "The tournament allows jigo" })).toHaveCount(0);
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=900&black=Ann&white=Bo&jigo=no");
  await press(page, "white");
  await page.goto(`/game/${id}/result`);
  await page.getByText("Referee", { exact: true }).click();
  await page.getByRole("button", { name: "Jigo", exact: true }).click();
  await expect(page.locator(".message")).toContainText("allows no jigo");
  await expect(page.getByTestId("result")).toHaveText("");
  await page.getByRole("button", { name: "Replay" }).click();
  await expect(page.locator(".result-big")).toContainText("replayed");
  expect(errors).toEqual([]);
});

test("Dutch: a position that cannot be counted, with a player short of time, calls the director, who adds two minutes and play goes on", async ({ page }) => {
  // Dutch 15.2: "If at least one of the players is in time trouble (less than one minute
  // thinking time left) the director should be called. ... 2. Add one or two minutes to the
  // remaining time of each player. Continue now as under point 13.1."
  await page.clock.install();
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=dutch-lightning&size=9&time=sudden&main=50");
  await press(page, "white");
  for (let i = 0; i < 4; i++) {
    await page.clock.runFor(1_000);
    await page.getByRole("button", { name: "Pass", exact: true }).click();
  }
  await page.goto(`/game/${id}/count`);
  await page.getByText("The position cannot be counted").click();
  await expect(page.getByTestId("uncountable")).toContainText("call the director");
  await page.getByRole("button", { name: "Director: +2 min each, play on" }).click();
  await expect(page).toHaveURL(/\/clock$/);
  // Black passed first: Black moves, and Black's clock runs with two minutes more.
  await expect(page.getByTestId("clock-black")).toHaveAttribute("data-state", "running");
  await expect(page.getByTestId("clock-black")).toContainText("2:");
  expect(errors).toEqual([]);
});

test("LGC: wrong colours noticed before the third move restart the game with the colours swapped; the old one is kept, marked restarted", async ({ page }) => {
  // LGC, "Colour or handicap error": "If players start a game with the wrong colour or
  // handicap, and this is noticed before the third move is completed, then the game must be
  // restarted."
  const errors = watchErrors(page);
  const id = await startGame(page, "preset=lgc-2023&size=19&time=sudden&main=900&black=Ann&white=Bo");
  await press(page, "white");
  await press(page, "black");
  await press(page, "white");
  await page.goto(`/game/${id}/result`);
  await page.getByText("Referee", { exact: true }).click();
  await page.getByRole("checkbox", { name: "The players had each other's colours" }).check();
  await page.getByRole("button", { name: /Record the error/ }).click();
  await expect(page).toHaveURL(/\/game\/[^/]+\/clock$/);
  expect(page.url()).not.toContain(id);
  await expect(page.getByTestId("players")).toHaveText("Bo (B) – Ann (W)");
  await page.goto("/");
  await expect(page.getByTestId("game-row")).toHaveCount(2);
  await expect(page.locator(`[data-testid="game-row"][data-game="${id}"]`)).toContainText("Restarted");
  expect(errors).toEqual([]);
});

test("London Open: a one-stone handicap game counted level is a win for White, W+0", async ({ page }) => {
  // London Open rule 1: "In a handicap game, White wins Jigo." One stone (Black simply moves
  // first, without komi) is a handicap game.
  await startGame(page, "preset=london-open&size=9&handicap=1&time=sudden&main=900");
  await press(page, "white");
  await pass(page);
  await pass(page);
  await page.getByRole("link", { name: "Go to the count" }).click();
  // An empty board: no territory, one pass stone each filled in as negative territory, no
  // komi with one stone.
  await page.getByRole("button", { name: "Black confirms" }).click();
  await page.getByRole("button", { name: "White confirms" }).click();
  await page.getByRole("link", { name: "Show the result" }).click();
  await expect(page.getByTestId("score-black")).toHaveText("-1");
  await expect(page.getByTestId("score-white")).toHaveText("-1");
  await expect(page.getByTestId("result")).toHaveText("W+0");
});
