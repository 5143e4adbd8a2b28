/**
 * What presence costs: it goes out only when who is connected changed, and
 * bursts of changes are coalesced, so that N sockets connecting cost a number
 * of messages that grows with N, not with N². Every socket still learns the
 * current presence after its welcome.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { type Client, closeAll, connect, createTable, hello, join, type Message, stub } from "./helpers.ts";

/** The seats the table has noted as disconnected. */
function absences(id: string): Promise<number[]> {
  return runInDurableObject(stub(id), (_instance, state) =>
    state.storage.sql
      .exec<{ seat: number }>("SELECT seat FROM absences ORDER BY seat")
      .toArray()
      .map((row) => row.seat),
  );
}

function presences(client: Client): Message<"presence">[] {
  return client.messages.filter((m): m is Message<"presence"> => m.type === "presence");
}

function totalPresences(clients: readonly Client[]): number {
  return clients.reduce((sum, client) => sum + presences(client).length, 0);
}

/** Waits until every client has seen a presence that counts `spectators`. */
async function settle(clients: readonly Client[], spectators: number): Promise<void> {
  for (const client of clients) await client.next("presence", (m) => m.spectators === spectators, 5000);
}

/** Opens `n` sockets to a table at once and waits until everyone has seen the final count. */
async function crowd(n: number): Promise<{ clients: Client[]; messages: number; ms: number }> {
  const { id } = await createTable();
  const start = Date.now();
  const clients = await Promise.all(Array.from({ length: n }, (_, i) => connect(id, `c${i}`)));
  await settle(clients, n);
  return { clients, messages: totalPresences(clients), ms: Date.now() - start };
}

describe("presence grows linearly with the sockets", () => {
  it("N sockets connecting receive O(N) presence messages, not N²/2", async () => {
    for (const n of [50, 100]) {
      const { clients, messages, ms } = await crowd(n);
      console.log(`presence messages for ${n} sockets connecting: ${messages} (in ${ms} ms)`);
      // Before: every connect told every socket, 1 + 2 + … + N = N(N+1)/2 (1,275 and 5,050).
      // Now at most one broadcast (to at most N sockets) per 250 ms, the first one at once.
      expect(messages).toBeLessThanOrEqual(n * (2 + ms / 250));
      expect(messages).toBeLessThanOrEqual(6 * n);
      // Everyone ends up with the true count, and nothing more is on its way.
      for (const client of clients) expect(presences(client).at(-1)?.spectators).toBe(n);
      closeAll(clients);
    }
  });

  it("99 hellos that change nothing cost the others nothing", async () => {
    const { id } = await createTable();
    const others = await Promise.all(Array.from({ length: 20 }, (_, i) => connect(id, `o${i}`)));
    const { client: chatty } = await hello(id, "chatty");
    await settle([...others, chatty], 21);
    /** A round trip for each of the others; the welcome that answers it is followed by the presence. */
    const roundTrip = () =>
      Promise.all(
        others.map(async (client) => {
          await client.flush();
          await client.next("presence");
        }),
      );
    await roundTrip();
    const before = totalPresences(others);
    // 99 hellos in all, and a flush: 100 messages, within the old limit too.
    for (let i = 0; i < 98; i++) chatty.send({ type: "hello" });
    for (let i = 0; i < 98; i++) await chatty.next("welcome");
    await chatty.flush();
    await roundTrip();
    // Before: 98 × 20 = 1,960 presence messages to the others; now only the one each round trip asked for.
    expect(totalPresences(others) - before).toBe(others.length);
    // The one that said hello is told the presence after its welcomes: at most once each.
    expect(presences(chatty).length).toBeGreaterThan(0);
    expect(presences(chatty).length).toBeLessThanOrEqual(100);
    closeAll([...others, chatty]);
  });

  it("a socket that says hello gets the current presence after its welcome, even when nothing changed", async () => {
    const { id } = await createTable();
    const { client: alice } = await hello(id, "alice");
    await join(alice, 0, "Alice");
    const { client: late } = await hello(id, "late");
    const presence = await late.next("presence");
    expect(presence).toMatchObject({ type: "presence", connected: [true, false], spectators: 1 });
    // A reconnecting hello with lastSeq is answered with identity and then presence too.
    late.send({ type: "hello", lastSeq: 2 });
    await late.next("identity");
    expect(await late.next("presence")).toMatchObject({ type: "presence", connected: [true, false], spectators: 1 });
    closeAll([alice, late]);
  });

  it("a seat that connects or leaves is still told to everyone, and its absence noted", async () => {
    const { id } = await createTable();
    const { client: watcher } = await hello(id, "watcher");
    const { client: alice } = await hello(id, "alice");
    await join(alice, 0, "Alice");
    await watcher.next("presence", (m) => m.connected[0] === true);
    expect(await absences(id)).toEqual([1]);
    alice.close();
    expect(await watcher.next("presence", (m) => m.connected[0] === false)).toMatchObject({
      type: "presence",
      connected: [false, false],
      spectators: 1,
    });
    const noted = await absences(id);
    expect(noted).toEqual([0, 1]);
    closeAll([watcher]);
  });
});
