/** The turn clock: per move or a time bank with increment; a turn whose time runs out is played for the player. */
import { describe, expect, it } from "vitest";
import type { TableSettings } from "../../src/protocol/index.ts";
import { COMPUTER_DELAY_MS, type LoggedEvent, TIMEOUTS_BEFORE_AWAY } from "../../src/table/index.ts";
import { expectRefused, firstMove, HOST, NOBODY_CONNECTED, seated, seatedTable } from "./helpers.ts";

const MINUTE = 60_000;
const PER_MOVE: Partial<TableSettings> = { players: 3, clock: { kind: "move", seconds: 60 } };
const events = (logged: readonly LoggedEvent[]) => logged.map((entry) => entry.event);

describe("a per-move clock gives every turn the same time", () => {
  it("runs from the moment the turn began", () => {
    const commands = seatedTable(PER_MOVE, 1);
    commands.start(HOST, 1_000);
    expect(commands.deadline).toBe(1_000 + MINUTE);
    commands.move(seated(1), firstMove(commands), 20_000);
    expect(commands.deadline).toBe(20_000 + MINUTE);
  });
});

describe("when a turn's time runs out, the table plays it for the player and says so", () => {
  it("does nothing before the deadline; at it, plays a legal move marked `by: timeout`", () => {
    const commands = seatedTable(PER_MOVE, 1);
    commands.start(HOST, 1_000);
    expect(commands.tick(MINUTE)).toEqual([]);
    const [played] = commands.tick(1_000 + MINUTE);
    expect(played?.event).toMatchObject({ type: "moved", seat: 1, by: "timeout" });
    expect(commands.moves).toHaveLength(1);
    expect(commands.turn?.seat).toBe(2);
    expect(commands.view(NOBODY_CONNECTED).seats[1]).toMatchObject({ timeouts: 1, away: false, resigned: false });
    expect(commands.deadline).toBe(1_000 + 2 * MINUTE);
  });

  it(`after ${TIMEOUTS_BEFORE_AWAY} in a row the seat counts as away, and the computer plays it without waiting`, () => {
    const commands = seatedTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    commands.start(HOST, 0);
    let now = 0;
    const timeOut = () => {
      now = commands.deadline ?? 0;
      return events(commands.tick(now));
    };
    for (let turn = 1; turn < 2 * TIMEOUTS_BEFORE_AWAY - 1; turn++) timeOut();
    // Seat 0 has timed out twice, seat 1 twice: the third of seat 0 makes it away.
    expect(timeOut()).toEqual([
      expect.objectContaining({ type: "moved", seat: 0, by: "timeout" }),
      { type: "away", seat: 0, reason: "timeouts" },
    ]);
    expect(commands.isAway(0)).toBe(true);
    commands.move(seated(1), firstMove(commands), now + 1_000);
    expect(commands.alarmAt(Number.MAX_SAFE_INTEGER)).toBe(now + 1_000 + COMPUTER_DELAY_MS);
    expect(commands.tick(now + 1_000 + COMPUTER_DELAY_MS - 1)).toEqual([]);
    expect(events(commands.tick(now + 1_000 + COMPUTER_DELAY_MS))).toEqual([
      expect.objectContaining({ type: "moved", seat: 0, by: "computer" }),
    ]);
  });

  it("a move of the player's own starts the count again", () => {
    const commands = seatedTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    commands.start(HOST, 0);
    commands.tick(MINUTE); // seat 0 times out
    commands.move(seated(1), firstMove(commands), MINUTE);
    expect(commands.timeoutsOf(0)).toBe(1);
    commands.move(seated(0), firstMove(commands), MINUTE);
    expect(commands.timeoutsOf(0)).toBe(0);
  });
});

describe("a player comes back and takes the seat back from the computer", () => {
  function awayTable() {
    const commands = seatedTable({ players: 2, clock: { kind: "move", seconds: 60 } });
    commands.start(HOST, 0);
    while (!commands.isAway(0)) commands.tick(commands.deadline ?? 0);
    return commands;
  }

  it("by moving on its turn: `back`, then the move", () => {
    const commands = awayTable();
    commands.move(seated(1), firstMove(commands), 0);
    const move = firstMove(commands);
    expect(events(commands.move(seated(0), move, 0))).toEqual([
      { type: "back", seat: 0 },
      { type: "moved", seat: 0, path: move },
    ]);
    expect(commands.view(NOBODY_CONNECTED).seats[0]).toMatchObject({ away: false, timeouts: 0 });
  });

  it("or by asking for it at any time; only an away seat may", () => {
    const commands = awayTable();
    expect(events(commands.back(seated(0), 0))).toEqual([{ type: "back", seat: 0 }]);
    expectRefused(commands, () => commands.back(seated(0), 0), "not-away");
    expectRefused(commands, () => commands.back(seated(1), 0), "not-away");
  });
});

describe("a time bank: each seat spends its own time and earns the increment with each move", () => {
  const BANK: Partial<TableSettings> = { players: 2, clock: { kind: "bank", seconds: 300, increment: 5 } };

  it("the turn may take what is in the bank; a move spends what it took and adds the increment", () => {
    const commands = seatedTable(BANK);
    commands.start(HOST, 0);
    expect(commands.deadline).toBe(300_000);
    commands.move(seated(0), firstMove(commands), 40_000);
    expect(commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.bank)).toEqual([265_000, 300_000]);
    expect(commands.deadline).toBe(40_000 + 300_000);
    commands.move(seated(1), firstMove(commands), 50_000);
    expect(commands.deadline).toBe(50_000 + 265_000);
  });

  it("an empty bank still leaves 10 seconds for a turn", () => {
    const commands = seatedTable({ players: 2, clock: { kind: "bank", seconds: 60, increment: 0 } });
    commands.start(HOST, 0);
    commands.tick(60_000); // seat 0's bank runs out: the table plays the turn
    commands.move(seated(1), firstMove(commands), 60_000);
    expect(commands.view(NOBODY_CONNECTED).seats[0]?.bank).toBe(0);
    expect(commands.deadline).toBe(70_000);
  });

  it("a table without a clock has no deadline and nothing to tick", () => {
    const commands = seatedTable();
    commands.start(HOST, 1_000);
    expect(commands.deadline).toBeNull();
    expect(commands.alarmAt(MINUTE)).toBe(1_000 + MINUTE);
    expect(commands.tick(Number.MAX_SAFE_INTEGER)).toEqual([]);
  });
});

describe("the table wakes for the clock, the computer's turn, or deletion when idle", () => {
  it("wakes at the deadline, or when the table has been idle long enough", () => {
    const idle = 30 * 86_400_000;
    const clocked = seatedTable({ clock: { kind: "move", seconds: 60 } });
    clocked.start(HOST, 1_000);
    expect(clocked.alarmAt(idle)).toBe(61_000);
    const unclocked = seatedTable();
    unclocked.start(HOST, 1_000);
    expect(unclocked.alarmAt(idle)).toBe(1_000 + idle);
    expect(unclocked.isIdle(1_000 + idle - 1, idle)).toBe(false);
    expect(unclocked.isIdle(1_000 + idle, idle)).toBe(true);
  });
});
