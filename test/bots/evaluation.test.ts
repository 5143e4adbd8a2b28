/**
 * How the computer players measure a race position: the least assignment
 * of pieces to goal holes, and the distance still to go that is built on it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Assignment } from "../../src/bots/assignment.ts";
import { distanceToGo } from "../../src/bots/index.ts";
import { goalHoles, type Hole } from "../../src/rules/index.ts";
import { holes } from "../rules/helpers.ts";

/** The least total over every way of giving each row its own column, tried one by one. */
function leastByTrying(costs: readonly (readonly number[])[], columns: number): number {
  const best = (row: number, used: Set<number>): number => {
    if (row === costs.length) return 0;
    let least = Number.POSITIVE_INFINITY;
    for (let column = 0; column < columns; column++) {
      if (used.has(column)) continue;
      least = Math.min(least, costs[row][column] + best(row + 1, new Set([...used, column])));
    }
    return least;
  };
  return best(0, new Set());
}

const matrices = fc
  .integer({ min: 1, max: 6 })
  .chain((columns) =>
    fc
      .array(fc.array(fc.nat(60), { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: columns })
      .map((costs) => ({ columns, costs })),
  );

describe("the least assignment gives each row its own column at the least total cost", () => {
  it("finds the least total that trying every assignment finds", () => {
    fc.assert(
      fc.property(matrices, ({ columns, costs }) => {
        const assignment = new Assignment(columns);
        for (const row of costs) assignment.add(row);
        expect(assignment.total).toBe(leastByTrying(costs, columns));
      }),
      { numRuns: 300 },
    );
  });

  it("answers for one more row without adding it", () => {
    fc.assert(
      fc.property(matrices, ({ columns, costs }) => {
        const assignment = new Assignment(columns);
        for (const row of costs.slice(0, -1)) assignment.add(row);
        const before = assignment.total;
        expect(assignment.totalWith(costs[costs.length - 1])).toBe(leastByTrying(costs, columns));
        expect(assignment.total).toBe(before);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a row with no column left for it", () => {
    const assignment = new Assignment(1);
    assignment.add([3]);
    expect(() => assignment.add([4])).toThrow(RangeError);
  });
});

describe("the distance still to go is zero exactly when the colour's own pieces fill its goal", () => {
  it("is zero for N on the S point, and for N's 15 pieces on its 15 goal holes", () => {
    expect(distanceToGo(goalHoles("N", 10), goalHoles("N", 10))).toBe(0);
    expect(distanceToGo(goalHoles("N", 15), goalHoles("N", 15))).toBe(0);
  });

  it("is more than zero with one piece anywhere else", () => {
    const goal = goalHoles("N", 10);
    for (let hole = 0; hole < 121; hole++) {
      if (goal.includes(hole)) continue;
      expect(distanceToGo([...goal.slice(1), hole], goal)).toBeGreaterThan(0);
    }
  });
});

describe("a last piece beside a full goal gains with every step along the base towards the free hole", () => {
  it("counts 4, 3, 2, 1, 0 from m5, m6, m7, m8 and n4 with n4 free in N's goal", () => {
    const goal = goalHoles("N", 10);
    const nine = goal.filter((hole) => !holes("n4").includes(hole));
    const distances = holes("m5 m6 m7 m8 n4").map((last: Hole) => distanceToGo([...nine, last], goal));
    expect(distances).toEqual([4, 3, 2, 1, 0]);
  });
});

describe("a piece in a point other than its goal counts its depth there as extra steps", () => {
  it("counts (9 + 4)² on a1, (9 + 1)² on d4 and 9² on i9, each 9 steps from j1, the free hole of NE's goal", () => {
    const goal = goalHoles("NE", 10); // the SW point
    const nine = goal.filter((hole) => !holes("j1").includes(hole));
    const distances = holes("a1 d4 i9").map((last: Hole) => distanceToGo([...nine, last], goal));
    expect(distances).toEqual([169, 100, 81]);
  });
});
