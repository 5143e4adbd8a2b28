/**
 * Helpers for the browser tests: the Chromium of @sparticuz/chromium through playwright-core,
 * pages that create, join and play a table by clicking, and the rules
 * engine to choose the moves.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import type { Snapshot } from "../../src/protocol/index.ts";
import { Game, type Move, parseMove } from "../../src/rules/index.ts";
import { browserArgs, browserFiles } from "./browser.ts";

export const baseUrl = inject("baseUrl");
export const screenshotDir = inject("screenshotDir");

export async function launch(): Promise<Browser> {
  const { executablePath, env } = await browserFiles();
  // A default launch gets a fresh temporary profile (user-data dir) every time.
  return chromium.launch({
    executablePath,
    args: browserArgs(),
    env: { ...process.env, ...env },
  });
}

/** A new visitor: its own cookies and localStorage. */
export async function visitor(browser: Browser, locale = "en-GB"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale, baseURL: baseUrl });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
  return path;
}

/** Creates a table from the front page with the form; returns the table's id. */
export async function createFromForm(page: Page, choose?: (page: Page) => Promise<void>): Promise<string> {
  await page.goto("/");
  await choose?.(page);
  await page.getByRole("button", { name: "Create table" }).click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{16}$/);
  await page.waitForSelector("#app[data-status]");
  return new URL(page.url()).pathname.split("/").pop() as string;
}

export async function takeSeat(page: Page, seat: number, name: string): Promise<void> {
  await page.locator("#player-name").fill(name);
  await page.getByRole("button", { name: `Take seat ${seat + 1}` }).click();
  await page.waitForSelector(`#app[data-seat="${seat}"]`);
}

export async function snapshot(id: string): Promise<Snapshot> {
  const response = await fetch(`${baseUrl}/api/tables/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Snapshot;
}

/** The engine's game at the table, replayed from the snapshot's moves. */
export function gameOf(snap: Snapshot): Game {
  if (!snap.game) throw new Error("no game yet");
  return Game.replay(snap.settings, { firstPlayer: snap.game.firstPlayer }, snap.game.moves.map(parseMove));
}

/** Waits until every page shows `count` moves in its move list. */
export async function waitForMoves(pages: readonly Page[], count: number): Promise<void> {
  for (const page of pages) await expect.poll(() => page.locator(".move-list li").count()).toBe(count);
}

/** Plays a move by clicking: the piece, then each hole of `clicks` (a destination, or capture landings). */
export async function clickMove(page: Page, clicks: readonly string[]): Promise<void> {
  for (const hole of clicks) await page.locator(`[data-hole="${hole}"]`).click();
}

/**
 * A move for the side to move that sets up a jump chain soon: a chain of two
 * jumps or more when there is one, else the move after which (and one reply)
 * the side has the most chains.
 */
export function chainOrSetup(game: Game): { move: Move; chain: boolean } {
  const moves = game.legalMoves();
  const chain = moves.find((move) => move.path.length >= 3);
  if (chain) return { move: chain, chain: true };
  let best = moves[0];
  let bestScore = -1;
  for (const move of moves) {
    const trial = Game.replay(game.settings, { firstPlayer: game.firstPlayer }, game.history.map(toNotated));
    trial.apply({ kind: "path", path: move.path });
    const reply = trial.legalMoves().find((m) => m.path.length === 2) ?? trial.legalMoves()[0];
    if (reply) trial.apply({ kind: "path", path: reply.path });
    const score = trial.legalMoves().filter((m) => m.path.length >= 3).length;
    if (score > bestScore) {
      bestScore = score;
      best = move;
    }
  }
  return { move: best, chain: false };
}

function toNotated(action: Game["history"][number]) {
  switch (action.kind) {
    case "move":
      return { kind: "path", path: action.move.path } as const;
    case "pass":
      return { kind: "pass" } as const;
    case "resign":
      return { kind: "resign", player: action.player } as const;
  }
}
