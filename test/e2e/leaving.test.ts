/**
 * A player leaves a three-player race: everyone sees the "left" badge at
 * once, the leaver's pieces are gone from every board (they must block no
 * one's goal), the leaver's own page offers no second "Leave the game", and
 * the other two play on.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFromForm, launch, screenshot, snapshot, takeSeat, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** How many pieces of a colour a page's board shows. */
function piecesOf(page: Page, colour: string): Promise<number> {
  return page.locator(`.hole.occupied .piece[fill="url(#piece-${colour})"]`).count();
}

describe("a player who leaves a three-player race", () => {
  it("is shown as left to everyone, its pieces leave the board, and the others play on", async () => {
    const host = await visitor(browser);
    const second = await visitor(browser);
    const third = await visitor(browser);
    const id = await createFromForm(host.page, async (page) => {
      await page.locator("#players").selectOption("3");
      await page.locator("#firstPlayer").selectOption({ label: "Seat 1" });
    });
    await second.page.goto(`/t/${id}`);
    await takeSeat(second.page, 1, "Bjørn");
    await third.page.goto(`/t/${id}`);
    await takeSeat(third.page, 2, "Cecilia");
    await host.page.getByRole("button", { name: "Start the game" }).click();
    for (const { page } of [host, second, third]) await page.waitForSelector('#app[data-status="playing"]');

    const colour = (await snapshot(id)).seats[2].colours[0];
    expect(await piecesOf(host.page, colour)).toBe(10);
    // Leaving asks to be sure: the first click arms the button, the second leaves.
    await third.page.getByRole("button", { name: "Leave the game" }).click();
    await third.page.getByRole("button", { name: "Really leave? Click again" }).click();

    for (const { page } of [host, second, third]) {
      await expect.poll(() => page.locator('.seat[data-seat="2"] .badge').allTextContents()).toContain("left");
      await expect.poll(() => piecesOf(page, colour)).toBe(0);
    }
    expect(await third.page.getByRole("button", { name: "Leave the game" }).count()).toBe(0);
    const after = await snapshot(id);
    expect(after.status).toBe("playing");
    expect(after.seats[2]).toMatchObject({ resigned: true, place: 3 });
    expect(after.game?.turn?.seat).toBe(0);
    await screenshot(host.page, "leaving-three-players");
    // The same table on a phone, from the seat still to play.
    await second.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(second.page, "leaving-three-players-phone");
    await second.page.goto("/");
    await screenshot(second.page, "create-phone");
  });
});
