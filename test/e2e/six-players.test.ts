/**
 * A six-player game from start to end, as the player in seat 1 sees it on a
 * desktop (1366 × 800): the other five play from Node, and at each stage the
 * board, every seat, the replay's controls and the move list are in the one
 * window together, and after the end the places and the score as well.
 * Screenshots: test-results/screenshots/six-*.png, and the phone's at the end.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "./axe.ts";
import { baseUrl, DESKTOP, inFirstScreen, launch, PHONE, screenshot, snapshot, winnerLine } from "./helpers.ts";
import { type SixPlayerGame, seatedAt, sixPlayerGame } from "./tables.ts";

let browser: Browser;
let game: SixPlayerGame;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [browser, game] = await Promise.all([launch(), sixPlayerGame()]);
  context = await browser.newContext({ viewport: DESKTOP, locale: "en-GB", baseURL: baseUrl, reducedMotion: "reduce" });
  await seatedAt(context, game);
  page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
});
afterAll(async () => {
  game?.close();
  await browser?.close();
});

const SEATS = [0, 1, 2, 3, 4, 5].map((seat) => `.seat[data-seat="${seat}"]`);

async function expectOneScreen(selectors: readonly string[]): Promise<void> {
  // Once the page has laid itself out (a closed card, a move list scrolled to its end).
  await expect
    .poll(async () => {
      const outside: string[] = [];
      for (const selector of selectors) if (!(await inFirstScreen(page, selector))) outside.push(selector);
      return outside;
    })
    .toEqual([]);
}

describe("a six-player game reads at a glance, from the first move to the last", () => {
  it("shows the board, every seat, the replay and the moves in one window; after the end the places and the score too", async () => {
    await page.goto(`/t/${game.id}`);
    await page.waitForSelector('#app[data-seat="0"][data-status="playing"]');
    await expectOneScreen(["svg.board", ...SEATS]);
    await screenshot(page, "six-1-start");

    // A round and a half: Aino's turn again after everyone has moved since her last move.
    await game.playUntil((model) => model.moves.length >= 9);
    await game.playUntil((model) => model.turn?.seat === 0);
    await page.waitForSelector('#app[data-status="playing"] svg.board.interactive');
    await expectOneScreen(["svg.board", ...SEATS, ".replay", ".move-list li:last-child"]);
    await screenshot(page, "six-2-your-turn");

    await game.playUntil(() => false);
    // The page has drawn the whole game (moves from Node come faster than a player makes them).
    const last = (await snapshot(game.id)).seq;
    await page.waitForSelector(`#app[data-status="over"][data-seq="${last}"]`);
    const card = page.getByRole("dialog", { name: "Game over" });
    await card.waitFor();
    await screenshot(page, "six-3-over");
    await page.keyboard.press("Escape");
    await page.waitForSelector('#app[data-connection="open"]');
    await expect.poll(() => winnerLine(page)).toMatch(/ wins!/);
    await expectOneScreen(["svg.board", ...SEATS, ".standings", ".score-table", ".replay", ".move-list li:last-child"]);
    expect(await page.locator(".standings tbody tr").count()).toBe(6);
    await screenshot(page, "six-4-over-closed");
    await expectNoAxeViolations(page, "a six-player game over");
    await page.setViewportSize(PHONE);
    await screenshot(page, "six-5-over-phone");
  });
});
