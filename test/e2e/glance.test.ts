/**
 * A table reads at a glance in each of the four languages, on a desktop
 * (1366 × 800) and a phone (390 × 844): the front page's one-click games
 * first; during a game the board, both seats, the replay and the move list in
 * one window, the moves since your last turn numbered and keyed, a wrong
 * click answered in words, the coordinates' switch; after the game the card
 * on at most a quarter of the board, saying who won, with the places and
 * the replay beside it; on the phone every control a finger's size and nothing
 * over the board while a piece is picked. The texts expected are the
 * translations' own, filled in as the page fills them. Screenshots:
 * test-results/screenshots/glance-<language>-*.png.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../src/client/ui/i18n/index.ts";
import { i18nIn } from "../translations.ts";
import { gameOf, inFirstScreen, launch, PHONE, screenshot, smallTargets, snapshot } from "./helpers.ts";
import { gameTable, gameToEnd, pageAt, type TableAt } from "./tables.ts";

let browser: Browser;
/** A game on Aino's turn (seat 1), after a move each; nobody moves in it. */
let playing: TableAt;
beforeAll(async () => {
  [browser, playing] = await Promise.all([launch(), gameTable()]);
});
afterAll(async () => {
  await browser?.close();
});

const LOCALES: Record<Language, string> = { en: "en-GB", fi: "fi-FI", sv: "sv-SE", nb: "nb-NO" };

function open(locale: string, table: TableAt | null, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  return pageAt(browser, { locale, table, phone });
}

async function outsideFirstScreen(page: Page, selectors: readonly string[]): Promise<string[]> {
  const outside: string[] = [];
  for (const selector of selectors) if (!(await inFirstScreen(page, selector))) outside.push(selector);
  return outside;
}

const area = async (page: Page, selector: string) => {
  const box = await page.locator(selector).boundingBox();
  return (box?.width ?? Number.POSITIVE_INFINITY) * (box?.height ?? Number.POSITIVE_INFINITY);
};

describe("a table reads at a glance in every language, on a desktop and a phone", () => {
  for (const lang of LANGUAGES) {
    it(`${lang}`, async () => {
      const i18n = i18nIn(lang);
      const locale = LOCALES[lang];

      // --- The front page: the name and both one-click games in the first screen, in the language.
      for (const phone of [false, true]) {
        const { context, page } = await open(locale, null, phone);
        await page.goto("/");
        await page.locator("button.quick[value=computer]").waitFor();
        expect(await page.locator("button.quick[value=friend]").textContent()).toContain(i18n.t("quickFriend"));
        expect(await page.locator("button.quick[value=computer]").textContent()).toContain(i18n.t("quickComputer"));
        expect(
          await outsideFirstScreen(page, [
            "#creator-name",
            "button.quick[value=friend]",
            "button.quick[value=computer]",
          ]),
        ).toEqual([]);
        if (phone) expect(await smallTargets(page)).toEqual([]);
        await context.close();
      }

      // --- A game on Aino's turn, after a move each: what happened since her last turn, and a wrong click.
      const snap = await snapshot(playing.id);
      const bjornsPiece = `svg.board .hole[data-piece="${gameOf(snap).playerColours[1]?.[0]}"]`;
      for (const phone of [false, true]) {
        const { context, page } = await open(locale, playing, phone);
        await page.goto(`/t/${playing.id}`);
        await page.waitForSelector('#app[data-status="playing"][data-seat="0"] svg.board.interactive');
        // Bjørn's move is the one since her last turn: numbered 1 on the board, keyed beside the moves.
        expect(await page.locator("svg.board .since-badge").count()).toBe(1);
        expect(await page.locator(".since-legend").textContent()).toContain(i18n.t("sinceLegend"));
        expect(await page.locator("label[for=coordinates]").textContent()).toBe(i18n.t("coordinates"));
        await page.locator(bjornsPiece).first().click();
        await expect
          .poll(() => page.locator(".pick-hint").textContent(), { timeout: 500 })
          .toBe(i18n.t("pickNotYours", { name: "Bjørn" }));
        const device = phone ? "phone" : "desktop";
        if (!phone) {
          await expect
            .poll(() =>
              outsideFirstScreen(page, [
                "svg.board",
                '.seat[data-seat="0"]',
                '.seat[data-seat="1"]',
                ".replay",
                ".move-list li:last-child",
              ]),
            )
            .toEqual([]);
        } else {
          expect(await smallTargets(page)).toEqual([]);
          // A piece picked: nothing over the board.
          await page.locator("svg.board .hole.movable").first().tap();
          await page.locator("svg.board .hole.destination").first().waitFor();
          await expect.poll(() => page.locator(".turn-board").isVisible()).toBe(false);
          expect(await page.locator(".pick-hint").isVisible()).toBe(false);
        }
        await screenshot(page, `glance-${lang}-${device}-playing`);
        await context.close();
      }

      // --- The game ends while Aino looks on: the card on at most a quarter of the board, saying who won once;
      // the places, the score and the replay beside it.
      {
        const game = await gameToEnd();
        const { context, page } = await open(locale, game);
        try {
          await page.goto(`/t/${game.id}`);
          await page.waitForSelector('#app[data-status="playing"][data-seat="0"]');
          await game.end();
          const card = page.getByRole("dialog", { name: i18n.t("gameOver") });
          await card.waitFor();
          expect(await card.locator(".end-winner").textContent()).toBe(i18n.t("winner", { name: "Aino" }));
          expect(await area(page, ".game-over")).toBeLessThanOrEqual(0.25 * (await area(page, "svg.board")));
          await expect
            .poll(() =>
              outsideFirstScreen(page, [
                "svg.board",
                '.seat[data-seat="0"]',
                ".standings",
                ".replay",
                ".move-list li:last-child",
              ]),
            )
            .toEqual([]);
          await screenshot(page, `glance-${lang}-desktop-over`);
          await page.setViewportSize(PHONE);
          expect(await smallTargets(page)).toEqual([]);
          await screenshot(page, `glance-${lang}-phone-over`);
        } finally {
          game.close();
          await context.close();
        }
      }
    });
  }
});
