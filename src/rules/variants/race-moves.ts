/**
 * Where a race piece can go this turn: one step to an empty neighbour, or
 * a chain of jumps over any pieces. The hot loops walk the precomputed
 * adjacency tables of board.ts, mark visited holes with a generation stamp
 * instead of clearing sets, and allocate nothing.
 */
import {
  DIRECTION_COUNT,
  HOLE_COUNT,
  type Hole,
  JUMP_OVER,
  JUMP_START,
  JUMP_TO,
  RAY_STRIDE,
  RAYS,
  STEP_START,
  STEPS,
} from "../board.ts";
import { longJump } from "../jumps.ts";

/**
 * EMPTY of cells.ts, as this module's own constant: V8 folds a module's own
 * constant into the hot loops but loads an imported one at every use, which
 * cost about 4 % of perft.
 */
const EMPTY = 0;

/** Scratch space reused by every call: one generator runs at a time (JavaScript is single-threaded). */
const seen = new Uint32Array(HOLE_COUNT);
let stamp = 0;
const queue = new Int16Array(HOLE_COUNT);
const parent = new Int16Array(HOLE_COUNT);
const scratchOut = new Int16Array(HOLE_COUNT);

function nextStamp(): number {
  stamp++;
  if (stamp === 0xffffffff) {
    seen.fill(0);
    stamp = 1;
  }
  return stamp;
}

/**
 * Every hole the piece on `from` can reach this turn: the chain's landings
 * (closure of jumps over any piece), then the empty neighbours. Writes them
 * to `out` from `offset` and returns how many; each landing's predecessor
 * is kept in the module's parent table so that `pathTo` can rebuild a chain.
 */
export function raceDestinations(
  cells: Uint8Array,
  from: Hole,
  longJumps: boolean,
  out: Int16Array | Int32Array,
  offset: number,
): number {
  const mark = nextStamp();
  const piece = cells[from];
  cells[from] = EMPTY; // the piece is lifted while it jumps
  seen[from] = mark;
  parent[from] = -1;
  let head = 0;
  let tail = 0;
  let count = 0;
  queue[tail++] = from;
  while (head < tail) {
    const at = queue[head++];
    if (longJumps) {
      for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
        const jump = longJump(cells, at, direction);
        if (jump === -1) continue;
        const to = jump >> 8;
        if (seen[to] !== mark) {
          seen[to] = mark;
          parent[to] = at;
          queue[tail++] = to;
          out[offset + count++] = to;
        }
      }
    } else {
      for (let i = JUMP_START[at], end = JUMP_START[at + 1]; i < end; i++) {
        const to = JUMP_TO[i];
        if (cells[JUMP_OVER[i]] !== EMPTY && cells[to] === EMPTY && seen[to] !== mark) {
          seen[to] = mark;
          parent[to] = at;
          queue[tail++] = to;
          out[offset + count++] = to;
        }
      }
    }
  }
  for (let i = STEP_START[from], end = STEP_START[from + 1]; i < end; i++) {
    const to = STEPS[i];
    if (cells[to] === EMPTY && seen[to] !== mark) {
      seen[to] = mark;
      parent[to] = from;
      out[offset + count++] = to;
    }
  }
  cells[from] = piece;
  return count;
}

/**
 * The path to `to` found by the last `raceDestinations` call for `from`:
 * a shortest chain of landings, or the single step.
 */
export function pathTo(from: Hole, to: Hole): Hole[] {
  const path: Hole[] = [to];
  for (let at = to; at !== from; ) {
    at = parent[at];
    path.push(at);
  }
  return path.reverse();
}

/**
 * Every neighbour of a hole with the hole behind it, packed for the bulk
 * count as `over | behind << 8` in LINKS[hole * 6 + k] for k < LINK_COUNT[hole].
 * Where the board ends behind the neighbour, `behind` is the hole itself:
 * the moving piece stands there (or, lifted, is marked LANDED), so it is
 * never empty and never a landing.
 */
const LINK_COUNT = new Uint8Array(HOLE_COUNT);
const LINKS = new Int32Array(HOLE_COUNT * DIRECTION_COUNT);
for (let hole = 0; hole < HOLE_COUNT; hole++) {
  for (let direction = 0; direction < DIRECTION_COUNT; direction++) {
    const base = (hole * DIRECTION_COUNT + direction) * RAY_STRIDE;
    if (RAYS[base] === -1) continue;
    const behind = RAYS[base + 1] === -1 ? hole : RAYS[base + 1];
    LINKS[hole * DIRECTION_COUNT + LINK_COUNT[hole]++] = RAYS[base] | (behind << 8);
  }
}

/**
 * How many holes the piece on `from` can reach: `raceDestinations` without
 * the list, the bulk count at perft's last ply. A jump moves two holes along
 * a line, so every landing of a chain is an even lattice vector away from
 * `from` and never adjacent to it: the landings and the steps never overlap
 * and are counted apart. A piece that cannot jump needs no visited marks.
 */
export function countRaceDestinations(cells: Uint8Array, from: Hole, longJumps: boolean): number {
  if (longJumps) return raceDestinations(cells, from, true, scratchOut, 0);
  let count = 0;
  let tail = 0;
  // Each neighbour is a step when empty, else the piece may jump it.
  for (let i = from * DIRECTION_COUNT, end = i + LINK_COUNT[from]; i < end; i++) {
    const link = LINKS[i];
    if (cells[link & 0xff] === EMPTY) count++;
    else if (cells[link >> 8] === EMPTY) queue[tail++] = link >> 8;
  }
  return tail === 0 ? count : count + chainLandings(cells, from, tail);
}

/**
 * A landing already reached by the chain being counted, written into `cells`
 * for the count's duration: not EMPTY, so nothing lands there again, and
 * outside the piece codes 1..7 (PIECE_BITS), so nothing jumps over it.
 */
const LANDED = 8;
const PIECE_BITS = 7;

/**
 * Completes the jump chains of the piece on `from`, whose first `tail`
 * landings are in the queue (distinct, and not `from`): returns how many
 * holes the chains land on in all. Every mark is cleared before it returns.
 */
function chainLandings(cells: Uint8Array, from: Hole, tail: number): number {
  const piece = cells[from];
  cells[from] = LANDED; // lifted: it cannot be jumped, and no chain ends on it
  for (let k = 0; k < tail; k++) cells[queue[k]] = LANDED;
  let head = 0;
  while (head < tail) {
    const at = queue[head++];
    for (let i = at * DIRECTION_COUNT, end = i + LINK_COUNT[at]; i < end; i++) {
      const to = LINKS[i] >> 8;
      if (cells[to] === EMPTY && cells[LINKS[i] & 0xff] & PIECE_BITS) {
        cells[to] = LANDED;
        queue[tail++] = to;
      }
    }
  }
  for (let k = 0; k < tail; k++) cells[queue[k]] = EMPTY;
  cells[from] = piece;
  return tail;
}
