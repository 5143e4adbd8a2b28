/**
 * Phones. A move tapped with a finger on a 390 × 844 touch screen: a tap
 * 12 px off the piece picks it, the board zooms on the piece and where it can
 * go so that every destination is at least a 44 px target, and a tap 12 px
 * off a destination, towards the nearest other target, plays the move there;
 * then the board zooms out. And no page scrolls sideways at 320 or 390 px in
 * any language: the front page, a table waiting for players (as its host, the
 * widest rows), a game on the player's turn with a piece picked, the game over,
 * and the embedded table; the language menu is on screen. And a player at a
 * computer continues on a phone with a one-time link. Screenshots:
 * test-results/screenshots/phone-*.png, handover-*.png.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostTokenKey, seatTokenKey } from "../../src/client/sdk/index.ts";
import { en } from "../../src/client/ui/i18n/en.ts";
import { fi } from "../../src/client/ui/i18n/fi.ts";
import { holeName } from "../../src/rules/index.ts";
import { expectNoAxeViolations } from "./axe.ts";
import {
  baseUrl,
  DESKTOP,
  gameOf,
  launch,
  overflowsSideways,
  PHONE,
  screenshot,
  smallTargets,
  snapshot,
  visitor,
} from "./helpers.ts";
import { gameTable, type PageTables, pageTables, seatedAt, type TableAt } from "./tables.ts";

let browser: Browser;
// Made once for all the tests; whoever sits down at the lobby leaves again.
let tables: PageTables;
beforeAll(async () => {
  [browser, tables] = await Promise.all([launch(), pageTables()]);
});
afterAll(async () => {
  await browser?.close();
});

/** The smallest target a finger hits reliably (Apple asks 44 pt, Material 48 dp). */
const MIN_TARGET_PX = 44;

async function phone(
  table: TableAt | null,
  viewport: { width: number; height: number },
  locale = "en-GB",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale,
    baseURL: baseUrl,
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    reducedMotion: "reduce",
  });
  if (table) await seatedAt(context, table);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `phone-${name}`, { fullPage: true });
}

/** The centre of each hole's hit area on screen, and its width. */
function holesOnScreen(page: Page, holes: readonly string[]) {
  return page.evaluate((names) => {
    const out: Record<string, { x: number; y: number; size: number }> = {};
    for (const name of names) {
      const rect = document.querySelector(`[data-hole="${name}"] .hit`)?.getBoundingClientRect();
      if (rect) out[name] = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2, size: rect.width };
    }
    return out;
  }, holes);
}

const classesOf = (page: Page, hole: string) =>
  page.locator(`[data-hole="${hole}"]`).evaluate((element) => element.getAttribute("class") ?? "");
const viewBox = (page: Page) => page.locator("svg.board").evaluate((svg) => svg.getAttribute("viewBox"));

describe("a phone", () => {
  it("taps a move with a finger, off-centre: the board zooms so every destination is a 44 px target", async () => {
    const table = await gameTable();
    const { context, page } = await phone(table, PHONE);
    await page.goto(`/t/${table.id}`);
    await page.waitForSelector('#app[data-status="playing"][data-seat="0"] svg.board.interactive');
    const before = await snapshot(table.id);
    const whole = await viewBox(page);

    // The piece with the most destinations, and of those the one nearest another target: the hardest to hit.
    const moves = gameOf(before).legalMoves();
    const byPiece = new Map<string, string[]>();
    for (const move of moves) {
      const from = holeName(move.path[0] as number);
      byPiece.set(from, [...(byPiece.get(from) ?? []), holeName(move.path[move.path.length - 1] as number)]);
    }
    const [piece, destinations] = [...byPiece].sort((a, b) => b[1].length - a[1].length)[0] as [string, string[]];
    expect(destinations.length).toBeGreaterThan(2);

    // A tap 12 px off the piece picks it.
    const pieceAt = (await holesOnScreen(page, [piece]))[piece];
    if (!pieceAt) throw new Error("no piece on screen");
    await page.touchscreen.tap(pieceAt.x + 12, pieceAt.y);
    await expect.poll(() => classesOf(page, piece)).toContain("selected");
    await expect.poll(() => page.locator("svg.board").getAttribute("class")).toContain("zoomed");
    expect(await viewBox(page)).not.toBe(whole);
    // Nothing covers the board while a piece is picked: the turn button, over its corner, is gone till the move.
    await expect.poll(() => page.locator(".turn-board").isVisible()).toBe(false);
    await shot(page, "touch-zoomed");

    // Every destination's target: its cell, and no other target nearer than 44 px (a tap snaps to the nearest).
    const targets = [...byPiece.keys(), ...destinations];
    const seen = await holesOnScreen(page, targets);
    let hardest = { hole: "", towards: "", gap: Number.POSITIVE_INFINITY };
    for (const hole of destinations) {
      const at = seen[hole];
      if (!at) throw new Error(`${hole} is not on screen`);
      expect(at.size, `${hole}'s cell`).toBeGreaterThanOrEqual(MIN_TARGET_PX);
      expect(at.x).toBeGreaterThan(0);
      expect(at.x).toBeLessThan(PHONE.width);
      for (const other of targets) {
        const there = seen[other];
        if (other === hole || !there) continue;
        const gap = Math.hypot(there.x - at.x, there.y - at.y);
        if (gap < hardest.gap) hardest = { hole, towards: other, gap };
      }
    }
    expect(hardest.gap, `from ${hardest.hole} to ${hardest.towards}`).toBeGreaterThanOrEqual(MIN_TARGET_PX);

    // A tap 12 px off that destination, towards its nearest neighbouring target, plays the move there.
    const at = seen[hardest.hole];
    const towards = seen[hardest.towards];
    if (!at || !towards) throw new Error("lost the targets");
    const k = 12 / hardest.gap;
    await page.touchscreen.tap(at.x + (towards.x - at.x) * k, at.y + (towards.y - at.y) * k);
    await expect
      .poll(async () => (await snapshot(table.id)).game?.moves.length)
      .toBe((before.game?.moves.length ?? 0) + 1);
    const played = (await snapshot(table.id)).game?.moves.at(-1) ?? "";
    expect(played.startsWith(`${piece}-`), played).toBe(true);
    expect(played.endsWith(`-${hardest.hole}`), played).toBe(true);
    await expect.poll(() => viewBox(page)).toBe(whole);
    expect(await page.locator("svg.board").getAttribute("class")).not.toContain("zoomed");
    await expect.poll(() => page.locator(".turn-board").isVisible()).toBe(true);
    await shot(page, "touch-played");
    await context.close();
  });

  for (const locale of ["en-GB", "fi-FI", "sv-SE", "nb-NO"]) {
    const lang = locale.slice(0, 2);
    it(`${lang}: scrolls nothing sideways at 320 and 390 px on any page; the language menu is on screen`, async () => {
      const found: string[] = [];
      const pages: [string, TableAt | null, string, string][] = [
        ["home", null, "/", "form button[type=submit]"],
        ["lobby", tables.lobby, `/t/${tables.lobby.id}`, ".seat .add-computer"],
        ["playing", tables.playing, `/t/${tables.playing.id}`, "svg.board.interactive"],
        ["over", tables.over, `/t/${tables.over.id}`, ".standings"],
        ["embed", null, `/embed/${tables.playing.id}`, '#app[data-status="playing"]'],
      ];
      for (const [state, table, path, ready] of pages) {
        // The narrowest first; then the same page, widened as a phone turned would be.
        const { context, page } = await phone(table, { width: 320, height: 640 }, locale);
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        if (state === "playing") {
          await page.locator("svg.board .hole.movable").first().click();
          await page.locator("svg.board .hole.destination").first().waitFor();
        }
        for (const viewport of [
          { width: 320, height: 640 },
          { width: 390, height: 844 },
        ]) {
          await page.setViewportSize(viewport);
          const name = `${lang}-${viewport.width}-${state}`;
          // A whole page's picture is the slow part: each language at the narrowest width, where a long word
          // breaks the layout first; English at both. The sideways check below runs at both in every language.
          if (lang === "en" || viewport.width === 320) await shot(page, name);
          const wide = await page.evaluate(() => {
            const root = document.documentElement;
            const out: string[] = [];
            if (root.scrollWidth > root.clientWidth) out.push(`the page is ${root.scrollWidth} px wide`);
            // Anything cut off at the right edge (the language menu was).
            for (const element of Array.from(
              document.querySelectorAll("header *, main button, main select, main input"),
            )) {
              const rect = element.getBoundingClientRect();
              if (rect.width > 0 && rect.right > root.clientWidth + 0.5) {
                out.push(
                  `${element.tagName.toLowerCase()}.${element.getAttribute("class")} ends at ${Math.round(rect.right)}`,
                );
              }
            }
            return out;
          });
          for (const problem of wide) found.push(`${name}: ${problem}`);
          if (state !== "embed") expect(await page.locator("select#language").isVisible(), name).toBe(true);
        }
        await context.close();
      }
      expect(found).toEqual([]);
    });
  }
});

describe("continuing on another device", () => {
  it("a one-time link hands the seat (and hosting) from a computer to a phone: the phone plays, the computer watches, the link works once", async () => {
    const table = await gameTable(); // Aino, seat 1 and host, to move
    const desk = await browser.newContext({ viewport: DESKTOP, locale: "en-GB", baseURL: baseUrl });
    await seatedAt(desk, table);
    const computer = await desk.newPage();
    await computer.goto(`/t/${table.id}`);
    await computer.waitForSelector('#app[data-status="playing"][data-seat="0"] svg.board.interactive');

    await computer.getByText("Continue on another device").click();
    const field = computer.locator("#handover-link");
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/t/${table.id}#handover=[A-Za-z0-9_-]{22}$`));
    await computer.locator(".handover .qr svg").waitFor();
    expect(await computer.locator(".handover .hint").allTextContents()).toEqual([
      en.messages.handoverHint_other.replace("{n}", "10"),
      en.messages.handoverHostHint,
    ]);
    await screenshot(computer, "handover-0-link");
    await expectNoAxeViolations(computer, "the hand-over link shown");

    // The phone opens the link: the code leaves the address at once, and the phone sits in the seat.
    const { context: mobile, page: phonePage } = await phone(null, PHONE);
    await phonePage.goto(link);
    await phonePage.waitForSelector('#app[data-status="playing"][data-seat="0"] svg.board.interactive');
    expect(new URL(phonePage.url()).hash).toBe("");
    expect(await phonePage.locator(".notices").textContent()).toBe(en.messages.handoverTaken);
    await shot(phonePage, "handover-seated");

    // The computer is told, watches, and keeps no token.
    const moved = computer.locator(".handover-moved");
    await expect.poll(() => moved.textContent()).toBe(en.messages.handoverMoved);
    await computer.waitForSelector('#app[data-seat=""]');
    expect(await computer.locator("svg.board .hole.movable").count()).toBe(0);
    expect(await computer.locator(".handover details").count()).toBe(0);
    const kept = await computer.evaluate(
      (keys) => keys.map((key) => localStorage.getItem(key)),
      [seatTokenKey(table.id), hostTokenKey(table.id)].map((key) => `chinese-checkers:${key}`),
    );
    expect(kept).toEqual([null, null]);
    await screenshot(computer, "handover-1-moved");

    // The phone plays its move, by touch.
    const before = await snapshot(table.id);
    const [move] = gameOf(before).legalMoves();
    if (!move) throw new Error("no move");
    for (const hole of [move.path[0], move.path[move.path.length - 1]].map((at) => holeName(at as number))) {
      const at = (await holesOnScreen(phonePage, [hole]))[hole];
      if (!at) throw new Error(`${hole} is not on screen`);
      await phonePage.touchscreen.tap(at.x, at.y);
    }
    await expect
      .poll(async () => (await snapshot(table.id)).game?.moves.length)
      .toBe((before.game?.moves.length ?? 0) + 1);
    // On the phone, the fold opened shows its link and code within the screen's width, every control a finger's size.
    await phonePage.getByText("Continue on another device").click();
    await phonePage.locator(".handover .qr svg").waitFor();
    expect(await overflowsSideways(phonePage)).toBe(false);
    expect(await smallTargets(phonePage)).toEqual([]);
    await phonePage.locator(".handover").scrollIntoViewIfNeeded();
    await screenshot(phonePage, "phone-handover-link");

    // Opened again, on a third device (in Finnish): refused in its language, and nothing is taken.
    const third = await visitor(browser, "fi-FI");
    await third.page.goto(link);
    await expect.poll(() => third.page.locator(".notices").textContent()).toBe(fi.errors["invalid-handover"]);
    await third.page.waitForSelector('#app[data-status="playing"][data-seat=""]');
    expect(new URL(third.page.url()).hash).toBe("");
    await screenshot(third.page, "handover-2-used");
    await Promise.all([desk.close(), mobile.close(), third.context.close()]);
  });

  it("a link left on show past its 10 minutes is taken down, with a button for a new one", async () => {
    // Made with the page's clock run ten minutes ahead (Playwright's clock), which is all the page judges by.
    const table = await gameTable();
    const desk = await browser.newContext({ viewport: DESKTOP, locale: "en-GB", baseURL: baseUrl });
    await seatedAt(desk, table);
    const page = await desk.newPage();
    await page.clock.install();
    await page.goto(`/t/${table.id}`);
    await page.waitForSelector('#app[data-status="playing"][data-seat="0"]');
    await page.getByText("Continue on another device").click();
    await page.locator("#handover-link").waitFor();
    await page.clock.fastForward("10:01");
    await expect.poll(() => page.locator(".handover .hint").allTextContents()).toEqual([en.messages.handoverExpired]);
    expect(await page.locator("#handover-link").count()).toBe(0);
    // (A new link is not asked for here: this page's clock has jumped ten minutes, the server's has not.)
    expect(await page.getByRole("button", { name: "New link" }).isVisible()).toBe(true);
    await screenshot(page, "handover-3-expired");
    await desk.close();
  });
});
