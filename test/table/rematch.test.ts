/** After a game: the rematch everyone agrees to, the seats of those who left, the running score, trading seats. */
import { describe, expect, it } from "vitest";
import { type TableCommands, TableFold } from "../../src/table/index.ts";
import {
  ALL_CONNECTED,
  expectRefused,
  HOST,
  headerOf,
  NOBODY_CONNECTED,
  newTable,
  playToEnd,
  SPECTATOR,
  seatEveryone,
  seated,
  seatedTable,
  startedTable,
} from "./helpers.ts";

const events = (logged: readonly { event: unknown }[]) => logged.map((entry) => entry.event);

/** A two-player capture game played to its end: quick, and nobody leaves. */
function gameOver(): TableCommands {
  const commands = startedTable({ variant: "capture", players: 2 });
  playToEnd(commands);
  return commands;
}

describe("a rematch starts when every seated player has accepted it", () => {
  it("one acceptance is logged and waits; the last one starts game 2 on the same seats", () => {
    const commands = gameOver();
    expect(events(commands.rematch(seated(0), ALL_CONNECTED, 5))).toEqual([{ type: "rematchAccepted", seats: [0] }]);
    expect(commands.status).toBe("over");
    expect(commands.view(ALL_CONNECTED).seats.map((seat) => seat.rematch)).toEqual([true, false]);
    expect(events(commands.rematch(seated(1), ALL_CONNECTED, 6))).toEqual([
      { type: "rematchAccepted", seats: [1] },
      { type: "started", game: 2, firstPlayer: 0 },
    ]);
    expect(commands.status).toBe("playing");
    expect(commands.names).toEqual(["Player 1", "Player 2"]);
    expect(commands.view(ALL_CONNECTED).seats.map((seat) => seat.rematch)).toEqual([false, false]);
  });

  it("accepting twice logs nothing more", () => {
    const commands = gameOver();
    commands.rematch(seated(0), ALL_CONNECTED, 0);
    expect(commands.rematch(seated(0), ALL_CONNECTED, 0)).toEqual([]);
  });

  it("the host accepts for the seats whose player is gone, not for those still here", () => {
    const commands = gameOver();
    expect(events(commands.rematch(HOST, [true, false], 0))).toEqual([{ type: "rematchAccepted", seats: [1] }]);
    expect(events(commands.rematch(seated(0), ALL_CONNECTED, 0)).at(-1)).toMatchObject({ type: "started", game: 2 });
  });

  it("a seated host accepts for its own seat and for the gone ones at once", () => {
    const commands = gameOver();
    const seatedHost = { seat: 0, host: true };
    expect(events(commands.rematch(seatedHost, [true, false], 0))).toEqual([
      { type: "rematchAccepted", seats: [0, 1] },
      { type: "started", game: 2, firstPlayer: 0 },
    ]);
  });

  it("is refused before the game is over, and to spectators", () => {
    const commands = startedTable();
    expectRefused(commands, () => commands.rematch(seated(0), ALL_CONNECTED, 0), "not-over");
    const over = gameOver();
    expectRefused(over, () => over.rematch(SPECTATOR, ALL_CONNECTED, 0), "not-seated");
  });
});

describe("a player who left the game gives up the seat once the game is over", () => {
  it("the seat stays theirs while the game goes on, then is freed, without the leaver's standing; the rematch waits for a new player", () => {
    const commands = startedTable({ players: 3 });
    commands.leave(seated(2), 0);
    expect(commands.names).toEqual(["Player 1", "Player 2", "Player 3"]);
    const logged = commands.leave(seated(1), 0);
    expect(events(logged).slice(-3)).toEqual([
      expect.objectContaining({ type: "ended" }),
      { type: "unseated", seat: 1, reason: "left" },
      { type: "unseated", seat: 2, reason: "left" },
    ]);
    expect(commands.names).toEqual(["Player 1", null, null]);
    commands.rematch(seated(0), ALL_CONNECTED, 0);
    commands.join(SPECTATOR, 1, "Ben", 0);
    // The newcomer has no part in the game that is over: the leaver's standing is the game's, not the seat's.
    const facts = (seat: number) => {
      const { finished, resigned, place, captures } = commands.view(NOBODY_CONNECTED).seats[seat] ?? {};
      return { finished, resigned, place, captures };
    };
    expect(facts(1)).toEqual({ finished: false, resigned: false, place: null, captures: 0 });
    expect(facts(2)).toEqual({ finished: false, resigned: false, place: null, captures: 0 });
    expect(facts(0)).toEqual({ finished: false, resigned: false, place: 1, captures: 0 });
    expect(commands.result?.standings.map((standing) => standing.resigned)).toEqual([false, true, true]);
    commands.join(SPECTATOR, 2, "Cai", 0);
    commands.rematch(seated(1), ALL_CONNECTED, 0);
    expect(events(commands.rematch(seated(2), ALL_CONNECTED, 0)).at(-1)).toMatchObject({ type: "started", game: 2 });
  });
});

describe("the table keeps a running score: a point for each seat a player finished ahead of", () => {
  it("the winner of two gets 1, the loser 0 (a draw 0 each), and both a game played", () => {
    const commands = gameOver();
    const places = commands.result?.standings.map((standing) => standing.place) ?? [];
    const scores = commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.score);
    const beaten = (seat: number) => ((places[seat] ?? 0) < (places[1 - seat] ?? 0) ? 1 : 0);
    expect(scores).toEqual([0, 1].map((seat) => ({ points: beaten(seat), games: 1 })));
  });

  it("in three players the winner gets 2, the second 1, the last 0, tied places alike; it adds up over games", () => {
    const { commands, log } = newTable({ players: 3 });
    const fold = new TableFold(headerOf({ players: 3 }));
    for (const entry of [...log, ...seatEveryone(commands)]) fold.apply(entry);
    const endWith = (places: number[], seq: number) => {
      const standings = places.map((place, seat) => ({ seat, place, finished: true, resigned: false, captures: 0 }));
      const result = { reason: "finished" as const, winners: [places.indexOf(1)], standings };
      fold.apply({ seq, at: 0, event: { type: "started", game: seq, firstPlayer: 0 } });
      fold.apply({ seq: seq + 1, at: 0, event: { type: "ended", result } });
    };
    endWith([2, 1, 3], 5);
    expect(fold.view(NOBODY_CONNECTED).seats.map((seat) => seat.score.points)).toEqual([1, 2, 0]);
    endWith([1, 2, 2], 7);
    expect(fold.view(NOBODY_CONNECTED).seats.map((seat) => seat.score)).toEqual([
      { points: 3, games: 2 },
      { points: 2, games: 2 },
      { points: 0, games: 2 },
    ]);
  });

  it("a seat's score belongs to its player: a new player starts from nothing", () => {
    const commands = gameOver();
    commands.remove(HOST, 0, 0);
    commands.join(SPECTATOR, 0, "Newcomer", 0);
    expect(commands.view(NOBODY_CONNECTED).seats[0]?.score).toEqual({ points: 0, games: 0 });
  });
});

describe("between games players may trade seats, and with them colours", () => {
  it("moves to a free seat at once", () => {
    const commands = seatedTable({ players: 3 });
    commands.leave(seated(2), 0);
    expect(events(commands.swap(seated(0), 2, 0))).toEqual([{ type: "swapped", seats: [0, 2] }]);
    expect(commands.names).toEqual([null, "Player 2", "Player 1"]);
  });

  it("trades with an occupied seat once both have asked", () => {
    const commands = seatedTable();
    expect(events(commands.swap(seated(0), 1, 0))).toEqual([{ type: "swapOffered", seat: 0, to: 1 }]);
    expect(commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.swapTo)).toEqual([1, null]);
    expect(commands.swap(seated(0), 1, 0)).toEqual([]);
    expect(events(commands.swap(seated(1), 0, 0))).toEqual([{ type: "swapped", seats: [1, 0] }]);
    expect(commands.names).toEqual(["Player 2", "Player 1"]);
    expect(commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.swapTo)).toEqual([null, null]);
  });

  it("scores go with the players; acceptances of a rematch start again", () => {
    const commands = gameOver();
    const before = commands.view(NOBODY_CONNECTED).seats.map((seat) => seat.score);
    commands.rematch(seated(0), ALL_CONNECTED, 0);
    commands.swap(seated(0), 1, 0);
    commands.swap(seated(1), 0, 0);
    const after = commands.view(NOBODY_CONNECTED).seats;
    expect(after.map((seat) => seat.score)).toEqual([before[1], before[0]]);
    expect(after.map((seat) => seat.rematch)).toEqual([false, false]);
  });

  it("is refused during a game, to one's own seat, and to spectators", () => {
    const playing = startedTable();
    expectRefused(playing, () => playing.swap(seated(0), 1, 0), "already-started");
    const waiting = seatedTable();
    expectRefused(waiting, () => waiting.swap(seated(0), 0, 0), "same-seat");
    expectRefused(waiting, () => waiting.swap(seated(0), 2, 0), "no-such-seat");
    expectRefused(waiting, () => waiting.swap(SPECTATOR, 1, 0), "not-seated");
  });
});

describe("between games the host chooses who begins: a seat, or a draw for each game", () => {
  it("the next game begins with the chosen seat; choosing the same again logs nothing", () => {
    const commands = seatedTable({ players: 3 });
    expect(events(commands.chooseFirstPlayer(HOST, 2, 0))).toEqual([{ type: "firstPlayerChosen", firstPlayer: 2 }]);
    expect(commands.chooseFirstPlayer(HOST, 2, 0)).toEqual([]);
    expect(commands.view(NOBODY_CONNECTED).firstPlayer).toBe(2);
    expect(events(commands.start(HOST, 0))).toEqual([{ type: "started", game: 1, firstPlayer: 2 }]);
  });

  it("back to a draw after a game", () => {
    const commands = gameOver();
    commands.chooseFirstPlayer(HOST, null, 0);
    expect(commands.firstPlayer).toBeNull();
  });

  it("only the host, only between games, only a seat of the table", () => {
    const waiting = seatedTable();
    expectRefused(waiting, () => waiting.chooseFirstPlayer(seated(0), 1, 0), "not-host");
    expectRefused(waiting, () => waiting.chooseFirstPlayer(HOST, 2, 0), "no-such-seat");
    const playing = startedTable();
    expectRefused(playing, () => playing.chooseFirstPlayer(HOST, 1, 0), "already-started");
  });
});
