/**
 * How the pages look: a six-player table with pieces of every colour on the
 * board, shown as it is and as people with protanopia, deuteranopia and
 * tritanopia see it (Chromium's own simulation, through DevTools), in light
 * and dark mode, on a desktop and on a phone; the front page (with the race's
 * and the capture variant's pieces), a table waiting for players and the
 * embedded table in both modes. The screenshots go to test-results/screenshots/
 * (appearance-*.png). Checked besides the pictures: every piece carries its
 * point's mark and every seat's swatch its point's, the six marks differ, the
 * last round's five moves are numbered 1 to 5 on five different points' pieces, the
 * dark page is dark (page, panels, board) and the light page light, and
 * nothing overflows sideways on the phone.
 *
 * The position is fixed: six players seated from Node play three rounds with
 * the greedy computer player and then disconnect, so every picture shows the
 * same board.
 */
import { mkdir } from "node:fs/promises";
import type { Browser, BrowserContext, CDPSession, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable } from "../../src/client/sdk/index.ts";
import { POINTS } from "../../src/rules/index.ts";
import {
  baseUrl,
  DESKTOP,
  fetchFromOwnAddress,
  launch,
  openMoreSettings,
  overflowsSideways,
  PHONE,
  screenshot,
  screenshotDir,
  screenshotsWanted,
} from "./helpers.ts";
import { sixPlayerGame } from "./tables.ts";

let browser: Browser;
let id: string;

const VISIONS = ["none", "protanopia", "deuteranopia", "tritanopia"] as const;
const SCHEMES = ["light", "dark"] as const;
const PLIES = 18;

beforeAll(async () => {
  browser = await launch();
  id = await sixPlayerTable();
});
afterAll(async () => {
  await browser?.close();
});

/** A table of six players, seated and started from Node, after PLIES moves; then everyone disconnects. */
async function sixPlayerTable(): Promise<string> {
  const game = await sixPlayerGame();
  try {
    await game.playUntil((model) => model.moves.length >= PLIES);
  } finally {
    game.close();
  }
  return game.id;
}

async function open(
  scheme: (typeof SCHEMES)[number],
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale: "en-GB",
    baseURL: baseUrl,
    colorScheme: scheme,
    // No animations: the pictures show the board at rest.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `appearance-${name}`);
}

/**
 * A picture of the page, which the test compares: taken in every run, and saved as
 * appearance-<name>.png when the run asks for pictures.
 */
async function picture(page: Page, name: string): Promise<Buffer> {
  if (!screenshotsWanted) return page.screenshot();
  const path = `${screenshotDir}/appearance-${name}.png`;
  await mkdir(screenshotDir, { recursive: true });
  const taken = await page.screenshot({ path });
  console.log(`screenshot: ${path}`);
  return taken;
}

/** Shows the page as someone with this colour vision sees it: Chromium's simulation, which screenshots show too. */
async function simulate(session: CDPSession, vision: (typeof VISIONS)[number]): Promise<void> {
  await session.send("Emulation.setEmulatedVisionDeficiency", { type: vision });
}

/** The relative luminance (0 black … 1 white) of a computed CSS colour such as "rgb(21, 23, 26)". */
function luminance(css: string): number {
  const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  if (r === undefined || g === undefined || b === undefined) throw new Error(`not a colour: ${css}`);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** What the board shows: each piece's colour and the mark drawn on it, and each mark's shape. */
function boardMarks(page: Page) {
  return page.evaluate(() => {
    const pieces = Array.from(document.querySelectorAll<SVGGElement>("svg.board .hole[data-piece]")).map((hole) => {
      const mark = hole.querySelector("use.piece-mark");
      return {
        piece: hole.dataset.piece,
        mark: mark?.getAttribute("href") ?? null,
        shown: mark ? getComputedStyle(mark).visibility === "visible" : false,
      };
    });
    const shapes = Object.fromEntries(
      Array.from(document.querySelectorAll("svg.board symbol[id^='piece-mark-']")).map((symbol) => [
        symbol.id,
        symbol.querySelector("path")?.getAttribute("d"),
      ]),
    );
    const homeMarks = document.querySelectorAll("svg.board use.home-mark").length;
    const swatches = Array.from(document.querySelectorAll<SVGSVGElement>(".seat .swatch")).map((swatch) => ({
      point: Array.from(swatch.classList)
        .find((c) => c.startsWith("swatch-"))
        ?.slice("swatch-".length),
      mark: swatch.dataset.mark,
    }));
    return { pieces, shapes, homeMarks, swatches };
  });
}

function colours(page: Page) {
  return page.evaluate(() => {
    const style = (selector: string) => {
      const element = document.querySelector(selector);
      return element ? getComputedStyle(element) : null;
    };
    return {
      page: style("html")?.backgroundColor ?? "",
      panel: style(".side")?.backgroundColor ?? "",
      text: style("body")?.color ?? "",
      board: style(".star-body")?.fill ?? "",
    };
  });
}

describe("the table's colours, marks and dark mode", () => {
  for (const scheme of SCHEMES) {
    for (const [device, viewport] of [
      ["desktop", DESKTOP],
      ["phone", PHONE],
    ] as const) {
      it(`${scheme}, ${device}: every piece has its point's mark; seen with each colour vision`, async () => {
        const { context, page } = await open(scheme, viewport);
        await page.goto(`/t/${id}`);
        await page.waitForSelector('#app[data-status="playing"]');
        await expect.poll(() => page.locator(".move-list li").count()).toBe(PLIES);

        const { pieces, shapes, homeMarks, swatches } = await boardMarks(page);
        expect(pieces).toHaveLength(60);
        for (const point of POINTS)
          expect(
            pieces.filter((p) => p.piece === point),
            point,
          ).toHaveLength(10);
        for (const { piece, mark, shown } of pieces) {
          expect(mark, `${piece} piece`).toBe(`#piece-mark-${piece}`);
          expect(shown, `${piece} piece`).toBe(true);
        }
        expect(Object.keys(shapes).sort()).toEqual(POINTS.map((point) => `piece-mark-${point}`).sort());
        expect(new Set(Object.values(shapes)).size).toBe(6);
        expect(homeMarks).toBe(60); // the six points' holes
        expect(swatches.map((s) => s.point).sort()).toEqual([...POINTS].sort());
        expect(new Set(swatches.map((s) => s.mark)).size).toBe(6);
        // The page watches: the round is numbered, the five moves since the previous move of the one to move,
        // each badge on the piece of a different point (its mover's).
        const round = await page.locator("svg.board .since-badge").evaluateAll((badges) =>
          badges.map((badge) => {
            const landing = (badge as SVGGElement).dataset.landing;
            const hole = document.querySelector<SVGGElement>(`svg.board .hole[data-hole="${landing}"]`);
            return { n: badge.textContent, piece: hole?.dataset.piece };
          }),
        );
        expect(round.map((badge) => badge.n)).toEqual(["1", "2", "3", "4", "5"]);
        expect(new Set(round.map((badge) => badge.piece)).size).toBe(5);

        const seen = await colours(page);
        if (scheme === "dark") {
          expect(luminance(seen.page)).toBeLessThan(0.03);
          expect(luminance(seen.panel)).toBeLessThan(0.05);
          expect(luminance(seen.board)).toBeLessThan(0.1);
          expect(luminance(seen.text)).toBeGreaterThan(0.7);
        } else {
          expect(luminance(seen.page)).toBeGreaterThan(0.8);
          expect(luminance(seen.text)).toBeLessThan(0.05);
        }
        if (device === "phone") expect(await overflowsSideways(page)).toBe(false);

        // The emulation lasts as long as the DevTools session that set it.
        const session = await context.newCDPSession(page);
        const pictures = new Set<string>();
        for (const vision of VISIONS) {
          await simulate(session, vision);
          const taken = await picture(page, `table-${scheme}-${device}-${vision === "none" ? "normal" : vision}`);
          pictures.add(taken.toString("base64"));
        }
        expect(pictures.size).toBe(VISIONS.length); // each simulation did change the picture
        await session.detach();
        await context.close();
      });
    }
  }

  it("the front page (race and capture), a waiting table and the embedded table, light and dark", async () => {
    for (const scheme of SCHEMES) {
      for (const [device, viewport] of [
        ["desktop", DESKTOP],
        ["phone", PHONE],
      ] as const) {
        const { context, page } = await open(scheme, viewport);
        await page.goto("/");
        await openMoreSettings(page);
        await page.locator("#players").selectOption("6");
        await shot(page, `create-${scheme}-${device}`);
        expect(luminance((await colours(page)).page) < 0.03).toBe(scheme === "dark");
        if (device === "phone") expect(await overflowsSideways(page)).toBe(false);
        if (device === "desktop") {
          // The capture variant's neutral pieces: no one's, so no mark.
          await page.getByRole("radio", { name: /^Capture/ }).check();
          const neutral = page.locator('svg.board .hole[data-piece="neutral"]');
          await expect.poll(() => neutral.count()).toBeGreaterThan(0);
          expect(await page.locator("svg.board .hole[data-piece]:not([data-piece='neutral'])").count()).toBe(0);
          const marked = await neutral.evaluateAll(
            (holes) => holes.filter((hole) => hole.querySelector("use.piece-mark")?.hasAttribute("href")).length,
          );
          expect(marked).toBe(0);
          await shot(page, `create-capture-${scheme}`);
        }
        // A table waiting for players: the share box, the name field, the buttons.
        const waiting = await createTable(baseUrl, { players: 3 }, fetchFromOwnAddress);
        await page.goto(`/t/${waiting.id}`);
        await page.waitForSelector('#app[data-status="waiting"]');
        await shot(page, `lobby-${scheme}-${device}`);
        if (device === "phone") expect(await overflowsSideways(page)).toBe(false);
        await page.goto(`/embed/${id}`);
        await page.waitForSelector('#app[data-status="playing"]');
        await shot(page, `embed-${scheme}-${device}`);
        expect(luminance((await colours(page)).board) < 0.1).toBe(scheme === "dark");
        await context.close();
      }
    }
  });
});
