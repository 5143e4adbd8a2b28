import { describe, expect, it } from "vitest";
import {
  Game,
  holeName,
  type Point,
  parseHole,
  perft,
  readRecord,
  TURN_LIMIT_PER_COLOUR,
  writeRecord,
} from "../../src/rules/index.ts";
import { copy, distance, expectRefused, goalOf, occupants, piecesOf, raceUntil, replay } from "./helpers.ts";

/**
 * Six players. NE and NW close the eleven holes in front of N's point
 * (e5–e9 for its steps, f4–f9 for its jumps) while N shuttles d1–e5–d1 and
 * SE, S and SW shuttle at home; NW's e4-e5 closes the last hole just after
 * N's piece has come back to d1. N, to move, has no legal move.
 */
const N_BLOCKED =
  "d1-e5 e11-e9 j10-i9 n1-m5 j1-i1 f2-f4 e5-d1 f11-f9 i9-j10 m5-n1 i1-j1 f3-f5 d1-e5 e10-e8 j10-i9 n1-m5 " +
  "j1-i1 g1-g3 e5-d1 f10-f8 i9-j10 m5-n1 i1-j1 g2-e6 d1-e5 e13-e11 j10-i9 n1-m5 j1-i1 e1-g1 e5-d1 e12-g8 " +
  "i9-j10 m5-n1 i1-j1 e3-e7 d1-e5 g11-g7 j10-i9 n1-m5 j1-i1 g1-e3 e5-d1 g7-f7 i9-j10 m5-n1 i1-j1 e3-g5 " +
  "d1-e5 h10-f10 j10-i9 n1-m5 j1-i1 g5-f6 e5-d1 g8-e10 i9-j10 m5-n1 i1-j1 e4-e5";

describe("a colour with no legal move passes", () => {
  it("has N blocked in its point, surrounded by NE and NW", () => {
    const game = replay(N_BLOCKED, { players: 6 });
    expect(piecesOf(game, "N")).toBe("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4");
    expect(occupants(game, "e5 e6 e7 e8 e9 f4 f5 f6 f7 f8 f9")).not.toContain(null);
    expect(game.turn?.colour).toBe("N");
    expect(game.legalMoves()).toEqual([]);
    expect(game.mustPass).toBe(true);
  });

  it("plays pass: a turn of its own, written pass, that changes nothing on the board", () => {
    const game = replay(N_BLOCKED, { players: 6 });
    const board = game.board();
    const plies = game.plies;
    expect(game.play("pass", 0)).toEqual({ kind: "pass", player: 0 });
    expect(game.board()).toEqual(board);
    expect(game.plies).toBe(plies + 1);
    expect(game.turn).toEqual({ player: 1, colour: "NE" });
    expect(writeRecord(game)).toMatch(/\d+\. pass\n?/);
    expect(readRecord(writeRecord(game)).game.history).toEqual(game.history);
  });

  it("refuses pass from a side that has a move", () => {
    const game = Game.create({ players: 2 });
    expectRefused(game, () => game.play("pass"), "illegal-move");
    const blocked = replay(`${N_BLOCKED} pass`, { players: 6 });
    expect(blocked.mustPass).toBe(false);
    expectRefused(blocked, () => blocked.play("pass"), "illegal-move");
  });

  it("counts the pass as one move in perft", () => {
    const game = replay(N_BLOCKED, { players: 6 });
    expect(perft(game.searchPosition, 1)).toBe(1);
    const afterPass = copy(game);
    afterPass.play("pass");
    expect(perft(game.searchPosition, 2)).toBe(afterPass.legalMoves().length);
  });
});

describe("resigning: the player's pieces stay, its turns are skipped, it takes no place", () => {
  it("skips a resigned player's colour and keeps its pieces on the board", () => {
    const game = Game.create({ players: 3 });
    const board = game.board();
    expect(game.resign(1)).toEqual({ kind: "resign", player: 1 });
    expect(game.board()).toEqual(board);
    expect(game.turn).toEqual({ player: 0, colour: "N" });
    game.play("d1-e5");
    expect(game.turn).toEqual({ player: 2, colour: "SW" });
    game.play("m4-l4");
    expect(game.turn).toEqual({ player: 0, colour: "N" });
    expect(piecesOf(game, "SE")).toBe("j10 k10 k11 l10 l11 l12 m10 m11 m12 m13");
  });

  it("passes the turn on when the player to move resigns", () => {
    const game = Game.create({ players: 3 });
    game.resign(0);
    expect(game.turn).toEqual({ player: 1, colour: "SE" });
    expect(game.isOver).toBe(false);
  });

  it("ends the game when one player is left, who wins; leavers have no place", () => {
    const game = Game.create({ players: 3 });
    game.resign(1);
    game.play("d1-e5");
    game.resign(2);
    expect(game.isOver).toBe(true);
    expect(game.turn).toBeUndefined();
    expect(game.result()).toEqual({
      reason: "resigned",
      winners: [0],
      standings: [
        { player: 0, place: 1, finished: false, resigned: false, captures: 0 },
        { player: 1, place: null, finished: false, resigned: true, captures: 0 },
        { player: 2, place: null, finished: false, resigned: true, captures: 0 },
      ],
    });
  });

  it("ends a two-player game at once", () => {
    const game = Game.create({ players: 2 });
    game.resign(0);
    expect(game.result()?.reason).toBe("resigned");
    expect(game.result()?.winners).toEqual([1]);
  });

  it("skips every colour of a player with several colours", () => {
    const game = Game.create({ players: 3, colours: 2 });
    game.resign(1); // NE and SW
    const colours: (Point | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      colours.push(game.turn?.colour);
      game.apply({ kind: "path", path: game.legalMoves()[0].path });
    }
    expect(colours).toEqual(["N", "SE", "S", "NW"]);
  });

  it("keeps a team in the game while one partner plays on", () => {
    const game = Game.create({ players: 6, teams: true });
    game.resign(0); // N leaves; S, its partner, plays on
    game.resign(1);
    game.resign(4); // NE and SW: that team is gone
    expect(game.isOver).toBe(false);
    game.resign(2); // SE leaves; NW plays on for its team, S for the other
    expect(game.isOver).toBe(false);
    game.resign(3); // S leaves: only SE+NW is left
    expect(game.result()?.reason).toBe("resigned");
    expect(game.result()?.winners).toEqual([5]);
  });

  it("refuses resigning twice, an unknown player, and resigning after the end", () => {
    const game = Game.create({ players: 3 });
    game.resign(1);
    expectRefused(game, () => game.resign(1), "illegal-move");
    expectRefused(game, () => game.resign(3), "illegal-move");
    expectRefused(game, () => game.resign(-1), "illegal-move");
    game.resign(2);
    expectRefused(game, () => game.resign(0), "game-over");
  });

  it("is a record entry resign(P), not a move: play() refuses it", () => {
    const game = Game.create({ players: 3 });
    expectRefused(game, () => game.play("resign(2)"), "bad-notation");
    game.resign(1);
    expect(writeRecord(game)).toContain("1. resign(2)");
  });
});

/** Each side steps a piece out and back, so that the game goes on without progress. */
function shuttle(game: Game, plies: number): void {
  const out = new Map<Point, [string, string]>();
  for (let i = 0; i < plies && !game.isOver; i++) {
    const colour = game.turn?.colour as Point;
    const back = out.get(colour);
    out.delete(colour);
    if (back && game.occupant(parseHole(back[1])) === colour && game.occupant(parseHole(back[0])) === null) {
      game.play(`${back[1]}-${back[0]}`);
      continue;
    }
    const step = game.legalMoves().find((move) => distance(move.path[0], move.path[1]) === 1);
    if (!step) throw new Error(`${colour} has no step`);
    const action = game.apply({ kind: "path", path: step.path });
    if (action.kind === "move") out.set(colour, [holeName(step.path[0]), holeName(step.path[1])]);
  }
}

describe("no game runs forever: it ends after TURN_LIMIT_PER_COLOUR turns per colour in the game", () => {
  it("allows at least 500 turns per colour", () => {
    expect(TURN_LIMIT_PER_COLOUR).toBeGreaterThanOrEqual(500);
  });

  it("ends a two-player race after 2 × TURN_LIMIT_PER_COLOUR plies; nobody home is a draw", () => {
    const game = Game.create({ players: 2 });
    const limit = 2 * TURN_LIMIT_PER_COLOUR;
    for (let i = 0; i < limit - 1; i++) game.play(i % 4 < 2 ? ["d1-e5", "n1-m5"][i % 2] : ["e5-d1", "m5-n1"][i % 2]);
    expect(game.isOver).toBe(false);
    game.play("m5-n1");
    expect(game.plies).toBe(limit);
    expect(game.result()?.reason).toBe("turn-limit");
    expect(game.result()?.winners).toEqual([0, 1]);
    expectRefused(game, () => game.play("d1-e5"), "game-over");
  });

  it("ranks the unfinished by the pieces they have brought into their goals", () => {
    const game = Game.create({ players: 2 });
    raceUntil(game, (g) => g.plies >= 80);
    const home = (colour: Point) => goalOf(colour).filter((hole) => game.occupant(hole) === colour).length;
    const [north, south] = [home("N"), home("S")];
    expect(north).not.toBe(south);
    shuttle(game, 2 * TURN_LIMIT_PER_COLOUR);
    expect(game.result()?.reason).toBe("turn-limit");
    expect([home("N"), home("S")]).toEqual([north, south]);
    expect(game.result()?.standings.map((s) => s.place)).toEqual(north > south ? [1, 2] : [2, 1]);
  });

  it("counts every colour in the game: 2 players × 2 colours end after 4 × TURN_LIMIT_PER_COLOUR plies", () => {
    const game = Game.create({ players: 2, colours: 2 });
    shuttle(game, 4 * TURN_LIMIT_PER_COLOUR - 1);
    expect(game.isOver).toBe(false);
    shuttle(game, 1);
    expect(game.result()?.reason).toBe("turn-limit");
    expect(game.plies).toBe(4 * TURN_LIMIT_PER_COLOUR);
  });
});
