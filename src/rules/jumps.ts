/**
 * The jump, as every variant has it: over one piece into the empty hole as
 * far beyond it as the jumper started before it. Short jumps are the case of
 * an adjacent piece; long jumps (the `longJump` setting) reach distant ones.
 */
import { DIRECTION_COUNT, type Hole, holeName, lineBetween, RAY_STRIDE, RAYS } from "./board.ts";
import { RulesError } from "./errors.ts";

/**
 * EMPTY of cells.ts, as this module's own constant: V8 folds a module's own
 * constant into the hot loops but loads an imported one at every use, which
 * cost about 4 % of perft.
 */
const EMPTY = 0;

/**
 * The long jump from `from` in one direction: over the first piece on the
 * line, landing as far beyond it as it stands away, with every hole between
 * empty. Returns the jumped hole and the landing packed as
 * `over | landing << 8`, or -1 when there is no such jump.
 */
export function longJump(cells: Uint8Array, from: Hole, direction: number): number {
  const base = (from * DIRECTION_COUNT + direction) * RAY_STRIDE;
  let distance = 0;
  while (distance < RAY_STRIDE) {
    const hole = RAYS[base + distance];
    if (hole === -1) return -1;
    if (cells[hole] !== EMPTY) break;
    distance++;
  }
  // The piece stands `distance + 1` away; the landing is as far beyond it.
  const landingIndex = 2 * distance + 1;
  if (landingIndex >= RAY_STRIDE) return -1;
  for (let k = distance + 1; k <= landingIndex; k++) {
    const hole = RAYS[base + k];
    if (hole === -1 || cells[hole] !== EMPTY) return -1;
  }
  return RAYS[base + distance] | (RAYS[base + landingIndex] << 8);
}

/**
 * The piece a written jump leg from `a` to `b` passes over, on the board as
 * it stands. Throws an `illegal-move` RulesError saying why when the leg is
 * no legal jump.
 */
export function jumpedPiece(cells: Uint8Array, a: Hole, b: Hole, longJumps: boolean): Hole {
  const leg = `${holeName(a)}-${holeName(b)}`;
  const refuse = (why: string): never => {
    throw new RulesError("illegal-move", `${leg}: ${why}`);
  };
  if (cells[b] !== EMPTY) refuse(`${holeName(b)} is occupied`);
  const line = lineBetween(a, b);
  if (!line || line.distance % 2 !== 0)
    refuse("a jump lands as far beyond a piece as it starts before it, on one line");
  const { direction, distance } = line as { direction: number; distance: number };
  const middle = distance / 2;
  if (middle > 1 && !longJumps) refuse("a jump passes over one adjacent piece (long jumps are off)");
  const base = (a * DIRECTION_COUNT + direction) * RAY_STRIDE;
  for (let k = 1; k < distance; k++) {
    const hole = RAYS[base + k - 1];
    if (k === middle) {
      if (cells[hole] === EMPTY) refuse(`there is no piece on ${holeName(hole)} to jump`);
    } else if (cells[hole] !== EMPTY) {
      refuse(`${holeName(hole)} is in the way: a jump passes over exactly one piece`);
    }
  }
  return RAYS[base + middle - 1];
}
