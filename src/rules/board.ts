/**
 * The 121-hole star: geometry, hole names and the precomputed tables the
 * move generator walks. Everything here is computed once at module load.
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

/** Row (0..16) of each hole. */
export const HOLE_ROW = new Uint8Array(HOLE_COUNT);
/** Doubled column of each hole: neighbours in a row are 2 apart, rows are centred on 0. */
export const HOLE_X = new Int8Array(HOLE_COUNT);
const HOLE_NAMES: string[] = [];
const HOLE_BY_NAME = new Map<string, Hole>();
const HOLE_AT = new Map<number, Hole>();
const key = (row: number, x: number) => row * 64 + x + 32;

{
  let hole = 0;
  ROW_LENGTHS.forEach((length, row) => {
    for (let position = 1; position <= length; position++) {
      const x = 2 * (position - 1) - (length - 1);
      HOLE_ROW[hole] = row;
      HOLE_X[hole] = x;
      const name = `${ROW_LETTERS[row]}${position}`;
      HOLE_NAMES.push(name);
      HOLE_BY_NAME.set(name, hole);
      HOLE_AT.set(key(row, x), hole);
      hole++;
    }
  });
}

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
export const RAYS = new Int16Array(HOLE_COUNT * DIRECTION_COUNT * RAY_STRIDE).fill(-1);
/** The adjacent hole in each direction, or -1: NEIGHBOUR[hole * 6 + direction]. */
export const NEIGHBOUR = new Int16Array(HOLE_COUNT * DIRECTION_COUNT).fill(-1);

for (let hole = 0; hole < HOLE_COUNT; hole++) {
  DIRECTIONS.forEach(([dRow, dX], direction) => {
    const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
    for (let k = 0; k < RAY_STRIDE; k++) {
      const next = holeAt(HOLE_ROW[hole] + dRow * (k + 1), HOLE_X[hole] + dX * (k + 1));
      if (next === undefined) break;
      RAYS[base + k] = next;
    }
    NEIGHBOUR[hole * DIRECTION_COUNT + direction] = RAYS[base];
  });
}

/**
 * Compact adjacency lists for the hot loops, so they never test for the edge:
 * the neighbours of `hole` are STEPS[STEP_START[hole] .. STEP_START[hole + 1]),
 * and its short jumps are (JUMP_OVER[i], JUMP_TO[i]) for i in
 * JUMP_START[hole] .. JUMP_START[hole + 1).
 */
export const STEP_START = new Int16Array(HOLE_COUNT + 1);
export const STEPS = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
export const JUMP_START = new Int16Array(HOLE_COUNT + 1);
export const JUMP_OVER = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
export const JUMP_TO = new Int16Array(HOLE_COUNT * DIRECTION_COUNT);
{
  let steps = 0;
  let jumps = 0;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    STEP_START[hole] = steps;
    JUMP_START[hole] = jumps;
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
      if (RAYS[base] === -1) continue;
      STEPS[steps++] = RAYS[base];
      if (RAYS[base + 1] === -1) continue;
      JUMP_OVER[jumps] = RAYS[base];
      JUMP_TO[jumps] = RAYS[base + 1];
      jumps++;
    }
  }
  STEP_START[HOLE_COUNT] = steps;
  JUMP_START[HOLE_COUNT] = jumps;
}

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

/** Rows e–m cross the hexagon, which is 9 holes wide at row i and 5 at rows e and m. */
function hexagonHalfWidth(row: number): number {
  return 8 - Math.abs(row - 8);
}

/** Which point a hole lies in, or undefined for the 61 holes of the hexagon. */
export const POINT_OF = new Array<Point | undefined>(HOLE_COUNT);
for (let hole = 0; hole < HOLE_COUNT; hole++) {
  const row = HOLE_ROW[hole];
  const x = HOLE_X[hole];
  const half = hexagonHalfWidth(row);
  if (row < 4) POINT_OF[hole] = "N";
  else if (row > 12) POINT_OF[hole] = "S";
  else if (x > half) POINT_OF[hole] = row < 8 ? "NE" : "SE";
  else if (x < -half) POINT_OF[hole] = row < 8 ? "NW" : "SW";
}

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
