import { describe, expect, it } from "vitest";
import {
  Game,
  holeName,
  POINT_HOLES,
  type Point,
  parseHole,
  perft,
  readRecord,
  TURN_LIMIT_PER_COLOUR,
  writeRecord,
} from "../../src/rules/index.ts";
import {
  copy,
  distance,
  expectRefused,
  goalOf,
  N_BLOCKED,
  names,
  occupants,
  pieceCounts,
  piecesOf,
  raceUntil,
  replay,
} from "./helpers.ts";

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

describe("leaving: a player who leaves must not block anyone", () => {
  it("in the race the leaver's pieces leave the board and its turns are skipped", () => {
    const game = Game.create({ players: 3 });
    expect(game.resign(1)).toEqual({ kind: "resign", player: 1 });
    expect(piecesOf(game, "SE")).toBe("");
    expect(pieceCounts(game)).toEqual({ N: 10, SW: 10 });
    expect(game.playerColours).toEqual([["N"], [], ["SW"]]);
    expect(game.turn).toEqual({ player: 0, colour: "N" });
    game.play("d1-e5");
    expect(game.turn).toEqual({ player: 2, colour: "SW" });
    game.play("m4-l4");
    expect(game.turn).toEqual({ player: 0, colour: "N" });
  });

  it("passes the turn on when the player to move leaves", () => {
    const game = Game.create({ players: 3 });
    game.resign(0);
    expect(game.turn).toEqual({ player: 1, colour: "SE" });
    expect(game.isOver).toBe(false);
  });

  it("six players: S leaving before it moves frees N's goal, and N can finish", () => {
    const game = Game.create({ players: 6 });
    game.resign(3);
    expect(occupants(game, names(POINT_HOLES.S))).toEqual(Array(10).fill(null));
    raceUntil(game, (g) => g.standings()[0].finished);
    expect(game.standings()[0]).toMatchObject({ place: 4, finished: true }); // fourth, as the test racer plays
  });

  it("four players: the colour opposite a leaver can finish", () => {
    const game = Game.create({ players: 4 });
    game.resign(0); // NE, whose point is SW's goal
    expect(occupants(game, names(POINT_HOLES.NE))).toEqual(Array(10).fill(null));
    raceUntil(game, (g) => g.standings()[2].finished);
    expect(game.standings()[2]).toMatchObject({ place: 1, finished: true });
  });

  it("takes every colour of a player with several colours off the board", () => {
    const game = Game.create({ players: 3, colours: 2 });
    game.resign(1); // NE and SW
    expect(pieceCounts(game)).toEqual({ N: 10, SE: 10, S: 10, NW: 10 });
    const colours: (Point | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      colours.push(game.turn?.colour);
      game.apply({ kind: "path", path: game.legalMoves()[0].path });
    }
    expect(colours).toEqual(["N", "SE", "S", "NW"]);
  });

  it("teams: the partner who stays takes over the leaver's colour, turns and all, and the team can still finish", () => {
    const game = Game.create({ players: 6, teams: true });
    game.resign(0); // N leaves when its colour is to move; S, its partner, plays on for both
    expect(game.playerColours).toEqual([[], ["NE"], ["SE"], ["N", "S"], ["SW"], ["NW"]]);
    expect(piecesOf(game, "N")).toBe("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4");
    expect(game.turn).toEqual({ player: 3, colour: "N" });
    game.play("d1-e5", 3);
    expect(game.turn).toEqual({ player: 1, colour: "NE" });
    raceUntil(game, (g) => g.standings()[3].finished);
    // The team finishes as a team: the leaver shares its place.
    const [n, , , s] = game.standings();
    expect(s).toMatchObject({ finished: true, resigned: false });
    expect(n).toMatchObject({ place: s.place, finished: true, resigned: true });
  });

  it("teams: when both partners have left, their colours leave the board", () => {
    const game = Game.create({ players: 6, teams: true });
    game.resign(0);
    expect(game.isOver).toBe(false);
    game.resign(3);
    expect(pieceCounts(game)).toEqual({ NE: 10, SE: 10, SW: 10, NW: 10 });
    expect(game.playerColours).toEqual([[], ["NE"], ["SE"], [], ["SW"], ["NW"]]);
    expect(game.turn).toEqual({ player: 1, colour: "NE" });
  });

  it("keeps the place and the pieces of a player whose unit has finished", () => {
    const game = Game.create({ players: 3 });
    raceUntil(game, (g) => g.standings().some((s) => s.finished));
    const winner = game.standings().findIndex((s) => s.finished);
    const board = game.board();
    game.resign(winner);
    expect(game.board()).toEqual(board);
    expect(game.standings()[winner]).toMatchObject({ place: 1, finished: true, resigned: true });
    expect(game.isOver).toBe(false);
  });

  it("in the capture variant the pieces belong to nobody: they all stay", () => {
    const game = Game.create({ variant: "capture", players: 3 });
    const board = game.board();
    game.resign(0);
    expect(game.board()).toEqual(board);
    expect(game.turn).toEqual({ player: 1, colour: undefined });
  });

  it("refuses leaving twice, an unknown player, and leaving after the end", () => {
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

describe("placements: players who left rank after everyone who finished or stayed to the end, the later leaver first", () => {
  it("ends the game when one player is left, who takes first place; the leavers follow, the last to leave first", () => {
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
        { player: 1, place: 3, finished: false, resigned: true, captures: 0 },
        { player: 2, place: 2, finished: false, resigned: true, captures: 0 },
      ],
    });
  });

  it("ends a two-player game at once", () => {
    const game = Game.create({ players: 2 });
    game.resign(0);
    expect(game.result()?.reason).toBe("resigned");
    expect(game.result()?.standings.map((s) => s.place)).toEqual([2, 1]);
  });

  it("settles a leaver's place as it leaves: the first to leave is last", () => {
    const game = Game.create({ players: 6 });
    game.resign(2);
    expect(game.standings().map((s) => s.place)).toEqual([null, null, 6, null, null, null]);
    game.resign(5);
    expect(game.standings().map((s) => s.place)).toEqual([null, null, 6, null, null, 5]);
  });

  it("teams: a team whose partners have both left ranks after the teams that stayed", () => {
    const game = Game.create({ players: 6, teams: true });
    game.resign(1); // NE leaves; SW plays on for NE+SW
    game.resign(0);
    game.resign(3); // N+S have left: third of three teams
    expect(game.standings().map((s) => s.place)).toEqual([3, null, null, 3, null, null]);
    game.resign(4); // NE+SW have left: second, and SE+NW, left alone, first
    expect(game.result()?.reason).toBe("resigned");
    expect(game.result()?.standings.map((s) => s.place)).toEqual([3, 2, 1, 3, 2, 1]);
    expect(game.result()?.winners).toEqual([2, 5]);
  });

  it("capture: a leaver keeps its captures and ranks after the players who stayed, even with more captures", () => {
    const game = Game.create({ variant: "capture", players: 3 });
    const first = () => game.apply({ kind: "path", path: game.legalMoves()[0].path });
    while (game.captures[0] < 15) first();
    game.resign(0);
    while (!game.isOver) first();
    // Player 1 leaves with 15 captures; players 2 and 3 end with 15 and 14.
    expect(game.result()?.standings.map((s) => [s.place, s.captures])).toEqual([
      [3, 15],
      [1, 15],
      [2, 14],
    ]);
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

  // The Norwegian page: "Det holder ikke at én brikke når frem, eller at du har flest brikker i mål
  // underveis. Det er ingen poengtelling i grunnspillet."
  it("has no score: the unfinished share the next place, however many pieces they have brought home", () => {
    const game = Game.create({ players: 2 });
    raceUntil(game, (g) => g.plies >= 80);
    const home = (colour: Point) => goalOf(colour).filter((hole) => game.occupant(hole) === colour).length;
    const [north, south] = [home("N"), home("S")];
    expect(north).not.toBe(south);
    shuttle(game, 2 * TURN_LIMIT_PER_COLOUR);
    expect(game.result()?.reason).toBe("turn-limit");
    expect([home("N"), home("S")]).toEqual([north, south]);
    expect(game.result()?.standings.map((s) => s.place)).toEqual([1, 1]);
    expect(game.result()?.winners).toEqual([0, 1]);
  });

  it("keeps the finishers' places, ties the players still racing after them, and ranks the leavers last", () => {
    const game = Game.create({ players: 4 });
    raceUntil(game, (g) => g.standings().some((s) => s.finished));
    const winner = game.standings().findIndex((s) => s.finished);
    const leaver = (winner + 1) % 4;
    game.resign(leaver);
    shuttle(game, 4 * TURN_LIMIT_PER_COLOUR);
    expect(game.result()?.reason).toBe("turn-limit");
    const places = [2, 2, 2, 2];
    places[winner] = 1;
    places[leaver] = 4;
    expect(game.result()?.standings.map((s) => s.place)).toEqual(places);
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
