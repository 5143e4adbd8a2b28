/**
 * The table's commands, one rule each: who may do what, when, and what the
 * log says afterwards. Every refusal carries its code and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { TableSettingsSchema } from "../../src/protocol/index.ts";
import * as v from "../../src/protocol/schema.ts";
import {
  checkTableSettings,
  type LoggedEvent,
  type RequestType,
  TableCommands,
  TableError,
} from "../../src/table/index.ts";
import {
  clientMessageTypes,
  expectRefused,
  firstMove,
  HOST,
  headerOf,
  legalMoves,
  NOBODY_CONNECTED,
  SPECTATOR,
  seated,
  seatedTable,
  startedTable,
  table,
} from "./helpers.ts";

const types = (events: readonly LoggedEvent[]) => events.map((entry) => entry.event.type);

describe("who may send each request, whatever the table's state", () => {
  it("moves and leaving are for seated players, removing and starting for the host, a rematch for either", () => {
    const commands = seatedTable();
    for (const type of ["move", "leave"] as const) {
      expectRefused(commands, () => commands.authorize(SPECTATOR, type), "not-seated");
      expectRefused(commands, () => commands.authorize(HOST, type), "not-seated");
      commands.authorize(seated(0), type);
    }
    for (const type of ["remove", "start"] as const) {
      expectRefused(commands, () => commands.authorize(seated(0), type), "not-host");
      commands.authorize(HOST, type);
    }
    expectRefused(commands, () => commands.authorize(SPECTATOR, "rematch"), "not-seated");
    commands.authorize(HOST, "rematch");
    commands.authorize(seated(1), "rematch");
  });

  it("a seat's hand-over code is its player's to ask for: not a spectator's, not a host's without a seat", () => {
    const commands = seatedTable();
    expectRefused(commands, () => commands.authorize(SPECTATOR, "handover"), "not-seated");
    expectRefused(commands, () => commands.authorize(HOST, "handover"), "not-seated");
    commands.authorize(seated(1), "handover");
    commands.authorize({ seat: 0, host: true }, "handover");
  });

  it("every request the protocol defines is someone's, and none but chat and reactions is a spectator's", () => {
    const commands = seatedTable();
    const requests = clientMessageTypes().filter((type) => !["hello", "sync", "join"].includes(type));
    expect(requests).toHaveLength(19);
    // Who may chat is the host's chat policy's to say (test/table/chat.test.ts): the table lets anyone ask.
    const anyones = ["chat", "react"];
    for (const type of anyones as RequestType[]) expect(() => commands.authorize(SPECTATOR, type), type).not.toThrow();
    for (const type of requests.filter((type) => !anyones.includes(type)) as RequestType[]) {
      expect(() => commands.authorize(SPECTATOR, type), type).toThrow(TableError);
      const allowed = [seated(0), HOST].filter((who) => {
        try {
          commands.authorize(who, type);
          return true;
        } catch {
          return false;
        }
      });
      expect(allowed, type).not.toEqual([]);
    }
  });

  it("fails closed: a request type the table has no rule for is refused to everyone, the host and the seated too", () => {
    const commands = seatedTable();
    const unknown = "resign" as RequestType;
    for (const who of [SPECTATOR, HOST, seated(0), { seat: 0, host: true }]) {
      expectRefused(commands, () => commands.authorize(who, unknown), "unknown-type");
    }
  });
});

describe("a request belongs to the game its events belong to", () => {
  it("a start or rematch to the game it starts, anything else to the current game", () => {
    const commands = seatedTable();
    expect(commands.gameOfRequest("start")).toBe(1);
    expect(commands.gameOfRequest("leave")).toBe(0);
    commands.start(HOST, 0);
    expect(commands.gameOfRequest("start")).toBe(1);
    expect(commands.gameOfRequest("move")).toBe(1);
    commands.leave(seated(0), 0);
    expect(commands.gameOfRequest("rematch")).toBe(2);
    commands.join(SPECTATOR, 0, "Aino", 0);
    commands.rematch(HOST, NOBODY_CONNECTED, 0);
    expect(commands.gameOfRequest("rematch")).toBe(2);
  });
});

describe("a new table's log starts with `created`, its settings and its clock", () => {
  it("numbers it 1 and dates it at the table's creation", () => {
    const header = headerOf({ players: 3, clock: { kind: "move", seconds: 60 } }, 42);
    const commands = new TableCommands(header, { drawFirstPlayer: () => 0 });
    const clock = { kind: "move", seconds: 60 };
    expect(commands.create()).toEqual([
      {
        seq: 1,
        at: 42,
        event: { type: "created", settings: header.settings, clock, firstPlayer: null, startWhenFull: false },
      },
    ]);
  });

  it("refuses settings the rules do not define, naming the field", () => {
    const settings = v.parse(TableSettingsSchema, { players: 5, colours: 1 });
    expect(() => checkTableSettings(settings)).toThrow(
      expect.objectContaining({ code: "invalid-settings", field: "players" }),
    );
  });
});

describe("a visitor takes a free seat under a name", () => {
  it("is seated under the trimmed name, numbered and timed", () => {
    const commands = table();
    expect(commands.join(SPECTATOR, 1, "  Aino  ", 7)).toEqual([
      { seq: 2, at: 7, event: { type: "seated", seat: 1, name: "Aino" } },
    ]);
    expect(commands.names).toEqual([null, "Aino"]);
  });

  it("needs a name with a character, of at most 24, without control characters", () => {
    const commands = table();
    expectRefused(commands, () => commands.join(SPECTATOR, 0, "   ", 0), "bad-name");
    expectRefused(commands, () => commands.join(SPECTATOR, 0, "x".repeat(25), 0), "bad-name");
    expectRefused(commands, () => commands.join(SPECTATOR, 0, "a\u0007b", 0), "bad-name");
  });

  it("takes only a seat of this table that is free, one per connection", () => {
    const commands = table();
    commands.join(SPECTATOR, 0, "Aino", 0);
    expectRefused(commands, () => commands.join(SPECTATOR, 0, "Bjørn", 0), "seat-taken");
    expectRefused(commands, () => commands.join(SPECTATOR, 2, "Bjørn", 0), "no-such-seat");
    expectRefused(commands, () => commands.join(SPECTATOR, -1, "Bjørn", 0), "no-such-seat");
    expectRefused(commands, () => commands.join(seated(0), 1, "Aino again", 0), "already-seated");
  });

  it("cannot sit down during a game", () => {
    const commands = startedTable();
    commands.leave(seated(1), 0); // a two-player game ends when one leaves…
    expect(commands.status).toBe("over");
    const playing = startedTable({ players: 3 });
    playing.leave(seated(2), 0); // …a three-player game goes on, and the seat stays taken
    expectRefused(playing, () => playing.join(SPECTATOR, 2, "Cecilia", 0), "already-started");
  });
});

describe("a player leaves: before a game the seat is freed, during one the player resigns", () => {
  it("frees the seat before the game", () => {
    const commands = seatedTable();
    expect(commands.leave(seated(1), 3)).toEqual([
      { seq: 4, at: 3, event: { type: "unseated", seat: 1, reason: "left" } },
    ]);
    expect(commands.names).toEqual(["Player 1", null]);
  });

  it("resigns during a game: the seat stays, the pieces leave the board, the turns are skipped, it ranks last", () => {
    const commands = startedTable({ players: 3 });
    const events = commands.leave(seated(1), 0);
    expect(events.map((entry) => entry.event)).toEqual([{ type: "resigned", seat: 1, reason: "left" }]);
    expect(commands.names[1]).toBe("Player 2");
    expect(commands.seatViews([])[1]).toMatchObject({ colours: [], resigned: true, place: 3 });
    expect(new Set(Object.values(commands.pieces))).toEqual(new Set(["N", "SW"]));
    commands.move(seated(0), "d1-e5", 0);
    expect(commands.turn).toEqual({ seat: 2, colour: "SW" });
  });

  it("a player who has left the game, or was counted out, cannot leave it again: already-left", () => {
    const commands = startedTable({ players: 3 });
    commands.leave(seated(1), 0);
    expectRefused(commands, () => commands.leave(seated(1), 0), "already-left");
  });

  it("with teams, the partner takes over the leaver's colour: its seat shows it, and moves it", () => {
    const commands = startedTable({ players: 6, teams: true });
    commands.leave(seated(0), 0); // N leaves on its turn; S, its partner, plays on for both
    expect(commands.seatViews([]).map((seat) => seat.colours)).toEqual([
      [],
      ["NE"],
      ["SE"],
      ["N", "S"],
      ["SW"],
      ["NW"],
    ]);
    expect(commands.turn).toEqual({ seat: 3, colour: "N" });
    commands.move(seated(3), "d1-e5", 0);
    expect(commands.turn).toEqual({ seat: 1, colour: "NE" });
  });

  it("ends a two-player game at once, with the other player first; then the leaver's seat is free", () => {
    const commands = startedTable();
    const events = commands.leave(seated(0), 0);
    expect(types(events)).toEqual(["resigned", "ended", "unseated"]);
    expect(commands.names).toEqual([null, "Player 2"]);
    expect(commands.result?.winners).toEqual([1]);
    expect(commands.ended).toBe(true);
  });

  it("is for seated players only", () => {
    const commands = seatedTable();
    expectRefused(commands, () => commands.leave(SPECTATOR, 0), "not-seated");
    expectRefused(commands, () => commands.leave(HOST, 0), "not-seated");
  });
});

describe("the host removes a player outside a game", () => {
  it("frees the seat", () => {
    const commands = seatedTable();
    expect(commands.remove(HOST, 0, 0).map((entry) => entry.event)).toEqual([
      { type: "unseated", seat: 0, reason: "removed" },
    ]);
  });

  it("only the host, only a taken seat of this table, never during a game", () => {
    const commands = seatedTable();
    expectRefused(commands, () => commands.remove(seated(1), 0, 0), "not-host");
    expectRefused(commands, () => commands.remove(HOST, 5, 0), "no-such-seat");
    expectRefused(commands, () => commands.remove(HOST, 2, 0), "no-such-seat");
    commands.remove(HOST, 1, 0);
    expectRefused(commands, () => commands.remove(HOST, 1, 0), "no-such-seat");
    const playing = startedTable({ players: 3 });
    expectRefused(playing, () => playing.remove(HOST, 0, 0), "already-started");
  });

  it("may remove a player after a game, before the rematch", () => {
    const commands = startedTable({ players: 3 });
    commands.leave(seated(1), 0);
    commands.leave(seated(2), 0);
    expect(types(commands.remove(HOST, 0, 0))).toEqual(["unseated"]);
    expect(commands.names).toEqual([null, null, null]);
  });
});

describe("the host starts the first game once every seat is taken", () => {
  it("starts game 1 with the drawn first player to move", () => {
    const commands = seatedTable({ players: 3 }, 2);
    expect(commands.start(HOST, 5).map((entry) => entry.event)).toEqual([{ type: "started", game: 1, firstPlayer: 2 }]);
    expect(commands.turn?.seat).toBe(2);
    expect(commands.status).toBe("playing");
  });

  it("draws the first player among this table's players", () => {
    const asked: number[] = [];
    const header = headerOf({ players: 4 });
    const commands = new TableCommands(header, {
      drawFirstPlayer: (players) => {
        asked.push(players);
        return 3;
      },
    });
    for (let seat = 0; seat < 4; seat++) commands.join(SPECTATOR, seat, `P${seat}`, 0);
    commands.start(HOST, 0);
    expect(asked).toEqual([4]);
  });

  it("only the host, only with every seat taken, only once", () => {
    const waiting = table();
    waiting.join(SPECTATOR, 0, "Aino", 0);
    expectRefused(waiting, () => waiting.start(HOST, 0), "seats-not-filled");
    const commands = seatedTable();
    expectRefused(commands, () => commands.start(seated(0), 0), "not-host");
    commands.start(HOST, 0);
    expectRefused(commands, () => commands.start(HOST, 0), "already-started");
  });
});

describe("a table made to start when full starts its first game as the last seat is taken", () => {
  it("the last player to sit starts it: no host is needed", () => {
    const commands = table({ players: 3, startWhenFull: true }, 1);
    expect(commands.join(SPECTATOR, 0, "Aino", 0).map((entry) => entry.event.type)).toEqual(["seated"]);
    commands.join(SPECTATOR, 2, "Cai", 0);
    expect(commands.join(SPECTATOR, 1, "Bo", 7).map((entry) => entry.event)).toEqual([
      { type: "seated", seat: 1, name: "Bo" },
      { type: "started", game: 1, firstPlayer: 1 },
    ]);
    expect(commands.status).toBe("playing");
  });

  it("a computer player seated last starts it too; the next games wait for every seat's rematch as ever", () => {
    const commands = table({ players: 2, startWhenFull: true });
    commands.join(SPECTATOR, 0, "Aino", 0);
    expect(commands.addComputer(HOST, 1, "easy", 0).map((entry) => entry.event.type)).toEqual(["seated", "started"]);
    commands.leave(seated(0), 0);
    expect(commands.status).toBe("over");
    expect(commands.join(SPECTATOR, 0, "Bo", 0).map((entry) => entry.event.type)).toEqual(["seated"]);
    expect(commands.status).toBe("over");
  });

  it("says so in its first event and its snapshot; a table made without it waits for its host", () => {
    expect(table({ startWhenFull: true }).create()[0].event).toMatchObject({ type: "created", startWhenFull: true });
    expect(table({ startWhenFull: true }).view([]).startWhenFull).toBe(true);
    const hosted = seatedTable();
    expect(hosted.status).toBe("waiting");
    expect(hosted.view([]).startWhenFull).toBe(false);
  });
});

describe("who begins is chosen: the table's first player, or a draw when it leaves it to chance", () => {
  it("a chosen seat begins every game, the rematch too, and the draw is never asked", () => {
    const header = headerOf({ players: 3, firstPlayer: 2 });
    const draw = () => {
      throw new Error("the table chose who begins: nothing is drawn");
    };
    const commands = new TableCommands(header, { drawFirstPlayer: draw });
    expect(commands.create()[0].event).toMatchObject({ type: "created", firstPlayer: 2 });
    for (let seat = 0; seat < 3; seat++) commands.join(SPECTATOR, seat, `P${seat}`, 0);
    expect(commands.start(HOST, 0)[0].event).toEqual({ type: "started", game: 1, firstPlayer: 2 });
    expect(commands.turn?.seat).toBe(2);
    commands.leave(seated(0), 0);
    commands.leave(seated(1), 0);
    commands.join(SPECTATOR, 0, "P0", 0);
    commands.join(SPECTATOR, 1, "P1", 0);
    expect(commands.rematch(HOST, NOBODY_CONNECTED, 0).at(-1)?.event).toEqual({
      type: "started",
      game: 2,
      firstPlayer: 2,
    });
    expect(commands.view([]).firstPlayer).toBe(2);
  });

  it("works the same in the capture variant", () => {
    const commands = startedTable({ variant: "capture", players: 4, firstPlayer: 3 }, 0);
    expect(commands.turn?.seat).toBe(3);
  });

  it("refuses a first player who is not one of the table's seats, naming the field", () => {
    expect(() => headerOf({ players: 2, firstPlayer: 2 })).toThrow(
      expect.objectContaining({ code: "invalid-settings", field: "firstPlayer" }),
    );
  });
});

describe("a seated player moves on its turn, as the rules allow", () => {
  it("logs the move with every landing of its path", () => {
    const commands = startedTable();
    const move = firstMove(commands);
    const events = commands.move(seated(0), move, 11);
    expect(events).toEqual([{ seq: 5, at: 11, event: { type: "moved", seat: 0, path: move } }]);
    expect(commands.moves).toEqual([move]);
    expect(commands.turn?.seat).toBe(1);
  });

  it("completes a chain given by its ends into its landings", () => {
    const commands = startedTable();
    const chainOf = () => legalMoves(commands).find((move) => move.split("-").length > 2);
    while (!chainOf()) commands.move(seated(commands.turn?.seat ?? 0), firstMove(commands), 0);
    const chain = chainOf() as string;
    const landings = chain.split("-");
    const [moved] = commands.move(seated(commands.turn?.seat ?? 0), `${landings[0]}-${landings.at(-1)}`, 0);
    expect(moved.event).toMatchObject({ type: "moved", path: chain });
  });

  it("refuses spectators, moves before the start, out of turn, illegal or malformed ones, and passes", () => {
    const waiting = seatedTable();
    expectRefused(waiting, () => waiting.move(seated(0), "c1-d1", 0), "not-started");
    const commands = startedTable();
    const move = firstMove(commands);
    expectRefused(commands, () => commands.move(SPECTATOR, move, 0), "not-seated");
    expectRefused(commands, () => commands.move(seated(1), move, 0), "not-your-turn");
    expectRefused(commands, () => commands.move(seated(0), "a1-i5", 0), "illegal-move");
    expectRefused(commands, () => commands.move(seated(0), "z9-a1", 0), "bad-notation");
    expectRefused(commands, () => commands.move(seated(0), "pass", 0), "illegal-move");
  });

  it("refuses moves once the game is over", () => {
    const commands = startedTable();
    const move = firstMove(commands);
    commands.leave(seated(1), 0);
    expectRefused(commands, () => commands.move(seated(0), move, 0), "game-over");
  });
});

describe("the log passes for a side with no move and ends the game by itself", () => {
  it("plays a capture game to its end with passes and `ended` in the log", () => {
    const commands = startedTable({ variant: "capture", players: 2 });
    const logged: LoggedEvent[] = [];
    while (commands.status === "playing") {
      const turn = commands.turn?.seat ?? 0;
      logged.push(...commands.move(seated(turn), firstMove(commands), 0));
    }
    const last = logged.at(-1)?.event;
    expect(last?.type).toBe("ended");
    expect(last?.type === "ended" && last.result.reason).toBe("no-jumps");
    expect(logged.map((entry) => entry.seq)).toEqual(logged.map((_, i) => 5 + i));
    expect(types(logged).filter((type) => type === "ended")).toHaveLength(1);
  });
});
