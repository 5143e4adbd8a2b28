/**
 * Tables in a given state for the browser tests that look at pages rather
 * than play them (accessibility, phones): made from Node through the SDK, and
 * a browser context that is already seated at one (the seat or host token in
 * its localStorage, where the page looks for it).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { greedyMove } from "../../src/bots/index.ts";
import {
  createTable,
  hostTokenKey,
  memoryTokens,
  seatTokenKey,
  TableClient,
  type TableSettingsInput,
  type TokenStore,
} from "../../src/client/sdk/index.ts";
import { formatPath } from "../../src/rules/index.ts";
import { baseUrl, DESKTOP, fetchFromOwnAddress, PHONE, snapshot } from "./helpers.ts";

export interface TableAt {
  readonly id: string;
  /** localStorage keys and values that make a page this table's seat 1 (and host, where there is one). */
  readonly tokens: Readonly<Record<string, string>>;
}

const KEY_PREFIX = "chinese-checkers:";

/** A client of the table from Node, with tokens of its own (or `tokens`). */
export function tableClient(id: string, tokens: TokenStore = memoryTokens()): TableClient {
  return new TableClient({ baseUrl, tableId: id, tokens, WebSocket });
}

/** A table made from Node, and its host's client: the host token is in the client's store. */
export async function hostedTable(
  settings: TableSettingsInput,
): Promise<{ readonly id: string; readonly host: TableClient; readonly hostTokens: TokenStore }> {
  const table = await createTable(baseUrl, settings, fetchFromOwnAddress);
  const hostTokens = memoryTokens();
  hostTokens.set(hostTokenKey(table.id), table.hostToken);
  return { id: table.id, host: tableClient(table.id, hostTokens), hostTokens };
}

/** The localStorage entries that give a page the seat and host tokens a store holds for the table. */
export function pageTokens(id: string, tokens: TokenStore): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const key of [seatTokenKey(id), hostTokenKey(id)]) {
    const value = tokens.get(key);
    if (value !== null) entries[KEY_PREFIX + key] = value;
  }
  return entries;
}

/**
 * The greedy computer player's move for the client's seat, once its own model
 * shows its turn: the other player's move is acknowledged to that player
 * before it reaches this one.
 */
async function playGreedy(player: TableClient): Promise<void> {
  // Up to 20 s by the clock: on a loaded 2-core machine (the whole suite, a browser and wrangler dev) the last
  // move once took more than 5 s to reach the next player, though it came.
  const until = Date.now() + 20_000;
  while (player.model?.turn?.seat !== player.you.seat) {
    if (Date.now() > until) throw new Error(`seat ${player.you.seat}'s turn did not come: ${await whyNot(player)}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const game = player.model?.game;
  const action = game ? greedyMove(game) : null;
  if (!action) throw new Error("no move");
  await player.move(formatPath(action.move.path));
}

/** What a client waiting for its turn has, beside what the table has: which of them is behind, and why. */
async function whyNot(player: TableClient): Promise<string> {
  const table = await snapshot(player.tableId).catch((error: unknown) => String(error));
  const tableSays =
    typeof table === "string" ? table : `seq ${table.seq}, ${table.status}, turn ${table.game?.turn?.seat}`;
  const clientSays = `seq ${player.model?.seq}, ${player.model?.status}, turn ${player.model?.turn?.seat}`;
  return `the client has ${clientSays} (${player.connection}); the table ${tableSays}`;
}

/** A three-seat table waiting for players, with Bjørn in seat 2; the tokens make a page its host, not seated. */
export async function lobbyTable(): Promise<TableAt> {
  const table = await createTable(baseUrl, { players: 3 }, fetchFromOwnAddress);
  const bjorn = tableClient(table.id);
  try {
    await bjorn.join(1, "Bjørn");
  } finally {
    bjorn.close();
  }
  return { id: table.id, tokens: { [KEY_PREFIX + hostTokenKey(table.id)]: table.hostToken } };
}

/**
 * A two-player race with seat 1 to move (the page's), after a move each; or,
 * with `over`, the same table after seat 2 left the game, which ends it.
 */
export async function gameTable(over = false): Promise<TableAt> {
  const game = await gameToEnd();
  if (over) await game.end();
  else game.close();
  return { id: game.id, tokens: game.tokens };
}

/**
 * The table `gameTable` makes, with seat 2's player still there: `end` has
 * them leave, which ends the game while a page looks on.
 */
export async function gameToEnd(): Promise<TableAt & { end(): Promise<void>; close(): void }> {
  const table = await createTable(baseUrl, { players: 2, firstPlayer: 0 }, fetchFromOwnAddress);
  const tokens = memoryTokens();
  tokens.set(hostTokenKey(table.id), table.hostToken);
  const aino = tableClient(table.id, tokens);
  const bjorn = tableClient(table.id);
  const close = () => {
    aino.close();
    bjorn.close();
  };
  try {
    await aino.join(0, "Aino");
    await bjorn.join(1, "Bjørn");
    await aino.start();
    await playGreedy(aino);
    await playGreedy(bjorn);
  } catch (error) {
    close();
    throw error;
  }
  aino.close();
  const token = tokens.get(seatTokenKey(table.id));
  if (!token) throw new Error("no seat token");
  return {
    id: table.id,
    tokens: { [KEY_PREFIX + seatTokenKey(table.id)]: token, [KEY_PREFIX + hostTokenKey(table.id)]: table.hostToken },
    async end() {
      try {
        await bjorn.leave();
      } finally {
        bjorn.close();
      }
    },
    close,
  };
}

/** Puts the table's tokens in the context's localStorage before any page of its origin runs. */
export async function seatedAt(context: BrowserContext, table: TableAt): Promise<void> {
  await context.addInitScript((tokens: Record<string, string>) => {
    try {
      for (const [key, value] of Object.entries(tokens)) localStorage.setItem(key, value);
    } catch {
      // A frame without storage (about:blank).
    }
  }, table.tokens);
}

/**
 * A new page in a context of its own, at a desktop's or a phone's size (with
 * touch), in `locale`, with reduced motion, seated at `table` if one is given;
 * the page's errors are logged.
 */
export async function pageAt(
  browser: Browser,
  { locale, table = null, phone = false }: { locale: string; table?: TableAt | null; phone?: boolean },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: phone ? PHONE : DESKTOP,
    locale,
    baseURL: baseUrl,
    hasTouch: phone,
    isMobile: phone,
    reducedMotion: "reduce",
  });
  if (table) await seatedAt(context, table);
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return { context, page };
}

/** The tables the page tests look at: one waiting for players, a game on the page's turn, a game over. */
export interface PageTables {
  readonly lobby: TableAt;
  readonly playing: TableAt;
  readonly over: TableAt;
}

export async function pageTables(): Promise<PageTables> {
  const [lobby, playing, over] = await Promise.all([lobbyTable(), gameTable(), gameTable(true)]);
  return { lobby, playing, over };
}

/**
 * A six-player race, seated and started, whose moves Node makes for every
 * seat through the SDK (the greedy player): `playUntil` stops when the
 * condition on the table's model holds, or at the end. `tokens` make a page
 * seat 1 (Aino) and the host; the page follows the game as Aino would.
 */
export interface SixPlayerGame extends TableAt {
  readonly names: readonly string[];
  playUntil(done: (model: NonNullable<TableClient["model"]>) => boolean): Promise<void>;
  close(): void;
}

export async function sixPlayerGame(): Promise<SixPlayerGame> {
  const table = await createTable(baseUrl, { players: 6, firstPlayer: 0 }, fetchFromOwnAddress);
  const names = ["Aino", "Bjørn", "Chiara", "Dmitri", "Eun-ji", "Farah"];
  const hostTokens = memoryTokens();
  hostTokens.set(hostTokenKey(table.id), table.hostToken);
  const players = names.map((_, seat) => tableClient(table.id, seat === 0 ? hostTokens : memoryTokens()));
  for (const [seat, player] of players.entries()) await player.join(seat, names[seat] as string);
  await (players[0] as TableClient).start();
  const token = hostTokens.get(seatTokenKey(table.id));
  if (!token) throw new Error("no seat token");
  // Whose model says whose turn it is: the last to act, whose model has its act and all it entailed once the act
  // resolves. Kept from one `playUntil` to the next: another seat's model may not have the last move yet (a
  // second call that asked seat 0's model, a move behind, had a seat wait for a turn that had passed it).
  let mover = players[0] as TableClient;
  return {
    id: table.id,
    names,
    tokens: { [KEY_PREFIX + seatTokenKey(table.id)]: token, [KEY_PREFIX + hostTokenKey(table.id)]: table.hostToken },
    async playUntil(done) {
      for (;;) {
        const model = mover.model;
        if (model?.status !== "playing" || done(model)) return;
        const next = players.find((player) => player.you.seat === model.turn?.seat);
        if (!next) throw new Error(`nobody plays seat ${model.turn?.seat}`);
        await playGreedy(next);
        mover = next;
      }
    },
    close() {
      for (const player of players) player.close();
    },
  };
}
