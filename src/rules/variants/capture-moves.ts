/**
 * The capture variant's jump chains. A jumped piece stays on the board until
 * the move ends, so it still blocks landings and long jumps later in the
 * chain, but it cannot be jumped again; the chain may pass through and end
 * on its starting hole. Scratch arrays are reused and nothing is allocated.
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
 * Receives a chain as its landings `path[0..length)` (path[0] is the piece's
 * hole) and the pieces it jumped, `over[0..length - 1)`. The arrays are
 * reused: copy what you keep.
 */
export type ChainVisitor = (path: Int16Array, over: Int16Array, length: number) => void;

const chainPath = new Int16Array(64);
const chainOver = new Int16Array(64);
/** Holes already jumped in the chain being built: their marks are the chain's depth stack. */
const jumped = new Uint8Array(HOLE_COUNT);

/**
 * The jump chains of the piece on `from`. `visit` sees each landing sequence
 * including every prefix, since a chain may stop after any landing.
 * Returns how many chains there are.
 */
export function captureChains(cells: Uint8Array, from: Hole, longJumps: boolean, visit?: ChainVisitor): number {
  const piece = cells[from];
  cells[from] = EMPTY;
  chainPath[0] = from;
  const count = extendChain(cells, 1, longJumps, visit);
  cells[from] = piece;
  return count;
}

function extendChain(cells: Uint8Array, length: number, longJumps: boolean, visit?: ChainVisitor): number {
  const at = chainPath[length - 1];
  let count = 0;
  if (longJumps) {
    for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
      const jump = longJump(cells, at, direction);
      if (jump === -1) continue;
      const over = jump & 0xff;
      if (jumped[over]) continue;
      count += takeJump(cells, length, over, jump >> 8, longJumps, visit);
    }
  } else {
    for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++) {
      const over = JUMP_OVER[i];
      const to = JUMP_TO[i];
      if (cells[over] === EMPTY || cells[to] !== EMPTY || jumped[over]) continue;
      count += takeJump(cells, length, over, to, longJumps, visit);
    }
  }
  return count;
}

function takeJump(
  cells: Uint8Array,
  length: number,
  over: Hole,
  to: Hole,
  longJumps: boolean,
  visit?: ChainVisitor,
): number {
  chainPath[length] = to;
  chainOver[length - 1] = over;
  if (visit) visit(chainPath, chainOver, length + 1);
  jumped[over] = 1;
  const count = 1 + extendChain(cells, length + 1, longJumps, visit);
  jumped[over] = 0;
  return count;
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
