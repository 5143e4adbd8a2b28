/**
 * A player vanishes on their turn at a table with time banks. The other
 * player sees the remedies, counting down to the end of the grace period;
 * after the grace period (3 s under test) the computer takes the seat, its
 * moves marked in the move list. The player opens the page again, is told
 * the computer plays for them, and takes the seat back. When they vanish
 * once more, the other counts them out (a second click confirms) and wins.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { holeName } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import {
  clickMove,
  createFromForm,
  DESKTOP,
  gameOf,
  launch,
  openMoreSettings,
  SMALL_PHONE,
  screenshot,
  snapshot,
  takeSeat,
  visitor,
  waitForMoves,
  winnerLine,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Plays a legal move for the seat to move by clicking its piece and its destination. */
async function playOneMove(page: Page, id: string): Promise<void> {
  const [move] = gameOf(await snapshot(id)).legalMoves();
  if (!move) throw new Error("no legal move");
  const path = move.path.map(holeName);
  await clickMove(page, [path[0] as string, path[path.length - 1] as string]);
}

/** The computer moves an away seat a quarter of a second after its turn begins (COMPUTER_DELAY_MS in global-setup.ts). */
const waitForComputer = (page: Page, moves: number) =>
  expect.poll(() => page.locator(".move-list li").count(), { timeout: 5000 }).toBe(moves);
const liveText = (page: Page) => page.locator('div.visually-hidden[aria-live="polite"]').textContent();
const computerBadge = (page: Page) => page.locator('.seat[data-seat="1"] .badge.computer');

describe("a player who vanishes on their turn", () => {
  it("can be played for by the computer, comes back, and can be counted out", async () => {
    const aino = await visitor(browser);
    const bjorn = await visitor(browser);
    const id = await createFromForm(aino.page, async (page) => {
      await page.locator("#turnClock").selectOption({ label: "5 minutes + 5 s a move" });
      await page.locator("#firstPlayer").selectOption({ label: "Seat 2" });
    });
    let bjornPage = bjorn.page;
    await bjornPage.goto(`/t/${id}`);
    await takeSeat(bjornPage, 1, "Bjørn");
    await aino.page.getByRole("button", { name: "Start the game" }).click();
    for (const page of [aino.page, bjornPage]) await page.waitForSelector('#app[data-status="playing"]');

    // Time banks: each row shows its seat's bank; Bjørn's, to move, counts down.
    expect(await aino.page.locator('.seat[data-seat="0"] .seat-bank').textContent()).toBe("5:00");
    const bjornClock = aino.page.locator('.seat[data-seat="1"] .seat-clock');
    expect(await bjornClock.textContent()).toMatch(/^(5:00|4:5\d)$/);
    await expect.poll(() => bjornClock.textContent(), { timeout: 3000 }).toMatch(/^4:5\d$/);
    await screenshot(aino.page, "stall-0-banks");

    // Bjørn's page is gone (his browser keeps the seat token). Aino sees the remedies, counting down to the grace's end.
    await bjornPage.close();
    const panel = aino.page.locator(".stall");
    await expect
      .poll(() => panel.locator("p").textContent())
      .toMatch(/^\u2068Bjørn\u2069 is disconnected\. If they do not come back within \u20680:0\d\u2069, you may:$/);
    const letComputer = aino.page.getByRole("button", { name: isolated`Let the computer play for ${"Bjørn"}` });
    expect(await letComputer.isDisabled()).toBe(true);
    await aino.page.setViewportSize(SMALL_PHONE);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(aino.page, "stall-1-remedies-counting-down-phone");
    await aino.page.setViewportSize(DESKTOP);

    // After the grace period the buttons wake up; the computer takes the seat and moves for Bjørn (a quarter of a second later).
    // expect.poll waits 1 s by default: up to the whole grace may be left, on a busy machine more.
    await expect
      .poll(() => panel.locator("p").textContent(), { timeout: 15_000 })
      .toBe(isolated`${"Bjørn"} is disconnected. You may now:`);
    expect(await letComputer.isDisabled()).toBe(false);
    await letComputer.click();
    await expect.poll(() => computerBadge(aino.page).textContent()).toBe("computer plays");
    expect(await panel.count()).toBe(1);
    expect(await panel.textContent()).toBe("");
    await waitForComputer(aino.page, 1);
    const lastMove = aino.page.locator(".move-list li").last();
    expect(await lastMove.locator(".moved-by.computer").getAttribute("class")).toContain("computer");
    expect(await lastMove.locator(".moved-by svg").getAttribute("aria-label")).toBe("Played by the computer");
    expect(await liveText(aino.page)).toMatch(/^\u2068Bjørn\u2069 \(computer\): \u2068[a-q]\d+-[a-q]\d+\u2069$/);
    // Aino moves; the computer answers for Bjørn.
    await playOneMove(aino.page, id);
    await waitForComputer(aino.page, 3);
    expect(await aino.page.locator(".move-list li .moved-by.computer").count()).toBe(2);
    await screenshot(aino.page, "stall-2-computer-plays");

    // Bjørn opens the table again: the computer plays for him until he takes his seat back.
    bjornPage = await bjorn.context.newPage();
    await bjornPage.goto(`/t/${id}`);
    await bjornPage.waitForSelector('#app[data-seat="1"][data-status="playing"]');
    const notice = bjornPage.locator(".away-notice");
    expect(await notice.locator("p").textContent()).toBe("The computer is playing for you.");
    await screenshot(bjornPage, "stall-3-away-notice");
    await bjornPage.setViewportSize(SMALL_PHONE);
    await notice.scrollIntoViewIfNeeded();
    await screenshot(bjornPage, "stall-3-away-notice-phone");
    await bjornPage.setViewportSize(DESKTOP);
    await bjornPage.getByRole("button", { name: "Take my seat back" }).click();
    await expect.poll(() => notice.count()).toBe(1);
    await expect.poll(() => notice.textContent()).toBe("");
    await expect.poll(() => computerBadge(aino.page).count()).toBe(0);
    expect(await liveText(aino.page)).toBe(isolated`${"Bjørn"} is back`);

    // Aino moves; Bjørn vanishes again on his turn, and Aino counts him out: two players, so she wins.
    await playOneMove(aino.page, id);
    await waitForMoves([aino.page, bjornPage], 4);
    await bjornPage.close();
    await expect.poll(() => panel.locator("p").count()).toBe(1);
    // The grace runs out: the page says so, and the remedies are offered.
    await expect
      .poll(() => panel.locator("p").textContent(), { timeout: 15_000 })
      .toBe(isolated`${"Bjørn"} is disconnected. You may now:`);
    await aino.page.getByRole("button", { name: isolated`Count ${"Bjørn"} out` }).click();
    const confirm = aino.page.getByRole("button", { name: isolated`Really count ${"Bjørn"} out? Click again` });
    expect(await confirm.getAttribute("class")).toContain("confirm");
    await screenshot(aino.page, "stall-4-count-out-confirm");
    await confirm.click();
    await aino.page.waitForSelector('#app[data-status="over"]');
    expect(await winnerLine(aino.page)).toBe(isolated`${"Aino"} wins!`);
    expect(await aino.page.locator(".leaver-list").textContent()).toBe(
      isolated`${"Bjørn"} was counted out: their pieces were taken off the board`,
    );
    expect(await liveText(aino.page)).toBe(isolated`${"Bjørn"} was counted out: their pieces were taken off the board`);
    await screenshot(aino.page, "stall-5-counted-out");

    // The create page offers the bank clocks; their labels fit a phone, in the longest language too.
    await aino.page.setViewportSize(SMALL_PHONE);
    await aino.page.goto("/?lang=fi");
    await openMoreSettings(aino.page);
    await aino.page.locator("#turnClock").selectOption("bank:259200:86400");
    await aino.page.locator("#turnClock").scrollIntoViewIfNeeded();
    await screenshot(aino.page, "create-bank-clock-phone-fi");
    expect(await aino.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE.width);

    await aino.context.close();
    await bjorn.context.close();
  });
});
