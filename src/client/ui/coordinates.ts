/**
 * Where the board writes its coordinates: the notation names a hole by its
 * row (a–q, from the N tip down) and its place in the row counted from 1 at
 * the left, so the rows are what a player finds a hole by. Each row's end
 * holes are named just beyond them, on the row's own line (`k1` before the
 * row, `k11` after it; a row of one hole once), so the name lines up with
 * its row on a turned board too, where rows run aslant. Pure, tested under
 * Node.
 */
import { CENTRE, HOLE_COUNT, HOLE_ROW, type Hole, holeName } from "../../rules/index.ts";
import { D, holeXY } from "./svg.ts";

export interface CoordinateLabel {
  /** The end hole it names, which is also its text. */
  readonly name: string;
  /** Its centre on the board turned `sixths`, in the board's units. */
  readonly at: readonly [number, number];
}

/**
 * How far beyond its end hole a label sits, in holes' pitches: past the
 * star's edge, and at least a pitch from every hole (a row's next place is
 * off the board), so that it never covers a piece.
 */
const OUT = 1.2;

/** The labels of every row, for the board turned `sixths` clockwise. */
export function coordinateLabels(sixths: number): CoordinateLabel[] {
  const [cx, cy] = holeXY(CENTRE);
  const angle = (((sixths % 6) + 6) % 6) * (Math.PI / 3);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  // A turn clockwise on the screen (y downwards) about the centre, as the board turns its star.
  const turned = ([x, y]: readonly [number, number]): [number, number] => [
    cx + (x - cx) * cos - (y - cy) * sin,
    cy + (x - cx) * sin + (y - cy) * cos,
  ];
  const labels: CoordinateLabel[] = [];
  for (const [first, last] of rowEnds()) {
    const [x1, y1] = holeXY(first);
    labels.push({ name: holeName(first), at: turned([x1 - OUT * D, y1]) });
    if (last === first) continue;
    const [x2, y2] = holeXY(last);
    labels.push({ name: holeName(last), at: turned([x2 + OUT * D, y2]) });
  }
  return labels;
}

/** Each row's first and last hole, top row first. */
function rowEnds(): [Hole, Hole][] {
  const ends: [Hole, Hole][] = [];
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    const row = HOLE_ROW[hole] as number;
    const current = ends[row];
    if (current) current[1] = hole;
    else ends[row] = [hole, hole];
  }
  return ends;
}
