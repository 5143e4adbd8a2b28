/**
 * The heartbeat: a socket heard from neither by message nor by `ping` for
 * 6 s (`STALE_MS`) is taken for dropped. While a seat is connected the alarm
 * comes when the first seat socket could go stale, closes such a socket and
 * tells the others. Silence is made either by writing an old last-message
 * time into the socket's attachment, or for real: a socket that stops
 * sending while the others keep pinging, for the few seconds it takes.
 */
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { identityOf, isStale, lastHeard, markHeard, opened } from "../../src/server/connections/connection.ts";
import {
  type Client,
  closeAll,
  createTable,
  type Game,
  getSnapshot,
  hello,
  join,
  playOne,
  setUpTable,
  stub,
} from "./helpers.ts";

const DAY_MS = 86_400_000;
/** The server's `STALE_MS`. */
const STALE_MS = 6_000;

/**
 * Makes the socket of `seat` look as if its last message came 30 s ago: its
 * attachment says so, and the table hibernates, so that it reads the
 * attachment afresh (while in memory it keeps what it last wrote).
 */
async function silence(id: string, seat: number): Promise<void> {
  await runInDurableObject(stub(id), (_instance, state) => {
    for (const ws of state.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as { seat: number | null };
      if (attachment.seat === seat) ws.serializeAttachment({ ...attachment, lastMessageAt: Date.now() - 30_000 });
    }
  });
  await evictDurableObject(stub(id), { webSockets: "hibernate" });
}

/** When the table last heard from the socket of `seat`: its last message, or the last `ping` the runtime answered. */
function lastHeardOf(id: string, seat: number): Promise<number> {
  return runInDurableObject(stub(id), (_instance, state) => {
    const ws = state.getWebSockets().find((socket) => identityOf(socket).seat === seat);
    if (!ws) throw new Error(`no socket for seat ${seat}`);
    return lastHeard(ws, state.getWebSocketAutoResponseTimestamp(ws));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

function alarmAt(id: string): Promise<number | null> {
  return runInDurableObject(stub(id), (_instance, state) => state.storage.getAlarm());
}

/** Sends `ping` and waits for the runtime's `pong`. */
async function ping(game: Game, seat: number): Promise<void> {
  const { client } = game.players[seat];
  const before = client.raw.length;
  client.send("ping");
  for (let i = 0; i < 100 && !client.raw.slice(before).includes("pong"); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(client.raw.slice(before)).toContain("pong");
}

describe("a seat whose socket went silent is shown disconnected", () => {
  it("the alarm closes a socket silent for 6 s (4000) and the others get presence without its seat", async () => {
    const game = await setUpTable();
    await silence(game.table.id, 0);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    expect(await game.players[0].client.waitForClose()).toEqual({ code: 4000, reason: "no heartbeat" });
    for (const client of [game.host, game.spectator, game.players[1].client]) {
      const presence = await client.next("presence", (m) => !m.connected[0]);
      expect(presence).toMatchObject({ type: "presence", connected: [false, true], spectators: 2 });
    }
    expect((await getSnapshot(game.table.id)).seats.map((seat) => seat.connected)).toEqual([false, true]);
    closeAll(game.clients);
  });

  it("a socket that pings stays connected through the alarm", async () => {
    const game = await setUpTable();
    await silence(game.table.id, 0);
    await ping(game, 0);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    await game.players[0].client.flush();
    expect(game.players[0].client.closed).toBeNull();
    expect((await getSnapshot(game.table.id)).seats.map((seat) => seat.connected)).toEqual([true, true]);
    closeAll(game.clients);
  });
});

describe("a socket is silent 6 to 7 s after it was last heard from, never sooner", () => {
  /** A socket as far as the heartbeat reads it: its attachment. */
  function socket(): WebSocket {
    let attachment: unknown = null;
    return {
      serializeAttachment: (value: unknown) => {
        attachment = structuredClone(value);
      },
      deserializeAttachment: () => attachment,
    } as unknown as WebSocket;
  }

  it("a message 0.9 s after the one recorded (messages are recorded once a second) still counts", () => {
    const ws = socket();
    opened(ws, 0);
    markHeard(ws, 1_000);
    markHeard(ws, 1_900); // not recorded: within a second of the last
    // 5.6 s after its last message: not silent yet (before, it was taken for silent here).
    expect(isStale(ws, null, 7_500, STALE_MS)).toBe(false);
    expect(isStale(ws, null, 1_900 + STALE_MS - 1, STALE_MS)).toBe(false);
    // At the latest a second later.
    expect(isStale(ws, null, 1_900 + STALE_MS + 1_000, STALE_MS)).toBe(true);
  });

  it("a ping is counted as the runtime answered it", () => {
    const ws = socket();
    opened(ws, 0);
    expect(isStale(ws, new Date(10_000), 10_000 + STALE_MS - 1, STALE_MS)).toBe(false);
    expect(isStale(ws, new Date(10_000), 10_000 + STALE_MS, STALE_MS)).toBe(true);
  });
});

describe("silent drop detected", () => {
  it("a seat that goes silent without a close frame shows as disconnected to the others within 6 s and the alarm; seats that ping stay", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    const dropped = game.players[0].client;
    const pinging: Client[] = [game.host, game.spectator, game.players[1].client];
    // Seat 0 was heard from last when it joined: the check is due when it could first go stale.
    // The host and the spectator, heard from earlier, do not bring the check forward.
    const droppedHeardAt = await lastHeardOf(id, 0);
    expect(await alarmAt(id)).toBe(droppedHeardAt + STALE_MS);

    const pinger = setInterval(() => {
      for (const client of pinging) client.send("ping");
    }, 1000);
    try {
      await sleep(droppedHeardAt + STALE_MS + 50 - Date.now());
      // The alarm is due: run it now (a no-op check if the runtime already has).
      await runDurableObjectAlarm(stub(id));
      for (const client of pinging) {
        const presence = await client.next("presence", (m) => !m.connected[0]);
        expect(presence).toMatchObject({ type: "presence", connected: [false, true], spectators: 2 });
      }
      const detectedAfter = Date.now() - droppedHeardAt;
      expect(detectedAfter).toBeGreaterThanOrEqual(STALE_MS);
      expect(detectedAfter).toBeLessThan(STALE_MS + 2000);
      // The server gave up on the silent socket (a real dropped client would never see this close).
      expect(await dropped.waitForClose()).toEqual({ code: 4000, reason: "no heartbeat" });

      // Those that pinged are still there, and the next check follows the pings.
      for (const client of pinging) expect(client.closed).toBeNull();
      expect((await getSnapshot(id)).seats.map((seat) => seat.connected)).toEqual([false, true]);
      // (It was set from seat 1's last ping then; seat 1 may have pinged since.)
      const next = (await alarmAt(id)) ?? 0;
      expect(next).toBeGreaterThan(Date.now());
      expect(next).toBeLessThanOrEqual((await lastHeardOf(id, 1)) + STALE_MS);
    } finally {
      clearInterval(pinger);
      closeAll(game.clients);
    }
  }, 15_000);
});

describe("a busy table carries its heartbeat check forward with its moves", () => {
  it("a move in the last 2 s before the alarm moves it to the next heartbeat check, where the alarm would have set it", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    // The alarm due in 1.5 s, as the table finds it after a wake.
    const due = Date.now() + 1_500;
    await runInDurableObject(stub(id), (_instance, state) => state.storage.setAlarm(due));
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    await playOne(game);
    const next = (await alarmAt(id)) ?? 0;
    // Where the alarm would have set it on firing: when the seat heard from least lately could go stale.
    const heard = Math.min(await lastHeardOf(id, 0), await lastHeardOf(id, 1));
    expect(next).toBe(heard + STALE_MS);
    expect(next).toBeGreaterThanOrEqual(due + 2_000);
    closeAll(game.clients);
  });
});

describe("the alarm checks the heartbeat only while a seat is connected", () => {
  it("with a seat connected it comes within 7 s (6 after it was last heard from, at the latest); once none is, only for the table (idle deletion)", async () => {
    const table = await createTable();
    const { client } = await hello(table.id, "seat0");
    await join(client, 0, "Aino");
    const checkAt = (await alarmAt(table.id)) ?? 0;
    expect(checkAt).toBeGreaterThan(Date.now());
    // The join was its last message, recorded to the second: the second is counted in.
    expect(checkAt).toBeLessThanOrEqual(Date.now() + STALE_MS + 1_000);
    client.close();
    await client.waitForClose();
    expect(await runDurableObjectAlarm(stub(table.id))).toBe(true);
    const idleAt = (await alarmAt(table.id)) ?? 0;
    expect(idleAt).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    expect(idleAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });
});
