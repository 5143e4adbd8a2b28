/**
 * "My tables" (issue 23): the tables a browser lists from its token store's
 * keys, forgetting one, the seat number the SDK keeps beside the seat token,
 * the kept snapshot and its 304, the cap on requests in flight, and the
 * page's groups and order, on snapshots the table's own commands make.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  chatMutedKey,
  chatOwnKey,
  hostTokenKey,
  memoryTokens,
  type Snapshot,
  seatNumberKey,
  seatTokenKey,
  TableClient,
  type TokenStore,
  type WebStorageLike,
  webStorageTokens,
} from "../../src/client/sdk/index.ts";
import { cachedSnapshot, eachLimited, refreshSnapshot } from "../../src/client/sdk/snapshot-cache.ts";
import { forgetTable, snapshotCacheKey, storedSeatNumber, storedTableIds } from "../../src/client/sdk/storage.ts";
import { groupOf, groupTables, type StoredTable } from "../../src/client/ui/my-tables.ts";
import type { ClientMessage } from "../../src/protocol/index.ts";
import { FakeSocket, until } from "./fake-socket.ts";
import { HOST, ServerTable, seated, TABLE_ID } from "./server-table.ts";

/** localStorage's behaviour over a Map, in its insertion order. */
function fakeLocalStorage(entries: Record<string, string> = {}): WebStorageLike & { map: Map<string, string> } {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
    get length() {
      return map.size;
    },
    key: (index) => [...map.keys()][index] ?? null,
  };
}

const P = "chinese-checkers:";

describe("the tables a browser holds a token for", () => {
  it("are the ids of its seat: and host: keys under the prefix, each once, sorted; other keys do not count", () => {
    const storage = fakeLocalStorage({
      [`${P}host:ZZZ`]: "h",
      [`${P}seat:AAA`]: "s",
      [`${P}host:AAA`]: "h",
      [`${P}chat-own:CCC`]: "[]",
      [`${P}chat-muted:CCC`]: "[]",
      [`${P}seat-number:DDD`]: "1",
      [`${P}snapshot:EEE`]: "{}",
      [`${P}name`]: "Aino",
      "seat:OTHER-SITE": "s",
      "other:seat:XXX": "s",
    });
    expect(storedTableIds(webStorageTokens(storage))).toEqual(["AAA", "ZZZ"]);
  });

  it("are listed from memoryTokens too", () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey("BBB"), "s");
    tokens.set(hostTokenKey("AAA"), "h");
    tokens.set(chatOwnKey("CCC"), "[]");
    expect(storedTableIds(tokens)).toEqual(["AAA", "BBB"]);
  });

  it("are none for a store that cannot list its keys, or a storage that throws", () => {
    const plain: TokenStore = { get: () => "x", set: () => {}, remove: () => {} };
    expect(storedTableIds(plain)).toEqual([]);
    const noKeys: WebStorageLike = { getItem: () => null, setItem: () => {}, removeItem: () => {} };
    expect(storedTableIds(webStorageTokens(noKeys))).toEqual([]);
    const throwing = {
      ...noKeys,
      get length(): number {
        throw new Error("SecurityError");
      },
    };
    expect(storedTableIds(webStorageTokens(throwing))).toEqual([]);
  });
});

describe("forgetting a table", () => {
  it("removes its seat, host, seat number, chat and kept snapshot keys, and nothing of another table", () => {
    const storage = fakeLocalStorage();
    const tokens = webStorageTokens(storage);
    for (const id of ["AAA", "BBB"]) {
      for (const key of [seatTokenKey, hostTokenKey, seatNumberKey, chatMutedKey, chatOwnKey, snapshotCacheKey]) {
        tokens.set(key(id), "x");
      }
    }
    tokens.set("name", "Aino");
    forgetTable(tokens, "AAA");
    expect([...storage.map.keys()].sort()).toEqual(
      [
        `${P}chat-muted:BBB`,
        `${P}chat-own:BBB`,
        `${P}host:BBB`,
        `${P}name`,
        `${P}seat-number:BBB`,
        `${P}seat:BBB`,
        `${P}snapshot:BBB`,
      ].sort(),
    );
    expect(storedTableIds(tokens)).toEqual(["BBB"]);
  });
});

describe("the seat number kept beside the seat token", () => {
  let client: TableClient | undefined;
  afterEach(() => {
    client?.close();
    client = undefined;
    FakeSocket.all = [];
  });
  const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;
  const connect = (tokens: TokenStore) =>
    new TableClient({ baseUrl: "http://checkers.test", tableId: TABLE_ID, tokens, WebSocket: FakeSocket });

  it("is read back as a number, and anything else as none", () => {
    const tokens = memoryTokens();
    expect(storedSeatNumber(tokens, "AAA")).toBeNull();
    tokens.set(seatNumberKey("AAA"), "3");
    expect(storedSeatNumber(tokens, "AAA")).toBe(3);
    tokens.set(seatNumberKey("AAA"), "three");
    expect(storedSeatNumber(tokens, "AAA")).toBeNull();
  });

  it("is kept from the welcome when a seat token is held, follows a swap, and goes with the seat", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE_ID), "tttt");
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = new ServerTable({ players: 2 });
    table.seatAll(["Aino", "Bjørn"]);
    latest().deliver({ type: "welcome", you: { seat: 1, host: false }, snapshot: table.snapshot(true) });
    expect(tokens.get(seatNumberKey(TABLE_ID))).toBe("1");
    latest().deliver({ type: "identity", you: { seat: 0, host: false } });
    expect(tokens.get(seatNumberKey(TABLE_ID))).toBe("0");
    latest().deliver({ type: "identity", you: { seat: null, host: false } });
    expect(tokens.get(seatTokenKey(TABLE_ID))).toBeNull();
    expect(tokens.get(seatNumberKey(TABLE_ID))).toBeNull();
  });

  it("is kept from a join, and never for a spectator", async () => {
    const tokens = memoryTokens();
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: new ServerTable({}).snapshot() });
    expect(tokens.get(seatNumberKey(TABLE_ID))).toBeNull();
    const joined = client.join(1, "Bjørn");
    const join = latest().sent[1] as Extract<ClientMessage, { type: "join" }>;
    latest().deliver({ type: "joined", id: join.id, seat: 1, token: "tttt" });
    await joined;
    expect(tokens.get(seatNumberKey(TABLE_ID))).toBe("1");
  });
});

/** A two-player table with a 60 s move clock in each state, as `GET /api/tables/:id` answers. */
function snapshots() {
  const waiting = new ServerTable({ players: 3 });
  waiting.seatAll(["Aino"]);
  const started = () => {
    const table = new ServerTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    table.seatAll(["Aino", "Bjørn"]);
    table.record(table.commands.start(HOST, 1000));
    return table;
  };
  const seat0ToMove = started();
  const seat1ToMove = started();
  seat1ToMove.record(seat1ToMove.commands.move(seated(0), seat1ToMove.legalMoves()[0] as string, 5000));
  const over = started();
  over.record(over.commands.leave(seated(1), 2000));
  return {
    waiting: waiting.snapshot(),
    seat0ToMove: seat0ToMove.snapshot(),
    seat1ToMove: seat1ToMove.snapshot(),
    over: over.snapshot(),
  };
}

/** A fake `fetch` for one table: answers its snapshot with an ETag, 304 to that ETag, and records the requests. */
function tableServer(answer: () => Response | { snapshot: Snapshot; etag: string }) {
  const requests: { url: string; ifNoneMatch: string | null }[] = [];
  const fetcher = (async (input: string | URL, init?: RequestInit) => {
    const ifNoneMatch = new Headers(init?.headers).get("If-None-Match");
    requests.push({ url: String(input), ifNoneMatch });
    const value = answer();
    if (value instanceof Response) return value;
    if (ifNoneMatch === value.etag) return new Response(null, { status: 304, headers: { ETag: value.etag } });
    return Response.json(value.snapshot, { headers: { ETag: value.etag } });
  }) as typeof fetch;
  return { fetcher, requests };
}

describe("the kept snapshot", () => {
  const BASE = "https://checkers.example";

  it("is kept with its ETag from a 200, and on a 304 to that ETag the kept one is used", async () => {
    const { seat0ToMove } = snapshots();
    const tokens = memoryTokens();
    const server = tableServer(() => ({ snapshot: seat0ToMove, etag: '"s1"' }));
    expect(await refreshSnapshot(BASE, TABLE_ID, tokens, server.fetcher)).toEqual({
      kind: "fresh",
      snapshot: seat0ToMove,
    });
    expect(cachedSnapshot(tokens, TABLE_ID)).toEqual({ snapshot: seat0ToMove, etag: '"s1"' });
    expect(await refreshSnapshot(BASE, TABLE_ID, tokens, server.fetcher)).toEqual({
      kind: "unchanged",
      snapshot: seat0ToMove,
    });
    expect(server.requests).toEqual([
      { url: `${BASE}/api/tables/${TABLE_ID}`, ifNoneMatch: null },
      { url: `${BASE}/api/tables/${TABLE_ID}`, ifNoneMatch: '"s1"' },
    ]);
  });

  it("is replaced when the table has changed (a new ETag)", async () => {
    const { seat0ToMove, seat1ToMove } = snapshots();
    const tokens = memoryTokens();
    let current = { snapshot: seat0ToMove, etag: '"s1"' };
    const server = tableServer(() => current);
    await refreshSnapshot(BASE, TABLE_ID, tokens, server.fetcher);
    current = { snapshot: seat1ToMove, etag: '"s2"' };
    expect(await refreshSnapshot(BASE, TABLE_ID, tokens, server.fetcher)).toEqual({
      kind: "fresh",
      snapshot: seat1ToMove,
    });
    expect(cachedSnapshot(tokens, TABLE_ID)).toEqual({ snapshot: seat1ToMove, etag: '"s2"' });
  });

  it("is dropped when the table answers 404: the table is gone", async () => {
    const { over } = snapshots();
    const tokens = memoryTokens();
    tokens.set(snapshotCacheKey(TABLE_ID), JSON.stringify({ snapshot: over, etag: '"s1"' }));
    const gone = tableServer(() =>
      Response.json({ error: { code: "table-not-found", message: "no such table" } }, { status: 404 }),
    );
    expect(await refreshSnapshot(BASE, TABLE_ID, tokens, gone.fetcher)).toEqual({ kind: "gone" });
    expect(tokens.get(snapshotCacheKey(TABLE_ID))).toBeNull();
  });

  it("stays as it was when the table cannot be asked (a 5xx, or offline), and the failure is thrown", async () => {
    const { over } = snapshots();
    const tokens = memoryTokens();
    const kept = JSON.stringify({ snapshot: over, etag: '"s1"' });
    tokens.set(snapshotCacheKey(TABLE_ID), kept);
    const failing = tableServer(() => new Response("Bad gateway", { status: 502 }));
    await expect(refreshSnapshot(BASE, TABLE_ID, tokens, failing.fetcher)).rejects.toMatchObject({
      code: "internal-error",
    });
    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as typeof fetch;
    await expect(refreshSnapshot(BASE, TABLE_ID, tokens, offline)).rejects.toThrow("Failed to fetch");
    expect(tokens.get(snapshotCacheKey(TABLE_ID))).toBe(kept);
  });

  it("that cannot be read (not JSON, not a snapshot, another table's) is dropped and not sent as an ETag", async () => {
    const { waiting } = snapshots();
    for (const bad of ["{", JSON.stringify({ snapshot: { id: TABLE_ID }, etag: '"s1"' })]) {
      const tokens = memoryTokens();
      tokens.set(snapshotCacheKey(TABLE_ID), bad);
      expect(cachedSnapshot(tokens, TABLE_ID)).toBeNull();
      expect(tokens.get(snapshotCacheKey(TABLE_ID))).toBeNull();
    }
    const tokens = memoryTokens();
    tokens.set(snapshotCacheKey("OTHER"), JSON.stringify({ snapshot: waiting, etag: '"s1"' }));
    const server = tableServer(() => ({ snapshot: { ...waiting, id: "OTHER" }, etag: '"s2"' }));
    expect(cachedSnapshot(tokens, "OTHER")).toBeNull();
    await refreshSnapshot(BASE, "OTHER", tokens, server.fetcher);
    expect(server.requests[0]?.ifNoneMatch).toBeNull();
  });
});

describe("asking the tables a few at a time", () => {
  it("never has more than the limit in flight, runs every task once, and a failure stops no other", async () => {
    let inFlight = 0;
    let most = 0;
    const done: number[] = [];
    await eachLimited([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4, async (n) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, (n * 7) % 5));
      inFlight--;
      if (n === 3) throw new Error("no answer");
      done.push(n);
    });
    expect(most).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("the page's groups and order", () => {
  const table = (id: string, snapshot: Snapshot | null, seat: number | null, gone = false): StoredTable => ({
    id,
    snapshot,
    seat,
    gone,
  });

  it("puts each table in its group: your turn only for the seat this browser holds, while the game is on", () => {
    const { waiting, seat0ToMove, seat1ToMove, over } = snapshots();
    expect(groupOf(table("a", seat0ToMove, 0))).toBe("your-turn");
    expect(groupOf(table("a", seat0ToMove, 1))).toBe("playing");
    expect(groupOf(table("a", seat0ToMove, null))).toBe("playing");
    expect(groupOf(table("a", seat1ToMove, 0))).toBe("playing");
    expect(groupOf(table("a", seat1ToMove, 1))).toBe("your-turn");
    expect(groupOf(table("a", waiting, 0))).toBe("waiting");
    expect(groupOf(table("a", over, 0))).toBe("over");
    expect(groupOf(table("a", null, 0))).toBe("unknown");
    expect(groupOf(table("a", null, 0, true))).toBe("gone");
  });

  it("orders your turn first, then other games in play, waiting, finished, unknown and gone; by id within the others", () => {
    const { waiting, seat0ToMove, seat1ToMove, over } = snapshots();
    const grouped = groupTables([
      table("g", null, null, true),
      table("f", over, 0),
      table("e", waiting, null),
      table("u", null, 0),
      table("d", seat1ToMove, 0),
      table("b", seat0ToMove, 1),
      table("c", seat0ToMove, 0),
      table("a", seat1ToMove, 1),
    ]);
    expect(grouped.map(({ group, tables }) => [group, tables.map((t) => t.id)])).toEqual([
      // c's turn began at 1 s, a's at 5 s: c's runs out first.
      ["your-turn", ["c", "a"]],
      ["playing", ["b", "d"]],
      ["waiting", ["e"]],
      ["over", ["f"]],
      ["unknown", ["u"]],
      ["gone", ["g"]],
    ]);
  });

  it("puts the turn that runs out first at the top of your turn, and a turn without a clock after it", () => {
    const { seat0ToMove } = snapshots();
    const withDeadline = (deadline: number | null): Snapshot => ({
      ...seat0ToMove,
      game: seat0ToMove.game && { ...seat0ToMove.game, deadline },
    });
    const grouped = groupTables([
      table("a", withDeadline(null), 0),
      table("b", withDeadline(90_000), 0),
      table("c", withDeadline(30_000), 0),
    ]);
    expect(grouped.map(({ tables }) => tables.map((t) => t.id))).toEqual([["c", "b", "a"]]);
  });

  it("leaves out the groups with no table", () => {
    expect(groupTables([])).toEqual([]);
  });
});
