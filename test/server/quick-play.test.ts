/**
 * Quick play over real sockets: strangers who ask for the same game are
 * seated together and play; a seeker who cancels, drops or times out is
 * never seated; nobody is seated twice, a restart included; every bad input
 * and limit is refused with its code, and nothing stored. Times are the
 * tests' (vitest.config.ts): a wave every 100 ms, computers offered after
 * 1 s, a dropped seek kept 1 s, a seek's life 8 s.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hex } from "../../src/server/connections/connection.ts";
import type { Pool } from "../../src/server/lobby/pool.ts";
import { MAX_POOL_SOCKETS_PER_ADDRESS, MAX_SEEKS_PER_ADDRESS } from "../../src/server/lobby/pool-settings.ts";
import { PoolStore } from "../../src/server/lobby/pool-store.ts";
import { hashToken, newTableId } from "../../src/server/table/ids.ts";
import { api, getSnapshot, hello, rid, someAddress, tableIdKey, toMove } from "./helpers.ts";
import {
  openPool,
  type QuickMessage,
  type Seeker,
  seek,
  seekerKey,
  seekers,
  storedSeeks,
  waitPinging,
} from "./quick-play-helpers.ts";

const opened: Seeker[] = [];
/** Every socket a test opens is closed after it, and its pool forgets it: the next test starts with an empty pool. */
async function track(...sockets: Seeker[]): Promise<Seeker[]> {
  opened.push(...sockets);
  return sockets;
}

afterEach(async () => {
  for (const socket of opened.splice(0)) socket.close();
});

/** The seats a group of seekers were given: each one's `paired`. */
async function pairedAll(sockets: readonly Seeker[], timeoutMs = 3000): Promise<QuickMessage<"paired">[]> {
  return Promise.all(sockets.map((socket) => socket.next("paired", () => true, timeoutMs)));
}

describe("strangers who ask for the same game are seated together, and the game starts as the table is full", () => {
  for (const players of [2, 3, 4, 6] as const) {
    it(`${players} players: one table, a seat each in the order they came, the game on and played`, async () => {
      const pool = `classic-${players}-live`;
      const sockets = await track(...(await seekers(pool, players, `p${players}-`)));
      const seats = await pairedAll(sockets);
      const tableId = seats[0]?.tableId as string;
      expect(seats.map((seat) => seat.tableId)).toEqual(Array(players).fill(tableId));
      expect(seats.map((seat) => seat.seat)).toEqual([...Array(players).keys()]);
      expect(new Set(seats.map((seat) => seat.token)).size).toBe(players);

      const snapshot = await getSnapshot(tableId);
      expect(snapshot.status).toBe("playing");
      expect(snapshot.seats.map((seat) => seat.name)).toEqual(
        [...Array(players).keys()].map((i) => `p${players}- ${i + 1}`),
      );
      expect(snapshot.clock).toEqual({ kind: "bank", seconds: 300, increment: 5 });
      expect(snapshot.hostSeat).toBeNull();
      expect(await storedSeeks(pool)).toEqual([]);

      // Each player takes the seat with the token the pool gave, and the one to move plays.
      const clients = await Promise.all(
        seats.map(async (seat) => {
          const { client, welcome } = await hello(tableId, `player${seat.seat}`, { token: seat.token });
          expect(welcome.you).toEqual({ seat: seat.seat, host: false });
          return client;
        }),
      );
      const { seat, move } = await toMove(tableId);
      clients[seat]?.send({ type: "move", id: rid("move"), path: move });
      for (const client of clients) await client.event("moved", (event) => event.path === move);
      for (const client of clients) client.close();
    });
  }

  it("the capture variant and the long clock are pools of their own", async () => {
    const [race] = await track(...(await seekers("classic-2-long", 1, "race")));
    const [capture] = await track(...(await seekers("capture-2-long", 1, "capture")));
    await waitPinging(400, [race as Seeker, capture as Seeker]);
    expect(race?.messages.some((m) => m.type === "paired")).toBe(false);
    const [other] = await track(...(await seekers("capture-2-long", 1, "other")));
    const [a, b] = await pairedAll([capture as Seeker, other as Seeker]);
    expect(a?.tableId).toBe(b?.tableId);
    const snapshot = await getSnapshot(a?.tableId as string);
    expect(snapshot.settings.variant).toBe("capture");
    expect(snapshot.clock).toEqual({ kind: "bank", seconds: 259_200, increment: 86_400 });
    race?.send({ type: "cancel", id: rid("cancel") });
    await race?.next("ack");
  });

  it("two seekers of the same name sit under distinct names", async () => {
    const sockets = await track(await openPool("classic-2-live", "a"), await openPool("classic-2-live", "b"));
    for (const socket of sockets) await seek(socket, "Player");
    const [seat] = await pairedAll(sockets);
    const snapshot = await getSnapshot(seat?.tableId as string);
    expect(snapshot.seats.map((s) => s.name)).toEqual(["Player", "Player 2"]);
  });
});

describe("a seeker who cancels is never seated", () => {
  it("the cancelled seek is gone; the next two seekers sit together without it", async () => {
    const [cancelled] = await track(...(await seekers("classic-2-live", 1, "cancelled")));
    const id = rid("cancel");
    cancelled?.send({ type: "cancel", id });
    await cancelled?.next("ack", (m) => m.id === id);
    expect(await storedSeeks("classic-2-live")).toEqual([]);
    const later = await track(...(await seekers("classic-2-live", 2, "later")));
    const [a, b] = await pairedAll(later);
    expect(a?.tableId).toBe(b?.tableId);
    await waitPinging(300, [cancelled as Seeker]);
    expect(cancelled?.messages.some((m) => m.type === "paired")).toBe(false);
  });
});

describe("a seeker whose socket drops past the grace is never seated", () => {
  it("a seek whose socket closed waits unseated, and is gone once the grace is over", async () => {
    const [gone] = await seekers("classic-3-live", 1, "gone");
    gone?.close();
    // Two others come during its grace: a table of three is not made of two here and one gone.
    const here = await track(...(await seekers("classic-3-live", 2, "here")));
    await waitPinging(1500, here);
    expect(here.flatMap((s) => s.messages).some((m) => m.type === "paired")).toBe(false);
    const seeks = await storedSeeks("classic-3-live");
    expect(seeks.map((s) => s.name).sort()).toEqual(["here 1", "here 2"]);
    for (const socket of here) {
      const id = rid("cancel");
      socket.send({ type: "cancel", id });
      await socket.next("ack", (m) => m.id === id);
    }
  });

  it("one who comes back within the grace with the same key keeps its place and is seated", async () => {
    const first = await openPool("classic-2-live", "first");
    const { key, seeking } = await seek(first, "Comes back");
    first.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = (await track(await openPool("classic-2-live", "again")))[0] as Seeker;
    const { seeking: resumed } = await seek(again, "Comes back", key);
    expect(resumed.since).toBe(seeking.since);
    const [other] = await track(...(await seekers("classic-2-live", 1, "other")));
    const [a, b] = await pairedAll([again, other as Seeker]);
    expect(a?.tableId).toBe(b?.tableId);
  });

  it("a socket that neither speaks nor pings for 4 s (the tests' setting) is closed, and its seek dropped", async () => {
    const [silent] = await seekers("classic-4-live", 1, "silent");
    const close = await silent?.waitForClose(9000);
    expect(close?.code).toBe(1011);
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await storedSeeks("classic-4-live")).toEqual([]);
  }, 15_000);
});

describe("a seek that has waited its longest ends unseated", () => {
  it("after its lifetime the seeker is told `ended: expired` and the seek is gone", async () => {
    const [patient] = await track(...(await seekers("classic-6-long", 1, "patient")));
    const ended = await (async () => {
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const message = (patient as Seeker).messages.find((m) => m.type === "ended");
        if (message) return message;
        await waitPinging(500, [patient as Seeker]);
      }
      return undefined;
    })();
    expect(ended).toEqual({ type: "ended", reason: "expired" });
    expect(await storedSeeks("classic-6-long")).toEqual([]);
  }, 15_000);
});

describe("a seeker may fill the empty seats with computer players after a wait it can see", () => {
  it("refused before `fillAt`, then a table of the seeker and computers, started", async () => {
    const [alone] = await track(...(await seekers("classic-4-long", 1, "alone")));
    const seeking = (alone as Seeker).messages.find((m): m is QuickMessage<"seeking"> => m.type === "seeking");
    expect((seeking?.fillAt ?? 0) - (seeking?.since ?? 0)).toBe(1000);
    const early = rid("fill");
    alone?.send({ type: "fill", id: early });
    const refusal = await alone?.error("fill-too-early");
    expect(refusal?.id).toBe(early);
    await waitPinging(1100, [alone as Seeker]);
    const id = rid("fill");
    alone?.send({ type: "fill", id });
    await alone?.next("ack", (m) => m.id === id);
    const seat = await alone?.next("paired");
    expect(seat?.seat).toBe(0);
    const snapshot = await getSnapshot(seat?.tableId as string);
    expect(snapshot.status).toBe("playing");
    expect(snapshot.seats.map((s) => s.computer)).toEqual([null, "normal", "normal", "normal"]);
  });

  it("two who asked sit together with computers; one who did not ask waits", async () => {
    const sockets = await track(...(await seekers("capture-6-live", 3, "fill")));
    await waitPinging(1100, sockets);
    for (const socket of sockets.slice(0, 2)) socket.send({ type: "fill", id: rid("fill") });
    const [a, b] = await pairedAll(sockets.slice(0, 2));
    expect(a?.tableId).toBe(b?.tableId);
    const snapshot = await getSnapshot(a?.tableId as string);
    expect(snapshot.seats.filter((s) => s.computer !== null)).toHaveLength(4);
    await waitPinging(300, sockets);
    expect(sockets[2]?.messages.some((m) => m.type === "paired")).toBe(false);
  });
});

describe("nobody is seated twice", () => {
  it("twenty seekers at once: ten tables, each seeker exactly one seat", async () => {
    const sockets = await track(
      ...(await Promise.all(
        [...Array(20).keys()].map(async (i) => {
          const socket = await openPool("classic-2-live", `crowd${i}`);
          await seek(socket, `Crowd ${i}`);
          return socket;
        }),
      )),
    );
    const seats = await pairedAll(sockets);
    const tables = new Map<string, number[]>();
    for (const seat of seats) tables.set(seat.tableId, [...(tables.get(seat.tableId) ?? []), seat.seat]);
    expect(tables.size).toBe(10);
    for (const taken of tables.values()) expect(taken.sort()).toEqual([0, 1]);
    await waitPinging(300, sockets);
    for (const socket of sockets) expect(socket.messages.filter((m) => m.type === "paired")).toHaveLength(1);
  });

  it("the same key seeking on a second socket takes the seek over; the first hears `ended: replaced`", async () => {
    const [first, second] = await track(
      await openPool("classic-3-long", "tab1"),
      await openPool("classic-3-long", "tab2"),
    );
    const { key } = await seek(first as Seeker, "Two tabs");
    await seek(second as Seeker, "Two tabs", key);
    expect(await first?.next("ended")).toEqual({ type: "ended", reason: "replaced" });
    expect(await storedSeeks("classic-3-long")).toHaveLength(1);
    second?.send({ type: "cancel", id: rid("cancel") });
    await second?.next("ack");
  });

  it("a restart after a wave wrote its table, before the table was made: made once, each seeker told its seat on return", async () => {
    const pool = "capture-3-live";
    const stub = env.POOLS.getByName(pool);
    const keys = [seekerKey(), seekerKey(), seekerKey()];
    const tableId = await newTableId(tableIdKey());
    const hashes = await Promise.all(keys.map(async (key) => hex(await hashToken(key))));
    // What the wave's transaction writes, and then the object dies before it asks the table.
    await runInDurableObject(stub, (_pool: Pool, state) => {
      const store = new PoolStore(state.storage);
      store.setPoolName(pool);
      state.storage.transactionSync(() =>
        store.pair(
          { tableId, computers: 0, lang: "fi", at: Date.now() },
          hashes.map((seeker, seat) => ({
            seeker,
            tableId,
            seat,
            name: `Kill ${seat + 1}`,
            token: `${"t".repeat(21)}${seat}`,
          })),
        ),
      );
    });
    await evictDurableObject(stub);
    expect(await api(`/api/tables/${tableId}`).then((r) => r.status)).toBe(404);
    // The alarm after the restart makes the table, and making it again changes nothing.
    // The alarm is set well ahead, so that only the test runs it (and waits for it), once and then again.
    for (let run = 0; run < 2; run++) {
      await runInDurableObject(stub, (_pool: Pool, state) => state.storage.setAlarm(Date.now() + 60_000));
      expect(await runDurableObjectAlarm(stub)).toBe(true);
    }
    const snapshot = await getSnapshot(tableId);
    expect(snapshot.seats.map((s) => s.name)).toEqual(["Kill 1", "Kill 2", "Kill 3"]);
    expect(snapshot.seq).toBe(6); // created, listing, three seated, started
    expect(snapshot.listedIn).toBe("fi");
    // Each seeker comes back with its key and is told its seat, once.
    for (const [seat, key] of keys.entries()) {
      const socket = (await track(await openPool(pool, `back${seat}`)))[0] as Seeker;
      socket.send({ type: "seek", id: rid("seek"), seeker: key, name: "Whoever" });
      const paired = await socket.next("paired");
      expect(paired).toEqual({ type: "paired", tableId, seat, token: `${"t".repeat(21)}${seat}` });
    }
    expect(await storedSeeks(pool)).toEqual([]);
  });

  it("a restart with seeks waiting: every seek is kept, its grace starts, and those who come back are seated once", async () => {
    const pool = "classic-4-live";
    const first = [await openPool(pool, "r1"), await openPool(pool, "r2")];
    const waited = [await seek(first[0] as Seeker, "Restart 1"), await seek(first[1] as Seeker, "Restart 2")];
    const before = await storedSeeks(pool);
    await evictDurableObject(env.POOLS.getByName(pool), { webSockets: "close" });
    const after = await storedSeeks(pool);
    expect(after.map(({ seeker, since, name }) => ({ seeker, since, name }))).toEqual(
      before.map(({ seeker, since, name }) => ({ seeker, since, name })),
    );
    expect(after.every((stored) => stored.droppedAt !== null)).toBe(true);
    // Both come back with their keys, their places kept; two more make the table of four.
    const back = await track(await openPool(pool, "back1"), await openPool(pool, "back2"));
    for (const [i, socket] of back.entries()) {
      const { seeking } = await seek(socket, `Restart ${i + 1}`, waited[i]?.key);
      expect(seeking.since).toBe(waited[i]?.seeking.since);
    }
    const more = await track(...(await seekers(pool, 2, "more")));
    const seats = await pairedAll([...back, ...more]);
    expect(new Set(seats.map((seat) => seat.tableId)).size).toBe(1);
    expect(seats.map((seat) => seat.seat)).toEqual([0, 1, 2, 3]);
    await waitPinging(300, [...back, ...more]);
    for (const socket of [...back, ...more]) expect(socket.messages.filter((m) => m.type === "paired")).toHaveLength(1);
  });
});

describe("every bad input and limit is refused with its code, and nothing is stored", () => {
  it("a pool that does not exist: 404 no-such-pool, no object touched", async () => {
    for (const name of ["classic-5-live", "checkers-2-live", "classic-2-blitz", "x"]) {
      const response = await api(`/api/quick/${name}/ws`, { headers: { Upgrade: "websocket" } });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("no-such-pool");
    }
  });

  it("a request that is not an upgrade: 426", async () => {
    const response = await api("/api/quick/classic-2-live/ws");
    expect(response.status).toBe(426);
  });

  it("messages that are not JSON, of no known type, or of a wrong shape", async () => {
    const [socket] = await track(await openPool("capture-4-long", "bad"));
    const s = socket as Seeker;
    s.send("{not json");
    await s.error("bad-json");
    s.send({ type: "join", id: "x" });
    await s.error("unknown-type");
    s.send({ type: "seek", id: "b1", seeker: "short", name: "Bad key" });
    expect((await s.error("bad-message")).id).toBe("b1");
    s.send({ type: "seek", id: "b2", seeker: seekerKey(), name: "" });
    await s.error("bad-message");
    s.send({ type: "seek", id: "b3", seeker: seekerKey(), name: "Extra", extra: 1 });
    await s.error("bad-message");
    s.send({ type: "cancel", id: "b4" });
    expect((await s.error("not-seeking")).id).toBe("b4");
    s.send({ type: "fill", id: "b5" });
    await s.error("not-seeking");
    expect(await storedSeeks("capture-4-long")).toEqual([]);
  });

  it("a second seek on one socket: already-seeking", async () => {
    const [socket] = await track(await openPool("capture-4-long", "twice"));
    await seek(socket as Seeker, "Once");
    socket?.send({ type: "seek", id: "again", seeker: seekerKey(), name: "Twice" });
    await socket?.error("already-seeking");
    expect((await storedSeeks("capture-4-long")).map((s) => s.name)).toEqual(["Once"]);
    socket?.send({ type: "cancel", id: rid("cancel") });
    await socket?.next("ack");
  });

  it(`one address: at most ${MAX_SEEKS_PER_ADDRESS} seeks in a pool, ${MAX_POOL_SOCKETS_PER_ADDRESS} sockets`, async () => {
    const address = someAddress();
    const sockets: Seeker[] = [];
    for (let i = 0; i < MAX_POOL_SOCKETS_PER_ADDRESS; i++)
      sockets.push(await openPool("capture-6-long", `a${i}`, address));
    await track(...sockets);
    // Refused over the socket, which a browser can read: told why, then closed (1013, try again later).
    const refused = (await track(await openPool("capture-6-long", "one too many", address)))[0] as Seeker;
    expect(await refused.next("error")).toMatchObject({ type: "error", code: "too-many-connections" });
    expect((await refused.waitForClose()).code).toBe(1013);
    for (const socket of sockets.slice(0, MAX_SEEKS_PER_ADDRESS)) await seek(socket, "Household");
    const extra = sockets[MAX_SEEKS_PER_ADDRESS] as Seeker;
    extra.send({ type: "seek", id: "phantom", seeker: seekerKey(), name: "Phantom" });
    expect((await extra.error("too-many-seeks")).id).toBe("phantom");
    expect(await storedSeeks("capture-6-long")).toHaveLength(MAX_SEEKS_PER_ADDRESS);
    for (const socket of sockets.slice(0, MAX_SEEKS_PER_ADDRESS)) {
      const id = rid("cancel");
      socket.send({ type: "cancel", id });
      await socket.next("ack", (m) => m.id === id);
    }
  });

  it("a flood closes the socket: rate-limited", async () => {
    const [socket] = await track(await openPool("capture-2-live", "flood"));
    for (let i = 0; i < 400; i++) socket?.send({ type: "cancel", id: `f${i}` });
    await socket?.next("error", (m) => m.code === "rate-limited", 5000);
    const close = await socket?.waitForClose(5000);
    expect(close?.code).toBe(1008);
  });
});
