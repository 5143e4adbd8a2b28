/**
 * The board's coordinates: each row's end holes named beyond them on the
 * row's own line, whichever way the board is turned, and never over a hole.
 */
import { describe, expect, it } from "vitest";
import { turnedHole } from "../../src/client/ui/board-turn.ts";
import { coordinateLabels } from "../../src/client/ui/coordinates.ts";
import { D, holeXY } from "../../src/client/ui/svg.ts";
import { HOLE_COUNT, parseHole, ROW_LENGTHS } from "../../src/rules/index.ts";

const TURNS = [0, 1, 2, 3, 4, 5];
const HOLES = Array.from({ length: HOLE_COUNT }, (_, hole) => hole);

/** Where the board turned `sixths` draws a hole (as board.ts places it). */
const drawnAt = (name: string, sixths: number) => holeXY(turnedHole(parseHole(name), sixths));

describe("the labels name each row's end holes", () => {
  it("two for every row, one for the rows of one hole (a and q): 32 in all", () => {
    const names = coordinateLabels(0).map((label) => label.name);
    expect(names.slice(0, 7)).toEqual(["a1", "b1", "b2", "c1", "c3", "d1", "d4"]);
    expect(names).toContain("k1");
    expect(names).toContain("k11");
    expect(names.at(-1)).toBe("q1");
    expect(names).toHaveLength(2 * ROW_LENGTHS.length - 2);
  });

  it("unturned: the first before the row on the left, the last after it on the right, level with the row", () => {
    const labels = new Map(coordinateLabels(0).map((label) => [label.name, label.at]));
    const [k1x, k1y] = holeXY(parseHole("k1"));
    const [k11x, k11y] = holeXY(parseHole("k11"));
    expect(labels.get("k1")?.[0]).toBeCloseTo(k1x - 1.2 * D);
    expect(labels.get("k1")?.[1]).toBeCloseTo(k1y);
    expect(labels.get("k11")?.[0]).toBeCloseTo(k11x + 1.2 * D);
    expect(labels.get("k11")?.[1]).toBeCloseTo(k11y);
  });
});

describe("on a turned board each label stays on its row's line, beyond its end hole", () => {
  it.each(TURNS)("turned %i sixths", (sixths) => {
    for (const { name, at } of coordinateLabels(sixths)) {
      const row = name[0] as string;
      const end = drawnAt(name, sixths);
      // The row's other end, or for a row of one hole the place the next hole would take.
      const length = ROW_LENGTHS["abcdefghijklmnopq".indexOf(row)] as number;
      const position = Number(name.slice(1));
      const otherName = `${row}${position === 1 ? length : 1}`;
      const other = length > 1 ? drawnAt(otherName, sixths) : null;
      expect(Math.hypot(at[0] - end[0], at[1] - end[1]), name).toBeCloseTo(1.2 * D);
      if (other) {
        // In line with the row: the label, its end hole and the other end are collinear, the label outside.
        const cross = (end[0] - other[0]) * (at[1] - other[1]) - (end[1] - other[1]) * (at[0] - other[0]);
        expect(Math.abs(cross), name).toBeLessThan(1e-6);
        const beyond =
          Math.hypot(at[0] - other[0], at[1] - other[1]) > Math.hypot(end[0] - other[0], end[1] - other[1]);
        expect(beyond, name).toBe(true);
      }
    }
  });

  // A piece's radius (0.4 of a pitch) and a label's half-width (under 0.35 for three characters) leave it clear.
  it.each(TURNS)("turned %i sixths, no label comes within 0.85 of a pitch of a hole's centre", (sixths) => {
    const places = HOLES.map((hole) => holeXY(hole));
    for (const { name, at } of coordinateLabels(sixths)) {
      const nearest = Math.min(...places.map(([x, y]) => Math.hypot(at[0] - x, at[1] - y)));
      expect(nearest, `${name} turned ${sixths}`).toBeGreaterThanOrEqual(0.85 * D);
    }
  });
});
