/**
 * The heartbeat: a socket heard from neither by message nor by `ping` for
 * 25 s is taken for dropped. The alarm comes every 10 s while a seat is
 * connected, closes such a socket and tells the others. Silence is made by
 * writing an old last-message time into the socket's attachment.
 */
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { closeAll, createTable, type Game, getSnapshot, hello, join, setUpTable, stub } from "./helpers.ts";

const DAY_MS = 86_400_000;

/** Makes the socket of `seat` look as if its last message came 30 s ago. */
async function silence(id: string, seat: number): Promise<void> {
  await runInDurableObject(stub(id), (_instance, state) => {
    for (const ws of state.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as { seat: number | null };
      if (attachment.seat === seat) ws.serializeAttachment({ ...attachment, lastMessageAt: Date.now() - 30_000 });
    }
  });
}

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
  it("the alarm closes a socket silent for 25 s (4000) and the others get presence without its seat", async () => {
    const game = await setUpTable();
    await silence(game.table.id, 0);
    expect(await runDurableObjectAlarm(stub(game.table.id))).toBe(true);
    expect(await game.players[0].client.waitForClose()).toEqual({ code: 4000, reason: "no heartbeat" });
    for (const client of [game.host, game.spectator, game.players[1].client]) {
      const presence = await client.next("presence", (m) => !m.connected[0]);
      expect(presence).toEqual({ type: "presence", connected: [false, true], spectators: 2 });
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

describe("the alarm checks the heartbeat only while a seat is connected", () => {
  it("with a seat connected it comes within 10 s; once none is, only for the table (idle deletion)", async () => {
    const table = await createTable();
    const { client } = await hello(table.id, "seat0");
    await join(client, 0, "Aino");
    const checkAt = (await alarmAt(table.id)) ?? 0;
    expect(checkAt).toBeGreaterThan(Date.now());
    expect(checkAt).toBeLessThanOrEqual(Date.now() + 10_000);
    client.close();
    await client.waitForClose();
    expect(await runDurableObjectAlarm(stub(table.id))).toBe(true);
    const idleAt = (await alarmAt(table.id)) ?? 0;
    expect(idleAt).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    expect(idleAt).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });
});
