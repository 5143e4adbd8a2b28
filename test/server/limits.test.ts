/**
 * Limits per client and per table: tables created and sockets opened per
 * client address (the rate limiting bindings of wrangler.toml, which the
 * test runtime enforces like `wrangler dev`), and how many sockets a table
 * takes, in all and from one address. Each refusal has its status and code.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type ErrorBody, SOCKET_PROTOCOL, socketProtocols } from "../../src/protocol/index.ts";
import { clientKey, MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_TABLE } from "../../src/server/connections/limits.ts";
import {
  api,
  type Client,
  closeAll,
  connect,
  createTable,
  getSnapshot,
  hello,
  join,
  playOne,
  setUpTable,
  someAddress,
  stub,
} from "./helpers.ts";

/** The limits in wrangler.toml. */
const TABLES_PER_MINUTE = 10;
const SOCKETS_PER_MINUTE = 120;

async function errorOf(response: Response): Promise<ErrorBody> {
  return ((await response.json()) as { error: ErrorBody }).error;
}

function createFrom(address: string): Promise<Response> {
  return api("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
  });
}

function upgradeFrom(id: string, address: string): Promise<Response> {
  return api(`/api/tables/${id}/ws`, { headers: { Upgrade: "websocket", "CF-Connecting-IP": address } });
}

/**
 * Sends requests until one is refused. The limits count in windows of a
 * minute, aligned to the clock: within 2 × limit + 1 requests at least one
 * window sees more than the limit, whenever the test starts.
 */
async function untilRefused(limit: number, request: () => Promise<Response>) {
  for (let sent = 1; sent <= 2 * limit + 1; sent++) {
    const response = await request();
    if (response.status === 429) return { sent, response };
    response.webSocket?.accept();
    response.webSocket?.close(1000);
    await response.body?.cancel();
  }
  throw new Error(`no refusal after ${2 * limit + 1} requests`);
}

describe("tables created per client address are limited", () => {
  it(`more than ${TABLES_PER_MINUTE} a minute from one address: 429 rate-limited with Retry-After; other addresses go on`, async () => {
    const address = someAddress();
    const { sent, response } = await untilRefused(TABLES_PER_MINUTE, () => createFrom(address));
    expect(sent).toBeGreaterThan(TABLES_PER_MINUTE);
    expect(response.headers.get("Retry-After")).toBe("60");
    const error = await errorOf(response);
    expect(error.code).toBe("rate-limited");
    expect(error.message).toMatch(/tables/);
    expect((await createFrom(someAddress())).status).toBe(201);
  });

  it("an IPv6 client counts as its /64: other addresses in it share its limit", async () => {
    const prefix = someAddress().replace(/::1$/, "");
    let n = 0;
    const { sent } = await untilRefused(TABLES_PER_MINUTE, () => createFrom(`${prefix}:0:0:0:${(++n).toString(16)}`));
    expect(sent).toBeGreaterThan(TABLES_PER_MINUTE);
  });

  it("client keys: IPv4 as it is, IPv6 by its /64, no address as one shared key", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("2001:db8:0:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:0DB8:0000:0001::1")).toBe("2001:db8:0:1::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey(null)).toBe("unknown");
  });
});

describe("sockets opened per client address are limited", () => {
  it(`more than ${SOCKETS_PER_MINUTE} a minute from one address: 429 rate-limited, answered by the worker`, async () => {
    const { id } = await createTable();
    const address = someAddress();
    const { sent, response } = await untilRefused(SOCKETS_PER_MINUTE, () => upgradeFrom(id, address));
    expect(sent).toBeGreaterThan(SOCKETS_PER_MINUTE);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect((await errorOf(response)).code).toBe("rate-limited");
    const other = await upgradeFrom(id, someAddress());
    expect(other.status).toBe(101);
    other.webSocket?.accept();
    other.webSocket?.close(1000);
  });
});

describe("a table takes a bounded number of sockets", () => {
  it(`${MAX_SOCKETS_PER_ADDRESS} sockets from one address; the next is refused with 429 too-many-connections`, async () => {
    const { id } = await createTable();
    const address = someAddress();
    const clients: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) clients.push(await connect(id, `tab${i}`, address));
    const refused = await upgradeFrom(id, address);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("too-many-connections");
    // Another address is welcome; and once one of the tabs closes, the address may open one again.
    const { client: other } = await hello(id, "other");
    clients[0].close();
    await clients[0].waitForClose();
    let again: Response | undefined;
    for (let i = 0; i < 50 && again?.status !== 101; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await upgradeFrom(id, address);
    }
    expect(again?.status).toBe(101);
    again?.webSocket?.accept();
    again?.webSocket?.close(1000);
    closeAll([...clients, other]);
  });

  it("a socket of the address gone silent does not hold its place", async () => {
    const { id } = await createTable();
    const address = someAddress();
    const clients: Client[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) clients.push(await connect(id, `tab${i}`, address));
    // One of them has not been heard from for 30 s (a tab whose network went away), as the table finds
    // after a wake: in memory it keeps the attachments it wrote.
    await runInDurableObject(stub(id), (_instance, state) => {
      const [ws] = state.getWebSockets();
      ws.serializeAttachment({ ...(ws.deserializeAttachment() as object), lastMessageAt: Date.now() - 30_000 });
    });
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    const accepted = await upgradeFrom(id, address);
    expect(accepted.status).toBe(101);
    accepted.webSocket?.accept();
    // The silent one was closed to make room, as the heartbeat would have.
    await Promise.race(clients.map((client) => client.waitForClose().catch(() => new Promise(() => {}))));
    expect(clients.flatMap((client) => (client.closed ? [client.closed.code] : []))).toEqual([4000]);
    accepted.webSocket?.close(1000);
    closeAll(clients);
  });

  it(`${MAX_SOCKETS_PER_TABLE} sockets in all; the next is refused with 503 too-many-connections, and the table goes on`, {
    timeout: 30_000,
  }, async () => {
    const { id } = await createTable();
    const clients = await Promise.all(Array.from({ length: MAX_SOCKETS_PER_TABLE }, (_, i) => connect(id, `c${i}`)));
    const refused = await upgradeFrom(id, someAddress());
    expect(refused.status).toBe(503);
    expect((await errorOf(refused)).code).toBe("too-many-connections");
    // A token that is not this table's, or not a token, makes no room.
    const forged = await upgradeWith(id, someAddress(), ["chinese-checkers", `seat.${"A".repeat(22)}`, "host.short"]);
    expect(forged.status).toBe(503);
    expect((await getSnapshot(id)).seq).toBe(1);
    closeAll(clients);
  });
});

/** An upgrade offering `protocols` in Sec-WebSocket-Protocol, as the SDK offers its tokens. */
function upgradeWith(id: string, address: string, protocols: readonly string[]): Promise<Response> {
  return api(`/api/tables/${id}/ws`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": address, "Sec-WebSocket-Protocol": protocols.join(", ") },
  });
}

describe("the seats always get in: a full table makes room for a seat's or the host's socket", () => {
  it("a spectator gives way, the most recent of the address holding the most; spectators per address stay capped", {
    timeout: 60_000,
  }, async () => {
    const { id, hostToken } = await createTable();
    const seated = await hello(id, "player");
    const token = await join(seated.client, 0, "Aino");
    // The table fills with spectators: 15 addresses of 16 sockets, then one address of 15, the player's the last.
    const crowd: Client[] = [];
    const addresses: string[] = [];
    for (let a = 0; a < 16; a++) {
      addresses.push(someAddress());
      for (let i = 0; i < (a < 15 ? 16 : 15); i++) crowd.push(await connect(id, `a${a}s${i}`, addresses[a] as string));
    }
    expect(await runInDurableObject(stub(id), (_table, state) => state.getWebSockets().length)).toBe(
      MAX_SOCKETS_PER_TABLE,
    );
    expect((await upgradeFrom(id, someAddress())).status).toBe(503);

    // The player's second tab: it offers the seat's token, and gets in; it answers with our subprotocol.
    const admitted = await upgradeWith(id, someAddress(), socketProtocols({ seat: token }));
    expect(admitted.status).toBe(101);
    expect(admitted.headers.get("Sec-WebSocket-Protocol")).toBe(SOCKET_PROTOCOL);
    admitted.webSocket?.accept();
    // The one that gave way: the most recent socket of an address holding 16 (the last of the 15th).
    const gaveWay = crowd[15 * 16 - 1] as Client;
    expect((await gaveWay.waitForClose()).code).toBe(4001);
    expect(crowd.filter((client) => client.closed !== null)).toEqual([gaveWay]);

    // The host too; a spectator's upgrade is still refused, and one address still holds at most 16.
    const host = await upgradeWith(id, someAddress(), socketProtocols({ host: hostToken }));
    expect(host.status).toBe(101);
    host.webSocket?.accept();
    expect((await upgradeFrom(id, someAddress())).status).toBe(503);
    // The cap per address holds for everyone: a seat's socket from an address with 16 already is refused.
    const crowded = await upgradeWith(id, addresses[0] as string, socketProtocols({ seat: token }));
    expect(crowded.status).toBe(429);
    expect((await errorOf(crowded)).code).toBe("too-many-connections");
    admitted.webSocket?.close(1000);
    host.webSocket?.close(1000);
    closeAll([...crowd, seated.client]);
  });

  it("the SDK offers our subprotocol and its tokens with every connection", () => {
    expect(socketProtocols({})).toEqual(["chinese-checkers"]);
    expect(socketProtocols({ seat: "s".repeat(22), host: "h".repeat(22) })).toEqual([
      "chinese-checkers",
      `seat.${"s".repeat(22)}`,
      `host.${"h".repeat(22)}`,
    ]);
  });
});

/** The read limit in wrangler.toml. */
const READS_PER_MINUTE = 240;

describe("reads of a table are cheap when repeated, and limited per address", () => {
  it("the snapshot and the record carry an ETag; naming it answers 304 until the table changes, or who is connected", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    for (const path of [`/api/tables/${id}`, `/api/tables/${id}/record`]) {
      const first = await api(path);
      const tag = first.headers.get("ETag");
      expect(tag, path).toMatch(/^"[\d-]+"$/);
      expect(first.headers.get("Cache-Control"), path).toBe("no-cache");
      const again = await api(path, { headers: { "If-None-Match": tag ?? "" } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe("");
      expect((await api(path, { headers: { "If-None-Match": `W/${tag}` } })).status, path).toBe(304);
      expect((await api(path, { headers: { "If-None-Match": `"0-00", ${tag}` } })).status, path).toBe(304);
      expect((await api(path, { headers: { "If-None-Match": "*" } })).status, path).toBe(304);
      expect((await api(path, { headers: { "If-None-Match": '"0-00"' } })).status, path).toBe(200);
    }
    const tagOf = async () => (await api(`/api/tables/${id}`)).headers.get("ETag");
    const before = await tagOf();
    await playOne(game);
    const moved = await tagOf();
    expect(moved).not.toBe(before);
    // Who is connected is in the snapshot: a seat leaving changes the tag with no event.
    game.players[1]?.client.ws.close(1000);
    await expect.poll(tagOf).not.toBe(moved);
    expect((await getSnapshot(id)).seq).toBe(Number(moved?.slice(1).split("-")[0]));
    closeAll(game.clients);
  });

  it(`more than ${READS_PER_MINUTE} a minute from one address: 429 rate-limited; other addresses go on`, {
    timeout: 60_000,
  }, async () => {
    const { id } = await createTable();
    const address = someAddress();
    const { sent, response } = await untilRefused(READS_PER_MINUTE, () =>
      api(`/api/tables/${id}`, { headers: { "CF-Connecting-IP": address } }),
    );
    expect(sent).toBeGreaterThan(READS_PER_MINUTE);
    expect((await errorOf(response)).code).toBe("rate-limited");
    expect((await api(`/api/tables/${id}/record`, { headers: { "CF-Connecting-IP": address } })).status).toBe(429);
    expect((await api(`/api/tables/${id}`)).status).toBe(200);
  });
});

describe("a client's address serves the limits only", () => {
  it("no message, snapshot or stored row carries it", async () => {
    const { id, hostToken } = await createTable();
    const address = "2001:db8:feed:beef::4242";
    const client = await connect(id, "player", address);
    client.send({ type: "hello", hostToken });
    await client.next("welcome");
    client.send({ type: "join", id: "j", seat: 0, name: "Aino" });
    await client.next("joined");
    // A spectator from the same address chats and is silenced: the chat keeps a keyed hash, not the address.
    client.send({ type: "chatPolicy", id: "p", policy: "everyone" });
    const spectator = await connect(id, "spectator", address);
    spectator.send({ type: "hello" });
    await spectator.next("chatHistory");
    spectator.send({ type: "chat", id: "c", text: "hello", name: "Watcher" });
    await spectator.next("ack");
    client.send({ type: "silence", id: "s", n: 1 });
    await spectator.next("silenced");
    await client.flush();
    const needles = [address, "feed:beef", "2001:db8:feed"];
    const seen = [
      ...client.raw,
      ...spectator.raw,
      JSON.stringify(await getSnapshot(id)),
      ...(await runInDurableObject(stub(id), (_instance, state) => {
        const tables = state.storage.sql
          .exec<{ name: string }>(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\'",
          )
          .toArray();
        return tables.flatMap(({ name }) =>
          state.storage.sql
            .exec(`SELECT * FROM "${name}"`)
            .toArray()
            .map((row) => JSON.stringify(row)),
        );
      })),
    ];
    expect(seen.length).toBeGreaterThan(5);
    for (const text of seen) for (const needle of needles) expect(text).not.toContain(needle);
    closeAll([client, spectator]);
  });
});
