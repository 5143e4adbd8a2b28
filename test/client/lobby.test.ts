/**
 * The SDK's lobby against a scripted socket and a scripted fetch: the list
 * read once and validated, the feed's list kept by table id through
 * additions, changes and removals, the whole list taken again on each
 * reconnect, a list offered from `getLobby` only until the socket's own
 * comes, messages that fail validation, and the heartbeat.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  getLobby,
  hostTokenKey,
  type LobbyChange,
  LobbyFeed,
  lobbySocketUrl,
  memoryTokens,
  type SdkError,
  TableClient,
  TableError,
} from "../../src/client/sdk/index.ts";
import { LANGUAGES } from "../../src/client/ui/i18n/languages.ts";
import { LOBBY_ELEMENT_TEXTS } from "../../src/client/ui/i18n/lobby-element.ts";
import { listingFacts, listingNames } from "../../src/client/ui/lobby-listing.ts";
import type { ClientMessage, Listing, LobbyMessage } from "../../src/protocol/index.ts";
import { isolated } from "../isolated.ts";
import { i18nIn, TRANSLATIONS } from "../translations.ts";
import { FakeSocket, tick, until } from "./fake-socket.ts";
import { HOST, ServerTable, TABLE_ID } from "./server-table.ts";

const BASE = "http://checkers.test";

/** A listed table: an open table for two with its host seated, unless told otherwise. */
function listing(tableId: string, fields: Partial<Listing> = {}): Listing {
  return {
    tableId,
    status: "waiting",
    variant: "classic",
    players: 2,
    names: ["Aino", null],
    clock: null,
    lang: "en",
    spectators: 0,
    since: 1_000,
    ...fields,
  };
}

const send = (socket: FakeSocket, message: LobbyMessage) => socket.deliver(JSON.stringify(message));

let feed: LobbyFeed | undefined;
let client: TableClient | undefined;
afterEach(() => {
  feed?.close();
  feed = undefined;
  client?.close();
  client = undefined;
  FakeSocket.all = [];
});

/** A feed on a fake socket, with every change it reports, once its socket is open. */
async function openFeed(
  heartbeatMs?: number,
): Promise<{ feed: LobbyFeed; changes: LobbyChange[]; socket: FakeSocket }> {
  const opened = new LobbyFeed({
    baseUrl: BASE,
    WebSocket: FakeSocket,
    reconnect: { minDelayMs: 5, maxDelayMs: 20 },
    heartbeatMs,
    pollMs: 0,
  });
  feed = opened;
  const changes: LobbyChange[] = [];
  opened.on("change", ({ change }) => changes.push(change));
  await until(() => FakeSocket.all.at(-1)?.readyState === 1, "the socket to open");
  return { feed: opened, changes, socket: FakeSocket.latest() };
}

describe("getLobby", () => {
  it("reads the list from /api/lobby and checks it", async () => {
    const asked: string[] = [];
    const list = { tables: [listing("a")], at: 5 };
    const fetcher = (async (url: URL) => {
      asked.push(String(url));
      return Response.json(list);
    }) as unknown as typeof fetch;
    expect(await getLobby(BASE, fetcher)).toEqual(list);
    expect(asked).toEqual([`${BASE}/api/lobby`]);
  });

  it("refuses a list that does not validate, and turns the API's refusal into a TableError", async () => {
    const malformed = (async () => Response.json({ tables: [{ tableId: "a" }], at: 5 })) as unknown as typeof fetch;
    await expect(getLobby(BASE, malformed)).rejects.toThrow();
    const refused = (async () =>
      Response.json(
        { error: { code: "rate-limited", message: "slow down" } },
        { status: 429 },
      )) as unknown as typeof fetch;
    await expect(getLobby(BASE, refused)).rejects.toMatchObject({ code: "rate-limited" });
  });
});

describe("LobbyFeed", () => {
  it("connects to the lobby's socket and takes its first message as the whole list", async () => {
    expect(lobbySocketUrl("https://checkers.example")).toBe("wss://checkers.example/api/lobby/ws");
    const { feed, changes, socket } = await openFeed();
    expect(socket.url).toBe("ws://checkers.test/api/lobby/ws");
    expect(feed.connection).toBe("connecting");
    send(socket, {
      type: "lobby",
      tables: [listing("a"), listing("b", { status: "playing", names: ["C", "D"] })],
      at: 9,
    });
    expect(feed.connection).toBe("open");
    expect(feed.at).toBe(9);
    expect(feed.tables.map((table) => table.tableId)).toEqual(["a", "b"]);
    expect(feed.openTables.map((table) => table.tableId)).toEqual(["a"]);
    expect(feed.games.map((table) => table.tableId)).toEqual(["b"]);
    expect(changes).toEqual([{ type: "lobby" }]);
  });

  it("adds a listed table, replaces a changed one by its id, and removes an unlisted one", async () => {
    const { feed, changes, socket } = await openFeed();
    send(socket, { type: "lobby", tables: [listing("a")], at: 9 });
    send(socket, { type: "changes", listed: [listing("b", { since: 500 })], unlisted: [] });
    const seated = listing("a", { names: ["Aino", "Bjørn"] });
    send(socket, { type: "changes", listed: [seated], unlisted: [] });
    expect(feed.get("a")).toEqual(seated);
    // The table that has waited longest comes first.
    expect(feed.openTables.map((table) => table.tableId)).toEqual(["b", "a"]);
    // A table the feed does not hold: nothing to remove, nothing reported.
    send(socket, { type: "changes", listed: [], unlisted: ["b", "nowhere"] });
    expect(feed.tables.map((table) => table.tableId)).toEqual(["a"]);
    expect(changes).toEqual([
      { type: "lobby" },
      { type: "listed", table: listing("b", { since: 500 }), added: true },
      { type: "listed", table: seated, added: false },
      { type: "unlisted", table: listing("b", { since: 500 }) },
    ]);
  });

  it("orders the games to watch by spectators, then the latest started", async () => {
    const { feed, socket } = await openFeed();
    const game = (tableId: string, spectators: number, since: number) =>
      listing(tableId, { status: "playing", names: ["A", "B"], spectators, since });
    send(socket, { type: "lobby", tables: [game("quiet", 0, 3), game("busy", 4, 1), game("new", 0, 7)], at: 9 });
    expect(feed.games.map((table) => table.tableId)).toEqual(["busy", "new", "quiet"]);
  });

  it("after a reconnect takes the new connection's list whole, and ignores changes that come before it", async () => {
    const { feed, changes, socket } = await openFeed();
    send(socket, { type: "lobby", tables: [listing("a"), listing("b")], at: 9 });
    const states: string[] = [];
    feed.on("connection", ({ state }) => states.push(state));
    socket.drop();
    expect(feed.connection).toBe("reconnecting");
    await until(() => FakeSocket.all.length === 2 && FakeSocket.latest().readyState === 1, "the second socket");
    const second = FakeSocket.latest();
    // Missed while away: b unlisted, c listed. A change before the list is the list's to say.
    send(second, { type: "changes", listed: [listing("stray")], unlisted: [] });
    expect(feed.get("stray")).toBeUndefined();
    send(second, { type: "lobby", tables: [listing("a"), listing("c")], at: 20 });
    expect(feed.tables.map((table) => table.tableId)).toEqual(["a", "c"]);
    expect(states).toEqual(["reconnecting", "open"]);
    expect(changes.at(-1)).toEqual({ type: "lobby" });
  });

  it("takes a list from getLobby until the socket's own has come, and never an older one", async () => {
    const { feed, changes, socket } = await openFeed();
    feed.offer({ tables: [listing("cached")], at: 5 });
    expect(feed.tables.map((table) => table.tableId)).toEqual(["cached"]);
    feed.offer({ tables: [], at: 4 });
    expect(feed.tables).toHaveLength(1);
    send(socket, { type: "lobby", tables: [listing("live")], at: 6 });
    send(socket, { type: "changes", listed: [listing("later")], unlisted: [] });
    // A cached answer arriving now may miss "later": the socket's list and its changes stand.
    feed.offer({ tables: [listing("cached")], at: 7 });
    expect(feed.tables.map((table) => table.tableId)).toEqual(["live", "later"]);
    expect(changes.map((change) => change.type)).toEqual(["lobby", "lobby", "listed"]);
  });

  it("reads GET /api/lobby while its socket has not sent the list, at once and then every pollMs, and stops once it has", async () => {
    let served = { tables: [listing("cached")], at: 5 };
    let reads = 0;
    const fetcher = (async () => {
      reads++;
      return Response.json(served);
    }) as unknown as typeof fetch;
    const polled = new LobbyFeed({ baseUrl: BASE, WebSocket: FakeSocket, pollMs: 20, fetch: fetcher });
    feed = polled;
    await until(() => polled.get("cached") !== undefined, "the list read at once");
    served = { tables: [listing("cached"), listing("newer")], at: 6 };
    await until(() => polled.get("newer") !== undefined, "the list read again");
    send(FakeSocket.latest(), { type: "lobby", tables: [listing("live")], at: 7 });
    const readsThen = reads;
    served = { tables: [], at: 8 };
    await tick(60);
    expect(reads).toBe(readsThen);
    expect(polled.tables.map((table) => table.tableId)).toEqual(["live"]);
  });

  it("reports what does not validate and the server's errors, and keeps its list", async () => {
    const { feed, socket } = await openFeed();
    const errors: SdkError[] = [];
    feed.on("error", (error) => errors.push(error));
    send(socket, { type: "lobby", tables: [listing("a")], at: 9 });
    socket.deliver("not json");
    socket.deliver(JSON.stringify({ type: "changes", listed: [{ tableId: "b", status: "lost" }], unlisted: [] }));
    send(socket, { type: "error", code: "rate-limited", message: "slow down" });
    expect(errors.map((error) => error.code)).toEqual(["bad-server-message", "bad-server-message", "rate-limited"]);
    expect(errors[2]).toBeInstanceOf(TableError);
    expect(feed.tables.map((table) => table.tableId)).toEqual(["a"]);
  });

  it("pings while connected, and connects again when nothing at all comes for two intervals", async () => {
    const { socket } = await openFeed(20);
    send(socket, { type: "lobby", tables: [], at: 9 });
    await tick(25);
    expect(socket.pings).toBeGreaterThanOrEqual(1);
    socket.deliver("pong");
    expect(FakeSocket.all).toHaveLength(1);
    // The server goes silent: no pong comes back.
    await until(() => FakeSocket.all.length === 2, "a new socket after the silence");
  });

  it("closes for good: no reconnect, the list kept as last seen", async () => {
    const { feed, socket } = await openFeed();
    send(socket, { type: "lobby", tables: [listing("a")], at: 9 });
    feed.close();
    expect(feed.connection).toBe("closed");
    await tick(40);
    expect(FakeSocket.all).toHaveLength(1);
    expect(feed.tables).toHaveLength(1);
  });
});

describe("the host lists a table", () => {
  it("setListing sends the listing request, settled once its event is in the model, which says the language", async () => {
    const tokens = memoryTokens();
    tokens.set(hostTokenKey(TABLE_ID), "hhhhhhhhhhhhhhhhhhhhhh");
    client = new TableClient({ baseUrl: BASE, tableId: TABLE_ID, tokens, WebSocket: FakeSocket });
    await until(() => FakeSocket.all.at(-1)?.sent.length === 1, "the hello");
    const table = new ServerTable({ players: 2 });
    FakeSocket.latest().deliver({ type: "welcome", you: { seat: null, host: true }, snapshot: table.snapshot() });
    expect(client.model?.listedIn).toBeNull();

    const listed = client.setListing(true, "fi");
    const sent = FakeSocket.latest().sent[1] as Extract<ClientMessage, { type: "listing" }>;
    expect(sent).toMatchObject({ type: "listing", listed: true, lang: "fi" });
    const [entry] = table.record(table.commands.list(HOST, "fi", 0));
    if (!entry) throw new Error("nothing logged");
    FakeSocket.latest().deliver({ type: "event", ...entry });
    FakeSocket.latest().deliver({ type: "ack", id: sent.id, seq: entry.seq });
    await expect(listed).resolves.toBeUndefined();
    expect(client.model?.listedIn).toBe("fi");
    expect(client.snapshot?.listedIn).toBe("fi");

    const unlisted = client.setListing(false, "fi");
    const off = FakeSocket.latest().sent[2] as Extract<ClientMessage, { type: "listing" }>;
    expect(off).toMatchObject({ type: "listing", listed: false });
    const [removal] = table.record(table.commands.list(HOST, null, 0));
    if (!removal) throw new Error("nothing logged");
    FakeSocket.latest().deliver({ type: "event", ...removal });
    FakeSocket.latest().deliver({ type: "ack", id: off.id, seq: removal.seq });
    await unlisted;
    expect(client.model?.listedIn).toBeNull();
  });
});

describe("<chinese-checkers-lobby>'s texts", () => {
  it("say what the lobby page says, in every language", () => {
    for (const language of LANGUAGES) {
      const page = TRANSLATIONS[language].messages;
      const element = LOBBY_ELEMENT_TEXTS[language];
      expect(
        {
          openTables: element.openTables,
          loading: element.loading,
          classic: element.classic,
          capture: element.capture,
          players: element.players,
          seatsFree: element.seatsFree,
          free: element.free,
          join: element.join,
          joinLabel: element.joinLabel,
        },
        language,
      ).toEqual({
        openTables: page.lobbyOpenHeading,
        loading: page.lobbyLoading,
        classic: page.summaryClassic,
        capture: page.summaryCapture,
        players: page.lobbyPlayers,
        seatsFree: { one: page.lobbySeatsFree_one, other: page.lobbySeatsFree_other },
        free: page.freeSeat,
        join: page.lobbyJoin,
        joinLabel: page.lobbyJoinLabel,
      });
    }
  });
});

describe("the lobby page's rows", () => {
  it("name who sits at a table, or its game where nobody does", () => {
    const en = i18nIn("en");
    expect(listingNames(en, listing("a", { players: 3, names: ["Aino", null, "Bjørn"] }))).toBe(
      isolated`${"Aino"} and ${"Bjørn"}`,
    );
    expect(listingNames(en, listing("a", { variant: "capture", names: [null, null] }))).toBe("Capture");
  });

  it("say an open table's seats free and a game's spectators, with the game and the clock, in each language", () => {
    const open = listing("a", { players: 3, names: ["Aino", null, null], clock: { kind: "move", seconds: 60 } });
    expect(listingFacts(i18nIn("en"), open)).toEqual([
      "Classic race, 3 players",
      "2 seats free",
      isolated`${"1 minute"} a move`,
    ]);
    expect(listingFacts(i18nIn("fi"), { ...open, names: ["Aino", "Bjørn", null] })[1]).toBe("1 paikka vapaana");
    const game = listing("b", { status: "playing", names: ["Aino", "Bjørn"], spectators: 1 });
    expect(listingFacts(i18nIn("sv"), game)).toEqual(["Klassisk kapplöpning, 2 spelare", "1 tittar", "Ingen klocka"]);
    expect(listingFacts(i18nIn("nb"), { ...game, spectators: 4 })[1]).toBe("4 ser på");
  });
});
