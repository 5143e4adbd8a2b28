/**
 * Continuing on another device: a seated player asks its table for a
 * one-time code, and another device redeems it for the seat (and hosting,
 * if the player hosts). Every code that does not work is refused alike,
 * `invalid-handover`, and changes nothing.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ErrorBody, HandedOver } from "../../src/protocol/index.ts";
import { HANDOVER_TTL_MS } from "../../src/server/table/handover.ts";
import {
  api,
  type Client,
  closeAll,
  connect,
  createTable,
  getSnapshot,
  hello,
  join,
  type Message,
  postJson,
  rid,
  setUpTable,
  someAddress,
  stub,
  toMove,
} from "./helpers.ts";

/** Asks for a code on a seated player's socket; returns the private answer. */
async function askCode(client: Client): Promise<Message<"handoverCode">> {
  const id = rid("handover");
  client.send({ type: "handover", id });
  return client.next("handoverCode", (m) => m.id === id);
}

function redeem(id: string, code: string, address = someAddress()): Promise<Response> {
  return api(`/api/tables/${id}/handover`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": address },
    body: JSON.stringify({ code }),
  });
}

async function redeemed(id: string, code: string): Promise<HandedOver> {
  const response = await redeem(id, code);
  expect(response.status).toBe(200);
  return (await response.json()) as HandedOver;
}

async function refusal(response: Response): Promise<{ status: number; error: ErrorBody }> {
  return { status: response.status, error: ((await response.json()) as { error: ErrorBody }).error };
}

const INVALID = { status: 403, error: { code: "invalid-handover", message: expect.any(String) } };

/** The seat `token` gives a new socket at the table: null once it no longer works. */
async function seatOf(id: string, token: string): Promise<number | null> {
  const client = await connect(id, "probe");
  client.send({ type: "hello", token });
  // A refused hello leaves the socket a spectator: the welcome of a flush says which it is.
  const { you } = await client.flush();
  client.close();
  return you.seat;
}

describe("asking for a code", () => {
  it("a seated player gets a 22-character code, good for 10 minutes, on its own socket; nobody else hears of it", async () => {
    const game = await setUpTable({}, false);
    const player = game.players[0];
    const before = Date.now();
    const answer = await askCode(player.client);
    expect(answer.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(answer.expiresAt).toBeGreaterThanOrEqual(before + HANDOVER_TTL_MS);
    expect(answer.expiresAt).toBeLessThanOrEqual(Date.now() + HANDOVER_TTL_MS);
    for (const other of [game.host, game.spectator, game.players[1].client]) {
      await other.flush();
      expect(other.raw.join("\n")).not.toContain(answer.code);
      expect(other.messages.some((m) => m.type === "handoverCode")).toBe(false);
    }
    expect((await getSnapshot(game.table.id)).seq).toBe((await game.host.flush()).snapshot.seq);
    closeAll(game.clients);
  });

  it("a spectator, or a host without a seat: not-seated", async () => {
    const game = await setUpTable({}, false);
    for (const client of [game.spectator, game.host]) {
      client.send({ type: "handover", id: "h" });
      expect((await client.error("not-seated")).id).toBe("h");
    }
    closeAll(game.clients);
  });

  it("only hashes are stored: neither the code nor the seat token is in the table's storage", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    const dump = await runInDurableObject(stub(game.table.id), (_instance, state) =>
      JSON.stringify(state.storage.sql.exec("SELECT * FROM handovers").toArray(), (_key, value) =>
        value instanceof ArrayBuffer ? [...new Uint8Array(value)] : value,
      ),
    );
    expect(dump).not.toContain(code);
    expect(dump).not.toContain(game.players[0].token);
    expect(JSON.parse(dump)).toHaveLength(1);
    closeAll(game.clients);
  });
});

describe("redeeming a code hands the seat over", () => {
  it("the new device gets a fresh token and plays; the old token stops working and its socket is told, as a spectator", async () => {
    const game = await setUpTable();
    const { id } = game.table;
    const { seat } = await toMove(id);
    const old = game.players[seat];
    const { code } = await askCode(old.client);
    const seqBefore = (await getSnapshot(id)).seq;

    const answer = await redeemed(id, code);
    expect(answer).toEqual({ seat, token: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), hostToken: null });
    expect(answer.token).not.toBe(old.token);
    const moved = await old.client.next("identity");
    expect(moved).toEqual({ type: "identity", you: { seat: null, host: false }, reason: "handedOver" });

    // The old device can no longer act for the seat; the new one can.
    const { move } = await toMove(id);
    old.client.send({ type: "move", id: "old", path: move });
    await old.client.error("not-seated");
    expect(await seatOf(id, old.token)).toBeNull();
    const { client: fresh, welcome } = await hello(id, "new device", { token: answer.token });
    expect(welcome.you).toEqual({ seat, host: false });
    fresh.send({ type: "move", id: "new", path: move });
    await fresh.next("ack", (m) => m.id === "new");

    // A hand-over is no event: the others saw nothing but the move.
    const other = game.players[1 - seat].client;
    expect(
      other
        .events()
        .filter((e) => e.seq > seqBefore)
        .map((e) => e.event.type),
    ).toEqual(["moved"]);
    expect(other.messages.some((m) => m.type === "identity" && m.reason !== undefined)).toBe(false);
    closeAll([...game.clients, fresh]);
  });

  it("a player who also hosts: hosting moves with the seat, and the old host token stops working", async () => {
    const { id, hostToken } = await createTable();
    const { client: old } = await hello(id, "host and player", { hostToken });
    const token = await join(old, 0, "Aino");
    const { code } = await askCode(old);

    const answer = await redeemed(id, code);
    expect(answer.hostToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect((await old.next("identity")).you).toEqual({ seat: null, host: false });
    const probe = await connect(id, "old host");
    probe.send({ type: "hello", hostToken });
    await probe.error("bad-token");
    const { client: fresh, welcome } = await hello(id, "new device", {
      token: answer.token,
      hostToken: answer.hostToken ?? "",
    });
    expect(welcome.you).toEqual({ seat: 0, host: true });
    expect(await seatOf(id, token)).toBeNull();
    closeAll([old, probe, fresh]);
  });

  it("a player who does not host: the host keeps hosting", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[1].client);
    const answer = await redeemed(game.table.id, code);
    expect(answer.hostToken).toBeNull();
    await game.host.flush();
    expect(game.host.messages.some((m) => m.type === "identity")).toBe(false);
    const { client, welcome } = await hello(game.table.id, "host again", { hostToken: game.table.hostToken });
    expect(welcome.you).toEqual({ seat: null, host: true });
    closeAll([...game.clients, client]);
  });

  it("the code survives hibernation and eviction: it is stored, not kept in memory", async () => {
    const game = await setUpTable({}, false);
    const { id } = game.table;
    const { code } = await askCode(game.players[0].client);
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    const answer = await redeemed(id, code);
    // The hibernated socket of the old device is told too.
    expect((await game.players[0].client.next("identity")).reason).toBe("handedOver");
    const { client: fresh } = await hello(id, "new device", { token: answer.token });
    const again = await askCode(fresh);
    await evictDurableObject(stub(id), { webSockets: "close" });
    expect((await redeemed(id, again.code)).seat).toBe(0);
    expect(await seatOf(id, answer.token)).toBeNull();
    closeAll([...game.clients, fresh]);
  });

  it("the code follows its player through a swap of seats", async () => {
    const game = await setUpTable({ players: 3 }, false);
    const { code } = await askCode(game.players[0].client);
    game.players[0].client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    // The first code was the leaver's: it went with the seat. Seat 2's player asks, then moves to seat 0.
    expect(await refusal(await redeem(game.table.id, code))).toEqual(INVALID);
    const second = await askCode(game.players[2].client);
    game.players[2].client.send({ type: "swap", id: rid(), seat: 0 });
    await game.host.event("swapped");
    expect((await redeemed(game.table.id, second.code)).seat).toBe(0);
    expect(await seatOf(game.table.id, game.players[2].token)).toBeNull();
    closeAll(game.clients);
  });
});

describe("a code that does not work: 403 invalid-handover, whichever the reason, and nothing changes", () => {
  /** A table with two players and a live code of seat 0's; `check` that nothing changed. */
  async function withCode() {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    const before = await getSnapshot(game.table.id);
    const unchanged = async () => {
      expect(await getSnapshot(game.table.id)).toEqual(before);
      expect(await seatOf(game.table.id, game.players[0].token)).toBe(0);
      await game.players[0].client.flush();
      expect(game.players[0].client.messages.some((m) => m.type === "identity")).toBe(false);
    };
    return { game, code, unchanged };
  }

  it("used twice: the second time", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    const first = await redeemed(game.table.id, code);
    expect(await refusal(await redeem(game.table.id, code))).toEqual(INVALID);
    expect(await seatOf(game.table.id, first.token)).toBe(0);
    closeAll(game.clients);
  });

  it("expired: 10 minutes after it was asked for", async () => {
    const { game, code, unchanged } = await withCode();
    await runInDurableObject(stub(game.table.id), (_instance, state) => {
      state.storage.sql.exec("UPDATE handovers SET expires_at = expires_at - ?", HANDOVER_TTL_MS);
    });
    expect(await refusal(await redeem(game.table.id, code))).toEqual(INVALID);
    await unchanged();
    closeAll(game.clients);
  });

  it("replaced: asking again retires the first code; the second works", async () => {
    const { game, code, unchanged } = await withCode();
    const second = await askCode(game.players[0].client);
    expect(second.code).not.toBe(code);
    const rows = await runInDurableObject(stub(game.table.id), (_instance, state) =>
      state.storage.sql.exec("SELECT count(*) AS n FROM handovers").one(),
    );
    expect(rows.n).toBe(1);
    expect(await refusal(await redeem(game.table.id, code))).toEqual(INVALID);
    await unchanged();
    expect((await redeemed(game.table.id, second.code)).seat).toBe(0);
    closeAll(game.clients);
  });

  it("wrong: a made-up code, one cut short, a seat token, another table's code", async () => {
    const { game, code, unchanged } = await withCode();
    const other = await setUpTable({}, false);
    const otherCode = (await askCode(other.players[0].client)).code;
    for (const wrong of ["A".repeat(22), code.slice(0, 21), `${code}x`, "", game.players[0].token, otherCode]) {
      expect(await refusal(await redeem(game.table.id, wrong)), wrong).toEqual(INVALID);
    }
    await unchanged();
    closeAll([...game.clients, ...other.clients]);
  });

  it("its seat freed since (the player left): the code went with it", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    game.players[0].client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    const before = await getSnapshot(game.table.id);
    expect(await refusal(await redeem(game.table.id, code))).toEqual(INVALID);
    expect(await getSnapshot(game.table.id)).toEqual(before);
    closeAll(game.clients);
  });
});

describe("bad requests to redeem: a clear code, and nothing changes", () => {
  it("not JSON: 415; malformed JSON or another shape: 400 bad-request; a malformed table id: 400 bad-table-id", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    const before = await getSnapshot(game.table.id);
    const path = `/api/tables/${game.table.id}/handover`;
    const form = await api(path, { method: "POST", body: `code=${code}`, headers: { "Content-Type": "text/plain" } });
    expect((await refusal(form)).status).toBe(415);
    for (const body of ["{", "[]", JSON.stringify({ code: 1 }), JSON.stringify({ code, extra: true })]) {
      expect(await refusal(await postJson(path, body)), body).toEqual({
        status: 400,
        error: { code: "bad-request", message: expect.any(String) },
      });
    }
    expect((await refusal(await postJson("/api/tables/nope/handover", { code }))).error.code).toBe("bad-table-id");
    expect(await getSnapshot(game.table.id)).toEqual(before);
    expect((await redeemed(game.table.id, code)).seat).toBe(0);
    closeAll(game.clients);
  });
});

describe("redeem attempts are limited per address", () => {
  it("more than 10 a minute from one address: 429 rate-limited with Retry-After; other addresses go on", async () => {
    const game = await setUpTable({}, false);
    const { code } = await askCode(game.players[0].client);
    const address = someAddress();
    let refused: Response | undefined;
    // The limit counts in windows of a minute aligned to the clock: within 21 attempts one window sees 11.
    for (let sent = 1; sent <= 21 && !refused; sent++) {
      const response = await redeem(game.table.id, "B".repeat(22), address);
      if (response.status === 429) refused = response;
      else await response.body?.cancel();
    }
    expect(refused?.headers.get("Retry-After")).toBe("60");
    expect((await refusal(refused as Response)).error.code).toBe("rate-limited");
    // Refused before the code is looked at: even the right one, from that address.
    expect((await redeem(game.table.id, code, address)).status).toBe(429);
    expect((await redeemed(game.table.id, code)).seat).toBe(0);
    closeAll(game.clients);
  });
});
