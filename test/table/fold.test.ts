/**
 * The fold of a table's event log: the same table whether it is built live
 * by the commands, taken up from storage, or restored from a snapshot.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TableEvent } from "../../src/protocol/index.ts";
import { Game, RulesError } from "../../src/rules/index.ts";
import {
  type LoggedEvent,
  outcome,
  TableCommands,
  TableError,
  TableFold,
  unwrap,
  withRules,
} from "../../src/table/index.ts";
import { N_BLOCKED } from "../rules/helpers.ts";
import {
  ALL_CONNECTED,
  HOST,
  headerOf,
  legalMoves,
  newTable,
  playToEnd,
  SPECTATOR,
  seatEveryone,
  seated,
} from "./helpers.ts";

const CLOCKED = { players: 3, clock: { kind: "bank", seconds: 600, increment: 5 } } as const;

/** A three-player game some moves in, with its whole log. */
function playedTable(): { commands: TableCommands; log: LoggedEvent[] } {
  const { commands, log } = newTable(CLOCKED, 1);
  log.push(...seatEveryone(commands));
  log.push(...commands.start(HOST, 10));
  for (let ply = 0; ply < 12; ply++) {
    log.push(...commands.move(seated(commands.turn?.seat ?? 0), legalMoves(commands)[0], 100 + ply));
  }
  return { commands, log };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("folding the whole log gives the table the commands built", () => {
  it("agrees on seats, game, clock and sequence number", () => {
    const { commands, log } = playedTable();
    const fold = new TableFold(headerOf(CLOCKED));
    for (const entry of log) fold.apply(entry);
    expect(fold.view([])).toEqual(commands.view([]));
    expect(fold.deadline).toBe(commands.deadline);
    expect(fold.lastEventAt).toBe(111);
  });

  it("checks every replayed move: a move that does not fit the position throws the engine's error", () => {
    const { log } = playedTable();
    const fold = new TableFold(headerOf(CLOCKED));
    const forged: TableEvent = { type: "moved", seat: 0, path: "a1-i5" };
    const started = log.findIndex((entry) => entry.event.type === "started");
    for (const entry of log.slice(0, started + 1)) fold.apply(entry);
    expect(() => fold.apply({ seq: started + 2, at: 0, event: forged })).toThrow(RulesError);
  });
});

describe("a live move is checked once", () => {
  it("the commands commit the engine's checked move instead of checking it again", () => {
    const { commands } = newTable();
    seatEveryone(commands);
    commands.start(HOST, 0);
    const [move] = legalMoves(commands);
    const resolve = vi.spyOn(Game.prototype, "resolve");
    commands.move(seated(0), move, 0);
    expect(resolve).toHaveBeenCalledTimes(1);
  });
});

describe("a pass the table owes is checked once", () => {
  it("the side left without a move passes, and the engine checks only the move that blocked it", () => {
    const { commands } = newTable({ players: 6 });
    seatEveryone(commands);
    commands.start(HOST, 0);
    const moves = N_BLOCKED.split(" ");
    for (const move of moves.slice(0, -1)) commands.move(seated(commands.turn?.seat ?? 0), move, 0);
    const check = vi.spyOn(Game.prototype, "check");
    const events = commands.move(seated(commands.turn?.seat ?? 0), moves[moves.length - 1], 0);
    expect(events.map((entry) => entry.event)).toEqual([
      { type: "moved", seat: 5, path: "e4-e5" },
      { type: "passed", seat: 0 },
    ]);
    expect(check).toHaveBeenCalledTimes(1);
  });
});

describe("a stored table takes up its log from the seats and its current game", () => {
  it("gives the same table as the live one", () => {
    const { commands, log } = playedTable();
    const stored = new TableFold(headerOf(CLOCKED));
    const start = log.findIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    stored.resume({ ...commands.carry, seq: last.seq, at: last.at }, log.slice(start));
    expect(stored.view([])).toEqual(commands.view([]));
    expect(stored.deadline).toBe(commands.deadline);
  });

  it("after games, swaps and new players, from the seats and scores the current game started with", () => {
    const { commands, log } = newTable({ players: 2, variant: "capture" });
    log.push(...seatEveryone(commands), ...commands.start(HOST, 0), ...playToEnd(commands));
    log.push(...commands.swap(seated(0), 1, 0), ...commands.swap(seated(1), 0, 0));
    log.push(...commands.rematch(seated(0), ALL_CONNECTED, 0), ...commands.rematch(seated(1), ALL_CONNECTED, 0));
    log.push(...commands.leave(seated(1), 0), ...commands.join(SPECTATOR, 1, "Newcomer", 0));
    log.push(...commands.swap(seated(0), 1, 0)); // an offer, still open when the table is stored
    const stored = new TableFold(headerOf({ players: 2, variant: "capture" }));
    const start = log.findLastIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    stored.resume({ ...commands.carry, seq: last.seq, at: last.at }, log.slice(start));
    expect(stored.view([])).toEqual(commands.view([]));
    expect(stored.view([]).seats.map((seat) => seat.score.games)).toEqual([2, 0]);
  });

  it("before any game, keeps the seats and the last entry's number and time", () => {
    const stored = new TableFold(headerOf());
    stored.resume({ names: ["Aino", null], scores: [], seq: 4, at: 77 }, []);
    expect(stored.names).toEqual(["Aino", null]);
    expect(stored.seq).toBe(4);
    expect(stored.lastEventAt).toBe(77);
    expect(stored.status).toBe("waiting");
  });
});

describe("a stored log never bricks its table", () => {
  it("an entry the engine refuses is skipped and reported; the table is what the other entries make it", () => {
    const { commands, log } = playedTable();
    const last = log[log.length - 1];
    const forged: LoggedEvent = {
      seq: last.seq + 1,
      at: last.at + 1,
      event: { type: "moved", seat: commands.turn?.seat ?? 0, path: "a1-i5" },
    };
    const stored = new TableFold(headerOf(CLOCKED));
    const start = log.findIndex((entry) => entry.event.type === "started");
    const checkpoint = { ...commands.carry, seq: forged.seq, at: forged.at };
    expect(stored.resume(checkpoint, [...log.slice(start), forged])).toEqual([forged]);
    expect(stored.view([])).toEqual({ ...commands.view([]), seq: forged.seq });
  });
});

describe("a table never writes over its own log: resumed, the fold ends at the log's last entry", () => {
  /** A move the engine refuses, stored after the log's last entry. */
  function forgedAfter(commands: TableCommands, log: readonly LoggedEvent[]): LoggedEvent {
    const last = log[log.length - 1];
    return {
      seq: last.seq + 1,
      at: last.at + 1,
      event: { type: "moved", seat: commands.turn?.seat ?? 0, path: "a1-i5" },
    };
  }

  it("from a saved state, when the engine refuses the last entry after it: the next event takes the next number", () => {
    const { commands, log } = playedTable();
    const saved = JSON.parse(JSON.stringify(commands.saveState()));
    const forged = forgedAfter(commands, log);
    const woken = new TableCommands(headerOf(CLOCKED), { drawFirstPlayer: () => 1 });
    expect(woken.resumeState(saved, [forged])).toEqual([forged]);
    expect(woken.seq).toBe(forged.seq);
    expect(woken.lastEventAt).toBe(forged.at);
    const [next] = woken.move(seated(woken.turn?.seat ?? 0), legalMoves(woken)[0], forged.at + 1);
    expect(next.seq).toBe(forged.seq + 1);
  });

  it("from the seats its game started with, likewise", () => {
    const { commands, log } = playedTable();
    const forged = forgedAfter(commands, log);
    const start = log.findIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    const woken = new TableCommands(headerOf(CLOCKED), { drawFirstPlayer: () => 1 });
    // The carry's own number is the last but one entry's: only the refused entry says where the log ends.
    expect(woken.resume({ ...commands.carry, seq: last.seq, at: last.at }, [...log.slice(start), forged])).toEqual([
      forged,
    ]);
    expect(woken.seq).toBe(forged.seq);
  });

  it("a saved state of another shape is refused before anything is taken from it", () => {
    const { commands } = playedTable();
    const woken = new TableCommands(headerOf(CLOCKED), { drawFirstPlayer: () => 1 });
    const before = woken.view([]);
    const broken = { ...JSON.parse(JSON.stringify(commands.saveState())), names: ["only one"] };
    expect(() => woken.resumeState(broken, [])).toThrow("not a table state this version saved");
    expect(woken.view([])).toEqual(before);
  });
});

describe("a client restores the fold from a snapshot", () => {
  it("gives the snapshot back, its clock running from the server's deadline", () => {
    const { commands } = playedTable();
    const snapshot = commands.view([true, false, true]);
    const restored = new TableFold(headerOf(CLOCKED));
    restored.restore(snapshot, 5_000);
    expect(restored.view([true, false, true])).toEqual(snapshot);
    expect(restored.deadline).toBe(snapshot.game?.deadline);
  });
});

describe("refusals cross every boundary as one error type", () => {
  it("the engine's refusals become the table's, with the same code and field", () => {
    const error = (() => {
      try {
        withRules(() => {
          throw new RulesError("invalid-settings", "players must be 2 to 6", "players");
        });
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(TableError);
    expect(error).toMatchObject({ code: "invalid-settings", field: "players", message: "players must be 2 to 6" });
  });

  it("an RPC outcome carries a refusal as its body and unwraps to the same refusal", async () => {
    const refused = await outcome(() => {
      throw new TableError("table-not-found", "no such table");
    });
    expect(refused).toEqual({ ok: false, error: { code: "table-not-found", message: "no such table" } });
    expect(() => unwrap(refused)).toThrow(expect.objectContaining({ code: "table-not-found" }));
    expect(unwrap(await outcome(() => 42))).toBe(42);
  });

  it("an error that is no refusal is not turned into one", async () => {
    await expect(
      outcome(() => {
        throw new RangeError("a bug");
      }),
    ).rejects.toBeInstanceOf(RangeError);
  });
});
