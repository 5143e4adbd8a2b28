/**
 * The capture variant's jump chains. A jumped piece is captured at once: it
 * leaves the board as the leg is made, so later legs of the same chain may
 * land on its hole or jump along a line through it, and no chain can jump it
 * twice. The moving piece is lifted off its hole, so a chain may pass through
 * and end on it. The walks take pieces off `cells` and put every one back
 * before they return; nothing is allocated.
 */
import { DIRECTION_COUNT, HOLE_COUNT, type Hole, JUMP_OVER, JUMP_START, JUMP_TO } from "../board.ts";
import { longJump } from "../jumps.ts";

/**
 * EMPTY of cells.ts, as this module's own constant: V8 folds a module's own
 * constant into the hot loops but loads an imported one at every use, which
 * cost about 4 % of perft.
 */
const EMPTY = 0;

/**
 * Receives each leg of a chain as the walk makes it: the chain's `jumps`-th
 * jump, over `over` onto `to`. Legs come depth first, so the chain so far is
 * the last leg received at each of the depths 1 to `jumps`. Each chain is a
 * move of its own, since a chain may stop after any landing. During the call
 * the board is as that move leaves it but for the moving piece: lifted off
 * its start, every piece it jumped gone, `to` empty. The receiver may change
 * the board if it puts everything back, and may walk chains itself.
 */
export type LegVisitor = (over: Hole, to: Hole, jumps: number) => void;

/**
 * Walks every jump chain of the piece on `from` (a hole holding a piece),
 * each prefix included, and returns how many there are: the number of moves
 * the piece has. The board is as it was when the walk returns.
 */
export function walkChains(cells: Uint8Array, from: Hole, longJumps: boolean, visit?: LegVisitor): number {
  const piece = cells[from];
  cells[from] = EMPTY;
  const count = extendChain(cells, from, 1, longJumps, visit);
  cells[from] = piece;
  return count;
}

/** The chains that go on from `at` with their `jump`-th jump. */
function extendChain(cells: Uint8Array, at: Hole, jump: number, longJumps: boolean, visit?: LegVisitor): number {
  let count = 0;
  if (longJumps) {
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const leg = longJump(cells, at, direction);
      if (leg !== -1) count += takeJump(cells, leg & 0xff, leg >> 8, jump, longJumps, visit);
    }
  } else {
    for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++) {
      const over = JUMP_OVER[i];
      const to = JUMP_TO[i];
      if (cells[over] !== EMPTY && cells[to] === EMPTY) count += takeJump(cells, over, to, jump, longJumps, visit);
    }
  }
  return count;
}

function takeJump(
  cells: Uint8Array,
  over: Hole,
  to: Hole,
  jump: number,
  longJumps: boolean,
  visit?: LegVisitor,
): number {
  const captured = cells[over];
  cells[over] = EMPTY; // captured at once
  if (visit) visit(over, to, jump);
  const count = 1 + extendChain(cells, to, jump + 1, longJumps, visit);
  cells[over] = captured;
  return count;
}

/** The holes a single jump from `at` lands on, on the board as it stands. */
export function landingsFrom(cells: Uint8Array, at: Hole, longJumps: boolean): Hole[] {
  const landings: Hole[] = [];
  if (longJumps) {
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const leg = longJump(cells, at, direction);
      if (leg !== -1) landings.push(leg >> 8);
    }
  } else {
    for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++)
      if (cells[JUMP_OVER[i]] !== EMPTY && cells[JUMP_TO[i]] === EMPTY) landings.push(JUMP_TO[i]);
  }
  return landings;
}

/** Whether any piece on the board can jump: the capture variant ends when none can. */
export function anyJump(cells: Uint8Array, longJumps: boolean): boolean {
  for (let hole = 0; hole < HOLE_COUNT; hole++) {
    if (cells[hole] === EMPTY) continue;
    if (longJumps) {
      for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
        if (longJump(cells, hole, direction) !== -1) return true;
      }
    } else {
      for (let i = JUMP_START[hole], end = JUMP_START[hole + 1]; i < end; i++) {
        if (cells[JUMP_OVER[i]] !== EMPTY && cells[JUMP_TO[i]] === EMPTY) return true;
      }
    }
  }
  return false;
}
