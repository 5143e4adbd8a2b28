/**
 * Seat and host tokens are secrets: the joiner's private `joined` answer is
 * the only place a seat token ever appears, and the host token appears only
 * in the creation's answer.
 */
import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  api,
  type Client,
  closeAll,
  getSnapshot,
  hello,
  join,
  playOne,
  resume,
  rid,
  setUpTable,
  stub,
  toMove,
} from "./helpers.ts";

describe("tokens never appear in a broadcast, a presence, a welcome, a snapshot or a record", () => {
  it("through a whole table's life", async () => {
    const game = await setUpTable({ players: 3 }, false);
    const { id, hostToken } = game.table;
    const tokens = new Set([hostToken, ...game.players.map((p) => p.token)]);
    const clients: Client[] = [...game.clients];

    // Seats change hands before the start: a leave, a removal, new tokens.
    game.players[2].client.send({ type: "leave", id: rid() });
    await game.host.event("unseated");
    tokens.add(await join(game.players[2].client, 2, "Returner"));
    game.host.send({ type: "remove", id: rid(), seat: 1 });
    await game.host.event("unseated", (e) => e.seat === 1);
    const seat1 = await join(game.players[1].client, 1, "Readmitted");
    tokens.add(seat1);

    game.host.send({ type: "start", id: rid() });
    await game.host.event("started");
    for (let i = 0; i < 4; i++) await playOne(game);

    // Reconnects: by token with and without lastSeq, as host, after hibernating.
    await evictDurableObject(stub(id), { webSockets: "hibernate" });
    clients.push((await hello(id, "seat1 again", { token: seat1 })).client);
    clients.push((await resume(id, "host again", { hostToken, lastSeq: 1 })).client);
    await playOne(game);

    // Errors and acks.
    const { seat, move } = await toMove(id);
    game.players[(seat + 1) % 3].client.send({ type: "move", id: "oops", path: move });
    game.players[seat].client.send({ type: "move", id: "dup", path: move });
    await game.host.event("moved", (e) => e.path === move);
    game.players[seat].client.send({ type: "move", id: "dup", path: move });
    await game.players[seat].client.next("ack");

    // Two leave: the game ends and frees their seats; they sit again (new tokens) and all accept a rematch.
    const { seat: next } = await toMove(id);
    const lastToLeave = (next + 1) % 3;
    game.players[next].client.send({ type: "leave", id: rid() });
    const leftLast = rid();
    game.players[lastToLeave].client.send({ type: "leave", id: leftLast });
    await game.players[lastToLeave].client.next("ack", (m) => m.id === leftLast);
    for (const leaver of [next, lastToLeave]) {
      const token = await join(game.players[leaver].client, leaver, `Back ${leaver}`);
      tokens.add(token);
      game.players[leaver] = { ...game.players[leaver], token };
    }
    for (const player of game.players) player.client.send({ type: "rematch", id: rid() });
    await game.host.event("started", (e) => e.game === 2);
    await playOne(game);

    // Table talk: the players, the host and a spectator chat and react.
    game.host.send({ type: "chatPolicy", id: rid(), policy: "everyone" });
    for (const player of game.players) player.client.send({ type: "chat", id: rid(), text: "gg" });
    game.host.send({ type: "chat", id: rid(), text: "well played", name: "Host" });
    game.spectator.send({ type: "chat", id: rid(), text: "wow", name: "Watcher" });
    game.players[0].client.send({ type: "react", id: rid(), reaction: "clap" });
    clients.push((await hello(id, "chat newcomer")).client);

    for (const client of clients) await client.flush();
    const snapshotText = await (await api(`/api/tables/${id}`)).text();
    const recordText = await (await api(`/api/tables/${id}/record`)).text();
    const pageText = await (await api(`/t/${id}`)).text();

    // Each `joined` went to its joiner alone, and is the only frame with a token.
    const frames = clients.flatMap((client) => client.raw.map((text) => ({ client, text })));
    const joinedFrames = frames.filter(({ text }) => text.includes('"type":"joined"'));
    expect(joinedFrames).toHaveLength(game.players.length + 4);
    const others = frames.filter(({ text }) => !text.includes('"type":"joined"'));
    expect(others.length).toBeGreaterThan(200);
    const kinds = new Set(others.map(({ text }) => (JSON.parse(text) as { type: string }).type));
    expect([...kinds].sort()).toEqual([
      "ack",
      "chatHistory",
      "chatMessage",
      "chatPolicy",
      "error",
      "event",
      "identity",
      "presence",
      "reaction",
      "welcome",
    ]);
    for (const token of tokens) {
      for (const { client, text } of others) expect(text.includes(token), `${client.label}: ${text}`).toBe(false);
      expect(snapshotText).not.toContain(token);
      expect(recordText).not.toContain(token);
      expect(pageText).not.toContain(token);
    }
    closeAll(clients);
  });

  it("storage keeps only hashes of the tokens", async () => {
    const game = await setUpTable();
    const dump = await runInDurableObject(stub(game.table.id), (_instance, state) => {
      const { sql } = state.storage;
      const tables = sql
        .exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .toArray()
        .map((row) => row.name)
        .filter((name) => !name.startsWith("_cf"));
      return JSON.stringify(
        tables.map((name) => sql.exec(`SELECT * FROM "${name}"`).toArray()),
        (_key, value) => (value instanceof ArrayBuffer ? new TextDecoder("latin1").decode(value) : value),
      );
    });
    expect(dump).toContain("Player 1");
    for (const token of [game.table.hostToken, ...game.players.map((p) => p.token)]) {
      expect(dump).not.toContain(token);
    }
    expect((await getSnapshot(game.table.id)).status).toBe("playing");
    closeAll(game.clients);
  });
});
