/**
 * The board turned so that a player's own point is at the bottom: every
 * hole takes another hole's place, each point moves to the next one per
 * sixth of a turn, a seat's own point lands at the bottom, and arrow keys
 * keep their screen directions on the turned board.
 */
import { describe, expect, it } from "vitest";
import {
  type ArrowKey,
  arrowTarget,
  homePoint,
  pointAtBottom,
  sixthsToBottom,
  turnedHole,
} from "../../src/client/ui/board-turn.ts";
import { turnFor } from "../../src/client/ui/table-page/turn-toggle.ts";
import {
  CENTRE,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  holeName,
  makeSettings,
  POINT_HOLES,
  POINTS,
  type Point,
  parseHole,
} from "../../src/rules/index.ts";

const HOLES = Array.from({ length: HOLE_COUNT }, (_, hole) => hole);
const TURNS = [0, 1, 2, 3, 4, 5];
const KEYS: ArrowKey[] = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"];

/** A point's tip: its hole farthest from the centre. */
function tip(point: Point): number {
  const distance = (hole: number) =>
    Math.hypot(HOLE_X[hole] as number, ((HOLE_ROW[hole] as number) - 8) * Math.sqrt(3));
  return [...POINT_HOLES[point]].sort((a, b) => distance(b) - distance(a))[0] as number;
}

/** Where a hole is seen on the board turned `sixths`: the row and doubled column of the place it takes. */
function seen(hole: number, sixths: number): { row: number; x: number } {
  const place = turnedHole(hole, sixths);
  return { row: HOLE_ROW[place] as number, x: HOLE_X[place] as number };
}

describe("turning the board", () => {
  it("gives every hole another hole's place, keeps the centre, and comes round in six sixths", () => {
    for (const sixths of TURNS) {
      const places = HOLES.map((hole) => turnedHole(hole, sixths));
      expect(new Set(places).size).toBe(HOLE_COUNT);
      expect(turnedHole(CENTRE, sixths)).toBe(CENTRE);
      for (const hole of HOLES) expect(turnedHole(turnedHole(hole, sixths), 6 - sixths)).toBe(hole);
    }
    for (const hole of HOLES) expect(turnedHole(hole, 6)).toBe(hole);
    expect(turnedHole(parseHole("i5"), 0)).toBe(parseHole("i5"));
  });

  it("turns a sixth clockwise: N's tip a1 goes where NE's tip e13 is, and each point onto the next", () => {
    expect(holeName(turnedHole(parseHole("a1"), 1))).toBe("e13");
    expect(holeName(turnedHole(parseHole("a1"), 3))).toBe("q1");
    expect(holeName(turnedHole(parseHole("e13"), 5))).toBe("a1");
    POINTS.forEach((point, i) => {
      const next = POINTS[(i + 1) % 6] as Point;
      const moved = new Set(POINT_HOLES[point].map((hole) => turnedHole(hole, 1)));
      expect(moved).toEqual(new Set(POINT_HOLES[next]));
    });
  });

  it("keeps neighbours neighbours: the turn is a rotation of the lattice", () => {
    const distance = (a: { row: number; x: number }, b: { row: number; x: number }) =>
      Math.hypot(a.x - b.x, (a.row - b.row) * Math.sqrt(3));
    for (const sixths of TURNS) {
      for (const a of HOLES.filter((_, i) => i % 7 === 0)) {
        for (const b of HOLES.filter((_, i) => i % 5 === 0)) {
          const before = distance(seen(a, 0), seen(b, 0));
          expect(distance(seen(a, sixths), seen(b, sixths))).toBeCloseTo(before, 9);
        }
      }
    }
  });

  it("brings each point to the bottom, its tip onto q1", () => {
    expect(sixthsToBottom("S")).toBe(0);
    expect(sixthsToBottom("N")).toBe(3);
    expect(sixthsToBottom("NE")).toBe(2);
    expect(sixthsToBottom("SE")).toBe(1);
    expect(sixthsToBottom("SW")).toBe(5);
    expect(sixthsToBottom("NW")).toBe(4);
    for (const point of POINTS) {
      expect(pointAtBottom(sixthsToBottom(point))).toBe(point);
      expect(holeName(turnedHole(tip(point), sixthsToBottom(point)))).toBe("q1");
    }
  });
});

describe("arrow keys on the turned board", () => {
  it("move as before on the board as it is", () => {
    const e5 = parseHole("e5");
    expect(holeName(arrowTarget(e5, "ArrowRight", 0) as number)).toBe("e6");
    expect(holeName(arrowTarget(e5, "ArrowLeft", 0) as number)).toBe("e4");
    expect(arrowTarget(parseHole("a1"), "ArrowUp", 0)).toBeUndefined();
    expect(holeName(arrowTarget(parseHole("a1"), "ArrowDown", 0) as number)).toBe("b1");
  });

  it("keep their screen directions whichever way the board is turned", () => {
    for (const sixths of TURNS) {
      for (const hole of HOLES) {
        const from = seen(hole, sixths);
        for (const key of KEYS) {
          const target = arrowTarget(hole, key, sixths);
          if (key === "ArrowLeft" || key === "ArrowRight") {
            const dx = key === "ArrowRight" ? 2 : -2;
            if (target === undefined) {
              // Nothing there on the screen: the edge of the row.
              expect(HOLES.some((h) => seen(h, sixths).row === from.row && seen(h, sixths).x === from.x + dx)).toBe(
                false,
              );
            } else expect(seen(target, sixths)).toEqual({ row: from.row, x: from.x + dx });
            continue;
          }
          const row = from.row + (key === "ArrowDown" ? 1 : -1);
          const inRow = HOLES.filter((h) => seen(h, sixths).row === row);
          if (target === undefined) {
            expect(inRow).toEqual([]);
            continue;
          }
          const to = seen(target, sixths);
          expect(to.row).toBe(row);
          // The nearest hole of that row on the screen.
          expect(Math.abs(to.x - from.x)).toBe(Math.min(...inRow.map((h) => Math.abs(seen(h, sixths).x - from.x))));
        }
      }
    }
  });

  it("on a board turned for N (half a turn), right on the screen is left in notation", () => {
    // e5 turned half a turn sits where m9 is; the hole to its right on the screen is the one at m10's place: e4.
    expect(holeName(turnedHole(parseHole("e5"), 3))).toBe("m9");
    expect(holeName(arrowTarget(parseHole("e5"), "ArrowRight", 3) as number)).toBe("e4");
    expect(holeName(arrowTarget(parseHole("e5"), "ArrowDown", 3) as number)).toMatch(/^d/);
  });
});

describe("a seat's own point", () => {
  it("is its first colour in the race, and its side of the star in the capture variant", () => {
    const race = (players: number, colours = 1) => makeSettings({ players, colours: colours as 1 | 2 | 3 });
    expect([0, 1].map((seat) => homePoint(race(2), seat))).toEqual(["N", "S"]);
    expect([0, 1, 2].map((seat) => homePoint(race(3), seat))).toEqual(["N", "SE", "SW"]);
    expect([0, 1, 2, 3].map((seat) => homePoint(race(4), seat))).toEqual(["NE", "SE", "SW", "NW"]);
    expect([0, 1].map((seat) => homePoint(race(2, 2), seat))).toEqual(["NE", "SE"]);
    expect([0, 1, 2].map((seat) => homePoint(race(3, 2), seat))).toEqual(["N", "NE", "SE"]);
    const capture = (players: number) => makeSettings({ variant: "capture", players });
    expect([0, 1].map((seat) => homePoint(capture(2), seat))).toEqual(["N", "S"]);
    expect([0, 1, 2, 3, 4].map((seat) => homePoint(capture(5), seat))).toEqual(["N", "NE", "SE", "S", "SW"]);
    expect(homePoint(race(2), 5)).toBeUndefined();
  });

  it("decides the turn: a spectator and a player who wants it as it is see N at the top", () => {
    const two = makeSettings({ players: 2 });
    expect(turnFor(two, null, true)).toBe(0);
    expect(turnFor(two, 0, true)).toBe(3);
    expect(turnFor(two, 0, false)).toBe(0);
    expect(turnFor(two, 1, true)).toBe(0);
    const three = makeSettings({ players: 3 });
    expect([0, 1, 2].map((seat) => pointAtBottom(turnFor(three, seat, true)))).toEqual(["N", "SE", "SW"]);
  });
});
