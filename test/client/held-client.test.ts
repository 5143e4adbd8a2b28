/**
 * What the table page's panels ask of the table's client before its code
 * has come (table-page/held-client.ts): the table as the page's snapshot
 * shows it, the visitor as the kept tokens say, and every request held
 * until the client comes, then sent by it in the order asked; listeners
 * become the client's. The client here records what it is asked, as the
 * SDK's `TableClient` would be asked it (its own tests cover what it then
 * does).
 */
import { describe, expect, it } from "vitest";
import type { TableClient } from "../../src/client/sdk/client.ts";
import { memoryTokens, seatNumberKey, seatTokenKey } from "../../src/client/sdk/storage.ts";
import { HeldClient } from "../../src/client/ui/table-page/held-client.ts";
import { ServerTable, TABLE_ID } from "./server-table.ts";

/** A table for two where Aino sits in seat 0, as its page's snapshot shows it. */
function waitingTable() {
  const table = new ServerTable({ players: 2 });
  table.seatAll(["Aino"]);
  return table.snapshot();
}

/** What a client was asked, in order, and the listeners it was given. */
function recordingClient() {
  const asked: string[] = [];
  const listening: string[] = [];
  const client = {
    model: null,
    you: { seat: 1, host: false },
    connection: "open",
    serverNow: () => 42,
    on: (type: string) => {
      listening.push(type);
      return () => listening.splice(listening.indexOf(type), 1);
    },
    join: async (seat: number, name: string) => {
      asked.push(`join ${seat} ${name}`);
      return seat;
    },
    start: async () => {
      asked.push("start");
    },
    rematch: async () => {
      asked.push("rematch");
    },
  };
  return { client: client as unknown as TableClient, asked, listening };
}

describe("before the client comes, the page draws the table its snapshot shows, for the visitor its tokens say", () => {
  it("the snapshot's seats, the kept seat, and a connection being opened", () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE_ID), "a-seat-token");
    tokens.set(seatNumberKey(TABLE_ID), "0");
    const held = new HeldClient(TABLE_ID, waitingTable(), tokens);
    expect(held.model?.seats.map((seat) => seat.name)).toEqual(["Aino", null]);
    expect(held.you).toEqual({ seat: 0, host: false });
    expect(held.connection).toBe("connecting");
    expect(held.attached).toBeNull();
  });

  it("a snapshot the model cannot read shows nothing (until the client, which checks it, comes)", () => {
    const broken = { ...waitingTable(), settings: null } as never;
    expect(new HeldClient(TABLE_ID, broken, memoryTokens()).model).toBeNull();
  });
});

describe("a request made before the client comes is sent by it once it comes, in the order asked", () => {
  it("Sit down, then Start: nothing is sent before, both after, each answered with the client's answer", async () => {
    const held = new HeldClient(TABLE_ID, waitingTable(), memoryTokens());
    const { client, asked } = recordingClient();
    const joined = held.join(1, "Bjørn");
    const started = held.start();
    await Promise.resolve();
    expect(asked).toEqual([]);
    held.attach(client);
    await expect(joined).resolves.toBe(1);
    await started;
    expect(asked).toEqual(["join 1 Bjørn", "start"]);
    // From then on, at once.
    const rematch = held.rematch();
    expect(asked).toEqual(["join 1 Bjørn", "start", "rematch"]);
    await rematch;
  });
});

describe("the page's listeners are the client's once it comes; one stopped before is not", () => {
  it("two listeners added, one stopped, then the client: it hears one; then everything is the client's", () => {
    const held = new HeldClient(TABLE_ID, waitingTable(), memoryTokens());
    held.on("change", () => {});
    const stop = held.on("event", () => {});
    stop();
    const { client, listening } = recordingClient();
    held.attach(client);
    expect(listening).toEqual(["change"]);
    held.on("error", () => {});
    expect(listening).toEqual(["change", "error"]);
    expect(held.you).toEqual({ seat: 1, host: false });
    expect(held.connection).toBe("open");
    expect(held.serverNow()).toBe(42);
    expect(held.attached).toBe(client);
  });
});
