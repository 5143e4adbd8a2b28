/**
 * The page around an embedded table (`EmbeddedTable`): only its frame's
 * messages, from the service's origin and of the protocol's shape, become
 * typed events; the language goes to the frame, and the frame's height
 * follows its content when asked.
 */
import { describe, expect, it } from "vitest";
import { EmbeddedTable, embedAddress } from "../../src/client/embed/index.ts";
import { LANGUAGES } from "../../src/client/ui/i18n/index.ts";
import { embedShowsChat } from "../../src/client/ui/table-page/embed-address.ts";
import { EMBED_LANGUAGES, type EmbedMessage } from "../../src/protocol/index.ts";
import { HOST, ServerTable, seated } from "./server-table.ts";

const ORIGIN = "https://checkers.example";
const TABLE = "N4oaAfw5PTY7Nk9FxQ2w_rLb";

/** A window that hands its "message" listeners what `deliver` gives it, and a frame in it. */
function page() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: { message: unknown; target: string }[] = [];
  const contentWindow = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  const frame = { contentWindow, style: { height: "" } } as unknown as HTMLIFrameElement;
  const window = {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.delete(listener),
  } as unknown as Window;
  const deliver = (data: unknown, from: { origin?: string; source?: unknown } = {}) => {
    const event = { data, origin: from.origin ?? ORIGIN, source: from.source ?? contentWindow } as MessageEvent;
    for (const listener of listeners) listener(event);
  };
  return { frame, window, deliver, posted, listeners };
}

const envelope = { source: "chinese-checkers", version: 1, table: TABLE } as const;
const moved: EmbedMessage = { ...envelope, type: "event", seq: 7, event: { type: "moved", seat: 0, path: "c2-e4-g4" } };

describe("an embedded table's messages become typed events", () => {
  it("each message of the frame reaches the listeners of its type, without its envelope", () => {
    const { frame, window, deliver } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const events: unknown[] = [];
    const states: unknown[] = [];
    table.on("event", (detail) => events.push(detail));
    table.on("connection", ({ state }) => states.push(state));
    deliver(moved);
    deliver({ ...envelope, type: "connection", state: "reconnecting" });
    expect(events).toEqual([{ table: TABLE, seq: 7, event: { type: "moved", seat: 0, path: "c2-e4-g4" } }]);
    expect(states).toEqual(["reconnecting"]);
    expect(table.table).toBe(TABLE);
  });

  it("a move and the end are drawn from the log's events, each with its table and number", () => {
    const { frame, window, deliver } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const heard: unknown[] = [];
    table.on("move", (detail) => heard.push(["move", detail]));
    table.on("end", (detail) => heard.push(["end", detail]));
    const result = { reason: "resigned", winners: [1], standings: [] } as const;
    deliver(moved);
    deliver({ ...envelope, type: "event", seq: 8, event: { type: "moved", seat: 1, path: "o2-m4", by: "computer" } });
    deliver({ ...envelope, type: "event", seq: 9, event: { type: "resigned", seat: 0, reason: "left" } });
    deliver({ ...envelope, type: "event", seq: 10, event: { type: "ended", result } });
    expect(heard).toEqual([
      ["move", { table: TABLE, seq: 7, seat: 0, path: "c2-e4-g4" }],
      ["move", { table: TABLE, seq: 8, seat: 1, path: "o2-m4", by: "computer" }],
      ["end", { table: TABLE, seq: 10, result }],
    ]);
  });

  it("a game it saw in play and then sees over in a fresh snapshot (it fell far behind) still ends, once", () => {
    const { frame, window, deliver } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const ends: unknown[] = [];
    table.on("end", (detail) => ends.push(detail));
    const server = new ServerTable({ players: 2 }, 0);
    server.seatAll(["Aino", "Bo"]);
    const welcome = () => ({
      ...envelope,
      type: "welcome",
      snapshot: server.snapshot(),
      you: { seat: 0, host: false },
    });
    deliver(welcome()); // waiting: nothing has ended
    server.record(server.commands.start(HOST, 0));
    deliver(welcome()); // playing
    server.record(server.commands.leave(seated(1), 0));
    const over = server.snapshot();
    deliver(welcome());
    deliver(welcome()); // the same ended game again: not a second end
    expect(ends).toEqual([{ table: TABLE, seq: over.seq, result: over.game?.result }]);
    expect(over.game?.result?.winners).toEqual([0]);
  });

  it("whose turn it is, and whether it is the visitor's", () => {
    const { frame, window, deliver } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const turns: unknown[] = [];
    table.on("turn", (detail) => turns.push(detail));
    deliver({ ...envelope, type: "turn", seat: 1, yours: true });
    deliver({ ...envelope, type: "turn", seat: null, yours: false });
    deliver({ ...envelope, type: "turn", seat: 1 }); // not of the protocol's shape
    expect(turns).toEqual([
      { table: TABLE, seat: 1, yours: true },
      { table: TABLE, seat: null, yours: false },
    ]);
  });

  it("ignores what comes from another origin, another window, or is not a message of the protocol", () => {
    const { frame, window, deliver } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const heard: unknown[] = [];
    table.on("event", (detail) => heard.push(detail));
    deliver(moved, { origin: "https://elsewhere.example" });
    deliver(moved, { source: {} });
    deliver({ ...moved, version: 2 });
    deliver({ ...moved, event: { type: "moved", seat: 9, path: "c2-e4" } });
    deliver("a string");
    expect(heard).toEqual([]);
    expect(table.table).toBeNull();
  });

  it("a listener removed, or the table closed, hears nothing more", () => {
    const { frame, window, deliver, listeners } = page();
    const table = new EmbeddedTable(frame, { origin: ORIGIN, window });
    const heard: unknown[] = [];
    const stop = table.on("event", (detail) => heard.push(detail));
    stop();
    deliver(moved);
    table.close();
    expect(heard).toEqual([]);
    expect(listeners.size).toBe(0);
  });
});

describe("the page around it speaks to the frame", () => {
  it("asks for a language, to the service's origin only", () => {
    const { frame, window, posted } = page();
    new EmbeddedTable(frame, { origin: `${ORIGIN}/some/path`, window }).setLanguage("sv");
    expect(posted).toEqual([
      { message: { source: "chinese-checkers", type: "language", language: "sv" }, target: ORIGIN },
    ]);
  });

  it("sizes the frame from its resize messages when asked to, and not otherwise", () => {
    const sized = page();
    new EmbeddedTable(sized.frame, { origin: ORIGIN, window: sized.window, autoHeight: true });
    sized.deliver({ ...envelope, type: "resize", height: 1032 });
    expect(sized.frame.style.height).toBe("1032px");
    const fixed = page();
    new EmbeddedTable(fixed.frame, { origin: ORIGIN, window: fixed.window });
    fixed.deliver({ ...envelope, type: "resize", height: 1032 });
    expect(fixed.frame.style.height).toBe("");
  });

  it("the languages it may ask for are the ones the pages speak", () => {
    expect([...EMBED_LANGUAGES]).toEqual([...LANGUAGES]);
  });
});

describe("the frame's address: the table, its language, its sizing, and its chat only when asked", () => {
  it("embedAddress puts each option in the query, and chat only as chat=1", () => {
    expect(embedAddress(ORIGIN, TABLE)).toBe(`${ORIGIN}/embed/${TABLE}`);
    expect(embedAddress(ORIGIN, TABLE, { language: "fi", autoHeight: true, chat: true })).toBe(
      `${ORIGIN}/embed/${TABLE}?lang=fi&height=auto&chat=1`,
    );
    expect(embedAddress(ORIGIN, TABLE, { chat: false })).toBe(`${ORIGIN}/embed/${TABLE}`);
  });

  it("EmbeddedTable with a table points the frame there; without one it leaves the frame's address alone", () => {
    const chatting = page();
    const options = { origin: ORIGIN, window: chatting.window, table: TABLE, chat: true } as const;
    new EmbeddedTable(chatting.frame, options);
    expect(chatting.frame.src).toBe(`${ORIGIN}/embed/${TABLE}?chat=1`);
    const quiet = page();
    new EmbeddedTable(quiet.frame, { origin: ORIGIN, window: quiet.window, table: TABLE, language: "nb" });
    expect(quiet.frame.src).toBe(`${ORIGIN}/embed/${TABLE}?lang=nb`);
    const given = page();
    new EmbeddedTable(given.frame, { origin: ORIGIN, window: given.window, chat: true });
    expect(given.frame.src).toBeUndefined();
  });

  it("the embedded page shows its chat for chat=1 and for nothing else", () => {
    expect(embedShowsChat(new URL(embedAddress(ORIGIN, TABLE, { chat: true })).search)).toBe(true);
    expect(embedShowsChat(new URL(embedAddress(ORIGIN, TABLE, { language: "sv" })).search)).toBe(false);
    expect(embedShowsChat("?chat=0")).toBe(false);
    expect(embedShowsChat("?chat")).toBe(false);
  });
});
