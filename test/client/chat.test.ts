/**
 * The table's chat as the SDK keeps it (`client.chat`, a `ChatModel`),
 * against a scripted socket: the history every hello brings, new and deleted
 * messages, who may chat, being silenced, the unread count, a personal mute
 * kept per table in the token store, reactions, and the chat's requests
 * settled by their answers.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChatMessage,
  ChatModel,
  chatMutedKey,
  memoryTokens,
  REACTION_SHOWN_MS,
  type ReactionSent,
  TableClient,
  type TokenStore,
  webStorageTokens,
} from "../../src/client/sdk/index.ts";
import type { ClientMessage, Identity } from "../../src/protocol/index.ts";
import { FakeSocket, until } from "./fake-socket.ts";
import { ServerTable, TABLE_ID as TABLE } from "./server-table.ts";

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

const AINO_KEY = "a1a1a1a1a1a1a1a1";
const MIRIAM_KEY = "m2m2m2m2m2m2m2m2";

function fromAino(n: number, text: string): ChatMessage {
  return { n, at: 1_000 * n, by: { kind: "seat", seat: 0, name: "Aino", host: true }, author: AINO_KEY, text };
}

function fromMiriam(n: number, text: string): ChatMessage {
  return { n, at: 1_000 * n, by: { kind: "spectator", name: "מרים", host: false }, author: MIRIAM_KEY, text };
}

let client: TableClient | undefined;
afterEach(() => {
  client?.close();
  client = undefined;
  FakeSocket.all = [];
});

/** A client connected to a two-seat table with Aino and Bjørn seated, welcomed as `you`, before any chat. */
async function connected(you: Identity = { seat: null, host: false }, tokens: TokenStore = memoryTokens()) {
  client = new TableClient({
    baseUrl: "http://checkers.test",
    tableId: TABLE,
    tokens,
    WebSocket: FakeSocket,
    reconnect: { minDelayMs: 5, maxDelayMs: 20 },
    requestTimeoutMs: 2000,
  });
  await until(() => latest()?.sent.length === 1, "the hello");
  const table = new ServerTable({ players: 2 });
  table.seatAll(["Aino", "Bjørn"]);
  latest().deliver({ type: "welcome", you, snapshot: table.snapshot(true) });
  const changes: ChatModel[] = [];
  client.on("chat", ({ chat }) => changes.push(chat));
  return { client, changes, seq: table.snapshot().seq };
}

/** The request the client sent last, of this type. */
function sent<T extends ClientMessage["type"]>(type: T): Extract<ClientMessage, { type: T }> {
  const message = latest().sent.findLast((candidate) => candidate.type === type);
  if (!message) throw new Error(`no ${type} sent`);
  return message as Extract<ClientMessage, { type: T }>;
}

describe("the history a hello brings replaces the chat", () => {
  it("takes the policy, the messages in order by number and whether this client is silenced", async () => {
    const { client, changes } = await connected();
    expect(client.chat.loaded).toBe(false);
    latest().deliver({
      type: "chatHistory",
      policy: "everyone",
      messages: [fromMiriam(3, "hej"), fromAino(1, "hi")],
      silenced: true,
    });
    expect(client.chat.messages.map((message) => message.n)).toEqual([1, 3]);
    expect(client.chat.policy).toBe("everyone");
    expect(client.chat.silenced).toBe(true);
    expect(client.chat.loaded).toBe(true);
    expect(changes).toHaveLength(1);

    latest().deliver({ type: "chatHistory", policy: "players", messages: [fromAino(4, "again")], silenced: false });
    expect(client.chat.messages).toEqual([fromAino(4, "again")]);
    expect(client.chat.policy).toBe("players");
    expect(client.chat.silenced).toBe(false);
  });
});

describe("a new message is appended, and a repeat is not", () => {
  it("appends by number and reports the change once", async () => {
    const { client, changes } = await connected();
    latest().deliver({ type: "chatHistory", policy: "everyone", messages: [fromAino(1, "hi")], silenced: false });
    latest().deliver({ type: "chatMessage", message: fromMiriam(2, "shalom") });
    latest().deliver({ type: "chatMessage", message: fromMiriam(2, "shalom") });
    expect(client.chat.messages.map((message) => message.text)).toEqual(["hi", "shalom"]);
    expect(changes).toHaveLength(2);
  });
});

describe("a deleted message goes", () => {
  it("removes message n, and a delete of one not here changes nothing", async () => {
    const { client, changes } = await connected();
    const history = [fromAino(1, "hi"), fromMiriam(2, "shalom"), fromAino(3, "welcome")];
    latest().deliver({ type: "chatHistory", policy: "everyone", messages: history, silenced: false });
    latest().deliver({ type: "chatDeleted", n: 2 });
    latest().deliver({ type: "chatDeleted", n: 9 });
    expect(client.chat.messages.map((message) => message.n)).toEqual([1, 3]);
    expect(changes).toHaveLength(2);
  });
});

describe("the host's policy and silence reach the chat", () => {
  it("follows chatPolicy and silenced", async () => {
    const { client, changes } = await connected();
    latest().deliver({ type: "chatHistory", policy: "players", messages: [], silenced: false });
    latest().deliver({ type: "chatPolicy", policy: "nobody" });
    expect(client.chat.policy).toBe("nobody");
    latest().deliver({ type: "silenced" });
    expect(client.chat.silenced).toBe(true);
    expect(changes).toHaveLength(3);
  });
});

describe("the unread count", () => {
  it("counts others' messages since markRead, not the chat found on arrival, and adds what a reconnect brings", async () => {
    const { client } = await connected();
    latest().deliver({ type: "chatHistory", policy: "everyone", messages: [fromAino(1, "hi")], silenced: false });
    expect(client.chat.unread).toBe(0);
    latest().deliver({ type: "chatMessage", message: fromMiriam(2, "shalom") });
    latest().deliver({ type: "chatMessage", message: fromAino(3, "welcome") });
    expect(client.chat.unread).toBe(2);
    client.chat.markRead();
    expect(client.chat.unread).toBe(0);
    const missed = [fromAino(1, "hi"), fromMiriam(2, "shalom"), fromAino(3, "welcome"), fromMiriam(4, "thanks")];
    latest().deliver({ type: "chatHistory", policy: "everyone", messages: missed, silenced: false });
    expect(client.chat.unread).toBe(1);
  });

  it("does not count this client's own message, which the ack of its chat names (n), nor its writer's next ones", async () => {
    const { client } = await connected({ seat: 0, host: true });
    latest().deliver({ type: "chatHistory", policy: "players", messages: [], silenced: false });
    const said = client.say("  hi   there ");
    latest().deliver({ type: "chatMessage", message: fromMiriam(1, "hi there") });
    latest().deliver({ type: "chatMessage", message: fromAino(2, "hi there") });
    expect(client.chat.unread).toBe(2);
    latest().deliver({ type: "ack", id: sent("chat").id, seq: client.model?.seq ?? 0, n: 2 });
    await said;
    expect(client.chat.unread).toBe(1);
    expect(client.chat.isOwn(fromAino(2, "hi there"))).toBe(true);
    expect(client.chat.isOwn(fromMiriam(1, "hi there"))).toBe(false);
    latest().deliver({ type: "chatMessage", message: fromAino(3, "from my other tab") });
    expect(client.chat.unread).toBe(1);
  });
});

describe("a personal mute", () => {
  it("hides a writer's messages, leaves them out of the unread count, and is kept per table in the store", async () => {
    const storage = new Map<string, string>();
    const webStorage = {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    };
    const { client } = await connected(undefined, webStorageTokens(webStorage));
    latest().deliver({
      type: "chatHistory",
      policy: "everyone",
      messages: [fromAino(1, "hi"), fromMiriam(2, "spam")],
      silenced: false,
    });
    client.chat.mute(MIRIAM_KEY);
    expect(client.chat.isMuted(MIRIAM_KEY)).toBe(true);
    expect(client.chat.visible.map((message) => message.n)).toEqual([1]);
    latest().deliver({ type: "chatMessage", message: fromMiriam(3, "more spam") });
    expect(client.chat.unread).toBe(0);
    expect(storage.get(`chinese-checkers:${chatMutedKey(TABLE)}`)).toBe(JSON.stringify([MIRIAM_KEY]));

    // The next visit to this table reads it back; another table knows nothing of it.
    const again = new ChatModel(TABLE, webStorageTokens(webStorage));
    expect(again.mutedAuthors).toEqual([MIRIAM_KEY]);
    expect(new ChatModel("another-table", webStorageTokens(webStorage)).mutedAuthors).toEqual([]);

    client.chat.unmute(MIRIAM_KEY);
    expect(client.chat.visible.map((message) => message.n)).toEqual([1, 2, 3]);
    expect(storage.has(`chinese-checkers:${chatMutedKey(TABLE)}`)).toBe(false);
  });

  it("lives in memory where the store refuses to keep it", () => {
    const refusing = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    const chat = new ChatModel(TABLE, webStorageTokens(refusing));
    chat.mute(MIRIAM_KEY);
    expect(chat.isMuted(MIRIAM_KEY)).toBe(true);
  });
});

describe("reactions", () => {
  it("are reported as they come and kept as recent for REACTION_SHOWN_MS", async () => {
    const { client, changes } = await connected();
    const heard: ReactionSent[] = [];
    client.on("reaction", (reaction) => heard.push(reaction));
    latest().deliver({ type: "reaction", seat: 1, reaction: "clap", at: 5_000 });
    latest().deliver({ type: "reaction", seat: null, reaction: "wave", at: 5_100 });
    expect(heard).toEqual([
      { seat: 1, reaction: "clap", at: 5_000 },
      { seat: null, reaction: "wave", at: 5_100 },
    ]);
    expect(client.chat.recentReactions()).toEqual(heard);
    expect(client.chat.recentReactions(Date.now() + REACTION_SHOWN_MS)).toEqual([]);
    expect(changes).toHaveLength(0);
  });
});

describe("the chat's requests", () => {
  it("send what they ask and settle on the ack", async () => {
    const { client, seq } = await connected({ seat: null, host: true });
    const answers: Promise<void>[] = [
      client.say("hello", "מרים"),
      client.react("thumbsUp"),
      client.setChatPolicy("everyone"),
      client.deleteChat(4),
      client.silence(5),
    ];
    const requests = latest().sent.slice(1) as Extract<ClientMessage, { id: string }>[];
    expect(requests.map(({ id: _id, ...rest }) => rest)).toEqual([
      { type: "chat", text: "hello", name: "מרים" },
      { type: "react", reaction: "thumbsUp" },
      { type: "chatPolicy", policy: "everyone" },
      { type: "deleteChat", n: 4 },
      { type: "silence", n: 5 },
    ]);
    for (const request of requests) latest().deliver({ type: "ack", id: request.id, seq });
    await expect(Promise.all(answers)).resolves.toEqual([undefined, undefined, undefined, undefined, undefined]);
  });

  it("a seated player's message carries no name", async () => {
    const { client } = await connected({ seat: 0, host: false });
    void client.say("hi").catch(() => {});
    expect(sent("chat")).not.toHaveProperty("name");
  });

  it("reject with the table's code on a refusal", async () => {
    const { client } = await connected();
    const said = client.say("hello", "Bjørn");
    latest().deliver({ type: "error", id: sent("chat").id, code: "name-taken", message: "a player goes by that name" });
    await expect(said).rejects.toMatchObject({ code: "name-taken", request: "chat" });
    const reacted = client.react("wow");
    latest().deliver({ type: "error", id: sent("react").id, code: "chat-closed", message: "only the players" });
    await expect(reacted).rejects.toMatchObject({ code: "chat-closed", request: "react" });
    const silenced = client.silence(1);
    latest().deliver({ type: "error", id: sent("silence").id, code: "not-a-spectator", message: "a player" });
    await expect(silenced).rejects.toMatchObject({ code: "not-a-spectator", request: "silence" });
  });
});
