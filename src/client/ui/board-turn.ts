/**
 * Turning the board so that a player's own point is at the bottom: which
 * hole appears where once the star is turned by sixths of a full turn, which
 * hole an arrow key reaches from another on the turned board, and which point
 * is a seat's own. Pure (no DOM), so it is tested under Node.
 *
 * The star is symmetric under a sixth of a turn about its centre (i5), and
 * such a turn maps the lattice onto itself: every hole lands exactly on
 * another hole's place. So the board draws hole `h` where the unturned board
 * has hole `turnedHole(h, sixths)`, and nothing but positions changes: hole
 * names, labels and the marks on pieces stay as they are, and upright.
 */
import {
  CENTRE,
  HOLE_COUNT,
  HOLE_ROW,
  HOLE_X,
  type Hole,
  holeAt,
  POINTS,
  type Point,
  type Settings,
  seating,
  variantOf,
} from "../../rules/index.ts";

/** Sixths of a full turn, clockwise: 0 (N at the top) to 5. */
export type Sixths = 0 | 1 | 2 | 3 | 4 | 5;

const CENTRE_ROW = HOLE_ROW[CENTRE] as number;
const CENTRE_X = HOLE_X[CENTRE] as number;

/**
 * The hole whose place `hole` takes when the board is turned `sixths` of a
 * turn clockwise. In (row, doubled column) offsets from the centre, a sixth
 * clockwise sends (dr, dx) to ((dx + dr) / 2, (dx − 3 dr) / 2): both halves
 * are whole, since dr and dx have the same parity on the lattice.
 */
export function turnedHole(hole: Hole, sixths: number): Hole {
  let dr = (HOLE_ROW[hole] as number) - CENTRE_ROW;
  let dx = (HOLE_X[hole] as number) - CENTRE_X;
  for (let i = 0; i < mod6(sixths); i++) [dr, dx] = [(dx + dr) / 2, (dx - 3 * dr) / 2];
  const turned = holeAt(CENTRE_ROW + dr, CENTRE_X + dx);
  if (turned === undefined) throw new RangeError(`hole ${hole} has no place after ${sixths} sixths`);
  return turned;
}

/** The sixths of a turn clockwise that bring `point` to the bottom (where S is). */
export function sixthsToBottom(point: Point): Sixths {
  return mod6(POINTS.indexOf("S") - POINTS.indexOf(point)) as Sixths;
}

/** The point that shows at the bottom when the board is turned `sixths` clockwise. */
export function pointAtBottom(sixths: number): Point {
  return POINTS[mod6(POINTS.indexOf("S") - sixths)] as Point;
}

export type ArrowKey = "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown";

/**
 * The hole an arrow key moves the focus to on the screen, from `hole`, with
 * the board turned `sixths`: left and right along the row as it is seen,
 * up and down to the nearest hole of the row above or below as seen. The
 * keys keep their screen directions whatever the turn.
 */
export function arrowTarget(hole: Hole, key: ArrowKey, sixths: number): Hole | undefined {
  const seen = turnedHole(hole, sixths);
  const row = HOLE_ROW[seen] as number;
  const x = HOLE_X[seen] as number;
  let target: Hole | undefined;
  switch (key) {
    case "ArrowLeft":
      target = holeAt(row, x - 2);
      break;
    case "ArrowRight":
      target = holeAt(row, x + 2);
      break;
    case "ArrowUp":
      target = nearestInRow(row - 1, x);
      break;
    case "ArrowDown":
      target = nearestInRow(row + 1, x);
      break;
  }
  return target === undefined ? undefined : turnedHole(target, 6 - mod6(sixths));
}

/** The hole of `row` nearest to the doubled column `x` (the left one of two as near). */
function nearestInRow(row: number, x: number): Hole | undefined {
  let best: Hole | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (HOLE_ROW[hole] !== row) continue;
    const distance = Math.abs((HOLE_X[hole] as number) - x);
    if (distance < bestDistance) {
      best = hole;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * In a variant without colours (the capture variant) the pieces belong to no
 * one, but the players still sit around the star: at the points a race of as
 * many players of one colour gives them, and with five (which the race does
 * not allow) at five points clockwise from N, leaving NW empty.
 */
const SIDES: Readonly<Record<number, readonly Point[]>> = {
  2: ["N", "S"],
  3: ["N", "SE", "SW"],
  4: ["NE", "SE", "SW", "NW"],
  5: ["N", "NE", "SE", "S", "SW"],
  6: ["N", "NE", "SE", "S", "SW", "NW"],
};

/**
 * A seat's own point, the one turned to the bottom for its player: with
 * colours (the race) its first colour as seated (`seating`), without (the
 * capture variant) its side of the star (SIDES). Undefined for a seat the
 * table does not have.
 */
export function homePoint(settings: Settings, seat: number): Point | undefined {
  if (!variantOf(settings).colours) return SIDES[settings.players]?.[seat];
  return seating(settings)[seat]?.[0];
}

function mod6(n: number): number {
  return ((n % 6) + 6) % 6;
}
