/**
 * The lobby's list over real sockets: a table is listed only by its host,
 * and each change of its listing (a seat taken or freed, the start, the
 * end, unlisting) reaches the watchers as an addition or a removal; an
 * unlisted table's id appears nowhere; a move costs the lobby nothing; the
 * list is one cached GET; every bad request and limit is refused.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Listing, LobbyList, LobbyMessage } from "../../src/protocol/index.ts";
import { DIRECTORY, MAX_WATCHERS_PER_ADDRESS } from "../../src/server/lobby/directory.ts";
import {
  api,
  type Client,
  createTable,
  getSnapshot,
  hello,
  join,
  playOne,
  rid,
  Socket,
  setUpTable,
  someAddress,
} from "./helpers.ts";

type Watcher = Socket<LobbyMessage>;

async function watch(label = "watcher", address = someAddress()): Promise<Watcher> {
  const response = await api("/api/lobby/ws", { headers: { Upgrade: "websocket", "CF-Connecting-IP": address } });
  if (response.status !== 101 || !response.webSocket) {
    throw new Error(`${label}: upgrade failed: ${response.status} ${await response.text()}`);
  }
  return new Socket<LobbyMessage>(response.webSocket, label);
}

/** The next listing of `tableId` a watcher hears (in a `changes`) that `where` accepts. */
async function nextListed(
  watcher: Watcher,
  tableId: string,
  where: (listing: Listing) => boolean = () => true,
  timeoutMs?: number,
): Promise<Listing> {
  const mine = (listing: Listing) => listing.tableId === tableId && where(listing);
  const message = await watcher.next("changes", (m) => m.listed.some(mine), timeoutMs);
  return message.listed.find(mine) as Listing;
}

/** Waits until a watcher hears that `tableId` is no longer listed. */
async function nextUnlisted(watcher: Watcher, tableId: string): Promise<void> {
  await watcher.next("changes", (m) => m.unlisted.includes(tableId));
}

/** The host asks to list (or unlist) the table, and waits for the ack. */
async function list(host: Client, listed: boolean, lang: "en" | "fi" | "sv" | "nb" = "sv"): Promise<void> {
  const id = rid("listing");
  host.send({ type: "listing", id, listed, lang });
  await host.next("ack", (m) => m.id === id);
}

/** The directory's list as it is, asked directly (not through the cache). */
function listed(): Promise<LobbyList> {
  return env.DIRECTORY.getByName(DIRECTORY).list();
}

describe("a table is listed only when its host lists it", () => {
  it("a share-link table's id appears nowhere: not in the list, not on a watcher's socket", async () => {
    const watcher = await watch();
    await watcher.next("lobby");
    const game = await setUpTable({ players: 2 });
    await playOne(game);
    expect((await listed()).tables.map((t) => t.tableId)).not.toContain(game.table.id);
    expect(watcher.raw.join("\n")).not.toContain(game.table.id);
    watcher.close();
    for (const client of game.clients) client.close();
  });

  it("only the host may list a table: not-host, and nothing changes", async () => {
    const table = await createTable({ players: 2 });
    const { client } = await hello(table.id, "player");
    await join(client, 0, "Not the host");
    client.send({ type: "listing", id: "l1", listed: true, lang: "en" });
    expect((await client.error("not-host")).id).toBe("l1");
    expect((await listed()).tables.map((t) => t.tableId)).not.toContain(table.id);
    client.close();
  });
});

describe("each change of a listed table's listing reaches the watchers as an addition or a removal", () => {
  it("listed, a seat taken, started, a move (nothing), ended: listed, listed, listed, unlisted", async () => {
    const watcher = await watch();
    const first = await watcher.next("lobby");
    const table = await createTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    expect(first.tables.map((t) => t.tableId)).not.toContain(table.id);
    const { client: host } = await hello(table.id, "host", { hostToken: table.hostToken });

    await list(host, true, "sv");
    const open = await nextListed(watcher, table.id);
    expect(open).toMatchObject({
      tableId: table.id,
      status: "waiting",
      variant: "classic",
      players: 2,
      names: [null, null],
      clock: { kind: "move", seconds: 60 },
      lang: "sv",
    });
    expect((await listed()).tables.find((t) => t.tableId === table.id)).toEqual(open);

    await join(host, 0, "Host");
    expect((await nextListed(watcher, table.id)).names).toEqual(["Host", null]);
    const { client: guest } = await hello(table.id, "guest");
    await join(guest, 1, "Guest");
    expect((await nextListed(watcher, table.id)).names).toEqual(["Host", "Guest"]);

    const id = rid("start");
    host.send({ type: "start", id });
    await host.next("ack", (m) => m.id === id);
    expect((await nextListed(watcher, table.id)).status).toBe("playing");

    // A move changes no listing: the lobby hears nothing of it.
    const heard = watcher.raw.length;
    const players = [host, guest].map((client, seat) => ({ client, seat, token: "" }));
    await playOne({ table, host, players, spectator: guest, clients: [host, guest] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(watcher.raw.length).toBe(heard);

    // The game ends (the host leaves): off the list.
    const leave = rid("leave");
    host.send({ type: "leave", id: leave });
    await host.next("ack", (m) => m.id === leave);
    await nextUnlisted(watcher, table.id);
    expect((await listed()).tables.map((t) => t.tableId)).not.toContain(table.id);
    for (const socket of [watcher, host, guest]) socket.close();
  });

  it("the host unlists a table: a removal; listing it again: an addition", async () => {
    const watcher = await watch();
    await watcher.next("lobby");
    const table = await createTable({ players: 3 });
    const { client: host } = await hello(table.id, "host", { hostToken: table.hostToken });
    await list(host, true, "fi");
    expect((await nextListed(watcher, table.id)).lang).toBe("fi");
    await list(host, false);
    await nextUnlisted(watcher, table.id);
    // Unlisting again changes nothing and tells nobody.
    await list(host, false);
    await list(host, true, "nb");
    expect((await nextListed(watcher, table.id)).lang).toBe("nb");
    expect(watcher.messages.filter((m) => m.type === "changes" && m.unlisted.includes(table.id))).toHaveLength(1);
    const late = await watch("late");
    expect((await late.next("lobby")).tables.find((t) => t.tableId === table.id)?.lang).toBe("nb");
    await list(host, false);
    for (const socket of [watcher, late, host]) socket.close();
  });
});

describe("a listed game in play shows how many watch, reported at most once per interval", () => {
  it("spectators come: the listing's count follows them", async () => {
    const watcher = await watch();
    await watcher.next("lobby");
    const game = await setUpTable({ players: 2 }, false);
    await list(game.host, true, "en");
    const id = rid("start");
    game.host.send({ type: "start", id });
    await game.host.next("ack", (m) => m.id === id);
    await nextListed(watcher, game.table.id, (listing) => listing.status === "playing");
    // Watching: the host's socket (not seated) and setUpTable's spectator; then one more comes.
    const { client: late } = await hello(game.table.id, "late spectator");
    const counted = await nextListed(watcher, game.table.id, (listing) => listing.spectators === 3, 4000);
    expect(counted.status).toBe("playing");
    for (const socket of [watcher, late, ...game.clients]) socket.close();
  });
});

describe("a report the lobby missed is mended by the table's next wake, and only such a wake reports", () => {
  it("a table stopped after its commit, before the lobby had its report: the next wake lists it, once", async () => {
    const table = await createTable({ players: 2 });
    const { client: host } = await hello(table.id, "host", { hostToken: table.hostToken });
    await list(host, true, "nb");
    host.close();
    const tableObject = env.TABLES.getByName(table.id);
    // Once the report has arrived, nothing is owed.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await owed(table.id)).toEqual([]);
    // As a kill between the commit and the report leaves it: the commit's debt stored, the directory without it.
    await runInDurableObject(tableObject, (_table, state) => {
      state.storage.sql.exec("INSERT INTO listing_owed (id, seq) VALUES (0, 2)");
    });
    await runInDurableObject(env.DIRECTORY.getByName(DIRECTORY), (_directory, state) => {
      state.storage.sql.exec("DELETE FROM listings WHERE table_id = ?", table.id);
    });
    const watcher = await watch();
    expect((await watcher.next("lobby")).tables.map((t) => t.tableId)).not.toContain(table.id);
    await evictDurableObject(tableObject);
    await getSnapshot(table.id);
    expect((await nextListed(watcher, table.id)).lang).toBe("nb");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await owed(table.id)).toEqual([]);
    // Woken again with nothing owed, it does not report: the directory's record of it is untouched.
    const reportedAt = await reportedAtOf(table.id);
    await evictDurableObject(tableObject);
    await getSnapshot(table.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await reportedAtOf(table.id)).toBe(reportedAt);
    expect(
      watcher.messages.filter((m) => m.type === "changes" && m.listed.some((t) => t.tableId === table.id)),
    ).toHaveLength(1);
    watcher.close();
  });
});

/** The report to the lobby a table owes, as stored (none, or its entry's number). */
function owed(id: string): Promise<unknown[]> {
  return runInDurableObject(env.TABLES.getByName(id), (_table, state) =>
    state.storage.sql.exec("SELECT seq FROM listing_owed").toArray(),
  );
}

/** When the directory last heard of the table. */
function reportedAtOf(id: string): Promise<unknown> {
  return runInDurableObject(
    env.DIRECTORY.getByName(DIRECTORY),
    (_directory, state) =>
      state.storage.sql.exec("SELECT reported_at FROM listings WHERE table_id = ?", id).one().reported_at,
  );
}

describe("the list is one cached GET for those who only look", () => {
  it("GET /api/lobby answers the list, cacheable for 5 s, and a repeat within them comes from the cache", async () => {
    const table = await createTable({ players: 2 });
    const { client: host } = await hello(table.id, "host", { hostToken: table.hostToken });
    await list(host, true, "en");
    const response = await api("/api/lobby");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=5");
    const body = (await response.json()) as LobbyList;
    expect(body.tables.map((t) => t.tableId)).toContain(table.id);
    await list(host, false);
    // Within the period the cached list stands, though the directory has changed.
    const cached = (await (await api("/api/lobby")).json()) as LobbyList;
    expect(cached.at).toBe(body.at);
    expect((await listed()).tables.map((t) => t.tableId)).not.toContain(table.id);
    host.close();
  });
});

describe("the lobby's socket only sends, within its limits", () => {
  it(`one address watches over at most ${MAX_WATCHERS_PER_ADDRESS} sockets: the next is refused 429`, async () => {
    const address = someAddress();
    const watchers: Watcher[] = [];
    for (let i = 0; i < MAX_WATCHERS_PER_ADDRESS; i++) watchers.push(await watch(`w${i}`, address));
    const refused = await api("/api/lobby/ws", { headers: { Upgrade: "websocket", "CF-Connecting-IP": address } });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("too-many-connections");
    for (const watcher of watchers) watcher.close();
  });

  it("a message to the lobby is refused and closes the socket; a ping is answered", async () => {
    const watcher = await watch();
    await watcher.next("lobby");
    watcher.send("ping");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watcher.raw).toContain("pong");
    watcher.send({ type: "seek" });
    await watcher.error("unknown-type");
    expect((await watcher.waitForClose()).code).toBe(1008);
  });

  it("a request that is not an upgrade: 426", async () => {
    expect((await api("/api/lobby/ws")).status).toBe(426);
  });
});
