/**
 * Between games at a real table: two players finish a game (played out fast
 * from Node with their seat tokens), see the result with the running score,
 * trade seats (one offers, the other accepts), the host chooses who begins,
 * and the rematch starts once both have accepted, each page saying who it is
 * still waiting for. Then a player leaves the next game: its seat is freed,
 * the page says a player is needed, the leaver sits down again, closes the
 * page, and the host's Rematch, which now also accepts for the absent
 * player, starts the third game.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolated } from "../isolated.ts";
import {
  createFromForm,
  DESKTOP,
  launch,
  overflowsSideways,
  playToEnd,
  SMALL_PHONE,
  screenshot,
  snapshot,
  takeSeat,
  visitor,
  winnerLine,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** The names in the seat rows, in seat order. */
const seatNames = (page: Page) => page.locator(".seat .name").allTextContents();
/** The running score in a seat's row. */

describe("between games", () => {
  it("shows the score, trades seats, and starts the rematch once everyone has accepted", async () => {
    const host = await visitor(browser);
    const guest = await visitor(browser);
    const id = await createFromForm(host.page);
    await guest.page.goto(`/t/${id}`);
    await takeSeat(guest.page, 1, "Bjørn");
    await host.page.getByRole("button", { name: "Start the game" }).click();
    for (const { page } of [host, guest]) await page.waitForSelector('#app[data-status="playing"]');

    // --- Game 1, played out from Node; the pages follow it to the end.
    await playToEnd(id, [host.page, guest.page]);
    for (const { page } of [host, guest]) await page.waitForSelector('#app[data-status="over"]');
    const [winner, loser] = (await snapshot(id)).game?.result?.winners[0] === 0 ? [0, 1] : [1, 0];
    const names = ["Aino", "Bjørn"];
    for (const { page } of [host, guest]) {
      // The result, and the score of the players at the table, winner first: in the score table beside the
      // places, and not again in the seats' rows.
      await expect.poll(() => page.locator(".score-table tbody tr").count()).toBe(2);
      expect(await page.locator(".seat .score").count()).toBe(0);
      expect(await page.locator(".standings tbody tr").first().textContent()).toContain(names[winner]);
      expect(await page.locator(".score-table tbody tr").allTextContents()).toEqual([
        `${names[winner]}1 pt · 1 game`,
        `${names[loser]}0 pts · 1 game`,
      ]);
      expect(await winnerLine(page)).toBe(isolated`${names[winner]} wins!`);
    }
    await screenshot(host.page, "rematch-1-score");

    // --- Seat swap: Aino offers, Bjørn accepts; names (and scores) trade seats, colours stay with the seats.
    await host.page.getByRole("button", { name: isolated`Swap seats with ${"Bjørn"}` }).click();
    await expect.poll(() => host.page.getByRole("button", { name: "Swap offered" }).isDisabled()).toBe(true);
    await expect
      .poll(() => guest.page.locator(".swap-request").textContent())
      .toBe(isolated`${"Aino"} wants to swap seats with you`);
    const accept = guest.page.getByRole("button", { name: isolated`Accept swap with ${"Aino"}` });
    expect(await accept.textContent()).toBe("Accept swap");
    expect(await accept.getAttribute("class")).toContain("primary");
    await screenshot(guest.page, "swaps-1-offer");
    const swatchBefore = await host.page.locator('.seat[data-seat="0"] .swatch').getAttribute("class");
    await accept.click();
    for (const { page } of [host, guest]) {
      await expect.poll(() => seatNames(page)).toEqual(["Bjørn", "Aino"]);
      expect(await page.locator(".swap-request").count()).toBe(0);
      // The score went with its player (the seats' rows show it again once the next game is on, below).
      expect(await page.locator(".score-table tbody tr").first().textContent()).toBe(`${names[winner]}1 pt · 1 game`);
    }
    expect(await host.page.locator('.seat[data-seat="0"] .swatch').getAttribute("class")).toBe(swatchBefore);
    await expect.poll(() => host.page.locator("#app").getAttribute("data-seat")).toBe("1");
    await expect.poll(() => guest.page.locator("#app").getAttribute("data-seat")).toBe("0");
    await screenshot(host.page, "swaps-2-traded");

    // --- The host chooses who begins the next game: Bjørn (now in seat 1).
    await host.page.locator("#next-first-player").selectOption({ label: "Bjørn" });
    for (const { page } of [host, guest]) {
      await expect
        .poll(() => page.locator(".status .first-player").textContent())
        .toBe(isolated`Next game: ${"Bjørn"} begins`);
    }
    expect(await guest.page.locator("#next-first-player").count()).toBe(0);

    // --- Rematch: Bjørn accepts; both pages say they wait for Aino.
    await guest.page.locator(".side").getByRole("button", { name: "Rematch", exact: true }).click();
    await expect.poll(() => guest.page.getByRole("button", { name: "Rematch accepted" }).isDisabled()).toBe(true);
    for (const { page } of [host, guest]) {
      await expect
        .poll(() => page.locator(".rematch-waiting").textContent())
        .toBe(isolated`Waiting for ${"Aino"} to accept the rematch`);
      expect(await page.locator('.seat[data-seat="0"] .badge.accepted').textContent()).toBe("✓ accepted");
      expect(await page.locator('.seat[data-seat="1"] .badge.accepted').count()).toBe(0);
    }
    await screenshot(host.page, "rematch-2-waiting");
    await host.page.setViewportSize(SMALL_PHONE);
    expect(await overflowsSideways(host.page)).toBe(false);
    await host.page.locator(".side").scrollIntoViewIfNeeded();
    await screenshot(host.page, "rematch-2-waiting-phone");
    await host.page.setViewportSize(DESKTOP);

    // Aino accepts: game 2 starts at once, Bjørn first, the score still shown.
    await host.page.locator(".side").getByRole("button", { name: "Rematch", exact: true }).click();
    for (const { page } of [host, guest]) {
      await page.waitForSelector('#app[data-status="playing"]');
      expect(await page.locator(".seat.to-move .name").textContent()).toBe("Bjørn");
      expect(await page.locator(".seat .score").allTextContents()).toEqual(
        winner === 0 ? ["0 pts · 1 game", "1 pt · 1 game"] : ["1 pt · 1 game", "0 pts · 1 game"],
      );
    }
    expect((await snapshot(id)).game?.number).toBe(2);
    await screenshot(guest.page, "rematch-3-game-two");

    // --- Game 2: Bjørn leaves. His seat is freed when the game ends; a rematch needs a player there.
    await guest.page.getByRole("button", { name: "Leave the game" }).click();
    await guest.page.getByRole("button", { name: "Really leave? Click again" }).click();
    for (const { page } of [host, guest]) await page.waitForSelector('#app[data-status="over"]');
    await expect
      .poll(() => host.page.locator(".rematch-free").textContent())
      .toBe(isolated`${"Seat 1"} is free: someone must sit down there before the rematch can start.`);
    expect(await host.page.locator(".leaver-list").textContent()).toBe(
      isolated`${"Bjørn"} left: their pieces were taken off the board`,
    );
    await host.page.setViewportSize(SMALL_PHONE);
    expect(await overflowsSideways(host.page)).toBe(false);
    await host.page.locator(".side").scrollIntoViewIfNeeded();
    await screenshot(host.page, "rematch-4-seat-free-phone");
    await host.page.setViewportSize(DESKTOP);
    await host.page.locator(".side").getByRole("button", { name: "Rematch", exact: true }).click();
    await expect.poll(() => host.page.getByRole("button", { name: "Rematch accepted" }).isDisabled()).toBe(true);

    // Bjørn sits down again, then closes his page without accepting: the host accepts for him.
    await takeSeat(guest.page, 0, "Bjørn");
    await expect
      .poll(() => host.page.locator(".rematch-waiting").textContent())
      .toBe(isolated`Waiting for ${"Bjørn"} to accept the rematch`);
    expect(await host.page.locator(".rematch-free").count()).toBe(0);
    await guest.page.close();
    const forAbsent = host.page.getByRole("button", { name: "Accept the rematch for absent players" });
    await expect.poll(() => forAbsent.isEnabled(), { timeout: 15_000 }).toBe(true);
    await screenshot(host.page, "rematch-5-host-for-absent");
    await forAbsent.click();
    await host.page.waitForSelector('#app[data-status="playing"]');
    expect((await snapshot(id)).game?.number).toBe(3);

    for (const { context } of [host, guest]) await context.close();
  });
});
