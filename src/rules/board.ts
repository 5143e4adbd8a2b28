/**
 * The 121-hole star: geometry, hole names and the precomputed tables the
 * move generators walk. Everything here is computed once at module load
 * and exported read-only (typed arrays as `ArrayLike`): the tables never change.
 *
 * A hole is an index 0..120 in reading order (a1 = 0, b1 = 1, b2 = 2, …).
 * Its public name is its row letter (a–q, top tip to bottom tip) followed by
 * its position in the row counted from 1 at the left.
 */

/** Index of a hole, 0..120, in reading order. */
export type Hole = number;

/** The six points of the star, clockwise from the top. */
export const POINTS = ["N", "NE", "SE", "S", "SW", "NW"] as const;
export type Point = (typeof POINTS)[number];

export const HOLE_COUNT = 121;
export const ROW_LENGTHS = [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1] as const;
const ROW_LETTERS = "abcdefghijklmnopq";

/**
 * Directions on the triangular lattice as (row, x) offsets, where x is a
 * doubled column so that every row is centred on x = 0. Opposite
 * directions are three apart.
 */
const DIRECTIONS = [
  [0, 2], // east
  [1, 1], // south-east
  [1, -1], // south-west
  [0, -2], // west
  [-1, -1], // north-west
  [-1, 1], // north-east
] as const;
export const DIRECTION_COUNT = 6;

const holeRow = new Uint8Array(HOLE_COUNT);
const holeX = new Int8Array(HOLE_COUNT);
const HOLE_NAMES: string[] = [];
const HOLE_BY_NAME = new Map<string, Hole>();
const HOLE_AT = new Map<number, Hole>();
const key = (row: number, x: number) => row * 64 + x + 32;

{
  let hole = 0;
  ROW_LENGTHS.forEach((length, row) => {
    for (let position = 1; position <= length; position++) {
      const x = 2 * (position - 1) - (length - 1);
      holeRow[hole] = row;
      holeX[hole] = x;
      const name = `${ROW_LETTERS[row]}${position}`;
      HOLE_NAMES.push(name);
      HOLE_BY_NAME.set(name, hole);
      HOLE_AT.set(key(row, x), hole);
      hole++;
    }
  });
}

/** Row (0..16) of each hole. */
export const HOLE_ROW: ArrayLike<number> = holeRow;
/** Doubled column of each hole: neighbours in a row are 2 apart, rows are centred on 0. */
export const HOLE_X: ArrayLike<number> = holeX;

/** The hole at a row (0..16) and doubled column, or undefined off the board. */
export function holeAt(row: number, x: number): Hole | undefined {
  return HOLE_AT.get(key(row, x));
}

/** The public name of a hole, e.g. `i5`. */
export function holeName(hole: Hole): string {
  const name = HOLE_NAMES[hole];
  if (name === undefined) throw new RangeError(`no hole with index ${hole}`);
  return name;
}

/** The hole a public name denotes, or undefined when the name is not a hole. */
export function parseHoleName(name: string): Hole | undefined {
  return HOLE_BY_NAME.get(name);
}

/**
 * RAYS[(hole * 6 + direction) * RAY_STRIDE + k] is the hole k + 1 steps away
 * along the direction, or -1 past the edge of the board.
 */
export const RAY_STRIDE = 17;
const rays = new Int16Array(HOLE_COUNT * DIRECTION_COUNT * RAY_STRIDE).fill(-1);
for (let hole = 0; hole < HOLE_COUNT; hole++) {
  DIRECTIONS.forEach(([dRow, dX], direction) => {
    const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
    for (let k = 0; k < RAY_STRIDE; k++) {
      const next = holeAt(holeRow[hole] + dRow * (k + 1), holeX[hole] + dX * (k + 1));
      if (next === undefined) break;
      rays[base + k] = next;
    }
  });
}
export const RAYS: ArrayLike<number> = rays;

/**
 * Compact adjacency lists for the hot loops, so they never test for the edge:
 * the neighbours of `hole` are STEPS[STEP_START[hole] .. STEP_START[hole + 1]),
 * and its short jumps are (JUMP_OVER[i], JUMP_TO[i]) for i in
 * JUMP_START[hole] .. JUMP_START[hole + 1).
 */
const stepStart = new Int16Array(HOLE_COUNT + 1);
const steps = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
const jumpStart = new Int16Array(HOLE_COUNT + 1);
const jumpOver = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
const jumpTo = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
{
  let stepCount = 0;
  let jumpCount = 0;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    stepStart[hole] = stepCount;
    jumpStart[hole] = jumpCount;
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
      if (rays[base] === -1) continue;
      steps[stepCount++] = rays[base];
      if (rays[base + 1] === -1) continue;
      jumpOver[jumpCount] = rays[base];
      jumpTo[jumpCount] = rays[base + 1];
      jumpCount++;
    }
  }
  stepStart[HOLE_COUNT] = stepCount;
  jumpStart[HOLE_COUNT] = jumpCount;
}
export const STEP_START: ArrayLike<number> = stepStart;
export const STEPS: ArrayLike<number> = steps;
export const JUMP_START: ArrayLike<number> = jumpStart;
export const JUMP_OVER: ArrayLike<number> = jumpOver;
export const JUMP_TO: ArrayLike<number> = jumpTo;

/** Whether two holes are adjacent. */
export function areAdjacent(a: Hole, b: Hole): boolean {
  for (let i = STEP_START[a]; i < STEP_START[a + 1]; i++) if (STEPS[i] === b) return true;
  return false;
}

/** The direction from `from` to `to` and their distance, when they share a line. */
export function lineBetween(from: Hole, to: Hole): { direction: number; distance: number } | undefined {
  for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
    const base = (from * DIRECTION_COUNT + direction) * RAY_STRIDE;
    for (let k = 0; k < RAY_STRIDE && RAYS[base + k] !== -1; k++) {
      if (RAYS[base + k] === to) return { direction, distance: k + 1 };
    }
  }
  return undefined;
}

/**
 * The hole a jump from `from` to `to` passes over: halfway along their line.
 * Undefined when the two do not share a line at an even distance (no jump
 * could join them). With long jumps off, only a distance of two is a jump.
 */
export function jumpedHole(from: Hole, to: Hole): Hole | undefined {
  const line = lineBetween(from, to);
  if (!line || line.distance % 2 !== 0) return undefined;
  return RAYS[(from * DIRECTION_COUNT + line.direction) * RAY_STRIDE + line.distance / 2 - 1];
}

/**
 * The fewest steps from one hole to another on an empty board. A step
 * changes the row by one and the column by one, or the column by two, so
 * this is the hexagonal distance of their (row, doubled column): the star,
 * points and all, has a path of steps that short between any two of its holes.
 */
export function stepsBetween(a: Hole, b: Hole): number {
  const rows = Math.abs(holeRow[a] - holeRow[b]);
  const columns = Math.abs(holeX[a] - holeX[b]);
  return rows + Math.max(0, (columns - rows) / 2);
}

/** Rows e–m cross the hexagon, which is 9 holes wide at row i and 5 at rows e and m. */
function hexagonHalfWidth(row: number): number {
  return 8 - Math.abs(row - 8);
}

/** Which point a hole lies in, or undefined for the 61 holes of the hexagon. */
export const POINT_OF: readonly (Point | undefined)[] = range().map((hole) => {
  const row = HOLE_ROW[hole];
  const x = HOLE_X[hole];
  const half = hexagonHalfWidth(row);
  if (row < 4) return "N";
  if (row > 12) return "S";
  if (x > half) return row < 8 ? "NE" : "SE";
  if (x < -half) return row < 8 ? "NW" : "SW";
  return undefined;
});

/** i5, the centre of the board: the one empty hole at the start of the capture variant. */
export const CENTRE: Hole = HOLE_BY_NAME.get("i5") as Hole;

export const HEXAGON: readonly Hole[] = range().filter((hole) => POINT_OF[hole] === undefined);

/** The ten holes of each point, in reading order. */
export const POINT_HOLES = byPoint((point) => range().filter((hole) => POINT_OF[hole] === point));

/** The five hexagon holes along a point's base: the extra row of the 15-piece setup. */
export const POINT_EDGE = byPoint((point) =>
  HEXAGON.filter((hole) => {
    for (let i = STEP_START[hole]; i < STEP_START[hole + 1]; i++) if (POINT_OF[STEPS[i]] === point) return true;
    return false;
  }),
);

export function oppositePoint(point: Point): Point {
  return POINTS[(POINTS.indexOf(point) + 3) % 6];
}

function byPoint(holes: (point: Point) => Hole[]): Readonly<Record<Point, readonly Hole[]>> {
  const table = {} as Record<Point, readonly Hole[]>;
  for (const point of POINTS) table[point] = holes(point);
  return table;
}

function range(): Hole[] {
  return Array.from({ length: HOLE_COUNT }, (_, hole) => hole);
}
