import { describe, expect, it } from "vitest";
import {
  CENTRE,
  Game,
  goalHoles,
  HEXAGON,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  holeName,
  oppositePoint,
  POINT_EDGE,
  POINT_HOLES,
  POINT_OF,
  POINTS,
  parseHole,
  parseHoleName,
  ROW_LENGTHS,
  stepsBetween,
} from "../../src/rules/index.ts";
import { names, piecesOf } from "./helpers.ts";

describe("the board has 121 holes: a 61-hole hexagon and six 10-hole points", () => {
  it("counts 121 holes, 61 of them in the hexagon and 10 in each point", () => {
    expect(HOLE_COUNT).toBe(121);
    expect(HEXAGON).toHaveLength(61);
    for (const point of POINTS) expect(POINT_HOLES[point]).toHaveLength(10);
  });

  it("has every hole in exactly one region", () => {
    const all = [...HEXAGON, ...POINTS.flatMap((point) => POINT_HOLES[point])];
    expect(new Set(all).size).toBe(121);
    for (const hole of HEXAGON) expect(POINT_OF[hole]).toBeUndefined();
  });
});

describe("a hole is named by its row a–q from the top tip and its position from 1 at the left", () => {
  it("has rows of 1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1 holes", () => {
    expect(ROW_LENGTHS).toEqual([1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]);
    const rows = "abcdefghijklmnopq";
    for (let row = 0; row < 17; row++) {
      const length = ROW_LENGTHS[row];
      for (let position = 1; position <= length; position++)
        expect(parseHoleName(`${rows[row]}${position}`)).toBeDefined();
      expect(parseHoleName(`${rows[row]}${length + 1}`)).toBeUndefined();
      expect(parseHoleName(`${rows[row]}0`)).toBeUndefined();
    }
  });

  it("names the top tip a1, the centre i5 and the bottom tip q1", () => {
    expect(holeName(0)).toBe("a1");
    expect(holeName(CENTRE)).toBe("i5");
    expect(holeName(120)).toBe("q1");
  });

  it("numbers holes in reading order and names each one once", () => {
    const all = Array.from({ length: HOLE_COUNT }, (_, hole) => holeName(hole));
    expect(new Set(all).size).toBe(121);
    for (const [hole, name] of all.entries()) expect(parseHoleName(name)).toBe(hole);
    expect(all.slice(0, 12)).toEqual(["a1", "b1", "b2", "c1", "c2", "c3", "d1", "d2", "d3", "d4", "e1", "e2"]);
  });

  it("knows no other names", () => {
    for (const name of ["", "a", "a0", "a2", "e14", "i10", "q2", "r1", "A1", "i05", " i5", "i5 "])
      expect(parseHoleName(name)).toBeUndefined();
  });
});

describe("the six points, clockwise from the top, are exactly the issue's holes", () => {
  it.each([
    ["N", "a1 b1 b2 c1 c2 c3 d1 d2 d3 d4"],
    ["NE", "e10 e11 e12 e13 f10 f11 f12 g10 g11 h10"],
    ["SE", "j10 k10 k11 l10 l11 l12 m10 m11 m12 m13"],
    ["S", "n1 n2 n3 n4 o1 o2 o3 p1 p2 q1"],
    ["SW", "j1 k1 k2 l1 l2 l3 m1 m2 m3 m4"],
    ["NW", "e1 e2 e3 e4 f1 f2 f3 g1 g2 h1"],
  ] as const)("%s is %s", (point, holes) => {
    expect(names(POINT_HOLES[point])).toBe(holes);
  });

  it("lists the points clockwise from the top", () => {
    expect(POINTS).toEqual(["N", "NE", "SE", "S", "SW", "NW"]);
  });
});

describe("each point's goal is the point opposite: N↔S, NE↔SW, SE↔NW", () => {
  it.each([
    ["N", "S"],
    ["NE", "SW"],
    ["SE", "NW"],
    ["S", "N"],
    ["SW", "NE"],
    ["NW", "SE"],
  ] as const)("%s races to %s", (point, goal) => {
    expect(oppositePoint(point)).toBe(goal);
    expect(goalHoles(point, 10)).toEqual(POINT_HOLES[goal]);
  });
});

describe("with 15 pieces a colour also holds the 5-hole edge row of the hexagon along its point", () => {
  it.each([
    ["N", "e5 e6 e7 e8 e9"],
    ["NE", "e9 f9 g9 h9 i9"],
    ["SE", "i9 j9 k9 l9 m9"],
    ["S", "m5 m6 m7 m8 m9"],
    ["SW", "i1 j2 k3 l4 m5"],
    ["NW", "e5 f4 g3 h2 i1"],
  ] as const)("the edge row of %s is %s", (point, holes) => {
    expect(names(POINT_EDGE[point])).toBe(holes);
  });

  it("starts N on a1–d4 and e5–e9, S on n1–q1 and m5–m9: each on the other's 15-hole goal", () => {
    const game = Game.create({ players: 2, pieces: 15 });
    expect(piecesOf(game, "N")).toBe("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4 e5 e6 e7 e8 e9");
    expect(piecesOf(game, "S")).toBe("m5 m6 m7 m8 m9 n1 n2 n3 n4 o1 o2 o3 p1 p2 q1");
  });

  it("races N to the 15 holes S starts on, and S to those of N", () => {
    expect(names(goalHoles("N", 15))).toBe("m5 m6 m7 m8 m9 n1 n2 n3 n4 o1 o2 o3 p1 p2 q1");
    expect(names(goalHoles("S", 15))).toBe("a1 b1 b2 c1 c2 c3 d1 d2 d3 d4 e5 e6 e7 e8 e9");
  });
});

describe("the steps between two holes are as many as the fewest steps over the empty board", () => {
  it.each([
    ["a1", "a1", 0],
    ["i5", "i6", 1],
    ["a1", "q1", 16],
    ["e1", "e13", 12],
    ["e13", "m13", 8],
    ["m5", "n4", 4],
    ["m2", "q1", 7],
  ] as const)("from %s to %s: %i", (from, to, steps) => {
    expect(stepsBetween(parseHole(from), parseHole(to))).toBe(steps);
    expect(stepsBetween(parseHole(to), parseHole(from))).toBe(steps);
  });

  it("agrees with a walk over the empty board from every hole to every hole", () => {
    // A step goes one hole along the row (two doubled columns) or one row up or down (one column).
    const isStep = (a: number, b: number) => {
      const rows = Math.abs(HOLE_ROW[a] - HOLE_ROW[b]);
      const columns = Math.abs(HOLE_X[a] - HOLE_X[b]);
      return (rows === 0 && columns === 2) || (rows === 1 && columns === 1);
    };
    const all = Array.from({ length: HOLE_COUNT }, (_, hole) => hole);
    const neighbours = all.map((hole) => all.filter((other) => isStep(hole, other)));
    for (let from = 0; from < HOLE_COUNT; from++) {
      const walked = new Array<number>(HOLE_COUNT).fill(-1);
      walked[from] = 0;
      for (const queue = [from]; queue.length > 0; ) {
        const at = queue.shift() as number;
        for (const next of neighbours[at]) {
          if (walked[next] !== -1) continue;
          walked[next] = walked[at] + 1;
          queue.push(next);
        }
      }
      expect(walked.map((_, to) => stepsBetween(from, to))).toEqual(walked);
    }
  });
});
