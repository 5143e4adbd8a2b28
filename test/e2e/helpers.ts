/**
 * Helpers for the browser tests: the Chromium of @sparticuz/chromium through playwright-core,
 * pages that create, join and play a table by clicking, and the rules
 * engine to choose the moves.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import { memoryTokens, seatTokenKey, TableClient } from "../../src/client/sdk/index.ts";
import { MISSING_TEXT } from "../../src/client/ui/i18n/index.ts";
import type { Snapshot } from "../../src/protocol/index.ts";
import { formatPath, Game, type Move, parseMove } from "../../src/rules/index.ts";
import { browserArgs, browserFiles } from "./browser.ts";
import { expectOwnStyles } from "./page-styles.ts";

export const baseUrl = inject("baseUrl");
export const screenshotDir = inject("screenshotDir");
/**
 * Whether this run takes pictures of the pages: only when asked (`npm run screenshots`, SCREENSHOTS=1). No
 * assertion reads them (the appearance test compares pictures of its own); they are for a person to look
 * at, and each costs the headless shell's software rendering a second or more.
 */
export const screenshotsWanted = inject("screenshots");

/**
 * A client address of its own, as `CF-Connecting-IP` (which the worker keys its limits by and wrangler
 * dev passes on): the service lets one address create 10 tables and open 120 sockets a minute, and the
 * browser tests, all on 127.0.0.1, create more than that; friends at a table come from their own
 * addresses too. Random, so that test files in other processes do not share one.
 */
export function clientAddress(): string {
  const octet = () => Math.floor(Math.random() * 250) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** `fetch` from an address of its own: for the tables the tests make from Node. */
export const fetchFromOwnAddress: typeof fetch = (input, init) => {
  const headers = new Headers(init?.headers);
  headers.set("CF-Connecting-IP", clientAddress());
  return fetch(input, { ...init, headers });
};

/**
 * The file's browser: one launched for it; or, with E2E_SHARED_BROWSER=1, the one the global setup
 * launched (global-setup.ts), which the files share, each through a connection of its own (closing it
 * closes the file's contexts, not the browser).
 */
export async function launch(): Promise<Browser> {
  const endpoint = inject("browserEndpoint");
  const browser = endpoint ? await chromium.connect(endpoint) : await launchBrowser();
  // Every context (every visitor) comes from an address of its own.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext({
      ...options,
      extraHTTPHeaders: { "CF-Connecting-IP": clientAddress(), ...options?.extraHTTPHeaders },
    });
    context.on("console", (message) => {
      const page = message.page();
      if (page && message.type() === "error" && message.text().startsWith(MISSING_TEXT))
        missingTexts.set(page, [...(missingTexts.get(page) ?? []), message.text()]);
    });
    return context;
  };
  return browser;
}

/** What each page said of a text its page's texts lacked (i18n/index.ts, `t`; scripts/page-texts.mjs). */
const missingTexts = new WeakMap<Page, string[]>();

/** A browser of its own, with a fresh temporary profile (user-data dir). */
async function launchBrowser(): Promise<Browser> {
  const { executablePath, env } = await browserFiles();
  return chromium.launch({ executablePath, args: browserArgs(), env: { ...process.env, ...env } });
}

/** The screens the browser tests look at (the UI issue's desktop and phone). */
export const DESKTOP = { width: 1366, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A narrower phone, for the pages that were first checked there. */
export const SMALL_PHONE = { width: 360, height: 780 };

/** Whether the content is wider than the page (something overflows sideways). */
export const overflowsSideways = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

/** A new visitor: its own cookies and localStorage. */
export async function visitor(browser: Browser, locale = "en-GB"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, locale, baseURL: baseUrl });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

/**
 * Saves a picture of the page (the whole page with `fullPage`) as `<name>.png`, when the run asks for
 * pictures (`screenshotsWanted`); else does nothing. What the picture needs is waited for here: the page
 * in front (the headless shell draws no frame for a page in the back, and its capture fails or waits),
 * its fonts loaded, and no piece on its way across the board. A test that needs any of that itself waits
 * for it itself. Every page a test looks at so, with pictures or without, is checked to carry the styles
 * it shows (page-styles.ts), and to have had every text it asked for among its page's texts.
 */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectOwnStyles(page);
  expect(missingTexts.get(page) ?? [], `texts ${page.url()} lacked`).toEqual([]);
  if (!screenshotsWanted) return;
  await mkdir(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.bringToFront();
  await page.waitForFunction(() => document.fonts.status === "loaded" && !document.querySelector(".animation .moving"));
  try {
    await page.screenshot({ path, fullPage: options.fullPage ?? false });
  } catch (error) {
    // The headless shell now and then fails to capture a page ("Unable to capture screenshot"), or waits on
    // it until the timeout: a page that has not drawn a frame since it went to the back. Brought to the
    // front again, it draws one. Anything else is the test's to see.
    const message = String(error);
    if (!message.includes("Unable to capture screenshot") && !message.includes("Timeout")) throw error;
    await page.bringToFront();
    await page.screenshot({ path, fullPage: options.fullPage ?? false });
  }
  console.log(`screenshot: ${path}`);
}

/**
 * Creates a table from the front page with the whole form ("More settings"
 * unfolded), under `name`: the page lands on the table with its creator in
 * seat 1 (unless the choice was computers alone, where nobody sits and no
 * name is asked for). Returns the table's id.
 */
export async function createFromForm(
  page: Page,
  choose?: (page: Page) => Promise<void>,
  name = "Aino",
): Promise<string> {
  await page.goto("/");
  await openMoreSettings(page);
  await choose?.(page);
  const nameField = page.locator("#creator-name");
  const sitting = (await nameField.count()) > 0;
  if (sitting) await nameField.fill(name);
  await page.getByRole("button", { name: "Create table" }).click();
  await page.waitForURL(/\/t\/[A-Za-z0-9_-]{24}$/);
  await page.waitForSelector(sitting ? '#app[data-seat="0"]' : "#app[data-status]");
  return new URL(page.url()).pathname.split("/").pop() as string;
}

/**
 * The controls on the page smaller than a finger's 44 × 44 px (the board's
 * holes aside: the board has its own aids, touch.ts): each as its tag, text
 * and size. A checkbox or radio button is measured by its label, which is
 * what the finger takes. Hidden ones do not count.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, select, input, summary, textarea");
    for (const control of Array.from(controls)) {
      if (control.closest("svg")) continue;
      const target =
        control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")
          ? (control.closest("label") ?? control)
          : control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      const style = getComputedStyle(target);
      if (style.visibility === "hidden" || target.closest("[hidden], [inert]")) continue;
      if (box.height < 43.5 || box.width < 43.5) {
        const text = (target.textContent ?? "").trim().slice(0, 30) || target.getAttribute("aria-label") || "";
        small.push(
          `${target.tagName.toLowerCase()}.${target.className} "${text}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return small;
  });
}

/** Whether the element is wholly in the first screenful: the page scrolled to its top, the element inside the window. */
export async function inFirstScreen(page: Page, selector: string): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.locator(selector).first().boundingBox();
  const viewport = page.viewportSize();
  return box !== null && viewport !== null && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** Unfolds the front page's whole form, folded under "More settings" below the one-click games. */
export async function openMoreSettings(page: Page): Promise<void> {
  const more = page.locator("details.more-settings");
  if ((await more.getAttribute("open")) === null) await more.locator("summary").click();
}

/** A page, or a frame in one (an embedded table): what the helpers below click and read. */
export type Surface = Pick<Page, "evaluate" | "locator" | "getByRole" | "waitForSelector">;

/**
 * Who won, where the page says it (once): on the end-of-game card while it
 * is open, else in the status.
 */
export async function winnerLine(page: Surface): Promise<string | null> {
  // Whichever shows first: asking whether the card is open, then for the other, could ask just before it opens.
  return page.locator(".game-over:not([hidden]) .end-winner, .status .winner").first().textContent();
}

export async function takeSeat(page: Surface, seat: number, name: string): Promise<void> {
  await page.locator("#player-name").fill(name);
  // The button says "Sit here"; its accessible name adds the seat (and starts with what it says).
  await page.getByRole("button", { name: `Sit here, seat ${seat + 1}` }).click();
  await page.waitForSelector(`#app[data-seat="${seat}"]`);
}

export async function snapshot(id: string): Promise<Snapshot> {
  const response = await fetchFromOwnAddress(`${baseUrl}/api/tables/${id}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Snapshot;
}

/** The engine's game at the table, replayed from the snapshot's moves. */
export function gameOf(snap: Snapshot): Game {
  if (!snap.game) throw new Error("no game yet");
  return Game.replay(snap.settings, { firstPlayer: snap.game.firstPlayer }, snap.game.moves.map(parseMove));
}

/** The seat token a page keeps for a table in its localStorage. */
export async function seatToken(page: Surface, id: string): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), `chinese-checkers:${seatTokenKey(id)}`);
  if (!token) throw new Error("the page has no seat at this table");
  return token;
}

/**
 * Plays the game at a table to its end, fast: from Node, through the SDK,
 * with the seat tokens of the players' pages (a seat may have several
 * connections) and the greedy computer player's move for whoever is to
 * move. The pages stay seated and follow the game as it goes.
 */
export async function playToEnd(id: string, players: readonly Surface[]): Promise<void> {
  const clients = await Promise.all(
    players.map(async (page) => {
      const tokens = memoryTokens();
      tokens.set(seatTokenKey(id), await seatToken(page, id));
      const client = new TableClient({ baseUrl, tableId: id, tokens, WebSocket });
      await expect.poll(() => client.you.seat !== null && client.model !== null).toBe(true);
      return client;
    }),
  );
  try {
    let mover = clients[0] as TableClient;
    for (;;) {
      // The last mover's model has its move and all it entailed (passes, the end) once the move resolves.
      const model = mover.model;
      const turn = model?.turn;
      if (!model?.game || model.status !== "playing" || !turn) break;
      const action = greedyMove(model.game);
      const next = clients.find((client) => client.you.seat === turn.seat);
      if (!action || !next) throw new Error(`no move for seat ${turn.seat}`);
      await next.move(formatPath(action.move.path));
      mover = next;
    }
  } finally {
    for (const client of clients) client.close();
  }
}

/**
 * Plays one page's seat to the end of the game, from Node, through the SDK
 * with the page's seat token: the greedy computer player's move whenever it
 * is that seat's turn, while the table's computer players answer on their
 * own. The page stays seated and follows the game.
 */
export async function playSeatToEnd(id: string, page: Page, timeoutMs = 100_000): Promise<void> {
  const tokens = memoryTokens();
  tokens.set(seatTokenKey(id), await seatToken(page, id));
  const client = new TableClient({ baseUrl, tableId: id, tokens, WebSocket });
  try {
    await expect.poll(() => client.you.seat !== null && client.model !== null).toBe(true);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const model = client.model;
      if (!model?.game || model.status !== "playing") return;
      if (Date.now() > deadline) throw new Error(`the game did not end within ${timeoutMs / 1000} s`);
      if (model.turn?.seat === client.you.seat) {
        const action = greedyMove(model.game);
        if (!action) throw new Error(`no move for seat ${client.you.seat}`);
        await client.move(formatPath(action.move.path));
      } else {
        await new Promise((resolve) => setTimeout(resolve, 50)); // the computer's turn
      }
    }
  } finally {
    client.close();
  }
}

/** Waits until every page shows `count` moves in its move list. */
export async function waitForMoves(pages: readonly Page[], count: number): Promise<void> {
  for (const page of pages) await expect.poll(() => page.locator(".move-list li").count()).toBe(count);
}

/**
 * The piece on `hole`, once the page offers it to move: on the player's turn,
 * from the table's snapshot in the page's HTML (before the socket has opened,
 * or the page's code has all come) or from its socket.
 */
export async function movablePiece(page: Surface, hole: string): Promise<Locator> {
  await page.waitForSelector(`[data-hole="${hole}"].movable`);
  return page.locator(`[data-hole="${hole}"]`);
}

/** Plays a move by clicking: the piece once it is offered, then each hole of `clicks` (a destination, or capture landings). */
export async function clickMove(page: Surface, clicks: readonly string[]): Promise<void> {
  const [piece, ...landings] = clicks;
  if (piece !== undefined) await (await movablePiece(page, piece)).click();
  for (const hole of landings) await page.locator(`[data-hole="${hole}"]`).click();
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
