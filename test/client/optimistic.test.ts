/**
 * Your own move shown before the table confirms it (OptimisticMoves), against
 * a scripted socket, with the table's commands as the server: the move is
 * shown at once while the model keeps the server's word; the table's event
 * confirms it without a second position; a refusal rolls it back; and an
 * event that comes first (a player leaving, the clock playing for you, a
 * fresh snapshot) has the move played again on the new position or dropped.
 */
import { afterEach, describe, expect, it } from "vitest";
import { OptimisticMoves, type PendingMove, type SdkError, TableClient } from "../../src/client/sdk/index.ts";
import type { ServerMessage, TableSettings } from "../../src/protocol/index.ts";
import type { LoggedEvent } from "../../src/table/index.ts";
import { FakeSocket, until } from "./fake-socket.ts";
import { HOST, ServerTable, seated, TABLE_ID } from "./server-table.ts";

let client: TableClient | undefined;
afterEach(() => {
  client?.close();
  client = undefined;
  FakeSocket.all = [];
});

/** A table with every seat taken and the game started, seat 0 first. */
function startedTable(settings: Partial<TableSettings> = { players: 2 }): ServerTable {
  const table = new ServerTable(settings);
  table.seatAll(["Aino", "Bjørn", "Cecilia", "Dag", "Eeva", "Frida"].slice(0, settings.players ?? 2));
  table.record(table.commands.start(HOST, 0));
  return table;
}

const eventMessage = (entry: LoggedEvent): ServerMessage => ({ type: "event", ...entry });

/** A client seated at `seat`, welcomed with the table as it is, and its optimistic layer. */
async function seatedClient(table: ServerTable, seat: number) {
  client = new TableClient({
    baseUrl: "http://checkers.test",
    tableId: TABLE_ID,
    WebSocket: FakeSocket,
    reconnect: { minDelayMs: 5, maxDelayMs: 20 },
    requestTimeoutMs: 2000,
    heartbeatMs: 60_000,
  });
  const socket = await (async () => {
    await until(() => FakeSocket.all.some((s) => s.sent.some((m) => m.type === "hello")), "the hello");
    return FakeSocket.latest();
  })();
  socket.deliver({ type: "welcome", you: { seat, host: false }, snapshot: table.snapshot(true) });
  const optimistic = new OptimisticMoves(client);
  const played: PendingMove[] = [];
  const refused: { move: PendingMove; error: SdkError }[] = [];
  optimistic.on("played", (move) => played.push(move));
  optimistic.on("refused", (detail) => refused.push(detail));
  /** Every position shown, in order, one entry each time it differs from the one before. */
  const shown: string[] = [JSON.stringify(optimistic.pieces)];
  const note = () => {
    const now = JSON.stringify(optimistic.pieces);
    if (shown[shown.length - 1] !== now) shown.push(now);
  };
  optimistic.on("change", note);
  client.on("change", note);
  const model = () => {
    if (!client?.model) throw new Error("no model");
    return client.model;
  };
  const sentMove = async () => {
    await until(() => socket.sent.some((m) => m.type === "move"), "the move to be sent");
    const message = socket.sent.find((m) => m.type === "move");
    if (message?.type !== "move") throw new Error("no move sent");
    return message;
  };
  return { socket, optimistic, played, refused, shown, model, sentMove };
}

describe("your own move, shown before the table confirms it", () => {
  it("is shown at once, while the model keeps the server's position", async () => {
    const table = startedTable();
    const { optimistic, played, model, sentMove } = await seatedClient(table, 0);
    const before = { ...model().pieces };
    const notation = table.legalMoves()[0] as string;
    const path = notation.split("-");
    const [from, to] = [path[0] as string, path[path.length - 1] as string];

    const promise = optimistic.move(path);
    // Synchronously, before anything came back.
    expect(optimistic.pending).toMatchObject({ seat: 0, path, notation, colour: before[from] });
    expect(played).toHaveLength(1);
    expect(optimistic.pieces[from]).toBeUndefined();
    expect(optimistic.pieces[to]).toBe(before[from]);
    expect(optimistic.lastMove).toEqual({ seat: 0, path, captured: [] });
    expect(optimistic.game?.turn?.player).toBe(1);
    expect(optimistic.turn).toEqual({ seat: 1, colour: model().coloursOf(1)[0] });
    expect(model().pieces).toEqual(before);
    expect(model().turn?.seat).toBe(0);

    const sent = await sentMove();
    expect(sent).toEqual({ type: "move", id: optimistic.pending?.id, path: notation });
    promise.catch(() => {});
  });

  it("is confirmed by the table's event: one position from the click to the ack, one animation", async () => {
    const table = startedTable();
    const { socket, optimistic, played, shown, model, sentMove } = await seatedClient(table, 0);
    const notation = table.legalMoves()[0] as string;
    const promise = optimistic.move(notation.split("-"));
    const { id } = await sentMove();
    const whileWaiting = JSON.stringify(optimistic.pieces);

    const entries = table.record(table.commands.move(seated(0), notation, 0));
    for (const entry of entries) socket.deliver(eventMessage(entry));
    expect(optimistic.pending).toBeNull();
    socket.deliver({ type: "ack", id, seq: entries[entries.length - 1]?.seq ?? 0 });
    await promise;

    expect(JSON.stringify(optimistic.pieces)).toBe(whileWaiting);
    expect(JSON.stringify(model().pieces)).toBe(whileWaiting);
    // The server's position, then the move shown at once: never a third, never the first again.
    expect(shown).toHaveLength(2);
    expect(shown[1]).toBe(whileWaiting);
    expect(played).toHaveLength(1);
    expect(optimistic.lastMove).toEqual(model().lastMove);
  });

  it("rolls back to the table's position when the table refuses it", async () => {
    const table = startedTable();
    const { socket, optimistic, refused, shown, model, sentMove } = await seatedClient(table, 0);
    const before = JSON.stringify(model().pieces);
    const notation = table.legalMoves()[0] as string;
    const promise = optimistic.move(notation.split("-"));
    const { id } = await sentMove();

    socket.deliver({ type: "error", id, code: "not-your-turn", message: "it is player 2's turn" });
    await expect(promise).rejects.toMatchObject({ code: "not-your-turn" });
    expect(optimistic.pending).toBeNull();
    expect(JSON.stringify(optimistic.pieces)).toBe(before);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.move.notation).toBe(notation);
    expect(refused[0]?.error.code).toBe("not-your-turn");
    expect(optimistic.turn).toEqual(model().turn);
    expect(optimistic.turn?.seat).toBe(0);
    expect(shown).toHaveLength(3);
    expect(shown[2]).toBe(before);
  });

  it("stays shown, on the new position, when another player leaves first", async () => {
    const table = startedTable({ players: 3 });
    const { socket, optimistic, refused, model, sentMove } = await seatedClient(table, 0);
    const notation = table.legalMoves()[0] as string;
    const path = notation.split("-");
    const promise = optimistic.move(path);
    const { id } = await sentMove();
    const leaverColour = model().coloursOf(2)[0];
    expect(Object.values(optimistic.pieces)).toContain(leaverColour);

    // Cecilia leaves before the move reaches the table: her pieces leave the board, the move still stands.
    for (const entry of table.record(table.commands.leave(seated(2), 0))) socket.deliver(eventMessage(entry));
    expect(optimistic.pending?.notation).toBe(notation);
    expect(Object.values(optimistic.pieces)).not.toContain(leaverColour);
    expect(optimistic.pieces[path[0] as string]).toBeUndefined();
    expect(optimistic.pieces[path[path.length - 1] as string]).toBe(model().coloursOf(0)[0]);

    const entries = table.record(table.commands.move(seated(0), notation, 0));
    const shownBefore = JSON.stringify(optimistic.pieces);
    for (const entry of entries) socket.deliver(eventMessage(entry));
    socket.deliver({ type: "ack", id, seq: entries[entries.length - 1]?.seq ?? 0 });
    await promise;
    expect(optimistic.pending).toBeNull();
    expect(JSON.stringify(model().pieces)).toBe(shownBefore);
    expect(refused).toHaveLength(0);
  });

  it("is dropped at once when the game ends first: the other player left", async () => {
    const table = startedTable();
    const { socket, optimistic, refused, model, sentMove } = await seatedClient(table, 0);
    const promise = optimistic.move((table.legalMoves()[0] as string).split("-"));
    const { id } = await sentMove();

    // Bjørn leaves: his pieces leave the board, the game is over, and the move is shown no more.
    for (const entry of table.record(table.commands.leave(seated(1), 0))) socket.deliver(eventMessage(entry));
    expect(model().status).toBe("over");
    expect(optimistic.pending).toBeNull();
    expect(optimistic.pieces).toEqual(model().pieces);

    // The table's refusal follows; the board was back already, so there is nothing to roll back.
    socket.deliver({ type: "error", id, code: "game-over", message: "the game is over" });
    await expect(promise).rejects.toMatchObject({ code: "game-over" });
    expect(refused).toHaveLength(0);
  });

  it("is dropped when the clock played the turn for you first", async () => {
    const table = startedTable({ players: 2, clock: { kind: "move", seconds: 10 } });
    const { socket, optimistic, model, sentMove } = await seatedClient(table, 0);
    const promise = optimistic.move((table.legalMoves()[0] as string).split("-"));
    const { id } = await sentMove();

    const timedOut = table.record(table.commands.tick(60_000));
    expect(timedOut[0]?.event).toMatchObject({ type: "moved", seat: 0, by: "timeout" });
    for (const entry of timedOut) socket.deliver(eventMessage(entry));
    expect(optimistic.pending).toBeNull();
    expect(optimistic.pieces).toEqual(model().pieces);
    socket.deliver({ type: "error", id, code: "not-your-turn", message: "it is player 2's turn" });
    await expect(promise).rejects.toMatchObject({ code: "not-your-turn" });
  });

  it("is dropped without a jolt when a fresh snapshot already holds it", async () => {
    const table = startedTable();
    const { socket, optimistic, shown, refused, sentMove } = await seatedClient(table, 0);
    const notation = table.legalMoves()[0] as string;
    const promise = optimistic.move(notation.split("-"));
    const { id } = await sentMove();
    const whileWaiting = JSON.stringify(optimistic.pieces);

    const entries = table.record(table.commands.move(seated(0), notation, 0));
    socket.deliver({ type: "welcome", you: { seat: 0, host: false }, snapshot: table.snapshot(true) });
    expect(optimistic.pending).toBeNull();
    expect(JSON.stringify(optimistic.pieces)).toBe(whileWaiting);
    socket.deliver({ type: "ack", id, seq: entries[entries.length - 1]?.seq ?? 0 });
    await promise;
    expect(shown).toHaveLength(2);
    expect(refused).toHaveLength(0);
  });

  it("sends a move the engine refuses here without showing it: the table judges it", async () => {
    const table = startedTable();
    const { socket, optimistic, played, model, sentMove } = await seatedClient(table, 1);
    const before = JSON.stringify(model().pieces);
    // Seat 1 is not to move: nothing is shown, the move goes to the table all the same.
    const promise = optimistic.move((table.legalMoves()[0] as string).split("-"));
    expect(optimistic.pending).toBeNull();
    expect(played).toHaveLength(0);
    expect(JSON.stringify(optimistic.pieces)).toBe(before);
    const { id } = await sentMove();
    socket.deliver({ type: "error", id, code: "not-your-turn", message: "it is player 1's turn" });
    await expect(promise).rejects.toMatchObject({ code: "not-your-turn" });
  });
});
