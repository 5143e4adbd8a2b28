/**
 * Quick play from the front page: two strangers click "Play now" (a race for
 * two on a live clock, the choice a first visit starts with) and meet at the
 * same table with the game running, one click each, in every language and
 * on a desktop and a phone across the runs. The waiting panel takes the
 * choices' place without moving the page, says what is sought, for how
 * long and by how many, and passes axe. Cancel leaves nobody to be seated;
 * after the (here 3 s) wait, computer players fill the empty seats and the
 * game starts. The choices are remembered.
 */
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en } from "../../src/client/ui/i18n/en.ts";
import { fi } from "../../src/client/ui/i18n/fi.ts";
import type { Translation } from "../../src/client/ui/i18n/index.ts";
import { nb } from "../../src/client/ui/i18n/nb.ts";
import { sv } from "../../src/client/ui/i18n/sv.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, inFirstScreen, launch, PHONE, screenshot, snapshot } from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

type Viewport = { readonly width: number; readonly height: number };

/** A new visitor, in the language its browser asks for, on a desktop or a phone, at the front page. */
async function visit(locale: string, viewport: Viewport, path = "/"): Promise<Page> {
  const phone = viewport.width < 500;
  const context = await browser.newContext({ viewport, locale, baseURL: baseUrl, isMobile: phone, hasTouch: phone });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  await page.goto(path);
  // The page is drawn once its language has arrived.
  await page.waitForSelector("#quick-play", { state: "attached" });
  return page;
}

/** A visitor's clicks, counted: the promise is to be at a table within two. */
class Clicks {
  count = 0;
  async click(target: Locator): Promise<void> {
    this.count++;
    await target.click();
  }
}

const playNow = (page: Page, t: Translation) => page.getByRole("button", { name: t.messages.quickPlay });
const tableIdOf = (page: Page) => new URL(page.url()).pathname.split("/").pop() as string;

/** The visitor is looking: the pool took the seek. */
async function waitSeeking(page: Page): Promise<void> {
  await page.waitForSelector('.quick-play[data-state="seeking"] .quick-waiting:not(.concealed)');
}

/** The visitor's page is at a table, seated, with the game running; returns the table's id. */
async function atTable(page: Page): Promise<string> {
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{24}$/, { timeout: 20_000 });
  await page.waitForSelector('#app[data-status="playing"][data-seat]', { timeout: 20_000 });
  return tableIdOf(page);
}

/** The height of the front page's card: the waiting panel must not change it. */
const cardHeight = (page: Page) =>
  page.evaluate(() => document.querySelector(".create .card")?.getBoundingClientRect().height ?? 0);

const RUNS = [
  { t: en, locale: "en-GB", device: "desktop", viewport: DESKTOP },
  { t: fi, locale: "fi-FI", device: "phone", viewport: PHONE },
  { t: sv, locale: "sv-SE", device: "desktop", viewport: DESKTOP },
  { t: nb, locale: "nb-NO", device: "phone", viewport: PHONE },
] as const;

describe("quick play", () => {
  for (const { t, locale, device, viewport } of RUNS) {
    it(`${t.language}, ${device}: two strangers click Play now and meet at one table, the game running`, async () => {
      const [first, second] = [await visit(locale, viewport), await visit(locale, viewport)];
      const clicks = [new Clicks(), new Clicks()] as const;
      for (const page of [first, second]) {
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(t.language);
        expect(await inFirstScreen(page, "#quick-play"), `${device}: Play now in the first screen`).toBe(true);
      }
      const before = await cardHeight(first);
      await screenshot(first, `quick-play-front-${t.language}-${device}`);

      await clicks[0].click(playNow(first, t));
      await waitSeeking(first);
      const panel = first.locator(".quick-waiting");
      await expect.poll(() => panel.textContent()).toContain(t.messages.quickLookingFor);
      expect(await first.locator(".quick-elapsed").textContent()).toMatch(/^\d{1,2}:\d\d$/);
      expect(await first.getByRole("button", { name: t.messages.cancel }).isVisible()).toBe(true);
      expect(await cardHeight(first), "the waiting panel takes the choices' room").toBe(before);
      expect(await inFirstScreen(first, ".quick-waiting"), `${device}: the waiting panel in the first screen`).toBe(
        true,
      );
      await expectNoAxeViolations(first, `the waiting panel, ${t.language} ${device}`);
      await screenshot(first, `quick-play-waiting-${t.language}-${device}`);

      await clicks[1].click(playNow(second, t));
      const [firstTable, secondTable] = await Promise.all([atTable(first), atTable(second)]);
      expect(secondTable).toBe(firstTable);
      const seats = await Promise.all([first, second].map((page) => page.locator("#app").getAttribute("data-seat")));
      expect(seats.sort()).toEqual(["0", "1"]);
      const table = await snapshot(firstTable);
      expect(table.settings.players).toBe(2);
      expect(table.settings.variant).toBe("classic");
      expect(table.clock).toEqual({ kind: "bank", seconds: 300, increment: 5 });
      expect(table.seats.every((seat) => seat.name !== null && seat.computer === null)).toBe(true);
      expect(clicks.map((visitor) => visitor.count).every((count) => count <= 2)).toBe(true);
      await screenshot(second, `quick-play-table-${t.language}-${device}`);
      await first.context().close();
      await second.context().close();
    });
  }

  it("Cancel: the seek is over, nobody is seated with the one who cancelled, and the choice is remembered", async () => {
    const page = await visit("en-GB", DESKTOP);
    // A pool of its own: a race for two on the long clock.
    await page.locator("#quick-clock").selectOption("long");
    await playNow(page, en).click();
    await waitSeeking(page);
    await expect.poll(() => page.locator(".quick-fill-note").textContent()).toMatch(/\b0:0\d\b/);
    await page.getByRole("button", { name: en.messages.cancel }).click();
    await page.waitForSelector('.quick-play[data-state="idle"] .quick-choose:not(.concealed)');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("quick-play");

    // Someone else looks for the same game: nobody is there to meet.
    const other = await visit("en-GB", PHONE);
    await other.locator("#quick-clock").selectOption("long");
    await playNow(other, en).click();
    await waitSeeking(other);
    await expect.poll(() => other.locator(".quick-count").textContent()).toBe(en.messages.quickLooking_one);
    await other.waitForTimeout(4_500); // two waves and more
    expect(new URL(other.url()).pathname).toBe("/");
    await other.getByRole("button", { name: en.messages.cancel }).click();
    await other.waitForSelector('.quick-play[data-state="idle"]');
    const seats = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes("seat")));
    expect(seats).toEqual([]);

    await page.reload();
    expect(await page.locator("#quick-clock").inputValue()).toBe("long");
    await page.context().close();
    await other.context().close();
  });

  it("/?play=<pool> seeks at once, under the default name; after the wait, computer players fill the empty seats and the game starts", async () => {
    // A pool of its own: the capture game for two, as the lobby's element on another site links to it.
    const page = await visit("en-GB", PHONE, "/?play=capture-2-live");
    await waitSeeking(page);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.locator("#quick-variant").inputValue()).toBe("capture");
    // The offer comes after the server's wait (3 s under test), counted down before.
    expect(await page.locator("#quick-fill").isVisible()).toBe(false);
    expect(await page.locator(".quick-fill-note").textContent()).toContain(en.messages.quickFillIn.split("{")[0]);
    const fill = page.getByRole("button", { name: en.messages.quickFill });
    await fill.waitFor({ timeout: 10_000 });
    await expectNoAxeViolations(page, "the waiting panel with the offer of computer players");
    await screenshot(page, "quick-play-fill-offer-phone");
    await fill.click();
    const id = await atTable(page);
    const table = await snapshot(id);
    expect(table.settings.variant).toBe("capture");
    expect(table.seats.map((seat) => [seat.name, seat.computer === null])).toEqual([
      [en.messages.player, true],
      [expect.any(String), false],
    ]);
    await screenshot(page, "quick-play-fill-table-phone");
    await page.context().close();
  });
});
