import { describe, expect, it } from "vitest";
import { Game, POINT_HOLES, POINTS, type Point, parseHole, type Settings } from "../../src/rules/index.ts";
import {
  goalOf,
  hasFilledGoal,
  names,
  occupants,
  piecesOf,
  raceTurn,
  raceUntil,
  referenceDestinations,
  replay,
} from "./helpers.ts";

interface Finish {
  readonly colour: Point;
  readonly ply: number;
}

/**
 * Plays a whole race with the test racer and checks, turn by turn, the rules
 * of finishing against a model written from the rules' words: after every
 * move every colour that has not finished is checked, the mover first, then
 * clockwise, and finishes once its goal is filled; a finished colour's turns
 * are skipped; a unit (player, or team) finishes when all its colours have;
 * the game ends when one unit is left.
 */
function playRace(settings: Partial<Settings>) {
  const game = Game.create(settings);
  const seats = game.playerColours;
  const inPlay = POINTS.filter((point) => seats.some((colours) => colours.includes(point)));
  const player = (colour: Point) => seats.findIndex((colours) => colours.includes(colour));
  const unit = (p: number) => (game.settings.teams ? POINTS.indexOf(seats[p][0]) % 3 : p);
  const units = [...new Set(seats.map((_, p) => unit(p)))];
  const finishes: Finish[] = [];
  const unitsDone: number[] = [];
  const finished = (colour: Point) => finishes.some((finish) => finish.colour === colour);

  while (!game.isOver) {
    const mover = game.turn?.colour as Point;
    expect(finished(mover)).toBe(false);
    raceTurn(game);
    const from = inPlay.indexOf(mover);
    for (const colour of inPlay.map((_, k) => inPlay[(from + k) % inPlay.length])) {
      if (finished(colour) || !hasFilledGoal(game, colour)) continue;
      finishes.push({ colour, ply: game.plies });
      const u = unit(player(colour));
      const members = inPlay.filter((c) => unit(player(c)) === u);
      if (members.every(finished)) unitsDone.push(u);
    }
    if (game.isOver) break;
    // The turn passes clockwise to the next colour that has not finished.
    const next = [1, 2, 3, 4, 5, 6].map((k) => inPlay[(from + k) % inPlay.length]).find((c) => !finished(c));
    expect(game.turn?.colour).toBe(next);
    expect(units.length - unitsDone.length).toBeGreaterThan(1);
  }
  // The game ends when one unit is left; the units are placed in the order they finished.
  const left = units.filter((u) => !unitsDone.includes(u));
  expect(left).toHaveLength(1);
  const placeOf = new Map([...unitsDone, ...left].map((u, i) => [u, i + 1]));
  const result = game.result();
  expect(result?.reason).toBe("finished");
  expect(result?.standings.map((s) => s.place)).toEqual(seats.map((_, p) => placeOf.get(unit(p))));
  expect(result?.standings.map((s) => s.finished)).toEqual(seats.map((_, p) => unitsDone.includes(unit(p))));
  return { game, finishes, result, unitsDone };
}

/**
 * The 2 × 2 game from issue 8: NE (player 1) walks one piece from h10 into
 * its goal, the SW point, while SW (player 1 too) walks one from j1 into the
 * NE point; SE and NW (player 2) shuttle. Each goal ends up holding nine
 * pieces of the player's other colour and one of its own.
 */
const ONE_PIECE_EACH_2X2 =
  "h10-h9 m10-m9 j1-i1 e4-e5 h9-i8 m9-m10 i1-i2 e5-e4 i8-j8 m10-m9 i2-i3 e4-e5 j8-j7 m9-m10 i3-i4 e5-e4 " +
  "j7-j6 m10-m9 i4-i5 e4-e5 j6-j5 m9-m10 i5-i6 e5-e4 j5-j4 m10-m9 i6-i7 e4-e5 j4-j3 m9-m10 i7-i8 e5-e4 " +
  "j3-j2 m10-m9 i8-i9 e4-e5 j2-j1 m9-m10 i9-h10";

/**
 * Six players in teams: N walks one piece into its goal, the S point, while
 * its partner S walks one into the N point, each into the hole the other
 * left; NE, SE, SW and NW shuttle one piece out and back.
 */
function onePieceEachWithTeams(): Game {
  const north = "d1 e6 f5 g5 h4 i3 j3 k4 l5 m6 n1".split(" ");
  const south = "n1 m5 l4 k3 j2 i2 h3 g4 f4 e5 d1".split(" ");
  const shuttles = [
    ["h10", "h9"],
    ["j10", "i9"],
    ["j1", "i1"],
    ["g2", "g3"],
  ];
  const shuttle = (i: number, [home, out]: string[]) => (i % 2 === 0 ? `${home}-${out}` : `${out}-${home}`);
  const rounds = north.slice(1).map((_, i) => {
    const [ne, se, sw, nw] = shuttles.map((pair) => shuttle(i, pair));
    return [`${north[i]}-${north[i + 1]}`, ne, se, `${south[i]}-${south[i + 1]}`, sw, nw].join(" ");
  });
  return replay(rounds.join(" "), { players: 6, teams: true });
}

describe("anti-blocking: a colour has finished when every hole of its goal is occupied, at least one by its own piece, and none by its own side's other colours", () => {
  it("lets N finish with a piece of S left in its goal", () => {
    const game = Game.create({ players: 2 });
    // S never moves the piece on q1, the tip of N's goal.
    raceUntil(game, () => false, { S: { keep: "q1" } });
    expect(game.isOver).toBe(true);
    expect(game.result()?.winners).toEqual([0]);
    expect(game.history.at(-1)?.player).toBe(0);
    expect(occupants(game, "q1")).toEqual(["S"]);
    expect(occupants(game, "n1 n2 n3 n4 o1 o2 o3 p1 p2")).toEqual(Array(9).fill("N"));
    // Nine of N's pieces fill the goal; the tenth is still on its way.
    expect(piecesOf(game, "N").split(" ")).toHaveLength(10);
  });

  it("does not count a goal filled only by other colours' pieces", () => {
    const game = Game.create({ players: 2 });
    expect(occupants(game, names(POINT_HOLES.S))).toEqual(Array(10).fill("S"));
    game.play("d1-e5"); // N's goal is full, but of S's pieces
    expect(game.isOver).toBe(false);
    expect(game.turn?.colour).toBe("S");
  });

  // The pages: the rule is for "an opponent [who] refuses to leave the last hole of your goal".
  it("2 × 2: the pieces of the player's other colour do not fill its goal", () => {
    const game = replay(ONE_PIECE_EACH_2X2, { players: 2, colours: 2 });
    expect(occupants(game, names(POINT_HOLES.SW))).toEqual(["NE", ...Array(9).fill("SW")]);
    expect(occupants(game, names(POINT_HOLES.NE))).toEqual([...Array(9).fill("NE"), "SW"]);
    expect(game.isOver).toBe(false);
    expect(game.standings().map((s) => s.finished)).toEqual([false, false]);
    expect(game.turn).toEqual({ player: 1, colour: "NW" });
  });

  it("teams: the partner's pieces do not fill a goal", () => {
    const game = onePieceEachWithTeams();
    expect(occupants(game, names(POINT_HOLES.S))).toEqual(["N", ...Array(9).fill("S")]);
    expect(piecesOf(game, "N")).toBe("a1 b1 b2 c1 c2 c3 d2 d3 d4 n1");
    expect(piecesOf(game, "S")).toBe("d1 n2 n3 n4 o1 o2 o3 p1 p2 q1");
    expect(game.standings().map((s) => s.finished)).toEqual(Array(6).fill(false));
    expect(game.turn).toEqual({ player: 0, colour: "N" });
  });

  it("with 15 pieces, needs the edge row of the goal too", () => {
    const game = Game.create({ players: 2, pieces: 15 });
    let pointFullBeforeTheEnd = false;
    while (!game.isOver) {
      const colour = game.turn?.colour as Point;
      raceTurn(game);
      const point = goalOf(colour, 10);
      if (!game.isOver && point.every((hole) => game.occupant(hole) === colour)) pointFullBeforeTheEnd = true;
    }
    // At some turn the mover's ten point holes were all its own and the game went on.
    expect(pointFullBeforeTheEnd).toBe(true);
    const winner = game.playerColours[game.result()?.winners[0] as number][0];
    expect(goalOf(winner, 15)).toHaveLength(15);
    expect(goalOf(winner, 15).every((hole) => game.occupant(hole) !== null)).toBe(true);
    expect(hasFilledGoal(game, winner)).toBe(true);
  });
});

describe("finishing is checked for every colour after every move, the mover first, then clockwise", () => {
  it("S filling the last hole of N's goal finishes N at once: N wins on S's move", () => {
    const game = Game.create({ players: 2 });
    game.play("d1-e5");
    game.play("n1-m5"); // S parks a piece next to n1
    const nGoal = goalOf("N");
    const nHome = () => nGoal.filter((hole) => game.occupant(hole) === "N").length;
    // N races home but leaves n1 empty; S keeps q1 and the parked piece.
    raceUntil(game, (g) => g.turn?.colour === "S" && nHome() === 8, { N: { avoid: "n1" }, S: { keep: "q1 m5" } });
    expect(occupants(game, "n1 q1 m5")).toEqual([null, "S", "S"]);

    game.play("m5-n1");
    expect(game.isOver).toBe(true);
    expect(game.result()?.reason).toBe("finished");
    expect(game.result()?.winners).toEqual([0]);
    expect(game.history.at(-1)?.player).toBe(1);
  });

  it("three players: SE entering N's last goal hole finishes N before SW, who finishes on the very next move", () => {
    const game = Game.create({ players: 3 });
    game.play("d1-e5");
    game.play("m10-m9"); // SE parks a piece beside n4, a hole of N's goal
    const h10 = parseHole("h10");
    const home = (colour: Point) => goalOf(colour).filter((hole) => game.occupant(hole) === colour).length;
    const swGoal = goalOf("SW");
    const swCanEnterH10 = () =>
      game
        .board()
        .some(
          (occupant, hole) => occupant === "SW" && !swGoal.includes(hole) && referenceDestinations(game, hole).has(h10),
        );
    // N leaves n4 empty and SW leaves h10 empty, until each has nine pieces home and SW can enter h10.
    raceUntil(game, (g) => g.turn?.colour === "SE" && home("N") === 9 && home("SW") === 9 && swCanEnterH10(), {
      N: { avoid: "n4" },
      SE: { keep: "m9" },
      SW: { avoid: "h10" },
    });
    expect(occupants(game, "n4 m9 h10")).toEqual([null, "SE", null]);

    game.play("m9-n4");
    expect(game.standings()[0]).toMatchObject({ place: 1, finished: true });
    expect(game.turn?.colour).toBe("SW");
    const intoH10 = game.legalMoves().find((move) => move.path.at(-1) === h10 && !swGoal.includes(move.path[0]));
    game.apply({ kind: "path", path: intoH10?.path ?? [] });
    expect(game.result()?.reason).toBe("finished");
    // Seats N, SE, SW: N first, SW second, SE last.
    expect(game.result()?.standings.map((s) => s.place)).toEqual([1, 3, 2]);
  });
});

describe("finishing and placements", () => {
  it("ends a two-player race at the first finish", () => {
    const { finishes, result } = playRace({ players: 2 });
    expect(finishes).toHaveLength(1);
    const winner = finishes[0].colour === "N" ? 0 : 1;
    expect(result?.winners).toEqual([winner]);
    expect(result?.standings.map((s) => s.place)).toEqual(winner === 0 ? [1, 2] : [2, 1]);
  });

  it("plays on with three players: the finished colour's turns are skipped until a second finishes", () => {
    const { finishes, result, game } = playRace({ players: 3 });
    expect(finishes).toHaveLength(2);
    expect(finishes[1].ply).toBeGreaterThan(finishes[0].ply);
    // Every turn after the first finish belongs to the other two colours.
    const first = game.playerColours.findIndex(([colour]) => colour === finishes[0].colour);
    expect(game.history.slice(finishes[0].ply).every((action) => action.player !== first)).toBe(true);
    expect(result?.winners).toEqual([first]);
  });

  it("places six players in the order they finish", () => {
    const { finishes, result } = playRace({ players: 6 });
    expect(finishes).toHaveLength(5);
    const placeOf = (colour: Point) => result?.standings[POINTS.indexOf(colour)].place;
    expect(finishes.map(({ colour }) => placeOf(colour))).toEqual([1, 2, 3, 4, 5]);
  });

  it("works the same with long jumps", () => {
    expect(playRace({ players: 3, longJump: true }).finishes).toHaveLength(2);
    expect(playRace({ players: 2, pieces: 15, longJump: true }).finishes).toHaveLength(1);
  });
});

describe("teams: six players in three teams, partners on opposite points; a team finishes when both partners have", () => {
  it("places a team by the later of its partners' finishes", () => {
    const { finishes, result, unitsDone } = playRace({ players: 6, teams: true });
    // With this racer S finishes first, but its partner N finishes after NE and SW have both finished.
    expect(finishes.map((f) => f.colour)).toEqual(["S", "NE", "NW", "SW", "N"]);
    expect(unitsDone).toHaveLength(2);
    // Seats N, NE, SE, S, SW, NW: NE+SW first, N+S second, SE+NW last; partners share their place.
    expect(result?.standings.map((s) => s.place)).toEqual([2, 1, 3, 2, 1, 3]);
    expect(result?.winners).toEqual([1, 4]);
  });
});

describe("several colours per player: a player finishes when all its colours have", () => {
  it.each([
    [2, 2],
    [2, 3],
    [3, 2],
  ] as const)("%i players × %i colours", (players, colours) => {
    const { finishes, game, result } = playRace({ players, colours });
    const owner = (colour: Point) => game.playerColours.findIndex((list) => list.includes(colour));
    const winner = result?.winners[0] as number;
    expect(result?.winners).toHaveLength(1);
    // The winner's last colour finished; the game went on after its earlier ones.
    const winnerFinishes = finishes.filter((f) => owner(f.colour) === winner);
    expect(winnerFinishes.map((f) => f.colour).sort()).toEqual([...game.playerColours[winner]].sort());
    expect(finishes.length).toBeGreaterThan(1);
    // After a colour finishes its owner still moves its other colours.
    const firstFinish = finishes[0];
    const later = game.history.slice(firstFinish.ply);
    expect(later.some((action) => action.player === owner(firstFinish.colour))).toBe(true);
  });
});
