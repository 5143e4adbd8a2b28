/**
 * The front page starts a game in one click: "Play a friend" makes a table
 * for two and lands its creator seated with the link ready to send; "Play the
 * computer" lands on a game already running against the computer. Both, and
 * the name before them, are in the first screen on a desktop and a phone; the
 * whole form is one click away, under "More settings".
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, inFirstScreen, launch, PHONE, screenshot, smallTargets, snapshot } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function visit(viewport: { width: number; height: number }): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, baseURL: baseUrl, isMobile: phone, hasTouch: phone });
  return context.newPage();
}

const tableId = (page: Page) => new URL(page.url()).pathname.split("/").pop() as string;

describe("the front page starts a game in one click", () => {
  it("the name and both games are in the first screen on a desktop and a phone; the whole form is under More settings", async () => {
    for (const [device, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      const page = await visit(viewport);
      await page.goto("/");
      for (const selector of ["#creator-name", "button.quick[value=friend]", "button.quick[value=computer]"]) {
        expect(await inFirstScreen(page, selector), `${device}: ${selector}`).toBe(true);
      }
      expect(await page.locator("#players").isVisible()).toBe(false);
      await screenshot(page, `front-page-${device}`);
      // Unfolded and changed in one moment, before the details' toggle event is told: it stays unfolded.
      const folded = await page.evaluate(() => {
        const more = document.querySelector<HTMLDetailsElement>("details.more-settings");
        const players = document.querySelector<HTMLSelectElement>("#players");
        if (!more || !players) throw new Error("no form");
        more.open = true;
        players.value = "4";
        players.dispatchEvent(new Event("change", { bubbles: true }));
        return !document.querySelector<HTMLDetailsElement>("details.more-settings")?.open;
      });
      expect(folded).toBe(false);
      await page.locator("#players").selectOption("2");
      expect(await page.locator("#players").isVisible()).toBe(true);
      if (device === "phone") expect(await smallTargets(page)).toEqual([]);
      // A change redraws the form; it stays unfolded.
      await page.locator("#players").selectOption("3");
      expect(await page.locator("details.more-settings[open]").count()).toBe(1);
      await page.context().close();
    }
  });

  it("Play the computer: a game for two against the computer, already running when the table opens", async () => {
    const page = await visit(DESKTOP);
    await page.goto("/");
    await page.locator("#creator-name").fill("Aino");
    await page.getByRole("button", { name: "Play the computer" }).click();
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('#app[data-status="playing"][data-seat="0"]');
    const table = await snapshot(tableId(page));
    expect(table.settings.players).toBe(2);
    expect(table.seats.map((seat) => [seat.name, seat.computer])).toEqual([
      ["Aino", null],
      ["Computer 2", "normal"],
    ]);
    expect(await page.locator(".share").count()).toBe(0);
    await screenshot(page, "front-page-computer-game");
    await page.context().close();
  });

  it("Play a friend (Enter in the name field): a table for two, its creator seated, the link first", async () => {
    const page = await visit(PHONE);
    await page.goto("/");
    await page.locator("#creator-name").fill("Aino");
    await page.locator("#creator-name").press("Enter");
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('#app[data-status="waiting"][data-seat="0"]');
    const table = await snapshot(tableId(page));
    expect(table.settings.players).toBe(2);
    expect(table.seats.map((seat) => seat.name)).toEqual(["Aino", null]);
    expect(await inFirstScreen(page, "#share-link")).toBe(true);
    await screenshot(page, "front-page-friend-lobby-phone");
    await page.context().close();
  });
});
