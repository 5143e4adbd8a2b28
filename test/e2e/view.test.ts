/**
 * How a player sees the table: the board turned so that their own point is
 * at the bottom (and back, remembered by the browser; spectators see N at
 * the top), arrow keys that keep their screen directions on the turned board,
 * the table's settings beside it, the last move's marks, and stepping back
 * and forth through the game (the board matching the engine's position at
 * each step) while moves go on, and after the end; the moves since your last
 * turn numbered on the board and in the list (a watcher's: the round), and
 * the hole names at the rows' ends when switched on, in line with their rows
 * on a turned board. On a desktop (1366 × 800)
 * and a phone (390 × 844), with no sideways overflow at 390 and 320 px.
 * Screenshots: test-results/screenshots/view-*.png.
 *
 * The tables are seated and played from Node through the SDK; each page
 * takes up its seat with the seat token put in its localStorage, as a page
 * that had joined would have it.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import {
  createTable,
  hostTokenKey,
  memoryTokens,
  seatTokenKey,
  TableClient,
  type TableSettingsInput,
} from "../../src/client/sdk/index.ts";
import type { Snapshot } from "../../src/protocol/index.ts";
import { formatPath, Game, holeName, POINT_HOLES, type Point, parseMove } from "../../src/rules/index.ts";
import { isolated } from "../isolated.ts";
import { expectNoAxeViolations } from "./axe.ts";
import {
  baseUrl,
  DESKTOP,
  fetchFromOwnAddress,
  inFirstScreen,
  launch,
  overflowsSideways,
  PHONE,
  screenshot,
  smallTargets,
  snapshot,
} from "./helpers.ts";

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const NAMES = ["Aino", "Bjørn", "Cecilia", "Dag"];

interface Table {
  readonly id: string;
  readonly clients: TableClient[];
  close(): void;
}

/**
 * A table created with `settings`, every seat taken from Node (seat 0 holds the host token), and started:
 * by the host, or by itself as the last seat is taken when it is made to start when full.
 */
async function startedTable(settings: TableSettingsInput, players: number): Promise<Table> {
  const table = await createTable(baseUrl, { ...settings, players }, fetchFromOwnAddress);
  const clients = Array.from({ length: players }, (_, seat) => {
    const tokens = memoryTokens();
    if (seat === 0) tokens.set(hostTokenKey(table.id), table.hostToken);
    return new TableClient({ baseUrl, tableId: table.id, tokens, WebSocket });
  });
  for (const [seat, client] of clients.entries()) await client.join(seat, NAMES[seat] as string);
  if (!settings.startWhenFull) await clients[0]?.start();
  return {
    id: table.id,
    clients,
    close: () => {
      for (const client of clients) client.close();
    },
  };
}

/** Plays `plies` moves (the greedy computer player's) for whoever is to move. */
async function play(table: Table, plies: number): Promise<void> {
  for (let ply = 0; ply < plies; ply++) {
    // The client that has seen the most: the last mover's has its move and all it entailed.
    const seq = Math.max(...table.clients.map((client) => client.model?.seq ?? 0));
    const model = table.clients.find((client) => client.model?.seq === seq)?.model;
    const game = model?.game;
    const turn = model?.turn;
    if (!game || !turn) throw new Error("the game is not on");
    const action = greedyMove(game);
    if (!action) throw new Error(`no move for seat ${turn.seat}`);
    await table.clients[turn.seat]?.move(formatPath(action.move.path));
  }
}

/** A page of its own (storage, cookies) at the table: seated when given a seat token, else a spectator. */
async function open(
  id: string,
  options: { token?: string | null; viewport?: { width: number; height: number }; scheme?: "light" | "dark" } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: "en-GB",
    baseURL: baseUrl,
    colorScheme: options.scheme ?? "light",
    reducedMotion: "reduce",
  });
  if (options.token) {
    await context.addInitScript(
      ([key, token]) => localStorage.setItem(key as string, token as string),
      [`chinese-checkers:${seatTokenKey(id)}`, options.token],
    );
  }
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  await page.goto(`/t/${id}`);
  await page.waitForSelector("#app[data-status]");
  return { context, page };
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `view-${name}`);
}

/** The pieces the board shows: hole name → colour (or "neutral"). */
function boardPieces(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<SVGGElement>("svg.board .hole[data-piece]")).map((hole) => [
        hole.dataset.hole,
        hole.dataset.piece,
      ]),
    ),
  );
}

/** The engine's position after the first `ply` moves of the table's game. */
function enginePieces(snap: Snapshot, ply: number): Record<string, string> {
  if (!snap.game) throw new Error("no game");
  const game = Game.replay(
    snap.settings,
    { firstPlayer: snap.game.firstPlayer },
    snap.game.moves.slice(0, ply).map(parseMove),
  );
  const pieces: Record<string, string> = {};
  game.board().forEach((occupant, hole) => {
    if (occupant) pieces[holeName(hole)] = occupant;
  });
  return pieces;
}

/** Where each hole's centre is on the screen. */
function holeCentres(page: Page): Promise<Record<string, { x: number; y: number }>> {
  return page.evaluate(() =>
    Object.fromEntries(
      Array.from(document.querySelectorAll<SVGGElement>("svg.board .hole")).map((hole) => {
        const box = (hole.querySelector(".hit") as SVGCircleElement).getBoundingClientRect();
        return [hole.dataset.hole, { x: box.x + box.width / 2, y: box.y + box.height / 2 }];
      }),
    ),
  );
}

/** The point whose holes lie lowest on the screen. */
async function pointAtBottom(page: Page): Promise<Point> {
  const centres = await holeCentres(page);
  const points = Object.keys(POINT_HOLES) as Point[];
  const depth = (point: Point) =>
    POINT_HOLES[point].reduce((sum, hole) => sum + (centres[holeName(hole)]?.y ?? 0), 0) / POINT_HOLES[point].length;
  return points.sort((a, b) => depth(b) - depth(a))[0] as Point;
}

/** The numbered badges on the board, in the order drawn: [landing hole, its number]. */
function sinceBadges(page: Page): Promise<[string, string][]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<SVGGElement>("svg.board .since-badge")).map((badge): [string, string] => [
      badge.dataset.landing ?? "",
      badge.textContent ?? "",
    ]),
  );
}

/** The plies (counted from 1) of the move list's rows marked as since, with their numbers. */
function sinceRows(page: Page): Promise<[number, string][]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".move-list li")).flatMap((row, index): [number, string][] =>
      row.classList.contains("since") ? [[index + 1, row.querySelector(".since-number")?.textContent ?? ""]] : [],
    ),
  );
}

/**
 * The moves made after `seat`'s last turn among the first `ply` actions of the table's game (all if
 * unset): their plies and landing holes, in order.
 */
function movesAfterTurnOf(snap: Snapshot, seat: number, ply?: number): { ply: number; landing: string }[] {
  if (!snap.game) throw new Error("no game");
  const { history } = Game.replay(
    snap.settings,
    { firstPlayer: snap.game.firstPlayer },
    snap.game.moves.slice(0, ply).map(parseMove),
  );
  const after = history.findLastIndex((action) => action.player === seat && action.kind !== "resign") + 1;
  return history.flatMap((action, index) =>
    index >= after && action.kind === "move"
      ? [{ ply: index + 1, landing: holeName(action.move.path.at(-1) as number) }]
      : [],
  );
}

/** What the board and the move list should number: each move's landing and ply, numbered from 1. */
async function expectSinceMarks(page: Page, moves: readonly { ply: number; landing: string }[]): Promise<void> {
  await expect.poll(() => sinceBadges(page)).toEqual(moves.map((move, i) => [move.landing, String(i + 1)]));
  expect(await sinceRows(page)).toEqual(moves.map((move, i) => [move.ply, String(i + 1)]));
}

/**
 * The hole names along the rows' ends as the screen shows them, each checked against the holes it names:
 * on the line through its row's two end holes, beyond the one it names by 1.2 pitches, and clear of
 * every piece. Returns how many there are.
 */
async function checkCoordinates(page: Page): Promise<number> {
  const seen = await page.evaluate(() => {
    const centre = (box: DOMRect) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
    const labels = Array.from(document.querySelectorAll<SVGTextElement>("svg.board .coordinate")).map((text) => {
      const box = text.getBoundingClientRect();
      return {
        text: text.textContent ?? "",
        named: text.dataset.names ?? "",
        box: { x: box.x, y: box.y, w: box.width, h: box.height },
        ...centre(box),
      };
    });
    const pieces = Array.from(document.querySelectorAll<SVGGElement>("svg.board .hole[data-piece] .piece")).map(
      (piece) => {
        const box = piece.getBoundingClientRect();
        return { ...centre(box), r: box.width / 2 };
      },
    );
    return { labels, pieces };
  });
  const centres = await holeCentres(page);
  const at = (name: string) => centres[name] as { x: number; y: number };
  const pitch = Math.hypot(at("k2").x - at("k1").x, at("k2").y - at("k1").y);
  for (const label of seen.labels) {
    expect(label.text, "a label names its hole").toBe(label.named);
    const row = label.text[0] as string;
    const rowHoles = Object.keys(centres).filter((name) => name[0] === row);
    const end = at(label.text);
    expect(Math.hypot(label.x - end.x, label.y - end.y) / pitch, label.text).toBeCloseTo(1.2, 1);
    // Upright: wider than tall, as a word is.
    expect(label.box.w, label.text).toBeGreaterThan(label.box.h * 0.8);
    if (rowHoles.length > 1) {
      // The row's other end: its last hole when the label names the first, else the first.
      const last = `${row}${rowHoles.length}`;
      const other = at(label.text === `${row}1` ? last : `${row}1`);
      const farther = rowHoles
        .map(at)
        .every(
          (hole) =>
            Math.hypot(label.x - hole.x, label.y - hole.y) >= Math.hypot(label.x - end.x, label.y - end.y) - 0.5,
        );
      expect(farther, `${label.text} lies beyond its row's end`).toBe(true);
      // On the row's line: its distance from the line through the row's two ends, in pitches.
      const off =
        Math.abs((end.x - other.x) * (label.y - other.y) - (end.y - other.y) * (label.x - other.x)) /
        Math.hypot(end.x - other.x, end.y - other.y);
      expect(off / pitch, `${label.text} in line with its row`).toBeLessThan(0.08);
    }
    for (const piece of seen.pieces) {
      const dx = Math.max(label.box.x - piece.x, 0, piece.x - (label.box.x + label.box.w));
      const dy = Math.max(label.box.y - piece.y, 0, piece.y - (label.box.y + label.box.h));
      expect(Math.hypot(dx, dy), `${label.text} clear of the piece at ${piece.x},${piece.y}`).toBeGreaterThan(piece.r);
    }
  }
  return seen.labels.length;
}

const focusedHole = (page: Page) =>
  page.evaluate(() => (document.activeElement as Element | null)?.getAttribute("data-hole") ?? null);

const turnButton = (page: Page) => page.getByRole("button", { name: "Turn the board" });

describe("your side and the game", () => {
  it("turns the board to each player's point, keeps the keys' directions, and turns it back", async () => {
    const table = await startedTable(
      { longJump: true, clock: { kind: "bank", seconds: 900, increment: 10 }, firstPlayer: 1, startWhenFull: true },
      3,
    );
    try {
      await play(table, 4);
      // Seat 2 plays SE: the board is turned a sixth clockwise, SE at the bottom.
      const second = await open(table.id, { token: table.clients[1]?.seatToken });
      const { page } = second;
      await page.waitForSelector('#app[data-seat="1"]');
      await expect.poll(() => pointAtBottom(page)).toBe("SE");
      expect(await page.locator("svg.board").getAttribute("data-turn")).toBe("1");
      expect(await turnButton(page).getAttribute("aria-pressed")).toBe("true");
      // Names and labels are as ever.
      expect(await page.locator('[data-hole="i5"]').getAttribute("aria-label")).toMatch(/^\u2068i5\u2069, /);

      // The table's settings beside the board: folded during the game, open at a click.
      const setting = (key: string) => page.locator(`.table-settings dd[data-setting="${key}"]`).textContent();
      expect(await page.locator(".table-settings").getAttribute("open")).toBeNull();
      await page.locator(".table-settings summary").click();
      expect(await page.locator(".table-settings").getAttribute("open")).not.toBeNull();
      expect(await setting("variant")).toBe("Classic race");
      expect(await setting("players")).toBe("3");
      expect(await setting("pieces")).toBe("10 per colour");
      expect(await setting("longJump")).toBe("Allowed");
      expect(await setting("clock")).toBe(isolated`${"15 minutes"} in the bank, + ${"10 seconds"} a move`);
      expect(await setting("begins")).toBe("Bjørn");
      expect(await setting("starts")).toBe("as soon as every seat is taken");
      await shot(page, "desktop-turned-se");

      // Arrow keys go the way they point on the screen.
      const centres = await holeCentres(page);
      await page.locator('[data-hole="i5"]').focus();
      for (const [key, check] of [
        [
          "ArrowRight",
          (a: { x: number; y: number }, b: { x: number; y: number }) => b.x > a.x + 5 && Math.abs(b.y - a.y) < 2,
        ],
        [
          "ArrowLeft",
          (a: { x: number; y: number }, b: { x: number; y: number }) => b.x < a.x - 5 && Math.abs(b.y - a.y) < 2,
        ],
        ["ArrowUp", (a: { x: number; y: number }, b: { x: number; y: number }) => b.y < a.y - 5],
        ["ArrowDown", (a: { x: number; y: number }, b: { x: number; y: number }) => b.y > a.y + 5],
      ] as const) {
        const from = (await focusedHole(page)) as string;
        await page.keyboard.press(key);
        const to = (await focusedHole(page)) as string;
        expect(to, `${key} from ${from}`).not.toBe(from);
        expect(
          check(centres[from] as { x: number; y: number }, centres[to] as { x: number; y: number }),
          `${key}: ${from} → ${to}`,
        ).toBe(true);
      }

      // Turned back: N at the top, as everyone else sees it; the browser remembers.
      await turnButton(page).click();
      expect(await turnButton(page).getAttribute("aria-pressed")).toBe("false");
      await expect.poll(() => pointAtBottom(page)).toBe("S");
      expect(await page.locator("svg.board").getAttribute("data-turn")).toBe("0");
      await page.reload();
      await page.waitForSelector('#app[data-seat="1"][data-status="playing"]');
      await expect.poll(() => pointAtBottom(page)).toBe("S");
      expect(await turnButton(page).getAttribute("aria-pressed")).toBe("false");
      await shot(page, "desktop-unturned");
      await turnButton(page).click();
      await expect.poll(() => pointAtBottom(page)).toBe("SE");

      // Seat 3 (SW) sees SW at the bottom; a spectator sees the board as it is, with no button.
      const third = await open(table.id, { token: table.clients[2]?.seatToken });
      await third.page.waitForSelector('#app[data-seat="2"]');
      await expect.poll(() => pointAtBottom(third.page)).toBe("SW");
      const watcher = await open(table.id);
      await expect.poll(() => pointAtBottom(watcher.page)).toBe("S");
      expect(await watcher.page.locator("button.turn-board").isHidden()).toBe(true);
      // A watcher sees the round numbered: the moves since the previous move of the player to move.
      const snap = await snapshot(table.id);
      const round = movesAfterTurnOf(snap, snap.game?.turn?.seat as number);
      expect(round.map((move) => move.ply)).toEqual([3, 4]);
      await expectSinceMarks(watcher.page, round);
      expect(await watcher.page.locator(".since-legend").textContent()).toBe("1 this round");

      for (const { context } of [second, third, watcher]) await context.close();
    } finally {
      table.close();
    }
  });

  it("seat 1 of two players (N) sees N at the bottom; seat 2 (S) has nothing to turn", async () => {
    const table = await startedTable({}, 2);
    try {
      const first = await open(table.id, { token: table.clients[0]?.seatToken });
      await first.page.waitForSelector('#app[data-seat="0"]');
      await expect.poll(() => pointAtBottom(first.page)).toBe("N");
      expect(await first.page.locator("svg.board").getAttribute("data-turn")).toBe("3");
      const second = await open(table.id, { token: table.clients[1]?.seatToken });
      await second.page.waitForSelector('#app[data-seat="1"]');
      await expect.poll(() => pointAtBottom(second.page)).toBe("S");
      expect(await second.page.locator("button.turn-board").isHidden()).toBe(true);
      await shot(first.page, "desktop-two-players-n");
      for (const { context } of [first, second]) await context.close();
    } finally {
      table.close();
    }
  });
});

describe("the last move and stepping through the game", () => {
  it("marks the last move, steps back and forth to the engine's positions, stays put as moves come, and returns", async () => {
    const table = await startedTable({}, 4);
    try {
      await play(table, 9);
      const seat = ((await snapshot(table.id)).game?.turn?.seat ?? 0) as number;
      const player = await open(table.id, { token: table.clients[seat]?.seatToken });
      const { page } = player;
      await page.waitForSelector(`#app[data-seat="${seat}"][data-status="playing"]`);
      await expect.poll(() => page.locator(".move-list li").count()).toBe(9);

      // The last move: a ring where it started, a halo where it ended, its path drawn.
      let snap = await snapshot(table.id);
      const last = parseMove(snap.game?.moves.at(-1) as string);
      if (last.kind !== "path") throw new Error("the last action is not a move");
      const path = last.path.map(holeName);
      expect(await page.locator("svg.board").getAttribute("data-last-move")).toBe(path.join("-"));
      expect(await page.locator(".hole.last-from").getAttribute("data-hole")).toBe(path[0]);
      expect(await page.locator(".hole.last-to").getAttribute("data-hole")).toBe(path.at(-1));
      expect(await page.locator(".hole.last-via").count()).toBe(path.length - 2);
      expect(await page.locator(".trail .trail-line").getAttribute("points")).toMatch(/\d/);
      expect(await page.locator("svg.board.interactive").count()).toBe(1); // this player's turn
      // The moves since this player's own: the other three's, numbered in order on the board and in the list,
      // each but the last (which has its own marks) with a faint line.
      const since = movesAfterTurnOf(snap, seat);
      expect(since.map((move) => move.ply)).toEqual([7, 8, 9]);
      await expectSinceMarks(page, since);
      expect(await page.locator(".since-lines .since-line").count()).toBe(2);
      expect(await page.locator(".since-legend").textContent()).toBe("1 since your last turn");
      expect(await page.locator(`[data-hole="${since[0]?.landing}"]`).getAttribute("aria-label")).toContain(
        "move 1 since your last turn",
      );
      await shot(page, "desktop-last-move");
      // One screen at 1366×800: the board, both players, the replay's controls and the move list, down to its last move.
      for (const selector of [
        "svg.board",
        '.seat[data-seat="0"]',
        '.seat[data-seat="1"]',
        ".replay",
        ".move-list li:last-child",
      ]) {
        expect(await inFirstScreen(page, selector), selector).toBe(true);
      }

      const status = page.locator(".replay .replay-status");
      const pieces = () => boardPieces(page);
      // Back one move: the engine's position after 8 moves, the 8th move marked in the list, no moves taken.
      await page.getByRole("button", { name: "Previous move" }).click();
      await expect.poll(() => status.textContent()).toBe("Viewing move 8 of 9");
      expect(await pieces()).toEqual(enginePieces(snap, 8));
      expect(await page.locator(".move-list li.shown").count()).toBe(1);
      expect(await page.locator(".move-list li").nth(7).getAttribute("class")).toContain("shown");
      expect(await page.locator("svg.board.interactive").count()).toBe(0);
      expect(await page.locator(".replay-tag").isVisible()).toBe(true);
      // The numbers follow the position shown: the moves since this player's own, up to there.
      await expectSinceMarks(page, movesAfterTurnOf(snap, seat, 8));
      await shot(page, "desktop-replay-back");
      await expectNoAxeViolations(page, "stepping back through the game");

      // The start, then forward one, then a move clicked in the list.
      await page.getByRole("button", { name: "Start of the game" }).click();
      await expect.poll(() => status.textContent()).toBe("Viewing the start of the game");
      expect(await pieces()).toEqual(enginePieces(snap, 0));
      expect(await page.locator(".hole.last-to").count()).toBe(0);
      await page.getByRole("button", { name: "Next move" }).click();
      await expect.poll(() => status.textContent()).toBe("Viewing move 1 of 9");
      expect(await pieces()).toEqual(enginePieces(snap, 1));
      await page.locator(".move-list li button.ply").nth(4).click();
      await expect.poll(() => status.textContent()).toBe("Viewing move 5 of 9");
      expect(await pieces()).toEqual(enginePieces(snap, 5));

      // Keys on the controls: right steps forward, left back, End returns to now.
      await page.getByRole("button", { name: "Next move" }).focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => status.textContent()).toBe("Viewing move 6 of 9");
      expect(await pieces()).toEqual(enginePieces(snap, 6));
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => status.textContent()).toBe("Viewing move 4 of 9");
      expect(await pieces()).toEqual(enginePieces(snap, 4));

      // A move comes meanwhile (the page's own seat, played from elsewhere): the view stays, the count goes up.
      await play(table, 1);
      await expect.poll(() => status.textContent()).toBe("Viewing move 4 of 10");
      expect(await pieces()).toEqual(enginePieces(snap, 4));
      await shot(page, "desktop-replay-while-playing");

      // Back to now: the present position, the new last move marked.
      await page.getByRole("button", { name: "Back to the current position" }).click();
      snap = await snapshot(table.id);
      await expect.poll(() => pieces()).toEqual(snap.game?.pieces);
      expect(await status.textContent()).toBe("Current position");
      expect(await page.locator(".replay-tag").isHidden()).toBe(true);
      expect(await page.locator(".move-list li.shown").count()).toBe(0);
      const newest = parseMove(snap.game?.moves.at(-1) as string);
      if (newest.kind === "path")
        expect(await page.locator("svg.board").getAttribute("data-last-move")).toBe(
          newest.path.map(holeName).join("-"),
        );
      await page.getByRole("button", { name: "Previous move" }).focus();
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => status.textContent()).toBe("Viewing move 9 of 10");
      await page.keyboard.press("End");
      await expect.poll(() => status.textContent()).toBe("Current position");
      // From anywhere on the page the arrows step too; on the board they move between holes instead.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => status.textContent()).toBe("Viewing move 9 of 10");
      await page.getByRole("heading", { name: "Moves" }).click();
      await page.keyboard.press("ArrowLeft");
      await expect.poll(() => status.textContent()).toBe("Viewing move 8 of 10");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => status.textContent()).toBe("Current position");
      await page.locator("svg.board .hole[tabindex='0']").focus();
      await page.keyboard.press("ArrowLeft");
      expect(await status.textContent()).toBe("Current position");

      // The hole names at the rows' ends, switched on: in line with their rows on the turned board, clear of
      // the pieces; remembered by the browser.
      expect(await page.locator("svg.board .coordinate").count()).toBe(0);
      await page.getByRole("checkbox", { name: "Coordinates" }).check();
      expect(await checkCoordinates(page)).toBe(32);
      expect(await page.locator("svg.board").getAttribute("data-turn")).not.toBe("0");
      expect(await inFirstScreen(page, "svg.board")).toBe(true);
      await shot(page, "desktop-coordinates");

      // Dark mode: the marks of the last move and the moves since stand out on the slate board.
      const dark = await open(table.id, { token: table.clients[seat]?.seatToken, scheme: "dark" });
      await expect.poll(() => dark.page.locator(".hole.last-to").count()).toBe(1);
      await dark.page.getByRole("checkbox", { name: "Coordinates" }).check();
      await shot(dark.page, "desktop-dark-last-move");
      await dark.page.getByRole("button", { name: "Previous move" }).click();
      await shot(dark.page, "desktop-dark-replay");
      await expectNoAxeViolations(dark.page, "stepping back, in dark mode");
      for (const { context } of [player, dark]) await context.close();
    } finally {
      table.close();
    }
  });

  it("marks the captured pieces of a capture chain, and the capture player's side is at the bottom", async () => {
    const table = await startedTable({ variant: "capture" }, 3);
    try {
      await play(table, 3);
      const { context, page } = await open(table.id, { token: table.clients[1]?.seatToken });
      await page.waitForSelector('#app[data-seat="1"][data-status="playing"]');
      await expect.poll(() => pointAtBottom(page)).toBe("SE");
      const snap = await snapshot(table.id);
      const game = Game.replay(
        snap.settings,
        { firstPlayer: snap.game?.firstPlayer },
        (snap.game?.moves ?? []).map(parseMove),
      );
      const last = game.history.at(-1);
      if (last?.kind !== "move") throw new Error("the last action is not a move");
      await expect.poll(() => page.locator(".trail .trail-captured").count()).toBe(last.move.captured.length);
      expect(await page.locator(".table-settings dd[data-setting='variant']").textContent()).toBe("Capture");
      await shot(page, "desktop-capture");
      await context.close();
    } finally {
      table.close();
    }
  });

  it("on a phone: the controls under the board, the settings folded, nothing sideways at 390 and 320 px; replay after the end", async () => {
    const table = await startedTable({ clock: { kind: "move", seconds: 120 }, startWhenFull: true }, 3);
    try {
      await play(table, 7);
      const { context, page } = await open(table.id, { token: table.clients[2]?.seatToken, viewport: PHONE });
      await page.waitForSelector('#app[data-seat="2"][data-status="playing"]');
      await expect.poll(() => pointAtBottom(page)).toBe("SW");
      expect(await page.locator(".board-wrap .replay").count()).toBe(1);
      expect(await page.locator(".table-settings").getAttribute("open")).toBeNull();
      expect(await overflowsSideways(page)).toBe(false);
      // Every control takes a finger: 44 × 44 px at least, links in the text and checkboxes' labels too.
      expect(await smallTargets(page)).toEqual([]);
      const played = await snapshot(table.id);
      await expectSinceMarks(page, movesAfterTurnOf(played, 2));
      await shot(page, "phone-turned");
      await page.getByRole("button", { name: "Previous move" }).click();
      await page.getByRole("button", { name: "Previous move" }).click();
      await expect.poll(() => page.locator(".replay .replay-status").textContent()).toBe("Viewing move 5 of 7");
      expect(await boardPieces(page)).toEqual(enginePieces(played, 5));
      await expectSinceMarks(page, movesAfterTurnOf(played, 2, 5));
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, "phone-replay");
      await expectNoAxeViolations(page, "stepping back, on a phone");
      await page.locator(".table-settings summary").click();
      await page.locator(".table-settings").scrollIntoViewIfNeeded();
      expect(await page.locator(`.table-settings dd[data-setting="starts"]`).textContent()).toBe(
        "as soon as every seat is taken",
      );
      await shot(page, "phone-settings");
      await page.setViewportSize({ width: 320, height: 700 });
      expect(await overflowsSideways(page)).toBe(false);
      await shot(page, "phone-320");

      // The game ends (two players leave); stepping through it works the same afterwards.
      await page.setViewportSize(PHONE);
      await page.getByRole("button", { name: "Back to the current position" }).click();
      for (const seat of [0, 1]) await table.clients[seat]?.leave();
      await page.waitForSelector('#app[data-status="over"]');
      const snap = await snapshot(table.id);
      const total = snap.game?.moves.length ?? 0;
      await expect.poll(() => page.locator(".move-list li").count()).toBe(total);
      await page.getByRole("button", { name: "Start of the game" }).click();
      await expect
        .poll(() => page.locator(".replay .replay-status").textContent())
        .toBe("Viewing the start of the game");
      expect(await boardPieces(page)).toEqual(enginePieces(snap, 0));
      await page.getByRole("button", { name: "Next move" }).click();
      await page.getByRole("button", { name: "Next move" }).click();
      await expect.poll(() => page.locator(".replay .replay-status").textContent()).toBe(`Viewing move 2 of ${total}`);
      expect(await boardPieces(page)).toEqual(enginePieces(snap, 2));
      await shot(page, "phone-after-the-end");

      // The hole names switched on, and the switch in Finnish after a reload: still on, the names in line.
      await page.getByRole("checkbox", { name: "Coordinates" }).check();
      expect(await checkCoordinates(page)).toBe(32);
      expect(await overflowsSideways(page)).toBe(false);
      await page.locator("svg.board").scrollIntoViewIfNeeded();
      await shot(page, "phone-coordinates");
      await page.goto(`/t/${table.id}?lang=fi`);
      await page.waitForSelector('#app[data-status="over"]');
      expect(await page.locator('label[for="coordinates"]').textContent()).toBe("Koordinaatit");
      expect(await page.getByRole("checkbox", { name: "Koordinaatit" }).isChecked()).toBe(true);
      expect(await checkCoordinates(page)).toBe(32);
      await context.close();
    } finally {
      table.close();
    }
  });
});
