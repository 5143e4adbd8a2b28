/**
 * A table created with a turn clock and a chosen first seat: the waiting room
 * says who begins, that seat is the first to move, and the clock counts down
 * as m:ss in the status line and in the row of the seat to move.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isolated } from "../isolated.ts";
import { createFromForm, launch, screenshot, snapshot, takeSeat, visitor } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe("a table with a turn clock and a chosen first seat", () => {
  it("says who begins, starts with that seat, and counts its time down as m:ss", async () => {
    const host = await visitor(browser);
    const guest = await visitor(browser);
    const id = await createFromForm(host.page, async (page) => {
      await page.locator("#turnClock").selectOption({ label: "2 minutes" });
      await page.locator("#firstPlayer").selectOption({ label: "Seat 2" });
      await screenshot(page, "clock-0-create");
    });
    expect(await snapshot(id)).toMatchObject({ clock: { kind: "move", seconds: 120 }, firstPlayer: 1 });
    expect(await host.page.locator(".status .first-player").textContent()).toBe(isolated`${"Seat 2"} begins`);

    await guest.page.goto(`/t/${id}`);
    await takeSeat(guest.page, 1, "Bjørn");
    await expect.poll(() => host.page.locator(".status .first-player").textContent()).toBe(isolated`${"Bjørn"} begins`);
    await screenshot(host.page, "clock-1-who-begins");

    await host.page.getByRole("button", { name: "Start the game" }).click();
    await host.page.waitForSelector('#app[data-status="playing"]');
    expect(await host.page.locator(".seat.to-move").getAttribute("data-seat")).toBe("1");
    expect(await host.page.locator(".status .state").textContent()).toMatch(/^\u2068Bjørn\u2069 to move\b/);

    const statusClock = host.page.locator(".side > .clock");
    const seatClock = host.page.locator('.seat.to-move[data-seat="1"] .seat-clock');
    expect(await statusClock.textContent()).toMatch(/^\u2068(2:00|1:5\d)\u2069 left$/);
    expect(await seatClock.textContent()).toMatch(/^(2:00|1:5\d)$/);
    const first = await seatClock.textContent();
    await expect.poll(() => seatClock.textContent(), { timeout: 3000 }).not.toBe(first);
    expect(await seatClock.textContent()).toMatch(/^1:5\d$/);
    await screenshot(host.page, "clock-2-running");
  });
});
