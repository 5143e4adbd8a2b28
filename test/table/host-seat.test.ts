/**
 * The host's seat: the table records which seat its host sat down in (a
 * `seated` event marked `host`), so that an invited friend can be told who
 * invited them. The fold keeps it while its player sits there, wherever a
 * swap takes them, and a table taken up from storage or a snapshot keeps it.
 */
import { describe, expect, it } from "vitest";
import type { Identity } from "../../src/protocol/index.ts";
import { type LoggedEvent, type TableCommands, TableFold } from "../../src/table/index.ts";
import { ALL_CONNECTED, HOST, headerOf, newTable, playToEnd, SPECTATOR, seated } from "./helpers.ts";

/** The host's connection once it sits in `seat`. */
const hostIn = (seat: number): Identity => ({ seat, host: true });

/** A three-seat table whose host sat in seat 0 and a guest in seat 1; seat 2 is free. */
function hostedTable(): { commands: TableCommands; log: LoggedEvent[] } {
  const { commands, log } = newTable({ players: 3 });
  log.push(...commands.join(HOST, 0, "Aino", 1), ...commands.join(SPECTATOR, 1, "Bjørn", 2));
  return { commands, log };
}

describe("the host's join marks the seat as the host's; anyone else's does not", () => {
  it("logs `host: true` for the host's join only, and the snapshot names seat 0", () => {
    const { commands, log } = hostedTable();
    expect(log.slice(1).map((entry) => entry.event)).toEqual([
      { type: "seated", seat: 0, name: "Aino", host: true },
      { type: "seated", seat: 1, name: "Bjørn" },
    ]);
    expect(commands.hostSeat).toBe(0);
    expect(commands.view([]).hostSeat).toBe(0);
  });

  it("a table whose host has not sat down (or whose computers the host added) has none", () => {
    const { commands } = newTable({ players: 3 });
    commands.join(SPECTATOR, 0, "Bjørn", 0);
    commands.addComputer(HOST, 1, "easy", 0);
    expect(commands.hostSeat).toBeNull();
    expect(commands.view([]).hostSeat).toBeNull();
  });
});

describe("the host's seat is no longer theirs once it is freed", () => {
  it("the host leaves: null; a guest leaving changes nothing", () => {
    const { commands } = hostedTable();
    commands.leave(seated(1), 3);
    expect(commands.hostSeat).toBe(0);
    commands.leave(hostIn(0), 4);
    expect(commands.hostSeat).toBeNull();
    // Whoever takes the seat next is not the host.
    commands.join(SPECTATOR, 0, "Cecilia", 5);
    expect(commands.hostSeat).toBeNull();
  });
});

describe("the host's seat follows its player through a swap", () => {
  it("to a free seat, then in a trade with a guest", () => {
    const { commands } = hostedTable();
    commands.swap(hostIn(0), 2, 3);
    expect(commands.hostSeat).toBe(2);
    commands.swap(seated(1), 2, 4); // an offer…
    commands.swap(hostIn(2), 1, 5); // …taken: the host moves to seat 1
    expect(commands.names).toEqual([null, "Aino", "Bjørn"]);
    expect(commands.hostSeat).toBe(1);
  });
});

describe("a table taken up again keeps the host's seat", () => {
  /** The hosted table after a game and a swap, a second game started: the `seated` events lie before it. */
  function secondGame(): { commands: TableCommands; log: LoggedEvent[] } {
    const { commands, log } = newTable({ players: 2 });
    log.push(...commands.join(HOST, 0, "Aino", 1), ...commands.join(SPECTATOR, 1, "Bjørn", 2));
    log.push(...commands.start(HOST, 3), ...playToEnd(commands, 4));
    log.push(...commands.swap(hostIn(0), 1, 5), ...commands.swap(seated(1), 0, 6));
    log.push(...commands.rematch(hostIn(1), ALL_CONNECTED, 7), ...commands.rematch(seated(0), ALL_CONNECTED, 7));
    expect(commands.gameNumber).toBe(2);
    expect(commands.hostSeat).toBe(1);
    return { commands, log };
  }

  it("from the carry its game started with, and from a saved state, through JSON", () => {
    const { commands, log } = secondGame();
    const start = log.findLastIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    const fromCarry = new TableFold(headerOf({ players: 2 }));
    fromCarry.resume(JSON.parse(JSON.stringify({ ...commands.carry, seq: last.seq, at: last.at })), log.slice(start));
    expect(fromCarry.hostSeat).toBe(1);
    const fromState = new TableFold(headerOf({ players: 2 }));
    fromState.resumeState(JSON.parse(JSON.stringify(commands.saveState())), []);
    expect(fromState.hostSeat).toBe(1);
    expect(fromState.view([])).toEqual(commands.view([]));
  });

  it("a carry or saved state stored before the host's seat was recorded has no `hostSeat`: none, as its log marks none", () => {
    const { commands, log } = secondGame();
    const start = log.findLastIndex((entry) => entry.event.type === "started");
    const last = log[log.length - 1];
    const { hostSeat: _carried, ...oldCarry } = commands.carry;
    const fromCarry = new TableFold(headerOf({ players: 2 }));
    fromCarry.resume({ ...oldCarry, seq: last.seq, at: last.at }, log.slice(start));
    expect(fromCarry.hostSeat).toBeNull();
    const { hostSeat: _saved, ...oldState } = JSON.parse(JSON.stringify(commands.saveState()));
    const fromState = new TableFold(headerOf({ players: 2 }));
    expect(fromState.resumeState(oldState, [])).toEqual([]);
    expect(fromState.hostSeat).toBeNull();
    expect(fromState.view([])).toEqual({ ...commands.view([]), hostSeat: null });
  });

  it("a client restored from a snapshot, then folding the events after it, agrees with the server", () => {
    const { commands } = hostedTable();
    const client = new TableFold(headerOf({ players: 3 }));
    client.restore(commands.view([]), 0);
    expect(client.hostSeat).toBe(0);
    for (const entry of commands.swap(hostIn(0), 2, 3)) client.apply(entry);
    expect(client.hostSeat).toBe(2);
    expect(client.view([])).toEqual(commands.view([]));
  });
});
