/**
 * The SDK's quick play against a scripted pool socket: the seek under this
 * browser's seeker key, the pool's answers, the tokens kept when seated,
 * the same seek sent again after a drop, cancel and fill, refusals, and
 * messages that fail validation.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  memoryTokens,
  type PoolKind,
  QuickPlay,
  type SdkError,
  seatNumberKey,
  seatTokenKey,
  seekerKey,
  type TokenStore,
} from "../../src/client/sdk/index.ts";
import type { QuickClientMessage, QuickServerMessage } from "../../src/protocol/index.ts";
import { SeekerKeySchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import { FakeSocket, tick, until } from "./fake-socket.ts";

const RACE_FOR_TWO: PoolKind = { players: 2, variant: "classic", clock: "live" };
const TABLE = "AAAAAAAAAAAAAAAAAAAAAAAA";
const TOKEN = "tttttttttttttttttttttt";
const SINCE = 1_000_000;

const latest = () => FakeSocket.latest();
/** What the client sent on a socket, as the pool reads it. */
const sent = (socket: FakeSocket) => socket.sent as unknown as QuickClientMessage[];
const deliver = (socket: FakeSocket, message: QuickServerMessage) => socket.deliver(JSON.stringify(message));
const seeking = (extra: Partial<Extract<QuickServerMessage, { type: "seeking" }>> = {}): QuickServerMessage => ({
  type: "seeking",
  since: SINCE,
  waiting: 1,
  fillAt: SINCE + 20_000,
  fill: false,
  at: SINCE,
  ...extra,
});

function quickPlay(tokens: TokenStore = memoryTokens()): QuickPlay {
  return new QuickPlay({
    baseUrl: "https://checkers.test",
    tokens,
    lang: "fi",
    WebSocket: FakeSocket,
    reconnect: { minDelayMs: 5, maxDelayMs: 20 },
    requestTimeoutMs: 500,
  });
}

/** Seeks a race for two as Aino, and the pool takes the seek. */
async function seekTaken(quick: QuickPlay): Promise<FakeSocket> {
  const started = quick.seek(RACE_FOR_TWO, "Aino");
  await until(() => FakeSocket.all.length > 0 && sent(latest()).length === 1, "the seek");
  deliver(latest(), seeking());
  await started;
  return latest();
}

let quick: QuickPlay | undefined;
afterEach(() => {
  quick?.close();
  quick = undefined;
  FakeSocket.all = [];
});

describe("the seeker key", () => {
  it("is made once, 22 base64url characters, and kept; a kept value that is not a key is replaced", () => {
    const tokens = memoryTokens();
    const key = seekerKey(tokens);
    expect(v.safeParse(SeekerKeySchema, key).success).toBe(true);
    expect(seekerKey(tokens)).toBe(key);
    expect(seekerKey(memoryTokens())).not.toBe(key);
    tokens.set("seeker", "short");
    expect(seekerKey(tokens)).not.toBe("short");
    expect(v.safeParse(SeekerKeySchema, tokens.get("seeker")).success).toBe(true);
  });
});

describe("quick play", () => {
  it("seeks in the pool's socket under the kept seeker key, and resolves with the pool's seek", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const states: string[] = [];
    quick.on("connection", ({ state }) => states.push(state));
    const started = quick.seek(RACE_FOR_TWO, "Aino");
    expect(quick.seeking).toBe(true);
    await until(() => FakeSocket.all.length === 1 && sent(latest()).length === 1, "the seek");
    expect(latest().url).toBe("wss://checkers.test/api/quick/classic-2-live/ws");
    const [seek] = sent(latest());
    expect(seek).toEqual({ type: "seek", id: expect.any(String), seeker: seekerKey(tokens), name: "Aino", lang: "fi" });

    deliver(latest(), { type: "ack", id: seek?.id ?? "" });
    await started;
    expect(quick.connection).toBe("open");
    deliver(latest(), seeking({ waiting: 3 }));
    expect(quick.current).toEqual({
      kind: RACE_FOR_TWO,
      name: "Aino",
      since: SINCE,
      fillAt: SINCE + 20_000,
      fill: false,
      waiting: 3,
    });
    expect(states).toEqual(["connecting", "open"]);
  });

  it("a key the pool seated already (a reload as its table was made) is told its seat at once", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const paired: number[] = [];
    quick.on("paired", ({ seat }) => paired.push(seat));
    const started = quick.seek(RACE_FOR_TWO, "Aino");
    await until(() => FakeSocket.all.length === 1 && sent(latest()).length === 1, "the seek");
    deliver(latest(), { type: "ack", id: sent(latest())[0]?.id ?? "" });
    deliver(latest(), { type: "paired", tableId: TABLE, seat: 1, token: TOKEN });
    await started;
    expect(paired).toEqual([1]);
    expect(tokens.get(seatTokenKey(TABLE))).toBe(TOKEN);
  });

  it("follows the count of seekers, and when seated keeps the seat's token and number for the table, and closes", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const socket = await seekTaken(quick);
    const counts: number[] = [];
    quick.on("waiting", ({ waiting }) => counts.push(waiting));
    const paired = new Promise((resolve) => quick?.on("paired", resolve));
    deliver(socket, { type: "waiting", waiting: 2 });
    expect(counts).toEqual([2]);
    expect(quick.current?.waiting).toBe(2);

    deliver(socket, { type: "paired", tableId: TABLE, seat: 1, token: TOKEN });
    expect(await paired).toEqual({ kind: RACE_FOR_TWO, tableId: TABLE, seat: 1, token: TOKEN });
    expect(tokens.get(seatTokenKey(TABLE))).toBe(TOKEN);
    expect(tokens.get(seatNumberKey(TABLE))).toBe("1");
    expect(quick.seeking).toBe(false);
    expect(quick.connection).toBe("closed");
    expect(socket.readyState).toBe(3);
  });

  it("after a dropped socket sends the same seek (the same key and name) again, and what was unanswered after it", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const before = await seekTaken(quick);
    const states: string[] = [];
    quick.on("connection", ({ state }) => states.push(state));
    const filling = quick.fill();
    expect(sent(before).map((message) => message.type)).toEqual(["seek", "fill"]);
    before.drop();
    expect(quick.connection).toBe("reconnecting");

    await until(() => FakeSocket.all.length === 2 && sent(latest()).length === 2, "the seek again");
    const after = latest();
    const [seekAgain, fillAgain] = sent(after);
    expect(seekAgain).toEqual({ ...sent(before)[0], id: expect.any(String) });
    expect(seekAgain?.id).not.toBe(sent(before)[0]?.id);
    expect(fillAgain).toEqual(sent(before)[1]);

    deliver(after, seeking({ waiting: 2 }));
    deliver(after, { type: "ack", id: fillAgain?.id ?? "" });
    await filling;
    expect(quick.current).toMatchObject({ since: SINCE, fill: true, waiting: 2 });
    expect(states).toEqual(["reconnecting", "open"]);
  });

  it("pings while connected, and takes a silent connection for dead", async () => {
    quick = new QuickPlay({
      baseUrl: "http://checkers.test",
      WebSocket: FakeSocket,
      // Long enough that a loaded machine's late timer still pings before two intervals pass in silence.
      heartbeatMs: 250,
      reconnect: { minDelayMs: 5, maxDelayMs: 5 },
    });
    const first = await seekTaken(quick);
    await until(() => first.pings >= 1, "a ping");
    first.deliver("pong");
    // No answer to the pings from now on: after two intervals the client connects again and seeks.
    await until(() => FakeSocket.all.length === 2 && sent(latest()).length === 1, "a new connection");
    expect(sent(latest())[0]?.type).toBe("seek");
    expect(first.readyState).toBe(3);
  });

  it("cancel: resolves on the pool's ack and closes; nothing is kept", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const socket = await seekTaken(quick);
    const cancelling = quick.cancel();
    const cancel = sent(socket)[1];
    expect(cancel).toEqual({ type: "cancel", id: expect.any(String) });
    deliver(socket, { type: "ack", id: cancel?.id ?? "" });
    await cancelling;
    expect(quick.seeking).toBe(false);
    expect(quick.connection).toBe("closed");
    expect(socket.readyState).toBe(3);
    expect(tokens.keys?.()).toEqual(["seeker"]);
  });

  it("cancel: a wave that seats the seeker first wins; the cancel is done and the seat kept", async () => {
    const tokens = memoryTokens();
    quick = quickPlay(tokens);
    const socket = await seekTaken(quick);
    const paired: string[] = [];
    quick.on("paired", ({ tableId }) => paired.push(tableId));
    const cancelling = quick.cancel();
    deliver(socket, { type: "paired", tableId: TABLE, seat: 0, token: TOKEN });
    await cancelling;
    expect(paired).toEqual([TABLE]);
    expect(tokens.get(seatTokenKey(TABLE))).toBe(TOKEN);
  });

  it("cancel before the pool has answered goes after the seek; the pool's ack ends it", async () => {
    quick = quickPlay();
    const started = quick.seek(RACE_FOR_TWO, "Aino");
    await until(() => FakeSocket.all.length === 1 && sent(latest()).length === 1, "the seek");
    const cancelling = quick.cancel();
    const [seek, cancel] = sent(latest());
    expect(cancel?.type).toBe("cancel");
    deliver(latest(), { type: "ack", id: seek?.id ?? "" });
    deliver(latest(), { type: "ack", id: cancel?.id ?? "" });
    await Promise.all([started, cancelling]);
    expect(quick.seeking).toBe(false);
  });

  it("cancel before the socket is open, or while the connection is down, stops at once", async () => {
    quick = quickPlay();
    const started = quick.seek(RACE_FOR_TWO, "Aino");
    const refused = started.catch((error: SdkError) => error.code);
    await quick.cancel();
    expect(await refused).toBe("closed");
    expect(quick.seeking).toBe(false);

    const socket = await seekTaken(quick);
    socket.drop();
    await quick.cancel();
    expect(quick.connection).toBe("closed");
    await tick(30);
    expect(FakeSocket.all.at(-1)).toBe(socket);
  });

  it("fill: refused before the time is up, with the pool's code; noted once the pool acknowledges it", async () => {
    quick = quickPlay();
    await expect(quick.fill()).rejects.toMatchObject({ code: "not-seeking" });
    const socket = await seekTaken(quick);
    const seen: boolean[] = [];
    quick.on("seeking", ({ fill }) => seen.push(fill));

    const early = quick.fill();
    const first = sent(socket)[1];
    deliver(socket, { type: "error", id: first?.id, code: "fill-too-early", message: "wait" });
    await expect(early).rejects.toMatchObject({ code: "fill-too-early" });
    expect(quick.seeking).toBe(true);

    const filling = quick.fill();
    deliver(socket, { type: "ack", id: sent(socket)[2]?.id ?? "" });
    await filling;
    expect(seen).toEqual([true]);
  });

  it("a refused seek ends it: the promise rejects with the pool's code and the socket closes", async () => {
    quick = quickPlay();
    const errors: string[] = [];
    quick.on("error", (error) => errors.push(error.code));
    const started = quick.seek(RACE_FOR_TWO, "Aino");
    await until(() => FakeSocket.all.length === 1 && sent(latest()).length === 1, "the seek");
    const socket = latest();
    deliver(socket, { type: "error", id: sent(socket)[0]?.id, code: "too-many-seeks", message: "no" });
    await expect(started).rejects.toMatchObject({ code: "too-many-seeks" });
    expect(errors).toEqual(["too-many-seeks"]);
    expect(quick.seeking).toBe(false);
    expect(socket.readyState).toBe(3);

    // A full pool says so before any seek: that ends it too.
    const again = quick.seek(RACE_FOR_TWO, "Aino");
    await until(() => FakeSocket.all.length === 2, "a socket");
    deliver(latest(), { type: "error", code: "pool-full", message: "full" });
    await expect(again).rejects.toMatchObject({ code: "pool-full" });
  });

  it("one seek at a time", async () => {
    quick = quickPlay();
    await seekTaken(quick);
    await expect(quick.seek(RACE_FOR_TWO, "Aino")).rejects.toMatchObject({ code: "already-seeking" });
  });

  it("a seek that ends (expired, or replaced by another socket) is told, and closes", async () => {
    quick = quickPlay();
    const socket = await seekTaken(quick);
    const ended = new Promise((resolve) => quick?.on("ended", resolve));
    deliver(socket, { type: "ended", reason: "expired" });
    expect(await ended).toEqual({ reason: "expired" });
    expect(quick.seeking).toBe(false);
    expect(socket.readyState).toBe(3);
  });

  it("reports what fails validation, and goes on", async () => {
    quick = quickPlay();
    const socket = await seekTaken(quick);
    const errors: SdkError[] = [];
    quick.on("error", (error) => errors.push(error));
    socket.deliver("not json");
    socket.deliver(JSON.stringify({ type: "paired", tableId: TABLE, seat: "one", token: TOKEN }));
    socket.deliver(JSON.stringify({ type: "seeking", since: -1 }));
    expect(errors.map((error) => error.code)).toEqual([
      "bad-server-message",
      "bad-server-message",
      "bad-server-message",
    ]);
    expect(quick.current?.since).toBe(SINCE);
    deliver(socket, { type: "waiting", waiting: 4 });
    expect(quick.current?.waiting).toBe(4);
  });

  it("times out a seek the pool never answers", async () => {
    quick = quickPlay();
    await expect(quick.seek(RACE_FOR_TWO, "Aino")).rejects.toMatchObject({ code: "timeout" });
    expect(quick.seeking).toBe(false);
  });

  for (const [where, offset] of [
    ["ahead of", 60_000],
    ["behind", -60_000],
  ] as const) {
    it(`counts on the server's clock when it is ${where} the local one, by the time the pool stamped its \`seeking\` with`, async () => {
      quick = quickPlay();
      const started = quick.seek(RACE_FOR_TWO, "Aino");
      await until(() => FakeSocket.all.length === 1 && sent(latest()).length === 1, "the seek");
      const serverNow = Date.now() + offset;
      // A seek taken up again began long before, which says nothing of the clocks; `at` does.
      deliver(latest(), seeking({ since: serverNow - 5_000, fillAt: serverNow + 15_000, at: serverNow }));
      await started;
      expect(Math.abs(quick.serverNow() - (Date.now() + offset))).toBeLessThan(1_000);
    });
  }
});
