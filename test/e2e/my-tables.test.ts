/**
 * "My tables" (/tables, issue 23) on a 390 px phone, against real tables in
 * every state: a game on this browser's turn (with a turn clock), a game on
 * the other player's turn, a table waiting for players (this browser its
 * host), a finished game, and a table that is gone. The page lists them in
 * that order with their players, whose turn and the time left; shows what it
 * kept at once on the next visit and then asks each table with its ETag (304);
 * Forget asks Yes or No and removes the table's keys; a tap opens the table.
 * In English in full, then the headings and texts in Finnish, Swedish and
 * Norwegian. Screenshots: test-results/screenshots/my-tables-*.png.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { greedyMove } from "../../src/bots/index.ts";
import {
  type Clock,
  createTable,
  hostTokenKey,
  memoryTokens,
  seatNumberKey,
  seatTokenKey,
  TableClient,
} from "../../src/client/sdk/index.ts";
import { snapshotCacheKey } from "../../src/client/sdk/storage.ts";
import { en } from "../../src/client/ui/i18n/en.ts";
import { fi } from "../../src/client/ui/i18n/fi.ts";
import { nb } from "../../src/client/ui/i18n/nb.ts";
import { sv } from "../../src/client/ui/i18n/sv.ts";
import { formatPath } from "../../src/rules/index.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { baseUrl, fetchFromOwnAddress, launch, overflowsSideways, PHONE, screenshot, smallTargets } from "./helpers.ts";
import { gameTable, lobbyTable, type TableAt } from "./tables.ts";

const PREFIX = "chinese-checkers:";
/** A table id of the right shape that the service never made: the API answers 404. */
const GONE_ID = "GoneGoneGoneGoneGoneGone";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let tables: { yourTurn: TableAt; theirTurn: TableAt; waiting: TableAt; over: TableAt };

/**
 * A two-player game, Aino (seat 1, host; the tokens are hers) against Bjørn,
 * after `moves` greedy moves from Aino on: an even number leaves Aino to move.
 */
async function twoPlayerGame(moves: number, clock: Clock = null): Promise<TableAt> {
  const table = await createTable(baseUrl, { players: 2, firstPlayer: 0, clock }, fetchFromOwnAddress);
  const ainoTokens = memoryTokens();
  ainoTokens.set(hostTokenKey(table.id), table.hostToken);
  const aino = new TableClient({ baseUrl, tableId: table.id, tokens: ainoTokens, WebSocket });
  const bjorn = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens(), WebSocket });
  try {
    await aino.join(0, "Aino");
    await bjorn.join(1, "Bjørn");
    await aino.start();
    for (let move = 0; move < moves; move++) {
      const player = move % 2 === 0 ? aino : bjorn;
      // The other player's move reaches this one after it is acknowledged to its sender.
      for (let waited = 0; player.model?.turn?.seat !== player.you.seat; waited += 10) {
        if (waited > 5000) throw new Error(`seat ${player.you.seat}'s turn did not come`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const action = player.model?.game ? greedyMove(player.model.game) : null;
      if (!action) throw new Error("no move");
      await player.move(formatPath(action.move.path));
    }
  } finally {
    aino.close();
    bjorn.close();
  }
  return {
    id: table.id,
    tokens: {
      [PREFIX + seatTokenKey(table.id)]: ainoTokens.get(seatTokenKey(table.id)) ?? "",
      [PREFIX + hostTokenKey(table.id)]: table.hostToken,
    },
  };
}

beforeAll(async () => {
  const made = await Promise.all([
    launch(),
    twoPlayerGame(2, { kind: "move", seconds: 3600 }),
    twoPlayerGame(1),
    lobbyTable(),
    gameTable(true),
  ]);
  [browser] = made;
  tables = { yourTurn: made[1], theirTurn: made[2], waiting: made[3], over: made[4] };
  context = await browser.newContext({
    viewport: PHONE,
    locale: "en-GB",
    baseURL: baseUrl,
    hasTouch: true,
    isMobile: true,
    reducedMotion: "reduce",
  });
  page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
});
afterAll(async () => {
  await browser?.close();
});

/** Text as a person reads it: without the isolates the page puts around names. */
const plain = (text: string | null) => (text ?? "").replace(/[\u2066-\u2069]/g, "").trim();

async function shot(name: string): Promise<void> {
  await screenshot(page, `my-tables-${name}`, { fullPage: true });
}

/** Opens /tables and waits until every table has answered. */
async function openMyTables(query = ""): Promise<void> {
  await page.goto(`/tables${query}`);
  await page.waitForSelector('#app[data-page="my-tables"][data-pending="0"]');
}

const headings = () => page.locator(".table-group h2").allTextContents();
const rowIds = () =>
  page.locator("li[data-table]").evaluateAll((rows) => rows.map((row) => row.getAttribute("data-table")));
const rowText = async (id: string) => plain(await page.locator(`li[data-table="${id}"]`).textContent());
const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), PREFIX + key);

describe("My tables", () => {
  it("lists the tables in order, shows the kept ones at once, asks each with its ETag, forgets and opens them", async () => {
    const { yourTurn, theirTurn, waiting, over } = tables;
    const m = en.messages;

    // A browser with no table: the page says so and offers to create one; the title bar has no link to it elsewhere.
    await openMyTables();
    expect(plain(await page.locator(".my-tables-list").textContent())).toContain(m.myTablesEmpty);
    await page.goto("/");
    expect(await page.locator(".my-tables-link").count()).toBe(0);

    // The tokens the tables' pages would have kept; the seat numbers too, but for the game on our turn, where
    // the table page itself keeps it as it learns its seat.
    await page.evaluate(
      (entries) => {
        for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
      },
      {
        ...yourTurn.tokens,
        ...theirTurn.tokens,
        ...waiting.tokens,
        ...over.tokens,
        [PREFIX + seatNumberKey(theirTurn.id)]: "0",
        [PREFIX + seatNumberKey(over.id)]: "0",
        [PREFIX + seatTokenKey(GONE_ID)]: "a-token-of-a-table-now-gone",
      },
    );
    await page.goto(`/t/${yourTurn.id}`);
    await page.waitForSelector('#app[data-seat="0"]');
    expect(await stored(seatNumberKey(yourTurn.id))).toBe("0");
    // The title bar links to the page once a table is kept.
    await page.locator(".topbar .my-tables-link").click();
    await page.waitForSelector('#app[data-page="my-tables"][data-pending="0"]');

    expect(plain(await page.locator("h1").textContent())).toBe(m.myTables);
    expect(await page.locator(".my-tables-link").getAttribute("aria-current")).toBe("page");
    expect(await headings()).toEqual([
      m["tablesGroup_your-turn"],
      m.tablesGroup_playing,
      m.tablesGroup_waiting,
      m.tablesGroup_over,
      m.tablesGroup_gone,
    ]);
    expect(await rowIds()).toEqual([yourTurn.id, theirTurn.id, waiting.id, over.id, GONE_ID]);
    const mine = await rowText(yourTurn.id);
    // An hour a move, read within the first minute: a fast machine reads it before its first second is gone.
    expect(mine).toMatch(/^Your turn · (1:00:00|59:\d\d) left/);
    expect(mine).toContain("Aino");
    expect(mine).toContain(m.you);
    expect(mine).toContain("Bjørn");
    expect(await page.locator(`li[data-table="${yourTurn.id}"] .swatch`).count()).toBe(2);
    expect(await rowText(theirTurn.id)).toMatch(/^Bjørn to move/);
    expect(await rowText(theirTurn.id)).not.toContain("left");
    expect(await rowText(waiting.id)).toMatch(/^Waiting for 2 more players/);
    expect(await rowText(waiting.id)).toContain(m.tableYouHost);
    expect(await rowText(over.id)).toMatch(/^Game over · Aino wins!/);
    // The game's players, though Bjørn's seat was freed when he left.
    expect(await rowText(over.id)).toContain("Bjørn");
    expect(await rowText(over.id)).not.toContain(m.freeSeat);
    expect(await rowText(GONE_ID)).toMatch(/^This table is gone: a table is deleted after \d+ days without play\./);
    expect(await page.locator(`li[data-table="${GONE_ID}"] a`).count()).toBe(0);
    expect(await smallTargets(page)).toEqual([]);
    expect(await overflowsSideways(page)).toBe(false);
    await page.setViewportSize({ width: 320, height: PHONE.height });
    expect(await overflowsSideways(page)).toBe(false);
    await page.setViewportSize(PHONE);
    await expectNoAxeViolations(page, "my tables, English, phone");
    await shot("en");
    // A desktop, in the dark theme: the colours' contrast there too.
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page, "my tables, English, desktop, dark");
    await shot("en-desktop-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize(PHONE);

    // Each table's snapshot is kept with its ETag (the gone one's is not).
    for (const table of [yourTurn, theirTurn, waiting, over]) {
      const kept = JSON.parse((await stored(snapshotCacheKey(table.id))) ?? "null");
      expect(kept?.snapshot?.id).toBe(table.id);
      expect(kept?.etag).toBeTruthy();
    }
    expect(await stored(snapshotCacheKey(GONE_ID))).toBeNull();

    // The next visit shows the kept tables before any answer, asks each table once with its ETag, and
    // the unchanged ones answer 304.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: { id: string; ifNoneMatch: string | null }[] = [];
    const answers: Record<string, number> = {};
    await page.route("**/api/tables/*", async (route) => {
      const request = route.request();
      asked.push({ id: request.url().split("/").pop() ?? "", ifNoneMatch: request.headers()["if-none-match"] ?? null });
      await held;
      await route.continue();
    });
    page.on("response", (response) => {
      if (response.url().includes("/api/tables/")) answers[response.url().split("/").pop() ?? ""] = response.status();
    });
    await page.reload();
    await page.waitForSelector('#app[data-page="my-tables"]');
    await expect.poll(() => asked.length).toBe(4); // four in flight, no more
    expect(await page.locator("#app").getAttribute("data-pending")).toBe("5");
    expect(await rowText(yourTurn.id)).toMatch(/^Your turn/);
    expect(await rowIds()).toEqual([yourTurn.id, theirTurn.id, waiting.id, over.id, GONE_ID]);
    expect(plain(await page.locator(".my-tables-status").textContent())).toBe(m.myTablesUpdating);
    release();
    await page.waitForSelector('#app[data-pending="0"]');
    await page.unroute("**/api/tables/*");
    expect(asked.map(({ id }) => id).sort()).toEqual([yourTurn.id, theirTurn.id, waiting.id, over.id, GONE_ID].sort());
    expect(asked.every(({ id, ifNoneMatch }) => (id === GONE_ID ? ifNoneMatch === null : Boolean(ifNoneMatch)))).toBe(
      true,
    );
    expect(answers).toEqual({
      [yourTurn.id]: 304,
      [theirTurn.id]: 304,
      [waiting.id]: 304,
      [over.id]: 304,
      [GONE_ID]: 404,
    });

    // Forget asks first, in place; No keeps the table, Yes forgets it on this device.
    const overRow = page.locator(`li[data-table="${over.id}"]`);
    await overRow.getByRole("button", { name: m.tableForget }).click();
    await page.waitForSelector(`li[data-table="${over.id}"] .forget-confirm`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(m.tableForgetNo);
    const question = overRow.locator(".forget-question");
    expect(plain(await question.textContent())).toBe(m.tableForgetQuestion);
    expect(await overRow.getByRole("group").getAttribute("aria-labelledby")).toBe(await question.getAttribute("id"));
    await expectNoAxeViolations(page, "my tables, Forget asking");
    await shot("en-forget");
    await overRow.getByRole("button", { name: m.tableForgetNo }).click();
    expect(await overRow.locator(".forget-confirm").count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.classList.contains("forget-button"))).toBe(true);
    await overRow.getByRole("button", { name: m.tableForget }).click();
    await overRow.getByRole("button", { name: m.tableForgetYes }).click();
    await expect.poll(rowIds).toEqual([yourTurn.id, theirTurn.id, waiting.id, GONE_ID]);
    expect(plain(await page.locator(".my-tables-status").textContent())).toBe(m.tableForgotten);
    for (const key of [seatTokenKey, hostTokenKey, seatNumberKey, snapshotCacheKey]) {
      expect(await stored(key(over.id))).toBeNull();
    }
    expect(await stored(seatTokenKey(yourTurn.id))).not.toBeNull();
    // And the gone table, with the keyboard.
    await page.locator(`li[data-table="${GONE_ID}"] .forget-button`).focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Shift+Tab"); // from No to Yes
    await page.keyboard.press("Enter");
    await expect.poll(rowIds).toEqual([yourTurn.id, theirTurn.id, waiting.id]);
    expect(await headings()).toEqual([m["tablesGroup_your-turn"], m.tablesGroup_playing, m.tablesGroup_waiting]);

    // A tap on a row opens its table.
    await page.locator(`li[data-table="${theirTurn.id}"] a.table-link`).tap();
    await page.waitForURL(`**/t/${theirTurn.id}`);
    await page.waitForSelector('#app[data-seat="0"]');
  });

  it("speaks Finnish, Swedish and Norwegian", async () => {
    for (const { language, messages } of [
      { language: "fi", messages: fi.messages },
      { language: "sv", messages: sv.messages },
      { language: "nb", messages: nb.messages },
    ]) {
      await openMyTables(`?lang=${language}`);
      expect(await page.locator("html").getAttribute("lang")).toBe(language);
      expect(plain(await page.locator("h1").textContent())).toBe(messages.myTables);
      expect(plain(await page.locator(".topbar .my-tables-link").textContent())).toBe(messages.myTables);
      expect(await headings()).toEqual([
        messages["tablesGroup_your-turn"],
        messages.tablesGroup_playing,
        messages.tablesGroup_waiting,
      ]);
      expect(await rowText(tables.yourTurn.id)).toMatch(new RegExp(`^${messages.yourTurn} · `));
      expect(await rowText(tables.theirTurn.id)).toMatch(
        new RegExp(`^${messages.turnOf.replace("{name}", "Bjørn").replace(/[()]/g, "\\$&")}`),
      );
      const forget = page.locator(`li[data-table="${tables.waiting.id}"] .forget-button`);
      expect(plain(await forget.textContent())).toBe(messages.tableForget);
      expect(await overflowsSideways(page)).toBe(false);
      await shot(language);
    }
  });
});
