/**
 * Each page loads what it shows (issue 33): the table page's parts that not
 * every visitor needs at once come in when shown or asked for, each file
 * fetched once. The notify switch, offered only to a seated player, comes
 * when the visitor takes a seat; the game's analysis when a game with moves
 * is over; table talk (the chat and the reactions) after the page's first
 * drawing, never in the files the page's HTML names.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTable, formatPath, memoryTokens, TableClient, type TokenStore } from "../../src/client/sdk/index.ts";
import { Game, holeName } from "../../src/rules/index.ts";
import { TRANSLATIONS } from "../translations.ts";
import { baseUrl, clickMove, fetchFromOwnAddress, launch, screenshot, snapshot, takeSeat, visitor } from "./helpers.ts";
import { gameTable, seatedAt } from "./tables.ts";

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
});

/** Every script the page fetched, by its file's name without the hash (`table-page/talk`), in order. */
function scriptsOf(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/build/") && path.endsWith(".js")) scripts.push(path.slice(7).replace(/-\w{8}\.js$/, ""));
  });
  return scripts;
}

const count = (scripts: readonly string[], part: string) => scripts.filter((script) => script === part).length;

describe("the table page fetches each part once, and only when it is shown or asked for", () => {
  it("talk after the first drawing, the notify switch on taking a seat, the analysis when the game is over", async () => {
    // Bjørn (seat 1, from Node) moves first; the visitor sits at seat 0 in the browser.
    const table = await createTable(baseUrl, { players: 2, startWhenFull: true, firstPlayer: 1 }, fetchFromOwnAddress);
    const { context, page } = await visitor(browser);
    try {
      const scripts = scriptsOf(page);
      await page.goto(`/t/${table.id}`);
      const html = await (
        await fetchFromOwnAddress(`${baseUrl}/t/${table.id}`, { headers: { Accept: "text/html" } })
      ).text();
      await page.waitForSelector('#app[data-status="waiting"]');
      // What the page's HTML names is the first screen: none of the parts is in it.
      for (const part of ["talk", "notify-toggle", "analysis-panel"]) expect(html).not.toContain(`/${part}-`);
      await page.waitForSelector(".chat");
      expect(count(scripts, "table-page/talk")).toBe(1);
      expect(count(scripts, "table-page/notify-toggle")).toBe(0);
      expect(count(scripts, "table-page/analysis-panel")).toBe(0);

      await takeSeat(page, 0, "Aino");
      await expect.poll(() => count(scripts, "table-page/notify-toggle")).toBe(1);
      const bjorn = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens(), WebSocket });
      try {
        await bjorn.join(1, "Bjørn");
        await page.waitForSelector('#app[data-status="playing"]');
        await expect.poll(() => bjorn.model?.turn?.seat).toBe(1);
        const [move] = bjorn.model?.game?.legalMoves() ?? [];
        if (!move) throw new Error("no move for Bjørn");
        await bjorn.move(formatPath(move.path));
        expect(count(scripts, "table-page/analysis-panel")).toBe(0);
        await bjorn.leave();
      } finally {
        bjorn.close();
      }
      await page.waitForSelector('#app[data-status="over"]');
      await page.waitForSelector(".analysis button.analyse");
      // Drawn again and again (the replay steps back and forth), the parts are not fetched again.
      await page.keyboard.press("ArrowLeft");
      await page.keyboard.press("ArrowRight");
      expect(count(scripts, "table-page/analysis-panel")).toBe(1);
      expect(count(scripts, "table-page/notify-toggle")).toBe(1);
      expect(count(scripts, "table-page/talk")).toBe(1);
    } finally {
      await context.close();
    }
  }, 60_000);
});

/** Every entry of a client's token store (the seat number beside the tokens too), as a page's localStorage keeps them. */
function storedAs(tokens: TokenStore): Record<string, string> {
  return Object.fromEntries((tokens.keys?.() ?? []).map((key) => [`chinese-checkers:${key}`, tokens.get(key) ?? ""]));
}

/**
 * Holds the rest of the table page's code back (the file of its rest's
 * module: during a game pages/table-rest.ts, between games
 * pages/table-live.ts) until the returned function is called.
 */
async function holdBackRest(page: Page, rest: "table-rest" | "table-live" = "table-rest"): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/build/pages/${rest}-\\w{8}\\.js$`), async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The board as drawn: its turn and last move, and each hole's classes, piece and label. */
function boardDrawing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const board = document.querySelector("svg.board");
    if (!board) return "no board";
    const holes = Array.from(
      board.querySelectorAll(".hole"),
      (hole) =>
        `${hole.getAttribute("data-hole")} ${hole.getAttribute("class")} ${hole.getAttribute("data-piece")} ${hole.getAttribute("aria-label")}`,
    );
    return [board.getAttribute("data-turn"), board.getAttribute("data-last-move"), ...holes].join("\n");
  });
}

describe("the table page draws its board from its HTML before the rest of its code has come", () => {
  it("turned to the player's seat, with the last move and the moves since, its socket open: as the whole page then keeps them", async () => {
    // Three play from Node, seats 0 to 2, each moving once; the browser is Bjørn's (seat 1), with his tokens
    // where the client keeps them. It is then Aino's turn, with Cai's move made since Bjørn's last turn.
    const table = await createTable(baseUrl, { players: 3, startWhenFull: true, firstPlayer: 0 }, fetchFromOwnAddress);
    const bjornTokens = memoryTokens();
    const players = [memoryTokens(), bjornTokens, memoryTokens()].map(
      (tokens) => new TableClient({ baseUrl, tableId: table.id, tokens, WebSocket }),
    );
    const { context, page } = await visitor(browser);
    try {
      for (const [seat, name] of ["Aino", "Bjørn", "Cai"].entries()) await players[seat]?.join(seat, name);
      for (const player of players) {
        await expect.poll(() => player.model?.turn?.seat).toBe(player.you.seat);
        const [move] = player.model?.game?.legalMoves() ?? [];
        if (!move) throw new Error("no move");
        await player.move(formatPath(move.path));
      }
      const lastMove = players[2]?.model?.lastMove?.path.join("-");
      players[1]?.close();
      await seatedAt(context, { id: table.id, tokens: storedAs(bjornTokens) });

      // The rest of the page's code is held back until the board has been read.
      const release = await holdBackRest(page);
      const sockets: string[] = [];
      page.on("websocket", (socket) => sockets.push(new URL(socket.url()).pathname));
      await page.goto(`/t/${table.id}`);
      // The page's own board, in the place of the worker's picture (which this browser, new to the table, was
      // given unturned).
      await page.waitForSelector("svg.board:not(.picture) .hole[data-piece]");
      const first = await boardDrawing(page);
      await page.evaluate(() => {
        (window as { firstBoard?: Element | null }).firstBoard = document.querySelector("svg.board");
      });
      // Turned to Bjørn's point, Cai's move traced and numbered as the one since Bjørn's turn, and nothing of
      // the page's panels there yet.
      const [turn, traced] = first.split("\n");
      expect(turn).not.toBe("0");
      expect(traced).toBe(lastMove);
      expect(await page.locator("svg.board .since-badges > *").count()).toBeGreaterThan(0);
      expect(await page.locator("aside.side").count()).toBe(0);
      // The table's socket is opened meanwhile.
      await expect.poll(() => sockets).toEqual([`/api/tables/${table.id}/ws`]);

      release();
      await page.waitForSelector('#app[data-status="playing"][data-seat="1"]');
      // The page is built around the same board, drawn as it was (not Bjørn's turn: nothing lights up).
      expect(
        await page.evaluate(
          () => (window as { firstBoard?: Element }).firstBoard === document.querySelector("svg.board"),
        ),
      ).toBe(true);
      expect(await boardDrawing(page)).toBe(first);
      // The page's client took that socket: no other was opened.
      expect(sockets).toHaveLength(1);
    } finally {
      for (const player of players) player.close();
      await context.close();
    }
  }, 60_000);
});

describe("on the visitor's turn, the board takes a move before the rest of the page's code has come", () => {
  it("shown played at once, and sent by the rest when it comes; the rest is asked for once the opening's files are in", async () => {
    // Aino (seat 0, the browser, with her tokens where the client keeps them) moves first; Bjørn plays from Node.
    const table = await createTable(baseUrl, { players: 2, startWhenFull: true, firstPlayer: 0 }, fetchFromOwnAddress);
    const ainoTokens = memoryTokens();
    const aino = new TableClient({ baseUrl, tableId: table.id, tokens: ainoTokens, WebSocket });
    const bjorn = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens(), WebSocket });
    const { context, page } = await visitor(browser);
    try {
      await aino.join(0, "Aino");
      await bjorn.join(1, "Bjørn");
      await expect.poll(() => aino.model?.turn?.seat).toBe(0);
      const step = aino.model?.game?.legalMoves().find((move) => move.path.length === 2);
      if (!step) throw new Error("no step for Aino");
      const path = step.path.map(holeName);
      const [from, to] = path;
      aino.close();
      await seatedAt(context, { id: table.id, tokens: storedAs(ainoTokens) });
      const release = await holdBackRest(page);
      await page.goto(`/t/${table.id}`);
      await clickMove(page, path);
      // The piece is in its new hole at once, though none of the page's panels is there, and the table has not
      // had the move: the board offers nothing more.
      await page.waitForSelector(`svg.board:not(.picture) [data-hole="${to}"][data-piece]`);
      expect(await page.locator(`svg.board [data-hole="${from}"][data-piece]`).count()).toBe(0);
      expect(await page.locator("svg.board .hole.movable").count()).toBe(0);
      expect(await page.locator("aside.side").count()).toBe(0);
      expect((await snapshot(table.id)).game?.moves).toEqual([]);
      await screenshot(page, "parts-move-before-the-rest");

      // The rest's files were asked for only once every file of the opening's code had come.
      const html = await (
        await fetchFromOwnAddress(`${baseUrl}/t/${table.id}`, { headers: { Accept: "text/html" } })
      ).text();
      // The opening's code, not the texts (which the page imports when its code runs, not before).
      const opening = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)" data-stage="page-opening"/g)].map(
        ([, href]) => href,
      );
      const rest = JSON.parse(
        html.match(/<script type="application\/json" id="stage-rest-of-page">(.*?)<\/script>/)?.[1] ?? "[]",
      );
      expect(opening.length).toBeGreaterThan(0);
      expect(rest.length).toBeGreaterThan(0);
      for (const href of rest) expect(opening).not.toContain(href);
      // When each script was asked for, and when it had come, on the page's clock (its resource timings).
      const timings = new Map(
        await page.evaluate(() =>
          (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
            (entry) => [new URL(entry.name).pathname, [entry.startTime, entry.responseEnd]] as const,
          ),
        ),
      );
      const openingCame = Math.max(...opening.map((href) => timings.get(href)?.[1] ?? Number.NaN));
      // (The rest's entry file, held back, has no timing until it comes; its chunks have.)
      const restStarts = rest.flatMap((href: string) => timings.get(href)?.[0] ?? []);
      expect(restStarts.length).toBeGreaterThan(0);
      expect(Math.min(...restStarts), JSON.stringify(Object.fromEntries(timings))).toBeGreaterThanOrEqual(openingCame);

      release();
      // The rest sends the move: the table has it, Bjørn sees it, and the page says the table's sequence.
      await expect.poll(async () => (await snapshot(table.id)).game?.moves).toEqual([path.join("-")]);
      await expect.poll(() => bjorn.model?.turn?.seat).toBe(1);
      await page.waitForSelector(`#app[data-status="playing"][data-seq="${bjorn.model?.seq}"]`);
      expect(await page.locator(`svg.board [data-hole="${to}"][data-piece]`).count()).toBe(1);
      expect(await page.getByText(/refused/i).count()).toBe(0);
      await screenshot(page, "parts-move-sent-by-the-rest");
    } finally {
      aino.close();
      bjorn.close();
      await context.close();
    }
  }, 60_000);
});

describe("between games the page is built before the live board and the SDK have come, and used", () => {
  it("a visitor's name and Sit down, asked before the rest has come, are sent once it comes; the page is not built again", async () => {
    // Aino waits at a table for two; the browser is a visitor's, with the rest (the live board, the SDK) held back.
    const table = await createTable(baseUrl, { players: 2, startWhenFull: false }, fetchFromOwnAddress);
    const aino = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens(), WebSocket });
    const { context, page } = await visitor(browser);
    try {
      await aino.join(0, "Aino");
      const release = await holdBackRest(page, "table-live");
      const sockets: string[] = [];
      page.on("websocket", (socket) => sockets.push(new URL(socket.url()).pathname));
      await page.goto(`/t/${table.id}`);
      // The waiting room, drawn from the page's snapshot around the worker's picture of the board.
      await page.waitForSelector(".join-card button.sit-down");
      expect(await page.locator(".join-card .invitation").textContent()).toContain("Aino");
      expect(await page.locator("svg.board.picture").count()).toBe(1);
      expect(await page.locator("svg.board:not(.picture)").count()).toBe(0);
      await expect.poll(() => sockets).toEqual([`/api/tables/${table.id}/ws`]);
      await page.evaluate(() => {
        (window as { firstSide?: Element | null }).firstSide = document.querySelector("aside.side");
      });
      await page.locator("#player-name").fill("Bjørn");
      await page.locator(".join-card button.sit-down").click();
      // Busy until the table has answered, and so is the free seat's Sit here: one tap, one request.
      const busy = '[aria-disabled="true"][aria-busy="true"]';
      expect(await page.locator(`.join-card button.sit-down${busy}`).count()).toBe(1);
      expect(await page.locator(`section.seats button.sit${busy}`).count()).toBe(1);
      // A second tap makes no second request, and the focus stays on the button tapped.
      // (Forced: Playwright holds an aria-disabled button not enabled, which a player's tap is not.)
      await page.locator(".join-card button.sit-down").click({ force: true });
      expect(await page.evaluate(() => document.activeElement?.classList.contains("sit-down"))).toBe(true);
      await screenshot(page, "parts-between-before-the-rest");
      // Held until the client comes: the table has no second player yet.
      expect((await snapshot(table.id)).seats[1]?.name ?? null).toBeNull();

      // The rest's files were listed for later, not preloaded with the page.
      const html = await (
        await fetchFromOwnAddress(`${baseUrl}/t/${table.id}`, { headers: { Accept: "text/html" } })
      ).text();
      // The page between games (pages/table-between.ts): its own files preloaded, its rest's listed.
      expect(html).toContain('<script type="module" src="/build/table-between.js">');
      const first = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)];
      const rest = JSON.parse(
        html.match(/<script type="application\/json" id="stage-rest-between-games">(.*?)<\/script>/)?.[1] ?? "[]",
      );
      expect(first.length).toBeGreaterThan(0);
      expect(rest.length).toBeGreaterThan(0);
      for (const [, href] of first) expect(rest).not.toContain(href);
      expect(html).not.toContain('data-stage="rest-between-games"');

      release();
      // The client sends the held request: Bjørn is seated, on the one socket, and the live board has taken the
      // picture's place, in the same panels.
      await page.waitForSelector('#app[data-status="waiting"][data-seat="1"]');
      expect((await snapshot(table.id)).seats[1]?.name).toBe("Bjørn");
      // One request: a second join would have been refused, and the refusal said.
      expect(await page.locator(".notices").textContent()).toBe("");
      await expect.poll(() => aino.model?.seats[1]?.name).toBe("Bjørn");
      expect(await page.locator("svg.board.picture").count()).toBe(0);
      expect(await page.locator("svg.board").count()).toBe(1);
      expect(
        await page.evaluate(
          () => (window as { firstSide?: Element }).firstSide === document.querySelector("aside.side"),
        ),
      ).toBe(true);
      expect(sockets).toHaveLength(1);
      await screenshot(page, "parts-between-after-the-rest");
    } finally {
      aino.close();
      await context.close();
    }
  }, 60_000);
});

/**
 * How two pictures of a size differ: the share of their pixels that differ,
 * and by how much at most in a channel. Compared in `blank`, a page of no
 * address, whose policy lets it read the pictures (the service's pages load
 * nothing but their own files).
 */
function pixelDifference(blank: Page, a: Buffer, b: Buffer): Promise<{ share: number; most: number }> {
  return blank.evaluate(
    async ([first, second]) => {
      const pixels = async (png: string) => {
        const image = await createImageBitmap(await (await fetch(`data:image/png;base64,${png}`)).blob());
        const canvas = new OffscreenCanvas(image.width, image.height);
        const context = canvas.getContext("2d");
        if (!context) throw new Error("no canvas");
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, image.width, image.height).data;
      };
      const [one, other] = await Promise.all([pixels(first), pixels(second)]);
      if (one.length !== other.length) return { share: 1, most: 255 };
      let differing = 0;
      let most = 0;
      for (let i = 0; i < one.length; i += 4) {
        let off = 0;
        for (let c = 0; c < 3; c++) off = Math.max(off, Math.abs((one[i + c] ?? 0) - (other[i + c] ?? 0)));
        if (off > 0) differing++;
        most = Math.max(most, off);
      }
      return { share: differing / (one.length / 4), most };
    },
    [a.toString("base64"), b.toString("base64")] as const,
  );
}

describe("the table page's texts come in two stages, as its code does: the opening's with it, the rest's with the rest", () => {
  it("a language switched to before the rest has come is the whole page's once it has, and one switched to after comes whole; each file fetched once", async () => {
    const table = await gameTable();
    const { context, page } = await visitor(browser);
    try {
      const scripts = scriptsOf(page);
      const release = await holdBackRest(page);
      // The rest's texts held back too, so that the switch is asked for before them.
      let releaseTexts: () => void = () => {};
      const textsHeld = new Promise<void>((resolve) => {
        releaseTexts = resolve;
      });
      await page.route(/\/build\/i18n\/later\/\w+-\w{8}\.js$/, async (route) => {
        await textsHeld;
        await route.continue();
      });
      await page.goto(`/t/${table.id}`);
      await page.waitForSelector("svg.board:not(.picture) .hole[data-piece]");
      // The opening in English, from its own texts alone; the rest's English asked for.
      expect(await page.locator("header a", { hasText: TRANSLATIONS.en.messages.rules }).count()).toBe(1);
      await expect
        .poll(() => scripts.filter((script) => script.startsWith("i18n/")))
        .toEqual(["i18n/en", "i18n/later/en"]);

      await page.selectOption("#language", "fi");
      release();
      releaseTexts();
      await page.waitForSelector('#app[data-status="playing"]');
      await page.waitForFunction(() => document.documentElement.lang === "fi");
      // The rest's panels and the opening's title bar, both in Finnish.
      await expect.poll(() => page.locator("section.seats h2").textContent()).toBe(TRANSLATIONS.fi.messages.seats);
      expect(await page.locator("header a", { hasText: TRANSLATIONS.fi.messages.rules }).count()).toBe(1);
      // No text the page asked for was missing from the texts it had (checked by the screenshot helper).
      await screenshot(page, "parts-texts-switched-before-the-rest");
      // A switch once the page is built fetches both of the language's files.
      await page.selectOption("#language", "sv");
      await expect.poll(() => page.locator("section.seats h2").textContent()).toBe(TRANSLATIONS.sv.messages.seats);
      await screenshot(page, "parts-texts-switched-after-the-rest");
      const texts = scripts.filter((script) => script.startsWith("i18n/")).sort();
      expect(texts).toEqual(["i18n/en", "i18n/fi", "i18n/later/en", "i18n/later/fi", "i18n/later/sv", "i18n/sv"]);
    } finally {
      await context.close();
    }
  });
});

describe("the table page's HTML shows the title bar and the board with the table's pieces before any script", () => {
  /** The pieces a board shows, hole by hole. */
  const piecesOn = (page: Page, board: string) =>
    page.evaluate(
      (selector) =>
        Object.fromEntries(
          Array.from(document.querySelectorAll(`${selector} .hole[data-piece]`), (hole) => [
            hole.getAttribute("data-hole"),
            hole.getAttribute("data-piece"),
          ]),
        ),
      board,
    );

  it("as the page then draws them, in the same place and to the eye the same; turned as this browser's page last turned it", async () => {
    const table = await createTable(baseUrl, { players: 2, firstPlayer: 0 }, fetchFromOwnAddress);
    const aino = new TableClient({ baseUrl, tableId: table.id, tokens: memoryTokens(), WebSocket });
    const { context, page } = await visitor(browser);
    try {
      await aino.join(1, "Aino");
      // A table waiting for its game shows the pieces the game will start with.
      const pieces = Game.create({ players: 2 }).pieces();
      // Without its scripts: the picture alone, the table's pieces on it.
      await page.route(/\/build\/.*\.js$/, (route) => route.abort());
      await page.goto(`/t/${table.id}`);
      const picture = page.locator("#app > main.table > .board-wrap > svg.board.picture");
      await picture.waitFor();
      expect(await page.locator("#app > header.topbar").count()).toBe(1);
      expect(await picture.getAttribute("data-turn")).toBe("0");
      expect(await picture.getAttribute("aria-hidden")).toBe("true");
      expect(await piecesOn(page, "svg.board.picture")).toEqual(pieces);
      const drawnByTheWorker = await picture.screenshot();
      const bar = await page.locator("#app > header.topbar").boundingBox();
      const box = await picture.boundingBox();

      // With its scripts: the page's own board where the picture was, drawn the same.
      await page.unroute(/\/build\/.*\.js$/);
      await page.goto(`/t/${table.id}`);
      await page.waitForSelector('#app[data-status="waiting"]');
      const live = page.locator("svg.board:not(.picture)");
      expect(await page.locator("svg.board.picture").count()).toBe(0);
      expect(await piecesOn(page, "svg.board")).toEqual(pieces);
      expect(await page.locator("#app > header.topbar").boundingBox()).toEqual(bar);
      expect(await live.boundingBox()).toEqual(box);
      // The same picture, up to the rasteriser's shading of the pieces' gradients (seen: 0.14% of the pixels, by
      // at most 29 of 255 in one channel).
      const difference = await pixelDifference(await context.newPage(), drawnByTheWorker, await live.screenshot());
      console.log(
        `picture against the page's board: ${(100 * difference.share).toFixed(2)}% of the pixels differ, by at most ${difference.most} of 255`,
      );
      expect(difference.share).toBeLessThan(0.01);
      expect(difference.most).toBeLessThanOrEqual(48);

      // Seated at seat 0, whose point is at the top, the page turns the board half round, and keeps the turn for
      // the table's address.
      await takeSeat(page, 0, "Bjørn");
      await page.waitForSelector('#app[data-seat="0"]');
      const turn = await page.locator("svg.board").getAttribute("data-turn");
      expect(turn).toBe("3");
      await page.route(/\/build\/.*\.js$/, (route) => route.abort());
      await page.goto(`/t/${table.id}`);
      await picture.waitFor();
      expect(await picture.getAttribute("data-turn")).toBe(turn);
    } finally {
      aino.close();
      await context.close();
    }
  }, 60_000);
});
