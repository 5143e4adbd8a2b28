import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CHAT_HISTORY, type ChatMessage } from "../../src/protocol/index.ts";
import { ChatLimiter, MESSAGE_RATES } from "../../src/server/chat/chat-limits.ts";
import type { Table } from "../../src/server/table/table.ts";
import type { Client, Game, Message } from "./helpers.ts";
import {
  closeAll,
  connect,
  getSnapshot,
  hello,
  playOne,
  resume,
  rid,
  setUpTable,
  someAddress,
  stateOf,
  stub,
} from "./helpers.ts";

/** Sends a chat message and returns its answer, an ack or the refusal. */
function say(client: Client, text: string, name?: string): Promise<Message<"ack"> | Message<"error">> {
  return ask(client, { type: "chat", text, ...(name === undefined ? {} : { name }) });
}

/** Sends a request and returns its answer, an ack or an error, whichever carries its id. */
async function ask(client: Client, message: Record<string, unknown>): Promise<Message<"ack"> | Message<"error">> {
  const id = rid(String(message.type));
  const from = client.messages.length;
  client.send({ ...message, id });
  await client.flush();
  const answer = client.messages
    .slice(from)
    .find((m): m is Message<"ack"> | Message<"error"> => (m.type === "ack" || m.type === "error") && m.id === id);
  if (!answer) throw new Error(`${client.label}: no answer to ${String(message.type)}`);
  return answer;
}

/** The code of a refusal, or "ok". */
function outcome(answer: Message<"ack"> | Message<"error">): string {
  return answer.type === "ack" ? "ok" : answer.code;
}

/** The chat messages a client has been sent, in order. */
function heard(client: Client): ChatMessage[] {
  return client.messages.flatMap((m) => (m.type === "chatMessage" ? [m.message] : []));
}

/** What a new socket is told of the chat on hello. */
async function historyFor(id: string, options: { hostToken?: string; token?: string } = {}) {
  const { client } = await hello(id, "newcomer", options);
  const history = await client.next("chatHistory");
  client.close();
  return history;
}

async function openToEveryone(game: Game): Promise<void> {
  expect(outcome(await ask(game.host, { type: "chatPolicy", policy: "everyone" }))).toBe("ok");
}

/** Rows of the game's log, and of every table but the chat's. */
function logRows(id: string) {
  return runInDurableObject(stub(id), (_instance: Table, state) => ({
    events: state.storage.sql.exec("SELECT seq, type, payload FROM events ORDER BY seq").toArray(),
    requests: state.storage.sql.exec("SELECT * FROM requests").toArray(),
  }));
}

describe("the seated players talk: a message reaches everyone, from its seat, at the server's time", () => {
  it("a player's message goes to every socket, with the seat, the seat's name, the time and a key to mute by", async () => {
    const game = await setUpTable();
    const before = Date.now();
    const answer = await say(game.players[0].client, "  nice   jump ");
    expect(outcome(answer)).toBe("ok");
    for (const client of game.clients) {
      const { message } = await client.next("chatMessage");
      expect(message).toEqual({
        n: 1,
        at: message.at,
        by: { kind: "seat", seat: 0, name: "Player 1", host: false },
        author: message.author,
        text: "nice jump",
      });
      expect(message.at).toBeGreaterThanOrEqual(before);
      expect(message.author).toMatch(/^[0-9a-f]{16}$/);
    }
    closeAll(game.clients);
  });

  it("the ack names the log's last event (chat adds none) and the message's number, which tells its writer it is theirs", async () => {
    const game = await setUpTable();
    const { seq } = await getSnapshot(game.table.id);
    const answer = await say(game.players[1].client, "one more?");
    expect(answer).toEqual({ type: "ack", id: answer.id, seq, n: 1 });
    closeAll(game.clients);
  });

  it("a seated player's own `name` is ignored: they write under the seat's name", async () => {
    const game = await setUpTable();
    expect(outcome(await say(game.players[0].client, "hi", "Someone Else"))).toBe("ok");
    expect((await game.spectator.next("chatMessage")).message.by).toEqual({
      kind: "seat",
      seat: 0,
      name: "Player 1",
      host: false,
    });
    closeAll(game.clients);
  });

  it("one player's messages share a key; another's differs, and so does the same player's at another table", async () => {
    const game = await setUpTable();
    const other = await setUpTable();
    await say(game.players[0].client, "a");
    await say(game.players[0].client, "b");
    await say(game.players[1].client, "c");
    await say(other.players[0].client, "d");
    const [a, b, c] = heard(await game.spectator.flush().then(() => game.spectator));
    const [d] = heard(await other.spectator.flush().then(() => other.spectator));
    expect(a.author).toBe(b.author);
    expect(c.author).not.toBe(a.author);
    expect(d.author).not.toBe(a.author);
    closeAll([...game.clients, ...other.clients]);
  });

  it("a request id sent again is acknowledged and not posted twice", async () => {
    const game = await setUpTable();
    const client = game.players[0].client;
    client.send({ type: "chat", id: "same", text: "once" });
    client.send({ type: "chat", id: "same", text: "once" });
    const first = await client.next("ack", (m) => m.id === "same");
    expect(await client.next("ack", (m) => m.id === "same")).toEqual(first);
    expect(first.n).toBe(1);
    await game.spectator.flush();
    expect(heard(game.spectator).map((m) => m.text)).toEqual(["once"]);
    closeAll(game.clients);
  });
});

describe("spectators talk when the host lets them, under a name of their own", () => {
  it("a new table lets only its players and host talk: a spectator is refused with chat-closed", async () => {
    const game = await setUpTable();
    expect((await historyFor(game.table.id)).policy).toBe("players");
    expect(outcome(await say(game.spectator, "hello", "Watcher"))).toBe("chat-closed");
    expect(outcome(await say(game.host, "welcome", "Host"))).toBe("ok");
    expect((await game.players[0].client.next("chatMessage")).message.by).toEqual({
      kind: "spectator",
      name: "Host",
      host: true,
    });
    closeAll(game.clients);
  });

  it("opened to everyone, a spectator writes under the name they give", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    for (const client of game.clients)
      expect(await client.next("chatPolicy")).toEqual({ type: "chatPolicy", policy: "everyone" });
    expect(outcome(await say(game.spectator, "go blue!", " Watcher "))).toBe("ok");
    expect((await game.players[1].client.next("chatMessage")).message.by).toEqual({
      kind: "spectator",
      name: "Watcher",
      host: false,
    });
    closeAll(game.clients);
  });

  it("a spectator needs a valid name, and not one a seated player goes by", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    expect(outcome(await say(game.spectator, "hi"))).toBe("bad-name");
    expect(outcome(await say(game.spectator, "hi", "\u202Eevil"))).toBe("bad-name");
    expect(outcome(await say(game.spectator, "hi", "player 1"))).toBe("name-taken");
    expect(outcome(await say(game.spectator, "hi", "ＰＬＡＹＥＲ　２"))).toBe("name-taken");
    expect((await historyFor(game.table.id)).messages).toEqual([]);
    closeAll(game.clients);
  });

  it("nobody: the players, the host and the spectators are all refused, reactions too", async () => {
    const game = await setUpTable();
    expect(outcome(await ask(game.host, { type: "chatPolicy", policy: "nobody" }))).toBe("ok");
    expect(outcome(await say(game.players[0].client, "hi"))).toBe("chat-closed");
    expect(outcome(await say(game.host, "hi", "Host"))).toBe("chat-closed");
    expect(outcome(await say(game.spectator, "hi", "Watcher"))).toBe("chat-closed");
    expect(outcome(await ask(game.players[0].client, { type: "react", reaction: "clap" }))).toBe("chat-closed");
    expect((await historyFor(game.table.id)).messages).toEqual([]);
    closeAll(game.clients);
  });

  it("only the host chooses who may chat", async () => {
    const game = await setUpTable();
    expect(outcome(await ask(game.players[0].client, { type: "chatPolicy", policy: "everyone" }))).toBe("not-host");
    expect(outcome(await ask(game.spectator, { type: "chatPolicy", policy: "everyone" }))).toBe("not-host");
    expect((await historyFor(game.table.id)).policy).toBe("players");
    closeAll(game.clients);
  });
});

describe("quick reactions go to everyone for a moment, and are not stored", () => {
  it("a player's reaction names the seat; a spectator's names none", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    expect(outcome(await ask(game.players[1].client, { type: "react", reaction: "clap" }))).toBe("ok");
    expect(outcome(await ask(game.spectator, { type: "react", reaction: "wow" }))).toBe("ok");
    for (const client of game.clients) {
      const first = await client.next("reaction");
      const second = await client.next("reaction");
      expect([first, second].map(({ seat, reaction }) => ({ seat, reaction }))).toEqual([
        { seat: 1, reaction: "clap" },
        { seat: null, reaction: "wow" },
      ]);
    }
    const history = await historyFor(game.table.id);
    expect(history.messages).toEqual([]);
    closeAll(game.clients);
  });

  it("a reaction's request id sent again (a resend after a reconnect) is acknowledged and not shown twice", async () => {
    const game = await setUpTable();
    const client = game.players[0].client;
    client.send({ type: "react", id: "tap", reaction: "wave" });
    client.send({ type: "react", id: "tap", reaction: "wave" });
    await client.next("ack", (m) => m.id === "tap");
    await client.next("ack", (m) => m.id === "tap");
    await game.spectator.flush();
    expect(game.spectator.messages.filter((m) => m.type === "reaction")).toHaveLength(1);
    closeAll(game.clients);
  });

  it("a reaction not among the six is refused with bad-message", async () => {
    const game = await setUpTable();
    expect(outcome(await ask(game.players[0].client, { type: "react", reaction: "poop" }))).toBe("bad-message");
    closeAll(game.clients);
  });
});

describe("a newcomer and a reconnecting socket get the recent messages", () => {
  it("hello is answered with the policy and the messages, oldest first, after the welcome", async () => {
    const game = await setUpTable();
    for (const text of ["one", "two", "three"]) await say(game.players[0].client, text);
    const { client } = await hello(game.table.id, "late");
    const types = [];
    const history = await client.next("chatHistory");
    for (const m of client.messages) types.push(m.type);
    expect(types.indexOf("welcome")).toBeLessThan(types.indexOf("chatHistory"));
    expect(history.messages.map((m) => [m.n, m.text])).toEqual([
      [1, "one"],
      [2, "two"],
      [3, "three"],
    ]);
    expect(history.silenced).toBe(false);
    closeAll([...game.clients, client]);
  });

  it("a socket that reconnects with the last event it saw gets the history after its missed events", async () => {
    const game = await setUpTable();
    await say(game.players[0].client, "before you left");
    const { seq } = await getSnapshot(game.table.id);
    const { client } = await resume(game.table.id, "back", { token: game.players[1].token, lastSeq: seq });
    const history = await client.next("chatHistory");
    expect(history.messages.map((m) => m.text)).toEqual(["before you left"]);
    closeAll([...game.clients, client]);
  });

  it(`the table keeps the last ${CHAT_HISTORY} messages; a message's number is never used again`, async () => {
    const game = await setUpTable();
    await runInDurableObject(stub(game.table.id), (instance: Table) => {
      const store = (
        instance as unknown as { chat: { room: { store: import("../../src/server/chat/chat-store.ts").ChatStore } } }
      ).chat.room.store;
      for (let i = 1; i <= CHAT_HISTORY + 5; i++) {
        store.add(i, { kind: "seat", seat: 0, name: "Player 1", host: false }, "k", `m${i}`, `k:${i}`);
      }
    });
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    const history = await historyFor(game.table.id);
    expect(history.messages).toHaveLength(CHAT_HISTORY);
    expect(history.messages[0].text).toBe("m6");
    expect(history.messages.at(-1)?.n).toBe(CHAT_HISTORY + 5);
    const rows = await runInDurableObject(stub(game.table.id), (_i: Table, state) =>
      state.storage.sql.exec("SELECT COUNT(*) AS n FROM chat").one(),
    );
    expect(rows.n).toBe(CHAT_HISTORY);
    expect(outcome(await say(game.players[0].client, "next"))).toBe("ok");
    expect((await game.spectator.next("chatMessage")).message.n).toBe(CHAT_HISTORY + 6);
    closeAll(game.clients);
  });
});

describe("chat survives hibernation and a restart", () => {
  it("after hibernating, the same sockets go on chatting, and a newcomer gets the history", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    await say(game.players[0].client, "before");
    await evictDurableObject(stub(game.table.id), { webSockets: "hibernate" });
    expect(outcome(await say(game.spectator, "after", "Watcher"))).toBe("ok");
    const history = await historyFor(game.table.id);
    expect(history.policy).toBe("everyone");
    expect(history.messages.map((m) => m.text)).toEqual(["before", "after"]);
    closeAll(game.clients);
  });

  it("after a restart that closes every socket, the messages, the policy and the silences are all there", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    await say(game.spectator, "troll", "Troll");
    await ask(game.host, { type: "silence", n: 1 });
    await say(game.players[0].client, "kept");
    await evictDurableObject(stub(game.table.id), { webSockets: "close" });
    const history = await historyFor(game.table.id);
    expect(history.policy).toBe("everyone");
    expect(history.messages.map((m) => m.text)).toEqual(["troll", "kept"]);
    closeAll(game.clients);
  });
});

describe("the game's log is untouched by chat", () => {
  it("messages, reactions and the host's controls add no event and no request row, and the game plays on", async () => {
    const game = await setUpTable();
    await playOne(game);
    const before = await logRows(game.table.id);
    const snapshot = await getSnapshot(game.table.id);
    await openToEveryone(game);
    await say(game.players[0].client, "gg");
    await say(game.spectator, "wow", "Watcher");
    await ask(game.players[1].client, { type: "react", reaction: "clap" });
    await ask(game.host, { type: "deleteChat", n: 1 });
    await ask(game.host, { type: "silence", n: 2 });
    expect(await logRows(game.table.id)).toEqual(before);
    expect(stateOf(await getSnapshot(game.table.id))).toEqual(stateOf(snapshot));
    await playOne(game);
    expect((await getSnapshot(game.table.id)).seq).toBe(snapshot.seq + 1);
    closeAll(game.clients);
  });
});

describe("the host deletes a message for everyone", () => {
  it("deleted, it is gone for every socket and from the history; deleting it again is acknowledged", async () => {
    const game = await setUpTable();
    await say(game.players[0].client, "oops");
    await say(game.players[1].client, "stays");
    expect(outcome(await ask(game.host, { type: "deleteChat", n: 1 }))).toBe("ok");
    for (const client of game.clients) expect(await client.next("chatDeleted")).toEqual({ type: "chatDeleted", n: 1 });
    expect((await historyFor(game.table.id)).messages.map((m) => m.text)).toEqual(["stays"]);
    expect(outcome(await ask(game.host, { type: "deleteChat", n: 1 }))).toBe("ok");
    closeAll(game.clients);
  });

  it("only the host may, and only a message the table has had", async () => {
    const game = await setUpTable();
    await say(game.players[0].client, "mine");
    expect(outcome(await ask(game.players[0].client, { type: "deleteChat", n: 1 }))).toBe("not-host");
    expect(outcome(await ask(game.host, { type: "deleteChat", n: 2 }))).toBe("no-such-message");
    expect(outcome(await ask(game.host, { type: "deleteChat", n: 0 }))).toBe("bad-message");
    expect((await historyFor(game.table.id)).messages.map((m) => m.text)).toEqual(["mine"]);
    closeAll(game.clients);
  });
});

describe("the host silences a spectator", () => {
  it("the spectator's sockets are told, and from that address they can no longer chat or react, on any socket", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    const address = someAddress();
    const troll = await connect(game.table.id, "troll", address);
    troll.send({ type: "hello" });
    await troll.next("chatHistory");
    await say(troll, "spam", "Troll");
    expect(outcome(await ask(game.host, { type: "silence", n: 1 }))).toBe("ok");
    expect(await troll.next("silenced")).toEqual({ type: "silenced" });
    expect(game.spectator.messages.some((m) => m.type === "silenced")).toBe(false);
    expect(outcome(await say(troll, "more spam", "Troll"))).toBe("silenced");
    expect(outcome(await ask(troll, { type: "react", reaction: "laugh" }))).toBe("silenced");

    const again = await connect(game.table.id, "troll again", address);
    again.send({ type: "hello" });
    expect((await again.next("chatHistory")).silenced).toBe(true);
    expect(outcome(await say(again, "new socket", "Troll 2"))).toBe("silenced");
    // The other spectator, from another address, still talks.
    expect(outcome(await say(game.spectator, "fine", "Watcher"))).toBe("ok");
    closeAll([...game.clients, troll, again]);
  });

  it("a player's or the host's message cannot be silenced; only the host may silence", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    await say(game.players[0].client, "player");
    await say(game.host, "host", "Host");
    await say(game.spectator, "watcher", "Watcher");
    expect(outcome(await ask(game.host, { type: "silence", n: 1 }))).toBe("not-a-spectator");
    expect(outcome(await ask(game.host, { type: "silence", n: 2 }))).toBe("not-a-spectator");
    expect(outcome(await ask(game.players[0].client, { type: "silence", n: 3 }))).toBe("not-host");
    expect(outcome(await ask(game.host, { type: "silence", n: 9 }))).toBe("no-such-message");
    expect(outcome(await say(game.spectator, "still here", "Watcher"))).toBe("ok");
    closeAll(game.clients);
  });
});

describe("bad messages are refused with their code, and nothing is stored", () => {
  it("too long, empty, hidden characters, a line break: bad-chat; too large a frame: too-large; an unknown field: bad-message", async () => {
    const game = await setUpTable();
    const client = game.players[0].client;
    expect(outcome(await say(client, "x".repeat(281)))).toBe("bad-chat");
    expect(outcome(await say(client, "   "))).toBe("bad-chat");
    expect(outcome(await say(client, "hi\u202Ethere"))).toBe("bad-chat");
    expect(outcome(await say(client, "two\nlines"))).toBe("bad-chat");
    expect(outcome(await say(client, "\u200B"))).toBe("bad-chat");
    expect(outcome(await ask(client, { type: "chat", text: "hi", colour: "red" }))).toBe("bad-message");
    expect(outcome(await ask(client, { type: "chat", text: 42 }))).toBe("bad-message");
    client.skip();
    client.send(JSON.stringify({ type: "chat", id: rid(), text: "é".repeat(2100) }));
    await client.error("too-large");
    expect((await historyFor(game.table.id)).messages).toEqual([]);
    // Refusals go to their sender alone.
    for (const other of game.clients.filter((c) => c !== client)) {
      await other.flush();
      expect(other.messages.filter((m) => m.type === "error" || m.type === "chatMessage")).toEqual([]);
    }
    expect(outcome(await say(client, "x".repeat(280)))).toBe("ok");
    closeAll(game.clients);
  });

  it("HTML is text: stored and sent exactly as written", async () => {
    const game = await setUpTable();
    const html = `<b>hi</b><img src=x onerror="alert(1)"> & <a href="https://example.com">link</a>`;
    expect(outcome(await say(game.players[0].client, html))).toBe("ok");
    expect((await game.spectator.next("chatMessage")).message.text).toBe(html);
    expect((await historyFor(game.table.id)).messages[0].text).toBe(html);
    closeAll(game.clients);
  });
});

describe("flood limits: per socket, per address and per table, refused with chat-rate-limited and the socket kept", () => {
  it("a socket says five things at once; the sixth is refused and not stored, and the socket stays open", async () => {
    const game = await setUpTable();
    const client = game.players[0].client;
    const answers = [];
    for (let i = 1; i <= 6; i++) answers.push(outcome(await say(client, `m${i}`)));
    expect(answers).toEqual(["ok", "ok", "ok", "ok", "ok", "chat-rate-limited"]);
    expect((await historyFor(game.table.id)).messages.map((m) => m.text)).toEqual(["m1", "m2", "m3", "m4", "m5"]);
    expect(client.closed).toBeNull();
    expect(outcome(await ask(client, { type: "react", reaction: "clap" }))).toBe("ok");
    closeAll(game.clients);
  });

  it("an address's sockets share a bucket: a fresh socket from the same address is refused once it is spent", async () => {
    const game = await setUpTable();
    await openToEveryone(game);
    const address = someAddress();
    const sockets = [];
    for (let i = 0; i < 3; i++) {
      const socket = await connect(game.table.id, `crowd${i}`, address);
      socket.send({ type: "hello" });
      await socket.next("chatHistory");
      sockets.push(socket);
    }
    const answers: string[] = [];
    for (const socket of sockets.slice(0, 2)) {
      for (let i = 0; i < 5; i++) answers.push(outcome(await say(socket, `m${i}`, "Crowd")));
    }
    expect(answers.every((answer) => answer === "ok")).toBe(true);
    expect(outcome(await say(sockets[2], "one more", "Crowd"))).toBe("chat-rate-limited");
    closeAll([...game.clients, ...sockets]);
  });
});

describe("the limiter takes from every bucket or from none", () => {
  const socket = (name: string) => ({ name }) as unknown as WebSocket;

  it("per socket: the burst, then one token every two seconds", () => {
    const limiter = new ChatLimiter(MESSAGE_RATES);
    const ws = socket("a");
    const taken = Array.from({ length: 6 }, () => limiter.take(ws, "address:1", "players", 0));
    expect(taken).toEqual([true, true, true, true, true, false]);
    expect(limiter.take(ws, "address:1", "players", 1_999)).toBe(false);
    expect(limiter.take(ws, "address:1", "players", 2_000)).toBe(true);
  });

  it("per address: ten between its sockets, and a refusal takes nothing from the socket", () => {
    const limiter = new ChatLimiter(MESSAGE_RATES);
    const [a, b, c] = [socket("a"), socket("b"), socket("c")];
    for (const ws of [a, b]) for (let i = 0; i < 5; i++) expect(limiter.take(ws, "address:1", "players", 0)).toBe(true);
    expect(limiter.take(c, "address:1", "players", 0)).toBe(false);
    expect(limiter.take(c, "address:2", "players", 0)).toBe(true);
  });

  it("per table: twenty a burst for each group however many addresses, then five a second; spectators never spend the players'", () => {
    const limiter = new ChatLimiter(MESSAGE_RATES);
    const taken = Array.from({ length: 21 }, (_, i) => limiter.take(socket(`s${i}`), `address:${i}`, "spectators", 0));
    expect(taken.filter(Boolean)).toHaveLength(20);
    expect(taken[20]).toBe(false);
    expect(limiter.take(socket("late"), "address:late", "spectators", 199)).toBe(false);
    expect(limiter.take(socket("late"), "address:late", "spectators", 200)).toBe(true);
    const players = Array.from({ length: 20 }, (_, i) =>
      limiter.take(socket(`p${i}`), `address:p${i}`, "players", 200),
    );
    expect(players.every(Boolean)).toBe(true);
    expect(limiter.take(socket("p20"), "address:p20", "players", 200)).toBe(false);
  });
});
