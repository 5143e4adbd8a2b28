/**
 * A finished game worth studying (issue 24): after a race game the table page
 * analyses it in a worker, with a progress bar, then draws the race chart
 * under the replay, marks the move list, and shows the computer's better move
 * as an arrow on the board when a mark (or a point of the chart) is picked.
 * The worker's analysis is the one Node makes of the same game with
 * src/bots/analysis.ts, to the tenth of a move. In English, Finnish, Swedish
 * and Norwegian; on a desktop (1366 × 800) and a phone (390 × 844), light and
 * dark. The capture game gets a note instead of the button.
 * Screenshots: test-results/screenshots/analysis-*.png.
 *
 * The games are played from Node through the SDK: the strong computer player
 * against the greedy one, a whole race (about 70 moves), in seconds.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyseGame, type GameAnalysis } from "../../src/bots/index.ts";
import { createTable, hostTokenKey, memoryTokens, TableClient } from "../../src/client/sdk/index.ts";
import { chartGeometry, placeMarks } from "../../src/client/ui/analysis/chart.ts";
import { formatPath, type Variant } from "../../src/rules/index.ts";
import { referenceMove } from "../analysis-game.ts";
import { expectNoAxeViolations } from "./axe.ts";
import {
  baseUrl,
  DESKTOP,
  fetchFromOwnAddress,
  gameOf,
  launch,
  overflowsSideways,
  PHONE,
  screenshot,
  snapshot,
} from "./helpers.ts";

let browser: Browser;
/** The race, played to its end, and Node's analysis of it. */
let race: { id: string; analysis: GameAnalysis };
/** A capture game, over after a move each (the second player left). */
let capture: string;

/**
 * A two-player table of `variant`, played from Node: Aino (seat 1) as the
 * strong computer player, Bjørn as the greedy one, to the end, or for `moves`
 * moves after which Bjørn leaves.
 */
async function playedTable(variant: Variant, moves = Number.POSITIVE_INFINITY): Promise<string> {
  const table = await createTable(baseUrl, { variant, players: 2, firstPlayer: 0 }, fetchFromOwnAddress);
  const clients = [0, 1].map((seat) => {
    const tokens = memoryTokens();
    if (seat === 0) tokens.set(hostTokenKey(table.id), table.hostToken);
    return new TableClient({ baseUrl, tableId: table.id, tokens, WebSocket });
  });
  try {
    await clients[0]?.join(0, "Aino");
    await clients[1]?.join(1, "Bjørn");
    await clients[0]?.start();
    let mover = clients[0] as TableClient;
    for (let played = 0; played < moves; played++) {
      const model = mover.model;
      const turn = model?.turn;
      if (!model?.game || model.status !== "playing" || !turn) break;
      const next = clients[turn.seat] as TableClient;
      // The mover's model has its move and all it entailed; the next one's may not yet.
      await until(() => next.model?.game?.history.length === model.game?.history.length);
      const game = next.model?.game;
      const action = game && referenceMove(game);
      if (!action) throw new Error(`no move for seat ${turn.seat}`);
      await next.move(formatPath(action.move.path));
      mover = next;
    }
    if (mover.model?.status === "playing") await clients[1]?.leave();
  } finally {
    for (const client of clients) client.close();
  }
  return table.id;
}

/** Waits for `done` to hold, looking every 10 ms (for 5 s at most). */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error("waited 5 s in vain");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

beforeAll(async () => {
  const [launched, raceId, captureId] = await Promise.all([
    launch(),
    playedTable("classic"),
    playedTable("capture", 2),
  ]);
  browser = launched;
  capture = captureId;
  const game = gameOf(await snapshot(raceId));
  expect(game.isOver).toBe(true);
  race = { id: raceId, analysis: analyseGame(game) };
}, 60_000);

afterAll(async () => {
  await browser?.close();
});

async function open(
  id: string,
  {
    locale,
    viewport = DESKTOP,
    scheme = "light",
  }: { locale: string; viewport?: typeof DESKTOP; scheme?: "light" | "dark" },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale,
    baseURL: baseUrl,
    colorScheme: scheme,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  await page.goto(`/t/${id}`);
  await page.waitForSelector('#app[data-status="over"]');
  return { context, page };
}

/** Clicks the button that starts the analysis (found by its name in the page's language) and waits for the chart. */
async function analyse(page: Page, button: string): Promise<void> {
  await page.getByRole("button", { name: button }).click();
  await page.waitForSelector("svg.race-chart");
}

/** The moves Node's analysis marks on the chart (mistakes and blunders) and in the list (any verdict). */
function marked(analysis: GameAnalysis, verdicts: readonly string[]): number[] {
  return analysis.moves.flatMap((review) => (review && verdicts.includes(review.verdict) ? [review.ply] : []));
}

describe("a race, analysed in the browser", () => {
  it("in English on a desktop: progress, the chart, its marks and the better move on the board", async () => {
    const { context, page } = await open(race.id, { locale: "en-GB" });
    try {
      const section = page.locator("section.analysis");
      // Before it is asked for, the analysis is a button (described by what it does) and takes no more room.
      const button = section.getByRole("button", { name: "Analyse the game" });
      await button.waitFor();
      expect(await section.getByRole("heading").count()).toBe(0);
      expect(await button.getAttribute("title")).toBe(
        "The computer goes through the game: each player's moves to finish after every move, and the moves that lost the most.",
      );
      // Every value the progress bar took, as the page set them.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progress: string[] }).progress = seen;
        new MutationObserver((records) => {
          for (const record of records) {
            const bar = record.target as Element;
            if (bar.getAttribute("role") === "progressbar" && record.attributeName === "aria-valuenow")
              seen.push(`${bar.getAttribute("aria-valuenow")}/${bar.getAttribute("aria-valuemax")}`);
          }
        }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["aria-valuenow"] });
      });
      const started = Date.now();
      await analyse(page, "Analyse the game");
      const took = Date.now() - started;
      expect(await section.getByRole("heading", { level: 2 }).textContent()).toBe("Game analysis");
      const total = race.analysis.moves.length;
      const progress = await page.evaluate(() => (window as unknown as { progress: string[] }).progress);
      expect(progress.length).toBeGreaterThan(1);
      expect(progress.at(-1)).toBe(`${total}/${total}`);
      console.log(`analysis of ${total} moves in the browser: ${took} ms (click to chart)`);

      // The chart: its title and description, a line per player, the marks where Node's analysis has them.
      const chart = page.locator("svg.race-chart");
      expect(await chart.locator("title").first().textContent()).toBe("The race: moves to finish");
      expect(await chart.getAttribute("aria-describedby")).toBe("race-chart-desc");
      expect(await chart.locator("polyline.race-line").count()).toBe(2);
      const marks = chart.locator(".race-mark");
      const plies = await marks.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute("data-ply"))));
      // Every mistake and blunder, but those whose dot would touch a costlier one's at the chart's width.
      const [width, height] = ((await chart.getAttribute("viewBox")) ?? "").split(" ").slice(2).map(Number);
      const shown = placeMarks(race.analysis, chartGeometry(race.analysis.estimates, { width, height }));
      expect(plies).toEqual(shown.map((mark) => mark.review.ply));
      expect(plies.length).toBeGreaterThan(0);
      console.log(
        `chart ${width} wide: ${plies.length} marks of ${marked(race.analysis, ["mistake", "blunder"]).length}`,
      );
      // The move list marks every verdict but "good".
      const listed = await page
        .locator(".move-list li")
        .evaluateAll((items) => items.flatMap((item, i) => (item.querySelector(".verdict-mark") ? [i + 1] : [])));
      expect(listed).toEqual(marked(race.analysis, ["inaccuracy", "mistake", "blunder"]));

      // A mark, by keyboard: the replay shows the position after that move, the board the better move.
      const first = plies[0] as number;
      const review = race.analysis.moves[first - 1];
      await marks.first().focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => page.locator(".replay-status").textContent()).toBe(`Viewing move ${first} of ${total}`);
      const board = page.locator("svg.board");
      expect(await board.getAttribute("data-better-move")).toBe(review?.best ? formatPath(review.best) : null);
      expect(await board.getAttribute("data-last-move")).toBe(review ? formatPath(review.played) : null);
      expect(await chart.getAttribute("data-shown")).toBe(String(first));
      // The line under the chart, without the isolates round the names and numbers.
      const details = (await page.locator(".analysis-details").textContent())?.replace(/[\u2068\u2069]/g, "");
      expect(details).toContain(`After move ${first}.`);
      expect(details).toContain(`The computer's move ${formatPath(review?.best ?? [])}`);
      await screenshot(page, "analysis-desktop-en");

      // A click on the chart: the position nearest the click (the start, at the left edge).
      const box = await chart.boundingBox();
      if (!box) throw new Error("no chart box");
      await page.mouse.click(box.x + box.width * 0.09, box.y + box.height / 2);
      await expect.poll(() => chart.getAttribute("data-shown")).not.toBe(String(first));
      // The list of the moves that lost the most: a button each, to the same place.
      const worst = page.locator(".analysis-worst-move").last();
      const ply = Number(await worst.getAttribute("data-ply"));
      await worst.click();
      await expect.poll(() => page.locator(".replay-status").textContent()).toBe(`Viewing move ${ply} of ${total}`);
      await expectNoAxeViolations(page, "the analysed game, desktop");
    } finally {
      await context.close();
    }
  });

  it("in Finnish on a phone: under the board, readable at 390 px", async () => {
    const { context, page } = await open(race.id, { locale: "fi-FI", viewport: PHONE });
    try {
      await analyse(page, "Analysoi peli");
      expect(await page.locator("svg.race-chart title").first().textContent()).toBe("Kilpajuoksu: siirtoja maaliin");
      // Under the replay's controls, under the board.
      expect(await page.locator(".board-wrap .replay + section.analysis").count()).toBe(1);
      expect(await overflowsSideways(page)).toBe(false);
      const chart = await page.locator("svg.race-chart").boundingBox();
      expect(chart?.width).toBeGreaterThan(300);
      // A tap on the chart at the first mark: the nearest position is that move's.
      const mark = page.locator(".race-mark").first();
      const at = await mark.locator(".race-dot").boundingBox();
      if (!at) throw new Error("no mark box");
      await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2);
      await expect.poll(() => page.locator("svg.board").getAttribute("data-better-move")).not.toBeNull();
      await page.locator("section.analysis").scrollIntoViewIfNeeded();
      await screenshot(page, "analysis-phone-fi");
    } finally {
      await context.close();
    }
  });

  it.each([
    ["sv-SE", "Analysera partiet", "Loppet: drag kvar till mål", "Dragen som förlorade mest", "light"],
    ["nb-NO", "Analyser partiet", "Kappløpet: trekk igjen til mål", "Trekkene som tapte mest", "dark"],
  ] as const)("in %s (%s)", async (locale, button, title, worst, scheme) => {
    const { context, page } = await open(race.id, { locale, scheme });
    try {
      await analyse(page, button);
      expect(await page.locator("svg.race-chart title").first().textContent()).toBe(title);
      expect(await page.locator(".analysis-subheading").textContent()).toBe(worst);
      const mark = page.locator(".move-list .verdict-mark").first();
      expect(await mark.locator(".visually-hidden").textContent()).not.toMatch(/inaccuracy|mistake|blunder/);
      await page.locator(".analysis-worst-move").first().click();
      await expect.poll(() => page.locator("svg.board").getAttribute("data-better-move")).not.toBeNull();
      await screenshot(page, `analysis-desktop-${locale}-${scheme}`);
    } finally {
      await context.close();
    }
  });
});

describe("the capture game", () => {
  it("has a note instead of the button", async () => {
    const { context, page } = await open(capture, { locale: "en-GB" });
    try {
      const section = page.locator("section.analysis");
      await expect
        .poll(() => section.locator(".analysis-note").textContent())
        .toBe("Game analysis measures a race: it is not available for the capture game.");
      expect(await section.getByRole("button").count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
