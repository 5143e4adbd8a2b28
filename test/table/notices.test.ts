/** Which players a commit owes a notification, and whether it still is due when its time comes. */
import { describe, expect, it } from "vitest";
import { noticesOf, stillDue, type TableCommands } from "../../src/table/index.ts";
import {
  ALL_CONNECTED,
  firstMove,
  HOST,
  newTable,
  playToEnd,
  SPECTATOR,
  seatEveryone,
  seated,
  startedTable,
} from "./helpers.ts";

const TWO = { variant: "capture", players: 2 } as const;

function movedOnce(settings: Parameters<typeof startedTable>[0] = TWO): {
  commands: TableCommands;
  logged: ReturnType<TableCommands["move"]>;
  path: string;
} {
  const commands = startedTable(settings);
  const path = firstMove(commands);
  return { commands, logged: commands.move(seated(0), path, 1_000), path };
}

describe("the turn passing to a player owes that player a 'your turn' notice", () => {
  it("after a move: the next player, with the move, who played it, and the table", () => {
    const { commands, logged, path } = movedOnce();
    expect(noticesOf(logged, commands)).toEqual([
      {
        seat: 1,
        kind: "turn",
        key: "turn:1:1",
        notice: {
          v: 1,
          kind: "turn",
          url: "/t/AAAAAAAAAAAAAAAA",
          table: "AAAAAAAAAAAAAAAA",
          players: ["Player 1", "Player 2"],
          seat: 1,
          move: { by: "Player 1", path },
          deadline: null,
          at: 1_000,
        },
      },
    ]);
  });

  it("when the game starts: the first player, with no move before it", () => {
    const { commands } = newTable(TWO);
    seatEveryone(commands);
    const owed = noticesOf(commands.start(HOST, 500), commands);
    expect(owed.map(({ seat, kind, key }) => ({ seat, kind, key }))).toEqual([
      { seat: 0, kind: "turn", key: "turn:1:0" },
    ]);
    expect(owed[0]?.notice.move).toBeUndefined();
  });

  it("a turn clock's deadline goes with it", () => {
    const { commands, logged } = movedOnce({ ...TWO, clock: { kind: "move", seconds: 86_400 } });
    expect(noticesOf(logged, commands)[0]?.notice.deadline).toBe(commands.deadline);
    expect(commands.deadline).toBe(1_000 + 86_400_000);
  });

  it("nothing for a seat the computer plays", () => {
    const { commands } = newTable(TWO);
    commands.join(SPECTATOR, 0, "Aino", 0);
    commands.addComputer(HOST, 1, "easy", 0);
    commands.start(HOST, 0);
    expect(noticesOf(commands.move(seated(0), firstMove(commands), 1), commands)).toEqual([]);
  });

  it("nothing for entries that do not pass the turn (a join)", () => {
    const { commands } = newTable(TWO);
    expect(noticesOf(commands.join(SPECTATOR, 0, "Aino", 0), commands)).toEqual([]);
  });
});

describe("a 'your turn' notice is still due only while that turn is being played", () => {
  it("due until the player moves; then not", () => {
    const { commands, logged } = movedOnce();
    const [owed] = noticesOf(logged, commands);
    expect(stillDue(commands, 1, "turn", owed?.key as string)).toBe(true);
    commands.move(seated(1), firstMove(commands), 2_000);
    expect(stillDue(commands, 1, "turn", owed?.key as string)).toBe(false);
  });

  it("not due once the seat is freed", () => {
    const { commands, logged } = movedOnce({ variant: "capture", players: 3 });
    const [owed] = noticesOf(logged, commands);
    commands.leave(seated(1), 2_000);
    expect(stillDue(commands, 1, "turn", owed?.key as string)).toBe(false);
  });
});

describe("the end of a game owes every player a notice, with their place", () => {
  it("both players of a finished two-player game, once", () => {
    const commands = startedTable(TWO);
    const logged = playToEnd(commands);
    const ended = noticesOf(logged, commands).filter((owed) => owed.kind === "ended");
    const places = commands.result?.standings.map((standing) => standing.place);
    expect(ended.map(({ seat, key, notice }) => ({ seat, key, place: notice.place }))).toEqual([
      { seat: 0, key: "ended:1", place: places?.[0] },
      { seat: 1, key: "ended:1", place: places?.[1] },
    ]);
    expect(stillDue(commands, 0, "ended", "ended:1")).toBe(true);
  });
});

describe("a notice names the game's players as the snapshot does: a player who left keeps their name", () => {
  it("the winner of a two-player game the other left hears it ended, naming the leaver", () => {
    const commands = startedTable(TWO);
    const logged = commands.leave(seated(1), 2_000);
    expect(commands.names).toEqual(["Player 1", null]);
    expect(commands.view(ALL_CONNECTED).game?.players).toEqual(["Player 1", "Player 2"]);
    expect(noticesOf(logged, commands)).toEqual([
      {
        seat: 0,
        kind: "ended",
        key: "ended:1",
        notice: {
          v: 1,
          kind: "ended",
          url: "/t/AAAAAAAAAAAAAAAA",
          table: "AAAAAAAAAAAAAAAA",
          players: ["Player 1", "Player 2"],
          seat: 0,
          place: 1,
          at: 2_000,
        },
      },
    ]);
  });

  it("a three-player game two left in turn: the one who stays hears it ended, naming all three", () => {
    const commands = startedTable({ variant: "capture", players: 3 });
    const first = commands.leave(seated(2), 1_500);
    expect(noticesOf(first, commands)).toEqual([]);
    const logged = commands.leave(seated(1), 2_000);
    expect(commands.names).toEqual(["Player 1", null, null]);
    const owed = noticesOf(logged, commands).map(({ seat, kind, notice }) => ({
      seat,
      kind,
      place: notice.place,
      players: notice.players,
    }));
    expect(owed).toEqual([{ seat: 0, kind: "ended", place: 1, players: ["Player 1", "Player 2", "Player 3"] }]);
  });

  it("a rematch names the players seated for it: a seat freed is null", () => {
    const commands = startedTable(TWO);
    commands.leave(seated(1), 2_000);
    commands.join(SPECTATOR, 1, "Comeback", 3_000);
    const owed = noticesOf(commands.rematch(seated(1), ALL_CONNECTED, 4_000), commands);
    expect(owed.map(({ seat, kind, notice }) => ({ seat, kind, by: notice.by, players: notice.players }))).toEqual([
      { seat: 0, kind: "rematch", by: "Comeback", players: ["Player 1", "Comeback"] },
    ]);
  });
});

describe("a rematch offered owes the players who have not accepted it a notice", () => {
  it("the other player, naming who offered; no longer due once they accept", () => {
    const commands = startedTable(TWO);
    playToEnd(commands);
    const owed = noticesOf(commands.rematch(seated(0), ALL_CONNECTED, 5), commands);
    expect(owed.map(({ seat, kind, key, notice }) => ({ seat, kind, key, by: notice.by }))).toEqual([
      { seat: 1, kind: "rematch", key: "rematch:1", by: "Player 1" },
    ]);
    expect(stillDue(commands, 1, "rematch", "rematch:1")).toBe(true);
    commands.rematch(seated(1), ALL_CONNECTED, 6);
    expect(stillDue(commands, 1, "rematch", "rematch:1")).toBe(false);
  });
});
