/**
 * The SDK's connection logic against a scripted socket: the hello with the
 * stored tokens, sequence numbers (repeats ignored, a gap answered with
 * `sync`), requests and their answers, reconnecting with the last sequence
 * number and resending what was unanswered, messages that fail
 * validation, and the heartbeat.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { EarlySocket } from "../../src/client/sdk/early-socket.ts";
import {
  handoverCodeIn,
  handoverLink,
  hostTokenKey,
  memoryTokens,
  type SdkError,
  seatNumberKey,
  seatTokenKey,
  TableClient,
  TableError,
  type TokenStore,
} from "../../src/client/sdk/index.ts";
import type { ClientMessage, Identity, ServerMessage } from "../../src/protocol/index.ts";
import type { LoggedEvent } from "../../src/table/index.ts";
import { FakeSocket, tick, until } from "./fake-socket.ts";
import { HOST as HOST_IDENTITY, ServerTable, seated, TABLE_ID as TABLE } from "./server-table.ts";

const TOKEN = "tttttttttttttttttttttt";
const HOST = "hhhhhhhhhhhhhhhhhhhhhh";

const latest = () => FakeSocket.all[FakeSocket.all.length - 1] as FakeSocket;

/** A two-seat table with both seats taken and the game started (seat 0 first), as the server would show it. */
function startedTable(): ServerTable {
  const table = new ServerTable({ players: 2 });
  table.seatAll(["Aino", "Bjørn"]);
  table.record(table.commands.start(HOST_IDENTITY, 0));
  return table;
}

/** The seat to move plays the first legal move; returns the log entry as the socket carries it. */
function playFirst(table: ServerTable): Extract<ServerMessage, { type: "event" }> {
  const { commands } = table;
  const seat = commands.turn?.seat ?? 0;
  const [entry] = table.record(commands.move(seated(seat), table.legalMoves()[0] ?? "", 0));
  return eventMessage(entry);
}

function eventMessage(entry: LoggedEvent): Extract<ServerMessage, { type: "event" }> {
  return { type: "event", ...entry };
}

function connect(tokens: TokenStore = memoryTokens(), heartbeatMs?: number): TableClient {
  return new TableClient({
    heartbeatMs,
    baseUrl: "http://checkers.test",
    tableId: TABLE,
    tokens,
    WebSocket: FakeSocket,
    reconnect: { minDelayMs: 5, maxDelayMs: 20 },
    requestTimeoutMs: 2000,
  });
}

let client: TableClient | undefined;
afterEach(() => {
  client?.close();
  client = undefined;
  FakeSocket.all = [];
});

describe("the SDK's table client", () => {
  it("says hello with the stored tokens and takes the welcome's snapshot", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    tokens.set(hostTokenKey(TABLE), HOST);
    client = connect(tokens);
    expect(client.connection).toBe("connecting");
    await until(() => latest()?.sent.length === 1, "the hello");
    expect(latest().url).toBe(`ws://checkers.test/api/tables/${TABLE}/ws`);
    expect(latest().sent[0]).toEqual({ type: "hello", token: TOKEN, hostToken: HOST });

    const snapshot = startedTable().snapshot(true);
    latest().deliver({ type: "welcome", you: { seat: 0, host: true }, snapshot });
    expect(client.connection).toBe("open");
    expect(client.you).toEqual({ seat: 0, host: true });
    expect(client.model?.seq).toBe(snapshot.seq);
    expect(client.snapshot).toEqual(snapshot);
  });

  it("started from a page's snapshot: the model at once, the seat kept beside the token, and a hello that asks only for what came after", async () => {
    const table = startedTable();
    const snapshot = table.snapshot(true);
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    tokens.set(seatNumberKey(TABLE), "1");
    client = new TableClient({
      baseUrl: "http://checkers.test",
      tableId: TABLE,
      tokens,
      WebSocket: FakeSocket,
      snapshot,
    });
    expect(client.model?.seq).toBe(snapshot.seq);
    expect(client.you).toEqual({ seat: 1, host: false });
    const welcomes: unknown[] = [];
    client.on("welcome", (welcome) => welcomes.push(welcome));
    await until(() => latest()?.sent.length === 1, "the hello");
    expect(latest().sent[0]).toEqual({ type: "hello", token: TOKEN, lastSeq: snapshot.seq });

    // The table says who the client is and sends what it missed: heard as the welcome, then the event.
    const moved = playFirst(table);
    latest().deliver({ type: "identity", you: { seat: 1, host: false } });
    latest().deliver(moved);
    expect(welcomes).toEqual([{ snapshot, you: { seat: 1, host: false } }]);
    expect(client.connection).toBe("open");
    expect(client.snapshot).toEqual(table.snapshot(true));
  });

  it("folds events in order, ignores repeats, and asks for what a gap left out", async () => {
    client = connect();
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = startedTable();
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: table.snapshot(true) });
    const seen: number[] = [];
    client.on("event", ({ seq }) => seen.push(seq));

    const first = playFirst(table);
    const second = playFirst(table);
    latest().deliver(first);
    latest().deliver(first); // a repeat
    latest().deliver({ ...first, seq: 3 }); // long past
    expect(seen).toEqual([5]);
    expect(client.model?.moves).toEqual([first.event.type === "moved" && first.event.path]);

    // Event 7 arrives before 6: the client asks for everything after 5, once.
    const third = playFirst(table);
    latest().deliver(third);
    latest().deliver(third);
    expect(latest().sent.filter((m) => m.type === "sync")).toEqual([{ type: "sync", lastSeq: 5 }]);
    expect(client.model?.seq).toBe(5);
    latest().deliver(second);
    latest().deliver(third);
    expect(seen).toEqual([5, 6, 7]);
    expect(client.snapshot).toEqual(table.snapshot(true));
  });

  it("sends a move with an id and settles it by the ack, once the acknowledged event is in, or by a refusal", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = startedTable();
    const snapshot = table.snapshot(true);
    latest().deliver({ type: "welcome", you: { seat: 0, host: false }, snapshot });

    const path = table.legalMoves()[0] ?? "";
    const moved = client.move(path.split("-"));
    const sent = latest().sent[1];
    expect(sent).toMatchObject({ type: "move", path });
    expect(sent?.type === "move" && sent.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const settled: string[] = [];
    moved.then(() => settled.push("moved"));
    // The ack overtakes its event (the event went missing): the move is not done until the event is in.
    latest().deliver({ type: "ack", id: (sent as { id: string }).id, seq: 5 });
    await tick();
    expect(settled).toEqual([]);
    latest().deliver(playFirst(table));
    await expect(moved).resolves.toBeUndefined();
    expect(client.model?.seq).toBe(5);

    const refused = client.move("a1-b1");
    const id = (latest().sent[2] as { id: string }).id;
    const errors: SdkError[] = [];
    client.on("error", (error) => errors.push(error));
    latest().deliver({ type: "error", id, code: "not-your-turn", message: "it is player 2's turn" });
    await expect(refused).rejects.toMatchObject({ code: "not-your-turn", request: "move" });
    expect(errors.map((error) => error.code)).toEqual(["not-your-turn"]);
    expect(errors[0]).toBeInstanceOf(TableError);
  });

  it("keeps the token a join brings, and forgets it when the seat is freed", async () => {
    const tokens = memoryTokens();
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = new ServerTable({ players: 2 });
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: table.snapshot() });
    const joined = client.join(1, "Bjørn");
    const join = latest().sent[1] as Extract<ClientMessage, { type: "join" }>;
    expect(join).toMatchObject({ type: "join", seat: 1, name: "Bjørn" });
    latest().deliver({ type: "joined", id: join.id, seat: 1, token: TOKEN });
    await expect(joined).resolves.toBe(1);
    expect(tokens.get(seatTokenKey(TABLE))).toBe(TOKEN);
    expect(client.you.seat).toBe(1);
    latest().deliver({ type: "identity", you: { seat: null, host: false } });
    expect(tokens.get(seatTokenKey(TABLE))).toBeNull();
  });

  it("reconnects after a drop, resyncs from its last sequence number and resends an unanswered move", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    client = connect(tokens);
    const states: string[] = [];
    client.on("connection", ({ state }) => states.push(state));
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = startedTable();
    const snapshot = table.snapshot(true);
    latest().deliver({ type: "welcome", you: { seat: 0, host: false }, snapshot });

    const path = table.legalMoves()[0] ?? "";
    const moved = client.move(path);
    const first = latest().sent[1] as { id: string };
    const before = latest();
    before.drop();
    expect(client.connection).toBe("reconnecting");
    await until(() => latest() !== before && latest().sent.length === 1, "a new hello");
    expect(latest().sent[0]).toEqual({ type: "hello", token: TOKEN, lastSeq: snapshot.seq });
    // The server answers a hello with lastSeq by the identity, then the missed events.
    latest().deliver({ type: "identity", you: { seat: 0, host: false } });
    expect(client.connection).toBe("open");
    expect(latest().sent[1]).toEqual({ type: "move", id: first.id, path });
    latest().deliver(playFirst(table));
    latest().deliver({ type: "ack", id: first.id, seq: 5 });
    await expect(moved).resolves.toBeUndefined();
    expect(client.model?.seq).toBe(5);
    expect(states).toEqual(["open", "reconnecting", "open"]);
  });

  it("forgets a seat token the table refuses and says hello again without it", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    latest().deliver({ type: "error", code: "bad-token", message: "that seat token is not valid at this table" });
    expect(tokens.get(seatTokenKey(TABLE))).toBeNull();
    expect(latest().sent[1]).toEqual({ type: "hello" });
  });

  it("refuses messages that do not match the protocol, and changes nothing", async () => {
    client = connect();
    await until(() => latest()?.sent.length === 1, "the hello");
    const snapshot = startedTable().snapshot(true);
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot });
    const errors: string[] = [];
    client.on("error", (error) => errors.push(error.code));
    latest().deliver("not json");
    latest().deliver(JSON.stringify({ type: "event", seq: 5, at: 0, event: { type: "moved", seat: 9, path: 1 } }));
    latest().deliver(JSON.stringify({ type: "surprise" }));
    expect(errors).toEqual(["bad-server-message", "bad-server-message", "bad-server-message"]);
    expect(client.snapshot).toEqual(snapshot);
  });

  it("holds requests made before the handshake and sends them after it", async () => {
    client = connect();
    const started = client.start();
    await until(() => latest()?.sent.length === 1, "the hello");
    expect(latest().sent.map((m) => m.type)).toEqual(["hello"]);
    latest().deliver({ type: "welcome", you: { seat: null, host: true }, snapshot: new ServerTable({}).snapshot() });
    expect(latest().sent.map((m) => m.type)).toEqual(["hello", "start"]);
    const id = (latest().sent[1] as { id: string }).id;
    latest().deliver({ type: "error", id, code: "seats-not-filled", message: "every seat needs a player first" });
    await expect(started).rejects.toMatchObject({ code: "seats-not-filled" });
  });
  it("seats a computer player for the host, settled once its `seated` event is in the model", async () => {
    const tokens = memoryTokens();
    tokens.set(hostTokenKey(TABLE), HOST);
    client = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    const table = new ServerTable({ players: 3 });
    latest().deliver({ type: "welcome", you: { seat: null, host: true }, snapshot: table.snapshot() });
    const added = client.addComputer(2, "strong");
    const sent = latest().sent[1] as Extract<ClientMessage, { type: "addComputer" }>;
    expect(sent).toMatchObject({ type: "addComputer", seat: 2, level: "strong" });
    const [entry] = table.record(table.commands.addComputer(HOST_IDENTITY, 2, "strong", 0));
    if (!entry) throw new Error("nothing logged");
    latest().deliver(eventMessage(entry));
    latest().deliver({ type: "ack", id: sent.id, seq: entry.seq });
    await expect(added).resolves.toBeUndefined();
    expect(client.model?.seats[2]).toMatchObject({ name: "Computer 3", computer: "strong" });
    expect(client.snapshot).toEqual(table.snapshot());

    const refused = client.addComputer(2, "easy");
    const again = latest().sent[2] as { id: string };
    latest().deliver({ type: "error", id: again.id, code: "seat-taken", message: "seat 3 is taken" });
    await expect(refused).rejects.toMatchObject({ code: "seat-taken", request: "addComputer" });
  });
});

describe("handing the seat to another device", () => {
  const CODE = "cccccccccccccccccccccc";
  const NEW_TOKEN = "nnnnnnnnnnnnnnnnnnnnnn";
  const NEW_HOST = "oooooooooooooooooooooo";

  /** A fetch that answers `body` with `status`, and keeps what it was asked. */
  function answering(status: number, body: unknown) {
    const asked: { url: string; init: RequestInit | undefined }[] = [];
    const fetcher = (async (url: URL, init?: RequestInit) => {
      asked.push({ url: String(url), init });
      return Response.json(body, { status });
    }) as unknown as typeof fetch;
    return { fetcher, asked };
  }

  async function seatedClient(tokens: TokenStore, you: Identity = { seat: 0, host: true }): Promise<TableClient> {
    const seatedOne = connect(tokens);
    await until(() => latest()?.sent.length === 1, "the hello");
    latest().deliver({ type: "welcome", you, snapshot: startedTable().snapshot(true) });
    return seatedOne;
  }

  it("handover() asks the table and resolves with the code, its expiry and the link with the code in its fragment", async () => {
    client = await seatedClient(memoryTokens());
    const asked = client.handover();
    const request = latest().sent[1] as Extract<ClientMessage, { type: "handover" }>;
    expect(request).toEqual({ type: "handover", id: expect.any(String) });
    latest().deliver({ type: "handoverCode", id: request.id, code: CODE, expiresAt: 1_795_000_600_000 });
    await expect(asked).resolves.toEqual({
      code: CODE,
      expiresAt: 1_795_000_600_000,
      link: `http://checkers.test/t/${TABLE}#handover=${CODE}`,
    });
  });

  it("the link's code reads back from its fragment, and nothing else does", () => {
    const link = new URL(handoverLink("https://checkers.example", TABLE, CODE));
    expect(link.pathname).toBe(`/t/${TABLE}`);
    expect(link.search).toBe("");
    expect(handoverCodeIn(link.hash)).toBe(CODE);
    for (const hash of ["", "#", "#handover=", "#other=x"]) expect(handoverCodeIn(hash), hash).toBeNull();
  });

  it("the old device: told its seat and hosting moved, it forgets both tokens and reports why", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    tokens.set(hostTokenKey(TABLE), HOST);
    client = await seatedClient(tokens);
    const heard: unknown[] = [];
    client.on("identity", (detail) => heard.push(detail));
    latest().deliver({ type: "identity", you: { seat: null, host: false }, reason: "handedOver" });
    expect(heard).toEqual([{ you: { seat: null, host: false }, reason: "handedOver" }]);
    expect([tokens.get(seatTokenKey(TABLE)), tokens.get(hostTokenKey(TABLE))]).toEqual([null, null]);
  });

  it("the new device: redeemHandover keeps the new tokens, says hello with them, and resolves with the seat", async () => {
    const tokens = memoryTokens();
    client = await seatedClient(tokens, { seat: null, host: false });
    const { fetcher, asked } = answering(200, { seat: 0, token: NEW_TOKEN, hostToken: NEW_HOST });
    await expect(client.redeemHandover(CODE, fetcher)).resolves.toBe(0);
    expect(asked).toEqual([
      {
        url: `http://checkers.test/api/tables/${TABLE}/handover`,
        init: expect.objectContaining({ method: "POST", body: JSON.stringify({ code: CODE }) }),
      },
    ]);
    expect([tokens.get(seatTokenKey(TABLE)), tokens.get(hostTokenKey(TABLE))]).toEqual([NEW_TOKEN, NEW_HOST]);
    expect(latest().sent.at(-1)).toEqual({ type: "hello", token: NEW_TOKEN, hostToken: NEW_HOST, lastSeq: 4 });
  });

  it("a code that does not work: invalid-handover, and the tokens and the connection are as they were", async () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    client = await seatedClient(tokens, { seat: 1, host: false });
    const sent = latest().sent.length;
    const { fetcher } = answering(403, { error: { code: "invalid-handover", message: "that link is not valid" } });
    const error = await client.redeemHandover(CODE, fetcher).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TableError);
    expect((error as TableError).code).toBe("invalid-handover");
    expect(tokens.get(seatTokenKey(TABLE))).toBe(TOKEN);
    expect(latest().sent).toHaveLength(sent);
  });
});

describe("the SDK's estimate of the server's clock", () => {
  /** The server's time when the game starts; the local clock is an hour behind it. */
  const START = 1_800_000_000_000;
  const BEHIND = 3_600_000;

  it("reads the local clock until the server has sent a time", async () => {
    let local = START - BEHIND;
    vi.spyOn(Date, "now").mockImplementation(() => local);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    client = connect();
    await until(() => latest()?.sent.length === 1, "the hello");
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: new ServerTable({}).snapshot() });
    local += 1234;
    expect(client.serverNow()).toBe(START - BEHIND + 1234);
  });

  it("takes the server's times from the welcome's turn and the events, keeping the one that came fastest", async () => {
    let local = START - BEHIND;
    vi.spyOn(Date, "now").mockImplementation(() => local);
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const table = new ServerTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    table.seatAll(["Aino", "Bjørn"]);
    table.record(table.commands.start(HOST_IDENTITY, START));
    client = connect();
    await until(() => latest()?.sent.length === 1, "the hello");

    // The welcome arrives 2 s into the turn: the turn's start is a time the server had passed.
    local = START - BEHIND + 2000;
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: table.snapshot(true) });
    expect(client.model?.deadline).toBe(START + 60_000);
    expect(client.serverNow()).toBe(START);

    // A move made at START + 5 s arrives 300 ms later: the estimate is off by those 300 ms only.
    const [fast] = table.record(table.commands.move(seated(0), table.legalMoves()[0] ?? "", START + 5000));
    local = START + 5300 - BEHIND;
    latest().deliver(eventMessage(fast as LoggedEvent));
    expect(client.serverNow()).toBe(START + 5000);

    // A slower event, 2 s on the way, does not make the estimate worse.
    const [slow] = table.record(table.commands.move(seated(1), table.legalMoves()[0] ?? "", START + 10_000));
    local = START + 12_000 - BEHIND;
    latest().deliver(eventMessage(slow as LoggedEvent));
    expect(client.serverNow()).toBe(START + 11_700);
    local += 1000;
    expect(client.serverNow()).toBe(START + 12_700);
  });
});

describe("the heartbeat: a connection that went silent is dropped and made again", () => {
  const HEARTBEAT_MS = 1000;

  /** Connects under fake timers and takes a welcome. */
  async function connectWithHeartbeat(): Promise<TableClient> {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const connected = connect(memoryTokens(), HEARTBEAT_MS);
    // The socket opens within a few ms; from then on the intervals count.
    await vi.advanceTimersByTimeAsync(10);
    latest().deliver({ type: "welcome", you: { seat: null, host: false }, snapshot: startedTable().snapshot(true) });
    expect(connected.connection).toBe("open");
    return connected;
  }

  it("pings every interval while answered, and stops when closed", async () => {
    client = await connectWithHeartbeat();
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
      latest().deliver("pong");
    }
    expect(latest().pings).toBe(5);
    expect(FakeSocket.all).toHaveLength(1);
    expect(client.connection).toBe("open");
    client.close();
    await vi.advanceTimersByTimeAsync(5 * HEARTBEAT_MS);
    expect(latest().pings).toBe(5);
  });

  it("with nothing received for two intervals it reconnects and resyncs; the old socket gets no more pings", async () => {
    client = await connectWithHeartbeat();
    const states: string[] = [];
    client.on("connection", ({ state }) => states.push(state));
    const first = latest();
    // The welcome came a few ms after the socket opened: two ticks still find it recent enough.
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_MS);
    expect(first.pings).toBe(2);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual(["reconnecting"]);
    expect(first.readyState).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().sent).toEqual([{ type: "hello", lastSeq: client.model?.seq }]);
    await vi.advanceTimersByTimeAsync(3 * HEARTBEAT_MS);
    expect(first.pings).toBe(2);
  });

  it("by default pings every 2 s; when the pongs stop it reports `reconnecting` within 6 s and connects again", async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    client = connect(memoryTokens());
    await vi.advanceTimersByTimeAsync(10);
    latest().deliver({ type: "welcome", you: { seat: 0, host: false }, snapshot: startedTable().snapshot(true) });
    const states: string[] = [];
    client.on("connection", ({ state }) => states.push(state));
    const first = latest();
    // Answered: ten pings in 20 s, and the connection stays open.
    for (let i = 0; i < 10; i++) {
      await vi.advanceTimersByTimeAsync(2000);
      first.deliver("pong");
    }
    expect(first.pings).toBe(10);
    expect(client.connection).toBe("open");
    // The link dies silently: no close event, no more pongs. One missed pong is forgiven…
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.connection).toBe("open");
    await vi.advanceTimersByTimeAsync(2000);
    expect(client.connection).toBe("open");
    // …the second is not: 6 s after the last pong the client says it is not connected and drops the socket itself.
    await vi.advanceTimersByTimeAsync(2000);
    expect(states).toEqual(["reconnecting"]);
    expect(client.ready).toBe(false);
    expect(first.readyState).toBe(3);
    expect(first.pings).toBe(12);
    // A new socket, a hello that resumes from the last event, and it is open again.
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(latest().sent).toEqual([{ type: "hello", lastSeq: client.model?.seq }]);
    latest().deliver({ type: "identity", you: { seat: 0, host: false } });
    expect(states).toEqual(["reconnecting", "open"]);
  });

  it("a client that was itself stalled (its timer a whole silence late) pings first, and gives the answer two intervals", async () => {
    client = await connectWithHeartbeat();
    const states: string[] = [];
    client.on("connection", ({ state }) => states.push(state));
    const first = latest();
    // The thread is busy for 5 intervals: the clock moves, no timer fires, nothing is read.
    vi.setSystemTime(Date.now() + 5 * HEARTBEAT_MS);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(first.pings).toBe(1);
    expect(states).toEqual([]);
    // The pong that was waiting is read: the connection stays.
    first.deliver("pong");
    await vi.advanceTimersByTimeAsync(2 * HEARTBEAT_MS);
    expect(first.pings).toBe(3);
    expect(states).toEqual([]);
    // A stall forgives nothing after it: silence from then on is judged as ever.
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual(["reconnecting"]);
    expect(first.pings).toBe(3);
  });

  it("after a stall with nothing to read, the connection is dropped two intervals on, not at once", async () => {
    client = await connectWithHeartbeat();
    const states: string[] = [];
    client.on("connection", ({ state }) => states.push(state));
    vi.setSystemTime(Date.now() + 10 * HEARTBEAT_MS);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual([]);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(states).toEqual(["reconnecting"]);
  });

  it("`pong` is not reported as a bad server message", async () => {
    client = await connectWithHeartbeat();
    const errors: SdkError[] = [];
    client.on("error", (error) => errors.push(error));
    latest().deliver("pong");
    expect(errors).toEqual([]);
  });
});

describe("a socket opened before its client (the table page opens its table's socket as it starts)", () => {
  const SocketClass = FakeSocket as unknown as typeof WebSocket;
  const seatTokens = () => {
    const tokens = memoryTokens();
    tokens.set(seatTokenKey(TABLE), TOKEN);
    return tokens;
  };
  const withEarly = (tokens: TokenStore, early: EarlySocket) =>
    new TableClient({ baseUrl: "http://checkers.test", tableId: TABLE, tokens, WebSocket: FakeSocket, early });

  it("is the client's first connection: it said the client's hello once open, and what came on it is heard, in order", async () => {
    const tokens = seatTokens();
    const early = new EarlySocket("http://checkers.test", TABLE, tokens, { Socket: SocketClass });
    await until(() => latest()?.sent.length === 1, "the early socket's hello");
    expect(latest().sent).toEqual([{ type: "hello", token: TOKEN }]);
    const snapshot = startedTable().snapshot(true);
    latest().deliver({ type: "welcome", you: { seat: 0, host: false }, snapshot });

    client = withEarly(tokens, early);
    await until(() => client?.model !== null, "the welcome that came before the client");
    // The client does not say it again.
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().sent).toEqual([{ type: "hello", token: TOKEN }]);
    expect(client.connection).toBe("open");
    expect(client.you).toEqual({ seat: 0, host: false });
  });

  it("with the page's snapshot: its hello asks for what came after it, the client's from that snapshot says the same", async () => {
    const tokens = seatTokens();
    const snapshot = startedTable().snapshot(true);
    const early = new EarlySocket("http://checkers.test", TABLE, tokens, {
      lastSeq: snapshot.seq,
      Socket: SocketClass,
    });
    await until(() => latest()?.sent.length === 1, "the early socket's hello");
    client = new TableClient({
      baseUrl: "http://checkers.test",
      tableId: TABLE,
      tokens,
      WebSocket: FakeSocket,
      early,
      snapshot,
    });
    latest().deliver({ type: "identity", you: { seat: 0, host: false } });
    await until(() => client?.connection === "open", "the table's answer");
    expect(latest().sent).toEqual([{ type: "hello", token: TOKEN, lastSeq: snapshot.seq }]);
  });

  it("its hello not the client's (the client has no snapshot to start from): the client says its own on the same socket", async () => {
    const tokens = seatTokens();
    const early = new EarlySocket("http://checkers.test", TABLE, tokens, { lastSeq: 7, Socket: SocketClass });
    await until(() => latest()?.sent.length === 1, "the early socket's hello");
    client = withEarly(tokens, early);
    await until(() => latest()?.sent.length === 2, "the client's own hello");
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().sent).toEqual([
      { type: "hello", token: TOKEN, lastSeq: 7 },
      { type: "hello", token: TOKEN },
    ]);
  });

  it("still opening when the client comes: the client waits for its open, on the same socket, and says the one hello", async () => {
    const tokens = seatTokens();
    const early = new EarlySocket("http://checkers.test", TABLE, tokens, { Socket: SocketClass });
    client = withEarly(tokens, early);
    await until(() => latest()?.sent.length === 1, "the hello");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().sent).toEqual([{ type: "hello", token: TOKEN }]);
  });

  it("opened with other tokens than the client's: it is closed, and the client opens its own", async () => {
    const early = new EarlySocket("http://checkers.test", TABLE, memoryTokens(), { Socket: SocketClass });
    await until(() => latest()?.readyState === 1, "the early socket open");
    client = withEarly(seatTokens(), early);
    await until(() => FakeSocket.all.length === 2 && latest().sent.length === 1, "the client's own hello");
    expect(FakeSocket.all[0]?.readyState).toBe(3);
    expect(latest().sent[0]).toEqual({ type: "hello", token: TOKEN });
  });

  it("closed before the client came: the client opens its own, and a later reconnection opens a new one", async () => {
    const tokens = seatTokens();
    const early = new EarlySocket("http://checkers.test", TABLE, tokens, { Socket: SocketClass });
    await until(() => latest()?.readyState === 1, "the early socket open");
    latest().drop();
    client = withEarly(tokens, early);
    await until(() => FakeSocket.all.length === 2 && latest().sent.length === 1, "the client's own hello");
    latest().drop();
    await until(() => FakeSocket.all.length === 3 && latest().sent.length === 1, "the hello after reconnecting");
  });
});
