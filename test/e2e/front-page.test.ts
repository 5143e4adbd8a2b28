/**
 * The front page starts a game in one click: "Play a friend" makes a table
 * for two and lands its creator seated with the link ready to send; "Play the
 * computer" lands on a game already running against the computer, under the
 * name typed or, with none, "Player" in the visitor's language. Both, and
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

async function visit(viewport: { width: number; height: number }, locale = "en-GB"): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, baseURL: baseUrl, isMobile: phone, hasTouch: phone, locale });
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

describe("Play the computer asks for no name: one click seats a fresh visitor under a default name", () => {
  /** Clicks "Play the computer" once and waits for the game against it, with this page in seat 1. */
  async function playComputer(page: Page): Promise<void> {
    await page.locator("button.quick[value=computer]").click();
    await page.waitForURL(/\/t\//);
    await page.waitForSelector('#app[data-status="playing"][data-seat="0"]');
  }

  it("with the name field empty, on a desktop and a phone: seated against the computer as Player, in the visitor's language", async () => {
    for (const [device, viewport, locale, name] of [
      ["desktop", DESKTOP, "en-GB", "Player"],
      ["phone", PHONE, "en-GB", "Player"],
      ["phone", PHONE, "fi-FI", "Pelaaja"],
    ] as const) {
      const page = await visit(viewport, locale);
      await page.goto("/");
      expect(await page.locator("#creator-name").inputValue(), `${device}, ${locale}`).toBe("");
      await playComputer(page);
      const table = await snapshot(tableId(page));
      expect(table.settings.players).toBe(2);
      expect(table.seats.map((seat) => [seat.name, seat.computer])).toEqual([
        [name, null],
        ["Computer 2", "normal"],
      ]);
      expect(await page.locator(".seat.you .name").textContent(), `${device}, ${locale}`).toBe(name);
      await screenshot(page, `front-page-computer-unnamed-${device}-${locale}`);
      // The default is not remembered as a name of the visitor's own: the field is empty on the next visit.
      await page.goto("/");
      expect(await page.locator("#creator-name").inputValue(), `${device}, ${locale}`).toBe("");
      await page.context().close();
    }
  });

  it("with a remembered name in the field: seated under that name, as before", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await visit(viewport);
      await page.goto("/");
      await page.evaluate(() => localStorage.setItem("chinese-checkers:name", "Aino"));
      await page.reload();
      expect(await page.locator("#creator-name").inputValue()).toBe("Aino");
      await playComputer(page);
      const table = await snapshot(tableId(page));
      expect(table.seats.map((seat) => [seat.name, seat.computer])).toEqual([
        ["Aino", null],
        ["Computer 2", "normal"],
      ]);
      expect(await page.locator(".seat.you .name").textContent()).toBe("Aino");
      await page.context().close();
    }
  });

  it("Play a friend still asks for the name: with the field empty it says so and makes no table", async () => {
    const page = await visit(DESKTOP);
    await page.goto("/");
    await page.locator("button.quick[value=friend]").click();
    await expect.poll(() => page.locator(".notice").textContent()).toBe("Choose a name of 1 to 24 characters.");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("creator-name");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.context().close();
  });
});
